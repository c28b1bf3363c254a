//! dlx-solver: exact cover with Knuth's dancing links.
//!
//! - [`xc`]: the generic engine (problems, the DLX arena, Algorithm X, Knuth's text format).
//! - [`batch`]: parallel, streaming, order-keeping solving of one-record-per-line files.
//! - [`sudoku`]: Sudoku of every box shape on that engine, with its text formats and passes.
//! - [`sudominoku`]: the domino variant of Sudoku (the task "Su-domino-ku") on the same engine.

#![warn(missing_docs)]

pub mod batch;
mod excerpt;
pub mod sudoku;
pub mod sudominoku;
pub mod xc;
