//! dlx-puzzles: puzzle families encoded as exact cover on [`dlx_engine`].
//!
//! - [`sudoku`]: Sudoku of every box shape and its variants, with its text formats, the
//!   cross-hatching pass, the backtracking baselines, a generator and a rater.
//! - [`sudominoku`]: the domino variant of Sudoku (the task "Su-domino-ku") on the same engine.

#![warn(missing_docs)]

pub mod sudoku;
pub mod sudominoku;
