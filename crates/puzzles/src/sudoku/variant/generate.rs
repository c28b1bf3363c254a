//! Puzzles of the region and pair variants (X, windoku, anti-king, anti-knight, jigsaw with a
//! given layout), unique and minimal under their rules: a random full grid under the rules,
//! then its givens removed one at a time in a random order while the variant's solver finds the
//! puzzle unique. Killers, whose cages come with the grid, have their own generator;
//! [`crate::sudoku::Generator`] is the public face of both.

use super::regions::Regions;
use super::rules::{Rules, Variants};
use super::KillerEncoding;
use crate::sudoku::grid::{Grid, Shape};
use crate::sudoku::SudokuSolver;
use crate::sudoku::{Cost, GenerateError, Generated, Random};
use dlx_engine::{EngineKind, StopFlag, Uniqueness};

/// Search-tree nodes after which a question gives its grid up (a removal is then not made:
/// the puzzle stays unique, and the cost says how many such givens stayed).
pub(crate) const QUESTION_NODES: u64 = 100_000;

/// Random layouts tried by [`RulesGenerator::on_random_layout`] before it gives up. Most layouts have
/// a full grid; under tighter rules fewer do (measured on 50 puzzles, seed 1: jigsaw on 9x9
/// took at most 3 layouts, with windoku 19, with anti-knight 40, with X on 6x6 81).
pub(crate) const MAX_LAYOUTS: usize = 256;

/// Makes unique, minimal puzzles under one set of rules without cages.
pub(crate) struct RulesGenerator {
    solver: SudokuSolver,
    stop: StopFlag,
}

impl RulesGenerator {
    /// A jigsaw puzzle of `variants` (which hold jigsaw) on a layout of its own: a random layout
    /// ([`Regions::random`]) and a unique, minimal puzzle on it, from `random`'s stream alone. A
    /// layout without a full grid (found within the node budget) is replaced by another, up to
    /// 256 layouts. Once `stop` is raised it gives [`GenerateError::Interrupted`].
    pub(crate) fn on_random_layout(
        shape: Shape,
        variants: &Variants,
        random: &mut Random,
        stop: &StopFlag,
        engine: EngineKind,
    ) -> Result<Generated, GenerateError> {
        for restarts in 0..MAX_LAYOUTS {
            let layout = Regions::random(shape, random);
            let rules = Rules::new(shape, variants, Some(&layout))?;
            let mut generator = RulesGenerator::new(rules, engine)?.with_stop_flag(stop.clone());
            match generator.generate(random) {
                Ok(mut made) => {
                    made.cost.restarts += restarts as u64;
                    made.layout = Some(layout);
                    return Ok(made);
                }
                Err(GenerateError::NoFullGridUnderRules) => continue,
                Err(other) => return Err(other),
            }
        }
        Err(GenerateError::NoLayout(MAX_LAYOUTS))
    }

    /// A generator for `rules` (without cages) whose questions the engine `kind` answers;
    /// refused when it cannot take the rules' problem.
    pub(crate) fn new(rules: Rules, kind: EngineKind) -> Result<RulesGenerator, GenerateError> {
        if rules.cages().is_some() {
            return Err(GenerateError::Killer);
        }
        let solver = SudokuSolver::on_engine(rules, KillerEncoding::default(), kind)?
            .with_node_budget(Some(QUESTION_NODES));
        Ok(RulesGenerator {
            solver,
            stop: StopFlag::never(),
        })
    }

    /// This generator, its questions answered by the engine `kind`; refused when it cannot
    /// take the rules' problem.
    pub(crate) fn on_engine(self, kind: EngineKind) -> Result<RulesGenerator, GenerateError> {
        let rules = self
            .solver
            .rules()
            .expect("a rules generator's rules are a variant's");
        Ok(RulesGenerator::new(rules.clone(), kind)?.with_stop_flag(self.stop))
    }

    /// Ends each puzzle's making once `stop` is raised (a signal): it then gives
    /// [`GenerateError::Interrupted`], never a puzzle whose questions were cut.
    pub(crate) fn with_stop_flag(self, stop: StopFlag) -> RulesGenerator {
        RulesGenerator {
            solver: self.solver.with_stop_flag(stop.clone()),
            stop,
        }
    }

    /// One puzzle from `random`'s stream.
    pub(crate) fn generate(&mut self, random: &mut Random) -> Result<Generated, GenerateError> {
        let made = self.make(random);
        // A question the flag cut reads as open, which keeps its given: nothing made after the
        // flag was raised is given out.
        if self.stop.is_raised() {
            return Err(GenerateError::Interrupted);
        }
        made
    }

