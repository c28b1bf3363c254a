//! The sparse sets of dancing cells: each item's active options, and the active items, as
//! permutations with a size, so that removing an element is one swap and undoing it is
//! restoring the size (TAOCP 7.2.2.3, Knuth's SSXCC).
//!
//! One flat array of words, `mem` (16 or 32 bits, [`Word`]), holds everything the search
//! changes. First every item's record: two header words (its place in the active list, the end
//! of its set) followed by the nodes of its options. An item is named in the search by where
//! its options start (its *base*), so its header and its options are one cache line apart at
//! most. Primary items come first, so `base < second` tells a primary item from a secondary
//! one, and comparing bases compares the items' order in the input, which is the order SSXCC's
//! tie rule reads. Then the options' nodes, three words each (item base, place in that item's
//! set, colour), one option after another, each followed by a spacer whose first word is minus
//! the option's length in words: stepping from an option's last node onto its spacer jumps
//! back to its first node, so walking "the other nodes of an option" is a loop that ends where
//! it began. A node is named by its offset in `mem` too: one array, one base address for the
//! whole inner loop, which keeps its values in registers (two arrays spilled them,
//! docs/benchmarks.md).

use super::unroll::unrolled;
use super::word::Word;
use crate::problem::{ItemKind, OptionId, Problem};

/// Where an item's position in the active list sits, before its base.
const POS: u32 = 2;
/// Where the end of an item's set sits, before its base: the place one past its last active
/// option, `base + size`. Kept instead of the size so that a removal finds the set's last
/// node, and stores the new end, without adding the base first.
const END: u32 = 1;
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
///
/// # Invariant
/// `item[..active]` are the active items, each item's header holding its place in `item`; an
/// active item's set is a permutation of its options' nodes whose first `end - base` are its
/// active options, the ones removed below the current level sitting just past its end, and
/// every node's place word names where it sits in its item's set. Removing an option swaps it
/// past its set's end; restoring a saved end (the trail) undoes every removal after the save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SparseSets<W> {
    /// Item records, then nodes (see the module's note).
    mem: Vec<W>,
    /// The active list: items' bases, the first `active` of them active.
    pub(crate) item: Vec<u32>,
    /// How many items of `item` are active.
    pub(crate) active: u32,
    /// `active` before the current choice's items were swapped out: secondary items at or
    /// beyond it were purified at an earlier level and are left alone.
    oactive: u32,
    /// Primary items found with one option left, the forced moves to make next.
    pub(crate) force: ForceStack,
    /// The options a hide of a coloured item removes, gathered before removing them: as long
    /// as the largest set.
    pub(crate) scratch: Vec<u32>,
}

impl SparseSets<u32> {
    /// The layout of `problem` in 32-bit words, primary items first, each in input order; with
    /// it the option of each node, by `(node - first node) / NODE` (`u32::MAX` for spacers),
    /// and whether a primary item has no option at all (SSXCC then searches nothing: no
    /// solution, no node). The caller has checked that every offset fits an `i32`.
    pub(crate) fn new(problem: &Problem) -> (SparseSets<u32>, (u32, Vec<u32>), bool) {
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
            mem[(b - END) as usize] = b;
        }
        let mut option_of = vec![u32::MAX; nodes];
        let mut node = first_spacer + NODE;
        for option in problem.options() {
            let items = problem.option_items(option);
            for (at, item) in items.iter().enumerate() {
                let b = base[item.index()];
                let end = &mut mem[(b - END) as usize];
                let loc = *end;
                *end += 1;
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
            scratch: vec![0; sizes.iter().copied().max().unwrap_or(0) as usize],
            force: ForceStack {
                items: Vec::new(),
                active: 0,
                second,
            },
        };
        (sets, (first_spacer, option_of), uncoverable)
    }

