//! Sudominoku (the classic task "Su-domino-ku"): a Sudoku whose cells, but for nine singles, are
//! tiled by the 36 dominoes; its model, the task's text format, the exact-cover encoding and the
//! solver.
//!
//! ```
//! use dlx_puzzles::sudominoku::PuzzleFile;
//! // A puzzle in the task's format: placed dominoes, then the cells of the singles 1 to 9.
//! let text = "11\n8 E8 5 E9\n9 F3 2 G3\n2 E1 6 F1\n7 E3 3 E4\n\
//!             6 G5 8 H5\n7 B6 4 B7\n6 C9 9 D9\n2 H8 7 H9\n\
//!             6 I8 4 I9\n6 H3 3 I3\n9 H1 5 H2\n\
//!             A8 A2 H6 D8 D1 B2 A7 F2 A4\n0\n";
//! let file = PuzzleFile::parse(text);
//! let puzzle = file.entries[0].puzzle.as_ref().unwrap();
//! let solution = puzzle.solve().expect("the puzzle is solvable");
//! solution.check_against(puzzle).unwrap();
//! assert_eq!(&solution.grid.cells()[..9], &[3, 2, 4, 9, 5, 6, 7, 1, 8]);
//! ```

mod encoding;
mod model;
mod parse;
mod print;
mod solve;

pub use encoding::Encoding;
pub use model::{Domino, Origin, PlacedDomino, Puzzle, PuzzleError, Solution};
pub use parse::{End, Entry, ParseError, ParseErrorKind, PuzzleFile, Puzzles};
