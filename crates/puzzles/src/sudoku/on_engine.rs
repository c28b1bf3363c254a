//! Sudoku of any rules on the engine the chooser names ([`EngineKind`]): the rules' whole
//! exact-cover problem is built once and loaded on the engine once ([`Narrowed`]); for each
//! puzzle the engine is told which options to keep and which to take first. This file knows
//! nothing of the engine's type, and the engine nothing of Sudoku.
//!
//! Classic puzzles are settled first: their naked and hidden singles and their locked
//! candidates, in turn until neither changes anything, on bitmasks ([`Settler`]). The engine
//! then starts from the cells they fill and keeps only the candidates they leave, as Knuth's
//! SUDOKU-DLX prunes its problem. Measured (callgrind, instructions for the first 1,000
//! puzzles, 300 for the two forum files): the locked candidates took 17-clue from 198.6M to
//! 137.1M instructions (nodes per puzzle 65.9 -> 20.5) and top1465 878.5M -> 571.9M (619.3 ->
//! 409.5 nodes), left forum hardest 1905 and 1106 within 0.5% (nothing is locked there before
//! the search) and cost serg 6.5% (the pass finds little there); the singles took 17-clue from
//! 214.7M to 170.1M (nodes 114.9 -> 74.0), cost 1905 0.4% and serg 6%. Other rules impose their
//! puzzles' givens only (a variant's rules are its problem's items, which the bitmasks do not
//! know).

use super::budget::{unpolled_first, SearchBudget};
use super::digits::DigitSet;
use super::grid::Grid;
use super::settle::Settler;
use super::solver::rule_of_counts;
use super::variant::{
    filling_count, variant_problem_with, KillerEncoding, Rules, RulesError, MAX_CAGE_OPTIONS,
};
use dlx_engine::{
    ChoiceRule, Count, Engine, EngineKind, Narrowed, OptionId, Outcome, ProgressSink, SearchLimits,
    SearchReport, SearchRequest, Shard, StopFlag,
};
use std::ops::ControlFlow;

/// The solver of one set of rules on one engine: the whole problem loaded once, narrowed for
/// each puzzle. Keep one per thread and rules.
#[derive(Clone, Debug)]
pub(crate) struct EngineSolver {
    rules: Rules,
    engine: Narrowed,
    /// The cell and digit (`cell * N + digit - 1`) each placing option sets; the options
    /// after them are cages'.
    placing: Vec<u32>,
    /// The option placing each digit in each cell (`cell * N + digit - 1`), if the rules allow it.
    option_placing: Vec<Option<OptionId>>,
    /// Cages, whose options a solution chooses beside one a cell.
    cage_count: usize,
    /// For classic rules: the singles and locked candidates settled before the search.
    settler: Option<Settler>,
    /// Whether option `cell * N + digit - 1` places `digit` in `cell` for every cell and
    /// digit (classic rules): the options kept are then the candidates' bits.
    placing_in_place: bool,
    /// The options a puzzle takes first, and those it keeps as bits, kept to reuse their
    /// allocation.
    first: Vec<OptionId>,
    kept_bits: Vec<u64>,
    /// The grid a solution is decoded into, kept to reuse its allocation.
    scratch: Grid,
    pub(crate) budget: SearchBudget,
    /// The rule the engine chooses items by, but in counts ([`rule_of_counts`]).
    rule: ChoiceRule,
}

/// The choice rule of classic puzzles: the shortest list, ties going to the item that reaches
/// furthest ([`ChoiceRule::MrvThenReach`]) once a search has entered 64 nodes. Callgrind, the
/// first 400 puzzles of each file, instructions relative to taking the first tied item
/// ([`ChoiceRule::MrvStopAtOne`]), weighing ties from node 0 / 32 / 64 / 128: top1465 -16.7% /
/// -14.7% / -14.9% / -13.9%, forum hardest 1106 -15.2% / -14.1% / -14.1% / -13.9%, serg +10.6%
/// / +2.1% / +0.8% / +0.5%, 1905 and 17-clue within 2% either way. Serg's puzzles have several
/// solutions each and end after 62 nodes on average whatever the rule, so there weighing is
/// pure cost. Timed against the first-tie build (best of 5 to 8 runs each, interleaved; the
/// first 4,000 puzzles of 1905): 17-clue 1.04x, top1465 1.08x, 1905 1.00x, 1106 1.11x, serg
/// 0.98x; weighing from node 0 instead gave 1.02x, 1.13x, 1.04x, 1.15x and 0.84x. Only dancing
/// links take a rule, so `auto` picks them for Sudoku.
const CLASSIC_RULE: ChoiceRule = ChoiceRule::MrvThenReach { from_node: 64 };

