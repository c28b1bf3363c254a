//! One problem on every core, and on many machines: the pieces of a [`SplitPlan`] searched on
//! the rayon pool (or only one shard's share of them), their solutions handed on in the
//! one-thread search's order and their figures summed.
//!
//! Subtrees are searched a window at a time, each on a copy of the arena that a worker thread
//! keeps for the whole run; a window's solutions are held until the window's subtrees are done,
//! then handed on in order. A subtree with more than [`HELD_PER_SUBTREE`] solutions is not held
//! but searched again in order on the caller's thread, so memory stays bounded however many
//! solutions a subtree has.

use super::arena::{Dlx, Link};
use super::outcome::{Outcome, SearchStats, Stop};
use super::problem::OptionId;
use super::progress::{ProgressSink, SplitProgress, SubtreeProgress, TreePosition};
use super::search::{ChoiceRule, SearchLimits, Visitor};
use super::split::{Piece, Shard, SplitPlan};
use rayon::prelude::*;
use std::ops::ControlFlow;

/// Subtrees the plan is asked for per thread: many more than threads, so that a few large
/// subtrees do not leave the other threads idle at the end of a window.
pub const SUBTREES_PER_THREAD: usize = 32;

/// Subtrees searched together before their solutions are handed on.
const WINDOW_PER_THREAD: usize = 8;

/// Solutions a worker holds for one subtree before it leaves the subtree to the caller's
/// thread, which searches it again and hands its solutions on as they come.
pub const HELD_PER_SUBTREE: u64 = 4096;

/// A subtree's search reports its progress every this many nodes (plus one), when a
/// [`ProgressSink`] takes it: a few hundred reports a second per thread.
const PROGRESS_MASK: u64 = (1 << 14) - 1;

/// How a split search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitSettings {
    /// The choice rule: [`ChoiceRule::Mrv`] to get DLX1's figures exactly.
    pub rule: ChoiceRule,
    /// Stop after this many solutions of this shard (`None`: all).
    pub max_solutions: Option<u64>,
    /// The shard's share of the tree ([`Shard::WHOLE`]: all of it).
    pub shard: Shard,
    /// The subtrees the plan is asked for: a function of the shard count only, never of the
    /// thread count, so that every machine running a shard cuts the tree the same way.
    pub min_subtrees: usize,
    /// Only count: the visitor is not handed the subtrees' solutions (but for the subtree a
    /// limit falls in), so nothing is held and every subtree is searched in one go, with no
    /// window whose slowest subtree the others wait for.
    pub count_only: bool,
}

impl SplitSettings {
    /// The subtrees to ask for when `shards` machines share the tree on `threads` threads each:
    /// [`SUBTREES_PER_THREAD`] per thread of a 64-thread machine, or per shard when more.
    pub fn subtrees_for(shards: u64) -> usize {
        (SUBTREES_PER_THREAD * 64).max(SUBTREES_PER_THREAD * shards as usize)
    }
}

/// What a split search did: the usual outcome (figures summed over the pieces searched), with
/// the plan's size and the largest subtree, to see how evenly the work was spread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitReport<B> {
    /// The answer (the visitor's break value, if it broke), the summed figures, why it ended.
    pub outcome: Outcome<Option<B>>,
    /// Levels above the cut.
    pub depth: usize,
    /// Subtrees in the whole plan.
    pub subtrees: usize,
    /// Subtrees this shard searched.
    pub searched: usize,
    /// Nodes of the largest subtree searched.
    pub largest_subtree: u64,
}

impl<L: Link> Dlx<L> {
    /// Searches this shard's share of the tree on the current rayon pool, handing `visitor` the
    /// solutions in the one-thread search's order. With [`ChoiceRule::Mrv`] and the whole tree
    /// the figures are the one-thread search's; the shards' figures and counts sum to them.
    /// `stop_requested` is asked on entering each node, on every thread (a signal).
    pub fn search_split<V: Visitor + ?Sized>(
        &mut self,
        settings: SplitSettings,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visitor: &mut V,
    ) -> SplitReport<V::Break> {
        self.search_split_reporting(settings, stop_requested, None, visitor)
    }

