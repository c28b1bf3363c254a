//! The board's search loop: one iterative loop over the levels, each entered settled (its
//! deductions made), which pushes solutions to a visitor.

use super::{Board, Level};
use crate::gate::{none_asked, Gate};
use crate::outcome::{Outcome, SearchStats};
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};

/// Where the loop goes next.
#[derive(Clone, Copy)]
enum Step {
    /// Enter the node at the current level, settled, or a dead end if `dead`.
    Enter { dead: bool },
    /// Try the next live option of the current level's item, or back up.
    Next,
}

impl Board {
    /// The loop from level `floor` (0: the root, [`Board::start`]ed; a subtree's depth once its
    /// path is replayed), whose state is settled, or a dead end if `dead`, until it backs up to
    /// the floor: enter a node, branch on the item of fewest live options, try them in input
    /// order, each on a copy of the level's state with the option taken and what follows
    /// deduced.
    pub(super) fn run<V: Visitor + ?Sized>(
        &mut self,
        floor: usize,
        dead: bool,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        if limits.max_solutions == Some(0) {
            return none_asked();
        }
        let mut stats = SearchStats::default();
        let mut gate = Gate::new(limits, visitor);
        let mut level = floor;
        let mut step = Step::Enter { dead };
        let halt = loop {
            match step {
                Step::Enter { dead } => {
                    let position = |stats: &SearchStats| self.position(level, stats);
                    if let Err(halt) = gate.enter(visitor, &mut stats, position) {
                        break halt;
                    }
                    if !dead {
                        match self.least(level) {
                            Some((item, degree)) => {
                                self.path[level] = Level {
                                    item,
                                    next: 0,
                                    degree,
                                    tried: 0,
                                    taken: self.taken.len() as u32,
                                };
                                step = Step::Next;
                                continue;
                            }
                            None => {
                                let taken = &self.taken;
                                if let Err(halt) = gate.hand_on(visitor, &mut stats, taken) {
                                    break halt;
                                }
                            }
                        }
                    }
                    if level == floor {
                        break gate.exhausted(visitor, &stats);
                    }
                    level -= 1;
                    step = Step::Next;
                }
                Step::Next => {
                    let here = self.path[level];
                    self.taken.truncate(here.taken as usize);
                    let Some((option, next)) = self.next_option(level, here.item, here.next) else {
                        if level == floor {
                            break gate.exhausted(visitor, &stats);
                        }
                        level -= 1;
                        continue;
                    };
                    let here = &mut self.path[level];
                    here.next = next;
                    here.tried += 1;
                    let alive = self.descend(level, option);
                    level += 1;
                    step = Step::Enter { dead: !alive };
                }
            }
        };
        Outcome {
            answer: halt.broke_with,
            stats,
            stop: halt.stop,
        }
    }

    /// Where the search stands with `level` levels chosen: each level's choice is the
    /// `tried`-th of its item's `degree` options (see [`TreePosition`]).
    fn position(&self, level: usize, stats: &SearchStats) -> TreePosition {
        let mut at = TreePosition::at_root(level, stats);
        for here in &self.path[..level] {
            at.descend(here.tried, here.degree);
        }
        at
    }
}
