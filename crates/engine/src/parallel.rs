//! One problem on every core, and on many machines, for every engine that cuts its tree
//! ([`Subtrees`]): the pieces of the tree cut after its first levels searched on the rayon pool
//! (or only one shard's share of them), their solutions handed on in the one-thread search's
//! order and their figures summed.
//!
//! The pieces are met one by one by a walk of the top of the tree, never all kept: the walk
//! gathers this shard's into a window, and subtrees are searched a window at a time, each on a
//! copy of the engine that a worker keeps for the whole search; a window's solutions are held
//! until the window's subtrees are done, then handed on in order. A subtree with more than
//! `HELD_PER_SUBTREE` solutions is not held but searched again in order on the caller's thread,
//! so memory stays bounded however many solutions a subtree has.

use super::outcome::{Outcome, SearchStats, Stop};
use super::problem::OptionId;
use super::progress::{ProgressSink, Reporting, SplitProgress, SubtreeProgress, TreePosition};
use super::request::{SearchReport, SearchRequest};
use super::search::{SearchLimits, Visitor};
use super::subtrees::Shard;
use super::subtrees::{Cut, PieceAt, StopRequest, Subtrees, WalkEnd};
use super::workers::Workers;
use rayon::prelude::*;
use std::ops::ControlFlow;

/// Subtrees searched together before their solutions are handed on.
const WINDOW_PER_THREAD: usize = 8;

/// Pieces a whole count searches together: no solution is held, so a window is only its
/// pieces' paths (a few megabytes), and large enough that the one subtree still running at its end
/// keeps the other threads waiting rarely.
const COUNT_WINDOW: usize = 1 << 15;

/// Pieces walked after which a window that holds any of this shard's pieces is searched even
/// if it is not full: a shard of many holds one piece in that many or fewer, and a limit or a
/// first solution need not wait for the walk of the whole top of the tree.
const FLUSH_AFTER_PIECES: u64 = 1 << 18;

/// Solutions a worker holds for one subtree before it leaves the subtree to the caller's
/// thread, which searches it again and hands its solutions on as they come.
const HELD_PER_SUBTREE: u64 = 4096;

/// Searches this shard's share of `engine`'s tree on the current rayon pool, handing `visitor`
/// the solutions subtree by subtree in the one-thread search's order, and telling `progress`
/// (when given, and when its [`ProgressSink::begin`] takes this search) how much of the
/// shard's tree is done, from the threads as they go: each subtree counts for its share of
/// the tree, a subtree being searched for the share of it its search has done, against the
/// shard's part of the tree (1/N of it; the fraction is made 1 when the search ends).
/// `stop_requested` is asked on entering each node, on every thread and in the walks that cut
/// the tree: the search then ends with [`Stop::Interrupted`], what it finished kept.
pub(crate) fn search_split<E: Subtrees, V: Visitor + ?Sized>(
    engine: &mut E,
    settings: SearchRequest,
    stop_requested: StopRequest<'_>,
    progress: Option<&dyn ProgressSink>,
    visitor: &mut V,
) -> SearchReport<V::Break> {
    if settings.max_solutions == Some(0) {
        let mut report = SearchReport::default();
        report.outcome.stop = Stop::SolutionLimit;
        return report;
    }
    let sink = progress.filter(|sink| sink.begin());
    let report = if engine.can_split() {
        split_and_search(engine, settings, stop_requested, sink, visitor)
    } else {
        SearchReport {
            outcome: search_whole(engine, settings, stop_requested, sink, visitor),
            ..SearchReport::default()
        }
    };
    if let Some(sink) = sink {
        sink.end();
    }
    report
}

