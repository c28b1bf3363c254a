//! One problem on many threads and in shards: `dlx xc --threads` prints what one
//! thread prints, and the shards of `--shard K/N`, run as separate processes, add up to the
//! whole: every solution in exactly one shard, counts and figures summed exactly.

use crate::common::{data, dlx, spawn_dlx_with, stderr, stdout};
use dlx_puzzles::sudoku::{DigitSet, Grid, Shape};
use std::collections::BTreeSet;

/// The figure `name: N` of a `--stats` report.
fn figure(report: &str, name: &str) -> u64 {
    let line = report
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no `{name}` in {report}"));
    line.split_whitespace().next().unwrap().parse().unwrap()
}

/// The solutions of `dlx xc` output: blank-line separated blocks of option lines.
fn solutions(text: &str) -> Vec<String> {
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.trim().to_string())
        .collect()
}

#[test]
fn threads_print_the_one_thread_solutions_in_order_with_dlx1s_figures() {
    for file in ["queens8.dlx", "langford7.dlx"] {
        let path = data(&format!("xc/{file}"));
        let path = path.to_str().unwrap();
        let one = dlx(
            &["xc", "--stats", "--engine", "links", "--threads", "1", path],
            b"",
        );
        assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
        for threads in ["2", "3"] {
            let many = dlx(
                &[
                    "xc",
                    "--stats",
                    "--engine",
                    "links",
                    "--threads",
                    threads,
                    path,
                ],
                b"",
            );
            assert_eq!(many.status.code(), Some(0), "{}", stderr(&many));
            assert_eq!(stdout(&many), stdout(&one), "{file} on {threads} threads");
            for name in ["solutions", "nodes", "updates"] {
                assert_eq!(
                    figure(&stderr(&many), name),
                    figure(&stderr(&one), name),
                    "{file}: {name} on {threads} threads"
                );
            }
        }
        // A limit gives the first solutions of that order.
        let first = dlx(
            &[
                "xc",
                "--engine",
                "links",
                "--limit",
                "5",
                "--threads",
                "2",
                path,
            ],
            b"",
        );
        let all = solutions(&stdout(&one));
        assert_eq!(solutions(&stdout(&first)), all[..5]);
    }
}

#[test]
fn shards_run_as_processes_add_up_to_the_whole() {
    let path = data("xc/langford7.dlx");
    let path = path.to_str().unwrap();
    let whole = dlx(
        &["xc", "--stats", "--engine", "links", "--threads", "1", path],
        b"",
    );
    let whole_solutions: Vec<String> = solutions(&stdout(&whole));
    for count in [1, 3, 8] {
        let (mut nodes, mut updates, mut counted) = (0, 0, 0);
        let mut seen = Vec::new();
        for k in 1..=count {
            let shard = format!("{k}/{count}");
            let out = dlx(
                &[
                    "xc", "--stats", "--engine", "links", "--shard", &shard, path,
                ],
                b"",
            );
            assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
            let report = stderr(&out);
            nodes += figure(&report, "nodes");
            updates += figure(&report, "updates");
            counted += figure(&report, "solutions");
            seen.extend(solutions(&stdout(&out)));
        }
        let whole_report = stderr(&whole);
        assert_eq!(nodes, figure(&whole_report, "nodes"), "{count} shards");
        assert_eq!(updates, figure(&whole_report, "updates"), "{count} shards");
        assert_eq!(counted, whole_solutions.len() as u64);
        let distinct: BTreeSet<&String> = seen.iter().collect();
        assert_eq!(distinct.len(), seen.len(), "no solution in two shards");
        let expected: BTreeSet<&String> = whole_solutions.iter().collect();
        assert_eq!(distinct, expected, "every solution in some shard");
    }
}

