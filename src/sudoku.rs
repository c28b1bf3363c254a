//! `dlx sudoku`: solve each puzzle of a file, in order, in the input's text format.
//!
//! The work on one puzzle is [`answer_puzzle`] (and [`answer_line`] for one line of the line
//! format): parsed puzzle in, output text and status out, with no I/O, so a batch runner can
//! call it from many threads. [`run`] is only the sequential loop around it.

use super::batch::{self, Answer, BatchArgs, Run, Status, Work};
use super::progress::TreeBar;
use super::{interrupt, Exit};
use anyhow::bail;
use dlx_engine::{Count, Outcome, Shard};
use dlx_puzzles::sudoku::variant::{KillerEncoding, Rules, Variant, Variants};
use dlx_puzzles::sudoku::{
    self, Algorithm, Boxes, ColumnChoice, CsvRecords, Format, GridError, Mode, ParseError,
    ParseErrorKind, Propagation, Record, Shape, Solvers, Verdict,
};
use std::sync::Arc;

#[derive(Debug, clap::Args)]
#[command(mut_arg("files", |arg| arg.help(
    "Inputs, solved one after another: files, `-` or none for standard input, or a puzzle \
     itself (an argument that is no existing path but reads as one line-format puzzle, any \
     size, . or 0 for empty; with --variant, one variant line). A path that exists always wins"
)))]
#[command(after_help = "\
Formats (detected from the file's first lines unless --format is given; --stats says which):
  spaced   N lines of N numbers separated by spaces, 0 for empty (Baekjoon 2580)
  compact  N lines of N symbols
  line     one puzzle per line, N*N symbols; the length picks the size (81: 9x9, 256: 16x16);
           N*N*N symbols (729 for 9x9) are pencilmarks: each cell's candidates in order, the
           digit kept or . struck, and the puzzle is solved within them
  csv      comma-separated values with a header row; the puzzle column is the one named
           quizzes, quiz, puzzle, puzzles, unsolved or question (or --column), and a column
           named solutions, solution, solved or answer is checked against each answer (an
           answer that differs is reported on stderr and makes the exit code 1); two columns
           that both name the puzzle (or the solution) are an error naming both; --column on
           input that is not CSV is a usage error
Each of the first 62 lines (blank lines and # comments aside) votes for its kind, a header for
none; most votes win, a tie going to the kind that votes first. A line of 16 or 36 symbols
alone fits a 4x4 or 6x6 puzzle line and a row of a 16x16 or 36x36 compact grid alike: with
digits, all of them 1-4 (1-6), it votes for the line format, since a big grid of such rows
would leave its other digits interchangeable; with no digit it votes for nothing, and when no
line votes, N such lines in a row make an empty compact grid. So a compact grid whose rows
mostly hold only the digits 1-4 (1-6) needs --format compact, or --box with its shape (a shape
given, a line fits one kind only).
Symbols: . or 0 empty, 1-9, then A-Z for 10-35 (a-z too, case-insensitive up to size 35;
above 35, a-z are 36-61). Lines starting with # and blank lines are skipped; CRLF and CR line
endings are accepted, spaces before a line-format puzzle ignored. A line longer than 8 KiB is
one malformed record (`line N: line longer than 8192 bytes`), skipped; a CSV row longer than
1 MiB ends the reading of its input there; grid-format inputs are read whole, up to
--max-input-bytes.
A puzzle line may have text after it (after blanks, or after //, # or ;): it is kept after the
answer, separated as it was. In the grid formats a line before a grid that cannot be a row
(`Grid 01`, `Puzzle 3`) is the grid's header, printed before its answer. After a malformed row
reading resumes at a blank line, a header, or the line after the N rows the grid should have
had; the lines skipped are named on stderr.

Output, in the input's format unless --to says otherwise (CSV input: line): per puzzle its
solution, or in its place one line `no solution` (also for givens that repeat a digit in a
unit: the clash goes to stderr), `multiple` (under --unique), `undecided` (--max-nodes ran out)
or `error: line L, column C: ...` (also written to stderr with the file name); with --count,
the number of solutions: `N` exact, `N+` a lower bound (counting reached --limit; JSON:
\"complete\": false), `N+ undecided` (--max-nodes ran out first). --to csv: a `puzzle,solution` header, then one
row per puzzle (the puzzle's empty cells written as the input wrote them, . or 0). Line format:
exactly one output line per input puzzle line, in order. Grid formats: grids separated by a
blank line. --draw: each solution drawn as a grid with its boxes' borders. With --jsonl, one
object per puzzle: file (`argument K` for a puzzle given as the K-th input), line, puzzle (line
format: as written, without the text after it), status, solution (or null), solutions (when
counting), nodes, micros, error, label (the header or trailing text), agrees (CSV with a
solution column), complete (when counting).
With --count on a terminal, a count by dlx (the default algorithm) that runs half a second
shows a progress bar on stderr: split over the threads (a search past 100,000 nodes) or on one
(--threads 1, --max-nodes, --propagate, pencilmarks), a classic puzzle or a --variant one. The
bar gives the share of the puzzle's tree done as Knuth's DLX1 estimates it (the k-th of d
choices at each level for (k-1)/(d1...dl) of the tree; a split count adds up its subtrees'
shares), the nodes per second and the time left at that pace. When several puzzles are counted
at once, it follows one count at a time. The baselines (--algo backtrack, candidates) show no
bar; and never one when stderr is not a terminal.
On SIGINT or SIGTERM: no new puzzle is started, a search under way stops within moments and
its puzzle is answered `undecided` (a count: `N+ undecided`, the solutions found so far; never
`no solution`), every whole answer so far is written (with --output, put in place), the
summary says `interrupted after N puzzles`, exit 130 or 143; a second signal ends at once.

Exit codes: 0 every puzzle solved (--unique: uniquely), 1 some puzzle has no solution (or
several under --unique), or an answer differs from the CSV's solution column, 2 bad input (a malformed puzzle, an unreadable or empty input, alone
or among others) or an output that cannot be written, 3 --max-nodes ran out before some puzzle
was decided, 130/143 SIGINT/SIGTERM.")]
pub struct SudokuArgs {
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    read: ReadArgs,
    /// The output's format (default: the input's; line for CSV input).
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
    /// strong baseline: candidate bitmasks, fewest candidates first). Pencilmark puzzles are
    /// always solved by dlx. Only dlx draws a --count's progress bar.
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
    /// With --count, count only the K-th of N parts of each puzzle's search tree (1 <= K <= N
    /// <= 1048576), to spread one huge count over many machines: the N parts' counts add up to
    /// the whole (a part past the tree's last subtree counts 0). Without it, a count whose
    /// search passes 100,000 nodes is split over every thread.
    #[arg(long, value_name = "K/N", requires = "count", value_parser = super::xc::parse_shard)]
    shard: Option<Shard>,
    /// Solve variant puzzles, one a line: a comma-separated list of x (both diagonals hold
    /// every digit once), windoku (9x9: four more 3x3 windows), anti-king and anti-knight (no
    /// equal digits a king's or knight's move apart), jigsaw (irregular regions: the line's
    /// next field, N·N region symbols, unless --regions gives one layout for every puzzle),
    /// killer (cages: the next field names each cell's cage, N·N symbols with `.` for none,
    /// at least one cage, and the one after gives the cage sums, comma-separated, in the order
    /// the cages first appear; a comma before the first sum or after the last is an error at
    /// that comma). Text after the puzzle is a comment.
    #[arg(long, value_name = "LIST", value_parser = parse_variants)]
    variant: Option<Variants>,
    /// The jigsaw layout of every puzzle: a file of N·N region symbols (whitespace ignored).
    #[arg(long, value_name = "FILE", requires = "variant")]
    regions: Option<std::path::PathBuf>,
    /// Killer's cages as exact cover: `sets`, one option per set of digits with the cage's
    /// sum (plain exact cover, the fastest), or `colours`, one option per ordered filling, its
    /// cells coloured by digit (exact cover with colours, Algorithm M).
    #[arg(
        long,
        value_enum,
        value_name = "ENCODING",
        default_value = "sets",
        requires = "variant"
    )]
    killer_encoding: KillerEncodingArg,
    /// Draw each solution as a grid with its boxes, or with --variant its cages and their sums
    /// (killer) or its regions (jigsaw), instead of writing it in the output format.
    #[arg(long, conflicts_with = "to")]
    draw: bool,
}

/// `--killer-encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KillerEncodingArg {
    /// Sets of digits.
    Sets,
    /// Ordered fillings, with colours.
    Colours,
}

impl From<KillerEncodingArg> for KillerEncoding {
    fn from(arg: KillerEncodingArg) -> KillerEncoding {
        match arg {
            KillerEncodingArg::Sets => KillerEncoding::DigitSets,
            KillerEncodingArg::Colours => KillerEncoding::Colours,
        }
    }
}

/// `--variant`'s list, refused with the place of an unknown name. An empty list (`--variant
/// ""`) is refused too: the flag asks for variants, and classic puzzles go without it.
pub(super) fn parse_variants(text: &str) -> Result<Variants, String> {
    let variants = Variants::parse(text).map_err(|e| e.to_string())?;
    if variants.is_empty() {
        return Err(format!(
            "found {text:?}, an empty list, expected one or more of x, windoku, anti-king, \
             anti-knight, jigsaw, killer (comma-separated); classic puzzles need no --variant"
        ));
    }
    Ok(variants)
}

/// How the puzzle files are read: the flags `sudoku` and `crosshatch` share.
#[derive(Debug, Clone, clap::Args)]
pub struct ReadArgs {
    /// The input's format (default: detected from the file's first lines, as `dlx sudoku
    /// --help` says).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// CSV: the puzzle column, by its header name or its number (1 for the first); a column
    /// the header does not have is an error listing the header's columns. Without --format, a
    /// file whose first line has commas is read as CSV whatever its header's names; on input
    /// that is not CSV, --column is a usage error.
    #[arg(long, value_name = "NAME|N")]
    pub column: Option<String>,
    /// Leave out of the output the text after a puzzle line and a grid's header line (JSON
    /// still has it as `label`).
    #[arg(long)]
    pub strip_comments: bool,
    /// The boxes of every puzzle: R rows by C columns of cells, as `dlx generate --box` makes
    /// them (3x2: a 6x6 grid of boxes 3 cells tall, 2 wide); a puzzle of another side is an
    /// error. Without it each side has its usual shape: square boxes for 4, 9, 16, 25, ...,
    /// else as square as possible and wider than tall (6: 2x3, 8: 2x4, 10: 2x5, 12: 3x4,
    /// 20: 4x5); a prime side (5, 7, ...) has none, and needs --box 1xN.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub boxes: Option<Shape>,
}

impl ReadArgs {
    /// The box shape the puzzles get.
    pub fn boxes(&self) -> Boxes {
        self.boxes.map_or(Boxes::Usual, Boxes::Given)
    }
}

/// Reads a box shape, `RxC` (or `R`X`C`): R rows and C columns of cells.
pub(super) fn parse_box(text: &str) -> Result<Shape, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("found {text:?}, expected ROWSxCOLUMNS such as 3x3 or 3x4"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| format!("found {part:?} in {text:?}, expected a number"))
    };
    Shape::new(number(rows)?, number(cols)?).map_err(|e| e.to_string())
}