    /// The same layout in 16-bit words, if every word fits: offsets below 2^16, and the words
    /// read signed (items' bases in nodes, minus an option's length in spacers) within
    /// `i16`. `first_spacer` is where the nodes start, as `new` returned it.
    pub(crate) fn narrowed(&self, first_spacer: u32) -> Option<SparseSets<u16>> {
        let fits_unsigned = |word: u32| word <= u32::from(u16::MAX);
        let fits_signed = |word: u32| i16::try_from(word as i32).is_ok();
        let nodes = &self.mem[first_spacer as usize..];
        let fits = self.mem.len() <= 1 << 16
            && nodes.chunks(NODE as usize).all(|node| {
                fits_signed(node[ITEM as usize])
                    && fits_unsigned(node[LOC as usize])
                    && fits_unsigned(node[COLOUR as usize])
            });
        // Bases and places are below `mem.len()`, so the headers and set entries fit too.
        fits.then(|| SparseSets {
            mem: self.mem.iter().map(|&word| u16::of(word)).collect(),
            item: self.item.clone(),
            active: self.active,
            oactive: self.oactive,
            force: self.force.clone(),
            scratch: self.scratch.clone(),
        })
    }
}

impl<W: Word> SparseSets<W> {
    /// Back to the state [`SparseSets::new`] laid out, rebuilt from the words no search
    /// changes (each node's item and colour, each option's spacer, the records' bases), where
    /// a large layout keeps no pristine copy to be cloned from (half its memory). The records
    /// lie in the internal order, so that order is the bases' ascending order; each set is
    /// filled again in node order, as `new` fills it. `first_spacer` is where the nodes start,
    /// as `new` returned it.
    pub(crate) fn rebuild(&mut self, first_spacer: u32) {
        self.item.sort_unstable();
        for (k, &base) in self.item.iter().enumerate() {
            put(&mut self.mem, (base - POS) as usize, k as u32);
            put(&mut self.mem, (base - END) as usize, base);
        }
        let words = self.mem.len();
        let mut node = (first_spacer + NODE) as usize;
        while node < words {
            // An item's base is positive; a spacer holds minus its option's length.
            let base = signed_at(&self.mem, node + ITEM as usize);
            if base > 0 {
                let end = base as usize - END as usize;
                let loc = at(&self.mem, end);
                put(&mut self.mem, end, loc + 1);
                put(&mut self.mem, loc as usize, node as u32);
                put(&mut self.mem, node + LOC as usize, loc);
            }
            node += NODE as usize;
        }
        self.active = self.item.len() as u32;
        self.oactive = self.active;
        self.force.items.clear();
        self.force.active = 0;
    }

    /// Whether a primary item is still active: if none is, the node is a solution.
    pub(crate) fn has_active_primary(&self) -> bool {
        self.item[..self.active as usize]
            .iter()
            .any(|&base| self.is_primary(base))
    }

    /// Words in the layout.
    pub(crate) fn words(&self) -> usize {
        self.mem.len()
    }

    /// Number of items, primary and secondary.
    pub(crate) fn item_count(&self) -> usize {
        self.item.len()
    }

    /// Whether `base` names a primary item.
    #[inline(always)]
    pub(crate) fn is_primary(&self, base: u32) -> bool {
        base < self.force.second
    }

    /// A word of `mem`, unchecked as [`at`] says why. The accessors below widen a base or a
    /// node to `usize` before adding a header's or a node word's offset, so that the offset
    /// folds into the load's address (as in the removals' loops).
    #[inline(always)]
    fn word(&self, index: usize) -> u32 {
        at(&self.mem, index)
    }

    #[inline(always)]
    fn set_word(&mut self, index: usize, value: u32) {
        put(&mut self.mem, index, value);
    }

    /// The node at place `at` of an item's set.
    #[inline(always)]
    pub(crate) fn node_at(&self, at: u32) -> u32 {
        self.word(at as usize)
    }

    /// A node's item (its base), or for a spacer minus its option's length in words.
    #[inline(always)]
    fn node_item(&self, node: u32) -> isize {
        signed_at(&self.mem, (node + ITEM) as usize)
    }

    /// A node's item and its place in that item's set.
    #[inline(always)]
    pub(crate) fn node_item_and_place(&self, node: u32) -> (u32, u32) {
        let node = node as usize;
        (
            self.word(node + ITEM as usize),
            self.word(node + LOC as usize),
        )
    }

    /// An item's size: how many options it has left.
    #[inline(always)]
    pub(crate) fn size(&self, base: u32) -> u32 {
        self.end(base) - base
    }

    /// One past the place of an item's last active option: `base + size`.
    #[inline(always)]
    pub(crate) fn end(&self, base: u32) -> u32 {
        self.word(base as usize - END as usize)
    }

