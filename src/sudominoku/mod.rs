//! Sudominoku (the classic task "Su-domino-ku"): a Sudoku whose cells, but for nine singles, are
//! tiled by the 36 dominoes; its model, the task's text format, the exact-cover encoding and the
//! solver.
//!
//! ```
//! use dlx_solver::sudominoku::{parse_puzzles, solve};
//! // The second puzzle of the task's sample.
//! let text = "11\n5 I9 2 H9\n6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n9 D2 8 E2\n\
//!             3 G2 5 H2\n1 A2 8 A1\n1 H8 3 I8\n8 I3 7 I4\n4 I6 9 I7\n\
//!             I5 E6 D1 F2 B3 G9 H7 C9 E5\n0\n";
//! let file = parse_puzzles(text);
//! let puzzle = file.entries[0].puzzle.as_ref().unwrap();
//! let solution = solve(puzzle).expect("the sample puzzles are solvable");
//! solution.check_against(puzzle).unwrap();
//! assert_eq!(&solution.grid.cells()[..9], &[8, 1, 4, 2, 6, 7, 5, 9, 3]);
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
pub use parse::{parse_puzzles, End, Entry, ParseError, ParseErrorKind, PuzzleFile, Puzzles};
pub use print::{write_drawing, write_grid};
pub use solve::{
    count_grids, count_grids_within, count_tilings, count_tilings_within, solve,
    solve_smallest_within, solve_within, Budgeted, Count,
};
