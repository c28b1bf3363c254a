//! What an engine gives to be searched on every core and in shards: a walk of the top of its
//! tree that meets the pieces below a cut in the one-thread order, and a search of one subtree
//! on a copy of itself, its path replayed. One driver (`parallel.rs`) does the rest for every
//! engine: the depth of the cut, the windows of pieces on the rayon pool, the solutions handed
//! on in order, the limits, the shards, the progress reports and the stop request.
//!
//! A piece is a solution met above the cut or the subtree below a path: the nodes chosen from
//! the root, one a level, named as the engine names them (an arena node, a layout offset, an
//! option), the same in every copy built from the same problem and on every machine. Replaying
//! a path makes the same choices the search made, so the subtrees hold exactly the one-thread
//! search's solutions, and every count is exact.

use crate::engine::Engine;
use crate::outcome::{Outcome, SearchStats};
use crate::problem::OptionId;
use crate::request::SearchRequest;
use crate::search::{SearchLimits, Visitor};
use std::ops::ControlFlow;

/// The stop request every loop of a split search asks, on every thread.
pub(crate) type StopRequest<'a> = &'a (dyn Fn() -> bool + Sync);

/// What a walk above the cut hands each piece to, with the work done since the piece before
/// it: breaking stops the walk.
pub(crate) type VisitPiece<'a> = dyn FnMut(PieceAt<'_>, SearchStats) -> ControlFlow<()> + 'a;

/// The deepest cut tried: each level multiplies the pieces by the options of its item, so a
/// dozen levels is far past any useful split.
pub(crate) const MAX_DEPTH: usize = 12;

/// A piece as the walk above the cut meets it, borrowed from the walk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PieceAt<'a> {
    /// A solution above the cut: its options, level by level.
    Solution(&'a [OptionId]),
    /// The subtree below this path, with its share of the tree as DLX1 estimates it (the
    /// product of one over each level's number of options), for the progress reports.
    Subtree(&'a [u32], f64),
}

/// How a walk above the cut ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WalkEnd {
    /// Every piece was met: the work above the cut after the last one.
    Done(SearchStats),
    /// The caller's visit said stop.
    Stopped,
    /// The stop request said stop.
    Interrupted,
}

/// Which pieces a shard takes: `index` of `count` (0-based here; the command line says 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u64,
    /// How many shards share the tree.
    pub count: u64,
}

impl Shard {
    /// The whole tree as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether the `n`-th subtree of a plan is this shard's: subtrees are dealt round-robin, so
    /// neighbouring subtrees, often alike in size, go to different shards. The work above the
    /// cut and the solutions found there are the first shard's. A shard whose index is past
    /// the plan's last subtree gets none.
    pub fn takes_subtree(self, n: u64) -> bool {
        n % self.count == self.index
    }

    /// Whether this shard reports the work above the cut.
    pub fn takes_top(self) -> bool {
        self.index == 0
    }
}

/// Where a walk above the cut stands, for the engines whose walk goes down level by level with
/// a state of their own at each (the bitsets, the board): the path so far, the work since the
/// last piece, and the share of the tree below the path.
pub(crate) struct TopWalk<'a> {
    /// Levels above the cut.
    pub(crate) depth: usize,
    /// The option chosen at each level so far: a subtree's path.
    pub(crate) path: Vec<u32>,
    /// Work done since the last piece.
    pub(crate) pending: SearchStats,
    /// The share of the tree below the current path.
    pub(crate) share: f64,
    stop_requested: StopRequest<'a>,
    interrupted: bool,
}

