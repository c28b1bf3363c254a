//! Where Algorithms X and M on dancing links stand, as DLX1 reports it (see
//! `crate::progress`): each level's choice is the `k`-th of its item's `d` options, read from
//! the arena's lists.

use super::arena::Dlx;
use crate::node::{Link, COVERED};
use crate::outcome::SearchStats;
use crate::progress::{TreePosition, NEGLIGIBLE_SHARE};

impl TreePosition {
    /// The position of Algorithm X's search with `level` levels chosen (`choice[..level]`):
    /// each level's item is covered and its list left as it was when the level chose from it,
    /// so its length is `d` and the chosen node's place in it is `k`, found by walking down
    /// from the header as DLX1 does.
    pub(crate) fn of_search<L: Link>(
        dlx: &Dlx<L>,
        level: usize,
        stats: &SearchStats,
    ) -> TreePosition {
        let mut at = TreePosition::at_root(level, stats);
        for &chosen in &dlx.choice[..level] {
            let item = dlx.node(chosen).top.get();
            let d = dlx.len[item as usize] & !COVERED;
            let k = if at.share < NEGLIGIBLE_SHARE {
                1
            } else {
                Self::place_in_list(dlx, item, chosen, item, d)
            };
            at.descend(k, d);
        }
        at
    }

    /// The position of Algorithm M's search with `level` levels chosen, as DLX3 computes it:
    /// `d` is the branching degree the level's item had when chosen (`scores`), `k` counts the
    /// options tried there so far, from the first one tweaked (or the top of the list) down to
    /// the current choice (the item's header for a null move, which comes last).
    pub(crate) fn of_mcc_search<L: Link>(
        dlx: &Dlx<L>,
        level: usize,
        scores: &[i64],
        stats: &SearchStats,
    ) -> TreePosition {
        let mut at = TreePosition::at_root(level, stats);
        let levels = dlx.choice[..level].iter().zip(&scores[..level]);
        for (l, (&chosen, &score)) in levels.enumerate() {
            let item = if chosen <= dlx.item_count {
                chosen
            } else {
                dlx.node(chosen).top.get()
            };
            let d = score.clamp(1, i64::from(u32::MAX)) as u32;
            let k = if at.share < NEGLIGIBLE_SHARE {
                1
            } else {
                let first = match dlx.mcc.first_tweak[l] {
                    0 => dlx.node(item).down.get(),
                    first => first,
                };
                Self::place_in_list(dlx, first, chosen, item, d)
            };
            at.descend(k, d);
        }
        at
    }

    /// The place (from 1) of `chosen` in the list walked down from the node after `from`,
    /// the header being the place after the last option, at most `d`: a list that does not
    /// lead to `chosen` within `d` steps (it cannot, but a progress report is no reason to
    /// loop) gives `d`.
    fn place_in_list<L: Link>(dlx: &Dlx<L>, from: u32, chosen: u32, item: u32, d: u32) -> u32 {
        let mut p = if from == item {
            dlx.node(item).down.get()
        } else {
            from
        };
        let mut k = 1;
        while p != chosen && k < d {
            if p == item {
                return d;
            }
            p = dlx.node(p).down.get();
            k += 1;
        }
        k
    }
}
