//! One search contract for every engine: an engine writes [`Engine::search`] (and names
//! itself), and gets the questions a user asks of a search, answered alike by each, on top:
//! every solution, the count, the first, whether it is unique, a search a flag can stop and
//! one that reports its progress. What an engine can take (colours, bounds, another choice
//! rule, shards) is declared by its [`EngineKind`], which is also where `auto` is resolved
//! into an engine, once, for the CLI, Python and the puzzle families alike.

use super::bands::Bands;
use super::bits::Bits;
use super::board::Board;
use super::cells::Cells;
use super::choice_rule::ChoiceRule;
use super::error::DlxError;
use super::guesses::{Deductions, Guesses};
use super::lazy::LazySolutions;
use super::links::Dlx;
use super::outcome::{Count, Outcome, Uniqueness};
use super::parallel;
use super::planes::Planes;
use super::problem::{OptionId, Problem};
use super::progress::{ProgressSink, Reporting};
use super::request::{SearchReport, SearchRequest};
use super::search::{CountOnly, SearchLimits, Visitor};
use super::stop_flag::{StopFlag, Stoppable};
use std::ops::ControlFlow;

/// A search engine for exact cover: [`Dlx`] (dancing links, Knuth's DLX1, DLX2 and DLX3),
/// [`Cells`] (dancing cells, Knuth's SSXCC), the bitsets (Algorithms X and C on bitsets), the
/// board (option bits and item counts), or
/// whichever of them [`EngineKind::load`] laid a problem out for.
///
/// An engine writes [`Engine::search`]: Algorithm X's walk of the tree from the root, handing
/// each solution to the visitor, until the tree is exhausted, a limit is reached or the
/// visitor breaks. A stop flag and a progress sink reach the search through the visitor
/// (its [`Visitor::enter_node`] and [`Visitor::progress`]), so that an engine's loop has one
/// place to poll them; the provided methods wrap them for it. Every provided method returns
/// the same [`Outcome`] whatever the engine: the answer, the figures, how the search ended.
///
/// ```
/// use dlx_engine::{Cells, Dlx, Engine, EngineKind, Problem, Uniqueness};
///
/// let problem = Problem::queens(8);
/// let auto = EngineKind::Auto.choose(&problem, Default::default()).unwrap();
/// for kind in [EngineKind::Links, EngineKind::Cells, auto] {
///     let mut engine = kind.load(&problem).unwrap();
///     assert_eq!((engine.kind(), engine.count()), (kind, 92));
///     assert!(matches!(engine.uniqueness().answer, Uniqueness::Multiple(_)));
/// }
/// // The concrete engines take the same calls.
/// assert_eq!(Dlx::new(&problem).count(), Cells::new(&problem).count());
/// ```
pub trait Engine {
    /// Which engine this is: what it can take and which of Knuth's figures it reports.
    fn kind(&self) -> EngineKind;

    /// Searches the whole tree afresh, handing every solution (its options, level by level)
    /// to `visitor`, until the tree is exhausted, a limit is reached or the visitor breaks;
    /// the outcome's answer is the value the visitor broke with, if it did.
    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>>;

