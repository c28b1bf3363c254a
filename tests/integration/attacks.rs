//! Regression tests for what attacking the CLI found: one test per finding, each
//! asserting the right behaviour on an input the test builds itself.

use crate::common::{dlx, json_lines, spawn_dlx, spawn_dlx_with, stderr, stdout, wait_within};
use dlx_puzzles::sudoku::{Algorithm, Format, Grid, Mode, Solvers, Verdict};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_dlx");

/// How long a run may take to end after a signal: it stops within moments, so this is room for
/// a loaded machine, not for a run that ignores the signal.
const GRACE: Duration = Duration::from_secs(20);

/// A full 9x9 grid, found by the library on the empty grid.
fn full_grid() -> Grid {
    let empty = Grid::parse_line(&".".repeat(81), 1).unwrap();
    match Solvers::default()
        .solve(&empty, Algorithm::Dlx, Mode::First)
        .answer
    {
        Verdict::Solved(grid) => grid,
        other => panic!("the empty grid has solutions, got {other:?}"),
    }
}

/// A puzzle on one line (no newline): the full grid with two cells in three blanked.
fn puzzle_line() -> String {
    let full = full_grid().to_text(Format::Line);
    full.trim_end()
        .chars()
        .enumerate()
        .map(|(k, c)| if k % 3 == 0 { c } else { '.' })
        .collect()
}

/// Checks that `answer` (one line) solves `puzzle`, keeping its givens.
fn assert_solves(puzzle: &str, answer: &str) {
    let puzzle = Grid::parse_line(puzzle, 1).unwrap();
    let solution = Grid::parse_line(answer, 1).unwrap_or_else(|e| panic!("{answer:?}: {e}"));
    solution.check_solution_of(&puzzle).unwrap();
}

/// Runs `dlx` on no input, killed after `seconds` (`None` then: it hung).
fn dlx_within(args: &[&str], seconds: u64) -> Option<Output> {
    let mut run = spawn_dlx(args, b"");
    let mut out = run.child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        // Keep at most 1 MB: a runaway output must not fill the test's memory.
        let mut kept = Vec::new();
        let mut block = [0u8; 1 << 16];
        while let Ok(read) = out.read(&mut block) {
            if read == 0 {
                break;
            }
            if kept.len() < 1 << 20 {
                kept.extend_from_slice(&block[..read]);
            }
        }
        kept
    });
    if wait_within(&mut run.child, Duration::from_secs(seconds)).is_none() {
        let _ = reader.join();
        return None;
    }
    let mut output = run.output();
    output.stdout = reader.join().unwrap();
    Some(output)
}

