//! A strong backtracking baseline: candidate bitmasks and the cell with the fewest candidates
//! first.
//!
//! The textbook solver ([`super::Backtracker`]) shows how far DLX is ahead of the classic
//! method; this one shows where DLX stands against a good plain backtracker. Each row, column and
//! box keeps a bitmask of the digits it holds, so a cell's candidates are one OR and one NOT, and
//! every step branches on the empty cell with the fewest candidates (a naked single at once, a
//! dead end at once). It does no hidden singles: that, and the other units DLX branches on, is
//! what the exact-cover view adds.

use super::digits::DigitSet;
use super::grid::{Grid, Shape};
use super::solve::Solve;
use dlx_engine::{Outcome, Stop, StopFlag};

/// The candidate-bitmask solver; reusable across puzzles of any shape.
#[derive(Clone, Debug, Default)]
pub(crate) struct CandidateSolver {
    max_nodes: Option<u64>,
    /// Raised to end a search (a signal): the answer is then undecided.
    stop: StopFlag,
    /// Empty cells; those before `open` are still to fill.
    empty: Vec<usize>,
    /// The branching stack: a cell and the candidates it has not tried yet.
    stack: Vec<(usize, DigitSet)>,
    rows: Vec<DigitSet>,
    cols: Vec<DigitSet>,
    boxes: Vec<DigitSet>,
}

impl CandidateSolver {
    /// A solver that gives up after `max_nodes` digits placed (`None`: never).
    pub fn with_node_budget(max_nodes: Option<u64>) -> CandidateSolver {
        CandidateSolver {
            max_nodes,
            ..CandidateSolver::default()
        }
    }

    /// Ends each search once `stop` is raised ([`Stop::Interrupted`]: the question undecided).
    pub fn with_stop_flag(mut self, stop: StopFlag) -> CandidateSolver {
        self.stop = stop;
        self
    }
}

impl CandidateSolver {
    /// Sets the unit masks to the givens of `puzzle` and lists its empty cells.
    fn load(&mut self, puzzle: &Grid) {
        let shape = puzzle.shape();
        for masks in [&mut self.rows, &mut self.cols, &mut self.boxes] {
            masks.clear();
            masks.resize(shape.side(), DigitSet::EMPTY);
        }
        self.empty.clear();
        self.stack.clear();
        for cell in 0..shape.cell_count() {
            match puzzle.get(cell) {
                0 => self.empty.push(cell),
                digit => self.place(shape, cell, DigitSet::of(digit)),
            }
        }
    }

    /// Marks `digit` (a set of one) as held by the row, column and box of `cell`.
    fn place(&mut self, shape: Shape, cell: usize, digit: DigitSet) {
        self.rows[shape.row_of(cell)] |= digit;
        self.cols[shape.col_of(cell)] |= digit;
        self.boxes[shape.box_of(cell)] |= digit;
    }

    /// Undoes [`CandidateSolver::place`].
    fn unplace(&mut self, shape: Shape, cell: usize, digit: DigitSet) {
        self.rows[shape.row_of(cell)] -= digit;
        self.cols[shape.col_of(cell)] -= digit;
        self.boxes[shape.box_of(cell)] -= digit;
    }

    /// Among the first `open` empty cells, the place in the list of the one with the fewest
    /// candidates, and its candidates; the scan ends at a cell with one candidate or none.
    fn fewest_candidates(&self, shape: Shape, open: usize) -> (usize, DigitSet) {
        let all = DigitSet::all(shape.side());
        let mut best = (0, DigitSet::EMPTY, u32::MAX);
        for (k, &cell) in self.empty[..open].iter().enumerate() {
            let held = self.rows[shape.row_of(cell)]
                | self.cols[shape.col_of(cell)]
                | self.boxes[shape.box_of(cell)];
            let candidates = all - held;
            let count = candidates.len();
            if count < best.2 {
                best = (k, candidates, count);
                if count <= 1 {
                    break;
                }
            }
        }
        (best.0, best.1)
    }
}

