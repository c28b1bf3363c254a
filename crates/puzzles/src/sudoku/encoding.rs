//! The DLX Sudoku solver: Sudoku as exact cover (items and numbering in [`super::layout`]),
//! searched by the generic engine.
//!
//! The solver settles the givens' singles and locked candidates first, then lays out, for each
//! puzzle, only what is left open (Knuth's SUDOKU-DLX prunes so), with [`Relaid::reload`] in
//! one engine kept per shape and thread: on dancing links nothing is allocated per puzzle
//! beyond the output.

use super::budget::{unpolled_first, SearchBudget};
use super::digits::DigitSet;
use super::grid::{Grid, Shape};
use super::layout::Layout;
use super::settle::Settler;
use super::solve::Solve;
use super::solver::rule_of_counts;
use dlx_engine::Engine;
use dlx_engine::{
    self, ChoiceRule, Count, EngineKind, OptionId, Outcome, ProgressSink, Relaid, SearchLimits,
    SearchReport, SearchRequest, Shard, StopFlag,
};
use std::ops::ControlFlow;

/// The classic rules' solver for one shape (the fast path of [`super::SudokuSolver`]): an engine
/// reused for every puzzle, in which the problem a puzzle's givens leave is laid out afresh.
/// Keep one per thread and shape.
#[derive(Clone, Debug)]
pub(crate) struct ClassicSolver {
    shape: Shape,
    engine: Relaid,
    /// The node budget and stop flag of every search.
    pub(crate) budget: SearchBudget,
    /// The grid a solution is decoded into, kept to reuse its allocation.
    scratch: Grid,
    pruned: PrunedScratch,
}

/// The buffers a pruned problem is built in, kept across puzzles.
#[derive(Clone, Debug)]
struct PrunedScratch {
    layout: Layout,
    /// The singles and locked candidates settled before the search.
    settler: Settler,
    /// The arena item of each item of the full problem (cell, row-digit, column-digit,
    /// box-digit), or `SETTLED` for one a given covers.
    item_of: Vec<u32>,
    /// Four items per option, one option after another: the first `options` are this
    /// puzzle's, the rest left from an earlier one (the buffers only grow).
    entries: Vec<u32>,
    /// The (cell, digit) of each option.
    meaning: Vec<(u32, u8)>,
    /// How many options this puzzle has.
    options: usize,
}

const SETTLED: u32 = u32::MAX;

/// The search's choice rule: the shortest list, ties going to the item that reaches furthest
/// ([`ChoiceRule::MrvThenReach`]) once a search has entered 64 nodes. Callgrind, the first 400
/// puzzles of each file, instructions relative to taking the first tied item
/// ([`ChoiceRule::MrvStopAtOne`]), weighing ties from node 0 / 32 / 64 / 128: top1465 -16.7% /
/// -14.7% / -14.9% / -13.9%, forum hardest 1106 -15.2% / -14.1% / -14.1% / -13.9%, serg +10.6%
/// / +2.1% / +0.8% / +0.5%, 1905 and 17-clue within 2% either way. Serg's puzzles have several
/// solutions each and end after 62 nodes on average whatever the rule, so there weighing is
/// pure cost. Timed against the first-tie build ([`super::measure`], best of 5 to 8 runs each,
/// interleaved; the first 4,000 puzzles of 1905): 17-clue 1.04x, top1465 1.08x, 1905 1.00x,
/// 1106 1.11x, serg 0.98x; weighing from node 0 instead gave 1.02x, 1.13x, 1.04x, 1.15x and
/// 0.84x.
const REACH_FROM_NODE: ChoiceRule = ChoiceRule::MrvThenReach { from_node: 64 };

impl ClassicSolver {
    /// A solver for a shape, on the engine `kind` (dancing links for `auto`:
    /// [`Relaid::new`]); refused when that engine cannot search by the tuned rule.
    pub fn new(shape: Shape, kind: EngineKind) -> Result<ClassicSolver, dlx_engine::DlxError> {
        let mut engine = Relaid::new(kind, REACH_FROM_NODE)?;
        // Every option lists its cell, row, column and box items in that order, so each item
        // keeps its place and dancing links' walk through the spacer is the faster one, without
        // a look at every puzzle's layout to find that out.
        engine.items_keep_their_places();
        engine.reload_before_each_search();
        Ok(ClassicSolver {
            shape,
            engine,
            budget: SearchBudget::default(),
            scratch: Grid::empty(shape),
            pruned: PrunedScratch {
                layout: Layout::new(shape),
                settler: Settler::new(shape),
                item_of: Vec::new(),
                entries: Vec::new(),
                meaning: Vec::new(),
                options: 0,
            },
        })
    }

