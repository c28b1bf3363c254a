//! Su-domino-ku files from arbitrary bytes: reading never panics and always ends, each error
//! names its puzzle and points into the text, each puzzle read writes back (in the task's
//! format) to the same puzzle, and bounded searches return only valid solutions and agree.

#![no_main]

use dlx_puzzles::sudominoku::{End, Puzzle, Puzzles, PuzzleFile};
use dlx_engine::StopFlag;
use libfuzzer_sys::fuzz_target;
use std::fmt::Write as _;

/// Search-tree nodes each search may take: the task's sample puzzles take 150 to 250 to solve
/// and count; more only slows the fuzzer on puzzles no search would finish.
const NODE_BUDGET: u64 = 500;
/// Puzzles of one input searched (all are parsed).
const SEARCHED: usize = 3;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut puzzles = Puzzles::new(&text);
    let mut searched = 0;
    for (index, entry) in puzzles.by_ref().enumerate() {
        assert_eq!(entry.number, index + 1);
        assert!((1..=lines.len()).contains(&entry.line));
        match &entry.puzzle {
            Ok(puzzle) => {
                check_written_back(puzzle);
                if searched < SEARCHED {
                    searched += 1;
                    check_searches(puzzle, entry.number);
                }
            }
            Err(error) => {
                assert_eq!(error.puzzle, entry.number, "{error}");
                assert!((1..=lines.len()).contains(&error.line), "{error}");
                let width = lines[error.line - 1].chars().count();
                assert!(
                    (1..=width + 1).contains(&error.column),
                    "{error}: {width} characters"
                );
            }
        }
    }
    match puzzles.end() {
        Some(End::Zero { line }) => assert!((1..=lines.len()).contains(line)),
        Some(End::EndOfInput) => {}
        None => panic!("the iterator ended without saying how the input ended"),
    }
});

/// A cell as the task writes it: a row letter `A`-`I` and a column digit `1`-`9`.
fn cell_label(cell: usize) -> String {
    format!("{}{}", (b'A' + (cell / 9) as u8) as char, cell % 9 + 1)
}

/// The puzzle in the task's format, followed by the final `0`.
fn task_text(puzzle: &Puzzle) -> String {
    let mut text = format!("{}\n", puzzle.placed().len());
    for placed in puzzle.placed() {
        let [a, b] = placed.cells.map(cell_label);
        let [u, v] = placed.digits;
        let _ = writeln!(text, "{u} {a} {v} {b}");
    }
    let singles: Vec<String> = puzzle
        .singles()
        .iter()
        .map(|&c| cell_label(c))
        .collect();
    let _ = writeln!(text, "{}\n0", singles.join(" "));
    text
}

fn check_written_back(puzzle: &Puzzle) {
    let text = task_text(puzzle);
    let file = PuzzleFile::parse(&text);
    assert_eq!(file.entries.len(), 1, "{text}");
    assert_eq!(file.entries[0].puzzle.as_ref(), Ok(puzzle), "{text}");
    assert_eq!(
        file.end,
        End::Zero {
            line: puzzle.placed().len() + 3
        }
    );
}

fn check_searches(puzzle: &Puzzle, number: usize) {
    // `None`: the budget ran out before the search could say.
    let found = Some(puzzle.solve_within(Some(NODE_BUDGET), &StopFlag::never()))
        .filter(|outcome| !outcome.ran_out_of_nodes())
        .map(|outcome| outcome.answer);
    if let Some(Some(solution)) = &found {
        if let Err(e) = solution.check_against(puzzle) {
            panic!("a wrong solution: {e}");
        }
        let mut out = Vec::new();
        solution.write_grid(&mut out, number).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(format!("Puzzle {number}").as_str()));
        let digits: String = lines.collect();
        let expected: String = solution
            .grid
            .cells()
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(digits, expected);
        let mut drawing = Vec::new();
        solution.write_drawing(&mut drawing, number).unwrap();
        assert_eq!(drawing.iter().filter(|&&b| b == b'\n').count(), 18);
    }
    let solvable = found.map(|f| f.is_some());
    let grids = puzzle.count_grids_within(Some(2), Some(NODE_BUDGET), &StopFlag::never());
    let tilings = puzzle.count_tilings_within(Some(2), Some(NODE_BUDGET), &StopFlag::never());
    let decided = [grids, tilings].into_iter().filter(|o| !o.ran_out_of_nodes());
    for count in decided.map(|outcome| outcome.answer) {
        assert!(count.solutions <= 2);
        if let Some(solvable) = solvable {
            assert_eq!(
                count.solutions > 0,
                solvable,
                "{count:?} but solvable: {solvable}"
            );
        }
    }
    if !grids.ran_out_of_nodes() && !tilings.ran_out_of_nodes() {
        // Each grid comes from at least one tiling (both counts stop past the same limit).
        let (grids, tilings) = (grids.answer, tilings.answer);
        assert!(grids.solutions <= tilings.solutions, "{grids:?} > {tilings:?}");
    }
}
