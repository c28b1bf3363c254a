//! Difficulty ratings of variant puzzles, on the scale of [`crate::sudoku::Rater`] where it
//! carries over.
//!
//! | rating | technique | what solves the puzzle |
//! |---|---|---|
//! | 2 | `singles` | the search never guesses: each step has an item with one option left |
//! | 4 + n | `search` | the engine, in `n` search-tree nodes on average |
//!
//! The classic passes (cross-hatching, singles, locked candidates) know rows, columns and
//! boxes only; a variant's rules are its exact-cover problem's items. An item with one option
//! left is a single of whatever rule it stands for: a cell with one digit (a naked single), a
//! region with one place for a digit (a hidden single, in a row, box, jigsaw region, diagonal
//! or window), a cage with one set of digits or one place for one of them. So a puzzle the
//! engine solves without a guess is rated 2, like a classic puzzle that singles fill.
//!
//! Whether the search guesses is a property of the puzzle, read from dancing links' tree, which
//! takes an item of one option whenever there is one: the tree is a path exactly when forced
//! items alone solve the puzzle. `n` counts the nodes of the engine that rates (any engine,
//! [`RulesRater::with_engine`]; the scale was measured on links, so ratings made on different
//! engines do not compare).
//!
//! `n` is the mean of the engine's nodes proving the puzzle unique over [`Rater::RELABELLINGS`]
//! relabellings: the cells renamed at random (the rules move with them, so the problem is the
//! same up to the order of its items and options), and, without cages, the digits too (a
//! cage's sum ties it to its digits). The relabellings come from a fixed seed, so a puzzle's
//! rating never changes.

use super::rules::Rules;
use super::KillerEncoding;
use crate::sudoku::grid::Grid;
use crate::sudoku::random::Random;
use crate::sudoku::rate::{Rated, Rater, Rating, Technique};
use crate::sudoku::SudokuSolver;
use dlx_engine::{EngineKind, StopFlag, Uniqueness};

/// The seed of the relabellings: fixed, so ratings are reproducible.
const RELABELLING_SEED: u64 = 0x7a71_a4e5;

/// One relabelling: where each cell goes, and what each digit becomes.
#[derive(Clone, Debug)]
struct Relabelling {
    /// Cell `c` of the puzzle becomes cell `to[c]`.
    to: Vec<usize>,
    /// Digit `d` becomes `digits[d]` (`digits[0] = 0`: empty stays empty).
    digits: Vec<u8>,
}

impl Relabelling {
    fn random(cells: usize, side: usize, random: &mut Random) -> Relabelling {
        let mut to: Vec<usize> = (0..cells).collect();
        random.shuffle(&mut to);
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        random.shuffle(&mut digits);
        digits.insert(0, 0);
        Relabelling { to, digits }
    }

    fn apply(&self, puzzle: &Grid, rename_digits: bool) -> Grid {
        let mut moved = Grid::empty(puzzle.shape());
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            let digit = match rename_digits {
                true => self.digits[usize::from(digit)],
                false => digit,
            };
            moved.set(self.to[cell], digit);
        }
        moved
    }
}

/// Rates puzzles under rules other than classic ones: [`Rater::rate_under`]. Keeps the
/// solvers of the last rules met (a collection of one variant builds them once; a Killer's
/// cages are its own, so each Killer builds its own).
pub(crate) struct RulesRater {
    max_nodes: Option<u64>,
    /// Raised to end every search (a signal): the puzzle is then undecided.
    stop: StopFlag,
    /// The relabellings of the last side met.
    relabellings: Vec<Relabelling>,
    /// The last rules met, their solver on dancing links, and the solvers of their
    /// relabellings made so far, on the engine that rates.
    kept: Option<(Rules, Vec<SudokuSolver>)>,
    /// The engine whose nodes the rating counts.
    engine: EngineKind,
}

impl RulesRater {
    /// A rater whose every search gives up after `max_nodes` nodes (`None`: never).
    pub fn new(max_nodes: Option<u64>) -> RulesRater {
        RulesRater {
            max_nodes,
            stop: StopFlag::never(),
            relabellings: Vec::new(),
            kept: None,
            engine: EngineKind::Auto,
        }
    }

    /// Counts the nodes of the engine `kind` in the ratings.
    pub fn with_engine(mut self, kind: EngineKind) -> RulesRater {
        self.engine = kind;
        self.kept = None;
        self
    }

    /// The engine whose nodes the rating counts: `auto` is dancing links, on whose tree the
    /// scale was measured, whatever `auto` picks for solving.
    fn rating_engine(&self) -> EngineKind {
        match self.engine {
            EngineKind::Auto => EngineKind::Links,
            named => named,
        }
    }

    /// Ends every search once `stop` is raised: the puzzle being rated is then undecided.
    pub fn with_stop_flag(mut self, stop: StopFlag) -> RulesRater {
        self.stop = stop;
        self
    }

    /// A solver of `rules` on dancing links, whose tree tells a puzzle singles fill, with this
    /// rater's budget and flag.
    fn solver(&self, rules: Rules) -> SudokuSolver {
        SudokuSolver::on_engine(rules, KillerEncoding::default(), EngineKind::Links)
            .expect("dancing links take every rules' problem")
            .with_node_budget(self.max_nodes)
            .with_stop_flag(self.stop.clone())
    }

    /// Rates `puzzle` under `rules`, which must be of its side.
    #[cfg(test)]
    pub fn rate(&mut self, rules: &Rules, puzzle: &Grid) -> Rated {
        self.rate_with_solution(rules, puzzle).0
    }

