//! Cross-hatching on real data: the project's cases in the task's format and the task's own
//! samples (when the public data is there) byte for byte, by the library, by `dlx crosshatch`
//! and by the task's rules written out here; every deduction on real collections checked
//! against the puzzle's unique solution; and `dlx sudoku --propagate crosshatch` with every solution validated.

use crate::common::{collection, data, dlx, json_lines, shared_or_skip, stderr, stdout};
use dlx_engine::Engine;
use dlx_engine::{ChoiceRule, Dlx, OptionId, Problem, ProblemBuilder, Uniqueness};
use dlx_puzzles::sudoku::{CrossHatch, Grid, Shape};

/// The task's input: 9 lines of 9 characters, `.` for empty.
fn read_task_grid(text: &str) -> Grid {
    let cells: Vec<u8> = text
        .lines()
        .flat_map(|line| line.trim_end().bytes())
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Grid::from_cells(Shape::CLASSIC, cells).expect("a sample is 9 lines of 9 cells")
}

/// A grid as the task prints it: 9 lines, `.` for empty.
fn grid_lines(grid: &Grid) -> String {
    grid.cells()
        .chunks(9)
        .map(|row| {
            let mut line: String = row
                .iter()
                .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
                .collect();
            line.push('\n');
            line
        })
        .collect()
}

/// The task's output by the library: the grid with `.` for empty, or `ERROR`.
fn task_output(grid: &Grid) -> String {
    match CrossHatch::of(grid) {
        Err(_) => "ERROR\n".to_string(),
        Ok(result) => grid_lines(&result.grid),
    }
}

/// Cross-hatching as the task's rules state it, written here apart from the library: passes over
/// digits 1..9 until a whole pass places nothing; for each digit, a digit twice in a row, column
/// or box is an error; then boxes in row-major order, skipping those that hold the digit: the
/// candidates are the box's empty cells whose row and column lack it; none is an error, exactly
/// one is filled at once. `None` stands for the task's `ERROR`.
fn cross_hatch_by_the_rules(grid: &Grid) -> Option<Grid> {
    let mut cells: Vec<u8> = grid.cells().to_vec();
    let at = |cells: &[u8], r: usize, c: usize| cells[r * 9 + c];
    loop {
        let mut placed = false;
        for digit in 1..=9u8 {
            let in_row =
                |cells: &[u8], r: usize| (0..9).filter(|&c| at(cells, r, c) == digit).count();
            let in_col =
                |cells: &[u8], c: usize| (0..9).filter(|&r| at(cells, r, c) == digit).count();
            let in_box = |cells: &[u8], b: usize| {
                let (top, left) = (b / 3 * 3, b % 3 * 3);
                (0..9)
                    .filter(|&k| at(cells, top + k / 3, left + k % 3) == digit)
                    .count()
            };
            if (0..9)
                .any(|u| in_row(&cells, u) > 1 || in_col(&cells, u) > 1 || in_box(&cells, u) > 1)
            {
                return None;
            }
            for b in 0..9 {
                if in_box(&cells, b) > 0 {
                    continue;
                }
                let (top, left) = (b / 3 * 3, b % 3 * 3);
                let candidates: Vec<(usize, usize)> = (0..9)
                    .map(|k| (top + k / 3, left + k % 3))
                    .filter(|&(r, c)| {
                        at(&cells, r, c) == 0 && in_row(&cells, r) == 0 && in_col(&cells, c) == 0
                    })
                    .collect();
                match candidates[..] {
                    [] => return None,
                    [(r, c)] => {
                        cells[r * 9 + c] = digit;
                        placed = true;
                    }
                    _ => {}
                }
            }
        }
        if !placed {
            return Some(Grid::from_cells(Shape::CLASSIC, cells).unwrap());
        }
    }
}

/// The task's output by the rules above.
fn output_by_the_rules(grid: &Grid) -> String {
    match cross_hatch_by_the_rules(grid) {
        None => "ERROR\n".to_string(),
        Some(grid) => grid_lines(&grid),
    }
}

/// The project's cases in the task's format, as (input, expected output) texts: a grid the pass
/// fills in part, one it solves whole, a digit twice in a column, a digit with no place left.
fn own_cases() -> Vec<(String, String)> {
    (1..=4).map(|n| (case(n, "in"), case(n, "out"))).collect()
}

