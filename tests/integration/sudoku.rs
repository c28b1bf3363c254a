//! `dlx sudoku` end to end: real puzzle files solved and every answer validated, each format and
//! size, and each kind of bad input with its message.

use crate::common::{collection, data, dlx, shared_or_skip, stderr, stdout};
use dlx_puzzles::sudoku::{self, Format, Grid, Shape, SudokuSolver};

/// Checks that each output line solves its puzzle line (same order, one for one).
fn assert_lines_solve(puzzle_text: &str, output: &str) {
    let puzzles: Vec<(usize, &str)> = puzzle_text
        .lines()
        .enumerate()
        .filter(|(_, l)| !sudoku::Format::is_skipped_line(l))
        .collect();
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), puzzles.len(), "one output line per puzzle");
    for ((index, puzzle), answer) in puzzles.into_iter().zip(answers) {
        let puzzle = Grid::parse_line(puzzle, index + 1).unwrap();
        let solution = Grid::parse_line(answer, index + 1)
            .unwrap_or_else(|e| panic!("line {}: {answer:?} is no grid: {e}", index + 1));
        assert_eq!(
            solution.check_solution_of(&puzzle),
            Ok(()),
            "line {}",
            index + 1
        );
    }
}

/// Checks that `answer` is a grid in `format` solving the first puzzle of `puzzle_text`, and
/// returns that grid.
fn assert_grid_solves(puzzle_text: &str, answer: &str, format: Format) -> Grid {
    let first = |text: &str| format.puzzles(text).next().unwrap().unwrap().grid;
    let (puzzle, solution) = (first(puzzle_text), first(answer));
    assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
    solution
}

