//! The bitsets on every core, and on many machines: the tree cut after its first levels, its
//! subtrees searched by the split driver (`parallel.rs`), each worker on its own copy of the
//! levels' rows (the problem's rows are shared). A subtree is named by its options, level by
//! level, and searched by making each level's rows from the one above again. The tree does not
//! depend on the order its subtrees are searched in (each level's rows are computed from the
//! level above alone), so a split search's figures are the one-thread search's exactly.

use super::rows::{Depth, OptionBit};
use super::search::Choice;
use super::{Bits, Level};
use crate::outcome::Outcome;
use crate::problem::OptionId;
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::{StopRequest, Subtrees, TopWalk, VisitPiece, WalkEnd};
use std::ops::ControlFlow;

impl Subtrees for Bits {
    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd {
        let mut walk = TopWalk::new(depth, stop_requested);
        let mut options = Vec::with_capacity(depth);
        let flow = self.walk_level(0, &mut walk, &mut options, visit);
        walk.end(flow)
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
    /// tried in input order, the subtree below it handed on at the cut; `options` are the
    /// path's, as a solution gives them.
    fn walk_level(
        &mut self,
        level: usize,
        walk: &mut TopWalk<'_>,
        options: &mut Vec<OptionId>,
        visit: &mut VisitPiece<'_>,
    ) -> ControlFlow<()> {
        if !walk.enter() {
            return ControlFlow::Break(());
        }
        let (item, degree) = match self.choose(level) {
            Choice::Solution => return walk.solution(options, visit),
            Choice::DeadEnd => return ControlFlow::Continue(()),
            Choice::Branch(item, degree) => (item, degree),
        };
        let share = walk.share;
        walk.share /= f64::from(degree);
        let live = self.live.row(Depth(level)).iter();
        let tried: Vec<usize> = (live.zip(self.items.row(item)).enumerate())
            .flat_map(|(at, (&alive, &of_item))| {
                let word = alive & of_item;
                (0..64)
                    .filter(move |bit| word >> bit & 1 == 1)
                    .map(move |bit| at * 64 + bit)
            })
            .collect();
        let mut flow = ControlFlow::Continue(());
        for option in tried {
            self.descend(level, OptionBit(option));
            options.push(OptionId(option as u32));
            walk.path.push(option as u32);
            flow = if level + 1 < walk.depth {
                self.walk_level(level + 1, walk, options, visit)
            } else if self.covers_every_primary(level + 1) {
                // A solution at the cut is entered here, as the search would: handed on as a
                // subtree it would cost a replay.
                walk.pending.nodes += 1;
                walk.solution(options, visit)
            } else {
                walk.subtree(visit)
            };
            options.pop();
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
