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
mod solver;
mod solvers;
mod symbols;
mod symmetry;
pub mod variant;

pub use backtrack::Backtracker;
pub use boxes::Boxes;
pub use crosshatch::{
    cross_hatch, cross_hatch_in_place, Contradiction, CrossHatch, Deduction, Why,
};
pub use csv::{ColumnChoice, CsvRecords, PUZZLE_COLUMNS, SOLUTION_COLUMNS};
pub use detect::{detect, detect_format, detect_with_boxes, Detection, SAMPLE_LINES};
pub use digits::{DigitSet, Digits, Singletons};
pub use format::Format;
pub use generate::{Cost, GenerateError, Generated, Generator, Settings, Solutions};
pub use grid::{CellName, Grid, GridError, Shape, ShapeError, Unit, MAX_SIDE};
pub use line::{parse_line, parse_line_with_boxes};
pub use parse_error::{ParseError, ParseErrorKind};
pub use pencilmarks::{is_pencilmark_text, parse_pencilmarks, pencilmark_line, Pencilmarks};
pub use print::{grid_to_string, write_grid};
pub use random::Random;
pub use rate::{Rated, Rater, Rating, Technique};
pub use read::{is_skipped_line, parse_puzzles, parse_records, Puzzles, Records};
pub use record::{Givens, Label, ParsedGrid, Record};
pub use solve::Solve;
pub use solver::SudokuSolver;
pub use solvers::{Algorithm, Mode, Propagation, Solvers, Verdict};
pub use symbols::{digit_symbol, symbol_value};
pub use symmetry::Symmetry;
