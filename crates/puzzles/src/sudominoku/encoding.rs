//! Sudominoku as an exact-cover problem.
//!
//! Primary items: the 81 cells, each (row, digit), (column, digit) and (box, digit), and the 36
//! dominoes. One option per adjacent pair of cells and ordered pair of distinct digits: it covers
//! both cells, the three units of each digit, and the domino. The givens settle their items while
//! the problem is built: a settled item is never declared, and an option touching one (a taken
//! cell, a digit its row, column or box has already, a domino placed already) is never added.
//! So the search sees only the free part of the puzzle, and the single cells need no option.
//!
//! Building per puzzle beats a template built once with the givens imposed by `Dlx::select`:
//! on the sample's first puzzle (release build), the template of all 11,097 options took 290 us
//! to select the givens and 480 us to search and unselect, against 325 us to build the pruned
//! problem (about 600 options) and search it. Selecting hides thousands of options the pruned
//! problem never holds, and every search node then walks longer lists.

use super::model::{CellLabel, Domino, PlacedDomino, Puzzle, Solution, CELLS, DOMINOES, SIDE};
use crate::sudoku::{DigitSet, Grid, Shape};
use dlx_engine::{ItemId, OptionId, Problem, ProblemBuilder};

/// Items, in the order of [`ItemTable`]: cells, then row, column and box digits, then dominoes.
const ROW_DIGITS: usize = CELLS;
const COLUMN_DIGITS: usize = ROW_DIGITS + SIDE * SIDE;
const BOX_DIGITS: usize = COLUMN_DIGITS + SIDE * SIDE;
const DOMINO_ITEMS: usize = BOX_DIGITS + SIDE * SIDE;
const ITEMS: usize = DOMINO_ITEMS + DOMINOES;

/// The digits a free cell may take when nothing limits it.
pub(crate) const ANY_DIGIT: DigitSet = DigitSet::all(SIDE);

/// The engine's id of each item of the full encoding, `None` for an item the givens settled.
type ItemTable = [Option<ItemId>; ITEMS];

/// The problem of one puzzle and what each of its options places.
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    /// `placements[k]` is the domino that option `k` lays down.
    placements: Vec<PlacedDomino>,
}

impl Encoding {
    /// Encodes a puzzle, its givens settled.
    pub fn new(puzzle: &Puzzle) -> Encoding {
        Encoding::within(puzzle, &[ANY_DIGIT; CELLS])
    }

