//! The textbook backtracking solver under a variant's rules: the baseline `dlx bench --variant`
//! sets beside the exact-cover search, as the classic backtracker is for classic Sudoku.
//!
//! The classic algorithm, with the rules' constraints in place of rows, columns and boxes: the
//! empty cells in row-major order, digits tried in increasing order, a digit allowed when no
//! cell sharing a region or a forbidden pair with its cell holds it and, in a Killer, its cage
//! does not hold it and can still make its sum. No candidate sets, no cell ordering.

use super::rules::Rules;
use crate::sudoku::backtrack::{backtrack, Limits};
use crate::sudoku::grid::Grid;
use crate::sudoku::solve::Solve;
use dlx_engine::{Outcome, StopFlag};

/// The backtracking solver of one set of rules.
#[derive(Clone, Debug)]
pub(crate) struct RulesBacktracker {
    rules: Rules,
    max_nodes: Option<u64>,
    /// Raised to end a search (a signal): the answer is then undecided.
    stop: StopFlag,
    /// For each cell, the cells that may not hold its digit (shared region or forbidden pair).
    peers: Vec<Vec<usize>>,
    /// For each cell, its cage's index, if any.
    cage_of: Vec<Option<usize>>,
    /// Each cage's cells and sum.
    cages: Vec<(Vec<usize>, u32)>,
}

impl RulesBacktracker {
    /// A solver of puzzles under `rules`.
    pub fn new(rules: Rules) -> RulesBacktracker {
        let cells = rules.side() * rules.side();
        let mut peers: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for region in rules.regions() {
            for &a in region {
                peers[a].extend(region.iter().copied().filter(|&b| b != a));
            }
        }
        for &(a, b) in rules.pairs() {
            peers[a].push(b);
            peers[b].push(a);
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let mut cage_of = vec![None; cells];
        let mut cages = Vec::new();
        if let Some(drawn) = rules.cages() {
            for (index, members) in drawn.cells_by_cage().into_iter().enumerate() {
                for &cell in &members {
                    cage_of[cell] = Some(index);
                }
                cages.push((members, drawn.sum(index)));
            }
        }
        RulesBacktracker {
            rules,
            max_nodes: None,
            stop: StopFlag::never(),
            peers,
            cage_of,
            cages,
        }
    }

    /// Gives up after `max_nodes` digits placed per search (`None`: never).
    pub fn with_node_budget(mut self, max_nodes: Option<u64>) -> RulesBacktracker {
        self.max_nodes = max_nodes;
        self
    }

    /// Ends each search once `stop` is raised ([`dlx_engine::Stop::Interrupted`]: the question
    /// undecided).
    pub fn with_stop_flag(mut self, stop: StopFlag) -> RulesBacktracker {
        self.stop = stop;
        self
    }

    /// The rules searched under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether `digit` may go in the empty `cell` of `cells`.
    fn allowed(&self, cells: &[u8], cell: usize, digit: u8) -> bool {
        if self.peers[cell].iter().any(|&p| cells[p] == digit) {
            return false;
        }
        let Some(cage) = self.cage_of[cell] else {
            return true;
        };
        let (members, sum) = &self.cages[cage];
        let mut total = u32::from(digit);
        let mut empty = 0;
        for &m in members {
            match cells[m] {
                0 if m != cell => empty += 1,
                0 => {}
                d if d == digit => return false,
                d => total += u32::from(d),
            }
        }
        // The cage's other empty cells add at least 1 each.
        match empty {
            0 => total == *sum,
            _ => total + empty <= *sum,
        }
    }
}

impl Solve for RulesBacktracker {
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        let side = self.rules.side();
        if max_solutions == 0 || puzzle.shape().side() != side {
            return Outcome::default();
        }
        let cells = side * side;
        // The givens must keep the rules among themselves, cages included once full.
        let mut work = Grid::empty(puzzle.shape());
        for cell in 0..cells {
            let digit = puzzle.get(cell);
            if digit != 0 {
                if !self.allowed(work.cells(), cell, digit) {
                    return Outcome::default();
                }
                work.set(cell, digit);
            }
        }
        let empty: Vec<usize> = (0..cells).filter(|&c| puzzle.get(c) == 0).collect();
        let allowed = |cells: &[u8], cell, digit| self.allowed(cells, cell, digit);
        let limits = Limits {
            max_solutions,
            max_nodes: self.max_nodes,
            stop: &self.stop,
        };
        backtrack(work, &empty, limits, allowed, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::super::record::toy_killer;
    use super::super::Variants;
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn counts_agree_with_the_exact_cover_search() {
        let shape = Shape::new(2, 2).unwrap();
        for list in ["x", "anti-knight", "anti-king", "x,anti-knight"] {
            let variants = Variants::parse(list).unwrap();
            let rules = Rules::new(shape, &variants, None).unwrap();
            let empty = Grid::empty(shape);
            let mut dlx = crate::sudoku::SudokuSolver::with_rules(rules.clone());
            let expected = dlx.count_solutions(&empty, None).answer;
            let mut backtracker = RulesBacktracker::new(rules.clone());
            let mut invalid = 0;
            let outcome = backtracker.search(&empty, u64::MAX, &mut |grid| {
                invalid += usize::from(rules.check_solution(grid, &empty).is_err());
            });
            assert_eq!(outcome.stats.solutions, expected.solutions, "{list}");
            assert_eq!(invalid, 0, "{list}");
        }
    }

    #[test]
    fn a_killer_is_solved_and_a_node_budget_stops_the_search() {
        let (puzzle, rules) = toy_killer(&".".repeat(16));
        let mut dlx = crate::sudoku::SudokuSolver::with_rules(rules.clone());
        let expected = dlx.count_solutions(puzzle.grid(), None).answer;
        let mut backtracker = RulesBacktracker::new(rules.clone());
        let count = backtracker.count_solutions(puzzle.grid(), None);
        assert_eq!(count.answer, expected);
        let first = backtracker.first_solution(puzzle.grid()).answer.unwrap();
        assert_eq!(rules.check_solution(&first, puzzle.grid()), Ok(()));
        let mut cut = RulesBacktracker::new(rules).with_node_budget(Some(3));
        assert!(cut.first_solution(puzzle.grid()).ran_out_of_nodes());
    }

    #[test]
    fn givens_that_break_a_rule_have_no_solution() {
        let variants = Variants::parse("x").unwrap();
        let shape = Shape::new(2, 2).unwrap();
        let rules = Rules::new(shape, &variants, None).unwrap();
        // r1c1 and r4c4 on the main diagonal both 1.
        let puzzle = crate::sudoku::Grid::parse_line("1..............1", 1).unwrap();
        let outcome = RulesBacktracker::new(rules).count_solutions(&puzzle, None);
        assert_eq!(outcome.answer.solutions, 0);
    }
}
