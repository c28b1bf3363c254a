//! What every puzzle command shares when it solves files: the input files and threads, where
//! results go (text or JSON lines), the progress bar, the tally, the summary and the exit code.
//!
//! Every input goes through the library's runner, [`dlx_engine::batch::Batch`]: line-format
//! inputs streamed line by line, the others as an iterator of parsed puzzles. A subcommand
//! supplies only a per-thread state (its solvers) and the function that answers one puzzle;
//! what is left here is rendering, progress and the tally.

use super::output::{self, Output};
use super::report::report;
use super::{interrupt, Exit};
use anyhow::Context;
use dlx_engine::batch::{self, Batch, BatchConfig, Record};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The flags every batch-capable subcommand takes.
#[derive(Debug, Clone, clap::Args)]
pub struct BatchArgs {
    /// Input files, read one after another; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Worker threads (default: one per core). Output is the same whatever the count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1024))]
    pub threads: Option<u64>,
    /// Write results to FILE instead of standard output. FILE is replaced when the run ends
    /// (written beside it, then renamed), so a run that fails before answering anything leaves
    /// it as it was; FILE may not be one of the inputs (nor standard input when it is a file,
    /// nor a --regions layout). A symbolic link is followed and its target replaced; a
    /// device or a FIFO is written in place (a FIFO once a reader opens it: SIGINT or SIGTERM
    /// ends the wait, exit 130 or 143). No temporary file is left, even by a second signal.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// One JSON object per puzzle instead of text, with the fields listed below.
    #[arg(long)]
    pub jsonl: bool,
    /// Print the summary (puzzles, solved, ..., puzzles per second) to stderr; it is printed
    /// anyway when stderr is a terminal.
    #[arg(long)]
    pub stats: bool,
    /// Refuse an input read whole (grid formats, Su-domino-ku) larger than N bytes, rather than
    /// grow without bound. A one-puzzle-a-line input is streamed and has no such limit: its
    /// lines are cut at 8 KiB, and only a line with no end within N bytes stops the run.
    #[arg(long, value_name = "N", default_value_t = MAX_INPUT_BYTES)]
    pub max_input_bytes: u64,
}

impl BatchArgs {
    /// The files the command reads its puzzles from: those named, or standard input (`-`).
    pub fn inputs(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }
}

/// The default of `--max-input-bytes`: 256 MiB, some 3 million 9x9 grids.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

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

/// The answer to one puzzle.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The line the puzzle starts on.
    pub line: usize,
    /// The text output: the solution in the output format, or the status line, ending with `\n`.
    pub text: String,
    pub status: Status,
    /// The solution on one line (for JSON), when there is one.
    pub solution: Option<String>,
    /// The number of solutions, when counting.
    pub count: Option<u64>,
    /// Search-tree nodes.
    pub nodes: u64,
    /// The message of a malformed puzzle.
    pub error: Option<String>,
    /// Under a count, whether it is exact: `false` when counting stopped at --limit or at the
    /// node budget (the count is then a lower bound).
    pub complete: bool,
    /// Time spent on this puzzle, parsing included.
    pub micros: u64,
    /// What a propagation pass made of the puzzle, for a command that runs one instead of a
    /// search.
    pub propagated: Option<Propagated>,
    /// What to say about this puzzle on stderr, when the default (the error, or `line L: no
    /// solution`) does not name it as the command's format does.
    pub report: Option<String>,
    /// A command's own JSON fields, added to (or replacing) the common ones.
    pub extra: Vec<(&'static str, serde_json::Value)>,
    /// The text that names the puzzle in its file (a grid's header, a line's comment), for JSON.
    pub label: Option<String>,
    /// Whether the answer is the solution the file publishes beside the puzzle (CSV).
    pub agrees: Option<bool>,
    /// The puzzle as the input wrote it, for JSON, when the command knows where it ends (a line
    /// without the text after it); else a line-format input's whole line.
    pub puzzle: Option<String>,
    /// What a generator spent on the puzzle it made, for its summary.
    pub made: Option<Made>,
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
            count: None,
            nodes: 0,
            error: None,
            complete: true,
            micros: 0,
            propagated: None,
            report: None,
            extra: Vec::new(),
            label: None,
            agrees: None,
            puzzle: None,
            made: None,
        }
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
    fn note(&self) -> Option<String> {
        match (&self.report, &self.error, self.status) {
            (Some(report), _, _) => Some(report.clone()),
            (None, Some(error), _) => Some(error.clone()),
            (None, None, Status::NoSolution) => Some(format!("line {}: no solution", self.line)),
            _ => None,
        }
    }
}

