//! One problem searched again and again, each search narrowed to some of its options and
//! started from others. A puzzle solver builds the exact-cover problem of its rules once; for
//! each puzzle it keeps the options the puzzle's candidates allow and takes the options of its
//! givens first. Each engine narrows in its own way behind this one type, so that the caller
//! names none of them:
//!
//! - dancing links lay the narrowed problem out afresh in one arena's memory, with 16-bit
//!   links whenever the whole problem fits them (Knuth's SUDOKU-DLX prunes so; on Sudoku
//!   this beat imposing the givens on the whole problem with [`Dlx::select`], see
//!   docs/benchmarks.md), or, for a problem with colours, select the options taken first;
//! - the board clears the bits of the options not kept and starts from those taken first;
//! - the other engines load the narrowed problem.

use super::bands::Bands;
use super::board::Board;
use super::choice_rule::ChoiceRule;
use super::engine::{AnyEngine, Engine, EngineKind};
use super::error::DlxError;
use super::guesses::{Deductions, Guesses};
use super::links::Dlx;
use super::outcome::{Outcome, SearchStats, Stop};
use super::parallel;
use super::planes::Planes;
use super::problem::{Colour, ItemKind, OptionId, Problem, ProblemBuilder};
use super::progress::{ProgressSink, TreePosition};
use super::relaid::Relaid;
use super::request::{SearchReport, SearchRequest};
use super::search::{SearchLimits, Visitor};
use std::ops::ControlFlow;
use std::sync::Arc;

/// A problem loaded once on an engine and narrowed before each search
/// ([`Narrowed::narrow`]). Its searches find the whole problem's solutions that choose only
/// options kept and include every option taken first; they hand each on in the whole
/// problem's numbering, the options taken first leading, and count as nodes only what the
/// engine searched below them.
///
/// ```
/// use dlx_engine::{Engine, EngineKind, Narrowed, OptionId, Problem};
///
/// // 8 queens: options `8 * row + column`; the queen of row 0 taken in column 0.
/// let problem = Problem::queens(8);
/// let first = [OptionId(0)];
/// for kind in [EngineKind::Links, EngineKind::Cells, EngineKind::Board] {
///     let mut engine = Narrowed::new(problem.clone(), kind, Default::default()).unwrap();
///     engine.take_first(&first);
///     let solutions = engine.solutions(None).answer;
///     assert_eq!(solutions.len(), 4, "4 of the 92 solutions have a queen in the corner");
///     assert!(solutions.iter().all(|solution| solution[0] == first[0]));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Narrowed {
    kind: EngineKind,
    rule: ChoiceRule,
    whole: Arc<Problem>,
    held: Held,
    /// The options every solution begins with, in the whole problem's numbering.
    first: Vec<OptionId>,
    /// The whole problem's option of each option of the problem the engine holds, when that
    /// is a narrower one (laid out again, or loaded); empty when the engine holds the whole.
    renumbered: Vec<OptionId>,
    /// The options taken first clash: no solution until the next narrowing.
    clash: bool,
    /// The engine does not hold the narrowing yet: the whole problem until the first
    /// narrowing, laid out at the first search (a solver made for one puzzle lays out once).
    stale: bool,
    /// No narrowing yet.
    pristine: bool,
    /// Whether solutions begin with the options taken first ([`Narrowed::lead_with_first`]).
    lead_with_first: bool,
    scratch: Scratch,
}

/// What the engine holds.
#[derive(Clone, Debug)]
enum Held {
    /// Dancing links, each narrowing laid out afresh (plain problems).
    Relaid(Box<Relaid>, Box<PlainTables>),
    /// Dancing links on the whole problem, the options taken first selected on it (problems
    /// with colours); with the narrowed problem to load instead when some options are left
    /// out, which selecting cannot say.
    Selecting(Box<Dlx>, Option<Problem>),
    /// The board or the planes, the whole problem's options cleared or taken first.
    OnBits(Box<OnBits>),
    /// Another engine, loaded with each narrowing's problem when it searches.
    Loaded(Problem),
}

/// The whole plain problem by numbers, for laying its narrowings out: a few instructions an
/// entry, as a puzzle's problem is laid out for every puzzle.
#[derive(Clone, Debug)]
struct PlainTables {
    /// The items, primary ones first, each kind in the whole problem's order; `None` when
    /// that is the whole problem's order.
    order: Option<Vec<u32>>,
    items: usize,
    primary: usize,
    /// Each option's items, one option after another, and where each option starts (one
    /// more than the options).
    entries: Vec<u32>,
    starts: Vec<u32>,
    /// The width every option has, if they all have one.
    stride: Option<usize>,
}

