//! What a puzzle's text can get wrong, with its place: one error type for every reader (line,
//! grid and CSV formats, records with labels).

use super::grid::{GridError, MAX_SIDE};
use crate::excerpt::{Excerpt, NotUtf8Note};
use thiserror::Error;

/// A fault in a puzzle's text, with its place (1-based line and column, counted in characters).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub kind: ParseErrorKind,
}

/// What was wrong, with what was found and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error(
        "found {found:?}{}, expected {expected}",
        NotUtf8Note(*found == char::REPLACEMENT_CHARACTER)
    )]
    BadSymbol { found: char, expected: String },
    #[error(
        "found \"{}\"{}, expected a number from 0 to {side} (0 or . for an empty cell)",
        Excerpt(.found),
        NotUtf8Note::of(.found)
    )]
    BadNumber { found: String, side: usize },
    #[error(
        "found a line of {found} symbols, expected N·N symbols for a side N with boxes \
         (16, 36, 64, 81, 100, 144, 256, 625, ...)"
    )]
    NoShapeForLength { found: usize },
    #[error(
        "found a line of {found} symbols, more than the largest grid takes: the largest side \
         is {MAX_SIDE} ({} symbols)", MAX_SIDE * MAX_SIDE
    )]
    LineTooLong { found: usize },
    #[error("found a row of {found} cells, expected {expected} (as in the grid's first row)")]
    RowLength { found: usize, expected: usize },
    #[error(
        "found a first row of {found} cells, expected a side with boxes (4, 6, 9, 12, 16, 25, ...)"
    )]
    NoShapeForRow { found: usize },
    #[error("the grid ends after {found} rows, expected {expected}")]
    MissingRows { found: usize, expected: usize },
    #[error("{0}")]
    Givens(GridError),
    #[error(
        "found the columns \"{}\", expected a column named quizzes, quiz, puzzle, puzzles, \
         unsolved or question (or one chosen with --column NAME|N)",
        Excerpt(.found)
    )]
    NoPuzzleColumn { found: String },
    #[error("found a row of {found} fields, expected the puzzle in field {column}")]
    MissingField { column: usize, found: usize },
    #[error("{0}")]
    Csv(String),
    #[error("found no puzzle, expected at least one (the input is empty or only comments)")]
    NoPuzzle,
}