/// Counts of each status over a run.
#[derive(Clone, Copy, Debug, Default)]
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
        self.filled += answer.propagated.as_ref().map_or(0, |p| p.filled);
        match answer.agrees {
            Some(true) => self.agree += 1,
            Some(false) => self.differ += 1,
            None => {}
        }
        if let Some(made) = answer.made {
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
}

/// One input, opened for streaming.
pub struct Source {
    pub name: String,
    pub reader: Box<dyn BufRead + Send>,
    /// The size in bytes, when known (a file), for the progress bar.
    pub size: Option<u64>,
    /// Whether the input is a puzzle given as an argument: one line of the line format.
    pub argument: bool,
}

/// How a command reads an argument that is no existing path: `Ok` when it is a puzzle the
/// command reads, else why it is not one (said only when the argument looks like a puzzle
/// gone wrong rather than a file name).
pub type PuzzleArgument<'a> = &'a (dyn Fn(&str) -> Result<(), String> + 'a);

/// Opens the inputs named on the command line (standard input for none or `-`).
pub fn sources(files: &[PathBuf]) -> anyhow::Result<Vec<Source>> {
    sources_or_puzzles(files, None)
}

/// Opens the inputs named on the command line (standard input for none or `-`); with `puzzle`,
/// an argument that is no existing path but is a puzzle (as `puzzle` says) is that puzzle,
/// named `argument K` (its place among the inputs). A path that exists always wins.
pub fn sources_or_puzzles(
    files: &[PathBuf],
    puzzle: Option<PuzzleArgument<'_>>,
) -> anyhow::Result<Vec<Source>> {
    if files.is_empty() {
        return Ok(vec![stdin_source()]);
    }
    files
        .iter()
        .enumerate()
        .map(|(index, path)| {
            if path == Path::new("-") {
                return Ok(stdin_source());
            }
            if path.is_dir() {
                anyhow::bail!("{}: is a directory, expected a file", path.display());
            }
            // A dangling symlink exists too: it is a file that cannot be read, not a puzzle.
            let exists = std::fs::symlink_metadata(path).is_ok();
            let text = path
                .to_str()
                .filter(|text| !exists && !text.contains(['\n', '\r']));
            let as_puzzle = text.zip(puzzle).map(|(text, puzzle)| puzzle(text));
            if let (Some(text), Some(Ok(()))) = (text, &as_puzzle) {
                return Ok(argument_source(index + 1, text));
            }
            let file = File::open(path).map_err(|error| {
                let name = path.display();
                match (text, &as_puzzle) {
                    (Some(text), Some(Err(why))) if looks_like_a_puzzle(text) => {
                        anyhow::anyhow!("cannot read {name}: {error}; nor is it a puzzle: {why}")
                    }
                    _ => anyhow::Error::new(error).context(format!("cannot read {name}")),
                }
            })?;
            let size = file.metadata().ok().map(|m| m.len());
            Ok(Source {
                name: path.display().to_string(),
                reader: Box::new(BufReader::with_capacity(1 << 16, LineEnds::new(file))),
                size,
                argument: false,
            })
        })
        .collect()
}

/// Whether an argument that is neither a path nor a puzzle was meant as a puzzle, so that
/// saying why it is none helps: its first field is 16 symbols or more, letters, digits and
/// dots only, at least half of them dots or digits (a file name has letters and one dot).
fn looks_like_a_puzzle(text: &str) -> bool {
    let field = text.split_whitespace().next().unwrap_or("");
    let symbols = field.chars().count();
    let empty_or_digit = field
        .chars()
        .filter(|c| *c == '.' || c.is_ascii_digit())
        .count();
    symbols >= 16
        && field.chars().all(|c| c == '.' || c.is_ascii_alphanumeric())
        && 2 * empty_or_digit >= symbols
}

/// The puzzle given as the `place`-th input: one line.
fn argument_source(place: usize, text: &str) -> Source {
    let line = format!("{text}\n");
    Source {
        name: format!("argument {place}"),
        reader: Box::new(std::io::Cursor::new(line.into_bytes())),
        size: None,
        argument: true,
    }
}

fn stdin_source() -> Source {
    Source {
        name: "<stdin>".to_string(),
        reader: Box::new(BufReader::with_capacity(
            1 << 16,
            LineEnds::new(std::io::stdin()),
        )),
        size: None,
        argument: false,
    }
}

/// A reader that turns every line ending into `\n`: `\r\n` (Windows) and a lone `\r` (classic
/// Mac OS, some exports) as well, so every reader downstream splits lines on `\n` alone.
struct LineEnds<R> {
    inner: R,
    /// Whether the last byte handed out was a `\r` (turned into `\n`), so that a `\n` coming
    /// next is the second half of a CRLF and is dropped.
    after_cr: bool,
}

impl<R> LineEnds<R> {
    fn new(inner: R) -> Self {
        LineEnds {
            inner,
            after_cr: false,
        }
    }
}

impl<R: Read> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let read = self.inner.read(buf)?;
            if read == 0 {
                return Ok(0);
            }
            if !self.after_cr && !buf[..read].contains(&b'\r') {
                return Ok(read);
            }
            let mut kept = 0;
            for k in 0..read {
                let byte = buf[k];
                if byte == b'\n' && self.after_cr {
                    self.after_cr = false;
                    continue;
                }
                self.after_cr = byte == b'\r';
                buf[kept] = if self.after_cr { b'\n' } else { byte };
                kept += 1;
            }
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

/// Reads the rest of a source, refusing one of more than `max_bytes` bytes as the bytes arrive,
/// so memory stays bounded. (A NUL byte costs only its puzzle: the parsers report it.)
pub fn read_rest(source: &mut Source, max_bytes: u64) -> anyhow::Result<Vec<u8>> {
    read_text(&mut source.reader, &source.name, max_bytes, false)
}

/// [`read_rest`] on any reader; with `refuse_nul`, also refuses the input at its first NUL
/// byte (binary data, `/dev/zero`), for a format where no NUL can stand.
pub fn read_text(
    reader: &mut dyn Read,
    name: &str,
    max_bytes: u64,
    refuse_nul: bool,
) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut block = vec![0u8; 64 << 10];
    loop {
        let read = match reader.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {name}")),
        };
        if let Some(at) = block[..read].iter().position(|&b| b == 0 && refuse_nul) {
            anyhow::bail!(
                "{name}: found a NUL byte at byte {}, expected text",
                bytes.len() + at + 1
            );
        }
        if (bytes.len() + read) as u64 > max_bytes {
            anyhow::bail!(
                "{name}: the input is larger than {max_bytes} bytes, the most read whole \
                 (--max-input-bytes N raises it)"
            );
        }
        bytes.extend_from_slice(&block[..read]);
    }
}

