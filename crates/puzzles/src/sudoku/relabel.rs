//! Relabellings: the changes of a grid that keep every Sudoku's rules and its number of
//! solutions (digits renamed, rows moved within their band, columns within their stack, and
//! whole bands and stacks moved). The generator draws one to vary the full grids the engine
//! completes; the rater averages the engine's effort over several, so that a rating does not
//! hang on which item the engine happens to meet first.

use super::grid::{Grid, Shape};
use super::random::Random;

/// A relabelling of one shape: where each row, column and digit of the result comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Relabelling {
    shape: Shape,
    /// Row `r` of the result is row `rows[r]` of the input.
    rows: Vec<usize>,
    cols: Vec<usize>,
    /// Digit `d` of the input becomes `digits[d]` (`digits[0] = 0`: empty stays empty).
    digits: Vec<u8>,
}

impl Relabelling {
    /// A random relabelling: digits renamed, rows shuffled within each band and columns within
    /// each stack; with `move_bands`, the bands and the stacks shuffled too.
    pub fn random(shape: Shape, random: &mut Random, move_bands: bool) -> Relabelling {
        let side = shape.side();
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        random.shuffle(&mut digits);
        digits.insert(0, 0);
        Relabelling {
            shape,
            rows: lines(side, shape.box_rows(), random, move_bands),
            cols: lines(side, shape.box_cols(), random, move_bands),
            digits,
        }
    }

    /// Writes the relabelled `grid` into `out`, which must have the same shape.
    pub fn apply_into(&self, grid: &Grid, out: &mut Grid) {
        debug_assert_eq!(grid.shape(), self.shape);
        let side = self.shape.side();
        let cells = out.cells_mut();
        for (r, &from_row) in self.rows.iter().enumerate() {
            for (c, &from_col) in self.cols.iter().enumerate() {
                cells[r * side + c] =
                    self.digits[usize::from(grid.get(from_row * side + from_col))];
            }
        }
    }

    /// The relabelled grid.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut out = Grid::empty(self.shape);
        self.apply_into(grid, &mut out);
        out
    }
}

/// A random order of `side` lines grouped `width` to a group (rows in bands, columns in
/// stacks): lines shuffled within each group, and the groups too when `move_groups`.
fn lines(side: usize, width: usize, random: &mut Random, move_groups: bool) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..side / width).collect();
    if move_groups {
        random.shuffle(&mut groups);
    }
    let mut order = Vec::with_capacity(side);
    for group in groups {
        let start = order.len();
        order.extend(group * width..(group + 1) * width);
        random.shuffle(&mut order[start..]);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{Algorithm, Mode, Solvers, Verdict};

    #[test]
    fn a_relabelled_solution_is_a_solution_of_the_relabelled_puzzle() {
        let mut solvers = Solvers::default();
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let Verdict::Solved(full) = solvers
                .solve(&Grid::empty(shape), Algorithm::Dlx, Mode::First)
                .answer
            else {
                panic!("the empty grid has a solution");
            };
            let mut puzzle = full.clone();
            for cell in (0..shape.cell_count()).step_by(3) {
                puzzle.set(cell, 0);
            }
            for index in 0..8 {
                let mut random = Random::for_item(5, index);
                let relabelling = Relabelling::random(shape, &mut random, index % 2 == 0);
                let moved = relabelling.apply(&full);
                assert_eq!(moved.check_solution_of(&relabelling.apply(&puzzle)), Ok(()));
                assert_eq!(
                    relabelling.apply(&puzzle).filled_count(),
                    puzzle.filled_count()
                );
            }
        }
    }
}
