//! What the page asks: the kind of input, the question, the algorithm, the text, and the
//! limits, read from the JSON the worker hands over.

use dlx_engine::EngineKind;
use dlx_puzzles::sudoku::variant::Variants;
use serde_json::Value;

/// The longest text the page hands over: a collection of a hundred thousand 9x9 puzzles fits,
/// and a paste past it gets a message instead of a tab out of memory.
pub const MAX_TEXT_BYTES: usize = 16 << 20;

/// The most solutions of an exact-cover problem listed by one request.
pub const MOST_LISTED: u64 = 10_000;

/// One search the page asks for.
#[derive(Clone, Debug)]
pub struct Request {
    /// What the text holds.
    pub kind: Kind,
    /// What to ask of each puzzle or problem.
    pub task: Task,
    /// Who searches.
    pub algorithm: Algorithm,
    /// The puzzles or the problem, as typed or pasted.
    pub text: String,
    /// Solutions listed for an exact-cover problem (its `limit` cheapest when it has costs).
    pub listed: u64,
    /// Nodes a puzzle's search may take before it is given up (`None`: no bound).
    pub max_nodes: Option<u64>,
}

/// What the text holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Classic Sudoku of any box shape, one a line or in the grid formats.
    Sudoku,
    /// Sudoku under variant rules (a comma-separated list of variant names), one a line.
    Variants(Variants),
    /// Su-domino-ku, in the task's format.
    Sudominoku,
    /// An exact-cover problem in Knuth's format.
    Xc,
}

/// What to ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// A solution (for an exact-cover problem, the first few, or the cheapest few).
    Solve,
    /// How many solutions.
    Count,
    /// Whether there is exactly one.
    Unique,
}

/// Who searches: an exact-cover engine, or a backtracking baseline (Sudoku and its variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// One of the engines, or `auto`'s choice.
    Engine(EngineKind),
    /// The textbook backtracker.
    Backtrack,
    /// The strong baseline: candidate bitmasks, fewest candidates first (classic rules only).
    Candidates,
}

impl Algorithm {
    /// The name the page shows and sends.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Engine(kind) => kind.name(),
            Algorithm::Backtrack => "backtrack",
            Algorithm::Candidates => "candidates",
        }
    }

    /// The algorithm of a name, if it is one.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        match name {
            "backtrack" => Some(Algorithm::Backtrack),
            "candidates" => Some(Algorithm::Candidates),
            engine => EngineKind::from_name(engine).map(Algorithm::Engine),
        }
    }

    /// Every algorithm that can answer `kind`, in the order the comparison runs them.
    pub fn for_kind(kind: &Kind) -> Vec<Algorithm> {
        let mut all: Vec<Algorithm> = EngineKind::ALL.into_iter().map(Algorithm::Engine).collect();
        match kind {
            Kind::Sudoku => all.extend([Algorithm::Backtrack, Algorithm::Candidates]),
            Kind::Variants(_) => all.push(Algorithm::Backtrack),
            Kind::Sudominoku | Kind::Xc => {}
        }
        all
    }
}

impl Kind {
    /// The kind a name gives: `sudoku`, `sudominoku`, `xc`, or a comma-separated list of
    /// variants (`x`, `windoku`, `anti-king`, `anti-knight`, `jigsaw`, `killer`).
    pub fn from_name(name: &str) -> Result<Kind, String> {
        match name {
            "sudoku" => Ok(Kind::Sudoku),
            "sudominoku" => Ok(Kind::Sudominoku),
            "xc" => Ok(Kind::Xc),
            "" => Err("no kind given (sudoku, a variant, sudominoku or xc)".to_string()),
            list => Variants::parse(list).map(Kind::Variants).map_err(|error| {
                format!("unknown kind {list:?} (sudoku, a variant, sudominoku or xc): {error}")
            }),
        }
    }
}

impl Request {
    /// Reads a request: `{"kind", "task", "algorithm", "text", "listed", "max_nodes"}`, all but
    /// the text optional (a Sudoku solved by `auto`, ten solutions listed, no node bound).
    pub fn from_json(json: &str) -> Result<Request, String> {
        let value: Value =
            serde_json::from_str(json).map_err(|error| format!("a malformed request: {error}"))?;
        if !value.is_object() {
            return Err(format!(
                "a request is a JSON object of named fields, not {value}"
            ));
        }
        let field = |name: &str| value.get(name).filter(|v| !v.is_null());
        let name = |name: &str, default: &'static str| -> Result<String, String> {
            match field(name) {
                None => Ok(default.to_string()),
                Some(Value::String(text)) => Ok(text.clone()),
                Some(other) => Err(format!("{name} should be a string, not {other}")),
            }
        };
        let number = |name: &str| -> Result<Option<u64>, String> {
            match field(name) {
                None => Ok(None),
                Some(v) => v
                    .as_u64()
                    .map(Some)
                    .ok_or(format!("{name} should be a whole number from 0, not {v}")),
            }
        };
        let kind = Kind::from_name(&name("kind", "sudoku")?)?;
        let task = match name("task", "solve")?.as_str() {
            "solve" => Task::Solve,
            "count" => Task::Count,
            "unique" => Task::Unique,
            other => return Err(format!("unknown task {other:?} (solve, count or unique)")),
        };
        let algorithm_name = name("algorithm", "auto")?;
        let algorithm = Algorithm::from_name(&algorithm_name).ok_or(format!(
            "unknown algorithm {algorithm_name:?} (an engine: auto, links, cells, bits, board, \
             planes; or backtrack, candidates)"
        ))?;
        let text = name("text", "")?;
        if text.len() > MAX_TEXT_BYTES {
            return Err(format!(
                "the input is {} bytes, more than the {MAX_TEXT_BYTES} the page takes",
                text.len()
            ));
        }
        let listed = number("listed")?.unwrap_or(10);
        if !(1..=MOST_LISTED).contains(&listed) {
            return Err(format!(
                "listed should be from 1 to {MOST_LISTED}, not {listed}"
            ));
        }
        Ok(Request {
            kind,
            task,
            algorithm,
            text,
            listed,
            max_nodes: number("max_nodes")?,
        })
    }
}