/// The task's four samples (COCI 2008/2009 contest 3, CROSS), when the public data is there.
fn official_samples() -> Vec<(String, String)> {
    let Some(dir) = shared_or_skip("cases/coci0809c3_cross", "the task's own samples") else {
        return Vec::new();
    };
    let read = |name: String| std::fs::read_to_string(dir.join(name)).unwrap();
    (1..=4)
        .map(|n| {
            (
                read(format!("sample{n}.in")),
                read(format!("sample{n}.out")),
            )
        })
        .collect()
}

#[test]
fn the_cases_and_the_tasks_samples_byte_for_byte() {
    for (input, expected) in own_cases().into_iter().chain(official_samples()) {
        let grid = read_task_grid(&input);
        assert_eq!(
            output_by_the_rules(&grid),
            expected,
            "the rules, on\n{input}"
        );
        assert_eq!(task_output(&grid), expected, "the library, on\n{input}");
    }
}

#[test]
fn the_library_follows_the_tasks_rules_on_whole_collections() {
    for name in ["puzzles3_magictour_top1465", "puzzles2_17_clue"] {
        let puzzles = one_line_puzzles(name);
        assert!(!puzzles.is_empty());
        for puzzle in puzzles.iter().step_by(4) {
            assert_eq!(
                CrossHatch::of(puzzle).ok().map(|result| result.grid),
                cross_hatch_by_the_rules(puzzle),
                "{}",
                grid_lines(puzzle)
            );
        }
    }
}

