//! Killer puzzles without givens: a random full grid, cut into random connected cages of
//! distinct digits, each given the sum of its digits, kept when the cages alone leave one
//! solution. When a grid's cages leave several, the cage holding a cell where two solutions
//! differ is cut again (its cells become cages of one or two), which the next question finds
//! unique sooner; givens are never added.

use super::cages::Cages;
use super::rules::{Rules, Variant, Variants};
use super::KillerEncoding;
use crate::sudoku::generate::random_solution;
use crate::sudoku::grid::{Grid, Shape};
use crate::sudoku::SudokuSolver;
use crate::sudoku::{Cost, GenerateError, Generated, Random, Solve, Solvers};
use dlx_engine::{EngineKind, StopFlag};

/// Search-tree nodes after which a uniqueness question gives its grid up.
const QUESTION_NODES: u64 = 200_000;

/// Makes Killers of one shape. Keep one per thread.
pub(crate) struct KillerGenerator {
    shape: Shape,
    max_cage: usize,
    solvers: Solvers,
    /// The engine that completes the grids and answers the uniqueness questions.
    engine: EngineKind,
}

/// Grids tried before [`GenerateError::GaveUp`].
const MAX_GRIDS: u64 = 64;

impl KillerGenerator {
    /// The most cells a generated cage has by default: larger cages leave more ways of filling
    /// them, and the search is slower (on 200 generated 9x9 Killers, 2,360 nodes a puzzle with
    /// cages of 2 to 4 cells, 6,120 with 2 to 5).
    pub(crate) const MAX_CAGE: usize = 4;

    /// A generator of Killers on grids of `shape`.
    pub(crate) fn new(shape: Shape) -> KillerGenerator {
        KillerGenerator {
            shape,
            max_cage: KillerGenerator::MAX_CAGE,
            solvers: Solvers::with_node_budget(Some(QUESTION_NODES)),
            engine: EngineKind::Auto,
        }
    }

    /// Has the engine `kind` complete the grids and answer the uniqueness questions.
    pub(crate) fn with_engine(mut self, kind: EngineKind) -> KillerGenerator {
        self.solvers = self.solvers.with_engine(kind);
        self.engine = kind;
        self
    }

    /// Ends each puzzle's making once `stop` is raised (a signal): it then gives
    /// [`GenerateError::Interrupted`].
    pub(crate) fn with_stop_flag(mut self, stop: StopFlag) -> KillerGenerator {
        self.solvers = self.solvers.with_stop_flag(stop);
        self
    }

    /// Cages of 2 to `max_cage` cells (kept from 2 to N) where the neighbours allow.
    pub(crate) fn with_max_cage(mut self, max_cage: usize) -> KillerGenerator {
        self.max_cage = max_cage.clamp(2, self.shape.side());
        self
    }

    /// A Killer whose cages alone have exactly one solution.
    pub(crate) fn generate(&mut self, random: &mut Random) -> Result<Generated, GenerateError> {
        let made = self.make(random);
        if self.solvers.stop_flag().is_raised() {
            return Err(GenerateError::Interrupted);
        }
        made
    }

    /// [`KillerGenerator::generate`], whatever the stop flag.
    fn make(&mut self, random: &mut Random) -> Result<Generated, GenerateError> {
        let shape = self.shape;
        let killer = Variants::of(&[Variant::Killer]).expect("one variant");
        let mut cost = Cost::default();
        let stop = self.solvers.stop_flag().clone();
        for _ in 0..MAX_GRIDS {
            if stop.is_raised() {
                return Err(GenerateError::Interrupted);
            }
            cost.attempts += 1;
            let solution = random_solution(shape, random, &mut self.solvers, &mut cost)
                .map_err(|_| GenerateError::NoFullGrid)?;
            let mut cage_of = random_cages(shape, &solution, self.max_cage, random);
            let puzzle = Grid::empty(shape);
            // Each round either proves the cages unique or cuts one cage: a bounded loop.
            loop {
                let sums = sums_of(&cage_of, &solution);
                let Ok(cages) = Cages::from_parts(shape.side(), &cage_of, &sums) else {
                    break;
                };
                let rules = Rules::with_cages(shape, &killer, None, Some(&cages))
                    .expect("cages of distinct digits fit the rules");
                let mut solver =
                    SudokuSolver::on_engine(rules, KillerEncoding::default(), self.engine)?
                        .with_node_budget(Some(QUESTION_NODES))
                        .with_stop_flag(stop.clone());
                // Up to two solutions: the grid is one; another tells where the cages fail.
                let mut other = None;
                let outcome = solver.search(&puzzle, 2, &mut |found: &Grid| {
                    if *found != solution {
                        other = Some(found.clone());
                    }
                });
                cost.checks += 1;
                cost.nodes += outcome.stats.nodes;
                if outcome.cut_short() {
                    cost.undecided += 1;
                    break;
                }
                let Some(other) = other else {
                    return Ok(Generated {
                        puzzle,
                        solution,
                        rating: None,
                        cost,
                        cages: Some(cages),
                        layout: None,
                    });
                };
                let differs = (0..shape.cell_count())
                    .find(|&cell| other.get(cell) != solution.get(cell))
                    .expect("two solutions differ somewhere");
                if !cut_cage(&mut cage_of, differs) {
                    break;
                }
            }
            cost.restarts += 1;
        }
        Err(GenerateError::GaveUp(MAX_GRIDS))
    }
}

