//! Parallel, streaming, order-keeping solving of puzzle files: the runner every `dlx` command
//! uses, [`Batch`].
//!
//! The runner takes a chunk of records (the lines of a reader, or the items of any iterator),
//! solves them on a rayon pool, hands their results on in input order, and goes on with the
//! next chunk: memory is bounded by the chunk, not the file, and the first results appear long
//! before a large file is read to the end (the first chunk holds 64 records, each next one
//! twice as many). The solving and the writing are the caller's closures, and each worker
//! thread keeps a state of the caller's (its solvers) for the whole run; the runner knows
//! nothing of puzzles.
//!
//! Reading the next chunk overlaps with solving the current one, and so does handing on the
//! results of the one before (on the caller's thread, while the pool solves): no worker waits
//! while the answers are written. Three chunks are held at a time.
//!
//! Memory is bounded whatever the input: a line longer than [`BatchConfig::max_line_bytes`] is
//! kept only up to that length (the record says it was cut, and the caller reports it), the
//! rest of it is skipped in constant memory, and a chunk ends early once it holds
//! [`BatchConfig::chunk_bytes`].

use crate::outcome::Stop;
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, TryLockError};

/// One input line: its 1-based number and its bytes, without the line ending (`\n` or `\r\n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// The line's number in the input, from 1.
    pub line: u64,
    /// The line's bytes; only the first [`BatchConfig::max_line_bytes`] when it is `too_long`.
    pub bytes: &'a [u8],
    /// Whether the line was longer than [`BatchConfig::max_line_bytes`] (its rest was skipped).
    pub too_long: bool,
}

/// How the runner works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchConfig {
    /// Worker threads. Default: every core (`0` also means every core).
    pub threads: usize,
    /// Records (lines, or items of an iterator) read and solved together. Default 4096: large
    /// enough that the pool stays busy, small enough that memory stays a few hundred kilobytes
    /// whatever the file's size.
    pub chunk_records: usize,
    /// A chunk also ends once it holds this many bytes. Default 1 MiB: 4096 lines of a 9x9
    /// puzzle take a third of it; long lines cannot make a chunk larger.
    pub chunk_bytes: usize,
    /// A longer line is cut to this length and marked [`Record::too_long`]. Default
    /// [`BatchConfig::MAX_LINE_BYTES`].
    pub max_line_bytes: usize,
    /// A line longer than this is not skipped to its end but ends the run with an error (an
    /// input with no line ending at all, such as `/dev/zero`). Default 256 MiB.
    pub max_skip_bytes: u64,
}

impl BatchConfig {
    /// The longest line kept whole by default: 8 KiB, room for the largest puzzle on one line
    /// (61x61, 3,721 symbols) and a long trailing comment.
    pub const MAX_LINE_BYTES: usize = 8 << 10;
}

impl Default for BatchConfig {
    fn default() -> Self {
        BatchConfig {
            threads: 0,
            chunk_records: 4096,
            chunk_bytes: 1 << 20,
            max_line_bytes: BatchConfig::MAX_LINE_BYTES,
            max_skip_bytes: 256 << 20,
        }
    }
}

/// A block of consecutive lines held in one buffer.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    /// (line number, start, end, too long) of each line within `bytes`.
    lines: Vec<(u64, usize, usize, bool)>,
}

impl Chunk {
    fn record(&self, index: usize) -> Record<'_> {
        let (line, start, end, too_long) = self.lines[index];
        Record {
            line,
            bytes: &self.bytes[start..end],
            too_long,
        }
    }
}

/// Reads lines into chunks, counting line numbers across chunks.
struct ChunkReader<R> {
    reader: R,
    next_line: u64,
    config: BatchConfig,
    /// An error met after the last line of the previous chunk (a line with no end): given at
    /// the next fill, so that the line is answered first.
    pending: Option<io::Error>,
}