/// Whether an argument is a puzzle of the line format under `boxes` (a puzzle whose givens
/// clash is one: it is answered, with no solution); else why not.
pub(super) fn is_puzzle_argument(text: &str, boxes: Boxes) -> Result<(), String> {
    match sudoku::Record::parse_line(text, 1, boxes).givens {
        Ok(_) => Ok(()),
        Err(error) if matches!(error.kind, ParseErrorKind::Givens(_)) => Ok(()),
        Err(error) if error.column == 1 => Err(error.kind.to_string()),
        Err(error) => Err(format!("column {}: {}", error.column, error.kind)),
    }
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FormatArg {
    Spaced,
    Compact,
    Line,
    Csv,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Spaced => Format::Spaced,
            FormatArg::Compact => Format::Compact,
            FormatArg::Line => Format::Line,
            FormatArg::Csv => Format::Csv,
        }
    }
}

/// How much of a source is read ahead, at most, to find its first puzzle lines: comments and
/// blank lines can come first, as many as they like, but not beyond memory.
const DETECTION_LIMIT: usize = 64 << 20;

/// The format of a source: the line format for a puzzle given as an argument, else the one
/// given, or the one its first lines show (`None` for a source with no puzzle line), for
/// puzzles of the sides `boxes` reads. Detection reads ahead past any leading comments to the
/// first [`sudoku::SAMPLE_LINES`] other lines (nothing is consumed); under --stats, `run` says
/// what it decided.
pub fn source_format(
    source: &mut batch::Source,
    given: Option<FormatArg>,
    boxes: Boxes,
    run: &Run,
) -> anyhow::Result<Option<Format>> {
    if source.argument {
        return Ok(Some(Format::Line));
    }
    if let Some(format) = given {
        run.note_in_stats(&format!(
            "{}: format: {} (given)",
            source.name,
            Format::from(format)
        ));
        return Ok(Some(format.into()));
    }
    let mut sampled = 0;
    let ahead = batch::read_ahead(source, DETECTION_LIMIT, |line| {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_start_matches('\u{feff}');
        if !sudoku::is_skipped_line(text.trim_end_matches(['\n', '\r'])) {
            sampled += 1;
        }
        sampled >= sudoku::SAMPLE_LINES
    })?;
    let head = String::from_utf8_lossy(batch::peek(source)?);
    let detection = sudoku::detect_with_boxes(&head, boxes);
    if detection.is_none() && !ahead.ended {
        anyhow::bail!(
            "{}: found no puzzle line in the first {} MiB, expected one (only comments and \
             blank lines so far); give --format to read on without detecting the format",
            source.name,
            ahead.bytes >> 20
        );
    }
    if let Some(detection) = &detection {
        run.note_in_stats(&format!("{}: format: {detection}", source.name));
    }
    Ok(detection.map(|d| d.format))
}

