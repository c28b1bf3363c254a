//! Sudoku of every box shape: the grid model, its text formats, the exact-cover encoding, the
//! backtracking baselines and the cross-hatching pass, and the generator and rater built on them.

mod backtrack;
mod benchmark;
mod candidates;
mod crosshatch;
mod encoding;
mod format;
mod generate;
mod grid;
mod locked;
mod random;
mod rate;
mod relabel;
mod singles;
mod solver;
mod symmetry;

pub use backtrack::Backtracker;
pub use benchmark::{measure, Contender, Measurement};
pub use candidates::CandidateSolver;
pub use crosshatch::{
    cross_hatch, cross_hatch_in_place, Contradiction, CrossHatch, Deduction, Why,
};
pub use encoding::{decode_option, encode_option, sudoku_problem, SudokuSolver};
pub use format::{
    detect_format, digit_symbol, grid_to_string, is_skipped_line, parse_line, parse_puzzles,
    symbol_value, write_grid, Format, ParseError, ParseErrorKind, Puzzle, Puzzles,
};
pub use generate::{
    random_solution, Cost, GenerateError, Generated, Generator, Settings, Solutions, MAX_RESTARTS,
    RESTART_NODES,
};
pub use grid::{CellName, Grid, GridError, Shape, ShapeError, Unit, MAX_SIDE};
pub use random::Random;
pub use rate::{Rated, Rater, Rating, Technique, RELABELLINGS};
pub use relabel::Relabelling;
pub use solver::{
    Algorithm, Mode, Outcome, Propagation, SearchSummary, Solve, Solvers, Uniqueness, Verdict,
};
pub use symmetry::Symmetry;