impl PlainTables {
    fn new(problem: &Problem) -> PlainTables {
        let mut order = Vec::with_capacity(problem.item_count());
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            let items = problem
                .items()
                .filter(|&item| problem.item_kind(item) == kind);
            order.extend(items.map(|item| item.0));
        }
        let mut entries = Vec::with_capacity(problem.entry_count());
        let mut starts = Vec::with_capacity(problem.option_count() + 1);
        for option in problem.options() {
            starts.push(entries.len() as u32);
            entries.extend(problem.option_items(option).iter().map(|item| item.0));
        }
        starts.push(entries.len() as u32);
        let width = |w: &[u32]| w[1] - w[0];
        let stride = starts
            .windows(2)
            .map(width)
            .try_fold(None, |seen, w| match seen {
                Some(seen) if seen != w => Err(()),
                _ => Ok(Some(w)),
            })
            .ok()
            .flatten()
            .filter(|&w| w > 0)
            .map(|w| w as usize);
        let in_place = order
            .iter()
            .enumerate()
            .all(|(at, &item)| at == item as usize);
        PlainTables {
            items: problem.item_count(),
            order: (!in_place).then_some(order),
            primary: problem.primary_count(),
            entries,
            starts,
            stride,
        }
    }

    fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    fn option(&self, option: usize) -> &[u32] {
        &self.entries[self.starts[option] as usize..self.starts[option + 1] as usize]
    }
}

/// Where an item of the whole problem stands after the options taken first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taken {
    Free,
    /// Covered: the options with it are gone.
    Covered,
    /// A secondary item given a colour: the options with it in that colour stay (without it).
    Coloured(Colour),
}

/// The buffers a narrowing is worked out in, kept across narrowings.
#[derive(Clone, Debug, Default)]
struct Scratch {
    taken: Vec<Taken>,
    /// The narrowed problem's number of each free item (plain problems).
    item_of: Vec<u32>,
    /// The items of the narrowed problem's options, one after another, and where each ends.
    entries: Vec<u32>,
    ends: Vec<u32>,
    /// Primary and all items of the narrowed problem.
    primary: usize,
    items: usize,
    /// The width of every option, if they share one (`ends` is then not kept).
    stride: Option<usize>,
    /// How much of `entries` the narrowing fills.
    used: usize,
    /// The options kept, as bits, and as a list unless all are (for the board, whose split
    /// lays its narrowing out as a problem).
    kept_bits: Vec<u64>,
    kept: Vec<OptionId>,
    kept_all: bool,
    /// A solution in the whole problem's numbering.
    solution: Vec<OptionId>,
}

impl Narrowed {
    /// `problem` on the engine `kind`, resolved by [`EngineKind::choose_preferring`] for
    /// `rule`: `rule` is the choice rule the caller measured best, which only dancing links
    /// take, so `auto` then picks links, unless the problem has the planes' or the board's
    /// shape (they measured faster than links on any rule); a named engine that takes no rule
    /// searches by DLX1's. Every
    /// option is kept until the first [`Narrowed::narrow`]. Refused: a problem with
    /// multiplicities (an option taken first does not settle a bounded item), and one the
    /// engine cannot take.
    pub fn new(problem: Problem, kind: EngineKind, rule: ChoiceRule) -> Result<Narrowed, DlxError> {
        if problem.has_bounds() {
            return Err(DlxError::Unsupported {
                engine: kind.name(),
                what: "narrowing a problem with multiplicities (a:b|item)",
            });
        }
        let (kind, rule) = kind.choose_preferring(&problem, rule)?;
        let held = match kind {
            EngineKind::Links if !problem.has_colours() => Held::Relaid(
                Box::new(relaid_for(&problem, rule)?),
                Box::new(PlainTables::new(&problem)),
            ),
            EngineKind::Links => Held::Selecting(Box::new(Dlx::try_new(&problem)?), None),
            EngineKind::Board => Held::OnBits(Box::new(OnBits::Board(Board::try_new(&problem)?))),
            EngineKind::Planes => {
                Held::OnBits(Box::new(OnBits::Planes(Planes::try_new(&problem)?)))
            }
            EngineKind::Bands => Held::OnBits(Box::new(OnBits::Bands(Bands::try_new(&problem)?))),
            other => {
                // Checked once on the whole problem, which holds every narrower one.
                other.load(&problem)?;
                Held::Loaded(Problem::default())
            }
        };
        let mut narrowed = Narrowed {
            kind,
            rule,
            whole: Arc::new(problem),
            held,
            first: Vec::new(),
            renumbered: Vec::new(),
            clash: false,
            stale: true,
            pristine: true,
            lead_with_first: true,
            scratch: Scratch::default(),
        };
        match &mut narrowed.held {
            Held::Selecting(dlx, _) => {
                dlx.set_rule(rule);
            }
            Held::Relaid(..) => {}
            Held::OnBits(_) | Held::Loaded(_) => {}
        }
        if let Held::Loaded(problem) = &mut narrowed.held {
            problem.clone_from(&narrowed.whole);
        }
        Ok(narrowed)
    }

