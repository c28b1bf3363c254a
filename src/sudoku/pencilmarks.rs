//! Pencilmark lines: every cell's candidates written out, N characters per cell (the digit for a
//! candidate kept, `.` for one struck), N·N·N characters a line (729 for 9x9). Such a puzzle is
//! solved with the candidates as given, so its encoding has fewer options than the rules alone
//! would leave.

use super::grid::{Grid, GridError, Shape};
use super::parse_error::{ParseError, ParseErrorKind};
use super::symbols::{digit_symbol, symbol_value};

/// A puzzle given by its candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pencilmarks {
    /// The cells left with one candidate, as givens.
    grid: Grid,
    /// Each cell's candidates, one bit per digit (bit 0 for digit 1).
    candidates: Vec<u64>,
}

impl Pencilmarks {
    /// The cells left with one candidate, as a grid of givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Each cell's candidates, one bit per digit (bit 0 for digit 1).
    pub fn candidates(&self) -> &[u64] {
        &self.candidates
    }
}

/// The shape whose pencilmark lines have `length` characters (N·N·N), if any.
fn shape_for_pencilmark_length(length: usize) -> Option<Shape> {
    let side = (length as f64).cbrt().round() as usize;
    (side * side * side == length)
        .then(|| Shape::for_side(side).ok())
        .flatten()
}

/// Whether a puzzle's text reads as pencilmarks: N·N·N characters for a side N with boxes,
/// the k-th character of every cell either `.` or digit k, and no cell without a candidate. A
/// line-format puzzle of the same length (729 is 27·27) almost never has that pattern.
pub fn is_pencilmark_text(text: &str) -> bool {
    let Some(shape) = shape_for_pencilmark_length(text.len()) else {
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
pub fn parse_pencilmarks(text: &str, line: usize) -> Result<Pencilmarks, ParseError> {
    let at = |column: usize, kind| ParseError { line, column, kind };
    let shape = shape_for_pencilmark_length(text.len())
        .ok_or_else(|| at(1, ParseErrorKind::NoShapeForLength { found: text.len() }))?;
    let side = shape.side();
    let mut candidates = Vec::with_capacity(side * side);
    let mut cells = Vec::with_capacity(side * side);
    for (cell, marks) in text.as_bytes().chunks(side).enumerate() {
        let mut mask = 0u64;
        for (k, &symbol) in marks.iter().enumerate() {
            let digit = k as u8 + 1;
            match symbol {
                b'.' => {}
                _ if symbol_value(symbol as char, side) == Some(digit) => mask |= 1 << k,
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
        cells.push(if mask.count_ones() == 1 {
            mask.trailing_zeros() as u8 + 1
        } else {
            0
        });
        candidates.push(mask);
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

/// Writes a grid as a pencilmark line: each filled cell as its one candidate, each empty cell
/// with every candidate. Tests build pencilmark puzzles from it.
pub fn pencilmark_line(grid: &Grid, candidates_of_empty: impl Fn(usize) -> u64) -> String {
    let side = grid.shape().side();
    let mut out = String::with_capacity(side * side * side);
    for cell in 0..side * side {
        let mask = match grid.get(cell) {
            0 => candidates_of_empty(cell),
            digit => 1 << (digit - 1),
        };
        for k in 0..side {
            out.push(if mask >> k & 1 == 1 {
                digit_symbol(k as u8 + 1)
            } else {
                '.'
            });
        }
    }
    out
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
        let line = pencilmark_line(&grid, |cell| if cell == 2 { 0b0110 } else { 0b1111 });
        assert_eq!(line.len(), 64);
        assert!(line.starts_with("1...1234.23.1234"));
        assert!(is_pencilmark_text(&line));
        let marks = parse_pencilmarks(&line, 1).unwrap();
        assert_eq!(marks.grid(), &grid);
        assert_eq!(marks.candidates()[2], 0b0110);
        assert_eq!(marks.candidates()[0], 0b0001);
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
        let line = pencilmark_line(&grid, |cell| if cell == 1 { 0b0001 } else { 0b1111 });
        let error = parse_pencilmarks(&line, 2).unwrap_err();
        assert_eq!((error.line, error.column), (2, 5));
    }
}
