//! Sudoku of every box shape: the grid model, its text formats, the exact-cover encoding, the
//! backtracking baselines and the cross-hatching pass.

mod backtrack;
mod benchmark;
mod candidates;
mod crosshatch;
mod csv;
mod detect;
mod encoding;
mod format;
mod grid;
mod locked;
mod pencilmarks;
mod record;
mod singles;
mod solver;

pub use backtrack::Backtracker;
pub use benchmark::{measure, Contender, Measurement};
pub use candidates::CandidateSolver;
pub use crosshatch::{
    cross_hatch, cross_hatch_in_place, Contradiction, CrossHatch, Deduction, Why,
};
pub use csv::{ColumnChoice, CsvRecords, PUZZLE_COLUMNS, SOLUTION_COLUMNS};
pub use detect::{detect, detect_format, Detection, SAMPLE_LINES};
pub use encoding::{decode_option, encode_option, sudoku_problem, SudokuSolver};
pub use format::{
    digit_symbol, grid_to_string, is_skipped_line, parse_line, parse_puzzles, parse_records,
    symbol_value, write_grid, Format, ParseError, ParseErrorKind, Puzzle, Puzzles, Records,
};
pub use grid::{CellName, Grid, GridError, Shape, ShapeError, Unit, MAX_SIDE};
pub use pencilmarks::{is_pencilmark_text, parse_pencilmarks, pencilmark_line, Pencilmarks};
pub use record::{parse_line_record, Givens, Label, Record};
pub use solver::{
    Algorithm, Mode, Outcome, Propagation, SearchSummary, Solve, Solvers, Uniqueness, Verdict,
};
