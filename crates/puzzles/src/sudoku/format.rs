//! The text formats of Sudoku puzzles: spaced grid, compact grid and one puzzle per line.
//!
//! - *Spaced grid*: N lines of N numbers separated by spaces or tabs, `0` (or `.`) for an empty
//!   cell, digits written in decimal (`12` on a 16x16 grid). The format of Baekjoon 2580.
//! - *Compact grid*: N lines of N symbols, no separators.
//! - *Line*: one puzzle per line, N·N symbols row-major; the line's length picks the side N
//!   and the shape follows from [`Shape::for_side`]. The format of published collections.
//!
//! Symbols (compact grid and line): `.` or `0` is an empty cell; `1`-`9` are 1 to 9; `A`-`Z`
//! are 10 to 35, and so are `a`-`z` (case does not matter) on grids of side 35 or less. On
//! larger grids (side 36 to [`MAX_SIDE`](super::MAX_SIDE)) case matters: `A`-`Z` are 10 to 35 and
//! `a`-`z` are 36 to 61. The printers write `A`-`Z` for 10 to 35 and `a`-`z` for 36 to 61.
//!
//! In every format, lines starting with `#` are comments and blank lines are skipped (grids of
//! several puzzles may be separated by them), and a line may end with CRLF. A file may hold many
//! puzzles. Trailing spaces are ignored, and so is a byte order mark (U+FEFF) starting the text.
//!
//! Parsers know nothing of search: they return a [`Grid`] whose givens were checked against
//! the Sudoku rules, or a [`ParseError`] naming the line and column of the fault.

use std::fmt;

/// One of the text formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// N lines of N space-separated numbers (Baekjoon 2580).
    Spaced,
    /// N lines of N symbols.
    Compact,
    /// One puzzle per line, N·N symbols.
    Line,
    /// Comma-separated values with a header row naming the puzzle column (see
    /// [`Records::csv`](super::Records::csv)).
    Csv,
}

impl Format {
    /// The format's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Spaced => "spaced",
            Format::Compact => "compact",
            Format::Line => "line",
            Format::Csv => "csv",
        }
    }

    /// Whether each puzzle is a grid of several lines (spaced or compact).
    pub fn is_grid(self) -> bool {
        matches!(self, Format::Spaced | Format::Compact)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
