//! One line of the Sudoku line format from arbitrary bytes: parsing never panics, an error names
//! the line it was given and a column within the text, and a grid that parses prints back to
//! itself in every format and has only valid solutions (see `common::check_grid`).

#![no_main]

mod common;

use dlx_puzzles::sudoku::{Grid, Format};
use libfuzzer_sys::fuzz_target;

/// Any line number: the parser only reports it.
const LINE: usize = 7;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let _ = Format::is_skipped_line(&text);
    match Grid::parse_line(&text, LINE) {
        Ok(grid) => common::check_grid(&grid, bytes.len()),
        Err(error) => {
            assert_eq!(error.line, LINE, "{error}");
            let width = text.trim_end().chars().count();
            assert!(
                (1..=width + 1).contains(&error.column),
                "{error}: {width} characters"
            );
        }
    }
});
