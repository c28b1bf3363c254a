//! How a search picks the item to branch on (Knuth's step X3): the rules a user chooses from,
//! and the scan of the item lengths that [`super::Dlx`] runs for them.

/// Item lengths compared together when choosing an item: 16 `u32`s are one cache line.
pub(super) const SCAN_BLOCK: usize = 16;

/// How far [`ChoiceRule::MrvThenReach`] looks for tied items: this many scan blocks from the
/// one holding the first shortest list; wider looks cost more than the nodes they save, as
/// measured (docs/benchmarks.md).
pub(super) const REACH_BLOCKS: usize = 2;

/// How the search picks the item to branch on.
///
/// On problems with colours or bounds (Algorithm M, `mcc.rs`) the rule is DLX3's score
/// (fewest options adjusted by slack, see there): `Mrv` follows it exactly, for Knuth's
/// figures; the other two take the first item of score at most one without looking further.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChoiceRule {
    /// Minimum remaining values: the active primary item with the fewest options, the first in
    /// list order on ties. DLX1's rule: same tree, same figures.
    #[default]
    Mrv,
    /// Minimum remaining values tuned for speed: an item whose list the last covers emptied is
    /// taken at once (a dead end), then one they left with a single option (a forced move),
    /// without scanning; otherwise the scan stops in the first block of items holding a list of
    /// length at most one. It executes fewer instructions than `Mrv` on Sudoku and visits fewer
    /// nodes (docs/benchmarks.md). Any choice of item
    /// keeps Algorithm X exact; only the tree's shape differs from DLX1's, so this rule is for
    /// encodings that want speed, not for reproducing Knuth's figures.
    MrvStopAtOne,
    /// [`ChoiceRule::MrvStopAtOne`], and when the shortest lists hold two options or more, the
    /// tie goes to the item whose options reach furthest: the one whose choice would remove
    /// the most options from other lists, summed over its options (each option counts the
    /// lengths of its other items' lists, less one each). Only the tied items of the first
    /// two scan blocks from the first shortest list are weighed, and only from the
    /// search's node `from_node` on: weighing costs about 200 instructions a node, which a
    /// search of hundreds of nodes earns back and a short one may not. A choice that removes
    /// more leaves smaller subtrees. On Sudoku it visits markedly fewer nodes than the
    /// first-tie rule, and depends less on the puzzles' orientation (docs/benchmarks.md).
    MrvThenReach {
        /// The search's node from which ties are weighed (1 is the root).
        from_node: u64,
    },
}

impl ChoiceRule {
    /// Whether the rule reads the hints covers leave (`short_item`, `empty_item`),
    /// so that the search must keep them.
    pub(super) fn reads_hints(self) -> bool {
        !matches!(self, ChoiceRule::Mrv)
    }
}

/// The scan of `Dlx::choose_item`: the block of [`SCAN_BLOCK`] lengths (its first index)
/// that holds the first least length, stopping at the first block holding a length of at most
/// `stop_at`, and that length.
///
/// On x86-64 processors with AVX2 the same loop is compiled for it, chosen at run time: the
/// baseline instruction set (SSE2) has no unsigned 32-bit minimum, so the scan's vector steps
/// take six instructions where AVX2 takes one for twice the lengths, which measured a few
/// percent faster on the Sudoku collections (docs/benchmarks.md).
#[inline(always)]
pub(super) fn scan_for_shortest(lengths: &[u32], stop_at: u32) -> (usize, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { scan_for_shortest_avx2(lengths, stop_at) };
        }
    }
    scan_for_shortest_portable(lengths, stop_at)
}

/// [`scan_for_shortest_portable`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_for_shortest_avx2(lengths: &[u32], stop_at: u32) -> (usize, u32) {
    scan_for_shortest_portable(lengths, stop_at)
}

/// The scan itself, in plain Rust.
#[inline(always)]
fn scan_for_shortest_portable(lengths: &[u32], stop_at: u32) -> (usize, u32) {
    let mut best_len = u32::MAX;
    let mut best_block = 0;
    let blocks = lengths.chunks_exact(SCAN_BLOCK);
    let tail = blocks.remainder();
    let mut stopped = false;
    for (b, block) in blocks.enumerate() {
        let least = block.iter().fold(u32::MAX, |m, &len| m.min(len));
        if least < best_len {
            best_len = least;
            best_block = b;
            if least <= stop_at {
                stopped = true;
                break;
            }
        }
    }
    let tail_start = lengths.len() - tail.len();
    let mut base = best_block * SCAN_BLOCK;
    if !stopped {
        let least = tail.iter().fold(u32::MAX, |m, &len| m.min(len));
        if least < best_len {
            best_len = least;
            base = tail_start;
        }
    }
    (base, best_len)
}