impl<R: BufRead> ChunkReader<R> {
    /// Fills `chunk` with up to `max_lines` lines (or `chunk_bytes`); an empty chunk means the
    /// end of the input.
    fn fill(&mut self, chunk: &mut Chunk, max_lines: usize) -> io::Result<()> {
        chunk.bytes.clear();
        chunk.lines.clear();
        if let Some(error) = self.pending.take() {
            return Err(error);
        }
        let max_line = self.config.max_line_bytes.max(1);
        while chunk.lines.len() < max_lines && chunk.bytes.len() < self.config.chunk_bytes {
            let start = chunk.bytes.len();
            // Room for a line of `max_line` bytes and its `\r\n`: whatever does not fit is
            // too long.
            let room = max_line + 2;
            let read = (&mut self.reader)
                .take(room as u64)
                .read_until(b'\n', &mut chunk.bytes)?;
            if read == 0 {
                break;
            }
            self.next_line += 1;
            let mut end = chunk.bytes.len();
            let ended = chunk.bytes[end - 1] == b'\n';
            if ended {
                end -= 1;
                if end > start && chunk.bytes[end - 1] == b'\r' {
                    end -= 1;
                }
            }
            let too_long = end - start > max_line;
            if too_long {
                end = start + max_line;
                chunk.bytes.truncate(end);
            }
            if !ended && read == room {
                if let Err(error) = self.skip_rest_of_line() {
                    chunk.lines.push((self.next_line, start, end, too_long));
                    self.pending = Some(error);
                    break;
                }
            }
            chunk.lines.push((self.next_line, start, end, too_long));
        }
        Ok(())
    }

    /// Moves past the end of an over-long line, a block at a time: constant memory.
    fn skip_rest_of_line(&mut self) -> io::Result<()> {
        let mut skipped = 0u64;
        let mut block = Vec::with_capacity(64 << 10);
        loop {
            block.clear();
            let read = (&mut self.reader)
                .take(64 << 10)
                .read_until(b'\n', &mut block)?;
            if read == 0 || block.last() == Some(&b'\n') {
                return Ok(());
            }
            skipped += read as u64;
            if skipped > self.config.max_skip_bytes {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "line {} goes on for more than {} MiB without a line ending: stopped \
                         reading",
                        self.next_line,
                        self.config.max_skip_bytes >> 20
                    ),
                ));
            }
        }
    }
}

/// The first chunk of a run: small, so that the first results appear at once even when each
/// record takes milliseconds (generating puzzles); each next chunk is twice as large, up to
/// [`BatchConfig::chunk_records`].
const FIRST_CHUNK: usize = 64;

/// The sizes of a run's chunks, in order: [`FIRST_CHUNK`], twice that, ..., then
/// `chunk_records` on.
struct ChunkSizes {
    next: usize,
    most: usize,
}

impl ChunkSizes {
    fn next_size(&mut self) -> usize {
        let size = self.next;
        self.next = (size * 2).min(self.most);
        size
    }
}

fn chunk_sizes(config: &BatchConfig) -> ChunkSizes {
    let most = config.chunk_records.max(1);
    ChunkSizes {
        next: FIRST_CHUNK.min(most),
        most,
    }
}

/// One state a worker thread, made by `init` the first time the worker needs it and kept until
/// the run ends: a worker's solvers (their prebuilt templates) serve every record it answers.
struct PerThread<S> {
    /// Indexed by the worker's index in the pool. The lock is never contended: a slot is only
    /// ever taken by its own worker.
    slots: Vec<Mutex<Option<S>>>,
}

