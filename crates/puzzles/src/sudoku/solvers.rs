//! The per-thread set of solvers that answers one puzzle under a chosen algorithm, mode and
//! propagation pass: what the batch commands, the benchmark and the generator call.

use super::backtrack::Backtracker;
use super::candidates::CandidateSolver;
use super::crosshatch::CrossHatch;
use super::digits::DigitSet;
use super::grid::{Grid, Shape};
use super::solve::Solve;
use super::solver::SudokuSolver;
use super::variant::{KillerEncoding, Rules, RulesError};
use dlx_engine::{
    Count, EngineKind, Outcome, ProgressSink, SearchStats, Shard, Stop, StopFlag, Uniqueness,
};
use std::sync::Arc;

/// The nodes a count searches on one thread before it is split over the pool: about 10 ms,
/// past nearly every puzzle's whole tree, and a small part of any tree worth splitting.
pub(crate) const SPLIT_AFTER_NODES: u64 = 100_000;

/// Which solver to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Exact cover with dancing links on a template built once per shape.
    #[default]
    Dlx,
    /// The textbook backtracking baseline.
    Backtrack,
    /// The strong backtracking baseline: candidate bitmasks, fewest candidates first.
    Candidates,
}

/// A pass run on a puzzle before the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Propagation {
    /// The search gets the puzzle as it is.
    #[default]
    None,
    /// Cross-hatching fills what it can first; a contradiction answers "no solution" at once.
    CrossHatch,
}

/// What to ask of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Any one solution.
    First,
    /// The number of solutions, counting stopped at the limit.
    Count {
        /// The count at which the search stops: the answer is then "at least `limit`".
        limit: u64,
    },
    /// The solution when there is exactly one.
    Unique,
}

/// The answer to one puzzle under a [`Mode`]; the [`Outcome`] around it says what the search
/// cost and whether the node budget cut it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A solution (the only one under [`Mode::Unique`]).
    Solved(Grid),
    /// No solution.
    NoSolution,
    /// At least two solutions, under [`Mode::Unique`].
    Multiple,
    /// The number of solutions, under [`Mode::Count`]: a lower bound when it reached the limit
    /// or the node budget ran out.
    Count(Count),
    /// The node budget ran out, or a stop flag was raised, before the question was decided.
    Undecided,
}

/// The solvers one thread needs: a DLX template per shape met so far (built on first use, then
/// reused for every puzzle of that shape) and a backtracker.
#[derive(Default)]
pub struct Solvers {
    dlx: Vec<SudokuSolver>,
    /// Under `auto`, the classic solvers on dancing links that rate puzzles: links' nodes are
    /// the ratings' scale, whichever engine `auto` solves on ([`Solvers::rating_dlx_for`]).
    rating: Vec<SudokuSolver>,
    backtracker: Backtracker,
    candidates: CandidateSolver,
    max_nodes: Option<u64>,
    /// Solvers of rules other than classic ones, the last few met: a collection of one variant
    /// and shape builds one arena; a jigsaw or Killer collection builds one a puzzle.
    ruled: Vec<SudokuSolver>,
    /// The backtracking baseline under the last rules met, other than classic ones.
    ruled_backtracker: Option<Backtracker>,
    /// Killer's encoding in the solvers of other rules.
    encoding: KillerEncoding,
    /// Where split counts report how far they have got.
    progress: Option<Arc<dyn ProgressSink + Send>>,
    /// What ends every search early (a signal); never raised by default.
    stop: StopFlag,
    /// The engine the DLX solvers search on ([`Solvers::with_engine`]).
    engine: EngineKind,
}

impl Solvers {
    /// Solvers that give up after `max_nodes` search-tree nodes per puzzle (`None`: never).
    pub fn with_node_budget(max_nodes: Option<u64>) -> Solvers {
        Solvers {
            max_nodes,
            backtracker: Backtracker::with_node_budget(max_nodes),
            candidates: CandidateSolver::with_node_budget(max_nodes),
            ..Solvers::default()
        }
    }

    /// These solvers, their DLX counts telling `sink` how much of each puzzle's tree is done:
    /// a split count ([`Solvers::count_on_every_core`]) from every thread as they go, a count
    /// on one thread ([`Solvers::solve`] under [`Mode::Count`] with [`Algorithm::Dlx`], and
    /// [`Solvers::solve_within`]) from its search. The backtracking baselines report nothing.
    pub fn reporting_to(mut self, sink: Arc<dyn ProgressSink + Send>) -> Solvers {
        self.progress = Some(sink);
        self
    }