    /// [`Engine::search`], ended between two nodes once `stop` is raised
    /// ([`Stop::Interrupted`](super::Stop::Interrupted): the solutions handed on so far and
    /// the figures stand). The flag is read at every node.
    fn search_until<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        stop: &StopFlag,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        Stoppable::around(stop, visitor, |stoppable| self.search(limits, stoppable))
    }

    /// [`Engine::search_until`], telling `sink` where the search stands every
    /// [`TreePosition::PROGRESS_MASK`](super::TreePosition::PROGRESS_MASK) + 1 nodes, and once
    /// more (the fraction 1) when it has seen the whole tree: the share of the tree done as
    /// Knuth's DLX1 estimates it from the current path. The caller has the sink
    /// [`ProgressSink::begin`] the search before and [`ProgressSink::end`] it after.
    ///
    /// Compiled out of line: the searches without reports compile (and inline into their
    /// callers) as if there were no reports, whose test the compiler removes from their loop.
    ///
    /// ```
    /// use dlx_engine::{Cells, Engine, OptionId, Problem, ProgressSink, SearchLimits, StopFlag};
    /// use std::ops::ControlFlow;
    /// use std::sync::Mutex;
    ///
    /// struct Seen(Mutex<Vec<f64>>);
    /// impl ProgressSink for Seen {
    ///     fn report(&self, fraction: f64, _nodes: u64) {
    ///         self.0.lock().unwrap().push(fraction);
    ///     }
    /// }
    ///
    /// let seen = Seen(Mutex::new(Vec::new()));
    /// let mut count = |_: &[OptionId]| ControlFlow::Continue(());
    /// let mut cells = Cells::new(&Problem::queens(8));
    /// let outcome =
    ///     cells.search_reporting(SearchLimits::default(), &StopFlag::never(), &seen, &mut count);
    /// assert_eq!(outcome.stats.solutions, 92);
    /// let seen = seen.0.lock().unwrap();
    /// assert!(seen.windows(2).all(|w| w[0] <= w[1]), "the fraction never goes down");
    /// assert_eq!(seen.last(), Some(&1.0), "the whole tree was searched");
    /// ```
    #[inline(never)]
    fn search_reporting<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        stop: &StopFlag,
        sink: &dyn ProgressSink,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        Stoppable::around(stop, visitor, |stoppable| {
            self.search(limits, &mut Reporting::new(sink, stoppable))
        })
    }

    /// Figures of the engine's own beyond [`Outcome::stats`], by name, from its last search
    /// (dancing cells: SSXCC's trail peak and bytes). Default: none.
    fn figures(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// Hands every solution to `each` (its options, level by level) and gives back how many
    /// there were, with the search's figures. The closure's argument needs no annotation,
    /// unlike a closure handed to [`Engine::search`].
    fn for_each(&mut self, mut each: impl FnMut(&[OptionId])) -> Outcome<Count> {
        let mut visitor = |options: &[OptionId]| {
            each(options);
            ControlFlow::Continue(())
        };
        let outcome = self.search(SearchLimits::default(), &mut visitor);
        let count = Count {
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
        };
        outcome.map(|_| count)
    }

    /// The number of solutions, all of them; [`Engine::count_solutions`] takes a limit and
    /// gives the search's figures too.
    fn count(&mut self) -> u64 {
        self.count_solutions(None).answer.solutions
    }

    /// The first solution, if any; [`Engine::first_solution`] gives the figures too.
    fn first(&mut self) -> Option<Vec<OptionId>> {
        self.first_solution().answer
    }

    /// The first solution, if any, with the search's figures.
    fn first_solution(&mut self) -> Outcome<Option<Vec<OptionId>>> {
        Outcome::first_solution(|max, visit| search_handing(self, max, visit))
    }

    /// The number of solutions, counting stopped at `limit` if given, with the figures.
    fn count_solutions(&mut self, limit: Option<u64>) -> Outcome<Count> {
        Outcome::count_solutions(limit, |max, _: &mut dyn FnMut(&[OptionId])| {
            let limits = SearchLimits {
                max_solutions: Some(max),
                max_nodes: None,
            };
            self.search(limits, &mut CountOnly).map(|_| ())
        })
    }

    /// Whether there are no solutions, one, or several: the search stops at the second.
    fn uniqueness(&mut self) -> Outcome<Uniqueness<Vec<OptionId>>> {
        Outcome::uniqueness(|max, visit| search_handing(self, max, visit))
    }

    /// The solutions under `limits`, in the engine's order, as an iterator: the search runs on
    /// a thread of its own, a few solutions ahead of the reader, and stops at its next node when
    /// the iterator is dropped. For the first few solutions of a search with billions.
    ///
    /// ```
    /// use dlx_engine::{Engine, EngineKind, Problem, SearchLimits};
    ///
    /// let engine = EngineKind::Auto.load(&Problem::queens(12)).unwrap();
    /// let first: Vec<_> = engine.into_solutions(SearchLimits::default()).take(3).collect();
    /// assert_eq!(first.len(), 3);
    /// ```
    fn into_solutions(self, limits: SearchLimits) -> impl Iterator<Item = Vec<OptionId>>
    where
        Self: Sized + Send + 'static,
    {
        lazily(self, limits)
    }

    /// At most `limit` solutions (all of them without one), in the engine's order: the
    /// solutions as values to iterate over, with the search's figures.
    fn solutions(&mut self, limit: Option<u64>) -> Outcome<Vec<Vec<OptionId>>> {
        let mut found = Vec::new();
        let limits = SearchLimits {
            max_solutions: limit,
            max_nodes: None,
        };
        let mut visitor = |options: &[OptionId]| {
            found.push(options.to_vec());
            ControlFlow::<()>::Continue(())
        };
        let outcome = self.search(limits, &mut visitor);
        outcome.map(|_| found)
    }
}