#[test]
fn a_problem_with_colours_or_bounds_runs_whole_in_shard_one_and_says_so() {
    let path = data("xc/mcc_random1.dlx");
    let path = path.to_str().unwrap();
    let one = dlx(&["xc", "--stats", "--threads", "1", path], b"");
    let two = dlx(&["xc", "--stats", "--threads", "2", path], b"");
    assert_eq!(
        stdout(&two),
        stdout(&one),
        "the same solutions in the same order"
    );
    for name in ["solutions", "nodes", "updates", "cleansings"] {
        assert_eq!(
            figure(&stderr(&two), name),
            figure(&stderr(&one), name),
            "{name}"
        );
    }
    assert!(
        stderr(&two).contains("searched whole") && !stderr(&two).contains("split depth"),
        "{}",
        stderr(&two)
    );
    let first = dlx(&["xc", "--stats", "--shard", "1/2", path], b"");
    let second = dlx(&["xc", "--stats", "--shard", "2/2", path], b"");
    assert_eq!(stdout(&first), stdout(&one), "shard 1 holds every solution");
    assert!(solutions(&stdout(&second)).is_empty(), "shard 2 holds none");
    assert_eq!(figure(&stderr(&second), "nodes"), 0);
}

#[test]
fn a_bad_shard_is_a_usage_error() {
    let path = data("xc/toy.dlx");
    let path = path.to_str().unwrap();
    for bad in ["0/4", "5/4", "4", "a/b", "1/0"] {
        let out = dlx(&["xc", "--shard", bad, path], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&out).contains("expected K/N"),
            "{bad}: {}",
            stderr(&out)
        );
    }
    let out = dlx(&["xc", "--shard", "1/2", "--rule", "fast", path], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--rule dlx1"), "{}", stderr(&out));
}

#[test]
fn a_big_sudoku_count_is_split_over_threads_and_shards_and_adds_up() {
    // The 6x6 grids with a first row given: 28,200,960 / 6! = 39,168, past the 100,000 nodes
    // after which a count is split.
    // Its tree, on the tuned dancing links of classic shapes past 9x9's (`auto`), is the same
    // on one thread and split: the same nodes.
    let puzzle = format!("123456{}\n", ".".repeat(30));
    let one = dlx(
        &["sudoku", "--count", "--stats", "--threads", "1"],
        puzzle.as_bytes(),
    );
    assert_eq!(stdout(&one), "39168\n", "{}", stderr(&one));
    let nodes = figure(&stderr(&one), "nodes");
    for engine in ["auto", "links"] {
        let args = [
            "sudoku",
            "--count",
            "--stats",
            "--engine",
            engine,
            "--threads",
            "2",
        ];
        let two = dlx(&args, puzzle.as_bytes());
        assert_eq!(stdout(&two), "39168\n", "{}", stderr(&two));
        assert_eq!(figure(&stderr(&two), "nodes"), nodes, "{engine}");
    }
    let (mut sum, mut shard_nodes) = (0, 0);
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let args = ["sudoku", "--count", "--stats", "--shard", &shard];
        let out = dlx(&args, puzzle.as_bytes());
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        sum += stdout(&out).trim().parse::<u64>().unwrap();
        shard_nodes += figure(&stderr(&out), "nodes");
    }
    assert_eq!((sum, shard_nodes), (39_168, nodes));
    // A limit still stops the count: a lower bound.
    let limited = dlx(&["sudoku", "--count", "--limit", "1000"], puzzle.as_bytes());
    assert_eq!(stdout(&limited), "1000+\n");
    // A shard needs what makes the parts add up.
    let out = dlx(
        &["sudoku", "--count", "--shard", "1/2", "--max-nodes", "10"],
        puzzle.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--shard"), "{}", stderr(&out));
}

