//! A solver outside the project, measured as a command: tdoku's `solve`, a user's own program.
//! Such solvers have no interface in common but text, so the harness hands the command the
//! collection's puzzles on its standard input, one a line in the line format (`.` for an empty
//! cell), and reads one line an answer on its standard output. The answer's solution is the
//! last field of the line (fields are split at blanks, `:` and `,`) that holds a digit for every
//! cell; it is checked against its puzzle as every other solver's is. A line with no such field
//! is read by its last count of solutions, a field of a few digits (tdoku's `solve` prints
//! `puzzle:0:` and `puzzle:2:`): none (or no count) is no solution, two or more is several; one
//! solution claimed but not shown cannot be checked, and counts as an invalid answer.
//!
//! The time is the command's, from its start to its end: its own start-up, reading and writing
//! included, which a long collection makes small beside the solving.

use crate::measurement::Measurement;
use dlx_engine::StopFlag;
use dlx_puzzles::sudoku::{Grid, Record};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// The longest answer line read: a 25x25 answer is 625 symbols, and a line that also echoes
/// its puzzle and a count is under 2 KiB. Longer lines are cut, so memory stays bounded.
const LONGEST_LINE: u64 = 8 << 10;

/// The most digits of a field read as a count of solutions.
const COUNT_DIGITS: usize = 19;

/// The process group of the command being measured, 0 when none is: what a second signal
/// kills ([`kill_running_command`]).
static RUNNING_GROUP: AtomicI32 = AtomicI32::new(0);

/// How long the command's output is read after the command ended: what is left in the pipe
/// takes microseconds; only a process it started and moved out of its group takes longer.
const GRACE: Duration = Duration::from_secs(2);

/// How often the stop flag is polled while the command runs.
const POLL: Duration = Duration::from_millis(20);

/// A solver run as a command, named for the table: what `dlx bench --peer NAME=COMMAND` gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerCommand {
    /// The row's name.
    pub name: String,
    /// The command, run by `sh -c`.
    pub command: String,
}

impl std::str::FromStr for PeerCommand {
    type Err = String;

    /// Reads `NAME=COMMAND`: a name of letters, digits, `-`, `_`, `.` and `+`, and a command.
    fn from_str(text: &str) -> Result<PeerCommand, String> {
        let Some((name, command)) = text.split_once('=') else {
            return Err(format!("expected NAME=COMMAND, found `{text}`"));
        };
        let allowed = |c: char| c.is_ascii_alphanumeric() || "-_.+".contains(c);
        if name.is_empty() || !name.chars().all(allowed) {
            return Err(format!(
                "expected a name of letters, digits, -, _, . or + before `=`, found `{name}`"
            ));
        }
        if command.trim().is_empty() {
            return Err(format!("expected a command after `{name}=`"));
        }
        Ok(PeerCommand {
            name: name.to_string(),
            command: command.to_string(),
        })
    }
}

impl PeerCommand {
    /// Runs the command on `puzzles` (see the module's note), every answer checked against its
    /// puzzle. The command is killed when `stop` is raised ([`Measurement::interrupted`]). An
    /// error says what went wrong: the command could not start, failed, or printed another
    /// number of answers than it was given puzzles.
    pub fn measure(&self, puzzles: &[Record], stop: &StopFlag) -> Result<Measurement, String> {
        let pencilmarks =
            |puzzle: &Record| matches!(&puzzle.givens, Ok(givens) if givens.candidates().is_some());
        if let Some(index) = puzzles.iter().position(pencilmarks) {
            return Err(format!(
                "puzzle {} has pencilmarks: a command is given line-format puzzles only",
                index + 1
            ));
        }
        let input: String = puzzles
            .iter()
            .map(|puzzle| format!("{}\n", puzzle.grid()))
            .collect();
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            // A group of its own, so that what it starts is killed with it.
            .process_group(0);
        let started = Instant::now();
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot run `sh -c {}`: {e}", self.command))?;
        let group = child.id() as libc::pid_t;
        RUNNING_GROUP.store(group, Ordering::SeqCst);
        let mut stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        // Written and read on threads of their own, so that a command that answers as it reads
        // never waits on a full pipe, and the clock stops when the command ends. Neither is
        // waited for past the command's end: a process it started and moved out of its group
        // may hold the pipes open for ever.
        std::thread::spawn(move || {
            // A command that stops reading early is told by its answers, not by this error.
            let _ = stdin.write_all(input.as_bytes());
        });
        let (send, read) = mpsc::channel();
        let most = puzzles.len() + 1;
        std::thread::spawn(move || send.send(read_lines(stdout, most)));
        let ended = Arc::new(AtomicBool::new(false));
        let watcher = {
            let (stop, ended) = (stop.clone(), Arc::clone(&ended));
            std::thread::spawn(move || watch(&stop, &ended, group))
        };
        let status = child.wait();
        let solving = started.elapsed();
        ended.store(true, Ordering::Relaxed);
        // What the command left running in its group would hold the pipes open.
        kill_group(group);
        RUNNING_GROUP.store(0, Ordering::SeqCst);
        let _ = watcher.join();
        let lines = read.recv_timeout(GRACE);
        let mut m = Measurement {
            puzzles: puzzles.len(),
            solving,
            interrupted: stop.is_raised(),
            ..Measurement::default()
        };
        if m.interrupted {
            return Ok(m);
        }
        let Ok(lines) = lines else {
            return Err(format!(
                "its output stayed open {} s after it ended (a process it started, out of its \
                 group, holds it)",
                GRACE.as_secs()
            ));
        };
        // Reading stopped at one line too many, which may have ended the command (SIGPIPE).
        if lines.len() > puzzles.len() {
            return Err(format!(
                "printed more answer lines than the {} puzzles it was given",
                puzzles.len()
            ));
        }
        let status = status.map_err(|e| format!("cannot wait for the command: {e}"))?;
        if !status.success() {
            return Err(format!("the command failed ({status})"));
        }
        if lines.len() < puzzles.len() {
            return Err(format!(
                "printed {} answer lines for {} puzzles",
                lines.len(),
                puzzles.len()
            ));
        }
        for (puzzle, line) in puzzles.iter().zip(&lines) {
            tally(&mut m, puzzle.grid(), line);
        }
        Ok(m)
    }
}