/// Writes a CSV field, quoted when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Puts a record's names back on its answer: the label (a header line before a grid, the
/// trailing text after a line, unless `strip`), the lines skipped after it, and whether it
/// agrees with the solution the file publishes; a CSV output row holds puzzle and answer.
pub fn present(answer: &mut Answer, record: &Record, output: Format, strip: bool) {
    answer.label = record.label.as_ref().map(|l| l.text().to_string());
    if let Some((first, last)) = record.skipped {
        let what = answer
            .report
            .clone()
            .or_else(|| answer.error.clone())
            .unwrap_or_else(|| format!("line {}", record.line));
        let lines = if first == last {
            format!("line {first}")
        } else {
            format!("lines {first}-{last}")
        };
        answer.report = Some(format!(
            "{what}; {lines} skipped, the rest of this grid, up to where the next one can start"
        ));
    }
    if let (Some(published), Ok(_)) = (&record.published, &record.givens) {
        let published = published.as_ref().map(|grid| {
            sudoku::grid_to_string(grid, Format::Line)
                .trim_end()
                .to_string()
        });
        // An undecided search, a partial grid (a cross-hatching pass that stopped short) and
        // an answer that states no grid (`rate`'s) are nothing to hold against the file's
        // solution.
        let compared = match answer.status {
            Status::Undecided => false,
            Status::Solved | Status::Partial => answer.solution.is_some(),
            _ => true,
        };
        if answer.count.is_none() && compared {
            let agrees = published.as_ref().ok() == answer.solution.as_ref();
            answer.agrees = Some(agrees);
            if !agrees {
                let line = record.line;
                answer.report = Some(match &published {
                    Ok(expected) => format!(
                        "line {line}: the answer differs from the file's solution: found {}, \
                         expected {expected}",
                        answer.solution.as_deref().unwrap_or(answer.status.word())
                    ),
                    Err(error) => {
                        format!("line {line}: the file's solution cannot be read: {error}")
                    }
                });
            }
        }
    }
    match output {
        Format::Csv => {
            // The puzzle as it came: its empty cells written as the input wrote them.
            let puzzle = match &record.givens {
                Ok(givens) => sudoku::grid_to_string(givens.grid(), Format::Line)
                    .trim_end()
                    .replace('.', &record.empty_symbol.to_string()),
                Err(_) => String::new(),
            };
            let result = answer.text.trim_end().replace('\n', " ");
            answer.text = format!("{},{}\n", csv_field(&puzzle), csv_field(&result));
        }
        _ if strip => {}
        Format::Spaced | Format::Compact => {
            if let Some(label) = &record.label {
                answer.text.insert_str(0, &format!("{}\n", label.text()));
            }
        }
        Format::Line => {
            if let (Some(label), Some(body)) = (&record.label, answer.text.strip_suffix('\n')) {
                if !body.contains('\n') {
                    let mut text = body.to_string();
                    label.append_to(&mut text);
                    text.push('\n');
                    answer.text = text;
                }
            }
        }
    }
}