/// Random connected cages of distinct digits of `solution`, 2 to `max_cage` cells where the
/// neighbours allow (a cell boxed in by other cages stays alone), numbered in the order they
/// first appear row by row.
fn random_cages(
    shape: Shape,
    solution: &Grid,
    max_cage: usize,
    random: &mut Random,
) -> Vec<Option<usize>> {
    let side = shape.side();
    let cells = shape.cell_count();
    let mut cage_of: Vec<Option<usize>> = vec![None; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    random.shuffle(&mut order);
    let mut cages = 0;
    for start in order {
        if cage_of[start].is_some() {
            continue;
        }
        let size = 2 + random.below(max_cage - 1);
        let mut members = vec![start];
        cage_of[start] = Some(cages);
        while members.len() < size {
            // The free neighbours of the cage whose digit it does not hold yet.
            let mut fringe: Vec<usize> = Vec::new();
            for &cell in &members {
                let (r, c) = (cell / side, cell % side);
                let neighbours = [
                    (r > 0).then(|| cell - side),
                    (r + 1 < side).then(|| cell + side),
                    (c > 0).then(|| cell - 1),
                    (c + 1 < side).then(|| cell + 1),
                ];
                for next in neighbours.into_iter().flatten() {
                    let digit = solution.get(next);
                    if cage_of[next].is_none()
                        && !fringe.contains(&next)
                        && members.iter().all(|&m| solution.get(m) != digit)
                    {
                        fringe.push(next);
                    }
                }
            }
            if fringe.is_empty() {
                break;
            }
            let next = fringe[random.below(fringe.len())];
            cage_of[next] = Some(cages);
            members.push(next);
        }
        cages += 1;
    }
    renumber(&mut cage_of);
    cage_of
}

/// Numbers the cages in the order they first appear row by row, as records name them.
fn renumber(cage_of: &mut [Option<usize>]) {
    let mut new_number: Vec<Option<usize>> = Vec::new();
    let mut next = 0;
    for cage in cage_of.iter_mut().flatten() {
        if *cage >= new_number.len() {
            new_number.resize(*cage + 1, None);
        }
        let number = *new_number[*cage].get_or_insert_with(|| {
            next += 1;
            next - 1
        });
        *cage = number;
    }
}

/// Each cage's sum in `solution`.
fn sums_of(cage_of: &[Option<usize>], solution: &Grid) -> Vec<u32> {
    let count = cage_of.iter().flatten().max().map_or(0, |&c| c + 1);
    let mut sums = vec![0; count];
    for (cell, cage) in cage_of.iter().enumerate() {
        if let Some(cage) = cage {
            sums[*cage] += u32::from(solution.get(cell));
        }
    }
    sums
}

/// Cuts the cage of `cell` in two: `cell` alone, and the rest as one cage (which may then not
/// be connected). `false` when the cell is alone already, and there is nothing left to cut.
fn cut_cage(cage_of: &mut [Option<usize>], cell: usize) -> bool {
    let cage = cage_of[cell].expect("every generated cell is in a cage");
    if cage_of.iter().filter(|&&c| c == Some(cage)).count() == 1 {
        return false;
    }
    let fresh = cage_of.iter().flatten().max().map_or(0, |&c| c + 1);
    cage_of[cell] = Some(fresh);
    renumber(cage_of);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_engine::Uniqueness;

    #[test]
    fn a_raised_stop_flag_makes_no_killer() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let raised = StopFlag::new(Arc::new(AtomicBool::new(true)));
        let mut generator = KillerGenerator::new(Shape::new(2, 2).unwrap()).with_stop_flag(raised);
        let made = generator.generate(&mut Random::for_item(1, 0));
        assert_eq!(made.unwrap_err(), GenerateError::Interrupted);
    }

    #[test]
    fn generated_killers_are_unique_and_their_cages_hold_their_solution() {
        for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
            let mut generator = KillerGenerator::new(shape);
            for index in 0..5 {
                let made = generator.generate(&mut Random::for_item(7, index)).unwrap();
                let rules = Rules::with_cages(
                    shape,
                    &Variants::of(&[Variant::Killer]).unwrap(),
                    None,
                    made.cages.as_ref(),
                )
                .unwrap();
                let answer = SudokuSolver::with_rules(rules)
                    .uniqueness(&made.puzzle)
                    .answer;
                assert_eq!(answer, Uniqueness::Unique(made.solution.clone()));
                for (cage, cells) in made
                    .cages
                    .as_ref()
                    .unwrap()
                    .cells_by_cage()
                    .iter()
                    .enumerate()
                {
                    let sum: u32 = cells.iter().map(|&c| u32::from(made.solution.get(c))).sum();
                    assert_eq!(sum, made.cages.as_ref().unwrap().sum(cage));
                }
            }
        }
    }
}
