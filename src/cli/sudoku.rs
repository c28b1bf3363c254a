//! `dlx sudoku`: solve each puzzle of a file, in order, in the input's text format.
//!
//! The work on one puzzle is [`answer_puzzle`] (and [`answer_line`] for one line of the line
//! format): parsed puzzle in, output text and status out, with no I/O, so a batch runner can
//! call it from many threads. [`run`] is only the sequential loop around it.

use super::input;
use super::Exit;
use dlx_solver::sudoku::{self, Algorithm, Format, Mode, ParseError, Puzzle, Solvers, Verdict};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Formats (detected from the first puzzle line unless --format is given):
  spaced   N lines of N numbers separated by spaces, 0 for empty (Baekjoon 2580)
  compact  N lines of N symbols
  line     one puzzle per line, N*N symbols; the length picks the size (81: 9x9, 256: 16x16)
Symbols: . or 0 empty, 1-9, then A-Z for 10-35 (a-z too, case-insensitive up to size 35;
above 35, a-z are 36-61). Lines starting with # and blank lines are skipped; CRLF is accepted.

Output, in the input's format unless --to says otherwise: per puzzle its solution, or in its
place one line `no solution`, `multiple` (under --unique), `undecided` (--max-nodes ran out) or
`error: line L, column C: ...` (also written to stderr with the file name); with --count, the
number of solutions. Line format: exactly one output line per input puzzle line, in order.
Grid formats: grids separated by a blank line.

Exit codes: 0 every puzzle solved (--unique: uniquely), 1 some puzzle has no solution (or
several under --unique), 2 bad input (a malformed puzzle, an unreadable or empty file),
3 --max-nodes ran out before some puzzle was decided.")]
pub struct SudokuArgs {
    /// Puzzle file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// The input's format (default: detected).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// The output's format (default: the input's).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<FormatArg>,
    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(long, conflicts_with = "unique")]
    count: bool,
    /// With --count, stop counting at N solutions.
    #[arg(long, value_name = "N", requires = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Print a solution only if it is the only one (the search stops at the second).
    #[arg(long)]
    unique: bool,
    /// The solver: dlx (dancing links) or backtrack (the textbook baseline).
    #[arg(long, value_enum, default_value = "dlx")]
    algo: AlgoArg,
    /// Give up on a puzzle after this many search-tree nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// A propagation pass run on each puzzle before the search: `crosshatch` fills the cells
    /// cross-hatching forces (and answers `no solution` at once on a contradiction), so the
    /// engine gets only the remaining cells; `none` searches the puzzle as given.
    #[arg(long, value_enum, default_value = "none")]
    propagate: PropagateArg,
    /// Print puzzles, solved, unsolved, nodes and time to stderr.
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FormatArg {
    Spaced,
    Compact,
    Line,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Spaced => Format::Spaced,
            FormatArg::Compact => Format::Compact,
            FormatArg::Line => Format::Line,
        }
    }
}

/// The pass run before the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PropagateArg {
    None,
    Crosshatch,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum AlgoArg {
    Dlx,
    Backtrack,
}

/// What to do with each puzzle: the solver, the question, the output format.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub algorithm: Algorithm,
    pub mode: Mode,
    pub output: Format,
    pub propagate: PropagateArg,
}

/// How one puzzle ended, for the summary and the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Solved,
    NoSolution,
    Multiple,
    Undecided,
    Malformed,
}

/// The answer to one puzzle: the text to print (ending with a newline) and how it ended.
#[derive(Clone, Debug)]
pub struct Answer {
    pub line: usize,
    pub text: String,
    pub status: Status,
    pub nodes: u64,
    /// The parse error of a malformed puzzle, for the message on stderr.
    pub error: Option<ParseError>,
}

/// Solves one parsed puzzle (or reports its parse error) under `options`.
pub fn answer_puzzle(
    puzzle: Result<Puzzle, ParseError>,
    options: &Options,
    solvers: &mut Solvers,
) -> Answer {
    let puzzle = match puzzle {
        Ok(puzzle) => puzzle,
        Err(error) => {
            return Answer {
                line: error.line,
                text: format!("error: {error}\n"),
                status: Status::Malformed,
                nodes: 0,
                error: Some(error),
            }
        }
    };
    let (verdict, nodes) = match options.propagate {
        PropagateArg::None => solvers.solve(&puzzle.grid, options.algorithm, options.mode),
        PropagateArg::Crosshatch => {
            // Every cell the pass writes is forced, so the propagated grid has exactly the
            // puzzle's solutions, and a contradiction means there are none.
            let mut grid = puzzle.grid;
            match sudoku::cross_hatch_in_place(&mut grid, |_, _| {}) {
                Ok(_) => solvers.solve(&grid, options.algorithm, options.mode),
                Err(_) if matches!(options.mode, Mode::Count { .. }) => (Verdict::Count(0), 0),
                Err(_) => (Verdict::NoSolution, 0),
            }
        }
    };
    let (text, status) = match verdict {
        Verdict::Solved(grid) => (
            sudoku::grid_to_string(&grid, options.output),
            Status::Solved,
        ),
        Verdict::NoSolution => ("no solution\n".to_string(), Status::NoSolution),
        Verdict::Multiple => ("multiple\n".to_string(), Status::Multiple),
        Verdict::Undecided => ("undecided\n".to_string(), Status::Undecided),
        Verdict::Count(count) => {
            let status = if count == 0 {
                Status::NoSolution
            } else {
                Status::Solved
            };
            (format!("{count}\n"), status)
        }
    };
    Answer {
        line: puzzle.line,
        text,
        status,
        nodes,
        error: None,
    }
}

