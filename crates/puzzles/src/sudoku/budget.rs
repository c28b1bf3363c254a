//! How far a solver's searches may go: the node budget and the stop flag that the solvers
//! behind [`super::SudokuSolver`] each keep and hand to every search they make.

use dlx_engine::{SearchLimits, StopFlag};

/// A solver's bounds on each search: a node budget per puzzle, and a flag that ends a search
/// between two nodes (a signal), the answer then undecided. Default: neither.
#[derive(Clone, Debug, Default)]
pub(crate) struct SearchBudget {
    /// Search-tree nodes per puzzle before giving up (`None`: never).
    pub(crate) max_nodes: Option<u64>,
    /// Raised to end a search between two nodes: what was found so far stands, the question
    /// undecided ([`dlx_engine::Stop::Interrupted`]).
    pub(crate) stop: StopFlag,
}

impl SearchBudget {
    /// The limits of a search for at most `max_solutions` solutions within the budget.
    pub(crate) fn limits(&self, max_solutions: u64) -> SearchLimits {
        SearchLimits {
            max_solutions: Some(max_solutions),
            max_nodes: self.max_nodes,
        }
    }
}
