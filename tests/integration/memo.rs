//! `dlx xc --memo`, `--zdd`, `--random` and `--nth` against Knuth's DLX6 and against our own
//! enumeration: counts, nodes and ZDD sizes on the public files and on generated domino
//! tilings, the ZDD file read back, and the file and memory guarantees.

use crate::common::{dlx, shared_or_skip, stderr, stdout};
use dlx_engine::Problem;
use std::collections::HashMap;
use std::path::Path;

/// DLX6's totals for one problem, measured by running Knuth's `dlx6` (built from dlx6.w) on
/// it: solutions, search nodes, updates, cleansings, and its reported ZDD nodes (sinks
/// included) and signatures (cached subproblems, plus one).
struct Dlx6 {
    file: &'static str,
    solutions: u128,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    zdd_nodes: u64,
    signatures: u64,
}

const DLX6_ON_SHARED: [Dlx6; 8] = [
    Dlx6 {
        file: "toy.dlx",
        solutions: 1,
        nodes: 6,
        updates: 29,
        cleansings: 0,
        zdd_nodes: 5,
        signatures: 6,
    },
    Dlx6 {
        file: "toy_colors.dlx",
        solutions: 1,
        nodes: 4,
        updates: 15,
        cleansings: 3,
        zdd_nodes: 4,
        signatures: 4,
    },
    Dlx6 {
        file: "langford7.dlx",
        solutions: 52,
        nodes: 588,
        updates: 8_232,
        cleansings: 0,
        zdd_nodes: 269,
        signatures: 529,
    },
    Dlx6 {
        file: "queens8.dlx",
        solutions: 92,
        nodes: 1_101,
        updates: 19_654,
        cleansings: 0,
        zdd_nodes: 474,
        signatures: 972,
    },
    Dlx6 {
        file: "random_xcc_101.dlx",
        solutions: 107,
        nodes: 114,
        updates: 1_223,
        cleansings: 68,
        zdd_nodes: 100,
        signatures: 73,
    },
    Dlx6 {
        file: "random_xcc_102.dlx",
        solutions: 62,
        nodes: 112,
        updates: 1_135,
        cleansings: 60,
        zdd_nodes: 106,
        signatures: 69,
    },
    Dlx6 {
        file: "random_xcc_103.dlx",
        solutions: 23,
        nodes: 111,
        updates: 2_021,
        cleansings: 128,
        zdd_nodes: 74,
        signatures: 89,
    },
    Dlx6 {
        file: "wordrect3x4.dlx",
        solutions: 18_274,
        nodes: 27_990,
        updates: 1_107_461,
        cleansings: 138_188,
        zdd_nodes: 21_746,
        signatures: 12_494,
    },
];

/// DLX6's totals on the domino tilings `Problem::dominoes` writes (cells row-major, for each
/// cell the domino reaching right, then the one reaching down).
const DLX6_ON_DOMINOES: [(usize, Dlx6); 3] = [
    (
        8,
        Dlx6 {
            file: "8x8",
            solutions: 12_988_816,
            nodes: 2_317,
            updates: 10_602,
            cleansings: 0,
            zdd_nodes: 2_318,
            signatures: 1_628,
        },
    ),
    (
        10,
        Dlx6 {
            file: "10x10",
            solutions: 258_584_046_368,
            nodes: 13_562,
            updates: 63_405,
            cleansings: 0,
            zdd_nodes: 13_552,
            signatures: 9_540,
        },
    ),
    (
        12,
        Dlx6 {
            file: "12x12",
            solutions: 53_060_477_521_960_000,
            nodes: 74_049,
            updates: 350_690,
            cleansings: 0,
            zdd_nodes: 73_859,
            signatures: 52_080,
        },
    ),
];

