//! Timing Sudoku solvers over a collection, every answer validated: what the command-line
//! benchmark prints and what the criterion benches measure.
//!
//! Only the solving is timed (each call between two clock reads); checking each solution
//! against its puzzle happens outside the timed span, so a slow check does not flatter a slow
//! solver.

use dlx_engine::{Outcome, Stop};
use dlx_puzzles::sudoku::{Algorithm, Grid, Mode, Propagation, Solvers, Verdict};
use std::fmt;
use std::time::{Duration, Instant};

/// A solver as the benches name it: an algorithm, with or without a pre-pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The search that answers each puzzle.
    pub algorithm: Algorithm,
    /// The pass run on each puzzle before the search, inside the timed span.
    pub propagation: Propagation,
}

impl Contender {
    /// Every contender, in the order the benches list them.
    pub const ALL: [Contender; 4] = [
        Contender::new(Algorithm::Dlx, Propagation::None),
        Contender::new(Algorithm::Dlx, Propagation::CrossHatch),
        Contender::new(Algorithm::Candidates, Propagation::None),
        Contender::new(Algorithm::Backtrack, Propagation::None),
    ];

    /// The contender running `algorithm` after `propagation`; `const` so that [`Contender::ALL`]
    /// can be written with it.
    pub const fn new(algorithm: Algorithm, propagation: Propagation) -> Contender {
        Contender {
            algorithm,
            propagation,
        }
    }

    /// The contender's name: `dlx`, `dlx+crosshatch`, `candidates`, `backtrack`, ...
    pub fn name(self) -> String {
        let base = match self.algorithm {
            Algorithm::Dlx => "dlx",
            Algorithm::Backtrack => "backtrack",
            Algorithm::Candidates => "candidates",
        };
        match self.propagation {
            Propagation::None => base.to_string(),
            Propagation::CrossHatch => format!("{base}+crosshatch"),
        }
    }

    /// The contender with this name, if any.
    pub fn from_name(name: &str) -> Option<Contender> {
        let (base, pass) = match name.split_once('+') {
            Some((base, "crosshatch")) => (base, Propagation::CrossHatch),
            Some(_) => return None,
            None => (name, Propagation::None),
        };
        let algorithm = match base {
            "dlx" => Algorithm::Dlx,
            "backtrack" => Algorithm::Backtrack,
            "candidates" => Algorithm::Candidates,
            _ => return None,
        };
        Some(Contender::new(algorithm, pass))
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

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
    /// Puzzles answered with a solution that passed validation (under [`Mode::Count`], puzzles
    /// with at least one solution).
    pub solved: usize,
    /// Puzzles found to have no solution, by the search or by a contradiction in the pre-pass.
    pub no_solution: usize,
    /// Puzzles found to have two solutions or more, under [`Mode::Unique`].
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

/// Solves every puzzle with `contender` under `mode` (single thread), validating each solution,
/// until the solvers' stop flag is raised ([`Measurement::interrupted`]).
pub fn measure(
    puzzles: &[Grid],
    contender: Contender,
    mode: Mode,
    solvers: &mut Solvers,
) -> Measurement {
    let mut m = Measurement {
        puzzles: puzzles.len(),
        ..Measurement::default()
    };
    for puzzle in puzzles {
        let started = Instant::now();
        let outcome =
            solvers.solve_propagated(puzzle, contender.algorithm, mode, contender.propagation);
        m.solving += started.elapsed();
        if outcome.stop == Stop::Interrupted || solvers.stop_flag().is_raised() {
            m.interrupted = true;
            break;
        }
        m.add(outcome, |solution| {
            solution.check_solution_of(puzzle).is_ok()
        });
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_puzzles::sudoku::Grid;

    #[test]
    fn names_round_trip() {
        for contender in Contender::ALL {
            assert_eq!(Contender::from_name(&contender.name()), Some(contender));
        }
        assert_eq!(
            Contender::from_name("candidates+crosshatch"),
            Some(Contender::new(
                Algorithm::Candidates,
                Propagation::CrossHatch
            ))
        );
        assert_eq!(Contender::from_name("dlx+magic"), None);
        assert_eq!(Contender::from_name("quantum"), None);
    }

    #[test]
    fn every_contender_solves_and_validates_the_same_puzzles() {
        // Two proper puzzles the project made, and one whose r1c1 needs the 9 that r2c1 holds.
        let unsolvable = format!(".123456789{}", ".".repeat(71));
        let puzzles: Vec<Grid> = [
            ".2864.917917258...4.31975..6.97.52.42.43.9175.75824639391572.4.8.6931.527524.6.91",
            ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..",
            &unsolvable,
        ]
        .iter()
        .map(|line| Grid::parse_line(line, 1).unwrap())
        .collect();
        let mut solvers = Solvers::with_node_budget(Some(50_000_000));
        for contender in Contender::ALL {
            let m = measure(&puzzles, contender, Mode::Unique, &mut solvers);
            assert_eq!(
                (m.solved, m.no_solution, m.invalid),
                (2, 1, 0),
                "{contender}"
            );
            assert!(m.nodes > 0 && m.puzzles_per_second() > 0.0);
        }
    }
}