    /// Has the searches from now on choose items by `rule` ([`Relaid::set_rule`]): dancing
    /// links take it, the other engines keep to DLX1's rule.
    pub fn set_rule(&mut self, rule: ChoiceRule) {
        self.rule = rule;
        match &mut self.held {
            Held::Relaid(arena, _) => arena.set_rule(rule),
            Held::Selecting(dlx, _) => {
                dlx.set_rule(rule);
            }
            Held::OnBits(_) | Held::Loaded(_) => {}
        }
    }

    /// Whether each solution handed on begins with the options taken first (the default), or
    /// holds only those the search chose: a caller that knows what it took first need not
    /// have them copied into every solution.
    pub fn lead_with_first(&mut self, on: bool) {
        self.lead_with_first = on;
    }

    /// The whole problem.
    pub fn problem(&self) -> &Problem {
        &self.whole
    }

    /// Narrows the searches from now on: they choose only among `kept` (in the whole
    /// problem's order) and start from `first` taken, as if a path from the root had chosen
    /// them. Options taken first that clash leave no solution. Panics if an option is not the
    /// whole problem's: that is the caller's bug, not input.
    pub fn narrow(&mut self, kept: impl IntoIterator<Item = OptionId>, first: &[OptionId]) {
        self.narrow_to(Some(kept), first);
    }

    /// [`Narrowed::narrow`], every option kept.
    pub fn take_first(&mut self, first: &[OptionId]) {
        self.narrow_to(None::<[OptionId; 0]>, first);
    }

    fn narrow_to(&mut self, kept: Option<impl IntoIterator<Item = OptionId>>, first: &[OptionId]) {
        self.first.clear();
        self.first.extend_from_slice(first);
        self.pristine = false;
        self.stale = false;
        let scratch = &mut self.scratch;
        if let Held::Relaid(_, tables) = &self.held {
            self.clash = !scratch.number_free_items(tables, first);
            if self.clash {
                return;
            }
            match kept {
                Some(kept) => scratch.lay_out_plain(tables, kept, &mut self.renumbered),
                None => {
                    let all = (0..tables.option_count()).map(|k| OptionId(k as u32));
                    scratch.lay_out_plain(tables, all, &mut self.renumbered)
                }
            }
            // Laid out at the search, which lays out a stopped search's arena again too.
            self.stale = true;
            return;
        }
        if let (Held::OnBits(engine), None) = (&mut self.held, &kept) {
            // Every option kept: the engine finds clashing options taken first at its root, and
            // its bits need clearing only when the narrowing before kept fewer. A split search
            // works the rest out when it lays the narrowing out as a problem.
            if !scratch.kept_all {
                engine.keep_only(|_| true);
                scratch.kept_all = true;
                scratch.kept.clear();
            }
            engine.take_first(first.iter().copied());
            self.clash = false;
            self.renumbered.clear();
            return;
        }
        self.clash = !scratch.take_first(&self.whole, first);
        if self.clash {
            return;
        }
        // The other engines narrow from the list of options kept.
        scratch.kept.clear();
        scratch.kept_all = kept.is_none();
        scratch.kept.extend(kept.into_iter().flatten());
        debug_assert!(
            scratch.kept.windows(2).all(|w| w[0] < w[1]),
            "kept in order"
        );
        let all = scratch.kept_all;
        match &mut self.held {
            Held::Relaid(..) => unreachable!("laid out above"),
            Held::Selecting(dlx, instead) => {
                dlx.unselect_all();
                self.renumbered.clear();
                *instead = None;
                match all {
                    true => self.clash = first.iter().any(|&option| dlx.select(option).is_err()),
                    false => {
                        let problem = scratch.problem_of_kept(&self.whole, &mut self.renumbered);
                        *instead = Some(problem);
                    }
                }
            }
            Held::OnBits(board) => {
                let bits = &mut scratch.kept_bits;
                bits.clear();
                bits.resize(self.whole.option_count().div_ceil(64), 0);
                let mut keep =
                    |option: OptionId| bits[option.index() / 64] |= 1 << (option.index() % 64);
                match all {
                    false => scratch.kept.iter().copied().for_each(&mut keep),
                    true => self.whole.options().for_each(&mut keep),
                }
                first.iter().copied().for_each(keep);
                let bits = &scratch.kept_bits;
                board.keep_only(|option| {
                    bits[option.index() / 64] & (1 << (option.index() % 64)) != 0
                });
                board.take_first(first.iter().copied());
                self.renumbered.clear();
            }
            Held::Loaded(problem) => {
                *problem = scratch.problem_of_kept(&self.whole, &mut self.renumbered);
            }
        }
    }

    /// Has the engine hold the narrowing: dancing links' arena laid out when it is not yet, or
    /// when a stopped search left it spent; before any narrowing, the whole problem.
    fn lay_out(&mut self) {
        if let Held::Relaid(arena, tables) = &mut self.held {
            if self.stale && self.pristine {
                // No narrowing yet: the whole problem.
                self.scratch.number_free_items(tables, &[]);
                let all = (0..tables.option_count()).map(|k| OptionId(k as u32));
                self.scratch
                    .lay_out_plain(tables, all, &mut self.renumbered);
                self.pristine = false;
            }
            if self.stale || arena.is_spent() {
                self.scratch.reload(arena);
            }
        }
        self.stale = false;
    }

