//! The one Sudoku solver: a grid's rules (classic, or with a variant's extra regions, pairs and
//! cages) as exact cover, on the engine the chooser names ([`super::on_engine`]: the rules'
//! problem loaded once, narrowed for each puzzle). Callers see one type.

use super::budget::SearchBudget;
use super::digits::DigitSet;
use super::encoding::ClassicSolver;
use super::grid::{Grid, Shape};
use super::on_engine::EngineSolver;
use super::solve::{questions_without_the_trait, Solve};
use super::variant::{KillerEncoding, Rules, RulesError};
use dlx_engine::{
    self as xc, ChoiceRule, Count, EngineKind, Outcome, ProgressSink, SearchReport, Shard,
    StopFlag, Uniqueness,
};

/// The DLX Sudoku solver of one set of rules: an arena built once and reused for every puzzle.
/// Keep one per thread and rules (for classic Sudoku, per shape).
///
/// ```
/// use dlx_puzzles::sudoku::{Grid, Shape, SudokuSolver};
/// use dlx_engine::{Count, Uniqueness};
///
/// let shape = Shape::new(2, 2).unwrap();
/// let mut solver = SudokuSolver::new(shape);
/// // The first puzzle of the project's `puzzles/4x4.txt`: minimal, so it has one solution.
/// let puzzle: Grid = "..3..1..23......".parse().unwrap();
/// let solution = solver.first_solution(&puzzle).answer.expect("the puzzle has a solution");
/// solution.check_solution_of(&puzzle).unwrap();
/// assert_eq!(solver.uniqueness(&puzzle).answer, Uniqueness::Unique(solution));
///
/// // The empty 4x4 grid has 288 completions; a limit makes the count a lower bound.
/// let empty = Grid::empty(shape);
/// assert_eq!(solver.count_solutions(&empty, None).answer, Count::exactly(288));
/// let bounded = solver.count_solutions(&empty, Some(10)).answer;
/// assert_eq!(bounded, Count::at_least(10));
/// assert!(matches!(solver.uniqueness(&empty).answer, Uniqueness::Multiple(_)));
/// ```
#[derive(Clone, Debug)]
pub struct SudokuSolver {
    engine: Engine,
}

/// The encoding that searches: classic rules on dancing links take the tuned layout of
/// [`super::encoding`] (the generic narrowing measured 10% to 13% more instructions a puzzle on
/// the collections of easy puzzles, docs/benchmarks.md); every other rules and engine, the
/// rules' problem narrowed for each puzzle on the engine the chooser named.
#[derive(Clone, Debug)]
enum Engine {
    Classic(Box<ClassicSolver>),
    Chosen(Box<EngineSolver>),
}

impl SudokuSolver {
    /// A solver of classic Sudoku of a shape.
    pub fn new(shape: Shape) -> SudokuSolver {
        SudokuSolver::with_rules(Rules::classic(shape))
    }

    /// A solver of puzzles under `rules`, Killer's cages in the default encoding.
    pub fn with_rules(rules: Rules) -> SudokuSolver {
        SudokuSolver::with_encoding(rules, KillerEncoding::default())
            .expect("the default encoding takes every cage the rules accept")
    }

    /// [`SudokuSolver::with_rules`], Killer's cages in the given encoding; the colour encoding
    /// refuses cages of too many fillings.
    pub fn with_encoding(
        rules: Rules,
        encoding: KillerEncoding,
    ) -> Result<SudokuSolver, RulesError> {
        SudokuSolver::on_engine(rules, encoding, EngineKind::Auto)
    }

