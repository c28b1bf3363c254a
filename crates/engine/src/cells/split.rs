//! Dancing cells on every core, and on many machines: the tree cut after its first levels, as
//! links cut theirs (`split.rs`, `parallel.rs`), its subtrees searched on the rayon pool (or
//! only one shard's share of them), their solutions handed on subtree by subtree in the
//! one-thread order of the subtrees.
//!
//! A piece of the tree is the path of nodes chosen from the root to it, one a level, forced
//! moves included (each is a level of SSXCC's tree): the nodes are offsets in the layout, the
//! same in every copy built from the same problem. A subtree is searched by replaying its path
//! on a fresh copy ([`Cells::search_subtree`]): each level's item swapped out and hidden, then
//! the node's option chosen, as the search does, so the subtree holds exactly the one-thread
//! search's solutions. Its figures may differ: in SSXCC the order of the options inside the
//! sets, and of the items in the active list, depends on every subtree searched before, and so
//! do the order the options are tried in and which of several forced moves goes first. The
//! solutions and their count are the one-thread search's; nodes and updates are those of the
//! split run, which equal SSXCC's only on one thread.
//!
//! As for links, the pieces are walked, never all kept: this shard's are gathered into a
//! window, a window's subtrees searched in parallel, each worker on its own copy, holding up
//! to `HELD_PER_SUBTREE` solutions a subtree; then the window is handed on in order, a subtree
//! with more solutions (or the one a limit falls in) searched again on the caller's thread.

use super::search::Span;
use super::Cells;
use crate::engine::Engine;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::parallel::{Run, COUNT_WINDOW, FLUSH_AFTER_PIECES, HELD_PER_SUBTREE, WINDOW_PER_THREAD};
use crate::problem::OptionId;
use crate::progress::{ProgressSink, SplitProgress, SubtreeProgress, TreePosition};
use crate::request::{SearchReport, SearchRequest};
use crate::search::{SearchLimits, Visitor};
use crate::split::{cut_depth, Cut};
use crate::workers::Workers;
use rayon::prelude::*;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The stop request every loop of a split search asks.
type StopRequest<'a> = &'a (dyn Fn() -> bool + Sync);

/// A part of the tree, in the one-thread search's order.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Piece {
    /// A solution found above the cut: its options, level by level.
    Solution(Vec<OptionId>),
    /// The subtree reached by choosing these nodes, level by level from the root, with its
    /// share of the tree as DLX1 estimates it (for progress reports).
    Subtree(Vec<u32>, f64),
}

/// How a walk above the cut ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WalkEnd {
    /// Every piece was met: the work above the cut, solutions above it included.
    Done(SearchStats),
    /// The caller's visit said stop.
    Stopped,
    /// The stop flag was raised.
    Interrupted,
}

