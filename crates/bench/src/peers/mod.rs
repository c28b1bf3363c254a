//! The peers' solvers, each called as its documentation shows. Each module's page says how each
//! peer is driven; the variants and methods are the benches' plumbing, named for what they are.
#![allow(missing_docs)]

pub mod engine;
pub mod sudoku;