    /// [`EngineKind::search_split_reporting`] of the narrowed problem: the tree split over the
    /// current rayon pool, or one shard's share of it. The engines that deduce between guesses
    /// report its deductions in [`Engine::figures`] afterwards, as after a search on one thread.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError> {
        let report = self.search_split(settings, stop_requested, progress, visitor)?;
        if let Held::OnBits(on_bits) = &mut self.held {
            on_bits.searched(&report.outcome.stats);
        }
        Ok(report)
    }

    /// [`Narrowed::search_split_reporting`], the figures left to it.
    fn search_split<V: Visitor + ?Sized>(
        &mut self,
        mut settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError> {
        settings.rule = self.rule;
        self.lay_out();
        if self.clash {
            return Ok(SearchReport {
                engine: self.kind,
                ..Default::default()
            });
        }
        // The board splits its narrowing laid out as a problem; the planes and the bands split
        // their own tree, which starts from the options taken first.
        let board_problem = match &self.held {
            Held::OnBits(on_bits) if !matches!(**on_bits, OnBits::Board(_)) => None,
            Held::OnBits(_) if !self.scratch.take_first(&self.whole, &self.first) => {
                return Ok(SearchReport {
                    engine: self.kind,
                    ..Default::default()
                });
            }
            Held::OnBits(_) => Some(
                self.scratch
                    .problem_of_kept(&self.whole, &mut self.renumbered),
            ),
            _ => None,
        };
        let Narrowed {
            held,
            first,
            renumbered,
            scratch,
            kind,
            lead_with_first,
            ..
        } = self;
        let mut in_whole = InWhole {
            inner: visitor,
            first,
            renumbered,
            lead: *lead_with_first,
            skip: 0,
            solution: &mut scratch.solution,
        };
        if let Some(problem) = &board_problem {
            return kind.search_split_reporting(
                problem,
                settings,
                stop_requested,
                progress,
                &mut in_whole,
            );
        }
        match held {
            Held::Loaded(problem) => kind.search_split_reporting(
                problem,
                settings,
                stop_requested,
                progress,
                &mut in_whole,
            ),
            Held::Relaid(arena, _) => {
                arena.search_split_reporting(settings, stop_requested, progress, &mut in_whole)
            }
            Held::Selecting(_, Some(problem)) => kind.search_split_reporting(
                problem,
                settings,
                stop_requested,
                progress,
                &mut in_whole,
            ),
            Held::Selecting(dlx, None) => {
                Ok(dlx.search_split_reporting(settings, stop_requested, progress, &mut in_whole))
            }
            Held::OnBits(on_bits) => {
                // The planes and the bands hand on the options taken first leading each
                // solution.
                in_whole.lead = false;
                in_whole.skip = if *lead_with_first { 0 } else { first.len() };
                let visitor = &mut in_whole;
                match &mut **on_bits {
                    OnBits::Planes(planes) => Ok(parallel::search_split(
                        planes,
                        settings,
                        stop_requested,
                        progress,
                        visitor,
                    )),
                    OnBits::Bands(bands) => Ok(parallel::search_split(
                        bands,
                        settings,
                        stop_requested,
                        progress,
                        visitor,
                    )),
                    OnBits::Board(_) => {
                        unreachable!("the board's narrowing was laid out as a problem above")
                    }
                }
            }
        }
    }
}

/// The engines that hold the whole problem and narrow it on their bits.
#[derive(Clone, Debug)]
enum OnBits {
    Board(Board),
    Planes(Planes),
    Bands(Bands),
}

impl OnBits {
    fn keep_only(&mut self, keep: impl FnMut(OptionId) -> bool) {
        match self {
            OnBits::Board(board) => board.keep_only(keep),
            OnBits::Planes(planes) => planes.keep_only(keep),
            OnBits::Bands(bands) => bands.keep_only(keep),
        }
    }

    fn take_first(&mut self, options: impl IntoIterator<Item = OptionId>) {
        match self {
            OnBits::Board(board) => board.take_first(options),
            OnBits::Planes(planes) => planes.take_first(options),
            OnBits::Bands(bands) => bands.take_first(options),
        }
    }

    /// Keeps the deductions a search elsewhere made (a split one) as this engine's last.
    fn searched(&mut self, stats: &SearchStats) {
        let deductions = Deductions::of(stats);
        *match self {
            OnBits::Board(board) => board.last_deductions(),
            OnBits::Planes(planes) => planes.last_deductions(),
            OnBits::Bands(bands) => bands.last_deductions(),
        } = deductions;
    }
}

impl Engine for OnBits {
    fn kind(&self) -> EngineKind {
        match self {
            OnBits::Board(board) => board.kind(),
            OnBits::Planes(planes) => planes.kind(),
            OnBits::Bands(bands) => bands.kind(),
        }
    }

