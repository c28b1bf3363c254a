//! One engine for a stream of plain problems given by item numbers, each laid out in the
//! memory the one before used. An encoding that builds a pruned problem for every puzzle
//! (Sudoku's, the givens' singles settled first, as Knuth's SUDOKU-DLX prunes) hands it over
//! as rows of numbers: no names, no [`Problem`], and, on dancing links, no allocation once the
//! arena has grown to size, in the narrowest links that hold it (16-bit ones keep a 9x9
//! problem in 31 KiB, in the L1 cache). The other engines load each problem afresh: they have
//! no layout to reuse, and the caller still names none of them.

use super::choice_rule::ChoiceRule;
use super::engine::{AnyEngine, Engine, EngineKind};
use super::error::DlxError;
use super::links::Dlx;
use super::narrowed::InWhole;
use super::outcome::Outcome;
use super::problem::{ItemId, OptionId, Problem, ProblemBuilder};
use super::progress::ProgressSink;
use super::request::{SearchReport, SearchRequest};
use super::search::{SearchLimits, Visitor};

/// An engine kept across problems laid out by number ([`Relaid::reload`]): the searches of
/// the [`Engine`] contract search the problem laid out last.
///
/// ```
/// use dlx_engine::{ChoiceRule, Engine, EngineKind, Relaid};
///
/// // Items 0 and 1 primary, 2 secondary; options {0 2}, {1 2}, {0}, {1}.
/// let options: [&[u32]; 4] = [&[0, 2], &[1, 2], &[0], &[1]];
/// for kind in [EngineKind::Links, EngineKind::Cells, EngineKind::Board] {
///     let mut engine = Relaid::new(kind, ChoiceRule::Mrv).unwrap();
///     engine.reload(2, 3, options).unwrap();
///     assert_eq!((engine.kind(), engine.count()), (kind, 3));
///     // The next problem in the same memory: {0 1} or {0} and {1}.
///     engine.reload(2, 2, [&[0, 1][..], &[0], &[1]]).unwrap();
///     assert_eq!(engine.count(), 2);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Relaid {
    kind: EngineKind,
    rule: ChoiceRule,
    held: Held,
    /// Every option lists each item at one place (a Sudoku option's cell, row, column and
    /// box): the arena need not look at each layout to choose how to walk options.
    fixed_places: bool,
    /// The caller lays a problem out before each search ([`Relaid::reload_before_each_search`]).
    reloads: bool,
}

#[derive(Clone, Debug)]
enum Held {
    /// Dancing links in 16-bit links, until a problem does not fit them.
    Small(Dlx<u16>),
    Large(Dlx<u32>),
    /// Another engine, loaded with the problem laid out last, and the caller's number of each
    /// of its options when the problem dropped some (those with no primary item, which no
    /// solution can choose).
    Loaded(Box<AnyEngine>, Vec<OptionId>),
}

impl Relaid {
    /// An engine of `kind` searching by `rule`, holding the empty problem until the first
    /// [`Relaid::reload`]. `auto` is dancing links, the engine that lays a problem out in the
    /// memory of the one before (the others load each afresh); a named engine that cannot
    /// honour `rule` is refused, as [`EngineKind::choose`] refuses it.
    pub fn new(kind: EngineKind, rule: ChoiceRule) -> Result<Relaid, DlxError> {
        let kind = match kind {
            EngineKind::Auto => EngineKind::Links,
            named => named.choose(&Problem::default(), rule)?,
        };
        let held = match kind {
            EngineKind::Links => {
                let mut dlx = Dlx::<u16>::try_new(&Problem::default())?;
                dlx.set_rule(rule);
                Held::Small(dlx)
            }
            _ => {
                let mut engine = AnyEngine::new(&Problem::default(), kind)?;
                engine.set_rule(rule);
                Held::Loaded(Box::new(engine), Vec::new())
            }
        };
        Ok(Relaid {
            kind,
            rule,
            held,
            fixed_places: false,
            reloads: false,
        })
    }

