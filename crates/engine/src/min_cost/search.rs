//! The minimum-cost search's loop: DLX5's, with its cutoff, its choice of item and its
//! covering that stops where the options cost too much.

use super::{option_of, Link, MinCost, Ring, LOOKAHEAD, NO_CUTOFF};
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
    /// The cutoff, worked out when a solution is met rather than at each of the several reads
    /// a node makes.
    bound: u64,
}

impl Cutoff {
    /// The cutoff of a search keeping `keep` best costs, or letting ties of the least through.
    pub(super) fn new(keep: usize, ties: bool) -> Cutoff {
        Cutoff {
            best: BinaryHeap::with_capacity(keep),
            keep,
            ties,
            bound: NO_CUTOFF,
        }
    }
}

impl Bound for Cutoff {
    #[inline(always)]
    fn bound(&self) -> u64 {
        self.bound
    }

    fn met(&mut self, cost: u64) {
        if self.ties {
            self.best.clear();
        } else if self.best.len() == self.keep {
            self.best.pop();
        }
        self.best.push(cost);
        self.bound = match (self.best.peek(), self.ties) {
            (Some(&least), true) => least + 1,
            (Some(&worst), false) if self.best.len() == self.keep => worst,
            _ => NO_CUTOFF,
        };
    }
}

/// The arena's lists, and the covering of DLX5 on them.
/// `COLOURS`: whether some entry has a colour; without, an entry's colour is never looked at.
pub(super) struct Arena<'a, const COLOURS: bool> {
    links: &'a mut [Link],
    pub(super) items: &'a [i32],
    ring: &'a [Ring],
    back: &'a [u32],
    colour: &'a mut [i32],
    cost: &'a [u64],
    prev: &'a mut [u32],
    pub(super) next: &'a mut [u32],
    len: &'a mut [u32],
    second: i32,
    /// The first node that is no header: a list's walk ends at a node below it.
    pub(super) first_entry: u32,
}

/// The element `index` of a column of the arena, read without a bounds check.
macro_rules! at {
    ($column:expr, $index:expr) => {{
        let index = $index as usize;
        debug_assert!(index < $column.len());
        // SAFETY: every link in the arena is the index of one of its nodes (`lay_out` builds
        // them so, and covering and uncovering only copy links between nodes), an entry's item
        // is from 1 to the item count, and every column has a row for each node (`len`, for
        // each item).
        unsafe { *$column.get_unchecked(index) }
    }};
}

/// Writes `value` into the element `index` of a column of the arena, without a bounds check.
macro_rules! set {
    ($column:expr, $index:expr, $value:expr) => {{
        let (index, value) = ($index as usize, $value);
        debug_assert!(index < $column.len());
        // SAFETY: as in `at!`.
        unsafe { *$column.get_unchecked_mut(index) = value }
    }};
}