    fn figures(&self) -> Vec<(&'static str, u64)> {
        match self {
            OnBits::Board(board) => board.figures(),
            OnBits::Planes(planes) => planes.figures(),
            OnBits::Bands(bands) => bands.figures(),
        }
    }

    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        match self {
            OnBits::Board(board) => board.search(limits, visitor),
            OnBits::Planes(planes) => planes.search(limits, visitor),
            OnBits::Bands(bands) => bands.search(limits, visitor),
        }
    }
}

impl Engine for Narrowed {
    fn kind(&self) -> EngineKind {
        self.kind
    }

    fn figures(&self) -> Vec<(&'static str, u64)> {
        match &self.held {
            Held::OnBits(board) => board.figures(),
            _ => Vec::new(),
        }
    }

    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        self.lay_out();
        if self.clash {
            return Outcome {
                answer: None,
                stats: Default::default(),
                stop: Stop::Exhausted,
            };
        }
        let Narrowed {
            held,
            first,
            renumbered,
            scratch,
            kind,
            rule,
            lead_with_first,
            ..
        } = self;
        // The board holds the whole problem and leads with the options taken first itself.
        let board = matches!(held, Held::OnBits(_));
        let mut in_whole = InWhole {
            inner: visitor,
            first,
            renumbered,
            lead: *lead_with_first && !board,
            skip: if board && !*lead_with_first {
                first.len()
            } else {
                0
            },
            solution: &mut scratch.solution,
        };
        match held {
            Held::Relaid(arena, _) => arena.search(limits, &mut in_whole),
            Held::Selecting(dlx, None) => dlx.search(limits, &mut in_whole),
            Held::OnBits(board) => board.search(limits, &mut in_whole),
            Held::Selecting(_, Some(problem)) | Held::Loaded(problem) => {
                let mut engine = AnyEngine::new(problem, *kind)
                    .expect("the narrowed problem is part of the whole problem the engine took");
                engine.set_rule(*rule);
                engine.search(limits, &mut in_whole)
            }
        }
    }
}

impl Scratch {
    /// Takes `first` on the whole problem's items (`taken`); `false` when two of them clash.
    fn take_first(&mut self, whole: &Problem, first: &[OptionId]) -> bool {
        self.taken.clear();
        self.taken.resize(whole.item_count(), Taken::Free);
        for &option in first {
            for (at, &item) in whole.option_items(option).iter().enumerate() {
                let colour = whole.entry_colour(option, at);
                let now = match colour {
                    Some(colour) if whole.item_kind(item) == ItemKind::Secondary => {
                        Taken::Coloured(colour)
                    }
                    _ => Taken::Covered,
                };
                let was = &mut self.taken[item.index()];
                match *was {
                    Taken::Free => *was = now,
                    Taken::Coloured(_) if *was == now => {}
                    _ => return false,
                }
            }
        }
        true
    }

    /// Whether `option` survives the options taken first: none of its items covered, and its
    /// colour on each item given one that one.
    fn survives(&self, whole: &Problem, option: OptionId) -> bool {
        whole
            .option_items(option)
            .iter()
            .enumerate()
            .all(|(at, &item)| match self.taken[item.index()] {
                Taken::Free => true,
                Taken::Covered => false,
                Taken::Coloured(colour) => whole.entry_colour(option, at) == Some(colour),
            })
    }

    /// Lays out the narrowed problem of a plain whole problem by arena numbers (`entries`,
    /// `ends` or `stride`, `primary`, `items`): the free items, primary ones first, each kind
    /// in the whole problem's order, and the options `kept` that survive, `renumbered` naming
    /// each.
    #[inline]
    fn lay_out_plain(
        &mut self,
        tables: &PlainTables,
        kept: impl IntoIterator<Item = OptionId>,
        renumbered: &mut Vec<OptionId>,
    ) {
        self.stride = tables.stride;
        renumbered.clear();
        match tables.stride {
            // Sudoku's options have four items: the width known to the compiler, the loops
            // unrolled.
            Some(4) => self.lay_out_uniform::<4>(tables, kept, renumbered),
            Some(_) => self.lay_out_uniform::<0>(tables, kept, renumbered),
            None => {
                self.entries.clear();
                self.ends.clear();
                for option in kept {
                    let items = tables.option(option.index());
                    if items
                        .iter()
                        .all(|&item| self.item_of[item as usize] != u32::MAX)
                    {
                        let renamed = items.iter().map(|&item| self.item_of[item as usize]);
                        self.entries.extend(renamed);
                        self.ends.push(self.entries.len() as u32);
                        renumbered.push(option);
                    }
                }
                self.used = self.entries.len();
            }
        }
    }