    /// Declares that the caller lays a problem out before every search: a search stopped
    /// before the end of its tree (a limit, the visitor, a stop flag) then leaves dancing
    /// links' levels in place instead of undoing them, which costs as much as the covers that
    /// led there (the second solution of a Sudoku puzzle that is not unique, deep down), and
    /// the next search before a [`Relaid::reload`] panics ([`Relaid::is_spent`] tells).
    pub fn reload_before_each_search(&mut self) {
        self.reloads = true;
        match &mut self.held {
            Held::Small(dlx) => dlx.set_reload_after_stop(true),
            Held::Large(dlx) => dlx.set_reload_after_stop(true),
            Held::Loaded(..) => {}
        }
    }

    /// Declares that every option of every problem laid out from now on lists each item at
    /// one place (its index within the option): dancing links then walk every option through
    /// its spacer without looking at each layout, a few instructions an entry saved on a
    /// problem laid out for every puzzle.
    pub fn items_keep_their_places(&mut self) {
        self.fixed_places = true;
        match &mut self.held {
            Held::Small(dlx) => dlx.walk_through_spacers(),
            Held::Large(dlx) => dlx.walk_through_spacers(),
            Held::Loaded(..) => {}
        }
    }

    /// Lays out the problem whose items `0..primary` are primary and `primary..items`
    /// secondary, each option listing distinct item numbers below `items`; option `k` of a
    /// solution is the `k`-th given. Dancing links move to 32-bit links when the problem
    /// does not fit 16-bit ones; refused: a problem too large for the engine.
    #[inline(always)]
    pub fn reload<'a>(
        &mut self,
        primary: usize,
        items: usize,
        options: impl IntoIterator<Item = &'a [u32], IntoIter: Clone>,
    ) -> Result<(), DlxError> {
        let options = options.into_iter();
        match &mut self.held {
            Held::Small(dlx) => match dlx.reload(primary, items, options.clone()) {
                Err(DlxError::TooLarge { .. }) => {
                    let mut large = Dlx::<u32>::new(&Problem::default());
                    large.set_reload_after_stop(self.reloads);
                    large.set_rule(self.rule);
                    if self.fixed_places {
                        large.walk_through_spacers();
                    }
                    large.reload(primary, items, options)?;
                    self.held = Held::Large(large);
                    Ok(())
                }
                laid => laid,
            },
            Held::Large(dlx) => dlx.reload(primary, items, options),
            Held::Loaded(engine, numbers) => {
                let (built, kept) = plain_problem(primary, items, options);
                let mut loaded = AnyEngine::new(&built, self.kind)?;
                loaded.set_rule(self.rule);
                **engine = loaded;
                *numbers = kept;
                Ok(())
            }
        }
    }

    /// Has the searches from now on choose items by `rule`, as [`Relaid::new`]'s rule: a caller
    /// whose questions want different rules (a count that may be split over threads, a search
    /// for one solution) switches between them without laying the problem out again. An engine
    /// other than dancing links keeps to DLX1's rule ([`EngineKind::choose`]).
    pub fn set_rule(&mut self, rule: ChoiceRule) {
        self.rule = rule;
        match &mut self.held {
            Held::Small(dlx) => {
                dlx.set_rule(rule);
            }
            Held::Large(dlx) => {
                dlx.set_rule(rule);
            }
            Held::Loaded(engine, _) => engine.set_rule(rule),
        }
    }

    /// Whether a search stopped before the end of its tree left dancing links' arena spent
    /// ([`Relaid::reload_before_each_search`]): the problem must be laid out again before the
    /// next search.
    pub fn is_spent(&self) -> bool {
        match &self.held {
            Held::Small(dlx) => dlx.is_spent(),
            Held::Large(dlx) => dlx.is_spent(),
            Held::Loaded(..) => false,
        }
    }

    /// [`EngineKind::search_split_reporting`] of the problem laid out last, by this engine's
    /// rule: the tree split over the current rayon pool, or one shard's share of it.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        mut settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> Result<SearchReport<V::Break>, DlxError> {
        settings.rule = self.rule;
        match &mut self.held {
            Held::Small(dlx) => {
                Ok(dlx.search_split_reporting(settings, stop_requested, progress, visitor))
            }
            Held::Large(dlx) => {
                Ok(dlx.search_split_reporting(settings, stop_requested, progress, visitor))
            }
            Held::Loaded(engine, numbers) => {
                let mut solution = Vec::new();
                let mut numbered = InWhole::renumbering(visitor, numbers, &mut solution);
                engine.search_split_reporting(settings, stop_requested, progress, &mut numbered)
            }
        }
    }
}