    /// The engine that searches.
    pub fn kind(&self) -> EngineKind {
        dlx_engine::Engine::kind(&self.engine)
    }

    /// The shape this solver solves.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Has the searches from now on choose by the rule of counts (`on`) or by the solver's own.
    pub(crate) fn set_counting(&mut self, on: bool) {
        self.engine.set_rule(match on {
            true => rule_of_counts(REACH_FROM_NODE),
            false => REACH_FROM_NODE,
        });
    }
}

impl Solve for ClassicSolver {
    /// Panics if the puzzle's shape is not the solver's: that is the caller's bug, not input.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        self.search_within(puzzle, None, max_solutions, visitor)
    }
}

impl ClassicSolver {
    /// [`Solve::search`], each empty cell allowed only the digits of `candidates` when given: a
    /// pencilmark puzzle's options are fewer.
    pub fn search_within(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        self.search_reporting(puzzle, candidates, max_solutions, None, visitor)
    }

    /// The number of solutions of `puzzle` (within `candidates` when given), counting stopped
    /// at `limit` if given, as [`Solve::count_solutions`] counts them, telling `progress` where
    /// the search stands every so many nodes (see [`Dlx::search_reporting`]) when its
    /// [`ProgressSink::begin`] takes this search: the bar of one long count on one thread.
    pub fn count_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        limit: Option<u64>,
        progress: &dyn ProgressSink,
    ) -> Outcome<Count> {
        dlx_engine::Outcome::count_reporting(limit, progress, |max, progress, visit| {
            self.search_reporting(puzzle, candidates, max, progress, visit)
        })
    }

    /// [`ClassicSolver::search_within`], its position told to `progress` when given (a sink
    /// that has begun this search).
    fn search_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        max_solutions: u64,
        progress: Option<&dyn ProgressSink>,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        assert_eq!(puzzle.shape(), self.shape, "a solver solves its own shape");
        let limits = self.budget.limits(max_solutions);
        let (pruned, scratch, stop) = (&mut self.pruned, &mut self.scratch, &self.budget.stop);
        let search = Search {
            limits,
            stop,
            scratch,
            progress,
        };
        search_pruned(
            &mut self.engine,
            pruned,
            puzzle,
            candidates,
            search,
            visitor,
        )
    }
}

impl ClassicSolver {
    /// Counts the completions of `puzzle` with the search split into subtrees (see
    /// [`Relaid::search_split_reporting`]) on the current rayon pool, or only `shard`'s share of
    /// them, telling `progress` how much of the tree is done: [`super::SudokuSolver::count_split`].
    pub fn count_split_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        shard: Shard,
        limit: Option<u64>,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
    ) -> SearchReport<()> {
        assert_eq!(puzzle.shape(), self.shape, "a solver solves its own shape");
        // The rule is the engine's own ([`Relaid::search_split_reporting`]).
        let settings = SearchRequest {
            max_solutions: limit,
            shard,
            min_subtrees: SearchRequest::subtrees_for(shard.count),
            count_only: true,
            ..SearchRequest::default()
        };
        let work = &mut self.pruned;
        count_split_pruned(
            &mut self.engine,
            work,
            puzzle,
            candidates,
            settings,
            stop_requested,
            progress,
        )
    }
}

/// [`ClassicSolver::count_split_reporting`] on its engine: the puzzle settled and laid out as
/// [`search_pruned`] does, then the split search.
fn count_split_pruned(
    engine: &mut Relaid,
    work: &mut PrunedScratch,
    puzzle: &Grid,
    allowed: Option<&[DigitSet]>,
    settings: SearchRequest,
    stop_requested: &(dyn Fn() -> bool + Sync),
    progress: Option<&dyn ProgressSink>,
) -> SearchReport<()> {
    if !work.load(engine, puzzle, allowed) {
        return SearchReport {
            engine: dlx_engine::Engine::kind(engine),
            ..SearchReport::default()
        };
    }
    let mut none = |_: &[OptionId]| ControlFlow::Continue(());
    engine
        .search_split_reporting(settings, stop_requested, progress, &mut none)
        .expect("the engine took the shape's problems when it laid them out")
}