    /// Solvers whose every search ends once `stop` is raised (a signal): the puzzle's answer
    /// is then undecided ([`Verdict::Undecided`], or a count marked incomplete).
    pub fn with_stop_flag(self, stop: StopFlag) -> Solvers {
        Solvers {
            dlx: self
                .dlx
                .into_iter()
                .map(|solver| solver.with_stop_flag(stop.clone()))
                .collect(),
            rating: self
                .rating
                .into_iter()
                .map(|solver| solver.with_stop_flag(stop.clone()))
                .collect(),
            backtracker: self.backtracker.with_stop_flag(stop.clone()),
            candidates: self.candidates.with_stop_flag(stop.clone()),
            ruled: self
                .ruled
                .into_iter()
                .map(|solver| solver.with_stop_flag(stop.clone()))
                .collect(),
            ruled_backtracker: None,
            encoding: self.encoding,
            max_nodes: self.max_nodes,
            stop,
            progress: self.progress,
            engine: self.engine,
        }
    }

    /// These solvers, their DLX searches on the engine `kind` ([`SudokuSolver::on_engine`]):
    /// `Auto` and `Links` the dancing-links encodings, `Cells` and `Bits` each puzzle's
    /// exact-cover problem. A shape whose problem the engine cannot hold (the bitsets past
    /// their memory bound, from 25x25 up) is refused by [`Solvers::try_dlx_for`].
    pub fn with_engine(mut self, kind: EngineKind) -> Solvers {
        self.engine = kind;
        self.dlx.clear();
        self.rating.clear();
        self.ruled.clear();
        self
    }

    /// The engine whose nodes rate puzzles: `Auto` resolved to dancing links, the ratings'
    /// scale (`auto` may solve on another: [`Solvers::searched_under`] and
    /// [`Solvers::dlx_engine_for`] tell which ran).
    pub fn engine(&self) -> EngineKind {
        match self.engine {
            EngineKind::Auto => EngineKind::Links,
            named => named,
        }
    }

    /// These solvers, Killer's cages encoded as `encoding` says.
    pub fn with_killer_encoding(mut self, encoding: KillerEncoding) -> Solvers {
        self.encoding = encoding;
        self.ruled.clear();
        self
    }

    /// The node budget of each search (`None`: none).
    pub(crate) fn node_budget(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The flag that ends these solvers' searches.
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }

    /// The engine the DLX solver of classic rules of `shape` runs on (`auto` resolved for the
    /// shape's problem), or the engine asked if it refuses the shape.
    pub fn dlx_engine_for(&mut self, shape: Shape) -> EngineKind {
        let asked = self.engine();
        self.try_dlx_for(shape)
            .map_or(asked, |solver| solver.engine())
    }

    /// The DLX solver for a shape, built on first use. Panics where the engine refuses the
    /// shape: a caller that may meet such a shape asks [`Solvers::try_dlx_for`] first.
    pub fn dlx_for(&mut self, shape: Shape) -> &mut SudokuSolver {
        self.try_dlx_for(shape)
            .expect("the engine takes the shape: links and cells take every one")
    }

    /// The DLX solver for a shape, built on first use, or the engine's refusal of the shape's
    /// problem (the bitsets past their memory bound).
    pub fn try_dlx_for(&mut self, shape: Shape) -> Result<&mut SudokuSolver, RulesError> {
        let index = match self.dlx.iter().position(|s| s.shape() == shape) {
            Some(index) => index,
            None => {
                let rules = Rules::classic(shape);
                let solver = SudokuSolver::on_engine(rules, self.encoding, self.engine)?
                    .with_node_budget(self.max_nodes)
                    .with_stop_flag(self.stop.clone());
                self.dlx.push(solver);
                self.dlx.len() - 1
            }
        };
        Ok(&mut self.dlx[index])
    }

    /// The DLX solver whose nodes rate a classic puzzle of `shape`: dancing links under `auto`
    /// (the ratings' scale: [`Solvers::engine`]), else the engine named, as [`Solvers::dlx_for`]
    /// makes it.
    pub(crate) fn rating_dlx_for(&mut self, shape: Shape) -> &mut SudokuSolver {
        if self.engine != EngineKind::Auto {
            return self.dlx_for(shape);
        }
        let index = match self.rating.iter().position(|s| s.shape() == shape) {
            Some(index) => index,
            None => {
                let rules = Rules::classic(shape);
                let solver = SudokuSolver::on_engine(rules, self.encoding, EngineKind::Links)
                    .expect("links take every shape")
                    .with_node_budget(self.max_nodes)
                    .with_stop_flag(self.stop.clone());
                self.rating.push(solver);
                self.rating.len() - 1
            }
        };
        &mut self.rating[index]
    }

