//! What every Sudoku solver offers (first solution, count up to a limit, uniqueness), so the
//! DLX solver and the backtracking baseline can be swapped and benchmarked side by side, and a
//! per-thread set of solvers that answers one puzzle under a chosen mode.

use super::backtrack::Backtracker;
use super::candidates::CandidateSolver;
use super::crosshatch::cross_hatch_in_place;
use super::encoding::{SudokuSolver, WithinCandidates};
use super::grid::{Grid, Shape};

/// How a search ended, and what it cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchSummary {
    /// Solutions found (at most the limit asked for).
    pub solutions: u64,
    /// Search-tree nodes: DLX counts them as the engine does, backtracking counts digits placed.
    pub nodes: u64,
    /// The node budget ran out before the search could decide.
    pub budget_exhausted: bool,
}

/// An answer and the search that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<T> {
    pub answer: T,
    pub nodes: u64,
    /// The node budget ran out first: `answer` is what was found so far (a lower bound).
    pub budget_exhausted: bool,
}

/// Whether a puzzle has no solution, exactly one, or more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    NoSolution,
    Unique(Grid),
    /// At least two solutions; the first one found is kept.
    Multiple(Grid),
}

/// A Sudoku solver. Implementors provide [`Solve::search`]; the three questions are thin
/// wrappers over it, so both solvers answer them the same way.
pub trait Solve {
    /// Searches the completions of `puzzle`, handing each to `visitor`, until `max_solutions`
    /// are found, the tree is exhausted or the node budget runs out. A puzzle whose givens break
    /// the rules has no solution.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> SearchSummary;

    /// The first solution found, if any.
    fn first_solution(&mut self, puzzle: &Grid) -> Outcome<Option<Grid>> {
        let mut found = None;
        let summary = self.search(puzzle, 1, &mut |grid| found = Some(grid.clone()));
        outcome(found, summary)
    }

    /// The number of solutions, counting stops at `limit`.
    fn count_solutions_up_to(&mut self, puzzle: &Grid, limit: u64) -> Outcome<u64> {
        let summary = self.search(puzzle, limit, &mut |_| {});
        outcome(summary.solutions, summary)
    }

    /// Whether the puzzle has one solution: the search stops at the second.
    fn uniqueness(&mut self, puzzle: &Grid) -> Outcome<Uniqueness> {
        let mut first = None;
        let summary = self.search(puzzle, 2, &mut |grid| {
            if first.is_none() {
                first = Some(grid.clone());
            }
        });
        let answer = match (first, summary.solutions) {
            (None, _) => Uniqueness::NoSolution,
            (Some(grid), 1) => Uniqueness::Unique(grid),
            (Some(grid), _) => Uniqueness::Multiple(grid),
        };
        outcome(answer, summary)
    }
}

fn outcome<T>(answer: T, summary: SearchSummary) -> Outcome<T> {
    Outcome {
        answer,
        nodes: summary.nodes,
        budget_exhausted: summary.budget_exhausted,
    }
}

/// Which solver to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Exact cover with dancing links on a template built once per shape.
    #[default]
    Dlx,
    /// The textbook backtracking baseline.
    Backtrack,
    /// The strong backtracking baseline: candidate bitmasks, fewest candidates first.
    Candidates,
}

/// A pass run on a puzzle before the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Propagation {
    /// The search gets the puzzle as it is.
    #[default]
    None,
    /// Cross-hatching fills what it can first; a contradiction answers "no solution" at once.
    CrossHatch,
}

/// What to ask of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Any one solution.
    First,
    /// The number of solutions, counting stopped at the limit.
    Count { limit: u64 },
    /// The solution when there is exactly one.
    Unique,
}

/// The answer to one puzzle under a [`Mode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A solution (the only one under [`Mode::Unique`]).
    Solved(Grid),
    NoSolution,
    /// At least two solutions, under [`Mode::Unique`].
    Multiple,
    /// The number of solutions found, under [`Mode::Count`]: exact below the limit, a lower
    /// bound when it reached it.
    Count(u64),
    /// Under [`Mode::Count`], the node budget ran out after this many solutions: a lower bound,
    /// the question undecided.
    CountCut(u64),
    /// The node budget ran out before the question was decided.
    Undecided,
}

/// The solvers one thread needs: a DLX template per shape met so far (built on first use, then
/// reused for every puzzle of that shape) and a backtracker.
#[derive(Default)]
pub struct Solvers {
    dlx: Vec<SudokuSolver>,
    backtracker: Backtracker,
    candidates: CandidateSolver,
    max_nodes: Option<u64>,
}

impl Solvers {
    /// Solvers that give up after `max_nodes` search-tree nodes per puzzle (`None`: never).
    pub fn with_node_budget(max_nodes: Option<u64>) -> Solvers {
        Solvers {
            max_nodes,
            backtracker: Backtracker::with_node_budget(max_nodes),
            candidates: CandidateSolver::with_node_budget(max_nodes),
            ..Solvers::default()
        }
    }

