//! The item choice for problems of many items: the first shortest list found through a tree of
//! lower bounds instead of a scan of every length.
//!
//! Scanning the lengths of all active primary items at every node makes a search of `n` items and
//! `n` levels cost `n²`: a problem of hundreds of thousands of items that needs no backtracking
//! spent nearly all its time in the scan (docs/benchmarks.md). The tree keeps, for each block of
//! [`FAN_OUT`] items, a lower bound of the lengths of its active items, for each block of `FAN_OUT`
//! blocks a lower bound of theirs, and so on up to a top level of at most `FAN_OUT` entries. A hide
//! that shortens a list lowers the bounds above it (rarely more than one compare: a bound is
//! usually lower already); covering an item or giving an option back only lengthens lists, which
//! leaves every bound a bound. Choosing descends from the top towards the leftmost least bound;
//! when the block reached turns out to hold nothing that short, its bound and those above it are
//! tightened to the truth and the descent starts again. What it returns is what the scan returns,
//! the first active primary item of least length (see [`MinTree::first_shortest`]), so DLX1's tree
//! is kept exactly.

/// Children per tree entry: 64 lengths are four cache lines, scanned in a few vector steps.
pub(super) const FAN_OUT: usize = 64;
const SHIFT: u32 = FAN_OUT.trailing_zeros();

/// Lower bounds of the item lengths, level by level (see the module's doc).
///
/// # Invariant
/// Every entry is at most each length (or entry) below it: a bound, never above the truth,
/// which covers and uncovers keep (they only lengthen lists) and a descent tightens.
#[derive(Clone, Debug, Default)]
pub(super) struct MinTree {
    /// `levels[0][b]` bounds the lengths of items `b * FAN_OUT ..` (counted from 0 for arena
    /// item 1); `levels[l + 1][b]` bounds `levels[l][b * FAN_OUT ..]`. The last level has at
    /// most `FAN_OUT` entries.
    levels: Vec<Vec<u32>>,
}

impl MinTree {
    /// Builds the exact tree of `lengths` (the primary items' lengths, covered ones with the
    /// arena's covered bit, which keeps them above every active length).
    pub(super) fn rebuild(&mut self, lengths: &[u32]) {
        let mut below: Vec<u32> = block_minima(lengths);
        let mut depth = 0;
        loop {
            let done = below.len() <= FAN_OUT;
            let next = (!done).then(|| block_minima(&below));
            if depth < self.levels.len() {
                self.levels[depth] = below;
            } else {
                self.levels.push(below);
            }
            depth += 1;
            match next {
                Some(next) => below = next,
                None => break,
            }
        }
        self.levels.truncate(depth);
    }

    /// Item `index` (from 0) has length `len` now, shorter than before: the bounds above it
    /// come down to it where they were higher.
    #[inline(always)]
    pub(super) fn lowered(&mut self, index: usize, len: u32) {
        let mut at = index >> SHIFT;
        for level in self.levels.iter_mut() {
            debug_assert!(at < level.len());
            // SAFETY: `at` is the block of an item below the primary count the tree was built
            // for, and each level has one entry per block of the level below.
            let bound = unsafe { level.get_unchecked_mut(at) };
            if len >= *bound {
                // The bounds further up are at most this one, so at most `len` already.
                return;
            }
            *bound = len;
            at >>= SHIFT;
        }
    }

    /// The first item (from 0) of least length in `lengths`, and that length: the leftmost
    /// minimum, exactly what a scan from the front finds. `lengths` must hold an active item.
    pub(super) fn first_shortest(&mut self, lengths: &[u32]) -> (usize, u32) {
        let top = self.levels.len() - 1;
        loop {
            let (mut at, least) = leftmost_min(&self.levels[top]);
            // Descend along the leftmost least bound of each group.
            for level in (0..top).rev() {
                let entries = &self.levels[level];
                let group = at << SHIFT;
                let (offset, _) =
                    leftmost_min(&entries[group..(group + FAN_OUT).min(entries.len())]);
                at = group + offset;
            }
            let start = at << SHIFT;
            let (offset, len) = leftmost_min(&lengths[start..(start + FAN_OUT).min(lengths.len())]);
            debug_assert!(len >= least, "a bound above a length");
            if len == least {
                // Every bound on the path equals `least`, and any item as short to the left
                // would have bounds equal to it on a path to the left of this one.
                return (start + offset, len);
            }
            self.tighten(at, len);
        }
    }

    /// Block `at` of level 0 holds nothing shorter than `len`: its bound and those above it
    /// become the least of what they bound.
    #[cold]
    fn tighten(&mut self, mut at: usize, len: u32) {
        self.levels[0][at] = len;
        for level in 1..self.levels.len() {
            let group = (at >> SHIFT) << SHIFT;
            let below = &self.levels[level - 1];
            let (_, least) = leftmost_min(&below[group..(group + FAN_OUT).min(below.len())]);
            at >>= SHIFT;
            self.levels[level][at] = least;
        }
    }
}

/// The least value of each block of `FAN_OUT`.
fn block_minima(values: &[u32]) -> Vec<u32> {
    values
        .chunks(FAN_OUT)
        .map(|block| block.iter().copied().min().unwrap_or(u32::MAX))
        .collect()
}

/// The position and value of the first least element of a non-empty slice.
#[inline(always)]
fn leftmost_min(values: &[u32]) -> (usize, u32) {
    let least = values.iter().copied().fold(u32::MAX, u32::min);
    let at = values.iter().position(|&v| v == least).unwrap_or(0);
    (at, least)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn scan(lengths: &[u32]) -> (usize, u32) {
        leftmost_min(lengths)
    }

    proptest! {
        /// Random lengthenings and shortenings, the tree told only of the shortenings as the
        /// search tells it: it finds the scan's answer every time.
        #[test]
        fn the_tree_finds_what_the_scan_finds(
            start in prop::collection::vec(0u32..50, 1..9000),
            changes in prop::collection::vec((any::<prop::sample::Index>(), -20i32..20), 1..300),
        ) {
            let mut lengths = start;
            let mut tree = MinTree::default();
            tree.rebuild(&lengths);
            prop_assert_eq!(tree.first_shortest(&lengths), scan(&lengths));
            for (which, change) in changes {
                let k = which.index(lengths.len());
                let len = (lengths[k] as i32 + change).max(0) as u32;
                let shorter = len < lengths[k];
                lengths[k] = len;
                if shorter {
                    tree.lowered(k, len);
                }
                prop_assert_eq!(tree.first_shortest(&lengths), scan(&lengths));
            }
        }
    }

    #[test]
    fn covered_items_lose_to_any_active_one() {
        let covered = crate::node::COVERED;
        let mut lengths = vec![covered + 1; 5000];
        lengths[4321] = 7;
        let mut tree = MinTree::default();
        tree.rebuild(&lengths);
        assert_eq!(tree.first_shortest(&lengths), (4321, 7));
        // Uncovering an item lowers its length: the search tells the tree.
        lengths[17] = 7;
        tree.lowered(17, 7);
        assert_eq!(tree.first_shortest(&lengths), (17, 7));
        // Covering lengthens: the bound is left low, and tightened when reached.
        lengths[17] += covered;
        assert_eq!(tree.first_shortest(&lengths), (4321, 7));
    }
}