    /// [`RulesGenerator::generate`], whatever the stop flag.
    fn make(&mut self, random: &mut Random) -> Result<Generated, GenerateError> {
        let mut cost = Cost::default();
        let solution = self.full_grid(random, &mut cost)?;
        let mut puzzle = solution.clone();
        let mut order: Vec<usize> = (0..solution.cells().len()).collect();
        random.shuffle(&mut order);
        for cell in order {
            if self.stop.is_raised() {
                return Err(GenerateError::Interrupted);
            }
            puzzle.set(cell, 0);
            let outcome = self.solver.uniqueness(&puzzle);
            cost.checks += 1;
            cost.nodes += outcome.stats.nodes;
            let unique = matches!(outcome.answer, Uniqueness::Unique(_));
            if outcome.cut_short() {
                cost.undecided += 1;
            }
            if !unique || outcome.cut_short() {
                puzzle.set(cell, solution.get(cell));
            }
        }
        Ok(Generated {
            puzzle,
            solution,
            rating: None,
            cost,
            cages: None,
            layout: None,
        })
    }

    /// A random full grid under the rules: the first row a random order of the digits (no rule
    /// forbids two cells of one row from differing), completed by the solver, then the digits
    /// renamed at random, which keeps every region and pair rule. A first row without a
    /// completion is dropped for the solver's own first grid, renamed.
    fn full_grid(&mut self, random: &mut Random, cost: &mut Cost) -> Result<Grid, GenerateError> {
        let shape = self.solver.shape();
        let side = shape.side();
        let mut seeds = Grid::empty(shape);
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        random.shuffle(&mut digits);
        for (col, &digit) in digits.iter().enumerate() {
            seeds.set(col, digit);
        }
        let mut full = None;
        for start in [seeds, Grid::empty(shape)] {
            let outcome = self.solver.first_solution(&start);
            cost.checks += 1;
            cost.nodes += outcome.stats.nodes;
            if let Some(grid) = outcome.answer {
                full = Some(grid);
                break;
            }
        }
        let full = full.ok_or(GenerateError::NoFullGridUnderRules)?;
        let mut names: Vec<u8> = (1..=side as u8).collect();
        random.shuffle(&mut names);
        let mut renamed = full.clone();
        for (cell, &digit) in full.cells().iter().enumerate() {
            renamed.set(cell, names[usize::from(digit) - 1]);
        }
        Ok(renamed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::Variant;

    #[test]
    fn a_raised_stop_flag_makes_no_puzzle() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let raised = StopFlag::new(Arc::new(AtomicBool::new(true)));
        let shape = Shape::new(2, 3).unwrap();
        let x = Variants::of(&[Variant::X]).unwrap();
        let rules = Rules::new(shape, &x, None).unwrap();
        let mut generator = RulesGenerator::new(rules, EngineKind::Auto)
            .unwrap()
            .with_stop_flag(raised.clone());
        let made = generator.generate(&mut Random::for_item(1, 0));
        assert_eq!(made.unwrap_err(), GenerateError::Interrupted);
        let jigsaw = Variants::of(&[Variant::Jigsaw]).unwrap();
        let made = RulesGenerator::on_random_layout(
            shape,
            &jigsaw,
            &mut Random::for_item(1, 0),
            &raised,
            EngineKind::Auto,
        );
        assert_eq!(made.unwrap_err(), GenerateError::Interrupted);
    }

    #[test]
    fn jigsaw_puzzles_on_random_layouts_are_unique_under_their_own_layout() {
        let shape = Shape::new(2, 3).unwrap();
        let variants = Variants::of(&[Variant::Jigsaw]).unwrap();
        let mut layouts = Vec::new();
        for index in 0..3 {
            let made = RulesGenerator::on_random_layout(
                shape,
                &variants,
                &mut Random::for_item(9, index),
                &StopFlag::never(),
                EngineKind::Auto,
            )
            .unwrap();
            let layout = made.layout.clone().unwrap();
            let rules = Rules::new(shape, &variants, Some(&layout)).unwrap();
            assert_eq!(rules.check_solution(&made.solution, &made.puzzle), Ok(()));
            let answer = SudokuSolver::with_rules(rules)
                .uniqueness(&made.puzzle)
                .answer;
            assert_eq!(answer, Uniqueness::Unique(made.solution.clone()));
            layouts.push(layout.to_line());
        }
        layouts.sort();
        layouts.dedup();
        assert_eq!(layouts.len(), 3, "each puzzle has its own layout");
    }

    #[test]
    fn generated_x_puzzles_are_unique_and_minimal_under_x() {
        let shape = Shape::new(2, 3).unwrap();
        let rules = Rules::new(shape, &Variants::of(&[Variant::X]).unwrap(), None).unwrap();
        let mut generator = RulesGenerator::new(rules.clone(), EngineKind::Auto).unwrap();
        let mut solver = SudokuSolver::with_rules(rules);
        for index in 0..4 {
            let made = generator.generate(&mut Random::for_item(5, index)).unwrap();
            let answer = solver.uniqueness(&made.puzzle).answer;
            assert_eq!(answer, Uniqueness::Unique(made.solution.clone()));
            for cell in (0..36).filter(|&c| made.puzzle.get(c) != 0) {
                let mut fewer = made.puzzle.clone();
                fewer.set(cell, 0);
                let answer = solver.uniqueness(&fewer).answer;
                assert!(
                    matches!(answer, Uniqueness::Multiple(_)),
                    "given {cell} can go"
                );
            }
        }
    }
}