/// The start of a source without consuming it (at least the first line when it is shorter
/// than the reader's buffer), to detect its format.
pub fn peek(source: &mut Source) -> anyhow::Result<&[u8]> {
    source
        .reader
        .fill_buf()
        .with_context(|| format!("cannot read {}", source.name))
}

/// How far [`read_ahead`] read.
pub struct Ahead {
    /// Bytes read ahead.
    pub bytes: usize,
    /// Whether the source ended there.
    pub ended: bool,
}

/// Reads a source's first lines ahead without consuming them: line by line until `enough` says
/// so for the line just read (given with its ending), the source ends, `limit` bytes are read
/// or a line is longer than [`batch::BatchConfig::MAX_LINE_BYTES`] (then only that much of it is read).
/// Afterwards [`peek`] shows them all, and reading starts again at the first byte: they are put
/// back in front of the rest, so line numbers do not move.
pub fn read_ahead(
    source: &mut Source,
    limit: usize,
    mut enough: impl FnMut(&[u8]) -> bool,
) -> anyhow::Result<Ahead> {
    let mut rest = std::mem::replace(&mut source.reader, Box::new(std::io::empty()));
    let mut head = Vec::new();
    let mut ended = false;
    while head.len() < limit {
        let start = head.len();
        let read = (&mut rest)
            .take(batch::BatchConfig::MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut head)
            .with_context(|| format!("cannot read {}", source.name))?;
        if read == 0 {
            ended = true;
            break;
        }
        if read > batch::BatchConfig::MAX_LINE_BYTES || enough(&head[start..]) {
            break;
        }
    }
    let bytes = head.len();
    source.reader = Box::new(std::io::Cursor::new(head).chain(rest));
    Ok(Ahead { bytes, ended })
}

