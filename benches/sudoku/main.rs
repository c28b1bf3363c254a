//! Sudoku solvers side by side on the public collections (read from `../shared/puzzles/`, or
//! the project's own in `puzzles/` when those are absent): DLX, DLX after the
//! cross-hatching pre-pass, the strong backtracking baseline (candidate bitmasks, fewest
//! candidates first) and the textbook backtracker, in uniqueness mode as public Sudoku
//! benchmarks run (the search stops at the second solution), plus DLX's first-solution speed.
//!
//! Group names put the solvers side by side (`17clue/dlx`, `17clue/candidates`, ...) and
//! throughput is in puzzles. Every answer is validated once before timing, and each timed run
//! asserts the number of puzzles it solved. The slow baselines run on fixed subsets, the first
//! N puzzles of each file (see `PUBLIC`): the textbook solver takes seconds per hard puzzle and
//! finds no 17-clue answer within 20 million nodes, so it sits that collection out.
//!
//! Beside them, the peers (`dlx_bench::peers`): the `sudoku` crate (`sudoku-crate`), and the
//! exact-cover crates `dlx` (`dlx-crate`), `exact-covers` and `dancing-links`, each on the
//! first N puzzles of `PUBLIC` with `dlx@N` (ours on the same N) when N is not dlx's count.
//! Their verdicts must equal ours and every solution they give is validated; `dancing-links`
//! takes minutes on a hard puzzle, so it runs on serg alone.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlx_bench::{measure, Collection, Contender, Measurement};
use dlx_puzzles::sudoku::variant::Variants;
use dlx_puzzles::sudoku::{Format, Givens, Grid, Mode, Record, Solvers};
use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "../puzzle_files/mod.rs"]
mod puzzle_files;

use dlx_bench::peers::sudoku::{self as peers, Peer};

/// A collection and how many of its first puzzles each solver takes.
#[derive(Clone, Copy)]
struct Subset {
    group: &'static str,
    file: &'static str,
    /// For dlx, dlx+crosshatch and the `sudoku` crate.
    dlx: usize,
    candidates: usize,
    /// For the textbook backtracker (0: it sits the collection out).
    textbook: usize,
    /// For the exact-cover crates `dlx` and `exact-covers` (a matrix built per puzzle, 10 to
    /// 30 times our time).
    cover_peers: usize,
    /// For `dancing-links` (0: it sits the collection out). A 17-clue, top1465 or forum
    /// puzzle takes it minutes (one 17-clue puzzle ran past 2 minutes), a serg one 1 to 25
    /// ms, a puzzle of `puzzles/multiple-9x9.txt` 0.6 to 21 s.
    dancing_links: usize,
}

const fn subset(
    group: &'static str,
    file: &'static str,
    [dlx, candidates, textbook, cover_peers, dancing_links]: [usize; 5],
) -> Subset {
    Subset {
        group,
        file,
        dlx,
        candidates,
        textbook,
        cover_peers,
        dancing_links,
    }
}

/// The public collections, read from `../shared/puzzles/`.
const PUBLIC: [Subset; 5] = [
    subset("17clue", "puzzles2_17_clue", [5_000, 100, 0, 1_000, 0]),
    subset(
        "top1465",
        "puzzles3_magictour_top1465",
        [1_465, 100, 10, 1_465, 0],
    ),
    subset(
        "hardest1905",
        "puzzles5_forum_hardest_1905_11+",
        [1_000, 100, 20, 200, 0],
    ),
    subset(
        "hardest1106",
        "puzzles6_forum_hardest_1106",
        [375, 50, 5, 100, 0],
    ),
    subset(
        "serg",
        "puzzles7_serg_benchmark",
        [5_000, 5_000, 1_000, 1_000, 50],
    ),
];

/// The project's own collections in `puzzles/`, when the public ones are absent. The textbook
/// backtracker sits out the minimal and hard files (seconds a puzzle, as on the 17-clue one).
const OWN: [Subset; 3] = [
    subset("minimal", "minimal-9x9.txt", [5_000, 100, 0, 500, 0]),
    subset("hard", "hard-9x9.txt", [500, 50, 0, 100, 0]),
    subset("multiple", "multiple-9x9.txt", [500, 500, 100, 500, 0]),
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
            PUBLIC.iter().map(|&s| (s, dir.join(s.file))).collect()
        }
        None => OWN
            .iter()
            .map(|&s| (s, puzzle_files::own(s.file)))
            .collect(),
    }
}