/// `n` items, each with two identical options: 2^n solutions.
fn doubled_items(n: usize) -> String {
    let mut text = (0..n)
        .map(|k| format!("p{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("p{k}\np{k}\n"));
    }
    text
}

/// Checks the exit code, and that `text` (the run's stdout or stderr) says `needle`.
fn assert_says(out: &Output, code: i32, text: &str, needle: &str) {
    assert_eq!(out.status.code(), Some(code), "{text}");
    assert!(text.contains(needle), "expected {needle:?} in {text:?}");
}

fn write(path: &Path, text: &[u8]) {
    std::fs::write(path, text).unwrap();
}

/// 8 queens in Knuth's format: rows and columns primary, diagonals secondary (92 solutions).
fn queens8() -> String {
    let n = 8;
    let mut text = String::new();
    let names = |p: &str, count: usize| (0..count).map(|k| format!("{p}{k}")).collect::<Vec<_>>();
    let mut items = names("r", n);
    items.extend(names("c", n));
    items.push("|".into());
    items.extend(names("a", 2 * n - 1));
    items.extend(names("b", 2 * n - 1));
    text.push_str(&items.join(" "));
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    text
}

/// 1. `-o a.txt` on the input `a.txt` emptied it (through a symlink too), and a run that failed
///    before answering anything emptied the earlier output.
#[test]
fn output_never_destroys_an_input_or_an_earlier_result() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.txt");
    let puzzle = puzzle_line();
    write(&input, format!("{puzzle}\n").as_bytes());
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&input, &link).unwrap();
    let a = input.to_str().unwrap();
    for command in ["sudoku", "crosshatch", "sudominoku"] {
        for (source, target) in [
            (a, a),
            (link.to_str().unwrap(), a),
            (a, link.to_str().unwrap()),
        ] {
            let out = dlx(&[command, source, "-o", target], b"");
            assert_eq!(out.status.code(), Some(2), "{command} {source} -o {target}");
            assert!(stderr(&out).contains("is the input"), "{}", stderr(&out));
            assert_eq!(
                std::fs::read_to_string(&input).unwrap(),
                format!("{puzzle}\n")
            );
        }
        // A run that fails before answering anything leaves the earlier result.
        let old = dir.path().join("old.txt");
        write(&old, b"earlier result\n");
        let missing = dir.path().join("missing.txt");
        let out = dlx(
            &[
                command,
                missing.to_str().unwrap(),
                "-o",
                old.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "earlier result\n");
    }
    // A run that answers replaces it, and leaves no temporary file behind.
    let old = dir.path().join("old.txt");
    let out = dlx(&["sudoku", a, "-o", old.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_solves(&puzzle, std::fs::read_to_string(&old).unwrap().trim_end());
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 3, "a.txt, link.txt, old.txt: {names:?}");
}

/// 2. A solution pushed the node count past the budget, after which the budget was never
///    checked again: `--max-nodes 81` on the empty grid never ended.
#[test]
fn the_node_budget_always_holds() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    write(&empty, format!("{}\n", ".".repeat(81)).as_bytes());
    for budget in ["81", "82", "85", "94", "500"] {
        let out = dlx_within(
            &[
                "sudoku",
                "--count",
                "--max-nodes",
                budget,
                empty.to_str().unwrap(),
            ],
            20,
        )
        .unwrap_or_else(|| panic!("--max-nodes {budget} hung"));
        assert_eq!(out.status.code(), Some(3), "{budget}");
        assert!(stdout(&out).ends_with("+ undecided\n"), "{}", stdout(&out));
    }
    let queens = dir.path().join("queens8.dlx");
    write(&queens, queens8().as_bytes());
    let q = queens.to_str().unwrap();
    let out = dlx_within(&["xc", "--count", q], 20).unwrap();
    assert_eq!(stdout(&out), "92\n");
    for rule in ["dlx1", "fast", "reach"] {
        let out = dlx_within(
            &[
                "xc",
                "--count",
                "--stats",
                "--max-nodes",
                "64",
                "--rule",
                rule,
                q,
            ],
            20,
        )
        .unwrap();
        assert_eq!(out.status.code(), Some(3), "{rule}");
        assert!(stdout(&out).ends_with("+ undecided\n"), "{}", stdout(&out));
        let nodes: u64 = stderr(&out)
            .lines()
            .find_map(|l| l.strip_prefix("nodes: "))
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes <= 64, "{rule}: {nodes} nodes");
    }
    // 2^40 solutions: the budget ends the stream of solutions.
    let many = dir.path().join("many.dlx");
    write(&many, doubled_items(40).as_bytes());
    let out = dlx_within(&["xc", "--max-nodes", "1000", many.to_str().unwrap()], 20)
        .expect("the budget ends the search");
    assert!(out.stdout.len() < 100_000, "{} bytes", out.stdout.len());
}