/// Moves past a UTF-8 byte order mark at the start of a source to be streamed: some editors
/// write one, and it is no part of the first line (the parsers of whole texts skip it too).
fn skip_bom(source: &mut Source) -> anyhow::Result<()> {
    const BOM: &[u8] = b"\xef\xbb\xbf";
    if peek(source)?.starts_with(BOM) {
        source.reader.consume(BOM.len());
    }
    Ok(())
}

/// Line `line` of the line format as text: bytes that are not UTF-8 are read as U+FFFD where
/// they are free text (a line `is_skipped`, a comment; or after the line's puzzle, when it
/// `puzzle_ends_within` the part before the first of them); within a puzzle they are an error,
/// naming the line and the column of the first of them.
pub fn line_text(
    bytes: &[u8],
    line: usize,
    is_skipped: fn(&str) -> bool,
    puzzle_ends_within: fn(&str) -> bool,
) -> Result<Cow<'_, str>, String> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(e) => {
            let lossy = String::from_utf8_lossy(bytes);
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("valid up to there");
            if is_skipped(&lossy) || puzzle_ends_within(valid) {
                Ok(lossy)
            } else {
                Err(format!(
                    "line {line}, column {}: found bytes that are not UTF-8, expected text",
                    valid.chars().count() + 1
                ))
            }
        }
    }
}

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

/// Where results go, and the running tally, progress and timing of a whole run.
pub struct Run {
    out: Output,
    max_input_bytes: u64,
    jsonl: bool,
    stats: bool,
    work: Work,
    /// Written between two puzzles' text answers (a blank line between grids).
    separator: &'static [u8],
    /// Inputs that held no puzzle (and did not say so, as a Su-domino-ku file's lone `0`).
    empty_inputs: u64,
    /// Written before the first text answer (the header row of CSV output).
    header: &'static str,
    pub tally: Tally,
    started: Instant,
    progress: ProgressBar,
    progress_shown: bool,
    /// The library's runner, shared with the closures that hand it work.
    batch: std::sync::Arc<Batch<'static>>,
}

impl Run {
    /// Opens the output (an `--output` that is one of the inputs is refused here, before
    /// anything is opened for writing) and starts the worker threads.
    pub fn new(args: &BatchArgs, work: Work) -> anyhow::Result<Run> {
        Run::with_inputs(args, work, &args.inputs())
    }

    /// As [`Run::new`], for a command that reads `inputs` (the puzzle files, a `--regions`
    /// layout; `-` for standard input): an `--output` that is one of them is refused.
    pub fn with_inputs(args: &BatchArgs, work: Work, inputs: &[PathBuf]) -> anyhow::Result<Run> {
        let out = match &args.output {
            Some(path) => Output::file(path, inputs)?,
            None => Output::stdout()?,
        };
        let config = BatchConfig {
            threads: args.threads.unwrap_or(0) as usize,
            max_skip_bytes: args.max_input_bytes,
            ..BatchConfig::default()
        };
        let batch = Batch::new(config)
            .context("cannot start the worker threads")?
            .stop_when(interrupt::flag());
        Ok(Run {
            out,
            max_input_bytes: args.max_input_bytes,
            jsonl: args.jsonl,
            stats: args.stats || std::io::stderr().is_terminal(),
            work,
            separator: b"",
            empty_inputs: 0,
            header: "",
            tally: Tally::default(),
            started: Instant::now(),
            progress: ProgressBar::hidden(),
            progress_shown: false,
            batch: std::sync::Arc::new(batch),
        })
    }

