//! End-to-end tests: the library on real data, and the `dlx` binary as a user runs it.
//! One module per concern; `common` holds the shared helpers.

mod attacks;
mod batch;
mod bench;
mod box_shapes;
mod collections;
mod common;
mod crosshatch;
mod differential;
mod doc_blocks;
mod engines;
mod estimate;
mod exit_codes;
mod fuzzing;
mod generate;
mod killer;
mod memo;
mod memory;
mod min_cost;
mod odd_inputs;
mod output_fields;
mod output_safety;
mod packaging;
mod progress;
mod puzzle_arguments;
mod rate;
mod signals;
mod split;
mod streams;
mod sudoku;
mod sudominoku;
mod variant_flags;
mod variants;
mod xc;
mod xcc;
