//! What every Sudoku solver offers: a search of a puzzle's completions under a solution limit,
//! and from it the engine's three questions (first solution, count, uniqueness), so the DLX
//! solver and the backtracking baselines can be swapped and benchmarked side by side.

use super::grid::Grid;
use dlx_engine::{self as xc, Count, Outcome, Uniqueness};

/// Gives a solver type the three questions as inherent methods, forwarding to [`Solve`], so a
/// caller asks them without the trait in scope (the first thing a newcomer tries).
macro_rules! questions_without_the_trait {
    ($solver:ty) => {
        impl $solver {
            /// The first solution found, if any.
            pub fn first_solution(&mut self, puzzle: &Grid) -> Outcome<Option<Grid>> {
                Solve::first_solution(self, puzzle)
            }

            /// The number of solutions, counting stopped at `limit` if given.
            pub fn count_solutions(&mut self, puzzle: &Grid, limit: Option<u64>) -> Outcome<Count> {
                Solve::count_solutions(self, puzzle, limit)
            }

            /// Whether the puzzle has one solution: the search stops at the second.
            pub fn uniqueness(&mut self, puzzle: &Grid) -> Outcome<Uniqueness<Grid>> {
                Solve::uniqueness(self, puzzle)
            }
        }
    };
}
pub(crate) use questions_without_the_trait;

/// A Sudoku solver. Implementors provide [`Solve::search`]; the three questions are the engine's
/// ([`xc::Outcome::first_solution`] and its siblings) asked of it, so every solver answers them alike.
pub trait Solve {
    /// Searches the completions of `puzzle`, handing each to `visitor`, until `max_solutions`
    /// are found, the tree is exhausted or the node budget runs out. A puzzle whose givens break
    /// the rules has no solution.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()>;

    /// The first solution found, if any.
    fn first_solution(&mut self, puzzle: &Grid) -> Outcome<Option<Grid>> {
        xc::Outcome::first_solution(|max, visit| self.search(puzzle, max, visit))
    }

    /// The number of solutions, counting stopped at `limit` if given.
    fn count_solutions(&mut self, puzzle: &Grid, limit: Option<u64>) -> Outcome<Count> {
        xc::Outcome::count_solutions(limit, |max, visit| self.search(puzzle, max, visit))
    }

    /// Whether the puzzle has one solution: the search stops at the second.
    fn uniqueness(&mut self, puzzle: &Grid) -> Outcome<Uniqueness<Grid>> {
        xc::Outcome::uniqueness(|max, visit| self.search(puzzle, max, visit))
    }
}
