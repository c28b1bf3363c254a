//! The line format: one puzzle per line, N·N symbols row-major, the line's length telling the
//! side. A grid parses from and prints to it ([`std::str::FromStr`] and [`std::fmt::Display`]).

use super::boxes::Boxes;
use super::format::Format;
use super::grid::{Grid, GridError, Shape, MAX_SIDE};
use super::parse_error::{ParseError, ParseErrorKind};
use super::symbols::{expected_symbols, symbol_value};
use std::fmt;

impl Grid {
    /// Reads one line of the line format (`line_number` is 1-based, for messages). A trailing CR
    /// and leading and trailing spaces are ignored (columns still count from the line's start).
    /// The caller skips blank and comment lines ([`Format::is_skipped_line`]); here
    /// they are errors.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Grid, GridError, ParseErrorKind, Unit};
    ///
    /// // 16 symbols: a 4x4 grid with 2x2 boxes.
    /// let grid = Grid::parse_line("..3..1..23......", 7).unwrap();
    /// assert_eq!((grid.shape().side(), grid.filled_count(), grid.get(2)), (4, 4, 3));
    ///
    /// // A fault names the line given and the column of the symbol.
    /// let error = Grid::parse_line("..3..1..2x......", 7).unwrap_err();
    /// assert_eq!((error.line, error.column), (7, 10));
    /// assert!(matches!(error.kind, ParseErrorKind::BadSymbol { found: 'x', .. }));
    ///
    /// // Givens that break a rule are placed at the second cell of the clash.
    /// let error = Grid::parse_line("1..1............", 3).unwrap_err();
    /// assert_eq!((error.line, error.column), (3, 4));
    /// let ParseErrorKind::Givens(GridError::Conflict { digit, unit, .. }) = error.kind else {
    ///     panic!("expected a conflict, found {error}");
    /// };
    /// assert_eq!((digit, unit), (1, Unit::Row(0)));
    /// ```
    pub fn parse_line(text: &str, line_number: usize) -> Result<Grid, ParseError> {
        Grid::parse_line_with_boxes(text, line_number, Boxes::Usual)
    }

    /// A full grid of `shape` in one field of N·N symbols, none empty, *not* checked against
    /// the rules: another solver's answer, which [`Grid::check_solution_of`] then judges.
    /// `None` when the field is no such grid.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Grid, Shape};
    /// let shape = Shape::for_side(4).unwrap();
    /// // Two 1s in the first row: read, and found wrong by the check.
    /// let answer = Grid::parse_answer("1134341221434321", shape).unwrap();
    /// let puzzle = Grid::parse_line("1...............", 1).unwrap();
    /// assert!(answer.check_solution_of(&puzzle).is_err());
    /// assert!(Grid::parse_answer("1.34341221434321", shape).is_none());
    /// ```
    pub fn parse_answer(field: &str, shape: Shape) -> Option<Grid> {
        let cells: Vec<u8> = field
            .chars()
            .map(|symbol| symbol_value(symbol, shape.side()).filter(|&digit| digit > 0))
            .collect::<Option<_>>()?;
        Grid::from_cells(shape, cells).ok()
    }

    /// [`Grid::parse_line`] with the box shape `boxes` says: each side's usual one, or the one given
    /// (then a line of another length is an error). See [`Boxes`].
    pub fn parse_line_with_boxes(
        text: &str,
        line_number: usize,
        boxes: Boxes,
    ) -> Result<Grid, ParseError> {
        let text = text.trim_end();
        let indent = text.len() - text.trim_start().len();
        let (indent, text) = (text[..indent].chars().count(), &text[indent..]);
        let length = text.chars().count();
        let at = |column: usize, kind| ParseError {
            line: line_number,
            column: column + indent,
            kind,
        };
        if length > MAX_SIDE * MAX_SIDE {
            return Err(at(1, ParseErrorKind::LineTooLong { found: length }));
        }
        let shape = boxes
            .shape_for_cells(length)
            .ok_or_else(|| at(1, no_shape_for_length(length, boxes)))?;
        let side = shape.side();
        let mut cells = Vec::with_capacity(length);
        for (index, symbol) in text.chars().enumerate() {
            match symbol_value(symbol, side) {
                Some(value) if (value as usize) <= side => cells.push(value),
                _ => {
                    return Err(at(
                        index + 1,
                        ParseErrorKind::BadSymbol {
                            found: symbol,
                            expected: expected_symbols(side),
                        },
                    ))
                }
            }
        }
        // One symbol per cell from the first after the indent.
        finish_grid(shape, cells, |cell| (line_number, indent + cell + 1))
    }
}

/// Why a one-line puzzle of `length` symbols has no shape under `boxes`.
pub(super) fn no_shape_for_length(length: usize, boxes: Boxes) -> ParseErrorKind {
    match boxes {
        Boxes::Usual => ParseErrorKind::NoShapeForLength { found: length },
        Boxes::Given(shape) => ParseErrorKind::LengthNotOfBoxes {
            found: length,
            shape,
        },
    }
}

/// Builds the grid and checks its givens, placing a conflict at the second cell's position.
pub(super) fn finish_grid(
    shape: Shape,
    cells: Vec<u8>,
    position_of: impl Fn(usize) -> (usize, usize),
) -> Result<Grid, ParseError> {
    let fault = |cell: usize, error: GridError| {
        let (line, column) = position_of(cell);
        ParseError {
            line,
            column,
            kind: ParseErrorKind::Givens(error),
        }
    };
    let grid = Grid::from_cells(shape, cells).map_err(|e| fault(0, e))?;
    grid.check_givens().map_err(|e| match e {
        GridError::Conflict { second, .. } => fault(shape.cell(second.row, second.col), e),
        other => fault(0, other),
    })?;
    Ok(grid)
}

/// A grid reads from the line format: N·N symbols, `.` or `0` for an empty cell, its side
/// telling the shape. Errors name line 1 and the column.
///
/// ```
/// use dlx_puzzles::sudoku::Grid;
///
/// let grid: Grid = "1.3..4.........1".parse().unwrap();
/// assert_eq!(grid.shape().side(), 4);
/// assert_eq!(grid.to_string(), "1.3..4.........1");
/// assert!("1.3..4".parse::<Grid>().is_err());
/// ```
impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_line(text, 1)
    }
}

/// A grid prints in the line format, without the line's end: it reads back with
/// [`str::parse`].
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_text(Format::Line);
        f.write_str(line.trim_end_matches('\n'))
    }
}
