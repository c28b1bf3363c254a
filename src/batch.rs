//! Parallel, streaming, order-keeping solving of files with one record per line.
//!
//! The runner reads a chunk of lines, solves them on a rayon pool, writes their results in input
//! order, and goes on with the next chunk: memory is bounded by the chunk, not the file, and the
//! first results appear long before a large file is read to the end. The solving and the writing
//! are the caller's closures; the runner knows nothing of puzzles.
//!
//! Reading the next chunk overlaps with solving the current one (`rayon::join`), so with two
//! threads the reader's time is hidden behind the solvers'.

use std::io::{self, BufRead};

/// One input line: its 1-based number and its bytes, without the line ending (`\n` or `\r\n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    pub line: u64,
    pub bytes: &'a [u8],
}

/// How the runner works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchConfig {
    /// Worker threads. Default: every core (`0` also means every core).
    pub threads: usize,
    /// Lines read and solved together. Default 4096: large enough that the pool stays busy,
    /// small enough that memory stays a few hundred kilobytes whatever the file's size.
    pub chunk_lines: usize,
}

impl Default for BatchConfig {
    fn default() -> Self {
        BatchConfig {
            threads: 0,
            chunk_lines: 4096,
        }
    }
}

/// A block of consecutive lines held in one buffer.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    /// (line number, start, end) of each line within `bytes`.
    lines: Vec<(u64, usize, usize)>,
}

impl Chunk {
    fn record(&self, index: usize) -> Record<'_> {
        let (line, start, end) = self.lines[index];
        Record {
            line,
            bytes: &self.bytes[start..end],
        }
    }
}

/// Reads lines into chunks, counting line numbers across chunks.
struct ChunkReader<R> {
    reader: R,
    next_line: u64,
}

impl<R: BufRead> ChunkReader<R> {
    /// Fills `chunk` with up to `max_lines` lines; an empty chunk means the end of the input.
    fn fill(&mut self, chunk: &mut Chunk, max_lines: usize) -> io::Result<()> {
        chunk.bytes.clear();
        chunk.lines.clear();
        while chunk.lines.len() < max_lines {
            let start = chunk.bytes.len();
            let read = self.reader.read_until(b'\n', &mut chunk.bytes)?;
            if read == 0 {
                break;
            }
            let mut end = chunk.bytes.len();
            if chunk.bytes[end - 1] == b'\n' {
                end -= 1;
                if end > start && chunk.bytes[end - 1] == b'\r' {
                    end -= 1;
                }
            }
            self.next_line += 1;
            chunk.lines.push((self.next_line, start, end));
        }
        Ok(())
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
    mut emit: E,
) -> io::Result<()>
where
    R: BufRead + Send,
    T: Send,
    S: Fn(Record<'_>) -> Option<T> + Sync,
    E: FnMut(Record<'_>, T) -> io::Result<()>,
{
    use rayon::prelude::*;
    let chunk_lines = config.chunk_lines.max(1);
    let mut reader = ChunkReader {
        reader: input,
        next_line: 0,
    };
    let mut current = Chunk::default();
    let mut next = Chunk::default();
    let mut results: Vec<Option<T>> = Vec::with_capacity(chunk_lines);
    reader.fill(&mut current, chunk_lines)?;
    while !current.lines.is_empty() {
        // The pool solves this chunk while one of its threads reads the next; the results are
        // written here, on the caller's thread, so `emit` need not be `Send`.
        let (read, ()) = pool.join(
            || reader.fill(&mut next, chunk_lines),
            || {
                (0..current.lines.len())
                    .into_par_iter()
                    .map(|k| solve(current.record(k)))
                    .collect_into_vec(&mut results);
            },
        );
        for (k, result) in results.drain(..).enumerate() {
            if let Some(result) = result {
                emit(current.record(k), result)?;
            }
        }
        read?;
        std::mem::swap(&mut current, &mut next);
    }
    Ok(())
}

/// A rayon pool with `threads` workers (0: one per core).
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build()
}

/// Whether writing failed because the reader went away (`dlx sudoku big.txt | head`), which a
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
}