/// [`search_split`] of a tree that can be cut, with a sink that has begun this search, if any.
fn split_and_search<E: Subtrees, V: Visitor + ?Sized>(
    engine: &mut E,
    settings: SearchRequest,
    stop_requested: StopRequest<'_>,
    sink: Option<&dyn ProgressSink>,
    visitor: &mut V,
) -> SearchReport<V::Break> {
    let Some(Cut { depth, subtrees }) = engine.split_depth(settings.min_subtrees, stop_requested)
    else {
        let mut report = SearchReport {
            cut: true,
            ..SearchReport::default()
        };
        report.outcome.stop = Stop::Interrupted;
        return report;
    };
    let shard = settings.shard;
    if subtrees == 0 {
        return search_above_the_cut(engine, settings, stop_requested, depth, visitor);
    }
    // A count under a limit takes small windows: each subtree of a window is counted up to
    // the limit, and a large window of a large tree would count far past it.
    let window_size = if settings.count_only && settings.max_solutions.is_none() {
        COUNT_WINDOW
    } else {
        rayon::current_num_threads().max(1) * WINDOW_PER_THREAD
    };
    let template = engine.worker_template();
    let split_progress = sink.map(|sink| SplitProgress::new(sink, 1.0 / shard.count as f64));
    let mut run = Run::new(settings.max_solutions);
    let mut window = Vec::with_capacity(window_size);
    let mut pieces = ShardPieces {
        shard,
        subtrees: 0,
        skipped: SearchStats::default(),
    };
    let mut walked_since_search = 0u64;
    let mut share = Share {
        again: None,
        template: &template,
        workers: Workers::new(&template),
        keep: !settings.count_only,
        stop_requested,
        progress: split_progress.as_ref(),
    };
    let walked = engine.walk_pieces(depth, stop_requested, &mut |piece, before| {
        if let Some(mine) = pieces.take(piece, before) {
            window.push(mine);
        }
        walked_since_search += 1;
        let due = walked_since_search >= FLUSH_AFTER_PIECES && !window.is_empty();
        if window.len() < window_size && !due {
            return ControlFlow::Continue(());
        }
        walked_since_search = 0;
        let flow = share.search_window(&window, &mut run, visitor);
        window.clear();
        flow
    });
    let after = match walked {
        WalkEnd::Done(after) => share
            .search_window(&window, &mut run, visitor)
            .is_continue()
            .then_some(after),
        WalkEnd::Stopped => None,
        WalkEnd::Interrupted => {
            run.stop = Stop::Interrupted;
            None
        }
    };
    if let (Some(after), Stop::Exhausted, true) = (after, run.stop, shard.takes_top()) {
        run.stats += after;
        run.stats += pieces.skipped;
    }
    let report = run.into_report(depth, pieces.subtrees);
    if let (Some(split), Stop::Exhausted) = (&split_progress, report.outcome.stop) {
        split.finish();
    }
    report
}

/// [`search_split`] of a tree that lies whole above its cut (no subtree: every leaf within
/// `depth` levels): the one-thread search, the first shard's, on this copy alone, with the
/// stop request asked at every node. Copies for the workers would be wasted, and on a problem
/// of many short options (a million one-item options, each a solution) they would be most of
/// the memory.
fn search_above_the_cut<E: Subtrees, V: Visitor + ?Sized>(
    engine: &mut E,
    settings: SearchRequest,
    stop_requested: StopRequest<'_>,
    depth: usize,
    visitor: &mut V,
) -> SearchReport<V::Break> {
    if !settings.shard.takes_top() {
        return SearchReport {
            depth,
            cut: true,
            ..SearchReport::default()
        };
    }
    let mut run = Run::new(settings.max_solutions);
    let mut stream = Stream {
        run: &mut run,
        inner: visitor,
        stop_requested,
        progress: None,
    };
    let outcome = engine.search(SearchLimits::default(), &mut stream);
    let mut stats = outcome.stats;
    stats.solutions = 0;
    run.stats += stats;
    run.into_report(depth, 0)
}

/// The split search of a problem that cannot be split (Algorithm M's): one search of the
/// whole tree, which only the first shard makes, so shards still add up.
fn search_whole<E: Subtrees, V: Visitor + ?Sized>(
    engine: &mut E,
    settings: SearchRequest,
    stop_requested: StopRequest<'_>,
    sink: Option<&dyn ProgressSink>,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    if !settings.shard.takes_top() {
        return Outcome::default();
    }
    let limits = SearchLimits {
        max_solutions: settings.max_solutions,
        max_nodes: None,
    };
    let mut asking = Asking {
        inner: visitor,
        stop_requested,
    };
    let outcome = match sink {
        Some(sink) => engine.search(limits, &mut Reporting::new(sink, &mut asking)),
        None => engine.search(limits, &mut asking),
    };
    Outcome {
        stop: match outcome.answer {
            Some(None) => Stop::Interrupted,
            _ => outcome.stop,
        },
        answer: outcome.answer.flatten(),
        stats: outcome.stats,
    }
}

