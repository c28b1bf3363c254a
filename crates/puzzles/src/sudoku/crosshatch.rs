//! Cross-hatching: the propagation pass of COCI 2008/2009 contest 3, task CROSS, on any box shape.
//!
//! Pick a digit; cross out every row, column and box that holds it; where a box is left with
//! exactly one cell for it, write it there. Repeat for every digit until a whole pass over the
//! digits writes nothing. The pass follows the official solution step for step, so on 9x9 it
//! reports the same grid (or the same contradiction) as the task:
//!
//! - digits are visited 1..=N, pass after pass, until a pass places nothing;
//! - for each digit, a digit twice in a row, column or box is a contradiction; then the boxes
//!   are visited row-major, skipping those that hold the digit; a box's candidates are its empty
//!   cells whose row and column lack the digit; no candidate is a contradiction (at any pass,
//!   not only on the input); exactly one is written at once, and the marks are updated before
//!   the next box;
//! - a cell that can take no digit at all is not a contradiction, and no other technique (naked
//!   singles, ...) is applied.
//!
//! The marks are bitmasks (which rows, columns and boxes hold each digit; which cells of each row
//! are empty), so a box is examined in `box_rows` word operations and the pass allocates nothing:
//! it is cheap enough to run before the search on every puzzle of a collection.

use super::{CellName, DigitSet, Grid, Shape, Unit, MAX_SIDE};
use std::fmt;
use thiserror::Error;

/// One cell written by the pass: `digit` had exactly one place left in box `box_index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The pass over the digits that made it, from 1.
    pub pass: usize,
    /// The digit written.
    pub digit: u8,
    /// The box, numbered row-major from 0 (as [`Shape::box_of`]).
    pub box_index: usize,
    /// The cell, row-major from 0.
    pub cell: usize,
}

/// Why a grid cannot be completed, as cross-hatching finds out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Contradiction {
    /// A box lacks the digit and none of its cells can take it any more.
    #[error("digit {digit} has no place left in {}", Unit::Box(*box_index))]
    NoPlace {
        /// The digit with no place.
        digit: u8,
        /// The box, numbered row-major from 0 (as [`Shape::box_of`]).
        box_index: usize,
    },
    /// The digit appears twice in one unit.
    #[error("digit {digit} appears twice in {unit}: at {first} and {second}")]
    Twice {
        /// The repeated digit.
        digit: u8,
        /// The row, column or box where it repeats.
        unit: Unit,
        /// The earlier cell holding it, in reading order.
        first: CellName,
        /// The later cell holding it.
        second: CellName,
    },
}

/// The result of a pass that found no contradiction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossHatch {
    /// The input with every deduced cell written.
    pub grid: Grid,
    /// The cells written, in the order the pass wrote them.
    pub deductions: Vec<Deduction>,
}

impl CrossHatch {
    /// Number of cells the pass filled.
    pub fn filled(&self) -> usize {
        self.deductions.len()
    }
}

