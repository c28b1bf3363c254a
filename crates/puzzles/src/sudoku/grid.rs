//! The Sudoku grid model: a shape (box rows x box columns) and the digits in its cells.
//!
//! Every puzzle family and pass works on this one model, so a grid read in any text format can be
//! searched, cross-hatched or validated without conversion. Digits are `1..=N` and 0 marks an
//! empty cell; cells are numbered row-major from 0.

use super::digits::DigitSet;
use std::fmt;
use thiserror::Error;

/// The largest side the model supports (see [`Shape::MAX_SIDE`]).
pub(crate) const MAX_SIDE: usize = 61;

/// The geometry of a grid: boxes of `box_rows` x `box_cols` cells, `N = box_rows * box_cols`
/// boxes, rows, columns and digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The largest side the model supports: digits are written as `1-9` then `A-Z` then `a-z`
    /// in the one-line format, which gives 61 symbols; 49 (7x7 boxes) is the largest square
    /// size.
    pub const MAX_SIDE: usize = MAX_SIDE;

    /// The classic 9x9 grid with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A grid with boxes of `box_rows` x `box_cols` cells.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, GridError> {
        let side = box_rows * box_cols;
        if box_rows == 0 || box_cols == 0 || !(2..=MAX_SIDE).contains(&side) {
            return Err(GridError::BadBox {
                rows: box_rows,
                cols: box_cols,
            });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for a side: square boxes when the side is a square (4, 9, 16, 25, ...),
    /// otherwise boxes as square as possible and wider than tall (6: 2x3, 12: 3x4, 8: 2x4).
    pub fn for_side(side: usize) -> Result<Shape, GridError> {
        let mut rows = (side as f64).sqrt() as usize;
        while rows > 1 && !side.is_multiple_of(rows) {
            rows -= 1;
        }
        if !(4..=MAX_SIDE).contains(&side) || rows < 2 {
            return Err(GridError::NoBoxFor { side });
        }
        Shape::new(rows, side / rows)
    }

    /// The side `N`: cells per row, column and box; number of digits.
    #[inline]
    pub fn side(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// Rows of cells in one box.
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of cells in one box.
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Number of cells, `N * N`.
    #[inline]
    pub fn cell_count(self) -> usize {
        self.side() * self.side()
    }

    /// The cell at a row and column.
    #[inline]
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The row of a cell.
    #[inline]
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.side()
    }

    /// The column of a cell.
    #[inline]
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// The box of a cell, boxes numbered row-major.
    #[inline]
    pub fn box_of(self, cell: usize) -> usize {
        let (row, col) = (self.row_of(cell), self.col_of(cell));
        (row / self.box_rows()) * self.box_rows() + col / self.box_cols()
    }

    /// The cells of a box, row-major.
    pub fn box_cells(self, b: usize) -> impl Iterator<Item = usize> {
        let top = (b / self.box_rows()) * self.box_rows();
        let left = (b % self.box_rows()) * self.box_cols();
        let (rows, cols) = (self.box_rows(), self.box_cols());
        (0..rows).flat_map(move |r| (0..cols).map(move |c| self.cell(top + r, left + c)))
    }
}

/// A shape prints as its box, `ROWSxCOLUMNS` (`3x3`, `2x3`), as `dlx generate --box` takes it.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

