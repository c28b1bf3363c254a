//! SSXCC's search loop (TAOCP 7.2.2.3, dancing cells): one iterative loop with an explicit
//! choice stack that pushes solutions to a visitor. Its steps carry the names of the parts of
//! Knuth's program (`forward`, `advance`, `backup`, `abort`) and follow his order of
//! operations, so that the search tree and its figures (nodes, updates, the trail's peak) are
//! exactly his.

use super::sets::{option_of, SparseSets};
use super::trail::Trail;
use super::word::Word;
use super::Cells;
use crate::gate::{Gate, Halt};
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::problem::OptionId;
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};
use std::ops::ControlFlow;

/// Where the loop goes next: Knuth's labels.
#[derive(Clone, Copy)]
enum Step {
    /// Enter a node at the current level.
    Forward,
    /// Try the option at the current choice of the current level.
    Advance,
    /// Leave the current level for the one above.
    Backup,
    /// The current choice failed or is done: the next one, or back up.
    Abort,
}

/// What a node does once entered.
enum Entered {
    /// Branch on this item; `true` when it has one option left (a forced move).
    Branch(u32, bool),
    /// No primary item is left to cover.
    Solution,
}

/// Where a run of the loop starts and stops.
pub(super) struct Span {
    /// The level it starts at, 0 from a fresh state (a subtree's depth once its path is
    /// replayed, the path standing in `choice`); it ends when it backs up to it.
    pub(super) floor: usize,
    /// A node at this level is not entered: the run's `at_cut` is handed the path to it and
    /// its share of the tree, and the search backs up (how a split search walks the top of the
    /// tree). `usize::MAX`: no cut.
    pub(super) cut: usize,
    pub(super) max_nodes: u64,
    pub(super) max_solutions: u64,
}

impl Span {
    /// The whole tree below level `floor`, within the budgets of `limits`.
    pub(super) fn below(floor: usize, limits: SearchLimits) -> Span {
        Span {
            floor,
            cut: usize::MAX,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
        }
    }
}

impl Cells {
    /// The loop proper: SSXCC's "solve the problem" over `span`; `at_cut` breaking ends the
    /// search as a visitor does.
    pub(super) fn run<V: Visitor + ?Sized>(
        &mut self,
        span: Span,
        at_cut: &mut dyn FnMut(&[u32], f64) -> ControlFlow<()>,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let (outcome, deepest) = with_sets!(&mut self.layout, |sets, _pristine| Walk {
            sets,
            trail: &mut self.trail,
            choice: &mut self.choice,
            solution: &mut self.solution,
            option_of: &self.option_of,
        }
        .run(span, at_cut, visitor));
        self.deepest = deepest;
        outcome
    }
}

/// What the loop works on, borrowed apart from the engine: the sets of its layout, whichever
/// width of word that is, and the rest of its state.
struct Walk<'a, W> {
    sets: &'a mut SparseSets<W>,
    trail: &'a mut Trail,
    /// The node chosen at each level.
    choice: &'a mut Vec<u32>,
    /// The solution handed to the visitor, reused.
    solution: &'a mut Vec<OptionId>,
    option_of: &'a (u32, Vec<u32>),
}

