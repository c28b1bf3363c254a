//! Knuth's exact-cover format (DLX1's, DLX2's colours, DLX3's bounds) from arbitrary bytes:
//! parsing never panics, what parses writes back to the same problem, and a bounded search on
//! it returns only real covers (primary items within their bounds, secondary items used once
//! or only in one colour), with dancing links and, without bounds, with dancing cells, which
//! find the same solutions when both search the whole tree, as do the board and the planes
//! (on the problems of their shape), and with the
//! bitsets, which walk links' tree: the same solutions in the same order, the same nodes; and
//! DLX5's minimum-cost search ends on the least cost of links' solutions (costs `|n` parse too).

#![no_main]

use dlx_engine::{
    board_with_domination, Cells, ChoiceRule, Dlx, DlxError, Engine, EngineKind, ItemKind, MinCost,
    OptionId, Problem, SearchLimits, Shard, Stop, StopFlag,
};
use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;

fuzz_target!(|bytes: &[u8]| {
    let Ok(problem) = Problem::parse_bytes(bytes) else {
        return;
    };
    let mut written = Vec::new();
    problem
        .write(&mut written)
        .expect("a parsed problem can be written");
    let again = Problem::parse_bytes(&written).expect("a written problem parses");
    assert_eq!(again.item_count(), problem.item_count());
    for item in problem.items() {
        assert_eq!(again.item_bounds(item), problem.item_bounds(item));
    }
    assert_eq!(again.option_count(), problem.option_count());
    for option in problem.options() {
        assert_eq!(again.option_items(option), problem.option_items(option));
        assert!(again
            .option_colours(option)
            .eq(problem.option_colours(option)));
    }
    let mut dlx = Dlx::new(&problem);
    let limits = SearchLimits {
        max_solutions: Some(50),
        max_nodes: Some(20_000),
    };
    let mut by_links = Vec::new();
    let links = dlx.search(limits, &mut |options: &[OptionId]| {
        assert_cover(&problem, options);
        let mut options = options.to_vec();
        options.sort();
        by_links.push(options);
        ControlFlow::Continue(())
    });
    // The bitsets walk links' tree: the same solutions in the same order, the same nodes and
    // the same stop, under the same limits.
    match EngineKind::Bits.load(&problem) {
        Ok(mut bits) => {
            let mut by_bits = Vec::new();
            let report = bits.search(limits, &mut |options: &[OptionId]| {
                assert_cover(&problem, options);
                let mut options = options.to_vec();
                options.sort();
                by_bits.push(options);
                ControlFlow::Continue(())
            });
            assert_eq!(by_bits, by_links, "the bitsets' solutions, in links' order");
            assert_eq!(
                (report.stats.nodes, report.stats.solutions, report.stop),
                (links.stats.nodes, links.stats.solutions, links.stop)
            );
        }
        Err(refusal) => assert!(
            problem.has_bounds() || matches!(refusal, DlxError::TooLargeForBits { .. }),
            "bitsets refuse only bounds and problems past their memory bound"
        ),
    }
    if let Ok(mut cells) = Cells::try_new(&problem) {
        let mut by_cells = Vec::new();
        let report = cells.search(limits, &mut |options: &[OptionId]| {
            assert_cover(&problem, options);
            let mut options = options.to_vec();
            options.sort();
            by_cells.push(options);
            ControlFlow::Continue(())
        });
        assert!(report.stats.nodes <= 20_000);
        if report.stop == Stop::Exhausted && links.stop == Stop::Exhausted {
            by_links.sort();
            by_cells.sort();
            assert_eq!(by_cells, by_links, "the two engines' solutions");
        }
    } else {
        assert!(problem.has_bounds(), "cells refuse only bounds");
    }
    // The board, with the domination pass on: only covers, and links' solutions when both
    // searched their whole trees.
    match board_with_domination(&problem, 3) {
        Ok(mut board) => {
            let mut by_board = Vec::new();
            let report = board.search(limits, &mut |options: &[OptionId]| {
                assert_cover(&problem, options);
                let mut options = options.to_vec();
                options.sort();
                by_board.push(options);
                ControlFlow::Continue(())
            });
            assert!(report.stats.nodes <= 20_000);
            if report.stop == Stop::Exhausted && links.stop == Stop::Exhausted {
                by_links.sort();
                by_board.sort();
                assert_eq!(by_board, by_links, "the board's solutions");
            }
        }
        Err(refusal) => assert!(
            problem.has_bounds()
                || matches!(
                    refusal,
                    DlxError::TooLargeForBoard { .. } | DlxError::Unsupported { .. }
                ),
            "the board refuses only bounds and problems past its memory bound: {refusal}"
        ),
    }
    // The planes and the bands, where the problem has their shape: only covers, and links'
    // solutions when both searched their whole trees; any other problem refused with the
    // reason.
    for kind in [EngineKind::Planes, EngineKind::Bands] {
        match kind.load(&problem) {
            Ok(mut engine) => {
                let mut found = Vec::new();
                let report = engine.search(limits, &mut |options: &[OptionId]| {
                    assert_cover(&problem, options);
                    let mut options = options.to_vec();
                    options.sort();
                    found.push(options);
                    ControlFlow::Continue(())
                });
                assert!(report.stats.nodes <= 20_000);
                if report.stop == Stop::Exhausted && links.stop == Stop::Exhausted {
                    by_links.sort();
                    found.sort();
                    assert_eq!(found, by_links, "the {kind}' solutions");
                }
            }
            Err(refusal) => assert!(
                matches!(refusal, DlxError::Unsupported { engine, .. } if engine == kind.name()),
                "the {kind} refuse only what is not their shape: {refusal}"
            ),
        }
    }
    // The minimum-cost search (DLX5's): only covers, and when both searched their whole trees,
    // the least cost of links' solutions is the cost of the last solution it met.
    if !problem.has_bounds() {
        let mut min_cost = MinCost::try_new(&problem).expect("DLX5 takes what has no bounds");
        let cost =
            |options: &[OptionId]| -> u64 { options.iter().map(|&o| problem.option_cost(o)).sum() };
        let mut last = None;
        let report = min_cost.search(limits, &mut |options: &[OptionId]| {
            assert_cover(&problem, options);
            assert!(
                last.is_none_or(|c| cost(options) < c),
                "an improving solution"
            );
            last = Some(cost(options));
            ControlFlow::Continue(())
        });
        if report.stop == Stop::Exhausted && links.stop == Stop::Exhausted {
            let least = by_links.iter().map(|s| cost(s)).min();
            assert_eq!(last, least, "the least cost");
        }
        // Split (the one shard of one, on one thread under the same budget): only covers, with
        // their costs, and when it searched its whole tree, the same least cost.
        let whole = Some(Shard::WHOLE);
        let split = min_cost.cheapest(2, whole, limits.max_nodes, &StopFlag::never());
        for (paid, options) in &split.solutions {
            assert_cover(&problem, options);
            assert_eq!(*paid, cost(options), "the cost of a split solution");
        }
        if split.stop == Stop::Exhausted && report.stop == Stop::Exhausted {
            assert_eq!(split.least_cost(), last, "the least cost, split");
        }
    }
    // The u16 arena, where the problem fits it, searches the same tree: the same report, node
    // for node. Under the node budget: a count with no budget timed out on a 12-queens variant.
    if let Ok(mut small) = Dlx::<u16>::try_new(&problem) {
        let mut count = |_: &[OptionId]| ControlFlow::Continue(());
        for rule in [
            ChoiceRule::MrvStopAtOne,
            ChoiceRule::MrvThenReach { from_node: 0 },
        ] {
            let a = small.set_rule(rule).search(limits, &mut count);
            let b = dlx.set_rule(rule).search(limits, &mut count);
            assert_eq!(a, b, "{rule:?}");
        }
    }
    // The node budget holds whatever happens, solutions included, under every
    // rule: budgets drawn from the input, small enough to cut most searches.
    let seed = bytes
        .iter()
        .fold(0u64, |h, &b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    for budget in [0, seed % 8, seed % 97, seed % 1000] {
        for rule in [
            ChoiceRule::Mrv,
            ChoiceRule::MrvStopAtOne,
            ChoiceRule::MrvThenReach { from_node: 0 },
        ] {
            for max_solutions in [None, Some(1)] {
                let limits = SearchLimits {
                    max_solutions,
                    max_nodes: Some(budget),
                };
                let report = dlx
                    .set_rule(rule)
                    .search(limits, &mut |_: &[OptionId]| ControlFlow::Continue(()));
                assert!(
                    report.stats.nodes <= budget,
                    "{rule:?}: {report:?} over {budget}"
                );
            }
        }
    }
});

/// Asserts that `options` are a real cover: primary items within their bounds, secondary items
/// used once or only in one colour.
fn assert_cover(problem: &Problem, options: &[OptionId]) {
    let n = problem.item_count();
    let (mut times, mut uncoloured, mut colours) = (vec![0u32; n], vec![0u32; n], vec![None; n]);
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
                    assert!(colours[i].is_none_or(|seen| seen == c), "two colours");
                    colours[i] = Some(c);
                }
            }
        }
    }
    for item in problem.items() {
        let i = item.index();
        match problem.item_kind(item) {
            ItemKind::Primary => {
                let bounds = problem.item_bounds(item);
                assert!((bounds.lower()..=bounds.upper()).contains(&times[i]));
            }
            ItemKind::Secondary => assert!(uncoloured[i] == 0 || times[i] <= 1),
        }
    }
}
