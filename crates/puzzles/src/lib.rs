//! dlx-puzzles: puzzle families encoded as exact cover on [`dlx_engine`].
//!
//! - [`sudoku`]: Sudoku of every box shape and its variants, with its text formats, the
//!   cross-hatching pass, the backtracking baselines, a generator and a rater.
//! - [`sudominoku`]: the domino variant of Sudoku (the task "Su-domino-ku") on the same engine.
//!
//! Parse a puzzle, solve it, and check the solution against the puzzle's givens:
//!
//! ```
//! use dlx_puzzles::sudoku::{Format, Grid, SudokuSolver};
//!
//! // A classic 9x9 puzzle in the line format: 81 symbols, `.` for an empty cell.
//! let puzzle = Grid::parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     1,
//! )?;
//! let solution = SudokuSolver::new(puzzle.shape())
//!     .first_solution(&puzzle)
//!     .answer
//!     .expect("the puzzle has a solution");
//!
//! // A full grid that breaks no rule and keeps every given.
//! solution.check_solution_of(&puzzle)?;
//! assert!(solution.is_full());
//! print!("{}", solution.to_text(Format::Compact));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod sudoku;
pub mod sudominoku;

/// The Rust examples of README.md, compiled and run as doc tests so that they stay true to
/// the API. This crate holds them because they use both library crates.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

/// The Rust examples of docs/library.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryGuideExamples;

/// The Rust examples of docs/engine.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/engine.md")]
pub struct EngineGuideExamples;