fn load(path: &Path, count: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Format::Line
        .puzzles(&text)
        .take(count)
        .map(|p| p.expect("the collections parse").grid)
        .collect()
}

/// Classic puzzles as the harness takes them: no layout, no cages.
fn classic(grids: &[Grid]) -> Vec<Record> {
    grids
        .iter()
        .map(|grid| Record::new(1, Ok(Givens::Digits(grid.clone()))))
        .collect()
}

/// `contender` on classic `puzzles` (no variants: classic rules), every answer validated.
fn measure_classic(
    puzzles: &[Record],
    contender: Contender,
    mode: Mode,
    solvers: &mut Solvers,
) -> Measurement {
    let classic = Variants::default();
    let collection = Collection {
        puzzles,
        variants: &classic,
        shared_regions: None,
    };
    measure(collection, contender, mode, solvers).expect("classic rules refuse no puzzle")
}

fn bench_contender(
    c: &mut Criterion,
    group: &str,
    name: &str,
    puzzles: &[Record],
    contender: Contender,
    mode: Mode,
) {
    let mut solvers = Solvers::default();
    let checked = measure_classic(puzzles, contender, mode, &mut solvers);
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
            let m = measure_classic(puzzles, contender, mode, &mut solvers);
            assert_eq!(m.solved + m.multiple + m.no_solution, decided);
            m.nodes
        })
    });
    g.finish();
}

fn collections(c: &mut Criterion) {
    for (subset, path) in subsets() {
        let group = subset.group;
        let largest = subset.dlx.max(subset.candidates).max(subset.textbook);
        let grids = load(&path, largest);
        let puzzles = classic(&grids);
        let first = |count: usize| &puzzles[..count.min(puzzles.len())];
        let dlx = Contender::from_name("dlx").unwrap();
        for contender in Contender::CLASSIC {
            let count = match contender.name().as_str() {
                "candidates" => subset.candidates,
                "backtrack" => subset.textbook,
                _ => subset.dlx,
            };
            if count == 0 {
                continue;
            }
            bench_contender(
                c,
                group,
                &contender.name(),
                first(count),
                contender,
                Mode::Unique,
            );
        }
        bench_contender(c, group, "dlx-first", first(subset.dlx), dlx, Mode::First);
        // The peers, and dlx again on each smaller subset they take (`dlx@N`), so that every
        // peer has dlx beside it on exactly its puzzles.
        let mut counts = vec![subset.dlx.min(puzzles.len())];
        for peer in Peer::ALL {
            let count = match peer {
                Peer::SudokuCrate => subset.dlx,
                Peer::DlxCrate | Peer::ExactCovers => subset.cover_peers,
                Peer::DancingLinks => subset.dancing_links,
            }
            .min(puzzles.len());
            if count == 0 {
                continue;
            }
            bench_peer(c, group, peer, &grids[..count], first(count));
            if !counts.contains(&count) {
                counts.push(count);
                let name = format!("dlx@{count}");
                bench_contender(c, group, &name, first(count), dlx, Mode::Unique);
            }
        }
    }
}

/// A peer crate on the same puzzles as `dlx`, in uniqueness mode: every solution it gives is
/// validated once, its verdicts must be ours, and each timed run must give them again. The
/// check runs only when the filter selects the benchmark (the peers are slow to check).
fn bench_peer(c: &mut Criterion, group: &str, peer: Peer, puzzles: &[Grid], ours: &[Record]) {
    let name = peer.name();
    let checked = OnceCell::new();
    let check = || {
        let tally = peers::tally(peer, puzzles);
        assert_eq!(tally.invalid, 0, "{group}/{name}: a wrong answer");
        let dlx = Contender::from_name("dlx").unwrap();
        let ours = measure_classic(ours, dlx, Mode::Unique, &mut Solvers::default());
        assert_eq!(
            (tally.no_solution, tally.unique, tally.multiple),
            (ours.no_solution, ours.solved, ours.multiple),
            "{group}/{name}: verdicts differ from ours"
        );
        tally
    };
    let mut g = c.benchmark_group(group);
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(puzzles.len() as u64));
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        let checked = *checked.get_or_init(check);
        b.iter(|| assert_eq!(peers::tally(peer, puzzles), checked))
    });
    g.finish();
}

criterion_group!(benches, collections);
criterion_main!(benches);