/// A row, column or box: the units in which each digit appears once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A row, numbered from 0 at the top.
    Row(usize),
    /// A column, numbered from 0 at the left.
    Column(usize),
    /// A box, numbered from 0 row-major as in [`Shape::box_of`].
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Reported 1-based, as a person counts them.
        match *self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// A cell written as `r<row>c<col>`, 1-based, in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    /// The row, 0-based; `Display` adds 1.
    pub row: usize,
    /// The column, 0-based; `Display` adds 1.
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Why a shape is not usable, or a grid is not a valid puzzle or not a valid solution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// The box given to [`Shape::new`] has a zero dimension, or its side `rows * cols` is
    /// below 2 or above [`Shape::MAX_SIDE`] (more digits than the one-line format can write).
    #[error("boxes of {rows}x{cols} cells make no grid: expected 2 to {MAX_SIDE} digits")]
    BadBox {
        /// The rows of cells asked for in one box.
        rows: usize,
        /// The columns of cells asked for in one box.
        cols: usize,
    },
    /// [`Shape::for_side`] found no box for this side: it is below 4, above [`Shape::MAX_SIDE`], or
    /// prime, so its only boxes would be a single row or column.
    #[error("no box shape fits a side of {side}: expected a side such as 4, 6, 9, 12, 16 or 25")]
    NoBoxFor {
        /// The side asked for: cells per row, also the number of digits.
        side: usize,
    },
    /// The cells given to [`Grid::from_cells`] are not `N * N` for the shape.
    #[error("expected {expected} cells, found {found}")]
    WrongCellCount {
        /// The shape's cell count, `N * N`.
        expected: usize,
        /// The number of cells given.
        found: usize,
    },
    /// A cell holds a digit above the side `N` (0, the empty cell, is always in range).
    #[error("digit {digit} at {cell} is out of range: expected 1 to {side}")]
    DigitOutOfRange {
        /// The digit found.
        digit: u8,
        /// The cell that holds it.
        cell: CellName,
        /// The side `N`, the largest digit allowed.
        side: usize,
    },
    /// A digit appears twice in a row, column or box; the first such pair in reading order.
    #[error("digit {digit} appears twice in {unit}: at {first} and {second}")]
    Conflict {
        /// The repeated digit.
        digit: u8,
        /// The row, column or box where it repeats.
        unit: Unit,
        /// The earlier cell holding it, in reading order.
        first: CellName,
        /// The later cell holding it.
        second: CellName,
    },
    /// A grid offered as a solution leaves a cell empty.
    #[error("cell {cell} is empty")]
    Empty {
        /// The first empty cell in reading order.
        cell: CellName,
    },
    /// A grid offered as a solution holds another digit where the puzzle gives one.
    #[error("cell {cell} holds {found}, but the puzzle gives {given}")]
    GivenChanged {
        /// The cell whose given was not kept.
        cell: CellName,
        /// The digit the puzzle gives there.
        given: u8,
        /// The digit the solution holds there.
        found: u8,
    },
    /// A grid offered as a solution has another shape than its puzzle, so no cell can be
    /// compared.
    #[error("the grids have different shapes")]
    ShapeMismatch,
}

/// A grid of digits, 0 for an empty cell, checked to hold no digit out of range.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// A grid from its cells, row-major, 0 for empty. Checks the count and the range of each
    /// digit, but not the Sudoku rules: see [`Grid::check_givens`].
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != shape.cell_count() {
            return Err(GridError::WrongCellCount {
                expected: shape.cell_count(),
                found: cells.len(),
            });
        }
        for (cell, &digit) in cells.iter().enumerate() {
            if digit as usize > shape.side() {
                return Err(GridError::DigitOutOfRange {
                    digit,
                    cell: name_of(shape, cell),
                    side: shape.side(),
                });
            }
        }
        Ok(Grid { shape, cells })
    }

    /// A grid from its cells, as [`Grid::from_cells`], also checked against the Sudoku rules.
    pub fn puzzle(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        let grid = Grid::from_cells(shape, cells)?;
        grid.check_givens()?;
        Ok(grid)
    }

    /// The grid's shape: its box size, and so its side and digits.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digits, row-major, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digits to write in place, for the passes of this module tree that fill many cells:
    /// they write only digits of the shape.
    pub(super) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The digit in a cell, 0 when empty.
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Writes a digit (0 to empty the cell). Panics on a digit out of range: callers own that.
    #[inline]
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit as usize <= self.shape.side(), "digit out of range");
        self.cells[cell] = digit;
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The cell's row and column, for messages.
    pub fn cell_name(&self, cell: usize) -> CellName {
        name_of(self.shape, cell)
    }

    /// Checks that no digit appears twice in a row, column or box; names both cells if one does.
    pub fn check_givens(&self) -> Result<(), GridError> {
        // Every puzzle read is checked, so the common case runs on bitmasks with no allocation;
        // only a grid that breaks a rule takes the slow path that names both cells.
        let none = [DigitSet::EMPTY; MAX_SIDE];
        let (mut rows, mut cols, mut boxes) = (none, none, none);
        let mut clash = false;
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit != 0 {
                let bit = DigitSet::of(digit);
                let (r, c, b) = (
                    self.shape.row_of(cell),
                    self.shape.col_of(cell),
                    self.shape.box_of(cell),
                );
                clash |= !((rows[r] | cols[c] | boxes[b]) & bit).is_empty();
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        if clash {
            self.find_conflict()
        } else {
            Ok(())
        }
    }

    /// The first conflict in reading order, naming both cells.
    fn find_conflict(&self) -> Result<(), GridError> {
        let side = self.shape.side();
        // first[unit kind][unit][digit] = 1 + the first cell seen holding the digit there.
        let mut first = vec![0usize; 3 * side * (side + 1)];
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let units = [
                Unit::Row(self.shape.row_of(cell)),
                Unit::Column(self.shape.col_of(cell)),
                Unit::Box(self.shape.box_of(cell)),
            ];
            for (kind, unit) in units.into_iter().enumerate() {
                let index = match unit {
                    Unit::Row(u) | Unit::Column(u) | Unit::Box(u) => u,
                };
                let slot = &mut first[(kind * side + index) * (side + 1) + digit as usize];
                if *slot != 0 {
                    return Err(GridError::Conflict {
                        digit,
                        unit,
                        first: self.cell_name(*slot - 1),
                        second: self.cell_name(cell),
                    });
                }
                *slot = cell + 1;
            }
        }
        Ok(())
    }

    /// Checks that `self` is a solution of `puzzle`: full, every given kept, and every row,
    /// column and box holding each digit once. The check every test and bench relies on.
    pub fn check_solution_of(&self, puzzle: &Grid) -> Result<(), GridError> {
        if self.shape != puzzle.shape {
            return Err(GridError::ShapeMismatch);
        }
        for (cell, (&given, &found)) in puzzle.cells.iter().zip(&self.cells).enumerate() {
            if found == 0 {
                return Err(GridError::Empty {
                    cell: self.cell_name(cell),
                });
            }
            if given != 0 && given != found {
                return Err(GridError::GivenChanged {
                    cell: self.cell_name(cell),
                    given,
                    found,
                });
            }
        }
        // A full grid with no digit twice in any unit holds each digit once in each.
        self.check_givens()
    }
}

