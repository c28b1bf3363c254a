//! How far a solver's searches may go: the node budget and the stop flag that the solvers
//! behind [`super::SudokuSolver`] each keep and hand to every search they make.

use dlx_engine::{Outcome, SearchLimits, Stop, StopFlag};

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

/// Nodes a Sudoku search runs before it is run again polling the stop flag. Polling at every
/// node cost the Sudoku solver 6% of its instructions (the first 300 puzzles of the forum's
/// hardest 1905: 603M against 640M, see docs/benchmarks.md); a search of this many nodes takes
/// a few milliseconds, so a signal is still answered at once.
const UNPOLLED_NODES: u64 = 1 << 16;

/// A Sudoku search within `limits`, first without polling the stop flag for at most
/// [`UNPOLLED_NODES`] nodes (nearly every puzzle is decided within them, and a search that
/// polls is compiled less well), then, when that cut it short with budget left, again from
/// the start polling it. `search(limits, polled, skip, handed)` searches, passing over the
/// first `skip` solutions (the second search walks the same tree in the same order) and
/// counting in `handed` those it hands on. A search that reports its progress (`reporting`)
/// polls from the start.
pub(crate) fn unpolled_first(
    limits: SearchLimits,
    reporting: bool,
    mut search: impl FnMut(SearchLimits, bool, u64, &mut u64) -> Outcome<()>,
) -> Outcome<()> {
    let mut handed = 0;
    if !reporting {
        let most = limits
            .max_nodes
            .map_or(UNPOLLED_NODES, |budget| budget.min(UNPOLLED_NODES));
        let unpolled = SearchLimits {
            max_nodes: Some(most),
            ..limits
        };
        let outcome = search(unpolled, false, 0, &mut handed);
        let budget_left = limits
            .max_nodes
            .is_none_or(|budget| budget > UNPOLLED_NODES);
        if outcome.stop != Stop::NodeBudget || !budget_left {
            return outcome;
        }
    }
    search(limits, true, handed, &mut 0)
}