#[test]
fn a_split_count_reports_the_one_thread_searchs_deductions_and_its_shards_add_up_to_them() {
    // The planes deduce between guesses; a split count sums their deductions over the pieces
    // as it sums the nodes.
    let puzzle = format!("123456{}\n", ".".repeat(30));
    let run = |extra: &[&str]| {
        let mut args = vec!["sudoku", "--count", "--stats", "--engine", "planes"];
        args.extend_from_slice(extra);
        let out = dlx(&args, puzzle.as_bytes());
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        let names = ["nodes", "forced", "dominated"];
        names.map(|name| figure(&stderr(&out), name))
    };
    let one = run(&["--threads", "1"]);
    assert!(one[1] > 0, "{one:?}");
    assert_eq!(run(&["--threads", "2"]), one);
    let mut shards = [0; 3];
    for k in 1..=3 {
        let part = run(&["--shard", &format!("{k}/3")]);
        for (sum, value) in shards.iter_mut().zip(part) {
            *sum += value;
        }
    }
    assert_eq!(shards, one);
}

#[test]
fn a_pencilmark_count_is_split_within_its_candidates() {
    // The 6x6 grids with a first row given, the digit 5 struck from the last cell: the shards
    // of a pencilmark count add up to its one-thread count, each shard counting its share.
    let shape = Shape::for_side(6).unwrap();
    let candidates = |cell: usize| match cell {
        0..6 => DigitSet::of(cell as u8 + 1),
        35 => DigitSet::all(6) - DigitSet::of(5),
        _ => DigitSet::all(6),
    };
    let puzzle = format!("{}\n", Grid::empty(shape).pencilmark_line(candidates));
    let one = dlx(&["sudoku", "--count", "--threads", "1"], puzzle.as_bytes());
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    let whole: u64 = stdout(&one).trim().parse().unwrap();
    assert!(whole > 0 && whole < 39_168, "{whole}");
    let two = dlx(&["sudoku", "--count", "--threads", "2"], puzzle.as_bytes());
    assert_eq!(stdout(&two), stdout(&one), "{}", stderr(&two));
    let mut sum = 0;
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let out = dlx(&["sudoku", "--count", "--shard", &shard], puzzle.as_bytes());
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        sum += stdout(&out).trim().parse::<u64>().unwrap();
    }
    assert_eq!(sum, whole, "the shards add up to the whole");
}

/// `dlx args` on `stdin`, run to its end with its address space limited to `bytes`: a run
/// that needs more fails to allocate (and aborts), which the exit code shows.
fn dlx_within_memory(args: &[&str], stdin: &[u8], bytes: u64) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    spawn_dlx_with(args, stdin, |command| {
        // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else.
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
    })
    .output()
}

/// 20 items of 50 one-item options each: 50^20 solutions, and a top of the tree as wide as
/// can be (50^4 subtrees at depth 4).
fn wide_problem() -> String {
    let names: Vec<String> = (0..20).map(|k| format!("i{k}")).collect();
    let mut text = names.join(" ") + "\n";
    for name in &names {
        for _ in 0..50 {
            text.push_str(name);
            text.push('\n');
        }
    }
    text
}

/// The address space a shard's planning runs in: the binary, its threads' stacks and heaps,
/// the arena and a window of pieces. The planner that kept every piece took 1.48 GB of memory
/// for `--shard 1/10000` on the wide problem, and aborted on allocation for 1/1000000.
const PLANNING_BYTES: u64 = 256 << 20;

/// A shard's planning kept every piece at the cut and went deeper until it had 32 per shard,
/// with no cap: memory grew with the shard count until the allocator gave up.
#[test]
fn a_large_shard_count_plans_in_bounded_memory() {
    let wide = wide_problem();
    // Two threads: the cap holds the planning, and every thread's stack and heap count against
    // it too (a machine of 16 cores or more, on its default of one thread a core, could not
    // start them under it).
    for shard in ["1/10000", "7/1048576"] {
        let args = [
            "xc",
            "--count",
            "--limit",
            "5",
            "--threads",
            "2",
            "--shard",
            shard,
            "-",
        ];
        let out = dlx_within_memory(&args, wide.as_bytes(), PLANNING_BYTES);
        assert_eq!(out.status.code(), Some(0), "{shard}: {}", stderr(&out));
        assert_eq!(stdout(&out), "5+\n", "{shard}");
    }
    let empty16 = format!("{}\n", ".".repeat(256));
    let args = [
        "sudoku",
        "--count",
        "--threads",
        "2",
        "--shard",
        "1/1000000",
        "--limit",
        "1000",
        "-",
    ];
    let out = dlx_within_memory(&args, empty16.as_bytes(), PLANNING_BYTES);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1000+\n");
}

