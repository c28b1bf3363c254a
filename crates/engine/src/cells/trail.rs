//! The trail of dancing cells: the sizes of the active items (kept as the ends of their sets),
//! saved on entering a branching node, so that backtracking undoes every removal below it by
//! restoring those sizes (the removed options still sit just past each set's end). Christine Solnon's idea, as SSXCC uses
//! it; a forced move saves nothing, as its one option is never retried.

use super::sets::SparseSets;
use super::word::Word;

/// Saved `(item, end of its set)` pairs, a run of them per level, and where each level's run
/// starts.
///
/// # Invariant
/// `starts` never decreases, and the run of level `l` holds the ends the active items had on
/// entering that level's branching node: restored last level first, they give back every
/// set as it was there.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trail {
    entries: Vec<(u32, u32)>,
    /// `starts[l]` is where level `l`'s run starts; `starts[l + 1]` where it ends.
    starts: Vec<u32>,
    /// The most entries the trail held at once: SSXCC's `maxsaveptr`.
    pub(crate) peak: usize,
}

impl Trail {
    /// An empty trail.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.starts.clear();
        self.starts.push(0);
        self.peak = 0;
    }

    /// An empty trail for a search that starts at level `floor` (a subtree's root): the
    /// levels above it saved nothing here, as they are never restored.
    pub(crate) fn clear_from(&mut self, floor: usize) {
        self.clear();
        self.starts.resize(floor + 1, 0);
    }

    /// Makes `starts[level + 1]` exist.
    #[inline(always)]
    fn reach(&mut self, level: usize) {
        if self.starts.len() < level + 2 {
            self.starts.resize(level + 2, 0);
        }
    }

    /// Saves the sizes of the active items for level `level` (SSXCC: "save the currently
    /// active sizes").
    #[inline(always)]
    pub(crate) fn save<W: Word>(&mut self, level: usize, sets: &SparseSets<W>) {
        self.reach(level);
        let active = sets.active as usize;
        self.entries.extend(
            sets.item[..active]
                .iter()
                .map(|&base| (base, sets.end(base))),
        );
        self.peak = self.peak.max(self.entries.len());
        self.starts[level + 1] = self.entries.len() as u32;
    }

    /// Records that level `level` saved nothing (a forced move).
    #[inline(always)]
    pub(crate) fn save_nothing(&mut self, level: usize) {
        self.reach(level);
        self.starts[level + 1] = self.entries.len() as u32;
    }

    /// Restores the sizes saved for level `level`, and the number of active items with them
    /// (SSXCC: "restore the currently active sizes").
    #[inline(always)]
    pub(crate) fn restore<W: Word>(&mut self, level: usize, sets: &mut SparseSets<W>) {
        let end = self.starts[level + 1] as usize;
        let start = self.starts[level] as usize;
        self.entries.truncate(end);
        sets.active = (end - start) as u32;
        for &(base, set_end) in &self.entries[start..end] {
            sets.set_end(base, set_end);
        }
    }
}