/// The first `most` lines of `from`, each cut at [`LONGEST_LINE`] bytes, until its end or a
/// read error: memory stays bounded whatever the command prints.
fn read_lines(from: impl Read, most: usize) -> Vec<String> {
    let mut from = BufReader::new(from);
    let mut lines = Vec::new();
    while lines.len() < most {
        let mut line = Vec::new();
        match (&mut from).take(LONGEST_LINE).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.last() != Some(&b'\n') && !skip_line(&mut from) {
            lines.push(String::from_utf8_lossy(&line).into_owned());
            break;
        }
        lines.push(String::from_utf8_lossy(&line).into_owned());
    }
    lines
}

/// Drops the rest of a line cut short, a buffer at a time (not read as the next answer, nor
/// held): `false` at the end of the output or a read error.
fn skip_line(from: &mut impl BufRead) -> bool {
    loop {
        let Ok(buffer) = from.fill_buf() else {
            return false;
        };
        if buffer.is_empty() {
            return false;
        }
        match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => {
                from.consume(end + 1);
                return true;
            }
            None => {
                let length = buffer.len();
                from.consume(length);
            }
        }
    }
}

/// Kills the process group of the command being measured, if any: for a second signal, which
/// ends the program at once, without the wait for the command that the first one allows.
/// Async-signal-safe: it loads an atomic and calls `kill`.
pub fn kill_running_command() {
    let group = RUNNING_GROUP.load(Ordering::SeqCst);
    if group > 0 {
        kill_group(group);
    }
}

/// Kills the command's process `group` when `stop` is raised, until the command has `ended`.
fn watch(stop: &StopFlag, ended: &AtomicBool, group: libc::pid_t) {
    while !ended.load(Ordering::Relaxed) {
        if stop.is_raised() {
            kill_group(group);
            return;
        }
        std::thread::sleep(POLL);
    }
}

