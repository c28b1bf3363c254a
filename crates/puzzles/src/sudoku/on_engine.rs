//! Sudoku of any rules on an engine the chooser names ([`EngineKind`]), for engines other than
//! the dancing links the tuned encodings are written for: the rules' whole exact-cover
//! problem is built once, and each puzzle's problem keeps the options its givens (and
//! pencilmarks) allow. The engine knows nothing of Sudoku and this file nothing of the
//! engine's type: it asks [`EngineKind::load`] for whichever was named.

use super::budget::SearchBudget;
use super::digits::DigitSet;
use super::grid::Grid;
use super::variant::{variant_problem_with, KillerEncoding, Rules, VariantProblem};
use dlx_engine::{
    ChoiceRule, Count, DlxError, Engine, EngineKind, OptionId, Outcome, Problem, ProblemBuilder,
    ProgressSink, SearchLimits, SearchReport, SearchRequest, Shard,
};
use std::ops::ControlFlow;

/// A solver of one set of rules on a named engine.
#[derive(Clone, Debug)]
pub(crate) struct EngineSolver {
    rules: Rules,
    kind: EngineKind,
    /// The problem of the empty grid, and which cell and digit each placing option sets.
    whole: VariantProblem,
    pub(crate) budget: SearchBudget,
}

impl EngineSolver {
    /// The solver of `rules` on the engine `kind` (resolved for the rules' problem), refused
    /// when that engine cannot take it (checked once on the empty grid, whose problem holds
    /// every puzzle's).
    pub(crate) fn new(
        rules: Rules,
        encoding: KillerEncoding,
        kind: EngineKind,
    ) -> Result<EngineSolver, DlxError> {
        let whole = variant_problem_with(&rules, encoding);
        let kind = kind.choose(&whole.problem, ChoiceRule::Mrv)?;
        kind.load(&whole.problem)?;
        Ok(EngineSolver {
            rules,
            kind,
            whole,
            budget: SearchBudget::default(),
        })
    }

    /// The rules this solver solves under.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The engine that runs.
    pub(crate) fn kind(&self) -> EngineKind {
        self.kind
    }

    /// The problem of `puzzle`: the whole problem's items, and the options its givens (and
    /// `candidates`, for the empty cells) allow; with, for each of its options, the whole
    /// problem's option it is.
    fn problem_of(
        &self,
        puzzle: &Grid,
        candidates: Option<&[DigitSet]>,
    ) -> (Problem, Vec<OptionId>) {
        let whole = &self.whole.problem;
        let side = self.rules.side() as u32;
        let mut builder = ProblemBuilder::new();
        for item in whole.items() {
            let name = whole.item_name(item);
            let added = match whole.item_kind(item) {
                dlx_engine::ItemKind::Primary if whole.has_bounds() => {
                    builder.primary_with_bounds(name, whole.item_bounds(item))
                }
                kind => builder.item(name, kind),
            };
            added.expect("the whole problem's items are distinct");
        }
        let mut kept = Vec::new();
        let mut entries = Vec::new();
        for option in whole.options() {
            if let Some(&place) = self.whole.placing.get(option.index()) {
                let (cell, digit) = ((place / side) as usize, (place % side + 1) as u8);
                let allowed = match puzzle.get(cell) {
                    0 => candidates.is_none_or(|marks| marks[cell].contains(digit)),
                    given => given == digit,
                };
                if !allowed {
                    continue;
                }
            }
            entries.clear();
            let items = whole.option_items(option).iter().copied();
            entries.extend(items.zip(whole.option_colours(option)));
            if let Ok(Some(_)) = builder.coloured_option(&entries) {
                kept.push(option);
            }
        }
        (builder.build(), kept)
    }

    /// The grid a solution fills: the placing options chosen.
    fn grid_of(&self, puzzle: &Grid, kept: &[OptionId], options: &[OptionId]) -> Grid {
        let side = self.rules.side() as u32;
        let mut grid = puzzle.clone();
        for option in options {
            let whole = kept[option.index()];
            if let Some(&place) = self.whole.placing.get(whole.index()) {
                grid.set((place / side) as usize, (place % side + 1) as u8);
            }
        }
        grid
    }

    /// The limits of a search for at most `max_solutions` within the budget.
    fn limits(&self, max_solutions: u64) -> SearchLimits {
        self.budget.limits(max_solutions)
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
        let (problem, kept) = self.problem_of(puzzle, candidates);
        let mut engine = self
            .kind
            .load(&problem)
            .expect("a puzzle's problem is part of the whole problem the engine took");
        let limits = self.limits(max_solutions);
        let mut hand_on = |options: &[OptionId]| {
            visitor(&self.grid_of(puzzle, &kept, options));
            ControlFlow::<()>::Continue(())
        };
        let stop = self.budget.stop.clone();
        let outcome = match progress {
            Some(sink) => engine.search_reporting(limits, &stop, sink, &mut hand_on),
            None => engine.search_until(limits, &stop, &mut hand_on),
        };
        outcome.map(|_| ())
    }

    /// The completions of `puzzle` counted split over the current rayon pool, or one shard's
    /// share of them.
    pub(crate) fn count_split_reporting(
        &mut self,
        puzzle: &Grid,
        shard: Shard,
        limit: Option<u64>,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
    ) -> SearchReport<()> {
        let (problem, _) = self.problem_of(puzzle, None);
        let mut count = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let settings = SearchRequest {
            rule: ChoiceRule::Mrv,
            max_solutions: limit,
            shard,
            min_subtrees: SearchRequest::subtrees_for(shard.count),
            count_only: true,
            ..SearchRequest::default()
        };
        self.kind
            .search_split_reporting(&problem, settings, stop_requested, progress, &mut count)
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
        let limit_or_all = limit.unwrap_or(u64::MAX);
        let outcome = self.search(
            puzzle,
            candidates,
            limit_or_all,
            Some(progress),
            &mut |_| {},
        );
        let count = Count {
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
        };
        outcome.map(|()| count)
    }
}