/// What the rest of a run needs to read a source in its format.
pub struct Reading<'a> {
    pub format: Format,
    pub output: Format,
    pub read: &'a ReadArgs,
    /// Whether answers are separated by a blank line even in the line format.
    pub blank_between: bool,
}

impl Reading<'_> {
    /// Answers every puzzle of `source` with `answer` (given a per-thread state made by `init`),
    /// in order, on the run's workers: the line format and CSV streamed, grids read whole.
    pub fn answer_each<S, I, F>(
        &self,
        run: &mut Run,
        mut source: batch::Source,
        init: I,
        answer: F,
    ) -> anyhow::Result<()>
    where
        S: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &Record) -> Answer + Sync,
    {
        let (output, strip, boxes) = (self.output, self.read.strip_comments, self.read.boxes());
        let finish = |state: &mut S, record: &Record| {
            let mut result = answer(state, record);
            present(&mut result, record, output, strip);
            result
        };
        run.separate_with(if output.is_grid() || self.blank_between {
            b"\n"
        } else {
            b""
        });
        if output == Format::Csv {
            run.start_with("puzzle,solution\n");
        }
        match self.format {
            Format::Line => run.stream(
                source,
                sudoku::is_skipped_line,
                sudoku::Record::puzzle_ends_within,
                init,
                |state, text, line| {
                    if sudoku::is_skipped_line(text) {
                        return None;
                    }
                    let record = sudoku::Record::parse_line(text, line, boxes);
                    let mut answer = finish(state, &record);
                    answer.puzzle = Some(sudoku::Record::line_puzzle(text).to_string());
                    Some(answer)
                },
            ),
            Format::Csv => {
                let choice = self.read.column.as_deref().map(ColumnChoice::parse);
                let records = CsvRecords::new(source.reader, choice.as_ref()).with_boxes(boxes);
                run.answer_items(&source.name, records, init, finish)
            }
            Format::Spaced | Format::Compact => {
                let bytes = run.read_whole(&mut source)?;
                let text = String::from_utf8_lossy(&bytes);
                let records = sudoku::parse_records(&text, self.format).with_boxes(boxes);
                run.answer_items(&source.name, records, init, finish)
            }
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
    Candidates,
}

/// What to do with each puzzle: the solver, the question, the output format.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub algorithm: Algorithm,
    pub mode: Mode,
    pub output: Format,
    pub propagate: PropagateArg,
    /// Counts go through [`Solvers::count_on_every_core`] (big trees split over the threads),
    /// with this shard if given.
    pub split_counts: Option<Option<Shard>>,
    /// A solution is drawn as a grid with its boxes, instead of written in the output format.
    pub draw: bool,
}

