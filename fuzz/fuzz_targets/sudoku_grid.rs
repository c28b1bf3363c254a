//! Sudoku texts of many puzzles from arbitrary bytes, read as spaced grids, as compact grids and
//! in the detected format: reading never panics and always ends, each error points into the
//! text, and each grid read prints back to itself and has only valid solutions (see
//! `common::check_grid`).

#![no_main]

mod common;

use dlx_puzzles::sudoku::{Format};
use libfuzzer_sys::fuzz_target;

/// Puzzles of one input searched (all are parsed): keeps an input in the milliseconds.
const SEARCHED: usize = 4;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let detected = Format::detect(&text);
    let mut formats = vec![Format::Spaced, Format::Compact];
    formats.extend(detected.filter(|f| !formats.contains(f)));
    let lines = text.lines().count();
    for format in formats {
        let mut searched = 0;
        let mut last_line = 0;
        for (read, puzzle) in format.puzzles(&text).enumerate() {
            // Each puzzle (or error) uses at least one line of its own.
            assert!(read < lines, "{format}: more puzzles than lines");
            match puzzle {
                Ok(puzzle) => {
                    assert!(puzzle.line > last_line, "{format}: puzzles out of order");
                    last_line = puzzle.line;
                    if searched < SEARCHED {
                        searched += 1;
                        common::check_grid(&puzzle.grid, puzzle.line);
                    } else {
                        common::check_printers(&puzzle.grid);
                    }
                }
                Err(error) => common::check_error_place(&text, &error),
            }
        }
    }
    if detected.is_none() {
        assert!(
            Format::Line.puzzles(&text).next().is_none(),
            "no format detected in a text that holds a puzzle line"
        );
    }
});
