//! The bitsets on every core, and on many machines: the tree cut after its first levels, its
//! subtrees searched by the split driver (`parallel.rs`), each worker on its own copy of the
//! levels' rows (the problem's rows are shared). A subtree is named by its options, level by
//! level, and searched by making each level's rows from the one above again. The tree does not
//! depend on the order its subtrees are searched in (each level's rows are computed from the
//! level above alone), so a split search's figures are the one-thread search's exactly.

use super::rows::{Depth, OptionBit};
use super::search::Choice;
use super::{Bits, Level};
use crate::outcome::{Outcome, SearchStats};
use crate::problem::OptionId;
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::{PieceAt, StopRequest, Subtrees, VisitPiece, WalkEnd};
use std::ops::ControlFlow;

/// Where the walk above the cut stands.
struct Walk<'a> {
    depth: usize,
    /// The option chosen at each level so far.
    options: Vec<OptionId>,
    /// The same, as a subtree's path.
    path: Vec<u32>,
    /// Work done since the last piece.
    pending: SearchStats,
    /// The share of the tree below the current path.
    share: f64,
    stop_requested: StopRequest<'a>,
    interrupted: bool,
}

impl Subtrees for Bits {
    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd {
        let mut walk = Walk {
            depth,
            options: Vec::with_capacity(depth),
            path: Vec::with_capacity(depth),
            pending: SearchStats::default(),
            share: 1.0,
            stop_requested,
            interrupted: false,
        };
        match self.walk_level(0, &mut walk, visit) {
            ControlFlow::Continue(()) => WalkEnd::Done(walk.pending),
            ControlFlow::Break(()) if walk.interrupted => WalkEnd::Interrupted,
            ControlFlow::Break(()) => WalkEnd::Stopped,
        }
    }

    fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        for (level, &option) in path.iter().enumerate() {
            self.descend(level, OptionBit(option as usize));
            // One option of one: the subtree's progress is its own.
            self.path[level] = Level {
                option,
                degree: 1,
                tried: 1,
            };
        }
        self.run(path.len(), limits, visitor)
    }
}

impl Bits {
    /// The node at `level` of the walk above the cut, entered as the search enters it: a
    /// solution handed on, a dead end left, or each option of the item of fewest live options
    /// tried in input order, the subtree below it handed on at the cut.
    fn walk_level(
        &mut self,
        level: usize,
        walk: &mut Walk<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> ControlFlow<()> {
        if (walk.stop_requested)() {
            walk.interrupted = true;
            return ControlFlow::Break(());
        }
        walk.pending.nodes += 1;
        let (item, degree) = match self.choose(level) {
            Choice::Solution => {
                walk.pending.solutions += 1;
                let before = std::mem::take(&mut walk.pending);
                return visit(PieceAt::Solution(&walk.options), before);
            }
            Choice::DeadEnd => return ControlFlow::Continue(()),
            Choice::Branch(item, degree) => (item, degree),
        };
        let share = walk.share;
        walk.share /= f64::from(degree);
        let live = self.live.row(Depth(level)).iter();
        let options: Vec<usize> = (live.zip(self.items.row(item)).enumerate())
            .flat_map(|(at, (&alive, &of_item))| {
                let word = alive & of_item;
                (0..64)
                    .filter(move |bit| word >> bit & 1 == 1)
                    .map(move |bit| at * 64 + bit)
            })
            .collect();
        let mut flow = ControlFlow::Continue(());
        for option in options {
            self.descend(level, OptionBit(option));
            walk.options.push(OptionId(option as u32));
            walk.path.push(option as u32);
            flow = if level + 1 < walk.depth {
                self.walk_level(level + 1, walk, visit)
            } else if self.covers_every_primary(level + 1) {
                // A solution at the cut is entered here, as the search would: handed on as a
                // subtree it would cost a replay.
                walk.pending.nodes += 1;
                walk.pending.solutions += 1;
                let before = std::mem::take(&mut walk.pending);
                visit(PieceAt::Solution(&walk.options), before)
            } else {
                let before = std::mem::take(&mut walk.pending);
                visit(PieceAt::Subtree(&walk.path, walk.share), before)
            };
            walk.options.pop();
            walk.path.pop();
            if flow.is_break() {
                break;
            }
        }
        walk.share = share;
        flow
    }

    /// Whether no primary item is left uncovered at `level`.
    fn covers_every_primary(&self, level: usize) -> bool {
        self.uncovered
            .row(Depth(level))
            .iter()
            .all(|&word| word == 0)
    }

    /// How many copies of the search's own state (the rows of every level) a split search
    /// may hold within [`Bits::MAX_WORDS`]: the most threads it runs on.
    pub(crate) fn copies_that_fit(&self) -> usize {
        let fit = Bits::MAX_WORDS / self.state_words().max(1);
        usize::try_from(fit).unwrap_or(usize::MAX).max(1)
    }
}