    /// The DLX solver that searched `rules` last (for classic rules, their shape's), if one
    /// did: its engine is the one that ran (`auto` resolves by the rules' problem), its
    /// figures those of its last search. Nothing is made.
    pub fn searched_under(&self, rules: &Rules) -> Option<&SudokuSolver> {
        match rules.is_classic() {
            true => self.dlx.iter().find(|s| s.shape() == rules.shape()),
            false => self.ruled.iter().rev().find(|s| s.rules() == Some(rules)),
        }
    }

    /// The DLX solver of `rules` (for classic rules, of their shape), kept or made; an error
    /// when Killer's encoding refuses the cages.
    pub fn dlx_under(&mut self, rules: &Rules) -> Result<&mut SudokuSolver, RulesError> {
        if rules.is_classic() {
            return self.try_dlx_for(rules.shape());
        }
        // A Killer's cages are its own: its solver is never met again, so none is looked for.
        let seen = match rules.cages() {
            Some(_) => None,
            None => self.ruled.iter().position(|s| s.rules() == Some(rules)),
        };
        let index = match seen {
            Some(index) => index,
            None => {
                if self.ruled.len() == KEPT_RULES {
                    self.ruled.remove(0);
                }
                let solver = SudokuSolver::on_engine(rules.clone(), self.encoding, self.engine)?
                    .with_node_budget(self.max_nodes)
                    .with_stop_flag(self.stop.clone());
                self.ruled.push(solver);
                self.ruled.len() - 1
            }
        };
        Ok(&mut self.ruled[index])
    }

    /// Answers one puzzle under `rules` after a propagation pass: [`Solvers::solve_propagated`]
    /// for any rules. Classic rules take the classic path. Under other rules the candidates
    /// baseline and cross-hatching on a grid without boxes (a jigsaw) know too little to
    /// answer, and say so; so does an encoding that refuses the cages.
    pub fn solve_under(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        algorithm: Algorithm,
        mode: Mode,
        propagation: Propagation,
    ) -> Result<Outcome<Verdict>, RulesError> {
        if rules.is_classic() {
            if algorithm == Algorithm::Dlx {
                // The engine's refusal of the shape (the planes past 128 cells, say), as an
                // error rather than the panic of `dlx_for` in the search below.
                self.try_dlx_for(rules.shape())?;
            }
            return Ok(self.solve_propagated(puzzle, algorithm, mode, propagation));
        }
        if algorithm == Algorithm::Candidates {
            let what = "the candidates solver";
            return Err(RulesError::ClassicOnly { what });
        }
        if propagation == Propagation::CrossHatch && !rules.has_boxes() {
            let what = "cross-hatching";
            return Err(RulesError::ClassicOnly { what });
        }
        let propagated;
        let puzzle = match propagation {
            Propagation::None => puzzle,
            Propagation::CrossHatch => {
                let mut grid = puzzle.clone();
                if CrossHatch::in_place(&mut grid, |_, _| {}).is_err() {
                    return Ok(no_solution(mode));
                }
                propagated = grid;
                &propagated
            }
        };
        let progress = self.progress.clone();
        Ok(match (algorithm, mode, progress) {
            (Algorithm::Backtrack, _, _) => {
                let kept = self
                    .ruled_backtracker
                    .take()
                    .filter(|backtracker| backtracker.rules() == Some(rules));
                let mut backtracker = kept.unwrap_or_else(|| {
                    Backtracker::with_node_budget(self.max_nodes)
                        .with_stop_flag(self.stop.clone())
                        .with_rules(rules.clone())
                });
                let outcome = answer(&mut backtracker, puzzle, mode);
                self.ruled_backtracker = Some(backtracker);
                outcome
            }
            (_, Mode::Count { limit }, Some(sink)) => {
                let solver = self.dlx_under(rules)?;
                solver
                    .count_reporting(puzzle, None, Some(limit), &*sink)
                    .map(Verdict::Count)
            }
            (_, mode, _) => answer(self.dlx_under(rules)?, puzzle, mode),
        })
    }