    /// Sets the end of an item's set (see [`SparseSets::end`]).
    #[inline(always)]
    pub(crate) fn set_end(&mut self, base: u32, end: u32) {
        self.set_word(base as usize - END as usize, end);
    }

    /// An item's place in the active list.
    #[inline(always)]
    pub(crate) fn pos(&self, base: u32) -> u32 {
        self.word(base as usize - POS as usize)
    }

    /// Swaps `base`, found at `at`, with the item at `to` in the active list.
    #[inline(always)]
    fn swap_items(&mut self, base: u32, at: u32, to: u32, updates: &mut u64) {
        debug_assert!((at as usize) < self.item.len() && (to as usize) < self.item.len());
        // SAFETY: `at` and `to` are places in the active list, below its length.
        let other = unsafe { *self.item.get_unchecked(to as usize) };
        unsafe {
            *self.item.get_unchecked_mut(to as usize) = base;
            *self.item.get_unchecked_mut(at as usize) = other;
        }
        self.set_word(other as usize - POS as usize, at);
        self.set_word(base as usize - POS as usize, to);
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
        self.each_other_item(chosen, |sets, _, base| {
            let at = sets.pos(base);
            if at < end {
                end -= 1;
                sets.swap_items(base, at, end, updates);
            }
            true
        });
        self.active = end;
    }

    /// Hides the options of the option at node `chosen`'s other items that it rules out:
    /// every option of a primary item or of an uncoloured secondary item, and the options of
    /// another colour of a coloured secondary item not yet purified. `false` when a primary
    /// item is left with no option (the choice fails).
    #[inline(always)]
    pub(crate) fn hide_others(&mut self, chosen: u32, updates: &mut u64) -> bool {
        self.each_other_item(chosen, |sets, q, base| {
            if sets.is_primary(base) {
                sets.hide::<true>(base, updates)
            } else if sets.pos(base) < sets.oactive {
                match sets.word(q + COLOUR as usize) {
                    0 => sets.hide::<true>(base, updates),
                    colour => sets.hide_other_colours(base, colour, updates),
                }
            } else {
                true
            }
        })
    }

    /// [`each_other_node`] over the option at node `chosen`, reading the layout: `visit(self,
    /// node, item's base)`.
    #[inline(always)]
    fn each_other_item(
        &mut self,
        chosen: u32,
        mut visit: impl FnMut(&mut Self, usize, u32) -> bool,
    ) -> bool {
        each_other_node(
            self,
            chosen as usize,
            |sets, q| sets.node_item(q as u32),
            |sets, q, base| visit(sets, q, base as u32),
        )
    }

    /// Hides every option of `base` from the sets of the other items it holds that are still
    /// active (before the current choice). With `CHECK`, `false` when that leaves an active
    /// primary item with no option, and a primary item left with one option goes on the
    /// force stack.
    ///
    /// The loops work on a slice and a local count, borrowed apart from the force stack, and
    /// leave the inner loop for the rare item left with at most one option: through `self`,
    /// the compiler reloaded the array's address and the count from memory after every store,
    /// which cost about a third of the search's time. Out of line, so that its registers are
    /// its own, not the search loop's (docs/benchmarks.md).
    #[inline(never)]
    pub(crate) fn hide<const CHECK: bool>(&mut self, base: u32, updates: &mut u64) -> bool {
        let scope = self.scope();
        let mem = &mut self.mem[..];
        let force = &mut self.force;
        let base = base as usize;
        let end = at(mem, base - END as usize) as usize;
        let mut removed = 0u64;
        let mut done = true;
        for r in base..end {
            let option = at(mem, r) as usize;
            if !remove_option::<W, CHECK>(mem, force, &scope, option, &mut removed) {
                done = false;
                break;
            }
        }
        *updates += removed;
        done
    }

