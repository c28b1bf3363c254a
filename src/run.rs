//! A whole run of a command over its inputs: every input goes through the library's runner,
//! [`dlx_engine::batch::Batch`], line-format inputs streamed line by line, the others as an
//! iterator of parsed puzzles. A subcommand supplies only a per-thread state (its solvers) and
//! the function that answers one puzzle; the run writes the answers in order, moves the
//! progress bar, keeps the tally and ends with the summary and the exit code.

use super::answer::Answer;
use super::args::BatchArgs;
use super::input::{self, Source};
use super::output::{self, Output};
use super::puzzle_bar::PuzzleBar;
use super::report::report;
use super::results::Results;
use super::tally::{Tally, Work};
use super::{interrupt, Exit};
use anyhow::Context;
use dlx_engine::batch::{self, Batch, BatchConfig, Record};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// What answering one item gives: an [`Answer`], or, for work a signal can cut before it has
/// one ([`Run::answer_items`]), an `Option<Answer>` that is `None` when it was cut.
pub trait ItemAnswer {
    /// The answer to write, if there is one.
    fn into_answer(self) -> Option<Answer>;
}

impl ItemAnswer for Answer {
    fn into_answer(self) -> Option<Answer> {
        Some(self)
    }
}

impl ItemAnswer for Option<Answer> {
    fn into_answer(self) -> Option<Answer> {
        self
    }
}