impl CrossHatch {
    /// Runs the pass on a copy of `grid` and returns the propagated grid with its deductions, or the
    /// first contradiction met (in the official order of digits and boxes).
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Contradiction, CrossHatch, Grid, SudokuSolver};
    ///
    /// // The first puzzle of the project's `puzzles/minimal-9x9.txt`.
    /// let puzzle: Grid =
    ///     ".9..6..87...8...9...49.71..2..74....9.........781..5..6....1....5..7..29......3.5"
    ///         .parse()
    ///         .unwrap();
    /// let pass = CrossHatch::of(&puzzle).unwrap();
    /// assert!(pass.filled() > 0);
    /// assert_eq!(pass.grid.filled_count(), puzzle.filled_count() + pass.filled());
    /// // Every cell the pass writes is forced: it holds the puzzle's solution there.
    /// let solution = SudokuSolver::new(puzzle.shape()).first_solution(&puzzle).answer.unwrap();
    /// for deduction in &pass.deductions {
    ///     assert_eq!(puzzle.get(deduction.cell), 0);
    ///     assert_eq!(solution.get(deduction.cell), deduction.digit);
    /// }
    ///
    /// // On 4x4: a 1 in row 1, and 2 and 3 on row 2's cells of box 1, leave the box no place
    /// // for its 1 (reported as box 1, `box_index` 0).
    /// let stuck: Grid = "..1.23..........".parse().unwrap();
    /// assert_eq!(
    ///     CrossHatch::of(&stuck),
    ///     Err(Contradiction::NoPlace { digit: 1, box_index: 0 })
    /// );
    /// ```
    pub fn of(grid: &Grid) -> Result<CrossHatch, Contradiction> {
        let mut propagated = grid.clone();
        let mut deductions = Vec::new();
        CrossHatch::in_place(&mut propagated, |_, deduction| deductions.push(deduction))?;
        Ok(CrossHatch {
            grid: propagated,
            deductions,
        })
    }

    /// Runs the pass on `grid` itself and returns the number of cells it filled. `on_deduction`
    /// sees each deduction with the grid as it was just before the cell was written (what
    /// [`CrossHatch::why`] needs to explain it). On a contradiction the grid is left as it was at that
    /// moment, with the deductions made before it written.
    pub fn in_place(
        grid: &mut Grid,
        mut on_deduction: impl FnMut(&Grid, Deduction),
    ) -> Result<usize, Contradiction> {
        let shape = grid.shape();
        let side = shape.side();
        let mut marks = Marks::of(grid);
        let mut filled = 0usize;
        // A digit that placed nothing when it was last visited, with no cell written anywhere
        // since, would find the same nothing again (and no contradiction): it is skipped. This
        // changes no outcome and saves most of the final, confirming pass.
        const NOT_SETTLED: usize = usize::MAX;
        let mut settled_at = [NOT_SETTLED; MAX_SIDE + 1];
        for pass in 1.. {
            let filled_before_pass = filled;
            for digit in 1..=side as u8 {
                let d = digit as usize;
                if settled_at[d] == filled {
                    continue;
                }
                if marks.repeated.contains(digit) {
                    return Err(repetition_of(grid, digit));
                }
                let filled_before_digit = filled;
                for box_index in 0..side {
                    if marks.boxes_with[d] & (1 << box_index) != 0 {
                        continue;
                    }
                    let cell = match marks.candidates(shape, digit, box_index) {
                        Candidates::None => {
                            return Err(Contradiction::NoPlace { digit, box_index });
                        }
                        Candidates::Many => continue,
                        Candidates::One(cell) => cell,
                    };
                    on_deduction(
                        grid,
                        Deduction {
                            pass,
                            digit,
                            box_index,
                            cell,
                        },
                    );
                    grid.set(cell, digit);
                    marks.place(shape, cell, digit, box_index);
                    filled += 1;
                }
                // A digit that placed something may now have a single place in an earlier box.
                if filled == filled_before_digit {
                    settled_at[d] = filled;
                }
            }
            if filled == filled_before_pass {
                break;
            }
        }
        Ok(filled)
    }

    /// Why `digit` has one place (or none) left in box `box_index` of `grid`, as it is at that
    /// moment (before a deduction is written, or when a contradiction is met): the rows and
    /// columns of the box that hold the digit elsewhere, the cells filled with another digit, and
    /// the cells left, for a learner following the deductions.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Contradiction, CrossHatch, Grid};
    ///
    /// let stuck: Grid = "..1.23..........".parse().unwrap();
    /// let Err(Contradiction::NoPlace { digit, box_index }) = CrossHatch::of(&stuck) else {
    ///     panic!("expected no place for a digit");
    /// };
    /// let why = CrossHatch::why(&stuck, digit, box_index).to_string();
    /// assert!(why.contains("r1c3"), "{why}");
    /// ```
    pub fn why(grid: &Grid, digit: u8, box_index: usize) -> impl fmt::Display {
        Why::new(grid, digit, box_index)
    }
}