impl Cells {
    /// Walks the tree above the cut after `depth` levels as the one-thread search does,
    /// handing `visit` each piece in order, until the walk ends, `visit` breaks or
    /// `stop_requested` (asked at every node) says stop.
    pub(crate) fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut dyn FnMut(Piece) -> ControlFlow<()>,
    ) -> WalkEnd {
        if self.uncoverable {
            return WalkEnd::Done(SearchStats::default());
        }
        let visit = RefCell::new(visit);
        let mut walker = Walker {
            visit: &visit,
            stop_requested,
            interrupted: false,
        };
        let mut at_cut =
            |path: &[u32], share| (visit.borrow_mut())(Piece::Subtree(path.to_vec(), share));
        self.layout.reset(self.option_of.0);
        self.trail.clear();
        let span = Span {
            floor: 0,
            cut: depth,
            max_nodes: u64::MAX,
            max_solutions: u64::MAX,
        };
        let outcome = self.run(span, &mut at_cut, &mut walker);
        match outcome.stop {
            _ if walker.interrupted => WalkEnd::Interrupted,
            Stop::Exhausted => WalkEnd::Done(outcome.stats),
            _ => WalkEnd::Stopped,
        }
    }

    /// The depth to cut the tree at: the shallowest that gives at least `min_subtrees`
    /// subtrees (at most [`SearchRequest::MAX_SUBTREES`]), or twelve levels, or the depth
    /// below which the tree ends or thins out, as for links. `None` when `stop_requested`
    /// said stop.
    pub(crate) fn split_depth(
        &mut self,
        min_subtrees: usize,
        stop_requested: StopRequest<'_>,
    ) -> Option<Cut> {
        cut_depth(min_subtrees, |depth, enough| {
            self.count_subtrees(depth, enough, stop_requested)
        })
    }

    /// The subtrees of the cut after `depth` levels, counted up to `enough`.
    fn count_subtrees(
        &mut self,
        depth: usize,
        enough: usize,
        stop_requested: StopRequest<'_>,
    ) -> Option<usize> {
        let mut subtrees = 0;
        let end = self.walk_pieces(depth, stop_requested, &mut |piece| {
            if let Piece::Subtree(..) = piece {
                subtrees += 1;
                if subtrees >= enough {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        (end != WalkEnd::Interrupted).then_some(subtrees)
    }

    /// Searches the subtree at `path` (a [`Piece::Subtree`] of this problem's walk): the
    /// path's choices are replayed on a fresh state without being counted, then SSXCC's search
    /// runs below them, handing the visitor whole solutions (the path's options first).
    pub(crate) fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        if max_solutions == 0 || self.uncoverable {
            return Outcome::default();
        }
        self.layout.reset(self.option_of.0);
        with_sets!(&mut self.layout, |sets, _pristine| sets.replay(path));
        self.choice.clear();
        self.choice.extend_from_slice(path);
        self.trail.clear_from(path.len());
        self.run(
            Span::below(path.len(), limits),
            &mut |_, _| ControlFlow::Continue(()),
            visitor,
        )
    }

    /// Searches this shard's share of the tree on the current rayon pool, handing `visitor`
    /// the solutions subtree by subtree in the one-thread search's order of subtrees (inside a
    /// subtree the order may differ: see the module's note); the shards' counts sum to the
    /// whole.
    /// `settings.rule` is not read: cells choose items as SSXCC does. The figures are the split
    /// run's (see the module's note): the one-thread figures only in their solutions.
    /// `stop_requested` is asked on entering each node, on every thread and in the walks that
    /// cut the tree: the search then ends with [`Stop::Interrupted`], what it finished kept.
    pub fn search_split<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        self.search_split_reporting(settings, stop_requested, None, visitor)
    }

    /// [`Cells::search_split`], telling `progress` (when given, and when its
    /// [`ProgressSink::begin`] takes this search) how much of this shard's tree is done, from
    /// the threads as they go: each subtree counts for its share of the tree as DLX1 estimates
    /// it, a subtree being searched for the share of it its search has done, against the
    /// shard's part of the tree (1/N of it; the fraction is made 1 when the search ends).
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        let sink = progress.filter(|sink| sink.begin());
        let report = self.search_split_with(settings, stop_requested, sink, visitor);
        if let Some(sink) = sink {
            sink.end();
        }
        report
    }

    /// [`Cells::search_split_reporting`] with a sink that has begun this search, if any.
    fn search_split_with<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        sink: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        let Some(Cut { depth, subtrees }) = self.split_depth(settings.min_subtrees, stop_requested)
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
            return self.search_above_the_cut(settings, stop_requested, depth, visitor);
        }
        let window_size = if settings.count_only {
            COUNT_WINDOW
        } else {
            rayon::current_num_threads().max(1) * WINDOW_PER_THREAD
        };
        let template = self.clone();
        let split_progress = sink.map(|sink| SplitProgress::new(sink, 1.0 / shard.count as f64));
        let mut share = Share {
            template: &template,
            workers: Workers::new(&template),
            again: None,
            keep: !settings.count_only,
            stop_requested,
            progress: split_progress.as_ref(),
            run: Run::new(settings.max_solutions),
        };
        let mut window = Vec::with_capacity(window_size);
        let mut subtrees = 0u64;
        let mut walked_since_search = 0u64;
        let walked = self.walk_pieces(depth, stop_requested, &mut |piece| {
            match piece {
                Piece::Solution(_) if !shard.takes_top() => {}
                Piece::Solution(_) => window.push(piece),
                Piece::Subtree(..) => {
                    subtrees += 1;
                    if shard.takes_subtree(subtrees - 1) {
                        window.push(piece);
                    }
                }
            }
            walked_since_search += 1;
            let due = walked_since_search >= FLUSH_AFTER_PIECES && !window.is_empty();
            if window.len() < window_size && !due {
                return ControlFlow::Continue(());
            }
            walked_since_search = 0;
            let flow = share.search_window(&window, visitor);
            window.clear();
            flow
        });
        match walked {
            WalkEnd::Done(mut top) => {
                let finished = share.search_window(&window, visitor).is_continue();
                if finished && share.run.stop == Stop::Exhausted && shard.takes_top() {
                    // The solutions above the cut were counted as they were handed on.
                    top.solutions = 0;
                    share.run.stats += top;
                }
            }
            WalkEnd::Stopped => {}
            WalkEnd::Interrupted => share.run.stop = Stop::Interrupted,
        }
        let report = share.run.into_report(depth, subtrees);
        if let (Some(split), Stop::Exhausted) = (&split_progress, report.outcome.stop) {
            split.finish();
        }
        report
    }
}

