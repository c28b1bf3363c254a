//! The sparse sets of dancing cells: each item's active options, and the active items, as
//! permutations with a size, so that removing an element is one swap and undoing it is
//! restoring the size (TAOCP 7.2.2.3, Knuth's SSXCC).
//!
//! One flat `u32` array, `set`, holds every item's record: two header words (its place in the
//! active list, its size) followed by the nodes of its options. An item is named in the search
//! by where its record's options start in `set` (its *base*), so its size and its options are
//! one cache line apart at most. Primary items come first, so `base < second` tells a primary
//! item from a secondary one, and comparing bases compares the items' order in the input, which
//! is the order SSXCC's tie rule reads.
//!
//! Options are laid out one after another in `cells`, each followed by a spacer whose `item` is
//! minus the option's length: stepping from an option's last cell onto its spacer jumps back to
//! its first, so walking "the other cells of an option" is a loop that ends where it began.

use crate::problem::{ItemKind, OptionId, Problem};

/// Where an item's position in the active list sits, before its base.
const POS: u32 = 2;
/// Where an item's size sits, before its base.
const SIZE: u32 = 1;
/// Header words per item record.
const HEADER: u32 = 2;

/// One node of an option: which item it is for, where it stands in that item's set, and the
/// colour it gives a secondary item (0 for none). Twelve bytes; the item and its place are
/// read together at every step of a hide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cell {
    /// The item's base in `set`, or, for a spacer, minus the length of the option before it.
    pub(crate) item: i32,
    /// Where this node stands in its item's set (an index into `set`).
    pub(crate) loc: u32,
    /// The colour, 0 for none.
    pub(crate) colour: u32,
}

/// The whole state the search changes, and the constant layout it reads. Cloned from a
/// pristine copy before each search, so that every search walks the same tree.
#[derive(Clone, Debug)]
pub(crate) struct SparseSets {
    /// Item records: position, size, then option nodes (see the module's note).
    pub(crate) set: Vec<u32>,
    /// The active list: items' bases, the first `active` of them active.
    pub(crate) item: Vec<u32>,
    /// The options' nodes and their spacers; node 0 is the spacer before the first option.
    pub(crate) cells: Vec<Cell>,
    /// Bases at or above this are secondary items.
    pub(crate) second: u32,
    /// How many items of `item` are active.
    pub(crate) active: u32,
    /// `active` before the current choice's items were swapped out: secondary items at or
    /// beyond it were purified at an earlier level and are left alone.
    pub(crate) oactive: u32,
    /// Primary items found with one option left, the forced moves to make next.
    pub(crate) force: Vec<u32>,
    /// Removals from sets (and items swapped out of the active list), SSXCC's `updates`.
    pub(crate) updates: u64,
}

impl SparseSets {
    /// The layout of `problem`, primary items first, each in input order; with it the option
    /// of each node (`u32::MAX` for spacers), and whether a primary item has no option at all
    /// (SSXCC then searches nothing: no solution, no node).
    pub(crate) fn new(problem: &Problem) -> (SparseSets, Vec<u32>, bool) {
        let count = problem.item_count();
        // Internal order: primaries, then secondaries, each in input order.
        let mut order: Vec<usize> = (0..count)
            .filter(|&i| problem.item_kind(crate::ItemId(i as u32)) == ItemKind::Primary)
            .collect();
        let primaries = order.len();
        order.extend(
            (0..count).filter(|&i| problem.item_kind(crate::ItemId(i as u32)) != ItemKind::Primary),
        );
        let mut sizes = vec![0u32; count];
        for option in problem.options() {
            for item in problem.option_items(option) {
                sizes[item.index()] += 1;
            }
        }
        let mut base = vec![0u32; count];
        let mut next = HEADER;
        let mut second = u32::MAX;
        let mut item = Vec::with_capacity(count);
        for (k, &i) in order.iter().enumerate() {
            if k == primaries {
                second = next;
            }
            base[i] = next;
            item.push(next);
            next += sizes[i] + HEADER;
        }
        if second == u32::MAX {
            second = next;
        }
        let mut set = vec![0u32; (next - HEADER) as usize];
        for (k, &b) in item.iter().enumerate() {
            set[(b - POS) as usize] = k as u32;
        }
        let entries = problem.entry_count() + problem.option_count() + 1;
        let mut cells = Vec::with_capacity(entries);
        let mut option_of = Vec::with_capacity(entries);
        cells.push(Cell::default());
        option_of.push(u32::MAX);
        for option in problem.options() {
            let items = problem.option_items(option);
            for (at, item) in items.iter().enumerate() {
                let b = base[item.index()];
                let size = &mut set[(b - SIZE) as usize];
                let loc = b + *size;
                *size += 1;
                set[loc as usize] = cells.len() as u32;
                let colour = problem
                    .entry_colour(option, at)
                    .map_or(0, |colour| colour.0.wrapping_add(1));
                cells.push(Cell {
                    item: b as i32,
                    loc,
                    colour,
                });
                option_of.push(option.0);
            }
            cells.push(Cell {
                item: -(items.len() as i32),
                loc: 0,
                colour: 0,
            });
            option_of.push(u32::MAX);
        }
        let uncoverable = order[..primaries].iter().any(|&i| sizes[i] == 0);
        let sets = SparseSets {
            set,
            active: item.len() as u32,
            oactive: item.len() as u32,
            item,
            cells,
            second,
            force: Vec::new(),
            updates: 0,
        };
        (sets, option_of, uncoverable)
    }

