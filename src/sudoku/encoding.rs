//! Sudoku as exact cover (TAOCP 7.2.2.1), searched by the generic engine.
//!
//! Four kinds of primary items, N·N of each: `p` cell filled, `r` row has digit, `c` column has
//! digit, `b` box has digit. One option per (cell, digit) covering its four items, so option
//! `cell * N + (digit - 1)` decodes by arithmetic. The problem is built and laid out in a [`Dlx`]
//! arena once per shape (the *template*); a puzzle's givens are imposed with [`Dlx::select`],
//! which touches only the links they cover, and released with [`Dlx::unselect_all`]: no
//! allocation per puzzle beyond the output.

use super::grid::{Grid, Shape};
use super::solver::{SearchSummary, Solve};
use crate::xc::{ChoiceRule, Dlx, Link, OptionId, Problem, ProblemBuilder, SearchLimits, Stop};
use std::ops::ControlFlow;

/// The exact-cover problem of an empty grid of a shape.
pub fn sudoku_problem(shape: Shape) -> Problem {
    let side = shape.side();
    let mut builder = ProblemBuilder::new();
    // Item ids are dense: kind * N·N + unit * N + index, in the order added. Cells are named
    // `p<row>,<col>`, the others `<kind><unit>#<digit>`, all 0-based but the digit.
    for row in 0..side {
        for col in 0..side {
            builder
                .primary(&format!("p{row},{col}"))
                .expect("generated item names are distinct and well formed");
        }
    }
    for kind in ["r", "c", "b"] {
        for unit in 0..side {
            for digit in 1..=side {
                builder
                    .primary(&format!("{kind}{unit}#{digit}"))
                    .expect("generated item names are distinct and well formed");
            }
        }
    }
    let block = side * side;
    let mut items = Vec::with_capacity(4);
    for cell in 0..block {
        let (row, col, bx) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
        for d in 0..side {
            items.clear();
            items.extend(
                [
                    cell,
                    block + row * side + d,
                    2 * block + col * side + d,
                    3 * block + bx * side + d,
                ]
                .map(|i| crate::xc::ItemId(i as u32)),
            );
            let option = builder
                .option(&items)
                .expect("each option names four distinct items");
            debug_assert_eq!(option.map(|o| o.index()), Some(cell * side + d));
        }
    }
    builder.build()
}

/// The (cell, digit) of an option of [`sudoku_problem`].
#[inline]
pub fn decode_option(shape: Shape, option: OptionId) -> (usize, u8) {
    let side = shape.side();
    (option.index() / side, (option.index() % side) as u8 + 1)
}

/// The option placing `digit` (1..=N) in `cell`.
#[inline]
pub fn encode_option(shape: Shape, cell: usize, digit: u8) -> OptionId {
    OptionId((cell * shape.side() + digit as usize - 1) as u32)
}

/// The DLX Sudoku solver for one shape: the template arena, reused for every puzzle. Keep one
/// per thread and shape.
#[derive(Clone, Debug)]
pub struct SudokuSolver {
    shape: Shape,
    template: Template,
    max_nodes: Option<u64>,
    /// The grid a solution is decoded into, kept to reuse its allocation.
    scratch: Grid,
}

/// The template arena, with `u16` links whenever the shape fits them (up to 16x16): a 9x9
/// template then takes 24 KiB instead of 47 and stays in the L1 cache.
#[derive(Clone, Debug)]
enum Template {
    Small(Dlx<u16>),
    Large(Dlx<u32>),
}

impl SudokuSolver {
    /// Builds the template for a shape.
    pub fn new(shape: Shape) -> SudokuSolver {
        let problem = sudoku_problem(shape);
        let template = match Dlx::<u16>::try_new(&problem) {
            Ok(small) => Template::Small(small),
            Err(_) => Template::Large(Dlx::new(&problem)),
        };
        SudokuSolver {
            shape,
            template,
            max_nodes: None,
            scratch: Grid::empty(shape),
        }
    }

    /// Gives up after `max_nodes` search-tree nodes per puzzle (`None`: never).
    pub fn with_node_budget(mut self, max_nodes: Option<u64>) -> SudokuSolver {
        self.max_nodes = max_nodes;
        self
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }
}

