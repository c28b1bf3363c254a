//! The Sudominoku model: dominoes, cells named `A1`..`I9`, a puzzle (placed dominoes and the nine
//! single cells) checked against the rules, and a solution (digit grid and tiling) with its check.
//!
//! The digits live in the Sudoku model's [`Grid`] on [`Shape::CLASSIC`], so the Sudoku rules are
//! checked by the same code for both families.

use crate::sudoku::{Grid, GridError, Shape, Unit};
use std::fmt;
use thiserror::Error;

/// Cells in the grid (row-major, as in [`Grid`]).
pub(crate) const CELLS: usize = 81;
/// Digits, and cells in a row, column or box.
pub(crate) const SIDE: usize = 9;
/// Distinct dominoes `{a, b}`, `1 <= a < b <= 9`.
pub(crate) const DOMINOES: usize = 36;

/// A domino: two different digits, stored low then high (a domino has no orientation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    low: u8,
    high: u8,
}

impl Domino {
    /// The domino joining two digits of `1..=9`, in either order; `None` for equal digits or a
    /// digit out of range.
    pub fn new(a: u8, b: u8) -> Option<Domino> {
        let (low, high) = (a.min(b), a.max(b));
        (low >= 1 && high <= SIDE as u8 && low != high).then_some(Domino { low, high })
    }

    /// The domino's number in `0..36`, ordered {1,2}, {1,3}, .., {1,9}, {2,3}, .., {8,9}.
    pub fn index(self) -> usize {
        let (a, b) = (self.low as usize - 1, self.high as usize - 1);
        // Dominoes whose low digit is below `a` come first: 8 + 7 + .. ones.
        a * (2 * SIDE - 1 - a) / 2 + (b - a - 1)
    }

    /// All 36 dominoes, in index order.
    pub fn all() -> impl Iterator<Item = Domino> {
        (1..=SIDE as u8).flat_map(|a| (a + 1..=SIDE as u8).map(move |b| Domino { low: a, high: b }))
    }

    /// The smaller of the domino's two digits.
    pub fn low(self) -> u8 {
        self.low
    }

    /// The larger of the domino's two digits.
    pub fn high(self) -> u8 {
        self.high
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low, self.high)
    }
}

/// A cell written as the task writes it: a row letter `A`-`I` and a column digit `1`-`9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellLabel(pub(crate) usize);

impl fmt::Display for CellLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = (self.0 / SIDE, self.0 % SIDE);
        write!(f, "{}{}", (b'A' + row as u8) as char, col + 1)
    }
}

/// Whether two cells share a side.
pub(crate) fn adjacent(p: usize, q: usize) -> bool {
    let (rp, cp, rq, cq) = (p / SIDE, p % SIDE, q / SIDE, q % SIDE);
    (rp == rq && cp.abs_diff(cq) == 1) || (cp == cq && rp.abs_diff(rq) == 1)
}

/// A domino lying on two adjacent cells: `digits[i]` is written in `cells[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedDomino {
    /// The two cells it covers (row-major, `0..81`), in the order the puzzle wrote them.
    pub cells: [usize; 2],
    /// The digit on each half, `digits[i]` in `cells[i]`; the order carries the orientation.
    pub digits: [u8; 2],
}

impl PlacedDomino {
    /// The domino, if its digits differ and are in range.
    pub fn domino(&self) -> Option<Domino> {
        Domino::new(self.digits[0], self.digits[1])
    }
}

/// Where in a puzzle a fault lies: a placed domino (by its index) or the single cell of a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Placed domino `k` (from 0), and which of its two halves (0 or 1).
    Domino {
        /// The domino's place in the puzzle's list of placed dominoes, from 0.
        index: usize,
        /// Which half: 0 for the first cell and digit written, 1 for the second.
        half: usize,
    },
    /// The single cell where `digit` goes.
    Single {
        /// The digit, `1..=9`, whose single cell it is.
        digit: u8,
    },
}