impl<'a> TopWalk<'a> {
    pub(crate) fn new(depth: usize, stop_requested: StopRequest<'a>) -> TopWalk<'a> {
        TopWalk {
            depth,
            path: Vec::with_capacity(depth),
            pending: SearchStats::default(),
            share: 1.0,
            stop_requested,
            interrupted: false,
        }
    }

    /// Enters a node, counting it; `false` (the walk interrupted) once the stop request says
    /// stop.
    pub(crate) fn enter(&mut self) -> bool {
        if (self.stop_requested)() {
            self.interrupted = true;
            return false;
        }
        self.pending.nodes += 1;
        true
    }

    /// Hands on a solution (its options, level by level), with the work since the last piece.
    pub(crate) fn solution(
        &mut self,
        options: &[OptionId],
        visit: &mut VisitPiece<'_>,
    ) -> ControlFlow<()> {
        self.pending.solutions += 1;
        let before = std::mem::take(&mut self.pending);
        visit(PieceAt::Solution(options), before)
    }

    /// Hands on the subtree below the current path, with the work since the last piece.
    pub(crate) fn subtree(&mut self, visit: &mut VisitPiece<'_>) -> ControlFlow<()> {
        let before = std::mem::take(&mut self.pending);
        visit(PieceAt::Subtree(&self.path, self.share), before)
    }

    /// How the walk ended, from what its root's level gave.
    pub(crate) fn end(&self, flow: ControlFlow<()>) -> WalkEnd {
        match flow {
            ControlFlow::Continue(()) => WalkEnd::Done(self.pending),
            ControlFlow::Break(()) if self.interrupted => WalkEnd::Interrupted,
            ControlFlow::Break(()) => WalkEnd::Stopped,
        }
    }
}

/// Where a tree is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    /// Levels above the cut.
    pub depth: usize,
    /// The subtrees below it, counted up to the number asked for: none when the whole tree
    /// lies above the cut (every leaf a solution or a dead end within `depth` levels), which
    /// a split search then searches whole, on one thread, with no copy of its state.
    pub subtrees: usize,
}

/// An engine whose tree the split driver can cut: each engine writes its walk and its replay,
/// in its own terms, and nothing else of a split search.
///
/// # Invariant
/// The pieces a walk hands on, with the solutions of the subtrees searched from their paths,
/// are the one-thread search's solutions in its order, subtree by subtree; and the figures a
/// walk hands on with each piece (the work above the cut since the piece before it), those
/// of its end and those of the subtrees' searches sum to a figure of the whole tree that
/// does not depend on the number of threads (the one-thread figures, for an engine whose
/// subtrees do not depend on what was searched before them).
pub(crate) trait Subtrees: Engine + Clone + Send + Sync {
    /// Whether this problem's tree can be cut (dancing links do not replay Algorithm M's
    /// purifications): if not, a split search is the one-thread search, the first shard's.
    fn can_split(&self) -> bool {
        true
    }

    /// Walks the tree above the cut after `depth` levels as the one-thread search does,
    /// handing `visit` each piece in order with the work above the cut since the piece before
    /// it (a solution counted as a node and a solution), until the walk ends, `visit` breaks
    /// or `stop_requested` (asked at every node) says stop. Memory is the walk's path; the
    /// engine is left ready for another walk or search.
    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd;

    /// Searches the subtree at `path` (met by a walk of this engine or of a copy): the path's
    /// choices replayed without being counted, then the search below them, handing the
    /// visitor whole solutions (the path's options first) and reporting progress within the
    /// subtree. The engine is left ready for another walk or search.
    fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>>;

    /// The copy each worker starts from. Default: a clone.
    fn worker_template(&self) -> Self {
        self.clone()
    }

    /// The depth to cut the tree at: the shallowest that gives at least `min_subtrees`
    /// subtrees (at most [`SearchRequest::MAX_SUBTREES`]), or twelve levels, or the depth below
    /// which the tree ends or thins out. Each depth tried is walked, counting its subtrees and
    /// stopping once there are enough. `None` when `stop_requested` said stop.
    fn split_depth(&mut self, min_subtrees: usize, stop_requested: StopRequest<'_>) -> Option<Cut> {
        let enough = min_subtrees.clamp(1, SearchRequest::MAX_SUBTREES);
        let mut count = |depth: usize| {
            let mut subtrees = 0;
            let end = self.walk_pieces(depth, stop_requested, &mut |piece, _| {
                if let PieceAt::Subtree(..) = piece {
                    subtrees += 1;
                    if subtrees >= enough {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            (end != WalkEnd::Interrupted).then_some(subtrees)
        };
        let mut depth = 1;
        let mut subtrees = count(depth)?;
        // A cut with no subtree has the whole tree above it, and so has every deeper cut.
        while subtrees > 0 && subtrees < enough && depth < MAX_DEPTH {
            let deeper = count(depth + 1)?;
            if deeper <= subtrees {
                // The tree ends above the deeper cut, or thins out there: no gain.
                break;
            }
            depth += 1;
            subtrees = deeper;
        }
        Some(Cut { depth, subtrees })
    }
}
