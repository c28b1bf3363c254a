//! Cross-hatching on real data: the task's four samples byte for byte (library and `dlx
//! crosshatch`), every deduction on real collections checked against the puzzle's unique
//! solution, and `dlx sudoku --propagate crosshatch` with every solution validated.

use crate::common::{data, dlx, json_lines, stderr, stdout};
// Until issue 15's test data lands: the public collections, read from ../shared.
fn puzzles(name: &str) -> std::path::PathBuf {
    crate::rate::shared_puzzles(name).expect("../shared/puzzles is there")
}
use dlx_solver::sudoku::{cross_hatch, parse_line, Grid, Shape};
use dlx_solver::xc::{ChoiceRule, Dlx, OptionId, Problem, ProblemBuilder, Uniqueness};

/// The task's input: 9 lines of 9 characters, `.` for empty.
fn read_task_grid(text: &str) -> Grid {
    let cells: Vec<u8> = text
        .lines()
        .flat_map(|line| line.trim_end().bytes())
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Grid::from_cells(Shape::CLASSIC, cells).expect("a sample is 9 lines of 9 cells")
}

/// The task's output: the grid with `.` for empty, or `ERROR`.
fn task_output(grid: &Grid) -> String {
    match cross_hatch(grid) {
        Err(_) => "ERROR\n".to_string(),
        Ok(result) => result
            .grid
            .cells()
            .chunks(9)
            .map(|row| {
                let mut line: String = row
                    .iter()
                    .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
                    .collect();
                line.push('\n');
                line
            })
            .collect(),
    }
}

#[test]
fn the_four_samples_byte_for_byte() {
    for n in 1..=4 {
        let dir = "cases/coci0809c3_cross";
        let input = std::fs::read_to_string(data(&format!("{dir}/sample{n}.in"))).unwrap();
        let expected = std::fs::read_to_string(data(&format!("{dir}/sample{n}.out"))).unwrap();
        assert_eq!(task_output(&read_task_grid(&input)), expected, "sample {n}");
    }
}

/// The one-line puzzles of a collection file (81 characters, `.` or `0` for empty).
fn one_line_puzzles(name: &str) -> Vec<Grid> {
    std::fs::read_to_string(puzzles(name))
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let cells = line
                .trim_end()
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
            Grid::puzzle(Shape::CLASSIC, cells).expect("collection puzzles are valid")
        })
        .collect()
}

/// The standard exact-cover encoding of 9x9 Sudoku, written here so that the check does not
/// depend on the library's own encoding: option `81 * digit-1 + cell` fills `cell` with `digit`
/// and covers the cell, the digit in its row, in its column and in its box.
struct ReferenceSolver {
    problem: Problem,
}

impl ReferenceSolver {
    fn new() -> ReferenceSolver {
        let shape = Shape::CLASSIC;
        let mut builder = ProblemBuilder::new();
        let mut item = |name: String| builder.primary(&name).unwrap();
        let cells: Vec<_> = (0..81).map(|c| item(format!("p{c}"))).collect();
        let rows: Vec<_> = (0..81)
            .map(|i| item(format!("r{}d{}", i / 9, i % 9)))
            .collect();
        let cols: Vec<_> = (0..81)
            .map(|i| item(format!("c{}d{}", i / 9, i % 9)))
            .collect();
        let boxes: Vec<_> = (0..81)
            .map(|i| item(format!("b{}d{}", i / 9, i % 9)))
            .collect();
        for digit in 0..9 {
            for (cell, &cell_item) in cells.iter().enumerate() {
                let (r, c, b) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
                let option = builder
                    .option(&[
                        cell_item,
                        rows[r * 9 + digit],
                        cols[c * 9 + digit],
                        boxes[b * 9 + digit],
                    ])
                    .unwrap();
                assert_eq!(option, Some(OptionId((digit * 81 + cell) as u32)));
            }
        }
        ReferenceSolver {
            problem: builder.build(),
        }
    }

    /// The puzzle's solution, asserted to be unique and valid.
    fn unique_solution(&self, dlx: &mut Dlx, puzzle: &Grid) -> Grid {
        dlx.unselect_all();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                let option = OptionId(((digit as usize - 1) * 81 + cell) as u32);
                dlx.select(option).expect("the givens do not clash");
            }
        }
        let (answer, _) = dlx.uniqueness(ChoiceRule::MrvStopAtOne);
        let Uniqueness::Unique(options) = answer else {
            panic!("the collection's puzzles have one solution each: {answer:?}");
        };
        let mut solution = puzzle.clone();
        for option in options {
            let (digit, cell) = (option.index() / 81, option.index() % 81);
            solution.set(cell, digit as u8 + 1);
        }
        solution.check_solution_of(puzzle).unwrap();
        solution
    }
}

