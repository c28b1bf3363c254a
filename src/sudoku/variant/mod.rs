//! Sudoku variants on the same engine: X (both diagonals), windoku (four extra windows),
//! anti-king and anti-knight (no equal digits a move apart), jigsaw (irregular regions) and
//! Killer (cages of distinct digits with their sums), combinable. A variant is a [`Rules`]
//! (regions that hold every digit once, pairs of cells that differ, cages), and every
//! [`Rules`] is one exact-cover problem ([`variant_problem`]): with colours when it has cages.

mod cages;
mod encoding;
mod record;
mod regions;
mod rules;

pub use cages::{
    filling_count, for_each_filling, sum_range, Cages, CagesError, CagesErrorKind, MAX_FILLINGS,
    NO_CAGE,
};
pub use encoding::{variant_problem, VariantSolver};
pub use record::{parse_variant_line, VariantPuzzle, VariantRecordError};
pub use regions::{Regions, RegionsError, RegionsErrorKind};
pub use rules::{Rules, RulesError, Variant, Variants};
