//! Big and odd inputs given to every command: a byte order mark, NUL bytes and invalid UTF-8 in
//! one line, lines one symbol short or long, tabs for spaces, only comments, CRLF, a 10 MB line,
//! a million lines. Each fault is reported with the file, the line (and column) and what was
//! expected, and every other puzzle of the file is still answered, in order.

use crate::common::{collection, data, dlx, json_lines, stderr, stdout};
use dlx_puzzles::sudoku::{self, CrossHatch, Format, Grid};
use std::path::PathBuf;
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A file in a fresh temporary directory of its own, removed (with the directory) when dropped.
/// Tests run in parallel and several write a file of the same name, so each file gets a
/// directory numbered by this process and a counter: no test reads another's file.
struct TempFile {
    dir: PathBuf,
    path: PathBuf,
}

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let number = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("dlx-odd-inputs-{}-{number}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        TempFile { dir, path }
    }

    fn name(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs `dlx` on a file holding `bytes`; returns its output and the file's name.
fn dlx_on_file(args: &[&str], name: &str, bytes: &[u8]) -> (Output, String) {
    let file = TempFile::new(name, bytes);
    let mut all = args.to_vec();
    all.push(file.name());
    (dlx(&all, b""), file.name().to_string())
}

const BOM: &[u8] = b"\xef\xbb\xbf";

/// The first `count` puzzle lines of a collection.
fn real_lines(name: &str, count: usize) -> Vec<String> {
    std::fs::read_to_string(collection(name))
        .unwrap()
        .lines()
        .filter(|l| !sudoku::Format::is_skipped_line(l))
        .take(count)
        .map(String::from)
        .collect()
}

/// Checks that `answer` solves `puzzle` (both one-line grids): every row, column and box a
/// permutation, every given kept.
fn assert_solves(puzzle: &str, answer: &str) {
    let puzzle = Grid::parse_line(puzzle, 1).unwrap();
    let solution =
        Grid::parse_line(answer, 1).unwrap_or_else(|e| panic!("{answer:?} is not a grid: {e}"));
    assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
}

/// Checks a line-format answer: line by line, `expected` is `Ok(puzzle)` for a line that must be
/// solved, `Err(start)` for the start of the status or error line that must stand in its place.
fn assert_line_answers(output: &str, expected: &[Result<&str, &str>]) {
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines.len(),
        expected.len(),
        "one line per puzzle:\n{output}"
    );
    for (line, expected) in lines.iter().zip(expected) {
        match expected {
            Ok(puzzle) => assert_solves(puzzle, line),
            Err(start) => assert!(line.starts_with(start), "{line:?} for {start:?}"),
        }
    }
}

/// Checks grid-format answers (grids and error lines separated by blank lines).
fn assert_grid_answers(output: &str, format: Format, expected: &[Result<&Grid, &str>]) {
    let answers: Vec<&str> = output.split("\n\n").collect();
    assert_eq!(answers.len(), expected.len(), "{output}");
    for (answer, expected) in answers.iter().zip(expected) {
        match expected {
            Ok(puzzle) => {
                let solution = format.puzzles(answer).next().unwrap().unwrap().grid;
                assert_eq!(solution.check_solution_of(puzzle), Ok(()));
            }
            Err(start) => assert!(answer.starts_with(start), "{answer:?} for {start:?}"),
        }
    }
}

fn spaced_case() -> String {
    std::fs::read_to_string(data("cases/sudoku_spaced/case1.in")).unwrap()
}

fn sudominoku_sample() -> Vec<u8> {
    std::fs::read(data("cases/sudominoku/case1.in")).unwrap()
}