/// Cross-hatches every puzzle and checks each written digit against the unique solution.
/// Returns how many puzzles the pass solved on its own.
fn check_against_solutions(puzzles: &[Grid]) -> usize {
    let reference = ReferenceSolver::new();
    let mut dlx = Dlx::new(&reference.problem);
    let mut solved = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let solution = reference.unique_solution(&mut dlx, puzzle);
        let result = cross_hatch(puzzle)
            .unwrap_or_else(|e| panic!("puzzle {index} has a solution, yet: {e}"));
        assert_eq!(result.filled(), result.deductions.len());
        assert_eq!(
            result.grid.filled_count(),
            puzzle.filled_count() + result.filled()
        );
        for deduction in &result.deductions {
            assert_eq!(puzzle.get(deduction.cell), 0, "puzzle {index}");
            assert_eq!(
                deduction.digit,
                solution.get(deduction.cell),
                "puzzle {index}"
            );
            assert_eq!(result.grid.get(deduction.cell), deduction.digit);
        }
        let solution_check = result.grid.check_solution_of(puzzle);
        if result.grid.is_full() {
            solution_check.unwrap();
            solved += 1;
        }
    }
    solved
}

#[test]
fn every_deduction_on_top1465_agrees_with_the_unique_solution() {
    let puzzles = one_line_puzzles("puzzles3_magictour_top1465");
    assert_eq!(puzzles.len(), 1465);
    check_against_solutions(&puzzles);
}

#[test]
fn every_deduction_on_17_clue_puzzles_agrees_with_the_unique_solution() {
    let puzzles = one_line_puzzles("puzzles2_17_clue");
    // Every 8th puzzle: about 6,000, spread over the whole list.
    let sample: Vec<Grid> = puzzles.into_iter().step_by(8).collect();
    assert!(sample.len() > 6000);
    let solved = check_against_solutions(&sample);
    // Easy puzzles: cross-hatching alone finishes some of them (a figure that is measured and
    // reported by `dlx crosshatch`, only bounded here so a broken pass cannot hide).
    assert!(solved > 0 && solved < sample.len());
}