    /// Encodes a puzzle whose free cells may take only the digits of `limits`: the options
    /// that put another digit on a cell are left out.
    pub(crate) fn within(puzzle: &Puzzle, limits: &[DigitSet; CELLS]) -> Encoding {
        let shape = Shape::CLASSIC;
        let givens = puzzle.givens();
        let mut settled = [false; ITEMS];
        for cell in 0..CELLS {
            let digit = givens.get(cell) as usize;
            if digit != 0 {
                settled[cell] = true;
                for unit_item in unit_items(shape, cell, digit as u8) {
                    settled[unit_item] = true;
                }
            }
        }
        for placed in puzzle.placed() {
            if let Some(domino) = placed.domino() {
                settled[DOMINO_ITEMS + domino.index()] = true;
            }
        }

        let mut builder = ProblemBuilder::new();
        let mut ids: ItemTable = [None; ITEMS];
        for (item, id) in ids.iter_mut().enumerate() {
            if !settled[item] {
                let id_here = builder
                    .primary(&item_name(item))
                    .expect("item names are distinct and the problem is small");
                *id = Some(id_here);
            }
        }

        // The digits each cell may still take: none for a taken cell, else those its row,
        // column and box lack. Looping over these digits rather than over all 72 digit pairs of
        // each of the 144 cell pairs halves the encoding time (measured: docs/benchmarks.md).
        let mut allowed = [DigitSet::EMPTY; CELLS];
        for (cell, mask) in allowed.iter_mut().enumerate() {
            if !settled[cell] {
                *mask = (1..=SIDE as u8)
                    .filter(|&d| unit_items(shape, cell, d).iter().all(|&i| !settled[i]))
                    .collect::<DigitSet>()
                    & limits[cell];
            }
        }
        let id = |item: usize| ids[item].expect("an option lists only unsettled items");

        let mut placements = Vec::new();
        for p in 0..CELLS {
            let right = (p % SIDE + 1 < SIDE).then_some(p + 1);
            let below = (p + SIDE < CELLS).then_some(p + SIDE);
            for q in [right, below].into_iter().flatten() {
                for a in allowed[p].iter() {
                    for b in (allowed[q] - DigitSet::of(a)).iter() {
                        let domino = Domino::new(a, b).expect("a and b differ and are in range");
                        let domino_item = DOMINO_ITEMS + domino.index();
                        if settled[domino_item] {
                            continue;
                        }
                        let [ra, ca, ba] = unit_items(shape, p, a);
                        let [rb, cb, bb] = unit_items(shape, q, b);
                        let items = [p, q, ra, ca, ba, rb, cb, bb, domino_item].map(id);
                        builder
                            .option(&items)
                            .expect("an option lists distinct declared items");
                        placements.push(PlacedDomino {
                            cells: [p, q],
                            digits: [a, b],
                        });
                    }
                }
            }
        }
        Encoding {
            problem: builder.build(),
            placements,
        }
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The domino an option lays down.
    pub fn placement(&self, option: OptionId) -> PlacedDomino {
        self.placements[option.index()]
    }

    /// Writes the digits of a cover's options into `grid` (which holds the givens).
    pub fn fill(&self, grid: &mut Grid, options: &[OptionId]) {
        for &option in options {
            let placed = self.placement(option);
            for half in 0..2 {
                grid.set(placed.cells[half], placed.digits[half]);
            }
        }
    }

    /// The solution a cover gives: the givens and the cover's dominoes.
    pub fn solution(&self, puzzle: &Puzzle, options: &[OptionId]) -> Solution {
        let mut grid = puzzle.givens().clone();
        self.fill(&mut grid, options);
        let mut tiling = puzzle.placed().to_vec();
        tiling.extend(options.iter().map(|&option| self.placement(option)));
        Solution { grid, tiling }
    }
}

/// The (row, digit), (column, digit) and (box, digit) items of a digit in a cell.
fn unit_items(shape: Shape, cell: usize, digit: u8) -> [usize; 3] {
    let d = digit as usize - 1;
    [
        ROW_DIGITS + shape.row_of(cell) * SIDE + d,
        COLUMN_DIGITS + shape.col_of(cell) * SIDE + d,
        BOX_DIGITS + shape.box_of(cell) * SIDE + d,
    ]
}

/// An item's name in Knuth's format: `A1` a cell, `rA5` row A has a 5, `c15` column 1 has a 5,
/// `b15` box 1 has a 5, `d12` domino 1-2.
fn item_name(item: usize) -> String {
    if item < ROW_DIGITS {
        return CellLabel(item).to_string();
    }
    if item >= DOMINO_ITEMS {
        let domino = Domino::all()
            .nth(item - DOMINO_ITEMS)
            .expect("36 domino items");
        return format!("d{}{}", domino.low(), domino.high());
    }
    let k = item - ROW_DIGITS;
    let (kind, unit, digit) = (k / (SIDE * SIDE), k / SIDE % SIDE, k % SIDE + 1);
    match kind {
        0 => format!("r{}{digit}", (b'A' + unit as u8) as char),
        1 => format!("c{}{digit}", unit + 1),
        _ => format!("b{}{digit}", unit + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_puzzle_has_every_option_but_those_the_givens_forbid() {
        // Singles on a diagonal pattern, no domino placed.
        let singles = std::array::from_fn(|d| Shape::CLASSIC.cell(d, (3 * d) % SIDE + d / 3));
        let puzzle = Puzzle::new(vec![], singles).unwrap();
        let encoding = Encoding::new(&puzzle);
        let problem = encoding.problem();
        // 72 cells, 3 x 81 - 3 x 9 unit digits, 36 dominoes.
        assert_eq!(problem.item_count(), 72 + 3 * 72 + 36);
        for option in problem.options() {
            let placed = encoding.placement(option);
            assert!(placed.cells.iter().all(|&c| !puzzle.is_single(c)));
            assert_ne!(placed.digits[0], placed.digits[1]);
            assert_eq!(problem.option_items(option).len(), 9);
        }
        let names: Vec<&str> = problem.items().map(|i| problem.item_name(i)).collect();
        assert!(names.contains(&"A2") && !names.contains(&"A1"));
        assert!(names.contains(&"rA2") && !names.contains(&"rA1"));
        assert!(
            names.contains(&"c92")
                && names.contains(&"b98")
                && !names.contains(&"b99")
                && names.contains(&"d89")
        );
    }
}