    /// A solver of `rules` (Killer's cages in `encoding`) on the engine `kind`, as the chooser
    /// resolves it for the rules' problem ([`dlx_engine::Narrowed::new`]: `auto` takes the
    /// bands for classic 9x9 rules, the planes for rules of the Sudoku matrix's shape, every
    /// variant but Killer, and dancing links for Killer and for classic rules of other shapes,
    /// which run on links' tuned encoding, by the measurements of docs/benchmarks.md); refused
    /// when that engine cannot take the rules' problem.
    ///
    /// ```
    /// use dlx_engine::{Count, EngineKind};
    /// use dlx_puzzles::sudoku::variant::{KillerEncoding, Rules};
    /// use dlx_puzzles::sudoku::{Grid, Shape, Solve, SudokuSolver};
    ///
    /// let rules = Rules::classic(Shape::new(2, 2).unwrap());
    /// let encoding = KillerEncoding::default();
    /// let mut cells = SudokuSolver::on_engine(rules, encoding, EngineKind::Cells).unwrap();
    /// assert_eq!(cells.engine(), EngineKind::Cells);
    /// let empty = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(cells.count_solutions(&empty, None).answer, Count::exactly(288));
    /// ```
    pub fn on_engine(
        rules: Rules,
        encoding: KillerEncoding,
        kind: EngineKind,
    ) -> Result<SudokuSolver, RulesError> {
        let classic = rules.is_classic();
        if classic && kind == EngineKind::Links {
            let solver = ClassicSolver::new(rules.shape(), kind).map_err(RulesError::Engine)?;
            return Ok(SudokuSolver {
                engine: Engine::Classic(Box::new(solver)),
            });
        }
        // `auto` on classic rules: the bands when the chooser names them (the 9x9 matrix),
        // else links on their tuned layout, which measured faster than the planes on the
        // other shapes (docs/benchmarks.md; only links take its choice rule: on_engine.rs).
        let chosen = EngineSolver::new(rules, encoding, kind)?;
        let tuned = classic && kind == EngineKind::Auto && chosen.kind() != EngineKind::Bands;
        let engine = match tuned {
            true => Engine::Classic(Box::new(
                ClassicSolver::new(chosen.rules().shape(), kind).map_err(RulesError::Engine)?,
            )),
            false => Engine::Chosen(Box::new(chosen)),
        };
        Ok(SudokuSolver { engine })
    }

    /// The engine that searches.
    pub fn engine(&self) -> EngineKind {
        match &self.engine {
            Engine::Classic(solver) => solver.kind(),
            Engine::Chosen(solver) => solver.kind(),
        }
    }

    /// The engine's own figures from the last search on one thread, beside its nodes
    /// ([`dlx_engine::Engine::figures`]): the board's options taken as forced and removed by
    /// the domination rule; none for the others.
    pub fn figures(&self) -> Vec<(&'static str, u64)> {
        match &self.engine {
            Engine::Classic(_) => Vec::new(),
            Engine::Chosen(solver) => solver.figures(),
        }
    }

    /// Gives up after `max_nodes` search-tree nodes per puzzle (`None`: never).
    pub fn with_node_budget(mut self, max_nodes: Option<u64>) -> SudokuSolver {
        self.set_node_budget(max_nodes);
        self
    }

    /// The node budget per puzzle (`None`: none).
    pub fn node_budget(&self) -> Option<u64> {
        self.budget().max_nodes
    }

    /// Sets the node budget per puzzle (`None`: none).
    pub fn set_node_budget(&mut self, max_nodes: Option<u64>) {
        self.budget_mut().max_nodes = max_nodes;
    }

    /// Ends each search between two nodes once `stop` is raised
    /// ([`dlx_engine::Stop::Interrupted`]: what was found so far, the question undecided).
    pub fn with_stop_flag(mut self, stop: StopFlag) -> SudokuSolver {
        self.budget_mut().stop = stop;
        self
    }

    /// The engine's node budget and stop flag.
    fn budget(&self) -> &SearchBudget {
        match &self.engine {
            Engine::Classic(solver) => &solver.budget,
            Engine::Chosen(solver) => &solver.budget,
        }
    }

    /// The same, to change.
    fn budget_mut(&mut self) -> &mut SearchBudget {
        match &mut self.engine {
            Engine::Classic(solver) => &mut solver.budget,
            Engine::Chosen(solver) => &mut solver.budget,
        }
    }

