//! The search loop of the bitset engine: one iterative loop over the levels' rows, which
//! pushes solutions to a visitor. It is compiled twice on x86-64: with the processor's
//! `popcnt` instruction when it has one (every x86-64 processor of the last fifteen years), and
//! without, where a popcount is a dozen instructions; the work of a node is mostly popcounts,
//! and the instruction makes the search about 1.5 times as fast (docs/benchmarks.md).

use super::rows::{Depth, OptionBit, Primary};
use super::{Bits, Level};
use crate::gate::{none_asked, Gate};
use crate::outcome::{Outcome, SearchStats};
use crate::problem::OptionId;
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};

/// Where the loop goes next.
#[derive(Clone, Copy)]
enum Step {
    /// Enter a node at the current level: choose its item, or visit a solution.
    Enter,
    /// Try the next untried option of the current level's item, or back up.
    Next,
}

/// What a node's choice of item found.
pub(super) enum Choice {
    /// No primary item is left: a solution.
    Solution,
    /// An item has no live option left: a dead end.
    DeadEnd,
    /// Branch on this primary item, which has this many live options.
    Branch(Primary, u32),
}

impl Bits {
    /// The loop from level `floor` (0: [`Bits::search`]; a subtree's depth once its path's
    /// rows are made), with the `popcnt` instruction when the processor has it.
    pub(super) fn run<V: Visitor + ?Sized>(
        &mut self,
        floor: usize,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the instruction the function is compiled for.
            return unsafe { self.run_with_popcnt(floor, limits, visitor) };
        }
        self.walk_below(floor, limits, visitor)
    }

    /// [`Bits::walk_below`] compiled for processors with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn run_with_popcnt<V: Visitor + ?Sized>(
        &mut self,
        floor: usize,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        self.walk_below(floor, limits, visitor)
    }

    /// The loop proper, from level `floor`, whose path and rows are in place, until it backs
    /// up to the floor: enter a node, choose the item of fewest live options (the first on
    /// ties), try its options in input order, each on a copy of the level's rows with the
    /// option's conflicts and primary items taken out.
    #[inline(always)]
    pub(super) fn walk_below<V: Visitor + ?Sized>(
        &mut self,
        floor: usize,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        if limits.max_solutions == Some(0) {
            return none_asked();
        }
        let mut stats = SearchStats::default();
        let mut gate = Gate::new(limits, visitor);
        let mut solution: Vec<OptionId> = Vec::new();
        let mut level = floor;
        let mut step = Step::Enter;
        let halt = loop {
            match step {
                Step::Enter => {
                    let position = |stats: &SearchStats| self.position(level, stats);
                    if let Err(halt) = gate.enter(visitor, &mut stats, position) {
                        break halt;
                    }
                    match self.choose(level) {
                        Choice::Branch(item, degree) => {
                            let (live, untried) = (
                                self.live.row(Depth(level)),
                                self.untried.row_mut(Depth(level)),
                            );
                            let options = self.items.row(item);
                            let rows = untried.iter_mut().zip(live).zip(options);
                            for ((to, &alive), &of_item) in rows {
                                *to = alive & of_item;
                            }
                            self.path[level] = Level {
                                option: 0,
                                degree,
                                tried: 0,
                            };
                            step = Step::Next;
                            continue;
                        }
                        Choice::Solution => {
                            let chosen = self.path[..level].iter().map(|at| OptionId(at.option));
                            let visited = gate.solution(visitor, &mut stats, &mut solution, chosen);
                            if let Err(halt) = visited {
                                break halt;
                            }
                        }
                        Choice::DeadEnd => {}
                    }
                    // Back to the level above, or the end of the tree.
                    if level == floor {
                        break gate.exhausted(visitor, &stats);
                    }
                    level -= 1;
                    step = Step::Next;
                }
                Step::Next => {
                    let untried = self.untried.row_mut(Depth(level));
                    let Some(at) = untried.iter().position(|&word| word != 0) else {
                        if level == floor {
                            break gate.exhausted(visitor, &stats);
                        }
                        level -= 1;
                        continue;
                    };
                    let word = untried[at];
                    untried[at] = word & (word - 1);
                    let option = at * 64 + word.trailing_zeros() as usize;
                    let here = &mut self.path[level];
                    here.option = option as u32;
                    here.tried += 1;
                    self.descend(level, OptionBit(option));
                    level += 1;
                    step = Step::Enter;
                }
            }
        };
        Outcome {
            answer: halt.broke_with,
            stats,
            stop: halt.stop,
        }
    }

    /// Makes the rows of the level below `level`: this level's, without what `option` rules
    /// out.
    #[inline(always)]
    pub(super) fn descend(&mut self, level: usize, option: OptionBit) {
        let (live, below) = self.live.and_below(Depth(level));
        let ruled_out = self.conflicts.row(option);
        for (to, (&alive, &out)) in below.iter_mut().zip(live.iter().zip(ruled_out)) {
            *to = alive & !out;
        }
        let (open, below) = self.uncovered.and_below(Depth(level));
        let covered = self.covers.row(option);
        for (to, (&left, &taken)) in below.iter_mut().zip(open.iter().zip(covered)) {
            *to = left & !taken;
        }
    }

    /// The item to branch on at `level`: the uncovered primary item with the fewest live
    /// options, the first in input order on ties (the least key `size << 32 | item`); a dead
    /// end as soon as one has none.
    #[inline(always)]
    pub(super) fn choose(&self, level: usize) -> Choice {
        let live = self.live.row(Depth(level));
        let uncovered = self.uncovered.row(Depth(level));
        let mut least = u64::MAX;
        for (at, &word) in uncovered.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let item = at * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let options = self.items.row(Primary(item));
                let size: u32 = live
                    .iter()
                    .zip(options)
                    .map(|(&alive, &of_item)| (alive & of_item).count_ones())
                    .sum();
                if size == 0 {
                    return Choice::DeadEnd;
                }
                least = least.min(u64::from(size) << 32 | item as u64);
            }
        }
        if least == u64::MAX {
            Choice::Solution
        } else {
            Choice::Branch(Primary(least as u32 as usize), (least >> 32) as u32)
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
