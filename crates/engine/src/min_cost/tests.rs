//! The minimum-cost search against the brute-force oracle: every solution enumerated and
//! sorted by cost, on random problems with colours, ties of cost, zero costs and none.

use super::search::Arena;
use super::{Cheapest, MinCost, LOOKAHEAD, NO_CUTOFF};
use crate::conformance::{brute_force, is_solution, random_problems, seed};
use crate::engine::Engine;
use crate::links::Dlx;
use crate::outcome::{SearchStats, Stop};
use crate::problem::{OptionId, Problem, ProblemBuilder};
use crate::search::SearchLimits;
use crate::stop_flag::StopFlag;
use crate::subtrees::Shard;
use std::ops::ControlFlow;

/// `problem` with a cost on each option, drawn from `0..=most` by a generator seeded with
/// `seed`.
fn with_costs(problem: &Problem, seed: u64, most: u64) -> Problem {
    let mut b = ProblemBuilder::new();
    for item in problem.items() {
        b.item(problem.item_name(item), problem.item_kind(item))
            .unwrap();
    }
    let mut state = seed | 1;
    for option in problem.options() {
        let entries: Vec<_> = problem
            .option_items(option)
            .iter()
            .copied()
            .zip(problem.option_colours(option))
            .collect();
        let id = b.coloured_option(&entries).unwrap().unwrap();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        b.set_cost(id, state % (most + 1)).unwrap();
    }
    b.build()
}

fn cost_of(problem: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| problem.option_cost(o)).sum()
}

/// Every solution the search meets, in order, with its figures.
fn met(engine: &mut MinCost, limits: SearchLimits) -> (Vec<Vec<OptionId>>, SearchStats, Stop) {
    let mut found = Vec::new();
    let outcome = engine.search(limits, &mut |options: &[OptionId]| {
        found.push(options.to_vec());
        ControlFlow::<()>::Continue(())
    });
    (found, outcome.stats, outcome.stop)
}

#[test]
fn the_k_best_costs_and_the_count_of_the_cheapest_are_the_oracles() {
    let seed = seed();
    let problems = random_problems(seed, 240).filter(|p| !p.has_bounds());
    for (case, plain) in problems.enumerate() {
        let most = [0, 2, 20][case % 3];
        let problem = with_costs(&plain, seed ^ case as u64, most);
        let context = format!("seed {seed}, case {case}: {problem:?}");
        let mut costs: Vec<u64> = brute_force(&problem)
            .iter()
            .map(|solution| cost_of(&problem, solution))
            .collect();
        costs.sort_unstable();
        for keep in [1, 2, 3, 5] {
            let mut engine = MinCost::try_new(&problem).unwrap().keeping(keep).unwrap();
            let (found, stats, stop) = met(&mut engine, SearchLimits::default());
            assert_eq!(stop, Stop::Exhausted, "{context}");
            assert_eq!(stats.solutions, found.len() as u64, "{context}");
            assert!(found.iter().all(|s| is_solution(&problem, s)), "{context}");
            // Each solution met beats the keep-th best met before it, so the cheapest `keep`
            // met are the cheapest `keep` there are.
            let mut best: Vec<u64> = found.iter().map(|s| cost_of(&problem, s)).collect();
            best.sort_unstable();
            best.truncate(keep);
            let expected = &costs[..costs.len().min(keep)];
            assert_eq!(best, expected, "keep {keep}, {context}");
            // A second search meets the same: the first put every list back.
            let again = met(&mut engine, SearchLimits::default());
            assert_eq!((again.0, again.1), (found, stats), "{context}");
        }
        let mut counting = MinCost::try_new(&problem).unwrap().counting_ties();
        let (found, _, _) = met(&mut counting, SearchLimits::default());
        let least = found.iter().map(|s| cost_of(&problem, s)).min();
        assert_eq!(least, costs.first().copied(), "{context}");
        let cheapest = found
            .iter()
            .filter(|s| Some(cost_of(&problem, s)) == least)
            .count();
        let expected = costs.iter().filter(|&&c| Some(c) == least).count();
        assert_eq!(cheapest, expected, "ties, {context}");
    }
}