/// Bitmasks of what the grid holds. Bit `i` of `rows_with[d]` says row `i` holds digit `d`,
/// and so on for columns and boxes; bit `c` of `empty_in_row[r]` says cell `(r, c)` is empty.
/// `MAX_SIDE` is 61, so every set fits in a `u64`.
struct Marks {
    rows_with: [u64; MAX_SIDE + 1],
    cols_with: [u64; MAX_SIDE + 1],
    boxes_with: [u64; MAX_SIDE + 1],
    empty_in_row: [u64; MAX_SIDE],
    /// The digits that appear twice in some unit of the input.
    repeated: DigitSet,
}

enum Candidates {
    None,
    One(usize),
    Many,
}

impl Marks {
    fn of(grid: &Grid) -> Marks {
        let shape = grid.shape();
        let mut marks = Marks {
            rows_with: [0; MAX_SIDE + 1],
            cols_with: [0; MAX_SIDE + 1],
            boxes_with: [0; MAX_SIDE + 1],
            empty_in_row: [0; MAX_SIDE],
            repeated: DigitSet::EMPTY,
        };
        for (cell, &digit) in grid.cells().iter().enumerate() {
            let (row, col) = (shape.row_of(cell), shape.col_of(cell));
            if digit == 0 {
                marks.empty_in_row[row] |= 1 << col;
                continue;
            }
            let d = digit as usize;
            let box_index = shape.box_of(cell);
            let seen = marks.rows_with[d] & (1 << row) != 0
                || marks.cols_with[d] & (1 << col) != 0
                || marks.boxes_with[d] & (1 << box_index) != 0;
            if seen {
                marks.repeated |= DigitSet::of(digit);
            }
            marks.rows_with[d] |= 1 << row;
            marks.cols_with[d] |= 1 << col;
            marks.boxes_with[d] |= 1 << box_index;
        }
        marks
    }

    /// The empty cells of a box whose row and column lack the digit: none, one, or more.
    #[inline]
    fn candidates(&self, shape: Shape, digit: u8, box_index: usize) -> Candidates {
        let d = digit as usize;
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        let top = (box_index / box_rows) * box_rows;
        let left = (box_index % box_rows) * box_cols;
        let stack = ((1u64 << box_cols) - 1) << left;
        let open_cols = stack & !self.cols_with[d];
        let mut found = None;
        for row in top..top + box_rows {
            if self.rows_with[d] & (1 << row) != 0 {
                continue;
            }
            let open = self.empty_in_row[row] & open_cols;
            if open == 0 {
                continue;
            }
            if found.is_some() || open & (open - 1) != 0 {
                return Candidates::Many;
            }
            found = Some(shape.cell(row, open.trailing_zeros() as usize));
        }
        match found {
            Some(cell) => Candidates::One(cell),
            None => Candidates::None,
        }
    }

    #[inline]
    fn place(&mut self, shape: Shape, cell: usize, digit: u8, box_index: usize) {
        let d = digit as usize;
        let (row, col) = (shape.row_of(cell), shape.col_of(cell));
        self.rows_with[d] |= 1 << row;
        self.cols_with[d] |= 1 << col;
        self.boxes_with[d] |= 1 << box_index;
        self.empty_in_row[row] &= !(1 << col);
    }
}

/// The first repetition of `digit`, scanning cells row-major and checking row, column, then
/// box. Only called when the marks know there is one, so its cost does not matter.
fn repetition_of(grid: &Grid, digit: u8) -> Contradiction {
    let shape = grid.shape();
    let cells: Vec<usize> = (0..shape.cell_count())
        .filter(|&cell| grid.get(cell) == digit)
        .collect();
    for (i, &second) in cells.iter().enumerate() {
        for &first in &cells[..i] {
            let unit = if shape.row_of(first) == shape.row_of(second) {
                Unit::Row(shape.row_of(second))
            } else if shape.col_of(first) == shape.col_of(second) {
                Unit::Column(shape.col_of(second))
            } else if shape.box_of(first) == shape.box_of(second) {
                Unit::Box(shape.box_of(second))
            } else {
                continue;
            };
            return Contradiction::Twice {
                digit,
                unit,
                first: grid.cell_name(first),
                second: grid.cell_name(second),
            };
        }
    }
    unreachable!("repetition_of is called only for a digit the marks saw twice in a unit")
}

