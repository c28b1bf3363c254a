//! Solving and counting Sudominoku on the engine: the first cover, the distinct digit grids, the
//! covers (tilings).
//!
//! A proper puzzle has one digit grid but may have several tilings that give it (the sample's
//! second puzzle has two), so solving stops at the first cover, and counting grids has to
//! deduplicate the grids the covers give.

use super::encoding::{Encoding, ANY_DIGIT};
use super::model::{Puzzle, Solution, CELLS};
use crate::sudoku::DigitSet;
use dlx_engine::{
    ChoiceRule, Count, DlxError, Engine, EngineKind, OptionId, Outcome, Problem, SearchLimits,
    SearchStats, Stop, StopFlag,
};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The search rule for every Sudominoku search: forced moves first.
const RULE: ChoiceRule = ChoiceRule::MrvStopAtOne;

/// Searches `problem` on `engine` until `stop` is raised, under [`RULE`] where the engine
/// takes it ([`EngineKind::load_preferring`]: `Auto` then picks dancing links, the measured
/// default); another engine by DLX1's rule, the one it takes. The
/// visitor is one type for every caller, so that each engine's loop is compiled once here
/// (it is called only at solutions).
fn search_on(
    engine: EngineKind,
    problem: &Problem,
    limits: SearchLimits,
    stop: &StopFlag,
    mut visitor: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Outcome<Option<()>> {
    engine
        .load_preferring(problem, RULE)
        .expect("Puzzle::on_engine checked that the engine takes the whole puzzle's problem")
        .search_until(limits, stop, &mut visitor)
}

/// Adds a later search's figures to an outcome's, keeping the later stop.
fn then<T, U>(earlier: SearchStats, later: Outcome<T>, answer: U) -> Outcome<U> {
    let mut stats = earlier;
    stats += later.stats;
    Outcome {
        answer,
        stats,
        stop: later.stop,
    }
}

impl Puzzle {
    /// This puzzle, its searches run on the engine `kind` (`Auto`, the default, is dancing
    /// links); refused when that engine cannot take the puzzle's problem. The answers are the
    /// same on every engine, the figures those of the engine that ran.
    ///
    /// ```
    /// use dlx_engine::EngineKind;
    /// use dlx_puzzles::sudominoku::PuzzleFile;
    ///
    /// let text = "11\n5 I9 2 H9\n6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n9 D2 8 E2\n\
    ///             3 G2 5 H2\n1 A2 8 A1\n1 H8 3 I8\n8 I3 7 I4\n4 I6 9 I7\n\
    ///             I5 E6 D1 F2 B3 G9 H7 C9 E5\n0\n";
    /// let puzzle = PuzzleFile::parse(text).entries.remove(0).puzzle.unwrap();
    /// for kind in EngineKind::ALL.into_iter().skip(1) {
    ///     // A domino covers two cells: not the shape the planes or the bands take.
    ///     let Ok(on) = puzzle.clone().on_engine(kind) else {
    ///         assert!(matches!(kind, EngineKind::Planes | EngineKind::Bands));
    ///         continue;
    ///     };
    ///     assert_eq!(on.solve().unwrap().grid, puzzle.solve().unwrap().grid);
    ///     assert_eq!(on.count_tilings(None), puzzle.count_tilings(None));
    /// }
    /// ```
    pub fn on_engine(mut self, kind: EngineKind) -> Result<Puzzle, DlxError> {
        if !matches!(kind, EngineKind::Auto | EngineKind::Links) {
            // The whole puzzle's problem holds every narrower one a search lays out.
            kind.load(Encoding::new(&self).problem())?;
        }
        self.engine = kind;
        Ok(self)
    }

    /// The engine this puzzle's searches run on (`Auto`: dancing links).
    pub fn engine(&self) -> EngineKind {
        match self.engine {
            EngineKind::Auto => EngineKind::Links,
            named => named,
        }
    }

    /// The first solution, or `None` when the puzzle has none.
    ///
    /// ```
    /// use dlx_puzzles::sudominoku::PuzzleFile;
    ///
    /// // The task's second sample puzzle: eleven dominoes placed, then the singles' cells.
    /// let text = "11\n5 I9 2 H9\n6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n9 D2 8 E2\n\
    ///             3 G2 5 H2\n1 A2 8 A1\n1 H8 3 I8\n8 I3 7 I4\n4 I6 9 I7\n\
    ///             I5 E6 D1 F2 B3 G9 H7 C9 E5\n0\n";
    /// let puzzle = PuzzleFile::parse(text).entries.remove(0).puzzle.unwrap();
    /// let solution = puzzle.solve().expect("the sample has a solution");
    /// // A valid Sudoku keeping every given, tiled by the 36 dominoes, the placed ones kept.
    /// solution.check_against(&puzzle).unwrap();
    /// assert_eq!(solution.tiling.len(), 36);
    /// ```
    pub fn solve(&self) -> Option<Solution> {
        self.solve_within(None, &StopFlag::never()).answer
    }

    /// The first solution, searching at most `max_nodes` nodes and stopping once `stop` is raised:
    /// `None` with [`Outcome::cut_short`] means undecided.
    pub fn solve_within(
        &self,
        max_nodes: Option<u64>,
        stop: &StopFlag,
    ) -> Outcome<Option<Solution>> {
        first_of(self, &Encoding::new(self), max_nodes, stop)
    }

    /// The solution whose digit grid comes first in row-major order (the smallest, as the MCPC 2011
    /// judge prints it when a puzzle has several grids), or `None` when there is none; when
    /// `max_nodes` (counted over every search) runs out first, or `stop` is raised, the answer is
    /// `None` and the outcome says so ([`Outcome::cut_short`]).
    ///
    /// The first cover is the answer when it is the puzzle's only grid, which one search of the
    /// whole tree (stopping at a second grid) tells. Otherwise the grid is fixed cell by cell in
    /// row-major order: each cell gets the smallest digit with which some solution still exists,
    /// trying only digits below the best solution's (which always has one).
    pub fn solve_smallest_within(
        &self,
        max_nodes: Option<u64>,
        stop: &StopFlag,
    ) -> Outcome<Option<Solution>> {
        let left = |stats: SearchStats| max_nodes.map(|max| max.saturating_sub(stats.nodes));
        let first = self.solve_within(max_nodes, stop);
        let mut stats = first.stats;
        let mut best = match first.answer {
            Some(solution) => solution,
            None => return first,
        };
        let grids = self.count_grids_within(Some(1), left(stats), stop);
        if grids.cut_short() {
            return then(stats, grids, None);
        }
        stats += grids.stats;
        if grids.answer.complete {
            return Outcome {
                answer: Some(best),
                stats,
                stop: Stop::Exhausted,
            };
        }
        let mut limits = [ANY_DIGIT; CELLS];
        for cell in 0..CELLS {
            if self.givens().get(cell) != 0 || self.is_single(cell) {
                continue;
            }
            for digit in 1..best.grid.get(cell) {
                limits[cell] = DigitSet::of(digit);
                let found = first_within(self, &limits, left(stats), stop);
                if found.cut_short() {
                    return then(stats, found, None);
                }
                stats += found.stats;
                if let Some(solution) = found.answer {
                    best = solution;
                    break;
                }
            }
            limits[cell] = DigitSet::of(best.grid.get(cell));
        }
        Outcome {
            answer: Some(best),
            stats,
            stop: Stop::Exhausted,
        }
    }

    /// Counts the distinct digit grids of the puzzle's solutions, up to `limit` if given (the search
    /// goes on to one grid more, to tell "exactly the limit" from "more"). The search visits every
    /// cover (tiling), so it costs as much as [`Puzzle::count_tilings`] when whole.
    ///
    /// ```
    /// use dlx_puzzles::sudominoku::PuzzleFile;
    /// use dlx_engine::Count;
    ///
    /// // The task's second sample puzzle (see `solve`), with its first `placed` dominoes.
    /// let dominoes = "5 I9 2 H9\n6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n9 D2 8 E2\n\
    ///                 3 G2 5 H2\n1 A2 8 A1\n1 H8 3 I8\n8 I3 7 I4\n4 I6 9 I7";
    /// let singles = "I5 E6 D1 F2 B3 G9 H7 C9 E5";
    /// let with = |placed: usize| {
    ///     let kept: Vec<&str> = dominoes.lines().take(placed).collect();
    ///     let text = format!("{placed}\n{}\n{singles}\n0\n", kept.join("\n"));
    ///     PuzzleFile::parse(&text).entries.remove(0).puzzle.unwrap()
    /// };
    ///
    /// // One digit grid, reached by two tilings.
    /// let sample = with(11);
    /// assert_eq!(sample.count_grids(None), Count::exactly(1));
    /// assert_eq!(sample.count_tilings(None), Count::exactly(2));
    ///
    /// // Fewer dominoes placed leave several grids; a limit makes the count a lower bound.
    /// // The first six dominoes already fix the grid; with four, several grids are left, and a
    /// // limit makes the count a lower bound (the search goes one grid past the limit).
    /// assert_eq!(with(6).count_grids(None), Count::exactly(1));
    /// assert_eq!(with(4).count_grids(Some(1)), Count::at_least(2));
    /// ```
    pub fn count_grids(&self, limit: Option<u64>) -> Count {
        self.count_grids_within(limit, None, &StopFlag::never())
            .answer
    }

    /// [`Puzzle::count_grids`], searching at most `max_nodes` nodes and stopping once `stop` is raised (the
    /// count is then a lower bound, and [`Outcome::cut_short`] says so).
    pub fn count_grids_within(
        &self,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        stop: &StopFlag,
    ) -> Outcome<Count> {
        let encoding = Encoding::new(self);
        let mut grid = self.givens().clone();
        let mut grids: HashSet<Vec<u8>> = HashSet::new();
        let wanted = limit.map_or(u64::MAX, |limit| limit.saturating_add(1));
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes,
        };
        let mut gather = |options: &[OptionId]| {
            encoding.fill(&mut grid, options);
            if !grids.contains(grid.cells()) {
                grids.insert(grid.cells().to_vec());
            }
            if grids.len() as u64 >= wanted {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let report = search_on(self.engine, encoding.problem(), limits, stop, &mut gather);
        let found = grids.len() as u64;
        let stop = report.stop;
        report.map(|_| up_to(found, limit, stop))
    }

    /// Counts the covers, that is the tilings, up to `limit` if given (searching one more, to tell
    /// "exactly the limit" from "more").
    pub fn count_tilings(&self, limit: Option<u64>) -> Count {
        self.count_tilings_within(limit, None, &StopFlag::never())
            .answer
    }

    /// [`Puzzle::count_tilings`], searching at most `max_nodes` nodes and stopping once `stop` is raised.
    pub fn count_tilings_within(
        &self,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        stop: &StopFlag,
    ) -> Outcome<Count> {
        let encoding = Encoding::new(self);
        let limits = SearchLimits {
            max_solutions: limit.map(|limit| limit.saturating_add(1)),
            max_nodes,
        };
        let mut count = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let report = search_on(self.engine, encoding.problem(), limits, stop, &mut count);
        let found = report.stats.solutions;
        let stop = report.stop;
        report.map(|_| up_to(found, limit, stop))
    }
}

/// The first solution whose free cells keep to `limits`.
fn first_within(
    puzzle: &Puzzle,
    limits: &[DigitSet; CELLS],
    max_nodes: Option<u64>,
    stop: &StopFlag,
) -> Outcome<Option<Solution>> {
    first_of(puzzle, &Encoding::within(puzzle, limits), max_nodes, stop)
}

/// The first solution of one encoding of the puzzle, searching at most `max_nodes` nodes.
fn first_of(
    puzzle: &Puzzle,
    encoding: &Encoding,
    max_nodes: Option<u64>,
    stop: &StopFlag,
) -> Outcome<Option<Solution>> {
    let mut cover = None;
    let limits = SearchLimits {
        max_solutions: Some(1),
        max_nodes,
    };
    let mut keep = |options: &[OptionId]| {
        cover = Some(options.to_vec());
        ControlFlow::Break(())
    };
    let report = search_on(puzzle.engine, encoding.problem(), limits, stop, &mut keep);
    let solution = cover.map(|options| encoding.solution(puzzle, &options));
    report.map(|_| solution)
}

/// The count of a search that stopped at `limit + 1` things found, or found them all: exact
/// unless it went past the limit or the node budget or a stop flag cut it.
fn up_to(found: u64, limit: Option<u64>, stop: Stop) -> Count {
    match limit {
        _ if matches!(stop, Stop::NodeBudget | Stop::Interrupted) => Count::at_least(found),
        Some(limit) if found > limit => Count::at_least(found),
        _ => Count::exactly(found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;
    use crate::sudominoku::PuzzleFile;

    /// The task's second sample puzzle, `placed` of its eleven dominoes kept.
    fn sample_with(placed: usize) -> Puzzle {
        let dominoes = [
            "5 I9 2 H9",
            "6 A5 7 A6",
            "4 B8 6 C8",
            "3 B5 8 B4",
            "3 C3 2 D3",
            "9 D2 8 E2",
            "3 G2 5 H2",
            "1 A2 8 A1",
            "1 H8 3 I8",
            "8 I3 7 I4",
            "4 I6 9 I7",
        ];
        let text = format!(
            "{placed}\n{}\nI5 E6 D1 F2 B3 G9 H7 C9 E5\n0\n",
            dominoes[..placed].join("\n")
        );
        PuzzleFile::parse(&text).entries.remove(0).puzzle.unwrap()
    }

    /// Every digit grid of a puzzle, from every cover.
    fn all_grids(puzzle: &Puzzle) -> Vec<Grid> {
        let encoding = Encoding::new(puzzle);
        let mut dlx = EngineKind::Links
            .load_preferring(encoding.problem(), RULE)
            .unwrap();
        let mut grids = Vec::new();
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes: None,
        };
        dlx.search(limits, &mut |options: &[OptionId]| {
            let mut grid = puzzle.givens().clone();
            encoding.fill(&mut grid, options);
            grids.push(grid);
            ControlFlow::Continue(())
        });
        grids
    }

    #[test]
    fn a_raised_stop_flag_leaves_the_answer_undecided() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let raised = StopFlag::new(Arc::new(AtomicBool::new(true)));
        let puzzle = sample_with(1);
        let tilings = puzzle.count_tilings_within(None, None, &raised);
        assert_eq!(tilings.stop, Stop::Interrupted);
        assert_eq!(tilings.answer, Count::at_least(0));
        let grids = puzzle.count_grids_within(None, None, &raised);
        assert_eq!(grids.answer, Count::at_least(0));
        let smallest = puzzle.solve_smallest_within(None, &raised);
        assert!(smallest.cut_short() && smallest.answer.is_none());
    }

    #[test]
    fn the_smallest_grid_is_chosen_among_several() {
        // Fewer dominoes placed leave several grids; the answer is their row-major minimum.
        let mut tried_several = false;
        for placed in (0..=11).rev() {
            let puzzle = sample_with(placed);
            // Enumerating every cover must stay quick.
            if !puzzle.count_tilings(Some(2_000)).complete {
                break;
            }
            let grids = all_grids(&puzzle);
            let smallest = grids.iter().map(|g| g.cells().to_vec()).min().unwrap();
            let found = puzzle
                .solve_smallest_within(None, &StopFlag::never())
                .answer
                .unwrap();
            found.check_against(&puzzle).unwrap();
            assert_eq!(
                found.grid.cells(),
                &smallest[..],
                "{placed} dominoes placed"
            );
            let distinct: std::collections::HashSet<&[u8]> =
                grids.iter().map(|g| g.cells()).collect();
            tried_several |= distinct.len() > 1;
            if tried_several {
                break;
            }
        }
        assert!(tried_several, "some puzzle had several grids");
    }
}
