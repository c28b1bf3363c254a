//! The batch runner against a plain loop: the first 5,000 17-clue puzzles (read from
//! `../shared/puzzles/`; the project's minimal puzzles when absent), each line
//! parsed, solved with the uniqueness test and written as one output line, by
//!
//! - `batch/plain_loop`: a `for` loop over the lines on this thread;
//! - `batch/runner_1_thread` and `batch/runner_2_threads`: `Batch::lines` on 1 and 2 threads,
//!   with a set of solvers a thread;
//! - `batch/par_iter_2_threads`: every line in one rayon parallel iterator on a pool of 2, no
//!   streaming and no order kept: the most two threads give on this machine, the ceiling the
//!   runner's scaling is measured against.
//!
//! The runner's overhead is `plain_loop / runner_1_thread`, its scaling `runner_2_threads /
//! runner_1_thread`, both in puzzles per second. Every output is checked once before timing:
//! one line per puzzle, in order, each a valid solution of its puzzle.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlx_engine::batch::{Batch, BatchConfig};
use dlx_puzzles::sudoku::{Algorithm, Format, Grid, Mode, Solvers, Verdict};
use std::cell::RefCell;
use std::time::Duration;

const PUZZLES: usize = 5_000;

#[path = "puzzle_files/mod.rs"]
mod puzzle_files;

/// The first `PUZZLES` puzzle lines of the 17-clue collection (`../shared/puzzles/`), or of
/// the project's minimal puzzles when it is absent, one text.
fn input() -> Vec<u8> {
    let path = puzzle_files::shared("puzzles/puzzles2_17_clue", "puzzles/minimal-9x9.txt")
        .unwrap_or_else(|| puzzle_files::own("minimal-9x9.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !Format::is_skipped_line(l))
        .take(PUZZLES)
        .collect();
    (lines.join("\n") + "\n").into_bytes()
}

/// One line's answer with its line ending, as `dlx sudoku --unique` writes it.
fn answer(solvers: &mut Solvers, line: &str, number: usize) -> String {
    let mut text = match Grid::parse_line(line, number) {
        Ok(puzzle) => match solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique).answer {
            Verdict::Solved(grid) => grid.to_text(Format::Line),
            other => format!("{other:?}"),
        },
        Err(e) => format!("error: {e}"),
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

fn plain_loop(input: &[u8]) -> Vec<u8> {
    let mut solvers = Solvers::default();
    let mut out = Vec::new();
    let text = std::str::from_utf8(input).unwrap();
    for (k, line) in text.lines().enumerate() {
        out.extend_from_slice(answer(&mut solvers, line, k + 1).as_bytes());
    }
    out
}

thread_local! {
    /// Each worker's solvers, for the parallel iterator (the runner keeps its own, one set a
    /// thread).
    static SOLVERS: RefCell<Solvers> = RefCell::new(Solvers::default());
}

fn runner(batch: &Batch, input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let solve = |solvers: &mut Solvers, record: dlx_engine::batch::Record<'_>| {
        let line = std::str::from_utf8(record.bytes).unwrap();
        Some(answer(solvers, line, record.line as usize))
    };
    batch
        .lines(input, Solvers::default, solve, |_, text| {
            out.extend_from_slice(text.as_bytes());
            Ok(())
        })
        .unwrap();
    out
}

fn par_iter(pool: &rayon::ThreadPool, input: &[u8]) -> Vec<String> {
    use rayon::prelude::*;
    let text = std::str::from_utf8(input).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    pool.install(|| {
        lines
            .par_iter()
            .enumerate()
            .map(|(k, line)| SOLVERS.with(|s| answer(&mut s.borrow_mut(), line, k + 1)))
            .collect()
    })
}

/// Every output line a valid solution of its input line, in order.
fn check(input: &[u8], output: &[u8]) {
    let input = std::str::from_utf8(input).unwrap();
    let output = std::str::from_utf8(output).unwrap();
    assert_eq!(output.lines().count(), PUZZLES);
    for (k, (puzzle, solution)) in input.lines().zip(output.lines()).enumerate() {
        let puzzle = Grid::parse_line(puzzle, k + 1).unwrap();
        let solution = Grid::parse_line(solution, k + 1).expect("a solution");
        solution.check_solution_of(&puzzle).expect("a valid one");
    }
}

fn batch_runner(c: &mut Criterion) {
    let input = input();
    let runners = [1, 2].map(|threads| {
        Batch::new(BatchConfig {
            threads,
            ..BatchConfig::default()
        })
        .unwrap()
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    check(&input, &plain_loop(&input));
    for batch in &runners {
        check(&input, &runner(batch, &input));
    }
    check(&input, par_iter(&pool, &input).concat().as_bytes());
    let mut group = c.benchmark_group("batch");
    group
        .throughput(Throughput::Elements(PUZZLES as u64))
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    group.bench_function("plain_loop", |b| b.iter(|| plain_loop(&input)));
    group.bench_function("runner_1_thread", |b| {
        b.iter(|| runner(&runners[0], &input))
    });
    group.bench_function("runner_2_threads", |b| {
        b.iter(|| runner(&runners[1], &input))
    });
    group.bench_function("par_iter_2_threads", |b| b.iter(|| par_iter(&pool, &input)));
    group.finish();
}

criterion_group!(benches, batch_runner);
criterion_main!(benches);
