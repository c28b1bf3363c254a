//! The bitsets' tables: rows of one width, one row for each item, option or level, each table
//! indexed by its own kind of index, so that a row of options is never read with an item's
//! number, nor a level's row with an option's (the loop's products `index * width` were all
//! alike, whatever they counted). The types vanish in the compiled loop: the same instructions
//! as the bare products (docs/benchmarks.md).

use std::marker::PhantomData;
use std::ops::Range;

/// A primary item, by its place among the primary items (its bit in a row of items).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Primary(pub(super) usize);

/// An option, by its input order (its bit in a row of options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OptionBit(pub(super) usize);

/// A level of the search, 0 the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Depth(pub(super) usize);

/// What a table is indexed by.
pub(super) trait RowIndex: Copy {
    /// The row's number in its table.
    fn number(self) -> usize;
}

impl RowIndex for Primary {
    #[inline(always)]
    fn number(self) -> usize {
        self.0
    }
}

impl RowIndex for OptionBit {
    #[inline(always)]
    fn number(self) -> usize {
        self.0
    }
}

impl RowIndex for Depth {
    #[inline(always)]
    fn number(self) -> usize {
        self.0
    }
}

/// A table of `width`-word rows indexed by `I`, its words in `S` (shared for the problem's
/// tables, owned for the levels').
#[derive(Clone, Debug)]
pub(super) struct Rows<I, S> {
    words: S,
    width: usize,
    index: PhantomData<fn(I)>,
}

impl<I: RowIndex, S: AsRef<[u64]>> Rows<I, S> {
    /// The table of `words`, `width` words a row.
    pub(super) fn new(words: S, width: usize) -> Self {
        Rows {
            words,
            width,
            index: PhantomData,
        }
    }

    /// The words of row `at`.
    #[inline(always)]
    fn span(&self, at: I) -> Range<usize> {
        let start = at.number() * self.width;
        start..start + self.width
    }

    /// Row `at`.
    #[inline(always)]
    pub(super) fn row(&self, at: I) -> &[u64] {
        &self.words.as_ref()[self.span(at)]
    }

    /// Every word of the table.
    pub(super) fn len(&self) -> usize {
        self.words.as_ref().len()
    }
}

impl<I: RowIndex> Rows<I, Vec<u64>> {
    /// Row `at`, to write.
    #[inline(always)]
    pub(super) fn row_mut(&mut self, at: I) -> &mut [u64] {
        let span = self.span(at);
        &mut self.words[span]
    }
}

impl Rows<Depth, Vec<u64>> {
    /// The row of `level`, to read, and the row of the level below it, to write.
    #[inline(always)]
    pub(super) fn and_below(&mut self, level: Depth) -> (&[u64], &mut [u64]) {
        let width = self.width;
        let (above, below) = self.words.split_at_mut((level.0 + 1) * width);
        (&above[level.0 * width..], &mut below[..width])
    }
}
