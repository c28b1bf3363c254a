//! The minimum-cost search's loop: DLX5's, with its cutoff, its choice of item and its
//! covering that stops where the options cost too much.

use super::{option_of, MinCost, Node, LOOKAHEAD, NO_CUTOFF};
use crate::gate::{none_asked, Gate, Halt};
use crate::outcome::{Outcome, SearchStats};
use crate::problem::OptionId;
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};
use std::collections::BinaryHeap;

/// What each level keeps to go back: its choice, the net cost before it, and the thresholds
/// its covering used (uncovering must stop where covering stopped, though the cutoff moved).
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    choice: u32,
    cost_before: u64,
    /// The threshold of the branch item's covering, fixed when the level is entered.
    item_threshold: u64,
    /// The threshold of the other items' covering, for the option being tried.
    threshold: u64,
}

/// What a search prunes with: the net cost a partial solution must stay under, and the news
/// of a solution met under it. One thread keeps its own ([`Cutoff`], DLX5's); threads that share
/// a tree share one ([`super::split`]'s).
pub(super) trait Bound {
    /// The net cost a partial solution must stay under to go on.
    fn bound(&self) -> u64;
    /// A solution of net cost `cost` was met.
    fn met(&mut self, cost: u64);
}

/// The best costs met so far, and the cutoff they make: the cost an option must stay under.
pub(super) struct Cutoff {
    /// The `k` cheapest net costs met (a max-heap).
    best: BinaryHeap<u64>,
    keep: usize,
    ties: bool,
}

impl Cutoff {
    /// The cutoff of a search keeping `keep` best costs, or letting ties of the least through.
    pub(super) fn new(keep: usize, ties: bool) -> Cutoff {
        Cutoff {
            best: BinaryHeap::with_capacity(keep),
            keep,
            ties,
        }
    }
}

impl Bound for Cutoff {
    #[inline(always)]
    fn bound(&self) -> u64 {
        match (self.best.peek(), self.ties) {
            (Some(&least), true) => least + 1,
            (Some(&worst), false) if self.best.len() == self.keep => worst,
            _ => NO_CUTOFF,
        }
    }

    fn met(&mut self, cost: u64) {
        if self.ties {
            self.best.clear();
        } else if self.best.len() == self.keep {
            self.best.pop();
        }
        self.best.push(cost);
    }
}

/// The arena's lists, and the covering of DLX5 on them.
/// `COLOURS`: whether some entry has a colour; without, an entry's colour is never looked at.
pub(super) struct Arena<'a, const COLOURS: bool> {
    pub(super) nodes: &'a mut [Node],
    prev: &'a mut [u32],
    pub(super) next: &'a mut [u32],
    len: &'a mut [u32],
    second: i32,
    /// The first node that is no header: a list's walk ends at a node below it.
    pub(super) first_entry: u32,
}

