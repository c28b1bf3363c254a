//! End-to-end tests: the library on real data, and the `dlx` binary as a user runs it.
//! One module per concern; `common` holds the shared helpers.

mod attacks;
mod batch;
mod bench;
mod collections;
mod common;
mod crosshatch;
mod fuzzing;
mod generate;
mod killer;
mod odd_inputs;
mod rate;
mod signals;
mod split;
mod sudoku;
mod sudominoku;
mod variants;
mod xc;
mod xcc;
