//! Sudoku variants on the same engine: X (both diagonals), windoku (four extra windows),
//! anti-king and anti-knight (no equal digits a move apart), jigsaw (irregular regions) and
//! Killer (cages of distinct digits with their sums), combinable. A variant is a [`Rules`]
//! (regions that hold every digit once, pairs of cells that differ, cages), and every
//! [`Rules`] is one exact-cover problem ([`Rules::exact_cover`]): with colours when it has cages.

mod backtrack;
mod cages;
mod check;
mod draw;
mod encoding;
mod field_error;
mod generate;
mod innies;
mod killer_generate;
mod random_regions;
mod rate;
mod record;
mod regions;
mod rules;

pub(crate) use backtrack::RulesBacktracker;
pub(crate) use cages::{filling_count, MAX_CAGE_OPTIONS};
pub(crate) use encoding::variant_problem_with;
pub(crate) use rate::RulesRater;

pub use cages::Cages;
pub use check::RuleBroken;
pub use encoding::KillerEncoding;
pub use field_error::FieldErrorKind;
pub(crate) use generate::{RulesGenerator, QUESTION_NODES};
pub(crate) use killer_generate::KillerGenerator;
pub use regions::Regions;
pub use rules::{Rules, RulesError, Variant, Variants};