    /// Number of items, primary and secondary.
    pub(crate) fn item_count(&self) -> usize {
        self.item.len()
    }

    /// An item's size: how many options it has left.
    #[inline(always)]
    pub(crate) fn size(&self, base: u32) -> u32 {
        self.set[(base - SIZE) as usize]
    }

    #[inline(always)]
    pub(crate) fn set_size(&mut self, base: u32, size: u32) {
        self.set[(base - SIZE) as usize] = size;
    }

    /// An item's place in the active list.
    #[inline(always)]
    pub(crate) fn pos(&self, base: u32) -> u32 {
        self.set[(base - POS) as usize]
    }

    /// Swaps `base`, found at `at`, with the item at `to` in the active list.
    #[inline(always)]
    fn swap_items(&mut self, base: u32, at: u32, to: u32) {
        let other = self.item[to as usize];
        self.item[to as usize] = base;
        self.item[at as usize] = other;
        self.set[(other - POS) as usize] = at;
        self.set[(base - POS) as usize] = to;
        self.updates += 1;
    }

    /// Takes the item chosen for branching out of the active list (SSXCC: "swap `best_itm`
    /// out of the active list").
    #[inline(always)]
    pub(crate) fn swap_out_best(&mut self, best: u32) {
        self.active -= 1;
        let at = self.pos(best);
        self.swap_items(best, at, self.active);
    }

    /// Takes the other items of the option at node `chosen` out of the active list, leaving
    /// alone those already out (purified secondary items), and remembers in `oactive` where
    /// the list ended before.
    #[inline(always)]
    pub(crate) fn swap_out_others(&mut self, chosen: u32) {
        let mut end = self.active;
        self.oactive = end;
        let mut q = chosen + 1;
        while q != chosen {
            let item = self.cells[q as usize].item;
            if item < 0 {
                q = (q as i32 + item) as u32;
                continue;
            }
            let base = item as u32;
            let at = self.pos(base);
            if at < end {
                end -= 1;
                self.swap_items(base, at, end);
            }
            q += 1;
        }
        self.active = end;
    }

    /// Hides the options of the option at node `chosen`'s other items that it rules out:
    /// every option of a primary item or of an uncoloured secondary item, and the options of
    /// another colour of a coloured secondary item not yet purified. `false` when a primary
    /// item is left with no option (the choice fails).
    #[inline(always)]
    pub(crate) fn hide_others(&mut self, chosen: u32) -> bool {
        let mut q = chosen + 1;
        while q != chosen {
            let cell = self.cells[q as usize];
            if cell.item < 0 {
                q = (q as i32 + cell.item) as u32;
                continue;
            }
            let base = cell.item as u32;
            if base < self.second {
                if !self.hide::<true>(base, 0) {
                    return false;
                }
            } else if self.pos(base) < self.oactive && !self.hide::<true>(base, cell.colour) {
                return false;
            }
            q += 1;
        }
        true
    }

    /// Hides every option of `base` whose colour differs from `colour` (every option when
    /// `colour` is 0) from the sets of the other items it holds that are still active (before
    /// the current choice). With `CHECK`, `false` when that leaves an active primary item
    /// with no option, and a primary item left with one option goes on the force stack.
    #[inline(always)]
    pub(crate) fn hide<const CHECK: bool>(&mut self, base: u32, colour: u32) -> bool {
        let end = base + self.size(base);
        for r in base..end {
            let option = self.set[r as usize];
            if colour == 0 || self.cells[option as usize].colour != colour {
                if !self.remove_option::<CHECK>(option) {
                    return false;
                }
            }
        }
        true
    }

    /// Removes the option of node `node` from the sets of its other items that are active:
    /// SSXCC's "remove option `tt` from the other sets it's in".
    #[inline(always)]
    fn remove_option<const CHECK: bool>(&mut self, node: u32) -> bool {
        let mut n = node + 1;
        while n != node {
            let Cell { item, loc, .. } = self.cells[n as usize];
            if item < 0 {
                n = (n as i32 + item) as u32;
                continue;
            }
            let base = item as u32;
            let at = self.pos(base);
            if at < self.oactive {
                let size = self.size(base) - 1;
                if CHECK && size <= 1 && base < self.second && at < self.active {
                    if size == 0 {
                        return false;
                    }
                    self.force.push(base);
                }
                let last = base + size;
                let moved = self.set[last as usize];
                self.set_size(base, size);
                self.set[last as usize] = n;
                self.set[loc as usize] = moved;
                self.cells[n as usize].loc = last;
                self.cells[moved as usize].loc = loc;
                self.updates += 1;
            }
            n += 1;
        }
        true
    }

    /// The option a node belongs to, from the map built beside the layout.
    pub(crate) fn option_of(option_of: &[u32], node: u32) -> OptionId {
        OptionId(option_of[node as usize])
    }
}
