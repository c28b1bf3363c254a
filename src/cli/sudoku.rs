//! `dlx sudoku`: solve each puzzle of a file, in order, in the input's text format.
//!
//! The work on one puzzle is [`answer_puzzle`] (and [`answer_line`] for one line of the line
//! format): parsed puzzle in, output text and status out, with no I/O, so a batch runner can
//! call it from many threads. [`run`] is only the sequential loop around it.

use super::batch::{self, Answer, BatchArgs, Run, Status, Work};
use super::{interrupt, Exit};
use dlx_solver::sudoku::{
    self, Algorithm, Format, GridError, Mode, ParseError, ParseErrorKind, Propagation, Puzzle,
    Solvers, Verdict,
};
use std::time::Instant;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Formats (detected from the first puzzle line unless --format is given):
  spaced   N lines of N numbers separated by spaces, 0 for empty (Baekjoon 2580)
  compact  N lines of N symbols
  line     one puzzle per line, N*N symbols; the length picks the size (81: 9x9, 256: 16x16)
Symbols: . or 0 empty, 1-9, then A-Z for 10-35 (a-z too, case-insensitive up to size 35;
above 35, a-z are 36-61). Lines starting with # and blank lines are skipped; CRLF and CR line
endings are accepted, spaces around a line-format puzzle ignored. A line longer than 8 KiB is
one malformed record (`line N: line longer than 8192 bytes`), skipped; grid-format inputs are
read whole, up to --max-input-bytes.

Output, in the input's format unless --to says otherwise: per puzzle its solution, or in its
place one line `no solution` (also for givens that repeat a digit in a unit: the clash goes to
stderr), `multiple` (under --unique), `undecided` (--max-nodes ran out) or `error: line L,
column C: ...` (also written to stderr with the file name); with --count, the number of
solutions: `N` exact, `N+` a lower bound (counting reached --limit; JSON: \"complete\": false),
`N+ undecided` (--max-nodes ran out first). Line format: exactly one output line per input
puzzle line, in order. Grid formats: grids separated by a blank line.
On SIGINT or SIGTERM: no new puzzle is started, every whole answer so far is written (with
--output, put in place), the summary says `interrupted after N puzzles`, exit 130 or 143; a
second signal ends at once.

Exit codes: 0 every puzzle solved (--unique: uniquely), 1 some puzzle has no solution (or
several under --unique), 2 bad input (a malformed puzzle, an unreadable or empty input, alone
or among others) or an output that cannot be written, 3 --max-nodes ran out before some puzzle
was decided, 130/143 SIGINT/SIGTERM.")]
pub struct SudokuArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// The input's format (default: detected).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// The output's format (default: the input's).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<FormatArg>,
    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(long, conflicts_with = "unique")]
    count: bool,
    /// With --count, stop counting at N solutions (the count then prints as `N+`).
    #[arg(long, value_name = "N", requires = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Print a solution only if it is the only one (the search stops at the second).
    #[arg(long)]
    unique: bool,
    /// The solver: dlx (dancing links), backtrack (the textbook baseline) or candidates (the
    /// strong baseline: candidate bitmasks, fewest candidates first).
    #[arg(long, value_enum, default_value = "dlx")]
    algo: AlgoArg,
    /// Give up on a puzzle after this many search-tree nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// A propagation pass run on each puzzle before the search: `crosshatch` fills the cells
    /// cross-hatching forces (and answers `no solution` at once on a contradiction), so the
    /// engine gets only the remaining cells; `none` searches the puzzle as given (measured no
    /// slower: `--algo dlx` fills every naked and hidden single itself before its search).
    #[arg(long, value_enum, default_value = "none")]
    propagate: PropagateArg,
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

/// How much of a source is read ahead, at most, to find its first puzzle line: comments and
/// blank lines can come first, as many as they like, but not beyond memory.
const DETECTION_LIMIT: usize = 64 << 20;

/// The format of a source: the one given, or the one its first puzzle line shows (`None` for a
/// source with no puzzle line). Detection reads ahead past any leading comments to the first
/// puzzle line and the lines a compact grid would take after it (nothing is consumed).
pub fn source_format(
    source: &mut batch::Source,
    given: Option<FormatArg>,
) -> anyhow::Result<Option<Format>> {
    if let Some(format) = given {
        return Ok(Some(format.into()));
    }
    let mut lines_after_first: Option<usize> = None;
    let ahead = batch::read_ahead(
        source,
        DETECTION_LIMIT,
        |line| match &mut lines_after_first {
            Some(after) => {
                *after += 1;
                *after >= sudoku::MAX_SIDE
            }
            None => {
                let text = String::from_utf8_lossy(line);
                let text = text.trim_start_matches('\u{feff}');
                if !sudoku::is_skipped_line(text.trim_end_matches(['\n', '\r'])) {
                    lines_after_first = Some(0);
                }
                false
            }
        },
    )?;
    let head = String::from_utf8_lossy(batch::peek(source)?);
    let format = sudoku::detect_format(&head);
    if format.is_none() && !ahead.ended {
        anyhow::bail!(
            "{}: found no puzzle line in the first {} MiB, expected one (only comments and \
             blank lines so far); give --format to read on without detecting the format",
            source.name,
            ahead.bytes >> 20
        );
    }
    Ok(format)
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
    Candidates,
}

/// What to do with each puzzle: the solver, the question, the output format.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub algorithm: Algorithm,
    pub mode: Mode,
    pub output: Format,
    pub propagate: PropagateArg,
}