/// Where results go, and the running tally, progress and timing of a whole run.
pub struct Run {
    results: Results,
    max_input_bytes: u64,
    stats: bool,
    work: Work,
    /// Inputs that held no puzzle (and did not say so, as a Su-domino-ku file's lone `0`).
    empty_inputs: u64,
    /// Inputs that could not be read: each an error record of the tally, but no answer, so a
    /// run with nothing else leaves an earlier `--output` as it was.
    unreadable_inputs: u64,
    pub tally: Tally,
    started: Instant,
    progress: PuzzleBar,
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
            results: Results::new(out, args.jsonl),
            max_input_bytes: args.max_input_bytes,
            stats: args.stats || std::io::stderr().is_terminal(),
            work,
            empty_inputs: 0,
            unreadable_inputs: 0,
            tally: Tally::default(),
            started: Instant::now(),
            progress: PuzzleBar::hidden(),
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
        input::skip_bom(&mut source)?;
        let name = source.name;
        self.progress.start(source.size);
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
            let mut answer =
                match input::line_text(record.bytes, line, is_skipped, puzzle_ends_within) {
                    Ok(text) => solve(state, &text, line)?,
                    Err(message) => Answer::malformed(line, message),
                };
            answer.micros = started.elapsed().as_micros() as u64;
            Some(answer)
        };
        if source.terminal {
            return self.answer_typed_lines(&name, source.reader, init, answer);
        }
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

    /// Answers each line typed at a terminal as soon as it is whole, on this thread, and shows
    /// the answer at once; a batch would wait for a chunk of lines, and for the next one before
    /// it wrote the answers of the last. Ends at the end of the input (Ctrl-D) or at a signal.
    fn answer_typed_lines<S>(
        &mut self,
        name: &str,
        mut reader: Box<dyn std::io::BufRead + Send>,
        init: impl Fn() -> S,
        answer: impl Fn(&mut S, Record<'_>) -> Option<Answer>,
    ) -> anyhow::Result<()> {
        use std::io::BufRead;
        let max_line_bytes = self.batch.config().max_line_bytes;
        let mut state = init();
        let mut bytes = Vec::new();
        let mut line = 0u64;
        loop {
            bytes.clear();
            let read = reader
                .read_until(b'\n', &mut bytes)
                .map_err(|e| self.read_or_write_error(e, name))?;
            if read == 0 || interrupt::requested() {
                return Ok(());
            }
            line += 1;
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
            }
            let too_long = bytes.len() > max_line_bytes;
            bytes.truncate(max_line_bytes);
            let record = Record {
                line,
                bytes: &bytes,
                too_long,
            };
            if let Some(answer) = answer(&mut state, record) {
                self.emit(name, Some(record.bytes), &answer)
                    .and_then(|()| self.results.flush())
                    .map_err(|e| self.read_or_write_error(e, name))?;
            }
        }
    }

    /// Reads the rest of `source` whole, within `--max-input-bytes`.
    pub fn read_whole(&self, source: &mut Source) -> anyhow::Result<Vec<u8>> {
        input::read_rest(source, self.max_input_bytes)
    }

    /// Answers the puzzles `puzzles` yields (parsed from a multi-line format, or made) with
    /// `answer` and a per-thread state made by `init`, on the run's workers a chunk at a time,
    /// and emits the answers in input order. Work a signal can cut before it has an answer to
    /// write (a puzzle being made) answers `Option<Answer>`: `None` then, and neither that item
    /// nor any after it is written, so the output holds whole answers in order.
    pub fn answer_items<T, S, P, I, F, A>(
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
        F: Fn(&mut S, &T) -> A + Sync,
        A: ItemAnswer,
    {
        let puzzles = puzzles.into_iter();
        self.progress.start(puzzles.size_hint().1.map(|n| n as u64));
        let batch = std::sync::Arc::clone(&self.batch);
        let mut done = 0u64;
        let mut cut = false;
        let timed = |state: &mut S, puzzle: &T| {
            let started = Instant::now();
            let mut answer = answer(state, puzzle).into_answer()?;
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

    /// Reports an input that cannot be read as an error record of its own (on stderr too), so
    /// the exit code is 2; the other inputs are still answered.
    pub fn unreadable(&mut self, input: &input::Unreadable) -> anyhow::Result<()> {
        // The message names the input itself (`cannot read FILE: ...`): said as an error of
        // the run, as a fault of the command line is, rather than as one of a puzzle in it.
        let message = format!("{:#}", input.error);
        self.message(&format!("dlx: error: {message}"));
        let answer = Answer::malformed(0, message);
        let first = self.tally.puzzles == 0;
        let written = self.results.write(first, &input.name, None, &answer);
        self.tally.add(&answer);
        self.unreadable_inputs += 1;
        written.map_err(|e| self.read_or_write_error(e, &input.name))
    }

    /// Has [`Run::emit`] write `header` before the first text answer (never in JSON).
    pub fn start_with(&mut self, header: String) {
        self.results.start_with(header);
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
        self.results.separate_with(separator);
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
        let first = self.tally.puzzles == 0;
        let written = self.results.write(first, name, puzzle, answer);
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

    /// Ends the run whose work gave `result`: puts the output in place, prints the summary when
    /// asked (or on a terminal, or after a signal) and gives the exit code.
    ///
    /// A run that failed before answering anything leaves an `--output` file as it was; one
    /// that answered some puzzles first keeps their answers. An input with no puzzle makes the
    /// exit code 2 (see [`Run::end_source`]); when no input had one (or none could be read),
    /// the output is left as it was. A run cut by SIGINT, SIGTERM or SIGHUP writes the whole
    /// answers it has, says so, and exits with 128 + the signal's number.
    ///
    /// A run whose reader went away (a broken pipe: `dlx ... | head`) took no new work from
    /// then on; it ends quietly, with the summary when asked and the exit code of the answers
    /// found until then, the one whose write failed included.
    pub fn finish(self, result: anyhow::Result<()>) -> anyhow::Result<Exit> {
        // The records of inputs that could not be read answer nothing.
        let answered = self.tally.puzzles - self.unreadable_inputs;
        let reader_gone = match result {
            Ok(()) => false,
            Err(error) if super::is_broken_pipe(&error) => true,
            Err(error) => {
                self.progress.finish();
                if answered > 0 {
                    // The first error is the one to report; a failed commit would only hide it.
                    let _ = self.results.commit();
                }
                return Err(error);
            }
        };
        let signal = interrupt::signal();
        let nothing_read = self.empty_inputs > 0 || self.unreadable_inputs > 0;
        if answered == 0 && nothing_read && signal.is_none() {
            self.progress.finish();
            return Ok(Exit::BadInput);
        }
        let output = self.results.name().to_string();
        // Interrupted before any answer: an earlier --output file stays as it was. Nothing more
        // can reach a reader that went away.
        if !reader_gone && (signal.is_none() || answered > 0) {
            match self.results.commit() {
                Err(error) if batch::Batch::is_broken_pipe(&error) => {}
                committed => committed?,
            }
        }
        self.progress.finish();
        let seconds = self.started.elapsed().as_secs_f64();
        let t = &self.tally;
        if self.stats || signal.is_some() {
            t.print_summary(self.work, seconds);
        }
        if let Some(signal) = signal {
            report!(
                "dlx: interrupted after {} puzzles ({}): {output} holds their whole answers",
                t.puzzles,
                interrupt::signal_name(signal)
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
        self.progress.message(text);
    }

    /// Moves the bar to `consumed` bytes (or puzzles made).
    fn advance(&mut self, consumed: u64) {
        self.progress
            .advance(consumed, self.tally.puzzles, self.started);
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
