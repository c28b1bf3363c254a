//! Cross-hatching on real data: the task's four samples byte for byte, and every deduction on
//! real collections checked against the puzzle's unique solution.

use crate::common::{data, puzzles};
use dlx_solver::sudoku::{cross_hatch, Grid, Shape};
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