    /// Numbers the items of a plain problem that `first` leaves free (`item_of`, `primary`,
    /// `items`): primary ones first, each kind in the whole problem's order; a covered one
    /// gets `u32::MAX`. `false` when two options of `first` share an item.
    fn number_free_items(&mut self, tables: &PlainTables, first: &[OptionId]) -> bool {
        const COVERED: u32 = u32::MAX;
        let item_of = &mut self.item_of;
        item_of.clear();
        item_of.resize(tables.items, 0);
        let mut cover = |items: &[u32]| {
            items.iter().all(|&item| {
                let number = &mut item_of[item as usize];
                let free = *number != COVERED;
                *number = COVERED;
                free
            })
        };
        let free = match tables.stride {
            Some(4) => first.iter().all(|option| {
                let start = option.index() * 4;
                cover(&tables.entries[start..start + 4])
            }),
            _ => first
                .iter()
                .all(|option| cover(tables.option(option.index()))),
        };
        if !free {
            return false;
        }
        let mut next = 0u32;
        let number = |number: &mut u32, next: &mut u32| {
            if *number != COVERED {
                *number = *next;
                *next += 1;
            }
        };
        match &tables.order {
            // Primary items first already: numbered in place, without a branch.
            None => {
                for item in item_of.iter_mut() {
                    let free = *item != COVERED;
                    *item = if free { next } else { COVERED };
                    next += u32::from(free);
                }
            }
            Some(order) => {
                for (at, &item) in order.iter().enumerate() {
                    if at == tables.primary {
                        self.primary = next as usize;
                    }
                    number(&mut item_of[item as usize], &mut next);
                }
            }
        }
        if tables.order.is_none() {
            let primary = &item_of[..tables.primary];
            self.primary = primary.iter().filter(|&&n| n != COVERED).count();
        } else if tables.primary == item_of.len() {
            self.primary = next as usize;
        }
        self.items = next as usize;
        true
    }

    /// [`Scratch::lay_out_plain`]'s options when they all have one width: `W`, or when `W` is
    /// 0, the tables' stride. Written by index into a buffer sized for every option of the
    /// whole problem, which only grows: a push per entry spent more on the vector's capacity
    /// checks than on the entries.
    #[inline]
    fn lay_out_uniform<const W: usize>(
        &mut self,
        tables: &PlainTables,
        kept: impl IntoIterator<Item = OptionId>,
        renumbered: &mut Vec<OptionId>,
    ) {
        let width = if W == 0 {
            tables.stride.unwrap_or(1)
        } else {
            W
        };
        if self.entries.len() < tables.entries.len() {
            self.entries.resize(tables.entries.len(), 0);
        }
        let mut at = 0;
        for option in kept {
            let start = option.index() * width;
            let from = &tables.entries[start..start + width];
            let to = &mut self.entries[at..at + width];
            let mut free = true;
            for (to, &item) in to.iter_mut().zip(from) {
                *to = self.item_of[item as usize];
                free &= *to != u32::MAX;
            }
            if free {
                at += width;
                renumbered.push(option);
            }
        }
        self.used = at;
    }

    /// [`Scratch::problem`] of the options kept at the last narrowing (the board's).
    fn problem_of_kept(&mut self, whole: &Problem, renumbered: &mut Vec<OptionId>) -> Problem {
        let kept = std::mem::take(&mut self.kept);
        let problem = self.problem_from(whole, (!self.kept_all).then_some(&kept[..]), renumbered);
        self.kept = kept;
        problem
    }

    /// The narrowed problem as a [`Problem`]: the items left free or given a colour, the
    /// options kept that survive (without the items given their colour), `renumbered` naming
    /// each.
    fn problem_from(
        &mut self,
        whole: &Problem,
        kept: Option<&[OptionId]>,
        renumbered: &mut Vec<OptionId>,
    ) -> Problem {
        let mut builder = ProblemBuilder::new();
        let mut item_of = vec![None; whole.item_count()];
        for item in whole.items() {
            if self.taken[item.index()] == Taken::Free {
                let added = builder.item(whole.item_name(item), whole.item_kind(item));
                item_of[item.index()] =
                    Some(added.expect("the whole problem's items are distinct"));
            }
        }
        renumbered.clear();
        let mut entries = Vec::new();
        let mut add = |option: OptionId| {
            if !self.survives(whole, option) {
                return;
            }
            entries.clear();
            let items = whole.option_items(option).iter();
            let colours = whole.option_colours(option);
            entries.extend(
                items
                    .zip(colours)
                    .filter_map(|(item, colour)| Some((item_of[item.index()]?, colour))),
            );
            if let Ok(Some(_)) = builder.coloured_option(&entries) {
                renumbered.push(option);
            }
        };
        match kept {
            Some(kept) => kept.iter().copied().for_each(&mut add),
            None => whole.options().for_each(&mut add),
        }
        builder.build()
    }
}

/// Dancing links for the narrowings of `whole`, searching by `rule`, walking options through
/// their spacers when each item keeps one place in every option: a narrowing keeps its
/// options whole, so the look the arena would take at each layout is taken once here.
fn relaid_for(whole: &Problem, rule: ChoiceRule) -> Result<Relaid, DlxError> {
    let mut relaid = Relaid::new(EngineKind::Links, rule)?;
    relaid.reload_before_each_search();
    if items_keep_their_places(whole) {
        relaid.items_keep_their_places();
    }
    Ok(relaid)
}