/// The `key: value` lines of --stats, keyed by name (the first word of each value).
fn stats(text: &str) -> HashMap<String, String> {
    text.lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| {
            (
                k.to_string(),
                v.split_whitespace().next().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Runs `--count --memo --stats` on `path` and checks DLX6's totals.
fn check_against_dlx6(path: &Path, expected: &Dlx6) {
    let path = path.to_str().unwrap();
    let run = dlx(&["xc", "--count", "--memo", "--stats", path], b"");
    assert!(run.status.success(), "{}: {}", expected.file, stderr(&run));
    assert_eq!(
        stdout(&run).trim(),
        expected.solutions.to_string(),
        "{}",
        expected.file
    );
    let figures = stats(&stderr(&run));
    let figure = |key: &str| figures[key].parse::<u64>().unwrap();
    assert_eq!(figure("nodes"), expected.nodes, "{}", expected.file);
    assert_eq!(figure("updates"), expected.updates, "{}", expected.file);
    assert_eq!(
        figure("cleansings"),
        expected.cleansings,
        "{}",
        expected.file
    );
    // We count the nodes made, DLX6 adds its two sinks; it counts the empty subproblem too.
    assert_eq!(
        figure("ZDD nodes") + 2,
        expected.zdd_nodes,
        "{}",
        expected.file
    );
    assert_eq!(
        figure("cache entries") + 1,
        expected.signatures,
        "{}",
        expected.file
    );
    let enumerated = dlx(&["xc", "--count", path], b"");
    assert_eq!(stdout(&enumerated).trim(), expected.solutions.to_string());
}

/// Writes a generated problem in Knuth's format into `dir`.
fn write_problem(dir: &Path, name: &str, problem: &Problem) -> std::path::PathBuf {
    let path = dir.join(name);
    let mut text = Vec::new();
    problem.write(&mut text).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn counts_nodes_and_zdd_sizes_equal_dlx6s_on_the_public_files() {
    for expected in &DLX6_ON_SHARED {
        let Some(path) = shared_or_skip(&format!("xc/{}", expected.file), "DLX6's figures") else {
            return;
        };
        check_against_dlx6(&path, expected);
    }
}

#[test]
fn domino_tilings_count_as_dlx6_does_beyond_what_enumeration_reaches() {
    let dir = tempfile::tempdir().unwrap();
    for (n, expected) in &DLX6_ON_DOMINOES {
        let path = write_problem(dir.path(), expected.file, &Problem::dominoes(*n, *n));
        let path = path.to_str().unwrap();
        let run = dlx(&["xc", "--count", "--memo", "--stats", path], b"");
        assert!(run.status.success(), "{}", stderr(&run));
        assert_eq!(stdout(&run).trim(), expected.solutions.to_string());
        let figures = stats(&stderr(&run));
        assert_eq!(figures["nodes"], expected.nodes.to_string());
        assert_eq!(figures["updates"], expected.updates.to_string());
        let zdd: u64 = figures["ZDD nodes"].parse().unwrap();
        assert_eq!(zdd + 2, expected.zdd_nodes);
        let entries: u64 = figures["cache entries"].parse().unwrap();
        assert_eq!(entries + 1, expected.signatures);
    }
}

/// Counts the solutions of a ZDD file in DLX6's format as Knuth's `zddread` does: each line
/// `id: (~option?lo:hi)` in hexadecimal, the root the node of the least option.
fn count_zdd_file(text: &str) -> u128 {
    let mut nodes = HashMap::new();
    let mut root = (u32::MAX, 0u64);
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").expect("a node line");
        let (option, branches) = rest.split_once('?').unwrap();
        let (lo, hi) = branches.strip_suffix(')').unwrap().split_once(':').unwrap();
        let hex = |h: &str| u64::from_str_radix(h, 16).unwrap();
        let option: u32 = option.parse().unwrap();
        if option < root.0 {
            root = (option, hex(id));
        }
        nodes.insert(hex(id), (hex(lo), hex(hi)));
    }
    fn count(at: u64, nodes: &HashMap<u64, (u64, u64)>, memo: &mut HashMap<u64, u128>) -> u128 {
        if at < 2 {
            return u128::from(at);
        }
        if let Some(&c) = memo.get(&at) {
            return c;
        }
        let (lo, hi) = nodes[&at];
        let c = count(lo, nodes, memo) + count(hi, nodes, memo);
        memo.insert(at, c);
        c
    }
    count(root.1, &nodes, &mut HashMap::new())
}

#[test]
fn the_zdd_file_read_back_counts_every_solution() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write_problem(dir.path(), "board.dlx", &Problem::dominoes(8, 8));
    let zdd = dir.path().join("board.zdd");
    let run = dlx(
        &[
            "xc",
            "--count",
            "--zdd",
            zdd.to_str().unwrap(),
            problem.to_str().unwrap(),
        ],
        b"",
    );
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(stdout(&run).trim(), "12988816");
    let text = std::fs::read_to_string(&zdd).unwrap();
    assert_eq!(count_zdd_file(&text), 12_988_816);
    // Every line is a node, and the last is DLX6's dummy root of option 0.
    assert_eq!(text.lines().count(), 2_316 + 1);
    assert!(text.lines().last().unwrap().contains("(~0?0:"));
}

#[test]
fn the_zdd_never_replaces_the_input_nor_a_file_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write_problem(dir.path(), "board.dlx", &Problem::dominoes(4, 4));
    let before = std::fs::read(&problem).unwrap();
    let path = problem.to_str().unwrap();
    let run = dlx(&["xc", "--zdd", path, path], b"");
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert_eq!(std::fs::read(&problem).unwrap(), before);
    // A problem the memoized search refuses (bounds) leaves the target as it was.
    let bounded = dir.path().join("bounded.dlx");
    std::fs::write(&bounded, "2|A B\nA\nA B\nB\n").unwrap();
    let target = dir.path().join("kept.zdd");
    std::fs::write(&target, "kept").unwrap();
    let run = dlx(
        &[
            "xc",
            "--zdd",
            target.to_str().unwrap(),
            bounded.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("multiplicities"), "{}", stderr(&run));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
}

/// The solutions `dlx xc` prints, each as its sorted option lines.
fn solutions(text: &str) -> Vec<Vec<String>> {
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
            lines.sort();
            lines
        })
        .collect()
}

