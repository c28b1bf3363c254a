//! The dancing-links arena: Knuth's DLX1 layout in flat vectors, linked by `u32` indices.
//!
//! Items are numbered from 1 in the arena, primary items first (in declaration order), then
//! secondary ones. Item `k` has a header node `nodes[k]` whose `up`/`down` start the vertical
//! list of the options that contain it. After the headers come the options, one after another,
//! each followed by a *spacer* node: a spacer's `top` is 0 (DLX1 stores minus the option's
//! number there; ours comes from `option_first`, so links can be unsigned and as small as `u16`),
//! its `up` is the first node of the option before it and its `down` the last node of the option
//! after it. Options thus need no left/right links: their nodes are
//! consecutive.
//!
//! One departure from DLX1, chosen by measurement (docs/benchmarks.md): the list lengths live in
//! a dense array `len` instead of the headers' `top` fields, and the list of active primary
//! items is that array itself, a covered item carrying the `COVERED` bit. Choosing an item then
//! reads `len` front to back, which the processor streams, instead of chasing links one
//! dependent load at a time. Since primary items stay in declaration order, "the first item of
//! least length" is the one DLX1 picks.

use super::choice_tree::MinTree;
use super::mcc_state::{MccState, CLEANSED};
use super::walk::{OptionWalk, OptionWalker};
use crate::choice_rule::{scan_for_shortest, ChoiceRule, REACH_BLOCKS, SCAN_BLOCK};
use crate::error::DlxError;
use crate::node::{Link, Node, COVERED};
use crate::problem::{ItemId, ItemKind, OptionId, Problem};

/// Which search a loaded problem takes, and how it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Plain exact cover: DLX1's loop, which the colours and bounds cost nothing.
    Plain,
    /// Colours but no bounds: Algorithm M's loop ([`super::mcc`]), counting as DLX2 does.
    Coloured,
    /// Bounds (and perhaps colours): Algorithm M's loop, counting as DLX3 does.
    Bounded,
}

/// A problem loaded into dancing links, ready to search (see [`Engine::search`](crate::Engine::search)).
///
/// The arena can be searched any number of times: every search leaves the links as it found
/// them. Options may be selected before a search ([`Dlx::select`]), which is how a puzzle's
/// givens are imposed on a template built once per puzzle size, then released with
/// [`Dlx::unselect_all`].
///
/// # Invariant
/// Between two steps of a search, every item's list is circular and doubly linked through its
/// header node (`nodes[item]`), and holds the option nodes of that item not hidden by a cover
/// above (Knuth's *hide*); `len[item]` counts them, with the `COVERED` bit added while the item is
/// covered, which is how a covered item leaves the list of items to choose from. `uncovered`
/// counts the primary items still to cover (for Algorithm M, those still active). Every cover
/// is undone in the reverse order of its removals (the *dance*), so a search leaves the links
/// as it found them, unless `spent` says a stopped search left its levels in place
/// ([`Dlx::set_reload_after_stop`]).
#[derive(Clone, Debug)]
pub struct Dlx<L: Link = u32> {
    pub(super) nodes: Vec<Node<L>>,
    /// The length of each item's list (index 0 unused), plus [`COVERED`] while it is covered.
    pub(super) len: Vec<u32>,
    /// Arena items `1..=primary_count` are primary.
    pub(super) primary_count: u32,
    /// Primary items not covered yet: zero means a solution.
    pub(super) uncovered: u32,
    /// The last item whose list a hide left with at most one option (0: none). It is only a
    /// hint, checked before use: `ChoiceRule::MrvStopAtOne` takes it without scanning when it
    /// is still an active primary item with at most one option.
    pub(super) short_item: u32,
    /// Likewise the last item whose list a hide emptied: a dead end to take first.
    pub(super) empty_item: u32,
    /// Every node above `item_count` is an option node or a spacer.
    pub(super) item_count: u32,
    /// The problem's id of each arena item (index 0 unused).
    pub(super) item_ids: Vec<ItemId>,
    /// The first node of each option, by option id.
    pub(super) option_first: Vec<u32>,
    /// How hides walk an option's nodes: through its spacer, or by place.
    pub(super) walk: OptionWalker,
    selected: Vec<OptionId>,
    pub(super) item_taken: Vec<bool>,
    /// The search's choice stack, kept here so a search allocates nothing.
    pub(super) choice: Vec<u32>,
    pub(super) solution: Vec<OptionId>,
    /// Which search this problem takes.
    pub(super) mode: Mode,
    /// How the searches choose the item to branch on ([`Dlx::set_rule`]).
    pub(super) rule: ChoiceRule,
    /// Set by [`Dlx::set_reload_after_stop`]: a stopped search leaves its levels as they are.
    pub(super) leave_on_stop: bool,
    /// A search stopped without undoing its levels: the links are not the problem's until the
    /// arena is laid out again.
    pub(super) spent: bool,
    /// Algorithm M's extra state: problems with colours or bounds only (empty otherwise).
    pub(super) mcc: MccState,
    /// Lower bounds of the primary items' lengths, for choosing among many items without
    /// scanning them all ([`MinTree`]); built by the searches that use it.
    pub(super) tree: MinTree,
    /// From how many primary items the search chooses through `tree`, when not by the rule
    /// (tests set it).
    pub(super) tree_from_items: Option<u32>,
}

impl Dlx<u32> {
    /// Lays a problem out in a fresh arena with `u32` links, which hold any problem a
    /// [`crate::ProblemBuilder`] accepts.
    pub fn new(problem: &Problem) -> Dlx<u32> {
        Dlx::try_new(problem).expect("the builder keeps problems within u32 links")
    }
}

/// The figures the search counts as it goes.
#[derive(Default)]
pub(super) struct Counts {
    pub(super) updates: u64,
    pub(super) cleansings: u64,
}

/// The choice rule's hints (`Dlx::short_item`, `Dlx::empty_item`), held in locals while a
/// cover hides options and stored back when it is done.
struct Hints {
    short_item: u32,
    empty_item: u32,
}

impl<L: Link> Dlx<L> {
    /// Lays a problem out in a fresh arena with links of type `L`, if they can address it.
    pub fn try_new(problem: &Problem) -> Result<Dlx<L>, DlxError> {
        let n = problem.item_count();
        let node_count = (n + 2 + problem.entry_count() + problem.option_count()) as u64;
        if node_count > L::MAX_NODES {
            return Err(DlxError::TooLarge {
                nodes: node_count,
                limit: L::MAX_NODES,
            });
        }
        // Primary items first, each kind in declaration order.
        let mut item_ids = Vec::with_capacity(n + 1);
        item_ids.push(ItemId(u32::MAX));
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            item_ids.extend(problem.items().filter(|&i| problem.item_kind(i) == kind));
        }
        let mut arena_index = vec![0u32; n];
        for (k, item) in item_ids.iter().enumerate().skip(1) {
            arena_index[item.index()] = k as u32;
        }
        let primary_count = problem.primary_count() as u32;