    /// [`Dlx::search_split`], telling `progress` (when given, and when its
    /// [`ProgressSink::begin`] takes this search) how much of this shard's tree is done, from
    /// the threads as they go: each subtree counts for its share of the tree as DLX1 estimates
    /// it ([`super::TreePosition`]), a subtree being searched for the share of it its search has
    /// done. A problem that cannot be split reports its one search's position.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SplitSettings,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SplitReport<V::Break> {
        self.assert_not_spent();
        if !self.can_split() {
            // Algorithm M runs whole here; only the first shard reports it, so shards still
            // add up.
            let outcome = if settings.shard.takes_top() {
                let limits = SearchLimits {
                    max_solutions: settings.max_solutions,
                    max_nodes: None,
                };
                // The visitor's own node check stops it on a signal.
                match progress.filter(|sink| sink.begin()) {
                    Some(sink) => {
                        let mut reporting = Reporting {
                            inner: visitor,
                            sink,
                        };
                        let outcome = self.search(settings.rule, limits, &mut reporting);
                        sink.end();
                        outcome
                    }
                    None => self.search(settings.rule, limits, visitor),
                }
            } else {
                Outcome::default()
            };
            return SplitReport {
                outcome,
                depth: 0,
                subtrees: 0,
                searched: 0,
                largest_subtree: 0,
            };
        }
        let plan = self.plan_split(settings.rule, settings.min_subtrees);
        self.search_plan_reporting(&plan, settings, stop_requested, progress, visitor)
    }

    /// [`Dlx::search_split`] on a plan made before.
    pub fn search_plan<V: Visitor + ?Sized>(
        &mut self,
        plan: &SplitPlan,
        settings: SplitSettings,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visitor: &mut V,
    ) -> SplitReport<V::Break> {
        self.search_plan_reporting(plan, settings, stop_requested, None, visitor)
    }

    /// [`Dlx::search_split_reporting`] on a plan made before.
    pub fn search_plan_reporting<V: Visitor + ?Sized>(
        &mut self,
        plan: &SplitPlan,
        settings: SplitSettings,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SplitReport<V::Break> {
        let mut run = Run {
            stats: SearchStats::default(),
            left: settings.max_solutions.unwrap_or(u64::MAX),
            stop: Stop::Exhausted,
            answer: None,
            searched: 0,
            largest: 0,
        };
        let shard = settings.shard;
        // This shard's pieces, in order, with their place among the plan's subtrees.
        let mut mine = Vec::new();
        let mut subtree_number = 0;
        for planned in &plan.pieces {
            match &planned.piece {
                Piece::Solution(options) if shard.takes_top() => {
                    mine.push((planned.before, Some(options.as_slice()), None))
                }
                Piece::Subtree(path) => {
                    if shard.takes_subtree(subtree_number) {
                        let before = if shard.takes_top() {
                            planned.before
                        } else {
                            SearchStats::default()
                        };
                        mine.push((before, None, Some(path.as_slice())));
                    } else if shard.takes_top() {
                        mine.push((planned.before, None, None));
                    }
                    subtree_number += 1;
                }
                Piece::Solution(_) => {}
            }
        }
        // Each subtree's share of the tree, for the progress reports only.
        let sink = progress.filter(|sink| sink.begin());
        let shares: Vec<f64> = match sink {
            Some(_) => mine
                .iter()
                .map(|&(_, _, path)| path.map_or(0.0, |path| self.path_share(path).1))
                .collect(),
            None => Vec::new(),
        };
        let split_progress = sink.map(|sink| SplitProgress::new(sink, shares.iter().sum()));
        let subtree_progress = |index: usize| {
            split_progress
                .as_ref()
                .map(|split| SubtreeProgress::new(split, shares[index]))
        };
        let window = if settings.count_only {
            mine.len().max(1)
        } else {
            rayon::current_num_threads().max(1) * WINDOW_PER_THREAD
        };
        // The workers' arenas are copies of this one, taken before any subtree is searched here.
        let template = self.clone();
        let template = &template;
        let mut k = 0;
        'pieces: while k < mine.len() {
            let end = (k + window).min(mine.len());
            let held = if settings.count_only {
                run.left
            } else {
                run.left.min(HELD_PER_SUBTREE)
            };
            let keep = !settings.count_only;
            let searched: Vec<Option<Held>> = mine[k..end]
                .par_iter()
                .enumerate()
                .map_init(
                    || template.clone(),
                    |dlx, (offset, &(_, _, path))| {
                        path.map(|path| {
                            let progress = subtree_progress(k + offset);
                            let hold = Hold {
                                rule: settings.rule,
                                limit: held,
                                keep,
                                stop_requested,
                                progress,
                            };
                            hold_subtree(dlx, path, hold)
                        })
                    },
                )
                .collect();
            for (offset, result) in searched.into_iter().enumerate() {
                let (before, solution, path) = mine[k + offset];
                run.stats += before;
                if let Some(options) = solution {
                    if run.hand_on(options, visitor).is_break() {
                        break 'pieces;
                    }
                    continue;
                }
                let (Some(path), Some(held)) = (path, result) else {
                    continue;
                };
                run.searched += 1;
                if held.interrupted {
                    let mut stats = held.stats;
                    stats.solutions = 0;
                    run.stats += stats;
                    run.stop = Stop::Visitor;
                    break 'pieces;
                }
                let complete = held.stats.solutions < held.limit;
                // A subtree whose last solution is the last one wanted must stop there, as the
                // one-thread search does, not after the rest of its tree: searched again below.
                if complete && held.stats.solutions < run.left {
                    run.largest = run.largest.max(held.stats.nodes);
                    let mut stats = held.stats;
                    stats.solutions = 0;
                    run.stats += stats;
                    if !keep {
                        run.stats.solutions += held.stats.solutions;
                        run.left -= held.stats.solutions;
                        continue;
                    }
                    for options in held.solutions.chunks_exact(held.width.max(1)) {
                        if run.hand_on(options, visitor).is_break() {
                            break 'pieces;
                        }
                    }
                } else {
                    // Too many to hold, or the limit falls inside: search it again here, in order,
                    // stopping exactly where the one-thread search would.
                    let limits = SearchLimits {
                        max_solutions: Some(run.left),
                        max_nodes: None,
                    };
                    let mut progress = held.progress;
                    if let Some(progress) = &mut progress {
                        progress.restart_nodes();
                    }
                    let mut visit = Stream {
                        run: &mut run,
                        inner: visitor,
                        stop_requested,
                        progress,
                    };
                    let outcome = self.search_subtree(settings.rule, path, limits, &mut visit);
                    run.largest = run.largest.max(outcome.stats.nodes);
                    let mut stats = outcome.stats;
                    stats.solutions = 0;
                    run.stats += stats;
                    if outcome.stop != Stop::Exhausted {
                        if outcome.stop == Stop::SolutionLimit {
                            run.stop = Stop::SolutionLimit;
                        }
                        break 'pieces;
                    }
                }
            }
            k = end;
        }
        if run.stop == Stop::Exhausted && k >= mine.len() && shard.takes_top() {
            run.stats += plan.after;
        }
        if let Some(sink) = sink {
            sink.end();
        }
        SplitReport {
            outcome: Outcome {
                answer: run.answer,
                stats: run.stats,
                stop: run.stop,
            },
            depth: plan.depth,
            subtrees: plan.subtrees(),
            searched: run.searched,
            largest_subtree: run.largest,
        }
    }
}