/// The one-line puzzles of a collection file (81 characters, `.` or `0` for empty).
fn one_line_puzzles(name: &str) -> Vec<Grid> {
    std::fs::read_to_string(collection(name))
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
        let answer = dlx.set_rule(ChoiceRule::MrvStopAtOne).uniqueness().answer;
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
/// Returns how many puzzles the pass solved on its own, and how many cells it filled in all.
fn check_against_solutions(puzzles: &[Grid]) -> (usize, usize) {
    let reference = ReferenceSolver::new();
    let mut dlx = Dlx::new(&reference.problem);
    let (mut solved, mut filled) = (0, 0);
    for (index, puzzle) in puzzles.iter().enumerate() {
        let solution = reference.unique_solution(&mut dlx, puzzle);
        let result = CrossHatch::of(puzzle)
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
        filled += result.filled();
    }
    (solved, filled)
}

#[test]
fn every_deduction_on_top1465_agrees_with_the_unique_solution() {
    let puzzles = one_line_puzzles("puzzles3_magictour_top1465");
    assert!(!puzzles.is_empty());
    check_against_solutions(&puzzles);
}

#[test]
fn every_deduction_on_17_clue_puzzles_agrees_with_the_unique_solution() {
    let puzzles = one_line_puzzles("puzzles2_17_clue");
    // Every 8th puzzle: about 6,000, spread over the whole list.
    let sample: Vec<Grid> = puzzles.into_iter().step_by(8).collect();
    assert!(sample.len() > 100);
    let (solved, filled) = check_against_solutions(&sample);
    // Cross-hatching alone fills cells of these puzzles and finishes some of the easy ones, not
    // all (figures measured and reported by `dlx crosshatch`, only bounded here so a broken pass
    // cannot hide).
    assert!(filled > 0 && solved < sample.len());
}

/// The cases whose grid is contradictory: their expected output is the task's `ERROR`, so
/// they have no `.out` file.
const CONTRADICTORY_CASES: [usize; 2] = [3, 4];

/// A case of the project's in the task's format (`tests/data/cases/crosshatch/`): its input
/// (`in`) or its expected output (`out`).
fn case(n: usize, extension: &str) -> String {
    if extension == "out" && CONTRADICTORY_CASES.contains(&n) {
        return "ERROR\n".to_string();
    }
    let path = data(&format!("cases/crosshatch/case{n}.{extension}"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn dlx_crosshatch_prints_the_cases_and_samples_byte_for_byte() {
    for n in 1..=4 {
        let path = data(&format!("cases/crosshatch/case{n}.in"));
        let from_file = dlx(&["crosshatch", path.to_str().unwrap()], b"");
        assert_eq!(stdout(&from_file), case(n, "out"), "case {n}");
        let expected_code = if case(n, "out") == "ERROR\n" { 1 } else { 0 };
        assert_eq!(from_file.status.code(), Some(expected_code), "case {n}");
    }
    for (input, expected) in own_cases().into_iter().chain(official_samples()) {
        let from_stdin = dlx(&["crosshatch"], input.as_bytes());
        assert_eq!(stdout(&from_stdin), expected, "on stdin:\n{input}");
    }
}

#[test]
fn explain_gives_one_step_per_filled_cell_and_the_reason_of_a_contradiction() {
    let output = dlx(&["crosshatch", "--explain"], case(2, "in").as_bytes());
    let text = stdout(&output);
    let steps: Vec<&str> = text.lines().filter(|l| l.starts_with("pass ")).collect();
    let givens = case(2, "in").bytes().filter(u8::is_ascii_digit).count();
    assert_eq!(steps.len(), 81 - givens);
    assert!(text.contains(&format!("filled {} cells\n", 81 - givens)));
    assert!(text.ends_with(&case(2, "out")));
    // Each step names a cell and a digit that the final grid holds there.
    let expected = case(2, "out");
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
    let contradiction = stdout(&dlx(&["crosshatch", "--explain"], case(4, "in").as_bytes()));
    assert!(contradiction.contains("digit 2 has no place left in box 5, since"));
    assert!(contradiction.ends_with("ERROR\n"));
    let repeated = stdout(&dlx(&["crosshatch", "--explain"], case(3, "in").as_bytes()));
    assert!(repeated.contains("digit 5 appears twice in column 4: at r2c4 and r8c4"));
}

#[test]
fn a_file_of_lines_gives_one_line_per_puzzle_in_order() {
    let top = std::fs::read_to_string(collection("puzzles3_magictour_top1465")).unwrap();
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
        let expected = CrossHatch::of(&Grid::parse_line(puzzle, 1).unwrap())
            .unwrap()
            .grid;
        assert_eq!(Grid::parse_line(answer, 1).unwrap(), expected);
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
    let path = collection("puzzles3_magictour_top1465");
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
        let puzzle = Grid::parse_line(puzzle, 1).unwrap();
        Grid::parse_line(solution, 1)
            .unwrap()
            .check_solution_of(&puzzle)
            .unwrap();
    }
}

#[test]
fn sudoku_with_the_pre_pass_answers_a_contradiction_at_once() {
    // No repeated given, but 2 has no place left in box 5 (the fourth case, as one line).
    let line: String = case(4, "in").lines().collect();
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

/// 400 lines of top1465 (from the start again if the collection is shorter) with, every tenth line, a contradictory puzzle (1 twice in row 1), every
/// seventeenth a malformed one (80 cells) and every fiftieth the project's case 2 (which the pass
/// solves whole); and the answer each line must get.
fn mixed_lines() -> (String, Expected) {
    let top = std::fs::read_to_string(collection("puzzles3_magictour_top1465")).unwrap();
    let mut text = String::new();
    let mut expected = Vec::new();
    let lines = top.lines().filter(|l| l.len() == 81);
    for (k, line) in lines.cycle().take(400).enumerate() {
        let number = k + 1;
        let (puzzle, want) = match k {
            _ if k % 10 == 3 => (format!("11{}", &".".repeat(79)), Err("contradiction")),
            _ if k % 17 == 5 => (line[..80].to_string(), Err("malformed")),
            _ if k % 50 == 7 => {
                // Case 2, which cross-hatching solves whole.
                let puzzle: String = case(2, "in").lines().collect();
                let grid = Grid::parse_line(&puzzle, number).unwrap();
                (puzzle, Ok(CrossHatch::of(&grid).unwrap().grid))
            }
            _ => {
                let grid = Grid::parse_line(line, number).unwrap();
                let result = CrossHatch::of(&grid).expect("top1465 puzzles are consistent");
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
            Ok(grid) => assert_eq!(
                &Grid::parse_line(answer, *line).unwrap(),
                grid,
                "line {line}"
            ),
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
                assert_eq!(&Grid::parse_line(text, *line).unwrap(), grid, "line {line}");
                let puzzle = Grid::parse_line(object["puzzle"].as_str().unwrap(), *line).unwrap();
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