impl Cells {
    /// [`Cells::search_split`] of a tree that lies whole above its cut (no subtree: every
    /// leaf within `depth` levels): the one-thread search, the first shard's, on this copy
    /// alone, with the stop request asked at every node. Copies for the workers would be
    /// wasted, and on a problem of many short options (a million one-item options, each a
    /// solution) they would be most of the memory.
    fn search_above_the_cut<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: StopRequest<'_>,
        depth: usize,
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        let mut report = SearchReport {
            depth,
            cut: true,
            ..SearchReport::default()
        };
        if !settings.shard.takes_top() {
            return report;
        }
        let limits = SearchLimits {
            max_solutions: settings.max_solutions,
            max_nodes: None,
        };
        let mut stream = Stream {
            inner: visitor,
            stop_requested,
            progress: None,
        };
        let outcome = self.search(limits, &mut stream);
        report.outcome = Outcome {
            stop: match outcome.answer {
                Some(None) => Stop::Interrupted,
                _ => outcome.stop,
            },
            answer: outcome.answer.flatten(),
            stats: outcome.stats,
        };
        report
    }
}

/// The walk's visitor: hands the solutions above the cut on as pieces, and stops on a signal.
struct Walker<'v, 'f, 's> {
    visit: &'v RefCell<&'f mut dyn FnMut(Piece) -> ControlFlow<()>>,
    stop_requested: StopRequest<'s>,
    interrupted: bool,
}

