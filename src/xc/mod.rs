//! The exact-cover engine: problems, the dancing-links arena, Algorithm X, Knuth's text format.
//!
//! Nothing here knows about puzzles. An encoding builds a [`Problem`], loads it into a [`Dlx`]
//! arena and searches it; the chosen [`OptionId`]s are all it gets back.
//!
//! ```
//! use dlx_solver::xc::{parse_problem, ChoiceRule, Dlx, Uniqueness};
//! // Knuth's toy problem, TAOCP 7.2.2.1 (5).
//! let problem = parse_problem("A B C D E F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G\n").unwrap();
//! let mut dlx = Dlx::new(&problem);
//! let answer = dlx.uniqueness(ChoiceRule::Mrv).answer;
//! assert!(matches!(answer, Uniqueness::Unique(ref options) if options.len() == 3));
//! ```

mod arena;
mod format;
mod outcome;
mod parallel;
mod problem;
pub mod problems;
mod search;
mod split;

pub use arena::{ArenaTooLarge, Dlx, Link, SelectError};
pub use format::{parse_problem, parse_problem_bytes, write_problem, FormatError, FormatErrorKind};
pub use outcome::{
    count_solutions, first_solution, uniqueness, Count, Outcome, SearchStats, Stop, Uniqueness,
};
pub use parallel::{SplitReport, SplitSettings, HELD_PER_SUBTREE, SUBTREES_PER_THREAD};
pub use problem::{BuildError, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, MAX_NODES};
pub use search::{ChoiceRule, SearchLimits, Visitor};
pub use split::{Piece, PlannedPiece, Shard, SplitPlan};