    /// Streams a line-format source through the batch runner: `solve` answers one line with a
    /// per-thread state made by `init`, or returns `None` for a line that holds no puzzle. A
    /// line `is_skipped` (blank, a comment) yields no answer even when it is not UTF-8: a
    /// comment in Latin-1 is still a comment. Likewise a line whose bytes that are not UTF-8
    /// all come after its puzzle (`puzzle_ends_within` the part before the first of them) is
    /// answered, read with U+FFFD in their place; one with such a byte in its puzzle is an
    /// error at that byte.
    pub fn stream<S, I, F>(
        &mut self,
        mut source: Source,
        is_skipped: fn(&str) -> bool,
        puzzle_ends_within: fn(&str) -> bool,
        init: I,
        solve: F,
    ) -> anyhow::Result<()>
    where
        S: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &str, usize) -> Option<Answer> + Sync,
    {
        skip_bom(&mut source)?;
        let name = source.name;
        self.start_progress(source.size);
        let batch = std::sync::Arc::clone(&self.batch);
        let max_line_bytes = batch.config().max_line_bytes;
        let answer = |state: &mut S, record: Record<'_>| -> Option<Answer> {
            let started = Instant::now();
            let line = record.line as usize;
            if record.too_long {
                let lossy = String::from_utf8_lossy(record.bytes);
                if is_skipped(&lossy) {
                    return None;
                }
                return Some(Answer::malformed(
                    line,
                    format!("line {line}: line longer than {max_line_bytes} bytes"),
                ));
            }
            let mut answer = match line_text(record.bytes, line, is_skipped, puzzle_ends_within) {
                Ok(text) => solve(state, &text, line)?,
                Err(message) => Answer::malformed(line, message),
            };
            answer.micros = started.elapsed().as_micros() as u64;
            Some(answer)
        };
        let mut consumed = 0u64;
        let ended = batch.lines(source.reader, init, answer, |record, answer| {
            consumed += record.bytes.len() as u64 + 1;
            self.emit(&name, Some(record.bytes), &answer)?;
            self.advance(consumed);
            Ok(())
        });
        match ended {
            Ok(_) => Ok(()),
            Err(e) => Err(self.read_or_write_error(e, &name)),
        }
    }

    /// Reads the rest of `source` whole, within `--max-input-bytes`.
    pub fn read_whole(&self, source: &mut Source) -> anyhow::Result<Vec<u8>> {
        read_rest(source, self.max_input_bytes)
    }

    /// Answers the puzzles `puzzles` yields (parsed from a multi-line format, or made) with
    /// `answer` and a per-thread state made by `init`, on the run's workers a chunk at a time,
    /// and emits the answers in input order.
    pub fn answer_items<T, S, P, I, F>(
        &mut self,
        name: &str,
        puzzles: P,
        init: I,
        answer: F,
    ) -> anyhow::Result<()>
    where
        T: Send + Sync,
        S: Send,
        P: IntoIterator<Item = T, IntoIter: Send>,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &T) -> Answer + Sync,
    {
        self.answer_items_until_stopped(name, puzzles, init, |state, puzzle| {
            Some(answer(state, puzzle))
        })
    }

    /// [`Run::answer_items`] for work a signal can cut before it has an answer to write (a
    /// puzzle being made): `answer` gives `None` then, and neither that item nor any after it
    /// is written, so the output holds whole answers in order.
    pub fn answer_items_until_stopped<T, S, P, I, F>(
        &mut self,
        name: &str,
        puzzles: P,
        init: I,
        answer: F,
    ) -> anyhow::Result<()>
    where
        T: Send + Sync,
        S: Send,
        P: IntoIterator<Item = T, IntoIter: Send>,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &T) -> Option<Answer> + Sync,
    {
        let puzzles = puzzles.into_iter();
        self.start_progress(puzzles.size_hint().1.map(|n| n as u64));
        let batch = std::sync::Arc::clone(&self.batch);
        let mut done = 0u64;
        let mut cut = false;
        let timed = |state: &mut S, puzzle: &T| {
            let started = Instant::now();
            let mut answer = answer(state, puzzle)?;
            answer.micros = started.elapsed().as_micros() as u64;
            Some(answer)
        };
        let ended = batch.items(puzzles, init, timed, |_, answer| {
            // The first item without an answer ends the output: the batch stops after the
            // chunk, which holds none after it that may be written.
            let Some(answer) = answer.filter(|_| !cut) else {
                cut = true;
                return Ok(());
            };
            self.emit(name, None, &answer)?;
            done += 1;
            self.advance(done);
            Ok(())
        });
        match ended {
            Ok(_) => Ok(()),
            Err(e) => Err(self.read_or_write_error(e, name)),
        }
    }

    /// Ends one input, which held the puzzles answered since the tally stood at `before`. One
    /// rule whether it comes alone or among others: an input with no puzzle (empty, or only
    /// comments) is reported on stderr and makes the exit code 2, unless it said it has none
    /// (`said_none`: a Su-domino-ku file's lone `0`); the other inputs are still answered.
    pub fn end_source(&mut self, name: &str, before: u64, said_none: bool) {
        if self.tally.puzzles == before && !said_none && !interrupt::requested() {
            self.empty_inputs += 1;
            self.message(&format!(
                "dlx: error: {name}: found no puzzle, expected at least one (the input is empty \
                 or only comments)"
            ));
        }
    }

    /// Has [`Run::emit`] write `header` before the first text answer (never in JSON).
    pub fn start_with(&mut self, header: &'static str) {
        self.header = header;
    }

    /// Says on stderr, under --stats, something the summary should include (such as the format
    /// detected).
    pub fn note_in_stats(&self, text: &str) {
        if self.stats {
            self.message(text);
        }
    }

    /// Has [`Run::emit`] write `separator` between two puzzles' text answers (never in JSON).
    pub fn separate_with(&mut self, separator: &'static [u8]) {
        self.separator = separator;
    }

    /// Writes one answer (text or JSON) and reports a malformed or unsolvable puzzle on stderr.
    ///
    /// An answer whose reader went away (a broken pipe) still counts: it was found, and the
    /// exit code says what the answers found say. The error is returned all the same, so the
    /// run takes no new work.
    pub fn emit(
        &mut self,
        name: &str,
        puzzle: Option<&[u8]>,
        answer: &Answer,
    ) -> std::io::Result<()> {
        let written = self.write_answer(puzzle, name, answer);
        if written
            .as_ref()
            .is_err_and(|error| !batch::Batch::is_broken_pipe(error))
        {
            return written;
        }
        if let Some(note) = answer.note() {
            self.message(&format!("dlx: {name}: {note}"));
        }
        self.tally.add(answer);
        written
    }

    /// The text or the JSON object of one answer, written to the output.
    fn write_answer(
        &mut self,
        puzzle: Option<&[u8]>,
        name: &str,
        answer: &Answer,
    ) -> std::io::Result<()> {
        if self.jsonl {
            let mut object = serde_json::json!({
                "file": name,
                "line": answer.line,
                "puzzle": answer
                    .puzzle
                    .clone()
                    .or_else(|| puzzle.map(|p| String::from_utf8_lossy(p).into_owned())),
                "status": answer.status.word(),
                "solution": answer.solution,
                "nodes": answer.nodes,
                "micros": answer.micros,
            });
            if let Some(count) = answer.count {
                object["solutions"] = count.into();
                object["complete"] = answer.complete.into();
            }
            if let Some(label) = &answer.label {
                object["label"] = label.clone().into();
            }
            if let Some(agrees) = answer.agrees {
                object["agrees"] = agrees.into();
            }
            if let Some(error) = &answer.error {
                object["error"] = error.clone().into();
            }
            if let Some(propagated) = &answer.propagated {
                object["grid"] = propagated.grid.clone().into();
                object["filled"] = propagated.filled.into();
                object["contradiction"] = propagated.contradiction.clone().into();
            }
            for (key, value) in &answer.extra {
                object[*key] = value.clone();
            }
            serde_json::to_writer(&mut self.out, &object)?;
            self.out.write_all(b"\n")?;
        } else {
            if self.tally.puzzles > 0 && !answer.text.is_empty() {
                self.out.write_all(self.separator)?;
            }
            if self.tally.puzzles == 0 {
                self.out.write_all(self.header.as_bytes())?;
            }
            self.out.write_all(answer.text.as_bytes())?;
        }
        Ok(())
    }

    /// Ends the run whose work gave `result`: puts the output in place, prints the summary when
    /// asked (or on a terminal, or after a signal) and gives the exit code.
    ///
    /// A run that failed before answering anything leaves an `--output` file as it was; one
    /// that answered some puzzles first keeps their answers. An input with no puzzle makes the
    /// exit code 2 (see [`Run::end_source`]); when no input had one, the output is left as it
    /// was. A run cut by SIGINT or SIGTERM writes the whole answers it has, says so, and exits
    /// with 128 + the signal's number.
    ///
    /// A run whose reader went away (a broken pipe: `dlx ... | head`) took no new work from
    /// then on; it ends quietly, with the summary when asked and the exit code of the answers
    /// found until then, the one whose write failed included.
    pub fn finish(self, result: anyhow::Result<()>) -> anyhow::Result<Exit> {
        let reader_gone = match result {
            Ok(()) => false,
            Err(error) if super::is_broken_pipe(&error) => true,
            Err(error) => {
                self.progress.finish_and_clear();
                if self.tally.puzzles > 0 {
                    // The first error is the one to report; a failed commit would only hide it.
                    let _ = self.out.commit();
                }
                return Err(error);
            }
        };
        let signal = interrupt::signal();
        if self.tally.puzzles == 0 && self.empty_inputs > 0 && signal.is_none() {
            self.progress.finish_and_clear();
            return Ok(Exit::BadInput);
        }
        let output = self.out.name().to_string();
        // Interrupted before any answer: an earlier --output file stays as it was. Nothing more
        // can reach a reader that went away.
        if !reader_gone && (signal.is_none() || self.tally.puzzles > 0) {
            match self.out.commit() {
                Err(error) if batch::Batch::is_broken_pipe(&error) => {}
                committed => committed?,
            }
        }
        self.progress.finish_and_clear();
        let seconds = self.started.elapsed().as_secs_f64();
        let t = self.tally;
        let stats = self.stats || signal.is_some();
        if stats && self.work == Work::Propagation {
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
        } else if stats && self.work == Work::Generation {
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
        } else if stats {
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
        }
        if stats && t.agree + t.differ > 0 {
            report!(
                "checked against the file's solutions: {} agree, {} differ",
                t.agree,
                t.differ
            );
        }
        if let Some(signal) = signal {
            report!(
                "dlx: interrupted after {} puzzles ({}): {output} holds their whole answers",
                t.puzzles,
                if signal == signal_hook::consts::SIGTERM {
                    "SIGTERM"
                } else {
                    "SIGINT"
                }
            );
            return Ok(Exit::interrupted_by(signal));
        }
        if self.empty_inputs > 0 {
            return Ok(Exit::BadInput);
        }
        Ok(t.exit())
    }

    /// A message on stderr that does not tear the progress bar.
    fn message(&self, text: &str) {
        if self.progress_shown {
            self.progress.suspend(|| report!("{text}"));
        } else {
            report!("{text}");
        }
    }

    fn start_progress(&mut self, size: Option<u64>) {
        self.progress = match size {
            Some(bytes) => ProgressBar::with_draw_target(Some(bytes), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{bar:40} {percent:>3}% {msg} puzzles, {elapsed} elapsed, {eta} left",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
        };
    }

    /// Moves the bar; it appears only on a terminal and once the run has taken a moment, so
    /// quick runs and pipelines never see it.
    fn advance(&mut self, consumed: u64) {
        if !self.progress_shown
            && std::io::stderr().is_terminal()
            && self.started.elapsed() > Duration::from_millis(500)
        {
            self.progress.set_draw_target(ProgressDrawTarget::stderr());
            self.progress_shown = true;
        }
        if self.progress_shown {
            self.progress.set_position(consumed);
            self.progress.set_message(self.tally.puzzles.to_string());
        }
    }

    /// A write error names its output already; any other comes from reading `name`.
    fn read_or_write_error(&self, error: std::io::Error, name: &str) -> anyhow::Error {
        if batch::Batch::is_broken_pipe(&error) || output::is_write_error(&error) {
            anyhow::Error::new(error)
        } else {
            anyhow::Error::new(error).context(format!("cannot read {name}"))
        }
    }
}
