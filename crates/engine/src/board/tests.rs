//! The board against the brute-force oracle (every domination limit, every set of options
//! kept) and its deductions against the reference domination pass of `domination.rs`.

use super::Board;
use crate::cells::tests::{brute_force, is_solution, problems_with_colours};
use crate::conformance::{random_problems, seed};
use crate::engine::Engine;
use crate::problem::{OptionId, Problem, ProblemBuilder};
use proptest::prelude::*;

/// Every solution the board finds, each sorted, all sorted.
fn board_solutions(board: &mut Board) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    board.for_each(|options| {
        let mut options = options.to_vec();
        options.sort();
        found.push(options);
    });
    found.sort();
    found
}

/// The 4x4 Sudoku matrix: items cell, row-digit, column-digit and box-digit, one option for
/// each cell and digit.
fn sudoku_4x4() -> Problem {
    let mut b = ProblemBuilder::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..4 {
            for d in 0..4 {
                b.primary(&format!("{kind}{a}{d}")).unwrap();
            }
        }
    }
    for r in 0..4 {
        for c in 0..4 {
            let bx = r / 2 * 2 + c / 2;
            for d in 0..4 {
                let names = [
                    format!("p{r}{c}"),
                    format!("r{r}{d}"),
                    format!("c{c}{d}"),
                    format!("b{bx}{d}"),
                ];
                b.option_by_names(&names).unwrap();
            }
        }
    }
    b.build()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Whatever the domination pass looks at (nothing, pairs, the default, every item), the
    /// board finds exactly the subsets of options the definition allows, each once; and
    /// keeping some options finds exactly the solutions made of them.
    #[test]
    fn the_board_finds_exactly_the_oracles_solutions(
        problem in problems_with_colours(),
        kept in proptest::collection::vec(any::<bool>(), 12),
    ) {
        let mut expected = brute_force(&problem);
        expected.sort();
        let mut board = Board::new(&problem);
        for limit in [0, 2, Board::DEFAULT_DOMINANT_LIMIT, 16] {
            board.set_dominant_limit(limit);
            prop_assert_eq!(&board_solutions(&mut board), &expected, "limit {}", limit);
        }
        let keeps = |option: &OptionId| kept[option.index() % kept.len()];
        board.keep_only(|option| keeps(&option));
        let within: Vec<_> = expected
            .iter()
            .filter(|solution| solution.iter().all(keeps))
            .cloned()
            .collect();
        prop_assert_eq!(board_solutions(&mut board), within);
        // Options taken first begin every solution: those of the oracle's that hold them.
        for taken in [0, 1, 2] {
            let Some(first) = expected.get(taken) else { break };
            let first = &first[..first.len().div_ceil(2)];
            board.keep_only(|_| true);
            board.take_first(first.iter().copied());
            let holding: Vec<_> = expected
                .iter()
                .filter(|solution| first.iter().all(|option| solution.contains(option)))
                .cloned()
                .collect();
            prop_assert_eq!(board_solutions(&mut board), holding, "taken {:?}", first);
        }
        // An option taken that is not kept leaves nothing.
        if let Some(&option) = expected.first().and_then(|solution| solution.first()) {
            board.keep_only(|other| other != option);
            board.take_first([option]);
            prop_assert_eq!(board_solutions(&mut board), Vec::<Vec<OptionId>>::new());
        }
    }
}

