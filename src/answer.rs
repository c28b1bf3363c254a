//! The answer to one puzzle, as every command gives it: its status, its text, and the
//! fields its JSON line holds.

use dlx_engine::Count;

/// How one puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Solved,
    /// A propagation pass (`dlx crosshatch`) ended with cells still empty: an answer, not a
    /// failure.
    Partial,
    NoSolution,
    /// A propagation pass met a contradiction (`dlx crosshatch`'s ERROR): the puzzle has no
    /// solution, and the pass says why.
    Contradiction,
    Multiple,
    Undecided,
    Malformed,
}

impl Status {
    /// The word scripts see, in text output and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Partial => "partial",
            Status::NoSolution => "no solution",
            Status::Contradiction => "contradiction",
            Status::Multiple => "multiple",
            Status::Undecided => "undecided",
            Status::Malformed => "malformed",
        }
    }
}

/// The answer to one puzzle: what every command says of it (its line, status, text, solution,
/// nodes, time, and the file's names for it), and in [`Answer::detail`] what only some
/// commands say.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The line the puzzle starts on.
    pub line: usize,
    /// The text output: the solution in the output format, or the status line, ending with `\n`.
    pub text: String,
    pub status: Status,
    /// The solution on one line (for JSON), when there is one.
    pub solution: Option<String>,
    /// Search-tree nodes.
    pub nodes: u64,
    /// The message of a malformed puzzle.
    pub error: Option<String>,
    /// Time spent on this puzzle, parsing included.
    pub micros: u64,
    /// What to say about this puzzle on stderr, when the default (the error, or `line L: no
    /// solution`) does not name it as the command's format does.
    pub report: Option<String>,
    /// A command's own JSON fields, added to (or replacing) the common ones.
    pub extra: Vec<(&'static str, serde_json::Value)>,
    /// The engine's own figures beside its nodes (the board's deductions), summed by the
    /// run's `--stats` and written in JSON.
    pub figures: Vec<(&'static str, u64)>,
    /// The text that names the puzzle in its file (a grid's header, a line's comment), for JSON.
    pub label: Option<String>,
    /// Whether the answer is the solution the file publishes beside the puzzle (CSV).
    pub agrees: Option<bool>,
    /// The puzzle as the input wrote it, for JSON, when the command knows where it ends (a line
    /// without the text after it); else a line-format input's whole line.
    pub puzzle: Option<String>,
    /// What the command's kind of answer holds beyond the common part.
    pub detail: Detail,
}

/// What an answer holds beyond what every command says: a count, a propagation pass's result,
/// or what making a puzzle cost.
#[derive(Clone, Debug, Default)]
pub enum Detail {
    /// Nothing more: a solution, or a status.
    #[default]
    Plain,
    /// The number of solutions, and whether it is exact: not `complete` when counting stopped
    /// at --limit or at the node budget (the count is then a lower bound).
    Counted(Count),
    /// What a propagation pass made of the puzzle, for a command that runs one instead of a
    /// search.
    Propagated(Propagated),
    /// What a generator spent on the puzzle it made, for its summary.
    Made(Made),
}

/// What a generator spent on one puzzle it made.
#[derive(Clone, Copy, Debug, Default)]
pub struct Made {
    /// The givens the puzzle keeps.
    pub givens: u64,
    /// A Killer's cages (it keeps no givens).
    pub cages: Option<u64>,
    /// Full grids made (more than one when a rating filter threw puzzles away).
    pub attempts: u64,
    /// Grids (or layouts) given up because a uniqueness question took too many nodes.
    pub restarts: u64,
    /// Uniqueness questions asked of the engine.
    pub checks: u64,
}

/// The result of a propagation pass, for JSON.
#[derive(Clone, Debug, Default)]
pub struct Propagated {
    /// The grid the pass left, on one line (`None` after a contradiction).
    pub grid: Option<String>,
    /// Cells the pass filled (before the contradiction, if any).
    pub filled: u64,
    /// Why the puzzle is contradictory.
    pub contradiction: Option<String>,
}

impl Answer {
    /// The answer for the puzzle on `line`: `status`, and `text` to print; every other field
    /// empty (no solution, no count, no node, no time), for a command to fill in.
    pub fn new(line: usize, status: Status, text: String) -> Answer {
        Answer {
            line,
            text,
            status,
            solution: None,
            nodes: 0,
            error: None,
            micros: 0,
            report: None,
            extra: Vec::new(),
            figures: Vec::new(),
            label: None,
            agrees: None,
            puzzle: None,
            detail: Detail::Plain,
        }
    }

    /// The count of solutions, when the answer is one.
    pub fn count(&self) -> Option<Count> {
        match self.detail {
            Detail::Counted(count) => Some(count),
            _ => None,
        }
    }

    /// The answer's JSON object, for the puzzle in `file` (`puzzle`: the input's line, when the
    /// answer does not say where its puzzle ends).
    pub fn to_json(&self, file: &str, puzzle: Option<&[u8]>) -> serde_json::Value {
        let mut object = serde_json::json!({
            "file": file,
            "line": self.line,
            "puzzle": self
                .puzzle
                .clone()
                .or_else(|| puzzle.map(|p| String::from_utf8_lossy(p).into_owned())),
            "status": self.status.word(),
            "solution": self.solution,
            "nodes": self.nodes,
            "micros": self.micros,
        });
        if let Some(label) = &self.label {
            object["label"] = label.clone().into();
        }
        if let Some(agrees) = self.agrees {
            object["agrees"] = agrees.into();
        }
        if let Some(error) = &self.error {
            object["error"] = error.clone().into();
        }
        match &self.detail {
            Detail::Plain | Detail::Made(_) => {}
            Detail::Counted(count) => {
                object["solutions"] = count.solutions.into();
                object["complete"] = count.complete.into();
            }
            Detail::Propagated(propagated) => {
                object["grid"] = propagated.grid.clone().into();
                object["filled"] = propagated.filled.into();
                object["contradiction"] = propagated.contradiction.clone().into();
            }
        }
        for (key, value) in &self.extra {
            object[*key] = value.clone();
        }
        for &(key, value) in &self.figures {
            object[key] = value.into();
        }
        object
    }

    /// The answer for a puzzle that could not be read.
    pub fn malformed(line: usize, message: String) -> Answer {
        Answer {
            error: Some(message.clone()),
            ..Answer::new(line, Status::Malformed, format!("error: {message}\n"))
        }
    }

    /// What stderr says about this puzzle, if anything: its report, its error, or that it has no
    /// solution.
    pub fn note(&self) -> Option<String> {
        match (&self.report, &self.error, self.status) {
            (Some(report), _, _) => Some(report.clone()),
            (None, Some(error), _) => Some(error.clone()),
            (None, None, Status::NoSolution) => Some(format!("line {}: no solution", self.line)),
            _ => None,
        }
    }
}

/// A count as every command prints it: `N` when exact, `N+` when a lower bound (counting
/// stopped at --limit), `N+ undecided` when the node budget ran out first.
pub fn count_text(count: Count, undecided: bool) -> String {
    if undecided {
        format!("{count} undecided\n")
    } else {
        format!("{count}\n")
    }
}
