//! The sparse sets of dancing cells: each item's active options, and the active items, as
//! permutations with a size, so that removing an element is one swap and undoing it is
//! restoring the size (TAOCP 7.2.2.3, Knuth's SSXCC).
//!
//! One flat `u32` array, `mem`, holds everything the search changes. First every item's record:
//! two header words (its place in the active list, its size) followed by the nodes of its
//! options. An item is named in the search by where its options start (its *base*), so its size
//! and its options are one cache line apart at most. Primary items come first, so
//! `base < second` tells a primary item from a secondary one, and comparing bases compares the
//! items' order in the input, which is the order SSXCC's tie rule reads. Then the options'
//! nodes, three words each (item base, place in that item's set, colour), one option after
//! another, each followed by a spacer whose first word is minus the option's length in words:
//! stepping from an option's last node onto its spacer jumps back to its first node, so
//! walking "the other nodes of an option" is a loop that ends where it began. A node is named
//! by its offset in `mem` too: one array, one base address for the whole inner loop, which
//! keeps its values in registers (two arrays spilled them, docs/benchmarks.md).

use crate::problem::{ItemKind, OptionId, Problem};

/// Where an item's position in the active list sits, before its base.
const POS: u32 = 2;
/// Where an item's size sits, before its base.
const SIZE: u32 = 1;
/// Header words per item record.
const HEADER: u32 = 2;
/// Words per node: item, place, colour.
pub(crate) const NODE: u32 = 3;
/// Offsets of a node's words.
const ITEM: u32 = 0;
const LOC: u32 = 1;
const COLOUR: u32 = 2;

/// The whole state the search changes, and the constant layout it reads. Cloned from a
/// pristine copy before each search, so that every search walks the same tree.
#[derive(Clone, Debug)]
pub(crate) struct SparseSets {
    /// Item records, then nodes (see the module's note).
    mem: Vec<u32>,
    /// The active list: items' bases, the first `active` of them active.
    pub(crate) item: Vec<u32>,
    /// Bases at or above this are secondary items.
    second: u32,
    /// How many items of `item` are active.
    pub(crate) active: u32,
    /// `active` before the current choice's items were swapped out: secondary items at or
    /// beyond it were purified at an earlier level and are left alone.
    oactive: u32,
    /// Primary items found with one option left, the forced moves to make next.
    pub(crate) force: Vec<u32>,
}

impl SparseSets {
    /// The layout of `problem`, primary items first, each in input order; with it the option
    /// of each node, by `(node - first node) / NODE` (`u32::MAX` for spacers), and whether a
    /// primary item has no option at all (SSXCC then searches nothing: no solution, no node).
    pub(crate) fn new(problem: &Problem) -> (SparseSets, (u32, Vec<u32>), bool) {
        let count = problem.item_count();
        let is_primary = |i: usize| problem.item_kind(crate::ItemId(i as u32)) == ItemKind::Primary;
        // Internal order: primaries, then secondaries, each in input order.
        let mut order: Vec<usize> = (0..count).filter(|&i| is_primary(i)).collect();
        let primaries = order.len();
        order.extend((0..count).filter(|&i| !is_primary(i)));
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
        // The first node's spacer sits where the records end.
        let first_spacer = next - HEADER;
        let nodes = problem.entry_count() + problem.option_count() + 1;
        let mut mem = vec![0u32; first_spacer as usize + nodes * NODE as usize];
        for (k, &b) in item.iter().enumerate() {
            mem[(b - POS) as usize] = k as u32;
        }
        let mut option_of = vec![u32::MAX; nodes];
        let mut node = first_spacer + NODE;
        for option in problem.options() {
            let items = problem.option_items(option);
            for (at, item) in items.iter().enumerate() {
                let b = base[item.index()];
                let size = &mut mem[(b - SIZE) as usize];
                let loc = b + *size;
                *size += 1;
                mem[loc as usize] = node;
                let colour = problem
                    .entry_colour(option, at)
                    .map_or(0, |colour| colour.0.wrapping_add(1));
                let at = node as usize;
                mem[at + ITEM as usize] = b;
                mem[at + LOC as usize] = loc;
                mem[at + COLOUR as usize] = colour;
                option_of[((node - first_spacer) / NODE) as usize] = option.0;
                node += NODE;
            }
            mem[node as usize] = (-((items.len() as u32 * NODE) as i32)) as u32;
            node += NODE;
        }
        let uncoverable = order[..primaries].iter().any(|&i| sizes[i] == 0);
        let sets = SparseSets {
            mem,
            active: item.len() as u32,
            oactive: item.len() as u32,
            item,
            second,
            force: Vec::new(),
        };
        (sets, (first_spacer, option_of), uncoverable)
    }

