//! dlx-engine: exact cover with Knuth's dancing links. Problems, the dancing-links arena,
//! Algorithms X, C and M, Knuth's text formats, parallel search and shards, and [`batch`]: the
//! parallel, streaming, order-keeping runner for files of one record a line.
//!
//! Nothing here knows about puzzles. An encoding builds a [`Problem`], loads it into a [`Dlx`]
//! arena and searches it; the chosen [`OptionId`]s are all it gets back.
//!
//! ```
//! use dlx_engine::{parse_problem, ChoiceRule, Dlx, Uniqueness};
//! // Knuth's toy problem, TAOCP 7.2.2.1 (5).
//! let problem = parse_problem("A B C D E F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G\n").unwrap();
//! let mut dlx = Dlx::new(&problem);
//! let answer = dlx.uniqueness(ChoiceRule::Mrv).answer;
//! assert!(matches!(answer, Uniqueness::Unique(ref options) if options.len() == 3));
//! ```
//!
//! Colours (XCC, Knuth's DLX2): options that give a secondary item the same colour may share
//! it. A visitor handed the chosen options reads their colours from the problem. DLX2's own
//! example, built in code:
//!
//! ```
//! use dlx_engine::{ChoiceRule, Colour, Dlx, ProblemBuilder, Uniqueness};
//! let mut b = ProblemBuilder::new();
//! for name in ["A", "B", "C"] {
//!     b.primary(name).unwrap();
//! }
//! let x = b.secondary("X").unwrap();
//! b.secondary("Y").unwrap();
//! let (zero, one) = (Some(Colour::from('0')), Some(Colour::from('1')));
//! b.coloured_option_by_names(&[("A", None), ("B", None), ("X", zero), ("Y", zero)]).unwrap();
//! b.coloured_option_by_names(&[("A", None), ("C", None), ("X", one), ("Y", one)]).unwrap();
//! // No primary item: dropped, as DLX2 drops it.
//! assert_eq!(b.coloured_option_by_names(&[("X", zero), ("Y", one)]).unwrap(), None);
//! b.coloured_option_by_names(&[("B", None), ("X", one)]).unwrap();
//! b.coloured_option_by_names(&[("C", None), ("Y", one)]).unwrap();
//! // A colour on a primary item is refused.
//! assert!(b.coloured_option_by_names(&[("A", one)]).is_err());
//! let problem = b.build();
//! let report = Dlx::new(&problem).uniqueness(ChoiceRule::Mrv);
//! let Uniqueness::Unique(options) = report.answer else { panic!("one solution") };
//! // `A C X:1 Y:1` and `B X:1`: both give X the colour 1.
//! for option in options {
//!     let at = problem.option_items(option).iter().position(|&item| item == x).unwrap();
//!     assert_eq!(problem.entry_colour(option, at), one);
//! }
//! // DLX2's figures for the whole search.
//! let stats = Dlx::new(&problem).count_solutions(ChoiceRule::Mrv, None).stats;
//! assert_eq!((stats.updates, stats.cleansings, stats.nodes), (14, 5, 4));
//! ```
//!
//! Multiplicities (MCC, Knuth's DLX3): a primary item covered between `a` and `b` times,
//! written `a:b|name` in Knuth's format. DLX3's own example, read from text:
//!
//! ```
//! use dlx_engine::{parse_problem, write_option, Bounds, ChoiceRule, Dlx, ItemId};
//! let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
//! let problem = parse_problem(text).unwrap();
//! assert_eq!(problem.item_bounds(ItemId(2)), Bounds::new(2, 3).unwrap());
//! assert!(Bounds::new(3, 2).is_err(), "a lower bound above the upper is refused");
//! let mut dlx = Dlx::new(&problem);
//! let options = dlx.first_solution(ChoiceRule::Mrv).answer.unwrap();
//! let mut written: Vec<String> = options
//!     .iter()
//!     .map(|&o| {
//!         let mut line = Vec::new();
//!         write_option(&problem, o, &mut line).unwrap();
//!         String::from_utf8(line).unwrap()
//!     })
//!     .collect();
//! written.sort();
//! assert_eq!(written, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
//! // DLX3's figures for the whole search.
//! let stats = dlx.count_solutions(ChoiceRule::Mrv, None).stats;
//! assert_eq!((stats.solutions, stats.updates, stats.cleansings, stats.nodes), (1, 14, 7, 6));
//! ```

#![warn(missing_docs)]

mod arena;
pub mod batch;
mod choice_tree;
mod estimate;
#[doc(hidden)]
pub mod excerpt;
mod format;
mod mcc;
mod names;
mod outcome;
mod parallel;
mod problem;
pub mod problems;
#[doc(hidden)]
pub mod progress;
mod search;
mod split;
mod stop_flag;
mod walk;

pub use arena::{ArenaTooLarge, Dlx, Link, SelectError};
pub use estimate::{Estimate, EstimateError, Spread};
pub use format::{
    parse_problem, parse_problem_bytes, write_option, write_problem, FormatError, FormatErrorKind,
};
pub use outcome::{
    count_solutions, first_solution, uniqueness, Count, Outcome, SearchStats, Stop, Uniqueness,
};
pub use parallel::{SplitReport, SplitSettings, HELD_PER_SUBTREE, SUBTREES_PER_THREAD};
pub use problem::{
    Bounds, BuildError, Colour, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, MAX_NODES,
};
#[doc(hidden)]
pub use progress::count_reporting;
pub use progress::{ProgressSink, Reporting, TreePosition, PROGRESS_MASK};
pub use search::{ChoiceRule, SearchLimits, Visitor};
pub use split::{Piece, PlannedPiece, Shard, SplitPlan, MAX_SUBTREES};
pub use stop_flag::{StopFlag, Stoppable, POLL_EVERY};
pub use walk::OptionWalk;