/// At the root, with every item looked at, the board's deductions reach the reference pass's
/// fixpoint: the options it took and those still live are the ones the pass leaves, and it
/// finds a dead end exactly when the pass does.
#[test]
fn the_roots_deductions_reach_the_reference_passs_fixpoint() {
    let seed = seed();
    let (mut compared, mut removed) = (0, 0);
    for (case, problem) in random_problems(seed, 400).enumerate() {
        let Ok(mut board) = Board::try_new(&problem) else {
            continue;
        };
        board.set_dominant_limit(16);
        let dead = board.start();
        let reference = problem.dominated_options();
        let context = format!("seed {seed}, case {case}: {problem:?}");
        assert_eq!(dead, reference.is_none(), "{context}");
        let Some(dominated) = reference else {
            continue;
        };
        let largest = problem.items().map(|item| {
            let options = problem.options();
            options
                .filter(|&o| problem.option_items(o).contains(&item))
                .count()
        });
        if largest.max().unwrap_or(0) > 16 {
            continue;
        }
        let live_or_taken: Vec<bool> = problem
            .options()
            .map(|option| {
                let index = option.index();
                board.live[index / 64] >> (index % 64) & 1 == 1 || board.taken.contains(&option)
            })
            .collect();
        for option in problem.options() {
            assert_eq!(
                live_or_taken[option.index()],
                !dominated.contains(&option),
                "{context}: option {option:?}"
            );
        }
        compared += 1;
        removed += dominated.len();
    }
    assert!(
        compared > 50 && removed > 0,
        "seed {seed}: {compared} compared"
    );
}

/// The pass's figures: both options of `a` cover `b`, so `b c` is removed, and `c`, left with
/// one option, is forced; with the pass off, `c` waits for a guess.
#[test]
fn the_deductions_are_counted() {
    let problem = Problem::parse("a b c d\na b\na b d\nb c\nc\nd\n").unwrap();
    let mut board = Board::new(&problem);
    board.set_dominant_limit(2);
    assert_eq!(board.count(), 2);
    assert_eq!(board.figures(), vec![("forced", 2), ("dominated", 1)]);
    board.set_dominant_limit(0);
    assert_eq!(board.count(), 2);
    assert_eq!(board.figures()[1], ("dominated", 0));
}

/// The 4x4 Sudoku matrix: 288 grids, each a valid cover; and a puzzle's givens imposed by
/// keeping only the options they allow leave its one completion, found without a guess.
#[test]
fn sudoku_grids_are_counted_and_a_puzzle_is_solved_by_deduction() {
    let problem = sudoku_4x4();
    let mut board = Board::new(&problem);
    board.set_dominant_limit(2);
    assert_eq!(board.count(), 288);
    // The puzzle "..3..1..23......", one digit a given (options are cell * 4 + digit - 1).
    let givens = [(2, 3), (5, 1), (8, 2), (9, 3)];
    board.keep_only(|option| {
        let (cell, digit) = (option.index() / 4, option.index() % 4 + 1);
        givens
            .iter()
            .all(|&(given, value)| given != cell || value == digit)
    });
    let outcome = board.uniqueness();
    let solution = outcome.answer.solution().expect("one completion").clone();
    assert!(is_solution(&problem, &solution));
    assert!(matches!(outcome.answer, crate::Uniqueness::Unique(_)));
    assert_eq!(
        outcome.stats.nodes, 1,
        "singles and locked candidates suffice"
    );
}

/// The board's refusals, each with the reason: bounds, an item in more options than its 16-bit
/// counts hold, and a problem whose state at the deepest tree passes the memory bound.
#[test]
fn the_board_refuses_what_it_cannot_hold_and_says_why() {
    use crate::{Bounds, DlxError};

    let mut b = ProblemBuilder::new();
    let a = b
        .primary_with_bounds("a", Bounds::new(1, 2).unwrap())
        .unwrap();
    b.option(&[a]).unwrap();
    b.option(&[a]).unwrap();
    let refusal = Board::try_new(&b.build()).unwrap_err();
    assert!(matches!(
        refusal,
        DlxError::Unsupported {
            engine: "board",
            ..
        }
    ));
    assert!(refusal.to_string().contains("multiplicities"), "{refusal}");

    // One item in 32,768 options: past the counts' range.
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    for _ in 0..32_768 {
        b.option(&[a]).unwrap();
    }
    let refusal = Board::try_new(&b.build()).unwrap_err();
    assert!(refusal.to_string().contains("32,767"), "{refusal}");
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    for _ in 0..32_767 {
        b.option(&[a]).unwrap();
    }
    // Within the counts' range, but every option rules out every other: the conflicts'
    // words, quadratic in the options, pass the memory bound.
    let refusal = Board::try_new(&b.build()).unwrap_err();
    assert!(
        matches!(refusal, DlxError::TooLargeForBoard { .. }),
        "{refusal}"
    );

    // 4,100 items of one option each: a level is 1,090 words, and the tree could be 4,101
    // levels deep.
    let mut b = ProblemBuilder::new();
    for k in 0..4_100 {
        let item = b.primary(&format!("i{k}")).unwrap();
        b.option(&[item]).unwrap();
    }
    let problem = b.build();
    assert!(Board::words_needed(&problem) > Board::MAX_WORDS);
    let refusal = Board::try_new(&problem).unwrap_err();
    assert!(
        matches!(refusal, DlxError::TooLargeForBoard { words, limit }
            if words == Board::words_needed(&problem) && limit == Board::MAX_WORDS),
        "{refusal}"
    );
}