impl Engine for Relaid {
    fn kind(&self) -> EngineKind {
        self.kind
    }

    fn figures(&self) -> Vec<(&'static str, u64)> {
        match &self.held {
            Held::Loaded(engine, _) => engine.figures(),
            Held::Small(_) | Held::Large(_) => Vec::new(),
        }
    }

    #[inline]
    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        match &mut self.held {
            Held::Small(dlx) => dlx.search(limits, visitor),
            Held::Large(dlx) => dlx.search(limits, visitor),
            Held::Loaded(engine, numbers) => {
                let mut solution = Vec::new();
                engine.search(
                    limits,
                    &mut InWhole::renumbering(visitor, numbers, &mut solution),
                )
            }
        }
    }
}

/// The problem the rows give, items named by their numbers, and the caller's number of each
/// option kept when the builder dropped some (empty when it kept them all).
/// Panics if an option names an item twice or one past `items`: the caller's bug, as it is
/// for dancing links' layout.
fn plain_problem<'a>(
    primary: usize,
    items: usize,
    options: impl Iterator<Item = &'a [u32]>,
) -> (Problem, Vec<OptionId>) {
    let mut builder = ProblemBuilder::new();
    for item in 0..items {
        let name = item.to_string();
        let added = match item < primary {
            true => builder.primary(&name),
            false => builder.secondary(&name),
        };
        added.expect("items named by distinct numbers");
    }
    let mut numbers = Vec::new();
    let mut row = Vec::new();
    let mut dropped = false;
    for (k, option) in options.enumerate() {
        row.clear();
        row.extend(option.iter().map(|&item| ItemId(item)));
        let added = builder.option(&row);
        match added.expect("each option lists distinct item numbers below `items`") {
            Some(_) => numbers.push(OptionId(k as u32)),
            None => dropped = true,
        }
    }
    if !dropped {
        numbers.clear();
    }
    (builder.build(), numbers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{
        brute_force, check_plain, random_problems, seed, NAMED_ENGINES as KINDS,
    };
    use crate::outcome::SearchStats;
    use crate::problem::ItemKind;
    use crate::stop_flag::StopFlag;

    /// `problem`'s rows by number, primary items first, each kind in the problem's order.
    fn rows_of(problem: &Problem) -> (usize, usize, Vec<Vec<u32>>) {
        let mut number = vec![0; problem.item_count()];
        let mut next = 0;
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for item in problem
                .items()
                .filter(|&item| problem.item_kind(item) == kind)
            {
                number[item.index()] = next;
                next += 1;
            }
        }
        let rows = problem
            .options()
            .map(|option| {
                let items = problem.option_items(option).iter();
                items.map(|item| number[item.index()]).collect()
            })
            .collect();
        (problem.primary_count(), problem.item_count(), rows)
    }

    fn relaid(problem: &Problem, kind: EngineKind) -> Result<Relaid, DlxError> {
        let mut engine = Relaid::new(kind, ChoiceRule::Mrv)?;
        // A problem laid out before, so that each test meets the memory of another.
        engine.reload(1, 1, [&[0u32][..]])?;
        let (primary, items, rows) = rows_of(problem);
        engine.reload(primary, items, rows.iter().map(Vec::as_slice))?;
        Ok(engine)
    }

    #[test]
    fn every_engine_relaid_keeps_the_engine_contract() {
        for kind in KINDS {
            check_plain(|problem| relaid(problem, kind));
        }
    }

    #[test]
    fn links_grow_past_sixteen_bits_and_a_stopped_search_is_laid_out_again() {
        // One item and 33,000 options {0}: 66,005 nodes, past 16-bit links' 65,535.
        let options = vec![[0u32]; 33_000];
        let mut engine = Relaid::new(EngineKind::Auto, ChoiceRule::Mrv).unwrap();
        engine.reload_before_each_search();
        engine.reload(1, 1, options.iter().map(|o| &o[..])).unwrap();
        assert_eq!(engine.kind(), EngineKind::Links);
        assert_eq!(engine.count(), 33_000);
        // The first solution stops the search before its end: spent until laid out again.
        assert_eq!(engine.first(), Some(vec![OptionId(0)]));
        assert!(engine.is_spent());
        engine.reload(1, 1, options.iter().map(|o| &o[..])).unwrap();
        let stop = StopFlag::new(std::sync::Arc::new(true.into()));
        let mut none = |_: &[OptionId]| std::ops::ControlFlow::<()>::Continue(());
        let stopped = engine.search_until(SearchLimits::default(), &stop, &mut none);
        assert_eq!(stopped.stop, crate::outcome::Stop::Interrupted);
    }

    #[test]
    fn options_without_primary_items_keep_the_callers_numbers() {
        // Option 0 holds only the secondary item: no solution chooses it.
        let options: [&[u32]; 3] = [&[1], &[0, 1], &[0]];
        for kind in KINDS {
            let mut engine = Relaid::new(kind, ChoiceRule::Mrv).unwrap();
            engine.reload(1, 2, options).unwrap();
            let mut solutions = engine.solutions(None).answer;
            solutions.sort();
            assert_eq!(solutions, [[OptionId(1)], [OptionId(2)]], "{kind:?}");
            // The loaded engine's own figures stay after its search (the board's deductions).
            let named: Vec<_> = engine.figures().into_iter().map(|(name, _)| name).collect();
            let expected = kind.load(&Problem::default()).unwrap().figures();
            let expected: Vec<_> = expected.into_iter().map(|(name, _)| name).collect();
            assert_eq!(named, expected, "{kind:?}");
        }
    }

    #[test]
    fn split_searches_and_their_shards_count_what_the_oracle_counts() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let seed = seed();
        for problem in random_problems(seed, 60).filter(|p| !p.has_bounds() && !p.has_colours()) {
            for kind in KINDS {
                let Ok(mut engine) = relaid(&problem, kind) else {
                    continue;
                };
                let whole = engine.count_solutions(None);
                let one = whole.answer.solutions;
                assert_eq!(
                    one,
                    brute_force(&problem).len() as u64,
                    "seed {seed}: {problem:?}"
                );
                let settings = SearchRequest {
                    count_only: true,
                    ..SearchRequest::default()
                };
                let mut none = |_: &[OptionId]| std::ops::ControlFlow::<()>::Continue(());
                let split = pool
                    .install(|| engine.search_split_reporting(settings, &|| false, None, &mut none))
                    .unwrap();
                // The same tree, so the same figures; dancing cells' split figures are the
                // split run's own (what `dlx xc --stats` says), not SSXCC's.
                let figures = |stats: SearchStats| match kind {
                    EngineKind::Cells => (stats.solutions, 0),
                    _ => (stats.solutions, stats.nodes),
                };
                assert_eq!(
                    figures(split.outcome.stats),
                    figures(whole.stats),
                    "seed {seed}, {kind:?}: {problem:?}"
                );
                let shards: u64 = (0..3)
                    .map(|index| {
                        let shard = crate::subtrees::Shard { index, count: 3 };
                        let settings = SearchRequest { shard, ..settings };
                        let part =
                            engine.search_split_reporting(settings, &|| false, None, &mut none);
                        part.unwrap().outcome.stats.solutions
                    })
                    .sum();
                assert_eq!(shards, one, "seed {seed}, {kind:?}: {problem:?}");
            }
        }
    }
}