#[test]
fn a_byte_order_mark_is_skipped_by_every_command() {
    let lines = real_lines("puzzles2_17_clue", 2);
    let text = format!("{}\n{}\n", lines[0], lines[1]);
    let with_bom = [BOM, text.as_bytes()].concat();
    let (out, _) = dlx_on_file(&["sudoku"], "bom-line.txt", &with_bom);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_line_answers(&stdout(&out), &[Ok(&lines[0]), Ok(&lines[1])]);
    // Streamed from standard input too.
    let piped = dlx(&["sudoku"], &with_bom);
    assert_eq!(piped.stdout, out.stdout);

    let spaced = [BOM, spaced_case().as_bytes()].concat();
    let (out, _) = dlx_on_file(&["sudoku"], "bom-spaced.txt", &spaced);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let puzzle = Format::Spaced
        .puzzles(&spaced_case())
        .next()
        .unwrap()
        .unwrap()
        .grid;
    assert_grid_answers(&stdout(&out), Format::Spaced, &[Ok(&puzzle)]);

    // The other commands answer as they do without the mark.
    let cases: [(&[&str], Vec<u8>); 4] = [
        (&["crosshatch"], text.clone().into_bytes()),
        (&["crosshatch"], spaced_case().into_bytes()),
        (&["sudominoku"], sudominoku_sample()),
        (&["xc"], std::fs::read(data("xc/toy.dlx")).unwrap()),
    ];
    for (args, plain) in cases {
        let (expected, _) = dlx_on_file(args, "plain.txt", &plain);
        let (out, _) = dlx_on_file(args, "bom.txt", &[BOM, &plain].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&expected), "{args:?}");
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[test]
fn nul_bytes_and_invalid_utf8_cost_only_their_line() {
    let lines = real_lines("puzzles3_magictour_top1465", 4);
    let mut input = Vec::new();
    input.extend_from_slice(lines[0].as_bytes());
    input.push(b'\n');
    // A NUL in place of the 30th symbol, and one past the end.
    let mut with_nul = lines[1].clone().into_bytes();
    with_nul[29] = 0;
    input.extend_from_slice(&with_nul);
    input.extend_from_slice(b"\n");
    input.extend_from_slice(&lines[2].as_bytes()[..80]);
    input.extend_from_slice(b"\0\n");
    let mut invalid = lines[3].clone().into_bytes();
    invalid[9] = 0xff;
    input.extend_from_slice(&invalid);
    input.push(b'\n');
    input.extend_from_slice(lines[0].as_bytes());
    input.push(b'\n');

    let (out, name) = dlx_on_file(&["sudoku"], "nul.txt", &input);
    assert_eq!(out.status.code(), Some(2), "malformed lines are bad input");
    let expected_symbol = "expected a digit 1-9, or . or 0 for an empty cell";
    assert_line_answers(
        &stdout(&out),
        &[
            Ok(&lines[0]),
            Err(&format!(
                "error: line 2, column 30: found '\\0', {expected_symbol}"
            )),
            Err(&format!(
                "error: line 3, column 81: found '\\0', {expected_symbol}"
            )),
            Err("error: line 4, column 10: found bytes that are not UTF-8, expected text"),
            Ok(&lines[0]),
        ],
    );
    let messages: Vec<String> = stderr(&out).lines().map(String::from).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].starts_with(&format!("dlx: {name}: line 2, column 30: found '\\0'")));
    assert!(messages[2].starts_with(&format!("dlx: {name}: line 4, column 10: found bytes")));

    let (out, _) = dlx_on_file(&["sudoku", "--jsonl"], "nul.txt", &input);
    let objects = json_lines(&out);
    let statuses: Vec<&str> = objects
        .iter()
        .map(|o| o["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        ["solved", "malformed", "malformed", "malformed", "solved"]
    );
    assert_eq!(objects[1]["line"], 2);
    assert!(objects[3]["error"]
        .as_str()
        .unwrap()
        .starts_with("line 4, column 10: found bytes that are not UTF-8"));

    let (out, _) = dlx_on_file(&["crosshatch"], "nul.txt", &input);
    assert_eq!(out.status.code(), Some(2));
    let answers: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(answers.len(), 5);
    assert!(answers[1].starts_with("error: line 2, column 30: found '\\0'"));
    assert!(answers[2].starts_with("error: line 3, column 81: found '\\0'"));
    assert!(answers[3].starts_with("error: line 4, column 10: found bytes that are not UTF-8"));
    assert_eq!(answers[0], answers[4]);
}

