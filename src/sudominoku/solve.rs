//! Solving and counting Sudominoku on the engine: the first cover, the distinct digit grids, the
//! covers (tilings).
//!
//! A proper puzzle has one digit grid but may have several tilings that give it (the sample's
//! second puzzle has two), so solving stops at the first cover, and counting grids has to
//! deduplicate the grids the covers give.

use super::encoding::Encoding;
use super::model::{Puzzle, Solution};
use crate::xc::{ChoiceRule, Dlx, OptionId, SearchLimits, SearchStats, Stop};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The search rule for every Sudominoku search: forced moves first.
const RULE: ChoiceRule = ChoiceRule::MrvStopAtOne;

/// A count and whether it is the whole count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub found: u64,
    /// `false` when the limit stopped the search: there may be more.
    pub complete: bool,
    pub stats: SearchStats,
}

/// The first solution, or `None` when the puzzle has none.
pub fn solve(puzzle: &Puzzle) -> Option<Solution> {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let (cover, _) = dlx.first_solution(RULE);
    cover.map(|options| encoding.solution(puzzle, &options))
}

/// Counts the distinct digit grids of the puzzle's solutions, stopping at `limit` grids if given.
/// The search visits every cover (tiling), so it costs as much as [`count_tilings`] when whole.
pub fn count_grids(puzzle: &Puzzle, limit: Option<u64>) -> Count {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let mut grid = puzzle.givens().clone();
    let mut grids: HashSet<Vec<u8>> = HashSet::new();
    let limit = limit.unwrap_or(u64::MAX);
    let report = dlx.search(
        RULE,
        SearchLimits::default(),
        &mut |options: &[OptionId]| {
            encoding.fill(&mut grid, options);
            if !grids.contains(grid.cells()) {
                grids.insert(grid.cells().to_vec());
            }
            if grids.len() as u64 >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    Count {
        found: grids.len() as u64,
        complete: report.stop == Stop::Exhausted,
        stats: report.stats,
    }
}

/// Counts the covers, that is the tilings, stopping at `limit` if given.
pub fn count_tilings(puzzle: &Puzzle, limit: Option<u64>) -> Count {
    let encoding = Encoding::new(puzzle);
    let mut dlx = Dlx::new(encoding.problem());
    let report = dlx.count_solutions(RULE, limit);
    Count {
        found: report.stats.solutions,
        complete: report.stop == Stop::Exhausted,
        stats: report.stats,
    }
}