impl<const COLOURS: bool> Arena<'_, COLOURS> {
    /// The node below `node` in its item's list (for an item, its first option's).
    #[inline(always)]
    pub(super) fn down(&self, node: u32) -> u32 {
        at!(self.links, node).down
    }

    /// The node above `node` in its item's list (for an item, its last option's).
    #[inline(always)]
    fn up(&self, node: u32) -> u32 {
        at!(self.links, node).up
    }

    /// Links `node` down to `below`.
    #[inline(always)]
    fn set_down(&mut self, node: u32, below: u32) {
        debug_assert!((node as usize) < self.links.len());
        // SAFETY: as in `at!`.
        unsafe { self.links.get_unchecked_mut(node as usize).down = below }
    }

    /// Links `node` up to `above`.
    #[inline(always)]
    fn set_up(&mut self, node: u32, above: u32) {
        debug_assert!((node as usize) < self.links.len());
        // SAFETY: as in `at!`.
        unsafe { self.links.get_unchecked_mut(node as usize).up = above }
    }

    /// The item of node `node` (0 or below for a spacer).
    #[inline(always)]
    pub(super) fn item(&self, node: u32) -> i32 {
        at!(self.items, node)
    }

    /// The net cost of node `node`'s option.
    #[inline(always)]
    pub(super) fn cost(&self, node: u32) -> u64 {
        at!(self.cost, node)
    }

    /// Hands `visit` each entry of `option`'s option but `option` itself (with its item), going
    /// round the option's ring, skipping the entries a colour has satisfied.
    #[inline(always)]
    fn each_other_entry(&mut self, option: u32, mut visit: impl FnMut(&mut Self, u32, i32)) {
        let mut node = at!(self.ring, option).next;
        while node != option {
            let Ring { item, next } = at!(self.ring, node);
            if !COLOURS || at!(self.colour, node) >= 0 {
                visit(self, node, item);
            }
            node = next;
        }
    }

    /// Hides option `option` (a node of it) from every list but its own node's, skipping the
    /// entries a colour has satisfied.
    #[inline(always)]
    fn hide(&mut self, option: u32, stats: &mut SearchStats) {
        self.each_other_entry(option, |arena, node, item| {
            let (up, down) = (arena.up(node), arena.down(node));
            arena.set_down(up, down);
            arena.set_up(down, up);
            stats.updates += 1;
            // A secondary item's length is kept too (and never read): no branch here.
            set!(arena.len, item, at!(arena.len, item) - 1);
        });
    }

    /// Undoes [`Arena::hide`].
    #[inline(always)]
    fn unhide(&mut self, option: u32) {
        self.each_other_entry(option, |arena, node, item| {
            let (up, down) = (arena.up(node), arena.down(node));
            arena.set_down(up, node);
            arena.set_up(down, node);
            set!(arena.len, item, at!(arena.len, item) + 1);
        });
    }

    /// Covers `item`: out of the active list, and its options under `threshold` hidden.
    pub(super) fn cover(&mut self, item: u32, threshold: u64, stats: &mut SearchStats) {
        if (item as i32) < self.second {
            let (before, after) = (self.prev[item as usize], self.next[item as usize]);
            self.next[before as usize] = after;
            self.prev[after as usize] = before;
        }
        stats.updates += 1;
        let mut option = self.down(item);
        while self.cost(option) < threshold {
            self.hide(option, stats);
            option = self.down(option);
        }
    }

    /// Undoes [`Arena::cover`], going down the list as covering did.
    pub(super) fn uncover(&mut self, item: u32, threshold: u64) {
        let mut option = self.down(item);
        while self.cost(option) < threshold {
            self.unhide(option);
            option = self.down(option);
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
        let (item, colour) = (self.item(entry), at!(self.colour, entry));
        stats.cleansings += 1;
        let mut option = self.down(item as u32);
        while self.cost(option) < threshold {
            if at!(self.colour, option) != colour {
                self.hide(option, stats);
            } else if option != entry {
                stats.cleansings += 1;
                set!(self.colour, option, -1);
            }
            option = self.down(option);
        }
    }

    /// Undoes [`Arena::purify`].
    fn unpurify(&mut self, entry: u32, threshold: u64) {
        let (item, colour) = (self.item(entry), at!(self.colour, entry));
        let mut option = self.down(item as u32);
        while self.cost(option) < threshold {
            if at!(self.colour, option) < 0 {
                set!(self.colour, option, colour);
            } else if option != entry {
                self.unhide(option);
            }
            option = self.down(option);
        }
    }

    /// The colour entry `node` gives its item (0: none; always none without colours).
    #[inline(always)]
    fn colour(&self, node: u32) -> i32 {
        if COLOURS {
            at!(self.colour, node)
        } else {
            0
        }
    }

    /// Covers the items of `chosen`'s option other than its own node's, left to right (round
    /// the option's ring).
    pub(super) fn cover_rest(&mut self, chosen: u32, threshold: u64, stats: &mut SearchStats) {
        let mut node = at!(self.ring, chosen).next;
        while node != chosen {
            let Ring { item, next } = at!(self.ring, node);
            match self.colour(node) {
                0 => self.cover(item as u32, threshold, stats),
                c if c > 0 => self.purify(node, threshold, stats),
                _ => {}
            }
            node = next;
        }
    }

    /// Undoes [`Arena::cover_rest`], right to left.
    pub(super) fn uncover_rest(&mut self, chosen: u32, threshold: u64) {
        let mut node = at!(self.back, chosen);
        while node != chosen {
            match self.colour(node) {
                0 => self.uncover(self.item(node) as u32, threshold),
                c if c > 0 => self.unpurify(node, threshold),
                _ => {}
            }
            node = at!(self.back, node);
        }
    }

    /// The item to branch on with `budget` left under the cutoff: fewest options under it
    /// (counted up to [`LOOKAHEAD`], the list's length past that), then the dearest cheapest
    /// option, then the first. `None` when an item can no longer be covered under the cutoff.
    pub(super) fn choose(&self, budget: u64) -> Option<u32> {
        let (mut best, mut fewest, mut dearest) = (0u32, u32::MAX, 0u64);
        let mut item = self.next[0];
        while item != 0 {
            let first = self.down(item);
            // An empty list's first is its header, which costs more than any budget.
            let least = self.cost(first);
            if least >= budget {
                return None;
            }
            let usable = if self.cost(self.up(item)) < budget {
                // A list under the budget to its dearest option counts whole, without a walk:
                // the walk would count its length, or stop at the lookahead and take its length.
                self.len[item as usize]
            } else {
                self.usable(item, first, budget, fewest)
            };
            if usable < fewest || (usable == fewest && least > dearest) {
                (best, fewest, dearest) = (item, usable, least);
            }
            item = self.next[item as usize];
        }
        Some(best)
    }

    /// How many options of `item`'s list, from `first` (under `budget`), are under `budget`,
    /// up to [`LOOKAHEAD`] (the list's length past that); any number above `fewest` once it is
    /// known to pass it. The list is sorted by cost, and its header costs more than any budget,
    /// so the count is the run of options under the budget from the first. The next two are
    /// read without a branch: the walks of successive items, most of them short, then overlap
    /// instead of each ending in a mispredicted exit.
    #[inline(always)]
    fn usable(&self, item: u32, first: u32, budget: u64, fewest: u32) -> u32 {
        let second = self.down(first);
        let third = self.down(second);
        let two = u32::from(self.cost(second) < budget);
        let three = two & u32::from(self.cost(third) < budget);
        if three == 0 || fewest < 3 {
            // Past 2 (with `three`), the count already passes `fewest`.
            return 1 + two + three;
        }
        let mut usable = 3u32;
        let mut option = self.down(third);
        loop {
            if self.cost(option) >= budget {
                return usable;
            }
            if usable == fewest {
                return usable + 1;
            }
            if usable >= LOOKAHEAD {
                return self.len[item as usize];
            }
            usable += 1;
            option = self.down(option);
        }
    }
}

