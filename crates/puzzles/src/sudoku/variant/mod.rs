//! Sudoku variants on the same engine: X (both diagonals), windoku (four extra windows),
//! anti-king and anti-knight (no equal digits a move apart), jigsaw (irregular regions) and
//! Killer (cages of distinct digits with their sums), combinable. A variant is a [`Rules`]
//! (regions that hold every digit once, pairs of cells that differ, cages), and every
//! [`Rules`] is one exact-cover problem ([`variant_problem`]): with colours when it has cages.

mod backtrack;
mod cages;
mod check;
mod draw;
mod encoding;
mod generate;
mod innies;
mod killer_generate;
mod random_regions;
mod rate;
mod record;
mod regions;
mod rules;

pub(crate) use backtrack::RulesBacktracker;
pub use cages::{
    digit_set_bound, digit_set_count, filling_count, for_each_digit_set, for_each_filling,
    sum_range, Cages, CagesError, CagesErrorKind, MAX_CAGE_OPTIONS, NO_CAGE,
};
pub use check::RuleBroken;
pub use draw::{draw, draw_boxes};
pub(crate) use encoding::RulesSolver;
pub use encoding::{variant_problem, variant_problem_with, KillerEncoding, VariantProblem};
pub use generate::{
    generate_on_random_layout, GeneratedVariant, VariantGenerateError, VariantGenerator,
    MAX_LAYOUTS,
};
pub use innies::{implied_cages, SumCage, MAX_IMPLIED_SETS};
pub use killer_generate::{GeneratedKiller, KillerGenerateError, KillerGenerator, MAX_CAGE};
pub use rate::VariantRater;
pub use record::{
    parse_variant_line, parse_variant_line_with_boxes, VariantPuzzle, VariantRecordError,
};
pub use regions::{Regions, RegionsError, RegionsErrorKind};
pub use rules::{Rules, RulesError, Variant, Variants};