    /// The DLX solver for a shape, built on first use.
    pub fn dlx_for(&mut self, shape: Shape) -> &mut SudokuSolver {
        let index = match self.dlx.iter().position(|s| s.shape() == shape) {
            Some(index) => index,
            None => {
                let solver = SudokuSolver::new(shape).with_node_budget(self.max_nodes);
                self.dlx.push(solver);
                self.dlx.len() - 1
            }
        };
        &mut self.dlx[index]
    }

    /// Answers one puzzle after a propagation pass: the verdict and the search-tree nodes.
    pub fn solve_propagated(
        &mut self,
        puzzle: &Grid,
        algorithm: Algorithm,
        mode: Mode,
        propagation: Propagation,
    ) -> (Verdict, u64) {
        match propagation {
            Propagation::None => self.solve(puzzle, algorithm, mode),
            Propagation::CrossHatch => {
                // Every cell the pass writes is forced, so the propagated grid has exactly the
                // puzzle's solutions, and a contradiction means there are none.
                let mut grid = puzzle.clone();
                match cross_hatch_in_place(&mut grid, |_, _| {}) {
                    Ok(_) => self.solve(&grid, algorithm, mode),
                    Err(_) if matches!(mode, Mode::Count { .. }) => (Verdict::Count(0), 0),
                    Err(_) => (Verdict::NoSolution, 0),
                }
            }
        }
    }

    /// Answers one puzzle: the verdict and the search-tree nodes it took.
    pub fn solve(&mut self, puzzle: &Grid, algorithm: Algorithm, mode: Mode) -> (Verdict, u64) {
        let solver: &mut dyn Solve = match algorithm {
            Algorithm::Dlx => self.dlx_for(puzzle.shape()),
            Algorithm::Backtrack => &mut self.backtracker,
            Algorithm::Candidates => &mut self.candidates,
        };
        answer(solver, puzzle, mode)
    }

    /// Answers a puzzle whose empty cells may take only `candidates` (pencilmarks), with the DLX
    /// solver whatever the algorithm chosen elsewhere: only its encoding takes candidates.
    pub fn solve_within(
        &mut self,
        puzzle: &Grid,
        candidates: &[u64],
        mode: Mode,
    ) -> (Verdict, u64) {
        let mut within = WithinCandidates {
            solver: self.dlx_for(puzzle.shape()),
            candidates,
        };
        answer(&mut within, puzzle, mode)
    }
}

