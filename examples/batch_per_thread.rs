//! A batch over a file of Sudoku puzzles, one a line, through the library's runner
//! ([`dlx_engine::batch::Batch`]): the lines are solved on every core, each worker thread with
//! its own [`Solvers`] (made once, reused for every puzzle it takes), and the answers come out
//! in input order. Each solution is checked against its puzzle (every cell filled, every rule
//! kept, every given kept) before it is printed.
//!
//! `cargo run --example batch_per_thread -- [FILE]` (default: the project's own
//! `puzzles/minimal-9x9.txt`); CI runs it. Exits with an error at the first wrong answer.

use dlx_engine::batch::{Batch, BatchConfig};
use dlx_engine::Stop;
use dlx_puzzles::sudoku::{Format, Grid, Solvers};
use std::io::Write;

/// The project's 20,000 minimal puzzles (made by `dlx generate --seed 1`).
const DEFAULT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/minimal-9x9.txt");

/// What one line gave: its puzzle and first solution, no solution, or why it is not a puzzle.
enum Answer {
    Solved { puzzle: Grid, solution: Grid },
    NoSolution,
    Malformed(String),
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT.to_string());
    let file = std::io::BufReader::new(std::fs::File::open(&path)?);
    // Every core (`threads: 0`), in chunks of 4,096 lines: memory holds two chunks, whatever
    // the file's size.
    let batch = Batch::new(BatchConfig::default())?;
    let (mut solved, mut last_line) = (0u64, 0u64);
    let mut wrong = None;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let ended = batch.lines(
        file,
        // The per-thread state: called once by each worker, on its first puzzle.
        Solvers::default,
        |solvers, record| {
            let text = match std::str::from_utf8(record.bytes) {
                Ok(text) if Format::is_skipped_line(text) => return None,
                Ok(text) => text,
                Err(_) => return Some(Answer::Malformed("not UTF-8".to_string())),
            };
            let puzzle = match Grid::parse_line(text, record.line as usize) {
                Ok(puzzle) => puzzle,
                Err(error) => return Some(Answer::Malformed(error.to_string())),
            };
            let solution = solvers.dlx_for(puzzle.shape()).first_solution(&puzzle);
            Some(match solution.answer {
                Some(solution) => Answer::Solved { puzzle, solution },
                None => Answer::NoSolution,
            })
        },
        // On the caller's thread, in input order.
        |record, answer| {
            assert!(record.line > last_line, "answers in input order");
            last_line = record.line;
            match answer {
                Answer::Solved { puzzle, solution } => {
                    if let Err(error) = solution.check_solution_of(&puzzle) {
                        wrong.get_or_insert(format!("line {}: {error}", record.line));
                    }
                    solved += 1;
                    let text = solution.to_text(Format::Line);
                    write!(out, "{}: {text}", record.line)
                }
                Answer::NoSolution => writeln!(out, "{}: no solution", record.line),
                Answer::Malformed(why) => writeln!(out, "{}: error: {why}", record.line),
            }
            // A write error ends the run: no line is started after it.
        },
    );
    match ended.and_then(|ended| out.flush().map(|()| ended)) {
        Ok(ended) => assert_eq!(ended, Stop::Exhausted),
        // The reader went away (`| head`): a quiet end.
        Err(error) if Batch::is_broken_pipe(&error) => return Ok(()),
        Err(error) => return Err(error.into()),
    }
    if let Some(wrong) = wrong {
        return Err(format!("a wrong solution: {wrong}").into());
    }
    eprintln!(
        "{solved} puzzles solved and checked on {} threads",
        batch.threads()
    );
    Ok(())
}