fn sample(n: usize, extension: &str) -> String {
    let path = data(&format!("cases/coci0809c3_cross/sample{n}.{extension}"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn dlx_crosshatch_prints_the_four_samples_byte_for_byte() {
    for n in 1..=4 {
        let path = data(&format!("cases/coci0809c3_cross/sample{n}.in"));
        let from_file = dlx(&["crosshatch", path.to_str().unwrap()], b"");
        assert_eq!(stdout(&from_file), sample(n, "out"), "sample {n}");
        let from_stdin = dlx(&["crosshatch"], sample(n, "in").as_bytes());
        assert_eq!(stdout(&from_stdin), sample(n, "out"), "sample {n} on stdin");
        let expected_code = if sample(n, "out") == "ERROR\n" { 1 } else { 0 };
        assert_eq!(from_file.status.code(), Some(expected_code), "sample {n}");
    }
}

#[test]
fn explain_gives_one_step_per_filled_cell_and_the_reason_of_a_contradiction() {
    let output = dlx(&["crosshatch", "--explain"], sample(2, "in").as_bytes());
    let text = stdout(&output);
    let steps: Vec<&str> = text.lines().filter(|l| l.starts_with("pass ")).collect();
    let givens = sample(2, "in").bytes().filter(u8::is_ascii_digit).count();
    assert_eq!(steps.len(), 81 - givens);
    assert!(text.contains(&format!("filled {} cells\n", 81 - givens)));
    assert!(text.ends_with(&sample(2, "out")));
    // Each step names a cell and a digit that the final grid holds there.
    let expected = sample(2, "out");
    let solution: Vec<&str> = expected.lines().collect();
    for step in &steps {
        let (_, rest) = step.split_once(": r").unwrap();
        let (place, rest) = rest.split_once(" = ").unwrap();
        let (row, col) = place.split_once('c').unwrap();
        let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
        let digit = rest.split(',').next().unwrap();
        assert_eq!(&solution[row - 1][col - 1..col], digit, "{step}");
        assert!(step.contains("since "), "{step}");
    }
    let contradiction = stdout(&dlx(
        &["crosshatch", "--explain"],
        sample(4, "in").as_bytes(),
    ));
    assert!(contradiction.contains("digit 1 has no place left in box 3, since"));
    assert!(contradiction.ends_with("ERROR\n"));
    let repeated = stdout(&dlx(
        &["crosshatch", "--explain"],
        sample(3, "in").as_bytes(),
    ));
    assert!(repeated.contains("digit 1 appears twice in box 1: at r1c1 and r2c3"));
}

#[test]
fn a_file_of_lines_gives_one_line_per_puzzle_in_order() {
    let top = std::fs::read_to_string(puzzles("puzzles3_magictour_top1465")).unwrap();
    let lines: Vec<&str> = top.lines().filter(|l| l.len() == 81).take(20).collect();
    let mut input = String::new();
    for (i, line) in lines.iter().enumerate() {
        input.push_str(line);
        input.push('\n');
        if i == 4 {
            // A puzzle that contradicts itself (1 twice in row 1), and a comment.
            input.push_str(&format!("11{}\n# a comment\n", &".".repeat(79)));
        }
    }
    let output = dlx(&["crosshatch"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    let results: Vec<&str> = out.lines().collect();
    assert_eq!(results.len(), lines.len() + 1);
    assert_eq!(results[5], "ERROR");
    let answers = results[..5].iter().chain(&results[6..]);
    for (puzzle, answer) in lines.iter().zip(answers) {
        let expected = cross_hatch(&parse_line(puzzle, 1).unwrap()).unwrap().grid;
        assert_eq!(parse_line(answer, 1).unwrap(), expected);
    }
}

#[test]
fn a_malformed_line_is_reported_with_its_place_and_the_rest_is_answered() {
    let input = format!(
        "{}\n{}x{}\n",
        ".".repeat(81),
        ".".repeat(40),
        ".".repeat(40)
    );
    let output = dlx(&["crosshatch", "-"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], ".".repeat(81));
    assert!(
        lines[1].starts_with("error: line 2, column 41: found 'x'"),
        "{out}"
    );
    assert!(stderr(&output).contains("<stdin>: line 2, column 41"));
}

#[test]
fn other_shapes_and_formats_are_cross_hatched_in_their_own_format() {
    // 4x4 in the spaced format: rows 1 to 3 and column 4 hold 1, so box 4 has only r4c3.
    let spaced = "1 0 0 0\n0 0 0 1\n0 1 0 0\n0 0 0 0\n";
    let output = dlx(&["crosshatch"], spaced.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r.split(' ').count() == 4), "{out}");
    assert_eq!(rows[3].split(' ').nth(2), Some("1"), "{out}");
    let ones = out.split(|c: char| c.is_whitespace()).filter(|&d| d == "1");
    assert_eq!(ones.count(), 4, "{out}");
    // --to converts the output.
    let line = stdout(&dlx(&["crosshatch", "--to", "line"], spaced.as_bytes()));
    assert_eq!(line.len(), 17);
}

#[test]
fn sudoku_with_the_pre_pass_solves_every_puzzle_of_a_collection() {
    let path = puzzles("puzzles3_magictour_top1465");
    let output = dlx(
        &[
            "sudoku",
            "--propagate",
            "crosshatch",
            path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    let out = stdout(&output);
    let solutions: Vec<&str> = out.lines().collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (puzzle, solution) in puzzles.iter().zip(solutions) {
        let puzzle = parse_line(puzzle, 1).unwrap();
        parse_line(solution, 1)
            .unwrap()
            .check_solution_of(&puzzle)
            .unwrap();
    }
}

#[test]
fn sudoku_with_the_pre_pass_answers_a_contradiction_at_once() {
    // No repeated given, but 1 has no place left in box 3 (the fourth sample, as one line).
    let line: String = sample(4, "in").lines().collect();
    for (args, expected) in [
        (vec!["sudoku", "--propagate", "crosshatch"], "no solution\n"),
        (
            vec!["sudoku", "--propagate", "crosshatch", "--count"],
            "0\n",
        ),
        (vec!["sudoku", "--count"], "0\n"),
    ] {
        let output = dlx(&args, format!("{line}\n").as_bytes());
        assert_eq!(stdout(&output), expected, "{args:?}");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
    }
    let stats = dlx(
        &["sudoku", "--propagate", "crosshatch", "--stats"],
        line.as_bytes(),
    );
    assert!(stderr(&stats).contains("nodes: 0\n"), "{}", stderr(&stats));
}

/// The answer each line must get, by line number: the pass's grid, or a status word.
type Expected = Vec<(usize, Result<Grid, &'static str>)>;

/// 400 lines of top1465 with, every tenth line, a contradictory puzzle (1 twice in row 1), every
/// seventeenth a malformed one (80 cells) and every fiftieth the task's sample 2 (which the pass
/// solves whole); and the answer each line must get.
fn mixed_lines() -> (String, Expected) {
    let top = std::fs::read_to_string(puzzles("puzzles3_magictour_top1465")).unwrap();
    let mut text = String::new();
    let mut expected = Vec::new();
    for (k, line) in top.lines().filter(|l| l.len() == 81).take(400).enumerate() {
        let number = k + 1;
        let (puzzle, want) = match k {
            _ if k % 10 == 3 => (format!("11{}", &".".repeat(79)), Err("contradiction")),
            _ if k % 17 == 5 => (line[..80].to_string(), Err("malformed")),
            _ if k % 50 == 7 => {
                // Sample 2, which cross-hatching solves whole.
                let puzzle: String = sample(2, "in").lines().collect();
                let grid = parse_line(&puzzle, number).unwrap();
                (puzzle, Ok(cross_hatch(&grid).unwrap().grid))
            }
            _ => {
                let grid = parse_line(line, number).unwrap();
                let result = cross_hatch(&grid).expect("top1465 puzzles are consistent");
                (line.to_string(), Ok(result.grid))
            }
        };
        text.push_str(&puzzle);
        text.push('\n');
        expected.push((number, want));
    }
    (text, expected)
}

#[test]
fn many_lines_give_the_same_answers_in_order_with_one_thread_or_several() {
    let (input, expected) = mixed_lines();
    let one = dlx(&["crosshatch", "--threads", "1"], input.as_bytes());
    let four = dlx(&["crosshatch", "--threads", "4"], input.as_bytes());
    assert_eq!(one.status.code(), Some(2), "malformed lines are bad input");
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(stderr(&one), stderr(&four));
    let out = stdout(&four);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), expected.len(), "one answer per line");
    for (answer, (line, want)) in answers.iter().zip(&expected) {
        match want {
            Ok(grid) => assert_eq!(&parse_line(answer, *line).unwrap(), grid, "line {line}"),
            Err("contradiction") => assert_eq!(*answer, "ERROR", "line {line}"),
            Err(_) => assert!(
                answer.starts_with(&format!("error: line {line}, column ")),
                "line {line}: {answer}"
            ),
        }
    }
    // Each ERROR is explained on stderr with its line and its own word.
    let errors = expected.iter().filter(|(_, w)| w == &Err("contradiction"));
    for (line, _) in errors {
        assert!(
            stderr(&four).contains(&format!(
                "<stdin>: line {line}: contradiction: digit 1 appears twice in row 1"
            )),
            "line {line}"
        );
    }
    assert!(!stderr(&four).contains("no solution"));
}

#[test]
fn jsonl_gives_the_status_grid_cells_filled_and_contradiction_of_each_puzzle() {
    let (input, expected) = mixed_lines();
    let output = dlx(
        &["crosshatch", "--jsonl", "--threads", "2"],
        input.as_bytes(),
    );
    let objects = json_lines(&output);
    assert_eq!(objects.len(), expected.len());
    let mut statuses = std::collections::BTreeSet::new();
    for (object, (line, want)) in objects.iter().zip(&expected) {
        assert_eq!(object["line"], *line as u64);
        let status = object["status"].as_str().unwrap();
        statuses.insert(status.to_string());
        match want {
            Ok(grid) => {
                let text = object["grid"].as_str().expect("a grid");
                assert_eq!(&parse_line(text, *line).unwrap(), grid, "line {line}");
                let puzzle = parse_line(object["puzzle"].as_str().unwrap(), *line).unwrap();
                let filled = grid.cells().iter().filter(|&&d| d != 0).count()
                    - puzzle.cells().iter().filter(|&&d| d != 0).count();
                assert_eq!(object["filled"], filled as u64, "line {line}");
                let full = grid.is_full();
                assert_eq!(status, if full { "solved" } else { "partial" });
                assert_eq!(object["solution"].is_string(), full);
                assert!(object["contradiction"].is_null());
            }
            Err("contradiction") => {
                assert_eq!(status, "contradiction");
                assert!(object["grid"].is_null());
                let why = object["contradiction"].as_str().unwrap();
                assert!(why.starts_with("digit 1 appears twice in row 1"), "{why}");
            }
            Err(_) => {
                assert_eq!(status, "malformed");
                assert!(object["error"].as_str().unwrap().contains("line"));
            }
        }
    }
    // The collection exercises every status.
    assert_eq!(
        statuses.into_iter().collect::<Vec<_>>(),
        ["contradiction", "malformed", "partial", "solved"]
    );
}

#[test]
fn output_files_and_stats_work_as_for_sudoku() {
    let (input, _) = mixed_lines();
    let dir = std::env::temp_dir().join(format!("dlx-crosshatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("out.txt");
    let output = dlx(
        &["crosshatch", "--stats", "--output", file.to_str().unwrap()],
        input.as_bytes(),
    );
    assert!(output.stdout.is_empty());
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        written.as_bytes(),
        dlx(&["crosshatch"], input.as_bytes()).stdout
    );
    let summary = stderr(&output);
    assert!(summary.contains("puzzles: 400\n"), "{summary}");
    assert!(summary.contains("contradiction: 40\n"), "{summary}");
    std::fs::remove_dir_all(&dir).unwrap();
}
