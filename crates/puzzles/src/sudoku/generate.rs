//! Puzzle generation: a random full grid, then givens removed in a random order while the
//! puzzle stays unique, every uniqueness question answered by the engine ([`Solvers`]).
//!
//! The full grid comes from a randomized search of the empty grid: the boxes on the diagonal
//! (which share no row or column) get random permutations, the engine completes the grid, and a
//! random relabelling (digits, rows within bands, bands, columns within stacks, stacks) moves
//! the diagonal anywhere. Removal goes over the orbits of the chosen [`Symmetry`] in a random
//! order and empties each one whose removal keeps the puzzle unique. One pass makes the puzzle
//! minimal: an orbit that could not go when more givens stood cannot go later either (fewer
//! givens never leave fewer solutions).
//!
//! A puzzle depends only on the settings, the run's seed and its index
//! ([`Generator::generate`]), so a run gives the same puzzles on any number of threads.

use super::format::Format;
use super::grid::{Grid, Shape};
use super::random::Random;
use super::rate::{Rated, Rater, Rating};
use super::relabel::Relabelling;
use super::solvers::{Algorithm, Mode, Solvers, Verdict};
use super::symmetry::Symmetry;
use super::variant::{
    Cages, KillerGenerator, Regions, Rules, RulesError, RulesGenerator, Variants,
};
use dlx_engine::{EngineKind, StopFlag};
use thiserror::Error;

/// How many solutions the puzzles made should have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Solutions {
    /// Exactly one: proper puzzles.
    #[default]
    One,
    /// Several: a minimal puzzle with one more orbit of givens removed (for tests of the
    /// uniqueness question). Minimality guarantees that any removal leaves several solutions.
    Several,
    /// None: a minimal puzzle with one given changed to a digit that clashes with no other
    /// given, chosen so that no solution is left (for tests of "no solution" that are not
    /// malformed).
    NoSolution,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The box shape. Default 3x3.
    pub shape: Shape,
    /// The symmetry the pattern of givens keeps. Default none.
    pub symmetry: Symmetry,
    /// Remove givens until none can go (the default), or stop at the first that cannot.
    pub minimal: bool,
    /// Keep only puzzles rated in this range (both ends included); `None`: no rating asked.
    pub rating: Option<(f64, f64)>,
    /// Give up after this many tries at a puzzle in the rating range. Default 100,000.
    pub max_attempts: u64,
    /// Proper puzzles, or puzzles spoiled on purpose. Default one solution.
    pub solutions: Solutions,
    /// Search-tree nodes allowed to one uniqueness question; a question left open keeps its
    /// given (the puzzle is unique, but may not be minimal). `None` (the default): a question
    /// that passes 50,000 nodes abandons the grid for a new one instead, so every puzzle
    /// made is proven minimal; only after 8 abandoned grids does such a question
    /// keep its given.
    pub max_nodes: Option<u64>,
    /// The exact-cover engine that completes the grids and answers the uniqueness questions
    /// (and whose nodes a rating counts). Default `Auto`: dancing links. Each engine makes
    /// its own puzzles from a seed: where a question runs out of nodes depends on its tree.
    pub engine: EngineKind,
}

/// The nodes after which a uniqueness question abandons its grid, unless the settings give a
/// budget. Proving uniqueness has a heavy tail: on 20 minimal 16x16 puzzles (seed 6) the
/// median took 0.4M nodes over all its questions and one took 52M (39 s); starting again on a
/// new grid costs less than finishing such a one.
pub(crate) const RESTART_NODES: u64 = 50_000;

/// Grids a puzzle may abandon before open questions keep their givens instead, so that a
/// shape where every grid meets a hard question (25x25) still ends.
pub(crate) const MAX_RESTARTS: u64 = 8;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            shape: Shape::CLASSIC,
            symmetry: Symmetry::None,
            minimal: true,
            rating: None,
            max_attempts: 100_000,
            solutions: Solutions::One,
            max_nodes: None,
            engine: EngineKind::Auto,
        }
    }
}

/// A generated puzzle, its solution and what making it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle made: proper, or spoiled as [`Settings::solutions`] asks.
    pub puzzle: Grid,
    /// The unique solution of the proper puzzle the output was made from (for
    /// [`Solutions::Several`] and [`Solutions::NoSolution`], of the puzzle before it was
    /// spoiled).
    pub solution: Grid,
    /// The rating of the proper puzzle, when the settings asked for one.
    pub rating: Option<Rating>,
    /// The grids, questions and search nodes it took to make.
    pub cost: Cost,
    /// A Killer's cages and sums (the puzzle is then the empty grid they go with).
    pub cages: Option<Cages>,
    /// The jigsaw layout of a puzzle made on a layout of its own
    /// ([`Generator::on_random_layout`]).
    pub layout: Option<Regions>,
}