/// DLX5's choice of item, written plainly: each active item's options under `budget` counted
/// down its whole list (the list's length once more than [`LOOKAHEAD`] are), then the fewest,
/// the dearest cheapest option, the first; `None` if some item has no option under `budget`.
fn plain_choice<const C: bool>(arena: &Arena<'_, C>, budget: u64) -> Option<u32> {
    let mut best: Option<(u32, u32, u64)> = None;
    let mut item = arena.next[0];
    while item != 0 {
        let (mut under, mut length, mut option) = (0u32, 0u32, arena.down(item));
        while option >= arena.first_entry {
            length += 1;
            under += u32::from(arena.cost(option) < budget);
            option = arena.down(option);
        }
        if under == 0 {
            return None;
        }
        let usable = if under > LOOKAHEAD { length } else { under };
        let least = arena.cost(arena.down(item));
        if best.is_none_or(|(_, fewest, dearest)| {
            usable < fewest || (usable == fewest && least > dearest)
        }) {
            best = Some((item, usable, least));
        }
        item = arena.next[item as usize];
    }
    Some(best.map_or(0, |(item, _, _)| item))
}

/// The choice of item against [`plain_choice`], on random problems with costs and on queens
/// with few distinct costs (long lists, many ties), at the root and one level down (each
/// option of the first item covered in turn), under every budget from 0 (no option fits) past
/// the dearest net cost, and under none.
#[test]
fn the_choice_of_item_is_dlx5s_written_plainly() {
    let seed = seed();
    let queens = (4..=8).map(Problem::queens);
    let problems = random_problems(seed, 240).filter(|p| !p.has_bounds());
    for (case, plain) in problems.chain(queens).enumerate() {
        let problem = with_costs(&plain, seed ^ case as u64, [0, 3, 20][case % 3]);
        let context = format!("seed {seed}, case {case}: {problem:?}");
        let mut engine = MinCost::try_new(&problem).unwrap();
        let mut arena = engine.arena::<true>();
        let mut stats = SearchStats::default();
        let budgets = (0..=24).chain([u64::MAX]);
        for budget in budgets.clone() {
            assert_eq!(
                arena.choose(budget),
                plain_choice(&arena, budget),
                "{context}"
            );
        }
        let item = arena.next[0];
        if item == 0 {
            continue;
        }
        let mut option = arena.down(item);
        while option >= arena.first_entry {
            arena.cover(item, NO_CUTOFF, &mut stats);
            arena.cover_rest(option, NO_CUTOFF, &mut stats);
            for budget in budgets.clone() {
                let context = format!("below option node {option}, budget {budget}, {context}");
                assert_eq!(
                    arena.choose(budget),
                    plain_choice(&arena, budget),
                    "{context}"
                );
            }
            arena.uncover_rest(option, NO_CUTOFF);
            arena.uncover(item, NO_CUTOFF);
            option = arena.down(option);
        }
    }
}

/// An item that no option covers ends the search at its root, whatever the cutoff: its list's
/// first node is its header, which costs more than any budget.
#[test]
fn an_item_of_no_option_has_no_solution() {
    let problem = with_costs(&Problem::parse("A B\nA\nA |2\n").unwrap(), 1, 5);
    let mut engine = MinCost::try_new(&problem).unwrap().keeping(3).unwrap();
    let (found, stats, stop) = met(&mut engine, SearchLimits::default());
    assert!(found.is_empty());
    assert_eq!((stats.nodes, stop), (1, Stop::Exhausted));
    let arena = engine.arena::<false>();
    assert_eq!(arena.choose(u64::MAX), None);
    assert_eq!(arena.choose(0), None);
}

#[test]
fn a_search_stopped_early_puts_its_lists_back() {
    let problem = with_costs(&Problem::queens(8), 3, 20);
    let mut engine = MinCost::try_new(&problem).unwrap();
    let (whole, stats, _) = met(&mut engine, SearchLimits::default());
    for budget in [1, 2, 7, stats.nodes / 2] {
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes: Some(budget),
        };
        let (_, cut, stop) = met(&mut engine, limits);
        assert!(cut.nodes <= budget);
        assert_eq!(stop, Stop::NodeBudget);
        assert_eq!(met(&mut engine, SearchLimits::default()).0, whole);
    }
    let limits = SearchLimits {
        max_solutions: Some(1),
        max_nodes: None,
    };
    let (first, _, stop) = met(&mut engine, limits);
    assert_eq!((first.len(), stop), (1, Stop::SolutionLimit));
    assert_eq!(met(&mut engine, SearchLimits::default()).1, stats);
}