/// Why a digit has one place (or none) left in a box: for a learner following the deductions.
/// Each cell of the box is accounted for once, by the first reason that applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Why {
    /// The digit being placed.
    pub digit: u8,
    /// The box examined, numbered row-major from 0 (as [`Shape::box_of`]).
    pub box_index: usize,
    /// Rows of the box that already hold the digit, each with the cell holding it.
    pub rows: Vec<CellName>,
    /// Columns of the box that already hold the digit, each with the cell holding it.
    pub columns: Vec<CellName>,
    /// Cells of the box in open rows and columns that hold another digit.
    pub filled: Vec<CellName>,
    /// The cells left for the digit: one for a deduction, none for a contradiction.
    pub open: Vec<CellName>,
}

impl Why {
    /// Why `digit` can go only in `open` within `box_index`, in `grid` as it is at that moment
    /// (before the deduction is written, or when the contradiction is met).
    pub(crate) fn new(grid: &Grid, digit: u8, box_index: usize) -> Why {
        let shape = grid.shape();
        let side = shape.side();
        let holder_in_row =
            |row: usize| (0..side).find(|&col| grid.get(shape.cell(row, col)) == digit);
        let holder_in_col =
            |col: usize| (0..side).find(|&row| grid.get(shape.cell(row, col)) == digit);
        let mut why = Why {
            digit,
            box_index,
            rows: Vec::new(),
            columns: Vec::new(),
            filled: Vec::new(),
            open: Vec::new(),
        };
        let top = (box_index / shape.box_rows()) * shape.box_rows();
        let left = (box_index % shape.box_rows()) * shape.box_cols();
        let mut blocked_rows = Vec::new();
        for row in top..top + shape.box_rows() {
            if let Some(col) = holder_in_row(row) {
                why.rows.push(CellName { row, col });
                blocked_rows.push(row);
            }
        }
        let mut blocked_cols = Vec::new();
        for col in left..left + shape.box_cols() {
            if let Some(row) = holder_in_col(col) {
                why.columns.push(CellName { row, col });
                blocked_cols.push(col);
            }
        }
        for cell in shape.box_cells(box_index) {
            let (row, col) = (shape.row_of(cell), shape.col_of(cell));
            if blocked_rows.contains(&row) || blocked_cols.contains(&col) {
                continue;
            }
            if grid.get(cell) != 0 {
                why.filled.push(grid.cell_name(cell));
            } else {
                why.open.push(grid.cell_name(cell));
            }
        }
        why
    }
}

