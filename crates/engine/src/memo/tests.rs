//! The memoized count and the ZDD against the engine's enumeration.

use super::*;
use crate::engine::Engine;
use crate::{Dlx, OptionId};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Every solution by enumeration, each as its sorted options, in the search's order.
fn enumerate(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    Dlx::new(problem).for_each(|options| {
        let mut options = options.to_vec();
        options.sort();
        all.push(options);
    });
    all
}

/// Whether `options` cover each primary item once and each secondary at most once or in one
/// colour: a solution, checked without the engine.
fn is_solution(problem: &Problem, options: &[OptionId]) -> bool {
    let mut seen: Vec<Vec<Option<Colour>>> = vec![Vec::new(); problem.item_count()];
    for &option in options {
        for (item, colour) in problem
            .option_items(option)
            .iter()
            .zip(problem.option_colours(option))
        {
            seen[item.index()].push(colour);
        }
    }
    problem.items().all(|item| {
        let uses = &seen[item.index()];
        match problem.item_kind(item) {
            crate::ItemKind::Primary => uses.len() == 1,
            crate::ItemKind::Secondary => {
                uses.len() <= 1 || uses.iter().all(|c| c.is_some() && *c == uses[0])
            }
        }
    })
}

use crate::Colour;

fn zdd_of(problem: &Problem) -> Zdd {
    Memo::new(problem).zdd().unwrap().answer.zdd.unwrap()
}

#[test]
fn reference_problems_count_as_enumeration_does() {
    for problem in [
        Problem::toy(),
        Problem::queens(6),
        Problem::queens(8),
        Problem::langford(7),
        Problem::dominoes(4, 5),
        Problem::pentominoes(3, 20),
    ] {
        let expected = Dlx::new(&problem).count();
        let outcome = Memo::new(&problem).count().unwrap();
        assert_eq!(outcome.answer.solutions, u128::from(expected));
        assert!(outcome.is_complete());
    }
}

#[test]
fn domino_tilings_of_the_chessboard_and_beyond_u64_boards() {
    let count = |r, c| {
        Memo::new(&Problem::dominoes(r, c))
            .count()
            .unwrap()
            .answer
            .solutions
    };
    assert_eq!(count(8, 8), 12_988_816);
    assert_eq!(count(10, 10), 258_584_046_368);
    assert_eq!(count(12, 12), 53_060_477_521_960_000);
}

#[test]
fn nth_lists_the_solutions_in_the_enumerations_order() {
    for problem in [
        Problem::queens(6),
        Problem::langford(7),
        Problem::dominoes(3, 4),
    ] {
        let zdd = zdd_of(&problem);
        let listed: Vec<Vec<OptionId>> = (0..zdd.count())
            .map(|k| {
                let mut options = zdd.nth(k).unwrap();
                options.sort();
                options
            })
            .collect();
        assert_eq!(listed, enumerate(&problem));
        assert_eq!(zdd.nth(zdd.count()), None);
    }
}

#[test]
fn the_zdd_written_for_zddread_is_one_line_a_node_and_a_root() {
    let zdd = zdd_of(&Problem::dominoes(3, 4));
    let mut text = Vec::new();
    zdd.write_knuth(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), zdd.node_count() + 1);
    let root = format!("{:x}: (~0?0:", zdd.node_count() + 2);
    assert!(lines.last().unwrap().starts_with(&root));
    // Read back: each node's count is the sum of its branches', the root's is the total.
    let mut counts = std::collections::HashMap::from([(0u64, 0u128), (1, 1)]);
    let mut last = 0;
    for line in &lines {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (_, branches) = rest.split_once('?').unwrap();
        let (lo, hi) = branches.trim_end_matches(')').split_once(':').unwrap();
        let get = |h: &str| counts[&u64::from_str_radix(h, 16).unwrap()];
        let sum = get(lo) + get(hi);
        last = u64::from_str_radix(id, 16).unwrap();
        counts.insert(last, sum);
    }
    assert_eq!(counts[&last], 11);
}