#[test]
fn nul_bytes_and_invalid_utf8_cost_only_their_grid() {
    let sample = spaced_case();
    let puzzle = Format::Spaced
        .puzzles(&sample)
        .next()
        .unwrap()
        .unwrap()
        .grid;
    for format in [Format::Spaced, Format::Compact] {
        let grid = puzzle.to_text(format);
        // The first cell of the second row made a NUL, then an invalid byte.
        let spoiled = |bad: &[u8]| {
            let mut bytes = grid.clone().into_bytes();
            let at = grid.find('\n').unwrap() + 1;
            bytes.splice(at..at + 1, bad.iter().copied());
            bytes
        };
        let input = [
            grid.as_bytes(),
            b"\n",
            &spoiled(b"\0"),
            b"\n",
            &spoiled(b"\xff"),
            b"\n",
            grid.as_bytes(),
        ]
        .concat();
        for command in ["sudoku", "crosshatch"] {
            let args = [command, "--format", format.name()];
            let (out, name) = dlx_on_file(&args, "grids.txt", &input);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let answers = stdout(&out);
            let answers: Vec<&str> = answers.split("\n\n").collect();
            assert_eq!(answers.len(), 4, "{args:?}: {answers:?}");
            assert!(
                answers[1].starts_with("error: line 12, column 1: found "),
                "{args:?}"
            );
            assert!(answers[1].contains("\\0"), "{args:?}: {}", answers[1]);
            assert!(
                answers[2].starts_with("error: line 22, column 1: found "),
                "{args:?}"
            );
            assert!(
                answers[2].contains("(U+FFFD: bytes that are not UTF-8)"),
                "{args:?}: {}",
                answers[2]
            );
            assert_eq!(answers[0], answers[3].trim_end(), "{args:?}");
            if command == "sudoku" {
                assert_grid_answers(answers[0], format, &[Ok(&puzzle)]);
            }
            let messages = stderr(&out);
            assert!(
                messages.starts_with(&format!("dlx: {name}: line 12, column 1: ")),
                "{messages}"
            );
            assert!(messages.contains(&format!("dlx: {name}: line 22, column 1: ")));
        }
    }
}

/// Su-domino-ku reads its input whole: a token with a byte that is not UTF-8 is reported at
/// its puzzle, line and column as such, and the other puzzles are still solved.
#[test]
fn sudominoku_bytes_that_are_not_utf8_cost_only_their_puzzle() {
    let sample = sudominoku_sample();
    let (expected, _) = dlx_on_file(&["sudominoku"], "sample.txt", &sample);
    let text = String::from_utf8(sample.clone()).unwrap();
    let count_line = text.lines().next().unwrap();
    // The sample's first puzzle again, with its second token spoiled, before the sample.
    let first: Vec<&str> = text
        .lines()
        .take(1 + count_line.parse::<usize>().unwrap() + 1)
        .collect();
    let mut spoiled = first.join("\n").into_bytes();
    let at = count_line.len() + 1;
    spoiled.splice(at..at + 1, *b"\xff");
    let input = [&spoiled[..], b"\n", &sample].concat();
    let (out, name) = dlx_on_file(&["sudominoku"], "bad-bytes.txt", &input);
    assert_eq!(out.status.code(), Some(2));
    let messages = stderr(&out);
    assert!(
        messages.starts_with(&format!(
            "dlx: {name}: puzzle 1, line 2, column 1: expected a digit 1-9, found `\u{fffd}"
        )),
        "{messages}"
    );
    assert!(
        messages.contains("(U+FFFD: bytes that are not UTF-8)"),
        "{messages}"
    );
    // The other puzzles are answered as without the spoiled one, renumbered after it.
    let renumbered = stdout(&out).replace("Puzzle ", "Puzzle #");
    let shifted = (1..=9).rev().fold(stdout(&expected), |t, n| {
        t.replace(&format!("Puzzle {n}\n"), &format!("Puzzle #{}\n", n + 1))
    });
    assert_eq!(renumbered, shifted);
}

