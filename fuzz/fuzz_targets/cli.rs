//! The `dlx` binary's whole path from bytes to output: the first bytes of the input pick a
//! subcommand and its flags, the rest is the input file. The target calls the binary's own
//! library (`dlx_cli`) as `main` does, writing to a file (`-o`).
//!
//! What a user relies on is checked: no panic; an `Err` is fine (it is exit code 2 with a
//! message); under `--jsonl` every output line is a JSON object and there is one per puzzle;
//! in the Sudoku line format one output line per puzzle line, each solution valid for its
//! puzzle; and the exit code agrees with the statuses printed.
//!
//! Run it with `-close_fd_mask=3`: `dlx xc` prints to standard output and every command reports
//! bad puzzles on standard error, which would drown libFuzzer's own messages.

#![no_main]

use dlx_cli as cli;

use clap::Parser;
use dlx_puzzles::sudoku::{self, Format};
use dlx_puzzles::sudominoku;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The input and output files of this process.
struct Scratch {
    input: PathBuf,
    output: PathBuf,
}

fn scratch() -> &'static Scratch {
    static SCRATCH: OnceLock<Scratch> = OnceLock::new();
    SCRATCH.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("dlx-fuzz-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch {
            input: dir.join("input"),
            output: dir.join("output"),
        }
    })
}

/// Node budgets to pick from: every search stays in the milliseconds.
const BUDGETS: [&str; 4] = ["50", "500", "2000", "5000"];
const FORMATS: [Option<&str>; 4] = [None, Some("line"), Some("spaced"), Some("compact")];

/// The subcommand chosen, with what the checks need to know of its flags.
enum Command {
    Sudoku {
        format: Option<Format>,
        to: Option<Format>,
        /// Under --count: each answer is a number.
        count: bool,
    },
    Crosshatch {
        format: Option<Format>,
        to: Option<Format>,
        explain: bool,
    },
    Sudominoku {
        strict: bool,
    },
    Xc,
}

fn format_of(name: Option<&str>) -> Option<Format> {
    match name? {
        "line" => Some(Format::Line),
        "spaced" => Some(Format::Spaced),
        _ => Some(Format::Compact),
    }
}

/// `--format` and `--to`, where chosen.
fn format_flags<'a>(format: Option<&'a str>, to: Option<&'a str>) -> Vec<&'a str> {
    let mut flags = Vec::new();
    if let Some(format) = format {
        flags.extend(["--format", format]);
    }
    if let Some(to) = to {
        flags.extend(["--to", to]);
    }
    flags
}

/// The command line for the choice bytes `c`, `f`, `g` (the input files are added after), and
/// whether it asks for JSON lines.
fn command_line(c: u8, f: u8, g: u8) -> (Command, Vec<String>, bool) {
    let mut args: Vec<String> = vec!["dlx".into()];
    let mut push = |list: &[&str]| args.extend(list.iter().map(|s| s.to_string()));
    let budget = BUDGETS[(g >> 4) as usize & 3];
    let command = match c % 8 {
        0..=3 => {
            push(&["sudoku", "--max-nodes", budget]);
            let format = FORMATS[f as usize & 3];
            let to = FORMATS[(g >> 2) as usize & 3];
            push(&format_flags(format, to));
            let mode = (f >> 4) & 3;
            match mode {
                1 => push(&["--unique"]),
                2 => push(&["--count"]),
                3 => push(&["--count", "--limit", "2"]),
                _ => {}
            }
            if f & 0x40 != 0 {
                push(&["--propagate", "crosshatch"]);
            }
            push(&[
                "--algo",
                ["dlx", "backtrack", "candidates", "dlx"][g as usize & 3],
            ]);
            Command::Sudoku {
                format: format_of(format),
                to: format_of(to),
                count: mode >= 2,
            }
        }
        4 | 5 => {
            push(&["crosshatch"]);
            let format = FORMATS[f as usize & 3];
            let to = FORMATS[(f >> 5) as usize & 3];
            push(&format_flags(format, to));
            let explain = f & 0x10 != 0;
            if explain {
                push(&["--explain"]);
            }
            Command::Crosshatch {
                format: format_of(format),
                to: format_of(to),
                explain,
            }
        }
        6 => {
            push(&["sudominoku", "--max-nodes", budget]);
            match (f >> 4) & 3 {
                1 => push(&["--draw"]),
                2 => push(&["--count"]),
                3 => push(&["--tilings"]),
                _ => {}
            }
            if g & 1 != 0 {
                // Without --count or --tilings this is a usage error, which is fine too.
                push(&["--limit", "2"]);
            }
            let strict = g & 2 != 0;
            if strict {
                push(&["--strict"]);
            }
            Command::Sudominoku { strict }
        }
        _ => {
            push(&["xc", "--max-nodes", budget]);
            if f & 1 != 0 {
                push(&["--count"]);
            }
            if f & 2 != 0 {
                push(&["--limit", "3"]);
            }
            if f & 4 != 0 {
                push(&["--stats"]);
            }
            return (Command::Xc, args, false);
        }
    };
    let jsonl = f & 0x04 != 0;
    if jsonl {
        args.push("--jsonl".into());
    }
    let threads = if f & 0x08 != 0 { "2" } else { "1" };
    args.extend(["--threads".into(), threads.into()]);
    args.extend(["-o".into(), scratch().output.display().to_string()]);
    (command, args, jsonl)
}

