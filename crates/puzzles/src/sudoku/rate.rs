//! Difficulty ratings: the hardest technique a puzzle needs, among the passes this crate has,
//! and for a puzzle they leave unsolved, how much searching it takes.
//!
//! The scale (higher is harder):
//!
//! | rating | technique | what solves the puzzle |
//! |---|---|---|
//! | 1 | `crosshatch` | cross-hatching alone (a digit with one place left in a box) |
//! | 2 | `singles` | naked and hidden singles (in rows, columns and boxes) |
//! | 3 | `locked` | singles and locked candidates, in turn |
//! | 4 + n | `search` | the engine, after those passes, in `n` search-tree nodes on average |
//!
//! `n` is the mean of the engine's nodes, each search asked whether the puzzle is unique, over
//! [`Rater::RELABELLINGS`] relabellings of the puzzle (digits renamed, rows moved within bands,
//! columns within stacks): the engine breaks ties between items by their order, so one search's count
//! depends on the labels, and the mean does much less. The relabellings come from a fixed seed,
//! so a puzzle's rating never changes.

use super::crosshatch::CrossHatch;
use super::digits::DigitSet;
use super::grid::{Grid, Shape};
use super::locked::Segments;
use super::random::Random;
use super::relabel::Relabelling;
use super::singles::{fill_singles, mark_givens, open_candidates, Units};
use super::solvers::Solvers;
use super::variant::{Rules, RulesRater};
use dlx_engine::Uniqueness;
use std::fmt;

/// The seed of the relabellings: fixed, so ratings are reproducible.
const RELABELLING_SEED: u64 = 0x5eed_f00d;

/// The hardest technique a puzzle needs, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Cross-hatching alone fills the grid.
    CrossHatching,
    /// Naked and hidden singles fill it.
    Singles,
    /// Singles and locked candidates fill it.
    LockedCandidates,
    /// The passes leave cells open: the engine searches.
    Search,
}

impl Technique {
    /// The technique's name, as printed beside a rating.
    pub fn name(self) -> &'static str {
        match self {
            Technique::CrossHatching => "crosshatch",
            Technique::Singles => "singles",
            Technique::LockedCandidates => "locked",
            Technique::Search => "search",
        }
    }

    /// The rating's whole part: 1 to 4.
    pub fn level(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A uniquely solvable puzzle's difficulty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The hardest technique the puzzle needs: the first of the ladder that solves it.
    pub technique: Technique,
    /// The mean search-tree nodes over the relabellings (0 below [`Technique::Search`]).
    pub nodes: f64,
}

impl Rating {
    /// The number: the technique's level, plus the mean nodes for a search.
    pub fn value(&self) -> f64 {
        f64::from(self.technique.level()) + self.nodes
    }
}

/// What rating a puzzle found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rated {
    /// The puzzle has one solution.
    Unique(Rating),
    /// The puzzle has no solution: a difficulty means nothing.
    NoSolution,
    /// Several solutions: a difficulty means nothing.
    Multiple,
    /// A search ran out of its node budget.
    Undecided,
}

