//! Sudominoku: the task's sample puzzles, each solved from its text (encoding built, first cover
//! found, solution decoded), every answer validated before timing.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlx_puzzles::sudominoku::{Encoding, Puzzle, PuzzleFile};
use std::hint::black_box;

#[path = "puzzle_files/mod.rs"]
mod puzzle_files;

/// The task's sample, read from `../shared/cases/boj4574/` (it is Baekjoon's, not ours), or
/// the project's own case of the same name in `tests/data/cases/` when that is absent.
fn sample_puzzles() -> Vec<Puzzle> {
    let own = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cases/sudominoku/case1.in"
    );
    let path = puzzle_files::shared("cases/boj4574/sample1.in", own)
        .unwrap_or_else(|| std::path::PathBuf::from(own));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    PuzzleFile::parse(&text)
        .entries
        .into_iter()
        .map(|entry| entry.puzzle.expect("the sample puzzles are well formed"))
        .collect()
}

fn sudominoku(c: &mut Criterion) {
    let puzzles = sample_puzzles();
    for puzzle in &puzzles {
        let solution = puzzle.solve().expect("the sample puzzles are solvable");
        solution
            .check_against(puzzle)
            .expect("the solver's answer is valid");
    }
    let mut group = c.benchmark_group("sudominoku");
    for (k, puzzle) in puzzles.iter().enumerate() {
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("solve/sample{}", k + 1), |b| {
            b.iter(|| black_box(puzzle).solve())
        });
        group.bench_function(format!("encode/sample{}", k + 1), |b| {
            b.iter(|| Encoding::new(black_box(puzzle)))
        });
        group.bench_function(format!("all_tilings/sample{}", k + 1), |b| {
            b.iter(|| black_box(puzzle).count_tilings(None))
        });
    }
    group.finish();
}

criterion_group!(benches, sudominoku);
criterion_main!(benches);