/// 3. `dlx bench ... | head -1` and `> /dev/full` panicked in `println!`; a full disk was
///    blamed on the input; `-o /proc/version` gave an error without a path.
#[test]
fn output_faults_are_named_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    let puzzle = puzzle_line();
    write(&file, format!("{puzzle}\n").repeat(50).as_bytes());
    let f = file.to_str().unwrap();
    // A reader that goes away after one line: quiet success.
    let mut child = Command::new(BIN)
        .args(["bench", f, f, f, "--algo", "dlx,candidates,dlx+crosshatch"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("file"), "{first}");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"));
    // A full disk: exit 2 and the output named.
    for args in [
        &["bench", f][..],
        &["sudoku", f],
        &["crosshatch", f],
        &["xc", "-"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = spawn_dlx_with(args, b"a b\na\nb\n", |command| {
            command.stdout(full);
        })
        .output();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&out).lines().last().unwrap(),
            "dlx: error: writing standard output: No space left on device (os error 28)",
            "{args:?}"
        );
    }
    let out = dlx(&["sudoku", f, "-o", "/dev/full"], b"");
    assert_says(&out, 2, &stderr(&out), "writing /dev/full: No space left");
    let out = dlx(&["sudoku", f, "-o", "/proc/version"], b"");
    assert_says(&out, 2, &stderr(&out), "/proc/version");
}