    /// Answers one puzzle after a propagation pass.
    pub fn solve_propagated(
        &mut self,
        puzzle: &Grid,
        algorithm: Algorithm,
        mode: Mode,
        propagation: Propagation,
    ) -> Outcome<Verdict> {
        match propagation {
            Propagation::None => self.solve(puzzle, algorithm, mode),
            Propagation::CrossHatch => {
                // Every cell the pass writes is forced, so the propagated grid has exactly the
                // puzzle's solutions, and a contradiction means there are none.
                let mut grid = puzzle.clone();
                match CrossHatch::in_place(&mut grid, |_, _| {}) {
                    Ok(_) => self.solve(&grid, algorithm, mode),
                    Err(_) => no_solution(mode),
                }
            }
        }
    }

    /// Answers one puzzle.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Algorithm, Grid, Mode, Solvers, Verdict};
    /// use dlx_engine::Count;
    ///
    /// let mut solvers = Solvers::with_node_budget(None);
    /// // The first puzzle of the project's `puzzles/minimal-9x9.txt`.
    /// let puzzle: Grid =
    ///     ".9..6..87...8...9...49.71..2..74....9.........781..5..6....1....5..7..29......3.5"
    ///         .parse()
    ///         .unwrap();
    /// let Verdict::Solved(solution) = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique).answer
    /// else {
    ///     panic!("a minimal puzzle has exactly one solution");
    /// };
    /// solution.check_solution_of(&puzzle).unwrap();
    /// // Every algorithm gives the same answer.
    /// let baseline = solvers.solve(&puzzle, Algorithm::Candidates, Mode::Unique);
    /// assert_eq!(baseline.answer, Verdict::Solved(solution));
    ///
    /// // With a given removed it has several: counted up to a limit, or found not unique.
    /// let mut fewer = puzzle.clone();
    /// fewer.set(1, 0);
    /// let count = solvers.solve(&fewer, Algorithm::Dlx, Mode::Count { limit: 1_000_000 });
    /// assert!(matches!(count.answer, Verdict::Count(Count { solutions: 2.., complete: true })));
    /// let unique = solvers.solve(&fewer, Algorithm::Dlx, Mode::Unique);
    /// assert_eq!(unique.answer, Verdict::Multiple);
    /// ```
    pub fn solve(&mut self, puzzle: &Grid, algorithm: Algorithm, mode: Mode) -> Outcome<Verdict> {
        if let (Algorithm::Dlx, Mode::Count { limit }, Some(sink)) =
            (algorithm, mode, &self.progress)
        {
            let sink = Arc::clone(sink);
            let solver = self.dlx_for(puzzle.shape());
            let count = solver.count_reporting(puzzle, None, Some(limit), &*sink);
            return count.map(Verdict::Count);
        }
        let solver: &mut dyn Solve = match algorithm {
            Algorithm::Dlx => self.dlx_for(puzzle.shape()),
            Algorithm::Backtrack => &mut self.backtracker,
            Algorithm::Candidates => &mut self.candidates,
        };
        answer(solver, puzzle, mode)
    }

    /// Counts the solutions of `puzzle` (up to `limit`) with the DLX solver, on every thread of
    /// the current rayon pool when the search is big: a first search of at most
    /// 100,000 nodes answers small counts at their usual cost (the split's plan
    /// would cost more than it saves), a bigger tree is counted again, split into subtrees
    /// ([`SudokuSolver::count_split`]). With a `shard`, only that share of the tree is counted,
    /// always split. With `candidates`, the empty cells take only theirs (pencilmarks). The node budget of these solvers does not apply; `stop_requested` is asked
    /// at every node of the split search, the solvers' stop flag at every node of the first.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Grid, Shape, Solvers, Verdict};
    /// use dlx_engine::Count;
    ///
    /// // Every 4x4 grid: a tree too small to split.
    /// let empty = Grid::empty(Shape::new(2, 2).unwrap());
    /// let never = || false;
    /// let count = Solvers::default().count_on_every_core(&empty, None, None, None, &never);
    /// assert_eq!(count.answer, Verdict::Count(Count::exactly(288)));
    /// ```
    pub fn count_on_every_core(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        limit: Option<u64>,
        shard: Option<Shard>,
        stop_requested: &(dyn Fn() -> bool + Sync),
    ) -> Outcome<Verdict> {
        let progress = self.progress.clone();
        let solver = self.dlx_for(puzzle.shape());
        let puzzle = Restricted { puzzle, candidates };
        count_on_every_core(solver, progress, puzzle, limit, shard, stop_requested)
    }

