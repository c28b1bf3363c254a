//! Algorithm M (TAOCP 7.2.2.1): exact cover with colours (XCC) and multiplicities (MCC), the
//! search of Knuth's DLX3, which is DLX2's when every primary item is covered exactly once.
//!
//! A secondary item given a colour by the chosen option is *purified*: every option giving it
//! another colour (or none) is hidden, and those giving it the same colour are *cleansed*, marked
//! so that no later hide removes them from its list and no later choice purifies it again. A
//! primary item with bounds `[a, b]` keeps a `bound`, how many more chosen options may contain it,
//! and a `slack`, `b - a`; it is covered when its bound reaches zero. Branching on an item whose
//! bound or slack is above one *tweaks* its options one at a time (each is hidden and taken out
//! of the item's list as it is tried, so that later levels choose among the options below it),
//! and, when the slack allows, ends with a *null move* that retires the item without choosing an
//! option.
//!
//! Why a second loop beside [`super::search`]'s: Algorithm X's loop is tuned to the last
//! instruction (the lengths scanned a block at a time, hints of short lists), and Algorithm M
//! needs a colour test on every node it hides, tweaks, null moves and a choice of item scored
//! with bounds and slacks. Folding them into one loop would cost plain exact cover on every
//! node; keeping them apart costs it one test per search ([`Dlx::search`] picks the loop by the
//! problem it was given), and the 6x10 pentominoes run as fast as before.
//!
//! With [`ChoiceRule::Mrv`] the search visits Knuth's tree step for step: the same `nodes`,
//! `updates` and `cleansings` as DLX3 on problems with bounds, and as DLX2 on problems with
//! colours only (which differ in one point: DLX2 covers an item with no options left before
//! backing up, one update DLX3 does not make).

use super::arena::{Counts, Dlx, Mode};
use crate::choice_rule::ChoiceRule;
use crate::gate::Gate;
use crate::node::Link;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::problem::OptionId;
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};

/// What the search does next: Knuth's labels in DLX3, and the steps of Algorithm M they do.
enum Step {
    /// M5 and M6: tweak the option at the level's current node (or make the null move), then
    /// try it (DLX3's `advance`).
    Advance,
    /// M8: restore the item branched on at this level, then leave the level (`backup`).
    Backup,
    /// M9: leave this level for the one above, and there M7, try again (`backdown`).
    Backdown,
}

/// Algorithm M on one arena, as [`Dlx::search`] runs it on a problem with colours or bounds:
/// the arena borrowed for the search, with its rule, its limits and its visitor.
pub(super) struct MccSearch<'a, L: Link, V: Visitor + ?Sized> {
    dlx: &'a mut Dlx<L>,
    rule: ChoiceRule,
    max_nodes: u64,
    max_solutions: u64,
    visitor: &'a mut V,
}

impl<'a, L: Link, V: Visitor + ?Sized> MccSearch<'a, L, V> {
    /// The search of `dlx` (colours or bounds, not spent) under `rule` and `limits`.
    #[inline(always)]
    pub(super) fn new(
        dlx: &'a mut Dlx<L>,
        rule: ChoiceRule,
        limits: SearchLimits,
        visitor: &'a mut V,
    ) -> Self {
        debug_assert!(dlx.mode != Mode::Plain);
        MccSearch {
            dlx,
            rule,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
            visitor,
        }
    }

    /// Runs the search, as [`Dlx::search`] describes.
    #[inline(always)]
    pub(super) fn run(self) -> Outcome<Option<V::Break>> {
        Self::algorithm_m(
            self.dlx,
            self.rule,
            self.max_nodes,
            self.max_solutions,
            self.visitor,
        )
    }