impl Generated {
    /// The record on one line, as `dlx sudoku` (with `--variant`) reads it: the givens, then a
    /// Killer's cages and sums, or the jigsaw layout the puzzle was made on.
    pub fn to_line(&self) -> String {
        let givens = match &self.cages {
            Some(cages) => {
                let dots: String = self.puzzle.cells().iter().map(|_| '.').collect();
                let (cages, sums) = cages.to_fields();
                format!("{dots} {cages} {sums}")
            }
            None => self.puzzle.to_text(Format::Line).trim_end().to_string(),
        };
        match &self.layout {
            Some(layout) => format!("{givens} {}", layout.to_line()),
            None => givens,
        }
    }
}

/// The work behind one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Full grids made (more than one when the rating filter threw puzzles away).
    pub attempts: u64,
    /// Uniqueness questions asked of the engine.
    pub checks: u64,
    /// Search-tree nodes over all of them.
    pub nodes: u64,
    /// Questions the node budget left open: the given stayed (the puzzle is still proven
    /// unique, but perhaps not minimal).
    pub undecided: u64,
    /// Grids abandoned because a question passed its 50,000 nodes.
    pub restarts: u64,
}

impl Cost {
    /// Asks the engine one question about `puzzle`, and counts it.
    fn ask(&mut self, solvers: &mut Solvers, puzzle: &Grid, mode: Mode) -> Verdict {
        let outcome = solvers.solve(puzzle, Algorithm::Dlx, mode);
        self.checks += 1;
        self.nodes += outcome.stats.nodes;
        outcome.answer
    }
}

/// The message of [`GenerateError::NoneInRange`], naming only the bounds that were asked for
/// (never [`f64::MAX`] written out in 309 digits).
struct NoneInRangeMessage {
    min: f64,
    max: f64,
    attempts: u64,
}

impl std::fmt::Display for NoneInRangeMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let NoneInRangeMessage { min, max, attempts } = *self;
        if (min..=max).is_empty() {
            return write!(
                f,
                "no puzzle can be rated from {min} to {max}: the range is empty"
            );
        }
        let (low, high) = (min > f64::MIN, max < f64::MAX);
        match (low, high) {
            (false, false) => write!(f, "no puzzle made in {attempts} attempts"),
            (true, false) => write!(f, "no puzzle rated at least {min} in {attempts} attempts"),
            (false, true) => write!(f, "no puzzle rated at most {max} in {attempts} attempts"),
            (true, true) => write!(f, "no puzzle rated {min} to {max} in {attempts} attempts"),
        }?;
        if low || high {
            write!(f, ": widen the rating range")?;
        }
        Ok(())
    }
}

/// Why no puzzle could be made: by the classic generator, a variant's or a Killer's.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum GenerateError {
    /// [`Settings::max_attempts`] puzzles were made and none was rated in the range asked (or,
    /// after no attempt, the range is empty: its least rating above its greatest, or NaN).
    #[error("{}", NoneInRangeMessage { min: *.min, max: *.max, attempts: *.attempts })]
    NoneInRange {
        /// The lowest rating asked for ([`f64::MIN`] when no rating was asked).
        min: f64,
        /// The highest rating asked for ([`f64::MAX`] when no rating was asked).
        max: f64,
        /// The puzzles made and thrown away.
        attempts: u64,
    },
    /// The engine's node budget ran out before it completed a full grid, even from a single
    /// random box.
    #[error("no full grid could be completed within the node budget")]
    NoFullGrid,
    /// Under [`Solutions::NoSolution`]: no given of the minimal puzzle could be changed to a
    /// digit that clashes with no other given yet leaves no solution.
    #[error("no given of the puzzle could be changed to leave no solution")]
    NoDeadEnd,
    /// Under [`Solutions::Several`]: no orbit of givens could be removed with the engine
    /// confirming that several solutions are left (each removal kept the puzzle unique, as
    /// it can when the puzzle is not minimal, or the node budget left the question open).
    #[error("no orbit of givens could be removed to leave several solutions")]
    NoSeveral,
    /// The generator's stop flag was raised (a signal) before the puzzle was made.
    #[error("interrupted before the puzzle was made")]
    Interrupted,
    /// A variant's rules have no full grid (or none was found within the node budget).
    #[error(
        "no full grid meets these rules within {} nodes",
        crate::sudoku::variant::QUESTION_NODES
    )]
    NoFullGridUnderRules,
    /// Killer's cages come with their grid: [`Generator::killer`] makes them.
    #[error("Killers are made by their own generator")]
    Killer,
    /// None of the random jigsaw layouts tried had a full grid under the rules.
    #[error("none of {0} random layouts had a full grid under these rules")]
    NoLayout(usize),
    /// The variants do not fit the grid (see [`crate::sudoku::variant::Rules::new`]).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Too many grids gave up on open questions or on Killer cages that could not be named.
    #[error("no unique Killer was found in {0} grids")]
    GaveUp(u64),
}