    /// How many options a search chooses to solve `puzzle` (see
    /// [`EngineSolver::solution_options`]): what tells a rating that the search never guessed.
    pub(crate) fn solution_options(&self, puzzle: &Grid) -> u64 {
        match &self.engine {
            Engine::Classic(_) => puzzle.cells().iter().filter(|&&digit| digit == 0).count() as u64,
            Engine::Chosen(solver) => solver.solution_options(puzzle),
        }
    }

    /// The shape this solver solves (for a jigsaw, only its side is the shape's).
    pub fn shape(&self) -> Shape {
        match &self.engine {
            Engine::Classic(solver) => solver.shape(),
            Engine::Chosen(solver) => solver.rules().shape(),
        }
    }

    /// The rules this solver solves under, `None` for classic Sudoku.
    pub fn rules(&self) -> Option<&Rules> {
        match &self.engine {
            Engine::Classic(_) => None,
            Engine::Chosen(solver) => Some(solver.rules()).filter(|rules| !rules.is_classic()),
        }
    }

    /// [`Solve::search`], each empty cell allowed only the digits of `candidates` when given: a
    /// pencilmark puzzle's options are fewer.
    pub fn search_within(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        match &mut self.engine {
            Engine::Classic(solver) => {
                solver.search_within(puzzle, candidates, max_solutions, visitor)
            }
            Engine::Chosen(solver) => {
                solver.search(puzzle, candidates, max_solutions, None, visitor)
            }
        }
    }

    /// The number of solutions of `puzzle` (within `candidates` when given),
    /// counting stopped at `limit` if given, as [`Solve::count_solutions`] counts them, telling
    /// `progress` where the search stands every so many nodes (see
    /// [`dlx_engine::Engine::search_reporting`]) when its [`ProgressSink::begin`] takes this
    /// search: the bar of one long count on one thread.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Grid, Shape, SudokuSolver};
    /// use dlx_engine::{Count, ProgressSink};
    /// use std::sync::Mutex;
    ///
    /// struct Fractions(Mutex<Vec<f64>>);
    /// impl ProgressSink for Fractions {
    ///     fn report(&self, fraction: f64, _nodes: u64) {
    ///         self.0.lock().unwrap().push(fraction);
    ///     }
    /// }
    ///
    /// let shape = Shape::new(2, 2).unwrap();
    /// let fractions = Fractions(Mutex::new(Vec::new()));
    /// let empty = Grid::empty(shape);
    /// let count = SudokuSolver::new(shape).count_reporting(&empty, None, None, &fractions);
    /// assert_eq!(count.answer, Count::exactly(288));
    /// assert_eq!(fractions.0.lock().unwrap().last(), Some(&1.0), "the whole tree was seen");
    /// ```
    pub fn count_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        limit: Option<u64>,
        progress: &dyn ProgressSink,
    ) -> Outcome<Count> {
        self.counting(|solver| match &mut solver.engine {
            Engine::Classic(solver) => solver.count_reporting(puzzle, candidates, limit, progress),
            Engine::Chosen(solver) => solver.count_reporting(puzzle, candidates, limit, progress),
        })
    }

    /// Counts the completions of `puzzle` with the search split into subtrees (see
    /// [`dlx_engine::Narrowed::search_split_reporting`]) on the current rayon pool: one big count on every
    /// core, or only `shard`'s share of it, the shards' counts adding up to the whole. Counting
    /// stops at `limit` when given; `stop_requested` is asked at every node (a signal). The
    /// node budget does not apply: a split count is for the counts too big for one search.
    pub fn count_split(
        &mut self,
        puzzle: &Grid,
        shard: Shard,
        limit: Option<u64>,
        stop_requested: &(dyn Fn() -> bool + Sync),
    ) -> SearchReport<()> {
        self.count_split_reporting(puzzle, None, shard, limit, stop_requested, None)
    }

    /// [`SudokuSolver::count_split`] of `puzzle` with its empty cells restricted to
    /// `candidates` when given (pencilmarks), telling `progress` how much of the tree is done.
    pub fn count_split_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        shard: Shard,
        limit: Option<u64>,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
    ) -> SearchReport<()> {
        self.counting(|solver| match &mut solver.engine {
            Engine::Classic(solver) => solver.count_split_reporting(
                puzzle,
                candidates,
                shard,
                limit,
                stop_requested,
                progress,
            ),
            Engine::Chosen(solver) => solver.count_split_reporting(
                puzzle,
                candidates,
                shard,
                limit,
                stop_requested,
                progress,
            ),
        })
    }

    /// [`Solve::count_solutions`] of `puzzle` with its empty cells restricted to `candidates`
    /// when given (pencilmarks).
    pub(crate) fn count_within(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        limit: Option<u64>,
    ) -> Outcome<Count> {
        self.counting(|solver| {
            xc::Outcome::count_solutions(limit, |max, visit| {
                solver.search_within(puzzle, candidates, max, visit)
            })
        })
    }

    /// Runs `count` with the engine choosing by [`rule_of_counts`], then puts the solver's own
    /// rule back.
    fn counting<T>(&mut self, count: impl FnOnce(&mut SudokuSolver) -> T) -> T {
        self.set_counting(true);
        let counted = count(self);
        self.set_counting(false);
        counted
    }

    fn set_counting(&mut self, on: bool) {
        match &mut self.engine {
            Engine::Classic(solver) => solver.set_counting(on),
            Engine::Chosen(solver) => solver.set_counting(on),
        }
    }
}