fuzz_target!(|bytes: &[u8]| {
    let [c, f, g, input @ ..] = bytes else {
        return;
    };
    let scratch = scratch();
    std::fs::write(&scratch.input, input).expect("the input file is written");
    let _ = std::fs::remove_file(&scratch.output);
    let (command, mut args, jsonl) = command_line(*c, *f, *g);
    let twice = *f & 0x80 != 0 && !matches!(command, Command::Xc);
    let file = scratch.input.display().to_string();
    args.push(file.clone());
    if twice {
        args.push(file);
    }
    let cli = cli::Cli::try_parse_from(&args)
        .unwrap_or_else(|e| panic!("the target built a bad command line {args:?}: {e}"));
    let Ok(exit) = cli::run(cli) else {
        return;
    };
    if matches!(command, Command::Xc) {
        return;
    }
    // An input with no puzzle is bad input, and leaves no output file.
    let Ok(output) = std::fs::read(&scratch.output) else {
        assert_eq!(exit, cli::Exit::BadInput, "no output file");
        return;
    };
    let output = String::from_utf8(output).expect("the output is UTF-8");
    let copies = if twice { 2 } else { 1 };
    // The CLI reads CR, LF and CRLF alike as line endings; so does the oracle.
    let text = String::from_utf8_lossy(input)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let statuses = match command {
        Command::Sudoku { format, to, count } => {
            let format = format.or_else(|| sudoku::Format::detect(&text));
            let Some(format) = format else {
                assert_eq!(exit, cli::Exit::BadInput, "a text with no puzzle line");
                return;
            };
            let outputs_lines = to.unwrap_or(default_output(format)) == Format::Line;
            check_sudoku(&text, format, copies, &output, jsonl, outputs_lines, count)
        }
        Command::Crosshatch {
            format,
            to,
            explain,
        } => {
            let format = format.or_else(|| sudoku::Format::detect(&text));
            let Some(format) = format else {
                assert_eq!(exit, cli::Exit::BadInput, "a text with no puzzle line");
                return;
            };
            let outputs_lines = to.unwrap_or(default_output(format)) == Format::Line && !explain;
            check_crosshatch(&text, format, copies, &output, jsonl, outputs_lines)
        }
        Command::Sudominoku { strict } => {
            let statuses = check_sudominoku(&text, copies, &output, jsonl);
            if strict {
                // --strict may turn any status into bad input; nothing to compare.
                return;
            }
            statuses
        }
        Command::Xc => unreachable!(),
    };
    if let Some(statuses) = statuses {
        assert_eq!(exit, exit_for(&statuses), "statuses {statuses:?}");
    }
});

/// The output format when --to is not given: the input's, or line for CSV input.
fn default_output(format: Format) -> Format {
    if format == Format::Csv {
        Format::Line
    } else {
        format
    }
}

