//! Sudoku as exact cover (TAOCP 7.2.2.1): its items and their numbering, written once.
//!
//! Four kinds of primary items, N·N of each: `p` cell filled, then for each unit (the rows, the
//! columns, the boxes, numbered as [`Units`] numbers them) and each digit, the unit has the
//! digit. One option per (cell, digit) covers its cell's item and its three units' items for the
//! digit. `sudoku_problem` builds the whole problem of an empty grid, to write out or inspect;
//! the solver lays out only what a puzzle leaves open, with the same numbering.

use super::grid::{Grid, Shape};
use super::singles::Units;
use dlx_engine::{ItemId, Problem, ProblemBuilder};

/// The item numbering of a shape's full problem: cells first, then unit-digit items.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    side: usize,
    cells: usize,
}

impl Layout {
    pub(super) fn new(shape: Shape) -> Layout {
        Layout {
            side: shape.side(),
            cells: shape.cell_count(),
        }
    }

    /// The side N: digits per unit.
    pub(super) fn side(self) -> usize {
        self.side
    }

    /// Items in the full problem: N·N for the cells and N per unit.
    pub(super) fn item_count(self) -> usize {
        4 * self.cells
    }

    /// The item "`cell` is filled".
    #[inline]
    pub(super) fn cell(self, cell: usize) -> usize {
        cell
    }

    /// The item "unit `unit` has the digit of bit `d`" (`d` 0-based).
    #[inline]
    pub(super) fn unit_digit(self, unit: usize, d: usize) -> usize {
        self.cells + unit * self.side + d
    }

    /// The four items the option placing the digit of bit `d` in `cell` covers: the cell's,
    /// then its row's, column's and box's for the digit.
    #[inline]
    pub(super) fn option_items(self, units: &Units, cell: usize, d: usize) -> [usize; 4] {
        let [r, c, b] = units.of(cell);
        [
            self.cell(cell),
            self.unit_digit(r, d),
            self.unit_digit(c, d),
            self.unit_digit(b, d),
        ]
    }
}

/// The exact-cover problem of an empty grid of a shape. Cells are named `p<row>,<col>`, the
/// unit-digit items `r<row>#<digit>`, `c<col>#<digit>` and `b<box>#<digit>`, all 0-based but the
/// digit. Option `cell * N + (digit - 1)` places `digit` in `cell`: [`Rules::exact_cover`] of
/// classic rules.
///
/// [`Rules::exact_cover`]: super::variant::Rules::exact_cover
///
pub(crate) fn sudoku_problem(shape: Shape) -> Problem {
    problem_keeping(shape, |_, _| true)
}

/// The problem of a puzzle: the empty grid's, each given cell keeping only the option of its
/// given digit (so the numbering of items stays the empty grid's).
impl Grid {
    /// This puzzle as exact cover under the classic rules, to search with the engine's tools
    /// (a memoized count: [`dlx_engine::Memo`]): every item of the empty grid's problem, each
    /// given cell with the one option that places its digit.
    pub fn exact_cover(&self) -> Problem {
        problem_keeping(self.shape(), |cell, d| {
            let given = self.get(cell);
            given == 0 || usize::from(given) == d + 1
        })
    }
}

/// The empty grid's problem, with only the options (cell, digit - 1) that `keep` keeps.
fn problem_keeping(shape: Shape, keep: impl Fn(usize, usize) -> bool) -> Problem {
    let side = shape.side();
    let layout = Layout::new(shape);
    let units = Units::new(shape);
    let mut builder = ProblemBuilder::new();
    let names = (0..shape.cell_count())
        .map(|cell| format!("p{},{}", shape.row_of(cell), shape.col_of(cell)))
        .chain(["r", "c", "b"].into_iter().flat_map(|kind| {
            (0..side).flat_map(move |unit| (1..=side).map(move |d| format!("{kind}{unit}#{d}")))
        }));
    for name in names {
        builder
            .primary(&name)
            .expect("generated item names are distinct and well formed");
    }
    for cell in 0..shape.cell_count() {
        for d in (0..side).filter(|&d| keep(cell, d)) {
            let items = layout
                .option_items(&units, cell, d)
                .map(|item| ItemId(item as u32));
            builder
                .option(&items)
                .expect("each option names four distinct items");
        }
    }
    builder.build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_numbered_cell_by_cell_and_name_their_four_items() {
        let shape = Shape::new(3, 4).unwrap();
        let problem = sudoku_problem(shape);
        assert_eq!(problem.option_count(), 12 * 12 * 12);
        assert_eq!(problem.primary_count(), 4 * 12 * 12);
        let option = problem.options().nth(29 * 12 + 6).unwrap();
        let names: Vec<&str> = problem
            .option_items(option)
            .iter()
            .map(|&i| problem.item_name(i))
            .collect();
        // Cell 29 is row 2, column 5, box 1 (3x4 boxes); digit 7.
        assert_eq!(names, ["p2,5", "r2#7", "c5#7", "b1#7"]);
    }
}