#[test]
fn auto_takes_the_board_for_problems_of_many_exclusions_only() {
    use crate::choice_rule::ChoiceRule;
    use crate::engine::EngineKind;
    // n items to fill, each by one of two options, and every pair of options of different
    // items excluded by a secondary item of its own: as many exclusions as item pairs.
    let exclusions = |n: usize| {
        let mut builder = ProblemBuilder::new();
        let items: Vec<_> = (0..n)
            .map(|k| builder.primary(&format!("p{k}")).unwrap())
            .collect();
        let mut options = vec![vec![]; 2 * n];
        for (k, &item) in items.iter().enumerate() {
            options[2 * k].push(item);
            options[2 * k + 1].push(item);
        }
        for a in 0..2 * n {
            for b in a + 1..2 * n {
                if a / 2 != b / 2 && (a + b) % 3 == 0 {
                    let pair = builder.secondary(&format!("x{a}-{b}")).unwrap();
                    options[a].push(pair);
                    options[b].push(pair);
                }
            }
        }
        for option in &options {
            builder.option(option).unwrap();
        }
        builder.build()
    };
    let problem = exclusions(12);
    assert!(Board::preferred_for(&problem));
    let chosen = EngineKind::Auto.choose(&problem, ChoiceRule::Mrv).unwrap();
    assert_eq!(chosen, EngineKind::Board);
    // Its preference is measured against links on their best rule, so it outweighs one.
    let preferring = EngineKind::Auto.choose_preferring(&problem, ChoiceRule::MrvStopAtOne);
    assert_eq!(preferring.unwrap(), (EngineKind::Board, ChoiceRule::Mrv));
    // A rule asked for, not preferred, is links' alone.
    let asked = EngineKind::Auto
        .choose(&problem, ChoiceRule::MrvStopAtOne)
        .unwrap();
    assert_eq!(asked, EngineKind::Links);
    assert_eq!(Board::try_new(&problem).unwrap().count(), {
        let mut dlx = crate::links::Dlx::new(&problem);
        dlx.count()
    });
    for other in [
        exclusions(1),
        Problem::queens(8),
        Problem::queens(20),
        Problem::langford(9),
        Problem::pentominoes(6, 10),
        Problem::dominoes(6, 6),
    ] {
        assert!(!Board::preferred_for(&other), "{other:?}");
    }
}

#[test]
fn auto_leaves_a_problem_of_many_exclusions_the_board_cannot_hold_to_the_others() {
    use crate::choice_rule::ChoiceRule;
    use crate::engine::EngineKind;
    // `p s` twice (one exclusion for one primary item), then `p` in 40,000 options: past
    // the 32,767 options an item may have on the board.
    let mut builder = ProblemBuilder::new();
    let (p, s) = (
        builder.primary("p").unwrap(),
        builder.secondary("s").unwrap(),
    );
    builder.option(&[p, s]).unwrap();
    builder.option(&[p, s]).unwrap();
    for _ in 0..40_000 {
        builder.option(&[p]).unwrap();
    }
    let problem = builder.build();
    assert!(Board::try_new(&problem).is_err());
    assert!(!Board::preferred_for(&problem));
    let chosen = EngineKind::Auto.choose(&problem, ChoiceRule::Mrv).unwrap();
    assert_ne!(chosen, EngineKind::Board);
    assert_eq!(EngineKind::Auto.load(&problem).unwrap().count(), 40_002);
}