/// A subtree searched by a worker: its solutions, flat, `width` options each (every solution
/// of a subtree has the same number of levels only by chance, so `width` 0 means "not flat").
struct Held<'s, 'a> {
    solutions: Vec<OptionId>,
    width: usize,
    stats: SearchStats,
    /// The most solutions the worker would hold: reaching it means "search it again in order".
    limit: u64,
    interrupted: bool,
    /// What the worker's search reported of its progress, for a search again in order to go on
    /// from.
    progress: Option<SubtreeProgress<'s, 'a>>,
}

/// How a worker searches a subtree.
struct Hold<'r, 's, 'a> {
    rule: ChoiceRule,
    /// The most solutions to hold.
    limit: u64,
    /// Whether the solutions are kept, or only counted.
    keep: bool,
    stop_requested: &'r (dyn Fn() -> bool + Sync),
    /// Where the search reports its progress, if anywhere.
    progress: Option<SubtreeProgress<'s, 'a>>,
}

/// Searches a subtree on a worker's arena, holding up to `hold.limit` solutions. Solutions of
/// different lengths (possible: options cover different numbers of primary items) cannot be
/// held flat, so the first such solution makes the worker give the subtree up to the caller.
fn hold_subtree<'s, 'a, L: Link>(
    dlx: &mut Dlx<L>,
    path: &[u32],
    hold: Hold<'_, 's, 'a>,
) -> Held<'s, 'a> {
    let reports = hold.progress.is_some();
    let holder = Holder::<false> {
        keep: hold.keep,
        solutions: Vec::new(),
        width: None,
        uneven: false,
        stop_requested: hold.stop_requested,
        interrupted: false,
        progress: hold.progress,
    };
    let limits = SearchLimits {
        max_solutions: Some(hold.limit),
        max_nodes: None,
    };
    // Two searches compiled: the one without reports is the search as it was before them.
    let (outcome, holder) = if reports {
        let mut holder = holder.reporting::<true>();
        let outcome = dlx.search_subtree(hold.rule, path, limits, &mut holder);
        (outcome, holder.reporting::<false>())
    } else {
        let mut holder = holder;
        let outcome = dlx.search_subtree(hold.rule, path, limits, &mut holder);
        (outcome, holder)
    };
    let uneven = holder.uneven;
    Held {
        solutions: holder.solutions,
        width: holder.width.unwrap_or(0),
        stats: outcome.stats,
        // An uneven subtree is given up as if it had too many solutions to hold.
        limit: if uneven { 0 } else { hold.limit },
        interrupted: holder.interrupted,
        progress: holder.progress,
    }
}