/// An output line without the label `dlx` writes back after an answer (the text that followed
/// the puzzle on its line, after blanks or `//`, `#`, `;`).
fn without_label(line: &str) -> &str {
    if line.starts_with("error: ") {
        return line;
    }
    if line.starts_with("no solution") {
        return "no solution";
    }
    // A count cut by the node budget, `N+ undecided`, is one answer of two words.
    if let Some(count) = line.split_once("+ undecided").map(|(count, _)| count) {
        if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) {
            return &line[..count.len() + "+ undecided".len()];
        }
    }
    let end = line
        .char_indices()
        .find(|&(at, c)| c.is_whitespace() || c == '#' || c == ';' || line[at..].starts_with("//"))
        .map_or(line.len(), |(at, _)| at);
    &line[..end]
}

/// The documented exit code for these statuses: bad input first, then unsolved, then undecided.
fn exit_for(statuses: &[String]) -> cli::Exit {
    let any = |words: &[&str]| statuses.iter().any(|s| words.contains(&s.as_str()));
    if any(&["malformed"]) {
        cli::Exit::BadInput
    } else if any(&["no solution", "contradiction", "multiple"]) {
        cli::Exit::Unsolved
    } else if any(&["undecided"]) {
        cli::Exit::Undecided
    } else {
        cli::Exit::Solved
    }
}

/// The JSON objects of a `--jsonl` output, one per line.
fn json_lines(output: &str) -> Vec<Value> {
    output
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("a JSONL line is not JSON ({e}): {line:?}"));
            assert!(value.is_object(), "not an object: {line}");
            value
        })
        .collect()
}

/// A puzzle as `dlx sudoku` and `dlx crosshatch` read it.
type ReadPuzzle = Result<sudoku::ParsedGrid, sudoku::ParseError>;

/// The puzzles `dlx sudoku` and `dlx crosshatch` read from a text, in order, for every copy.
fn sudoku_puzzles(text: &str, format: Format, copies: usize) -> Vec<ReadPuzzle> {
    let once: Vec<_> = format.puzzles(text).collect();
    (0..copies).flat_map(|_| once.iter().cloned()).collect()
}

/// The statuses of a `--jsonl` output, which has one object per puzzle; `check` sees each
/// puzzle with its object's `field` (a solution, a grid) where that is a string.
fn jsonl_statuses(
    output: &str,
    puzzles: &[ReadPuzzle],
    field: &str,
    check: fn(&ReadPuzzle, &str),
) -> Vec<String> {
    let objects = json_lines(output);
    assert_eq!(objects.len(), puzzles.len(), "one JSON object per puzzle");
    let mut statuses = Vec::new();
    for (object, puzzle) in objects.iter().zip(puzzles) {
        if let Some(text) = object[field].as_str() {
            check(puzzle, text);
        }
        statuses.push(object["status"].as_str().expect("a status").to_string());
    }
    statuses
}

/// The output's lines paired with their puzzles, checked to be one line per puzzle line.
fn line_per_puzzle<'a, 'p>(
    output: &'a str,
    puzzles: &'p [ReadPuzzle],
) -> impl Iterator<Item = (&'a str, &'p ReadPuzzle)> {
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines.len(),
        puzzles.len(),
        "one output line per puzzle line"
    );
    lines.into_iter().zip(puzzles)
}