impl Solve for SudokuSolver {
    /// Panics if the puzzle's shape is not the solver's: that is the caller's bug, not input.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> SearchSummary {
        assert_eq!(puzzle.shape(), self.shape, "a solver solves its own shape");
        let limits = SearchLimits {
            max_solutions: Some(max_solutions),
            max_nodes: self.max_nodes,
        };
        let scratch = &mut self.scratch;
        match &mut self.template {
            Template::Small(dlx) => search_template(dlx, puzzle, limits, scratch, visitor),
            Template::Large(dlx) => search_template(dlx, puzzle, limits, scratch, visitor),
        }
    }
}

/// Selects the givens' options on the template, searches, and releases them. Clashing givens
/// mean no solution.
fn search_template<L: Link>(
    dlx: &mut Dlx<L>,
    puzzle: &Grid,
    limits: SearchLimits,
    scratch: &mut Grid,
    visitor: &mut dyn FnMut(&Grid),
) -> SearchSummary {
    let shape = puzzle.shape();
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 && dlx.select(encode_option(shape, cell, digit)).is_err() {
            dlx.unselect_all();
            return SearchSummary::default();
        }
    }
    let report = dlx.search(
        ChoiceRule::MrvStopAtOne,
        limits,
        &mut |options: &[OptionId]| {
            scratch.clone_from(puzzle);
            for &option in options {
                let (cell, digit) = decode_option(shape, option);
                scratch.set(cell, digit);
            }
            visitor(scratch);
            ControlFlow::Continue(())
        },
    );
    dlx.unselect_all();
    SearchSummary {
        solutions: report.stats.solutions,
        nodes: report.stats.nodes,
        budget_exhausted: report.stop == Stop::NodeBudget,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::solver::Uniqueness;

    #[test]
    fn options_decode_by_arithmetic() {
        let shape = Shape::new(3, 4).unwrap();
        let problem = sudoku_problem(shape);
        assert_eq!(problem.option_count(), 12 * 12 * 12);
        assert_eq!(problem.primary_count(), 4 * 12 * 12);
        let option = encode_option(shape, 29, 7);
        assert_eq!(decode_option(shape, option), (29, 7));
        let names: Vec<&str> = problem
            .option_items(option)
            .iter()
            .map(|&i| problem.item_name(i))
            .collect();
        // Cell 29 is row 2, column 5, box 1 (3x4 boxes).
        assert_eq!(names, ["p2,5", "r2#7", "c5#7", "b1#7"]);
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let outcome = SudokuSolver::new(shape).count_solutions_up_to(&Grid::empty(shape), 1000);
        assert_eq!(outcome.answer, 288);
    }

    #[test]
    fn the_template_is_restored_between_puzzles() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solver = SudokuSolver::new(shape);
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 1);
        puzzle.set(5, 1); // same box as cell 0: no solution
        assert_eq!(solver.first_solution(&puzzle).answer, None);
        puzzle.set(5, 0);
        let solution = solver.first_solution(&puzzle).answer.unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
        assert_eq!(
            solver
                .count_solutions_up_to(&Grid::empty(shape), 1000)
                .answer,
            288
        );
    }

    #[test]
    fn uniqueness_tells_one_from_many() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solver = SudokuSolver::new(shape);
        let full = solver.first_solution(&Grid::empty(shape)).answer.unwrap();
        let mut puzzle = full.clone();
        puzzle.set(0, 0);
        assert_eq!(solver.uniqueness(&puzzle).answer, Uniqueness::Unique(full));
        assert!(matches!(
            solver.uniqueness(&Grid::empty(shape)).answer,
            Uniqueness::Multiple(_)
        ));
    }

    #[test]
    fn a_node_budget_leaves_the_question_open() {
        let mut solver = SudokuSolver::new(Shape::CLASSIC).with_node_budget(Some(3));
        let outcome = solver.count_solutions_up_to(&Grid::empty(Shape::CLASSIC), 10);
        assert!(outcome.budget_exhausted);
    }
}
