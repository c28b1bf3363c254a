//! Helpers shared by the integration tests: paths to the data (the project's own, and the
//! public data beside it when present) and running the binary.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

/// A run of `dlx` under way.
pub struct DlxRun {
    pub child: Child,
    /// Its command line, for messages.
    command: String,
    /// The thread writing its standard input.
    writer: JoinHandle<()>,
}

/// Starts `dlx args` with its three streams piped and `stdin` written to it, then closed.
pub fn spawn_dlx(args: &[&str], stdin: &[u8]) -> DlxRun {
    spawn_dlx_with(args, stdin, |_| {})
}

/// [`spawn_dlx`], with `configure` changing the command before it starts (a stream sent
/// elsewhere, a limit set in the child).
pub fn spawn_dlx_with(args: &[&str], stdin: &[u8], configure: impl FnOnce(&mut Command)) -> DlxRun {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dlx"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    configure(&mut command);
    let mut child = command.spawn().expect("the dlx binary runs");
    let mut input = child.stdin.take();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The program may exit before reading everything; that is its right.
        if let Some(input) = input.as_mut() {
            let _ = input.write_all(&stdin);
        }
    });
    DlxRun {
        child,
        command: format!("dlx {}", args.join(" ")),
        writer,
    }
}

impl DlxRun {
    /// Waits for the run to end, collecting what it wrote to its piped streams.
    pub fn output(self) -> Output {
        let output = self.child.wait_with_output().unwrap();
        self.writer.join().unwrap();
        output
    }

    /// Lets the run work for `busy`, sends it `signal`, and waits at most `grace` for it to
    /// end, reading its piped output meanwhile. A run that ended before the signal is not the
    /// long run the test needs, and one still going after `grace` ignored the signal: it is
    /// killed, and either fails the test.
    pub fn interrupt_after(mut self, busy: Duration, signal: i32, grace: Duration) -> Output {
        let out = self.child.stdout.take().map(drain);
        let err = self.child.stderr.take().map(drain);
        std::thread::sleep(busy);
        assert!(
            self.child.try_wait().unwrap().is_none(),
            "`{}` ended before the signal: not the long run the test needs",
            self.command
        );
        send_signal(&self.child, signal);
        let status = wait_within(&mut self.child, grace);
        let stderr = err.map_or_else(Vec::new, |err| err.join().unwrap());
        let Some(status) = status else {
            panic!(
                "`{}` still ran {grace:?} after signal {signal}: {}",
                self.command,
                String::from_utf8_lossy(&stderr)
            );
        };
        self.writer.join().unwrap();
        Output {
            status,
            stdout: out.map_or_else(Vec::new, |out| out.join().unwrap()),
            stderr,
        }
    }
}

/// Reads a child's pipe to its end on a thread of its own.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// Sends `signal` to `child`.
pub fn send_signal(child: &Child, signal: i32) {
    // SAFETY: kill only sends a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
}

/// Waits for `child` at most `limit`; kills it (and returns `None`) past that.
pub fn wait_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `dlx` with arguments and the given standard input.
pub fn dlx(args: &[&str], stdin: &[u8]) -> Output {
    spawn_dlx(args, stdin).output()
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

/// The rows of a CSV text, each a list of its fields, as RFC 4180 reads them: fields quoted
/// with `"` may hold commas, line breaks and `""` for a quote; CRLF ends a row as LF does.
/// Panics on a quote left open, as a CSV reader would refuse it.
#[allow(dead_code)]
pub fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(!quoted, "a quoted field left open: {text}");
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}