/// Checks a `dlx sudoku` output; returns the statuses when they can be told from it.
fn check_sudoku(
    text: &str,
    format: Format,
    copies: usize,
    output: &str,
    jsonl: bool,
    outputs_lines: bool,
    count: bool,
) -> Option<Vec<String>> {
    let puzzles = sudoku_puzzles(text, format, copies);
    if jsonl {
        return Some(jsonl_statuses(
            output,
            &puzzles,
            "solution",
            check_sudoku_solution,
        ));
    }
    if !outputs_lines {
        return None;
    }
    let mut statuses = Vec::new();
    for (line, puzzle) in line_per_puzzle(output, &puzzles) {
        let line = without_label(line);
        let status = match line {
            "no solution" | "multiple" | "undecided" => line.to_string(),
            _ if line.starts_with("error: ") => {
                assert!(puzzle.is_err(), "an error for a puzzle that parses: {line}");
                "malformed".to_string()
            }
            _ if count => {
                // `N`, `N+` (the limit reached) or `N+ undecided` (the budget ran out).
                let (number, undecided) = match line.strip_suffix(" undecided") {
                    Some(bound) => (bound.strip_suffix('+').expect("a lower bound"), true),
                    None => (line.strip_suffix('+').unwrap_or(line), false),
                };
                let n: u64 = number
                    .parse()
                    .unwrap_or_else(|_| panic!("a count: {line:?}"));
                match (undecided, n) {
                    (true, _) => "undecided",
                    (false, 0) => "no solution",
                    (false, _) => "solved",
                }
                .to_string()
            }
            _ => {
                check_sudoku_solution(puzzle, line);
                "solved".to_string()
            }
        };
        statuses.push(status);
    }
    Some(statuses)
}

fn check_sudoku_solution(puzzle: &ReadPuzzle, line: &str) {
    let puzzle = puzzle
        .as_ref()
        .unwrap_or_else(|e| panic!("a solution {line:?} for a puzzle that does not parse: {e}"));
    let solution = sudoku::Grid::parse_line(line, 1)
        .unwrap_or_else(|e| panic!("a solution that does not parse: {e}"));
    if let Err(e) = solution.check_solution_of(&puzzle.grid) {
        panic!("a wrong solution {line:?}: {e}");
    }
}

/// Checks a `dlx crosshatch` output; returns the statuses when they can be told from it.
fn check_crosshatch(
    text: &str,
    format: Format,
    copies: usize,
    output: &str,
    jsonl: bool,
    outputs_lines: bool,
) -> Option<Vec<String>> {
    let puzzles = sudoku_puzzles(text, format, copies);
    if jsonl {
        return Some(jsonl_statuses(output, &puzzles, "grid", check_deduced));
    }
    if !outputs_lines {
        return None;
    }
    for (line, puzzle) in line_per_puzzle(output, &puzzles) {
        let line = without_label(line);
        if line != "ERROR" && !line.starts_with("error: ") {
            check_deduced(puzzle, line);
        }
    }
    None
}

/// A cross-hatched grid keeps every given of its puzzle.
fn check_deduced(puzzle: &ReadPuzzle, line: &str) {
    let puzzle = puzzle
        .as_ref()
        .unwrap_or_else(|e| panic!("a grid {line:?} for a puzzle that does not parse: {e}"));
    let grid =
        sudoku::Grid::parse_line(line, 1).unwrap_or_else(|e| panic!("a grid that does not parse: {e}"));
    assert_eq!(grid.shape(), puzzle.grid.shape());
    for (&given, &deduced) in puzzle.grid.cells().iter().zip(grid.cells()) {
        assert!(given == 0 || given == deduced, "a given changed: {line}");
    }
}

/// Checks a `dlx sudominoku` output; returns the statuses under --jsonl.
fn check_sudominoku(text: &str, copies: usize, output: &str, jsonl: bool) -> Option<Vec<String>> {
    if !jsonl {
        return None;
    }
    let file = sudominoku::PuzzleFile::parse(text);
    let entries: Vec<_> = (0..copies).flat_map(|_| file.entries.iter()).collect();
    let objects = json_lines(output);
    assert_eq!(objects.len(), entries.len(), "one JSON object per puzzle");
    let mut statuses = Vec::new();
    for (object, entry) in objects.iter().zip(&entries) {
        statuses.push(object["status"].as_str().expect("a status").to_string());
        let Some(solution) = object["solution"].as_str() else {
            continue;
        };
        let puzzle = entry
            .puzzle
            .as_ref()
            .expect("a solution for a puzzle that parses");
        let cells: Vec<u8> = solution.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        let grid = sudoku::Grid::from_cells(sudoku::Shape::CLASSIC, cells)
            .unwrap_or_else(|e| panic!("a solution that is no grid {solution:?}: {e}"));
        if let Err(e) = grid.check_solution_of(puzzle.givens()) {
            panic!("a wrong solution {solution:?}: {e}");
        }
    }
    Some(statuses)
}
