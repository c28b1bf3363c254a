//! Parallel, streaming, order-keeping solving of files with one record per line.
//!
//! The runner reads a chunk of lines, solves them on a rayon pool, writes their results in input
//! order, and goes on with the next chunk: memory is bounded by the chunk, not the file, and the
//! first results appear long before a large file is read to the end. The solving and the writing
//! are the caller's closures; the runner knows nothing of puzzles.
//!
//! Reading the next chunk overlaps with solving the current one (`rayon::join`), so with two
//! threads the reader's time is hidden behind the solvers'.
//!
//! Memory is bounded whatever the input: a line longer than [`BatchConfig::max_line_bytes`] is
//! kept only up to that length (the record says it was cut, and the caller reports it), the
//! rest of it is skipped in constant memory, and a chunk ends early once it holds
//! [`BatchConfig::chunk_bytes`].

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};

/// One input line: its 1-based number and its bytes, without the line ending (`\n` or `\r\n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    pub line: u64,
    /// The line's bytes; only the first [`BatchConfig::max_line_bytes`] when it is `too_long`.
    pub bytes: &'a [u8],
    /// Whether the line was longer than [`BatchConfig::max_line_bytes`] (its rest was skipped).
    pub too_long: bool,
}

/// The longest line kept whole by default: 8 KiB, room for the largest puzzle on one line
/// (61x61, 3,721 symbols) and a long trailing comment.
pub const MAX_LINE_BYTES: usize = 8 << 10;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every line was read and answered.
    Done,
    /// The stop flag was raised: the lines answered before it were handed on, in order, and
    /// no line after the first unanswered one.
    Stopped,
}

/// How the runner works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchConfig {
    /// Worker threads. Default: every core (`0` also means every core).
    pub threads: usize,
    /// Lines read and solved together. Default 4096: large enough that the pool stays busy,
    /// small enough that memory stays a few hundred kilobytes whatever the file's size.
    pub chunk_lines: usize,
    /// A chunk also ends once it holds this many bytes. Default 1 MiB: 4096 lines of a 9x9
    /// puzzle take a third of it; long lines cannot make a chunk larger.
    pub chunk_bytes: usize,
    /// A longer line is cut to this length and marked [`Record::too_long`]. Default
    /// [`MAX_LINE_BYTES`].
    pub max_line_bytes: usize,
    /// A line longer than this is not skipped to its end but ends the run with an error (an
    /// input with no line ending at all, such as `/dev/zero`). Default 256 MiB.
    pub max_skip_bytes: u64,
}