/// One puzzle's verdict under a mode, from any solver.
fn answer(solver: &mut dyn Solve, puzzle: &Grid, mode: Mode) -> (Verdict, u64) {
    {
        match mode {
            Mode::First => {
                let outcome = solver.first_solution(puzzle);
                let verdict = match outcome.answer {
                    Some(grid) => Verdict::Solved(grid),
                    None if outcome.budget_exhausted => Verdict::Undecided,
                    None => Verdict::NoSolution,
                };
                (verdict, outcome.nodes)
            }
            Mode::Count { limit } => {
                let outcome = solver.count_solutions_up_to(puzzle, limit);
                let verdict = if outcome.budget_exhausted {
                    Verdict::CountCut(outcome.answer)
                } else {
                    Verdict::Count(outcome.answer)
                };
                (verdict, outcome.nodes)
            }
            Mode::Unique => {
                let outcome = solver.uniqueness(puzzle);
                let verdict = match outcome.answer {
                    Uniqueness::Multiple(_) => Verdict::Multiple,
                    _ if outcome.budget_exhausted => Verdict::Undecided,
                    Uniqueness::Unique(grid) => Verdict::Solved(grid),
                    Uniqueness::NoSolution => Verdict::NoSolution,
                };
                (verdict, outcome.nodes)
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A valid full grid: the classic pattern `(box_cols * (row % box_rows) + row / box_rows +
    /// col) % N`, its digits relabelled by `labels` and its rows shuffled within bands.
    fn valid_grid(shape: Shape, labels: &[u8], row_swaps: &[(usize, usize)]) -> Grid {
        let side = shape.side();
        let (rows, cols) = (shape.box_rows(), shape.box_cols());
        let mut order: Vec<usize> = (0..side).collect();
        for &(band, pick) in row_swaps {
            // Swap the first row of a band with another row of the same band.
            let band = band % cols;
            let top = band * rows;
            order.swap(top, top + pick % rows);
        }
        let mut cells = Vec::with_capacity(side * side);
        for &row in &order {
            for col in 0..side {
                let value = (cols * (row % rows) + row / rows + col) % side;
                cells.push(labels[value]);
            }
        }
        let grid = Grid::from_cells(shape, cells).unwrap();
        grid.check_givens().expect("the pattern is a valid grid");
        grid
    }

    /// A shape, a valid full grid of it, and a puzzle made by emptying some of its cells.
    pub(in crate::sudoku) fn puzzle_strategy(
        shapes: &'static [(usize, usize)],
    ) -> impl Strategy<Value = (Grid, Grid)> {
        prop::sample::select(shapes).prop_flat_map(|(r, c)| {
            let shape = Shape::new(r, c).unwrap();
            let side = shape.side();
            let labels = Just((1..=side as u8).collect::<Vec<u8>>()).prop_shuffle();
            let swaps = prop::collection::vec((0..side, 0..side), 0..4);
            let emptied = prop::collection::vec(any::<bool>(), side * side);
            (labels, swaps, emptied).prop_map(move |(labels, swaps, emptied)| {
                let full = valid_grid(shape, &labels, &swaps);
                let mut puzzle = full.clone();
                for (cell, &empty) in emptied.iter().enumerate() {
                    if empty {
                        puzzle.set(cell, 0);
                    }
                }
                (full, puzzle)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_solver_finds_valid_solutions(
            (_, puzzle) in puzzle_strategy(&[(2, 2), (2, 3), (3, 3)])
        ) {
            let mut solvers = Solvers::with_node_budget(Some(1_000_000));
            for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
                let (verdict, _) = solvers.solve(&puzzle, algorithm, Mode::First);
                match verdict {
                    Verdict::Solved(solution) => {
                        prop_assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
                    }
                    // The textbook baseline may give up on a big, sparse grid; DLX may not.
                    Verdict::Undecided if algorithm == Algorithm::Backtrack => {}
                    other => prop_assert!(false, "{:?} gave {:?}", algorithm, other),
                }
            }
        }

        #[test]
        fn every_solver_counts_alike_on_small_grids(
            (full, puzzle) in puzzle_strategy(&[(2, 2), (2, 3)])
        ) {
            let mut solvers = Solvers::default();
            let mode = Mode::Count { limit: 2_000 };
            let (dlx, _) = solvers.solve(&puzzle, Algorithm::Dlx, mode);
            let (backtrack, _) = solvers.solve(&puzzle, Algorithm::Backtrack, mode);
            prop_assert_eq!(&dlx, &backtrack);
            let (candidates, _) = solvers.solve(&puzzle, Algorithm::Candidates, mode);
            prop_assert_eq!(&dlx, &candidates);
            prop_assert!(matches!(dlx, Verdict::Count(n) if n >= 1));
            // Uniqueness agrees with the count, and a unique answer is the grid emptied.
            let (unique, _) = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique);
            match (dlx, unique) {
                (Verdict::Count(1), Verdict::Solved(solution)) => prop_assert_eq!(solution, full),
                (Verdict::Count(_), Verdict::Multiple) => {}
                (count, unique) => prop_assert!(false, "{:?} but {:?}", count, unique),
            }
        }
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions_for_every_solver() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solvers = Solvers::default();
        for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
            let mode = Mode::Count { limit: u64::MAX };
            let (verdict, _) = solvers.solve(&Grid::empty(shape), algorithm, mode);
            assert_eq!(verdict, Verdict::Count(288), "{algorithm:?}");
        }
    }

    #[test]
    fn every_size_is_solved_from_a_puzzle() {
        let mut solvers = Solvers::default();
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let side = shape.side();
            let labels: Vec<u8> = (1..=side as u8).rev().collect();
            let mut puzzle = valid_grid(shape, &labels, &[(0, 1), (1, 2)]);
            // Empty every other cell: half the grid. (Emptying two in three leaves this very
            // regular 25x25 grid beyond two million nodes.)
            for cell in (0..shape.cell_count()).step_by(2) {
                puzzle.set(cell, 0);
            }
            let (verdict, _) = solvers.solve(&puzzle, Algorithm::Dlx, Mode::First);
            let Verdict::Solved(solution) = verdict else {
                panic!("{r}x{c}: {verdict:?}");
            };
            assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "{r}x{c}");
        }
    }

    #[test]
    fn a_node_budget_gives_undecided_never_no_solution() {
        // A minimal puzzle the project made: 156 DLX nodes, more for the baselines.
        let puzzle = crate::sudoku::parse_line(
            ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..",
            1,
        )
        .unwrap();
        let mut solvers = Solvers::with_node_budget(Some(5));
        for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
            for mode in [Mode::First, Mode::Unique, Mode::Count { limit: 2 }] {
                let (verdict, nodes) = solvers.solve(&puzzle, algorithm, mode);
                let undecided = match mode {
                    Mode::Count { .. } => Verdict::CountCut(0),
                    _ => Verdict::Undecided,
                };
                assert_eq!(verdict, undecided, "{algorithm:?} {mode:?}");
                assert!(nodes <= 5, "{algorithm:?} {mode:?}: {nodes} nodes");
            }
        }
        // The same solvers, given room, decide it: the budget is per puzzle, not used up.
        let mut solvers = Solvers::with_node_budget(Some(10_000_000));
        let (verdict, _) = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique);
        assert!(matches!(verdict, Verdict::Solved(_)), "{verdict:?}");
    }
}