/// Why placed dominoes and single cells do not make a puzzle, or a grid and tiling do not
/// solve one ([`Solution::check_against`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A placed domino's half holds a digit outside `1..=9`.
    #[error("digit {digit} is out of range: expected 1 to 9")]
    DigitOutOfRange {
        /// The digit found.
        digit: u8,
        /// The half that holds it.
        at: Origin,
    },
    /// A placed domino or a single names a cell number outside `0..81`.
    #[error("cell number {cell} is outside the grid: expected 0 to 80")]
    CellOutOfRange {
        /// The cell number found.
        cell: usize,
        /// The domino half or single that names it.
        at: Origin,
    },
    /// A placed domino has the same digit on both halves; no such domino is in the set.
    #[error("domino {digit}-{digit} joins a digit to itself: a domino's two digits differ")]
    DoubleDomino {
        /// The digit written on both halves.
        digit: u8,
        /// The domino's second half.
        at: Origin,
    },
    /// Two placed dominoes carry the same pair of digits; each of the 36 is used once.
    #[error("domino {domino} is placed twice")]
    DominoTwice {
        /// The domino placed twice.
        domino: Domino,
        /// The earlier placement.
        first: Origin,
        /// The later placement.
        at: Origin,
    },
    /// A placed domino's two cells do not share a side.
    #[error("cells {} and {} are not adjacent: a domino covers two cells side by side", CellLabel(cells[0]), CellLabel(cells[1]))]
    NotAdjacent {
        /// The two cells, as the domino names them.
        cells: [usize; 2],
        /// The domino's second half.
        at: Origin,
    },
    /// Two placed dominoes, or a domino and a single, claim the same cell.
    #[error("cell {} is used twice", CellLabel(*cell))]
    CellTaken {
        /// The cell claimed twice.
        cell: usize,
        /// The earlier claim, in the order the puzzle lists dominoes then singles.
        first: Origin,
        /// The later claim.
        at: Origin,
    },
    /// The digits given by the placed dominoes and singles repeat a digit in a row, column or
    /// box, so no solution can exist.
    #[error("the givens break a Sudoku rule: digit {digit} appears twice in {unit}, at {} and {}", CellLabel(cells[0]), CellLabel(cells[1]))]
    RuleBroken {
        /// The repeated digit.
        digit: u8,
        /// The row, column or box where it repeats.
        unit: Unit,
        /// The two cells holding it, earlier first in reading order.
        cells: [usize; 2],
        /// What put the digit in the earlier cell.
        first: Origin,
        /// What put the digit in the later cell.
        at: Origin,
    },
    /// A solution's grid is no Sudoku solution of the puzzle's givens: not full, a given changed, or
    /// a digit twice in a unit.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A solution's tiling does not hold exactly the 36 dominoes.
    #[error("the tiling has {found} dominoes: expected 36")]
    WrongDominoCount {
        /// The dominoes in the tiling.
        found: usize,
    },
    /// A solution's tiling breaks a rule that a puzzle's placed dominoes must keep (a domino twice,
    /// cells not adjacent, a cell covered twice or a single's cell covered).
    #[error("the tiling is not made of distinct dominoes on adjacent free cells: {0}")]
    BadTiling(Box<PuzzleError>),
    /// A domino of a solution's tiling carries another digit than the grid holds in its cell.
    #[error("the tiling puts {} in {} where the grid has {}", digit, CellLabel(*cell), grid)]
    TilingDisagrees {
        /// The cell, row-major `0..81`.
        cell: usize,
        /// The digit the tiling's domino puts there.
        digit: u8,
        /// The digit the grid holds there.
        grid: u8,
    },
    /// A domino the puzzle placed is missing from a solution's tiling, or lies elsewhere in it.
    #[error("placed domino {} on {} is not in the tiling", .0.domino().map_or("?".to_string(), |d| d.to_string()), CellLabel(.0.cells[0]))]
    PlacedDominoMoved(PlacedDomino),
}

impl PuzzleError {
    /// The place of a puzzle's fault: the later of the two things that clash; `None` for a
    /// fault of a solution, which lies in its grid or tiling rather than in the puzzle.
    pub fn origin(&self) -> Option<Origin> {
        match *self {
            PuzzleError::DigitOutOfRange { at, .. }
            | PuzzleError::CellOutOfRange { at, .. }
            | PuzzleError::DoubleDomino { at, .. }
            | PuzzleError::DominoTwice { at, .. }
            | PuzzleError::NotAdjacent { at, .. }
            | PuzzleError::CellTaken { at, .. }
            | PuzzleError::RuleBroken { at, .. } => Some(at),
            PuzzleError::Grid(_)
            | PuzzleError::WrongDominoCount { .. }
            | PuzzleError::BadTiling(_)
            | PuzzleError::TilingDisagrees { .. }
            | PuzzleError::PlacedDominoMoved(_) => None,
        }
    }