impl<const COLOURS: bool> Arena<'_, COLOURS> {
    #[inline(always)]
    pub(super) fn node(&self, index: u32) -> &Node {
        debug_assert!((index as usize) < self.nodes.len());
        // SAFETY: every link in the arena is the index of one of its nodes: `lay_out` builds
        // them so, and covering and uncovering only copy links between nodes.
        unsafe { self.nodes.get_unchecked(index as usize) }
    }

    #[inline(always)]
    fn node_mut(&mut self, index: u32) -> &mut Node {
        debug_assert!((index as usize) < self.nodes.len());
        // SAFETY: as in `node`.
        unsafe { self.nodes.get_unchecked_mut(index as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, item: i32) -> &mut u32 {
        debug_assert!(item > 0 && (item as usize) < self.len.len());
        // SAFETY: an entry's item is from 1 to the item count, and `len` has one more entry.
        unsafe { self.len.get_unchecked_mut(item as usize) }
    }

    /// Hides option `option` (a node of it) from every list but its own node's, skipping the
    /// entries a colour has satisfied.
    #[inline(always)]
    fn hide(&mut self, option: u32, stats: &mut SearchStats) {
        let mut node = option + 1;
        while node != option {
            let here = *self.node(node);
            if !COLOURS || here.colour >= 0 {
                if here.item <= 0 {
                    node = here.up;
                    continue;
                }
                self.node_mut(here.up).down = here.down;
                self.node_mut(here.down).up = here.up;
                stats.updates += 1;
                // A secondary item's length is kept too (and never read): no branch here.
                *self.len_mut(here.item) -= 1;
            }
            node += 1;
        }
    }

    /// Undoes [`Arena::hide`].
    #[inline(always)]
    fn unhide(&mut self, option: u32) {
        let mut node = option + 1;
        while node != option {
            let here = *self.node(node);
            if !COLOURS || here.colour >= 0 {
                if here.item <= 0 {
                    node = here.up;
                    continue;
                }
                self.node_mut(here.up).down = node;
                self.node_mut(here.down).up = node;
                *self.len_mut(here.item) += 1;
            }
            node += 1;
        }
    }

    /// Covers `item`: out of the active list, and its options under `threshold` hidden.
    pub(super) fn cover(&mut self, item: u32, threshold: u64, stats: &mut SearchStats) {
        if (item as i32) < self.second {
            let (before, after) = (self.prev[item as usize], self.next[item as usize]);
            self.next[before as usize] = after;
            self.prev[after as usize] = before;
        }
        stats.updates += 1;
        let mut option = self.node(item).down;
        while option >= self.first_entry && self.node(option).cost < threshold {
            self.hide(option, stats);
            option = self.node(option).down;
        }
    }

    /// Undoes [`Arena::cover`], going down the list as covering did.
    pub(super) fn uncover(&mut self, item: u32, threshold: u64) {
        let mut option = self.node(item).down;
        while option >= self.first_entry && self.node(option).cost < threshold {
            self.unhide(option);
            option = self.node(option).down;
        }
        if (item as i32) < self.second {
            let (before, after) = (self.prev[item as usize], self.next[item as usize]);
            self.next[before as usize] = item;
            self.prev[after as usize] = item;
        }
    }

    /// Imposes the colour of entry `entry` on its secondary item: the options under
    /// `threshold` of another colour (or none) hidden, those of its colour satisfied.
    fn purify(&mut self, entry: u32, threshold: u64, stats: &mut SearchStats) {
        let Node { item, colour, .. } = self.nodes[entry as usize];
        stats.cleansings += 1;
        let mut option = self.node(item as u32).down;
        while option >= self.first_entry && self.node(option).cost < threshold {
            if self.node(option).colour != colour {
                self.hide(option, stats);
            } else if option != entry {
                stats.cleansings += 1;
                self.node_mut(option).colour = -1;
            }
            option = self.node(option).down;
        }
    }

    /// Undoes [`Arena::purify`].
    fn unpurify(&mut self, entry: u32, threshold: u64) {
        let Node { item, colour, .. } = self.nodes[entry as usize];
        let mut option = self.node(item as u32).down;
        while option >= self.first_entry && self.node(option).cost < threshold {
            if self.node(option).colour < 0 {
                self.node_mut(option).colour = colour;
            } else if option != entry {
                self.unhide(option);
            }
            option = self.node(option).down;
        }
    }

    /// Covers the items of `chosen`'s option other than its own node's, left to right.
    pub(super) fn cover_rest(&mut self, chosen: u32, threshold: u64, stats: &mut SearchStats) {
        let mut node = chosen + 1;
        while node != chosen {
            let here = self.nodes[node as usize];
            if here.item <= 0 {
                node = here.up;
                continue;
            }
            match here.colour {
                0 => self.cover(here.item as u32, threshold, stats),
                c if c > 0 => self.purify(node, threshold, stats),
                _ => {}
            }
            node += 1;
        }
    }

    /// Undoes [`Arena::cover_rest`], right to left.
    pub(super) fn uncover_rest(&mut self, chosen: u32, threshold: u64) {
        let mut node = chosen - 1;
        while node != chosen {
            let here = self.nodes[node as usize];
            if here.item <= 0 {
                node = here.down;
                continue;
            }
            match here.colour {
                0 => self.uncover(here.item as u32, threshold),
                c if c > 0 => self.unpurify(node, threshold),
                _ => {}
            }
            node -= 1;
        }
    }

    /// The item to branch on with `budget` left under the cutoff: fewest options under it
    /// (counted up to [`LOOKAHEAD`], the list's length past that), then the dearest cheapest
    /// option, then the first. `None` when an item can no longer be covered under the cutoff.
    pub(super) fn choose(&self, budget: u64) -> Option<u32> {
        let (mut best, mut fewest, mut dearest) = (0u32, u32::MAX, 0u64);
        let mut item = self.next[0];
        while item != 0 {
            let first = self.node(item).down;
            if first < self.first_entry {
                return None;
            }
            let least = self.node(first).cost;
            if least >= budget {
                return None;
            }
            // A list under the budget to its dearest option counts whole, without a walk: the
            // walk would count its length, or stop at the lookahead and take its length.
            if self.node(self.node(item).up).cost < budget {
                let usable = self.len[item as usize];
                if usable < fewest || (usable == fewest && least > dearest) {
                    (best, fewest, dearest) = (item, usable, least);
                }
                item = self.next[item as usize];
                continue;
            }
            let mut usable = 1u32;
            let mut option = self.node(first).down;
            let counted = loop {
                if option < self.first_entry || self.node(option).cost >= budget {
                    break Some(usable);
                }
                if usable == fewest {
                    break None;
                }
                if usable >= LOOKAHEAD {
                    break Some(self.len[item as usize]);
                }
                usable += 1;
                option = self.node(option).down;
            };
            if let Some(usable) = counted {
                if usable < fewest || (usable == fewest && least > dearest) {
                    (best, fewest, dearest) = (item, usable, least);
                }
            }
            item = self.next[item as usize];
        }
        Some(best)
    }
}

impl MinCost {
    /// The arena's lists, for a search that reads colours when `C`.
    pub(super) fn arena<const C: bool>(&mut self) -> Arena<'_, C> {
        let first_entry = self.len.len() as u32;
        Arena {
            nodes: &mut self.nodes,
            prev: &mut self.prev,
            next: &mut self.next,
            len: &mut self.len,
            second: self.second as i32,
            first_entry,
        }
    }
}