/// The file's text up to its `count`-th puzzle line, comments included.
fn first_puzzles(text: &str, count: usize) -> String {
    let mut out = String::new();
    let mut seen = 0;
    for line in text.lines() {
        if seen == count {
            break;
        }
        if !sudoku::Format::is_skipped_line(line) {
            seen += 1;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[test]
fn the_baekjoon_format_is_solved_in_its_own_format() {
    // The project's case in the format of Baekjoon 2580, and the task's own sample when the
    // public data is there. Any valid completion is accepted: each answer is validated.
    let mut inputs = vec![(
        data("cases/sudoku_spaced/case1.in"),
        data("cases/sudoku_spaced/case1.out"),
    )];
    if let Some(dir) = shared_or_skip("cases/boj2580", "the task's own sample") {
        inputs.push((dir.join("sample1.in"), dir.join("sample1.out")));
    }
    for (input, expected) in inputs {
        let out = dlx(&["sudoku", input.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = std::fs::read_to_string(&input).unwrap();
        let answer = stdout(&out);
        let solution = assert_grid_solves(&text, &answer, Format::Spaced);
        // Byte for byte the task's layout: 9 lines of 9 numbers with single spaces.
        assert_eq!(answer, solution.to_text(Format::Spaced));
        let expected = std::fs::read_to_string(expected).unwrap();
        assert_eq!(answer.lines().count(), expected.lines().count());
        assert!(answer
            .lines()
            .zip(expected.lines())
            .all(|(a, e)| a.len() == e.trim_end().len()));
    }
}

#[test]
fn the_first_thousand_17_clue_puzzles_are_solved_and_unique() {
    let text = std::fs::read_to_string(collection("puzzles2_17_clue")).unwrap();
    let head = first_puzzles(&text, 1000);
    let out = dlx(&["sudoku", "-"], head.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_lines_solve(&head, &stdout(&out));
    let out = dlx(&["sudoku", "--unique", "--stats"], head.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_lines_solve(&head, &stdout(&out));
    let count = head
        .lines()
        .filter(|l| !sudoku::Format::is_skipped_line(l))
        .count();
    assert!(count > 0);
    let summary = format!("puzzles: {count}\nsolved: {count}\n");
    assert!(stderr(&out).contains(&summary), "{}", stderr(&out));
}

#[test]
fn the_file_is_read_by_name_and_formats_convert() {
    let file = collection("puzzles3_magictour_top1465");
    let text = std::fs::read_to_string(&file).unwrap();
    let out = dlx(&["sudoku", file.to_str().unwrap(), "--to", "spaced"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer = stdout(&out);
    let solutions: Vec<Grid> = Format::Spaced
        .puzzles(&answer)
        .map(|p| p.unwrap().grid)
        .collect();
    let puzzles: Vec<Grid> = Format::Line
        .puzzles(&text)
        .map(|p| p.unwrap().grid)
        .collect();
    assert!(!puzzles.is_empty());
    assert_eq!(solutions.len(), puzzles.len());
    for (solution, puzzle) in solutions.iter().zip(&puzzles) {
        assert_eq!(solution.check_solution_of(puzzle), Ok(()));
    }
}

/// A puzzle of each shape: the first solution DLX finds on the empty grid, its digits relabelled
/// (d -> N + 1 - d) and every third cell kept.
fn puzzle_of(shape: Shape) -> Grid {
    let mut solver = SudokuSolver::new(shape);
    let full = solver.first_solution(&Grid::empty(shape)).answer.unwrap();
    let side = shape.side() as u8;
    let mut puzzle = Grid::empty(shape);
    for cell in (0..shape.cell_count()).step_by(3) {
        puzzle.set(cell, side + 1 - full.get(cell));
    }
    puzzle
}

#[test]
fn every_size_is_solved_in_every_format() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)] {
        let shape = Shape::new(rows, cols).unwrap();
        let puzzle = puzzle_of(shape);
        for format in [Format::Line, Format::Compact, Format::Spaced] {
            let input = puzzle.to_text(format);
            let out = dlx(&["sudoku", "--format", format.name()], input.as_bytes());
            assert_eq!(out.status.code(), Some(0), "{rows}x{cols} {format}");
            assert_grid_solves(&input, &stdout(&out), format);
        }
    }
}

#[test]
fn backtracking_solves_the_same_puzzles() {
    let input = data("cases/sudoku_spaced/case1.in");
    let out = dlx(
        &["sudoku", "--algo", "backtrack", input.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&input).unwrap();
    assert_grid_solves(&text, &stdout(&out), Format::Spaced);
    let small: String = [(2, 2), (2, 3)]
        .map(|(r, c)| puzzle_of(Shape::new(r, c).unwrap()).to_text(Format::Line))
        .concat();
    let out = dlx(&["sudoku", "--algo", "backtrack"], small.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_lines_solve(&small, &stdout(&out));
}

#[test]
fn counts_agree_between_the_solvers() {
    let empty4 = format!("{}\n", ".".repeat(16));
    for algo in ["dlx", "backtrack"] {
        let out = dlx(&["sudoku", "--count", "--algo", algo], empty4.as_bytes());
        assert_eq!(stdout(&out), "288\n", "{algo}");
        assert_eq!(out.status.code(), Some(0));
        let out = dlx(
            &["sudoku", "--count", "--limit", "10", "--algo", algo],
            empty4.as_bytes(),
        );
        // A count that reached the limit is a lower bound.
        assert_eq!(stdout(&out), "10+\n", "{algo}");
    }
}

#[test]
fn a_puzzle_with_two_solutions_is_multiple_under_unique() {
    let mut puzzle = puzzle_of(Shape::CLASSIC);
    // Keep only the first three rows: many completions.
    for cell in 27..81 {
        puzzle.set(cell, 0);
    }
    let line = puzzle.to_text(Format::Line);
    let out = dlx(&["sudoku", "--unique"], line.as_bytes());
    assert_eq!(stdout(&out), "multiple\n");
    assert_eq!(out.status.code(), Some(1));
    let out = dlx(&["sudoku"], line.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_lines_solve(&line, &stdout(&out));
}

const SPACED_ROW4: &str = "6 0 9 7 0 5 2 0 4";

fn spaced_case() -> String {
    std::fs::read_to_string(data("cases/sudoku_spaced/case1.in")).unwrap()
}

#[test]
fn a_short_row_is_refused_with_its_place() {
    let text = spaced_case().replace(SPACED_ROW4, "6 0 9 7 0 5 2 0");
    let out = dlx(&["sudoku"], text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "dlx: <stdin>: line 4, column 16: found a row of 8 cells, expected 9 (as in the grid's \
         first row); lines 5-9 skipped, the rest of this grid, up to where the next one can start\n"
    );
    assert!(stdout(&out).starts_with("error: line 4, column 16: "));
}

#[test]
fn a_bad_character_is_refused_with_its_place() {
    let mut line = ".".repeat(81);
    line.replace_range(10..11, "x");
    let text = format!("# one puzzle\n{line}\n");
    let out = dlx(&["sudoku"], text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "dlx: <stdin>: line 2, column 11: found 'x', expected a digit 1-9, or . or 0 for an empty cell\n"
    );
    let text = spaced_case().replace(SPACED_ROW4, "6 0 9 7 0 5 2 0 x");
    let out = dlx(&["sudoku"], text.as_bytes());
    assert!(stderr(&out).contains(
        "line 4, column 17: found \"x\", expected a number from 0 to 9 (0 or . for an empty cell)"
    ));
}

#[test]
fn a_conflicting_given_names_both_cells() {
    let text = spaced_case().replace(SPACED_ROW4, "6 0 9 9 0 5 2 0 4");
    let out = dlx(&["sudoku"], text.as_bytes());
    // Well-formed givens that break the rules: no solution, the clash named.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "no solution\n");
    assert_eq!(
        stderr(&out),
        "dlx: <stdin>: line 4, column 7: no solution: digit 9 appears twice in row 4: at r4c3 \
         and r4c4\n"
    );
}

#[test]
fn an_unsolvable_puzzle_says_so_and_exits_with_1() {
    // Row 1 holds 1 to 8 and column 9 holds a 9 lower down: r1c9 has no digit left.
    let unsolvable = format!("12345678.{}9{}", ".".repeat(17), ".".repeat(54));
    let solvable = ".".repeat(81);
    let text = format!("{solvable}\n{unsolvable}\n{solvable}\n");
    let out = dlx(&["sudoku"], text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let answer = stdout(&out);
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "no solution");
    assert_eq!(stderr(&out), "dlx: <stdin>: line 2: no solution\n");
    let empty = Grid::empty(Shape::CLASSIC);
    for line in [lines[0], lines[2]] {
        let grid = Grid::parse_line(line, 1).unwrap();
        assert_eq!(grid.check_solution_of(&empty), Ok(()));
    }
}

#[test]
fn an_empty_file_is_bad_input() {
    for input in ["", "# only a comment\n\n"] {
        let out = dlx(&["sudoku"], input.as_bytes());
        assert_eq!(out.status.code(), Some(2));
        assert!(stdout(&out).is_empty());
        assert_eq!(
            stderr(&out),
            "dlx: error: <stdin>: found no puzzle, expected at least one (the input is empty or only comments)\n"
        );
    }
}

#[test]
fn crlf_line_endings_are_accepted() {
    let text = spaced_case().replace('\n', "\r\n");
    let out = dlx(&["sudoku"], text.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_grid_solves(&spaced_case(), &stdout(&out), Format::Spaced);
    let line = first_puzzles(
        &std::fs::read_to_string(collection("puzzles2_17_clue")).unwrap(),
        3,
    );
    let out = dlx(&["sudoku"], line.replace('\n', "\r\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_lines_solve(&line, &stdout(&out));
}

#[test]
fn a_line_file_mixing_sizes_solves_each_line_at_its_size() {
    let text: String = [(2, 2), (3, 3), (2, 3), (4, 4)]
        .map(|(r, c)| puzzle_of(Shape::new(r, c).unwrap()).to_text(Format::Line))
        .concat();
    let text = format!("{text}{}\n", ".".repeat(80));
    let out = dlx(&["sudoku"], text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let answer = stdout(&out);
    let (solved, last) = answer.rsplit_once("error: ").unwrap();
    let puzzles: String = text.lines().take(4).map(|l| format!("{l}\n")).collect();
    assert_lines_solve(&puzzles, solved);
    assert_eq!(
        last,
        "line 5, column 1: found a line of 80 symbols, expected N·N symbols for a side N with boxes (16, 36, 64, 81, 100, 144, 256, 625, ...)\n"
    );
}

/// The shipped 4x4 and 6x6 files: lines of 16 and 36 symbols, which could also be rows of
/// 16x16 and 36x36 compact grids, are read as what they are, one puzzle a line (their digits
/// fit a 4x4 or 6x6 grid), and every puzzle is solved; `rate` and `crosshatch` read them so too.
#[test]
fn the_shipped_4x4_and_6x6_files_are_read_one_puzzle_a_line() {
    let paths = ["4x4.txt", "6x6.txt"].map(crate::common::puzzles);
    let names = paths.each_ref().map(|path| path.to_str().unwrap());
    let text: String = paths
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    let out = dlx(&["sudoku", "--stats", names[0], names[1]], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(text.lines().count(), 200);
    assert_lines_solve(&text, &stdout(&out));
    assert_eq!(
        stderr(&out).matches("format: line (detected").count(),
        2,
        "{}",
        stderr(&out)
    );
    for command in ["rate", "crosshatch"] {
        let out = dlx(&[command, names[0], names[1]], b"");
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        let answers = stdout(&out);
        assert_eq!(answers.lines().count(), 200, "{command}: {answers}");
        assert!(!answers.contains("error"), "{command}: {answers}");
    }
}

/// 16x16 compact grids back to back, without a line between them, stay compact grids.
#[test]
fn compact_16x16_grids_back_to_back_are_solved_as_grids() {
    let text = std::fs::read_to_string(crate::common::puzzles("16x16.txt")).unwrap();
    let puzzles: Vec<Grid> = text
        .lines()
        .take(3)
        .map(|l| Grid::parse_line(l, 1).unwrap())
        .collect();
    let grids: String = puzzles
        .iter()
        .map(|grid| grid.to_text(Format::Compact))
        .collect();
    let out = dlx(&["sudoku", "--stats"], grids.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("format: compact (detected"));
    let solutions: Vec<Grid> = Format::Compact
        .puzzles(&stdout(&out))
        .map(|p| p.unwrap().grid)
        .collect();
    assert_eq!(solutions.len(), 3);
    for (solution, puzzle) in solutions.iter().zip(&puzzles) {
        assert_eq!(solution.check_solution_of(puzzle), Ok(()));
    }
}

#[test]
fn a_grid_mixing_sizes_is_refused() {
    // A 4x4 first row, then 9x9 rows: the second row is too long.
    let text = format!("1 2 3 4\n{}", spaced_case());
    let out = dlx(&["sudoku", "--format", "spaced"], text.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    // The 4x4 grid's rows 3 and 4 are skipped; the 9x9 rows left make a grid cut short.
    assert_eq!(
        stderr(&out),
        "dlx: <stdin>: line 2, column 9: found a row of 9 cells, expected 4 (as in the grid's \
         first row); lines 3-4 skipped, the rest of this grid, up to where the next one can start\n\
         dlx: <stdin>: line 11, column 1: the grid ends after 6 rows, expected 9\n"
    );
}

#[test]
fn help_documents_the_exit_codes() {
    let out = dlx(&["sudoku", "--help"], b"");
    let help = stdout(&out);
    assert!(help.contains("Exit codes"));
    assert!(help.contains("\n  0    every puzzle solved"));
    assert!(help.contains("\n  2    bad input"));
}

#[test]
fn a_node_budget_leaves_a_hard_puzzle_undecided_with_exit_code_3() {
    let hard = ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..";
    // A full grid needs no search node: it is solved within any budget.
    let full = "528643917917258463463197528639715284284369175175824639391572846846931752752486391";
    let input = format!("{full}\n{hard}\n{full}\n");
    for flags in [
        &[][..],
        &["--unique"],
        &["--count"],
        &["--algo", "candidates"],
    ] {
        // Two nodes: the root and one guess; the bands take three to solve it, links 156.
        let mut args = vec!["sudoku", "--max-nodes", "2"];
        args.extend_from_slice(flags);
        let out = dlx(&args, input.as_bytes());
        assert_eq!(out.status.code(), Some(3), "{flags:?}: {}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{flags:?}");
        let undecided = if flags == ["--count"] {
            // A count cut by the budget: a lower bound, undecided.
            "0+ undecided"
        } else {
            "undecided"
        };
        assert_eq!(lines[1], undecided, "{flags:?}: not `no solution`");
        if flags.is_empty() {
            assert_eq!((lines[0], lines[2]), (full, full));
        }
        assert!(!stderr(&out).contains("no solution"), "{flags:?}");
    }
    let out = dlx(&["sudoku", "--max-nodes", "2", "--jsonl"], input.as_bytes());
    let statuses: Vec<String> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].to_string())
        .collect();
    assert_eq!(statuses, ["\"solved\"", "\"undecided\"", "\"solved\""]);
    // Given room, the same puzzle is solved (exit 0); and a puzzle with no solution still
    // exits 1, which outranks 3.
    let out = dlx(&["sudoku", "--max-nodes", "10000000"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_lines_solve(&input, &stdout(&out));
    let unsolvable = format!(".123456789{}", ".".repeat(71));
    let out = dlx(
        &["sudoku", "--max-nodes", "2"],
        format!("{hard}\n{unsolvable}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "undecided\nno solution\n");
    // A grid format: the grid's place holds the word.
    let out = dlx(&["sudoku", "--max-nodes", "1"], spaced_case().as_bytes());
    assert!(matches!(out.status.code(), Some(0 | 3)), "{}", stderr(&out));
    if out.status.code() == Some(3) {
        assert_eq!(stdout(&out), "undecided\n");
    }
}

/// `--stats` said the detected format in a line of 330 characters, every kind's vote spelt out.
/// It says the format, what decided it and the puzzles' shape in one short line.
#[test]
fn the_stats_say_the_format_and_the_shape_in_one_short_line() {
    let cases = [
        ("hard-9x9.txt", "line (detected", "9x9"),
        ("16x16.txt", "line (detected", "16x16"),
        ("4x4.txt", "line (detected", "4x4"),
    ];
    for (name, format, shape) in cases {
        let path = crate::common::puzzles(name);
        let out = dlx(&["sudoku", "--stats", path.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let message = stderr(&out);
        let line = message
            .lines()
            .find(|line| line.contains(": format: "))
            .unwrap_or_else(|| panic!("a format line: {message}"));
        assert!(line.len() <= 100, "{} characters: {line}", line.len());
        assert!(line.contains(format), "{line}");
        assert!(line.ends_with(&format!(", {shape}")), "{line}");
    }
    // A compact grid read from standard input, its side from the length of its rows.
    let first = std::fs::read_to_string(crate::common::puzzles("16x16.txt")).unwrap();
    let grid = Grid::parse_line(first.lines().next().unwrap(), 1).unwrap();
    let out = dlx(
        &["sudoku", "--stats"],
        grid.to_text(Format::Compact).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(
        message
            .lines()
            .any(|line| line.contains("format: compact (detected") && line.ends_with(", 16x16")),
        "{message}"
    );
}
