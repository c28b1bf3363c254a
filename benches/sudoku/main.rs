//! Sudoku solvers side by side on the public collections (read from `../shared/puzzles/`, or
//! the project's own in `puzzles/` when those are absent): DLX, DLX after the
//! cross-hatching pre-pass, the strong backtracking baseline (candidate bitmasks, fewest
//! candidates first) and the textbook backtracker, in uniqueness mode as public Sudoku
//! benchmarks run (the search stops at the second solution), plus DLX's first-solution speed.
//!
//! Group names put the solvers side by side (`17clue/dlx`, `17clue/candidates`, ...) and
//! throughput is in puzzles. Every answer is validated once before timing, and each timed run
//! asserts the number of puzzles it solved. The slow baselines run on fixed subsets, the first
//! N puzzles of each file (see `SUBSETS`): the textbook solver takes seconds per hard puzzle and
//! finds no 17-clue answer within 20 million nodes, so it sits that collection out.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlx_solver::sudoku::{measure, parse_puzzles, Contender, Format, Grid, Mode, Solvers};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "../puzzle_files/mod.rs"]
mod puzzle_files;

/// (group, file, puzzles for dlx, for candidates, for the textbook backtracker).
type Subset = (&'static str, &'static str, usize, usize, usize);

/// The public collections, read from `../shared/puzzles/`.
const PUBLIC: [Subset; 5] = [
    ("17clue", "puzzles2_17_clue", 5_000, 100, 0),
    ("top1465", "puzzles3_magictour_top1465", 1_465, 100, 10),
    (
        "hardest1905",
        "puzzles5_forum_hardest_1905_11+",
        1_000,
        100,
        20,
    ),
    ("hardest1106", "puzzles6_forum_hardest_1106", 375, 50, 5),
    ("serg", "puzzles7_serg_benchmark", 5_000, 5_000, 1_000),
];

/// The project's own collections in `puzzles/`, when the public ones are absent. The textbook
/// backtracker sits out the minimal and hard files (seconds a puzzle, as on the 17-clue one).
const OWN: [Subset; 3] = [
    ("minimal", "minimal-9x9.txt", 5_000, 100, 0),
    ("hard", "hard-9x9.txt", 500, 50, 0),
    ("multiple", "multiple-9x9.txt", 500, 500, 100),
];

/// The subsets to run and the file of each: the public collections when `../shared` has
/// them, the project's own otherwise.
fn subsets() -> Vec<(Subset, PathBuf)> {
    let public = puzzle_files::shared("puzzles/puzzles2_17_clue", "puzzles/");
    match public {
        Some(first) => {
            let dir = first
                .parent()
                .expect("a file has a directory")
                .to_path_buf();
            PUBLIC.iter().map(|&s| (s, dir.join(s.1))).collect()
        }
        None => OWN.iter().map(|&s| (s, puzzle_files::own(s.1))).collect(),
    }
}

fn load(path: &Path, count: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_puzzles(&text, Format::Line)
        .take(count)
        .map(|p| p.expect("the collections parse").grid)
        .collect()
}

fn bench_contender(
    c: &mut Criterion,
    group: &str,
    name: &str,
    puzzles: &[Grid],
    contender: Contender,
    mode: Mode,
) {
    let mut solvers = Solvers::default();
    let checked = measure(puzzles, contender, mode, &mut solvers);
    assert_eq!(checked.invalid, 0, "{group}/{name}: a wrong answer");
    let decided = checked.solved + checked.multiple + checked.no_solution;
    assert_eq!(decided, puzzles.len(), "{group}/{name}: undecided puzzles");
    let mut g = c.benchmark_group(group);
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(puzzles.len() as u64));
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            let m = measure(puzzles, contender, mode, &mut solvers);
            assert_eq!(m.solved + m.multiple + m.no_solution, decided);
            m.nodes
        })
    });
    g.finish();
}

fn collections(c: &mut Criterion) {
    for ((group, _, dlx, candidates, textbook), path) in subsets() {
        let largest = dlx.max(candidates).max(textbook);
        let puzzles = load(&path, largest);
        for contender in Contender::ALL {
            let count = match contender.name().as_str() {
                "candidates" => candidates,
                "backtrack" => textbook,
                _ => dlx,
            };
            if count == 0 {
                continue;
            }
            let subset = &puzzles[..count.min(puzzles.len())];
            bench_contender(c, group, &contender.name(), subset, contender, Mode::Unique);
        }
        let dlx_first = Contender::from_name("dlx").unwrap();
        let subset = &puzzles[..dlx.min(puzzles.len())];
        bench_contender(c, group, "dlx-first", subset, dlx_first, Mode::First);
    }
}

criterion_group!(benches, collections);
criterion_main!(benches);