impl fmt::Display for Why {
    /// One sentence, e.g. "row 2 has 4 at r2c6, column 2 has 4 at r5c2; r1c3 is filled;
    /// only r1c1 is left".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut clauses = Vec::new();
        let mut lines = Vec::new();
        for holder in &self.rows {
            lines.push(format!(
                "{} has {} at {holder}",
                Unit::Row(holder.row),
                self.digit
            ));
        }
        for holder in &self.columns {
            lines.push(format!(
                "{} has {} at {holder}",
                Unit::Column(holder.col),
                self.digit
            ));
        }
        if !lines.is_empty() {
            clauses.push(lines.join(", "));
        }
        if !self.filled.is_empty() {
            let cells: Vec<String> = self.filled.iter().map(|c| c.to_string()).collect();
            let verb = if cells.len() == 1 { "is" } else { "are" };
            clauses.push(format!("{} {verb} filled", cells.join(", ")));
        }
        clauses.push(match self.open.as_slice() {
            [] => "no cell is left".to_string(),
            [only] => format!("only {only} is left"),
            many => {
                let cells: Vec<String> = many.iter().map(|c| c.to_string()).collect();
                format!("{} are left", cells.join(", "))
            }
        });
        write!(f, "{}", clauses.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn grid_of(shape: Shape, rows: &[&str]) -> Grid {
        let cells = rows
            .iter()
            .flat_map(|row| row.bytes())
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(shape, cells).unwrap()
    }

    /// Cells written, as (pass, digit, cell), in order.
    type Placed = Vec<(usize, u8, usize)>;

    /// The task's rules as the statement gives them, with no bitmask and no skipping: the
    /// independent oracle for the property test. Returns the deductions and the
    /// final grid, or the contradiction as (digit, Some(box)), or (digit, None) for a repetition,
    /// with the deductions made before it.
    fn simple_cross_hatch(grid: &Grid) -> Result<(Grid, Placed), (u8, Option<usize>, Placed)> {
        let shape = grid.shape();
        let n = shape.side();
        let mut g = grid.clone();
        let mut placed = Vec::new();
        let holds = |g: &Grid, cells: &mut dyn Iterator<Item = usize>, digit: u8| {
            cells.filter(|&c| g.get(c) == digit).count()
        };
        for pass in 1.. {
            let mut changed = false;
            for digit in 1..=n as u8 {
                for i in 0..n {
                    let twice = holds(&g, &mut (0..n).map(|c| shape.cell(i, c)), digit) > 1
                        || holds(&g, &mut (0..n).map(|r| shape.cell(r, i)), digit) > 1
                        || holds(&g, &mut shape.box_cells(i), digit) > 1;
                    if twice {
                        return Err((digit, None, placed));
                    }
                }
                for b in 0..n {
                    if holds(&g, &mut shape.box_cells(b), digit) > 0 {
                        continue;
                    }
                    let mut candidates = Vec::new();
                    for cell in shape.box_cells(b) {
                        let (r, c) = (shape.row_of(cell), shape.col_of(cell));
                        let row_has = holds(&g, &mut (0..n).map(|x| shape.cell(r, x)), digit) > 0;
                        let col_has = holds(&g, &mut (0..n).map(|y| shape.cell(y, c)), digit) > 0;
                        if g.get(cell) == 0 && !row_has && !col_has {
                            candidates.push(cell);
                        }
                    }
                    match candidates.as_slice() {
                        [] => return Err((digit, Some(b), placed)),
                        [cell] => {
                            g.set(*cell, digit);
                            placed.push((pass, digit, *cell));
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            if !changed {
                break;
            }
        }
        Ok((g, placed))
    }

    /// A solved grid of any shape: the usual shifted pattern, then digits relabelled and rows
    /// and columns permuted within their bands and stacks, driven by `seed`.
    fn solved_grid(shape: Shape, seed: u64) -> Grid {
        let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
        let mut state = seed | 1;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut shuffled = |len: usize| {
            let mut v: Vec<usize> = (0..len).collect();
            for i in (1..len).rev() {
                v.swap(i, next(i + 1));
            }
            v
        };
        let digits = shuffled(n);
        let row_in_band = shuffled(br);
        let col_in_stack = shuffled(bc);
        let mut cells = vec![0u8; n * n];
        for r in 0..n {
            for c in 0..n {
                let (pr, pc) = (
                    r / br * br + row_in_band[r % br],
                    c / bc * bc + col_in_stack[c % bc],
                );
                let value = (pr % br * bc + pr / br + pc) % n;
                cells[shape.cell(r, c)] = digits[value] as u8 + 1;
            }
        }
        let grid = Grid::from_cells(shape, cells).unwrap();
        grid.check_givens()
            .expect("the pattern is a valid solution");
        grid
    }

    const SHAPES: [(usize, usize); 7] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)];

    /// How a random grid is made: holes in a solution; digits placed at random (repetitions
    /// likely); digits placed at random but only where they repeat nothing.
    #[derive(Clone, Copy, Debug)]
    enum Kind {
        HolesInSolution,
        Anything,
        NoRepetition,
    }

    fn random_grid() -> impl Strategy<Value = Grid> {
        (0..SHAPES.len(), 0..3usize, any::<u64>())
            .prop_flat_map(|(shape_index, kind, seed)| {
                let (br, bc) = SHAPES[shape_index];
                let n = br * bc;
                let kind = [Kind::HolesInSolution, Kind::Anything, Kind::NoRepetition][kind];
                let count = match kind {
                    Kind::HolesInSolution => n * n,
                    _ => n * n / 2,
                };
                (
                    Just((Shape::new(br, bc).unwrap(), kind, seed)),
                    prop::collection::vec((0..n * n, 1..=n as u8, any::<bool>()), 0..=count),
                )
            })
            .prop_map(|((shape, kind, seed), moves)| match kind {
                Kind::HolesInSolution => {
                    let mut grid = solved_grid(shape, seed);
                    for (cell, _, erase) in moves {
                        if erase || cell % 3 != 0 {
                            grid.set(cell, 0);
                        }
                    }
                    grid
                }
                Kind::Anything => {
                    let mut grid = Grid::empty(shape);
                    for (cell, digit, _) in moves.into_iter().take(shape.side() * 2) {
                        grid.set(cell, digit);
                    }
                    grid
                }
                Kind::NoRepetition => {
                    let mut grid = Grid::empty(shape);
                    for (cell, digit, _) in moves {
                        let before = grid.get(cell);
                        grid.set(cell, digit);
                        if grid.check_givens().is_err() {
                            grid.set(cell, before);
                        }
                    }
                    grid
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn agrees_with_the_simple_rules(grid in random_grid()) {
            let mut in_place = grid.clone();
            let mut seen = Vec::new();
            let fast = CrossHatch::in_place(&mut in_place, |_, d| seen.push((d.pass, d.digit, d.cell)));
            let expected = simple_cross_hatch(&grid);
            match (fast, expected) {
                (Ok(filled), Ok((simple_grid, simple_placed))) => {
                    prop_assert_eq!(&in_place, &simple_grid);
                    prop_assert_eq!(&seen, &simple_placed);
                    prop_assert_eq!(filled, seen.len());
                    let copy = CrossHatch::of(&grid).unwrap();
                    prop_assert_eq!(&copy.grid, &simple_grid);
                    prop_assert_eq!(copy.filled(), filled);
                }
                (Err(contradiction), Err((digit, box_index, simple_placed))) => {
                    prop_assert_eq!(&seen, &simple_placed);
                    match contradiction {
                        Contradiction::NoPlace { digit: d, box_index: b } => {
                            prop_assert_eq!((d, Some(b)), (digit, box_index));
                        }
                        Contradiction::Twice { digit: d, first, second, .. } => {
                            prop_assert_eq!((d, None), (digit, box_index));
                            let at = |c: CellName| in_place.get(in_place.shape().cell(c.row, c.col));
                            prop_assert_eq!((at(first), at(second)), (d, d));
                        }
                    }
                }
                (fast, expected) => {
                    prop_assert!(false, "fast {:?}, simple {:?}", fast, expected.map(|(g, _)| g));
                }
            }
        }

        #[test]
        fn a_solved_grid_comes_back_unchanged(shape_index in 0..SHAPES.len(), seed in any::<u64>()) {
            let (br, bc) = SHAPES[shape_index];
            let solved = solved_grid(Shape::new(br, bc).unwrap(), seed);
            let result = CrossHatch::of(&solved).unwrap();
            prop_assert_eq!(result.filled(), 0);
            prop_assert_eq!(result.grid, solved);
        }

        #[test]
        fn digits_written_into_holes_are_the_solution(shape_index in 0..SHAPES.len(), seed in any::<u64>(), holes in prop::collection::vec(any::<prop::sample::Index>(), 0..40)) {
            let (br, bc) = SHAPES[shape_index];
            let solved = solved_grid(Shape::new(br, bc).unwrap(), seed);
            let mut puzzle = solved.clone();
            for hole in holes {
                puzzle.set(hole.index(solved.cells().len()), 0);
            }
            // The solution is one completion; cross-hatching writes only forced digits, so it
            // can neither contradict nor stray from it.
            let result = CrossHatch::of(&puzzle).unwrap();
            for d in &result.deductions {
                prop_assert_eq!(d.digit, solved.get(d.cell));
            }
        }
    }

    #[test]
    fn a_sparse_grid_places_one_six_and_one_seven() {
        let grid = grid_of(
            Shape::CLASSIC,
            &[
                "6.7......",
                "....7....",
                ".........",
                ".6....7..",
                ".........",
                ".........",
                "...6...7.",
                "......6..",
                ".........",
            ],
        );
        let result = CrossHatch::of(&grid).unwrap();
        assert_eq!(
            result.deductions,
            [
                Deduction {
                    pass: 1,
                    digit: 6,
                    box_index: 6,
                    cell: 74
                },
                Deduction {
                    pass: 1,
                    digit: 7,
                    box_index: 2,
                    cell: 26
                }
            ]
        );
        let why = Why::new(&grid, 7, 2);
        assert_eq!(
            why.to_string(),
            "row 1 has 7 at r1c3, row 2 has 7 at r2c5, column 7 has 7 at r4c7, \
             column 8 has 7 at r7c8; only r3c9 is left"
        );
    }

    #[test]
    fn a_box_with_no_place_is_a_contradiction_named_by_digit_and_box() {
        // The fourth sample: 1 has no place in box 3.
        let mut rows = vec!["........2", "....1....", "1........", "......1.."];
        rows.extend([
            ".........",
            ".........",
            ".........",
            ".......1.",
            ".........",
        ]);
        let grid = grid_of(Shape::CLASSIC, &rows);
        let mut at_contradiction = grid.clone();
        let e = CrossHatch::in_place(&mut at_contradiction, |_, _| {}).unwrap_err();
        assert_eq!(
            e,
            Contradiction::NoPlace {
                digit: 1,
                box_index: 2
            }
        );
        assert_eq!(e.to_string(), "digit 1 has no place left in box 3");
        assert_eq!(
            Why::new(&at_contradiction, 1, 2).to_string(),
            "row 2 has 1 at r2c5, row 3 has 1 at r3c1, column 7 has 1 at r4c7, \
             column 8 has 1 at r8c8; r1c9 is filled; no cell is left"
        );
    }

    #[test]
    fn a_repeated_digit_names_both_cells() {
        let shape = Shape::new(2, 2).unwrap();
        let grid = grid_of(shape, &["1...", "....", "...1", "...1"]);
        assert_eq!(
            CrossHatch::of(&grid).unwrap_err().to_string(),
            "digit 1 appears twice in column 4: at r3c4 and r4c4"
        );
    }

    #[test]
    fn a_cell_that_can_take_no_digit_is_not_a_contradiction() {
        // r1c9 sees 1 to 8 in its row and 9 in its column, yet every digit still has a place
        // in every box; and no naked single is written.
        let mut rows = vec!["12345678."];
        rows.extend(["........."; 7]);
        rows.push("........9");
        let grid = grid_of(Shape::CLASSIC, &rows);
        let result = CrossHatch::of(&grid).unwrap();
        assert_eq!(result.grid.get(8), 0);
    }

    #[test]
    fn the_widest_shape_uses_every_bit() {
        // 7x7 boxes: 49 rows and columns, masks up to bit 49.
        let shape = Shape::new(7, 7).unwrap();
        let solved = solved_grid(shape, 7);
        let mut puzzle = solved.clone();
        for cell in (0..shape.cell_count()).step_by(5) {
            puzzle.set(cell, 0);
        }
        let result = CrossHatch::of(&puzzle).unwrap();
        assert_eq!(result.grid, solved);
    }
}
