//! The givens' consequences, settled before the search: naked singles (a cell with one digit
//! left) and hidden singles (a digit with one place left in a row, column or box), repeated
//! until neither fills a cell, on digit bitmasks.
//!
//! Both are forced moves the engine would also make, as nodes of the search tree whose option
//! list has one entry, each a full cover of four items. Settling them here first costs a few
//! bit operations per cell and leaves the engine a smaller arena and only real choices; a cell
//! or a unit-digit with no place left shows the puzzle has no solution before any search.

use super::digits::DigitSet;
use super::grid::Shape;

/// The units of a shape as tables: the three units of each cell and the cells of each unit.
/// Units are numbered rows, then columns, then boxes.
#[derive(Clone, Debug)]
pub struct Units {
    side: usize,
    /// The digits of the shape.
    all: DigitSet,
    /// The row, column and box of each cell.
    of_cell: Vec<[u16; 3]>,
    /// The cells of unit `u`, at `members[u * side..(u + 1) * side]`.
    members: Vec<u16>,
}

impl Units {
    pub fn new(shape: Shape) -> Units {
        let side = shape.side();
        let cells = shape.cell_count();
        let of_cell: Vec<[u16; 3]> = (0..cells)
            .map(|cell| {
                [
                    shape.row_of(cell),
                    side + shape.col_of(cell),
                    2 * side + shape.box_of(cell),
                ]
                .map(|u| u as u16)
            })
            .collect();
        let mut members = vec![0u16; 3 * cells];
        let mut filled = vec![0usize; 3 * side];
        for (cell, units) in of_cell.iter().enumerate() {
            for u in units.map(usize::from) {
                members[u * side + filled[u]] = cell as u16;
                filled[u] += 1;
            }
        }
        Units {
            side,
            all: DigitSet::all(side),
            of_cell,
            members,
        }
    }

    /// How many units the shape has: rows, columns and boxes.
    pub fn count(&self) -> usize {
        3 * self.side
    }

    /// The row, column and box of `cell`, as unit numbers.
    #[inline]
    pub fn of(&self, cell: usize) -> [usize; 3] {
        self.of_cell[cell].map(usize::from)
    }

    /// The digits `cell` can still take, given the digits each unit holds.
    #[inline]
    pub fn candidates(&self, cell: usize, used: &[DigitSet]) -> DigitSet {
        let [r, c, b] = self.of(cell);
        self.all - (used[r] | used[c] | used[b])
    }

    fn members(&self, unit: usize) -> &[u16] {
        &self.members[unit * self.side..(unit + 1) * self.side]
    }
}

/// Sets `candidates` to each cell's digits left (0 for a filled cell), given the digits each
/// unit holds.
pub fn open_candidates(
    units: &Units,
    cells: &[u8],
    used: &[DigitSet],
    candidates: &mut Vec<DigitSet>,
) {
    candidates.clear();
    candidates.extend((0..cells.len()).map(|cell| {
        if cells[cell] == 0 {
            units.candidates(cell, used)
        } else {
            DigitSet::EMPTY
        }
    }));
}

/// Sets `used` to the digits each unit of `cells` holds. `false` when a digit is twice in a
/// unit: the givens clash (and `used` is then partial). [`super::Grid::check_givens`] names the
/// clashing cells; the passes only need to know.
pub fn mark_givens(units: &Units, cells: &[u8], used: &mut Vec<DigitSet>) -> bool {
    used.clear();
    used.resize(units.count(), DigitSet::EMPTY);
    for (cell, &digit) in cells.iter().enumerate() {
        if digit != 0 {
            let digit = DigitSet::of(digit);
            let [r, c, b] = units.of(cell);
            if !((used[r] | used[c] | used[b]) & digit).is_empty() {
                return false;
            }
            used[r] |= digit;
            used[c] |= digit;
            used[b] |= digit;
        }
    }
    true
}

/// Fills every naked and hidden single of `cells` (0 for empty), over and over until none is
/// left, keeping `used` (the digits each unit holds, one bit per digit) and `candidates` (from
/// [`open_candidates`], perhaps narrowed since by other deductions) up to date. Returns `false`
/// when a cell has no digit left or a unit has no place left for a digit it lacks: the puzzle
/// has no solution, and `cells` is then left part-filled.
///
/// Every empty cell's candidates are kept exact as digits are placed (a placement strikes its
/// digit from the cells of its three units), so a sweep only reads them.
pub fn fill_singles(
    units: &Units,
    cells: &mut [u8],
    used: &mut [DigitSet],
    candidates: &mut [DigitSet],
) -> bool {
    match units.side {
        9 => fill_singles_of_side::<9>(units, cells, used, candidates),
        _ => fill_singles_of_side::<0>(units, cells, used, candidates),
    }
}