    /// [`SparseSets::hide`] with `CHECK` for the options of `base` whose colour is not
    /// `colour` (SSXCC's purification of a coloured secondary item). Those options are
    /// gathered first, without a branch on each one's colour, which the processor
    /// mispredicts; the removals change the other items' sets, not this one.
    #[inline(never)]
    pub(crate) fn hide_other_colours(&mut self, base: u32, colour: u32, updates: &mut u64) -> bool {
        let scope = self.scope();
        let mem = &mut self.mem[..];
        let force = &mut self.force;
        let base = base as usize;
        let end = at(mem, base - END as usize) as usize;
        let others = &mut self.scratch[..];
        debug_assert!(end - base <= others.len());
        let mut count = 0;
        for r in base..end {
            let option = at(mem, r);
            // SAFETY: `scratch` is as long as the largest set, and `count` stays below the
            // set's size.
            unsafe { *others.get_unchecked_mut(count) = option };
            count += usize::from(at(mem, option as usize + COLOUR as usize) != colour);
        }
        let mut removed = 0u64;
        let mut done = true;
        // SAFETY: as above.
        for &option in unsafe { others.get_unchecked(..count) } {
            if !remove_option::<W, true>(mem, force, &scope, option as usize, &mut removed) {
                done = false;
                break;
            }
        }
        *updates += removed;
        done
    }

    /// What the removals of a hide read of the active list, and tells the force stack where
    /// the list ends.
    #[inline(always)]
    fn scope(&mut self) -> Scope {
        self.force.active = self.active;
        Scope {
            oactive: self.oactive,
        }
    }

    /// Makes the choices of `path` (a subtree's path in a split search) as the search made
    /// them, without counting their updates.
    pub(crate) fn replay(&mut self, path: &[u32]) {
        let mut ignored = 0u64;
        for &node in path {
            let (item, _) = self.node_item_and_place(node);
            self.swap_out_best(item, &mut ignored);
            self.hide::<false>(item, &mut ignored);
            self.swap_out_others(node, &mut ignored);
            let chosen = self.hide_others(node, &mut ignored);
            debug_assert!(chosen, "a path of the walk is a choice that succeeded");
            // The items this level forced are found again by the scan below it.
            self.force.clear();
        }
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
                let mut nodes: Vec<u32> = (base..base + size)
                    .map(|at| self.word(at as usize))
                    .collect();
                nodes.sort_unstable();
                nodes.push(size);
                nodes
            })
            .collect()
    }
}

/// The option a node belongs to, from the map [`SparseSets::new`] built beside the layout.
pub(crate) fn option_of(map: &(u32, Vec<u32>), node: u32) -> OptionId {
    OptionId(map.1[((node - map.0) / NODE) as usize])
}

/// What a hide reads of the active list at every removal: where it ended before the current
/// choice.
struct Scope {
    oactive: u32,
}

/// Primary items left with one option, the forced moves to make next; with where the active
/// list ends and where the secondary items start, which a removal reads only when it leaves an
/// item with at most one option: kept here, in memory, so that the hot loop does not hold them
/// in registers (it spilled its own values when it did).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ForceStack {
    items: Vec<u32>,
    /// A copy of [`SparseSets::active`], made by each hide.
    active: u32,
    /// Bases at or above this are secondary items (see [`SparseSets::is_primary`]).
    second: u32,
}

impl ForceStack {
    #[inline(always)]
    pub(crate) fn push(&mut self, base: u32) {
        self.items.push(base);
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        self.items.pop()
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.items.clear();
    }
}

/// Removes the option of node `node` from the sets of its other items that are active:
/// SSXCC's "remove option `tt` from the other sets it's in", in SSXCC's order (see
/// [`each_other_node`]). Each removal adds one to `removed`. With `CHECK`, `false` when that
/// would leave an active primary item with no option (the removals before it done, that one
/// not).
#[inline(always)]
fn remove_option<W: Word, const CHECK: bool>(
    mem: &mut [W],
    force: &mut ForceStack,
    scope: &Scope,
    node: usize,
    removed: &mut u64,
) -> bool {
    each_other_node(
        mem,
        node,
        |mem, n| signed_at(mem, n + ITEM as usize),
        |mem, n, base| remove_from::<W, CHECK>(mem, force, scope, n, base, removed),
    )
}