/// Answers one line of the line format (`line_number` 1-based), or `None` for a blank or comment
/// line, which yields no output.
pub fn answer_line(
    text: &str,
    line_number: usize,
    options: &Options,
    solvers: &mut Solvers,
) -> Option<Answer> {
    if sudoku::is_skipped_line(text) {
        return None;
    }
    let puzzle = sudoku::parse_line(text, line_number).map(|grid| Puzzle {
        line: line_number,
        grid,
    });
    Some(answer_puzzle(puzzle, options, solvers))
}

/// Counts of each status over a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub puzzles: u64,
    pub solved: u64,
    pub no_solution: u64,
    pub multiple: u64,
    pub undecided: u64,
    pub malformed: u64,
    pub nodes: u64,
}

impl Tally {
    pub fn add(&mut self, answer: &Answer) {
        self.puzzles += 1;
        self.nodes += answer.nodes;
        *match answer.status {
            Status::Solved => &mut self.solved,
            Status::NoSolution => &mut self.no_solution,
            Status::Multiple => &mut self.multiple,
            Status::Undecided => &mut self.undecided,
            Status::Malformed => &mut self.malformed,
        } += 1;
    }

    /// The exit code: bad input first, then unsolved, then undecided.
    pub fn exit(&self) -> Exit {
        if self.malformed > 0 {
            Exit::BadInput
        } else if self.no_solution > 0 || self.multiple > 0 {
            Exit::Unsolved
        } else if self.undecided > 0 {
            Exit::Undecided
        } else {
            Exit::Solved
        }
    }
}

/// A puzzle file's text, its name for messages, and its format (given or detected).
pub struct PuzzleText {
    pub name: String,
    pub text: String,
    pub format: Format,
}

/// Reads a puzzle file (or standard input) and settles its format: `format` if given, else the
/// one detected from the first puzzle line. Shared by every command that reads Sudoku puzzles.
pub fn read_puzzle_text(
    file: Option<&Path>,
    format: Option<FormatArg>,
) -> anyhow::Result<PuzzleText> {
    let input = input::read_all(file)?;
    let text = String::from_utf8_lossy(&input.bytes).into_owned();
    let Some(format) = format
        .map(Format::from)
        .or_else(|| sudoku::detect_format(&text))
    else {
        return Err(no_puzzle(&input.name));
    };
    Ok(PuzzleText {
        name: input.name,
        text,
        format,
    })
}

/// The error for an input that holds no puzzle.
pub fn no_puzzle(name: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "{name}: found no puzzle, expected at least one (the input is empty or only comments)"
    )
}

pub fn run(args: SudokuArgs) -> anyhow::Result<Exit> {
    let PuzzleText { name, text, format } = read_puzzle_text(args.file.as_deref(), args.format)?;
    let mode = if args.count {
        Mode::Count {
            limit: args.limit.unwrap_or(u64::MAX),
        }
    } else if args.unique {
        Mode::Unique
    } else {
        Mode::First
    };
    let options = Options {
        algorithm: match args.algo {
            AlgoArg::Dlx => Algorithm::Dlx,
            AlgoArg::Backtrack => Algorithm::Backtrack,
        },
        mode,
        output: args.to.map_or(format, Format::from),
        propagate: args.propagate,
    };
    let mut solvers = Solvers::with_node_budget(args.max_nodes);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let started = Instant::now();
    let mut emit = |answer: Answer| -> std::io::Result<()> {
        if tally.puzzles > 0 && options.output.is_grid() {
            out.write_all(b"\n")?;
        }
        out.write_all(answer.text.as_bytes())?;
        report(&name, &answer);
        tally.add(&answer);
        Ok(())
    };
    if format == Format::Line {
        // One line at a time, as a streaming batch runner reads them.
        for (index, line) in text.lines().enumerate() {
            if let Some(answer) = answer_line(line, index + 1, &options, &mut solvers) {
                emit(answer)?;
            }
        }
    } else {
        for puzzle in sudoku::parse_puzzles(&text, format) {
            emit(answer_puzzle(puzzle, &options, &mut solvers))?;
        }
    }
    out.flush()?;
    let elapsed = started.elapsed().as_secs_f64();
    if tally.puzzles == 0 {
        return Err(no_puzzle(&name));
    }
    if args.stats {
        eprintln!(
            "puzzles: {}\nsolved: {}\nno solution: {}\nmultiple: {}\nundecided: {}\nmalformed: {}\n\
             nodes: {}\ntime: {:.3} s\npuzzles per second: {:.0}",
            tally.puzzles,
            tally.solved,
            tally.no_solution,
            tally.multiple,
            tally.undecided,
            tally.malformed,
            tally.nodes,
            elapsed,
            tally.puzzles as f64 / elapsed.max(1e-9),
        );
    }
    Ok(tally.exit())
}

/// Writes a malformed or unsolvable puzzle's message to stderr, with the file name.
fn report(name: &str, answer: &Answer) {
    match (&answer.error, answer.status) {
        (Some(error), _) => eprintln!("dlx: {name}: {error}"),
        (None, Status::NoSolution) => eprintln!("dlx: {name}: line {}: no solution", answer.line),
        _ => {}
    }
}
