//! The bitset engine against dancing links (the same tree: nodes, solutions and their order)
//! and against the brute-force oracle of the cells' tests.

use super::Bits;
use crate::cells::tests::{
    brute_force, check_reports, is_solution, problems_with_colours, shared, solutions_of,
    split_cases,
};
use crate::engine::Engine;
use crate::outcome::{SearchStats, Stop};
use crate::problem::{OptionId, Problem, ProblemBuilder};
use crate::progress::tests::Recorder;
use crate::search::SearchLimits;
use crate::{ChoiceRule, Dlx, DlxError, StopFlag, Uniqueness};
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// Every solution of the bitset engine, in the order found, and the search's figures; with
/// `portable`, the loop compiled without the `popcnt` instruction.
fn bits_search(problem: &Problem, portable: bool) -> (Vec<Vec<OptionId>>, SearchStats) {
    let mut bits = Bits::new(problem);
    let mut found = Vec::new();
    let mut keep = |options: &[OptionId]| {
        found.push(options.to_vec());
        ControlFlow::<()>::Continue(())
    };
    let outcome = if portable {
        bits.walk_below(0, SearchLimits::default(), &mut keep)
    } else {
        bits.search(SearchLimits::default(), &mut keep)
    };
    assert_eq!(outcome.stop, Stop::Exhausted);
    (found, outcome.stats)
}

/// Checks that the bitset engine walks links' tree under DLX1's rule: the same solutions in
/// the same order, the same number of nodes; each solution valid; and the same without
/// `popcnt`.
fn check_against_links(name: &str, problem: &Problem) {
    let mut dlx = Dlx::new(problem);
    let mut expected = Vec::new();
    let links = dlx.set_rule(ChoiceRule::Mrv).search(
        SearchLimits::default(),
        &mut |options: &[OptionId]| {
            expected.push(options.to_vec());
            ControlFlow::<()>::Continue(())
        },
    );
    let (found, stats) = bits_search(problem, false);
    assert!(
        found.iter().all(|s| is_solution(problem, s)),
        "{name}: an invalid solution"
    );
    assert_eq!(found, expected, "{name}: the solutions, in links' order");
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates),
        (links.stats.solutions, links.stats.nodes, 0),
        "{name}: (solutions, nodes, updates) against links'"
    );
    assert_eq!(
        bits_search(problem, true),
        (found, stats),
        "{name}: without popcnt"
    );
}

#[test]
fn the_bitsets_walk_the_tree_of_links_on_the_projects_problems() {
    let words = |seed, count, len| Problem::random_words(seed, count, len);
    let mut cases = split_cases();
    cases.extend([
        ("queens(12)", Problem::queens(12)),
        ("pentominoes(3, 20)", Problem::pentominoes(3, 20)),
        ("random_xcc(6, 6, 4, 16)", Problem::random_xcc(6, 6, 4, 16)),
        (
            "word_rectangles(3, 5)",
            Problem::word_rectangles(3, 5, &words(3, 60, 5), &words(4, 60, 3)),
        ),
    ]);
    for (name, problem) in &cases {
        check_against_links(name, problem);
    }
}

#[test]
fn the_bitsets_walk_the_tree_of_links_on_the_shared_problems_and_the_test_files() {
    let mut files: Vec<PathBuf> = Vec::new();
    let tests = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/xc");
    files.extend(
        std::fs::read_dir(tests)
            .unwrap()
            .map(|entry| entry.unwrap().path()),
    );
    if let Some(dir) = shared("xc") {
        files.extend(
            std::fs::read_dir(dir)
                .unwrap()
                .map(|entry| entry.unwrap().path()),
        );
    }
    let mut checked = 0;
    for path in files {
        if path.extension().is_none_or(|e| e != "dlx") {
            continue;
        }
        let problem = Problem::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // Bounds are for links; the largest trees have their own tests.
        if problem.has_bounds() || problem.option_count() > 1_000 {
            continue;
        }
        check_against_links(&path.display().to_string(), &problem);
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} files checked");
}