/// The solutions of `engine`'s search, one at a time: see [`Engine::into_solutions`].
fn lazily<E: Engine + Send + 'static>(
    engine: E,
    limits: SearchLimits,
) -> impl Iterator<Item = Vec<OptionId>> {
    LazySolutions::start(engine, limits)
}

/// A search for at most `max_solutions` that hands each to `visit`: what the three questions
/// of [`super::outcome`] ask of a search.
fn search_handing<E: Engine + ?Sized>(
    engine: &mut E,
    max_solutions: u64,
    visit: &mut dyn FnMut(&[OptionId]),
) -> Outcome<()> {
    let limits = SearchLimits {
        max_solutions: Some(max_solutions),
        max_nodes: None,
    };
    let mut visitor = |options: &[OptionId]| {
        visit(options);
        ControlFlow::Continue(())
    };
    engine.search(limits, &mut visitor).map(|_| ())
}

/// The engines by name, and `Auto`, which [`EngineKind::choose`] resolves from the problem.
/// Each named engine declares what it can take and which figures it reports, so that a caller
/// asks before it runs instead of finding out from a refusal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Chosen from the problem by [`EngineKind::choose`].
    #[default]
    Auto,
    /// Dancing links ([`Dlx`]): Knuth's DLX1, DLX2 (colours) and DLX3 (bounds).
    Links,
    /// Dancing cells ([`Cells`]): Knuth's SSXCC, exact cover with or without colours.
    Cells,
    /// Algorithms X and C on bitsets (`crates/engine/src/bits/`), for small dense problems.
    Bits,
    /// Exact cover on a board of option bits (`crates/engine/src/board/`), taking forced items
    /// between guesses: made for Sudoku's matrices.
    Board,
    /// Exact cover on planes of bits (`crates/engine/src/planes/`), for the problems of the
    /// Sudoku matrix's shape (each option one cell of one plane): the bitboard solvers'
    /// representation, found in the problem.
    Planes,
    /// Exact cover on bands of bits (`crates/engine/src/bands/`), for Sudoku's 9x9 matrix alone:
    /// the bitboard solvers' representation of that problem, with their band rule.
    Bands,
}

impl EngineKind {
    /// Every value, `Auto` first, in the order the CLI and Python list them.
    pub const ALL: [EngineKind; 7] = [
        EngineKind::Auto,
        EngineKind::Links,
        EngineKind::Cells,
        EngineKind::Bits,
        EngineKind::Board,
        EngineKind::Planes,
        EngineKind::Bands,
    ];