/// Makes unique puzzles, each from its own random stream: classic puzzles to their
/// [`Settings`] ([`Generator::new`]), puzzles under a variant's rules
/// ([`Generator::with_rules`]), on a random jigsaw layout of each puzzle's own
/// ([`Generator::on_random_layout`]), or Killers, whose cages come with their grid
/// ([`Generator::killer`]). Keep one per thread.
///
/// ```
/// use dlx_puzzles::sudoku::{Generator, Settings, Shape, SudokuSolver};
/// use dlx_engine::Uniqueness;
///
/// let settings = Settings {
///     shape: Shape::new(2, 2).unwrap(),
///     ..Settings::default()
/// };
/// let mut generator = Generator::new(settings);
/// let made = generator.generate(3, 0).unwrap();
/// made.solution.check_solution_of(&made.puzzle).unwrap();
///
/// // Unique, and minimal: emptying any given leaves several solutions.
/// let mut solver = SudokuSolver::new(made.puzzle.shape());
/// let unique = solver.uniqueness(&made.puzzle).answer;
/// assert_eq!(unique, Uniqueness::Unique(made.solution.clone()));
/// for cell in (0..made.puzzle.cells().len()).filter(|&cell| made.puzzle.get(cell) != 0) {
///     let mut fewer = made.puzzle.clone();
///     fewer.set(cell, 0);
///     assert!(matches!(solver.uniqueness(&fewer).answer, Uniqueness::Multiple(_)));
/// }
///
/// // A puzzle depends only on the settings and its stream: the project's `puzzles/4x4.txt`
/// // was made with these settings and seed 3.
/// let file = include_str!("../../../../puzzles/4x4.txt");
/// assert_eq!(made.puzzle.to_string(), file.lines().next().unwrap());
/// ```
pub struct Generator {
    making: Making,
}

/// What a [`Generator`] makes, each kind by its own specialised generator.
enum Making {
    Classic(Box<ClassicGenerator>),
    Rules(Box<RulesGenerator>),
    Killer(Box<KillerGenerator>),
}

impl Generator {
    /// The most cells a generated Killer cage has by default: larger cages leave more ways of
    /// filling them, and the search is slower (on 200 generated 9x9 Killers, 2,360 nodes a
    /// puzzle with cages of 2 to 4 cells, 6,120 with 2 to 5).
    pub const MAX_CAGE: usize = KillerGenerator::MAX_CAGE;

    /// A generator of classic puzzles to `settings`. Its solvers get the settings' node
    /// budget, or 50,000 nodes when there is none, after which a question abandons its grid.
    pub fn new(settings: Settings) -> Generator {
        let making = Making::Classic(Box::new(ClassicGenerator::new(settings)));
        Generator { making }
    }

    /// A generator of unique, minimal puzzles under `rules`: classic rules
    /// ([`Rules::classic`]) make the puzzles of [`Generator::new`] with the default settings;
    /// rules with cages are refused ([`Generator::killer`] makes Killers, whose cages come with
    /// their grid).
    pub fn with_rules(rules: Rules) -> Result<Generator, GenerateError> {
        if rules.is_classic() {
            let settings = Settings {
                shape: rules.shape(),
                ..Settings::default()
            };
            return Ok(Generator::new(settings));
        }
        let making = Making::Rules(Box::new(RulesGenerator::new(rules, EngineKind::Auto)?));
        Ok(Generator { making })
    }

    /// A generator of Killers on grids of `shape`, without givens: cages whose sums alone
    /// have exactly one solution.
    pub fn killer(shape: Shape) -> Generator {
        let making = Making::Killer(Box::new(KillerGenerator::new(shape)));
        Generator { making }
    }