#[test]
fn what_dlx5_does_not_take_is_refused() {
    let bounds = Problem::parse("2|A B\nA\nA B\n").unwrap();
    assert!(MinCost::try_new(&bounds).is_err());
    let problem = Problem::parse("A\nA |3\n").unwrap();
    assert!(MinCost::try_new(&problem).unwrap().keeping(0).is_err());
    assert!(MinCost::try_new(&problem)
        .unwrap()
        .keeping(super::MOST_BEST + 1)
        .is_err());
    // A cost for an option the builder does not have, and costs past what a sum may reach.
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let first = b.option(&[a]).unwrap().unwrap();
    assert!(b.set_cost(OptionId(1), 1).is_err());
    b.set_cost(first, Problem::MAX_TOTAL_COST).unwrap();
    let second = b.option(&[a]).unwrap().unwrap();
    assert!(b.set_cost(second, 1).is_err());
    // Setting a cost again replaces it in the total.
    b.set_cost(first, 0).unwrap();
    b.set_cost(second, 1).unwrap();
    // No primary item: the empty solution, of cost 0.
    let mut b = ProblemBuilder::new();
    let x = b.secondary("x").unwrap();
    assert_eq!(b.option(&[x]).unwrap(), None);
    let (found, stats, _) = met(
        &mut MinCost::try_new(&b.build()).unwrap(),
        Default::default(),
    );
    assert_eq!((found, stats.nodes), (vec![Vec::new()], 1));
    // An item no option covers: one node, no solution.
    let none = Problem::parse("A B\nA |1\n").unwrap();
    let (found, stats, _) = met(&mut MinCost::try_new(&none).unwrap(), Default::default());
    assert_eq!((found.len(), stats.nodes), (0, 1));
}

/// Every solution of `problem` with its cost, in the order of (cost, options in increasing
/// order): the order a split search answers in.
fn in_order(problem: &Problem) -> Vec<(u64, Vec<OptionId>)> {
    // Queens have too many options for the oracle: there, dancing links list the solutions.
    let solutions = match problem.option_count() {
        0..=20 => brute_force(problem),
        _ => Dlx::new(problem).solutions(None).answer,
    };
    let mut all: Vec<(u64, Vec<OptionId>)> = solutions
        .into_iter()
        .map(|mut solution| {
            solution.sort_unstable();
            (cost_of(problem, &solution), solution)
        })
        .collect();
    all.sort();
    all
}

/// The answer of `cheapest` on `threads` threads and `shard`, keeping `keep` or counting ties.
fn cheapest(
    problem: &Problem,
    keep: Option<usize>,
    threads: usize,
    shard: Option<Shard>,
) -> Cheapest {
    let engine = MinCost::try_new(problem).unwrap();
    let mut engine = match keep {
        Some(keep) => engine.keeping(keep).unwrap(),
        None => engine.counting_ties(),
    };
    let found = engine.cheapest(threads, shard, None, &StopFlag::never());
    assert_eq!(found.stop, Stop::Exhausted);
    for (cost, options) in &found.solutions {
        assert!(is_solution(problem, options));
        assert_eq!(*cost, cost_of(problem, options));
    }
    found
}