    /// [`Solvers::count_on_every_core`] under any rules; an error when Killer's encoding
    /// refuses the cages.
    pub fn count_under_on_every_core(
        &mut self,
        rules: &Rules,
        puzzle: &Grid,
        limit: Option<u64>,
        shard: Option<Shard>,
        stop_requested: &(dyn Fn() -> bool + Sync),
    ) -> Result<Outcome<Verdict>, RulesError> {
        let progress = self.progress.clone();
        let solver = self.dlx_under(rules)?;
        Ok(count_on_every_core(
            solver,
            progress,
            Restricted {
                puzzle,
                candidates: None,
            },
            limit,
            shard,
            stop_requested,
        ))
    }

    /// Answers a puzzle whose empty cells may take only `candidates` (pencilmarks), with the DLX
    /// solver whatever the algorithm chosen elsewhere: only its encoding takes candidates.
    pub fn solve_within(
        &mut self,
        puzzle: &Grid,
        candidates: &[DigitSet],
        mode: Mode,
    ) -> Outcome<Verdict> {
        if let (Mode::Count { limit }, Some(sink)) = (mode, &self.progress) {
            let sink = Arc::clone(sink);
            let solver = self.dlx_for(puzzle.shape());
            let count = solver.count_reporting(puzzle, Some(candidates), Some(limit), &*sink);
            return count.map(Verdict::Count);
        }
        let mut within = WithinCandidates {
            solver: self.dlx_for(puzzle.shape()),
            candidates,
        };
        answer(&mut within, puzzle, mode)
    }
}

/// A puzzle and, for pencilmarks, the candidates its empty cells may take.
#[derive(Clone, Copy)]
struct Restricted<'a> {
    puzzle: &'a Grid,
    candidates: Option<&'a [DigitSet]>,
}

/// [`Solvers::count_on_every_core`] with `solver`.
fn count_on_every_core(
    solver: &mut SudokuSolver,
    progress: Option<Arc<dyn ProgressSink + Send>>,
    Restricted { puzzle, candidates }: Restricted<'_>,
    limit: Option<u64>,
    shard: Option<Shard>,
    stop_requested: &(dyn Fn() -> bool + Sync),
) -> Outcome<Verdict> {
    let budget = solver.node_budget();

    if shard.is_none() {
        solver.set_node_budget(Some(SPLIT_AFTER_NODES));
        let small = match candidates {
            None => solver.count_solutions(puzzle, limit),
            Some(candidates) => {
                let mut within = WithinCandidates {
                    solver: &mut *solver,
                    candidates,
                };
                Solve::count_solutions(&mut within, puzzle, limit)
            }
        };
        solver.set_node_budget(budget);
        if !small.ran_out_of_nodes() {
            return small.map(Verdict::Count);
        }
    }
    let split = solver.count_split_reporting(
        puzzle,
        candidates,
        shard.unwrap_or(Shard::WHOLE),
        limit,
        stop_requested,
        progress.as_deref().map(|sink| sink as &dyn ProgressSink),
    );
    let outcome = split.outcome;
    let count = Count {
        solutions: outcome.stats.solutions,
        complete: outcome.is_complete(),
    };
    outcome.map(|_| Verdict::Count(count))
}

/// A DLX solver searching within given candidates, so the three questions of [`Solve`] work on
/// pencilmark puzzles too.
struct WithinCandidates<'a> {
    solver: &'a mut SudokuSolver,
    candidates: &'a [DigitSet],
}

impl Solve for WithinCandidates<'_> {
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        self.solver
            .search_within(puzzle, Some(self.candidates), max_solutions, visitor)
    }

    fn count_solutions(&mut self, puzzle: &Grid, limit: Option<u64>) -> Outcome<Count> {
        self.solver
            .count_within(puzzle, Some(self.candidates), limit)
    }
}

impl Mode {
    /// The answer, under this mode, to a puzzle found to have no solution before any search
    /// (givens that break a rule, a contradiction of cross-hatching): "no solution", or a
    /// count of 0, without a node searched.
    pub fn no_solution(self) -> Outcome<Verdict> {
        no_solution(self)
    }
}

/// The answer to a puzzle found to have no solution before any search, under `mode`.
fn no_solution(mode: Mode) -> Outcome<Verdict> {
    Outcome {
        answer: match mode {
            Mode::Count { .. } => Verdict::Count(Count::exactly(0)),
            _ => Verdict::NoSolution,
        },
        stats: SearchStats::default(),
        stop: Stop::Exhausted,
    }
}

/// The solvers of rules other than classic ones a thread keeps at most.
const KEPT_RULES: usize = 4;

impl Mode {
    /// This question asked of `puzzle` by any solver: its verdict.
    pub fn ask(self, solver: &mut dyn Solve, puzzle: &Grid) -> Outcome<Verdict> {
        answer(solver, puzzle, self)
    }
}

