//! Helpers shared by the integration tests: paths to the data (the project's own, and the
//! public data beside it when present) and running the binary.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A file under `tests/data/`.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// A file under `puzzles/`: the project's own collections.
#[allow(dead_code)]
pub fn puzzles(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(path)
}

/// The public data kept beside the project (collections, contest samples, Knuth's files): the
/// directory `$DLX_SHARED` names, else `../shared`. It is never copied into the project; CI has
/// it, a fresh clone need not.
pub fn shared_root() -> PathBuf {
    match std::env::var_os("DLX_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// A file or directory of the public data, when it is there.
#[allow(dead_code)]
pub fn shared(path: &str) -> Option<PathBuf> {
    let path = shared_root().join(path);
    path.exists().then_some(path)
}

/// Like [`shared`], saying in one line on stderr what is skipped when the data is absent.
#[allow(dead_code)]
pub fn shared_or_skip(path: &str, skipped: &str) -> Option<PathBuf> {
    let found = shared(path);
    if found.is_none() {
        eprintln!(
            "note: {} is absent (set DLX_SHARED to its directory): {skipped} skipped",
            shared_root().join(path).display()
        );
    }
    found
}

/// A public collection of `puzzles/` in the shared data when present, else the project's own
/// file in `puzzles/` that plays its part, with one line on stderr saying so.
#[allow(dead_code)]
pub fn collection(shared_name: &str) -> PathBuf {
    let own = match shared_name {
        "puzzles2_17_clue" => "minimal-9x9.txt",
        "puzzles7_serg_benchmark" => "multiple-9x9.txt",
        name if name.contains("hardest") || name.contains("magictour") => "hard-9x9.txt",
        name => panic!("no file of the project's own plays the part of {name}"),
    };
    let rel = format!("puzzles/{shared_name}");
    shared(&rel).unwrap_or_else(|| {
        eprintln!(
            "note: {} is absent (set DLX_SHARED to its directory): using puzzles/{own}",
            shared_root().join(&rel).display()
        );
        let path = puzzles(own);
        assert!(
            path.exists(),
            "neither the public {rel} nor puzzles/{own} is there"
        );
        path
    })
}

/// Runs `dlx` with arguments and the given standard input.
pub fn dlx(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The program may exit before reading everything; that is its right.
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Standard output parsed as JSON lines, one value per line.
#[allow(dead_code)]
pub fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}
