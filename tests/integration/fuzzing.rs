//! Regression tests for what `cargo fuzz` found: one test per finding, each on the
//! input the fuzzer reduced, asserting the right behaviour rather than only "no panic".

use crate::common::{dlx, json_lines, stdout};
use dlx_puzzles::sudoku::Grid;

const PUZZLE: &[u8] =
    b"5.4.7.....6.....9..7...3.....72..1..2...5..4.......6.8...728..3.3...98.....6...1.\n";

/// Found by `cli`: a comment line that is not UTF-8 (`#` then Latin-1) was answered `error:` and
/// the run exited 2; a comment is a comment whatever its bytes, and yields no output line.
#[test]
fn a_comment_line_that_is_not_utf8_is_still_skipped() {
    let mut input = b"#0no\x8c\xaahing\n\n".to_vec();
    input.extend_from_slice(PUZZLE);
    input.extend_from_slice(b"# caf\xe9\r\n");
    for command in ["sudoku", "crosshatch"] {
        let out = dlx(&[command, "--threads", "2"], &input);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{command}: {text}");
        if command == "sudoku" {
            let puzzle = Grid::parse_line(std::str::from_utf8(PUZZLE).unwrap(), 1).unwrap();
            let solution = Grid::parse_line(&text, 1).unwrap();
            solution.check_solution_of(&puzzle).unwrap();
        }
    }
    // A puzzle line that is not UTF-8 is still an error, at its place.
    let out = dlx(&["sudoku"], b"..\xe9\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        "error: line 1, column 3: found bytes that are not UTF-8, expected text\n"
    );
}

/// Found by the `cli` fuzz target: a puzzle line whose text after the puzzle held bytes that
/// are not UTF-8 was answered `error:`, though the puzzle itself was whole; the trailing text
/// is free text, as a comment is, so the puzzle is answered and the text written back with
/// U+FFFD in place of those bytes. A byte that is not UTF-8 before the puzzle has ended is
/// still an error at its place, even right after the puzzle's last cell.
#[test]
fn bytes_that_are_not_utf8_after_the_puzzle_leave_it_answered() {
    let puzzle_line = std::str::from_utf8(PUZZLE).unwrap().trim_end();
    let mut input = puzzle_line.as_bytes().to_vec();
    input.extend_from_slice(b" caf\xe9 au lait\n");
    input.extend_from_slice(puzzle_line.as_bytes());
    input.extend_from_slice(b"\xe9\n");
    let out = dlx(&["sudoku"], &input);
    assert_eq!(out.status.code(), Some(2), "the second line is malformed");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let (solution, label) = lines[0]
        .split_once(' ')
        .expect("a solution, then the label");
    let puzzle = Grid::parse_line(puzzle_line, 1).unwrap();
    Grid::parse_line(solution, 1)
        .unwrap()
        .check_solution_of(&puzzle)
        .unwrap();
    assert_eq!(label, "caf\u{fffd} au lait");
    assert_eq!(
        lines[1],
        "error: line 2, column 82: found bytes that are not UTF-8, expected text"
    );
    // Cross-hatching reads lines the same way.
    let out = dlx(&["crosshatch"], &input);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].ends_with(" caf\u{fffd} au lait"), "{}", lines[0]);
    assert!(lines[1].starts_with("error: line 2, column 82: found bytes that are not UTF-8"));
}

/// `dlx bench` reads a file's lines as `dlx sudoku` does: a comment or a puzzle's trailing
/// text in Latin-1 is free text, and the puzzles are timed.
#[test]
fn bench_reads_bytes_that_are_not_utf8_after_a_puzzle_as_sudoku_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("latin1.txt");
    let mut bytes = b"# caf\xe9\n".to_vec();
    bytes.extend_from_slice(std::str::from_utf8(PUZZLE).unwrap().trim_end().as_bytes());
    bytes.extend_from_slice(b" caf\xe9\n");
    bytes.extend_from_slice(PUZZLE);
    std::fs::write(&file, &bytes).unwrap();
    let out = dlx(&["bench", file.to_str().unwrap(), "--algo", "dlx"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let row = stdout(&out)
        .lines()
        .find(|line| line.starts_with("latin1.txt"))
        .expect("a row for the file")
        .to_string();
    let puzzles: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(puzzles[2], "2", "{row}");
}

/// Found by the `sudoku_grid` fuzz target: a CSV row after blank lines was numbered as the
/// first blank line (the `csv` crate's start of a record), so its answer's `line` and its
/// error named a blank line. Each row, answered or not, names its own line, CRLF or not.
#[test]
fn a_csv_row_after_blank_lines_names_its_own_line() {
    let puzzle_line = std::str::from_utf8(PUZZLE).unwrap().trim_end();
    let text = format!("id,puzzle\n\n1,{puzzle_line}\n\n\n2,..2x\n\n3,{puzzle_line}\n");
    for input in [text.clone(), text.replace('\n', "\r\n")] {
        let out = dlx(&["sudoku", "--jsonl", "--format", "csv"], input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "the second row is malformed");
        let answers = json_lines(&out);
        let lines: Vec<u64> = answers
            .iter()
            .map(|a| a["line"].as_u64().unwrap())
            .collect();
        assert_eq!(lines, [3, 6, 8], "{}", stdout(&out));
        assert_eq!(answers[1]["status"], "malformed");
        assert!(
            answers[1]["error"]
                .as_str()
                .unwrap()
                .starts_with("line 6, column 1:"),
            "{}",
            answers[1]["error"]
        );
        let puzzle = Grid::parse_line(puzzle_line, 1).unwrap();
        for answer in [&answers[0], &answers[2]] {
            let solution = Grid::parse_line(answer["solution"].as_str().unwrap(), 1).unwrap();
            solution.check_solution_of(&puzzle).unwrap();
        }
    }
}