/// The caller's visitor with the stop request asked at every node: `Break(None)` when it says
/// stop.
struct Asking<'v, 's, V: Visitor + ?Sized> {
    inner: &'v mut V,
    stop_requested: StopRequest<'s>,
}

impl<V: Visitor + ?Sized> Visitor for Asking<'_, '_, V> {
    type Break = Option<V::Break>;

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<Option<V::Break>> {
        self.inner.solution(options).map_break(Some)
    }

    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    fn enter_node(&mut self) -> ControlFlow<Option<V::Break>> {
        if (self.stop_requested)() {
            return ControlFlow::Break(None);
        }
        self.inner.enter_node().map_break(Some)
    }

    fn progress_mask(&self) -> Option<u64> {
        self.inner.progress_mask()
    }

    fn progress(&mut self, at: &TreePosition) {
        self.inner.progress(at);
    }
}

/// The walk's pieces sorted for one shard: the solutions above the cut (the first shard's)
/// and every `count`-th subtree, each with the work above the cut it reports before it.
struct ShardPieces {
    shard: Shard,
    /// Subtrees met so far, this shard's or not.
    subtrees: u64,
    /// The work above the cut before the subtrees of other shards, which the first shard
    /// reports with its next piece.
    skipped: SearchStats,
}

impl ShardPieces {
    /// The piece the walk met, if it is this shard's, with the work above the cut before it.
    fn take(&mut self, piece: PieceAt, before: SearchStats) -> Option<Mine> {
        let shard = self.shard;
        let mut mine = match piece {
            PieceAt::Solution(options) if shard.takes_top() => Mine {
                share: 0.0,
                // The walk counts the solution in the work before it, and `Run::hand_on`
                // counts it again as it hands it on: only the second may stay.
                before: SearchStats {
                    solutions: 0,
                    ..before
                },
                solution: Some(options.to_vec()),
                path: None,
            },
            PieceAt::Solution(_) => return None,
            PieceAt::Subtree(path, share) => {
                self.subtrees += 1;
                if !shard.takes_subtree(self.subtrees - 1) {
                    if shard.takes_top() {
                        self.skipped += before;
                    }
                    return None;
                }
                Mine {
                    before: if shard.takes_top() {
                        before
                    } else {
                        SearchStats::default()
                    },
                    share,
                    solution: None,
                    path: Some(path.to_vec()),
                }
            }
        };
        mine.before += std::mem::take(&mut self.skipped);
        Some(mine)
    }
}

/// One of this shard's pieces, with the work above the cut it reports before it.
struct Mine {
    before: SearchStats,
    /// A subtree's share of the tree, for the progress reports.
    share: f64,
    /// A solution above the cut (the first shard's).
    solution: Option<Vec<OptionId>>,
    /// A subtree's path.
    path: Option<Vec<u32>>,
}

/// What searching a window of pieces needs: the copy the workers start from, the copy a
/// subtree is searched again in, in order (made on first use: the caller's engine stands in
/// the middle of the walk), whether solutions are kept, the stop request.
struct Share<'a, E> {
    again: Option<E>,
    template: &'a E,
    /// The workers' copies of the template, one a thread, kept from window to window.
    workers: Workers<'a, E>,
    /// Whether solutions are handed on, or only counted.
    keep: bool,
    stop_requested: StopRequest<'a>,
    /// Where the subtrees report their progress, if anywhere.
    progress: Option<&'a SplitProgress<'a>>,
}

