//! Batch solving of puzzle files: order, count and content kept whatever the thread count,
//! JSON lines, several inputs, and the odd cases (broken pipe, empty, missing, directory).

use crate::common::{collection, dlx, stderr, stdout};
use dlx_puzzles::sudoku::{Format, Grid};
use std::process::{Command, Stdio};

/// What a puzzle line must give, by line number: `Ok(puzzle)` to be solved, or the status
/// word expected (`error` for a malformed line).
type Expected = Vec<(usize, Result<Grid, &'static str>)>;

/// The first `count` puzzles of a collection, comments left out (from the start again if the
/// collection is shorter).
fn first_puzzles(name: &str, count: usize) -> Vec<String> {
    let text = std::fs::read_to_string(collection(name)).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| l.len() == 81 && !l.starts_with('#'))
        .collect();
    puzzles
        .iter()
        .cycle()
        .take(count)
        .map(|l| l.to_string())
        .collect()
}

/// A file mixing solvable, unsolvable and malformed lines with comments and blank lines.
fn mixed_input() -> (String, Expected) {
    let real = first_puzzles("puzzles3_magictour_top1465", 300);
    let mut text = String::from("# a mixed file\n");
    let mut expected = Vec::new();
    for (k, puzzle) in real.iter().enumerate() {
        let line = text.lines().count() + 1;
        match k % 7 {
            3 => {
                // Two equal givens in row 1: well-formed, without solution.
                let bad = format!("11{}", &puzzle[2..]);
                text.push_str(&bad);
                expected.push((line, Err("no solution")));
            }
            5 => {
                // r1c1 must hold 9 for its row, but r2c1 holds 9: no solution, no clash.
                let unsolvable = format!(".123456789{}", ".".repeat(71));
                text.push_str(&unsolvable);
                expected.push((line, Err("no solution")));
            }
            6 => {
                text.push_str(&puzzle[..80]);
                expected.push((line, Err("error")));
            }
            _ => {
                text.push_str(puzzle);
                expected.push((line, Ok(Grid::parse_line(puzzle, line).unwrap())));
            }
        }
        text.push('\n');
        if k % 50 == 0 {
            text.push_str("\n# a comment\n");
        }
    }
    (text, expected)
}

fn check_mixed_output(output: &str, expected: &Expected) {
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines.len(),
        expected.len(),
        "one output line per puzzle line"
    );
    for (out, (line, want)) in lines.iter().zip(expected) {
        match want {
            Ok(puzzle) => {
                let solution = Grid::parse_line(out, *line).expect("a solution line");
                solution
                    .check_solution_of(puzzle)
                    .unwrap_or_else(|e| panic!("line {line}: {e}"));
            }
            Err("error") => assert!(
                out.starts_with(&format!("error: line {line}, column ")),
                "line {line}: {out}"
            ),
            Err(word) => assert_eq!(out, word, "line {line}"),
        }
    }
}

#[test]
fn order_count_and_content_are_kept_with_1_2_and_8_threads() {
    let (text, expected) = mixed_input();
    let mut outputs = Vec::new();
    for threads in ["1", "2", "8"] {
        let out = dlx(&["sudoku", "--threads", threads], text.as_bytes());
        assert_eq!(
            out.status.code(),
            Some(2),
            "malformed lines make exit code 2"
        );
        let output = stdout(&out);
        check_mixed_output(&output, &expected);
        outputs.push(output);
    }
    assert!(
        outputs.windows(2).all(|w| w[0] == w[1]),
        "byte for byte the same"
    );
}

#[test]
fn jsonl_gives_one_object_per_puzzle_with_its_line_and_status() {
    let (text, expected) = mixed_input();
    let out = dlx(&["sudoku", "--jsonl", "--threads", "2"], text.as_bytes());
    let objects: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(objects.len(), expected.len());
    for (object, (line, want)) in objects.iter().zip(&expected) {
        assert_eq!(object["line"], *line as u64);
        assert_eq!(object["file"], "<stdin>");
        assert!(object["micros"].is_u64() && object["nodes"].is_u64());
        match want {
            Ok(puzzle) => {
                assert_eq!(object["status"], "solved");
                let solution =
                    Grid::parse_line(object["solution"].as_str().unwrap(), *line).unwrap();
                solution.check_solution_of(puzzle).unwrap();
            }
            Err("error") => {
                assert_eq!(object["status"], "malformed");
                assert!(object["solution"].is_null());
                assert!(object["error"].as_str().unwrap().starts_with("line "));
            }
            Err(_) => assert_eq!(object["status"], "no solution"),
        }
    }
    let out = dlx(
        &["sudoku", "--jsonl", "--count", "--limit", "3"],
        b".......34..5.9.6.29..7.2...2.7.5..6..9.6.........2...1..8.......2....149.4..3...8\n",
    );
    let object: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(object["solutions"], 1);
}