/// Rates puzzles: keeps the passes' tables and the relabellings of each shape met, to reuse
/// them from puzzle to puzzle. Keep one per thread.
///
/// ```
/// use dlx_puzzles::sudoku::{Grid, Rated, Rater, Shape, Solvers, SudokuSolver, Technique};
///
/// let mut rater = Rater::default();
/// let mut solvers = Solvers::with_node_budget(None);
///
/// // The first puzzle of the project's `puzzles/hard-9x9.txt`, generated with a minimum
/// // rating of 200.
/// let hard: Grid =
///     "...2..6.4..4......9.6...13...7.3..1......6.53..97.18..1.3.4....54.18.........2..."
///         .parse()
///         .unwrap();
/// let Rated::Unique(rating) = rater.rate(&hard, &mut solvers) else {
///     panic!("the puzzle has one solution");
/// };
/// assert_eq!(rating.technique, Technique::Search);
/// assert!(rating.value() >= 200.0);
/// // The same puzzle always gets the same rating.
/// assert_eq!(rater.rate(&hard, &mut solvers), Rated::Unique(rating));
///
/// // Its solution with one cell emptied needs cross-hatching alone: rated 1.
/// let solution = SudokuSolver::new(hard.shape()).first_solution(&hard).answer.unwrap();
/// let mut easy = solution.clone();
/// easy.set(0, 0);
/// let Rated::Unique(rating) = rater.rate(&easy, &mut solvers) else {
///     panic!("one empty cell has one way to be filled");
/// };
/// assert_eq!((rating.technique, rating.value()), (Technique::CrossHatching, 1.0));
///
/// // A difficulty means nothing without exactly one solution.
/// let empty = Grid::empty(Shape::new(2, 2).unwrap());
/// assert_eq!(rater.rate(&empty, &mut solvers), Rated::Multiple);
/// let stuck: Grid = "..1.23..........".parse().unwrap();
/// assert_eq!(rater.rate(&stuck, &mut solvers), Rated::NoSolution);
/// ```
#[derive(Default)]
pub struct Rater {
    shapes: Vec<ShapeTables>,
    /// The rater of rules other than classic ones, made on first use.
    ruled: Option<RulesRater>,
}

/// What rating a puzzle of one shape needs, built once.
struct ShapeTables {
    shape: Shape,
    units: Units,
    segments: Segments,
    relabellings: Vec<Relabelling>,
    /// Scratch: the digits each unit holds, each cell's candidates, a grid for the passes and
    /// one for the relabelled puzzle.
    used: Vec<DigitSet>,
    candidates: Vec<DigitSet>,
    settled: Grid,
    relabelled: Grid,
}

impl ShapeTables {
    fn new(shape: Shape) -> ShapeTables {
        let mut random = Random::for_item(RELABELLING_SEED, shape.side() as u64);
        ShapeTables {
            shape,
            units: Units::new(shape),
            segments: Segments::new(shape),
            relabellings: (0..Rater::RELABELLINGS)
                .map(|_| Relabelling::random(shape, &mut random, false))
                .collect(),
            used: Vec::new(),
            candidates: Vec::new(),
            settled: Grid::empty(shape),
            relabelled: Grid::empty(shape),
        }
    }

    /// The easiest technique that fills the grid, `Some(None)` when none does, `None` when the
    /// puzzle shows it has no solution on the way.
    fn technique(&mut self, puzzle: &Grid) -> Option<Option<Technique>> {
        if puzzle.check_givens().is_err() {
            return None;
        }
        self.settled.clone_from(puzzle);
        match CrossHatch::in_place(&mut self.settled, |_, _| {}) {
            Err(_) => return None,
            Ok(_) if self.settled.is_full() => return Some(Some(Technique::CrossHatching)),
            Ok(_) => {}
        }
        self.settled.clone_from(puzzle);
        if !mark_givens(&self.units, puzzle.cells(), &mut self.used) {
            return None;
        }
        let cells = self.settled.cells_mut();
        open_candidates(&self.units, cells, &self.used, &mut self.candidates);
        let mut technique = Technique::Singles;
        loop {
            if !fill_singles(&self.units, cells, &mut self.used, &mut self.candidates) {
                return None;
            }
            if cells.iter().all(|&d| d != 0) {
                return Some(Some(technique));
            }
            if !self.segments.strike_locked(&mut self.candidates) {
                return Some(None);
            }
            technique = Technique::LockedCandidates;
        }
    }
}

impl Rater {
    /// Relabellings whose search nodes are averaged.
    pub const RELABELLINGS: u64 = 16;

    /// Rates one puzzle, searching with `solvers` (whose node budget applies to each search).
    pub fn rate(&mut self, puzzle: &Grid, solvers: &mut Solvers) -> Rated {
        self.rate_solving(puzzle, solvers, false).0
    }

    /// [`Rater::rate`], and the puzzle's solution when it has one: the passes' grid when they
    /// fill it, else one search more, from where the passes left it (fewer nodes than any of
    /// the rating's; `None` if it outruns the node budget).
    pub fn rate_with_solution(
        &mut self,
        puzzle: &Grid,
        solvers: &mut Solvers,
    ) -> (Rated, Option<Grid>) {
        self.rate_solving(puzzle, solvers, true)
    }

