//! The progress bar of one long search (`dlx xc`, `dlx sudoku --count`, `dlx xc --memo`): drawn
//! on a terminal (here a pseudo-terminal made by `script`) with the share of the tree done, the
//! nodes per second and the time left (and a memoized search's cache); never when stderr is not
//! a terminal.

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_dlx");

/// An empty 9x9 grid: a count that never ends (6.67e21 solutions), split over the threads or
/// not; an X-Sudoku too.
const EMPTY_9X9: &str =
    ".................................................................................\n";

/// Runs `dlx` with stderr piped (not a terminal), stopped by SIGINT after `millis`.
fn interrupted_off_a_terminal(args: &[&str], stdin: &[u8], millis: u64) -> (Output, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin).unwrap();
    }
    std::thread::sleep(Duration::from_millis(millis));
    // SAFETY: kill only sends a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let mut message = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut message)
        .unwrap();
    (child.wait_with_output().unwrap(), message)
}

/// What a drawn bar leaves in the text: its words and a carriage return or an escape.
fn has_bar(text: &str) -> bool {
    text.contains("nodes/s") || text.contains('\r') || text.contains('\u{1b}')
}

#[test]
fn no_bar_is_drawn_when_stderr_is_not_a_terminal() {
    // A count that lasts whatever the engine and the machine (see below): the pentominoes
    // take dancing cells under two seconds on one thread.
    let board = domino_board("quiet");
    let board_path = board.to_str().unwrap();
    let queens = queens_board("quiet");
    let queens_path = queens.to_str().unwrap();
    for args in [
        &[
            "xc",
            "--count",
            "--engine",
            "cells",
            "--threads",
            "1",
            board_path,
        ][..],
        &["xc", "--count", queens_path],
        &["xc", "--count", "--threads", "2", board_path],
        &[
            "xc",
            "--count",
            "--engine",
            "links",
            "--threads",
            "2",
            board_path,
        ],
    ] {
        let (out, message) = interrupted_off_a_terminal(args, b"", 1_200);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {message}");
        assert!(!has_bar(&message), "{args:?}: {message:?}");
        assert!(message.contains("interrupted"), "{message}");
    }
    for args in [
        &["sudoku", "--count", "--threads", "2"][..],
        &["sudoku", "--count", "--threads", "1"],
        &["sudoku", "--variant", "x", "--count"],
    ] {
        let (out, message) = interrupted_off_a_terminal(args, EMPTY_9X9.as_bytes(), 1_200);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {message}");
        assert!(!has_bar(&message), "{args:?}: {message:?}");
    }
    let _ = std::fs::remove_file(&board);
    let _ = std::fs::remove_file(&queens);
}

/// Runs `command` in a pseudo-terminal, ended by SIGINT after a second and a half (three times
/// the half second after which a bar is drawn); its output (stdout and stderr, as the terminal
/// shows them), or `None` when `script` is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    // One pseudo-terminal run at a time: two searches timed against the same second and a half on a
    // busy machine can each miss the half second after which a bar is drawn.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // The shell holds the terminal half a second after the command exits: when the last process
    // on a pseudo-terminal closes it, `script` can lose what it had not read yet (seen on a busy
    // machine: the bar, then neither the summary nor "interrupted", twice in a row); the callers
    // try again when "interrupted" is missing.
    let script = Command::new("script")
        .args([
            "-qec",
            &format!("timeout -s INT 1.5 {command}; sleep 0.5"),
            "/dev/null",
        ])
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output();
    match script {
        Ok(out) => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        Err(_) => {
            eprintln!("note: `script` is not installed: the bar on a terminal is not tested");
            None
        }
    }
}

