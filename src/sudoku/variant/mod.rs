//! Sudoku variants on the same engine: X (both diagonals), windoku (four extra windows),
//! anti-king and anti-knight (no equal digits a move apart) and jigsaw (irregular regions),
//! combinable. A variant is a [`Rules`] (regions that hold every digit once, pairs of cells
//! that differ), and every [`Rules`] is one exact-cover problem ([`variant_problem`]).

mod encoding;
mod record;
mod regions;
mod rules;

pub use encoding::{variant_problem, VariantSolver};
pub use record::{parse_variant_line, VariantPuzzle, VariantRecordError};
pub use regions::{Regions, RegionsError, RegionsErrorKind};
pub use rules::{Rules, RulesError, Variant, Variants};