/// Settles the givens' naked and hidden singles ([`fill_singles`]) and their locked candidates
/// ([`Segments::strike_locked`]), the two in turn until neither changes anything, lays out the
/// problem they leave (only the items left open, only the candidates left), as Knuth's
/// SUDOKU-DLX does, in the engine's memory, and searches it. Clashing givens, or a contradiction
/// among the singles, mean no solution.
///
/// The locked candidates were measured the same way (callgrind, instructions for the first
/// 1,000 puzzles, 300 for the two forum files): 17-clue 198.6M -> 137.1M (nodes per puzzle
/// 65.9 -> 20.5), top1465 878.5M -> 571.9M (619.3 -> 409.5 nodes), forum hardest 1905 768.5M ->
/// 769.4M and 1106 1,416.8M -> 1,409.6M (their puzzles have nothing locked before the search),
/// serg 116.5M -> 124.1M (+6.5%: the pass finds little there).
///
/// The singles pass was measured (callgrind, instructions, [`super::measure`] of the DLX solver
/// on the first 1,000 puzzles):
/// 17-clue 214.7M -> 170.1M for solving (the file's reading aside), nodes per puzzle 114.9 ->
/// 74.0; forum hardest 1905 2,508.7M -> 2,518.7M (+0.4%: its puzzles have no singles to give);
/// serg 110.3M -> 117.4M (+6%: many solutions, few singles).
///
/// The alternative, one arena of the full problem per shape with the givens' options selected
/// on it and released after the search, was measured against this (cachegrind, instructions,
/// [`super::measure`] of the DLX solver on the first 1,000 puzzles of each collection): 17-clue 237.9M
/// selected vs 235.7M pruned, top1465 896.6M vs 884.5M, serg 184M vs 116M. Selecting costs in
/// proportion to the givens and undoing it as much again; laying out costs in proportion to the
/// candidates left, which writing the arena by index keeps small.
fn search_pruned(
    engine: &mut Relaid,
    work: &mut PrunedScratch,
    puzzle: &Grid,
    allowed: Option<&[DigitSet]>,
    search: Search<'_>,
    visitor: &mut dyn FnMut(&Grid),
) -> Outcome<()> {
    let Search {
        limits,
        stop,
        scratch,
        progress,
    } = search;
    unpolled_first(
        limits,
        progress.is_some(),
        |limits, polled, skip, handed| {
            // Every search lays the problem out again, so a stopped one need not undo its levels.
            if !work.load(engine, puzzle, allowed) {
                return Outcome::default();
            }
            let polled = polled.then_some(Polled { stop, progress });
            search_loaded(engine, work, scratch, limits, polled, skip, handed, visitor)
        },
    )
}

/// What a search polls: the stop flag, and the sink it reports its position to, if any.
struct Polled<'a> {
    stop: &'a StopFlag,
    progress: Option<&'a dyn ProgressSink>,
}

/// The search of a laid-out problem: each solution after the first `skip` decoded into `scratch`
/// and handed to `visitor`, `handed` counting those handed on.
#[allow(clippy::too_many_arguments)]
fn search_loaded(
    engine: &mut Relaid,
    work: &PrunedScratch,
    scratch: &mut Grid,
    limits: SearchLimits,
    polled: Option<Polled<'_>>,
    mut skip: u64,
    handed: &mut u64,
    visitor: &mut dyn FnMut(&Grid),
) -> Outcome<()> {
    let (settled, meaning) = (work.settler.settled(), &work.meaning);
    let mut visit = |options: &[OptionId]| {
        if skip > 0 {
            skip -= 1;
            return ControlFlow::Continue(());
        }
        *handed += 1;
        scratch.clone_from(settled);
        for &option in options {
            let (cell, digit) = meaning[option.index()];
            scratch.set(cell as usize, digit);
        }
        visitor(scratch);
        ControlFlow::Continue(())
    };
    let outcome = match polled {
        None => engine.search(limits, &mut visit),
        Some(Polled { stop, progress }) => match progress {
            None => engine.search_until(limits, stop, &mut visit),
            Some(sink) => engine.search_reporting(limits, stop, sink, &mut visit),
        },
    };
    outcome.map(|_| ())
}

