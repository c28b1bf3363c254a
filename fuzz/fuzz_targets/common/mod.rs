//! Checks the Sudoku targets share: what a parsed grid must satisfy, and where a parse error
//! may point.

#![allow(dead_code)]

use dlx_puzzles::sudoku::{Algorithm, Format, Grid, Mode, ParseError, Propagation, Solvers, Verdict, CrossHatch};

/// Search-tree nodes each solve may take: enough to solve most 9x9 puzzles, small enough that
/// one input stays in the milliseconds whatever its size.
pub const NODE_BUDGET: u64 = 500;

/// What a parsed grid must satisfy: each printer writes it back to text that parses (and is
/// detected) as the same grid; the solvers return only valid solutions under every mode and,
/// when they decide, agree on how many there are; cross-hatching never contradicts a
/// puzzle that has a solution and writes only digits that solution has.
pub fn check_grid(grid: &Grid, baseline: usize) {
    check_printers(grid);
    check_solvers(grid, baseline);
}

pub fn check_printers(grid: &Grid) {
    for format in [Format::Line, Format::Compact, Format::Spaced] {
        let text = grid.to_text(format);
        let back: Vec<_> = format.puzzles(&text).collect();
        assert_eq!(back.len(), 1, "{format}: {text:?}");
        let puzzle = back[0].as_ref().expect("a printed grid parses");
        assert_eq!(&puzzle.grid, grid, "{format}: {text:?}");
        assert_eq!(puzzle.line, 1);
        let detected = Format::detect(&text);
        if format == Format::Compact && detected == Some(Format::Line) {
            assert!(
                small_digit_rows_outvote(&text),
                "a compact grid read as lines: {text:?}"
            );
        } else {
            assert_eq!(detected, Some(format), "{text:?}");
        }
        if format == Format::Line {
            assert_eq!(Grid::parse_line(&text, 1).as_ref(), Ok(grid));
        }
    }
}

/// Whether a compact grid is one that detection reads as puzzle lines by design: a row of 16
/// (36) symbols whose digits all fit a 4x4 (6x6) puzzle votes for the line format, a row with
/// a larger digit for a compact grid, a row with no digit for neither, and the first kind to
/// vote wins a tie (`src/sudoku/detect.rs`).
fn small_digit_rows_outvote(text: &str) -> bool {
    let rows: Vec<&str> = text.lines().filter(|row| !row.is_empty()).collect();
    let side = rows.len();
    if side != 16 && side != 36 {
        return false;
    }
    let small = (side as f64).sqrt() as u32;
    let (mut line_votes, mut grid_votes, mut first_is_line) = (0, 0, None);
    for row in rows {
        let digits: Vec<u32> = row
            .chars()
            .filter_map(|c| c.to_digit(36))
            .filter(|&d| d > 0)
            .collect();
        if digits.is_empty() {
            continue;
        }
        let votes_line = digits.iter().all(|&d| d <= small);
        first_is_line.get_or_insert(votes_line);
        if votes_line {
            line_votes += 1;
        } else {
            grid_votes += 1;
        }
    }
    line_votes > grid_votes || (line_votes == grid_votes && first_is_line == Some(true))
}

/// Bounds on a puzzle's number of solutions, narrowed by each decided answer.
struct Bounds {
    low: u64,
    high: u64,
    /// A solution found, to test cross-hatching against.
    witness: Option<Grid>,
}

impl Bounds {
    fn at_least(&mut self, low: u64) {
        self.low = self.low.max(low);
    }

    fn at_most(&mut self, high: u64) {
        self.high = self.high.min(high);
    }

    fn solution(&mut self, puzzle: &Grid, solution: Grid) {
        if let Err(e) = solution.check_solution_of(puzzle) {
            panic!("a solver returned a wrong solution: {e}");
        }
        self.at_least(1);
        self.witness.get_or_insert(solution);
    }
}

/// The (algorithm, propagation) pairs searched: DLX with and without cross-hatching, and one
/// baseline, `baseline` picking which (searching with every pair made an input ten times slower).
fn searches(baseline: usize) -> [(Algorithm, Propagation); 3] {
    let other = [Algorithm::Candidates, Algorithm::Backtrack][baseline % 2];
    let propagation = [Propagation::None, Propagation::CrossHatch][baseline / 2 % 2];
    [
        (Algorithm::Dlx, Propagation::None),
        (Algorithm::Dlx, Propagation::CrossHatch),
        (other, propagation),
    ]
}

/// Searches `grid` under every mode (see [`searches`] for which solvers).
pub fn check_solvers(grid: &Grid, baseline: usize) {
    const COUNT_LIMIT: u64 = 3;
    let mut bounds = Bounds {
        low: 0,
        high: u64::MAX,
        witness: None,
    };
    for (algorithm, propagation) in searches(baseline) {
        let mut solvers = Solvers::with_node_budget(Some(NODE_BUDGET));
        for mode in [
            Mode::First,
            Mode::Unique,
            Mode::Count { limit: COUNT_LIMIT },
        ] {
            let outcome = solvers.solve_propagated(grid, algorithm, mode, propagation);
            let cut = outcome.ran_out_of_nodes();
            match (mode, outcome.answer) {
                (_, Verdict::Undecided) => {}
                (Mode::First, Verdict::Solved(solution)) => bounds.solution(grid, solution),
                (Mode::Unique, Verdict::Solved(solution)) => {
                    bounds.solution(grid, solution);
                    bounds.at_most(1);
                }
                (Mode::First | Mode::Unique, Verdict::NoSolution) => bounds.at_most(0),
                (Mode::Unique, Verdict::Multiple) => bounds.at_least(2),
                // The budget ran out while counting: a lower bound.
                (Mode::Count { .. }, Verdict::Count(count)) if cut => {
                    bounds.at_least(count.solutions)
                }
                (Mode::Count { .. }, Verdict::Count(count)) => {
                    let count = count.solutions;
                    assert!(count <= COUNT_LIMIT, "{count} > the limit");
                    bounds.at_least(count);
                    if count < COUNT_LIMIT {
                        bounds.at_most(count);
                    }
                }
                (mode, verdict) => panic!("{mode:?} answered {verdict:?}"),
            }
            assert!(
                bounds.low <= bounds.high,
                "{algorithm:?} with {propagation:?} under {mode:?} disagrees: the answers so \
                 far say at least {} and at most {} solutions",
                bounds.low,
                bounds.high
            );
        }
    }
    if let Some(solution) = &bounds.witness {
        let propagated = CrossHatch::of(grid)
            .unwrap_or_else(|e| panic!("cross-hatching contradicts a solvable puzzle: {e}"));
        for (cell, (&deduced, &solved)) in propagated
            .grid
            .cells()
            .iter()
            .zip(solution.cells())
            .enumerate()
        {
            assert!(
                deduced == 0 || deduced == solved,
                "cross-hatching wrote {deduced} in cell {cell}, a solution has {solved}"
            );
        }
    }
}

/// A parse error must point into the text: a line that exists (or the one just after the last,
/// where a missing row was expected) and a column within it (or just after its end).
pub fn check_error_place(text: &str, error: &ParseError) {
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        (1..=lines.len() + 1).contains(&error.line),
        "{error}: the text has {} lines",
        lines.len()
    );
    let width = lines
        .get(error.line - 1)
        .map_or(0, |line| line.chars().count());
    assert!(
        (1..=width + 1).contains(&error.column),
        "{error}: line {} has {width} characters",
        error.line
    );
}