    /// The rating of `puzzle` under `rules` (which must be of its side), and the puzzle's
    /// solution when it has one (the first search, which asks whether the puzzle is unique,
    /// finds it).
    pub fn rate_with_solution(&mut self, rules: &Rules, puzzle: &Grid) -> (Rated, Option<Grid>) {
        let cells = rules.shape().cell_count();
        if self.relabellings.first().map(|r| r.to.len()) != Some(cells) {
            let mut random = Random::for_item(RELABELLING_SEED, cells as u64);
            self.relabellings = (0..Rater::RELABELLINGS)
                .map(|_| Relabelling::random(cells, rules.side(), &mut random))
                .collect();
        }
        if self.kept.as_ref().map(|(kept, _)| kept) != Some(rules) {
            let solver = self.solver(rules.clone());
            self.kept = Some((rules.clone(), vec![solver]));
        }
        let rating_engine = self.rating_engine();
        let (_, solvers) = self.kept.as_mut().expect("kept above");
        let as_given = solvers[0].uniqueness(puzzle);
        let solution = match as_given.answer {
            _ if as_given.cut_short() => return (Rated::Undecided, None),
            Uniqueness::None => return (Rated::NoSolution, None),
            Uniqueness::Multiple(_) => return (Rated::Multiple, None),
            Uniqueness::Unique(solution) => Some(solution),
        };
        if as_given.stats.nodes == solvers[0].solution_options(puzzle) + 1 {
            let rating = Rating {
                technique: Technique::Singles,
                nodes: 0.0,
            };
            return (Rated::Unique(rating), solution);
        }
        let rename_digits = rules.cages().is_none();
        let mut nodes = 0;
        for (k, relabelling) in self.relabellings.iter().enumerate() {
            if solvers.len() == k + 1 {
                let moved = rules.with_cells_moved(&relabelling.to);
                let encoding = KillerEncoding::default();
                let Ok(solver) = SudokuSolver::on_engine(moved, encoding, rating_engine) else {
                    // The engine cannot hold the rules' problem: nothing to count with (the
                    // CLI refuses such a puzzle before rating it).
                    return (Rated::Undecided, None);
                };
                let solver = solver
                    .with_node_budget(self.max_nodes)
                    .with_stop_flag(self.stop.clone());
                solvers.push(solver);
            }
            // Asked as uniqueness, under the solver's own rule (a count chooses by the rule of
            // counts).
            let outcome = solvers[k + 1].uniqueness(&relabelling.apply(puzzle, rename_digits));
            match outcome.answer {
                _ if outcome.cut_short() => return (Rated::Undecided, None),
                Uniqueness::Unique(_) => nodes += outcome.stats.nodes,
                // A relabelling keeps the count: anything else is this crate's bug.
                found => panic!("a relabelled puzzle is {found:?}, the puzzle unique"),
            }
        }
        let rating = Rating {
            technique: Technique::Search,
            nodes: nodes as f64 / Rater::RELABELLINGS as f64,
        };
        (Rated::Unique(rating), solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::Variants;
    use crate::sudoku::{Generator, Shape};

    #[test]
    fn a_solution_less_one_cell_is_singles_and_an_empty_grid_multiple() {
        let shape = Shape::new(2, 2).unwrap();
        let rules = Rules::new(shape, &Variants::parse("x").unwrap(), None).unwrap();
        let mut solver = SudokuSolver::with_rules(rules.clone());
        let solution = solver.first_solution(&Grid::empty(shape)).answer.unwrap();
        let mut puzzle = solution.clone();
        puzzle.set(5, 0);
        let mut rater = RulesRater::new(None);
        let Rated::Unique(rating) = rater.rate(&rules, &puzzle) else {
            panic!("one empty cell has one way to be filled");
        };
        assert_eq!(
            (rating.technique, rating.value()),
            (Technique::Singles, 2.0)
        );
        assert_eq!(rater.rate(&rules, &Grid::empty(shape)), Rated::Multiple);
        let mut clash = Grid::empty(shape);
        clash.set(0, 1);
        clash.set(5, 1); // both on the main diagonal
        assert_eq!(rater.rate(&rules, &clash), Rated::NoSolution);
    }

    #[test]
    fn a_killer_is_rated_under_its_cages_moved_with_its_cells() {
        let shape = Shape::new(2, 3).unwrap();
        let killer = Variants::parse("killer").unwrap();
        let made = Generator::killer(shape).generate(5, 0).unwrap();
        let rules = Rules::with_cages(shape, &killer, None, made.cages.as_ref()).unwrap();
        let mut rater = RulesRater::new(None);
        let Rated::Unique(rating) = rater.rate(&rules, &made.puzzle) else {
            panic!("the generator's Killers have one solution");
        };
        assert!(rating.value() >= 2.0);
        // Each relabelled problem keeps the one solution (rate panics otherwise), and with a
        // node budget of one the search gives up.
        let mut hurried = RulesRater::new(Some(1));
        assert_eq!(hurried.rate(&rules, &made.puzzle), Rated::Undecided);
    }

    #[test]
    fn moving_the_cells_keeps_the_number_of_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let mut random = Random::for_item(1, 1);
        for list in ["x", "anti-king", "anti-knight", "x,anti-king"] {
            let rules = Rules::new(shape, &Variants::parse(list).unwrap(), None).unwrap();
            let count = |rules: Rules| {
                SudokuSolver::with_rules(rules)
                    .count_solutions(&Grid::empty(shape), None)
                    .answer
            };
            let relabelling = Relabelling::random(16, 4, &mut random);
            let moved = rules.with_cells_moved(&relabelling.to);
            assert_eq!(count(moved), count(rules), "{list}");
        }
    }
}