#[test]
fn a_primary_item_without_options_is_no_solution_and_no_empty_solution_either() {
    let problem = Problem::parse("A B\nA\n").unwrap();
    check_against_links("B has no option", &problem);
    let no_primary = ProblemBuilder::new().build();
    let (found, stats) = bits_search(&no_primary, false);
    assert_eq!(found, vec![Vec::<OptionId>::new()], "the empty solution");
    assert_eq!(stats.nodes, 1);
}

#[test]
fn bounds_and_problems_past_the_memory_bound_are_refused_with_a_reason() {
    let bounds = Problem::parse("2|A\nA\nA\n").unwrap();
    assert_eq!(Bits::try_new(&bounds).unwrap_err(), DlxError::BoundsOnBits);
    assert!(!Bits::preferred_for(&bounds));
    // 20,000 options of one item: 20,000 rows of conflicts of 313 words each.
    let mut text = String::from("A\n");
    text.push_str(&"A\n".repeat(20_000));
    let large = Problem::parse(&text).unwrap();
    assert!(Bits::words_needed(&large) > Bits::MAX_WORDS);
    assert!(matches!(
        Bits::try_new(&large),
        Err(DlxError::TooLargeForBits { words, .. }) if words == Bits::words_needed(&large)
    ));
    assert!(!Bits::preferred_for(&large));
}

#[test]
fn small_problems_are_preferred_and_large_ones_left_to_the_other_engines() {
    for (name, problem, bits) in [
        ("queens(12)", Problem::queens(12), true),
        ("langford(11)", Problem::langford(11), true),
        ("pentominoes(6, 10)", Problem::pentominoes(6, 10), true),
        ("queens(100)", Problem::queens(100), false),
        ("dominoes(8, 8)", Problem::dominoes(8, 8), false),
    ] {
        assert_eq!(Bits::preferred_for(&problem), bits, "{name}");
    }
}

#[test]
fn limits_a_node_budget_a_raised_stop_flag_and_a_visitor_that_breaks() {
    let problem = Problem::queens(8);
    let mut bits = Bits::new(&problem);
    let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
    let limits = |max_solutions, max_nodes| SearchLimits {
        max_solutions,
        max_nodes,
    };
    let three = bits.search(limits(Some(3), None), &mut none);
    assert_eq!(
        (three.stop, three.stats.solutions),
        (Stop::SolutionLimit, 3)
    );
    let none_asked = bits.search(limits(Some(0), None), &mut none);
    assert_eq!(
        (none_asked.stop, none_asked.stats.nodes),
        (Stop::SolutionLimit, 0)
    );
    let budget = bits.search(limits(None, Some(100)), &mut none);
    assert_eq!((budget.stop, budget.stats.nodes), (Stop::NodeBudget, 100));
    let stop = StopFlag::new(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
        true,
    )));
    let stopped = bits.search_until(SearchLimits::default(), &stop, &mut none);
    assert_eq!((stopped.stop, stopped.stats.nodes), (Stop::Interrupted, 0));
    let mut seen = Vec::new();
    let mut fifth = |options: &[OptionId]| {
        seen.push(options.to_vec());
        if seen.len() == 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let broke = bits.search(SearchLimits::default(), &mut fifth);
    assert_eq!(broke.stop, Stop::Visitor);
    let links = links_solutions_in_order(&problem);
    assert_eq!(
        seen,
        links[..5],
        "the first five solutions, as links find them"
    );
    // The engine is whole again: the next search walks the whole tree.
    let again = bits.search(SearchLimits::default(), &mut none);
    assert_eq!((again.stop, again.stats.solutions), (Stop::Exhausted, 92));
}