impl Solve for CandidateSolver {
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        let mut summary = Outcome::<()>::default();
        if max_solutions == 0 || puzzle.check_givens().is_err() {
            return summary;
        }
        let shape = puzzle.shape();
        let max_nodes = self.max_nodes.unwrap_or(u64::MAX);
        let mut work = puzzle.clone();
        self.load(puzzle);
        let mut open = self.empty.len();
        'descend: loop {
            if open == 0 {
                summary.stats.solutions += 1;
                visitor(&work);
                if summary.stats.solutions == max_solutions {
                    summary.stop = Stop::SolutionLimit;
                    break;
                }
            } else {
                // Branch on the open cell with the fewest candidates.
                let (best, candidates) = self.fewest_candidates(shape, open);
                if !candidates.is_empty() {
                    self.empty.swap(best, open - 1);
                    open -= 1;
                    self.stack.push((self.empty[open], candidates));
                }
            }
            // Try the next candidate of the deepest cell that has one, undoing as we go up.
            while let Some(&(cell, untried)) = self.stack.last() {
                let placed = work.get(cell);
                if placed != 0 {
                    self.unplace(shape, cell, DigitSet::of(placed));
                    work.set(cell, 0);
                }
                if untried.is_empty() {
                    self.stack.pop();
                    open += 1;
                    continue;
                }
                if summary.stats.nodes == max_nodes {
                    summary.stop = Stop::NodeBudget;
                    break 'descend;
                }
                if summary.stats.nodes % StopFlag::POLL_EVERY == 0 && self.stop.is_raised() {
                    summary.stop = Stop::Interrupted;
                    break 'descend;
                }
                let digit = untried.lowest_alone();
                if let Some(top) = self.stack.last_mut() {
                    top.1 -= digit;
                }
                summary.stats.nodes += 1;
                self.place(shape, cell, digit);
                work.set(cell, digit.lowest().unwrap_or(0));
                continue 'descend;
            }
            break;
        }
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let outcome = CandidateSolver::default().count_solutions(&Grid::empty(shape), Some(1000));
        assert_eq!(outcome.answer, dlx_engine::Count::exactly(288));
    }

    #[test]
    fn solves_a_hard_classic_and_proves_it_unique() {
        // A minimal puzzle the project made (the search needs 156 DLX nodes); the test proves
        // its uniqueness itself.
        let puzzle = crate::sudoku::Grid::parse_line(
            ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..",
            1,
        )
        .unwrap();
        let outcome = CandidateSolver::default().uniqueness(&puzzle);
        let dlx_engine::Uniqueness::Unique(solution) = outcome.answer else {
            panic!("expected one solution, got {:?}", outcome.answer);
        };
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
    }

    #[test]
    fn a_raised_stop_flag_ends_the_search_undecided() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let stop = StopFlag::new(Arc::new(AtomicBool::new(true)));
        let mut solver = CandidateSolver::default().with_stop_flag(stop);
        let outcome = solver.first_solution(&Grid::empty(Shape::CLASSIC));
        assert!(outcome.cut_short());
        assert_eq!((outcome.stop, outcome.answer), (Stop::Interrupted, None));
    }

    #[test]
    fn a_node_budget_stops_the_search_and_clashing_givens_have_no_solution() {
        let outcome = CandidateSolver::with_node_budget(Some(7))
            .count_solutions(&Grid::empty(Shape::CLASSIC), Some(u64::MAX));
        assert!(outcome.ran_out_of_nodes());
        assert_eq!(outcome.stats.nodes, 7);
        let mut puzzle = Grid::empty(Shape::CLASSIC);
        puzzle.set(0, 4);
        puzzle.set(80, 4);
        puzzle.set(1, 4);
        assert_eq!(
            CandidateSolver::default().first_solution(&puzzle).answer,
            None
        );
    }
}