/// Solves one puzzle read (or reports its parse error) under `options`.
pub fn answer_record(record: &Record, options: &Options, solvers: &mut Solvers) -> Answer {
    let givens = match &record.givens {
        Ok(givens) => givens,
        Err(error) => {
            return clashing_givens(error, matches!(options.mode, Mode::Count { .. }))
                .unwrap_or_else(|| Answer::malformed(error.line, error.to_string()))
        }
    };
    let propagation = match options.propagate {
        PropagateArg::None => Propagation::None,
        PropagateArg::Crosshatch => Propagation::CrossHatch,
    };
    let outcome = match (givens.candidates(), options.split_counts, options.mode) {
        (Some(candidates), _, mode) => solvers.solve_within(givens.grid(), candidates, mode),
        (None, Some(shard), Mode::Count { limit }) => {
            let limit = Some(limit).filter(|&limit| limit != u64::MAX);
            solvers.count_on_every_core(givens.grid(), limit, shard, &interrupt::requested)
        }
        (None, _, mode) => {
            solvers.solve_propagated(givens.grid(), options.algorithm, mode, propagation)
        }
    };
    let drawing = match (&outcome.answer, options.draw) {
        (Verdict::Solved(grid), true) => Some(Rules::classic(grid.shape()).draw(grid)),
        _ => None,
    };
    let mut answer = render(record.line, outcome, options.output);
    if let Some(drawing) = drawing {
        answer.text = drawing;
    }
    answer
}