        let mut dlx = Dlx::unfilled();
        dlx.lay_out(
            primary_count as usize,
            n,
            problem.options().map(|o| problem.option_items(o)),
            |item: ItemId| arena_index[item.index()],
        )?;
        dlx.item_ids = item_ids;
        if problem.has_colours() || problem.has_bounds() {
            dlx.load_colours_and_bounds(problem);
        }
        Ok(dlx)
    }

    /// Sets up Algorithm M's extra state ([`MccState`]) and a choice stack deep enough for
    /// null moves.
    fn load_colours_and_bounds(&mut self, problem: &Problem) {
        self.mode = if problem.has_bounds() {
            Mode::Bounded
        } else {
            Mode::Coloured
        };
        let primary = self.primary_count as usize;
        // Every level adds an option or makes a null move, which retires an item for good.
        let levels = primary + self.option_first.len() + 1;
        self.mcc = MccState::load(
            problem,
            self.nodes.len(),
            &self.option_first,
            &self.item_ids,
            primary,
            levels,
        );
        self.choice.resize(levels, 0);
    }

    /// Lays out, in this arena's memory, a problem given directly by arena numbers: items
    /// `0..primary` are primary and `primary..items` secondary, and each option lists item numbers
    /// (distinct, below `items`; an empty option is kept but can never be chosen). Option ids count
    /// from 0 in the order given, item ids are the numbers themselves. This is for encodings that
    /// build a pruned problem for every puzzle: no names, no [`Problem`], no allocation once the
    /// arena has grown to size. Inlined, so that a caller's fixed option width reaches the
    /// loops that lay the options out.
    #[inline(always)]
    pub fn reload<'a>(
        &mut self,
        primary: usize,
        items: usize,
        options: impl IntoIterator<Item = &'a [u32], IntoIter: Clone>,
    ) -> Result<(), DlxError> {
        debug_assert!(primary <= items);
        self.lay_out(primary, items, options.into_iter(), |k: u32| {
            debug_assert!((k as usize) < items, "item {k} out of range");
            k + 1
        })?;
        self.item_ids.clear();
        self.item_ids
            .extend((0..=items as u32).map(|k| ItemId(k.wrapping_sub(1))));
        Ok(())
    }

    /// An arena with no items, to be laid out.
    fn unfilled() -> Dlx<L> {
        Dlx {
            nodes: Vec::new(),
            len: Vec::new(),
            primary_count: 0,
            uncovered: 0,
            short_item: 0,
            empty_item: 0,
            item_count: 0,
            item_ids: Vec::new(),
            option_first: Vec::new(),
            walk: OptionWalker::default(),
            selected: Vec::new(),
            item_taken: Vec::new(),
            choice: Vec::new(),
            solution: Vec::new(),
            mode: Mode::Plain,
            rule: ChoiceRule::Mrv,
            leave_on_stop: false,
            spent: false,
            mcc: MccState::default(),
            tree: MinTree::default(),
            tree_from_items: None,
        }
    }

    /// Fills the arena: headers for `items` items (the first `primary` primary), then each
    /// option, whose entries `arena_item` maps to arena item numbers (from 1). The options are
    /// read twice: once to size the arena exactly, once to fill it by index, which measured
    /// about twice as fast as pushing node by node for the pruned Sudoku problems.
    #[inline(always)]
    fn lay_out<'a, T: Copy + 'a>(
        &mut self,
        primary: usize,
        items: usize,
        options: impl Iterator<Item = &'a [T]> + Clone,
        arena_item: impl Fn(T) -> u32,
    ) -> Result<(), DlxError> {
        let (entries, option_count) = options
            .clone()
            .fold((0, 0), |(e, o), option| (e + option.len(), o + 1));
        // The root, the headers, the first spacer, then each option and its spacer.
        let total = items + 2 + entries + option_count;
        if total as u64 > L::MAX_NODES {
            return Err(DlxError::TooLarge {
                nodes: total as u64,
                limit: L::MAX_NODES,
            });
        }
        self.lay_out_headers(items, total);
        // Sized here and written by index: a push per option, with its capacity check, cost the
        // Sudoku encodings (which lay out an arena a puzzle) measurably more (docs/benchmarks.md).
        self.option_first.clear();
        self.option_first.resize(option_count, 0);
        // The stride every option has if all have the same width.
        let stride = (option_count > 0).then(|| entries / option_count + 1);
        let uniform = self.link_options(items, stride, options, arena_item);
        self.walk.uniform_stride = match stride {
            Some(stride) if uniform => stride as u32,
            _ => 0,
        };
        self.reset_search_state(primary, items);
        self.walk.choose(&self.nodes, self.item_count);
        Ok(())
    }

    /// Sizes the arena to `total` nodes: the root and the `items` headers with their lists
    /// empty, then the first spacer; the option nodes after it are written by
    /// [`Dlx::link_options`].
    #[inline(always)]
    fn lay_out_headers(&mut self, items: usize, total: usize) {
        let zero = L::new(0);
        let spacer = Node {
            up: zero,
            down: zero,
            top: zero,
            pad: Default::default(),
        };
        // Every node below is written whole, so a reused arena keeps its old contents rather
        // than being zeroed first, which measured fewer instructions for the Sudoku
        // encodings that lay a problem out for every puzzle (docs/benchmarks.md).
        self.nodes.resize(total, spacer);
        self.nodes.truncate(total);
        // Node 0 stands for the root, which DLX1 keeps there; the headers follow, lists empty.
        for (k, header) in self.nodes[..=items].iter_mut().enumerate() {
            *header = Node {
                up: L::new(k as u32),
                down: L::new(k as u32),
                top: zero,
                pad: Default::default(),
            };
        }
        self.nodes[items + 1] = spacer;
        self.len.clear();
        self.len.resize(items + 1, 0);
        self.len[0] = COVERED;
    }

    /// Writes each option's nodes after the first spacer, each followed by its spacer, and
    /// links them into their items' lists. Gives whether every option has `stride` nodes and
    /// its spacer.
    #[inline(always)]
    fn link_options<'a, T: Copy + 'a>(
        &mut self,
        items: usize,
        stride: Option<usize>,
        options: impl Iterator<Item = &'a [T]>,
        arena_item: impl Fn(T) -> u32,
    ) -> bool {
        let zero = L::new(0);
        let spacer = Node {
            up: zero,
            down: zero,
            top: zero,
            pad: Default::default(),
        };
        let nodes = &mut self.nodes;
        let len = &mut self.len;
        // The first spacer is at `items + 1`; its `up` is never followed.
        let mut spacer_before = items + 1;
        let mut here = items + 2;
        let mut uniform = true;
        for (k, option) in options.enumerate() {
            let first = here;
            self.option_first[k] = first as u32;
            uniform &= Some(option.len() + 1) == stride;
            for &item in option {
                let header = arena_item(item) as usize;
                // The one check that makes the unchecked accesses below sound: every other
                // index is a header or a node already written, all below the arena's size.
                assert!(
                    (1..=items).contains(&header),
                    "option names item {header}, not one of 1..={items}"
                );
                let link = L::new(here as u32);
                // SAFETY: `header <= items < total`, `here < total` (counted by the caller,
                // which sized the arena), and `bottom` is a header or an earlier node.
                unsafe {
                    let bottom = nodes.get_unchecked(header).up;
                    *nodes.get_unchecked_mut(here) = Node {
                        up: bottom,
                        down: L::new(header as u32),
                        top: L::new(header as u32),
                        pad: Default::default(),
                    };
                    nodes.get_unchecked_mut(bottom.get() as usize).down = link;
                    nodes.get_unchecked_mut(header).up = link;
                    *len.get_unchecked_mut(header) += 1;
                }
                here += 1;
            }
            nodes[spacer_before].down = L::new(here as u32 - 1);
            nodes[here] = Node {
                up: L::new(first as u32),
                ..spacer
            };
            spacer_before = here;
            here += 1;
        }
        uniform
    }

    /// Readies the search's state for a freshly laid out arena of `items` items, the first
    /// `primary` primary: nothing covered or selected, plain exact cover until Algorithm M's
    /// state is set up.
    #[inline(always)]
    fn reset_search_state(&mut self, primary: usize, items: usize) {
        self.primary_count = primary as u32;
        self.uncovered = primary as u32;
        self.short_item = 0;
        self.empty_item = 0;
        self.item_count = items as u32;
        self.selected.clear();
        self.item_taken.clear();
        self.item_taken.resize(items + 1, false);
        self.choice.clear();
        self.choice.resize(primary + 1, 0);
        self.solution.clear();
        self.solution.reserve(primary);
        self.mode = Mode::Plain;
        self.spent = false;
        self.mcc.clear();
    }

    /// Walks every option through its spacer, as DLX1 does, from now on and at every later
    /// layout. By default each layout looks at where the items stand in their options, and
    /// walks options by place when they share a width and some item changes place (the
    /// pentominoes gain from that). An encoding whose items keep their places by construction
    /// (Sudoku's cell, row, column and box, always in that order) skips that look at each
    /// layout: a few instructions an entry, a few percent of a short search when a problem is
    /// laid out for every puzzle.
    pub fn walk_through_spacers(&mut self) {
        self.set_option_walk(OptionWalk::Spacers);
    }

    /// Sets how options are walked, from now on and at every later layout.
    pub(super) fn set_option_walk(&mut self, walk: OptionWalk) {
        self.walk.asked = walk;
        self.walk.choose(&self.nodes, self.item_count);
    }

    /// Whether hides walk an option by its nodes' places rather than through its spacer.
    #[inline]
    pub(super) fn walks_by_place(&self) -> bool {
        self.walk.by_place()
    }

    /// Where option node `row` stands in its option, from 0, when options are walked by place.
    #[inline(always)]
    pub(super) fn place_in_option(&self, row: u32) -> u32 {
        self.walk.place_in_option(row, self.item_count)
    }

    /// Number of options in the arena.
    pub fn option_count(&self) -> usize {
        self.option_first.len()
    }

    /// Number of nodes: the root, the item headers, each option's entries, and a spacer before
    /// the first option and after each one.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The bytes the arena holds on the heap, counted from its vectors' capacities: what a
    /// caller needs to check that memory grows with the problem's size and no faster.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Node<L>>()
            + (self.len.capacity()
                + self.option_first.capacity()
                + self.choice.capacity()
                + self.mcc.capacity())
                * size_of::<u32>()
            + (self.item_ids.capacity() + self.selected.capacity() + self.solution.capacity())
                * size_of::<ItemId>()
            + self.item_taken.capacity() * size_of::<bool>()
            + self.walk.item_place.capacity() * size_of::<u32>()
    }

    /// The options selected so far with [`Dlx::select`], in order.
    pub fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    /// Imposes an option before the search, as if it had been chosen: its items are covered and
    /// every option that clashes with it disappears. Searches then find the completions of the
    /// selected options (which they do not repeat in their solutions).
    pub fn select(&mut self, option: OptionId) -> Result<(), DlxError> {
        self.assert_not_spent();
        let &first = self
            .option_first
            .get(option.index())
            .ok_or(DlxError::UnknownOption(option))?;
        match self.mode {
            Mode::Bounded => return Err(DlxError::SelectWithBounds),
            Mode::Coloured => self.select_coloured(first)?,
            Mode::Plain => {
                let mut p = first;
                while self.node(p).top.get() != 0 {
                    let item = self.node(p).top.get() as usize;
                    if self.item_taken[item] {
                        return Err(DlxError::Conflict(self.item_ids[item]));
                    }
                    p += 1;
                }
                let mut p = first;
                let mut updates = 0;
                while self.node(p).top.get() != 0 {
                    let item = self.node(p).top.get();
                    self.item_taken[item as usize] = true;
                    self.cover::<true, false, false>(item, &mut updates);
                    p += 1;
                }
            }
        }
        self.selected.push(option);
        Ok(())
    }

    /// Undoes every [`Dlx::select`], newest first, restoring the arena as it was built.
    pub fn unselect_all(&mut self) {
        while let Some(option) = self.selected.pop() {
            let first = self.option_first[option.index()];
            if self.mode == Mode::Coloured {
                self.unselect_coloured(first);
                continue;
            }
            let mut p = first;
            while self.node(p + 1).top.get() != 0 {
                p += 1;
            }
            loop {
                let item = self.node(p).top.get();
                self.uncover::<false, false>(item);
                self.item_taken[item as usize] = false;
                if p == first {
                    break;
                }
                p -= 1;
            }
        }
        // The covers' hints too: as built, none.
        self.short_item = 0;
        self.empty_item = 0;
    }

    /// The option a node belongs to: the last option starting at or before it.
    #[inline]
    pub(super) fn option_of(&self, node: u32) -> OptionId {
        // Options of one width (the Sudoku encodings' four items, for one): a division. Handing
        // over a solution found each of its options by a binary search, a measurable share of a
        // short Sudoku search (docs/benchmarks.md).
        if let Some(option) = (node - self.item_count - 2).checked_div(self.walk.uniform_stride) {
            return OptionId(option);
        }
        let after = self.option_first.partition_point(|&first| first <= node);
        OptionId(after as u32 - 1)
    }

    #[inline(always)]
    pub(super) fn node(&self, index: u32) -> &Node<L> {
        debug_assert!((index as usize) < self.nodes.len());
        // SAFETY: every link stored in the arena is the index of one of its nodes: `new` builds
        // them so, and cover/uncover only copy links between nodes.
        unsafe { self.nodes.get_unchecked(index as usize) }
    }

    #[inline(always)]
    pub(super) fn node_mut(&mut self, index: u32) -> &mut Node<L> {
        debug_assert!((index as usize) < self.nodes.len());
        // SAFETY: as in `node`.
        unsafe { self.nodes.get_unchecked_mut(index as usize) }
    }

    /// An item's list length (plus [`COVERED`] while it is covered), to change it.
    #[inline(always)]
    pub(super) fn len_mut(&mut self, item: u32) -> &mut u32 {
        debug_assert!((item as usize) < self.len.len());
        // SAFETY: items are `1..=item_count`, and `len` has `item_count + 1` entries.
        unsafe { self.len.get_unchecked_mut(item as usize) }
    }

    /// Covers an item (TAOCP 7.2.2.1 (12)): marks it covered (DLX1 unlinks it from the active
    /// list) and hides every option that contains it from the lists of its other items. Counts
    /// DLX1's updates.
    ///
    /// `HINTS` says whether hides keep `short_item` and `empty_item` up to date:
    /// only the choice rules that read them need it, and on DLX1's rule, which reads the
    /// lengths alone, the upkeep in the innermost loop cost time (docs/benchmarks.md).
    /// `TREE` says whether they keep [`Dlx::tree`]'s bounds, which only a search of many items
    /// reads.
    #[inline(always)]
    pub(super) fn cover<const HINTS: bool, const TREE: bool, const BY_PLACE: bool>(
        &mut self,
        item: u32,
        updates: &mut u64,
    ) {
        *self.len_mut(item) += COVERED;
        self.uncovered -= (item <= self.primary_count) as u32;
        // Counted here and added once: the caller's count lives in memory (the search is short
        // of registers), and adding to it at every hide put a read and a write of the same
        // place in the innermost loop, which measured slower (docs/benchmarks.md).
        let mut count = 1;
        // The hints too are kept in locals through the hides and stored once: two fewer stores
        // a hide, which measured fewer instructions (docs/benchmarks.md).
        let mut hints = Hints {
            short_item: self.short_item,
            empty_item: self.empty_item,
        };
        let mut row = self.node(item).down.get();
        while row > self.item_count {
            // Read before the hide: it never changes a link of this list (the option's other
            // nodes are in other lists), and the compiler, which cannot know that, would
            // otherwise wait for every store of the hide before loading the next row.
            let next = self.node(row).down.get();
            self.hide::<HINTS, TREE, BY_PLACE>(row, &mut count, &mut hints);
            row = next;
        }
        if HINTS {
            (self.short_item, self.empty_item) = (hints.short_item, hints.empty_item);
        }
        *updates += count;
    }

    /// Hides the option of node `row` from every list but its own item's (TAOCP 7.2.2.1 (13)),
    /// walking the option through its spacer as DLX1 does, or by place when `BY_PLACE` (see
    /// [`super::walk`] for when and why).
    #[inline(always)]
    fn hide<const HINTS: bool, const TREE: bool, const BY_PLACE: bool>(
        &mut self,
        row: u32,
        updates: &mut u64,
        hints: &mut Hints,
    ) {
        if BY_PLACE {
            let width = self.walk.uniform_stride - 1;
            let mut place = self.place_in_option(row);
            let first = row - place;
            for _ in 1..width {
                place += 1;
                if place == width {
                    place = 0;
                }
                self.hide_node::<HINTS, TREE>(first + place, hints);
            }
            *updates += width as u64 - 1;
            return;
        }
        let mut q = row + 1;
        while q != row {
            let Node { up, top, .. } = *self.node(q);
            if top.get() == 0 {
                q = up.get();
                continue;
            }
            self.hide_node::<HINTS, TREE>(q, hints);
            *updates += 1;
            q += 1;
        }
    }

    /// Takes option node `q` out of its item's list, shortening the list (one update).
    #[inline(always)]
    fn hide_node<const HINTS: bool, const TREE: bool>(&mut self, q: u32, hints: &mut Hints) {
        let Node { up, down, top, .. } = *self.node(q);
        self.node_mut(up.get()).down = down;
        self.node_mut(down.get()).up = up;
        let len = self.len_mut(top.get());
        *len -= 1;
        let len = *len;
        if HINTS {
            // Selects, not branches: whether a list falls to one option or none is as good as
            // random to the processor, and the branches' mispredictions cost the Sudoku solver
            // much of its time (docs/benchmarks.md).
            let item = top.get();
            hints.empty_item = if len == 0 { item } else { hints.empty_item };
            hints.short_item = if len <= 1 { item } else { hints.short_item };
        }
        if TREE && top.get() <= self.primary_count {
            self.tree.lowered(top.get() as usize - 1, len);
        }
    }

    /// Undoes [`Dlx::cover`] (TAOCP 7.2.2.1 (14)). DLX1 shows the rows may go in either
    /// direction; going up mirrors cover exactly and is what the book writes.
    #[inline(always)]
    pub(super) fn uncover<const TREE: bool, const BY_PLACE: bool>(&mut self, item: u32) {
        let mut row = self.node(item).up.get();
        while row > self.item_count {
            // As in `cover`: the unhide leaves this list's links alone.
            let next = self.node(row).up.get();
            self.unhide::<BY_PLACE>(row);
            row = next;
        }
        *self.len_mut(item) -= COVERED;
        let primary = item <= self.primary_count;
        self.uncovered += primary as u32;
        if TREE && primary {
            // Active again, so shorter than while covered.
            self.tree
                .lowered(item as usize - 1, self.len[item as usize]);
        }
    }

    /// Undoes [`Dlx::hide`] (TAOCP 7.2.2.1 (15)), right to left, by place or through the
    /// spacer as the hide went.
    #[inline(always)]
    fn unhide<const BY_PLACE: bool>(&mut self, row: u32) {
        if BY_PLACE {
            let width = self.walk.uniform_stride - 1;
            let mut place = self.place_in_option(row);
            let first = row - place;
            for _ in 1..width {
                place = if place == 0 { width - 1 } else { place - 1 };
                self.unhide_node(first + place);
            }
            return;
        }
        let mut q = row - 1;
        while q != row {
            if self.node(q).top.get() == 0 {
                q = self.node(q).down.get();
                continue;
            }
            self.unhide_node(q);
            q -= 1;
        }
    }

    /// Puts option node `q` back in its item's list, which [`Dlx::hide_node`] took it out of.
    #[inline(always)]
    fn unhide_node(&mut self, q: u32) {
        let Node { up, down, top, .. } = *self.node(q);
        let here = L::new(q);
        self.node_mut(up.get()).down = here;
        self.node_mut(down.get()).up = here;
        *self.len_mut(top.get()) += 1;
    }

    /// Covers the items of `node`'s option other than its own (step X5).
    #[inline(always)]
    pub(super) fn cover_others<const HINTS: bool, const TREE: bool, const BY_PLACE: bool>(
        &mut self,
        node: u32,
        updates: &mut u64,
    ) {
        let mut p = node + 1;
        while p != node {
            let Node { up, top, .. } = *self.node(p);
            if top.get() == 0 {
                p = up.get();
            } else {
                self.cover::<HINTS, TREE, BY_PLACE>(top.get(), updates);
                p += 1;
            }
        }
    }

    /// Undoes [`Dlx::cover_others`], going left as the covering went right (step X6).
    #[inline(always)]
    pub(super) fn uncover_others<const TREE: bool, const BY_PLACE: bool>(&mut self, node: u32) {
        let mut p = node - 1;
        while p != node {
            let Node { down, top, .. } = *self.node(p);
            if top.get() == 0 {
                p = down.get();
            } else {
                self.uncover::<TREE, BY_PLACE>(top.get());
                p -= 1;
            }
        }
    }
    // Algorithm X's step X3 and the choice stack, shared by the searches, the split and the estimate.

    /// X3 under `rule`: the active primary item with the shortest list, the first on ties.
    /// Covered items carry the `COVERED` bit in their length, so they never win.
    ///
    /// The lengths are scanned a block of [`SCAN_BLOCK`] at a time: the minimum of a block is a
    /// branch-free loop the compiler turns into vector instructions, and only the block that
    /// holds the winner is searched item by item, which measured faster than a scan item by
    /// item (docs/benchmarks.md).
    #[inline(always)]
    pub(super) fn choose_item<const TREE: bool>(
        &mut self,
        rule: ChoiceRule,
        nodes_so_far: u64,
    ) -> u32 {
        // A list of length 0 cannot be beaten, so stopping there keeps DLX1's choice.
        let stop_at = match rule {
            ChoiceRule::Mrv => 0,
            ChoiceRule::MrvStopAtOne | ChoiceRule::MrvThenReach { .. } => {
                for (hint, most) in [(self.empty_item, 0), (self.short_item, 1)] {
                    if hint != 0 && hint <= self.primary_count && self.len[hint as usize] <= most {
                        return hint;
                    }
                }
                1
            }
        };
        let lengths = &self.len[1..=self.primary_count as usize];
        let (base, best_len) = if TREE {
            // The tree's answer is the scan's with `stop_at` 0: the first shortest list, which
            // under the other rules is as good a choice as the first block's.
            let (index, len) = self.tree.first_shortest(lengths);
            (index / SCAN_BLOCK * SCAN_BLOCK, len)
        } else {
            scan_for_shortest(lengths, stop_at)
        };
        debug_assert!(best_len < COVERED, "called with every primary item covered");
        let offset = lengths[base..]
            .iter()
            .position(|&len| len == best_len)
            .unwrap_or(0);
        let first = (base + offset) as u32 + 1;
        let weigh = match rule {
            ChoiceRule::MrvThenReach { from_node } => nodes_so_far >= from_node,
            _ => false,
        };
        if !weigh || best_len < 2 {
            return first;
        }
        // Only the tied items from `first` on: the first of equal reach wins, as in the scan.
        let last = (base + REACH_BLOCKS * SCAN_BLOCK).min(lengths.len()) as u32;
        let mut best = first;
        let mut best_reach = self.reach(first);
        for item in first + 1..=last {
            if self.len[item as usize] == best_len {
                let reach = self.reach(item);
                if reach > best_reach {
                    (best, best_reach) = (item, reach);
                }
            }
        }
        best
    }

    /// How many options choosing each option of `item` would remove from other lists, summed:
    /// the tie-break of [`ChoiceRule::MrvThenReach`].
    #[inline(always)]
    pub(super) fn reach(&self, item: u32) -> u32 {
        let mut reach = 0;
        let mut row = self.node(item).down.get();
        while row != item {
            let mut q = row + 1;
            while q != row {
                let node = self.node(q);
                if node.top.get() == 0 {
                    q = node.up.get();
                    continue;
                }
                reach += self.len[node.top.get() as usize] - 1;
                q += 1;
            }
            row = self.node(row).down.get();
        }
        reach
    }

    #[inline(always)]
    pub(super) fn set_choice(&mut self, level: usize, node: u32) {
        debug_assert!(level < self.choice.len());
        // SAFETY: each level covers at least one primary item, so there are at most as many
        // levels as primary items, and `choice` has one more slot than that.
        unsafe { *self.choice.get_unchecked_mut(level) = node }
    }

    #[inline(always)]
    pub(super) fn choice_at(&self, level: usize) -> u32 {
        debug_assert!(level < self.choice.len());
        // SAFETY: as in `set_choice`.
        unsafe { *self.choice.get_unchecked(level) }
    }

    /// Ends a stopped search: undoes the option tried at the deepest level (`last`: its node
    /// and item, when it was covered) and the levels above, or, under
    /// [`Dlx::set_reload_after_stop`], leaves them and marks the arena spent.
    pub(super) fn abandon_search(&mut self, level: usize, last: Option<(u32, u32)>) {
        if self.leave_on_stop {
            self.spent = true;
            return;
        }
        if let Some((current, best)) = last {
            self.uncover_others::<false, false>(current);
            self.uncover::<false, false>(best);
        }
        // Levels `0..level`, fully covered, deepest first.
        for l in (0..level).rev() {
            let node = self.choice_at(l);
            self.uncover_others::<false, false>(node);
            self.uncover::<false, false>(self.node(node).top.get());
        }
    }

    /// Names the options of levels `0..=level` in the arena's solution.
    pub(super) fn fill_solution(&mut self, level: usize) {
        // Extended from a range rather than pushed one by one: one capacity check, not one
        // an option.
        let mut solution = std::mem::take(&mut self.solution);
        solution.clear();
        solution.extend((0..=level).map(|l| self.option_of(self.choice_at(l))));
        self.solution = solution;
    }

    /// Whether a stopped search left the arena spent ([`Dlx::set_reload_after_stop`]): it must
    /// be laid out again before the next search.
    pub(crate) fn is_spent(&self) -> bool {
        self.spent
    }

    /// Panics when a search left the arena spent ([`Dlx::set_reload_after_stop`]).
    pub(super) fn assert_not_spent(&self) {
        assert!(
            !self.spent,
            "a search stopped under set_reload_after_stop left this arena spent: reload it first"
        );
    }

    // Algorithm M's primitives (see `mcc.rs`): its choice of item, and the covers, tweaks
    // and purifications that respect colours and bounds.

    /// The item to branch on, with its score (DLX3's branching degree `len + s - bound + 1`,
    /// `s` the least of slack and bound), or `None` when no primary item is active. The lowest
    /// score wins; on ties the smaller `s`, then the longer list, then the first item. A score
    /// of zero or less means a dead end whatever the other items are, so the scan stops there;
    /// under the rules other than [`ChoiceRule::Mrv`] it stops at a score of one too.
    pub(super) fn choose_scored(&self, rule: ChoiceRule) -> Option<(u32, i64)> {
        let stop_at = match rule {
            ChoiceRule::Mrv => 0,
            ChoiceRule::MrvStopAtOne | ChoiceRule::MrvThenReach { .. } => 1,
        };
        let mut best = None;
        let (mut best_score, mut best_slack, mut best_len) = (i64::MAX, 0, 0);
        let mut item = self.mcc.active_next[0];
        while item != 0 {
            let len = self.len[item as usize];
            let bound = self.mcc.bound[item as usize];
            let slack = self.mcc.slack[item as usize].min(bound);
            let score = i64::from(len) + i64::from(slack) - i64::from(bound) + 1;
            if score < best_score
                || (score == best_score
                    && (slack < best_slack || (slack == best_slack && len > best_len)))
            {
                (best, best_score, best_slack, best_len) = (Some(item), score, slack, len);
                if score <= stop_at {
                    break;
                }
            }
            item = self.mcc.active_next[item as usize];
        }
        best.map(|item| (item, best_score))
    }

    /// Puts back the item branched on at `level` as it was before the level (DLX3's `backup`).
    pub(super) fn restore_best(&mut self, best: u32, level: usize) {
        let (bound, slack) = (self.mcc.bound[best as usize], self.mcc.slack[best as usize]);
        if bound == 0 && slack == 0 {
            self.uncover_mcc(best, true);
        } else {
            self.untweak(best, self.mcc.first_tweak[level], bound != 0);
        }
        self.mcc.bound[best as usize] += 1;
    }

    /// Undoes levels `0..level` deepest first, as backing down from each would.
    pub(super) fn unwind_mcc(&mut self, level: usize) {
        for l in (0..level).rev() {
            let current = self.choice[l];
            let best = if current <= self.item_count {
                self.reactivate(current);
                current
            } else {
                self.uncover_others_mcc(current);
                let best = self.node(current).top.get();
                if self.mcc.bound[best as usize] == 0 && self.mcc.slack[best as usize] != 0 {
                    // Covered when the level was entered, and retired until its null move,
                    // which backing down would have reached and undone: undo it here.
                    self.reactivate(best);
                }
                best
            };
            self.restore_best(best, l);
        }
    }

    /// Takes a primary item out of the active list without hiding anything.
    pub(super) fn deactivate(&mut self, item: u32) {
        let (prev, next) = (
            self.mcc.active_prev[item as usize],
            self.mcc.active_next[item as usize],
        );
        self.mcc.active_next[prev as usize] = next;
        self.mcc.active_prev[next as usize] = prev;
        self.uncovered -= 1;
    }

    /// Undoes [`Dlx::deactivate`]: the item kept its neighbours, and the search retires and
    /// restores items last out, first in, so they are its neighbours again.
    pub(super) fn reactivate(&mut self, item: u32) {
        let (prev, next) = (
            self.mcc.active_prev[item as usize],
            self.mcc.active_next[item as usize],
        );
        self.mcc.active_next[prev as usize] = item;
        self.mcc.active_prev[next as usize] = item;
        self.uncovered += 1;
    }

    /// Covers an item (DLX3's `cover`): hides every option in its list, and takes it out of the
    /// active items if `deactivate`. Cleansed nodes stay where they are.
    pub(super) fn cover_mcc(&mut self, item: u32, deactivate: bool, counts: &mut Counts) {
        if deactivate && item <= self.primary_count {
            self.deactivate(item);
        }
        counts.updates += 1;
        let mut row = self.node(item).down.get();
        while row > self.item_count {
            self.hide_mcc(row, counts);
            row = self.node(row).down.get();
        }
    }

    /// Undoes [`Dlx::cover_mcc`], bottom to top.
    pub(super) fn uncover_mcc(&mut self, item: u32, reactivate: bool) {
        let mut row = self.node(item).up.get();
        while row > self.item_count {
            self.unhide_mcc(row);
            row = self.node(row).up.get();
        }
        if reactivate && item <= self.primary_count {
            self.reactivate(item);
        }
    }

    /// Hides the option of node `row` from the lists of its other items, left to right, but
    /// for its cleansed nodes.
    pub(super) fn hide_mcc(&mut self, row: u32, counts: &mut Counts) {
        let mut q = row + 1;
        while q != row {
            if self.mcc.colour[q as usize] != CLEANSED {
                let Node { up, down, top, .. } = *self.node(q);
                if top.get() == 0 {
                    q = up.get();
                    continue;
                }
                self.node_mut(up.get()).down = down;
                self.node_mut(down.get()).up = up;
                *self.len_mut(top.get()) -= 1;
                counts.updates += 1;
            }
            q += 1;
        }
    }

    /// Undoes [`Dlx::hide_mcc`], right to left.
    pub(super) fn unhide_mcc(&mut self, row: u32) {
        let mut q = row - 1;
        while q != row {
            if self.mcc.colour[q as usize] != CLEANSED {
                let Node { up, down, top, .. } = *self.node(q);
                if top.get() == 0 {
                    q = down.get();
                    continue;
                }
                let here = L::new(q);
                self.node_mut(up.get()).down = here;
                self.node_mut(down.get()).up = here;
                *self.len_mut(top.get()) += 1;
            }
            q -= 1;
        }
    }

    /// Tweaks node `n`, the top of its item's list (DLX3's `tweak`): takes it out of that list,
    /// and if `block`, hides the rest of its option too (when the item is covered already, its
    /// options are hidden, and only `n` leaves the list).
    pub(super) fn tweak(&mut self, n: u32, block: bool, counts: &mut Counts) {
        let mut q = if block { n + 1 } else { n };
        loop {
            if self.mcc.colour[q as usize] != CLEANSED {
                let Node { up, down, top, .. } = *self.node(q);
                if top.get() == 0 {
                    q = up.get();
                    continue;
                }
                self.node_mut(up.get()).down = down;
                self.node_mut(down.get()).up = up;
                *self.len_mut(top.get()) -= 1;
                counts.updates += 1;
            }
            if q == n {
                break;
            }
            q += 1;
        }
    }

    /// Undoes every tweak of `item` made at one level, from `first` (the top of its list then)
    /// down to its present top: the tweaked nodes kept their `down` links, so the list is
    /// rebuilt by setting `up` links along them. With `unblock`, their options come back into
    /// their other items' lists; without, the item was covered, and is uncovered now.
    pub(super) fn untweak(&mut self, item: u32, first: u32, unblock: bool) {
        let top = self.node(item).down.get();
        self.node_mut(item).down = L::new(first);
        let (mut row, mut above, mut count) = (first, item, 0);
        while row != top {
            self.node_mut(row).up = L::new(above);
            count += 1;
            if unblock {
                self.unhide_forward(row);
            }
            above = row;
            row = self.node(row).down.get();
        }
        self.node_mut(row).up = L::new(above);
        *self.len_mut(item) += count;
        if !unblock {
            self.uncover_mcc(item, false);
        }
    }

    /// Puts the option of node `row` back into its other items' lists, left to right as it was
    /// hidden: the untweaked options come back in the order they left, which (as Knuth's DLX3
    /// shows) the links allow.
    pub(super) fn unhide_forward(&mut self, row: u32) {
        let mut q = row + 1;
        while q != row {
            if self.mcc.colour[q as usize] != CLEANSED {
                let Node { up, down, top, .. } = *self.node(q);
                if top.get() == 0 {
                    q = up.get();
                    continue;
                }
                let here = L::new(q);
                self.node_mut(up.get()).down = here;
                self.node_mut(down.get()).up = here;
                *self.len_mut(top.get()) += 1;
            }
            q += 1;
        }
    }

    /// Imposes the colour of node `p` on its secondary item (DLX2's `purify`): hides the options
    /// that give the item another colour or none, and cleanses those that give it the same.
    pub(super) fn purify(&mut self, p: u32, counts: &mut Counts) {
        let item = self.node(p).top.get();
        let colour = self.mcc.colour[p as usize];
        counts.cleansings += 1;
        let mut row = self.node(item).down.get();
        while row > self.item_count {
            if self.mcc.colour[row as usize] != colour {
                self.hide_mcc(row, counts);
            } else if row != p {
                counts.cleansings += 1;
                self.mcc.colour[row as usize] = CLEANSED;
            }
            row = self.node(row).down.get();
        }
    }

    /// Undoes [`Dlx::purify`], bottom to top.
    pub(super) fn unpurify(&mut self, p: u32) {
        let item = self.node(p).top.get();
        let colour = self.mcc.colour[p as usize];
        let mut row = self.node(item).up.get();
        while row > self.item_count {
            if self.mcc.colour[row as usize] == CLEANSED {
                self.mcc.colour[row as usize] = colour;
            } else if row != p {
                self.unhide_mcc(row);
            }
            row = self.node(row).up.get();
        }
    }

    /// Covers, partly covers or purifies the items of `node`'s option other than its own,
    /// left to right: a primary item's bound goes down by one and it is covered at zero; an
    /// uncoloured secondary item is covered, a coloured one purified, a cleansed one left.
    pub(super) fn cover_others_mcc(&mut self, node: u32, counts: &mut Counts) {
        let mut p = node + 1;
        while p != node {
            let Node { up, top, .. } = *self.node(p);
            let item = top.get();
            if item == 0 {
                p = up.get();
                continue;
            }
            if item <= self.primary_count {
                let bound = &mut self.mcc.bound[item as usize];
                *bound -= 1;
                if *bound == 0 {
                    self.cover_mcc(item, true, counts);
                }
            } else {
                match self.mcc.colour[p as usize] {
                    0 => self.cover_mcc(item, true, counts),
                    CLEANSED => {}
                    _ => self.purify(p, counts),
                }
            }
            p += 1;
        }
    }

    /// [`Dlx::select`] on a problem with colours (and no bounds): the option is imposed as the
    /// search would choose it at its first primary item, its items covered or purified. An item an earlier selection took is a conflict,
    /// unless both give it the same colour: then the earlier purify has cleansed this node.
    pub(super) fn select_coloured(&mut self, first: u32) -> Result<(), DlxError> {
        let mut anchor = None;
        let mut p = first;
        while self.node(p).top.get() != 0 {
            let item = self.node(p).top.get();
            let alike = item > self.primary_count && self.mcc.colour[p as usize] == CLEANSED;
            if self.item_taken[item as usize] && !alike {
                return Err(DlxError::Conflict(self.item_ids[item as usize]));
            }
            if item <= self.primary_count && anchor.is_none() {
                anchor = Some(p);
            }
            p += 1;
        }
        // Knuth's format and the builder drop options without a primary item.
        let anchor = anchor.expect("every option has a primary item");
        let mut p = first;
        while self.node(p).top.get() != 0 {
            let item = self.node(p).top.get() as usize;
            self.item_taken[item] = true;
            p += 1;
        }
        let mut counts = Counts::default();
        let item = self.node(anchor).top.get();
        // Without bounds every primary item is covered once: its bound goes from 1 to 0.
        self.mcc.bound[item as usize] -= 1;
        self.cover_mcc(item, true, &mut counts);
        self.cover_others_mcc(anchor, &mut counts);
        Ok(())
    }

    /// Undoes [`Dlx::select_coloured`] of the option starting at node `first`; selections are
    /// undone newest first.
    pub(super) fn unselect_coloured(&mut self, first: u32) {
        let mut anchor = first;
        while self.node(anchor).top.get() > self.primary_count {
            anchor += 1;
        }
        self.uncover_others_mcc(anchor);
        let item = self.node(anchor).top.get();
        self.uncover_mcc(item, true);
        self.mcc.bound[item as usize] += 1;
        let mut p = first;
        while self.node(p).top.get() != 0 {
            let item = self.node(p).top.get() as usize;
            self.item_taken[item] = false;
            p += 1;
        }
    }

    /// Undoes [`Dlx::cover_others_mcc`], right to left.
    pub(super) fn uncover_others_mcc(&mut self, node: u32) {
        let mut p = node - 1;
        while p != node {
            let Node { down, top, .. } = *self.node(p);
            let item = top.get();
            if item == 0 {
                p = down.get();
                continue;
            }
            if item <= self.primary_count {
                if self.mcc.bound[item as usize] == 0 {
                    self.uncover_mcc(item, true);
                }
                self.mcc.bound[item as usize] += 1;
            } else {
                match self.mcc.colour[p as usize] {
                    0 => self.uncover_mcc(item, true),
                    CLEANSED => {}
                    _ => self.unpurify(p),
                }
            }
            p -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::ProblemBuilder;
    use proptest::prelude::*;

    #[test]
    fn every_node_knows_its_option_whether_options_share_a_width_or_not() {
        // Queens: four items an option (the uniform stride); the toy: two and three items; and
        // Langford pairs: three items each, the last option of a wider problem.
        for problem in [
            crate::Problem::queens(5),
            Problem::toy(),
            crate::Problem::langford(4),
        ] {
            let dlx = Dlx::new(&problem);
            let uniform = problem
                .options()
                .all(|o| problem.option_items(o).len() == problem.option_items(OptionId(0)).len());
            assert_eq!(dlx.walk.uniform_stride != 0, uniform);
            for option in problem.options() {
                let first = dlx.option_first[option.index()];
                for k in 0..problem.option_items(option).len() as u32 {
                    assert_eq!(dlx.option_of(first + k), option);
                }
            }
        }
    }

    #[test]
    fn covers_leave_the_hints_on_the_last_lists_they_shortened_and_count_their_updates() {
        // Knuth's toy, items A to G numbered 1 to 7. Covering A hides (A D G) and (A D F):
        // D and F fall to one option, F last. Covering B hides (B C F) and (B G): C falls to
        // one, F to none, then G to one.
        let mut dlx = Dlx::new(&Problem::toy());
        let mut updates = 0;
        dlx.cover::<true, false, false>(1, &mut updates);
        assert_eq!((dlx.short_item, dlx.empty_item, updates), (6, 0, 5));
        dlx.cover::<true, false, false>(2, &mut updates);
        assert_eq!((dlx.short_item, dlx.empty_item, updates), (7, 6, 9));
        assert_eq!((dlx.len[6], dlx.len[7]), (0, 1));
    }

    #[test]
    fn nodes_take_12_bytes_with_u32_links_and_8_with_u16() {
        assert_eq!(std::mem::size_of::<Node<u32>>(), 12);
        assert_eq!(std::mem::size_of::<Node<u16>>(), 8);
    }

    #[test]
    fn layout_matches_knuths_table() {
        let dlx = Dlx::new(&Problem::toy());
        // TAOCP 7.2.2.1 Table 1: item lengths 2 2 2 3 2 2 3, the first option at node 9.
        let lengths: Vec<u32> = (1..=7).map(|k| dlx.len[k]).collect();
        assert_eq!(lengths, [2, 2, 2, 3, 2, 2, 3]);
        assert_eq!(dlx.nodes[8].down, 10);
        assert_eq!(dlx.nodes[9].top, 3);
        assert_eq!(dlx.nodes[11].top, 0, "a spacer");
        assert_eq!(dlx.nodes[11].up, 9);
        assert_eq!(dlx.option_of(13), OptionId(1));
        assert_eq!(dlx.nodes[0].up, 0, "the root has no vertical list");
        assert_eq!(dlx.uncovered, 7);
    }

    #[test]
    fn small_links_refuse_a_problem_they_cannot_address() {
        let mut b = ProblemBuilder::new();
        let items: Vec<ItemId> = (0..300)
            .map(|k| b.primary(&format!("i{k}")).unwrap())
            .collect();
        for _ in 0..250 {
            b.option(&items).unwrap();
        }
        let err = Dlx::<u16>::try_new(&b.build()).unwrap_err();
        assert!(matches!(err, DlxError::TooLarge { nodes, .. } if nodes == 302 + 250 * 301));
        assert_eq!(
            err.to_string(),
            "the problem needs 75552 nodes, more than the 65536 these links address"
        );
        assert!(Dlx::<u16>::try_new(&Problem::toy()).is_ok());
    }

    #[test]
    fn reload_lays_out_the_same_arena_as_new_and_reuses_it() {
        let problem = Problem::toy();
        let fresh = Dlx::new(&problem);
        let mut reused = Dlx::<u32>::new(&crate::Problem::parse("Z\nZ\n").unwrap());
        let options: Vec<Vec<u32>> = problem
            .options()
            .map(|o| problem.option_items(o).iter().map(|i| i.0).collect())
            .collect();
        reused
            .reload(7, 7, options.iter().map(Vec::as_slice))
            .unwrap();
        assert_eq!(reused.nodes, fresh.nodes);
        assert_eq!(reused.len, fresh.len);
        assert_eq!(reused.option_count(), 6);
        assert_eq!(reused.select(OptionId(2)), Ok(()));
        assert_eq!(
            reused.select(OptionId(0)),
            Err(DlxError::Conflict(ItemId(2)))
        );
        let mut small = Dlx::<u16>::try_new(&Problem::toy()).unwrap();
        let huge = vec![0u32; 70_000];
        let err = small.reload(1, 1, [huge.as_slice()]).unwrap_err();
        assert!(matches!(err, DlxError::TooLarge { limit: 65_536, .. }));
    }

    #[test]
    fn select_then_unselect_restores_the_arena() {
        let problem = Problem::toy();
        let mut dlx = Dlx::new(&problem);
        let fresh = dlx.clone();
        dlx.select(OptionId(0)).unwrap();
        assert_eq!(
            dlx.select(OptionId(2)),
            Err(DlxError::Conflict(ItemId(2))),
            "C is taken by the first option"
        );
        dlx.select(OptionId(3)).unwrap();
        assert_eq!(dlx.selected(), &[OptionId(0), OptionId(3)]);
        assert_eq!(
            dlx.select(OptionId(9)),
            Err(DlxError::UnknownOption(OptionId(9)))
        );
        dlx.unselect_all();
        assert_eq!(dlx.nodes, fresh.nodes);
        assert_eq!(dlx.len, fresh.len);
        assert_eq!(dlx.uncovered, fresh.uncovered);
        assert!(dlx.selected().is_empty());
    }

    proptest! {
        /// Covering any sequence of items and uncovering them in reverse restores every link.
        #[test]
        fn cover_then_uncover_restores_every_link(
            items in 1usize..8,
            secondary in 0usize..4,
            options in proptest::collection::vec(proptest::collection::btree_set(0usize..12, 1..5), 0..14),
            order in proptest::collection::vec(0usize..12, 1..6),
        ) {
            let total = items + secondary;
            let mut b = ProblemBuilder::new();
            for k in 0..items { b.primary(&format!("p{k}")).unwrap(); }
            for k in 0..secondary { b.secondary(&format!("s{k}")).unwrap(); }
            for option in &options {
                let ids: Vec<ItemId> = option.iter().filter(|&&k| k < total).map(|&k| ItemId(k as u32)).collect();
                b.option(&ids).unwrap();
            }
            let mut dlx = Dlx::new(&b.build());
            let fresh = dlx.clone();
            let mut covered = Vec::new();
            let mut updates = 0;
            for k in order {
                let item = (k % total) as u32 + 1;
                if !covered.contains(&item) {
                    dlx.cover::<true, false, false>(item, &mut updates);
                    covered.push(item);
                }
            }
            for &item in covered.iter().rev() {
                dlx.uncover::<false, false>(item);
            }
            prop_assert_eq!(&dlx.nodes, &fresh.nodes);
            prop_assert_eq!(&dlx.len, &fresh.len);
            prop_assert_eq!(dlx.uncovered, fresh.uncovered);
        }
    }
}
