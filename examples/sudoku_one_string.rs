//! Solving and counting one Sudoku string with the library: parse the line, solve it, count
//! its solutions, and check the answer keeps every given and every rule.
//!
//! `cargo run --example sudoku_one_string -- PUZZLE` (81 symbols, `.` or `0` for empty; a
//! puzzle of the project's own collection by default); CI runs it.

use dlx_puzzles::sudoku::{Format, Grid, SudokuSolver};

/// The first puzzle of `puzzles/minimal-9x9.txt` (made by `dlx generate --seed 1`).
const DEFAULT: &str = include_str!("../puzzles/minimal-9x9.txt");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT.lines().next().unwrap().to_string());
    // The three lines: parse, make a solver for the puzzle's shape, ask.
    let puzzle = Grid::parse_line(&text, 1)?;
    let mut solver = SudokuSolver::new(puzzle.shape());
    let solution = solver.first_solution(&puzzle).answer;

    let count = solver.count_solutions(&puzzle, Some(2)).answer;
    println!("solutions (up to 2): {count}");
    let Some(solution) = solution else {
        println!("no solution");
        return Ok(());
    };
    println!("{}", solution.to_text(Format::Line).trim_end());
    // Every cell filled, every row, column and box holding each digit once, every given kept.
    solution.check_solution_of(&puzzle)?;
    Ok(())
}