/// Kills every process of `group` (none left is no error).
fn kill_group(group: libc::pid_t) {
    // SAFETY: kill takes plain integers and touches no memory of ours.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Counts one answer line to `puzzle` (see the module's note): a valid solution, an invalid
/// one, or by its count of solutions, no solution or several.
fn tally(m: &mut Measurement, puzzle: &Grid, line: &str) {
    let shape = puzzle.shape();
    let fields = || {
        line.split(|c: char| c.is_whitespace() || c == ':' || c == ',')
            .rev()
    };
    if let Some(solution) = fields().find_map(|field| Grid::parse_answer(field, shape)) {
        match solution.check_solution_of(puzzle) {
            Ok(()) => m.solved += 1,
            Err(_) => m.invalid += 1,
        }
        return;
    }
    // A count is a short field of digits; a puzzle line with 0 for its empty cells is not.
    let most_digits = COUNT_DIGITS.min(shape.cell_count() - 1);
    let count = fields()
        .filter(|field| field.len() <= most_digits)
        .find_map(|field| field.parse::<u64>().ok());
    match count {
        None | Some(0) => m.no_solution += 1,
        // One solution, not shown: nothing to check it by.
        Some(1) => m.invalid += 1,
        Some(_) => m.multiple += 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_puzzles::sudoku::Boxes;

    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    fn record(line: &str) -> Record {
        Record::parse_line(line, 1, Boxes::Usual)
    }

    /// The puzzle of `SOLUTION` with its first `blanks` cells emptied.
    fn puzzle(blanks: usize) -> Record {
        record(&format!("{}{}", ".".repeat(blanks), &SOLUTION[blanks..]))
    }

    fn measured(command: &str, puzzles: &[Record]) -> Result<Measurement, String> {
        let peer: PeerCommand = format!("peer={command}").parse()?;
        peer.measure(puzzles, &StopFlag::never())
    }

    #[test]
    fn the_answers_are_read_from_their_last_full_field_and_checked() {
        let puzzles = [puzzle(10), puzzle(20), puzzle(30)];
        // A solver that answers every puzzle with the same grid, tdoku's way: right for all.
        let tdoku_like = format!("while read p; do echo \"$p:1:{SOLUTION}\"; done");
        let m = measured(&tdoku_like, &puzzles).unwrap();
        assert_eq!(
            (m.puzzles, m.solved, m.invalid, m.no_solution),
            (3, 3, 0, 0)
        );
        // A wrong digit is caught; an answer with no grid is no solution.
        let mut wrong = SOLUTION.to_string();
        wrong.replace_range(0..2, "14");
        let mixed =
            format!("read a; echo {SOLUTION}; read b; echo {wrong}; read c; echo \"$c:0:\"");
        let m = measured(&mixed, &puzzles).unwrap();
        assert_eq!((m.solved, m.invalid, m.no_solution), (1, 1, 1));
        // Counts without a grid: several, none (a puzzle written with zeros is no count), and
        // one claimed but not shown.
        let zeros = SOLUTION.replace('4', "0");
        let counts = format!("cat >/dev/null; echo x:2:; echo {zeros}; echo 1");
        let m = measured(&counts, &puzzles).unwrap();
        assert_eq!(
            (m.multiple, m.no_solution, m.invalid, m.solved),
            (1, 1, 1, 0)
        );
        // A grid with its first two rows swapped keeps the rules: it solves the puzzle whose
        // two rows are empty, and drops givens of the one whose second row is not.
        let other = format!("{}{}", &SOLUTION[9..18], &SOLUTION[..9]) + &SOLUTION[18..];
        let answer = format!("cat >/dev/null; echo {other}");
        let m = measured(&answer, &puzzles[2..]).unwrap();
        assert_eq!((m.solved, m.invalid), (1, 0));
        let m = measured(&answer, &puzzles[..1]).unwrap();
        assert_eq!((m.solved, m.invalid), (0, 1));
    }

    #[test]
    fn a_command_that_fails_or_miscounts_its_answers_is_an_error() {
        let puzzles = [puzzle(10), puzzle(20)];
        let failed = measured("cat >/dev/null; exit 3", &puzzles).unwrap_err();
        assert!(failed.contains("failed"), "{failed}");
        let short = measured(&format!("cat >/dev/null; echo {SOLUTION}"), &puzzles).unwrap_err();
        assert!(short.contains("1 answer lines for 2 puzzles"), "{short}");
        let long = measured(&format!("yes {SOLUTION}"), &puzzles).unwrap_err();
        assert!(long.contains("more answer lines"), "{long}");
        let missing = measured("/no/such/solver", &puzzles).unwrap_err();
        assert!(missing.contains("failed"), "{missing}");
    }

    #[test]
    fn a_line_without_an_end_is_cut_and_an_output_held_open_past_the_end_is_an_error() {
        let puzzles = [puzzle(10), puzzle(20)];
        // 20 MB of one line: read 8 KiB of it, the rest dropped as it comes.
        let endless = measured("cat >/dev/null; head -c 20000000 /dev/zero", &puzzles);
        assert!(endless
            .unwrap_err()
            .contains("1 answer lines for 2 puzzles"));
        // A process out of the command's group keeps its output open after it ends.
        let escaped =
            format!("setsid sleep 4 & sleep 0.3; cat >/dev/null; echo {SOLUTION}; echo {SOLUTION}");
        let started = Instant::now();
        let held = measured(&escaped, &puzzles).unwrap_err();
        assert!(held.contains("stayed open"), "{held}");
        assert!(started.elapsed() < Duration::from_millis(3900));
    }

    #[test]
    fn a_4x4_puzzle_written_with_zeros_is_no_count() {
        let grid = "1234341221434321";
        let puzzle = record(&format!("....{}", &grid[4..]));
        let zeros = format!("cat >/dev/null; echo 0000{}", &grid[4..]);
        let m = measured(&zeros, std::slice::from_ref(&puzzle)).unwrap();
        assert_eq!((m.no_solution, m.multiple, m.invalid), (1, 0, 0));
        let m = measured(&format!("cat >/dev/null; echo {grid}"), &[puzzle]).unwrap();
        assert_eq!(m.solved, 1);
    }

    #[test]
    fn a_raised_stop_flag_ends_a_command_that_never_answers() {
        let raised = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let stop = StopFlag::new(raised);
        let peer: PeerCommand = "slow=sleep 60".parse().unwrap();
        let started = Instant::now();
        let m = peer.measure(&[puzzle(10)], &stop).unwrap();
        assert!(m.interrupted);
        assert!(started.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn a_peer_is_named_then_given_its_command() {
        let peer: PeerCommand = "tdoku=./solve 2".parse().unwrap();
        assert_eq!(
            (peer.name.as_str(), peer.command.as_str()),
            ("tdoku", "./solve 2")
        );
        for bad in ["tdoku", "=./solve", "td oku=./solve", "tdoku= "] {
            assert!(bad.parse::<PeerCommand>().is_err(), "{bad}");
        }
    }
}
