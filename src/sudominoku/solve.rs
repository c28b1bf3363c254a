//! Solving and counting Sudominoku on the engine: the first cover, the distinct digit grids, the
//! covers (tilings).
//!
//! A proper puzzle has one digit grid but may have several tilings that give it (the sample's
//! second puzzle has two), so solving stops at the first cover, and counting grids has to
//! deduplicate the grids the covers give.

use super::encoding::Encoding;
use super::model::{Puzzle, Solution};
use crate::xc::{ChoiceRule, Dlx, OptionId, SearchLimits};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The search rule for every Sudominoku search: forced moves first.
const RULE: ChoiceRule = ChoiceRule::MrvStopAtOne;

/// A count and whether it is the whole count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The count, at most the limit.
    pub found: u64,
    /// `false` when there are more than the limit (the search found one more, then stopped).
    pub complete: bool,
}

/// The first solution, or `None` when the puzzle has none.
pub fn solve(puzzle: &Puzzle) -> Option<Solution> {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let (cover, _) = dlx.first_solution(RULE);
    cover.map(|options| encoding.solution(puzzle, &options))
}

/// Counts the distinct digit grids of the puzzle's solutions, up to `limit` if given (the search
/// goes on to one grid more, to tell "exactly the limit" from "more"). The search visits every
/// cover (tiling), so it costs as much as [`count_tilings`] when whole.
pub fn count_grids(puzzle: &Puzzle, limit: Option<u64>) -> Count {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let mut grid = puzzle.givens().clone();
    let mut grids: HashSet<Vec<u8>> = HashSet::new();
    let wanted = limit.map_or(u64::MAX, |limit| limit.saturating_add(1));
    dlx.search(
        RULE,
        SearchLimits::default(),
        &mut |options: &[OptionId]| {
            encoding.fill(&mut grid, options);
            if !grids.contains(grid.cells()) {
                grids.insert(grid.cells().to_vec());
            }
            if grids.len() as u64 >= wanted {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    Count::up_to(grids.len() as u64, limit)
}

/// Counts the covers, that is the tilings, up to `limit` if given (searching one more, to tell
/// "exactly the limit" from "more").
pub fn count_tilings(puzzle: &Puzzle, limit: Option<u64>) -> Count {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let wanted = limit.map(|limit| limit.saturating_add(1));
    let report = dlx.count_solutions(RULE, wanted);
    Count::up_to(report.stats.solutions, limit)
}

impl Count {
    /// The count of a search that stopped at `limit + 1` things found, or found them all.
    fn up_to(found: u64, limit: Option<u64>) -> Count {
        match limit {
            Some(limit) if found > limit => Count {
                found: limit,
                complete: false,
            },
            _ => Count {
                found,
                complete: true,
            },
        }
    }
}