#[test]
fn a_search_reports_a_fraction_that_rises_to_one() {
    for (name, problem) in split_cases() {
        let mut recorder = Recorder(Vec::new());
        let outcome = Bits::new(&problem).search(SearchLimits::default(), &mut recorder);
        assert_eq!(outcome.stop, Stop::Exhausted, "{name}");
        let seen: Vec<(f64, u64)> = recorder.0.iter().map(|at| (at.done, at.nodes)).collect();
        check_reports(name, &seen, outcome.stats.nodes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The bitsets find exactly the subsets of options the definition allows, each once, in
    /// links' order, never past a node budget; and agree with links on uniqueness.
    #[test]
    fn the_bitsets_find_exactly_the_oracles_solutions_with_colours(
        problem in problems_with_colours(),
        budget in 0u64..30,
    ) {
        let mut expected = brute_force(&problem);
        expected.sort();
        let (found, _) = bits_search(&problem, false);
        prop_assert_eq!(&found, &links_solutions_in_order(&problem));
        let mut sorted = solutions_of(|visit| {
            for solution in &found {
                visit(solution);
            }
        });
        sorted.sort();
        prop_assert_eq!(&sorted, &expected);
        let mut bits = Bits::new(&problem);
        let limits = SearchLimits { max_solutions: None, max_nodes: Some(budget) };
        let cut = bits.search(limits, &mut |_: &[OptionId]| ControlFlow::<()>::Continue(()));
        prop_assert!(cut.stats.nodes <= budget);
        let unique = match found.len() {
            0 => Uniqueness::None,
            1 => Uniqueness::Unique(found[0].clone()),
            _ => Uniqueness::Multiple(found[0].clone()),
        };
        let links = Dlx::new(&problem).set_rule(ChoiceRule::Mrv).uniqueness().answer;
        prop_assert_eq!(std::mem::discriminant(&unique), std::mem::discriminant(&links));
    }
}

/// Links' solutions in the order links find them, each as links hand it.
fn links_solutions_in_order(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    Dlx::new(problem).set_rule(ChoiceRule::Mrv).search(
        SearchLimits::default(),
        &mut |options: &[OptionId]| {
            found.push(options.to_vec());
            ControlFlow::<()>::Continue(())
        },
    );
    found
}

/// A count of `problem` on the bitsets split over `threads` into at least `subtrees`.
fn count_split(
    problem: &Problem,
    threads: usize,
    subtrees: usize,
    stop: &StopFlag,
) -> crate::Outcome<()> {
    let request = crate::SearchRequest {
        engine: crate::EngineKind::Bits,
        threads,
        min_subtrees: subtrees,
        count_only: true,
        ..crate::SearchRequest::default()
    };
    let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
    let report = request.run(problem, stop, None, &mut none).unwrap();
    assert_eq!(report.engine, crate::EngineKind::Bits);
    report.outcome.map(|_| ())
}

#[test]
fn a_count_split_over_threads_has_the_one_thread_figures() {
    let mut cases = split_cases();
    cases.push(("queens(10)", Problem::queens(10)));
    for (name, problem) in &cases {
        let (_, whole) = bits_search(problem, false);
        for threads in [2, 3] {
            for subtrees in [1, 16, 1_000] {
                let counted = count_split(problem, threads, subtrees, &StopFlag::never());
                assert_eq!(counted.stop, Stop::Exhausted, "{name}");
                assert_eq!(
                    (counted.stats.solutions, counted.stats.nodes),
                    (whole.solutions, whole.nodes),
                    "{name} on {threads} threads, {subtrees} subtrees"
                );
            }
        }
    }
    let raised = StopFlag::new(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
        true,
    )));
    let counted = count_split(&Problem::queens(8), 2, 16, &raised);
    assert_eq!(counted.stop, Stop::Interrupted);
    assert!(counted.stats.solutions < 92);
}

#[test]
fn a_count_split_whose_first_level_has_more_subtrees_than_asked_for_misses_none() {
    // One item with 100 options: 100 subtrees at the first level, each a solution.
    let mut text = String::from("A B\n");
    text.push_str(&"A B\n".repeat(100));
    let problem = Problem::parse(&text).unwrap();
    let (_, whole) = bits_search(&problem, false);
    assert_eq!(whole.solutions, 100);
    for subtrees in [1, 2, 1_000] {
        let counted = count_split(&problem, 2, subtrees, &StopFlag::never());
        assert_eq!(
            (counted.stats.solutions, counted.stats.nodes),
            (whole.solutions, whole.nodes),
            "{subtrees} subtrees asked for"
        );
    }
}