    /// Number of items, primary and secondary.
    pub(crate) fn item_count(&self) -> usize {
        self.item.len()
    }

    /// Whether `base` names a primary item.
    #[inline(always)]
    pub(crate) fn is_primary(&self, base: u32) -> bool {
        base < self.second
    }

    /// A word of `mem`, unchecked as [`get`] says why.
    #[inline(always)]
    fn word(&self, index: u32) -> u32 {
        get(&self.mem, index)
    }

    #[inline(always)]
    fn word_mut(&mut self, index: u32) -> &mut u32 {
        debug_assert!((index as usize) < self.mem.len());
        // SAFETY: as in `get`.
        unsafe { self.mem.get_unchecked_mut(index as usize) }
    }

    /// The node at place `at` of an item's set.
    #[inline(always)]
    pub(crate) fn node_at(&self, at: u32) -> u32 {
        self.word(at)
    }

    /// A node's item (its base), or for a spacer minus its option's length in words.
    #[inline(always)]
    fn node_item(&self, node: u32) -> i32 {
        self.word(node + ITEM) as i32
    }

    /// A node's item and its place in that item's set.
    #[inline(always)]
    pub(crate) fn node_item_and_place(&self, node: u32) -> (u32, u32) {
        (self.word(node + ITEM), self.word(node + LOC))
    }

    /// An item's size: how many options it has left.
    #[inline(always)]
    pub(crate) fn size(&self, base: u32) -> u32 {
        self.word(base - SIZE)
    }

    #[inline(always)]
    pub(crate) fn set_size(&mut self, base: u32, size: u32) {
        *self.word_mut(base - SIZE) = size;
    }

    /// An item's place in the active list.
    #[inline(always)]
    pub(crate) fn pos(&self, base: u32) -> u32 {
        self.word(base - POS)
    }

    /// Swaps `base`, found at `at`, with the item at `to` in the active list.
    #[inline(always)]
    fn swap_items(&mut self, base: u32, at: u32, to: u32, updates: &mut u64) {
        let other = self.item[to as usize];
        self.item[to as usize] = base;
        self.item[at as usize] = other;
        *self.word_mut(other - POS) = at;
        *self.word_mut(base - POS) = to;
        *updates += 1;
    }

    /// Takes the item chosen for branching out of the active list (SSXCC: "swap `best_itm`
    /// out of the active list"), and makes the list's new end the one hides read.
    #[inline(always)]
    pub(crate) fn swap_out_best(&mut self, best: u32, updates: &mut u64) {
        self.active -= 1;
        let at = self.pos(best);
        self.swap_items(best, at, self.active, updates);
        self.oactive = self.active;
    }

    /// Takes the other items of the option at node `chosen` out of the active list, leaving
    /// alone those already out (purified secondary items), and remembers in `oactive` where
    /// the list ended before.
    #[inline(always)]
    pub(crate) fn swap_out_others(&mut self, chosen: u32, updates: &mut u64) {
        let mut end = self.active;
        self.oactive = end;
        let mut q = chosen + NODE;
        while q != chosen {
            let item = self.node_item(q);
            if item < 0 {
                q = q.wrapping_add(item as u32);
                continue;
            }
            let base = item as u32;
            let at = self.pos(base);
            if at < end {
                end -= 1;
                self.swap_items(base, at, end, updates);
            }
            q += NODE;
        }
        self.active = end;
    }

    /// Hides the options of the option at node `chosen`'s other items that it rules out:
    /// every option of a primary item or of an uncoloured secondary item, and the options of
    /// another colour of a coloured secondary item not yet purified. `false` when a primary
    /// item is left with no option (the choice fails).
    #[inline(always)]
    pub(crate) fn hide_others(&mut self, chosen: u32, updates: &mut u64) -> bool {
        let mut q = chosen + NODE;
        while q != chosen {
            let item = self.node_item(q);
            if item < 0 {
                q = q.wrapping_add(item as u32);
                continue;
            }
            let base = item as u32;
            if base < self.second {
                if !self.hide::<true>(base, 0, updates) {
                    return false;
                }
            } else if self.pos(base) < self.oactive
                && !self.hide::<true>(base, self.word(q + COLOUR), updates)
            {
                return false;
            }
            q += NODE;
        }
        true
    }

    /// Hides every option of `base` whose colour differs from `colour` (every option when
    /// `colour` is 0) from the sets of the other items it holds that are still active (before
    /// the current choice). With `CHECK`, `false` when that leaves an active primary item
    /// with no option, and a primary item left with one option goes on the force stack.
    #[inline(always)]
    pub(crate) fn hide<const CHECK: bool>(
        &mut self,
        base: u32,
        colour: u32,
        updates: &mut u64,
    ) -> bool {
        let end = base + self.size(base);
        for r in base..end {
            let option = self.word(r);
            if (colour == 0 || self.word(option + COLOUR) != colour)
                && !self.remove_option::<CHECK>(option, updates)
            {
                return false;
            }
        }
        true
    }