    /// The earlier thing the fault clashes with, if it is a clash.
    pub fn clashes_with(&self) -> Option<Origin> {
        match *self {
            PuzzleError::DominoTwice { first, .. }
            | PuzzleError::CellTaken { first, .. }
            | PuzzleError::RuleBroken { first, .. } => Some(first),
            _ => None,
        }
    }
}

/// A Sudominoku puzzle: the dominoes placed already and the cell of each single digit, checked
/// to be consistent (distinct dominoes on adjacent free cells, no Sudoku rule broken).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    placed: Vec<PlacedDomino>,
    singles: [usize; SIDE],
    givens: Grid,
    /// The engine its searches run on ([`Puzzle::on_engine`]): `Auto` is dancing links.
    pub(crate) engine: dlx_engine::EngineKind,
}

impl Puzzle {
    /// A puzzle from its placed dominoes and `singles[d - 1]`, the cell where digit `d` goes.
    pub fn new(placed: Vec<PlacedDomino>, singles: [usize; SIDE]) -> Result<Puzzle, PuzzleError> {
        let mut owner: [Option<Origin>; CELLS] = [None; CELLS];
        let mut domino_seen: [Option<Origin>; DOMINOES] = [None; DOMINOES];
        let mut cells = vec![0u8; CELLS];
        let mut claim = |cell: usize, digit: u8, at: Origin| -> Result<(), PuzzleError> {
            if cell >= CELLS {
                return Err(PuzzleError::CellOutOfRange { cell, at });
            }
            if let Some(first) = owner[cell] {
                return Err(PuzzleError::CellTaken { cell, first, at });
            }
            owner[cell] = Some(at);
            cells[cell] = digit;
            Ok(())
        };
        for (index, placed) in placed.iter().enumerate() {
            for half in 0..2 {
                let digit = placed.digits[half];
                if !(1..=SIDE as u8).contains(&digit) {
                    let at = Origin::Domino { index, half };
                    return Err(PuzzleError::DigitOutOfRange { digit, at });
                }
            }
            let at = Origin::Domino { index, half: 0 };
            let Some(domino) = placed.domino() else {
                let digit = placed.digits[0];
                let at = Origin::Domino { index, half: 1 };
                return Err(PuzzleError::DoubleDomino { digit, at });
            };
            if let Some(first) = domino_seen[domino.index()] {
                return Err(PuzzleError::DominoTwice { domino, first, at });
            }
            domino_seen[domino.index()] = Some(at);
            for half in 0..2 {
                claim(
                    placed.cells[half],
                    placed.digits[half],
                    Origin::Domino { index, half },
                )?;
            }
            if !adjacent(placed.cells[0], placed.cells[1]) {
                let at = Origin::Domino { index, half: 1 };
                return Err(PuzzleError::NotAdjacent {
                    cells: placed.cells,
                    at,
                });
            }
        }
        for (d, &cell) in singles.iter().enumerate() {
            let digit = d as u8 + 1;
            claim(cell, digit, Origin::Single { digit })?;
        }
        let givens = Grid::from_cells(Shape::CLASSIC, cells).expect("digits were checked above");
        if let Err(GridError::Conflict {
            digit,
            unit,
            first,
            second,
        }) = givens.check_givens()
        {
            let cells = [
                Shape::CLASSIC.cell(first.row, first.col),
                Shape::CLASSIC.cell(second.row, second.col),
            ];
            let origin = |cell: usize| owner[cell].expect("a given cell has an owner");
            return Err(PuzzleError::RuleBroken {
                digit,
                unit,
                cells,
                first: origin(cells[0]),
                at: origin(cells[1]),
            });
        }
        Ok(Puzzle {
            placed,
            singles,
            givens,
            engine: dlx_engine::EngineKind::Auto,
        })
    }

    /// The dominoes placed already.
    pub fn placed(&self) -> &[PlacedDomino] {
        &self.placed
    }

    /// `singles()[d - 1]` is the cell where digit `d` goes.
    pub fn singles(&self) -> &[usize; SIDE] {
        &self.singles
    }

    /// The digits given by the placed dominoes and the singles, 0 elsewhere.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Whether a cell holds one of the single digits.
    pub fn is_single(&self, cell: usize) -> bool {
        self.singles.contains(&cell)
    }
}

/// A solved puzzle: the digit grid and the tiling that produced it (all 36 dominoes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The full 9x9 grid of digits.
    pub grid: Grid,
    /// The 36 dominoes on the 72 cells that are not singles, the placed ones included.
    pub tiling: Vec<PlacedDomino>,
}