/// How [`search_pruned`] searches: its limits, its stop flag, the grid it decodes into, and
/// where it reports how far it has got (a sink that has begun this search), if anywhere.
struct Search<'a> {
    limits: SearchLimits,
    stop: &'a StopFlag,
    scratch: &'a mut Grid,
    progress: Option<&'a dyn ProgressSink>,
}

impl PrunedScratch {
    /// Settles the puzzle and lays out what it leaves open in `engine`. `false`: no solution.
    fn load(&mut self, engine: &mut Relaid, puzzle: &Grid, allowed: Option<&[DigitSet]>) -> bool {
        if !self.settler.settle(puzzle, allowed) {
            return false;
        }
        let items = self.lay_out();
        let options = self.entries[..4 * self.options].chunks_exact(4);
        engine
            .reload(items, items, options)
            .expect("32-bit links hold the largest shape's full problem");
        true
    }

    /// Numbers the items the settled grid leaves open, in the full problem's order (cells,
    /// then unit-digit items), and writes one option per (open cell, candidate): `entries`
    /// holds their items, `meaning` their (cell, digit). Returns how many items are open.
    fn lay_out(&mut self) -> usize {
        let layout = self.layout;
        let item_of = &mut self.item_of;
        item_of.clear();
        item_of.resize(layout.item_count(), SETTLED);
        let mut items = 0u32;
        let settler = &self.settler;
        for (cell, &digit) in settler.settled().cells().iter().enumerate() {
            if digit == 0 {
                item_of[layout.cell(cell)] = items;
                items += 1;
            }
        }
        let open_cells = items as usize;
        let all = DigitSet::all(layout.side());
        for (unit, &used) in settler.used().iter().enumerate() {
            for digit in (all - used).iter() {
                item_of[layout.unit_digit(unit, usize::from(digit) - 1)] = items;
                items += 1;
            }
        }
        // Written by index into buffers sized for every candidate a cell could have, which
        // only grow: pushing option by option spent more on the vectors' capacity checks than
        // on the options, and counting the candidates first costs a population count a cell.
        let side = layout.side();
        let most = open_cells * side;
        if self.meaning.len() < most {
            self.entries.resize(4 * most, 0);
            self.meaning.resize(most, (0, 0));
        }
        let mut options = 0;
        let mut slots = self
            .entries
            .chunks_exact_mut(4)
            .zip(self.meaning.iter_mut());
        for (cell, &open) in settler.candidates().iter().enumerate() {
            if open.is_empty() {
                continue;
            }
            let [r, c, b] = settler
                .units()
                .of(cell)
                .map(|unit| layout.unit_digit(unit, 0));
            let cell_item = item_of[layout.cell(cell)];
            let (rows, cols, boxes) = (
                &item_of[r..r + side],
                &item_of[c..c + side],
                &item_of[b..b + side],
            );
            for digit in open.iter() {
                let d = usize::from(digit) - 1;
                let Some((entry, meaning)) = slots.next() else {
                    unreachable!("a slot was made for every digit of every open cell");
                };
                entry.copy_from_slice(&[cell_item, rows[d], cols[d], boxes[d]]);
                *meaning = (cell as u32, digit);
                options += 1;
            }
        }
        self.options = options;
        items as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::layout::sudoku_problem;
    use dlx_engine::Uniqueness;

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let outcome = crate::sudoku::SudokuSolver::new(shape)
            .count_solutions(&Grid::empty(shape), Some(1000));
        assert_eq!(outcome.answer, dlx_engine::Count::exactly(288));
    }

    #[test]
    fn the_pruned_problem_of_the_empty_grid_is_the_full_problem() {
        let shape = Shape::new(2, 3).unwrap();
        let mut solver = ClassicSolver::new(shape, EngineKind::Auto).unwrap();
        solver.count_solutions(&Grid::empty(shape), Some(1));
        assert_eq!(solver.pruned.options, sudoku_problem(shape).option_count());
    }

