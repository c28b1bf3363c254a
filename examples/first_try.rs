//! The program a newcomer writes first, as README.md's "The library" shows it: a small problem
//! in Knuth's format listed and counted, 8 queens counted, one Sudoku string solved. It must
//! compile and run as it stands; CI runs it.

use dlx_engine::Engine;
use dlx_engine::{Dlx, Problem};
use dlx_puzzles::sudoku::{Grid, SudokuSolver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let problem = Problem::parse("A B C\nA B\nC\nA\nB C\n")?; // Knuth's format, or ProblemBuilder
    let mut dlx = Dlx::new(&problem);
    dlx.for_each(|options| println!("{options:?}")); // every solution
    assert_eq!(
        (dlx.count(), Dlx::new(&Problem::queens(8)).count()),
        (2, 92)
    );
    let puzzle = Grid::parse_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        1,
    )?;
    let solution = SudokuSolver::new(puzzle.shape())
        .first_solution(&puzzle)
        .answer;

    // What the README leaves to the reader: the solution kept every given and broke no rule.
    let solution = solution.expect("a solution");
    solution.check_solution_of(&puzzle)?;
    println!("{solution}");
    Ok(())
}
