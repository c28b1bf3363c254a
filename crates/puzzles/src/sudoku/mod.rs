//! Sudoku of every box shape: the grid model, its text formats, the exact-cover encoding, the
//! backtracking baselines and the cross-hatching pass, and the generator and rater built on them.

mod backtrack;
mod boxes;
mod candidates;
mod crosshatch;
mod csv;
mod detect;
mod digits;
mod encoding;
mod format;
mod generate;
mod grid;
mod layout;
mod line;
mod locked;
mod parse_error;
mod pencilmarks;
mod print;
mod random;
mod rate;
mod read;
mod record;
mod relabel;
mod singles;
mod solve;
mod solvers;
mod symbols;
mod symmetry;
pub mod variant;

pub use backtrack::Backtracker;
pub use boxes::Boxes;
pub use candidates::CandidateSolver;
pub use crosshatch::{Contradiction, CrossHatch, Deduction};
pub use csv::CsvRecords;
pub use detect::Detection;
pub use digits::DigitSet;
pub use encoding::SudokuSolver;
pub use format::Format;
pub use generate::{
    random_solution, Cost, GenerateError, Generated, Generator, Settings, Solutions, MAX_RESTARTS,
    RESTART_NODES,
};
pub(crate) use grid::MAX_SIDE;
pub use grid::{CellName, Grid, GridError, Shape, Unit};
pub use layout::sudoku_problem;
pub use parse_error::{ParseError, ParseErrorKind};
pub use pencilmarks::Pencilmarks;
pub use random::Random;
pub use rate::{Rated, Rater, Rating, Technique, RELABELLINGS};
pub use read::Records;
pub use record::{
    line_puzzle, parse_line_record, parse_line_record_with_boxes, puzzle_ends_within, Givens,
    Label, ParsedGrid, Record,
};
pub use relabel::Relabelling;
pub use solve::Solve;
pub use solvers::{answer, Algorithm, Mode, Propagation, Solvers, Verdict, SPLIT_AFTER_NODES};
pub(crate) use symbols::digit_symbol;
pub use symmetry::Symmetry;
