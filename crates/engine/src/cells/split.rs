//! Dancing cells on every core, and on many machines: the tree cut after its first levels, its
//! subtrees searched by the split driver (`parallel.rs`), each worker on its own copy.
//!
//! A piece of the tree is the path of nodes chosen from the root to it, one a level, forced
//! moves included (each is a level of SSXCC's tree): the nodes are offsets in the layout, the
//! same in every copy built from the same problem. A subtree is searched by replaying its path
//! on a fresh copy ([`Subtrees::search_subtree`]): each level's item swapped out and hidden,
//! then the node's option chosen, as the search does, so the subtree holds exactly the
//! one-thread search's solutions. Its figures may differ: in SSXCC the order of the options
//! inside the sets, and of the items in the active list, depends on every subtree searched
//! before, and so do the order the options are tried in and which of several forced moves goes
//! first. The solutions and their count are the one-thread search's; nodes and updates are
//! those of the split run, which equal SSXCC's only on one thread.

use super::search::Span;
use super::Cells;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::parallel;
use crate::problem::OptionId;
use crate::progress::ProgressSink;
use crate::request::{SearchReport, SearchRequest};
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::{PieceAt, StopRequest, Subtrees, VisitPiece, WalkEnd};
use std::cell::RefCell;
use std::ops::ControlFlow;

impl Subtrees for Cells {
    /// The walk hands on no work with its pieces: the work above the cut is all reported at
    /// its end (the split run's figures, see the module's note).
    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
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
        let mut at_cut = |path: &[u32], share| {
            (visit.borrow_mut())(PieceAt::Subtree(path, share), SearchStats::default())
        };
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
            // The solutions above the cut are counted as they are handed on.
            Stop::Exhausted => WalkEnd::Done(SearchStats {
                solutions: 0,
                ..outcome.stats
            }),
            _ => WalkEnd::Stopped,
        }
    }

    fn search_subtree<V: Visitor + ?Sized>(
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
}

impl Cells {
    /// [`Dlx::search_split`](crate::Dlx::search_split) on dancing cells, with two differences:
    /// inside a subtree the order of solutions may differ from the one-thread search's, and
    /// the figures are the split run's (see the module's note). `settings.rule` is not read:
    /// cells choose items as SSXCC does.
    pub fn search_split<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        self.search_split_reporting(settings, stop_requested, None, visitor)
    }

    /// [`Cells::search_split`], telling `progress` how far it is, as
    /// [`Dlx::search_split_reporting`](crate::Dlx::search_split_reporting) does.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        parallel::search_split(self, settings, stop_requested, progress, visitor)
    }
}

/// The walk's visitor: hands the solutions above the cut on as pieces, and stops on a signal.
struct Walker<'v, 'f, 'd, 's> {
    visit: &'v RefCell<&'f mut VisitPiece<'d>>,
    stop_requested: StopRequest<'s>,
    interrupted: bool,
}

impl Visitor for Walker<'_, '_, '_, '_> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        (self.visit.borrow_mut())(PieceAt::Solution(options), SearchStats::default())
    }

    fn enter_node(&mut self) -> ControlFlow<()> {
        if (self.stop_requested)() {
            self.interrupted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}
