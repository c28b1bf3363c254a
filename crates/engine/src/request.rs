//! One search as a caller asks for it: the engine, the choice rule, the threads, one shard of
//! the tree, the limits. [`SearchRequest::check`] turns it into the engine that will run,
//! refusing each conflict with its reason, and [`SearchRequest::run`] is the one driver that
//! runs it: split over a pool of the threads asked for when the engine can cut its tree, else
//! on one thread, with the progress sink and the stop flag either way. The CLI and the Python
//! package both call it, so a flag means the same thing, and is refused for the same reason,
//! wherever it is given.

use super::engine::{AnyEngine, Engine, EngineKind};
use super::error::DlxError;
use super::outcome::Outcome;
use super::problem::Problem;
use super::progress::ProgressSink;
use super::search::{SearchLimits, Visitor};
use super::stop_flag::StopFlag;
use super::subtrees::Shard;
use super::ChoiceRule;

/// What a caller asks of one search. The engines' split searches
/// ([`Dlx::search_split_reporting`](super::Dlx::search_split_reporting),
/// [`Cells::search_split_reporting`](super::Cells::search_split_reporting)) read its rule,
/// solution limit, shard, subtrees and `count_only`, on the rayon pool they are called in;
/// [`SearchRequest::run`] reads all of it, the engine and the threads included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    /// The engine: `Auto` is resolved from the problem ([`EngineKind::choose`]).
    pub engine: EngineKind,
    /// The choice rule: [`ChoiceRule::Mrv`] to get DLX1's figures exactly; the others are
    /// dancing links' alone, on one thread.
    pub rule: ChoiceRule,
    /// Threads for the one problem (`0`: one per core). More than one splits the tree when the
    /// engine can cut it, under DLX1's rule and without a node budget.
    pub threads: usize,
    /// The shard's share of the tree ([`Shard::WHOLE`]: all of it).
    pub shard: Shard,
    /// Stop after this many solutions (of this shard) (`None`: all).
    pub max_solutions: Option<u64>,
    /// Stop before entering more than this many nodes (`None`: no budget). A budget is spent
    /// in the one-thread order, so it keeps the search on one thread.
    pub max_nodes: Option<u64>,
    /// The subtrees the plan of a split is asked for: a function of the shard count only,
    /// never of the thread count, so that every machine running a shard cuts the tree the
    /// same way ([`SearchRequest::subtrees_for`]).
    pub min_subtrees: usize,
    /// Only count: the visitor is not handed the subtrees' solutions (but for the subtree a
    /// limit falls in), so nothing is held and every subtree is searched in one go, with no
    /// window whose slowest subtree the others wait for.
    pub count_only: bool,
}

impl Default for SearchRequest {
    /// The whole tree, on one thread, under DLX1's rule, on the engine chosen for the problem.
    fn default() -> Self {
        SearchRequest {
            engine: EngineKind::Auto,
            rule: ChoiceRule::Mrv,
            threads: 1,
            shard: Shard::WHOLE,
            max_solutions: None,
            max_nodes: None,
            min_subtrees: SearchRequest::subtrees_for(1),
            count_only: false,
        }
    }
}

impl SearchRequest {
    /// Subtrees the plan is asked for per thread: many more than threads, so that a few large
    /// subtrees do not leave the other threads idle at the end of a window.
    pub const SUBTREES_PER_THREAD: usize = 32;

    /// The most subtrees a cut is asked for, whatever the shard count: the depth is chosen by
    /// walking the top of the tree and counting its subtrees up to this many, and every shard walks
    /// the whole top to find its own, so this bounds the time a shard spends planning (memory is
    /// bounded anyway: no walk keeps what it passed). More shards than a cut has subtrees leave the
    /// last shards without a subtree: they count nothing, and the shards still add up.
    pub const MAX_SUBTREES: usize = 1 << 20;

    /// The subtrees to ask for when `shards` machines share the tree on `threads` threads each:
    /// [`SearchRequest::SUBTREES_PER_THREAD`] per thread of a 64-thread machine, or per shard when
    /// more, up to [`SearchRequest::MAX_SUBTREES`].
    pub fn subtrees_for(shards: u64) -> usize {
        let per_shard = usize::try_from(shards)
            .unwrap_or(usize::MAX)
            .saturating_mul(SearchRequest::SUBTREES_PER_THREAD);
        (SearchRequest::SUBTREES_PER_THREAD * 64)
            .max(per_shard)
            .min(SearchRequest::MAX_SUBTREES)
    }