    /// The name the CLI's `--engine` and Python's `engine=` take.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Auto => "auto",
            EngineKind::Links => "links",
            EngineKind::Cells => "cells",
            EngineKind::Bits => "bits",
            EngineKind::Board => "board",
            EngineKind::Planes => "planes",
            EngineKind::Bands => "bands",
        }
    }

    /// The value of a name ([`EngineKind::name`]), if it is one.
    pub fn from_name(name: &str) -> Option<EngineKind> {
        EngineKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The engine's name with the program of Knuth's it follows, for `--stats`.
    pub fn describe(self) -> &'static str {
        match self {
            EngineKind::Auto => "auto (chosen from the problem)",
            EngineKind::Links => "links (dancing links: Knuth's DLX1, DLX2, DLX3)",
            EngineKind::Cells => "cells (dancing cells: Knuth's SSXCC)",
            EngineKind::Bits => "bits (Algorithms X and C on bitsets: DLX1's and DLX2's tree)",
            EngineKind::Board => {
                "board (option bits and item counts, forced items between guesses)"
            }
            EngineKind::Planes => {
                "planes (a bitset of cells a plane, forced items between guesses: Sudoku's shape)"
            }
            EngineKind::Bands => {
                "bands (a word of cells a band and digit, the band rule and singles: Sudoku's 9x9)"
            }
        }
    }

    /// Whether the engine solves problems with multiplicities (`a:b|item`): only links do,
    /// with Algorithm M.
    pub fn takes_bounds(self) -> bool {
        matches!(self, EngineKind::Links)
    }

    /// Whether the engine takes a [`ChoiceRule`] other than [`ChoiceRule::Mrv`]: the others
    /// choose items as their Knuth program does.
    pub fn takes_rules(self) -> bool {
        matches!(self, EngineKind::Links)
    }

    /// Whether the engine counts updates as Knuth's programs do (links moved, or items and
    /// options swapped out of their sets); the bitsets move neither and report none, which
    /// `--stats` leaves out rather than print as zero.
    pub fn counts_updates(self) -> bool {
        matches!(self, EngineKind::Links | EngineKind::Cells)
    }

    /// The engine that runs `problem`: `Auto` chooses by the measurements of
    /// docs/benchmarks.md (the planes for problems of the Sudoku matrix's shape,
    /// `Planes::preferred_for`; the board for problems of many exclusions, `Board::preferred_for`;
    /// bitsets for small dense problems, `Bits::preferred_for`; else
    /// cells for problems with colours and those with no more secondary items than primary
    /// ones, [`Cells::preferred_for`]; else links, which also take bounds and the other
    /// rules); a named engine is checked against what the run needs. `rule` is the choice
    /// rule asked for: an engine that cannot honour it is refused with the reason, as is one
    /// that cannot take the problem.
    pub fn choose(self, problem: &Problem, rule: ChoiceRule) -> Result<EngineKind, DlxError> {
        let default_rule = rule == ChoiceRule::Mrv;
        let chosen = match self {
            EngineKind::Auto if !default_rule => EngineKind::Links,
            EngineKind::Auto if Bands::preferred_for(problem) => EngineKind::Bands,
            EngineKind::Auto if Planes::preferred_for(problem) => EngineKind::Planes,
            EngineKind::Auto if Board::preferred_for(problem) => EngineKind::Board,
            EngineKind::Auto if Bits::preferred_for(problem) => EngineKind::Bits,
            EngineKind::Auto if Cells::preferred_for(problem) => EngineKind::Cells,
            EngineKind::Auto => EngineKind::Links,
            named => named,
        };
        if !default_rule && !chosen.takes_rules() {
            return Err(DlxError::Unsupported {
                engine: chosen.name(),
                what: "another choice rule: only dancing links take one; it chooses an item of fewest options",
            });
        }
        if problem.has_bounds() && !chosen.takes_bounds() {
            return Err(DlxError::Unsupported {
                engine: chosen.name(),
                what: "multiplicities (a:b|item), which Algorithm M on dancing links solves",
            });
        }
        Ok(chosen)
    }

    /// Lays `problem` out for this engine (`Auto` chosen with the default rule, whole tree),
    /// refusing what it cannot take ([`EngineKind::choose`]) or hold: the engine for a caller
    /// that serves whichever one a user names. Each search is one match on the engine and then
    /// its own loop, compiled for the visitor as if called directly.
    pub fn load(self, problem: &Problem) -> Result<impl Engine + std::fmt::Debug, DlxError> {
        AnyEngine::new(problem, self)
    }

    /// The engine and the choice rule that run `problem` for a caller that prefers `rule` (the
    /// rule it measured best): `Auto` resolved for that rule (only links take a rule other
    /// than DLX1's, so `auto` then picks them); a named engine that takes no rule searches by
    /// DLX1's instead.
    pub fn choose_preferring(
        self,
        problem: &Problem,
        rule: ChoiceRule,
    ) -> Result<(EngineKind, ChoiceRule), DlxError> {
        let rule = match self {
            // The planes' and the board's measured leads are over links on their best rule.
            EngineKind::Auto if Bands::preferred_for(problem) => {
                return Ok((EngineKind::Bands, ChoiceRule::Mrv));
            }
            EngineKind::Auto if Planes::preferred_for(problem) => {
                return Ok((EngineKind::Planes, ChoiceRule::Mrv));
            }
            EngineKind::Auto if Board::preferred_for(problem) => {
                let board = EngineKind::Board.choose(problem, ChoiceRule::Mrv)?;
                return Ok((board, ChoiceRule::Mrv));
            }
            EngineKind::Auto => rule,
            named if named.takes_rules() => rule,
            _ => ChoiceRule::Mrv,
        };
        Ok((self.choose(problem, rule)?, rule))
    }

    /// [`EngineKind::load`] on the engine [`EngineKind::choose_preferring`] resolves, searching
    /// by the rule it resolves.
    pub fn load_preferring(
        self,
        problem: &Problem,
        rule: ChoiceRule,
    ) -> Result<impl Engine + std::fmt::Debug, DlxError> {
        let (kind, rule) = self.choose_preferring(problem, rule)?;
        let mut engine = AnyEngine::new(problem, kind)?;
        engine.set_rule(rule);
        Ok(engine)
    }

    /// Lays `problem` out for this engine and searches it split over the current rayon pool's
    /// threads, or one shard of its tree ([`SearchRequest`]), as
    /// [`Dlx::search_split_reporting`] does: every engine cuts its tree. An engine that cannot
    /// take the problem is refused with the reason.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        self,
        problem: &Problem,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError> {
        let mut engine = AnyEngine::new(problem, self)?;
        engine.search_split_reporting(settings, stop_requested, progress, visitor)
    }
}

impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the engines, chosen when the program runs: what [`EngineKind::load`] gives.
#[derive(Clone, Debug)]
pub(crate) enum AnyEngine {
    /// Dancing links.
    Links(Dlx),
    /// Dancing cells.
    Cells(Cells),
    /// Bitsets.
    Bits(Bits),
    /// The board.
    Board(Board),
    /// The planes.
    Planes(Planes),
    /// The bands.
    Bands(Bands),
}

impl AnyEngine {
    /// Lays `problem` out for the engine `kind` (`Auto` chooses with the default rule, whole
    /// tree), refusing what it cannot take ([`EngineKind::choose`]) or hold.
    pub(crate) fn new(problem: &Problem, kind: EngineKind) -> Result<AnyEngine, DlxError> {
        Ok(match kind.choose(problem, ChoiceRule::Mrv)? {
            EngineKind::Links | EngineKind::Auto => AnyEngine::Links(Dlx::try_new(problem)?),
            EngineKind::Cells => AnyEngine::Cells(Cells::try_new(problem)?),
            EngineKind::Bits => AnyEngine::Bits(Bits::try_new(problem)?),
            EngineKind::Board => AnyEngine::Board(Board::try_new(problem)?),
            EngineKind::Planes => AnyEngine::Planes(Planes::try_new(problem)?),
            EngineKind::Bands => AnyEngine::Bands(Bands::try_new(problem)?),
        })
    }
}