#[test]
fn nth_gives_the_enumerations_solutions_in_its_order() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write_problem(dir.path(), "langford.dlx", &Problem::langford(7));
    let path = problem.to_str().unwrap();
    // The ZDD numbers the solutions in the order dancing links find them.
    let all = solutions(&stdout(&dlx(&["xc", "--engine", "links", path], b"")));
    assert_eq!(all.len(), 52);
    for k in [1, 2, 26, 52] {
        let run = dlx(&["xc", "--nth", &k.to_string(), path], b"");
        assert!(run.status.success());
        assert_eq!(solutions(&stdout(&run)), [all[k - 1].clone()]);
    }
    let past = dlx(&["xc", "--nth", "53", path], b"");
    assert_eq!(past.status.code(), Some(1));
    assert!(
        stderr(&past).contains("no solution 53"),
        "{}",
        stderr(&past)
    );
    assert_eq!(dlx(&["xc", "--nth", "0", path], b"").status.code(), Some(2));
}

#[test]
fn random_solutions_are_solutions_and_repeat_with_their_seed() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write_problem(dir.path(), "langford.dlx", &Problem::langford(7));
    let path = problem.to_str().unwrap();
    // The ZDD numbers the solutions in the order dancing links find them.
    let all = solutions(&stdout(&dlx(&["xc", "--engine", "links", path], b"")));
    let draw = |seed: &str| stdout(&dlx(&["xc", "--random", "40", "--seed", seed, path], b""));
    let drawn = solutions(&draw("5"));
    assert_eq!(drawn.len(), 40);
    assert!(drawn.iter().all(|s| all.contains(s)));
    assert_eq!(draw("5"), draw("5"));
    assert_ne!(draw("5"), draw("6"));
}