/// The search of `engine`'s problem, handing each solution met to `visitor`.
pub(super) fn run<V: Visitor + ?Sized>(
    engine: &mut MinCost,
    limits: SearchLimits,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    if limits.max_solutions == Some(0) {
        return none_asked();
    }
    let mut cutoff = Cutoff::new(engine.best, engine.ties);
    run_below(engine, &[], &mut cutoff, limits, visitor)
}

/// Searches the subtree below `prefix` (choices from the root, one a level, as
/// [`super::split`]'s walk meets them) pruning with `bound`, and hands `visitor` each solution
/// met, the prefix's options first. The prefix is covered in full and not counted; the lists
/// are as they were when the search returns, however it ended.
pub(super) fn run_below<B: Bound, V: Visitor + ?Sized>(
    engine: &mut MinCost,
    prefix: &[u32],
    bound: &mut B,
    limits: SearchLimits,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    let mut stats = SearchStats::default();
    let mut walk = Walk {
        path: Vec::with_capacity(prefix.len() + 32),
        gate: Gate::new(limits, visitor),
        stats: &mut stats,
        solution: Vec::new(),
    };
    let halt = match engine.coloured {
        true => walk.run(&mut engine.arena::<true>(), prefix, bound, visitor),
        false => walk.run(&mut engine.arena::<false>(), prefix, bound, visitor),
    };
    Outcome {
        answer: halt.broke_with,
        stats,
        stop: halt.stop,
    }
}

/// The state of one run beside the arena: the levels entered, the gate, the figures and the
/// solution handed on.
struct Walk<'a> {
    path: Vec<Level>,
    gate: Gate,
    stats: &'a mut SearchStats,
    solution: Vec<OptionId>,
}

impl Walk<'_> {
    /// Covers `prefix` in full, searches below it, and puts the lists back.
    fn run<const C: bool, B: Bound, V: Visitor + ?Sized>(
        &mut self,
        arena: &mut Arena<'_, C>,
        prefix: &[u32],
        bound: &mut B,
        visitor: &mut V,
    ) -> Halt<V::Break> {
        let mut cost = 0u64;
        let mut uncounted = SearchStats::default();
        for &choice in prefix {
            let item = arena.node(choice).item as u32;
            arena.cover(item, NO_CUTOFF, &mut uncounted);
            arena.cover_rest(choice, NO_CUTOFF, &mut uncounted);
            self.path.push(Level {
                choice,
                cost_before: cost,
                item_threshold: NO_CUTOFF,
                threshold: NO_CUTOFF,
            });
            cost += arena.node(choice).cost;
        }
        let halt = search(
            arena,
            &mut self.path,
            prefix.len(),
            cost,
            bound,
            &mut self.gate,
            self.stats,
            &mut self.solution,
            visitor,
        );
        // Levels still entered: the prefix's, and those of a search stopped midway.
        for level in self.path.drain(..).rev() {
            arena.uncover_rest(level.choice, level.threshold);
            let item = arena.node(level.choice).item as u32;
            arena.uncover(item, level.item_threshold);
        }
        halt
    }
}