impl<W: Word> Walk<'_, W> {
    /// [`Cells::run`] on one layout; with the outcome, the deepest level reached.
    fn run<V: Visitor + ?Sized>(
        self,
        span: Span,
        at_cut: &mut dyn FnMut(&[u32], f64) -> ControlFlow<()>,
        visitor: &mut V,
    ) -> (Outcome<Option<V::Break>>, usize) {
        let Walk {
            sets,
            trail,
            choice,
            solution,
            option_of: nodes_options,
        } = self;
        let Span {
            floor,
            cut,
            max_nodes,
            max_solutions,
        } = span;
        let mut stats = SearchStats::default();
        let limits = SearchLimits {
            max_nodes: Some(max_nodes),
            max_solutions: Some(max_solutions),
        };
        let mut gate = Gate::new(limits, visitor);
        let mut level = floor;
        let mut best = 0u32;
        let mut current = 0u32;
        let mut deepest = floor;
        let mut updates = 0u64;
        let mut step = Step::Forward;
        let halt = loop {
            match step {
                Step::Forward => {
                    // A node at the cut with no primary item left is a solution, entered here
                    // like any other: handed on as a subtree, it would cost its search a reset
                    // of the whole layout (a million one-option solutions, a million resets).
                    if level == cut && sets.has_active_primary() {
                        // The forced moves this node would have made are its subtree's.
                        sets.force.clear();
                        let share = position(sets, &choice[floor..level], &stats).share;
                        if at_cut(&choice[..level], share).is_break() {
                            break Halt {
                                stop: Stop::Visitor,
                                broke_with: None,
                            };
                        }
                        step = Step::Backup;
                        continue;
                    }
                    let path = &choice[floor..level];
                    let at = |stats: &SearchStats| position(sets, path, stats);
                    if let Err(halt) = gate.enter(visitor, &mut stats, at) {
                        break halt;
                    }
                    match enter(sets) {
                        Entered::Solution => {
                            // Visit a solution and go back up.
                            let named = choice[..level]
                                .iter()
                                .map(|&node| option_of(nodes_options, node));
                            if let Err(halt) = gate.solution(visitor, &mut stats, solution, named) {
                                break halt;
                            }
                            step = Step::Backup;
                        }
                        Entered::Branch(item, forced) => {
                            // Swap `best_itm` out of the active list and hide its options.
                            best = item;
                            sets.swap_out_best(best, &mut updates);
                            sets.hide::<false>(best, &mut updates);
                            if forced {
                                // A forced move saves nothing: its one option is never retried.
                                trail.save_nothing(level);
                            } else {
                                // Save the currently active sizes.
                                trail.save(level, sets);
                            }
                            current = best;
                            step = Step::Advance;
                        }
                    }
                }
                Step::Advance => {
                    let node = sets.node_at(current);
                    if level == choice.len() {
                        choice.push(0);
                    }
                    choice[level] = node;
                    // Swap out all other items of the option; hide the other options of those
                    // items, or abort.
                    sets.swap_out_others(node, &mut updates);
                    if sets.hide_others(node, &mut updates) {
                        level += 1;
                        deepest = deepest.max(level);
                        step = Step::Forward;
                    } else {
                        sets.force.clear();
                        step = Step::Abort;
                    }
                }
                Step::Backup => {
                    if level == floor {
                        break gate.exhausted(visitor, &stats);
                    }
                    level -= 1;
                    (best, current) = sets.node_item_and_place(choice[level]);
                    step = Step::Abort;
                }
                Step::Abort => {
                    if current + 1 >= sets.end(best) {
                        step = Step::Backup;
                    } else {
                        // Restore the currently active sizes, and try the next option.
                        trail.restore(level, sets);
                        current += 1;
                        step = Step::Advance;
                    }
                }
            }
        };
        stats.updates = updates;
        let outcome = Outcome {
            answer: halt.broke_with,
            stats,
            stop: halt.stop,
        };
        (outcome, deepest)
    }
}

/// Where the search stands, as DLX1 estimates it ([`TreePosition`]), below the levels of
/// `path` (the choices since the search's floor): each level's item, swapped out when it was
/// chosen, keeps the set it was chosen from (removals touch active items only), so its size is
/// that level's `d` and the chosen node's place in it gives `k`. A forced move is a level of
/// one choice.
pub(crate) fn position<W: Word>(
    sets: &SparseSets<W>,
    path: &[u32],
    stats: &SearchStats,
) -> TreePosition {
    let mut at = TreePosition::at_root(path.len(), stats);
    for &node in path {
        let (item, place) = sets.node_item_and_place(node);
        at.descend(place - item + 1, sets.size(item));
    }
    at
}

/// What a node does: a forced move left by the level above, if its item is still active
/// ("maybe do a forced move"); else the scan for the best item ("set `best_itm` to the best
/// item for branching"): every active primary item of size one goes on the force stack and
/// the last of them is forced; otherwise the item of fewest options, the first in input order
/// on ties (Weigel's rule); none left is a solution.
#[inline(always)]
fn enter<W: Word>(sets: &mut SparseSets<W>) -> Entered {
    while let Some(item) = sets.force.pop() {
        if sets.pos(item) < sets.active {
            return Entered::Branch(item, true);
        }
    }
    // The item of fewest options, then the first in input order, is the least of the keys
    // `size << 32 | base`: one branchless minimum an item, where comparing size and base
    // apart took two branches that the processor mispredicts.
    let mut least = u64::MAX;
    for &base in &sets.item[..sets.active as usize] {
        let key = if sets.is_primary(base) {
            let size = sets.size(base);
            if size <= 1 {
                // Size 0 cannot happen: a choice that empties a primary item is refused by hide.
                if size == 1 {
                    sets.force.push(base);
                }
                continue;
            }
            u64::from(size) << 32 | u64::from(base)
        } else {
            u64::MAX
        };
        least = least.min(key);
    }
    if let Some(item) = sets.force.pop() {
        return Entered::Branch(item, true);
    }
    if least == u64::MAX {
        Entered::Solution
    } else {
        Entered::Branch(least as u32, false)
    }
}