impl Default for BatchConfig {
    fn default() -> Self {
        BatchConfig {
            threads: 0,
            chunk_lines: 4096,
            chunk_bytes: 1 << 20,
            max_line_bytes: MAX_LINE_BYTES,
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
    /// Fills `chunk` with up to `chunk_lines` lines (or `chunk_bytes`); an empty chunk means the
    /// end of the input.
    fn fill(&mut self, chunk: &mut Chunk) -> io::Result<()> {
        chunk.bytes.clear();
        chunk.lines.clear();
        if let Some(error) = self.pending.take() {
            return Err(error);
        }
        let max_lines = self.config.chunk_lines.max(1);
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

/// Runs `solve` on every line of `input` on `pool`, and hands the results to `emit` in input
/// order, one call per line for which `solve` returned `Some` (a caller returns `None` for lines
/// that are not records, such as comments). Stops at the first error from reading or from `emit`.
pub fn run<R, T, S, E>(
    pool: &rayon::ThreadPool,
    config: &BatchConfig,
    input: R,
    solve: S,
    emit: E,
) -> io::Result<()>
where
    R: BufRead + Send,
    T: Send,
    S: Fn(Record<'_>) -> Option<T> + Sync,
    E: FnMut(Record<'_>, T) -> io::Result<()>,
{
    let never = AtomicBool::new(false);
    run_until(pool, config, input, &never, solve, emit).map(|_| ())
}

/// [`run`], stopping early once `stop` is raised (by a signal handler, say): no line is
/// started after that, and the lines already answered are handed to `emit` in order, up to the
/// first one that was not; nothing after it.
pub fn run_until<R, T, S, E>(
    pool: &rayon::ThreadPool,
    config: &BatchConfig,
    input: R,
    stop: &AtomicBool,
    solve: S,
    mut emit: E,
) -> io::Result<Ended>
where
    R: BufRead + Send,
    T: Send,
    S: Fn(Record<'_>) -> Option<T> + Sync,
    E: FnMut(Record<'_>, T) -> io::Result<()>,
{
    use rayon::prelude::*;
    let mut reader = ChunkReader {
        reader: input,
        next_line: 0,
        config: *config,
        pending: None,
    };
    let mut current = Chunk::default();
    let mut next = Chunk::default();
    // `None`: not answered (the stop came first); `Some(None)`: not a record.
    let mut results: Vec<Option<Option<T>>> = Vec::with_capacity(config.chunk_lines.max(1));
    reader.fill(&mut current)?;
    while !current.lines.is_empty() {
        // The pool solves this chunk while one of its threads reads the next; the results are
        // written here, on the caller's thread, so `emit` need not be `Send`.
        let (read, ()) = pool.join(
            || reader.fill(&mut next),
            || {
                (0..current.lines.len())
                    .into_par_iter()
                    .map(|k| (!stop.load(Ordering::Relaxed)).then(|| solve(current.record(k))))
                    .collect_into_vec(&mut results);
            },
        );
        for (k, result) in results.drain(..).enumerate() {
            match result {
                Some(Some(result)) => emit(current.record(k), result)?,
                Some(None) => {}
                None => return Ok(Ended::Stopped),
            }
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(Ended::Stopped);
        }
        read?;
        std::mem::swap(&mut current, &mut next);
    }
    Ok(Ended::Done)
}

/// A rayon pool with `threads` workers (0: one per core).
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build()
}

/// Whether writing failed because the reader went away (a pipe into `head`), which a
/// caller treats as a quiet end rather than an error.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(input: &[u8], threads: usize, chunk_lines: usize) -> Vec<String> {
        let pool = pool(threads).unwrap();
        let config = BatchConfig {
            threads,
            chunk_lines,
            ..BatchConfig::default()
        };
        let mut out = Vec::new();
        run(
            &pool,
            &config,
            input,
            |r| {
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
        let pool = pool(2).unwrap();
        let mut calls = 0;
        let err = run(
            &pool,
            &BatchConfig {
                threads: 2,
                chunk_lines: 2,
                ..BatchConfig::default()
            },
            &b"1\n2\n3\n4\n5\n"[..],
            |r| Some(r.line),
            |_, _| {
                calls += 1;
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
            },
        )
        .unwrap_err();
        assert!(is_broken_pipe(&err));
        assert_eq!(calls, 1);
    }

    /// Issue 14: a line had no length limit, and `/dev/zero` grew the reader until the kernel
    /// killed it.
    #[test]
    fn an_over_long_line_is_cut_marked_and_skipped_and_reading_goes_on() {
        let config = BatchConfig {
            threads: 1,
            chunk_lines: 2,
            max_line_bytes: 4,
            ..BatchConfig::default()
        };
        let mut input = b"abcd\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 200_000));
        input.extend_from_slice(b"\nlast\r\n");
        let pool = pool(1).unwrap();
        let mut seen = Vec::new();
        run(
            &pool,
            &config,
            &input[..],
            |r| Some((r.line, r.bytes.to_vec(), r.too_long)),
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
        let error = run(&pool, &config, &input[..], |r| Some(r.line), |_, _| Ok(())).unwrap_err();
        assert!(error.to_string().contains("line 2 goes on"), "{error}");
    }

    #[test]
    fn a_raised_stop_flag_hands_on_only_the_lines_answered_before_it() {
        let pool = pool(2).unwrap();
        let stop = AtomicBool::new(false);
        let input: String = (1..=100).map(|k| format!("{k}\n")).collect();
        let mut seen = Vec::new();
        let ended = run_until(
            &pool,
            &BatchConfig {
                chunk_lines: 10,
                ..BatchConfig::default()
            },
            input.as_bytes(),
            &stop,
            |r| {
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
        assert_eq!(ended, Ended::Stopped);
        // Whole lines, in order, from the first, none past the chunk that saw the stop.
        assert!(seen.len() <= 30 && seen.len() >= 20, "{seen:?}");
        assert!(seen.iter().copied().eq(1..=seen.len() as u64));
    }
}