#[test]
fn lines_of_80_and_82_symbols_say_their_length_and_what_was_expected() {
    let lines = real_lines("puzzles2_17_clue", 3);
    let text = format!(
        "{}\n{}\n{}0\n{}\n",
        lines[0],
        &lines[1][..80],
        lines[1],
        lines[2]
    );
    let expected =
        "expected N·N symbols for a side N with boxes (16, 36, 64, 81, 100, 144, 256, 625, ...)";
    let (out, name) = dlx_on_file(&["sudoku"], "lengths.txt", text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let short = format!("error: line 2, column 1: found a line of 80 symbols, {expected}");
    let long = format!("error: line 3, column 1: found a line of 82 symbols, {expected}");
    assert_line_answers(
        &stdout(&out),
        &[Ok(&lines[0]), Err(&short), Err(&long), Ok(&lines[2])],
    );
    assert_eq!(
        stderr(&out),
        format!(
            "dlx: {name}: {}\ndlx: {name}: {}\n",
            &short["error: ".len()..],
            &long["error: ".len()..]
        )
    );
    let (out, _) = dlx_on_file(&["crosshatch"], "lengths.txt", text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let answers = stdout(&out);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), 4);
    assert_eq!((answers[1], answers[2]), (short.as_str(), long.as_str()));
}