#[test]
fn split_over_threads_and_shards_the_answer_is_the_oracles() {
    let seed = seed();
    let plain = random_problems(seed, 160).filter(|p| !p.has_bounds());
    let queens = [Problem::queens(6), Problem::queens(8)];
    for (case, plain) in queens.into_iter().chain(plain).enumerate() {
        let most = [0, 2, 20][case % 3];
        let problem = with_costs(&plain, seed ^ case as u64, most);
        let context = format!("seed {seed}, case {case}: {problem:?}");
        let all = in_order(&problem);
        for keep in [1, 3] {
            let expected = &all[..all.len().min(keep)];
            let costs = |found: &Cheapest| found.solutions.iter().map(|s| s.0).collect::<Vec<_>>();
            let one = cheapest(&problem, Some(keep), 1, None);
            let expected_costs: Vec<u64> = expected.iter().map(|s| s.0).collect();
            assert_eq!(
                costs(&one),
                expected_costs,
                "one thread, keep {keep}, {context}"
            );
            for threads in [2, 3] {
                let split = cheapest(&problem, Some(keep), threads, None);
                assert_eq!(
                    split.solutions, expected,
                    "{threads} threads, keep {keep}, {context}"
                );
            }
            // The one shard of one is split too, on one thread: the same order.
            let whole = cheapest(&problem, Some(keep), 1, Some(Shard::WHOLE));
            assert_eq!(whole.solutions, expected, "1/1, keep {keep}, {context}");
            // Outside any rayon pool (where no pool could be started), the calling thread
            // searches every part itself: the same order.
            let mut engine = MinCost::try_new(&problem).unwrap().keeping(keep).unwrap();
            let alone = super::split::split(&mut engine, Shard::WHOLE, None, &StopFlag::never());
            assert_eq!(alone.solutions, expected, "no pool, keep {keep}, {context}");
            for count in [2, 3] {
                let mut merged: Vec<(u64, Vec<OptionId>)> = (0..count)
                    .flat_map(|index| {
                        let shard = Shard { index, count };
                        cheapest(&problem, Some(keep), 2, Some(shard)).solutions
                    })
                    .collect();
                merged.sort();
                merged.truncate(keep);
                assert_eq!(merged, expected, "{count} shards, keep {keep}, {context}");
            }
        }
        let least = all.first().map(|(cost, _)| *cost);
        let ties = least.map(|least| (least, all.iter().filter(|s| s.0 == least).count() as u64));
        for threads in [1, 2] {
            let counted = cheapest(&problem, None, threads, None);
            assert_eq!(
                counted.least, ties,
                "counting on {threads} threads, {context}"
            );
        }
    }
}

#[test]
fn a_split_search_stops_at_its_node_budget_and_at_the_stop_flag() {
    let problem = with_costs(&Problem::queens(10), 5, 20);
    let mut engine = MinCost::try_new(&problem).unwrap().keeping(3).unwrap();
    let whole = engine.cheapest(2, None, None, &StopFlag::never());
    assert_eq!(whole.stop, Stop::Exhausted);
    let budget = whole.stats.nodes / 4;
    let cut = engine.cheapest(2, None, Some(budget), &StopFlag::never());
    assert_eq!(
        cut.stop,
        Stop::NodeBudget,
        "{} nodes in all",
        whole.stats.nodes
    );
    assert!(cut.stats.nodes <= budget);
    // A shard under a budget: its subtrees on one thread, each under what is left of it, the
    // walk above the cut counted too; a budget it needs whole is not reported as cut.
    // On one thread: on two, the bound one thread finds prunes the other's subtrees as the
    // timing goes, and the nodes of a whole run, whose budget less one must cut it, vary.
    let shard = Some(Shard::WHOLE);
    let split = engine.cheapest(1, shard, None, &StopFlag::never());
    let all = split.stats.nodes;
    for budget in [0, 1, 5, all / 3, all - 1] {
        let cut = engine.cheapest(1, shard, Some(budget), &StopFlag::never());
        assert_eq!(cut.stop, Stop::NodeBudget, "budget {budget} of {all}");
        assert!(
            cut.stats.nodes <= budget,
            "{} nodes, budget {budget}",
            cut.stats.nodes
        );
    }
    let enough = engine.cheapest(1, shard, Some(all), &StopFlag::never());
    assert_eq!(
        (enough.stop, enough.solutions),
        (Stop::Exhausted, split.solutions)
    );
    let raised = StopFlag::new(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
        true,
    )));
    for threads in [1, 2] {
        let stopped = engine.cheapest(threads, None, None, &raised);
        assert_eq!(stopped.stop, Stop::Interrupted, "{threads} threads");
    }
    // The engine is as it was: the same answer again (the figures depend on timing).
    let again = engine.cheapest(2, None, None, &StopFlag::never());
    assert_eq!((again.solutions, again.stop), (whole.solutions, whole.stop));
}