/// The answer to print for one puzzle's verdict, in the output format.
pub fn render(line: usize, outcome: Outcome<Verdict>, output: Format) -> Answer {
    let mut answer = Answer {
        nodes: outcome.stats.nodes,
        ..Answer::new(line, Status::Solved, String::new())
    };
    let word = |status: Status| format!("{}\n", status.word());
    let undecided = outcome.cut_short();
    match outcome.answer {
        Verdict::Solved(grid) => {
            answer.text = sudoku::grid_to_string(&grid, output);
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
            if undecided {
                answer.status = Status::Undecided;
            } else if count.solutions == 0 {
                answer.status = Status::NoSolution;
            }
            answer.complete = count.complete;
            answer.count = Some(count.solutions);
            answer.text = count_text(count, undecided);
        }
    }
    if answer.text.is_empty() {
        answer.text = word(answer.status);
    }
    answer
}

/// The answer to well-formed givens that break the rules (a digit twice in a unit): a puzzle
/// without solution, not bad input, with the clash named on stderr (`None` for any other parse
/// error). Under a count, that is a count of 0.
pub fn clashing_givens(error: &ParseError, counting: bool) -> Option<Answer> {
    let ParseErrorKind::Givens(GridError::Conflict { .. }) = error.kind else {
        return None;
    };
    let mut answer = Answer::malformed(error.line, error.to_string());
    answer.status = Status::NoSolution;
    answer.error = None;
    answer.report = Some(format!(
        "line {}, column {}: no solution: {}",
        error.line, error.column, error.kind
    ));
    answer.text = if counting {
        answer.count = Some(0);
        "0\n".to_string()
    } else {
        format!("{}\n", Status::NoSolution.word())
    };
    Some(answer)
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

pub fn run(args: SudokuArgs) -> anyhow::Result<Exit> {
    let mut inputs = args.batch.inputs();
    inputs.extend(args.regions.clone());
    let mut run = Run::with_inputs(&args.batch, Work::Search, &inputs)?;
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
    // A DLX count's bar, the count split over the threads or not; the answers go to the
    // terminal too only after each count ends. The baselines report nothing.
    let bar = Arc::new(TreeBar::on_stderr(
        args.count && matches!(args.algo, AlgoArg::Dlx),
    ));
    if let Some(variants) = &args.variant {
        return answer_variant_sources(run, args, variants, mode, bar);
    }
    let algorithm = algorithm(args.algo);
    let max_nodes = args.max_nodes;
    // A count is split when it can be done exactly: the DLX solver, no node budget (a budget
    // depends on the order of the search), no propagation pass before it.
    let splittable = args.count
        && algorithm == Algorithm::Dlx
        && max_nodes.is_none()
        && args.propagate == PropagateArg::None;
    if args.shard.is_some() && !splittable {
        bail!("--shard counts with --algo dlx, without --max-nodes and --propagate");
    }
    let split_counts = splittable
        .then_some(args.shard)
        .filter(|shard| shard.is_some() || args.batch.threads != Some(1));
    for_each_source(run, &args.batch.files, &args.read, |run, source, format| {
        let options = Options {
            algorithm,
            mode,
            output: args.to.map_or(default_output(format), Format::from),
            propagate: args.propagate,
            split_counts,
            draw: args.draw,
        };
        let reading = Reading {
            format,
            output: options.output,
            read: &args.read,
            blank_between: false,
        };
        reading.answer_each(
            run,
            source,
            || {
                let solvers =
                    Solvers::with_node_budget(max_nodes).with_stop_flag(interrupt::stop_flag());
                if bar.enabled() {
                    solvers.reporting_to(bar.clone())
                } else {
                    solvers
                }
            },
            |solvers, record| answer_record(record, &options, solvers),
        )
    })
}

/// Answers every variant puzzle of every input under `variants`, after refusing, with its
/// reason, a flag that does not apply to them.
fn answer_variant_sources(
    run: &mut Run,
    args: &SudokuArgs,
    variants: &Variants,
    mode: Mode,
    bar: Arc<TreeBar>,
) -> anyhow::Result<()> {
    if let Some(format) = args.read.format.filter(|f| !matches!(f, FormatArg::Line)) {
        bail!(
            "--variant reads one puzzle a line (its givens, then its layout or cages), not the \
             {} format: expected --format line or none",
            Format::from(format)
        );
    }
    if args.to.is_some_and(|f| matches!(f, FormatArg::Csv)) {
        bail!(
            "--to csv writes classic puzzle,solution rows, with no column for a variant's layout \
             or cages: expected --to line, spaced or compact"
        );
    }
    if matches!(args.algo, AlgoArg::Candidates) {
        bail!("--algo candidates knows only rows, columns and boxes: --variant takes --algo dlx or backtrack");
    }
    let jigsaw = variants.contains(Variant::Jigsaw);
    if jigsaw && args.propagate != PropagateArg::None {
        bail!("--propagate crosshatch uses the boxes, which a jigsaw has not");
    }
    let splittable = args.count
        && matches!(args.algo, AlgoArg::Dlx)
        && args.max_nodes.is_none()
        && args.propagate == PropagateArg::None;
    if args.shard.is_some() && !splittable {
        bail!("--shard counts with --algo dlx, without --max-nodes and --propagate");
    }
    let regions = args
        .regions
        .as_deref()
        .map(super::variant::read_regions)
        .transpose()?;
    let asked = super::variant::Asked {
        mode,
        algorithm: algorithm(args.algo),
        propagation: propagation(args.propagate),
        max_nodes: args.max_nodes,
        encoding: args.killer_encoding.into(),
        output: args.to.map_or(Format::Line, Format::from),
        shard: args.shard,
        draw: args.draw,
    };
    let bar = bar.enabled().then_some(bar);
    let (files, boxes) = (&args.batch.files, args.read.boxes());
    super::variant::answer_sources(run, files, variants, regions.as_ref(), boxes, asked, bar)
}

/// The solver `--algo` names.
fn algorithm(algo: AlgoArg) -> Algorithm {
    match algo {
        AlgoArg::Dlx => Algorithm::Dlx,
        AlgoArg::Backtrack => Algorithm::Backtrack,
        AlgoArg::Candidates => Algorithm::Candidates,
    }
}

/// The pass `--propagate` names.
fn propagation(propagate: PropagateArg) -> Propagation {
    match propagate {
        PropagateArg::None => Propagation::None,
        PropagateArg::Crosshatch => Propagation::CrossHatch,
    }
}

/// Opens every input in turn, detects its format (or takes `--format`) and hands it to
/// `answer`, until the end or a signal. One rule for every command that reads Sudoku files: an
/// input with no puzzle is reported by [`Run::end_source`], and the others are still read.
pub fn for_each_source(
    run: &mut Run,
    files: &[std::path::PathBuf],
    read: &ReadArgs,
    mut answer: impl FnMut(&mut Run, batch::Source, Format) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let boxes = read.boxes();
    let puzzle = |text: &str| is_puzzle_argument(text, boxes);
    for mut source in batch::sources_or_puzzles(files, Some(&puzzle))? {
        if interrupt::requested() {
            break;
        }
        let (name, before) = (source.name.clone(), run.tally.puzzles);
        // An empty source has no format; it holds no puzzle, which `end_source` reports.
        if let Some(mut format) = source_format(&mut source, read.format, boxes, run)? {
            // A header of names detection does not know (`id,grid`) is still CSV to a user who
            // chose one of its columns.
            if read.column.is_some() && read.format.is_none() && first_line_has_commas(&mut source)?
            {
                format = Format::Csv;
            }
            if let (Some(column), false) = (&read.column, format == Format::Csv) {
                anyhow::bail!(
                    "--column {column} chooses a CSV column, but {name} is read as the {format} \
                     format; expected CSV input (a header row naming the columns, or --format csv)"
                );
            }
            answer(run, source, format)?;
        }
        run.end_source(&name, before, false);
    }
    Ok(())
}

/// Whether a source's first line holds a comma, as a CSV header of two columns or more does.
fn first_line_has_commas(source: &mut batch::Source) -> anyhow::Result<bool> {
    let head = batch::peek(source)?;
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    Ok(first.contains(&b','))
}

/// The output format when `--to` is not given: the input's, or the line format for CSV input.
pub fn default_output(input: Format) -> Format {
    if input == Format::Csv {
        Format::Line
    } else {
        input
    }
}