#[test]
fn a_terminal_shows_the_bar_of_a_long_count() {
    let grid = std::env::temp_dir().join(format!("dlx-progress-{}.txt", std::process::id()));
    std::fs::write(&grid, EMPTY_9X9).unwrap();
    // Every engine counts the pentominoes within about the second and a half a run is given (the
    // bitsets, the default for them, before a bar is due): a domino board's count and 20
    // queens' last.
    let board = domino_board("count");
    let queens = queens_board("count");
    for command in [
        format!(
            "{BIN} xc --count --engine cells --threads 1 {}",
            board.display()
        ),
        format!("{BIN} xc --count {}", queens.display()),
        format!("{BIN} xc --count --threads 2 {}", board.display()),
        format!(
            "{BIN} xc --count --engine links --threads 1 {}",
            board.display()
        ),
        format!(
            "{BIN} xc --count --engine links --threads 2 {}",
            board.display()
        ),
        format!("{BIN} sudoku --count --threads 2 {}", grid.display()),
        // One thread: the one search reports its own position.
        format!("{BIN} sudoku --count --threads 1 {}", grid.display()),
        format!("{BIN} sudoku --variant x --count {}", grid.display()),
    ] {
        let Some(mut screen) = on_a_terminal(&command) else {
            break;
        };
        // `script` can lose the last writes of a child that exits while the machine is busy
        // (the pseudo-terminal is closed before it is drained): two more tries tell that apart
        // from a run that never says it was interrupted.
        for _ in 0..2 {
            if screen.contains("interrupted") {
                break;
            }
            screen = on_a_terminal(&command).unwrap_or_default();
        }
        assert!(
            screen.contains("nodes/s") && screen.contains("left") && screen.contains('%'),
            "{command}: {screen:?}"
        );
        assert!(screen.contains("interrupted"), "{command}: {screen:?}");
    }
    let _ = std::fs::remove_file(&grid);
    let _ = std::fs::remove_file(&board);
    let _ = std::fs::remove_file(&queens);
}

/// A memo cache bound under which the 16x16 board of dominoes ([`domino_board`]), its cache
/// forgotten thousands of times, is counted far longer than the tests wait (its count, 2.4e30,
/// fits the count's 128 bits): a memoized count long enough for any bar.
const SMALL_CACHE: &str = "10000000";

/// [`Problem::queens`](dlx_engine::Problem::queens) 20 in Knuth's format, in a file: a count
/// on the bitsets (the default engine for it) of 39 billion solutions, far longer than any run
/// here on any number of cores (16 queens, counted in some ten seconds on two, ended within the
/// second and a half on a machine of many cores, and no "interrupted" was said).
fn queens_board(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("dlx-queens-{name}-{}.dlx", std::process::id()));
    let mut text = Vec::new();
    dlx_engine::Problem::queens(20).write(&mut text).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// [`Problem::dominoes`](dlx_engine::Problem::dominoes) 16x16 in Knuth's format, in a file.
fn domino_board(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("dlx-progress-{name}-{}.dlx", std::process::id()));
    let mut text = Vec::new();
    dlx_engine::Problem::dominoes(16, 16)
        .write(&mut text)
        .unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_terminal_shows_the_bar_of_a_long_memoized_count_with_its_cache() {
    let board = domino_board("memo");
    let queens = queens_board("memo");
    let cases = [
        // The memoized search: the subproblems cached and the hit rate beside the pace.
        (
            format!(
                "{BIN} xc --count --memo --memo-bytes {SMALL_CACHE} {}",
                board.display()
            ),
            "% hits",
        ),
        // Caching given up on 20 queens (the pentominoes' count, some two seconds on one fast
        // core, could end before its signal): the plain search that counts instead says so.
        (
            format!("{BIN} xc --count --memo {}", queens.display()),
            "caching given up",
        ),
    ];
    for (command, words) in cases {
        let Some(mut screen) = on_a_terminal(&command) else {
            break;
        };
        for _ in 0..2 {
            if screen.contains("interrupted") {
                break;
            }
            screen = on_a_terminal(&command).unwrap_or_default();
        }
        assert!(
            screen.contains("nodes/s") && screen.contains(words) && screen.contains('%'),
            "{command}: {screen:?}"
        );
        assert!(screen.contains("interrupted"), "{command}: {screen:?}");
    }
    let _ = std::fs::remove_file(&board);
    let _ = std::fs::remove_file(&queens);
}

#[test]
fn no_bar_is_drawn_for_a_memoized_count_when_stderr_is_not_a_terminal() {
    let board = domino_board("memo-piped");
    let path = board.to_str().unwrap();
    let args = ["xc", "--count", "--memo", "--memo-bytes", SMALL_CACHE, path];
    let (out, message) = interrupted_off_a_terminal(&args, b"", 1_200);
    assert_eq!(out.status.code(), Some(130), "{message}");
    assert!(!has_bar(&message), "{message:?}");
    assert!(message.contains("interrupted"), "{message}");
    let _ = std::fs::remove_file(&board);
}