impl Solution {
    /// Checks that the solution solves `puzzle`: a valid Sudoku keeping every given, tiled by
    /// the 36 distinct dominoes on adjacent cells (the singles left out) agreeing with the grid,
    /// every placed domino where it was placed.
    pub fn check_against(&self, puzzle: &Puzzle) -> Result<(), PuzzleError> {
        self.grid
            .check_solution_of(puzzle.givens())
            .map_err(PuzzleError::Grid)?;
        if self.tiling.len() != DOMINOES {
            return Err(PuzzleError::WrongDominoCount {
                found: self.tiling.len(),
            });
        }
        // Reusing the puzzle rules: 36 distinct dominoes and the singles on disjoint cells.
        Puzzle::new(self.tiling.clone(), puzzle.singles)
            .map_err(|e| PuzzleError::BadTiling(Box::new(e)))?;
        for placed in &self.tiling {
            for half in 0..2 {
                let (cell, digit) = (placed.cells[half], placed.digits[half]);
                if self.grid.get(cell) != digit {
                    let grid = self.grid.get(cell);
                    return Err(PuzzleError::TilingDisagrees { cell, digit, grid });
                }
            }
        }
        for placed in puzzle.placed() {
            let kept = self.tiling.iter().any(|t| {
                t == placed
                    || (t.cells == [placed.cells[1], placed.cells[0]]
                        && t.digits == [placed.digits[1], placed.digits[0]])
            });
            if !kept {
                return Err(PuzzleError::PlacedDominoMoved(*placed));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_are_numbered_0_to_35_in_order() {
        let all: Vec<Domino> = Domino::all().collect();
        assert_eq!(all.len(), DOMINOES);
        for (k, d) in all.iter().enumerate() {
            assert_eq!(d.index(), k, "{d}");
        }
        assert_eq!(Domino::new(9, 8), Domino::new(8, 9));
        assert_eq!(Domino::new(4, 4), None);
        assert_eq!(Domino::new(0, 4), None);
    }

    #[test]
    fn cells_are_labelled_as_the_task_writes_them() {
        assert_eq!(CellLabel(0).to_string(), "A1");
        assert_eq!(CellLabel(80).to_string(), "I9");
        assert_eq!(CellLabel(Shape::CLASSIC.cell(2, 4)).to_string(), "C5");
        assert!(adjacent(0, 1) && adjacent(0, 9) && !adjacent(8, 9) && !adjacent(0, 10));
    }

    fn singles_on_the_diagonal() -> [usize; SIDE] {
        // Digit d at row d-1, column (3 (d-1)) mod 9 + (d-1) / 3: a valid placement of 1..9.
        std::array::from_fn(|d| Shape::CLASSIC.cell(d, (3 * d) % SIDE + d / 3))
    }

    #[test]
    fn a_puzzle_refuses_each_kind_of_fault() {
        let singles = singles_on_the_diagonal();
        assert!(Puzzle::new(vec![], singles).is_ok());
        let domino = |cells, digits| PlacedDomino { cells, digits };
        let e = Puzzle::new(vec![domino([1, 2], [3, 3])], singles).unwrap_err();
        assert!(
            matches!(e, PuzzleError::DoubleDomino { digit: 3, .. }),
            "{e}"
        );
        let e = Puzzle::new(vec![domino([1, 2], [3, 0])], singles).unwrap_err();
        assert!(
            matches!(e, PuzzleError::DigitOutOfRange { digit: 0, .. }),
            "{e}"
        );
        let e = Puzzle::new(vec![domino([1, 11], [3, 4])], singles).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cells A2 and B3 are not adjacent: a domino covers two cells side by side"
        );
        let twice = vec![domino([1, 2], [3, 4]), domino([19, 20], [4, 3])];
        let e = Puzzle::new(twice, singles).unwrap_err();
        assert_eq!(e.to_string(), "domino 3-4 is placed twice");
        assert_eq!(e.clashes_with(), Some(Origin::Domino { index: 0, half: 0 }));
        let e = Puzzle::new(vec![domino([0, 1], [2, 3])], singles).unwrap_err();
        assert_eq!(e.to_string(), "cell A1 is used twice");
        assert_eq!(e.origin(), Some(Origin::Single { digit: 1 }));
        let e = Puzzle::new(vec![domino([13, 14], [2, 3])], singles).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the givens break a Sudoku rule: digit 2 appears twice in row 2, at B4 and B5"
        );
        assert_eq!(e.origin(), Some(Origin::Domino { index: 0, half: 0 }));
    }
}