impl<S> PerThread<S> {
    fn new(threads: usize) -> Self {
        PerThread {
            slots: (0..threads).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Calls `f` with this worker's state. Off the pool, or when `f` reached this again through
    /// a nested rayon call that ran on the same worker (the slot is then held), a fresh state
    /// serves the one call.
    fn with<R>(&self, init: &impl Fn() -> S, f: impl FnOnce(&mut S) -> R) -> R {
        let slot = rayon::current_thread_index().and_then(|index| self.slots.get(index));
        let guard = match slot.map(Mutex::try_lock) {
            Some(Ok(guard)) => Some(guard),
            Some(Err(TryLockError::Poisoned(poisoned))) => Some(poisoned.into_inner()),
            Some(Err(TryLockError::WouldBlock)) | None => None,
        };
        match guard {
            Some(mut guard) => f(guard.get_or_insert_with(init)),
            None => f(&mut init()),
        }
    }
}

/// A batch runner: a pool of worker threads and how to cut the input into chunks.
///
/// [`Batch::lines`] reads the records from the lines of a reader, [`Batch::items`] from any
/// iterator; both solve a chunk at a time on the pool, each worker with its own state, and hand
/// the results on in input order.
///
/// ```
/// use dlx_engine::batch::{Batch, BatchConfig};
/// use dlx_engine::{Dlx, Engine, Problem, Stop};
///
/// // One record a line: a board size, whose queens' placements are counted.
/// let input = "4\n# a comment line: `solve` answers `None`, and nothing is emitted for it\n6\n8\n";
/// let batch = Batch::new(BatchConfig { threads: 2, ..BatchConfig::default() })?;
/// let mut counts = Vec::new();
/// let ended = batch.lines(
///     input.as_bytes(),
///     || (), // no state a worker thread
///     |_, record| {
///         let n: usize = std::str::from_utf8(record.bytes).ok()?.trim().parse().ok()?;
///         let problem = Problem::queens(n);
///         Some(Dlx::new(&problem).count_solutions(None).answer)
///     },
///     |record, count| {
///         counts.push((record.line, count.to_string()));
///         Ok(())
///     },
/// )?;
/// assert_eq!(ended, Stop::Exhausted);
/// // In input order, line 2 (not a number) left out.
/// assert_eq!(counts, [(1, "2".into()), (3, "4".into()), (4, "92".into())]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Batch<'stop> {
    pool: rayon::ThreadPool,
    config: BatchConfig,
    stop: Option<&'stop AtomicBool>,
}

impl Batch<'static> {
    /// Starts [`BatchConfig::threads`] worker threads.
    pub fn new(config: BatchConfig) -> Result<Self, rayon::ThreadPoolBuildError> {
        Ok(Batch {
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(config.threads)
                .build()?,
            config,
            stop: None,
        })
    }

    /// Whether writing failed because the reader went away (a pipe into `head`), which a
    /// caller treats as a quiet end rather than an error.
    pub fn is_broken_pipe(error: &io::Error) -> bool {
        error.kind() == io::ErrorKind::BrokenPipe
    }
}