impl Scratch {
    /// Lays the narrowing this holds out in `relaid`.
    #[inline(always)]
    fn reload(&self, relaid: &mut Relaid) {
        let laid = match self.stride {
            Some(4) => relaid.reload(
                self.primary,
                self.items,
                self.entries[..self.used].chunks_exact(4),
            ),
            Some(width) => relaid.reload(
                self.primary,
                self.items,
                self.entries[..self.used].chunks_exact(width),
            ),
            None => {
                let starts = std::iter::once(0).chain(self.ends.iter().copied());
                let options = starts
                    .zip(self.ends.iter().copied())
                    .map(|(start, end)| &self.entries[start as usize..end as usize]);
                relaid.reload(self.primary, self.items, options)
            }
        };
        laid.expect("32-bit links hold the whole problem, so every narrowing of it");
    }
}

/// Whether each item of `problem` stands at one place (its index within the option) in every
/// option that has it.
fn items_keep_their_places(problem: &Problem) -> bool {
    let mut place = vec![u32::MAX; problem.item_count()];
    problem.options().all(|option| {
        problem
            .option_items(option)
            .iter()
            .enumerate()
            .all(|(at, item)| {
                let seen = &mut place[item.index()];
                if *seen == u32::MAX {
                    *seen = at as u32;
                }
                *seen == at as u32
            })
    })
}

/// A visitor handing on the solutions of a narrowed problem in the whole problem's numbering,
/// the options taken first leading (unless the engine holds the whole problem and leads with
/// them itself: the board).
pub(crate) struct InWhole<'a, V: ?Sized> {
    inner: &'a mut V,
    first: &'a [OptionId],
    renumbered: &'a [OptionId],
    lead: bool,
    /// Leading options of the engine's solutions to leave out (the board's own lead, when
    /// the caller asked for none).
    skip: usize,
    solution: &'a mut Vec<OptionId>,
}

impl<'a, V: Visitor + ?Sized> InWhole<'a, V> {
    /// Hands `inner` each solution with option `k` named `renumbered[k]` (unchanged when
    /// `renumbered` is empty), built in `solution`.
    pub(crate) fn renumbering(
        inner: &'a mut V,
        renumbered: &'a [OptionId],
        solution: &'a mut Vec<OptionId>,
    ) -> InWhole<'a, V> {
        InWhole {
            inner,
            first: &[],
            renumbered,
            lead: false,
            skip: 0,
            solution,
        }
    }
}