    /// A jigsaw puzzle of `variants` (which hold jigsaw) on a layout of its own, given in
    /// [`Generated::layout`]: a random layout and a unique, minimal puzzle on it, puzzle
    /// `index` of the run seeded `seed` (see [`Generator::generate`]), its questions answered
    /// by the engine `engine`. A layout without a full grid (found within the node budget) is
    /// replaced by another, up to 256 layouts. Once `stop` is raised it gives
    /// [`GenerateError::Interrupted`].
    pub fn on_random_layout(
        shape: Shape,
        variants: &Variants,
        (seed, index): (u64, u64),
        stop: &StopFlag,
        engine: EngineKind,
    ) -> Result<Generated, GenerateError> {
        let mut random = Random::for_item(seed, index);
        RulesGenerator::on_random_layout(shape, variants, &mut random, stop, engine)
    }

    /// Ends each puzzle's making once `stop` is raised (a signal): it then gives
    /// [`GenerateError::Interrupted`], never a puzzle whose questions were cut.
    pub fn with_stop_flag(self, stop: StopFlag) -> Generator {
        let making = match self.making {
            Making::Classic(classic) => Making::Classic(Box::new(classic.with_stop_flag(stop))),
            Making::Rules(rules) => Making::Rules(Box::new(rules.with_stop_flag(stop))),
            Making::Killer(killer) => Making::Killer(Box::new(killer.with_stop_flag(stop))),
        };
        Generator { making }
    }

    /// Has the engine `kind` complete the grids and answer the uniqueness questions, for every
    /// kind of puzzle; refused when it cannot take the rules' problem. Every engine makes
    /// unique, minimal puzzles; a puzzle made on another engine may differ from the one made
    /// on dancing links, as the order of the solutions found may.
    ///
    /// ```
    /// use dlx_engine::{EngineKind, Uniqueness};
    /// use dlx_puzzles::sudoku::variant::{Rules, Variants};
    /// use dlx_puzzles::sudoku::{Generator, Shape, Solve, SudokuSolver};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// let rules = Rules::new(shape, &Variants::parse("x").unwrap(), None).unwrap();
    /// let mut generator = Generator::with_rules(rules.clone()).unwrap();
    /// let made = generator.on_engine(EngineKind::Cells).unwrap().generate(7, 0).unwrap();
    /// let answer = SudokuSolver::with_rules(rules).uniqueness(&made.puzzle).answer;
    /// assert_eq!(answer, Uniqueness::Unique(made.solution));
    /// ```
    pub fn on_engine(self, kind: EngineKind) -> Result<Generator, GenerateError> {
        let making = match self.making {
            Making::Classic(mut classic) => {
                classic.settings.engine = kind;
                classic.solvers = classic.solvers.with_engine(kind);
                Making::Classic(classic)
            }
            Making::Rules(rules) => Making::Rules(Box::new(rules.on_engine(kind)?)),
            Making::Killer(killer) => Making::Killer(Box::new(killer.with_engine(kind))),
        };
        Ok(Generator { making })
    }

    /// A Killer's cages of 2 to `max_cage` cells (kept from 2 to N) where the neighbours
    /// allow; nothing for other puzzles.
    pub fn with_max_cage(self, max_cage: usize) -> Generator {
        let making = match self.making {
            Making::Killer(killer) => Making::Killer(Box::new(killer.with_max_cage(max_cage))),
            other => other,
        };
        Generator { making }
    }

    /// The settings of a classic generator ([`Generator::new`]); `None` for the others.
    pub fn settings(&self) -> Option<&Settings> {
        match &self.making {
            Making::Classic(classic) => Some(&classic.settings),
            _ => None,
        }
    }

    /// Makes puzzle `index` of the run seeded `seed`: its own random stream, drawn from both
    /// numbers alone, so a run gives the same puzzles on any number of threads and any puzzle
    /// of it can be made again by itself.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let random = &mut Random::for_item(seed, index);
        match &mut self.making {
            Making::Classic(classic) => classic.generate(random),
            Making::Rules(rules) => rules.generate(random),
            Making::Killer(killer) => killer.generate(random),
        }
    }
}

/// Makes classic puzzles to its settings, with its own solvers and rater.
struct ClassicGenerator {
    settings: Settings,
    orbits: Vec<Vec<usize>>,
    solvers: Solvers,
    rater: Rater,
}

impl ClassicGenerator {
    /// A generator for `settings`. Its solvers get the settings' node budget, or
    /// 50,000 nodes when there is none, after which a question abandons its grid.
    fn new(settings: Settings) -> ClassicGenerator {
        let budget = settings.max_nodes.unwrap_or(RESTART_NODES);
        let engine = settings.engine;
        ClassicGenerator {
            orbits: settings.symmetry.orbits(settings.shape),
            settings,
            solvers: Solvers::with_node_budget(Some(budget)).with_engine(engine),
            rater: Rater::default(),
        }
    }