impl<'stop> Batch<'stop> {
    /// Stops a run early once `stop` is raised (by a signal handler, say): no record is started
    /// after that, and the records already answered are handed on in order, up to the first
    /// one that was not; nothing after it. The run then returns [`Stop::Interrupted`].
    pub fn stop_when<'flag>(self, stop: &'flag AtomicBool) -> Batch<'flag> {
        Batch {
            pool: self.pool,
            config: self.config,
            stop: Some(stop),
        }
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// How the runner cuts its input.
    pub fn config(&self) -> &BatchConfig {
        &self.config
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// Solves the `count` records of a chunk on the pool, `solve(state, k)` for the `k`th, into
    /// `results` in order; `None` for a record not started because the stop flag (or `quit`)
    /// was raised.
    fn solve_chunk<S, U, I, F>(
        &self,
        states: &PerThread<S>,
        init: &I,
        count: usize,
        solve: F,
        results: &mut Vec<Option<U>>,
        quit: &AtomicBool,
    ) where
        S: Send,
        U: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, usize) -> U + Sync,
    {
        use rayon::prelude::*;
        (0..count)
            .into_par_iter()
            .map(|k| {
                let go = !self.stopped() && !quit.load(Ordering::Relaxed);
                go.then(|| states.with(init, |state| solve(state, k)))
            })
            .collect_into_vec(results);
    }

    /// One round of the runner: the pool solves `count` records (`solve(state, k)` for the
    /// `k`th, into `solved`) while one of its threads runs `read` (the next chunk), and this
    /// thread runs `hand_on` (the chunk before), whose answer ends the round; `quit` is raised
    /// when handing on ends the run, so that the solving stops at once. With `count` 0 the
    /// round only hands on.
    fn overlapped<S, U, I, F, Error>(
        &self,
        (states, init, quit): (&PerThread<S>, &I, &AtomicBool),
        count: usize,
        read: impl FnOnce() + Send,
        solve: F,
        solved: &mut Vec<Option<U>>,
        hand_on: impl FnOnce() -> Result<Stop, Error>,
    ) -> Result<Stop, Error>
    where
        S: Send,
        U: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, usize) -> U + Sync + Send,
    {
        self.pool.in_place_scope(|scope| {
            if count > 0 {
                scope.spawn(|_| read());
                scope.spawn(|_| self.solve_chunk(states, init, count, solve, solved, quit));
            }
            let handed_on = hand_on();
            if !matches!(handed_on, Ok(Stop::Exhausted)) {
                quit.store(true, Ordering::Relaxed);
            }
            handed_on
        })
    }

    /// Runs `solve` on every line of `input`, with the state `init` made for the worker that
    /// runs it, and hands the results to `emit` in input order, one call per line for which
    /// `solve` returned `Some` (a caller returns `None` for lines that are not records, such as
    /// comments). Stops at the first error from reading or from `emit`.
    ///
    /// Ends with [`Stop::Exhausted`] when every line was read and answered, or
    /// [`Stop::Interrupted`] when the stop flag ([`Batch::stop_when`]) was raised: the lines
    /// answered before it were handed on, in order, and no line after the first unanswered
    /// one.
    pub fn lines<R, S, T, I, F, E>(
        &self,
        input: R,
        init: I,
        solve: F,
        mut emit: E,
    ) -> io::Result<Stop>
    where
        R: BufRead + Send,
        S: Send,
        T: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, Record<'_>) -> Option<T> + Sync,
        E: FnMut(Record<'_>, T) -> io::Result<()>,
    {
        let mut reader = ChunkReader {
            reader: input,
            next_line: 0,
            config: self.config,
            pending: None,
        };
        let states = PerThread::new(self.threads());
        // Three chunks go round: the pool solves one while one of its threads reads the next,
        // and this thread hands on the results of the one before, so that no core waits for
        // the writing (the results are handed on here, on the caller's thread, so `emit` need
        // not be `Send`).
        let mut solving = Chunk::default();
        let mut reading = Chunk::default();
        let mut emitting = Chunk::default();
        // `None`: not answered (the stop came first); `Some(None)`: not a record.
        let mut solved = Vec::with_capacity(self.config.chunk_records.max(1));
        let mut to_emit = Vec::with_capacity(self.config.chunk_records.max(1));
        let mut sizes = chunk_sizes(&self.config);
        reader.fill(&mut solving, sizes.next_size())?;
        // Raised when handing on fails, so that the chunk being solved stops at once.
        let quit = AtomicBool::new(false);
        let mut read_error = None;
        loop {
            let more = read_error.is_none() && !solving.lines.is_empty();
            let size = sizes.next_size();
            let mut read = Ok(());
            let count = if more { solving.lines.len() } else { 0 };
            let handed_on = self.overlapped(
                (&states, &init, &quit),
                count,
                || read = reader.fill(&mut reading, size),
                |state: &mut S, k| solve(state, solving.record(k)),
                &mut solved,
                || hand_on(&emitting, &mut to_emit, &mut emit),
            );
            if handed_on? == Stop::Interrupted {
                return Ok(Stop::Interrupted);
            }
            if !more {
                return read_error.map_or(Ok(Stop::Exhausted), Err);
            }
            if self.stopped() {
                // The records answered before the stop, up to the first that was not.
                hand_on(&solving, &mut solved, &mut emit)?;
                return Ok(Stop::Interrupted);
            }
            read_error = read.err();
            std::mem::swap(&mut emitting, &mut solving);
            std::mem::swap(&mut to_emit, &mut solved);
            std::mem::swap(&mut solving, &mut reading);
        }
    }

    /// Runs `solve` on every record of `records` (puzzles parsed from a whole text, rows of a
    /// CSV reader, seeds), with the state `init` made for the worker that runs it, and hands
    /// each record and its result to `emit` in input order. Memory holds three chunks of
    /// [`BatchConfig::chunk_records`]: the pool solves one while one of its threads takes the
    /// next from `records` and this thread hands on the one before. Stops at the first error
    /// from `emit`. Ends as [`Batch::lines`]
    /// does: [`Stop::Exhausted`], or [`Stop::Interrupted`] by the stop flag.
    pub fn items<X, S, T, I, F, E, Error>(
        &self,
        records: impl IntoIterator<Item = X, IntoIter: Send>,
        init: I,
        solve: F,
        mut emit: E,
    ) -> Result<Stop, Error>
    where
        X: Send + Sync,
        S: Send,
        T: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &X) -> T + Sync,
        E: FnMut(X, T) -> Result<(), Error>,
    {
        let mut sizes = chunk_sizes(&self.config);
        let mut records = records.into_iter();
        let states = PerThread::new(self.threads());
        // As in `lines`: one chunk solved, the next taken from `records`, the one before
        // handed on here.
        let mut solving: Vec<X> = records.by_ref().take(sizes.next_size()).collect();
        let (mut reading, mut emitting) = (Vec::new(), Vec::new());
        let (mut solved, mut to_emit) = (Vec::new(), Vec::new());
        let quit = AtomicBool::new(false);
        loop {
            let more = !solving.is_empty();
            let size = sizes.next_size();
            let count = if more { solving.len() } else { 0 };
            let handed_on = self.overlapped(
                (&states, &init, &quit),
                count,
                || reading.extend(records.by_ref().take(size)),
                |state: &mut S, k: usize| solve(state, &solving[k]),
                &mut solved,
                || hand_on_items(&mut emitting, &mut to_emit, &mut emit),
            );
            if handed_on? == Stop::Interrupted {
                return Ok(Stop::Interrupted);
            }
            if !more {
                return Ok(Stop::Exhausted);
            }
            if self.stopped() {
                hand_on_items(&mut solving, &mut solved, &mut emit)?;
                return Ok(Stop::Interrupted);
            }
            std::mem::swap(&mut emitting, &mut solving);
            std::mem::swap(&mut to_emit, &mut solved);
            std::mem::swap(&mut solving, &mut reading);
        }
    }
}