#[test]
fn tabs_may_stand_for_spaces_in_the_spaced_format() {
    let sample = spaced_case();
    let (expected, _) = dlx_on_file(&["sudoku"], "spaces.txt", sample.as_bytes());
    assert_eq!(expected.status.code(), Some(0));
    // Tabs alone, tabs and spaces mixed, and trailing tabs.
    let tabs = sample.replace(' ', "\t");
    let mixed: String = sample
        .lines()
        .enumerate()
        .map(|(k, l)| {
            let l = if k % 2 == 0 {
                l.replace(' ', " \t")
            } else {
                l.to_string()
            };
            format!("{l}\t\n")
        })
        .collect();
    for (variant, text) in [("tabs", &tabs), ("mixed", &mixed)] {
        let (out, _) = dlx_on_file(&["sudoku"], "tabs.txt", text.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{variant}: {}", stderr(&out));
        assert_eq!(
            stdout(&out),
            stdout(&expected),
            "{variant}: output keeps single spaces"
        );
        let (out, _) = dlx_on_file(&["crosshatch"], "tabs.txt", text.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{variant}: {}", stderr(&out));
    }
}

#[test]
fn a_file_of_only_comments_is_bad_input_naming_the_file() {
    let comments = b"# a collection with no puzzle\n\n# yet\n";
    for command in ["sudoku", "crosshatch"] {
        let (out, name) = dlx_on_file(&[command], "comments.txt", comments);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(stdout(&out).is_empty());
        assert_eq!(
            stderr(&out),
            format!(
                "dlx: error: {name}: found no puzzle, expected at least one (the input is empty or only comments)\n"
            )
        );
    }
    // Knuth's format comments with `|`.
    let (out, name) = dlx_on_file(&["xc"], "comments.dlx", b"| a comment\n\n  | another\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "dlx: error: {name}: line 3, column 1: expected a line naming the items, found only comments and blank lines\n"
        )
    );
    // The Sudominoku format has no comments; blank lines alone hold no puzzle.
    let (out, name) = dlx_on_file(&["sudominoku"], "blank.txt", b"\n  \n\t\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&format!("{name}: found no puzzle")));
}

/// More comments before the first puzzle than the reader's 64 KiB buffer: the format is still
/// detected (line and compact), and line numbers still count the comments.
#[test]
fn a_long_run_of_comments_before_the_first_puzzle_is_read_past() {
    let comments = "# a comment line, one of many before the first puzzle\n".repeat(3000);
    assert!(comments.len() > 1 << 17);
    let lines = real_lines("puzzles2_17_clue", 2);
    let bad = &lines[1][..80];
    let line_text = format!("{comments}{}\n{bad}\n{}\n", lines[0], lines[1]);
    let (out, name) = dlx_on_file(&["sudoku"], "comments-first.txt", line_text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_line_answers(
        &stdout(&out),
        &[
            Ok(&lines[0]),
            Err("error: line 3002, column 1: found a line of 80 symbols"),
            Ok(&lines[1]),
        ],
    );
    assert!(stderr(&out).starts_with(&format!("dlx: {name}: line 3002, column 1: ")));
    let puzzle = Grid::parse_line(&lines[0], 1).unwrap();
    let compact = format!("{comments}{}", puzzle.to_text(Format::Compact));
    let (out, _) = dlx_on_file(
        &["sudoku"],
        "comments-first-compact.txt",
        compact.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_grid_answers(stdout(&out).trim_end(), Format::Compact, &[Ok(&puzzle)]);
}

/// Past 64 MiB of comments detection gives up and says how to go on; `--format` reads on.
#[test]
fn more_than_64_mib_of_comments_before_any_puzzle_ask_for_format() {
    let line = format!("#{}\n", "x".repeat(1023));
    let puzzle = &real_lines("puzzles2_17_clue", 1)[0];
    let text = format!("{}{puzzle}\n", line.repeat(65 << 10));
    let (out, name) = dlx_on_file(&["sudoku"], "comments-65mib.txt", text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert_eq!(
        stderr(&out),
        format!(
            "dlx: error: {name}: found no puzzle line in the first 64 MiB, expected one (only \
             comments and blank lines so far); give --format to read on without detecting the format\n"
        )
    );
    let (out, _) = dlx_on_file(
        &["sudoku", "--format", "line"],
        "comments-65mib.txt",
        text.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_line_answers(&stdout(&out), &[Ok(puzzle)]);
}

#[test]
fn crlf_line_endings_are_accepted_by_every_command() {
    let lines = real_lines("puzzles2_17_clue", 2);
    let cases: [(&[&str], Vec<u8>); 5] = [
        (
            &["crosshatch"],
            format!("{}\n{}\n", lines[0], lines[1]).into_bytes(),
        ),
        (&["crosshatch"], spaced_case().into_bytes()),
        (&["sudominoku"], sudominoku_sample()),
        (&["sudominoku", "--draw"], sudominoku_sample()),
        (&["xc"], std::fs::read(data("xc/toy.dlx")).unwrap()),
    ];
    for (args, plain) in cases {
        let crlf = String::from_utf8(plain.clone())
            .unwrap()
            .replace('\n', "\r\n");
        let (expected, _) = dlx_on_file(args, "lf.txt", &plain);
        let (out, _) = dlx_on_file(args, "crlf.txt", crlf.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&expected), "{args:?}");
    }
}

#[test]
fn a_10_mb_line_is_one_short_error_and_the_next_puzzle_is_solved() {
    let puzzle = &real_lines("puzzles6_forum_hardest_1106", 1)[0];
    for symbol in ["1", "x"] {
        let text = format!("{}\n{puzzle}\n", symbol.repeat(10_000_000));
        for command in ["sudoku", "crosshatch"] {
            let (out, name) = dlx_on_file(&[command], "huge.txt", text.as_bytes());
            assert_eq!(out.status.code(), Some(2));
            let answers = stdout(&out);
            let answers: Vec<&str> = answers.lines().collect();
            assert_eq!(answers.len(), 2, "{command}");
            // Cut at 8 KiB and skipped in constant memory.
            assert_eq!(answers[0], "error: line 1: line longer than 8192 bytes");
            if command == "sudoku" {
                assert_solves(puzzle, answers[1]);
            }
            let message = stderr(&out);
            assert!(message.starts_with(&format!("dlx: {name}: line 1: line longer than 8192")));
            assert!(message.len() < 300, "{command}: a short message");
        }
    }

    // A spaced grid whose first number is 10 MB long.
    let sample = spaced_case();
    let text = format!("{}{}", "1".repeat(10_000_000), &sample[1..]);
    // Told the format: detection sees only the first 64 KiB, which look like the line format.
    let args = ["sudoku", "--format", "spaced"];
    let (out, name) = dlx_on_file(&args, "huge-number.txt", text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "dlx: {name}: line 1, column 1: found \"{}... (10000000 characters)\", expected a number from 0 to 9 (0 or . for an empty cell); lines 2-9 skipped, the rest of this grid, up to where the next one can start\n",
            "1".repeat(40)
        )
    );

    // Sudominoku: the huge token is a bad puzzle, and reading resumes at the sample's counts.
    let sample = sudominoku_sample();
    let (expected, _) = dlx_on_file(&["sudominoku"], "sample.txt", &sample);
    let text = [&b"x".repeat(10_000_000)[..], b"\n", &sample].concat();
    let (out, name) = dlx_on_file(&["sudominoku"], "huge.txt", &text);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "dlx: {name}: puzzle 1, line 1, column 1: expected the number of placed dominoes (0 to 36), found `{}... (10000000 characters)`\n",
            "x".repeat(40)
        )
    );
    let renumbered = stdout(&expected)
        .replace("Puzzle 2", "Puzzle 3")
        .replace("Puzzle 1", "Puzzle 2");
    assert_eq!(stdout(&out), renumbered);

    // Knuth's format: a 10 MB item name, declared then used, is read like any name; an unknown
    // one is quoted shortly.
    let name_10mb = "n".repeat(10_000_000);
    let problem = format!("{name_10mb} B\n{name_10mb}\nB\n");
    let out = dlx(&["xc", "--count"], problem.as_bytes());
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "1\n".into()));
    let problem = format!("A B\nA\nB {name_10mb}\n");
    let (out, name) = dlx_on_file(&["xc"], "huge.dlx", problem.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "dlx: error: {name}: line 3, column 3: option names unknown item `{}... (10000000 characters)`\n",
            "n".repeat(40)
        )
    );
}