/// The choice rule of other rules: forced moves first, the first tied item otherwise (what
/// the variants' ratings were measured with).
const RULES_RULE: ChoiceRule = ChoiceRule::MrvStopAtOne;

impl EngineSolver {
    /// The solver of `rules` on the engine `kind` (resolved for the rules' problem), refused
    /// when that engine cannot take it, or when Killer's colour encoding would give a cage
    /// more than [`MAX_CAGE_OPTIONS`] fillings.
    pub(crate) fn new(
        rules: Rules,
        encoding: KillerEncoding,
        kind: EngineKind,
    ) -> Result<EngineSolver, RulesError> {
        if let (Some(cages), KillerEncoding::Colours) = (rules.cages(), encoding) {
            let options = cages.option_count(filling_count);
            if options > MAX_CAGE_OPTIONS {
                let most = MAX_CAGE_OPTIONS;
                return Err(RulesError::TooManyCageOptions { options, most });
            }
        }
        let whole = variant_problem_with(&rules, encoding);
        let classic = rules.is_classic();
        let rule = if classic { CLASSIC_RULE } else { RULES_RULE };
        let mut engine = Narrowed::new(whole.problem, kind, rule).map_err(RulesError::Engine)?;
        // The solutions are decoded onto the grid the options taken first fill.
        engine.lead_with_first(false);
        let placing = whole.option_placing.iter().enumerate();
        let placing_in_place = placing
            .clone()
            .all(|(place, option)| option.is_some_and(|option| option.index() == place));
        Ok(EngineSolver {
            placing_in_place,
            // The planes and the bands take the singles and locked candidates themselves, on
            // their bits.
            settler: (classic && !matches!(engine.kind(), EngineKind::Planes | EngineKind::Bands))
                .then(|| Settler::new(rules.shape())),
            scratch: Grid::empty(rules.shape()),
            rules,
            engine,
            placing: whole.placing,
            option_placing: whole.option_placing,
            cage_count: whole.cage_count,
            first: Vec::new(),
            kept_bits: Vec::new(),
            budget: SearchBudget::default(),
            rule,
        })
    }

    /// Has the searches from now on choose by the rule of counts (`on`) or by the solver's own.
    pub(crate) fn set_counting(&mut self, on: bool) {
        self.engine.set_rule(match on {
            true => rule_of_counts(self.rule),
            false => self.rule,
        });
    }

    /// The rules this solver solves under.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The engine that runs.
    pub(crate) fn kind(&self) -> EngineKind {
        self.engine.kind()
    }

    /// The engine's own figures from its last search ([`Engine::figures`]).
    pub(crate) fn figures(&self) -> Vec<(&'static str, u64)> {
        self.engine.figures()
    }

    /// How many options a search chooses to solve `puzzle`: one per empty cell and one per
    /// cage, drawn or implied (the givens are taken first). A search of dancing links that
    /// finds the one solution in this many nodes plus one (the solution's) never had to guess:
    /// each step had an item with one option left, a single of some region, pair or cage.
    pub(crate) fn solution_options(&self, puzzle: &Grid) -> u64 {
        let empty = puzzle.cells().iter().filter(|&&digit| digit == 0).count();
        (empty + self.cage_count) as u64
    }