    /// Algorithm M from the current state, as [`Dlx::search`] describes, which runs it for
    /// problems with colours or bounds. Knuth's steps stand beside the code: M1 (initialize) is
    /// the arena's layout and [`super::mcc_state::MccState::load`]; M2 enter a level, M3 choose
    /// an item, M4 prepare to branch on it, M5 possibly tweak the option, M6 try it, M7 try
    /// again, M8 restore the item, M9 leave the level. With colours only (every bound 1, no
    /// slack) M4's bound reaches zero at once, M5 never tweaks, and the loop is Algorithm C's
    /// (DLX2's C1 to C8).
    ///
    /// The arena comes as an argument of the loop's own, not as a field of the search, as in
    /// [`super::search::PlainSearch`]: the compiler then keeps its vectors' addresses in
    /// registers across the loop's stores.
    fn algorithm_m(
        dlx: &mut Dlx<L>,
        rule: ChoiceRule,
        max_nodes: u64,
        max_solutions: u64,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let mut stats = SearchStats::default();
        if max_solutions == 0 {
            return Outcome {
                answer: None,
                stats,
                stop: Stop::SolutionLimit,
            };
        }
        // DLX2 covers an item left with no options before it backs up: one update more.
        let dead_end_updates = u64::from(dlx.mode == Mode::Coloured);
        let mut counts = Counts::default();
        let mut level = 0usize;
        let mut best = 0u32;
        let mut current = 0u32;
        // The options chosen on the levels above, kept as the levels are entered and left:
        // most nodes of a problem with many shallow solutions are solutions, and building
        // each one from the choices cost a third of the search.
        dlx.solution.clear();
        // Progress reports (asked once; the default `None` compiles them away) need each
        // level's branching degree, as DLX3 keeps it: kept only for them.
        let reports = visitor.progress_mask().is_some();
        let mut scores = Vec::new();
        if reports {
            scores.resize(dlx.choice.len(), 0i64);
        }
        let limits = SearchLimits {
            max_nodes: Some(max_nodes),
            max_solutions: Some(max_solutions),
        };
        let mut gate = Gate::new(limits, visitor);
        let halt = 'forward: loop {
            // M2: enter a level (DLX3's `forward`).
            let at = |stats: &SearchStats| TreePosition::of_mcc_search(dlx, level, &scores, stats);
            if let Err(halt) = gate.enter(visitor, &mut stats, at) {
                dlx.unwind_mcc(level);
                break 'forward halt;
            }
            // M3: choose an item.
            let mut step = match dlx.choose_scored(rule) {
                // M2: no active primary item: every bound is met, a solution; then M9.
                None => {
                    if let Err(halt) = gate.hand_on(visitor, &mut stats, &dlx.solution) {
                        dlx.unwind_mcc(level);
                        break 'forward halt;
                    }
                    Step::Backdown
                }
                // M3: too few options are left to meet some item's lower bound; M9.
                Some((_, score)) if score <= 0 => {
                    counts.updates += dead_end_updates;
                    Step::Backdown
                }
                // M4: prepare to branch on the item.
                Some((item, score)) => {
                    if reports {
                        scores[level] = score;
                    }
                    best = item;
                    current = dlx.node(best).down.get();
                    dlx.choice[level] = current;
                    dlx.mcc.first_tweak[level] = 0;
                    let bound = &mut dlx.mcc.bound[best as usize];
                    *bound -= 1;
                    let (bound, slack) = (*bound, dlx.mcc.slack[best as usize]);
                    if bound != 0 || slack != 0 {
                        dlx.mcc.first_tweak[level] = current;
                    }
                    if bound == 0 {
                        dlx.cover_mcc(best, true, &mut counts);
                    }
                    Step::Advance
                }
            };
            loop {
                match step {
                    Step::Advance => {
                        // M5: possibly tweak the option at `current`.
                        let (bound, slack) =
                            (dlx.mcc.bound[best as usize], dlx.mcc.slack[best as usize]);
                        if bound == 0 && slack == 0 {
                            // Exact cover's branching: each option of the covered item in turn.
                            if current == best {
                                step = Step::Backup;
                                continue;
                            }
                        } else if i64::from(dlx.len[best as usize])
                            <= i64::from(bound) - i64::from(slack)
                        {
                            // Too few options below to meet the lower bound.
                            step = Step::Backup;
                            continue;
                        } else if current != best {
                            dlx.tweak(current, bound != 0, &mut counts);
                        } else if bound != 0 {
                            // The null move: the item is retired as it stands.
                            dlx.deactivate(best);
                        }
                        // M6: try it (a null move has no option), then a level down.
                        if current > dlx.item_count {
                            dlx.cover_others_mcc(current, &mut counts);
                            let option = OptionId(dlx.mcc.node_option[current as usize]);
                            dlx.solution.push(option);
                        }
                        level += 1;
                        continue 'forward;
                    }
                    Step::Backup => {
                        // M8: restore the item.
                        dlx.restore_best(best, level);
                        step = Step::Backdown;
                    }
                    Step::Backdown => {
                        // M9: leave the level.
                        if level == 0 {
                            break 'forward gate.exhausted(visitor, &stats);
                        }
                        level -= 1;
                        current = dlx.choice[level];
                        if current <= dlx.item_count {
                            // Undo a null move (it chose no option).
                            best = current;
                            dlx.reactivate(best);
                            step = Step::Backup;
                            continue;
                        }
                        // M7: try again with the next option.
                        dlx.solution.pop();
                        best = dlx.node(current).top.get();
                        dlx.uncover_others_mcc(current);
                        current = dlx.node(current).down.get();
                        dlx.choice[level] = current;
                        step = Step::Advance;
                    }
                }
            }
        };
        stats.updates = counts.updates;
        stats.cleansings = counts.cleansings;
        Outcome {
            answer: halt.broke_with,
            stats,
            stop: halt.stop,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::problem::{Bounds, Colour, ItemId, ItemKind, Problem, ProblemBuilder};
    use crate::Uniqueness;
    use proptest::prelude::*;
    use std::ops::ControlFlow;

    /// The options of a solution as Knuth writes them, sorted.
    fn written(problem: &Problem, options: &[OptionId]) -> Vec<String> {
        let mut out: Vec<String> = options
            .iter()
            .map(|&o| {
                let mut line = Vec::new();
                problem.write_option(o, &mut line).unwrap();
                String::from_utf8(line).unwrap()
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn dlx2s_toy_problem_has_its_solution_and_figures() {
        let mut b = ProblemBuilder::new();
        for name in ["A", "B", "C"] {
            b.primary(name).unwrap();
        }
        b.secondary("X").unwrap();
        b.secondary("Y").unwrap();
        let (zero, one) = (Some(Colour::from('0')), Some(Colour::from('1')));
        for option in [
            &[("A", None), ("B", None), ("X", zero), ("Y", zero)][..],
            &[("A", None), ("C", None), ("X", one), ("Y", one)],
            &[("X", zero), ("Y", one)],
            &[("B", None), ("X", one)],
            &[("C", None), ("Y", one)],
        ] {
            b.coloured_option_by_names(option).unwrap();
        }
        let problem = b.build();
        assert_eq!(problem.dropped_options(), 1, "X:0 Y:1 has no primary item");
        let mut dlx = Dlx::new(&problem);
        let report = dlx.set_rule(ChoiceRule::Mrv).uniqueness();
        let Uniqueness::Unique(solution) = &report.answer else {
            panic!("expected one solution, got {:?}", report.answer);
        };
        assert_eq!(written(&problem, solution), ["A C X:1 Y:1", "B X:1"]);
        // DLX2's figures: 14 updates, 5 cleansings, 4 nodes.
        let all = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats;
        assert_eq!((all.updates, all.cleansings, all.nodes), (14, 5, 4));
    }

    #[test]
    fn dlx3s_toy_problem_has_its_solution_and_figures() {
        let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let problem = Problem::parse(text).unwrap();
        let mut dlx = Dlx::new(&problem);
        let report = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None);
        assert_eq!(report.stats.solutions, 1);
        // DLX3's figures: 14 updates, 7 cleansings, 6 nodes.
        let stats = report.stats;
        assert_eq!((stats.updates, stats.cleansings, stats.nodes), (14, 7, 6));
        let solution = dlx
            .set_rule(ChoiceRule::Mrv)
            .first_solution()
            .answer
            .unwrap();
        assert_eq!(
            written(&problem, &solution),
            ["A C X:1 Y:1", "B X:1", "C Y:1"]
        );
    }

    #[test]
    fn a_null_move_covers_an_item_fewer_times_than_its_upper_bound() {
        // A may be covered by none, one or both of its options; B needs one of its own.
        let problem = Problem::parse("0:2|A B\nA B\nA\nB\n").unwrap();
        let mut found = Vec::new();
        Dlx::new(&problem).set_rule(ChoiceRule::Mrv).search(
            SearchLimits::default(),
            &mut |options: &[OptionId]| {
                found.push(written(&problem, options));
                ControlFlow::Continue(())
            },
        );
        found.sort();
        assert_eq!(
            found,
            [vec!["A", "A B"], vec!["A", "B"], vec!["A B"], vec!["B"]]
        );
    }

    #[test]
    fn selecting_before_a_search_is_refused_with_bounds() {
        let problem = Problem::parse("2|A\nA\n").unwrap();
        let err = Dlx::new(&problem).select(OptionId(0)).unwrap_err();
        assert_eq!(err, crate::DlxError::SelectWithBounds);
    }

    #[test]
    fn a_selected_colour_holds_for_the_search_and_options_of_one_colour_share_an_item() {
        let problem = Problem::parse("A B C | X\nA X:1\nB X:2\nB\nC X:1\nC\nC X:2\n").unwrap();
        let mut dlx = Dlx::new(&problem);
        let fresh = dlx.clone();
        let solutions = |dlx: &mut Dlx| {
            let mut found = Vec::new();
            dlx.set_rule(ChoiceRule::Mrv).search(
                SearchLimits::default(),
                &mut |o: &[OptionId]| {
                    found.push(written(&problem, o));
                    ControlFlow::Continue(())
                },
            );
            found.sort();
            found
        };
        dlx.select(OptionId(0)).unwrap();
        assert_eq!(solutions(&mut dlx), [vec!["B", "C"], vec!["B", "C X:1"]]);
        assert!(dlx.select(OptionId(0)).is_err(), "the same option twice");
        assert!(dlx.select(OptionId(1)).is_err(), "X is 1 already");
        dlx.select(OptionId(3)).unwrap();
        assert_eq!(solutions(&mut dlx), [vec!["B"]]);
        dlx.unselect_all();
        assert_eq!(dlx.mcc.colour, fresh.mcc.colour);
        assert_eq!(dlx.nodes, fresh.nodes);
        assert_eq!(solutions(&mut dlx).len(), 2);
    }

    /// Whether a set of options meets the definition: every primary item covered within its
    /// bounds; every secondary item used by at most one option, or only by options that all
    /// give it the same colour.
    fn is_solution(problem: &Problem, options: &[OptionId]) -> bool {
        meets(problem, options, true)
    }

    /// Whether a set of options could be part of a solution as far as it goes: no primary item
    /// covered more often than its upper bound, the secondary items as [`is_solution`] says.
    fn fits(problem: &Problem, options: &[OptionId]) -> bool {
        meets(problem, options, false)
    }

    /// [`is_solution`] when `complete`, else [`fits`].
    fn meets(problem: &Problem, options: &[OptionId], complete: bool) -> bool {
        let n = problem.item_count();
        let mut times = vec![0u32; n];
        let mut uncoloured = vec![0u32; n];
        let mut colour_seen: Vec<Option<Colour>> = vec![None; n];
        let mut clash = false;
        for &o in options {
            for (&item, colour) in problem
                .option_items(o)
                .iter()
                .zip(problem.option_colours(o))
            {
                let i = item.index();
                times[i] += 1;
                match colour {
                    None => uncoloured[i] += 1,
                    Some(c) => {
                        clash |= colour_seen[i].is_some_and(|seen| seen != c);
                        colour_seen[i] = Some(c);
                    }
                }
            }
        }
        !clash
            && problem.items().all(|item| {
                let i = item.index();
                match problem.item_kind(item) {
                    ItemKind::Primary => {
                        let bounds = problem.item_bounds(item);
                        let lower = if complete { bounds.lower() } else { 0 };
                        (lower..=bounds.upper()).contains(&times[i])
                    }
                    ItemKind::Secondary => uncoloured[i] == 0 || times[i] == 1,
                }
            })
    }

    /// Every subset of options checked against the definition.
    fn brute_force(problem: &Problem) -> Vec<Vec<OptionId>> {
        let n = problem.option_count();
        (0u32..1 << n)
            .map(|mask| {
                (0..n as u32)
                    .filter(|k| mask >> k & 1 == 1)
                    .map(OptionId)
                    .collect::<Vec<_>>()
            })
            .filter(|options| is_solution(problem, options))
            .collect()
    }

    /// A small random problem: primary items with bounds (or exactly once when `plain_bounds`),
    /// secondary items, options whose secondary entries may be coloured.
    fn random_problem(
        bounds: &[(u32, u32)],
        secondary: usize,
        options: &[Vec<(usize, u8)>],
    ) -> Problem {
        let mut b = ProblemBuilder::new();
        for (k, &(lower, upper)) in bounds.iter().enumerate() {
            let bounds = Bounds::new(lower.min(upper), upper).unwrap();
            b.primary_with_bounds(&format!("p{k}"), bounds).unwrap();
        }
        for k in 0..secondary {
            b.secondary(&format!("s{k}")).unwrap();
        }
        let total = bounds.len() + secondary;
        for option in options {
            let mut entries: Vec<(ItemId, Option<Colour>)> = Vec::new();
            for &(k, colour) in option {
                let item = ItemId((k % total) as u32);
                let coloured = item.index() >= bounds.len() && colour > 0;
                if entries.iter().all(|&(seen, _)| seen != item) {
                    entries.push((item, coloured.then_some(Colour(u32::from(colour)))));
                }
            }
            b.coloured_option(&entries).unwrap();
        }
        b.build()
    }

    const RULES: [ChoiceRule; 3] = [
        ChoiceRule::Mrv,
        ChoiceRule::MrvStopAtOne,
        ChoiceRule::MrvThenReach { from_node: 0 },
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Algorithm M finds exactly the subsets of options the definition allows, each once,
        /// with `u16` and `u32` links alike, and leaves the arena as it found it however the
        /// search stops.
        #[test]
        fn solutions_match_brute_force_with_colours_and_bounds(
            bounds in proptest::collection::vec((0u32..3, 1u32..4), 1..5),
            exact in any::<bool>(),
            secondary in 0usize..3,
            options in proptest::collection::vec(
                proptest::collection::vec((0usize..8, 0u8..3), 1..4), 0..11),
            rule in proptest::sample::select(&RULES[..]),
            budget in 0u64..30,
        ) {
            // Half the problems colours only (DLX2's counting), half with bounds too.
            let bounds: Vec<(u32, u32)> = if exact {
                vec![(1, 1); bounds.len()]
            } else {
                bounds
            };
            let problem = random_problem(&bounds, secondary, &options);
            let mut expected = brute_force(&problem);
            expected.sort();
            let mut dlx = Dlx::new(&problem);
            let fresh = dlx.clone();
            let mut found = Vec::new();
            let report = dlx.set_rule(rule).search(SearchLimits::default(), &mut |o: &[OptionId]| {
                let mut o = o.to_vec();
                o.sort();
                found.push(o);
                ControlFlow::Continue(())
            });
            found.sort();
            prop_assert_eq!(&found, &expected);
            prop_assert_eq!(report.stats.solutions, expected.len() as u64);
            prop_assert_eq!(report.stop, Stop::Exhausted);
            let mut small = Dlx::<u16>::try_new(&problem).unwrap();
            let small_report = small.set_rule(rule).count_solutions(None);
            prop_assert_eq!(small_report.stats, report.stats);
            for (max_nodes, max_solutions) in [(Some(budget), None), (None, Some(1)), (Some(budget), Some(2))] {
                let limits = SearchLimits { max_solutions, max_nodes };
                let cut = dlx.set_rule(rule).search(limits, &mut |_: &[OptionId]| ControlFlow::Continue(()));
                prop_assert!(cut.stats.nodes <= max_nodes.unwrap_or(u64::MAX));
                prop_assert_eq!(&dlx.nodes, &fresh.nodes);
                prop_assert_eq!(&dlx.len, &fresh.len);
                prop_assert_eq!(&dlx.mcc.colour, &fresh.mcc.colour);
                prop_assert_eq!(&dlx.mcc.bound, &fresh.mcc.bound);
                prop_assert_eq!(&dlx.mcc.active_next, &fresh.mcc.active_next);
                prop_assert_eq!(&dlx.mcc.active_prev, &fresh.mcc.active_prev);
                prop_assert_eq!(dlx.uncovered, fresh.uncovered);
            }
        }

        /// Options selected before the search on a problem with colours: a selection is refused
        /// exactly when it does not fit with the earlier ones, the search then finds exactly the
        /// solutions holding every selected option (without them), and unselecting restores the
        /// arena.
        #[test]
        fn selecting_with_colours_restricts_the_solutions_to_those_holding_the_selection(
            primaries in 1usize..5,
            secondary in 1usize..3,
            options in proptest::collection::vec(
                proptest::collection::vec((0usize..8, 0u8..3), 1..4), 1..11),
            picks in proptest::collection::vec(0usize..11, 1..6),
        ) {
            let problem = random_problem(&vec![(1, 1); primaries], secondary, &options);
            prop_assume!(problem.option_count() > 0, "every option was dropped");
            let all = brute_force(&problem);
            let mut dlx = Dlx::new(&problem);
            let fresh = dlx.clone();
            let mut selected: Vec<OptionId> = Vec::new();
            for pick in picks {
                let option = OptionId((pick % problem.option_count()) as u32);
                let mut with = selected.clone();
                with.push(option);
                let fits_too = !selected.contains(&option) && fits(&problem, &with);
                prop_assert_eq!(dlx.select(option).is_ok(), fits_too, "{:?} after {:?}", option, selected);
                if fits_too {
                    selected.push(option);
                }
            }
            let mut expected: Vec<Vec<OptionId>> = all
                .iter()
                .filter(|t| selected.iter().all(|o| t.contains(o)))
                .map(|t| t.iter().copied().filter(|o| !selected.contains(o)).collect())
                .collect();
            expected.sort();
            let mut found = Vec::new();
            dlx.set_rule(ChoiceRule::Mrv).search(SearchLimits::default(), &mut |o: &[OptionId]| {
                let mut o = o.to_vec();
                o.sort();
                found.push(o);
                ControlFlow::Continue(())
            });
            found.sort();
            prop_assert_eq!(found, expected);
            dlx.unselect_all();
            prop_assert_eq!(&dlx.nodes, &fresh.nodes);
            prop_assert_eq!(&dlx.len, &fresh.len);
            prop_assert_eq!(&dlx.mcc.colour, &fresh.mcc.colour);
            prop_assert_eq!(&dlx.mcc.bound, &fresh.mcc.bound);
            prop_assert_eq!(&dlx.mcc.active_next, &fresh.mcc.active_next);
            prop_assert_eq!(&dlx.item_taken, &fresh.item_taken);
        }
    }
}