    /// Rates one puzzle under `rules`, which must be of its side: classic rules as
    /// [`Rater::rate`] does, other rules by the mean nodes of the engine alone (no passes know
    /// their regions, pairs and cages), its technique saying whether it had to guess. The
    /// node budget and stop flag are those of the first `solvers` given.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::variant::Variants;
    /// use dlx_puzzles::sudoku::{Boxes, Rated, Rater, Record, Solvers, Technique};
    ///
    /// let x = Variants::parse("x").unwrap();
    /// // The first puzzle of the project's `puzzles/x-9x9.txt`, made by `dlx generate --variant x`.
    /// let line = "..3.7......8.6......4........5....1....7......6..25....5....2484..2..........1.6.";
    /// let puzzle = Record::parse_variant_line(line, 1, &x, None, Boxes::Usual).unwrap();
    /// let rules = puzzle.rules(&x, None).unwrap();
    /// let (mut rater, mut solvers) = (Rater::default(), Solvers::default());
    /// let rated = rater.rate_under(&rules, puzzle.grid(), &mut solvers);
    /// let Rated::Unique(rating) = rated else { panic!("one solution, got {rated:?}") };
    /// assert!(rating.technique >= Technique::Singles);
    /// // The same puzzle always gets the same rating.
    /// assert_eq!(rater.rate_under(&rules, puzzle.grid(), &mut solvers), rated);
    /// ```
    pub fn rate_under(&mut self, rules: &Rules, puzzle: &Grid, solvers: &mut Solvers) -> Rated {
        self.rate_under_with_solution(rules, puzzle, solvers).0
    }

    /// [`Rater::rate_under`], and the puzzle's solution when it has one.
    pub fn rate_under_with_solution(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        solvers: &mut Solvers,
    ) -> (Rated, Option<Grid>) {
        if rules.is_classic() {
            return self.rate_with_solution(puzzle, solvers);
        }
        let ruled = self.ruled.get_or_insert_with(|| {
            RulesRater::new(solvers.node_budget())
                .with_stop_flag(solvers.stop_flag().clone())
                .with_engine(solvers.engine())
        });
        ruled.rate_with_solution(rules, puzzle)
    }

