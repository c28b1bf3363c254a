//! Sudoku of any rules on an engine the chooser names ([`EngineKind`]), for engines other than
//! the dancing links the tuned encodings are written for: the rules' whole exact-cover
//! problem is built once, and each puzzle's problem keeps the options its givens (and
//! pencilmarks) allow. The engine knows nothing of Sudoku and this file nothing of the
//! engine's type: it asks [`EngineKind::load`] for whichever was named. The board
//! ([`Board`]) is loaded once with the whole problem instead, and told for each puzzle which
//! of its options to keep ([`Board::keep_only`]): nothing is laid out per puzzle.

use super::budget::SearchBudget;
use super::digits::DigitSet;
use super::grid::Grid;
use super::settle::Settler;
use super::variant::{variant_problem_with, KillerEncoding, Rules, VariantProblem};
use dlx_engine::{
    Board, ChoiceRule, Count, DlxError, Engine, EngineKind, OptionId, Outcome, Problem,
    ProblemBuilder, ProgressSink, SearchLimits, SearchReport, SearchRequest, Shard,
};
use std::ops::ControlFlow;

/// A solver of one set of rules on a named engine.
#[derive(Clone, Debug)]
pub(crate) struct EngineSolver {
    rules: Rules,
    kind: EngineKind,
    /// The problem of the empty grid, and which cell and digit each placing option sets.
    whole: VariantProblem,
    /// The board, loaded with the whole problem, when it is the engine.
    board: Option<Board>,
    /// For the board on classic rules: the singles and locked candidates settled on bitmasks
    /// before the search, as the dancing-links solver settles them, so that the board starts
    /// from what they leave.
    settler: Option<Settler>,
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
        let board = match kind {
            EngineKind::Board => Some(Board::try_new(&whole.problem)?),
            _ => {
                kind.load(&whole.problem)?;
                None
            }
        };
        let settler = (board.is_some() && rules.is_classic()).then(|| Settler::new(rules.shape()));
        Ok(EngineSolver {
            rules,
            kind,
            whole,
            board,
            settler,
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

    /// Whether the whole problem's `option` is one `puzzle`'s givens (and `candidates`, for the
    /// empty cells) allow: every option that places no digit, and those that place one the
    /// puzzle allows in its cell.
    fn allows(&self, puzzle: &Grid, candidates: Option<&[DigitSet]>, option: OptionId) -> bool {
        let side = self.rules.side() as u32;
        let Some(&place) = self.whole.placing.get(option.index()) else {
            return true;
        };
        let (cell, digit) = ((place / side) as usize, (place % side + 1) as u8);
        match puzzle.get(cell) {
            0 => candidates.is_none_or(|marks| marks[cell].contains(digit)),
            given => given == digit,
        }
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
            if !self.allows(puzzle, candidates, option) {
                continue;
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

    /// The grid a solution fills: the placing options chosen, each the whole problem's option
    /// `kept` names (none: the whole problem's own).
    fn grid_of(&self, puzzle: &Grid, kept: Option<&[OptionId]>, options: &[OptionId]) -> Grid {
        let side = self.rules.side() as u32;
        let mut grid = puzzle.clone();
        for &option in options {
            let whole = kept.map_or(option, |kept| kept[option.index()]);
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
        let limits = self.limits(max_solutions);
        let stop = self.budget.stop.clone();
        if let Some(mut board) = self.board.take() {
            let side = self.rules.side() as u32;
            if let Some(settler) = &mut self.settler {
                if !settler.settle(puzzle, candidates) {
                    self.board = Some(board);
                    return Outcome::default();
                }
            }
            match &self.settler {
                Some(settler) => {
                    board.keep_only(|option| {
                        let place = self.whole.placing.get(option.index());
                        place.is_none_or(|&place| {
                            settler.allows((place / side) as usize, (place % side + 1) as u8)
                        })
                    });
                    // The cells the settling filled are the board's first options.
                    let filled = settler.settled().cells().iter().enumerate();
                    board.take_first(filled.filter(|&(_, &digit)| digit != 0).filter_map(
                        |(cell, &digit)| {
                            let place = cell * side as usize + usize::from(digit) - 1;
                            self.whole.option_placing.get(place).copied().flatten()
                        },
                    ));
                }
                None => board.keep_only(|option| self.allows(puzzle, candidates, option)),
            }
            let mut hand_on = |options: &[OptionId]| {
                visitor(&self.grid_of(puzzle, None, options));
                ControlFlow::<()>::Continue(())
            };
            let outcome = search_on(&mut board, limits, &stop, progress, &mut hand_on);
            self.board = Some(board);
            return outcome;
        }
        let (problem, kept) = self.problem_of(puzzle, candidates);
        let mut engine = self
            .kind
            .load(&problem)
            .expect("a puzzle's problem is part of the whole problem the engine took");
        let mut hand_on = |options: &[OptionId]| {
            visitor(&self.grid_of(puzzle, Some(&kept), options));
            ControlFlow::<()>::Continue(())
        };
        search_on(&mut engine, limits, &stop, progress, &mut hand_on)
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

/// One search of `engine`, stopped by `stop`, reporting to `progress` when given.
fn search_on(
    engine: &mut impl Engine,
    limits: SearchLimits,
    stop: &dlx_engine::StopFlag,
    progress: Option<&dyn ProgressSink>,
    hand_on: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Outcome<()> {
    let mut hand_on = hand_on;
    let outcome = match progress {
        Some(sink) => engine.search_reporting(limits, stop, sink, &mut hand_on),
        None => engine.search_until(limits, stop, &mut hand_on),
    };
    outcome.map(|_| ())
}
