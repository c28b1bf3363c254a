//! dlx-engine: exact cover with Knuth's dancing links. Problems, the dancing-links arena,
//! Algorithms X, C and M, Knuth's text formats, parallel search and shards, and [`batch`]: the
//! parallel, streaming, order-keeping runner for files of one record a line.
//!
//! Nothing here knows about puzzles. An encoding builds a [`Problem`], loads it into an engine
//! and searches it; the chosen [`OptionId`]s are all it gets back. Every engine ([`Dlx`],
//! dancing links; [`Cells`], dancing cells; the bitsets and the board, reached by their
//! [`EngineKind`]) answers through one trait, [`Engine`], and [`EngineKind::choose`] picks one
//! for a problem ([`EngineKind::load`] lays the problem out for it, [`Narrowed`] once for many
//! narrower searches).
//!
//! A problem built by hand: Knuth's toy problem, TAOCP 7.2.2.1 (5), seven items and six
//! options, of which three cover every item exactly once.
//!
//! ```
//! use dlx_engine::{Dlx, Engine, ProblemBuilder};
//! let mut builder = ProblemBuilder::new();
//! for item in ["A", "B", "C", "D", "E", "F", "G"] {
//!     builder.primary(item).unwrap();
//! }
//! for option in ["C E", "A D G", "B C F", "A D F", "B G", "D E G"] {
//!     let items: Vec<&str> = option.split(' ').collect();
//!     builder.option_by_names(&items).unwrap();
//! }
//! let problem = builder.build();
//! let mut dlx = Dlx::new(&problem);
//!
//! // Every solution, as the options chosen: here, each written as its items' names.
//! let mut solutions = Vec::new();
//! dlx.for_each(|options| {
//!     let mut names: Vec<String> = options
//!         .iter()
//!         .map(|&option| {
//!             let items = problem.option_items(option).iter();
//!             items.map(|&item| problem.item_name(item)).collect::<Vec<_>>().join(" ")
//!         })
//!         .collect();
//!     names.sort();
//!     solutions.push(names);
//! });
//! assert_eq!(solutions, [["A D F", "B G", "C E"]]);
//!
//! assert_eq!(dlx.count(), 1);
//! assert_eq!(dlx.first().map(|options| options.len()), Some(3));
//! ```
//!
//! [`Engine::for_each`], [`Engine::count`] and [`Engine::first`] search with no limit;
//! [`Engine::search`] takes [`SearchLimits`] and a [`Visitor`] that may stop the search, and
//! [`Engine::count_solutions`], [`Engine::first_solution`] and [`Engine::uniqueness`] give an
//! [`Outcome`]: the answer with the search's figures. [`Dlx::set_rule`] takes a
//! [`ChoiceRule`] for links.
//! [`Problem::parse`] reads Knuth's text format, and Knuth's reference problems are built in
//! code (`Problem::queens(8)`, `Problem::langford(7)`, `Problem::pentominoes(6, 10)`):
//!
//! ```
//! use dlx_engine::{Dlx, Engine, Problem, Uniqueness};
//! let problem = Problem::parse("A B C D E F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G\n").unwrap();
//! let mut dlx = Dlx::new(&problem);
//! let answer = dlx.uniqueness().answer;
//! assert!(matches!(answer, Uniqueness::Unique(ref options) if options.len() == 3));
//! ```
//!
//! Colours (XCC, Knuth's DLX2): options that give a secondary item the same colour may share
//! it. A visitor handed the chosen options reads their colours from the problem. DLX2's own
//! example, built in code:
//!
//! ```
//! use dlx_engine::{Colour, Dlx, Engine, ProblemBuilder, Uniqueness};
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
//! let report = Dlx::new(&problem).uniqueness();
//! let Uniqueness::Unique(options) = report.answer else { panic!("one solution") };
//! // `A C X:1 Y:1` and `B X:1`: both give X the colour 1.
//! for option in options {
//!     let at = problem.option_items(option).iter().position(|&item| item == x).unwrap();
//!     assert_eq!(problem.entry_colour(option, at), one);
//! }
//! // DLX2's figures for the whole search.
//! let stats = Dlx::new(&problem).count_solutions(None).stats;
//! assert_eq!((stats.updates, stats.cleansings, stats.nodes), (14, 5, 4));
//! ```
//!
//! Multiplicities (MCC, Knuth's DLX3): a primary item covered between `a` and `b` times,
//! written `a:b|name` in Knuth's format. DLX3's own example, read from text:
//!
//! ```
//! use dlx_engine::{Bounds, Dlx, Engine, ItemId, Problem};
//! let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
//! let problem = Problem::parse(text).unwrap();
//! assert_eq!(problem.item_bounds(ItemId(2)), Bounds::new(2, 3).unwrap());
//! assert!(Bounds::new(3, 2).is_err(), "a lower bound above the upper is refused");
//! let mut dlx = Dlx::new(&problem);
//! let options = dlx.first_solution().answer.unwrap();
//! let mut written: Vec<String> = options
//!     .iter()
//!     .map(|&o| {
//!         let mut line = Vec::new();
//!         problem.write_option(o, &mut line).unwrap();
//!         String::from_utf8(line).unwrap()
//!     })
//!     .collect();
//! written.sort();
//! assert_eq!(written, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
//! // DLX3's figures for the whole search.
//! let stats = dlx.count_solutions(None).stats;
//! assert_eq!((stats.solutions, stats.updates, stats.cleansings, stats.nodes), (1, 14, 7, 6));
//! ```

#![warn(missing_docs)]

mod bands;
pub mod batch;
mod bits;
mod board;
mod cells;
mod choice_rule;
#[cfg(test)]
mod conformance;
mod definition;
mod domination;
mod engine;
mod error;
// Cross-crate plumbing, not API: the excerpt of input that the puzzles' parse errors quote, and
// (under the `test-support` feature) the recording progress sink their tests check reports with.
#[doc(hidden)]
pub mod excerpt;
mod format;
mod gate;
mod guesses;
mod lazy;
mod links;
mod memo;
mod min_cost;
mod names;
mod narrowed;
mod node;
mod outcome;
mod parallel;
mod planes;
mod problem;
mod problems;
#[doc(hidden)]
pub mod progress;
mod relaid;
mod request;
mod search;
mod stop_flag;
mod subtrees;
mod workers;

#[doc(hidden)]
pub use board::with_domination as board_with_domination;
pub use cells::Cells;
pub use choice_rule::ChoiceRule;
pub use engine::{Engine, EngineKind};
pub use error::DlxError;
pub use format::{FormatError, FormatErrorKind};
pub use links::Dlx;
pub use links::{Estimate, Spread};
pub use memo::{Memo, MemoResult, Zdd};
pub use min_cost::{Cheapest, MinCost};
pub use narrowed::Narrowed;
pub use outcome::{Count, Outcome, SearchStats, Stop, Uniqueness};
pub use problem::{
    Bounds, BuildError, Colour, ItemId, ItemKind, OptionId, Problem, ProblemBuilder,
};
// Plumbing, not API: the named suites of reference problems that the `write_xc_problems`
// example writes to files and the integration tests check figure by figure; a user builds the
// same problems with `Problem::queens`, `Problem::pentominoes` and the rest.
#[doc(hidden)]
pub use problems::ReferenceProblem;
pub use progress::{ProgressSink, TreePosition};
pub use relaid::Relaid;
pub use request::{SearchReport, SearchRequest};
pub use search::{SearchLimits, Visitor};
pub use stop_flag::StopFlag;
pub use subtrees::Shard;
