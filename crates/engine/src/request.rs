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
use super::split::Shard;
use super::stop_flag::StopFlag;
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
    /// up), or an engine that cannot take the problem, the rule or a shard
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
        self.engine.choose(problem, self.rule, sharded)
    }

    /// The threads asked for, `0` resolved to one per core.
    fn thread_count(&self) -> usize {
        match self.threads {
            0 => rayon::current_num_threads(),
            threads => threads,
        }
    }

    /// Whether `engine` (as [`SearchRequest::check`] names it) searches this request split
    /// over the threads: links and cells cut their tree under DLX1's rule without a node
    /// budget, for more than one thread or a shard; the bitsets split only a whole count.
    pub fn splits_on(&self, engine: EngineKind) -> bool {
        let uncut = self.max_nodes.is_none() && self.rule == ChoiceRule::Mrv;
        let many = self.thread_count() > 1;
        match engine {
            EngineKind::Bits => uncut && many && self.count_only && self.max_solutions.is_none(),
            _ => uncut && (many || self.shard != Shard::WHOLE),
        }
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
        let threads = self.thread_count();
        if !self.splits_on(engine) {
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
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|_| DlxError::Threads { threads })?;
        let stop_requested = || stop.is_raised();
        let mut report = pool.install(|| match &mut loaded {
            // The bitsets split a whole count, which hands the visitor nothing.
            AnyEngine::Bits(bits) => {
                let sink = progress.filter(|sink| sink.begin());
                let counted = bits.count_split(self.min_subtrees, stop, sink);
                if let Some(sink) = sink {
                    sink.end();
                }
                Ok(SearchReport {
                    outcome: counted.map(|()| None),
                    ..SearchReport::default()
                })
            }
            links_or_cells => {
                links_or_cells.search_split_reporting(*self, &stop_requested, progress, visitor)
            }
        })?;
        report.engine = engine;
        report.threads = if report.cut || engine == EngineKind::Bits {
            threads
        } else {
            1
        };
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

#[cfg(test)]
mod tests {
    //! The driver against the brute-force oracle: every engine, one thread and two, whole and
    //! in shards, listing and counting, with and without a limit; and each conflict refused.

    use super::SearchRequest;
    use crate::conformance::{brute_force, is_solution, random_problems, seed};
    use crate::engine::EngineKind;
    use crate::error::DlxError;
    use crate::{ChoiceRule, OptionId, Shard, StopFlag};
    use std::ops::ControlFlow;

    /// `request.run` with one visitor type for every test, so that the driver is compiled
    /// once for them.
    fn run(
        request: &SearchRequest,
        problem: &crate::Problem,
        stop: &StopFlag,
        mut visitor: &mut (dyn FnMut(&[OptionId]) -> ControlFlow<()> + Send),
    ) -> Result<super::SearchReport<()>, DlxError> {
        request.run(problem, stop, None, &mut visitor)
    }

    /// The solutions `request` finds on `problem` (empty when the engine refuses it), and the
    /// count its figures give.
    fn found(
        request: &SearchRequest,
        problem: &crate::Problem,
    ) -> Option<(Vec<Vec<OptionId>>, u64)> {
        let mut solutions = Vec::new();
        let mut keep = |options: &[OptionId]| {
            solutions.push(options.to_vec());
            ControlFlow::<()>::Continue(())
        };
        let report = request
            .run(problem, &StopFlag::never(), None, &mut keep)
            .ok()?;
        assert_eq!(Some(report.engine), request.check(problem).ok());
        Some((solutions, report.outcome.stats.solutions))
    }

    #[test]
    fn every_engine_threads_and_shards_agree_with_brute_force() {
        let seed = seed();
        for (case, problem) in random_problems(seed, 60).enumerate() {
            let context = format!("seed {seed} (DLX_CONFORMANCE_SEED), case {case}: {problem:?}");
            let mut truth = brute_force(&problem);
            truth.sort();
            let total = truth.len() as u64;
            for engine in EngineKind::ALL {
                for threads in [1, 2] {
                    for count_only in [false, true] {
                        let whole = SearchRequest {
                            engine,
                            threads,
                            count_only,
                            ..SearchRequest::default()
                        };
                        let Some((mut solutions, count)) = found(&whole, &problem) else {
                            continue;
                        };
                        assert_eq!(count, total, "{engine} {threads} threads: {context}");
                        if !count_only {
                            assert!(solutions.iter().all(|s| is_solution(&problem, s)));
                            solutions.iter_mut().for_each(|s| s.sort());
                            solutions.sort();
                            let mut want = truth.clone();
                            want.iter_mut().for_each(|s| s.sort());
                            want.sort();
                            assert_eq!(solutions, want, "{engine} {threads} threads: {context}");
                        }
                        let limited = SearchRequest {
                            max_solutions: Some(1),
                            ..whole
                        };
                        let (_, first) = found(&limited, &problem).unwrap();
                        assert_eq!(first, total.min(1), "{engine} limit 1: {context}");
                        if !engine.shards() {
                            continue;
                        }
                        let parts: u64 = (0..3)
                            .map(|index| {
                                let shard = Shard { index, count: 3 };
                                let request = SearchRequest { shard, ..whole };
                                found(&request, &problem).unwrap().1
                            })
                            .sum();
                        assert_eq!(parts, total, "{engine} in 3 shards: {context}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_raised_flag_stops_the_search_on_one_thread_and_split_on_every_engine() {
        let raised = StopFlag::new(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
            true,
        )));
        let problem = crate::Problem::queens(8);
        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        for engine in [EngineKind::Links, EngineKind::Cells, EngineKind::Bits] {
            for threads in [1, 2] {
                let request = SearchRequest {
                    engine,
                    threads,
                    count_only: true,
                    ..SearchRequest::default()
                };
                // The bitsets' split walks the top of its tree (a bounded walk, which may
                // find solutions) before its subtrees poll the flag.
                let report = run(&request, &problem, &raised, &mut none).unwrap();
                let outcome = report.outcome;
                let context = format!("{engine} on {threads} threads: {outcome:?}");
                assert_eq!(outcome.stop, crate::Stop::Interrupted, "{context}");
                assert!(outcome.stats.solutions < 92 || threads > 1, "{context}");
            }
        }
    }

    #[test]
    fn a_shard_with_a_budget_or_another_rule_is_refused_with_its_reason() {
        let problem = crate::Problem::queens(6);
        let shard = Shard { index: 0, count: 2 };
        let budget = SearchRequest {
            shard,
            max_nodes: Some(10),
            ..SearchRequest::default()
        };
        let refused = budget.check(&problem).unwrap_err();
        assert!(matches!(refused, DlxError::Conflicting { .. }));
        assert!(refused.to_string().contains("node budget"), "{refused}");
        let rule = SearchRequest {
            shard,
            engine: EngineKind::Links,
            rule: ChoiceRule::MrvStopAtOne,
            ..SearchRequest::default()
        };
        let refused = rule.check(&problem).unwrap_err();
        assert!(refused.to_string().contains("choice rule"), "{refused}");
        // A budget or another rule on the whole tree is a one-thread search.
        let whole = SearchRequest {
            threads: 2,
            max_nodes: Some(10),
            ..SearchRequest::default()
        };
        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let report = whole
            .run(&problem, &StopFlag::never(), None, &mut none)
            .unwrap();
        assert_eq!((report.threads, report.cut), (1, false));
        assert_eq!(report.outcome.stats.nodes, 10);
    }
}
