//! Where `--output` (and `bench --svg`) may write, and how: a symbolic link is followed and its
//! target replaced, a device or a FIFO is written in place, no file the command reads is ever
//! overwritten, a FIFO with no reader yields to a signal, and no temporary file outlives the
//! run, however it ends.

use crate::common::{
    dlx, puzzles, send_signal, spawn_dlx, spawn_dlx_with, stderr, stdout, wait_within,
};
use dlx_puzzles::sudoku::Grid;
use std::fs::File;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// Two puzzles of the project's own, one a line.
fn two_puzzles() -> String {
    let text = std::fs::read_to_string(puzzles("minimal-9x9.txt")).unwrap();
    text.lines()
        .take(2)
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Fails unless `answers` holds one solution per puzzle of `puzzles`, in order.
fn assert_answers(puzzles: &str, answers: &str) {
    let puzzles: Vec<&str> = puzzles.lines().collect();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), puzzles.len(), "{answers:?}");
    for (k, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        let puzzle = Grid::parse_line(puzzle, k + 1).unwrap();
        let solution =
            Grid::parse_line(answer, k + 1).unwrap_or_else(|e| panic!("{answer:?}: {e}"));
        solution.check_solution_of(&puzzle).unwrap();
    }
}

/// The names of the temporary files the output guard left in `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".dlx-output-"))
        .collect()
}

fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path)
        .unwrap()
        .file_type()
        .is_symlink()
}

/// `dlx args` with its standard output written to the file `out`.
fn dlx_into(args: &[&str], out: &Path) -> Output {
    spawn_dlx_with(args, b"", |command| {
        command.stdout(File::create(out).unwrap());
    })
    .output()
}

/// `dlx args` with its standard input read from the file `input`.
fn dlx_reading(args: &[&str], input: &Path) -> Output {
    spawn_dlx_with(args, b"", |command| {
        command.stdin(File::open(input).unwrap());
    })
    .output()
}

