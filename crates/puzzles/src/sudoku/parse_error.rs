//! What a puzzle's text can get wrong, with its place: one error type for every reader (line,
//! grid and CSV formats, records with labels).

use super::grid::{GridError, Shape, MAX_SIDE};
use super::variant::{FieldErrorKind, RulesError};
use dlx_engine::excerpt::{Excerpt, NotUtf8Note};
use std::fmt;
use thiserror::Error;

/// A fault in a puzzle's text, with its place (1-based line and column, counted in characters).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ParseError {
    /// The 1-based line of the input where the fault is (for a grid, the row's own line).
    pub line: usize,
    /// The 1-based column, in characters from the line's start, of the faulty symbol or
    /// field; 1 when the fault is the whole line or record.
    pub column: usize,
    /// What the fault is.
    pub kind: ParseErrorKind,
}

/// What was wrong, with what was found and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// A cell of the line or compact grid format holds a symbol that is no digit of the side
    /// (or a pencilmark holds a symbol that is no candidate).
    #[error(
        "found {found:?}{}, expected {expected}",
        NotUtf8Note(*found == char::REPLACEMENT_CHARACTER)
    )]
    BadSymbol {
        /// The symbol found; U+FFFD when the input's bytes were not UTF-8.
        found: char,
        /// The symbols allowed there, in words ("a digit 1-9, or . or 0 for an empty cell").
        expected: String,
    },
    /// A cell of the spaced grid format is not a number from 0 to the side (nor `.`).
    #[error(
        "found \"{}\"{}, expected a number from 0 to {side} (0 or . for an empty cell)",
        Excerpt(.found),
        NotUtf8Note::of(.found)
    )]
    BadNumber {
        /// The field found, as written.
        found: String,
        /// The grid's side, the largest number allowed.
        side: usize,
    },
    /// A one-line puzzle's length is no `N * N` for a side `N` that has a box shape (for a
    /// pencilmark line, no `N * N * N`).
    #[error(
        "found a line of {found} symbols, expected N·N symbols for a side N with boxes \
         (16, 36, 64, 81, 100, 144, 256, 625, ...)"
    )]
    NoShapeForLength {
        /// The line's length in symbols (after its indent and trailing spaces).
        found: usize,
    },
    /// A one-line puzzle is longer than the largest grid takes (`MAX_SIDE * MAX_SIDE`
    /// symbols), so no side can fit it.
    #[error(
        "found a line of {found} symbols, more than the largest grid takes: the largest side \
         is {MAX_SIDE} ({} symbols)", MAX_SIDE * MAX_SIDE
    )]
    LineTooLong {
        /// The line's length in symbols.
        found: usize,
    },
    /// A row of a multi-line grid has another number of cells than the grid's first row.
    #[error("found a row of {found} cells, expected {expected} (as in the grid's first row)")]
    RowLength {
        /// The cells in this row.
        found: usize,
        /// The cells in the first row, which fixed the side.
        expected: usize,
    },
    /// The first row of a multi-line grid has a number of cells that is no side with boxes,
    /// so the grid's shape cannot be known.
    #[error(
        "found a first row of {found} cells, expected a side with boxes (4, 6, 9, 12, 16, 25, ...)"
    )]
    NoShapeForRow {
        /// The cells in the first row.
        found: usize,
    },
    /// A one-line puzzle's length is not the cell count of the box shape every puzzle was
    /// said to have ([`Boxes::Given`](super::Boxes::Given)).
    #[error(
        "found a line of {found} symbols, expected {} for boxes of {shape} (a {}x{} grid)",
        shape.cell_count(),
        shape.side(),
        shape.side()
    )]
    LengthNotOfBoxes {
        /// The line's length in symbols (for a variant line, its first field's).
        found: usize,
        /// The shape given.
        shape: Shape,
    },
    /// The first row of a multi-line grid is not as long as a side of the box shape every
    /// puzzle was said to have ([`Boxes::Given`](super::Boxes::Given)).
    #[error(
        "found a first row of {found} cells, expected {} for boxes of {shape}",
        shape.side()
    )]
    RowNotOfBoxes {
        /// The cells in the first row.
        found: usize,
        /// The shape given.
        shape: Shape,
    },
    /// A multi-line grid ends (at a blank line, a header or the end of the input) before it
    /// has as many rows as its side.
    #[error("the grid ends after {found} rows, expected {expected}")]
    MissingRows {
        /// The rows read.
        found: usize,
        /// The rows the side asks for.
        expected: usize,
    },
    /// The text reads as a grid but its givens break the model or the Sudoku rules (a digit
    /// twice in a unit); the place is the second cell of a conflict.
    #[error("{0}")]
    Givens(GridError),
    /// A CSV header names no column known to hold puzzles, or the column chosen by name or
    /// number is not there.
    #[error(
        "found the columns \"{}\", expected a column named quizzes, quiz, puzzle, puzzles, \
         unsolved or question (or one chosen with --column NAME|N)",
        Excerpt(.found)
    )]
    NoPuzzleColumn {
        /// The header's column names, joined by commas.
        found: String,
    },
    /// The column chosen with `--column` is not in the CSV header: a number outside 1 to the
    /// number of columns, or a name no column has.
    #[error(
        "--column {}: the header has no such column{}; its columns are {}",
        Excerpt(.chosen), if *.numbered_from_one { " (columns are numbered from 1)" } else { "" },
        .columns
    )]
    NoChosenColumn {
        /// The column as the user gave it.
        chosen: String,
        /// Whether the choice was a number below 1 (`0`, `-1`).
        numbered_from_one: bool,
        /// The header's columns, numbered (`1 "id", 2 "puzzle"`), long lists cut.
        columns: String,
    },
    /// Two columns of a CSV header both name the puzzle column (or both the solution column),
    /// so which one to read is not known.
    #[error(
        "columns {} \"{}\" and {} \"{}\" both name the {role} column; expected one{}",
        .first.0, Excerpt(&.first.1), .second.0, Excerpt(&.second.1),
        if *.role == "puzzle" { " (choose it with --column NAME|N)" } else { "" }
    )]
    DuplicateColumn {
        /// `puzzle` or `solution`.
        role: &'static str,
        /// The first column of that role: its number (from 1) and its name.
        first: (usize, String),
        /// The second.
        second: (usize, String),
    },
    /// A CSV row is too short to hold the puzzle column.
    #[error("found a row of {found} fields, expected the puzzle in field {column}")]
    MissingField {
        /// The puzzle's column, 1-based.
        column: usize,
        /// The fields in this row.
        found: usize,
    },
    /// The `csv` crate could not read the header or a row (an I/O fault in the input); its
    /// message, as it words it. The reading ends there: the csv reader cannot resume.
    #[error("{0}")]
    Csv(String),
    /// A CSV quote opens a field and the input ends before it closes: the field takes in the
    /// rest of the input, so the rows there cannot be read.
    #[error(
        "found a quote never closed, expected a closing `\"`: the field takes in the rest of \
         the input, lines {first_line} to {last_line}, and no row in them is read"
    )]
    UnclosedQuote {
        /// The quote's line.
        first_line: usize,
        /// The input's last line.
        last_line: usize,
    },
    /// A record holds no puzzle: a variant line with no field for the givens.
    #[error("found no givens, expected a field of N·N symbols")]
    NoPuzzle,
    /// A variant line's field after the givens (a jigsaw's layout, a Killer's cages or sums)
    /// is wrong, placed at its symbol.
    #[error(transparent)]
    Field(FieldErrorKind),
    /// The variants do not fit the line's grid (or a jigsaw's layout is missing): the whole
    /// line is refused, so the message names no column.
    #[error(transparent)]
    Rules(RulesError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseErrorKind::Rules(_) => write!(f, "line {}: {}", self.line, self.kind),
            _ => write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.kind
            ),
        }
    }
}
