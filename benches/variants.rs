//! Each Sudoku variant's solving speed on the project's own generated collection
//! (`puzzles/`), beside classic Sudoku's on `puzzles/minimal-9x9.txt`, in uniqueness mode (the
//! search stops at the second solution), one thread; Killer in both encodings. Group names put
//! them side by side (`variants/x`, `variants/killer-sets`, ...), throughput in puzzles. Every
//! puzzle is checked unique before timing, and each timed run asserts it.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlx_engine::Uniqueness;
use dlx_puzzles::sudoku::variant::{KillerEncoding, Variants};
use dlx_puzzles::sudoku::{Boxes, Grid, Record, SudokuSolver};
use std::path::PathBuf;
use std::time::Duration;

/// Puzzles of each file timed.
const PUZZLES: usize = 100;

fn file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The first puzzles of a variant file, each with a solver of its rules in `encoding`.
fn variant_puzzles(name: &str, list: &str, encoding: KillerEncoding) -> Vec<(Grid, SudokuSolver)> {
    let variants = Variants::parse(list).unwrap();
    file(name)
        .lines()
        .take(PUZZLES)
        .enumerate()
        .map(|(k, line)| {
            let puzzle =
                Record::parse_variant_line(line, k + 1, &variants, None, Boxes::Usual).unwrap();
            let rules = puzzle.rules(&variants, None).unwrap();
            let solver = SudokuSolver::with_encoding(rules, encoding).unwrap();
            (puzzle.grid().clone(), solver)
        })
        .collect()
}

fn variants(c: &mut Criterion) {
    let mut group = c.benchmark_group("variants");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    // Classic, on the classic solver.
    let classic: Vec<Grid> = file("minimal-9x9.txt")
        .lines()
        .take(PUZZLES)
        .map(|line| line.parse().unwrap())
        .collect();
    let mut solver = SudokuSolver::new(classic[0].shape());
    group.throughput(Throughput::Elements(classic.len() as u64));
    group.bench_function("classic", |b| {
        b.iter(|| {
            let unique = classic
                .iter()
                .filter(|p| matches!(solver.uniqueness(p).answer, Uniqueness::Unique(_)))
                .count();
            assert_eq!(unique, classic.len());
        })
    });
    // A Killer's solver is built per puzzle (its cages are its own), so building is timed too.
    let timed: [(&str, &str, &str, KillerEncoding); 8] = [
        ("x", "x-9x9.txt", "x", KillerEncoding::DigitSets),
        (
            "windoku",
            "windoku-9x9.txt",
            "windoku",
            KillerEncoding::DigitSets,
        ),
        (
            "anti-king",
            "anti-king-9x9.txt",
            "anti-king",
            KillerEncoding::DigitSets,
        ),
        (
            "anti-knight",
            "anti-knight-9x9.txt",
            "anti-knight",
            KillerEncoding::DigitSets,
        ),
        (
            "jigsaw",
            "jigsaw-9x9.txt",
            "jigsaw",
            KillerEncoding::DigitSets,
        ),
        (
            "jigsaw-random",
            "jigsaw-random-9x9.txt",
            "jigsaw",
            KillerEncoding::DigitSets,
        ),
        (
            "killer-sets",
            "killer-9x9.txt",
            "killer",
            KillerEncoding::DigitSets,
        ),
        (
            "killer-colours",
            "killer-9x9.txt",
            "killer",
            KillerEncoding::Colours,
        ),
    ];
    for (name, path, list, encoding) in timed {
        let count = if name == "killer-colours" {
            10
        } else {
            PUZZLES
        };
        let variants = Variants::parse(list).unwrap();
        let lines: Vec<String> = file(path).lines().take(count).map(String::from).collect();
        // Checked once: every puzzle unique under its rules.
        for (grid, mut solver) in variant_puzzles(path, list, encoding)
            .into_iter()
            .take(count)
        {
            assert!(matches!(
                solver.uniqueness(&grid).answer,
                Uniqueness::Unique(_)
            ));
        }
        group.throughput(Throughput::Elements(count as u64));
        if list != "killer" && name != "jigsaw-random" {
            // One rules for the whole file (the jigsaw's layout is the same on every line):
            // one solver, as `dlx sudoku --variant` keeps it. A Killer's cages and a random
            // jigsaw's layout are each puzzle's own: its solver is built per puzzle.
            let mut puzzles = variant_puzzles(path, list, encoding);
            let grids: Vec<Grid> = puzzles.iter().map(|(grid, _)| grid.clone()).collect();
            let (_, solver) = &mut puzzles[0];
            group.bench_function(name, |b| {
                b.iter(|| {
                    let unique = grids
                        .iter()
                        .filter(|p| matches!(solver.uniqueness(p).answer, Uniqueness::Unique(_)))
                        .count();
                    assert_eq!(unique, count);
                })
            });
            continue;
        }
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut unique = 0;
                for (k, line) in lines.iter().enumerate() {
                    let puzzle =
                        Record::parse_variant_line(line, k + 1, &variants, None, Boxes::Usual)
                            .unwrap();
                    let rules = puzzle.rules(&variants, None).unwrap();
                    let mut solver = SudokuSolver::with_encoding(rules, encoding).unwrap();
                    if matches!(
                        solver.uniqueness(puzzle.grid()).answer,
                        Uniqueness::Unique(_)
                    ) {
                        unique += 1;
                    }
                }
                assert_eq!(unique, count);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, variants);
criterion_main!(benches);