    #[test]
    fn the_arena_is_reused_between_puzzles() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solver = crate::sudoku::SudokuSolver::new(shape);
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 1);
        puzzle.set(5, 1); // same box as cell 0: no solution
        assert_eq!(solver.first_solution(&puzzle).answer, None);
        puzzle.set(5, 0);
        let solution = solver.first_solution(&puzzle).answer.unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
        assert_eq!(
            solver
                .count_solutions(&Grid::empty(shape), Some(1000))
                .answer,
            Count::exactly(288)
        );
    }

    #[test]
    fn dense_and_sparse_puzzles_alternate() {
        let mut solver = crate::sudoku::SudokuSolver::new(Shape::CLASSIC);
        let full = solver
            .first_solution(&Grid::empty(Shape::CLASSIC))
            .answer
            .unwrap();
        // Keep every third cell (27 givens), every seventh (12), or all.
        for keep in [3, 7, 3, 7, 1] {
            let mut puzzle = full.clone();
            for cell in 0..81 {
                if cell % keep != 0 {
                    puzzle.set(cell, 0);
                }
            }
            let solution = solver.first_solution(&puzzle).answer.unwrap();
            assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "keep {keep}");
            let mut clash = puzzle.clone();
            clash.set(1, full.get(0));
            clash.set(0, full.get(0));
            assert_eq!(solver.first_solution(&clash).answer, None, "keep {keep}");
        }
    }

    #[test]
    fn uniqueness_tells_one_from_many() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solver = crate::sudoku::SudokuSolver::new(shape);
        let full = solver.first_solution(&Grid::empty(shape)).answer.unwrap();
        let mut puzzle = full.clone();
        puzzle.set(0, 0);
        assert_eq!(solver.uniqueness(&puzzle).answer, Uniqueness::Unique(full));
        assert!(matches!(
            solver.uniqueness(&Grid::empty(shape)).answer,
            Uniqueness::Multiple(_)
        ));
    }

    #[test]
    fn a_split_count_and_its_shards_add_up_to_the_one_search_count_on_every_engine() {
        use crate::sudoku::variant::{KillerEncoding, Rules};
        use dlx_engine::EngineKind;
        // Every 6x6 grid with its first row given: 28,200,960 / 720 = 39,168.
        let shape = Shape::new(2, 3).unwrap();
        let mut puzzle = Grid::empty(shape);
        for (cell, digit) in (1..=6).enumerate() {
            puzzle.set(cell, digit);
        }
        // Auto is this tuned layout; the others narrow the rules' problem (on_engine.rs).
        for kind in EngineKind::ALL {
            let (rules, encoding) = (Rules::classic(shape), KillerEncoding::default());
            let solver = crate::sudoku::SudokuSolver::on_engine(rules, encoding, kind);
            // The bands take the 9x9 matrix alone.
            let Ok(mut solver) =
                solver.map_err(|refusal| assert_eq!(kind, EngineKind::Bands, "{refusal}"))
            else {
                continue;
            };
            let one = solver.count_solutions(&puzzle, None).answer;
            assert_eq!(one, Count::exactly(39_168), "{kind}");
            let never = || false;
            let whole = solver.count_split(&puzzle, Shard::WHOLE, None, &never);
            assert_eq!(whole.outcome.stats.solutions, 39_168, "{kind}");
            assert!(whole.outcome.is_complete());
            let count = 3;
            let shards: u64 = (0..count)
                .map(|index| {
                    let shard = Shard { index, count };
                    let report = solver.count_split(&puzzle, shard, None, &never);
                    report.outcome.stats.solutions
                })
                .sum();
            assert_eq!(shards, 39_168, "{kind}");
            let limited = solver.count_split(&puzzle, Shard::WHOLE, Some(1000), &never);
            assert_eq!(limited.outcome.stats.solutions, 1000, "{kind}");
            assert!(!limited.outcome.is_complete());
            // Clashing givens, then the puzzle again: the solver recovers.
            let mut clash = puzzle.clone();
            clash.set(6, 1);
            clash.set(7, 1);
            assert_eq!(solver.first_solution(&clash).answer, None, "{kind}");
            let solution = solver.first_solution(&puzzle).answer.unwrap();
            solution.check_solution_of(&puzzle).unwrap();
        }
    }

    #[test]
    fn a_node_budget_leaves_the_question_open() {
        let mut solver = crate::sudoku::SudokuSolver::new(Shape::CLASSIC).with_node_budget(Some(3));
        let outcome = solver.count_solutions(&Grid::empty(Shape::CLASSIC), Some(10));
        assert!(outcome.ran_out_of_nodes());
    }
}
