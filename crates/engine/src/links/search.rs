//! Algorithm X (TAOCP 7.2.2.1): one iterative search loop that pushes solutions to a visitor.
//!
//! The loop follows DLX1 step by step (the labels X2..X8 stand beside the code that does them),
//! with an explicit choice stack instead of recursion. First solution, counting, all solutions and
//! the uniqueness test are thin wrappers around [`Dlx::search`], which runs this loop as a
//! [`PlainSearch`] on problems without colours or bounds. With [`ChoiceRule::Mrv`] the
//! search tree, and so the `nodes` and `updates` figures, are exactly DLX1's.

use super::arena::{Dlx, Mode};
use crate::choice_rule::ChoiceRule;
use crate::gate::Gate;
use crate::node::Link;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};
use std::ops::ControlFlow;

/// From how many primary items a search under [`ChoiceRule::Mrv`] chooses through the
/// [`super::choice_tree::MinTree`] instead of scanning every length: the tree wins on many
/// items and loses on few, and this threshold was chosen by measurement (docs/benchmarks.md).
const TREE_FROM_ITEMS: u32 = 1_024;

/// The same for the rules that take a hinted item first: the hints spare most nodes the scan,
/// and the scan stops at the first block with a list of one, so it holds out longer; chosen by
/// measurement (docs/benchmarks.md).
const TREE_FROM_ITEMS_HINTED: u32 = 16_384;

/// Algorithm X on one arena, as [`Dlx::search`] runs it on a problem without colours or
/// bounds: the arena borrowed for the search, with its rule, its limits and its visitor.
pub(super) struct PlainSearch<'a, L: Link, V: Visitor + ?Sized> {
    dlx: &'a mut Dlx<L>,
    rule: ChoiceRule,
    max_nodes: u64,
    max_solutions: u64,
    visitor: &'a mut V,
}

impl<'a, L: Link, V: Visitor + ?Sized> PlainSearch<'a, L, V> {
    /// The search of `dlx` (plain exact cover, not spent) under `rule` and `limits`.
    #[inline(always)]
    pub(super) fn new(
        dlx: &'a mut Dlx<L>,
        rule: ChoiceRule,
        limits: SearchLimits,
        visitor: &'a mut V,
    ) -> Self {
        debug_assert!(dlx.mode == Mode::Plain);
        PlainSearch {
            dlx,
            rule,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
            visitor,
        }
    }

    /// Runs the search, as [`Dlx::search`] describes, with the loop compiled for this problem
    /// and rule.
    #[inline(always)]
    pub(super) fn run(self) -> Outcome<Option<V::Break>> {
        if self.max_solutions == 0 {
            return Outcome {
                answer: None,
                stats: SearchStats::default(),
                stop: Stop::SolutionLimit,
            };
        }
        if self.dlx.uncovered == 0 {
            // Nothing is left to cover: the empty set of options is the one solution.
            return self.no_primary_left();
        }
        // One loop compiled eight times: only the rules that read the hints pay for their
        // upkeep, only problems of many items for the tree's, and only problems whose options
        // are walked by place for that walk (a test in every hide cost the short Sudoku
        // searches a measurable share of their instructions: docs/benchmarks.md).
        let hinted = self.rule.reads_hints();
        let tree_from = self.dlx.tree_from_items.unwrap_or(if hinted {
            TREE_FROM_ITEMS_HINTED
        } else {
            TREE_FROM_ITEMS
        });
        match (hinted, self.dlx.primary_count >= tree_from) {
            (false, false) => self.walking::<false, false>(),
            (true, false) => self.walking::<true, false>(),
            (false, true) => self.walking::<false, true>(),
            (true, true) => self.walking::<true, true>(),
        }
    }

    /// [`PlainSearch::algorithm_x`] with the arena's walk of an option (see [`Dlx::hide`]).
    #[inline(always)]
    fn walking<const HINTS: bool, const TREE: bool>(self) -> Outcome<Option<V::Break>> {
        if self.dlx.walks_by_place() {
            self.by_place::<HINTS, TREE>()
        } else {
            Self::algorithm_x::<HINTS, TREE, false>(
                self.dlx,
                self.rule,
                self.max_nodes,
                self.max_solutions,
                self.visitor,
            )
        }
    }

