//! A set of Sudoku digits, one bit per digit, so that the digit 5 and the bit 4 cannot be mixed
//! up: every pass (singles, locked candidates, the pruned layout, the candidate solver,
//! pencilmarks) keeps its candidates and its units' digits in this type.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

/// A set of digits from 1 to [`Shape::MAX_SIDE`](super::Shape::MAX_SIDE) (61): bit `d - 1` stands for the
/// digit `d`. `a - b` is the set difference, `a | b` the union, `a & b` the intersection.
///
/// ```
/// use dlx_puzzles::sudoku::DigitSet;
///
/// let mut open = DigitSet::all(9) - DigitSet::of(5);
/// assert_eq!(open.len(), 8);
/// open -= DigitSet::of(1) | DigitSet::of(9);
/// assert_eq!(open.lowest(), Some(2));
/// assert_eq!(open.iter().collect::<Vec<u8>>(), [2, 3, 4, 6, 7, 8]);
/// assert_eq!(format!("{open:?}"), "{2, 3, 4, 6, 7, 8}");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct DigitSet(u64);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The one digit `digit` (1 to 61).
    #[inline]
    pub const fn of(digit: u8) -> DigitSet {
        debug_assert!(digit >= 1 && digit <= 61, "a digit is 1 to 61");
        DigitSet(1 << (digit - 1))
    }

    /// Every digit of a grid of `side` (at most 61): 1 to `side`.
    #[inline]
    pub const fn all(side: usize) -> DigitSet {
        debug_assert!(side <= 61, "the largest side is 61");
        DigitSet((1 << side) - 1)
    }

    /// The set whose bit `d - 1` is set for each digit `d`, as pencilmark files and bitmask
    /// solvers write candidates.
    #[inline]
    pub const fn from_bits(bits: u64) -> DigitSet {
        DigitSet(bits)
    }

    /// Bit `d - 1` set for each digit `d` of the set.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether the set holds no digit.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `digit`.
    #[inline]
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit <= 64 && self.0 >> (digit - 1) & 1 == 1
    }

    /// How many digits the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds one digit or none: a cell with such candidates is forced or dead.
    #[inline]
    pub const fn has_at_most_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) == 0
    }

    /// The smallest digit, if any.
    #[inline]
    pub const fn lowest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The set of the smallest digit alone (empty when the set is).
    #[inline]
    pub const fn lowest_alone(self) -> DigitSet {
        DigitSet(self.0 & self.0.wrapping_neg())
    }

    /// The digits in increasing order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u8> + Clone {
        Digits(Singletons(self.0))
    }

    /// The digits in increasing order, each as a set of one: what a pass strikes or places.
    #[inline]
    pub fn singletons(self) -> impl Iterator<Item = DigitSet> + Clone {
        Singletons(self.0)
    }
}

/// The digits of a [`DigitSet`], smallest first, each as a set of one.
#[derive(Clone, Debug)]
pub(crate) struct Singletons(u64);

impl Iterator for Singletons {
    type Item = DigitSet;

    #[inline]
    fn next(&mut self) -> Option<DigitSet> {
        if self.0 == 0 {
            return None;
        }
        let one = self.0 & self.0.wrapping_neg();
        self.0 &= self.0 - 1;
        Some(DigitSet(one))
    }
}

/// The digits of a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub(crate) struct Digits(Singletons);

impl Iterator for Digits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        self.0.next().map(|one| one.0.trailing_zeros() as u8 + 1)
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;

    #[inline]
    fn bitor(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }
}

impl BitOrAssign for DigitSet {
    #[inline]
    fn bitor_assign(&mut self, other: DigitSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;

    #[inline]
    fn bitand(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }
}

impl BitAndAssign for DigitSet {
    #[inline]
    fn bitand_assign(&mut self, other: DigitSet) {
        self.0 &= other.0;
    }
}

/// The set difference: the digits of `self` not in `other`.
impl Sub for DigitSet {
    type Output = DigitSet;

    #[inline]
    fn sub(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }
}

impl SubAssign for DigitSet {
    #[inline]
    fn sub_assign(&mut self, other: DigitSet) {
        self.0 &= !other.0;
    }
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(digits: I) -> DigitSet {
        digits
            .into_iter()
            .fold(DigitSet::EMPTY, |set, digit| set | DigitSet::of(digit))
    }
}

/// `{1, 5, 9}`.
impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_set_holds_exactly_the_digits_put_in(digits in prop::collection::btree_set(1u8..=61, 0..20)) {
            let set: DigitSet = digits.iter().copied().collect();
            prop_assert_eq!(set.len() as usize, digits.len());
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), digits.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(set.lowest(), digits.iter().next().copied());
            prop_assert_eq!(set.has_at_most_one(), digits.len() <= 1);
            for digit in 1..=61 {
                prop_assert_eq!(set.contains(digit), digits.contains(&digit));
            }
            let singles: Vec<DigitSet> = set.singletons().collect();
            prop_assert_eq!(singles.len(), digits.len());
            prop_assert!(singles.iter().all(|one| one.len() == 1 && (*one & set) == *one));
            prop_assert!((DigitSet::all(61) - set) & set == DigitSet::EMPTY);
        }
    }

    #[test]
    fn the_largest_side_has_61_digits() {
        assert_eq!(DigitSet::all(61).len(), 61);
        assert_eq!(DigitSet::all(61).iter().last(), Some(61));
        assert!(!DigitSet::all(9).contains(10));
        assert!(!DigitSet::all(9).contains(0));
    }
}
