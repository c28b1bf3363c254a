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
mod mcc;
mod outcome;
mod problem;
pub mod problems;
mod search;

pub use arena::{ArenaTooLarge, Dlx, Link, SelectError};
pub use format::{
    parse_problem, parse_problem_bytes, write_option, write_problem, FormatError, FormatErrorKind,
};
pub use outcome::{
    count_solutions, first_solution, uniqueness, Count, Outcome, SearchStats, Stop, Uniqueness,
};
pub use problem::{
    Bounds, BuildError, Colour, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, MAX_NODES,
};
pub use search::{ChoiceRule, SearchLimits, Visitor};
