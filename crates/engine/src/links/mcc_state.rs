//! Algorithm M's state beside the arena: what only problems with colours or bounds need, set
//! up from the problem when it is loaded. Plain exact cover leaves it empty and its loop
//! (DLX1's, `search.rs`) never reads it.

use crate::problem::{ItemId, Problem};

/// The colour code of a node whose colour constraint a purify has satisfied (DLX2's `-1`): its
/// option stays in the item's list and no later hide removes it from there.
pub(super) const CLEANSED: u32 = u32::MAX;

/// Colours, bounds and the active items of a problem searched by Algorithm M (DLX2, DLX3).
///
/// # Invariant
/// `active_next` and `active_prev` link, from 0, exactly the primary items not retired (their
/// count is the arena's `uncovered`); an item's `bound` is its upper bound less the options
/// chosen for it on the current path, and a node's colour is [`CLEANSED`] exactly while a
/// purify on the path has satisfied it.
#[derive(Clone, Debug, Default)]
pub(super) struct MccState {
    /// Each node's colour code, 0 for none, [`CLEANSED`] once satisfied; apart
    /// from the nodes, so plain nodes stay 12 bytes.
    pub(super) colour: Vec<u32>,
    /// For each primary item (index 0 unused): how many more chosen options may contain it
    /// (DLX3's `bound`), and its upper bound less its lower (`slack`).
    pub(super) bound: Vec<u32>,
    pub(super) slack: Vec<u32>,
    /// For each level of the search, the first option tweaked there.
    pub(super) first_tweak: Vec<u32>,
    /// The option of each node, so that handing over a solution reads an array instead of
    /// searching the options' first nodes (bounds make solutions many and deep: on a random
    /// MCC problem of many solutions the search spent half its time there).
    pub(super) node_option: Vec<u32>,
    /// The active primary items as DLX3 keeps them, a doubly linked list from 0 in
    /// declaration order, so that choosing an item walks only the active ones (deep in the
    /// search most are retired).
    pub(super) active_next: Vec<u32>,
    pub(super) active_prev: Vec<u32>,
}

impl MccState {
    /// The state of `problem` laid out in an arena of `node_count` nodes whose options start
    /// at `option_first`, with arena items `1..=primary` being the problem's `item_ids`; the
    /// search has `levels` levels at most.
    pub(super) fn load(
        problem: &Problem,
        node_count: usize,
        option_first: &[u32],
        item_ids: &[ItemId],
        primary: usize,
        levels: usize,
    ) -> MccState {
        // Colour codes: dense, from 1, in order of first appearance.
        let mut codes = std::collections::HashMap::new();
        let mut colour = vec![0; node_count];
        for (option, &first) in problem.options().zip(option_first) {
            for (k, c) in problem.option_colours(option).enumerate() {
                if let Some(c) = c {
                    let next = codes.len() as u32 + 1;
                    colour[first as usize + k] = *codes.entry(c).or_insert(next);
                }
            }
        }
        let mut bound = vec![0; primary + 1];
        let mut slack = vec![0; primary + 1];
        for k in 1..=primary {
            let bounds = problem.item_bounds(item_ids[k]);
            bound[k] = bounds.upper();
            slack[k] = bounds.upper() - bounds.lower();
        }
        let items = primary as u32 + 1;
        let mut node_option = vec![0; node_count];
        for (option, window) in option_first.windows(2).enumerate() {
            node_option[window[0] as usize..window[1] as usize].fill(option as u32);
        }
        if let Some(&last) = option_first.last() {
            let option = option_first.len() as u32 - 1;
            node_option[last as usize..].fill(option);
        }
        MccState {
            colour,
            bound,
            slack,
            first_tweak: vec![0; levels],
            node_option,
            active_next: (1..=items).map(|k| k % items).collect(),
            active_prev: (0..items).map(|k| (k + items - 1) % items).collect(),
        }
    }

    /// Empties the state, keeping its allocations, for a plain problem laid out next.
    pub(super) fn clear(&mut self) {
        self.colour.clear();
        self.bound.clear();
        self.slack.clear();
        self.first_tweak.clear();
        self.node_option.clear();
        self.active_next.clear();
        self.active_prev.clear();
    }

    /// The `u32`s the state holds on the heap, counted from its vectors' capacities.
    pub(super) fn capacity(&self) -> usize {
        self.colour.capacity()
            + self.bound.capacity()
            + self.slack.capacity()
            + self.first_tweak.capacity()
            + self.node_option.capacity()
            + self.active_next.capacity()
            + self.active_prev.capacity()
    }
}
