//! Solving and counting Sudominoku on the engine: the first cover, the distinct digit grids, the
//! covers (tilings).
//!
//! A proper puzzle has one digit grid but may have several tilings that give it (the sample's
//! second puzzle has two), so solving stops at the first cover, and counting grids has to
//! deduplicate the grids the covers give.

use super::encoding::Encoding;
use super::model::{Puzzle, Solution};
use crate::xc::{ChoiceRule, Dlx, OptionId, SearchLimits, SearchReport, Stop};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The search rule for every Sudominoku search: forced moves first.
const RULE: ChoiceRule = ChoiceRule::MrvStopAtOne;

/// A count and whether it is the whole count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The count: at most the limit plus one (the search goes one past the limit, then stops).
    pub found: u64,
    /// `false` when `found` is only a lower bound: it went past the limit, or the node budget
    /// ran out first.
    pub complete: bool,
}

/// What a search under a node budget found, and the search-tree nodes it used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budgeted<T> {
    /// The answer, or `None` when the budget ran out before the search could give it.
    pub answer: Option<T>,
    /// When the budget ran out: what the search had found (for a count, a lower bound).
    pub so_far: Option<T>,
    pub nodes: u64,
}

impl<T> Budgeted<T> {
    fn of(answer: T, report: SearchReport) -> Budgeted<T> {
        let (answer, so_far) = if report.stop == Stop::NodeBudget {
            (None, Some(answer))
        } else {
            (Some(answer), None)
        };
        Budgeted {
            answer,
            so_far,
            nodes: report.stats.nodes,
        }
    }
}

/// The first solution, or `None` when the puzzle has none.
pub fn solve(puzzle: &Puzzle) -> Option<Solution> {
    solve_within(puzzle, None).answer.flatten()
}

/// The first solution (`Some(None)`: there is none), searching at most `max_nodes` nodes.
pub fn solve_within(puzzle: &Puzzle, max_nodes: Option<u64>) -> Budgeted<Option<Solution>> {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let mut cover = None;
    let limits = SearchLimits {
        max_solutions: Some(1),
        max_nodes,
    };
    let report = dlx.search(RULE, limits, &mut |options: &[OptionId]| {
        cover = Some(options.to_vec());
        ControlFlow::Break(())
    });
    let solution = cover.map(|options| encoding.solution(puzzle, &options));
    Budgeted::of(solution, report)
}

/// Counts the distinct digit grids of the puzzle's solutions, up to `limit` if given (the search
/// goes on to one grid more, to tell "exactly the limit" from "more"). The search visits every
/// cover (tiling), so it costs as much as [`count_tilings`] when whole.
pub fn count_grids(puzzle: &Puzzle, limit: Option<u64>) -> Count {
    let counted = count_grids_within(puzzle, limit, None);
    counted.answer.unwrap_or(Count::AT_LEAST_NONE)
}

/// [`count_grids`], searching at most `max_nodes` nodes.
pub fn count_grids_within(
    puzzle: &Puzzle,
    limit: Option<u64>,
    max_nodes: Option<u64>,
) -> Budgeted<Count> {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let mut grid = puzzle.givens().clone();
    let mut grids: HashSet<Vec<u8>> = HashSet::new();
    let wanted = limit.map_or(u64::MAX, |limit| limit.saturating_add(1));
    let limits = SearchLimits {
        max_solutions: None,
        max_nodes,
    };
    let report = dlx.search(RULE, limits, &mut |options: &[OptionId]| {
        encoding.fill(&mut grid, options);
        if !grids.contains(grid.cells()) {
            grids.insert(grid.cells().to_vec());
        }
        if grids.len() as u64 >= wanted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Budgeted::of(Count::up_to(grids.len() as u64, limit), report)
}

/// Counts the covers, that is the tilings, up to `limit` if given (searching one more, to tell
/// "exactly the limit" from "more").
pub fn count_tilings(puzzle: &Puzzle, limit: Option<u64>) -> Count {
    let counted = count_tilings_within(puzzle, limit, None);
    counted.answer.unwrap_or(Count::AT_LEAST_NONE)
}

/// [`count_tilings`], searching at most `max_nodes` nodes.
pub fn count_tilings_within(
    puzzle: &Puzzle,
    limit: Option<u64>,
    max_nodes: Option<u64>,
) -> Budgeted<Count> {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let limits = SearchLimits {
        max_solutions: limit.map(|limit| limit.saturating_add(1)),
        max_nodes,
    };
    let report = dlx.search(
        RULE,
        limits,
        &mut |_: &[OptionId]| ControlFlow::Continue(()),
    );
    Budgeted::of(Count::up_to(report.stats.solutions, limit), report)
}

impl Count {
    /// What a search with no node budget never answers: nothing known.
    const AT_LEAST_NONE: Count = Count {
        found: 0,
        complete: false,
    };

    /// The count of a search that stopped at `limit + 1` things found, or found them all.
    fn up_to(found: u64, limit: Option<u64>) -> Count {
        match limit {
            Some(limit) if found > limit => Count {
                found,
                complete: false,
            },
            _ => Count {
                found,
                complete: true,
            },
        }
    }
}