/// The rule a count chooses items by, given the rule of the solver's other questions. A count
/// may be split over threads ([`super::Solvers::count_on_every_core`]), and each subtree of a
/// split is a search of its own, which would weigh ties from its own node `from_node` on
/// ([`ChoiceRule::MrvThenReach`]), not from the whole tree's: a count weighs them from its first
/// node, so that its tree and its figures are the same on one thread and split. (The rule is
/// tuned for uniqueness, where a search of 62 nodes on average, serg's, gains by not weighing;
/// a count worth splitting enters at least 100,000.)
pub(super) fn rule_of_counts(rule: ChoiceRule) -> ChoiceRule {
    match rule {
        ChoiceRule::MrvThenReach { .. } => ChoiceRule::MrvThenReach { from_node: 0 },
        other => other,
    }
}

questions_without_the_trait!(SudokuSolver);

impl Solve for SudokuSolver {
    /// Panics if the puzzle's shape is not the solver's: that is the caller's bug, not input.
    /// Givens that break a rule (two alike in a region or a forbidden pair) mean no solution.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        self.search_within(puzzle, None, max_solutions, visitor)
    }

    fn count_solutions(&mut self, puzzle: &Grid, limit: Option<u64>) -> Outcome<Count> {
        self.count_within(puzzle, None, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::{Variant, Variants};

    fn rules(shape: Shape, variants: &[Variant]) -> Rules {
        Rules::new(shape, &Variants::of(variants).unwrap(), None).unwrap()
    }

    #[test]
    fn rules_without_extras_take_the_classic_path() {
        let shape = Shape::new(2, 2).unwrap();
        assert!(SudokuSolver::with_rules(rules(shape, &[]))
            .rules()
            .is_none());
        let x = SudokuSolver::with_rules(rules(shape, &[Variant::X]));
        assert_eq!(x.rules(), Some(&rules(shape, &[Variant::X])));
    }

    #[test]
    fn shards_of_a_variant_count_add_up_to_the_whole() {
        // Every 6x6 X-Sudoku: 8,640 grids.
        let shape = Shape::new(2, 3).unwrap();
        let mut solver = SudokuSolver::with_rules(rules(shape, &[Variant::X]));
        let empty = Grid::empty(shape);
        let never = || false;
        let whole = solver.count_split(&empty, Shard::WHOLE, None, &never);
        assert_eq!(whole.outcome.stats.solutions, 8_640);
        let total: u64 = (0..3)
            .map(|index| {
                let shard = Shard { index, count: 3 };
                solver
                    .count_split(&empty, shard, None, &never)
                    .outcome
                    .stats
                    .solutions
            })
            .sum();
        assert_eq!(total, 8_640);
        let quiet = solver.count_solutions(&empty, None).answer;
        assert_eq!(quiet, Count::exactly(8_640));
    }
}