fn name_of(shape: Shape, cell: usize) -> CellName {
    CellName {
        row: shape.row_of(cell),
        col: shape.col_of(cell),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_for_the_usual_sides() {
        let boxes = |side| {
            let s = Shape::for_side(side).unwrap();
            (s.box_rows(), s.box_cols())
        };
        assert_eq!(boxes(4), (2, 2));
        assert_eq!(boxes(6), (2, 3));
        assert_eq!(boxes(9), (3, 3));
        assert_eq!(boxes(12), (3, 4));
        assert_eq!(boxes(16), (4, 4));
        assert_eq!(boxes(25), (5, 5));
        assert!(Shape::for_side(7).is_err());
        assert!(Shape::for_side(3).is_err());
        assert!(Shape::new(8, 8).is_err());
    }

    #[test]
    fn boxes_of_a_rectangular_shape() {
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(s.box_of(s.cell(0, 3)), 1);
        assert_eq!(s.box_of(s.cell(2, 0)), 2);
        assert_eq!(s.box_of(s.cell(5, 5)), 5);
        let cells: Vec<usize> = s.box_cells(3).collect();
        assert_eq!(
            cells,
            [
                s.cell(2, 3),
                s.cell(2, 4),
                s.cell(2, 5),
                s.cell(3, 3),
                s.cell(3, 4),
                s.cell(3, 5)
            ]
        );
        for b in 0..6 {
            assert!(s.box_cells(b).all(|c| s.box_of(c) == b));
        }
    }

    #[test]
    fn a_conflicting_given_names_both_cells() {
        let mut cells = vec![0; 81];
        cells[Shape::CLASSIC.cell(0, 0)] = 5;
        cells[Shape::CLASSIC.cell(2, 2)] = 5;
        let e = Grid::puzzle(Shape::CLASSIC, cells).unwrap_err();
        assert_eq!(
            e.to_string(),
            "digit 5 appears twice in box 1: at r1c1 and r3c3"
        );
    }

    #[test]
    fn a_digit_out_of_range_is_refused() {
        let mut cells = vec![0; 16];
        cells[5] = 5;
        let e = Grid::from_cells(Shape::new(2, 2).unwrap(), cells).unwrap_err();
        assert_eq!(
            e.to_string(),
            "digit 5 at r2c2 is out of range: expected 1 to 4"
        );
    }

    #[test]
    fn checking_a_solution_finds_each_kind_of_fault() {
        let shape = Shape::new(2, 2).unwrap();
        let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let solution = Grid::from_cells(shape, good.to_vec()).unwrap();
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 1);
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
        puzzle.set(0, 2);
        assert!(matches!(
            solution.check_solution_of(&puzzle),
            Err(GridError::GivenChanged { .. })
        ));
        let mut holey = solution.clone();
        holey.set(15, 0);
        assert!(matches!(
            holey.check_solution_of(&Grid::empty(shape)),
            Err(GridError::Empty { .. })
        ));
        let mut swapped = solution.clone();
        swapped.set(0, 2);
        swapped.set(1, 1);
        swapped.set(4, 4);
        assert!(matches!(
            swapped.check_solution_of(&Grid::empty(shape)),
            Err(GridError::Conflict { .. })
        ));
    }
}
