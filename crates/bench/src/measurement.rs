//! What one contender did on one collection: the tally of its answers and its solving time.

use dlx_engine::Outcome;
use dlx_puzzles::sudoku::{Grid, Verdict};
use std::time::Duration;

/// What one contender did on one collection.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measurement {
    /// Puzzles in the collection, each solved once.
    pub puzzles: usize,
    /// Time spent solving, validation excluded.
    pub solving: Duration,
    /// Search-tree nodes over all puzzles, as the solvers count them (a backtracker's nodes
    /// are not a DLX search's: compare them only within one algorithm).
    pub nodes: u64,
    /// Puzzles answered with a solution that passed validation (under [`Mode::Count`](dlx_puzzles::sudoku::Mode::Count), puzzles
    /// with at least one solution).
    pub solved: usize,
    /// Puzzles found to have no solution, by the search or by a contradiction in the pre-pass.
    pub no_solution: usize,
    /// Puzzles found to have two solutions or more, under [`Mode::Unique`](dlx_puzzles::sudoku::Mode::Unique).
    pub multiple: usize,
    /// Puzzles left undecided because the node budget ran out.
    pub undecided: usize,
    /// Answers that failed validation: a solution that breaks a rule or drops a given. Must be 0.
    pub invalid: usize,
    /// The solvers' stop flag was raised (a signal) before every puzzle was solved: the figures
    /// are those of the puzzles before it, not of the collection.
    pub interrupted: bool,
}

impl Measurement {
    /// Puzzles per second of solving time.
    pub fn puzzles_per_second(&self) -> f64 {
        self.puzzles as f64 / self.solving.as_secs_f64().max(1e-12)
    }

    /// Microseconds per puzzle.
    pub fn micros_per_puzzle(&self) -> f64 {
        self.solving.as_secs_f64() * 1e6 / self.puzzles.max(1) as f64
    }

    /// Search-tree nodes per puzzle.
    pub fn nodes_per_puzzle(&self) -> f64 {
        self.nodes as f64 / self.puzzles.max(1) as f64
    }

    /// Counts one puzzle's answer (its solving time is added by the caller); `is_valid` checks
    /// a solution against the puzzle and its rules.
    pub fn add(&mut self, outcome: Outcome<Verdict>, is_valid: impl FnOnce(&Grid) -> bool) {
        self.nodes += outcome.stats.nodes;
        match outcome.answer {
            Verdict::Solved(solution) => match is_valid(&solution) {
                true => self.solved += 1,
                false => self.invalid += 1,
            },
            Verdict::Count(_) if outcome.cut_short() => self.undecided += 1,
            Verdict::Count(count) if count.solutions == 0 => self.no_solution += 1,
            Verdict::NoSolution => self.no_solution += 1,
            Verdict::Count(_) => self.solved += 1,
            Verdict::Multiple => self.multiple += 1,
            Verdict::Undecided => self.undecided += 1,
        }
    }
}