#[test]
fn random_solutions_are_uniform_within_a_chi_square_bound() {
    let problem = Problem::langford(7);
    let zdd = zdd_of(&problem);
    let n = zdd.count() as usize;
    assert_eq!(n, 52);
    let mut random = Pcg64Mcg::seed_from_u64(7);
    let mut frequencies = std::collections::HashMap::new();
    let draws = 52 * 200;
    for _ in 0..draws {
        let mut solution = zdd.random_solution(&mut random).unwrap();
        assert!(is_solution(&problem, &solution));
        solution.sort();
        *frequencies.entry(solution).or_insert(0u32) += 1;
    }
    assert_eq!(frequencies.len(), n, "every solution is drawn");
    let expected = draws as f64 / n as f64;
    let chi_square: f64 = frequencies
        .values()
        .map(|&f| (f64::from(f) - expected).powi(2) / expected)
        .sum();
    // 51 degrees of freedom: the 99.9th percentile is about 87.
    assert!(chi_square < 87.0, "chi-square {chi_square}");
}

#[test]
fn a_tiny_memory_bound_evicts_and_still_counts_exactly() {
    let problem = Problem::dominoes(8, 8);
    let outcome = Memo::new(&problem).max_bytes(40_000).count().unwrap();
    assert_eq!(outcome.answer.solutions, 12_988_816);
    assert!(outcome.answer.evictions > 0);
    let small = Problem::dominoes(6, 6);
    let none = Memo::new(&small).max_bytes(10).count().unwrap();
    assert_eq!(none.answer.solutions, 6_728);
    assert!(none.answer.caching_stopped);
    let refused = Memo::new(&small).max_bytes(10).zdd();
    assert_eq!(refused, Err(DlxError::MemoryBound { bytes: 10 }));
}

#[test]
fn problems_with_bounds_are_refused() {
    let problem = Problem::random_mcc(1, 4, 2, 8);
    assert!(problem.has_bounds());
    assert_eq!(Memo::new(&problem).count(), Err(DlxError::MemoWithBounds));
}

#[test]
fn a_raised_stop_flag_stops_the_search() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let problem = Problem::queens(10);
    let outcome = Memo::new(&problem)
        .stop_flag(StopFlag::new(flag))
        .count()
        .unwrap();
    assert_eq!(outcome.stop, Stop::Interrupted);
}

/// A sink that keeps every memoized report: the fraction, the nodes, the figures so far.
#[derive(Default)]
struct MemoReports(std::sync::Mutex<Vec<(f64, u64, MemoResult)>>);

impl crate::ProgressSink for MemoReports {
    fn report(&self, _: f64, _: u64) {
        panic!("a memoized search reports with its cache's figures");
    }

    fn report_memo(&self, fraction: f64, nodes: u64, so_far: &MemoResult) {
        self.0
            .lock()
            .unwrap()
            .push((fraction, nodes, so_far.clone()));
    }
}

/// The reports rise (fraction, nodes, lookups, solutions), stay below the whole tree until the
/// last, which is the whole tree with the search's own figures, and carry no ZDD. The fraction
/// and the solutions start again from 0 when caching is given up: the plain search that counts
/// instead walks a tree of its own.
fn check_reports(seen: &[(f64, u64, MemoResult)], outcome: &Outcome<MemoResult>) {
    assert!(seen.len() >= 3, "reports along the way and one at the end");
    for pair in seen.windows(2) {
        let ((f0, n0, c0), (f1, n1, c1)) = (&pair[0], &pair[1]);
        let same_tree = c0.caching_stopped == c1.caching_stopped;
        assert!(n1 > n0, "{:?} then {:?}", pair[0], pair[1]);
        assert!(f1 >= f0 || !same_tree, "{:?} then {:?}", pair[0], pair[1]);
        assert!(c1.solutions >= c0.solutions || !same_tree);
        assert!(
            c0.caching_stopped <= c1.caching_stopped,
            "caching is not taken up again"
        );
        assert!(c1.lookups >= c0.lookups && c1.hits >= c0.hits);
        assert!(c1.peak_entries >= c0.peak_entries);
    }
    let (last, before) = seen.split_last().unwrap();
    assert!(before.iter().all(|&(f, _, _)| (0.0..1.0).contains(&f)));
    assert_eq!((last.0, last.1), (1.0, outcome.stats.nodes));
    assert_eq!(last.2.caching_stopped, outcome.answer.caching_stopped);
    assert_eq!(last.2.solutions, outcome.answer.solutions);
    assert!(seen.iter().all(|(_, _, so_far)| so_far.zdd.is_none()));
}

