//! Counts over a run: how many puzzles ended in each status, and the figures of the summary.

use super::answer::{Answer, Detail, Status};
use super::report::report;
use super::Exit;

/// What a command does to each puzzle, which decides the figures of its summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A search: solved, no solution, multiple, undecided, malformed, nodes.
    Search,
    /// A propagation pass: solved (the grid filled), partial, contradiction, malformed, cells
    /// filled.
    Propagation,
    /// A generator: puzzles made, failed, givens (or cages) per puzzle, full grids made, grids
    /// given up, uniqueness questions, nodes.
    Generation,
}

/// The mean, least and most of some numbers, one at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spread {
    pub count: u64,
    pub sum: u64,
    pub min: u64,
    pub max: u64,
}

impl Spread {
    pub fn add(&mut self, value: u64) {
        if self.count == 0 || value < self.min {
            self.min = value;
        }
        self.max = self.max.max(value);
        self.count += 1;
        self.sum += value;
    }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.count == 0 {
            return f.write_str("none");
        }
        let mean = self.sum as f64 / self.count as f64;
        write!(f, "mean {mean:.1}, min {}, max {}", self.min, self.max)
    }
}

/// Counts of each status over a run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub puzzles: u64,
    pub solved: u64,
    pub partial: u64,
    pub no_solution: u64,
    pub contradiction: u64,
    pub multiple: u64,
    pub undecided: u64,
    pub malformed: u64,
    pub nodes: u64,
    /// The engine's own figures (the board's deductions), summed by name in the order met.
    pub figures: Vec<(&'static str, u64)>,
    /// Cells filled by propagation passes.
    pub filled: u64,
    /// Answers equal to the solution the file publishes, and answers that differ from it.
    pub agree: u64,
    pub differ: u64,
    /// What a generator spent: givens (or a Killer's cages) per puzzle made, full grids made,
    /// grids given up, uniqueness questions.
    pub givens: Spread,
    pub cages: Spread,
    pub attempts: u64,
    pub restarts: u64,
    pub checks: u64,
}

impl Tally {
    pub fn add(&mut self, answer: &Answer) {
        self.puzzles += 1;
        self.nodes += answer.nodes;
        for &(name, value) in &answer.figures {
            match self.figures.iter_mut().find(|(seen, _)| *seen == name) {
                Some((_, sum)) => *sum += value,
                None => self.figures.push((name, value)),
            }
        }
        if let Detail::Propagated(propagated) = &answer.detail {
            self.filled += propagated.filled;
        }
        match answer.agrees {
            Some(true) => self.agree += 1,
            Some(false) => self.differ += 1,
            None => {}
        }
        if let Detail::Made(made) = answer.detail {
            match made.cages {
                Some(cages) => self.cages.add(cages),
                None => self.givens.add(made.givens),
            }
            self.attempts += made.attempts;
            self.restarts += made.restarts;
            self.checks += made.checks;
        }
        *match answer.status {
            Status::Solved => &mut self.solved,
            Status::Partial => &mut self.partial,
            Status::NoSolution => &mut self.no_solution,
            Status::Contradiction => &mut self.contradiction,
            Status::Multiple => &mut self.multiple,
            Status::Undecided => &mut self.undecided,
            Status::Malformed => &mut self.malformed,
        } += 1;
    }

    /// The exit code: bad input first, then unsolved (an answer that differs from the
    /// solution the file publishes is one: the file or the solver is wrong), then undecided.
    pub fn exit(&self) -> Exit {
        if self.malformed > 0 {
            Exit::BadInput
        } else if self.no_solution > 0
            || self.contradiction > 0
            || self.multiple > 0
            || self.differ > 0
        {
            Exit::Unsolved
        } else if self.undecided > 0 {
            Exit::Undecided
        } else {
            Exit::Solved
        }
    }

    /// Prints the summary of a run of `work` that took `seconds` on stderr: the figures that
    /// kind of work has, and how many answers agreed with the solutions the files publish.
    pub fn print_summary(&self, work: Work, seconds: f64) {
        let t = self;
        if work == Work::Propagation {
            report!(
                "puzzles: {}\nsolved: {}\npartial: {}\ncontradiction: {}\nmalformed: {}\n\
                 cells filled: {}\ntime: {:.3} s\npuzzles per second: {:.0}",
                t.puzzles,
                t.solved,
                t.partial,
                t.contradiction,
                t.malformed,
                t.filled,
                seconds,
                t.puzzles as f64 / seconds.max(1e-9),
            );
        } else if work == Work::Generation {
            let clues = match t.cages.count {
                0 => format!("givens: {}", t.givens),
                _ => format!("cages: {}", t.cages),
            };
            report!(
                "puzzles made: {}\nfailed: {}\n{clues}\nfull grids made: {}\ngrids given up: {}\n\
                 uniqueness checks: {}\nnodes: {}\ntime: {:.3} s\npuzzles per second: {:.0}",
                t.solved,
                t.malformed,
                t.attempts,
                t.restarts,
                t.checks,
                t.nodes,
                seconds,
                t.solved as f64 / seconds.max(1e-9),
            );
        } else {
            report!(
                "puzzles: {}\nsolved: {}\nno solution: {}\nmultiple: {}\nundecided: {}\n\
                 malformed: {}\nnodes: {}\ntime: {:.3} s\npuzzles per second: {:.0}",
                t.puzzles,
                t.solved,
                t.no_solution,
                t.multiple,
                t.undecided,
                t.malformed,
                t.nodes,
                seconds,
                t.puzzles as f64 / seconds.max(1e-9),
            );
            for (name, sum) in &t.figures {
                report!("{name}: {sum}");
            }
        }
        if t.agree + t.differ > 0 {
            report!(
                "checked against the file's solutions: {} agree, {} differ",
                t.agree,
                t.differ
            );
        }
    }
}