    /// [`PlainSearch::algorithm_x`] walking options by place, kept out of line: inlined, it
    /// doubled the size of [`Dlx::search`], which then was no longer inlined into the Sudoku
    /// solver (whose options never walk by place), and cost that solver time
    /// (docs/benchmarks.md).
    #[inline(never)]
    fn by_place<const HINTS: bool, const TREE: bool>(self) -> Outcome<Option<V::Break>> {
        Self::algorithm_x::<HINTS, TREE, true>(
            self.dlx,
            self.rule,
            self.max_nodes,
            self.max_solutions,
            self.visitor,
        )
    }

    /// DLX1's loop for a problem without colours or bounds, with at least one primary item to
    /// cover and room for at least one solution. Knuth's steps stand beside the code: X1
    /// (initialize) is the arena's layout; X2 enter a level, X3 choose an item, X4 cover it, X5
    /// try an option, X6 try the next one, X7 backtrack (uncover the item), X8 leave the level.
    ///
    /// The arena comes as an argument of the loop's own, not as `self.dlx`: the compiler takes
    /// a `&mut` argument as the only way to the arena's fields, so the addresses of its vectors
    /// stay in registers across the covers' stores, where read through a field of `self` they
    /// were loaded again after every store, which measured slower (docs/benchmarks.md).
    fn algorithm_x<const HINTS: bool, const TREE: bool, const BY_PLACE: bool>(
        dlx: &mut Dlx<L>,
        rule: ChoiceRule,
        max_nodes: u64,
        max_solutions: u64,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let mut stats = SearchStats::default();
        if TREE {
            dlx.tree.rebuild(&dlx.len[1..=dlx.primary_count as usize]);
        }
        // The covers below move the hints; they are put back with the links, so that a second
        // search from this state walks the same tree as the first (found by cargo fuzz).
        let hints = (dlx.short_item, dlx.empty_item);
        let mut updates = 0u64;
        let mut level = 0usize;
        let mut best;
        let limits = SearchLimits {
            max_nodes: Some(max_nodes),
            max_solutions: Some(max_solutions),
        };
        let mut gate = Gate::new(limits, visitor);
        // X2: enter a level.
        let halt = 'forward: loop {
            let at = |stats: &SearchStats| TreePosition::of_search(dlx, level, stats);
            if let Err(halt) = gate.enter(visitor, &mut stats, at) {
                dlx.abandon_search(level, None);
                break 'forward halt;
            }
            // X3: choose an item.
            best = dlx.choose_item::<TREE>(rule, stats.nodes);
            // X4: cover it.
            dlx.cover::<HINTS, TREE, BY_PLACE>(best, &mut updates);
            let mut current = dlx.node(best).down.get();
            dlx.set_choice(level, current);
            'advance: loop {
                // X5: try the option at `current`, unless the item's list is used up.
                if current == best {
                    // X7: backtrack.
                    dlx.uncover::<TREE, BY_PLACE>(best);
                    // X8: leave level `level`.
                    if level == 0 {
                        break 'forward gate.exhausted(visitor, &stats);
                    }
                    level -= 1;
                    current = dlx.choice_at(level);
                    best = dlx.node(current).top.get();
                    // X6: try again with the next option.
                    // The next option is read first: uncovering the others leaves this list
                    // alone (see `Dlx::cover`).
                    let next = dlx.node(current).down.get();
                    dlx.uncover_others::<TREE, BY_PLACE>(current);
                    current = next;
                    dlx.set_choice(level, current);
                    continue 'advance;
                }
                // X5: cover the option's other items and go down a level.
                dlx.cover_others::<HINTS, TREE, BY_PLACE>(current, &mut updates);
                if dlx.uncovered != 0 {
                    level += 1;
                    continue 'forward;
                }
                // X2 with every primary item covered: a solution, counted as a node, so it too
                // must fit in the budget.
                if let Err(halt) = gate.enter_leaf(&mut stats) {
                    dlx.abandon_search(level, Some((current, best)));
                    break 'forward halt;
                }
                if visitor.wants_options() {
                    dlx.fill_solution(level);
                } else {
                    dlx.solution.clear();
                }
                if let Err(halt) = gate.hand_on(visitor, &mut stats, &dlx.solution) {
                    dlx.abandon_search(level, Some((current, best)));
                    break 'forward halt;
                }
                // X6: try again with the next option.
                let next = dlx.node(current).down.get();
                dlx.uncover_others::<TREE, BY_PLACE>(current);
                current = next;
                dlx.set_choice(level, current);
            }
        };
        (dlx.short_item, dlx.empty_item) = hints;
        stats.updates = updates;
        Outcome {
            answer: halt.broke_with,
            stats,
            stop: halt.stop,
        }
    }

    /// The search of a problem with no primary item to cover: one solution, the empty set of
    /// options, if the budget allows a node.
    fn no_primary_left(self) -> Outcome<Option<V::Break>> {
        let mut stats = SearchStats::default();
        if self.max_nodes == 0 {
            return Outcome {
                answer: None,
                stats,
                stop: Stop::NodeBudget,
            };
        }
        stats.nodes = 1;
        stats.solutions = 1;
        let visitor = self.visitor;
        let (answer, stop) = match visitor.solution(&[]) {
            ControlFlow::Break(value) => (Some(value), Stop::Visitor),
            ControlFlow::Continue(()) => (None, Stop::Exhausted),
        };
        if stop == Stop::Exhausted && visitor.progress_mask().is_some() {
            visitor.progress(&TreePosition::finished(&stats));
        }
        Outcome {
            answer,
            stats,
            stop,
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::outcome::{Count, Uniqueness};
    use crate::problem::OptionId;
    use crate::problem::{ItemId, Problem, ProblemBuilder};
    use proptest::prelude::*;

    /// A problem of `items` primary and `secondary` secondary items (`p0`.., `s0`..), each
    /// option naming items by number modulo their count: what the property tests draw.
    pub(crate) fn small_problem(
        items: usize,
        secondary: usize,
        options: &[std::collections::BTreeSet<usize>],
    ) -> Problem {
        let total = items + secondary;
        let mut b = ProblemBuilder::new();
        for k in 0..items {
            b.primary(&format!("p{k}")).unwrap();
        }
        for k in 0..secondary {
            b.secondary(&format!("s{k}")).unwrap();
        }
        for option in options {
            let ids: Vec<ItemId> = option
                .iter()
                .map(|&k| ItemId((k % total) as u32))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            b.option(&ids).unwrap();
        }
        b.build()
    }

    fn names(problem: &Problem, options: &[OptionId]) -> Vec<String> {
        let mut out: Vec<String> = options
            .iter()
            .map(|&o| {
                problem
                    .option_items(o)
                    .iter()
                    .map(|&i| problem.item_name(i))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn for_each_count_and_first_answer_as_the_search_does() {
        let problem = Problem::queens(6);
        let mut dlx = Dlx::new(&problem);
        let mut searched = Vec::new();
        let outcome = dlx.set_rule(ChoiceRule::Mrv).search(
            SearchLimits::default(),
            &mut |options: &[OptionId]| {
                searched.push(options.to_vec());
                ControlFlow::Continue(())
            },
        );
        let mut listed = Vec::new();
        let each = dlx.for_each(|options| listed.push(options.to_vec()));
        assert_eq!(listed, searched);
        assert_eq!(each.answer, Count::exactly(4));
        assert_eq!(each.stats, outcome.stats);
        assert_eq!(dlx.count(), 4);
        assert_eq!(dlx.first().as_ref(), searched.first());
        let mut none = Dlx::new(&Problem::queens(3));
        assert_eq!(none.count(), 0);
        assert_eq!(none.first(), None);
        assert_eq!(
            none.for_each(|_| panic!("no solution")).answer,
            Count::exactly(0)
        );
    }

    #[test]
    fn knuths_toy_problem_has_exactly_one_solution() {
        let problem = Problem::toy();
        let mut dlx = Dlx::new(&problem);
        let report = dlx.set_rule(ChoiceRule::Mrv).uniqueness();
        let Uniqueness::Unique(solution) = &report.answer else {
            panic!("expected a unique solution, got {:?}", report.answer);
        };
        assert_eq!(names(&problem, solution), ["A D F", "B G", "C E"]);
        assert_eq!(report.stats.solutions, 1);
        assert!(report.is_complete());
        // DLX1's figures for this problem.
        assert_eq!((report.stats.updates, report.stats.nodes), (29, 6));
    }

    #[test]
    fn a_search_leaves_the_arena_unchanged_however_it_stops() {
        let problem = Problem::toy();
        let mut dlx = Dlx::new(&problem);
        let fresh = dlx.clone();
        for limits in [
            SearchLimits::default(),
            SearchLimits {
                max_solutions: Some(1),
                max_nodes: None,
            },
            SearchLimits {
                max_solutions: None,
                max_nodes: Some(3),
            },
        ] {
            dlx.set_rule(ChoiceRule::Mrv)
                .search(limits, &mut |_: &[OptionId]| ControlFlow::Continue(()));
            assert_eq!(dlx.nodes, fresh.nodes);
            assert_eq!(dlx.len, fresh.len);
            assert_eq!(dlx.short_item, fresh.short_item);
            assert_eq!(dlx.empty_item, fresh.empty_item);
        }
    }

    /// Found by `cargo fuzz` (xc_format): a search left the short-list hint of its last cover
    /// behind, and a second search under `MrvStopAtOne` took it and walked another tree (7
    /// updates, not 6).
    #[test]
    fn a_second_search_walks_the_same_tree_as_the_first() {
        let problem = crate::Problem::parse("p q r | x y\np x\nq x r\n").unwrap();
        for first_rule in RULES {
            for rule in RULES {
                let mut dlx = Dlx::new(&problem);
                let fresh = dlx.clone().set_rule(rule).count_solutions(None);
                dlx.set_rule(first_rule).count_solutions(None);
                assert_eq!(
                    dlx.set_rule(rule).count_solutions(None),
                    fresh,
                    "{first_rule:?}, {rule:?}"
                );
            }
        }
    }

    const RULES: [ChoiceRule; 3] = [
        ChoiceRule::Mrv,
        ChoiceRule::MrvStopAtOne,
        ChoiceRule::MrvThenReach { from_node: 0 },
    ];

    #[test]
    fn ties_go_to_the_item_whose_options_reach_furthest() {
        // Every list has two options. A's and B's options each hide one other option (1 in
        // all), X's and Y's hide one each (2 in all): the reach rule branches on X, the first
        // of those, where the first-item rules branch on A.
        let problem = crate::Problem::parse("A B X Y\nA\nA X\nB Y\nB\nX Y\n").unwrap();
        for (rule, first_choice) in [
            (ChoiceRule::Mrv, OptionId(0)),
            (ChoiceRule::MrvStopAtOne, OptionId(0)),
            (ChoiceRule::MrvThenReach { from_node: 0 }, OptionId(1)),
            // Weighing from the second node on: the first choice is the first item's.
            (ChoiceRule::MrvThenReach { from_node: 2 }, OptionId(0)),
        ] {
            let mut dlx = Dlx::new(&problem);
            let solution = dlx.set_rule(rule).first_solution().answer;
            let solution = solution.expect("A X + B Y and A + B + X Y are solutions");
            assert_eq!(solution[0], first_choice, "{rule:?}");
            assert_eq!(dlx.set_rule(rule).count_solutions(None).stats.solutions, 2);
        }
    }

    /// The options of `problem` as item numbers, as [`Dlx::reload`] takes them.
    fn entries(problem: &Problem) -> Vec<Vec<u32>> {
        problem
            .options()
            .map(|o| problem.option_items(o).iter().map(|i| i.0).collect())
            .collect()
    }

    #[test]
    fn a_search_stopped_for_a_reload_leaves_the_arena_spent_until_reloaded() {
        // 8 queens: 92 solutions; stopped at the second, deep in the tree.
        let problem = crate::Problem::queens(8);
        let mut dlx = Dlx::new(&problem);
        let whole = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats;
        let limits = SearchLimits {
            max_solutions: Some(2),
            max_nodes: None,
        };
        let mut found = Vec::new();
        dlx.set_reload_after_stop(true);
        let stopped = dlx
            .set_rule(ChoiceRule::Mrv)
            .search(limits, &mut |o: &[OptionId]| {
                found.push(o.to_vec());
                ControlFlow::<()>::Continue(())
            });
        assert_eq!(
            (stopped.stop, stopped.stats.solutions),
            (Stop::SolutionLimit, 2)
        );
        // The same solutions as a search that undoes its levels.
        let again =
            Dlx::new(&problem)
                .set_rule(ChoiceRule::Mrv)
                .search(limits, &mut |o: &[OptionId]| {
                    assert_eq!(found.remove(0), o);
                    ControlFlow::<()>::Continue(())
                });
        assert!(found.is_empty() && again.stats.solutions == 2);
        let (primary, items) = (problem.primary_count(), problem.item_count());
        let options = entries(&problem);
        let refused = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            dlx.set_rule(ChoiceRule::Mrv).count_solutions(None)
        }));
        assert!(refused.is_err(), "a spent arena refuses to search");
        // Reloaded, it searches the whole tree again with the figures of the first count: a
        // search that sees its whole tree leaves the arena as it found it.
        dlx.reload(primary, items, options.iter().map(Vec::as_slice))
            .unwrap();
        assert_eq!(
            dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats,
            whole
        );
        assert_eq!(
            dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats,
            whole
        );
        // The setting stays until turned off: a stopped search leaves the arena spent again.
        dlx.set_rule(ChoiceRule::Mrv).first_solution();
        let refused = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            dlx.set_rule(ChoiceRule::Mrv).count_solutions(None)
        }));
        assert!(refused.is_err(), "the setting outlives a reload");
        // Turned off, a stopped search is undone again.
        dlx.reload(primary, items, options.iter().map(Vec::as_slice))
            .unwrap();
        dlx.set_reload_after_stop(false);
        dlx.set_rule(ChoiceRule::Mrv).first_solution();
        assert_eq!(
            dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats,
            whole
        );
    }

    #[test]
    fn a_node_budget_stops_the_search_and_says_so() {
        let mut dlx = Dlx::new(&Problem::toy());
        let report = dlx.set_rule(ChoiceRule::Mrv).search(
            SearchLimits {
                max_solutions: None,
                max_nodes: Some(2),
            },
            &mut |_: &[OptionId]| ControlFlow::Continue(()),
        );
        assert_eq!(report.stop, Stop::NodeBudget);
        assert_eq!(report.stats.nodes, 2);
        assert!(!report.is_complete());
    }

    /// A solution counted as a node pushed the count past the budget, and the
    /// equality test never stopped the search again (a budget of 64 nodes on 8 queens searched
    /// all 1,199 nodes).
    #[test]
    fn a_solution_does_not_carry_the_search_past_its_budget() {
        // Four independent items, one option each: the tree is a single path of 4 nodes
        // and a solution node.
        let problem = crate::Problem::parse("a b c d\na\nb\nc\nd\n").unwrap();
        for rule in RULES {
            let mut dlx = Dlx::new(&problem);
            let report = dlx.set_rule(rule).search(
                SearchLimits {
                    max_solutions: None,
                    max_nodes: Some(4),
                },
                &mut |_: &[OptionId]| ControlFlow::Continue(()),
            );
            assert_eq!((report.stats.nodes, report.stop), (4, Stop::NodeBudget));
            assert_eq!(report.stats.solutions, 0, "{rule:?}");
        }
    }

    #[test]
    fn selected_options_constrain_the_search() {
        let problem = Problem::toy();
        let mut dlx = Dlx::new(&problem);
        let fresh = dlx.clone();
        // The one solution uses {B G}; {D E G} clashes with it, so forcing that leaves none.
        dlx.select(OptionId(5)).unwrap();
        let report = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None);
        assert_eq!(report.stats.solutions, 0);
        dlx.unselect_all();
        assert_eq!(
            (&dlx.nodes, &dlx.len, dlx.short_item, dlx.empty_item),
            (&fresh.nodes, &fresh.len, fresh.short_item, fresh.empty_item),
            "unselect_all restores the arena as built"
        );
        dlx.select(OptionId(4)).unwrap();
        let solution = dlx.set_rule(ChoiceRule::Mrv).first_solution().answer;
        let solution = solution.expect("the toy's solution contains {B G}");
        assert_eq!(names(&problem, &solution), ["A D F", "C E"]);
    }

    #[test]
    fn a_visitor_that_only_counts_gets_the_same_search_without_the_options() {
        struct Counter(u64);
        impl Visitor for Counter {
            type Break = ();
            fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
                assert!(options.is_empty(), "options named for a counter");
                self.0 += 1;
                ControlFlow::Continue(())
            }
            fn wants_options(&self) -> bool {
                false
            }
        }
        for problem in [crate::Problem::queens(6), crate::Problem::langford(7)] {
            let mut dlx = Dlx::new(&problem);
            let mut named = 0;
            let full = dlx.set_rule(ChoiceRule::Mrv).search(
                SearchLimits::default(),
                &mut |o: &[OptionId]| {
                    assert!(!o.is_empty());
                    named += 1;
                    ControlFlow::Continue(())
                },
            );
            let mut counter = Counter(0);
            let counted = dlx
                .set_rule(ChoiceRule::Mrv)
                .search(SearchLimits::default(), &mut counter);
            assert_eq!((counted.stats, counter.0), (full.stats, named));
            let count = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None);
            assert_eq!(count.answer, Count::exactly(named));
            assert_eq!(count.stats, full.stats);
        }
    }

    #[test]
    fn no_primary_items_means_one_empty_solution() {
        let mut b = ProblemBuilder::new();
        b.secondary("x").unwrap();
        let mut dlx = Dlx::new(&b.build());
        let answer = dlx.set_rule(ChoiceRule::Mrv).uniqueness().answer;
        assert_eq!(answer, Uniqueness::Unique(vec![]));
    }

    /// Every subset of options, checked directly: the oracle for small random problems.
    fn brute_force_count(problem: &Problem) -> u64 {
        let n = problem.option_count();
        let mut count = 0;
        for mask in 0u32..(1 << n) {
            let mut used = vec![0u32; problem.item_count()];
            for k in 0..n {
                if mask >> k & 1 == 1 {
                    for &item in problem.option_items(OptionId(k as u32)) {
                        used[item.index()] += 1;
                    }
                }
            }
            let ok = problem.items().all(|item| {
                let times = used[item.index()];
                match problem.item_kind(item) {
                    crate::ItemKind::Primary => times == 1,
                    crate::ItemKind::Secondary => times <= 1,
                }
            });
            count += ok as u64;
        }
        count
    }

    /// The solutions of a search within 20,000 nodes, in the order found, with its figures and
    /// why it stopped.
    fn solutions_in_order(
        dlx: &mut Dlx,
        rule: ChoiceRule,
    ) -> (Vec<Vec<OptionId>>, SearchStats, Stop) {
        let mut found = Vec::new();
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes: Some(20_000),
        };
        let outcome = dlx.set_rule(rule).search(limits, &mut |o: &[OptionId]| {
            found.push(o.to_vec());
            ControlFlow::Continue(())
        });
        (found, outcome.stats, outcome.stop)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The tree of lower bounds chooses what the scan chooses under DLX1's rule (same
        /// solutions in the same order, same nodes and updates), finds the same solutions under
        /// the others, and leaves the arena as it found it.
        #[test]
        fn choosing_through_the_tree_keeps_dlx1s_tree(
            items in 1usize..200,
            secondary in 0usize..3,
            options in proptest::collection::vec(proptest::collection::btree_set(0usize..202, 1..5), 0..250),
            rule in proptest::sample::select(&RULES[..]),
        ) {
            // Planted options so that most items can be covered and the trees grow deep: every
            // even item with the next, every third item alone.
            let alone = (0..items).step_by(3).map(|k| [k].into());
            let pairs = (0..items).step_by(2).map(|k| [k, (k + 1) % items].into());
            let options: Vec<_> = options.into_iter().chain(alone).chain(pairs).collect();
            let problem = small_problem(items, secondary, &options);
            let mut scanned = Dlx::new(&problem);
            scanned.tree_from_items = Some(u32::MAX);
            let mut treed = Dlx::new(&problem);
            treed.tree_from_items = Some(1);
            let (by_scan, scan_stats, scan_stop) = solutions_in_order(&mut scanned, rule);
            let (by_tree, tree_stats, tree_stop) = solutions_in_order(&mut treed, rule);
            if rule == ChoiceRule::Mrv {
                prop_assert_eq!(&by_tree, &by_scan);
                prop_assert_eq!((tree_stats, tree_stop), (scan_stats, scan_stop));
            } else if (tree_stop, scan_stop) == (Stop::Exhausted, Stop::Exhausted) {
                let sorted = |mut all: Vec<Vec<OptionId>>| {
                    for s in &mut all {
                        s.sort();
                    }
                    all.sort();
                    all
                };
                prop_assert_eq!(sorted(by_tree), sorted(by_scan));
            }
            let fresh = Dlx::new(&problem);
            prop_assert_eq!((&treed.nodes, &treed.len), (&fresh.nodes, &fresh.len));
        }
    }

    proptest! {
        #[test]
        fn solution_counts_match_brute_force(
            items in 1usize..7,
            secondary in 0usize..3,
            options in proptest::collection::vec(proptest::collection::btree_set(0usize..9, 1..4), 0..13),
            rule in proptest::sample::select(&RULES[..]),
            budget in 0u64..40,
            limit in 1u64..4,
        ) {
            let total = items + secondary;
            let problem = small_problem(items, secondary, &options);
            let mut dlx = Dlx::new(&problem);
            // Whatever the budget, rule and solution limit, the search never enters
            // more nodes than its budget, stops there only when the tree is bigger, and
            // leaves the arena as it found it.
            let full = dlx.set_rule(rule).count_solutions(None);
            for (max_nodes, max_solutions) in [(budget, None), (budget, Some(limit)), (0, None)] {
                let limits = SearchLimits { max_solutions, max_nodes: Some(max_nodes) };
                let cut = dlx.set_rule(rule).search(limits, &mut |_: &[OptionId]| ControlFlow::Continue(()));
                prop_assert!(cut.stats.nodes <= max_nodes, "{:?} over {}", cut, max_nodes);
                prop_assert!(cut.stats.solutions <= full.stats.solutions);
                if cut.stop == Stop::NodeBudget {
                    prop_assert!(full.stats.nodes > max_nodes);
                } else if max_solutions.is_none() {
                    prop_assert_eq!((cut.stats, cut.stop), (full.stats, full.stop));
                }
                prop_assert_eq!(dlx.set_rule(rule).count_solutions(None), full);
            }
            let mut seen = Vec::new();
            let report = dlx.set_rule(rule).search(SearchLimits::default(), &mut |o: &[OptionId]| {
                let mut o = o.to_vec();
                o.sort();
                seen.push(o);
                ControlFlow::Continue(())
            });
            prop_assert_eq!(report.stats.solutions, brute_force_count(&problem));
            // Small links walk the same tree.
            let mut small = Dlx::<u16>::try_new(&problem).unwrap();
            let small_report = small.set_rule(rule).count_solutions(None);
            prop_assert_eq!((small_report.stats, small_report.stop), (report.stats, report.stop));
            // The arena is left as found: searching again walks the same tree.
            prop_assert_eq!(dlx.set_rule(rule).count_solutions(None).stats, report.stats);
            // Every solution found is a real cover, and none is found twice.
            let mut distinct = seen.clone();
            distinct.sort();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), seen.len());
            for solution in &seen {
                let mut used = vec![0; total];
                for &o in solution { for &i in problem.option_items(o) { used[i.index()] += 1; } }
                for item in problem.items() {
                    let times = used[item.index()];
                    match problem.item_kind(item) {
                        crate::ItemKind::Primary => prop_assert_eq!(times, 1),
                        crate::ItemKind::Secondary => prop_assert!(times <= 1),
                    }
                }
            }
        }
    }
}