/// `ln -s real.txt ulink; dlx sudoku in.txt -o ulink` left `real.txt` stale and `ulink` a plain
/// file, and `-o /dev/stdout > f.out` turned `/dev/stdout` into a regular file with `f.out`
/// empty. A link is followed and the file at its end replaced; the link stays a link.
#[test]
fn an_output_through_a_symbolic_link_replaces_the_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = two_puzzles();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, &puzzles).unwrap();
    let input = input.to_str().unwrap();
    // A link beside its target.
    let real = dir.path().join("real.txt");
    std::fs::write(&real, "stale\n").unwrap();
    let link = dir.path().join("ulink");
    std::os::unix::fs::symlink("real.txt", &link).unwrap();
    let out = dlx(&["sudoku", input, "-o", link.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_symlink(&link), "the link stays a link");
    assert_answers(&puzzles, &std::fs::read_to_string(&real).unwrap());
    // A chain of relative links through another directory, each read from its own place.
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let deep = sub.join("deep.txt");
    std::fs::write(&deep, "stale\n").unwrap();
    let middle = sub.join("middle");
    std::os::unix::fs::symlink("deep.txt", &middle).unwrap();
    let first = dir.path().join("first");
    std::os::unix::fs::symlink("sub/middle", &first).unwrap();
    let out = dlx(&["sudoku", input, "-o", first.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_symlink(&first) && is_symlink(&middle));
    assert_answers(&puzzles, &std::fs::read_to_string(&deep).unwrap());
    // A dangling link: its target is made.
    let dangling = dir.path().join("dangling");
    std::os::unix::fs::symlink("made.txt", &dangling).unwrap();
    let out = dlx(
        &["generate", "--seed", "3", "-o", dangling.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_symlink(&dangling));
    let made = std::fs::read_to_string(dir.path().join("made.txt")).unwrap();
    Grid::parse_line(made.trim_end(), 1).expect("a generated puzzle");
    // `/dev/stdout` is a link to `/proc/self/fd/1`: with standard output a file, that file
    // gets the answers (tried through a link of the test's own and through the descriptor's
    // entry itself, so that no run can harm the system's `/dev/stdout`).
    let to_stdout = dir.path().join("stdout-link");
    std::os::unix::fs::symlink("/proc/self/fd/1", &to_stdout).unwrap();
    for target in [to_stdout.to_str().unwrap(), "/proc/self/fd/1"] {
        let f_out = dir.path().join("f.out");
        let out = dlx_into(&["sudoku", input, "-o", target], &f_out);
        assert_eq!(out.status.code(), Some(0), "{target}: {}", stderr(&out));
        assert_answers(&puzzles, &std::fs::read_to_string(&f_out).unwrap());
        assert!(is_symlink(&to_stdout));
        // Standard output a pipe: written in place, into the pipe.
        let out = dlx(&["sudoku", input, "-o", target], b"");
        assert_eq!(out.status.code(), Some(0), "{target}: {}", stderr(&out));
        assert_answers(&puzzles, &stdout(&out));
    }
    // A character device is written in place and stays one.
    let out = dlx(&["sudoku", input, "-o", "/dev/null"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    assert!(leftovers(dir.path()).is_empty() && leftovers(&sub).is_empty());
}

/// The arguments of `dlx command` on jigsaws whose layout is the file `layout`, then `rest`.
fn on_jigsaws<'a>(command: &'a str, layout: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![command, "--variant", "jigsaw", "--regions", layout];
    args.extend_from_slice(rest);
    args
}

/// `--regions lay.txt ... -o lay.txt` (sudoku, rate, generate, `bench --svg lay.txt`)
/// overwrote the layout, and `dlx sudoku - -o in3.txt < in3.txt` its own input: every file a
/// command reads is an input of the guard, standard input too when it is a file.
#[test]
fn no_file_a_command_reads_is_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let layout_text = std::fs::read_to_string(puzzles("jigsaw-9x9-layout.txt")).unwrap();
    let layout = dir.path().join("lay.txt");
    std::fs::write(&layout, &layout_text).unwrap();
    let lay = layout.to_str().unwrap();
    // Jigsaw givens alone, one a line: the layout comes from --regions.
    let givens: String = std::fs::read_to_string(puzzles("jigsaw-9x9.txt"))
        .unwrap()
        .lines()
        .take(3)
        .map(|line| format!("{}\n", &line[..81]))
        .collect();
    let jigsaws = dir.path().join("jg.txt");
    std::fs::write(&jigsaws, &givens).unwrap();
    let jg = jigsaws.to_str().unwrap();
    let refused = [
        on_jigsaws("sudoku", lay, &[jg, "-o", lay]),
        on_jigsaws("rate", lay, &[jg, "-o", lay]),
        on_jigsaws("generate", lay, &["-o", lay]),
        on_jigsaws("bench", lay, &[jg, "--svg", lay]),
        on_jigsaws("bench", lay, &[jg, "--svg", jg]),
    ];
    for args in refused {
        let out = dlx(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("is the input"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&layout).unwrap(), layout_text);
        assert_eq!(std::fs::read_to_string(&jigsaws).unwrap(), givens);
    }
    // The guard refuses only the files read: the same runs into another file work.
    let other = dir.path().join("out.txt");
    let out = dlx(
        &on_jigsaws("sudoku", lay, &[jg, "-o", other.to_str().unwrap()]),
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&other).unwrap().lines().count(), 3);
    // Standard input that is a file, named `-` or read for want of a name.
    let puzzles = two_puzzles();
    let input = dir.path().join("in3.txt");
    for args in [
        &["sudoku", "-", "-o"][..],
        &["sudoku", "-o"],
        &["rate", "-o"],
    ] {
        std::fs::write(&input, &puzzles).unwrap();
        let mut all = args.to_vec();
        all.push(input.to_str().unwrap());
        let out = dlx_reading(&all, &input);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(
            stderr(&out).contains("is the input standard input"),
            "{all:?}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&input).unwrap(), puzzles);
    }
    // `generate` reads no standard input: writing over the file it comes from is fine.
    let out = dlx_reading(
        &["generate", "--seed", "4", "-o", input.to_str().unwrap()],
        &input,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let made = std::fs::read_to_string(&input).unwrap();
    Grid::parse_line(made.trim_end(), 1).expect("a generated puzzle");
    assert!(leftovers(dir.path()).is_empty());
}

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads a valid C string.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
}

/// `-o fifo` with no reader blocked in `open` and ignored SIGTERM. The FIFO is opened without
/// blocking: a signal ends the wait (exit 130 or 143, nothing written), and a reader that comes
/// gets the answers.
#[test]
fn an_output_fifo_without_reader_yields_to_a_signal() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = two_puzzles();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, &puzzles).unwrap();
    let fifo = dir.path().join("out.fifo");
    mkfifo(&fifo);
    let args = [
        "sudoku",
        input.to_str().unwrap(),
        "-o",
        fifo.to_str().unwrap(),
    ];
    for (sent, code) in [(libc::SIGTERM, 143), (libc::SIGINT, 130)] {
        // The signal ends the wait for a reader, within two seconds.
        let out = spawn_dlx(&args, b"").interrupt_after(
            Duration::from_millis(300),
            sent,
            Duration::from_secs(2),
        );
        assert_eq!(out.status.code(), Some(code));
        let message = stderr(&out);
        assert!(message.contains("waiting for a reader"), "{message}");
    }
    // A reader that comes late gets every answer; the FIFO stays a FIFO.
    let mut run = spawn_dlx(&args, b"");
    std::thread::sleep(Duration::from_millis(200));
    let answers = std::fs::read_to_string(&fifo).unwrap();
    let status =
        wait_within(&mut run.child, Duration::from_secs(10)).expect("the run ends once read");
    assert_eq!(status.code(), Some(0));
    assert_answers(&puzzles, &answers);
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

/// A second signal during `generate -o` left `.dlx-output-XXXX` beside the target: the
/// handler that ends the process at once removes it first.
#[test]
fn a_second_signal_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let target: PathBuf = dir.path().join("puzzles.txt");
    std::fs::write(&target, "earlier\n").unwrap();
    for sent in [libc::SIGTERM, libc::SIGINT] {
        // 25x25 puzzles on one thread: each takes seconds, so the second signal comes while
        // the first is still being honoured.
        let args = [
            "generate",
            "--box",
            "5x5",
            "--count",
            "100000",
            "--threads",
            "1",
            "--seed",
            "1",
            "-o",
            target.to_str().unwrap(),
        ];
        let mut run = spawn_dlx_with(&args, b"", |command| {
            command.stderr(Stdio::null());
        });
        let started = Instant::now();
        while leftovers(dir.path()).is_empty() && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            !leftovers(dir.path()).is_empty(),
            "the run writes beside its target"
        );
        std::thread::sleep(Duration::from_millis(200));
        send_signal(&run.child, sent);
        // Apart, so that the kernel does not merge them into one pending signal.
        std::thread::sleep(Duration::from_millis(100));
        send_signal(&run.child, sent);
        let status = wait_within(&mut run.child, Duration::from_secs(5))
            .expect("a second signal ends the run");
        assert_eq!(status.code(), Some(128 + sent));
        assert!(
            leftovers(dir.path()).is_empty(),
            "{:?}",
            leftovers(dir.path())
        );
        // Whatever the run managed: the earlier file, or whole puzzles put in place.
        let text = std::fs::read_to_string(&target).unwrap();
        if text != "earlier\n" {
            for (k, line) in text.lines().enumerate() {
                Grid::parse_line(line, k + 1).expect("whole puzzles");
            }
        }
    }
}