impl AnyEngine {
    /// Has dancing links choose items by `rule` ([`Dlx::set_rule`]); the other engines choose
    /// by DLX1's rule only, which [`EngineKind::choose`] checked.
    pub(crate) fn set_rule(&mut self, rule: ChoiceRule) {
        if let AnyEngine::Links(dlx) = self {
            dlx.set_rule(rule);
        }
    }

    /// How many copies of its state the engine held may make for the threads of a split
    /// search: the bitsets' copies are held within their memory bound.
    pub(crate) fn copies_that_fit(&self) -> usize {
        match self {
            AnyEngine::Bits(bits) => bits.copies_that_fit(),
            AnyEngine::Links(_)
            | AnyEngine::Cells(_)
            | AnyEngine::Board(_)
            | AnyEngine::Planes(_)
            | AnyEngine::Bands(_) => usize::MAX,
        }
    }

    /// [`EngineKind::search_split_reporting`] on the engine held. The engines that deduce
    /// between guesses give the split search's deductions as their figures, summed over the
    /// pieces as the nodes are: the one-thread search's.
    pub(crate) fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError> {
        let mut report = self.split_and_search(settings, stop_requested, progress, visitor)?;
        let last = match self {
            AnyEngine::Board(engine) => Some(engine.last_deductions()),
            AnyEngine::Planes(engine) => Some(engine.last_deductions()),
            AnyEngine::Bands(engine) => Some(engine.last_deductions()),
            AnyEngine::Links(_) | AnyEngine::Cells(_) | AnyEngine::Bits(_) => None,
        };
        if let Some(last) = last {
            *last = Deductions::of(&report.outcome.stats);
            report.figures = self.figures();
        }
        Ok(report)
    }

    /// [`AnyEngine::search_split_reporting`], the figures left to it.
    fn split_and_search<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError> {
        match self {
            AnyEngine::Links(engine) => {
                Ok(engine.search_split_reporting(settings, stop_requested, progress, visitor))
            }
            AnyEngine::Cells(engine) => {
                Ok(engine.search_split_reporting(settings, stop_requested, progress, visitor))
            }
            AnyEngine::Bits(engine) => Ok(parallel::search_split(
                engine,
                settings,
                stop_requested,
                progress,
                visitor,
            )),
            AnyEngine::Board(engine) => Ok(parallel::search_split(
                engine,
                settings,
                stop_requested,
                progress,
                visitor,
            )),
            AnyEngine::Planes(engine) => Ok(parallel::search_split(
                engine,
                settings,
                stop_requested,
                progress,
                visitor,
            )),
            AnyEngine::Bands(engine) => Ok(parallel::search_split(
                engine,
                settings,
                stop_requested,
                progress,
                visitor,
            )),
        }
    }
}

impl Engine for AnyEngine {
    fn kind(&self) -> EngineKind {
        match self {
            AnyEngine::Links(engine) => engine.kind(),
            AnyEngine::Cells(engine) => engine.kind(),
            AnyEngine::Bits(engine) => engine.kind(),
            AnyEngine::Board(engine) => engine.kind(),
            AnyEngine::Planes(engine) => engine.kind(),
            AnyEngine::Bands(engine) => engine.kind(),
        }
    }

    fn figures(&self) -> Vec<(&'static str, u64)> {
        match self {
            AnyEngine::Links(engine) => engine.figures(),
            AnyEngine::Cells(engine) => engine.figures(),
            AnyEngine::Bits(engine) => engine.figures(),
            AnyEngine::Board(engine) => engine.figures(),
            AnyEngine::Planes(engine) => engine.figures(),
            AnyEngine::Bands(engine) => engine.figures(),
        }
    }

    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        match self {
            AnyEngine::Links(engine) => engine.search(limits, visitor),
            AnyEngine::Cells(engine) => engine.search(limits, visitor),
            AnyEngine::Bits(engine) => engine.search(limits, visitor),
            AnyEngine::Board(engine) => engine.search(limits, visitor),
            AnyEngine::Planes(engine) => engine.search(limits, visitor),
            AnyEngine::Bands(engine) => engine.search(limits, visitor),
        }
    }
}