impl<V: Visitor + ?Sized> Visitor for InWhole<'_, V> {
    type Break = V::Break;

    #[inline]
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<V::Break> {
        if !self.inner.wants_options() {
            return self.inner.solution(&[]);
        }
        self.solution.clear();
        if self.lead {
            self.solution.extend_from_slice(self.first);
        }
        match self.renumbered.is_empty() {
            true => self
                .solution
                .extend_from_slice(&options[self.skip.min(options.len())..]),
            false => self
                .solution
                .extend(options.iter().map(|option| self.renumbered[option.index()])),
        }
        self.inner.solution(self.solution)
    }

    #[inline(always)]
    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<V::Break> {
        self.inner.enter_node()
    }

    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        self.inner.progress_mask()
    }

    #[inline(always)]
    fn progress(&mut self, at: &TreePosition) {
        self.inner.progress(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{
        brute_force, check_without_bounds, random_problems, seed, NAMED_ENGINES as KINDS,
    };
    use crate::stop_flag::StopFlag;

    #[test]
    fn a_narrowing_of_nothing_keeps_the_engine_contract() {
        for kind in KINDS {
            check_without_bounds(|problem| Narrowed::new(problem.clone(), kind, ChoiceRule::Mrv));
        }
    }

    /// A small generator for the options kept and taken first.
    struct Picks(u64);

    impl Picks {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n.max(1)
        }
    }

    #[test]
    fn narrowed_searches_find_the_whole_problems_solutions_with_the_options_taken_first() {
        let seed = seed();
        let mut picks = Picks(seed ^ 0x5eed);
        let problems = random_problems(seed, 400).filter(|problem| !problem.has_bounds());
        for (case, problem) in problems.enumerate() {
            let options: Vec<OptionId> = problem.options().collect();
            let kept: Option<Vec<OptionId>> = match picks.below(3) {
                0 => None,
                _ => Some(
                    options
                        .iter()
                        .copied()
                        .filter(|_| picks.below(4) > 0)
                        .collect(),
                ),
            };
            let mut first: Vec<OptionId> = Vec::new();
            for _ in 0..picks.below(3) {
                if let Some(&option) = options.get(picks.below(options.len() as u64) as usize) {
                    if !first.contains(&option) {
                        first.push(option);
                    }
                }
            }
            // The oracle: the whole problem's solutions with every option taken first, the
            // others kept.
            let allowed = |option: &OptionId| {
                first.contains(option) || kept.as_ref().is_none_or(|kept| kept.contains(option))
            };
            let mut expected: Vec<Vec<OptionId>> = brute_force(&problem)
                .into_iter()
                .filter(|solution| first.iter().all(|option| solution.contains(option)))
                .filter(|solution| solution.iter().all(allowed))
                .collect();
            expected.sort();
            let context = format!("seed {seed} (DLX_CONFORMANCE_SEED), case {case}: kept {kept:?}, first {first:?}: {problem:?}");
            for kind in KINDS {
                let mut engine = match Narrowed::new(problem.clone(), kind, ChoiceRule::Mrv) {
                    Ok(engine) => engine,
                    Err(
                        DlxError::TooLargeForBits { .. }
                        | DlxError::TooLargeForBoard { .. }
                        | DlxError::Unsupported {
                            engine: "planes", ..
                        },
                    ) => continue,
                    Err(refusal) => panic!("{context}: {kind} refused {refusal}"),
                };
                // Twice: a narrowing replaces the one before.
                engine.take_first(&[]);
                match &kept {
                    Some(kept) => engine.narrow(kept.iter().copied(), &first),
                    None => engine.take_first(&first),
                }
                let mut found = Vec::new();
                engine.for_each(|solution| {
                    assert_eq!(
                        &solution[..first.len()],
                        &first[..],
                        "{context}: {kind} leads with the options taken first"
                    );
                    let mut solution = solution.to_vec();
                    solution.sort();
                    found.push(solution);
                });
                found.sort();
                assert_eq!(found, expected, "{context}: {kind}");
                // Without the options taken first: the rest of each solution.
                engine.lead_with_first(false);
                let mut rest = Vec::new();
                engine.for_each(|solution| rest.push(solution.to_vec()));
                engine.lead_with_first(true);
                let mut rest: Vec<Vec<OptionId>> = rest
                    .into_iter()
                    .map(|mut solution| {
                        solution.extend_from_slice(&first);
                        solution.sort();
                        solution
                    })
                    .collect();
                rest.sort();
                assert_eq!(
                    rest, expected,
                    "{context}: {kind} without the options taken first"
                );
                // A search stopped at the first solution, then the whole again.
                let first_found = engine.first_solution().answer;
                assert_eq!(
                    first_found.is_some(),
                    !expected.is_empty(),
                    "{context}: {kind}"
                );
                assert_eq!(
                    engine.count(),
                    expected.len() as u64,
                    "{context}: {kind} again"
                );
                // Split over two threads, and as shards that add up.
                let request = SearchRequest {
                    threads: 2,
                    min_subtrees: 4,
                    count_only: true,
                    ..SearchRequest::default()
                };
                let never = || false;
                let mut none = |_: &[OptionId]| ControlFlow::Continue(());
                let report = engine
                    .search_split_reporting(request, &never, None, &mut none)
                    .unwrap();
                assert_eq!(
                    report.outcome.stats.solutions,
                    expected.len() as u64,
                    "{context}: {kind} split"
                );
                let shards: u64 = (0..3)
                    .map(|index| {
                        let shard = crate::Shard { index, count: 3 };
                        let request = SearchRequest {
                            shard,
                            min_subtrees: SearchRequest::subtrees_for(3),
                            ..request
                        };
                        let report = engine
                            .search_split_reporting(request, &never, None, &mut none)
                            .unwrap();
                        report.outcome.stats.solutions
                    })
                    .sum();
                assert_eq!(shards, expected.len() as u64, "{context}: {kind} shards");
            }
        }
    }

    #[test]
    fn bounds_are_refused_with_the_reason() {
        let mut builder = ProblemBuilder::new();
        let bounds = crate::Bounds::new(1, 2).unwrap();
        let item = builder.primary_with_bounds("a", bounds).unwrap();
        builder.option(&[item]).unwrap();
        let refusal =
            Narrowed::new(builder.build(), EngineKind::Auto, ChoiceRule::Mrv).unwrap_err();
        assert!(refusal.to_string().contains("multiplicities"), "{refusal}");
    }

    #[test]
    fn a_stop_flag_ends_a_narrowed_search() {
        let problem = Problem::queens(10);
        let stop = StopFlag::new(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
            true,
        )));
        for kind in KINDS {
            // The planes take only problems of the Sudoku matrix's shape.
            let problem = match kind {
                EngineKind::Planes => crate::conformance::latin_square(5),
                _ => problem.clone(),
            };
            let mut engine = Narrowed::new(problem, kind, ChoiceRule::Mrv).unwrap();
            engine.take_first(&[OptionId(3)]);
            let mut none = |_: &[OptionId]| ControlFlow::Continue(());
            let outcome = engine.search_until(SearchLimits::default(), &stop, &mut none);
            assert_eq!(outcome.stop, Stop::Interrupted, "{kind}");
            // The arena a stop left spent is laid out again for the next search.
            assert!(engine.count() > 0, "{kind}");
        }
    }
}
