//! The textbook backtracking solver, the baseline DLX is compared against.
//!
//! Exactly the classic algorithm: the empty cells in row-major order, digits tried in increasing
//! order, a digit allowed when a scan of its row, column and box does not find it. No candidate
//! sets, no cell ordering: it is the yardstick, not a contender. Iterative, with the working grid
//! itself as the stack (each empty cell holds the digit it is trying).

use super::grid::{Grid, Shape};
use super::solve::Solve;
use super::variant::{Rules, RulesBacktracker};
use dlx_engine::{Outcome, Stop, StopFlag};

/// The backtracking solver; reusable across puzzles of any shape.
#[derive(Clone, Debug, Default)]
pub struct Backtracker {
    max_nodes: Option<u64>,
    /// Raised to end a search (a signal): the answer is then undecided.
    stop: StopFlag,
    /// The indices of the empty cells of the current puzzle, kept to reuse their allocation.
    empty_cells: Vec<usize>,
    /// The rules searched under, when not classic ones.
    rules: Option<Box<RulesBacktracker>>,
}

impl Backtracker {
    /// A solver that gives up after `max_nodes` digits placed (`None`: never).
    pub fn with_node_budget(max_nodes: Option<u64>) -> Backtracker {
        Backtracker {
            max_nodes,
            ..Backtracker::default()
        }
    }

    /// Ends each search once `stop` is raised ([`Stop::Interrupted`]: the question undecided).
    pub fn with_stop_flag(mut self, stop: StopFlag) -> Backtracker {
        self.rules = self
            .rules
            .map(|rules| Box::new(rules.with_stop_flag(stop.clone())));
        self.stop = stop;
        self
    }

    /// This solver under `rules`: the same algorithm, a digit allowed when no cell sharing a
    /// region or a forbidden pair with its cell holds it and its Killer cage can still make its
    /// sum. Classic rules keep the classic scan of rows, columns and boxes.
    pub fn with_rules(mut self, rules: Rules) -> Backtracker {
        self.rules = (!rules.is_classic()).then(|| {
            let ruled = RulesBacktracker::new(rules)
                .with_node_budget(self.max_nodes)
                .with_stop_flag(self.stop.clone());
            Box::new(ruled)
        });
        self
    }

    /// The rules searched under, `None` for classic ones.
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_deref().map(RulesBacktracker::rules)
    }
}

/// Whether `digit` may go in `cell`: no cell of its row, column or box holds it.
fn allowed(shape: Shape, cells: &[u8], cell: usize, digit: u8) -> bool {
    let side = shape.side();
    let (row, col) = (shape.row_of(cell), shape.col_of(cell));
    if cells[row * side..(row + 1) * side].contains(&digit) {
        return false;
    }
    if (0..side).any(|r| cells[r * side + col] == digit) {
        return false;
    }
    let top = row / shape.box_rows() * shape.box_rows();
    let left = col / shape.box_cols() * shape.box_cols();
    for r in top..top + shape.box_rows() {
        if cells[r * side + left..r * side + left + shape.box_cols()].contains(&digit) {
            return false;
        }
    }
    true
}

impl Solve for Backtracker {
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        if let Some(rules) = &mut self.rules {
            return rules.search(puzzle, max_solutions, visitor);
        }
        if max_solutions == 0 || puzzle.check_givens().is_err() {
            return Outcome::default();
        }
        let shape = puzzle.shape();
        self.empty_cells.clear();
        self.empty_cells
            .extend((0..shape.cell_count()).filter(|&c| puzzle.get(c) == 0));
        let limits = Limits {
            max_solutions,
            max_nodes: self.max_nodes,
            stop: &self.stop,
        };
        let allowed = |cells: &[u8], cell, digit| allowed(shape, cells, cell, digit);
        backtrack(puzzle.clone(), &self.empty_cells, limits, allowed, visitor)
    }
}

/// When [`backtrack`] stops.
pub(crate) struct Limits<'a> {
    /// After this many solutions.
    pub max_solutions: u64,
    /// After this many digits placed (nodes).
    pub max_nodes: Option<u64>,
    /// Once this flag is raised, looked at every [`StopFlag::POLL_EVERY`] digits placed.
    pub stop: &'a StopFlag,
}

/// The backtracking loop itself, shared with the variants' backtracker: fills `empty` (cells of
/// `work`, in order) with the smallest digit `allowed` accepts (asked while the cell is empty),
/// backing up when none is left, and hands each full grid to `visitor` until a limit says stop.
pub(crate) fn backtrack(
    mut work: Grid,
    empty: &[usize],
    limits: Limits<'_>,
    allowed: impl Fn(&[u8], usize, u8) -> bool,
    visitor: &mut dyn FnMut(&Grid),
) -> Outcome<()> {
    let mut summary = Outcome::<()>::default();
    let side = work.shape().side() as u8;
    let max_solutions = limits.max_solutions;
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    // `depth` empty cells are filled; the one at `depth` tries the digit after its own.
    let mut depth = 0;
    loop {
        if depth == empty.len() {
            summary.stats.solutions += 1;
            visitor(&work);
            if summary.stats.solutions == max_solutions {
                summary.stop = Stop::SolutionLimit;
                break;
            }
            if depth == 0 {
                break;
            }
            depth -= 1;
        }
        let cell = empty[depth];
        let mut digit = work.get(cell) + 1;
        // The cell must be empty while its own row, column and box are scanned.
        work.set(cell, 0);
        while digit <= side && !allowed(work.cells(), cell, digit) {
            digit += 1;
        }
        if digit <= side {
            if summary.stats.nodes == max_nodes {
                summary.stop = Stop::NodeBudget;
                break;
            }
            if summary.stats.nodes % StopFlag::POLL_EVERY == 0 && limits.stop.is_raised() {
                summary.stop = Stop::Interrupted;
                break;
            }
            summary.stats.nodes += 1;
            work.set(cell, digit);
            depth += 1;
        } else if depth == 0 {
            break;
        } else {
            depth -= 1;
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solver = Backtracker::default();
        let outcome = solver.count_solutions(&Grid::empty(shape), Some(1000));
        assert_eq!(outcome.answer, dlx_engine::Count::exactly(288));
        assert!(!outcome.ran_out_of_nodes());
    }

    #[test]
    fn a_first_solution_is_valid() {
        let shape = Shape::new(2, 3).unwrap();
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 6);
        puzzle.set(7, 1);
        let solution = Backtracker::default()
            .first_solution(&puzzle)
            .answer
            .unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
    }

    #[test]
    fn a_node_budget_stops_the_search() {
        let mut solver = Backtracker::with_node_budget(Some(5));
        let outcome = solver.first_solution(&Grid::empty(Shape::CLASSIC));
        assert!(outcome.ran_out_of_nodes());
        assert_eq!(outcome.answer, None);
        assert_eq!(outcome.stats.nodes, 5);
    }

    #[test]
    fn a_raised_stop_flag_ends_the_search_undecided() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let stop = StopFlag::new(Arc::new(AtomicBool::new(true)));
        let mut solver = Backtracker::default().with_stop_flag(stop);
        let outcome = solver.count_solutions(&Grid::empty(Shape::CLASSIC), None);
        assert_eq!(outcome.stop, Stop::Interrupted);
        assert_eq!(outcome.answer, dlx_engine::Count::at_least(0));
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut puzzle = Grid::empty(Shape::CLASSIC);
        puzzle.set(0, 4);
        puzzle.set(8, 4);
        assert_eq!(Backtracker::default().first_solution(&puzzle).answer, None);
    }
}