/// Calls `visit(state, node, item)` on the nodes of an option other than `node`, in SSXCC's
/// order: the nodes after `node` up to the option's spacer, then from its first node back to
/// `node`; stops with `false` as soon as `visit` returns it. `item_of` reads a node's word:
/// its item, or at the spacer minus the option's length in words, which steps back to the
/// first node.
///
/// The walk is unrolled by step ([`unrolled`]): in a purification the options walked come
/// from one item's set, and options of the same shape (the across words through a cell, say)
/// hold the same items at the same places from `node`, so at each step whether the item is
/// active, where the walk meets the spacer and which earlier removal's stores a load reads
/// repeat from one option to the next.
#[inline(always)]
fn each_other_node<S: ?Sized>(
    state: &mut S,
    node: usize,
    item_of: impl Fn(&S, usize) -> isize,
    mut visit: impl FnMut(&mut S, usize, usize) -> bool,
) -> bool {
    let mut n = node;
    unrolled!({
        n += NODE as usize;
        let mut item = item_of(state, n);
        if item < 0 {
            n = n.wrapping_add(item as usize);
            item = item_of(state, n);
        }
        if n == node {
            return true;
        }
        if !visit(state, n, item as usize) {
            return false;
        }
    })
}

/// Removes node `n` from the set of its item `base` if that item is active (before the
/// current choice); with `CHECK`, `false` instead when that would leave an active primary item
/// with no option, and a primary item left with one goes on the force stack.
#[inline(always)]
fn remove_from<W: Word, const CHECK: bool>(
    mem: &mut [W],
    force: &mut ForceStack,
    scope: &Scope,
    n: usize,
    base: usize,
    removed: &mut u64,
) -> bool {
    if at(mem, base - POS as usize) < scope.oactive {
        let last = at(mem, base - END as usize) as usize - 1;
        if CHECK && last <= base + 1 && forces(force, base, at(mem, base - POS as usize), last) {
            return false;
        }
        remove_node(mem, n, base, last);
        *removed += 1;
    }
    true
}

/// An item at `place` in the active list about to be left with `size` options, at most one:
/// `true` if it is an active primary item left with none (the choice fails); if left with
/// one, it goes on the force stack. Out of the hot loop: rarely taken.
#[cold]
#[inline(never)]
fn forces(force: &mut ForceStack, base: usize, place: u32, last: usize) -> bool {
    if (base as u32) < force.second && place < force.active {
        if last == base {
            return true;
        }
        force.push(base as u32);
    }
    false
}

/// A word of the layout. Unchecked: the search reads it only at item headers (`base - POS`,
/// `base - END`), inside items' records (`base..base + size`) and at the words of nodes stored
/// there or reached by stepping through an option to its spacer, all of which
/// [`SparseSets::new`] lays out inside the array; checked, the bounds tests made the search
/// measurably slower (docs/benchmarks.md). A `usize` index, so that the header's and the
/// node's offsets fold into the loads' addresses, where a `u32` index took an instruction to
/// wrap first.
#[inline(always)]
fn at<W: Word>(mem: &[W], index: usize) -> u32 {
    debug_assert!(index < mem.len());
    // SAFETY: see above: every index the search forms lies inside the layout.
    unsafe { mem.get_unchecked(index) }.value()
}

/// [`at`], read signed: a node's item, or a spacer's minus its option's length.
#[inline(always)]
fn signed_at<W: Word>(mem: &[W], index: usize) -> isize {
    debug_assert!(index < mem.len());
    // SAFETY: as in `at`.
    unsafe { mem.get_unchecked(index) }.signed()
}

/// Writes a word of the layout at a `usize` index, unchecked as [`at`] says why.
#[inline(always)]
fn put<W: Word>(mem: &mut [W], index: usize, value: u32) {
    debug_assert!(index < mem.len());
    // SAFETY: as in `at`.
    unsafe { *mem.get_unchecked_mut(index) = W::of(value) }
}

/// Takes node `n` out of the set of its item `base`, whose last active place is `last`: the
/// node changes place with the node there, so it sits just past the set's new end, `last`,
/// whence restoring the end brings it back.
#[inline(always)]
fn remove_node<W: Word>(mem: &mut [W], n: usize, base: usize, last: usize) {
    let loc = at(mem, n + LOC as usize) as usize;
    let moved = at(mem, last) as usize;
    put(mem, base - END as usize, last as u32);
    put(mem, last, n as u32);
    put(mem, loc, moved as u32);
    put(mem, n + LOC as usize, last as u32);
    put(mem, moved + LOC as usize, loc as u32);
}