/// A file of a million lines: the 17-clue collection (or the project's minimal puzzles) over
/// and over.
fn a_million_lines() -> (Vec<String>, Vec<u8>) {
    let distinct = real_lines("puzzles2_17_clue", usize::MAX);
    let mut text = Vec::with_capacity(82 * 1_000_000);
    for k in 0..1_000_000 {
        text.extend_from_slice(distinct[k % distinct.len()].as_bytes());
        text.push(b'\n');
    }
    (distinct, text)
}

/// The million lines cross-hatched (measured 2.4 s for the run, both cores): one output line
/// each, in order, each the library's answer for its line.
#[test]
fn a_million_lines_are_cross_hatched_one_answer_each_in_order() {
    let (distinct, text) = a_million_lines();
    let expected: Vec<String> = distinct
        .iter()
        .map(|line| {
            let mut grid = Grid::parse_line(line, 1).unwrap();
            match CrossHatch::in_place(&mut grid, |_, _| {}) {
                Ok(_) => grid.to_text(Format::Line),
                Err(_) => "ERROR\n".to_string(),
            }
        })
        .collect();
    let (out, _) = dlx_on_file(&["crosshatch"], "million.txt", &text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let output = stdout(&out);
    let mut count = 0;
    for (k, answer) in output.split_inclusive('\n').enumerate() {
        assert_eq!(answer, expected[k % distinct.len()], "line {}", k + 1);
        count += 1;
    }
    assert_eq!(count, 1_000_000);
}

/// The million lines solved: one solution each, in order, every one validated (the 17-clue
/// puzzles, so the run itself takes about 10 s on two cores).
#[test]
fn a_million_puzzles_are_solved_one_solution_each_in_order() {
    let (distinct, text) = a_million_lines();
    let (out, _) = dlx_on_file(&["sudoku"], "million.txt", &text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let output = stdout(&out);
    let puzzles: Vec<Grid> = distinct
        .iter()
        .map(|l| Grid::parse_line(l, 1).unwrap())
        .collect();
    let mut count = 0;
    for (k, answer) in output.lines().enumerate() {
        let solution = Grid::parse_line(answer, k + 1).unwrap();
        assert_eq!(
            solution.check_solution_of(&puzzles[k % puzzles.len()]),
            Ok(()),
            "line {}",
            k + 1
        );
        count += 1;
    }
    assert_eq!(count, 1_000_000);
}

/// A CSV file whose second row opens a quote it never closes: the quote takes in every row
/// after it, so those rows cannot be answered; `sudoku`, `crosshatch` and `rate` gave two
/// answers for four rows with exit 0 and nothing said. The row with the quote is an error
/// naming the quote's line and column and the lines it takes in.
#[test]
fn a_csv_quote_never_closed_is_an_error_naming_the_rows_it_takes_in() {
    let text = std::fs::read_to_string(crate::common::puzzles("minimal-9x9.txt")).unwrap();
    let puzzles: Vec<&str> = text.lines().take(4).map(|line| &line[..81]).collect();
    let csv = format!(
        "id,puzzle\n1,{}\n2,\"{}\n3,{}\n4,{}\n",
        puzzles[0], puzzles[1], puzzles[2], puzzles[3]
    );
    let file = TempFile::new("unclosed.csv", csv.as_bytes());
    for command in ["sudoku", "crosshatch", "rate"] {
        let out = dlx(&[command, "--jsonl", file.name()], b"");
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        let answers = json_lines(&out);
        assert_eq!(answers.len(), 2, "{command}: {answers:?}");
        assert_eq!(answers[0]["line"], 2, "{command}: {answers:?}");
        assert_ne!(answers[0]["status"], "error", "{command}: {answers:?}");
        let error = answers[1]["error"].as_str().unwrap_or_default();
        assert_eq!(answers[1]["line"], 3, "{command}: {answers:?}");
        assert!(
            error.contains("line 3, column 3") && error.contains("never closed"),
            "{command}: {error}"
        );
        assert!(error.contains("lines 3 to 5"), "{command}: {error}");
    }
}

/// A missing file, a directory or an unreadable file among the inputs stopped the whole run
/// before its first answer. Each is reported where it stands (on stderr, and as an error
/// record), the other inputs are answered, and the exit code is 2.
#[test]
fn a_path_that_cannot_be_read_costs_only_itself() {
    let text = std::fs::read_to_string(crate::common::puzzles("minimal-9x9.txt")).unwrap();
    let puzzle: String = text.lines().next().unwrap().to_string() + "\n";
    let good = TempFile::new("good.txt", puzzle.as_bytes());
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    let missing = format!("{}/no-such-file.txt", good.dir.display());
    let unreadable = TempFile::new("locked.txt", puzzle.as_bytes());
    std::fs::set_permissions(
        &unreadable.path,
        std::os::unix::fs::PermissionsExt::from_mode(0o000),
    )
    .unwrap();
    // Run as root, a file without permissions is still read: then it is no fault.
    let locked_is_unreadable = std::fs::File::open(&unreadable.path).is_err();
    for command in ["sudoku", "crosshatch", "rate"] {
        let args = [
            command,
            "--jsonl",
            good.name(),
            &missing,
            dir,
            unreadable.name(),
            good.name(),
        ];
        let out = dlx(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        let answers = json_lines(&out);
        assert_eq!(answers.len(), 5, "{command}: {answers:?}");
        for answer in [&answers[0], answers.last().unwrap()] {
            assert_eq!(answer["file"], good.name(), "{command}: {answers:?}");
            assert_ne!(answer["status"], "malformed", "{command}: {answers:?}");
        }
        assert_eq!(answers[1]["file"], missing.as_str());
        assert_eq!(answers[1]["status"], "malformed");
        assert_eq!(answers[2]["file"], dir);
        assert!(answers[2]["error"]
            .as_str()
            .unwrap()
            .contains("is a directory"));
        let message = stderr(&out);
        assert!(message.contains(&missing), "{message}");
        assert!(message.contains(dir), "{message}");
        if locked_is_unreadable {
            assert_eq!(answers[3]["status"], "malformed");
            assert!(message.contains(unreadable.name()), "{message}");
        }
    }
    // Su-domino-ku: the same.
    let sample = std::fs::read(data("cases/sudominoku/case1.in")).unwrap();
    let tasks = TempFile::new("tasks.txt", &sample);
    let out = dlx(&["sudominoku", tasks.name(), &missing, tasks.name()], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains(&missing), "{}", stderr(&out));
    let one = dlx(&["sudominoku", tasks.name()], b"");
    let answers = stdout(&one);
    assert!(!answers.is_empty());
    assert!(stdout(&out).starts_with(&answers), "{}", stdout(&out));
    assert!(stdout(&out).ends_with(&answers), "{}", stdout(&out));
}