/// A worker's visitor: holds solutions flat while they all have the same length, and reports
/// its search's progress when `REPORTS`.
struct Holder<'r, 's, 'a, const REPORTS: bool = false> {
    /// Whether the solutions are kept, or only counted.
    keep: bool,
    solutions: Vec<OptionId>,
    width: Option<usize>,
    uneven: bool,
    stop_requested: &'r (dyn Fn() -> bool + Sync),
    interrupted: bool,
    progress: Option<SubtreeProgress<'s, 'a>>,
}

impl<'r, 's, 'a, const REPORTS: bool> Holder<'r, 's, 'a, REPORTS> {
    /// The same holder, reporting or not.
    fn reporting<const TO: bool>(self) -> Holder<'r, 's, 'a, TO> {
        Holder {
            keep: self.keep,
            solutions: self.solutions,
            width: self.width,
            uneven: self.uneven,
            stop_requested: self.stop_requested,
            interrupted: self.interrupted,
            progress: self.progress,
        }
    }
}

impl<const REPORTS: bool> Visitor for Holder<'_, '_, '_, REPORTS> {
    type Break = ();

    fn wants_options(&self) -> bool {
        self.keep
    }

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        if !self.keep {
            return ControlFlow::Continue(());
        }
        match self.width {
            None => self.width = Some(options.len()),
            Some(width) if width != options.len() => {
                self.uneven = true;
                return ControlFlow::Break(());
            }
            Some(_) => {}
        }
        self.solutions.extend_from_slice(options);
        ControlFlow::Continue(())
    }

    fn enter_node(&mut self) -> ControlFlow<()> {
        if (self.stop_requested)() {
            self.interrupted = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        (REPORTS && self.progress.is_some()).then_some(PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        if let Some(progress) = &mut self.progress {
            progress.reached(at);
        }
    }
}

/// The caller's side of a split search: the figures so far and the solutions still wanted.
struct Run<B> {
    stats: SearchStats,
    left: u64,
    stop: Stop,
    answer: Option<B>,
    searched: usize,
    largest: u64,
}

impl<B> Run<B> {
    /// Hands one solution on; breaks when the visitor does or the limit is reached.
    fn hand_on<V: Visitor<Break = B> + ?Sized>(
        &mut self,
        options: &[OptionId],
        visitor: &mut V,
    ) -> ControlFlow<()> {
        self.stats.solutions += 1;
        self.left -= 1;
        if let ControlFlow::Break(value) = visitor.solution(options) {
            self.answer = Some(value);
            self.stop = Stop::Visitor;
            return ControlFlow::Break(());
        }
        if self.left == 0 {
            self.stop = Stop::SolutionLimit;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The caller's visitor while it searches a subtree again in order.
struct Stream<'a, 's, 'p, B, V: Visitor<Break = B> + ?Sized> {
    run: &'a mut Run<B>,
    inner: &'a mut V,
    stop_requested: &'a (dyn Fn() -> bool + Sync),
    progress: Option<SubtreeProgress<'s, 'p>>,
}

impl<B, V: Visitor<Break = B> + ?Sized> Visitor for Stream<'_, '_, '_, B, V> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.run.hand_on(options, self.inner)
    }

    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    fn enter_node(&mut self) -> ControlFlow<()> {
        if (self.stop_requested)() {
            self.run.stop = Stop::Visitor;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn progress_mask(&self) -> Option<u64> {
        self.progress.is_some().then_some(PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        if let Some(progress) = &mut self.progress {
            progress.reached(at);
        }
    }
}

/// A visitor that reports its search's position to a sink: the one search of a problem that
/// cannot be split.
struct Reporting<'a, V: Visitor + ?Sized> {
    inner: &'a mut V,
    sink: &'a dyn ProgressSink,
}

impl<V: Visitor + ?Sized> Visitor for Reporting<'_, V> {
    type Break = V::Break;

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<V::Break> {
        self.inner.solution(options)
    }

    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    fn enter_node(&mut self) -> ControlFlow<V::Break> {
        self.inner.enter_node()
    }

    fn progress_mask(&self) -> Option<u64> {
        Some(PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        self.sink.report(at.done, at.nodes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::problems::{langford, pentominoes, queens};
    use crate::xc::Problem;

    fn never() -> bool {
        false
    }

    /// All solutions, in order, and the figures, of a split search on a pool of `threads`.
    fn split(
        problem: &Problem,
        threads: usize,
        shard: Shard,
        max_solutions: Option<u64>,
        count_only: bool,
    ) -> (Vec<Vec<OptionId>>, SplitReport<()>) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut dlx = Dlx::new(problem);
            let mut found = Vec::new();
            let settings = SplitSettings {
                rule: ChoiceRule::Mrv,
                max_solutions,
                shard,
                min_subtrees: 50,
                count_only,
            };
            let report = dlx.search_split(settings, &never, &mut |options: &[OptionId]| {
                found.push(options.to_vec());
                ControlFlow::Continue(())
            });
            (found, report)
        })
    }

    fn one_thread(
        problem: &Problem,
        max_solutions: Option<u64>,
    ) -> (Vec<Vec<OptionId>>, Outcome<Option<()>>) {
        let mut found = Vec::new();
        let limits = SearchLimits {
            max_solutions,
            max_nodes: None,
        };
        let outcome =
            Dlx::new(problem).search(ChoiceRule::Mrv, limits, &mut |options: &[OptionId]| {
                found.push(options.to_vec());
                ControlFlow::Continue(())
            });
        (found, outcome)
    }

    #[test]
    fn any_thread_count_gives_the_one_thread_solutions_order_and_figures() {
        for problem in [queens(8), langford(7), pentominoes(3, 20)] {
            let (whole, outcome) = one_thread(&problem, None);
            for threads in [1, 2, 3] {
                let (found, report) = split(&problem, threads, Shard::WHOLE, None, false);
                assert_eq!(found, whole, "{threads} threads");
                assert_eq!(report.outcome.stats, outcome.stats, "{threads} threads");
                assert_eq!(report.outcome.stop, Stop::Exhausted);
            }
        }
    }

    #[test]
    fn a_limit_gives_the_first_solutions_and_the_one_thread_figures() {
        let problem = queens(8);
        for limit in [1, 7, 40, 92, 200] {
            let (whole, outcome) = one_thread(&problem, Some(limit));
            let (found, report) = split(&problem, 2, Shard::WHOLE, Some(limit), false);
            assert_eq!(found, whole, "limit {limit}");
            assert_eq!(report.outcome.stats, outcome.stats, "limit {limit}");
        }
    }

    #[test]
    fn a_count_alone_gives_the_one_thread_count_and_figures() {
        for problem in [queens(8), langford(7)] {
            for limit in [None, Some(7), Some(40)] {
                let (_, outcome) = one_thread(&problem, limit);
                let (handed, report) = split(&problem, 2, Shard::WHOLE, limit, true);
                assert_eq!(report.outcome.stats, outcome.stats, "limit {limit:?}");
                assert!(handed.len() as u64 <= outcome.stats.solutions);
            }
        }
    }

    /// A sink that keeps every report.
    #[derive(Default)]
    struct Reports {
        seen: std::sync::Mutex<Vec<(f64, u64)>>,
        began: std::sync::atomic::AtomicUsize,
        ended: std::sync::atomic::AtomicUsize,
    }

    impl ProgressSink for Reports {
        fn begin(&self) -> bool {
            self.began
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            true
        }
        fn report(&self, fraction: f64, nodes: u64) {
            self.seen.lock().unwrap().push((fraction, nodes));
        }
        fn end(&self) {
            self.ended
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    #[test]
    fn a_split_search_reports_a_fraction_that_rises_to_one() {
        let coloured = crate::xc::problems::random_xcc(3, 12, 4, 60);
        for problem in [queens(8), langford(7), pentominoes(3, 20), coloured] {
            for (threads, count_only) in [(1, false), (2, false), (3, true)] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let reports = Reports::default();
                let settings = SplitSettings {
                    rule: ChoiceRule::Mrv,
                    max_solutions: None,
                    shard: Shard::WHOLE,
                    min_subtrees: 50,
                    count_only,
                };
                let mut dlx = Dlx::new(&problem);
                let mut none = |_: &[OptionId]| ControlFlow::Continue(());
                let report = pool.install(|| {
                    dlx.search_split_reporting(settings, &never, Some(&reports), &mut none)
                });
                let (_, whole) = one_thread(&problem, None);
                assert_eq!(report.outcome.stats, whole.stats);
                let seen = reports.seen.into_inner().unwrap();
                assert!(!seen.is_empty());
                for pair in seen.windows(2) {
                    assert!(pair[1].0 >= pair[0].0 && pair[1].1 >= pair[0].1, "{pair:?}");
                }
                let (fraction, nodes) = seen[seen.len() - 1];
                assert!(fraction > 1.0 - 1e-9 && fraction <= 1.0, "{fraction}");
                assert!(nodes <= whole.stats.nodes, "the subtrees' nodes, not more");
                use std::sync::atomic::Ordering::Relaxed;
                assert_eq!(
                    (reports.began.load(Relaxed), reports.ended.load(Relaxed)),
                    (1, 1)
                );
            }
        }
    }

    #[test]
    fn shards_add_up_to_the_whole() {
        let problem = langford(7);
        let (whole, outcome) = one_thread(&problem, None);
        for count in [1, 2, 5] {
            let mut solutions = Vec::new();
            let mut stats = SearchStats::default();
            for index in 0..count {
                let (found, report) = split(&problem, 2, Shard { index, count }, None, false);
                solutions.extend(found);
                stats += report.outcome.stats;
            }
            assert_eq!(stats, outcome.stats, "{count} shards");
            solutions.sort();
            let mut expected = whole.clone();
            expected.sort();
            assert_eq!(
                solutions, expected,
                "each solution in exactly one of {count} shards"
            );
        }
    }
}