/// One puzzle's verdict under a mode, from any solver.
fn answer(solver: &mut dyn Solve, puzzle: &Grid, mode: Mode) -> Outcome<Verdict> {
    match mode {
        Mode::First => {
            let outcome = solver.first_solution(puzzle);
            let cut = outcome.cut_short();
            outcome.map(|answer| match answer {
                Some(grid) => Verdict::Solved(grid),
                None if cut => Verdict::Undecided,
                None => Verdict::NoSolution,
            })
        }
        Mode::Count { limit } => solver
            .count_solutions(puzzle, Some(limit))
            .map(Verdict::Count),
        Mode::Unique => {
            let outcome = solver.uniqueness(puzzle);
            let cut = outcome.cut_short();
            outcome.map(|answer| match answer {
                Uniqueness::Multiple(_) => Verdict::Multiple,
                _ if cut => Verdict::Undecided,
                Uniqueness::Unique(grid) => Verdict::Solved(grid),
                Uniqueness::None => Verdict::NoSolution,
            })
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A valid full grid: the classic pattern `(box_cols * (row % box_rows) + row / box_rows +
    /// col) % N`, its digits relabelled by `labels` and its rows shuffled within bands.
    fn valid_grid(shape: Shape, labels: &[u8], row_swaps: &[(usize, usize)]) -> Grid {
        let side = shape.side();
        let (rows, cols) = (shape.box_rows(), shape.box_cols());
        let mut order: Vec<usize> = (0..side).collect();
        for &(band, pick) in row_swaps {
            // Swap the first row of a band with another row of the same band.
            let band = band % cols;
            let top = band * rows;
            order.swap(top, top + pick % rows);
        }
        let mut cells = Vec::with_capacity(side * side);
        for &row in &order {
            for col in 0..side {
                let value = (cols * (row % rows) + row / rows + col) % side;
                cells.push(labels[value]);
            }
        }
        let grid = Grid::from_cells(shape, cells).unwrap();
        grid.check_givens().expect("the pattern is a valid grid");
        grid
    }

    /// A shape, a valid full grid of it, and a puzzle made by emptying some of its cells.
    pub(in crate::sudoku) fn puzzle_strategy(
        shapes: &'static [(usize, usize)],
    ) -> impl Strategy<Value = (Grid, Grid)> {
        prop::sample::select(shapes).prop_flat_map(|(r, c)| {
            let shape = Shape::new(r, c).unwrap();
            let side = shape.side();
            let labels = Just((1..=side as u8).collect::<Vec<u8>>()).prop_shuffle();
            let swaps = prop::collection::vec((0..side, 0..side), 0..4);
            let emptied = prop::collection::vec(any::<bool>(), side * side);
            (labels, swaps, emptied).prop_map(move |(labels, swaps, emptied)| {
                let full = valid_grid(shape, &labels, &swaps);
                let mut puzzle = full.clone();
                for (cell, &empty) in emptied.iter().enumerate() {
                    if empty {
                        puzzle.set(cell, 0);
                    }
                }
                (full, puzzle)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_solver_finds_valid_solutions(
            (_, puzzle) in puzzle_strategy(&[(2, 2), (2, 3), (3, 3)])
        ) {
            let mut solvers = Solvers::with_node_budget(Some(1_000_000));
            for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
                let verdict = solvers.solve(&puzzle, algorithm, Mode::First).answer;
                match verdict {
                    Verdict::Solved(solution) => {
                        prop_assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
                    }
                    // The textbook baseline may give up on a big, sparse grid; DLX may not.
                    Verdict::Undecided if algorithm == Algorithm::Backtrack => {}
                    other => prop_assert!(false, "{:?} gave {:?}", algorithm, other),
                }
            }
        }

        #[test]
        fn every_solver_counts_alike_on_small_grids(
            (full, puzzle) in puzzle_strategy(&[(2, 2), (2, 3)])
        ) {
            let mut solvers = Solvers::default();
            let mode = Mode::Count { limit: 2_000 };
            let dlx = solvers.solve(&puzzle, Algorithm::Dlx, mode).answer;
            let backtrack = solvers.solve(&puzzle, Algorithm::Backtrack, mode).answer;
            prop_assert_eq!(&dlx, &backtrack);
            let candidates = solvers.solve(&puzzle, Algorithm::Candidates, mode).answer;
            prop_assert_eq!(&dlx, &candidates);
            // A sparse 6x6 puzzle may have more solutions than the limit: the count then stops
            // there and says so.
            prop_assert!(matches!(
                dlx,
                Verdict::Count(n) if n.solutions >= 1 && (n.complete || n.solutions == 2_000)
            ));
            // Uniqueness agrees with the count, and a unique answer is the grid emptied.
            let unique = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique).answer;
            match (dlx, unique) {
                (Verdict::Count(n), Verdict::Solved(solution)) if n.solutions == 1 => {
                    prop_assert_eq!(solution, full)
                }
                (Verdict::Count(_), Verdict::Multiple) => {}
                (count, unique) => prop_assert!(false, "{:?} but {:?}", count, unique),
            }
        }
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions_for_every_solver() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solvers = Solvers::default();
        for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
            let mode = Mode::Count { limit: u64::MAX };
            let verdict = solvers.solve(&Grid::empty(shape), algorithm, mode).answer;
            assert_eq!(
                verdict,
                Verdict::Count(Count::exactly(288)),
                "{algorithm:?}"
            );
        }
    }

    #[test]
    fn every_size_is_solved_from_a_puzzle() {
        let mut solvers = Solvers::default();
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let side = shape.side();
            let labels: Vec<u8> = (1..=side as u8).rev().collect();
            let mut puzzle = valid_grid(shape, &labels, &[(0, 1), (1, 2)]);
            // Empty every other cell: half the grid. (Emptying two in three leaves this very
            // regular 25x25 grid beyond two million nodes.)
            for cell in (0..shape.cell_count()).step_by(2) {
                puzzle.set(cell, 0);
            }
            let verdict = solvers.solve(&puzzle, Algorithm::Dlx, Mode::First).answer;
            let Verdict::Solved(solution) = verdict else {
                panic!("{r}x{c}: {verdict:?}");
            };
            assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "{r}x{c}");
        }
    }

    /// An answer cut short: undecided, or a count that is only a lower bound (what was
    /// counted before the search was cut), never `no solution`.
    fn assert_undecided(algorithm: Algorithm, mode: Mode, answer: &Verdict) {
        match (mode, answer) {
            (Mode::Count { .. }, Verdict::Count(count)) => {
                assert!(!count.complete, "{algorithm:?}: {count:?}")
            }
            (Mode::Count { .. }, answer) => panic!("{algorithm:?}: {answer:?}"),
            (_, answer) => assert_eq!(answer, &Verdict::Undecided, "{algorithm:?} {mode:?}"),
        }
    }

    #[test]
    fn a_raised_stop_flag_gives_undecided_never_no_solution() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let raised = StopFlag::new(Arc::new(AtomicBool::new(true)));
        let mut solvers = Solvers::default().with_stop_flag(raised);
        let empty = Grid::empty(Shape::CLASSIC);
        for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
            for mode in [Mode::First, Mode::Unique, Mode::Count { limit: u64::MAX }] {
                let outcome = solvers.solve(&empty, algorithm, mode);
                if algorithm == Algorithm::Dlx && mode != (Mode::Count { limit: u64::MAX }) {
                    // The DLX search polls the flag only past its first 65,536 nodes, a few
                    // milliseconds: these short questions are answered.
                    assert!(
                        matches!(outcome.answer, Verdict::Solved(_) | Verdict::Multiple),
                        "{mode:?}: {:?}",
                        outcome.answer
                    );
                    continue;
                }
                assert_eq!(outcome.stop, Stop::Interrupted, "{algorithm:?} {mode:?}");
                assert_undecided(algorithm, mode, &outcome.answer);
            }
        }
        // Lowered, the same solvers answer: the flag is read at each search, not kept.
        let lowered = Arc::new(AtomicBool::new(false));
        let mut solvers = Solvers::default().with_stop_flag(StopFlag::new(Arc::clone(&lowered)));
        let verdict = solvers.solve(&empty, Algorithm::Dlx, Mode::First).answer;
        assert!(matches!(verdict, Verdict::Solved(_)), "{verdict:?}");
        lowered.store(true, std::sync::atomic::Ordering::Relaxed);
        let count = solvers.count_on_every_core(&empty, None, None, None, &|| false);
        assert_eq!(
            count.stop,
            Stop::Interrupted,
            "the first search of a count polls it too"
        );
    }

    #[test]
    fn a_node_budget_gives_undecided_never_no_solution() {
        // A minimal puzzle the project made: 156 nodes of dancing links, more for the
        // baselines (`auto`'s bands guess less).
        let puzzle = crate::sudoku::Grid::parse_line(
            ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..",
            1,
        )
        .unwrap();
        let mut solvers = Solvers::with_node_budget(Some(5)).with_engine(EngineKind::Links);
        for algorithm in [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Candidates] {
            for mode in [Mode::First, Mode::Unique, Mode::Count { limit: 2 }] {
                let outcome = solvers.solve(&puzzle, algorithm, mode);
                let undecided = match mode {
                    Mode::Count { .. } => Verdict::Count(Count::at_least(0)),
                    _ => Verdict::Undecided,
                };
                assert_eq!(outcome.answer, undecided, "{algorithm:?} {mode:?}");
                assert!(outcome.ran_out_of_nodes(), "{algorithm:?} {mode:?}");
                let nodes = outcome.stats.nodes;
                assert!(nodes <= 5, "{algorithm:?} {mode:?}: {nodes} nodes");
            }
        }
        // The same solvers, given room, decide it: the budget is per puzzle, not used up.
        let mut solvers = Solvers::with_node_budget(Some(10_000_000));
        let verdict = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Unique).answer;
        assert!(matches!(verdict, Verdict::Solved(_)), "{verdict:?}");
    }

    pub(in crate::sudoku) use dlx_engine::progress::Reports;

    /// The reports of one whole search of `nodes` nodes: several along the way, neither the
    /// fraction nor the nodes ever going down, the fraction below 1 until the last report,
    /// which is 1 with the search's nodes.
    pub(in crate::sudoku) fn assert_rises_to_one(seen: &[(f64, u64)], nodes: u64) {
        assert!(seen.len() >= 3, "reports along the way: {seen:?}");
        for pair in seen.windows(2) {
            assert!(pair[1].0 >= pair[0].0 && pair[1].1 >= pair[0].1, "{pair:?}");
        }
        let (last, before) = (seen[seen.len() - 1], &seen[..seen.len() - 1]);
        assert!(before
            .iter()
            .all(|&(fraction, _)| (0.0..1.0).contains(&fraction)));
        assert!(
            before.iter().any(|&(fraction, _)| fraction > 0.0),
            "{before:?}"
        );
        assert_eq!(last, (1.0, nodes));
    }

    #[test]
    fn a_count_on_one_thread_reports_a_fraction_that_rises_to_one() {
        use std::sync::atomic::Ordering::Relaxed;
        // Every 6x6 grid with its first row given: 39,168 solutions, some 390,000 nodes.
        let puzzle: Grid = format!("123456{}", ".".repeat(30)).parse().unwrap();
        let reports = Arc::new(Reports::default());
        let mut solvers = Solvers::with_node_budget(None).reporting_to(reports.clone());
        let all = Mode::Count { limit: u64::MAX };
        let outcome = solvers.solve(&puzzle, Algorithm::Dlx, all);
        assert_eq!(outcome.answer, Verdict::Count(Count::exactly(39_168)));
        assert_rises_to_one(&reports.take(), outcome.stats.nodes);
        // The count is the one a solver without a sink makes, node for node.
        let quiet = Solvers::default().solve(&puzzle, Algorithm::Dlx, all);
        assert_eq!((quiet.answer, quiet.stats), (outcome.answer, outcome.stats));
        // Within candidates (a pencilmark puzzle) too.
        let candidates = vec![crate::sudoku::DigitSet::all(6); 36];
        let within = solvers.solve_within(&puzzle, &candidates, all);
        assert_eq!(within.answer, Verdict::Count(Count::exactly(39_168)));
        assert_rises_to_one(&reports.take(), within.stats.nodes);
        assert_eq!(
            (reports.began.load(Relaxed), reports.ended.load(Relaxed)),
            (2, 2)
        );
        // A count its limit cuts never says it saw the whole tree.
        let limited = solvers.solve(&puzzle, Algorithm::Dlx, Mode::Count { limit: 30_000 });
        assert_eq!(limited.answer, Verdict::Count(Count::at_least(30_000)));
        let seen = reports.take();
        assert!(!seen.is_empty() && seen.iter().all(|&(fraction, _)| fraction < 1.0));
        // The baselines report nothing, and neither do the other questions.
        for algorithm in [Algorithm::Backtrack, Algorithm::Candidates] {
            let counted = solvers.solve(&puzzle, algorithm, Mode::Count { limit: 100 });
            assert_eq!(counted.answer, Verdict::Count(Count::at_least(100)));
        }
        solvers.solve(&puzzle, Algorithm::Dlx, Mode::First);
        assert!(reports.take().is_empty());
        assert_eq!(reports.began.load(Relaxed), 3);
    }
}