/// 4. With stdout closed (`>&-`), `dlx sudoku --stats` said `solved: 3` and exited 0.
#[test]
fn a_closed_stdout_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    write(&file, format!("{}\n", puzzle_line()).repeat(3).as_bytes());
    for command in ["sudoku", "crosshatch", "bench"] {
        let out = Command::new("sh")
            .args([
                "-c",
                "exec \"$0\" \"$@\" >&-",
                BIN,
                command,
                file.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(
            stderr(&out).contains("writing standard output: Bad file descriptor"),
            "{command}: {}",
            stderr(&out)
        );
    }
    // `>/dev/null` is not closed: success.
    let out = Command::new(BIN)
        .args(["sudoku", file.to_str().unwrap()])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

/// 5. The line reader had no cap: `dlx sudoku /dev/zero` grew at 0.5 GB/s until killed.
#[test]
fn memory_is_bounded_on_any_input() {
    let puzzle = puzzle_line();
    // An over-long line is one malformed record; the next line is read as usual.
    let mut input = vec![b'1'; 1 << 20];
    input.push(b'\n');
    input.extend_from_slice(puzzle.as_bytes());
    input.push(b'\n');
    for command in ["sudoku", "crosshatch"] {
        let out = dlx(&[command, "--format", "line"], &input);
        assert_eq!(out.status.code(), Some(2));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{command}: {text}");
        assert_eq!(lines[0], "error: line 1: line longer than 8192 bytes");
        if command == "sudoku" {
            assert_solves(&puzzle, lines[1]);
        }
    }
    // No line end at all: the run ends after --max-input-bytes, quickly.
    let out = dlx_within(&["sudoku", "/dev/zero"], 30).expect("dlx sudoku /dev/zero ends");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "error: line 1: line longer than 8192 bytes\n");
    assert!(
        stderr(&out).contains("without a line ending"),
        "{}",
        stderr(&out)
    );
    let out = dlx_within(&["xc", "/dev/zero"], 30).expect("dlx xc /dev/zero ends");
    assert_says(&out, 2, &stderr(&out), "line 1, column 1: found a NUL byte");
    // The grid formats, Su-domino-ku and bench read /dev/zero to --max-input-bytes (256 MiB)
    // before saying anything: a NUL in a line with no end in sight stops them there.
    for args in [
        &["sudoku", "--format", "compact", "/dev/zero"][..],
        &["crosshatch", "--format", "spaced", "/dev/zero"],
        &["sudominoku", "/dev/zero"],
        &["bench", "/dev/zero"],
    ] {
        let out = dlx_within(args, 30).unwrap_or_else(|| panic!("{args:?} ends"));
        assert_says(
            &out,
            2,
            &stderr(&out),
            "/dev/zero: line 1, column 1: found a NUL byte",
        );
    }
    // Whole-input readers refuse what is larger than --max-input-bytes.
    let grid = full_grid().to_text(Format::Compact);
    for args in [
        &["sudoku", "--max-input-bytes", "50"][..],
        &["crosshatch", "--max-input-bytes", "50"],
        &["sudominoku", "--max-input-bytes", "50"],
        &["xc", "--max-input-bytes", "50"],
    ] {
        let out = dlx(args, grid.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("larger than 50 bytes"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// Sends `signal` to a run on a big generated input once it has written something; returns
/// its exit code, its output and its stderr.
fn interrupted(args: &[&str], signal: i32, output: &Path) -> (Option<i32>, Vec<u8>, String) {
    let out_file = std::fs::File::create(output).unwrap();
    let run = spawn_dlx_with(args, b"", |command| {
        command.stdout(out_file);
    });
    let started = Instant::now();
    while std::fs::metadata(output).unwrap().len() == 0
        && started.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = run.interrupt_after(Duration::from_millis(100), signal, GRACE);
    (
        out.status.code(),
        std::fs::read(output).unwrap(),
        stderr(&out),
    )
}

/// 6. SIGINT and SIGTERM killed `dlx` at once: no summary, results lost, JSON cut mid-object.
#[test]
fn an_interrupted_run_writes_whole_records_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let puzzle = puzzle_line();
    write(&big, format!("{puzzle}\n").repeat(400_000).as_bytes());
    let b = big.to_str().unwrap();
    let stdout_file = dir.path().join("out.jsonl");
    let (code, out, message) = interrupted(
        &["sudoku", "--jsonl", "--threads", "2", b],
        libc::SIGINT,
        &stdout_file,
    );
    assert_eq!(code, Some(130), "{message}");
    let text = String::from_utf8(out).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty() && lines.len() < 400_000);
    // A puzzle under way when the signal came (one a thread at most) stops within moments
    // and is answered `undecided`; every other is solved.
    let mut undecided = 0;
    for (k, line) in lines.iter().enumerate() {
        let object: serde_json::Value = serde_json::from_str(line).expect("whole JSON objects");
        assert_eq!(object["line"], k as u64 + 1, "in order, none missing");
        match object["status"].as_str() {
            Some("solved") => {}
            Some("undecided") => undecided += 1,
            other => panic!("line {}: {other:?}", k + 1),
        }
    }
    assert!(undecided <= 2, "{undecided} undecided");
    assert_solves(
        &puzzle,
        serde_json::from_str::<serde_json::Value>(lines[0]).unwrap()["solution"]
            .as_str()
            .unwrap(),
    );
    assert!(
        message.contains(&format!("interrupted after {} puzzles", lines.len())),
        "{message}"
    );
    // SIGTERM, with --output: the whole answers put in place.
    let target = dir.path().join("answers.txt");
    let args = [
        "sudoku",
        "--threads",
        "2",
        b,
        "-o",
        target.to_str().unwrap(),
    ];
    let out =
        spawn_dlx(&args, b"").interrupt_after(Duration::from_millis(700), libc::SIGTERM, GRACE);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(143), "{message}");
    let answers = std::fs::read_to_string(&target).unwrap();
    assert!(answers.is_empty() || answers.ends_with('\n'), "whole lines");
    let undecided = answers.lines().filter(|&line| line == "undecided").count();
    assert!(undecided <= 2, "{undecided} undecided");
    for line in answers.lines().filter(|&line| line != "undecided") {
        assert_solves(&puzzle, line);
    }
    assert!(message.contains(&format!(
        "interrupted after {} puzzles",
        answers.lines().count()
    )));
    // `xc --count` on 2^60 solutions: the count so far, as a lower bound left undecided, and
    // the figures.
    let many = dir.path().join("many.dlx");
    write(&many, doubled_items(60).as_bytes());
    let out = spawn_dlx(&["xc", "--count", many.to_str().unwrap()], b"").interrupt_after(
        Duration::from_millis(300),
        libc::SIGINT,
        GRACE,
    );
    assert_eq!(out.status.code(), Some(130));
    let count = stdout(&out);
    assert!(
        count.ends_with("+ undecided\n")
            && count
                .trim_end_matches("+ undecided\n")
                .parse::<u64>()
                .is_ok(),
        "{count}"
    );
    assert!(stderr(&out).contains("partial"), "{}", stderr(&out));
}

/// 7. `--count --limit 5` on the empty 4x4 grid printed `5`, as for exactly five solutions;
///    `xc --limit 0` was accepted.
#[test]
fn a_count_that_stopped_early_says_so() {
    let empty4 = format!("{}\n", ".".repeat(16));
    let out = dlx(&["sudoku", "--count", "--limit", "5"], empty4.as_bytes());
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), "5+\n".to_string())
    );
    let out = dlx(
        &["sudoku", "--count", "--limit", "5", "--jsonl"],
        empty4.as_bytes(),
    );
    let object = &json_lines(&out)[0];
    assert_eq!(
        (object["solutions"].as_u64(), object["complete"].as_bool()),
        (Some(5), Some(false))
    );
    let out = dlx(&["sudoku", "--count", "--jsonl"], empty4.as_bytes());
    let object = &json_lines(&out)[0];
    assert_eq!(
        (object["solutions"].as_u64(), object["complete"].as_bool()),
        (Some(288), Some(true))
    );
    let out = dlx(&["sudoku", "--count", "--limit", "300"], empty4.as_bytes());
    assert_eq!(stdout(&out), "288\n", "below the limit: exact");
    let out = dlx(&["xc", "--limit", "0"], queens8().as_bytes());
    assert_eq!(out.status.code(), Some(2));
}