#[test]
fn a_memoized_search_reports_its_progress_and_the_cache_as_it_goes() {
    let problem = Problem::dominoes(12, 12);
    for zdd in [false, true] {
        let sink = MemoReports::default();
        let memo = Memo::new(&problem).progress(&sink);
        let outcome = if zdd { memo.zdd() } else { memo.count() }.unwrap();
        assert_eq!(outcome.answer.solutions, 53_060_477_521_960_000);
        let seen = sink.0.into_inner().unwrap();
        check_reports(&seen, &outcome);
        let last = &seen[seen.len() - 1].2;
        assert_eq!(last.lookups, outcome.answer.lookups);
        assert_eq!(last.hits, outcome.answer.hits);
        // Along the way, the cache holds subproblems and answers lookups.
        let (_, _, middle) = &seen[seen.len() / 2];
        assert!(middle.peak_entries > 0 && middle.hits > 0 && !middle.caching_stopped);
        assert!(middle.hits <= middle.lookups);
    }
}

#[test]
fn a_count_that_gives_caching_up_reports_the_plain_search_after_it() {
    let problem = Problem::queens(12);
    let sink = MemoReports::default();
    let outcome = Memo::new(&problem).progress(&sink).count().unwrap();
    assert_eq!(outcome.answer.solutions, 14_200);
    assert!(outcome.answer.caching_stopped);
    let seen = sink.0.into_inner().unwrap();
    check_reports(&seen, &outcome);
    // The plain search's reports say caching was given up, and count the nodes of both.
    let given_up: Vec<_> = seen.iter().filter(|r| r.2.caching_stopped).collect();
    assert!(given_up.len() >= 2, "{} reports", given_up.len());
    assert!(given_up
        .iter()
        .all(|r| r.2.lookups == outcome.answer.lookups));
}

#[test]
fn the_nodes_a_search_without_the_cache_would_visit_stop_at_the_largest_u64() {
    // 14x14 (OEIS A004003): past 10^23 nodes without the cache, 385,185 with it.
    let problem = Problem::dominoes(14, 14);
    let outcome = Memo::new(&problem).count().unwrap();
    assert_eq!(outcome.answer.solutions, 112_202_208_776_036_178_000_000);
    assert_eq!(outcome.answer.plain_nodes, u64::MAX);
}

#[test]
fn a_search_without_a_sink_counts_the_same_as_one_with() {
    let problem = Problem::dominoes(8, 8);
    let sink = MemoReports::default();
    let with = Memo::new(&problem).progress(&sink).count().unwrap();
    let without = Memo::new(&problem).count().unwrap();
    assert_eq!(with, without);
}

proptest! {
    #[test]
    fn random_problems_count_and_list_as_enumeration_does(
        seed in 0u64..1_000_000, primary in 1usize..8, secondary in 0usize..4, options in 1usize..20,
    ) {
        let problem = Problem::random_xcc(seed, primary, secondary, options);
        let all = enumerate(&problem);
        let memo = Memo::new(&problem).count().unwrap();
        prop_assert_eq!(memo.answer.solutions, all.len() as u128);
        let zdd = zdd_of(&problem);
        prop_assert_eq!(zdd.count(), all.len() as u128);
        for (k, expected) in all.iter().enumerate() {
            let mut options = zdd.nth(k as u128).unwrap();
            options.sort();
            prop_assert_eq!(&options, expected);
        }
    }
}

/// `items` primary items, each with two options of its own (one also takes a secondary item of
/// its own): 2^items solutions, one subproblem a level.
fn two_ways_each(items: usize) -> Problem {
    let mut builder = crate::ProblemBuilder::new();
    for i in 0..items {
        builder.primary(&format!("a{i}")).unwrap();
    }
    for i in 0..items {
        builder.secondary(&format!("s{i}")).unwrap();
    }
    for i in 0..items {
        let (a, s) = (format!("a{i}"), format!("s{i}"));
        builder.option_by_names(&[a.as_str()]).unwrap();
        builder.option_by_names(&[a.as_str(), s.as_str()]).unwrap();
    }
    builder.build()
}

#[test]
fn a_count_past_the_128_bits_is_an_error_and_one_within_them_is_exact() {
    let within = Memo::new(&two_ways_each(127)).count().unwrap();
    assert_eq!(within.answer.solutions, 1u128 << 127);
    // 2^128 is one more than a u128 holds.
    assert_eq!(
        Memo::new(&two_ways_each(128)).count(),
        Err(DlxError::CountOverflow)
    );
}
