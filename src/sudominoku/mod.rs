//! Sudominoku (the classic task "Su-domino-ku"): a Sudoku whose cells, but for nine singles, are
//! tiled by the 36 dominoes; its model, the task's text format, the exact-cover encoding and the
//! solver.
//!
//! ```
//! use dlx_solver::sudominoku::{parse_puzzles, solve};
//! let file = parse_puzzles("1\n3 A2 4 A3\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n0\n");
//! let puzzle = file.entries[0].puzzle.as_ref().unwrap();
//! let solution = solve(puzzle).expect("an open puzzle has solutions");
//! solution.check_against(puzzle).unwrap();
//! ```

mod encoding;
mod model;
mod parse;
mod print;
mod solve;

pub use encoding::Encoding;
pub use model::{
    adjacent, CellLabel, Domino, Origin, PlacedDomino, Puzzle, PuzzleError, Solution,
    SolutionError, CELLS, DOMINOES, SIDE,
};
pub use parse::{parse_puzzles, End, Entry, ParseError, ParseErrorKind, PuzzleFile};
pub use print::{write_drawing, write_grid};
pub use solve::{count_grids, count_tilings, solve, Count};
