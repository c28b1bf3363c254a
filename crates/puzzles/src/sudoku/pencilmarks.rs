//! Pencilmark lines: every cell's candidates written out, N characters per cell (the digit for a
//! candidate kept, `.` for one struck), N·N·N characters a line (729 for 9x9). Such a puzzle is
//! solved with the candidates as given, so its encoding has fewer options than the rules alone
//! would leave.

use super::boxes::Boxes;
use super::digits::DigitSet;
use super::grid::{Grid, GridError, Shape};
use super::parse_error::{ParseError, ParseErrorKind};
use super::symbols::{digit_symbol, symbol_value};

/// A puzzle given by its candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pencilmarks {
    /// The cells left with one candidate, as givens.
    grid: Grid,
    /// Each cell's candidates.
    candidates: Vec<DigitSet>,
}

impl Pencilmarks {
    /// The cells left with one candidate, as a grid of givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Each cell's candidates.
    pub fn candidates(&self) -> &[DigitSet] {
        &self.candidates
    }
}

/// The shape whose pencilmark lines have `length` characters (N·N·N), if any, under `boxes`.
fn shape_for_pencilmark_length(length: usize, boxes: Boxes) -> Option<Shape> {
    let side = (length as f64).cbrt().round() as usize;
    (side * side * side == length)
        .then(|| boxes.shape_for_side(side))
        .flatten()
}

/// Whether a puzzle's text reads as pencilmarks: N·N·N characters for a side N with boxes,
/// the k-th character of every cell either `.` or digit k, and no cell without a candidate. A
/// line-format puzzle of the same length (729 is 27·27) almost never has that pattern.
#[cfg(test)]
fn is_pencilmark_text(text: &str) -> bool {
    is_pencilmark_text_with_boxes(text, Boxes::Usual)
}

/// [`is_pencilmark_text`] for the sides `boxes` reads.
pub(super) fn is_pencilmark_text_with_boxes(text: &str, boxes: Boxes) -> bool {
    let Some(shape) = shape_for_pencilmark_length(text.len(), boxes) else {
        return false;
    };
    let side = shape.side();
    text.as_bytes().chunks(side).all(|cell| {
        let mut any = false;
        for (k, &symbol) in cell.iter().enumerate() {
            match symbol_value(symbol as char, side) {
                Some(0) if symbol == b'.' => {}
                Some(value) if value as usize == k + 1 => any = true,
                _ => return false,
            }
        }
        any
    })
}

/// Reads a pencilmark line (see [`is_pencilmark_text`]); `line` is for messages. The cells left
/// with one candidate become givens, checked against the rules.
#[cfg(test)]
fn parse_pencilmarks(text: &str, line: usize) -> Result<Pencilmarks, ParseError> {
    parse_pencilmarks_with_boxes(text, line, Boxes::Usual)
}

/// [`parse_pencilmarks`] with the box shape `boxes` says.
pub(super) fn parse_pencilmarks_with_boxes(
    text: &str,
    line: usize,
    boxes: Boxes,
) -> Result<Pencilmarks, ParseError> {
    let at = |column: usize, kind| ParseError { line, column, kind };
    let shape = shape_for_pencilmark_length(text.len(), boxes)
        .ok_or_else(|| at(1, ParseErrorKind::NoShapeForLength { found: text.len() }))?;
    let side = shape.side();
    let mut candidates = Vec::with_capacity(side * side);
    let mut cells = Vec::with_capacity(side * side);
    for (cell, marks) in text.as_bytes().chunks(side).enumerate() {
        let mut marked = DigitSet::EMPTY;
        for (k, &symbol) in marks.iter().enumerate() {
            let digit = k as u8 + 1;
            match symbol {
                b'.' => {}
                _ if symbol_value(symbol as char, side) == Some(digit) => {
                    marked |= DigitSet::of(digit)
                }
                _ => {
                    return Err(at(
                        cell * side + k + 1,
                        ParseErrorKind::BadSymbol {
                            found: symbol as char,
                            expected: format!(
                                "{} or . (a pencilmark line gives each cell's candidates in order)",
                                digit_symbol(digit)
                            ),
                        },
                    ))
                }
            }
        }
        cells.push(if marked.len() == 1 {
            marked.lowest().unwrap_or(0)
        } else {
            0
        });
        candidates.push(marked);
    }
    let grid = Grid::from_cells(shape, cells).map_err(|e| at(1, ParseErrorKind::Givens(e)))?;
    grid.check_givens().map_err(|e| {
        let column = match &e {
            GridError::Conflict { second, .. } => shape.cell(second.row, second.col) * side + 1,
            _ => 1,
        };
        at(column, ParseErrorKind::Givens(e))
    })?;
    Ok(Pencilmarks { grid, candidates })
}

impl Grid {
    /// Writes a grid as a pencilmark line: each filled cell as its one candidate, each empty cell
    /// with every candidate. Tests build pencilmark puzzles from it.
    pub fn pencilmark_line(&self, candidates_of_empty: impl Fn(usize) -> DigitSet) -> String {
        let side = self.shape().side();
        let mut out = String::with_capacity(side * side * side);
        for cell in 0..side * side {
            let marked = match self.get(cell) {
                0 => candidates_of_empty(cell),
                digit => DigitSet::of(digit),
            };
            for digit in 1..=side as u8 {
                out.push(if marked.contains(digit) {
                    digit_symbol(digit)
                } else {
                    '.'
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_with_one_candidate_are_givens() {
        let shape = Shape::for_side(4).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 1);
        grid.set(5, 4);
        let line = grid.pencilmark_line(|cell| {
            if cell == 2 {
                DigitSet::of(2) | DigitSet::of(3)
            } else {
                DigitSet::all(4)
            }
        });
        assert_eq!(line.len(), 64);
        assert!(line.starts_with("1...1234.23.1234"));
        assert!(is_pencilmark_text(&line));
        let marks = parse_pencilmarks(&line, 1).unwrap();
        assert_eq!(marks.grid(), &grid);
        assert_eq!(marks.candidates()[2], DigitSet::of(2) | DigitSet::of(3));
        assert_eq!(marks.candidates()[0], DigitSet::of(1));
        // A digit out of its place is not a pencilmark line (an 8x8 puzzle then).
        let moved = line.replacen("1...", ".1..", 1);
        assert!(!is_pencilmark_text(&moved));
        assert!(!is_pencilmark_text(&".".repeat(64)));
    }

    #[test]
    fn clashing_single_candidates_are_placed_at_the_second() {
        let shape = Shape::for_side(4).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 1);
        let line = grid.pencilmark_line(|cell| {
            if cell == 1 {
                DigitSet::of(1)
            } else {
                DigitSet::all(4)
            }
        });
        let error = parse_pencilmarks(&line, 2).unwrap_err();
        assert_eq!((error.line, error.column), (2, 5));
    }
}