#[test]
fn several_inputs_are_solved_in_order_into_an_output_file() {
    let dir = std::env::temp_dir().join(format!("dlx-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = dir.join("a.txt");
    let second = dir.join("b.txt");
    let target = dir.join("out.txt");
    let lines = first_puzzles("puzzles2_17_clue", 20);
    std::fs::write(&first, lines[..10].join("\n")).unwrap(); // no final newline
    std::fs::write(&second, lines[10..].join("\n") + "\n").unwrap();
    let out = dlx(
        &[
            "sudoku",
            first.to_str().unwrap(),
            "-",
            second.to_str().unwrap(),
            "--output",
            target.to_str().unwrap(),
        ],
        lines[5].as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(&target).unwrap();
    let solved: Vec<&str> = written.lines().collect();
    let order: Vec<&str> = lines[..10]
        .iter()
        .chain([&lines[5]])
        .chain(&lines[10..])
        .map(String::as_str)
        .collect();
    assert_eq!(solved.len(), order.len());
    for (solution, puzzle) in solved.iter().zip(order) {
        Grid::parse_line(solution, 1)
            .unwrap()
            .check_solution_of(&Grid::parse_line(puzzle, 1).unwrap())
            .unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_pipe_ends_quietly_with_success() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["sudoku", collection("puzzles2_17_clue").to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, then close the pipe, as `| head -1` does.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

#[test]
fn empty_missing_and_directory_inputs_are_clear_errors() {
    let out = dlx(&["sudoku"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "dlx: error: <stdin>: found no puzzle, expected at least one (the input is empty or only comments)"
    );
    let out = dlx(&["sudoku", "no/such/puzzles.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("dlx: error: cannot read no/such/puzzles.txt: "));
    let out = dlx(&["sudoku", std::env::temp_dir().to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a directory, expected a file"));
}

#[test]
fn invalid_utf8_is_one_error_line_and_the_rest_is_solved() {
    let mut input =
        b"5.4.7.....6.....9..7...3.....72..1..2...5..4.......6.8...728..3.3...98.....6...1.\n"
            .to_vec();
    input.extend_from_slice(b"\xff\xfe\n");
    input.extend_from_slice(&input.clone()[..82]);
    let out = dlx(&["sudoku"], &input);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[1],
        "error: line 2, column 1: found bytes that are not UTF-8, expected text"
    );
    assert_eq!(lines[0], lines[2]);
}

/// Grid and CSV inputs ran through a second runner of the CLI's, beside the
/// library's. Every format now goes through `dlx_engine::batch`: over more puzzles than one
/// chunk (4,096), the answers come in order, one per puzzle, each a valid solution of its
/// puzzle, byte for byte the same on 1, 2 and 8 threads.
#[test]
fn every_format_is_answered_in_order_across_chunks_on_any_number_of_threads() {
    let puzzles: Vec<Grid> = first_puzzles("puzzles2_17_clue", 4_500)
        .iter()
        .enumerate()
        .map(|(k, line)| Grid::parse_line(line, k + 1).unwrap())
        .collect();
    let grids = |format| {
        let mut text = String::new();
        for puzzle in &puzzles {
            text.push_str(&puzzle.to_text(format));
            text.push('\n');
        }
        text
    };
    let mut csv = String::from("quizzes\n");
    for puzzle in &puzzles {
        csv.push_str(&puzzle.to_text(Format::Line));
    }
    let inputs = [
        ("spaced", grids(Format::Spaced), Format::Spaced),
        ("compact", grids(Format::Compact), Format::Compact),
        ("csv", csv, Format::Line),
    ];
    for (format, text, output_format) in inputs {
        let mut outputs = Vec::new();
        for threads in ["1", "2", "8"] {
            let out = dlx(
                &["sudoku", "--format", format, "--threads", threads],
                text.as_bytes(),
            );
            assert_eq!(out.status.code(), Some(0), "{format}: {}", stderr(&out));
            outputs.push(stdout(&out));
        }
        assert!(
            outputs.windows(2).all(|w| w[0] == w[1]),
            "{format}: byte for byte the same on 1, 2 and 8 threads"
        );
        let solutions: Vec<Grid> = output_format
            .records(&outputs[0])
            .map(|record| record.givens.expect("a solution").grid().clone())
            .collect();
        assert_eq!(
            solutions.len(),
            puzzles.len(),
            "{format}: one answer a puzzle"
        );
        for (k, (solution, puzzle)) in solutions.iter().zip(&puzzles).enumerate() {
            assert!(solution.is_full(), "{format}: puzzle {} solved", k + 1);
            solution
                .check_solution_of(puzzle)
                .unwrap_or_else(|e| panic!("{format}: puzzle {}, in order: {e}", k + 1));
        }
    }
}