    /// Narrows the engine to `puzzle` (within `candidates`): `false` when it has no solution
    /// before any search (clashing givens, or a contradiction among the singles). Panics if
    /// the puzzle's side is not the rules': that is the caller's bug, not input.
    fn narrow(&mut self, puzzle: &Grid, candidates: Option<&[DigitSet]>) -> bool {
        assert_eq!(
            puzzle.shape(),
            self.rules.shape(),
            "a solver solves its own shape"
        );
        let side = self.rules.side();
        let option_placing = &self.option_placing;
        let placing_option =
            |cell: usize, digit: u8| option_placing[cell * side + usize::from(digit) - 1];
        let first = &mut self.first;
        first.clear();
        if let Some(settler) = &mut self.settler {
            if !settler.settle(puzzle, candidates) {
                return false;
            }
            // The cells the settling filled are taken first; the candidates it left are kept.
            let settled = settler.settled().cells();
            first.resize(settled.len(), OptionId(0));
            let mut taken = 0;
            for (cell, &digit) in settled.iter().enumerate() {
                if let Some(option) = (digit != 0).then(|| placing_option(cell, digit)).flatten() {
                    first[taken] = option;
                    taken += 1;
                }
            }
            first.truncate(taken);
            if self.placing_in_place {
                // Option `cell * N + digit - 1` places `digit` in `cell`: the candidates, cell
                // after cell, are the options kept as bits.
                let words = &mut self.kept_bits;
                words.clear();
                words.resize((self.option_placing.len()).div_ceil(64), 0);
                for (cell, open) in settler.candidates().iter().enumerate() {
                    let (at, bits) = (cell * side, open.bits());
                    let (word, shift) = (at / 64, at % 64);
                    words[word] |= bits << shift;
                    if shift + side > 64 {
                        words[word + 1] |= bits >> (64 - shift);
                    }
                }
                let kept = words.iter().enumerate().flat_map(|(word, &bits)| {
                    Bits(bits).map(move |bit| OptionId((word * 64 + bit) as u32))
                });
                self.engine.narrow(kept, first);
                return true;
            }
            let open = settler.candidates().iter().enumerate();
            let kept = open.flat_map(|(cell, open)| {
                open.iter()
                    .filter_map(move |digit| placing_option(cell, digit))
            });
            self.engine.narrow(kept, first);
            return true;
        }
        let givens = puzzle.cells().iter().enumerate();
        for (cell, &digit) in givens.filter(|&(_, &digit)| digit != 0) {
            match placing_option(cell, digit) {
                Some(option) => first.push(option),
                None => return false,
            }
        }
        let Some(marks) = candidates else {
            self.engine.take_first(first);
            return true;
        };
        let placing = &self.placing;
        let allowed = |option: &OptionId| match placing.get(option.index()) {
            Some(&place) => {
                let (cell, digit) = (place as usize / side, (place as usize % side + 1) as u8);
                puzzle.get(cell) != 0 || marks[cell].contains(digit)
            }
            None => true,
        };
        let kept: Vec<OptionId> = self.engine.problem().options().filter(allowed).collect();
        self.engine.narrow(kept, first);
        true
    }

    /// Every completion of `puzzle` (within `candidates`), to `visitor`, up to `max_solutions`
    /// and within the budget, reporting to `progress` when given.
    pub(crate) fn search(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        max_solutions: u64,
        progress: Option<&dyn ProgressSink>,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        if !self.narrow(puzzle, candidates) {
            return Outcome::default();
        }
        let limits = self.budget.limits(max_solutions);
        let stop = self.budget.stop.clone();
        unpolled_first(
            limits,
            progress.is_some(),
            |limits, polled, skip, handed| {
                let polled = polled.then_some(Polled {
                    stop: &stop,
                    progress,
                });
                self.search_narrowed(puzzle, limits, polled, skip, handed, visitor)
            },
        )
    }