#[test]
fn a_tiny_memory_bound_still_counts_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write_problem(dir.path(), "board.dlx", &Problem::dominoes(8, 8));
    let path = problem.to_str().unwrap();
    let run = dlx(
        &[
            "xc",
            "--count",
            "--memo",
            "--memo-bytes",
            "40000",
            "--stats",
            path,
        ],
        b"",
    );
    assert_eq!(stdout(&run).trim(), "12988816");
    let evictions: u64 = stats(&stderr(&run))["cache evictions"].parse().unwrap();
    assert!(evictions > 0);
    let refused = dlx(
        &["xc", "--zdd", "/dev/null", "--memo-bytes", "10", path],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("bytes allowed"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn memo_needs_count_and_refuses_the_enumerations_limits() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write_problem(dir.path(), "board.dlx", &Problem::dominoes(2, 2));
    let path = problem.to_str().unwrap();
    assert_eq!(dlx(&["xc", "--memo", path], b"").status.code(), Some(2));
    let limited = dlx(&["xc", "--count", "--memo", "--limit", "1", path], b"");
    assert_eq!(limited.status.code(), Some(2));
    let no_solution = dir.path().join("none.dlx");
    std::fs::write(&no_solution, "A B\nA\n").unwrap();
    let run = dlx(
        &["xc", "--count", "--memo", no_solution.to_str().unwrap()],
        b"",
    );
    assert_eq!((run.status.code(), stdout(&run).trim()), (Some(1), "0"));
}

#[test]
fn every_sudoku_grid_of_the_small_shapes_counted_by_memo() {
    use dlx_puzzles::sudoku::variant::Rules;
    use dlx_puzzles::sudoku::Shape;
    for (rows, cols, grids) in [(2, 2, 288u128), (2, 3, 28_200_960)] {
        let problem = Rules::classic(Shape::new(rows, cols).unwrap()).exact_cover();
        let outcome = dlx_engine::Memo::new(&problem).count().unwrap();
        assert_eq!(outcome.answer.solutions, grids, "{rows}x{cols} boxes");
    }
}

/// The first band (three rows) of a 9x9 Sudoku as exact cover with colours: each cell filled
/// once and each digit once in each row and box (primary), at most once in each column
/// (secondary).
fn first_band() -> Problem {
    let mut b = dlx_engine::ProblemBuilder::new();
    for r in 0..3 {
        for c in 0..9 {
            b.primary(&format!("p{r}{c}")).unwrap();
        }
    }
    for r in 0..3 {
        for d in 1..=9 {
            b.primary(&format!("r{r}#{d}")).unwrap();
        }
    }
    for x in 0..3 {
        for d in 1..=9 {
            b.primary(&format!("b{x}#{d}")).unwrap();
        }
    }
    for c in 0..9 {
        for d in 1..=9 {
            b.secondary(&format!("c{c}#{d}")).unwrap();
        }
    }
    for r in 0..3 {
        for c in 0..9 {
            for d in 1..=9 {
                let names = [
                    format!("p{r}{c}"),
                    format!("r{r}#{d}"),
                    format!("b{}#{d}", c / 3),
                    format!("c{c}#{d}"),
                ];
                b.option_by_names(&names).unwrap();
            }
        }
    }
    b.build()
}

#[test]
fn the_first_band_of_a_sudoku_has_9_factorial_56_6_to_the_6_fillings() {
    let outcome = dlx_engine::Memo::new(&first_band()).count().unwrap();
    assert_eq!(outcome.answer.solutions, 362_880 * 56 * 46_656);
    assert_eq!(outcome.answer.solutions, 948_109_639_680);
}

#[test]
fn sudoku_count_memo_agrees_with_the_enumerating_count() {
    let puzzles = b"................\n1...............\n12..34..........\n1.......1.......\n";
    let memo = dlx(&["sudoku", "--count", "--memo"], puzzles);
    let plain = dlx(&["sudoku", "--count"], puzzles);
    assert!(plain.status.code().is_some());
    assert_eq!(stdout(&memo), stdout(&plain));
    assert_eq!(stdout(&memo).lines().next(), Some("288"));
    assert_eq!(memo.status.code(), plain.status.code());
    let refused = dlx(&["sudoku", "--count", "--memo", "--limit", "5"], puzzles);
    assert_eq!(refused.status.code(), Some(2));
}