/// 8. Givens that repeat a digit were `malformed` (exit 2) in `sudoku` but `ERROR` (exit 1) in
///    `crosshatch`.
#[test]
fn contradictory_givens_are_a_puzzle_without_solution() {
    let line = format!("11{}\n", ".".repeat(79));
    let out = dlx(&["sudoku"], line.as_bytes());
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(1), "no solution\n".to_string())
    );
    assert!(
        stderr(&out).contains("no solution: digit 1 appears twice in row 1"),
        "{}",
        stderr(&out)
    );
    let out = dlx(&["sudoku", "--jsonl"], line.as_bytes());
    assert_eq!(json_lines(&out)[0]["status"], "no solution");
    let out = dlx(&["crosshatch"], line.as_bytes());
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(1), "ERROR\n".to_string())
    );
    // A syntax error is still bad input.
    let out = dlx(&["sudoku"], format!("1x{}\n", ".".repeat(79)).as_bytes());
    assert_eq!(out.status.code(), Some(2));
}

/// 9a. A `#` comment at the top of a Su-domino-ku file was read as puzzle 1.
#[test]
fn a_comment_never_shifts_the_sudominoku_numbering() {
    // Its givens put 3 twice in row C: puzzle 1, no solution.
    let input = "# my puzzles\n2\n3 A2 4 A3\n5 C4 3 C5\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n0\n";
    let out = dlx(&["sudominoku"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("dlx: <stdin>: puzzle 1, line 5, column 7: no solution"),
        "{}",
        stderr(&out)
    );
}

/// 9b. A 4,096-symbol line said "expected N·N symbols", though 64x64 is past the largest side.
#[test]
fn a_line_past_the_largest_grid_says_so() {
    let out = dlx(
        &["sudoku", "--format", "line"],
        format!("{}\n", ".".repeat(4096)).as_bytes(),
    );
    assert_says(
        &out,
        2,
        &stdout(&out),
        "the largest side is 61 (3721 symbols)",
    );
}

/// 9c. A leading space before a line-format puzzle made it malformed.
#[test]
fn a_leading_space_is_ignored_like_a_trailing_one() {
    let puzzle = puzzle_line();
    let out = dlx(&["sudoku"], format!("  {puzzle} \n").as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_solves(&puzzle, stdout(&out).trim_end());
    // Columns still count from the line's start.
    let out = dlx(&["sudoku"], format!(" x{}\n", &puzzle[1..]).as_bytes());
    assert!(
        stdout(&out).starts_with("error: line 1, column 2:"),
        "{}",
        stdout(&out)
    );
}

/// 9d. `dlx bench` read bytes that are not UTF-8 as U+FFFD: "a line of 82 symbols".
#[test]
fn bench_reports_bytes_that_are_not_utf8_as_sudoku_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("latin1.txt");
    let mut bytes = format!("{}\n", puzzle_line()).into_bytes();
    bytes.extend_from_slice(b"..\xe9");
    bytes.extend_from_slice(&[b'.'; 78]);
    bytes.push(b'\n');
    write(&file, &bytes);
    let out = dlx(&["bench", file.to_str().unwrap()], b"");
    assert_says(
        &out,
        2,
        &stderr(&out),
        "line 2, column 3: found bytes that are not UTF-8, expected text",
    );
}

/// 9e. An empty file alone was an error, but among other inputs passed unnoticed.
#[test]
fn an_empty_input_is_reported_alone_or_among_others() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    write(&empty, b"# only a comment\n");
    let good = dir.path().join("good.txt");
    let puzzle = puzzle_line();
    write(&good, format!("{puzzle}\n").as_bytes());
    let (e, g) = (empty.to_str().unwrap(), good.to_str().unwrap());
    for command in ["sudoku", "crosshatch"] {
        for files in [&[e][..], &[e, g], &[g, e]] {
            let mut args = vec![command];
            args.extend_from_slice(files);
            let out = dlx(&args, b"");
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&out).contains(&format!("{e}: found no puzzle")),
                "{args:?}: {}",
                stderr(&out)
            );
            // The other input is still answered.
            assert_eq!(stdout(&out).lines().count(), files.len() - 1, "{args:?}");
        }
    }
}

