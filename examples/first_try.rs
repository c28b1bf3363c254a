//! The program a newcomer writes first: 8 queens through `xc`,
//! one Sudoku string through `sudoku`. It must compile and run as it stands; CI runs it.

use dlx_engine::{ChoiceRule, Dlx, Problem};
use dlx_puzzles::sudoku::{Grid, SudokuSolver};

fn main() {
    let problem = Problem::queens(8);
    let mut dlx = Dlx::new(&problem);
    let count = dlx.count_solutions(ChoiceRule::Mrv, None);
    println!(
        "8 queens: {} solutions, {} nodes",
        count.answer, count.stats.nodes
    );
    assert_eq!(count.answer.solutions, 92);

    // A minimal puzzle the project's generator made.
    let text = ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..";
    let puzzle: Grid = text.parse().expect("81 symbols");
    let mut solver = SudokuSolver::new(puzzle.shape());
    let solution = solver.first_solution(&puzzle).answer.expect("a solution");
    println!("{solution}");
    solution
        .check_solution_of(&puzzle)
        .expect("every rule and every given kept");
    let unique = solver.uniqueness(&puzzle).answer;
    println!(
        "unique: {}",
        matches!(unique, dlx_engine::Uniqueness::Unique(_))
    );
}
