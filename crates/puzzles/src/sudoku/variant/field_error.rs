//! The faults of a variant line's fields after the givens (a jigsaw's layout, a Killer's cages
//! and their sums) and of a `--regions` file: each is a [`ParseError`] of kind
//! [`ParseErrorKind::Field`], placed like any fault of a puzzle's text.

use crate::sudoku::parse_error::{ParseError, ParseErrorKind};
use dlx_engine::excerpt::Excerpt;
use thiserror::Error;

impl FieldErrorKind {
    /// The fault at its place (1-based line and column, counted in characters): a
    /// [`ParseError`] of kind [`ParseErrorKind::Field`].
    pub(crate) fn at(self, line: usize, column: usize) -> ParseError {
        ParseError {
            line,
            column,
            kind: ParseErrorKind::Field(self),
        }
    }
}

#[cfg(test)]
impl ParseError {
    /// The kind of a layout's or cages' fault; panics on any other.
    pub(crate) fn field_kind(&self) -> &FieldErrorKind {
        match &self.kind {
            ParseErrorKind::Field(kind) => kind,
            other => panic!("expected a field's fault, got {other}"),
        }
    }
}

/// What was wrong with a layout, the cages or their sums.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FieldErrorKind {
    #[error(
        "found a layout of {found} symbols, expected N·N symbols, one region symbol per cell \
         ({})",
        match .expected { Some(n) => format!("{} for this puzzle", n * n), None => "16, 36, 81, ...".into() }
    )]
    /// Not N·N symbols (placed at the layout's first symbol).
    LayoutLength {
        /// Symbols found.
        found: usize,
        /// The puzzle's side, when known.
        expected: Option<usize>,
    },
    #[error("found the region symbol {found:?} in {count} cells, expected {side} (one region per symbol, N cells each)")]
    /// A region of more or fewer than N cells (placed at its cell past N, or its first).
    WrongRegionSize {
        /// The region's symbol.
        found: char,
        /// Its cells.
        count: usize,
        /// N.
        side: usize,
    },
    /// A symbol past the N-th (placed at its first cell).
    #[error("found {found} region symbols, expected {side} (N regions of N cells)")]
    TooManyRegions {
        /// Symbols seen so far.
        found: usize,
        /// N.
        side: usize,
    },
    /// A control or non-ASCII character.
    #[error("found \"{}\", expected region symbols (letters or digits)", Excerpt(.found))]
    LayoutSymbol {
        /// The symbol.
        found: String,
    },
    /// No cage field after the givens.
    #[error("found no cages, expected a field of N·N cage symbols ('.' for a cell in no cage) and then the sums")]
    MissingCages,
    /// A cage field of the wrong length (placed at its first symbol).
    #[error("found {found} cage symbols, expected {expected}, one per cell")]
    WrongLength {
        /// Symbols found.
        found: usize,
        /// N·N.
        expected: usize,
    },
    /// A control or non-ASCII character among the cage symbols.
    #[error("found \"{}\", expected a cage symbol (a letter, a digit or '.')", Excerpt(.found))]
    BadSymbol {
        /// The symbol.
        found: String,
    },
    /// A cage of more than N cells (placed at its cell past N): its digits cannot be distinct.
    #[error("found the cage {found:?} with {count} cells, expected at most {side} (its digits are distinct)")]
    CageTooLarge {
        /// The cage's symbol.
        found: char,
        /// Its cells.
        count: usize,
        /// N.
        side: usize,
    },
    /// A cage field of `.` alone: a Killer has at least one cage.
    #[error("found no cage, only '.' (a cell in no cage), expected at least one cage symbol: a grid without cages is a classic Sudoku")]
    NoCages,
    /// An empty sum: a comma first or last in the sums, or two in a row (placed at the comma).
    #[error("found a comma with no sum beside it, expected whole numbers separated by single commas, none before the first sum or after the last")]
    EmptySum,
    /// No sums field after the cages.
    #[error("found no sums, expected {expected} cage sums, comma-separated, after the cages")]
    MissingSums {
        /// The number of cages.
        expected: usize,
    },
    /// Not a number where a sum should be.
    #[error("found \"{}\", expected a cage sum (a whole number)", Excerpt(.found))]
    BadSum {
        /// The text found.
        found: String,
    },
    /// More or fewer sums than cages (placed at the sums field, or at the first extra sum).
    #[error(
        "found {found} sums, expected {expected}, one per cage in the order the cages first appear"
    )]
    SumCount {
        /// Sums found.
        found: usize,
        /// Cages.
        expected: usize,
    },
    /// A sum that no set of distinct digits in the cage's cells can make.
    #[error("the cage {cage:?} has {cells} cells and the sum {sum}, expected a sum from {least} to {most} (distinct digits 1 to {side})")]
    ImpossibleSum {
        /// The cage's symbol.
        cage: char,
        /// Its cells.
        cells: usize,
        /// Its sum.
        sum: u32,
        /// The least sum of that many distinct digits.
        least: u32,
        /// The greatest.
        most: u32,
        /// N.
        side: usize,
    },
    /// More cages than the symbols that can name them when written back.
    #[error("found {found} cages, expected at most {most}")]
    TooManyCages {
        /// Cages found.
        found: usize,
        /// The most there may be.
        most: usize,
    },
}