impl Visitor for Walker<'_, '_, '_> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        (self.visit.borrow_mut())(Piece::Solution(options.to_vec()))
    }

    fn enter_node(&mut self) -> ControlFlow<()> {
        if (self.stop_requested)() {
            self.interrupted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// A subtree searched by a worker: its solutions (when kept), its figures, whether the signal
/// cut it short.
struct Held<'s, 'a> {
    solutions: Vec<Vec<OptionId>>,
    stats: SearchStats,
    /// The most solutions the worker would hold: reaching it means "search it again in order".
    limit: u64,
    interrupted: bool,
    /// What the worker's search reported of its progress, for a search again in order to go on
    /// from.
    progress: Option<SubtreeProgress<'s, 'a>>,
}

/// A worker's visitor: holds the solutions (or only counts them), stops on a signal, and
/// reports its progress when there is somewhere to report it.
struct Holder<'r, 's, 'a> {
    keep: bool,
    solutions: Vec<Vec<OptionId>>,
    stop_requested: StopRequest<'r>,
    interrupted: bool,
    progress: Option<SubtreeProgress<'s, 'a>>,
}

impl Visitor for Holder<'_, '_, '_> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        if self.keep {
            self.solutions.push(options.to_vec());
        }
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        self.keep
    }

    fn enter_node(&mut self) -> ControlFlow<()> {
        if (self.stop_requested)() {
            self.interrupted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn progress_mask(&self) -> Option<u64> {
        self.progress.map(|_| TreePosition::PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        if let Some(progress) = &mut self.progress {
            progress.reached(at);
        }
    }
}

/// The caller's visitor for a subtree searched again in order: the signal ends it too
/// (`Break(None)`).
struct Stream<'v, 'r, 's, 'a, V: Visitor + ?Sized> {
    inner: &'v mut V,
    stop_requested: StopRequest<'r>,
    progress: Option<SubtreeProgress<'s, 'a>>,
}

impl<V: Visitor + ?Sized> Visitor for Stream<'_, '_, '_, '_, V> {
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
        self.progress.map(|_| TreePosition::PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        if let Some(progress) = &mut self.progress {
            progress.reached(at);
        }
    }
}

/// What searching a window of pieces needs.
struct Share<'a, B> {
    /// The copy the workers start from.
    template: &'a Cells,
    /// The workers' copies of the template, one a thread, kept from window to window.
    workers: Workers<'a, Cells>,
    /// The copy a subtree is searched again in, in order: made on first use.
    again: Option<Cells>,
    /// Whether solutions are handed on, or only counted.
    keep: bool,
    stop_requested: StopRequest<'a>,
    /// Where the subtrees report their progress, if anywhere.
    progress: Option<&'a SplitProgress<'a>>,
    run: Run<B>,
}

impl<'a, B> Share<'a, B> {
    /// Searches a window of pieces: the subtrees in parallel, then each piece handed on in
    /// order. Breaks when the run ends (a limit, the visitor, a signal).
    fn search_window<V: Visitor<Break = B> + ?Sized>(
        &mut self,
        window: &[Piece],
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let limit = if self.keep {
            self.run.left.min(HELD_PER_SUBTREE)
        } else {
            self.run.left
        };
        let (keep, stop_requested, split_progress) =
            (self.keep, self.stop_requested, self.progress);
        let workers = &self.workers;
        let searched: Vec<Option<Held>> = if window
            .iter()
            .all(|piece| matches!(piece, Piece::Solution(_)))
        {
            // Solutions above the cut only: nothing for the pool.
            window.iter().map(|_| None).collect()
        } else {
            window
                .par_iter()
                .map(|piece| match piece {
                    Piece::Solution(_) => None,
                    Piece::Subtree(path, share) => {
                        let progress =
                            split_progress.map(|split| SubtreeProgress::new(split, *share));
                        let hold = Hold {
                            limit,
                            keep,
                            stop_requested,
                            progress,
                        };
                        Some(workers.with(|cells| hold_subtree(cells, path, hold)))
                    }
                })
                .collect()
        };
        for (piece, held) in window.iter().zip(searched) {
            if self.run.stop == Stop::Interrupted {
                // Counting only: the subtrees after the one the signal cut still add the
                // solutions they found, and the count says it is a lower bound.
                if let (false, Some(held)) = (self.keep, held) {
                    let found = held.stats.solutions.min(self.run.left);
                    self.run.stats.solutions += found;
                    self.run.left -= found;
                }
                continue;
            }
            self.hand_on_piece(piece, held, visitor)?;
        }
        if self.run.stop == Stop::Interrupted {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Hands one piece on, in order: a solution above the cut, or a subtree's solutions, held
    /// by a worker or searched again here. Breaks when the run ends.
    fn hand_on_piece<V: Visitor<Break = B> + ?Sized>(
        &mut self,
        piece: &Piece,
        held: Option<Held<'a, 'a>>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let (path, held) = match (piece, held) {
            (Piece::Solution(options), _) => return self.run.hand_on(options, visitor),
            (Piece::Subtree(path, _), Some(held)) => (path, held),
            (Piece::Subtree(..), None) => return ControlFlow::Continue(()),
        };
        let run = &mut self.run;
        if held.interrupted {
            // What the subtree found before the signal: whole solutions, in order.
            run.stop = Stop::Interrupted;
            run.stats.nodes += held.stats.nodes;
            run.stats.updates += held.stats.updates;
            let found = held.stats.solutions.min(run.left);
            run.left -= found;
            run.stats.solutions += found;
            for options in held.solutions.iter().take(found as usize) {
                if let ControlFlow::Break(value) = visitor.solution(options) {
                    run.answer = Some(value);
                    break;
                }
            }
            return ControlFlow::Continue(());
        }
        if held.stats.solutions < held.limit && held.stats.solutions < run.left {
            run.searched_subtree(held.stats.nodes);
            run.stats.nodes += held.stats.nodes;
            run.stats.updates += held.stats.updates;
            if !self.keep {
                run.stats.solutions += held.stats.solutions;
                run.left -= held.stats.solutions;
                return ControlFlow::Continue(());
            }
            for options in &held.solutions {
                run.hand_on(options, visitor)?;
            }
            return ControlFlow::Continue(());
        }
        // Too many to hold, or the limit falls inside: search it again here, in order,
        // stopping exactly where the one-thread search would.
        self.search_again_in_order(path, held.progress, visitor)
    }

    /// Searches a subtree again on the caller's thread, handing its solutions on as they come.
    fn search_again_in_order<V: Visitor<Break = B> + ?Sized>(
        &mut self,
        path: &[u32],
        mut progress: Option<SubtreeProgress<'a, 'a>>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let limits = SearchLimits {
            max_solutions: Some(self.run.left),
            max_nodes: None,
        };
        if let Some(progress) = &mut progress {
            progress.restart_nodes();
        }
        let mut stream = Stream {
            inner: visitor,
            stop_requested: self.stop_requested,
            progress,
        };
        let template = self.template;
        let cells = self.again.get_or_insert_with(|| template.clone());
        let outcome = cells.search_subtree(path, limits, &mut stream);
        let run = &mut self.run;
        run.searched_subtree(outcome.stats.nodes);
        run.stats += outcome.stats;
        run.left -= outcome.stats.solutions;
        match outcome.stop {
            Stop::Exhausted => return ControlFlow::Continue(()),
            Stop::Visitor => match outcome.answer.flatten() {
                Some(value) => {
                    run.answer = Some(value);
                    run.stop = Stop::Visitor;
                }
                None => run.stop = Stop::Interrupted,
            },
            stop => run.stop = stop,
        }
        ControlFlow::Break(())
    }
}

/// How a worker searches a subtree.
struct Hold<'r, 's, 'a> {
    /// The most solutions to hold.
    limit: u64,
    /// Whether the solutions are kept, or only counted.
    keep: bool,
    stop_requested: StopRequest<'r>,
    /// Where the search reports its progress, if anywhere.
    progress: Option<SubtreeProgress<'s, 'a>>,
}

/// Searches a subtree on a worker's copy, holding up to `hold.limit` solutions (or only
/// counting).
fn hold_subtree<'s, 'a>(cells: &mut Cells, path: &[u32], hold: Hold<'_, 's, 'a>) -> Held<'s, 'a> {
    let mut holder = Holder {
        keep: hold.keep,
        solutions: Vec::new(),
        stop_requested: hold.stop_requested,
        interrupted: false,
        progress: hold.progress,
    };
    let limits = SearchLimits {
        max_solutions: Some(hold.limit),
        max_nodes: None,
    };
    let outcome = cells.search_subtree(path, limits, &mut holder);
    Held {
        solutions: holder.solutions,
        stats: outcome.stats,
        limit: hold.limit,
        interrupted: holder.interrupted,
        progress: holder.progress,
    }
}