impl MinCost {
    /// The arena's lists, for a search that reads colours when `C`.
    pub(super) fn arena<const C: bool>(&mut self) -> Arena<'_, C> {
        let first_entry = self.len.len() as u32;
        Arena {
            links: &mut self.nodes.links,
            items: &self.nodes.item,
            ring: &self.nodes.ring,
            back: &self.nodes.back,
            colour: &mut self.nodes.colour,
            cost: &self.nodes.cost,
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
            let item = arena.item(choice) as u32;
            arena.cover(item, NO_CUTOFF, &mut uncounted);
            arena.cover_rest(choice, NO_CUTOFF, &mut uncounted);
            self.path.push(Level {
                choice,
                cost_before: cost,
                item_threshold: NO_CUTOFF,
                threshold: NO_CUTOFF,
            });
            cost += arena.cost(choice);
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
            let item = arena.item(level.choice) as u32;
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
        let item = arena.item(level.choice) as u32;
        let (mut k, mut d, mut option) = (0u32, 0u32, arena.down(item));
        while option >= arena.first_entry {
            d += 1;
            if option == level.choice {
                k = d;
            }
            option = arena.down(option);
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
            let choice = arena.down(item);
            let next_cost = cost + arena.cost(choice);
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
            let item = arena.item(choice) as u32;
            let next = arena.down(choice);
            // Past the last option, the header's cost saturates the sum past any cutoff.
            let next_cost = cost_before.saturating_add(arena.cost(next));
            if next_cost >= cutoff.bound() {
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
        let next_cost = cost_before + arena.cost(choice);
        let threshold = cutoff.bound().saturating_sub(next_cost);
        path[level].threshold = threshold;
        arena.cover_rest(choice, threshold, stats);
        if arena.next[0] == 0 {
            if let Err(halt) = gate.enter_leaf(stats) {
                return halt;
            }
            cutoff.met(next_cost);
            let options = path.iter().map(|l| option_of(arena.items, l.choice));
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