    /// The rating, and under `solve` the solution of a puzzle that has one.
    fn rate_solving(
        &mut self,
        puzzle: &Grid,
        solvers: &mut Solvers,
        solve: bool,
    ) -> (Rated, Option<Grid>) {
        let shape = puzzle.shape();
        let index = match self.shapes.iter().position(|t| t.shape == shape) {
            Some(index) => index,
            None => {
                self.shapes.push(ShapeTables::new(shape));
                self.shapes.len() - 1
            }
        };
        let tables = &mut self.shapes[index];
        match tables.technique(puzzle) {
            None => return (Rated::NoSolution, None),
            Some(Some(technique)) => {
                let rating = Rating {
                    technique,
                    nodes: 0.0,
                };
                // The passes filled the grid: their grid is the solution.
                return (Rated::Unique(rating), solve.then(|| tables.settled.clone()));
            }
            Some(None) => {}
        }
        let solver = solvers.rating_dlx_for(shape);
        let mut nodes = 0u64;
        for relabelling in &tables.relabellings {
            relabelling.apply_into(puzzle, &mut tables.relabelled);
            // Asked as uniqueness, not as a count up to 2: a count chooses by the rule of
            // counts, and a rating is measured under the solver's tuned rule.
            let outcome = solver.uniqueness(&tables.relabelled);
            match outcome.answer {
                _ if outcome.cut_short() => return (Rated::Undecided, None),
                Uniqueness::None => return (Rated::NoSolution, None),
                Uniqueness::Unique(_) => nodes += outcome.stats.nodes,
                Uniqueness::Multiple(_) => return (Rated::Multiple, None),
            }
        }
        let rating = Rating {
            technique: Technique::Search,
            nodes: nodes as f64 / Rater::RELABELLINGS as f64,
        };
        // The passes' grid holds the givens and the cells they proved: its one solution is
        // the puzzle's.
        let solution = match solve {
            true => solver.first_solution(&tables.settled).answer,
            false => None,
        };
        (Rated::Unique(rating), solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    #[test]
    fn the_technique_does_not_depend_on_the_labels() {
        // The project's `puzzles/minimal-9x9.txt`.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/minimal-9x9.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let (mut solvers, mut rater) = (Solvers::default(), Rater::default());
        let technique = |rated: Rated| match rated {
            Rated::Unique(rating) => rating.technique,
            other => panic!("{other:?}"),
        };
        for (k, line) in text.lines().take(100).enumerate() {
            let puzzle = Grid::parse_line(line, k + 1).unwrap();
            let relabelled =
                Relabelling::random(puzzle.shape(), &mut Random::for_item(3, k as u64), true)
                    .apply(&puzzle);
            let here = technique(rater.rate(&puzzle, &mut solvers));
            let there = technique(rater.rate(&relabelled, &mut solvers));
            assert_eq!(here, there, "{line}");
            assert!(here >= Technique::CrossHatching);
        }
    }

    fn rate(line: &str) -> Rated {
        Rater::default().rate(&Grid::parse_line(line, 1).unwrap(), &mut Solvers::default())
    }

    fn technique(line: &str) -> Technique {
        match rate(line) {
            Rated::Unique(rating) => rating.technique,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_solution_comes_with_the_rating_at_every_level() {
        let solved =
            "192365487567814293384927156215746938936258741478139562623591874851473629749682315";
        let mut one_hole = solved.to_string();
        one_hole.replace_range(0..1, ".");
        let hard =
            "...2..6.4..4......9.6...13...7.3..1......6.53..97.18..1.3.4....54.18.........2...";
        let (mut rater, mut solvers) = (Rater::default(), Solvers::default());
        for line in [one_hole.as_str(), hard] {
            let puzzle = Grid::parse_line(line, 1).unwrap();
            let (rated, solution) = rater.rate_with_solution(&puzzle, &mut solvers);
            assert_eq!(rated, rater.rate(&puzzle, &mut solvers), "{line}");
            assert!(matches!(rated, Rated::Unique(_)), "{line}");
            assert_eq!(
                solution.unwrap().check_solution_of(&puzzle),
                Ok(()),
                "{line}"
            );
        }
        let empty = Grid::parse_line(&".".repeat(81), 1).unwrap();
        assert_eq!(
            rater.rate_with_solution(&empty, &mut solvers),
            (Rated::Multiple, None)
        );
    }

    #[test]
    fn each_level_of_the_scale() {
        // The solution of `dlx generate --seed 1`'s first puzzle.
        let solved =
            "192365487567814293384927156215746938936258741478139562623591874851473629749682315";
        // One cell empty: its box has one place left for the missing digit.
        let mut one_hole = solved.to_string();
        one_hole.replace_range(0..1, ".");
        assert_eq!(technique(&one_hole), Technique::CrossHatching);
        // A hard puzzle (the first of puzzles/hard-9x9.txt): the passes leave it open.
        let hard =
            "...2..6.4..4......9.6...13...7.3..1......6.53..97.18..1.3.4....54.18.........2...";
        let Rated::Unique(rating) = rate(hard) else {
            panic!("the hard puzzle is unique");
        };
        assert_eq!(rating.technique, Technique::Search);
        assert!(rating.value() >= 200.0, "{rating:?}");
        assert_eq!(
            rate(hard),
            Rated::Unique(rating),
            "ratings are reproducible"
        );
    }

    #[test]
    fn no_solution_and_several_are_told_apart() {
        assert_eq!(rate(&".".repeat(81)), Rated::Multiple);
        // Row 1 lacks only 9, which column 9 holds further down: no clash, no solution.
        let dead_end = format!("12345678.........9{}", ".".repeat(63));
        assert_eq!(rate(&dead_end), Rated::NoSolution);
    }
}