/// More shards than a tree is ever cut into is a usage error, named; a shard past the last
/// subtree of a smaller tree is empty, and says so under --stats.
#[test]
fn shards_beyond_the_tree_are_empty_and_beyond_the_cap_refused() {
    let toy = data("xc/toy.dlx");
    let toy = toy.to_str().unwrap();
    for command in [&["xc", toy][..], &["sudoku", "--count", "-"]] {
        let args = [command, &["--shard", "1/99999999999"][..]].concat();
        let out = dlx(&args, b"....\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("N <= 1048576"), "{}", stderr(&out));
    }
    // The toy's tree has two subtrees at its one useful cut: shard 5 of 5 gets none.
    let out = dlx(&["xc", "--count", "--stats", "--shard", "5/5", toy], b"");
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), "0\n".into()));
    let report = stderr(&out);
    assert!(report.contains("subtrees: 0 of 2"), "{report}");
    assert!(
        report.contains("largest subtree: none (no subtree fell to this shard)"),
        "{report}"
    );
    // Every part of a count into more parts than the tree has subtrees still adds up.
    let path = data("xc/langford7.dlx");
    let path = path.to_str().unwrap();
    let whole = dlx(&["xc", "--count", "--threads", "1", path], b"");
    let whole: u64 = stdout(&whole).trim().parse().unwrap();
    let first = dlx(
        &["xc", "--count", "--stats", "--shard", "1/1000", path],
        b"",
    );
    let report = stderr(&first);
    let cut = report
        .lines()
        .find_map(|line| line.strip_prefix("subtrees: "))
        .and_then(|line| line.split(" of ").nth(1))
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no `subtrees: a of b` in {report}"));
    assert!(
        cut < 1000,
        "langford7 has fewer subtrees than 1000 parts: {cut}"
    );
    let mut sum: u64 = stdout(&first).trim().parse().unwrap();
    for k in 2..=cut + 1 {
        let shard = format!("{k}/1000");
        let out = dlx(&["xc", "--count", "--shard", &shard, path], b"");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        sum += stdout(&out).trim().parse::<u64>().unwrap();
    }
    assert_eq!(sum, whole);
    let past = dlx(&["xc", "--count", "--shard", "1000/1000", path], b"");
    assert_eq!(stdout(&past), "0\n");
}

/// A run on the default thread count (one a core) asked rayon how many cores there are, which
/// started rayon's global pool beside the search's own: twice the threads, each with its stack
/// and heap, idle, and on a machine of many cores more than a memory limit allowed. The threads
/// of a long count on the default are the main thread and one worker a core.
#[test]
#[cfg(target_os = "linux")]
fn the_default_thread_count_starts_one_worker_a_core_and_no_more() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["xc", "--count", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the dlx binary runs");
    // 50^20 solutions: a count no machine ends while it is watched.
    let mut input = child.stdin.take().unwrap();
    input.write_all(wide_problem().as_bytes()).unwrap();
    drop(input);
    let tasks = format!("/proc/{}/task", child.id());
    let mut most = 0;
    for _ in 0..30 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let Ok(entries) = std::fs::read_dir(&tasks) else {
            break;
        };
        most = most.max(entries.count());
    }
    let ended = child.try_wait().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(ended, None, "the count ended while watched");
    assert!(
        most <= cores + 1,
        "{most} threads for {cores} cores: more than the main thread and a worker a core"
    );
    if cores > 1 {
        assert!(
            most > 1,
            "the count on {cores} cores never started its workers"
        );
    }
}
