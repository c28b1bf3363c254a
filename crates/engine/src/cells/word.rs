//! The width of a word of dancing cells' layout: 16 bits when every offset of a problem fits
//! them, else 32. Halving the layout keeps more of it in the processor's first-level cache:
//! on the 6x10 pentominoes (55,659 words) the narrow layout took an eighth of the wide
//! one's L1 misses and 2% less time (docs/benchmarks.md); the search is the same code,
//! compiled once for each width.

use std::fmt::Debug;

/// A word of [`SparseSets`](super::sets::SparseSets)' array. Every value the search stores is
/// an offset into that array, an item's place in the active list or a colour, read and written
/// as `u32`; a spacer's word is read signed (minus its option's length).
pub(crate) trait Word: Copy + Default + Debug + Send + Sync + 'static {
    /// `value` in this width; only called on values the layout was checked to hold.
    fn of(value: u32) -> Self;
    /// The word as an unsigned value.
    fn value(self) -> u32;
    /// The word as a signed value: a spacer's is negative.
    fn signed(self) -> isize;
}

impl Word for u32 {
    #[inline(always)]
    fn of(value: u32) -> u32 {
        value
    }

    #[inline(always)]
    fn value(self) -> u32 {
        self
    }

    #[inline(always)]
    fn signed(self) -> isize {
        self as i32 as isize
    }
}

impl Word for u16 {
    #[inline(always)]
    fn of(value: u32) -> u16 {
        debug_assert!(
            value <= u32::from(u16::MAX) || value as i32 >= i32::from(i16::MIN),
            "{value} does not fit 16 bits"
        );
        value as u16
    }

    #[inline(always)]
    fn value(self) -> u32 {
        u32::from(self)
    }

    #[inline(always)]
    fn signed(self) -> isize {
        self as i16 as isize
    }
}