    /// The engine that will run this request on `problem`, or why the request cannot run: a
    /// shard with a node budget or another choice rule (the parts of those trees do not add
    /// up), or an engine that cannot take the problem or the rule
    /// ([`EngineKind::choose`]).
    pub fn check(&self, problem: &Problem) -> Result<EngineKind, DlxError> {
        let sharded = self.shard != Shard::WHOLE;
        if sharded && self.max_nodes.is_some() {
            return Err(DlxError::Conflicting {
                what: "a shard takes no node budget: the parts of a cut budget do not add up",
            });
        }
        if sharded && self.rule != ChoiceRule::Mrv {
            return Err(DlxError::Conflicting {
                what: "a shard needs DLX1's choice rule: the parts of other trees do not add up",
            });
        }
        self.engine.choose(problem, self.rule)
    }

    /// The threads asked for, `0` resolved to one per core. The cores are asked of the system,
    /// not of rayon's global pool: asking rayon starts that pool, and the search's own pool
    /// then doubled the threads (and the memory) of every run on the default.
    fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            threads => threads,
        }
    }

    /// Whether `engine` (as [`SearchRequest::check`] names it) searches this request split
    /// over the threads: every engine cuts its tree under DLX1's rule without a node budget,
    /// for more than one thread or a shard.
    pub fn splits_on(&self) -> bool {
        let uncut = self.max_nodes.is_none() && self.rule == ChoiceRule::Mrv;
        uncut && (self.thread_count() > 1 || self.shard != Shard::WHOLE)
    }

    /// Runs the request on `problem` ([`SearchRequest::check`] first): every solution to
    /// `visitor` (in the one-thread order, whatever the threads), progress to `progress` when
    /// given, the search ended between two nodes once `stop` is raised. Split runs go on a
    /// pool of [`SearchRequest::threads`] made for them. A search on one thread with a flag
    /// that is never raised ([`StopFlag::never`]) runs the visitor alone: a caller whose
    /// visitor polls its own flag (the CLI's, a signal's) gets the loop compiled for it.
    pub fn run<V>(
        &self,
        problem: &Problem,
        stop: &StopFlag,
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError>
    where
        V: Visitor + Send + ?Sized,
        V::Break: Send,
    {
        let engine = self.check(problem)?;
        let mut loaded = AnyEngine::new(problem, engine)?;
        if !self.splits_on() {
            loaded.set_rule(self.rule);
            let limits = SearchLimits {
                max_solutions: self.max_solutions,
                max_nodes: self.max_nodes,
            };
            let outcome = match progress.filter(|sink| sink.begin()) {
                Some(sink) => {
                    let outcome = loaded.search_reporting(limits, stop, sink, visitor);
                    sink.end();
                    outcome
                }
                None if stop.can_be_raised() => loaded.search_until(limits, stop, visitor),
                None => loaded.search(limits, visitor),
            };
            return Ok(SearchReport {
                outcome,
                engine,
                threads: 1,
                figures: loaded.figures(),
                ..SearchReport::default()
            });
        }
        let threads = self.thread_count().min(loaded.copies_that_fit());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|_| DlxError::Threads { threads })?;
        let stop_requested = || stop.is_raised();
        let mut report = pool
            .install(|| loaded.search_split_reporting(*self, &stop_requested, progress, visitor))?;
        report.engine = engine;
        report.threads = if report.cut { threads } else { 1 };
        Ok(report)
    }
}

/// What a search did: the usual outcome (for a split, the figures summed over the pieces
/// searched), the engine that ran and on how many threads, the plan of a split and its largest
/// subtree (to see how evenly the work was spread), and the engine's own figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport<B> {
    /// The answer (the visitor's break value, if it broke), the summed figures, why it ended.
    pub outcome: Outcome<Option<B>>,
    /// The engine that ran.
    pub engine: EngineKind,
    /// The threads that searched: 1 when the tree was not split.
    pub threads: usize,
    /// Whether the tree was cut into subtrees (the plan's figures below are then set): not on
    /// one thread, not by the bitsets, not by links on a problem with colours or bounds (its
    /// tree is searched whole, by the first shard).
    pub cut: bool,
    /// Levels above the cut.
    pub depth: usize,
    /// Subtrees in the whole cut (those walked before a signal, when one stopped the walk).
    pub subtrees: u64,
    /// Subtrees this shard searched.
    pub searched: usize,
    /// Nodes of the largest subtree searched.
    pub largest_subtree: u64,
    /// Nodes of the subtrees searched, all told (the work above the cut aside).
    pub subtree_nodes: u64,
    /// Figures of the engine's own beyond [`Outcome::stats`], by name (dancing cells on one
    /// thread: SSXCC's trail peak and bytes): [`Engine::figures`].
    pub figures: Vec<(&'static str, u64)>,
}

/// A search that did nothing: no node, no subtree.
impl<B> Default for SearchReport<B> {
    fn default() -> Self {
        SearchReport {
            outcome: Outcome::default(),
            engine: EngineKind::Auto,
            threads: 1,
            cut: false,
            depth: 0,
            subtrees: 0,
            searched: 0,
            largest_subtree: 0,
            subtree_nodes: 0,
            figures: Vec::new(),
        }
    }
}