/// 9f. `dlx xc` accepted control characters in item names (the README says visible ones).
#[test]
fn xc_refuses_control_characters_in_names() {
    let out = dlx(&["xc"], b"a \x01b\na\n");
    assert_says(&out, 2, &stderr(&out), "line 1, column 3: item name");
}

/// 9g. A file with CR-only line endings was one line ("found a first row of 2 cells").
#[test]
fn cr_only_line_endings_are_line_endings() {
    let puzzle = puzzle_line();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mac.txt");
    write(&file, format!("# old Mac\r{puzzle}\r{puzzle}\r").as_bytes());
    let out = dlx(&["sudoku", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2);
    for line in text.lines() {
        assert_solves(&puzzle, line);
    }
    let grid = Grid::parse_line(&puzzle, 1)
        .unwrap()
        .to_text(Format::Compact)
        .replace('\n', "\r");
    let out = dlx(&["sudoku"], grid.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A line-format puzzle, a compact grid of nine rows, and another line puzzle in one file were
/// read as compact: the first line as the first row of an 81-wide grid, which swallowed the
/// grid after it. One record came out for three.
#[test]
fn a_puzzle_line_among_compact_grids_is_answered_as_a_puzzle() {
    let puzzle = puzzle_line();
    let mut text = format!("{puzzle}\n");
    for row in puzzle.as_bytes().chunks(9) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    text.push_str(&format!("{puzzle}\n"));
    let out = dlx(
        &["sudoku", "--format", "compact", "--to", "line", "-"],
        text.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answers: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(answers.len(), 3, "{answers:?}");
    for answer in &answers {
        assert_solves(&puzzle, answer);
    }
    // Detected from the file's lines (the grid's rows outvote the two puzzle lines).
    let out = dlx(&["sudoku", "--to", "line", "-"], text.as_bytes());
    assert_eq!(stdout(&out).lines().count(), 3, "{}", stderr(&out));
}