    /// Ends each puzzle's making once `stop` is raised (a signal): it then gives
    /// [`GenerateError::Interrupted`], never a puzzle whose questions were cut.
    fn with_stop_flag(mut self, stop: StopFlag) -> ClassicGenerator {
        self.solvers = self.solvers.with_stop_flag(stop);
        self
    }

    /// Makes one puzzle from `random`'s stream.
    fn generate(&mut self, random: &mut Random) -> Result<Generated, GenerateError> {
        let made = self.make(random);
        // A question the flag cut is undecided, which a removal may have taken for an open
        // question: nothing made after the flag was raised is given out.
        if self.solvers.stop_flag().is_raised() {
            return Err(GenerateError::Interrupted);
        }
        made
    }

    /// [`ClassicGenerator::generate`], whatever the stop flag.
    fn make(&mut self, random: &mut Random) -> Result<Generated, GenerateError> {
        let ClassicGenerator {
            settings,
            orbits,
            solvers,
            rater,
        } = self;
        let mut cost = Cost::default();
        if let Some((min, max)) = settings.rating.filter(|&(min, max)| (min..=max).is_empty()) {
            return Err(GenerateError::NoneInRange {
                min,
                max,
                attempts: 0,
            });
        }
        let (puzzle, solution, rating) = loop {
            if solvers.stop_flag().is_raised() {
                return Err(GenerateError::Interrupted);
            }
            if cost.attempts == settings.max_attempts {
                let (min, max) = settings.rating.unwrap_or((f64::MIN, f64::MAX));
                return Err(GenerateError::NoneInRange {
                    min,
                    max,
                    attempts: cost.attempts,
                });
            }
            cost.attempts += 1;
            let solution = random_solution(settings.shape, random, solvers, &mut cost)?;
            let on_open = if settings.max_nodes.is_none() && cost.restarts < MAX_RESTARTS {
                OnOpenQuestion::Abandon
            } else {
                OnOpenQuestion::KeepGiven
            };
            let removal = Removal {
                orbits,
                minimal: settings.minimal,
                on_open,
            };
            let Some(puzzle) = removal.run(&solution, random, solvers, &mut cost) else {
                cost.restarts += 1;
                continue;
            };
            let Some((min, max)) = settings.rating else {
                break (puzzle, solution, None);
            };
            if let Rated::Unique(rating) = rater.rate(&puzzle, solvers) {
                if (min..=max).contains(&rating.value()) {
                    break (puzzle, solution, Some(rating));
                }
            }
        };
        let puzzle = match settings.solutions {
            Solutions::One => puzzle,
            Solutions::Several => remove_one_more(puzzle, orbits, random, solvers, &mut cost)?,
            Solutions::NoSolution => dead_end(puzzle, random, solvers, &mut cost)?,
        };
        Ok(Generated {
            puzzle,
            solution,
            rating,
            cost,
            cages: None,
            layout: None,
        })
    }
}

/// A random full grid: random permutations in the diagonal boxes, completed by the engine,
/// then relabelled at random. Should the engine's node budget run out, the grid is tried again
/// with one diagonal box fewer (one box alone always completes).
pub(crate) fn random_solution(
    shape: Shape,
    random: &mut Random,
    solvers: &mut Solvers,
    cost: &mut Cost,
) -> Result<Grid, GenerateError> {
    let diagonal = shape.box_rows().min(shape.box_cols());
    for boxes in (1..=diagonal).rev() {
        let mut seeds = Grid::empty(shape);
        for k in 0..boxes {
            let mut digits: Vec<u8> = (1..=shape.side() as u8).collect();
            random.shuffle(&mut digits);
            let diagonal_box = k * shape.box_rows() + k;
            for (cell, digit) in shape.box_cells(diagonal_box).zip(digits) {
                seeds.set(cell, digit);
            }
        }
        // Filled by the solver whose nodes rate puzzles (dancing links under `auto`), so that
        // a seed makes the same grids whichever engine `auto` answers the questions on.
        let outcome = solvers.rating_dlx_for(shape).first_solution(&seeds);
        cost.nodes += outcome.stats.nodes;
        if let Some(full) = outcome.answer {
            return Ok(Relabelling::random(shape, random, true).apply(&full));
        }
    }
    Err(GenerateError::NoFullGrid)
}

/// What a removal does when the node budget leaves a uniqueness question open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnOpenQuestion {
    /// Gives the grid up: the caller starts again on a new one.
    Abandon,
    /// Keeps the given: the puzzle stays unique, but may not be minimal.
    KeepGiven,
}

/// How givens are removed from a full grid.
struct Removal<'a> {
    orbits: &'a [Vec<usize>],
    /// Go on after an orbit that must stay (a minimal puzzle), or stop there.
    minimal: bool,
    on_open: OnOpenQuestion,
}