/// `dlx xc --zdd q8.dlx < q8.dlx` replaced its own problem with the ZDD: standard input that
/// is a file is an input of every command that reads it, whatever the flag that writes.
#[test]
fn a_file_written_by_any_flag_is_refused_when_it_is_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let problem_text = std::fs::read_to_string(crate::common::data("xc/queens8.dlx")).unwrap();
    let problem = dir.path().join("q8.dlx");
    std::fs::write(&problem, &problem_text).unwrap();
    let q8 = problem.to_str().unwrap();
    for args in [&["xc", "--zdd", q8][..], &["xc", "-", "--zdd", q8]] {
        let out = dlx_reading(args, &problem);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("is the input standard input"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&problem).unwrap(), problem_text);
    }
    assert!(leftovers(dir.path()).is_empty());
}

/// `dlx sudoku fifo -o fifo` waited for ever for a reader of its own input: a FIFO that is
/// an input is refused as a file is, before any wait.
#[test]
fn an_output_fifo_that_is_an_input_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("io.fifo");
    mkfifo(&fifo);
    let name = fifo.to_str().unwrap();
    let mut run = spawn_dlx(&["sudoku", name, "-o", name], b"");
    let status = wait_within(&mut run.child, Duration::from_secs(5));
    if status.is_none() {
        let _ = run.child.kill();
    }
    let out = run.output();
    assert_eq!(status.and_then(|s| s.code()), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("is the input"), "{}", stderr(&out));
}

/// SIGHUP (a closed terminal) during `-o out.txt` or `--zdd` ended the process by its default
/// action, leaving `.dlx-output-XXXX` beside the target: it is handled as SIGINT and SIGTERM
/// are, the whole answers put in place, exit 129.
#[test]
fn a_hangup_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out.txt");
    let out = target.to_str().unwrap();
    let empty_16x16 = format!("{}\n", ".".repeat(256));
    let cut = spawn_dlx(
        &["sudoku", "--count", "--threads", "1", "-o", out],
        empty_16x16.as_bytes(),
    )
    .interrupt_after(
        Duration::from_millis(500),
        libc::SIGHUP,
        Duration::from_secs(4),
    );
    assert_eq!(cut.status.code(), Some(129), "{}", stderr(&cut));
    assert!(stderr(&cut).contains("SIGHUP"), "{}", stderr(&cut));
    let count = std::fs::read_to_string(&target).unwrap();
    assert!(count.trim_end().ends_with("+ undecided"), "{count:?}");
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
    let zdd = dir.path().join("all.zdd");
    let problem = crate::common::data("xc/pentominoes6x10.dlx");
    let cut = spawn_dlx(
        &[
            "xc",
            "--zdd",
            zdd.to_str().unwrap(),
            problem.to_str().unwrap(),
        ],
        b"",
    )
    .interrupt_after(
        Duration::from_millis(500),
        libc::SIGHUP,
        Duration::from_secs(4),
    );
    assert_eq!(cut.status.code(), Some(129), "{}", stderr(&cut));
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
}
