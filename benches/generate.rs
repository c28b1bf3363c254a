//! The generator and the rater, one thread: minimal 9x9 and 16x16 puzzles made one
//! after another (`generate/minimal_9x9`, `generate/minimal_16x16`), and the rating of the
//! 17-clue collection's first 2,000 puzzles (`rate/17clue`, read from `../shared/puzzles/`; the
//! project's minimal puzzles, `rate/minimal`, when it is absent). Throughput in puzzles. Every
//! puzzle made is checked once before timing (the engine finds it unique), and every puzzle
//! rated must be rated.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlx_puzzles::sudoku::{
    Algorithm, Format, Generator, Grid, Mode, Rated, Rater, Settings, Shape, Solvers, Verdict,
};
use std::time::Duration;

#[path = "puzzle_files/mod.rs"]
mod puzzle_files;

/// Puzzles `0..count` of seed 1, as `dlx generate --seed 1 --threads 1` makes them.
fn make(generator: &mut Generator, count: u64) -> Vec<Grid> {
    (0..count)
        .map(|index| generator.generate(1, index).expect("a puzzle").puzzle)
        .collect()
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, shape, count) in [
        ("minimal_9x9", Shape::CLASSIC, 50),
        ("minimal_16x16", Shape::new(4, 4).unwrap(), 2),
    ] {
        let mut generator = Generator::new(Settings {
            shape,
            ..Settings::default()
        });
        let mut solvers = Solvers::default();
        for puzzle in make(&mut generator, count) {
            let verdict = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique).answer;
            assert!(matches!(verdict, Verdict::Solved(_)), "{name}: not unique");
        }
        group.throughput(Throughput::Elements(count));
        group.bench_function(name, |b| b.iter(|| make(&mut generator, count)));
    }
    group.finish();
}

fn rating(c: &mut Criterion) {
    let (name, path) = match puzzle_files::shared("puzzles/puzzles2_17_clue", "puzzles/") {
        Some(path) => ("17clue", path),
        None => ("minimal", puzzle_files::own("minimal-9x9.txt")),
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let puzzles: Vec<Grid> = Format::Line
        .puzzles(&text)
        .take(2_000)
        .map(|p| p.expect("the collection parses").grid)
        .collect();
    let (mut rater, mut solvers) = (Rater::default(), Solvers::default());
    let rate_all = |rater: &mut Rater, solvers: &mut Solvers| {
        puzzles
            .iter()
            .filter(|p| matches!(rater.rate(p, solvers), Rated::Unique(_)))
            .count()
    };
    assert_eq!(rate_all(&mut rater, &mut solvers), puzzles.len());
    let mut group = c.benchmark_group("rate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function(name, |b| b.iter(|| rate_all(&mut rater, &mut solvers)));
    group.finish();
}

criterion_group!(benches, generation, rating);
criterion_main!(benches);