impl Removal<'_> {
    /// Empties the orbits of `solution` in a random order, each one whose removal leaves the
    /// puzzle unique. `None` when a question was left open and the grid is given up.
    fn run(
        &self,
        solution: &Grid,
        random: &mut Random,
        solvers: &mut Solvers,
        cost: &mut Cost,
    ) -> Option<Grid> {
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        random.shuffle(&mut order);
        let mut puzzle = solution.clone();
        for orbit in order.into_iter().map(|k| &self.orbits[k]) {
            for &cell in orbit {
                puzzle.set(cell, 0);
            }
            let verdict = match orbit[..] {
                [cell] => other_digit_fits(&mut puzzle, cell, solution.get(cell), solvers, cost),
                _ => {
                    let verdict = cost.ask(solvers, &puzzle, Mode::Unique);
                    match verdict {
                        Verdict::Solved(_) => Verdict::NoSolution,
                        other => other,
                    }
                }
            };
            if verdict == Verdict::NoSolution {
                continue;
            }
            if verdict == Verdict::Undecided {
                if self.on_open == OnOpenQuestion::Abandon {
                    return None;
                }
                cost.undecided += 1;
            }
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
            if !self.minimal {
                break;
            }
        }
        Some(puzzle)
    }
}

/// Whether `puzzle`, whose `cell` was just emptied of `digit`, has a solution with another digit
/// there: `Multiple` if one does, `NoSolution` if none (the puzzle is still unique), `Undecided`
/// if the node budget ran out. The engine is asked once per other digit the cell's row, column
/// and box allow, for a first solution only: the branch that holds the known solution, which a
/// uniqueness search of the emptied puzzle would have to explore in full, is never entered.
/// Measured against asking whether the emptied puzzle is unique (one thread, seed 1, the same
/// puzzles out): 1,000 minimal 9x9, 1.54M nodes and 1.69 s -> 0.72M nodes
/// and 0.94 s; four minimal 16x16, 6.6M nodes and 2.66 s -> 5.4M nodes and 2.07 s.
fn other_digit_fits(
    puzzle: &mut Grid,
    cell: usize,
    digit: u8,
    solvers: &mut Solvers,
    cost: &mut Cost,
) -> Verdict {
    let shape = puzzle.shape();
    let mut allowed = vec![true; shape.side() + 1];
    let (row, col, bx) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
    for other in 0..shape.cell_count() {
        if shape.row_of(other) == row || shape.col_of(other) == col || shape.box_of(other) == bx {
            allowed[usize::from(puzzle.get(other))] = false;
        }
    }
    let mut verdict = Verdict::NoSolution;
    for other_digit in (1..=shape.side() as u8).filter(|&d| d != digit && allowed[usize::from(d)]) {
        puzzle.set(cell, other_digit);
        let answer = cost.ask(solvers, puzzle, Mode::First);
        match answer {
            Verdict::Solved(_) => {
                verdict = Verdict::Multiple;
                break;
            }
            Verdict::Undecided => verdict = Verdict::Undecided,
            _ => {}
        }
    }
    puzzle.set(cell, 0);
    verdict
}

/// A minimal puzzle with one orbit of givens more emptied, at random, the engine confirming
/// that several solutions are left (an orbit kept because its question ran out of nodes might
/// have gone after all: then another is tried).
fn remove_one_more(
    puzzle: Grid,
    orbits: &[Vec<usize>],
    random: &mut Random,
    solvers: &mut Solvers,
    cost: &mut Cost,
) -> Result<Grid, GenerateError> {
    let mut filled: Vec<&Vec<usize>> = orbits.iter().filter(|o| puzzle.get(o[0]) != 0).collect();
    random.shuffle(&mut filled);
    for orbit in filled {
        let mut fewer = puzzle.clone();
        for &cell in orbit {
            fewer.set(cell, 0);
        }
        let verdict = cost.ask(solvers, &fewer, Mode::Unique);
        if verdict == Verdict::Multiple {
            return Ok(fewer);
        }
    }
    Err(GenerateError::NoSeveral)
}