/// [`fill_singles`] for a side known when compiling (`SIDE`), or read from `units` (0). The
/// classic side gets its own copy: with nine members to a unit known, the unit loops are
/// unrolled and lose their bounds checks (callgrind, the serg file: 110.7M -> 86.0M
/// instructions in this pass).
#[inline(always)]
fn fill_singles_of_side<const SIDE: usize>(
    units: &Units,
    cells: &mut [u8],
    used: &mut [DigitSet],
    candidates: &mut [DigitSet],
) -> bool {
    let side = if SIDE > 0 { SIDE } else { units.side };
    let members = |unit: usize| &units.members[unit * side..unit * side + side];
    let cells = &mut cells[..side * side];
    let candidates = &mut candidates[..side * side];
    let used = &mut used[..3 * side];
    let place = |cells: &mut [u8],
                 used: &mut [DigitSet],
                 candidates: &mut [DigitSet],
                 cell,
                 digit: DigitSet| {
        cells[cell] = digit.lowest().unwrap_or(0);
        candidates[cell] = DigitSet::EMPTY;
        for unit in units.of(cell) {
            used[unit] |= digit;
            for &peer in members(unit) {
                candidates[usize::from(peer)] -= digit;
            }
        }
    };
    loop {
        let mut placed = false;
        for cell in 0..cells.len() {
            let open = candidates[cell];
            if open.has_at_most_one() {
                // One digit left, or none: then the cell is filled, or the puzzle is dead.
                if !open.is_empty() {
                    place(cells, used, candidates, cell, open);
                    placed = true;
                } else if cells[cell] == 0 {
                    return false;
                }
            }
        }
        for unit in 0..units.count() {
            let missing = units.all - used[unit];
            if missing.is_empty() {
                continue;
            }
            let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
            for &cell in members(unit) {
                let open = candidates[usize::from(cell)];
                twice |= once & open;
                once |= open;
            }
            if once != missing {
                return false;
            }
            for digit in (once - twice).singletons() {
                // Its one place, unless a digit placed just before took the same cell.
                let Some(&cell) = units
                    .members(unit)
                    .iter()
                    .find(|&&cell| !(candidates[usize::from(cell)] & digit).is_empty())
                else {
                    return false;
                };
                place(cells, used, candidates, usize::from(cell), digit);
                placed = true;
            }
        }
        if !placed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::solvers::tests::puzzle_strategy;
    use crate::sudoku::{Grid, SudokuSolver};
    use dlx_engine::Uniqueness;
    use proptest::prelude::*;

    /// Runs the pass on a copy of `puzzle`: the grid it leaves, or `None` on a contradiction.
    fn settle(puzzle: &Grid) -> Option<Grid> {
        let units = Units::new(puzzle.shape());
        let mut used = Vec::new();
        if !mark_givens(&units, puzzle.cells(), &mut used) {
            return None;
        }
        let mut grid = puzzle.clone();
        let mut candidates = Vec::new();
        open_candidates(&units, grid.cells(), &used, &mut candidates);
        let alive = fill_singles(&units, grid.cells_mut(), &mut used, &mut candidates);
        alive.then_some(grid)
    }

    #[test]
    fn singles_alone_solve_an_easy_minimal_puzzle_as_the_search_does() {
        // A minimal puzzle the project made, which singles alone solve.
        let puzzle = Grid::parse_line(
            ".......34..5.9.6.29..7.2...2.7.5..6..9.6.........2...1..8.......2....149.4..3...8",
            1,
        )
        .unwrap();
        let settled = settle(&puzzle).expect("the puzzle has a solution");
        let Uniqueness::Unique(solution) =
            SudokuSolver::new(puzzle.shape()).uniqueness(&puzzle).answer
        else {
            panic!("the puzzle is unique");
        };
        assert!(settled.filled_count() > puzzle.filled_count());
        for cell in 0..settled.cells().len() {
            if settled.get(cell) != 0 {
                assert_eq!(settled.get(cell), solution.get(cell), "cell {cell}");
            }
        }
    }

    #[test]
    fn a_cell_with_no_digit_left_is_a_contradiction() {
        // Row 1 holds 1, 2 and 3 and the column of its empty cell 4: a 4x4 cell with nothing.
        let puzzle = Grid::parse_line("1230...........4", 1).unwrap();
        assert_eq!(settle(&puzzle), None);
    }

    #[test]
    fn a_digit_with_no_place_left_in_a_unit_is_a_contradiction() {
        // Row 1 lacks 1, 2 and 3; its three empty cells share a box with the 1 of row 2, so
        // each has 2 and 3 left and 1 has no place: only the hidden-singles half can tell.
        let rows = ["...456789", "..1......"].concat() + &".".repeat(63);
        let puzzle = Grid::parse_line(&rows, 1).unwrap();
        assert_eq!(settle(&puzzle), None);
    }

    #[test]
    fn a_full_valid_grid_is_left_as_it_is() {
        let puzzle = Grid::parse_line(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            1,
        )
        .unwrap();
        assert_eq!(settle(&puzzle), Some(puzzle));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Singles are forced in every solution: a puzzle cut from a full grid settles without
        /// contradiction, and every cell the pass fills agrees with that grid.
        #[test]
        fn singles_agree_with_every_solution(
            (full, puzzle) in puzzle_strategy(&[(2, 2), (2, 3), (3, 3), (3, 4)])
        ) {
            let settled = settle(&puzzle);
            prop_assert!(settled.is_some());
            let settled = settled.unwrap();
            for cell in 0..full.cells().len() {
                if settled.get(cell) != 0 {
                    prop_assert_eq!(settled.get(cell), full.get(cell));
                }
            }
        }
    }
}