/// Solves one parsed puzzle (or reports its parse error) under `options`.
pub fn answer_puzzle(
    puzzle: Result<Puzzle, ParseError>,
    options: &Options,
    solvers: &mut Solvers,
) -> Answer {
    let puzzle = match puzzle {
        Ok(puzzle) => puzzle,
        // Well-formed givens that break the rules (a digit twice in a unit): a puzzle without
        // solution, not bad input; stderr names the clash.
        Err(
            error @ ParseError {
                kind: ParseErrorKind::Givens(GridError::Conflict { .. }),
                ..
            },
        ) => {
            let mut answer = Answer::malformed(error.line, error.to_string());
            answer.status = Status::NoSolution;
            answer.error = None;
            answer.report = Some(format!(
                "line {}, column {}: no solution: {}",
                error.line, error.column, error.kind
            ));
            answer.text = if matches!(options.mode, Mode::Count { .. }) {
                answer.count = Some(0);
                "0\n".to_string()
            } else {
                format!("{}\n", Status::NoSolution.word())
            };
            return answer;
        }
        Err(error) => return Answer::malformed(error.line, error.to_string()),
    };
    let propagation = match options.propagate {
        PropagateArg::None => Propagation::None,
        PropagateArg::Crosshatch => Propagation::CrossHatch,
    };
    let (verdict, nodes) =
        solvers.solve_propagated(&puzzle.grid, options.algorithm, options.mode, propagation);
    let mut answer = Answer {
        line: puzzle.line,
        text: String::new(),
        status: Status::Solved,
        solution: None,
        count: None,
        nodes,
        error: None,
        complete: true,
        micros: 0,
        propagated: None,
        report: None,
        extra: Vec::new(),
    };
    let word = |status: Status| format!("{}\n", status.word());
    match verdict {
        Verdict::Solved(grid) => {
            answer.text = sudoku::grid_to_string(&grid, options.output);
            answer.solution = Some(
                sudoku::grid_to_string(&grid, Format::Line)
                    .trim_end()
                    .to_string(),
            );
        }
        Verdict::NoSolution => answer.status = Status::NoSolution,
        Verdict::Multiple => answer.status = Status::Multiple,
        Verdict::Undecided => answer.status = Status::Undecided,
        Verdict::Count(count) => {
            if count == 0 {
                answer.status = Status::NoSolution;
            }
            // Counting stops at the limit: a count that reached it is a lower bound.
            answer.complete = !matches!(options.mode, Mode::Count { limit } if count >= limit);
            answer.count = Some(count);
            answer.text = count_text(count, answer.complete, false);
        }
        Verdict::CountCut(count) => {
            answer.status = Status::Undecided;
            answer.complete = false;
            answer.count = Some(count);
            answer.text = count_text(count, false, true);
        }
    }
    if answer.text.is_empty() {
        answer.text = word(answer.status);
    }
    answer
}

/// A count as every command prints it: `N` when exact, `N+` when a lower bound (counting
/// stopped at --limit), `N+ undecided` when the node budget ran out first.
pub fn count_text(count: u64, complete: bool, undecided: bool) -> String {
    match (complete, undecided) {
        (_, true) => format!("{count}+ undecided\n"),
        (true, false) => format!("{count}\n"),
        (false, false) => format!("{count}+\n"),
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

pub fn run(args: SudokuArgs) -> anyhow::Result<Exit> {
    let mut run = Run::new(&args.batch, Work::Search)?;
    let result = answer_sources(&mut run, &args);
    run.finish(result)
}

/// Answers every puzzle of every input, in order, until the end or a signal.
fn answer_sources(run: &mut Run, args: &SudokuArgs) -> anyhow::Result<()> {
    let mode = if args.count {
        Mode::Count {
            limit: args.limit.unwrap_or(u64::MAX),
        }
    } else if args.unique {
        Mode::Unique
    } else {
        Mode::First
    };
    let algorithm = match args.algo {
        AlgoArg::Dlx => Algorithm::Dlx,
        AlgoArg::Backtrack => Algorithm::Backtrack,
        AlgoArg::Candidates => Algorithm::Candidates,
    };
    for mut source in batch::sources(&args.batch.files)? {
        if interrupt::requested() {
            break;
        }
        let (name, before) = (source.name.clone(), run.tally.puzzles);
        // An empty source has no format; it holds no puzzle, which `end_source` reports.
        let Some(format) = source_format(&mut source, args.format)? else {
            run.end_source(&name, before, false);
            continue;
        };
        let options = Options {
            algorithm,
            mode,
            output: args.to.map_or(format, Format::from),
            propagate: args.propagate,
        };
        let max_nodes = args.max_nodes;
        run.separate_with(if options.output.is_grid() { b"\n" } else { b"" });
        if format == Format::Line {
            // Streamed: read, solved in parallel and written chunk by chunk, in input order.
            run.stream(
                source,
                sudoku::is_skipped_line,
                || Solvers::with_node_budget(max_nodes),
                |solvers, text, line| answer_line(text, line, &options, solvers),
            )?;
        } else {
            let bytes = run.read_whole(&mut source)?;
            let text = String::from_utf8_lossy(&bytes);
            let mut solvers = Solvers::with_node_budget(max_nodes);
            for puzzle in sudoku::parse_puzzles(&text, format) {
                if interrupt::requested() {
                    break;
                }
                let started = Instant::now();
                let mut answer = answer_puzzle(puzzle, &options, &mut solvers);
                answer.micros = started.elapsed().as_micros() as u64;
                run.emit(&name, None, &answer)?;
            }
        }
        run.end_source(&name, before, false);
    }
    Ok(())
}
