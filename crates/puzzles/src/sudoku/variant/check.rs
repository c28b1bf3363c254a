//! Checking a variant solution against every rule, read from the [`Rules`] themselves and not
//! from an encoding: what `dlx bench --variant` validates each answer with, so a fault in an
//! encoding or a search shows as an invalid answer instead of a fast one.

use super::rules::Rules;
use crate::sudoku::grid::{CellName, Grid, GridError};
use thiserror::Error;

/// The first rule a grid offered as a solution breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleBroken {
    /// The grid is not of the rules' shape.
    #[error("the grid is {found}x{found}, expected {expected}x{expected}")]
    Side {
        /// The grid's side.
        found: usize,
        /// The rules' side.
        expected: usize,
    },
    /// A cell is empty, or a given is not kept ([`GridError::Empty`],
    /// [`GridError::GivenChanged`]).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A region (row, column, box or jigsaw region, diagonal, window) holds a digit twice.
    #[error("digit {digit} appears twice in one region: at {first} and {second}")]
    Region {
        /// The repeated digit.
        digit: u8,
        /// The earlier cell, in the region's order.
        first: CellName,
        /// The later cell.
        second: CellName,
    },
    /// Two cells a king's or knight's move apart hold the same digit.
    #[error("{first} and {second} hold the same digit {digit}, which the variant forbids")]
    Pair {
        /// The digit.
        digit: u8,
        /// The first cell of the pair.
        first: CellName,
        /// The second.
        second: CellName,
    },
    /// A Killer cage holds a digit twice or does not add up to its sum.
    #[error("the cage {symbol:?} adds up to {found} with digits {distinct}, expected the sum {sum} with distinct digits")]
    Cage {
        /// The cage's symbol.
        symbol: char,
        /// Its digits' total.
        found: u32,
        /// "distinct" or "repeated".
        distinct: &'static str,
        /// The sum it must make.
        sum: u32,
    },
}

impl Rules {
    /// Checks that `solution` solves `puzzle` under these rules: same side, full, every given
    /// kept, every region holding each digit once, every forbidden pair different, every cage
    /// of distinct digits adding up to its sum. The first fault found is named.
    pub fn check_solution(&self, solution: &Grid, puzzle: &Grid) -> Result<(), RuleBroken> {
        let side = self.side();
        for grid in [solution, puzzle] {
            if grid.shape().side() != side {
                let found = grid.shape().side();
                return Err(RuleBroken::Side {
                    found,
                    expected: side,
                });
            }
        }
        for cell in 0..side * side {
            let (given, found) = (puzzle.get(cell), solution.get(cell));
            if found == 0 || found as usize > side {
                let cell = solution.cell_name(cell);
                return Err(GridError::Empty { cell }.into());
            }
            if given != 0 && given != found {
                let cell = solution.cell_name(cell);
                return Err(GridError::GivenChanged { cell, given, found }.into());
            }
        }
        for region in self.regions() {
            // N cells with no digit twice hold each digit once.
            let mut seen: Vec<Option<usize>> = vec![None; side + 1];
            for &cell in region {
                let digit = solution.get(cell);
                if let Some(first) = seen[digit as usize] {
                    return Err(RuleBroken::Region {
                        digit,
                        first: solution.cell_name(first),
                        second: solution.cell_name(cell),
                    });
                }
                seen[digit as usize] = Some(cell);
            }
        }
        for &(a, b) in self.pairs() {
            if solution.get(a) == solution.get(b) {
                return Err(RuleBroken::Pair {
                    digit: solution.get(a),
                    first: solution.cell_name(a),
                    second: solution.cell_name(b),
                });
            }
        }
        if let Some(cages) = self.cages() {
            for (cage, cells) in cages.cells_by_cage().iter().enumerate() {
                let mut digits: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
                let found: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                digits.sort_unstable();
                let repeated = digits.windows(2).any(|w| w[0] == w[1]);
                if repeated || found != cages.sum(cage) {
                    return Err(RuleBroken::Cage {
                        symbol: cages.symbol(cage),
                        found,
                        distinct: if repeated { "repeated" } else { "distinct" },
                        sum: cages.sum(cage),
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::record::toy_killer;
    use super::super::Variants;
    use super::*;
    use crate::sudoku::SudokuSolver;
    use crate::sudoku::{Boxes, Record};

    /// A 4x4 Killer record, its solution found by the solver, then broken one rule at a
    /// time: each fault is named.
    #[test]
    fn each_broken_rule_is_named() {
        let (puzzle, rules) = toy_killer("1...............");
        let mut solver = SudokuSolver::with_rules(rules.clone());
        let solution = solver.first_solution(puzzle.grid()).answer.unwrap();
        assert_eq!(rules.check_solution(&solution, puzzle.grid()), Ok(()));

        let mut empty = solution.clone();
        empty.set(5, 0);
        assert!(matches!(
            rules.check_solution(&empty, puzzle.grid()),
            Err(RuleBroken::Grid(GridError::Empty { .. }))
        ));
        let mut changed = puzzle.grid().clone();
        changed.set(0, solution.get(0) % 4 + 1);
        assert!(matches!(
            rules.check_solution(&solution, &changed),
            Err(RuleBroken::Grid(GridError::GivenChanged { given, .. })) if given == changed.get(0)
        ));
        // Two cells of row 1 swapped: a column or a cage breaks, the row does not.
        let mut swapped = solution.clone();
        swapped.set(0, solution.get(1));
        swapped.set(1, solution.get(0));
        assert!(rules.check_solution(&swapped, puzzle.grid()).is_err());
        // A digit repeated in row 1.
        let mut repeated = solution.clone();
        repeated.set(1, solution.get(0));
        assert!(matches!(
            rules.check_solution(&repeated, &Grid::empty(puzzle.grid().shape())),
            Err(RuleBroken::Region { .. })
        ));
    }

    #[test]
    fn a_broken_cage_or_pair_is_named() {
        // No 4x4 grid is anti-king (every one has equal digits diagonally across a box line).
        let variants = Variants::parse("anti-king").unwrap();
        let rules = Rules::new(crate::sudoku::Shape::new(2, 2).unwrap(), &variants, None).unwrap();
        let grid = crate::sudoku::Grid::parse_line("1234341221434321", 1).unwrap();
        assert_eq!(grid.check_solution_of(&grid), Ok(()));
        assert!(matches!(
            rules.check_solution(&grid, &grid),
            Err(RuleBroken::Pair { first, second, .. }) if first != second
        ));
        // Cages: "AB" cells summing to 3 hold 1 and 2; a sum of 4 is refused as a cage fault.
        let killer = Variants::parse("killer").unwrap();
        let wrong = "1234341221434321 AA.............. 4";
        let puzzle = Record::parse_variant_line(wrong, 1, &killer, None, Boxes::Usual).unwrap();
        let rules = puzzle.rules(&killer, None).unwrap();
        assert!(matches!(
            rules.check_solution(puzzle.grid(), puzzle.grid()),
            Err(RuleBroken::Cage {
                found: 3,
                sum: 4,
                ..
            })
        ));
    }
}