    /// The search of the narrowed engine: each solution after the first `skip` decoded and
    /// handed to `visitor`, `handed` counting those handed on.
    fn search_narrowed(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        polled: Option<Polled<'_>>,
        mut skip: u64,
        handed: &mut u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        let (placing, scratch, side) = (&self.placing, &mut self.scratch, self.rules.side() as u32);
        // The engine hands on the options the search chose: the grid they complete is the
        // settled one (classic rules), else the puzzle with its givens.
        let start = self.settler.as_ref().map_or(puzzle, Settler::settled);
        let mut visit = |options: &[OptionId]| {
            if skip > 0 {
                skip -= 1;
                return ControlFlow::Continue(());
            }
            *handed += 1;
            scratch.clone_from(start);
            for option in options {
                if let Some(&place) = placing.get(option.index()) {
                    scratch.set((place / side) as usize, (place % side + 1) as u8);
                }
            }
            visitor(scratch);
            ControlFlow::Continue(())
        };
        let engine = &mut self.engine;
        let outcome = match polled {
            None => engine.search(limits, &mut visit),
            Some(Polled {
                stop,
                progress: None,
            }) => engine.search_until(limits, stop, &mut visit),
            Some(Polled {
                stop,
                progress: Some(sink),
            }) => engine.search_reporting(limits, stop, sink, &mut visit),
        };
        outcome.map(|_| ())
    }

    /// The completions of `puzzle` counted split over the current rayon pool, or one shard's
    /// share of them. The node budget does not apply.
    pub(crate) fn count_split_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        shard: Shard,
        limit: Option<u64>,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
    ) -> SearchReport<()> {
        if !self.narrow(puzzle, candidates) {
            return SearchReport {
                engine: self.kind(),
                ..SearchReport::default()
            };
        }
        let mut count = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let settings = SearchRequest {
            max_solutions: limit,
            shard,
            min_subtrees: SearchRequest::subtrees_for(shard.count),
            count_only: true,
            ..SearchRequest::default()
        };
        self.engine
            .search_split_reporting(settings, stop_requested, progress, &mut count)
            .expect("every engine splits the problems it took")
    }

    /// The count of `puzzle` on one thread, telling `progress` where it stands.
    pub(crate) fn count_reporting(
        &mut self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
        limit: Option<u64>,
        progress: &dyn ProgressSink,
    ) -> Outcome<Count> {
        Outcome::count_reporting(limit, progress, |max, progress, visit| {
            self.search(puzzle, candidates, max, progress, visit)
        })
    }
}

/// The set bits of a word, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// What a long search polls: the stop flag, and the sink it reports its position to, if any.
struct Polled<'a> {
    stop: &'a StopFlag,
    progress: Option<&'a dyn ProgressSink>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn auto_runs_classic_sudoku_on_the_bands_and_other_shapes_on_the_tuned_layout_of_links() {
        // The planes take the classic matrix of other shapes too, but links on their tuned
        // layout measure faster on them (docs/benchmarks.md); the 9x9 matrix is the bands'.
        let solver = crate::sudoku::SudokuSolver::new(Shape::CLASSIC);
        assert_eq!(solver.engine(), EngineKind::Bands);
        for shape in [Shape::new(2, 3).unwrap(), Shape::new(5, 5).unwrap()] {
            let solver = crate::sudoku::SudokuSolver::new(shape);
            assert_eq!(solver.engine(), EngineKind::Links, "{shape:?}");
        }
        // Past 128 cells the matrix is not the planes' to take: links, on this path too.
        let rules = Rules::classic(Shape::new(4, 4).unwrap());
        let solver = EngineSolver::new(rules, KillerEncoding::default(), EngineKind::Auto);
        assert_eq!(solver.unwrap().kind(), EngineKind::Links);
    }

    #[test]
    fn auto_runs_the_variants_on_the_planes() {
        use crate::sudoku::variant::Variants;
        for (list, expected) in [
            ("anti-knight", EngineKind::Planes),
            ("anti-king", EngineKind::Planes),
            ("x,anti-knight", EngineKind::Planes),
            ("x", EngineKind::Planes),
            ("windoku", EngineKind::Planes),
        ] {
            let variants = Variants::parse(list).unwrap();
            let rules = Rules::new(Shape::CLASSIC, &variants, None).unwrap();
            let solver = crate::sudoku::SudokuSolver::with_rules(rules);
            assert_eq!(solver.engine(), expected, "{list}");
        }
    }
}
