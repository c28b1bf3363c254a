//! SIGINT and SIGTERM stop every long search: each command here is started on work that would
//! run for hours, sent a signal once it is busy, and must end within moments with 130 or 143,
//! having written only whole records (a count cut short says `N+ undecided`, never "no
//! solution").

use crate::common::{data, puzzles, spawn_dlx, stderr, stdout};
use std::time::Duration;

/// How long a run is left to get busy (past its start, deep in its search or planning) before
/// the signal.
const BUSY: Duration = Duration::from_millis(500);

/// How long a run may take to end after the signal: it stops within a few thousand nodes, so
/// this is room for a loaded machine, not for a search that ignores the signal.
const GRACE: Duration = Duration::from_secs(4);

/// What a run did with the signal.
struct Signalled {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `dlx args` on `stdin`, sends `signal` once it has been busy for [`BUSY`], and waits at
/// most [`GRACE`] for it to end. A run still going then ignored the signal: it is killed, and
/// the test fails.
fn signalled(args: &[&str], stdin: &[u8], signal: i32) -> Signalled {
    let output = spawn_dlx(args, stdin).interrupt_after(BUSY, signal, GRACE);
    Signalled {
        code: output.status.code(),
        stdout: stdout(&output),
        stderr: stderr(&output),
    }
}

/// The exit code a signal gives.
fn code_of(signal: i32) -> i32 {
    128 + signal
}

/// Checks a count cut short on its one line: `N+ undecided`.
fn assert_undecided_count(line: &str) {
    let count = line
        .strip_suffix("+ undecided")
        .unwrap_or_else(|| panic!("expected `N+ undecided`, found {line:?}"));
    count.parse::<u64>().expect("a number of solutions");
}

/// An empty grid of side `side` on one line.
fn empty_grid(side: usize) -> String {
    format!("{}\n", ".".repeat(side * side))
}

/// Checks a one-puzzle sudoku count stopped by `signal`: its one record an undecided count,
/// and the summary saying so.
fn assert_count_stopped(run: &Signalled, signal: i32) {
    assert_eq!(run.code, Some(code_of(signal)), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "one whole record: {:?}", run.stdout);
    assert!(run.stdout.ends_with('\n'));
    assert_undecided_count(lines[0]);
    assert!(run.stderr.contains("undecided: 1"), "{}", run.stderr);
    assert!(!run.stderr.contains("no solution: 1"), "{}", run.stderr);
    assert!(
        run.stderr.contains("interrupted after 1 puzzles"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_signal_stops_a_one_thread_sudoku_count() {
    let run = signalled(
        &["sudoku", "--count", "--threads", "1"],
        empty_grid(9).as_bytes(),
        libc::SIGINT,
    );
    assert_count_stopped(&run, libc::SIGINT);
    let run = signalled(
        &["sudoku", "--count", "--threads", "1"],
        empty_grid(16).as_bytes(),
        libc::SIGTERM,
    );
    assert_count_stopped(&run, libc::SIGTERM);
}

#[test]
fn a_signal_stops_the_backtracking_baselines() {
    for (algo, signal) in [("backtrack", libc::SIGINT), ("candidates", libc::SIGTERM)] {
        let run = signalled(
            &["sudoku", "--count", "--algo", algo],
            empty_grid(9).as_bytes(),
            signal,
        );
        assert_count_stopped(&run, signal);
    }
}

/// An interrupted count with nothing found yet was `0+` and `no solution` (JSON: `"status": "no
/// solution"`); on several threads it is the solutions of the subtrees searched, undecided.
#[test]
fn a_split_sudoku_count_cut_by_a_signal_is_undecided_never_no_solution() {
    let run = signalled(
        &["sudoku", "--count", "--threads", "2", "--stats", "--jsonl"],
        empty_grid(9).as_bytes(),
        libc::SIGINT,
    );
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{:?}", run.stdout);
    let object: serde_json::Value = serde_json::from_str(lines[0]).expect("a whole JSON object");
    assert_eq!(object["status"], "undecided", "{object}");
    assert_eq!(object["complete"], false, "{object}");
    assert!(object["solutions"].as_u64().is_some(), "{object}");
    assert!(!run.stderr.contains("no solution: 1"), "{}", run.stderr);
    assert!(!run.stderr.contains(": no solution"), "{}", run.stderr);
    assert!(run.stderr.contains("undecided: 1"), "{}", run.stderr);
}

#[test]
fn a_signal_stops_a_variant_count() {
    // A Killer of one cage of two cells on an empty grid: about as many solutions as Sudoku.
    let cages = format!("AA{}", ".".repeat(79));
    let killer = format!("{} {cages} 3\n", ".".repeat(81));
    let run = signalled(
        &["sudoku", "--variant", "killer", "--count", "--threads", "2"],
        killer.as_bytes(),
        libc::SIGTERM,
    );
    assert_count_stopped(&run, libc::SIGTERM);
    for (variant, threads, signal) in [("x", "1", libc::SIGINT), ("anti-knight", "2", libc::SIGINT)]
    {
        let run = signalled(
            &[
                "sudoku",
                "--variant",
                variant,
                "--count",
                "--threads",
                threads,
            ],
            empty_grid(9).as_bytes(),
            signal,
        );
        assert_count_stopped(&run, signal);
    }
}

/// `n` items, each with two identical options: 2^n solutions of n options each.
fn doubled_items(n: usize) -> String {
    let names: Vec<String> = (0..n).map(|k| format!("p{k}")).collect();
    let mut text = names.join(" ") + "\n";
    for name in &names {
        text.push_str(&format!("{name}\n{name}\n"));
    }
    text
}

#[test]
fn a_signal_stops_a_split_xc_search() {
    let problem = doubled_items(60);
    for engine in ["links", "cells"] {
        let run = signalled(
            &["xc", "--count", "--threads", "2", "--engine", engine, "-"],
            problem.as_bytes(),
            libc::SIGINT,
        );
        assert_eq!(run.code, Some(130), "{engine}: {}", run.stderr);
        assert_undecided_count(run.stdout.trim_end_matches('\n'));
        assert!(run.stderr.contains("partial"), "{}", run.stderr);
        // Listing the solutions: whole ones only, each of its 60 options and a blank line.
        let run = signalled(
            &["xc", "--threads", "2", "--engine", engine, "-"],
            problem.as_bytes(),
            libc::SIGTERM,
        );
        assert_eq!(run.code, Some(143), "{engine}: {}", run.stderr);
        assert!(run.stdout.is_empty() || run.stdout.ends_with("\n\n"));
        for block in run.stdout.split_terminator("\n\n") {
            assert_eq!(block.lines().count(), 60, "a whole solution: {block:?}");
        }
    }
}

/// The cutting of the tree for a shard walked the top of the tree with no look at the flag:
/// `--shard 1/N` with a large N planned for tens of seconds after its signal.
#[test]
fn a_signal_stops_the_planning_of_a_shard() {
    let path = data("xc/pentominoes6x10.dlx");
    for engine in ["links", "cells"] {
        let run = signalled(
            &[
                "xc",
                "--count",
                "--threads",
                "2",
                "--engine",
                engine,
                "--shard",
                "1/1048576",
                path.to_str().unwrap(),
            ],
            b"",
            libc::SIGINT,
        );
        assert_eq!(run.code, Some(130), "{engine}: {}", run.stderr);
        assert_undecided_count(run.stdout.trim_end_matches('\n'));
    }
}

#[test]
fn a_signal_stops_a_sudominoku_count() {
    // One domino placed: the grids left are countless.
    let puzzle = "1\n5 I9 2 H9\nI5 E6 D1 F2 B3 G9 H7 C9 E5\n0\n";
    let run = signalled(&["sudominoku", "--count"], puzzle.as_bytes(), libc::SIGINT);
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1, "{:?}", run.stdout);
    assert!(
        run.stdout.starts_with("Puzzle 1: ") && run.stdout.ends_with("+ grids undecided\n"),
        "{:?}",
        run.stdout
    );
}

/// A generator that keeps trying (no puzzle rates a million) gives up at the signal, writing
/// no puzzle and no error for the one it was making.
#[test]
fn a_signal_stops_a_generator() {
    let run = signalled(
        &["generate", "--min-rating", "1000000", "--threads", "1"],
        b"",
        libc::SIGINT,
    );
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert_eq!(run.stdout, "", "no puzzle was made");
    assert!(!run.stderr.contains("error"), "{}", run.stderr);
    assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
}

/// The textbook backtracker on hard puzzles runs for hours; the table keeps its whole rows.
#[test]
fn a_signal_stops_a_benchmark() {
    let hard = puzzles("hard-9x9.txt");
    let run = signalled(
        &["bench", "--algo", "backtrack", hard.to_str().unwrap()],
        b"",
        libc::SIGTERM,
    );
    assert_eq!(run.code, Some(143), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "the header alone: {:?}", run.stdout);
    assert!(lines[0].starts_with("file"), "{:?}", run.stdout);
}

#[test]
fn a_second_signal_ends_bench_at_once_and_kills_the_peer_being_measured() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("one.txt");
    std::fs::write(&puzzles, format!("{}\n", ".".repeat(81))).unwrap();
    // The peer writes its process group's number (its shell's pid), then never answers.
    let group_file = dir.path().join("group");
    let peer = format!("hang=echo $$ > '{}'; sleep 30; cat", group_file.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args([
            "bench",
            puzzles.to_str().unwrap(),
            "--algo",
            "dlx",
            "--peer",
            &peer,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut waited = Duration::ZERO;
    while std::fs::read_to_string(&group_file).map_or(true, |text| !text.ends_with('\n')) {
        assert!(waited < GRACE, "the peer never started");
        std::thread::sleep(Duration::from_millis(20));
        waited += Duration::from_millis(20);
    }
    let group: i32 = std::fs::read_to_string(&group_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Two signals at once, as `timeout` sends them (to dlx, then to its group).
    for _ in 0..2 {
        // SAFETY: kill takes plain integers.
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(code_of(libc::SIGINT)));
    // No process of the peer's group is left (`kill(-group, 0)` finds none), within the grace
    // a loaded machine needs to end and reap them.
    let mut left = true;
    for _ in 0..GRACE.as_millis() / 20 {
        // SAFETY: signal 0 only asks whether the group has a process.
        left = unsafe { libc::kill(-group, 0) } == 0;
        if !left {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!left, "the peer's group {group} outlived dlx");
}
