//! The arena's node and the integer type of its links: `up`, `down` and `top` as DLX1 has
//! them, in `u32` or, for small problems, `u16`.

use super::problem::Problem;

/// The integer type of the arena's links: `u32` for any problem, `u16` for problems of at most
/// 65,536 nodes, whose 8-byte nodes make the arena two thirds as large (a 9x9 Sudoku's full
/// problem, 31 KiB, fits in a 32 KiB L1 cache; the pruned problems of puzzles are smaller).
pub trait Link:
    Copy + Eq + Default + std::fmt::Debug + Send + Sync + 'static + private::Sealed
{
    /// The most nodes an arena with these links can hold.
    const MAX_NODES: u64;
    /// What pads a node to an aligned size: nothing for `u32` (12-byte nodes), a `u16` for
    /// `u16` (8 bytes, see [`Node`]).
    #[doc(hidden)]
    type Pad: Copy + Eq + Default + std::fmt::Debug + Send + Sync + 'static;
    #[doc(hidden)]
    fn new(index: u32) -> Self;
    #[doc(hidden)]
    fn get(self) -> u32;
}

mod private {
    pub trait Sealed {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

impl Link for u32 {
    const MAX_NODES: u64 = Problem::MAX_NODES;
    type Pad = ();
    #[inline(always)]
    fn new(index: u32) -> u32 {
        index
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

impl Link for u16 {
    const MAX_NODES: u64 = 1 << 16;
    type Pad = u16;
    #[inline(always)]
    fn new(index: u32) -> u16 {
        debug_assert!(index < 1 << 16);
        index as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self as u32
    }
}

/// One node: 12 bytes with `u32` links (five to a cache line), 8 with `u16`.
///
/// The `u16` node is padded from 6 bytes to 8: a node is then read in one aligned load and
/// found by a shift, where 6-byte nodes took a multiplication and straddled words. The `u32`
/// node stays 12 bytes: padded to 16, the pentominoes' arena outgrew the first-level cache
/// further. Both choices were made by measurement (docs/benchmarks.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(super) struct Node<L: Link> {
    pub(super) up: L,
    pub(super) down: L,
    /// The item of an option node; 0 in a header or a spacer (item numbers start at 1).
    pub(super) top: L,
    /// Padding only (see above).
    pub(super) pad: L::Pad,
}

/// Added to an item's length while it is covered, so a scan for the shortest list skips it
/// without a separate flag, and uncovering subtracts it back. Lengths stay below it because a
/// problem has fewer than 2^31 nodes.
pub(super) const COVERED: u32 = 1 << 31;