impl<'a, E: Subtrees> Share<'a, E> {
    /// Searches a window of pieces: the subtrees in parallel, then each piece handed on in
    /// order. Breaks when the run ends (a limit, the visitor, a signal).
    fn search_window<V: Visitor + ?Sized>(
        &mut self,
        window: &[Mine],
        run: &mut Run<V::Break>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let searched = self.search_subtrees(window, run.left);
        for (mine, result) in window.iter().zip(searched) {
            self.hand_on_piece(mine, result, run, visitor)?;
        }
        if run.stop == Stop::Interrupted {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// The window's subtrees searched on the rayon pool, each worker on its own copy of the
    /// arena, holding up to `left` solutions a subtree (fewer when they are kept, not only
    /// counted).
    fn search_subtrees(&self, window: &[Mine], left: u64) -> Vec<Option<Held<'a, 'a>>> {
        let stop_requested = self.stop_requested;
        let split_progress = self.progress;
        let keep = self.keep;
        let held = if keep {
            left.min(HELD_PER_SUBTREE)
        } else {
            left
        };
        if window.iter().all(|mine| mine.path.is_none()) {
            // Solutions above the cut only: nothing for the pool.
            return window.iter().map(|_| None).collect();
        }
        let workers = &self.workers;
        window
            .par_iter()
            .map(|mine| {
                mine.path.as_deref().map(|path| {
                    let progress =
                        split_progress.map(|split| SubtreeProgress::new(split, mine.share));
                    let hold = Hold {
                        limit: held,
                        keep,
                        stop_requested,
                        progress,
                    };
                    workers.with(|engine| hold_subtree(engine, path, hold))
                })
            })
            .collect()
    }

    /// Hands one piece of the window on, in order: its work above the cut, then its solution
    /// or its subtree's solutions, held by a worker or searched again here. Breaks when the run
    /// ends.
    fn hand_on_piece<V: Visitor + ?Sized>(
        &mut self,
        mine: &Mine,
        result: Option<Held<'a, 'a>>,
        run: &mut Run<V::Break>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let keep = self.keep;
        if run.stop == Stop::Interrupted {
            // Counting only: the subtrees after the one the signal cut, finished or not,
            // still add their solutions to the count, which says it is a lower bound.
            if let Some(held) = result {
                run.count_after_a_signal(&held);
            } else if mine.solution.is_some() && run.left > 0 {
                run.stats.solutions += 1;
                run.left -= 1;
            }
            return ControlFlow::Continue(());
        }
        run.stats += mine.before;
        if let Some(options) = &mine.solution {
            return run.hand_on(options, visitor);
        }
        let (Some(path), Some(held)) = (&mine.path, result) else {
            return ControlFlow::Continue(());
        };
        if held.interrupted {
            return run.end_at_a_signal(&held, keep);
        }
        run.searched += 1;
        let complete = held.stats.solutions < held.limit;
        // A subtree whose last solution is the last one wanted must stop there, as the
        // one-thread search does, not after the rest of its tree: searched again below.
        if complete && held.stats.solutions < run.left {
            run.hand_on_held(&held, keep, visitor)
        } else {
            // Too many to hold, or the limit falls inside: search it again here, in order,
            // stopping exactly where the one-thread search would.
            self.search_again_in_order(path, held.progress, run, visitor)
        }
    }

    /// Searches a subtree again on the caller's thread, handing its solutions on as they come
    /// and stopping exactly where the one-thread search would. Breaks when the run ends.
    fn search_again_in_order<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        mut progress: Option<SubtreeProgress<'a, 'a>>,
        run: &mut Run<V::Break>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let limits = SearchLimits {
            max_solutions: Some(run.left),
            max_nodes: None,
        };
        if let Some(progress) = &mut progress {
            progress.restart_nodes();
        }
        let mut visit = Stream {
            run: &mut *run,
            inner: &mut *visitor,
            stop_requested: self.stop_requested,
            progress,
        };
        let template = self.template;
        let engine = self.again.get_or_insert_with(|| template.clone());
        let outcome = engine.search_subtree(path, limits, &mut visit);
        run.searched_subtree(outcome.stats.nodes);
        let mut stats = outcome.stats;
        stats.solutions = 0;
        run.stats += stats;
        if outcome.stop != Stop::Exhausted {
            if outcome.stop == Stop::SolutionLimit {
                run.stop = Stop::SolutionLimit;
            }
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// A subtree searched by a worker: its solutions, flat, each ending where `ends` says (the
/// solutions of a subtree may have different numbers of options).
struct Held<'s, 'a> {
    solutions: Vec<OptionId>,
    ends: Vec<usize>,
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
    /// The most solutions to hold.
    limit: u64,
    /// Whether the solutions are kept, or only counted.
    keep: bool,
    stop_requested: &'r (dyn Fn() -> bool + Sync),
    /// Where the search reports its progress, if anywhere.
    progress: Option<SubtreeProgress<'s, 'a>>,
}

/// Searches a subtree on a worker's copy, holding up to `hold.limit` solutions.
fn hold_subtree<'s, 'a, E: Subtrees>(
    engine: &mut E,
    path: &[u32],
    hold: Hold<'_, 's, 'a>,
) -> Held<'s, 'a> {
    let reports = hold.progress.is_some();
    let holder = Holder::<false> {
        keep: hold.keep,
        solutions: Vec::new(),
        ends: Vec::new(),
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
        let outcome = engine.search_subtree(path, limits, &mut holder);
        (outcome, holder.reporting::<false>())
    } else {
        let mut holder = holder;
        let outcome = engine.search_subtree(path, limits, &mut holder);
        (outcome, holder)
    };
    Held {
        solutions: holder.solutions,
        ends: holder.ends,
        stats: outcome.stats,
        limit: hold.limit,
        interrupted: holder.interrupted,
        progress: holder.progress,
    }
}

/// A worker's visitor: holds solutions flat, and reports its search's progress when
/// `REPORTS`.
struct Holder<'r, 's, 'a, const REPORTS: bool = false> {
    /// Whether the solutions are kept, or only counted.
    keep: bool,
    solutions: Vec<OptionId>,
    ends: Vec<usize>,
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
            ends: self.ends,
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
        self.solutions.extend_from_slice(options);
        self.ends.push(self.solutions.len());
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
        (REPORTS && self.progress.is_some()).then_some(TreePosition::PROGRESS_MASK)
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
    subtree_nodes: u64,
}

impl<B> Run<B> {
    /// A run that wants `max_solutions` solutions (all of them if `None`).
    fn new(max_solutions: Option<u64>) -> Run<B> {
        Run {
            stats: SearchStats::default(),
            left: max_solutions.unwrap_or(u64::MAX),
            stop: Stop::Exhausted,
            answer: None,
            searched: 0,
            largest: 0,
            subtree_nodes: 0,
        }
    }

    /// The run's figures as a split search reports them.
    fn into_report(self, depth: usize, subtrees: u64) -> SearchReport<B> {
        SearchReport {
            outcome: Outcome {
                answer: self.answer,
                stats: self.stats,
                stop: self.stop,
            },
            cut: true,
            depth,
            subtrees,
            searched: self.searched,
            largest_subtree: self.largest,
            subtree_nodes: self.subtree_nodes,
            ..SearchReport::default()
        }
    }

    /// Takes in a subtree whose search a signal cut. When solutions are handed on, they come
    /// out in order: none past this subtree, and the run ends; when only counted, its
    /// solutions still count.
    fn end_at_a_signal(&mut self, held: &Held, keep: bool) -> ControlFlow<()> {
        self.stop = Stop::Interrupted;
        if keep {
            self.searched += 1;
            let mut stats = held.stats;
            stats.solutions = 0;
            self.stats += stats;
            return ControlFlow::Break(());
        }
        self.count_after_a_signal(held);
        ControlFlow::Continue(())
    }

    /// Takes in a subtree a worker searched to its end: its figures, and its solutions handed
    /// on in order (or only counted). Breaks when the visitor does or the limit is reached.
    fn hand_on_held<V: Visitor<Break = B> + ?Sized>(
        &mut self,
        held: &Held,
        keep: bool,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        self.searched_subtree(held.stats.nodes);
        let mut stats = held.stats;
        stats.solutions = 0;
        self.stats += stats;
        if !keep {
            self.stats.solutions += held.stats.solutions;
            self.left -= held.stats.solutions;
            return ControlFlow::Continue(());
        }
        let starts = std::iter::once(0).chain(held.ends.iter().copied());
        for (start, end) in starts.zip(held.ends.iter().copied()) {
            let options = &held.solutions[start..end];
            self.hand_on(options, visitor)?;
        }
        ControlFlow::Continue(())
    }

    /// Notes the size of a subtree searched to its end.
    fn searched_subtree(&mut self, nodes: u64) {
        self.largest = self.largest.max(nodes);
        self.subtree_nodes += nodes;
    }

    /// Adds what a subtree found to a count a signal cut: its work, and its solutions as far
    /// as the limit allows (the count is a lower bound either way).
    fn count_after_a_signal(&mut self, held: &Held) {
        self.searched += 1;
        let mut stats = held.stats;
        stats.solutions = held.stats.solutions.min(self.left);
        self.left -= stats.solutions;
        self.stats += stats;
        if !held.interrupted {
            self.searched_subtree(held.stats.nodes);
        }
    }

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
            self.run.stop = Stop::Interrupted;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn progress_mask(&self) -> Option<u64> {
        self.progress
            .is_some()
            .then_some(TreePosition::PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        if let Some(progress) = &mut self.progress {
            progress.reached(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChoiceRule, Dlx, Engine, Problem};

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
    ) -> (Vec<Vec<OptionId>>, SearchReport<()>) {
        let mut dlx = Dlx::new(problem);
        split_arena(&mut dlx, threads, shard, max_solutions, count_only)
    }

    /// [`split`] of an arena as the caller set it up.
    fn split_arena(
        dlx: &mut Dlx,
        threads: usize,
        shard: Shard,
        max_solutions: Option<u64>,
        count_only: bool,
    ) -> (Vec<Vec<OptionId>>, SearchReport<()>) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut found = Vec::new();
            let settings = SearchRequest {
                rule: ChoiceRule::Mrv,
                max_solutions,
                shard,
                min_subtrees: 50,
                count_only,
                ..SearchRequest::default()
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
        let outcome = Dlx::new(problem).search(limits, &mut |options: &[OptionId]| {
            found.push(options.to_vec());
            ControlFlow::Continue(())
        });
        (found, outcome)
    }

    #[test]
    fn any_thread_count_gives_the_one_thread_solutions_order_and_figures() {
        for problem in [
            Problem::queens(8),
            Problem::langford(7),
            Problem::pentominoes(3, 20),
        ] {
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
        let problem = Problem::queens(8);
        for limit in [1, 7, 40, 92, 200] {
            let (whole, outcome) = one_thread(&problem, Some(limit));
            let (found, report) = split(&problem, 2, Shard::WHOLE, Some(limit), false);
            assert_eq!(found, whole, "limit {limit}");
            assert_eq!(report.outcome.stats, outcome.stats, "limit {limit}");
        }
    }

    #[test]
    fn an_arena_set_to_be_reloaded_after_a_stop_splits_as_one_that_undoes_its_searches() {
        // A worker's copy searches subtree after subtree, some of them stopped by what it can
        // hold (one thread: the one copy searches every subtree): the copies undo every
        // search, whatever the arena's setting, and the walk above the cut leaves the arena
        // itself as it was.
        let problem = Problem::queens(8);
        for limit in [None, Some(1), Some(7), Some(40)] {
            let (expected, expected_report) = split(&problem, 1, Shard::WHOLE, limit, false);
            let mut dlx = Dlx::new(&problem);
            dlx.set_reload_after_stop(true);
            let (found, report) = split_arena(&mut dlx, 1, Shard::WHOLE, limit, false);
            assert_eq!(found, expected, "limit {limit:?}");
            assert_eq!(report.outcome, expected_report.outcome, "limit {limit:?}");
            assert_eq!(dlx.count(), 92, "limit {limit:?}");
        }
    }

    #[test]
    fn a_count_alone_gives_the_one_thread_count_and_figures() {
        for problem in [Problem::queens(8), Problem::langford(7)] {
            for limit in [None, Some(7), Some(40)] {
                let (_, outcome) = one_thread(&problem, limit);
                let (handed, report) = split(&problem, 2, Shard::WHOLE, limit, true);
                assert_eq!(report.outcome.stats, outcome.stats, "limit {limit:?}");
                assert!(handed.len() as u64 <= outcome.stats.solutions);
            }
        }
    }

    #[test]
    fn a_count_under_a_limit_searches_little_past_it() {
        // Four independent items of 30 options: 810,000 solutions, every subtree of a cut
        // holding some. A count to 10 needs a few dozen nodes below its cut, however many
        // subtrees the cut has.
        let mut text = String::from("A B C D\n");
        for item in ["A", "B", "C", "D"] {
            text.push_str(&format!("{item}\n").repeat(30));
        }
        let problem = Problem::parse(&text).unwrap();
        let asked = std::sync::atomic::AtomicU64::new(0);
        let stop_requested = || {
            asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            false
        };
        let settings = SearchRequest {
            max_solutions: Some(10),
            min_subtrees: 20_000,
            count_only: true,
            ..SearchRequest::default()
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let report =
            pool.install(|| Dlx::new(&problem).search_split(settings, &stop_requested, &mut none));
        assert_eq!(report.outcome.stats.solutions, 10);
        assert_eq!(report.outcome.stop, Stop::SolutionLimit);
        // The walks of the top of the tree ask at each of their nodes (about 930 a walk,
        // three walks): the subtrees below the cut add a window's worth, not 27,000 of them.
        let nodes = asked.load(std::sync::atomic::Ordering::Relaxed);
        assert!(nodes < 10_000, "{nodes} nodes asked");
    }

    #[test]
    fn many_more_shards_than_subtrees_add_up_and_the_rest_are_empty() {
        let problem = Problem::queens(8);
        let (_, whole) = one_thread(&problem, None);
        let count = 1 << 20;
        let first = split(&problem, 2, Shard { index: 0, count }, None, true).1;
        let subtrees = first.subtrees;
        assert!(subtrees < count, "{subtrees} subtrees");
        let mut stats = first.outcome.stats;
        for index in 1..subtrees {
            let (_, report) = split(&problem, 1, Shard { index, count }, None, true);
            assert_eq!(report.searched, 1, "shard {index} has its one subtree");
            stats += report.outcome.stats;
        }
        assert_eq!(stats, whole.stats);
        let past = split(
            &problem,
            1,
            Shard {
                index: count - 1,
                count,
            },
            None,
            true,
        )
        .1;
        assert_eq!(
            (past.searched, past.outcome.stats),
            (0, SearchStats::default())
        );
        assert_eq!(past.outcome.stop, Stop::Exhausted);
    }

    #[test]
    fn a_stop_request_ends_a_split_count_with_what_it_finished() {
        let problem = Problem::langford(7);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let settings = SearchRequest {
            rule: ChoiceRule::Mrv,
            max_solutions: None,
            shard: Shard::WHOLE,
            min_subtrees: 50,
            count_only: true,
            ..SearchRequest::default()
        };
        // Asked to stop from the planning on: nothing is searched.
        let always = || true;
        let report = pool.install(|| {
            Dlx::new(&problem).search_split(settings, &always, &mut |_: &[OptionId]| {
                ControlFlow::<()>::Continue(())
            })
        });
        assert_eq!(report.outcome.stop, Stop::Interrupted);
        assert_eq!(report.outcome.stats.solutions, 0);
        // Asked halfway through: some subtrees are done, their solutions counted.
        let (_, whole) = one_thread(&problem, None);
        let asked = std::sync::atomic::AtomicU64::new(0);
        let count_asks = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == u64::MAX;
        pool.install(|| {
            Dlx::new(&problem).search_split(settings, &count_asks, &mut |_: &[OptionId]| {
                ControlFlow::<()>::Continue(())
            })
        });
        let halfway = asked.swap(0, std::sync::atomic::Ordering::Relaxed) / 2;
        let later = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= halfway;
        let report = pool.install(|| {
            Dlx::new(&problem).search_split(settings, &later, &mut |_: &[OptionId]| {
                ControlFlow::<()>::Continue(())
            })
        });
        assert_eq!(report.outcome.stop, Stop::Interrupted);
        assert!(report.outcome.stats.nodes < whole.stats.nodes);
        assert!(report.outcome.stats.solutions <= whole.stats.solutions);
    }

    #[test]
    fn shards_add_up_to_the_whole() {
        let problem = Problem::langford(7);
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

    use crate::progress::Reports;

    #[test]
    fn a_split_search_reports_a_fraction_that_rises_to_one() {
        let coloured = crate::Problem::random_xcc(3, 12, 4, 60);
        for problem in [
            Problem::queens(8),
            Problem::langford(7),
            Problem::pentominoes(3, 20),
            coloured,
        ] {
            for (threads, count_only) in [(1, false), (2, false), (3, true)] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let reports = Reports::default();
                let settings = SearchRequest {
                    rule: ChoiceRule::Mrv,
                    max_solutions: None,
                    shard: Shard::WHOLE,
                    min_subtrees: 50,
                    count_only,
                    ..SearchRequest::default()
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
}
