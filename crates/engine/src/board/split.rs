//! The board on every core, and on many machines: the tree cut after its first levels, its
//! subtrees searched by the split driver (`parallel.rs`), each worker on its own copy of the
//! levels' state (the problem's tables are shared). A subtree is named by the options chosen
//! at its levels (not those deduced), and searched by taking them again from the root, with
//! the same deductions; each level's state is a function of the level above and the option
//! taken alone, so a split search's figures are the one-thread search's exactly.

use super::{Board, Level};
use crate::outcome::Outcome;
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::{StopRequest, Subtrees, TopWalk, VisitPiece, WalkEnd};
use std::ops::ControlFlow;

impl Subtrees for Board {
    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd {
        let mut walk = TopWalk::new(depth, stop_requested);
        let dead = self.start();
        let flow = self.walk_level(0, dead, &mut walk, visit);
        walk.end(flow)
    }

    fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let mut alive = !self.start();
        let mut level = 0;
        for &option in path {
            if !alive {
                break;
            }
            // One option of one: the subtree's progress is its own.
            self.path[level] = Level {
                degree: 1,
                tried: 1,
                ..Level::default()
            };
            alive = self.descend(level, option);
            level += 1;
        }
        self.run(level, !alive, limits, visitor)
    }
}

impl Board {
    /// The node at `level` of the walk above the cut, settled (or a dead end if `dead`), entered
    /// as the search enters it: a solution handed on, a dead end left, or each live option of
    /// the item of fewest tried in input order, the subtree below it handed on at the cut.
    fn walk_level(
        &mut self,
        level: usize,
        dead: bool,
        walk: &mut TopWalk<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> ControlFlow<()> {
        if !walk.enter() {
            return ControlFlow::Break(());
        }
        if dead {
            return ControlFlow::Continue(());
        }
        let Some((item, degree)) = self.least(level) else {
            return walk.solution(&self.taken, visit);
        };
        let share = walk.share;
        walk.share /= f64::from(degree);
        let taken = self.taken.len();
        let mut next = 0;
        let mut flow = ControlFlow::Continue(());
        while let Some((option, after)) = self.next_option(level, item, next) {
            next = after;
            self.taken.truncate(taken);
            let alive = self.descend(level, option);
            walk.path.push(option);
            flow = if level + 1 < walk.depth {
                self.walk_level(level + 1, !alive, walk, visit)
            } else if !alive {
                // A dead end at the cut is a node of its own, met here as the search would.
                walk.pending.nodes += 1;
                ControlFlow::Continue(())
            } else if self.least(level + 1).is_none() {
                walk.pending.nodes += 1;
                walk.solution(&self.taken, visit)
            } else {
                walk.subtree(visit)
            };
            walk.path.pop();
            if flow.is_break() {
                break;
            }
        }
        self.taken.truncate(taken);
        walk.share = share;
        flow
    }
}