/// Where a search with `path` above it stands (see [`TreePosition`]): each level's choice as
/// the k-th of the options of its item still in its list.
fn position<const C: bool>(
    arena: &Arena<'_, C>,
    path: &[Level],
    stats: &SearchStats,
) -> TreePosition {
    let mut at = TreePosition::at_root(path.len(), stats);
    for level in path {
        let item = arena.nodes[level.choice as usize].item as u32;
        let (mut k, mut d, mut option) = (0u32, 0u32, arena.nodes[item as usize].down);
        while option >= arena.first_entry {
            d += 1;
            if option == level.choice {
                k = d;
            }
            option = arena.nodes[option as usize].down;
        }
        at.descend(k, d);
    }
    at
}

/// DLX5's loop: enter a node, choose an item, try its options cheapest first while they stay
/// under the cutoff; the search ends when it would leave the `base` levels of `path` it
/// started below (at net cost `cost`), and `path` holds the levels entered and not left when
/// it stops early. A shared cutoff may fall under the cost of a level while it is searched:
/// the budgets then saturate at 0, and the level ends at its next choice.
#[allow(clippy::too_many_arguments)]
fn search<const C: bool, B: Bound, V: Visitor + ?Sized>(
    arena: &mut Arena<'_, C>,
    path: &mut Vec<Level>,
    base: usize,
    mut cost: u64,
    cutoff: &mut B,
    gate: &mut Gate,
    stats: &mut SearchStats,
    solution: &mut Vec<OptionId>,
    visitor: &mut V,
) -> Halt<V::Break> {
    if arena.next[0] == 0 && base == 0 {
        // No primary item (the library allows it, Knuth's format cannot say it): the empty
        // solution, of cost 0, is the only one, at the root.
        let position = |stats: &SearchStats| position(arena, path, stats);
        if let Err(halt) = gate.enter(visitor, stats, position) {
            return halt;
        }
        cutoff.met(0);
        if let Err(halt) = gate.solution(visitor, stats, solution, std::iter::empty()) {
            return halt;
        }
        return gate.exhausted(visitor, stats);
    }
    // Entering a node: `true`; going on with the current level's next option: `false`.
    let mut entering = true;
    loop {
        if entering {
            let position = |stats: &SearchStats| position(arena, path, stats);
            if let Err(halt) = gate.enter(visitor, stats, position) {
                return halt;
            }
            let Some(item) = arena.choose(cutoff.bound().saturating_sub(cost)) else {
                // A dead end: back to the level above, to its next option.
                if path.len() == base {
                    return gate.exhausted(visitor, stats);
                }
                let above = path[path.len() - 1];
                cost = above.cost_before;
                entering = false;
                continue;
            };
            let choice = arena.nodes[item as usize].down;
            let next_cost = cost + arena.nodes[choice as usize].cost;
            let item_threshold = cutoff.bound().saturating_sub(next_cost);
            arena.cover(item, item_threshold, stats);
            path.push(Level {
                choice,
                cost_before: cost,
                item_threshold,
                threshold: 0,
            });
        } else {
            // The level's option tried: uncover it, and take the next one still under the cutoff.
            let level = path.len() - 1;
            let Level {
                choice,
                cost_before,
                item_threshold,
                threshold,
            } = path[level];
            arena.uncover_rest(choice, threshold);
            let item = arena.nodes[choice as usize].item as u32;
            let next = arena.nodes[choice as usize].down;
            let next_cost = cost_before + arena.nodes[next as usize].cost;
            if next == item || next_cost >= cutoff.bound() {
                arena.uncover(item, item_threshold);
                path.pop();
                if path.len() == base {
                    return gate.exhausted(visitor, stats);
                }
                let above = path[path.len() - 1];
                cost = above.cost_before;
                continue;
            }
            path[level].choice = next;
        }
        // Try the current level's choice: cover its other items; a solution if none is left.
        let level = path.len() - 1;
        let Level {
            choice,
            cost_before,
            ..
        } = path[level];
        let next_cost = cost_before + arena.nodes[choice as usize].cost;
        let threshold = cutoff.bound().saturating_sub(next_cost);
        path[level].threshold = threshold;
        arena.cover_rest(choice, threshold, stats);
        if arena.next[0] == 0 {
            if let Err(halt) = gate.enter_leaf(stats) {
                return halt;
            }
            cutoff.met(next_cost);
            let options = path.iter().map(|l| option_of(arena.nodes, l.choice));
            if let Err(halt) = gate.solution(visitor, stats, solution, options) {
                return halt;
            }
            cost = cost_before;
            entering = false;
            continue;
        }
        cost = next_cost;
        entering = true;
    }
}