/// A unique puzzle with one given changed, so that no given clashes with another but no
/// solution is left: the (given, digit) pairs are tried in a random order.
fn dead_end(
    puzzle: Grid,
    random: &mut Random,
    solvers: &mut Solvers,
    cost: &mut Cost,
) -> Result<Grid, GenerateError> {
    let side = puzzle.shape().side() as u8;
    let mut changes: Vec<(usize, u8)> = (0..puzzle.cells().len())
        .filter(|&cell| puzzle.get(cell) != 0)
        .flat_map(|cell| (1..=side).map(move |digit| (cell, digit)))
        .filter(|&(cell, digit)| puzzle.get(cell) != digit)
        .collect();
    random.shuffle(&mut changes);
    for (cell, digit) in changes {
        let mut changed = puzzle.clone();
        changed.set(cell, digit);
        if changed.check_givens().is_err() {
            continue;
        }
        let verdict = cost.ask(solvers, &changed, Mode::First);
        if verdict == Verdict::NoSolution {
            return Ok(changed);
        }
    }
    Err(GenerateError::NoDeadEnd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_stop_flag_makes_no_puzzle() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let raised = Arc::new(AtomicBool::new(true));
        let mut generator =
            Generator::new(Settings::default()).with_stop_flag(StopFlag::new(Arc::clone(&raised)));
        let made = generator.generate(1, 0);
        assert_eq!(made.unwrap_err(), GenerateError::Interrupted);
        // Lowered again, the same generator makes the puzzle it would have made.
        raised.store(false, Ordering::Relaxed);
        let made = generator.generate(1, 0).unwrap();
        assert_eq!(made, make(&Settings::default(), 1, 0));
    }

    #[test]
    fn classic_rules_make_the_classic_generators_puzzles_and_cages_are_refused() {
        let shape = Shape::new(2, 3).unwrap();
        let settings = Settings {
            shape,
            ..Settings::default()
        };
        let mut by_rules = Generator::with_rules(Rules::classic(shape)).unwrap();
        assert_eq!(by_rules.settings(), Some(&settings));
        let made = by_rules.generate(4, 1).unwrap();
        assert_eq!(made, make(&settings, 4, 1));
        assert_eq!(made.to_line(), made.puzzle.to_text(Format::Line).trim_end());
        let killer = Variants::parse("killer").unwrap();
        let cages = Generator::killer(shape)
            .generate(4, 1)
            .unwrap()
            .cages
            .unwrap();
        let caged = Rules::with_cages(shape, &killer, None, Some(&cages)).unwrap();
        assert!(matches!(
            Generator::with_rules(caged),
            Err(GenerateError::Killer)
        ));
    }

    #[test]
    fn a_killers_line_holds_its_cages_and_a_jigsaws_its_layout() {
        let shape = Shape::new(2, 3).unwrap();
        let mut killers = Generator::killer(shape).with_max_cage(3);
        assert_eq!(killers.settings(), None);
        let made = killers.generate(2, 0).unwrap();
        let (cages, sums) = made.cages.as_ref().unwrap().to_fields();
        assert_eq!(made.to_line(), format!("{} {cages} {sums}", ".".repeat(36)));
        let jigsaw = Variants::parse("jigsaw").unwrap();
        let made = Generator::on_random_layout(
            shape,
            &jigsaw,
            (2, 0),
            &StopFlag::never(),
            EngineKind::Auto,
        )
        .unwrap();
        let givens = made.puzzle.to_text(Format::Line).trim_end().to_string();
        let layout = made.layout.as_ref().unwrap().to_line();
        assert_eq!(made.to_line(), format!("{givens} {layout}"));
    }

    fn make(settings: &Settings, seed: u64, index: u64) -> Generated {
        Generator::new(settings.clone())
            .generate(seed, index)
            .unwrap()
    }

    fn count(puzzle: &Grid, limit: u64) -> u64 {
        match Solvers::default()
            .solve(puzzle, Algorithm::Dlx, Mode::Count { limit })
            .answer
        {
            Verdict::Count(count) => count.solutions,
            other => panic!("{other:?}"),
        }
    }

    /// Checks uniqueness and minimality by asking the engine again, cell by cell.
    fn assert_unique_and_minimal(generated: &Generated, orbits: &[Vec<usize>]) {
        let puzzle = &generated.puzzle;
        assert_eq!(generated.solution.check_solution_of(puzzle), Ok(()));
        assert_eq!(count(puzzle, 2), 1);
        for orbit in orbits.iter().filter(|o| puzzle.get(o[0]) != 0) {
            let mut fewer = puzzle.clone();
            for &cell in orbit {
                fewer.set(cell, 0);
            }
            assert_eq!(count(&fewer, 2), 2, "orbit {orbit:?} could go");
        }
    }

    #[test]
    fn every_shape_gives_unique_minimal_puzzles() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let settings = Settings {
                shape: Shape::new(r, c).unwrap(),
                ..Settings::default()
            };
            let orbits = Symmetry::None.orbits(settings.shape);
            for index in 0..4 {
                let generated = make(&settings, 11, index);
                assert_eq!(generated.puzzle.shape(), settings.shape);
                assert_unique_and_minimal(&generated, &orbits);
            }
        }
    }

    #[test]
    fn symmetric_puzzles_keep_their_symmetry() {
        for symmetry in [
            Symmetry::Rotate180,
            Symmetry::Rotate90,
            Symmetry::Mirror,
            Symmetry::Diagonal,
        ] {
            let settings = Settings {
                symmetry,
                ..Settings::default()
            };
            let orbits = symmetry.orbits(settings.shape);
            for index in 0..3 {
                let generated = make(&settings, 3, index);
                let shape = settings.shape;
                assert!(
                    symmetry.is_kept_by(shape, generated.puzzle.cells()),
                    "{symmetry:?}"
                );
                assert_unique_and_minimal(&generated, &orbits);
            }
        }
    }

    #[test]
    fn without_minimal_the_puzzle_is_unique_and_keeps_more_givens() {
        let lax = Settings {
            minimal: false,
            ..Settings::default()
        };
        let (mut lax_givens, mut minimal_givens) = (0, 0);
        for index in 0..8 {
            let generated = make(&lax, 5, index);
            assert_eq!(count(&generated.puzzle, 2), 1);
            lax_givens += generated.puzzle.filled_count();
            minimal_givens += make(&Settings::default(), 5, index).puzzle.filled_count();
        }
        assert!(
            lax_givens > minimal_givens,
            "{lax_givens} vs {minimal_givens}"
        );
    }

    #[test]
    fn the_same_seed_and_index_give_the_same_puzzle() {
        let settings = Settings::default();
        assert_eq!(make(&settings, 9, 4).puzzle, make(&settings, 9, 4).puzzle);
        assert_ne!(make(&settings, 9, 4).puzzle, make(&settings, 9, 5).puzzle);
    }

    #[test]
    fn spoiled_puzzles_have_several_solutions_or_none() {
        for index in 0..4 {
            let several = make(
                &Settings {
                    solutions: Solutions::Several,
                    ..Settings::default()
                },
                2,
                index,
            );
            assert_eq!(count(&several.puzzle, 2), 2);
            let none = make(
                &Settings {
                    solutions: Solutions::NoSolution,
                    ..Settings::default()
                },
                2,
                index,
            );
            assert_eq!(none.puzzle.check_givens(), Ok(()), "no given clashes");
            assert_eq!(count(&none.puzzle, 1), 0);
        }
    }

    #[test]
    fn the_rating_filter_keeps_only_puzzles_in_range() {
        let settings = Settings {
            rating: Some((4.0, f64::MAX)),
            ..Settings::default()
        };
        for index in 0..3 {
            let generated = make(&settings, 1, index);
            let rating = generated.rating.expect("a rating was asked for");
            assert!(rating.value() >= 4.0);
            let rated = Rater::default().rate(&generated.puzzle, &mut Solvers::default());
            assert_eq!(rated, Rated::Unique(rating));
        }
        let impossible = Settings {
            rating: Some((0.0, 0.5)),
            max_attempts: 3,
            ..Settings::default()
        };
        let error = Generator::new(impossible).generate(0, 0);
        assert!(matches!(
            error,
            Err(GenerateError::NoneInRange { attempts: 3, .. })
        ));
    }

    #[test]
    fn an_empty_rating_range_fails_at_once_and_messages_name_only_the_bounds_asked() {
        for rating in [(10.0, 5.0), (f64::NAN, 5.0), (1.0, f64::NAN)] {
            let settings = Settings {
                rating: Some(rating),
                ..Settings::default()
            };
            let error = Generator::new(settings).generate(0, 0).unwrap_err();
            assert!(
                matches!(error, GenerateError::NoneInRange { attempts: 0, .. }),
                "{error:?}"
            );
            assert!(error.to_string().contains("the range is empty"), "{error}");
        }
        let message = |min, max| {
            GenerateError::NoneInRange {
                min,
                max,
                attempts: 7,
            }
            .to_string()
        };
        assert_eq!(
            message(200.0, f64::MAX),
            "no puzzle rated at least 200 in 7 attempts: widen the rating range"
        );
        assert_eq!(
            message(f64::MIN, 3.5),
            "no puzzle rated at most 3.5 in 7 attempts: widen the rating range"
        );
        assert_eq!(
            message(2.0, 3.0),
            "no puzzle rated 2 to 3 in 7 attempts: widen the rating range"
        );
        assert_eq!(message(f64::MIN, f64::MAX), "no puzzle made in 7 attempts");
    }
}