/// Hands on the `results` of `chunk`'s lines in order (and empties them): [`Stop::Interrupted`]
/// at the first line not answered, with nothing after it.
fn hand_on<T, E>(
    chunk: &Chunk,
    results: &mut Vec<Option<Option<T>>>,
    emit: &mut E,
) -> io::Result<Stop>
where
    E: FnMut(Record<'_>, T) -> io::Result<()>,
{
    for (k, result) in results.drain(..).enumerate() {
        match result {
            Some(Some(result)) => emit(chunk.record(k), result)?,
            Some(None) => {}
            None => return Ok(Stop::Interrupted),
        }
    }
    Ok(Stop::Exhausted)
}

/// Hands on each of `records` with its result, in order (and empties both):
/// [`Stop::Interrupted`] at the first record not answered, with nothing after it.
fn hand_on_items<X, T, E, Error>(
    records: &mut Vec<X>,
    results: &mut Vec<Option<T>>,
    emit: &mut E,
) -> Result<Stop, Error>
where
    E: FnMut(X, T) -> Result<(), Error>,
{
    for (record, result) in records.drain(..).zip(results.drain(..)) {
        match result {
            Some(result) => emit(record, result)?,
            None => return Ok(Stop::Interrupted),
        }
    }
    Ok(Stop::Exhausted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(threads: usize, chunk_records: usize) -> Batch<'static> {
        Batch::new(BatchConfig {
            threads,
            chunk_records,
            ..BatchConfig::default()
        })
        .unwrap()
    }

    fn collect(input: &[u8], threads: usize, chunk_records: usize) -> Vec<String> {
        let mut out = Vec::new();
        batch(threads, chunk_records)
            .lines(
                input,
                || (),
                |(), r| {
                    if r.bytes.starts_with(b"#") {
                        None
                    } else {
                        Some(format!("{}:{}", r.line, String::from_utf8_lossy(r.bytes)))
                    }
                },
                |_, s| {
                    out.push(s);
                    Ok(())
                },
            )
            .unwrap();
        out
    }

    #[test]
    fn keeps_order_and_numbers_lines_across_chunks() {
        let input: String = (1..=1000).map(|k| format!("{k}\n")).collect();
        for threads in [1, 2, 8] {
            for chunk in [1, 3, 64, 5000] {
                let out = collect(input.as_bytes(), threads, chunk);
                assert_eq!(out.len(), 1000);
                for (k, line) in out.iter().enumerate() {
                    assert_eq!(line, &format!("{}:{}", k + 1, k + 1));
                }
            }
        }
    }

    #[test]
    fn the_threads_asked_for_are_the_threads_that_work() {
        for threads in [1, 3] {
            assert_eq!(batch(threads, 8).threads(), threads);
        }
        // Every record answered on a worker of the pool, never on the caller's thread.
        let batch = batch(3, 8);
        let mut workers = std::collections::BTreeSet::new();
        batch
            .items(
                0..200,
                || (),
                |(), _| rayon::current_thread_index(),
                |_, worker| {
                    workers.insert(worker);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
        assert!(
            workers.iter().all(|w| w.is_some_and(|w| w < 3)),
            "{workers:?}"
        );
    }

    /// Each worker's state is made once and kept for the whole run, across chunks.
    #[test]
    fn each_worker_keeps_one_state_for_the_run() {
        use std::sync::atomic::AtomicUsize;
        for threads in [1, 2] {
            let made = AtomicUsize::new(0);
            let mut seen = Vec::new();
            let ended = batch(threads, 7)
                .items(
                    1..=500u64,
                    || {
                        made.fetch_add(1, Ordering::Relaxed);
                        0u64
                    },
                    |answered, &k| {
                        *answered += 1;
                        (k, *answered)
                    },
                    |k, (echo, answered)| {
                        assert_eq!(k, echo);
                        seen.push((k, answered));
                        Ok::<(), ()>(())
                    },
                )
                .unwrap();
            assert_eq!(ended, Stop::Exhausted);
            assert!(
                seen.iter().map(|s| s.0).eq(1..=500),
                "in order, none missing"
            );
            let made = made.load(Ordering::Relaxed);
            assert!((1..=threads).contains(&made), "{made} states for {threads}");
            // The counts each state reached add up to the records: no state was made afresh.
            let most = seen.iter().map(|s| s.1).max().unwrap();
            assert!(most >= 500 / threads as u64, "{most}");
        }
    }

    #[test]
    fn handles_crlf_a_missing_final_newline_skipped_lines_and_empty_input() {
        assert_eq!(
            collect(b"a\r\n#c\n\nb", 2, 2),
            ["1:a", "3:", "4:b"].map(String::from)
        );
        assert!(collect(b"", 2, 2).is_empty());
        assert_eq!(collect(b"\r\n", 1, 1), ["1:"].map(String::from));
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let mut calls = 0;
        let err = batch(2, 2)
            .lines(
                &b"1\n2\n3\n4\n5\n"[..],
                || (),
                |(), r| Some(r.line),
                |_, _| {
                    calls += 1;
                    Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
                },
            )
            .unwrap_err();
        assert!(Batch::is_broken_pipe(&err));
        assert_eq!(calls, 1);
        let mut calls = 0;
        let err = batch(2, 2)
            .items(
                1..=5,
                || (),
                |(), &k| k,
                |_, k| {
                    calls += 1;
                    if k == 3 {
                        Err(k)
                    } else {
                        Ok(())
                    }
                },
            )
            .unwrap_err();
        assert_eq!((err, calls), (3, 3));
    }

    #[test]
    fn a_chunk_is_handed_on_while_the_next_is_solved() {
        // Handing on line 1 waits until line 3, of the next chunk, is being solved: a runner
        // that solved and handed on in turn would wait out the deadline.
        use std::time::{Duration, Instant};
        let third_started = AtomicBool::new(false);
        let mut waited = Vec::new();
        let ended = batch(1, 2)
            .lines(
                &b"1\n2\n3\n4\n"[..],
                || (),
                |(), r| {
                    if r.line == 3 {
                        third_started.store(true, Ordering::SeqCst);
                    }
                    Some(r.line)
                },
                |_, line| {
                    if line == 1 {
                        let deadline = Instant::now() + Duration::from_secs(20);
                        while !third_started.load(Ordering::SeqCst) && Instant::now() < deadline {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                    }
                    waited.push((line, third_started.load(Ordering::SeqCst)));
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(ended, Stop::Exhausted);
        assert_eq!(waited, [(1, true), (2, true), (3, true), (4, true)]);
    }

    #[test]
    fn a_failed_hand_on_stops_the_chunk_being_solved() {
        // Line 1 fails to go out while the second chunk (128 lines of a millisecond each, on
        // one thread) is being solved: the solving stops at once instead of finishing it.
        use std::sync::atomic::AtomicUsize;
        let solves = AtomicUsize::new(0);
        let input: String = (1..=1000).map(|k| format!("{k}\n")).collect();
        let err = batch(1, 1000)
            .lines(
                input.as_bytes(),
                || (),
                |(), r| {
                    solves.fetch_add(1, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    Some(r.line)
                },
                |_, _| Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed")),
            )
            .unwrap_err();
        assert!(Batch::is_broken_pipe(&err));
        let solves = solves.load(Ordering::SeqCst);
        // The first chunk (64 lines) whole, and few of the second's 128.
        assert!((64..64 + 100).contains(&solves), "{solves} lines solved");
    }

    #[test]
    fn a_read_error_comes_after_the_lines_read_before_it() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the disk went away"))
            }
        }
        let input = io::BufReader::new((&b"1\n2\n3\n"[..]).chain(Failing));
        let mut seen = Vec::new();
        let err = batch(2, 2)
            .lines(
                input,
                || (),
                |(), r| Some(r.line),
                |_, line| {
                    seen.push(line);
                    Ok(())
                },
            )
            .unwrap_err();
        assert_eq!(err.to_string(), "the disk went away");
        // The first chunk's lines, in order; the chunk the error cut short is not answered.
        assert_eq!(seen, [1, 2]);
    }

    /// A line had no length limit, and `/dev/zero` grew the reader until the kernel
    /// killed it.
    #[test]
    fn an_over_long_line_is_cut_marked_and_skipped_and_reading_goes_on() {
        let config = BatchConfig {
            threads: 1,
            chunk_records: 2,
            max_line_bytes: 4,
            ..BatchConfig::default()
        };
        let mut input = b"abcd\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 200_000));
        input.extend_from_slice(b"\nlast\r\n");
        let mut seen = Vec::new();
        Batch::new(config)
            .unwrap()
            .lines(
                &input[..],
                || (),
                |(), r| Some((r.line, r.bytes.to_vec(), r.too_long)),
                |_, answer| {
                    seen.push(answer);
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(
            seen,
            [
                (1, b"abcd".to_vec(), false),
                (2, b"xxxx".to_vec(), true),
                (3, b"last".to_vec(), false)
            ]
        );
        // A line with no end beyond `max_skip_bytes` ends the run with an error naming it.
        let config = BatchConfig {
            max_skip_bytes: 100_000,
            ..config
        };
        let error = Batch::new(config)
            .unwrap()
            .lines(&input[..], || (), |(), r| Some(r.line), |_, _| Ok(()))
            .unwrap_err();
        assert!(error.to_string().contains("line 2 goes on"), "{error}");
    }

    #[test]
    fn a_raised_stop_flag_hands_on_only_the_records_answered_before_it() {
        let stop = AtomicBool::new(false);
        let batch = batch(2, 10).stop_when(&stop);
        let input: String = (1..=100).map(|k| format!("{k}\n")).collect();
        let mut seen = Vec::new();
        let ended = batch
            .lines(
                input.as_bytes(),
                || (),
                |(), r| {
                    if r.line == 25 {
                        stop.store(true, Ordering::Relaxed);
                    }
                    Some(r.line)
                },
                |_, line| {
                    seen.push(line);
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(ended, Stop::Interrupted);
        // Whole lines, in order, from the first, none past the chunk that saw the stop.
        assert!(seen.len() <= 30 && seen.len() >= 20, "{seen:?}");
        assert!(seen.iter().copied().eq(1..=seen.len() as u64));
        // The same of any iterator.
        stop.store(false, Ordering::Relaxed);
        let mut seen = Vec::new();
        let ended = batch
            .items(
                1..=100u64,
                || (),
                |(), &k| {
                    if k == 25 {
                        stop.store(true, Ordering::Relaxed);
                    }
                    k
                },
                |record, k| {
                    assert_eq!(record, k);
                    seen.push(k);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
        assert_eq!(ended, Stop::Interrupted);
        assert!(seen.len() <= 30 && seen.len() >= 20, "{seen:?}");
        assert!(seen.iter().copied().eq(1..=seen.len() as u64));
    }
}