    /// Removes the option of node `node` from the sets of its other items that are active:
    /// SSXCC's "remove option `tt` from the other sets it's in".
    ///
    /// The loop works on a slice, with a local count, and leaves it for the rare item left
    /// with at most one option: through `self`, the compiler reloaded the array's address and
    /// the count from memory after every store, which cost about a third of the search's time
    /// (docs/benchmarks.md).
    #[inline(always)]
    fn remove_option<const CHECK: bool>(&mut self, node: u32, updates: &mut u64) -> bool {
        let oactive = self.oactive;
        let mut removed = 0u64;
        let mut n = node + NODE;
        loop {
            let mem = &mut self.mem[..];
            let mut short = None;
            while n != node {
                let item = get(mem, n + ITEM) as i32;
                if item < 0 {
                    n = n.wrapping_add(item as u32);
                    continue;
                }
                let base = item as u32;
                let at = get(mem, base - POS);
                if at < oactive {
                    let size = get(mem, base - SIZE) - 1;
                    if CHECK && size <= 1 {
                        short = Some((base, at, size));
                        break;
                    }
                    remove_node(mem, n, base, size);
                    removed += 1;
                }
                n += NODE;
            }
            let Some((base, at, size)) = short else {
                break;
            };
            if self.forces(base, at, size) {
                *updates += removed;
                return false;
            }
            remove_node(&mut self.mem, n, base, size);
            removed += 1;
            n += NODE;
        }
        *updates += removed;
        true
    }

    /// An item at `at` in the active list about to be left with `size` options, at most one:
    /// `true` if it is an active primary item left with none (the choice fails); if left
    /// with one, it goes on the force stack. Out of the hot loop: rarely taken.
    #[cold]
    #[inline(never)]
    fn forces(&mut self, base: u32, at: u32, size: u32) -> bool {
        if base < self.second && at < self.active {
            if size == 0 {
                return true;
            }
            self.force.push(base);
        }
        false
    }

    /// Each item's active options, sorted, with its size, item by item in layout order: what
    /// undoing must bring back, whatever order the swaps left the sets in.
    #[cfg(test)]
    pub(crate) fn active_sets(&self) -> Vec<Vec<u32>> {
        let mut bases = self.item.clone();
        bases.sort_unstable();
        bases
            .iter()
            .map(|&base| {
                let size = self.size(base);
                let mut nodes: Vec<u32> = (base..base + size).map(|at| self.word(at)).collect();
                nodes.sort_unstable();
                nodes.push(size);
                nodes
            })
            .collect()
    }

    /// The option a node belongs to, from the map `new` built beside the layout.
    pub(crate) fn option_of(map: &(u32, Vec<u32>), node: u32) -> OptionId {
        OptionId(map.1[((node - map.0) / NODE) as usize])
    }
}

/// A word of the layout. Unchecked: the search reads it only at item headers (`base - POS`,
/// `base - SIZE`), inside items' records (`base..base + size`) and at the words of nodes stored
/// there or reached by stepping through an option to its spacer, all of which
/// [`SparseSets::new`] lays out inside the array; checked, the bounds tests made the search
/// measurably slower (docs/benchmarks.md).
#[inline(always)]
fn get(mem: &[u32], index: u32) -> u32 {
    debug_assert!((index as usize) < mem.len());
    // SAFETY: see above: every index the search forms lies inside the layout.
    unsafe { *mem.get_unchecked(index as usize) }
}

/// Writes a word of the layout, unchecked as [`get`] says why.
#[inline(always)]
fn put(mem: &mut [u32], index: u32, value: u32) {
    debug_assert!((index as usize) < mem.len());
    // SAFETY: as in `get`.
    unsafe { *mem.get_unchecked_mut(index as usize) = value }
}

/// Takes node `n` out of the set of its item `base`, whose size becomes `size`: the node
/// changes place with the set's last active node, so it sits just past the new end, whence
/// restoring the size brings it back.
#[inline(always)]
fn remove_node(mem: &mut [u32], n: u32, base: u32, size: u32) {
    let loc = get(mem, n + LOC);
    let last = base + size;
    let moved = get(mem, last);
    put(mem, base - SIZE, size);
    put(mem, last, n);
    put(mem, loc, moved);
    put(mem, n + LOC, last);
    put(mem, moved + LOC, loc);
}
