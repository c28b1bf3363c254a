//! A puzzle given on the command line: an argument that is no existing path but reads as a
//! line-format puzzle is that puzzle, for `sudoku`, `rate` and `crosshatch` (and variant lines
//! under `--variant`); a path that exists always wins, and an argument that is neither still
//! says it cannot be read.

use crate::common::{dlx, json_lines, puzzles, stderr, stdout};
use dlx_puzzles::sudoku::Grid;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The example of the issue: a hard 17-clue 9x9 puzzle.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Fails unless `answer` is a solution of `puzzle`, both in the line format.
fn assert_solves(puzzle: &str, answer: &str) -> Grid {
    let puzzle = Grid::parse_line(puzzle, 1).unwrap();
    let solution =
        Grid::parse_line(answer.trim(), 1).unwrap_or_else(|e| panic!("{answer:?} is no grid: {e}"));
    assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "{answer}");
    solution
}

/// Runs `dlx` in `dir`, with nothing on standard input.
fn dlx_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the dlx binary runs")
}

#[test]
fn a_puzzle_on_the_command_line_is_solved() {
    let output = dlx(&["sudoku", PUZZLE], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_solves(PUZZLE, &stdout(&output));
    // Any size, `0` for an empty cell, several of them in turn.
    let small = "0030010020000000";
    let output = dlx(&["sudoku", small, &PUZZLE.replace('.', "0")], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(assert_solves(small, lines[0]).shape().side(), 4);
    assert_solves(PUZZLE, lines[1]);
}

#[test]
fn rate_and_crosshatch_take_a_puzzle_on_the_command_line() {
    let output = dlx(&["rate", PUZZLE], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let (rating, technique) = text.trim().split_once(' ').expect("RATING TECHNIQUE");
    assert!(rating.parse::<f64>().unwrap() >= 1.0, "{text}");
    assert!(
        ["crosshatch", "singles", "locked", "search"].contains(&technique),
        "{text}"
    );
    let output = dlx(&["crosshatch", PUZZLE], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // What the pass deduced keeps the givens and agrees with the one solution.
    let solution = Grid::parse_line(&stdout(&dlx(&["sudoku", PUZZLE], b"")), 1).unwrap();
    let pass = Grid::parse_line(stdout(&output).trim(), 1).unwrap();
    let puzzle = Grid::parse_line(PUZZLE, 1).unwrap();
    for cell in 0..81 {
        if puzzle.get(cell) != 0 {
            assert_eq!(pass.get(cell), puzzle.get(cell));
        }
        if pass.get(cell) != 0 {
            assert_eq!(pass.get(cell), solution.get(cell), "cell {cell}");
        }
    }
}

#[test]
fn a_puzzle_argument_is_named_by_its_place_among_the_inputs() {
    let file = puzzles("12x12.txt");
    let file = file.to_str().unwrap();
    // Two 1s in the first row: the givens clash, so the puzzle has no solution.
    let clash = format!("{}{}", "1".repeat(2), ".".repeat(79));
    let output = dlx(&["sudoku", "--jsonl", file, PUZZLE, &clash], b"");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let objects = json_lines(&output);
    let names: Vec<&str> = objects
        .iter()
        .map(|o| o["file"].as_str().unwrap())
        .collect();
    let arguments: Vec<&&str> = names.iter().filter(|n| n.starts_with("argument")).collect();
    assert_eq!(arguments, [&"argument 2", &"argument 3"], "{names:?}");
    let second = objects.iter().find(|o| o["file"] == "argument 2").unwrap();
    assert_eq!(second["puzzle"], PUZZLE);
    assert_eq!(second["line"], 1);
    assert_solves(PUZZLE, second["solution"].as_str().unwrap());
    assert!(
        stderr(&output).contains("dlx: argument 3: line 1, column 2: no solution"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_path_that_exists_wins_over_a_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    // A file named like a puzzle, holding another puzzle: the file is read.
    let other = "..3..1..23......";
    let named = "1...............";
    std::fs::write(dir.path().join(named), format!("{other}\n")).unwrap();
    let output = dlx_in(dir.path(), &["sudoku", named]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The name's puzzle puts a 1 in the first cell, which the file's puzzle has in its box.
    assert_solves(other, &stdout(&output));
    // An empty file of that name is an empty input, not the puzzle.
    std::fs::write(dir.path().join(named), "").unwrap();
    let output = dlx_in(dir.path(), &["sudoku", named]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("found no puzzle"),
        "{}",
        stderr(&output)
    );
    // So is a dangling symlink of that name: it cannot be read.
    let link = "2...............";
    std::os::unix::fs::symlink(dir.path().join("absent"), dir.path().join(link)).unwrap();
    let output = dlx_in(dir.path(), &["sudoku", link]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(&format!("cannot read {link}")),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_argument_that_is_neither_path_nor_puzzle_cannot_be_read() {
    let output = dlx(&["sudoku", "no-such-file.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("cannot read no-such-file.txt: No such file or directory"),
        "{message}"
    );
    assert!(
        !message.contains("puzzle"),
        "a file name gets no hint: {message}"
    );
    // One symbol short: the message says it is no puzzle either, and why.
    let short = &PUZZLE[1..];
    let output = dlx(&["sudoku", short], b"");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(&format!("cannot read {short}: No such file or directory")),
        "{message}"
    );
    assert!(message.contains("found a line of 80 symbols"), "{message}");
    // A bad symbol is placed.
    let bad = PUZZLE.replacen('3', "x", 1);
    let output = dlx(&["rate", &bad], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("column 11: found 'x'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_variant_line_on_the_command_line_is_that_puzzle() {
    // The first Killer of the project's `puzzles/killer-6x6.txt`, and a comment.
    let killer = ".................................... \
                  ABCCCDAEBBFDAGGGHDIJKKHDIJKLMMILLLNN 9,15,9,13,2,4,6,9,12,9,10,14,7,7";
    let output = dlx(
        &[
            "sudoku",
            "--variant",
            "killer",
            "--jsonl",
            &format!("{killer} the toy"),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let object = &json_lines(&output)[0];
    assert_eq!(object["file"], "argument 1");
    assert_eq!(object["puzzle"], killer);
    assert_eq!(object["label"], "the toy");
    let solution = Grid::parse_line(object["solution"].as_str().unwrap(), 1).unwrap();
    assert!(solution.is_full());
    // The rater too; a line with a bad sum is no puzzle, and says why.
    let output = dlx(&["rate", "--variant", "killer", killer], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = dlx(
        &["sudoku", "--variant", "killer", &format!("{killer}x")],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("expected a cage sum"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_says_a_path_that_exists_wins() {
    for command in ["sudoku", "rate", "crosshatch"] {
        let help = stdout(&dlx(&[command, "--help"], b""));
        assert!(help.contains("a puzzle itself"), "{command}: {help}");
        assert!(help.contains("A path that exists always wins"), "{command}");
    }
}
