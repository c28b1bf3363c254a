//! Dancing cells against Knuth's SSXCC (its figures, measured with his program), against a
//! brute-force oracle, and against dancing links (the same solutions).

use super::Cells;
use crate::engine::Engine;
use crate::outcome::Stop;
use crate::problem::{Colour, ItemId, OptionId, Problem, ProblemBuilder};
use crate::search::SearchLimits;
use crate::ChoiceRule;
use crate::{Dlx, Uniqueness};
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// SSXCC's totals for one problem: solutions, updates, nodes, and its "bytes" figure.
struct Figures {
    solutions: u64,
    updates: u64,
    nodes: u64,
    bytes: u64,
}

const fn figures(solutions: u64, updates: u64, nodes: u64, bytes: u64) -> Figures {
    Figures {
        solutions,
        updates,
        nodes,
        bytes,
    }
}

/// Searches the whole tree and checks SSXCC's figures, and every solution against the
/// definition, in each width of word.
fn check(name: &str, problem: &Problem, want: &Figures) {
    let cells = Cells::new(problem);
    let width = if cells.layout.is_narrow() { 16 } else { 32 };
    check_layout(&format!("{name}, {width}-bit"), problem, cells, want);
    let wide = Cells::new_wide(problem);
    check_layout(&format!("{name}, 32-bit"), problem, wide, want);
}

fn check_layout(name: &str, problem: &Problem, mut cells: Cells, want: &Figures) {
    let mut invalid = 0;
    let outcome = cells.for_each(|options| invalid += usize::from(!is_solution(problem, options)));
    let stats = outcome.stats;
    assert_eq!(invalid, 0, "{name}: an invalid solution");
    assert_eq!(outcome.stop, Stop::Exhausted, "{name}");
    assert_eq!(
        (
            stats.solutions,
            stats.updates,
            stats.nodes,
            cells.ssxcc_bytes()
        ),
        (want.solutions, want.updates, want.nodes, want.bytes),
        "{name}: (solutions, updates, nodes, bytes) against SSXCC's"
    );
}

/// The shared data's directory: `$DLX_SHARED`, else `../shared` beside the workspace.
pub(crate) fn shared(path: &str) -> Option<PathBuf> {
    let root = match std::env::var_os("DLX_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    let path = root.join(path);
    if path.exists() {
        Some(path)
    } else {
        eprintln!(
            "skipped: no {} (SSXCC's figures on the shared problems)",
            path.display()
        );
        None
    }
}

// SSXCC's totals for the shared problems: Knuth's ssxcc.w (ascherer/cwebtest) tangled with
// ctangle, compiled with gcc -O3 and run as `ssxcc < FILE` with its default settings, read
// from its closing line "Altogether N solutions, ... U updates, B bytes, N nodes".
const SHARED: [(&str, Figures); 9] = [
    ("toy.dlx", figures(1, 27, 5, 628)),
    ("toy_colors.dlx", figures(1, 16, 3, 452)),
    ("queens8.dlx", figures(92, 20_078, 947, 8_608)),
    ("queens12.dlx", figures(14_200, 5_812_039, 251_387, 19_632)),
    ("langford7.dlx", figures(52, 7_734, 466, 5_864)),
    ("random_xcc_101.dlx", figures(107, 1_435, 228, 6_032)),
    ("random_xcc_102.dlx", figures(62, 1_153, 146, 6_492)),
    ("random_xcc_103.dlx", figures(23, 1_888, 92, 6_860)),
    (
        "wordrect3x4.dlx",
        figures(18_274, 1_021_990, 65_646, 34_296),
    ),
];

#[test]
fn every_shared_problem_without_bounds_gives_ssxccs_figures() {
    let Some(dir) = shared("xc") else { return };
    for (file, want) in &SHARED {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        check(file, &Problem::parse(&text).unwrap(), want);
    }
}

#[test]
fn the_shared_pentominoes_give_ssxccs_figures() {
    let Some(path) = shared("xc/pentominoes6x10.dlx") else {
        return;
    };
    let problem = Problem::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    // SSXCC's totals, measured as above, in 16-bit words: the 32-bit ones are checked on the
    // project's pentominoes below and on every smaller problem.
    let cells = Cells::new(&problem);
    assert!(cells.layout.is_narrow());
    check_layout(
        "pentominoes6x10, 16-bit",
        &problem,
        cells,
        &figures(9_356, 1_040_447_865, 1_210_954, 284_760),
    );
}

#[test]
fn the_projects_generated_problems_give_ssxccs_figures() {
    // SSXCC's totals, measured as above on the files `cargo run --example
    // write_xc_problems` writes for these problems.
    let words = |seed, count, len| Problem::random_words(seed, count, len);
    let cases = [
        ("toy", Problem::toy(), figures(1, 27, 5, 628)),
        (
            "queens(8)",
            Problem::queens(8),
            figures(92, 20_078, 947, 8_608),
        ),
        (
            "queens(12)",
            Problem::queens(12),
            figures(14_200, 5_812_039, 251_387, 19_632),
        ),
        (
            "langford(7)",
            Problem::langford(7),
            figures(52, 7_734, 466, 5_864),
        ),
        (
            "random_xcc(6, 6, 4, 16)",
            Problem::random_xcc(6, 6, 4, 16),
            figures(8, 76, 15, 1_532),
        ),
        (
            "random_xcc(2, 12, 6, 60)",
            Problem::random_xcc(2, 12, 6, 60),
            figures(825, 6_639, 1_308, 5_624),
        ),
        (
            "word_rectangles(3, 4)",
            Problem::word_rectangles(3, 4, &words(1, 40, 4), &words(2, 40, 3)),
            figures(1_006, 210_962, 5_769, 30_148),
        ),
        // Options of nine items, longer than the unrolled part of the walk over an option
        // (`sets::each_other_node`); measured on the file `Problem::write` makes of it.
        (
            "word_rectangles(2, 8)",
            Problem::word_rectangles(2, 8, &words(5, 60, 8), &words(6, 20, 2)),
            figures(628, 174_880, 5_351, 37_008),
        ),
    ];
    for (name, problem, want) in &cases {
        check(name, problem, want);
    }
}

#[test]
fn the_projects_pentominoes_give_ssxccs_figures() {
    // Its options come in another order than the shared file's: another tree. Laid out in
    // 32-bit words here, in 16-bit ones above (a billion updates take seconds in each).
    let problem = Problem::pentominoes(6, 10);
    check_layout(
        "pentominoes(6, 10), 32-bit",
        &problem,
        Cells::new_wide(&problem),
        &figures(9_356, 1_040_357_907, 1_210_939, 284_760),
    );
}

#[test]
fn a_problem_too_large_for_16_bit_words_is_laid_out_in_32() {
    // 70,000 options of one item: over 2^16 words of nodes, each option one solution.
    let mut builder = ProblemBuilder::new();
    let item = builder.primary("A").unwrap();
    for _ in 0..70_000 {
        builder.option(&[item]).unwrap();
    }
    let problem = builder.build();
    let mut cells = Cells::new(&problem);
    assert!(!cells.layout.is_narrow());
    assert_eq!(cells.count(), 70_000);
    // The same problem cut to 5,000 options fits, and counts the same way.
    let mut builder = ProblemBuilder::new();
    let item = builder.primary("A").unwrap();
    for _ in 0..5_000 {
        builder.option(&[item]).unwrap();
    }
    let mut cells = Cells::new(&builder.build());
    assert!(cells.layout.is_narrow());
    assert_eq!(cells.count(), 5_000);
}

#[test]
fn an_item_placed_beyond_what_a_signed_16_bit_node_word_holds_is_laid_out_in_32() {
    // Few nodes, but 16,400 unused secondary items before (or after) the one the options use:
    // its record then starts past 2^15, where a node's item, read signed, would turn negative.
    let build = |used_first: bool| {
        let mut builder = ProblemBuilder::new();
        let a = builder.primary("A").unwrap();
        let b = builder.primary("B").unwrap();
        let mut z = None;
        if used_first {
            z = Some(builder.secondary("Z").unwrap());
        }
        for k in 0..16_400 {
            builder.secondary(&format!("s{k}")).unwrap();
        }
        let z = z.unwrap_or_else(|| builder.secondary("Z").unwrap());
        builder.option(&[a, z]).unwrap();
        builder.option(&[b, z]).unwrap();
        builder.option(&[a]).unwrap();
        builder.option(&[b]).unwrap();
        builder.build()
    };
    for (used_first, narrow) in [(true, true), (false, false)] {
        let problem = build(used_first);
        let mut cells = Cells::new(&problem);
        assert_eq!(cells.layout.is_narrow(), narrow, "used first: {used_first}");
        // {A Z, B}, {A, B Z}, {A, B}: Z may be covered once at most.
        assert_eq!(cells.count(), 3, "used first: {used_first}");
    }
}

#[test]
fn a_primary_item_without_options_is_no_solution_and_no_node() {
    let problem = Problem::parse("A B\nA\n").unwrap();
    let outcome = Cells::new(&problem).count_solutions(None);
    assert_eq!((outcome.stats.nodes, outcome.stats.solutions), (0, 0));
    assert!(outcome.is_complete());
}

#[test]
fn no_primary_item_is_one_empty_solution() {
    let mut builder = ProblemBuilder::new();
    builder.secondary("X").unwrap();
    let problem = builder.build();
    let mut cells = Cells::new(&problem);
    assert_eq!(cells.first(), Some(vec![]));
    assert_eq!(cells.count_solutions(None).stats.nodes, 1);
}

#[test]
fn bounds_are_refused_with_a_reason() {
    let problem = Problem::parse("2|A\nA\nA\n").unwrap();
    assert_eq!(
        Cells::try_new(&problem).unwrap_err(),
        crate::DlxError::BoundsOnCells
    );
}

#[test]
fn the_three_questions_limits_and_a_visitor_that_breaks() {
    let mut cells = Cells::new(&Problem::queens(6));
    assert_eq!(cells.count(), 4);
    assert!(matches!(cells.uniqueness().answer, Uniqueness::Multiple(_)));
    let first = cells.first().unwrap();
    assert!(is_solution(&Problem::queens(6), &first));
    let limited = cells.count_solutions(Some(3));
    assert_eq!(
        (limited.answer.solutions, limited.answer.complete),
        (3, false)
    );
    let whole = cells.count_solutions(None).stats;
    for budget in [0, 1, 5, whole.nodes - 1] {
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes: Some(budget),
        };
        let cut = cells.search(
            limits,
            &mut |_: &[OptionId]| ControlFlow::<()>::Continue(()),
        );
        assert_eq!((cut.stop, cut.stats.nodes), (Stop::NodeBudget, budget));
    }
    let mut seen = 0;
    let broke = cells.search(SearchLimits::default(), &mut |_: &[OptionId]| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!(
        (broke.answer, broke.stop, seen),
        (Some(()), Stop::Visitor, 1)
    );
    // Every search starts afresh: the same tree, the same figures.
    assert_eq!(cells.count_solutions(None).stats, whole);
}

#[test]
fn restoring_the_trails_sizes_undoes_every_hide_of_a_choice() {
    let problem = Problem::queens(6);
    let (mut sets, _, _) = super::sets::SparseSets::new(&problem);
    let mut trail = super::trail::Trail::default();
    trail.clear();
    let mut updates = 0;
    let best = sets.item[0];
    sets.swap_out_best(best, &mut updates);
    sets.hide::<false>(best, &mut updates);
    trail.save(0, &sets);
    let saved = sets.active_sets();
    let active = sets.active;
    for at in best..best + sets.size(best) {
        let node = sets.node_at(at);
        sets.swap_out_others(node, &mut updates);
        sets.hide_others(node, &mut updates);
        sets.force.clear();
        assert_ne!(sets.active_sets(), saved, "the choice removed options");
        trail.restore(0, &mut sets);
        assert_eq!(sets.active, active);
        assert_eq!(sets.active_sets(), saved, "after the choice at {at}");
    }
    assert!(updates > 0);
}

/// Every solution of an engine, each sorted, all sorted.
pub(crate) fn solutions_of(
    mut search: impl FnMut(&mut dyn FnMut(&[OptionId])),
) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    search(&mut |options| {
        let mut options = options.to_vec();
        options.sort();
        found.push(options);
    });
    found.sort();
    found
}

fn cells_solutions(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut cells = Cells::new(problem);
    solutions_of(|visit| {
        cells.for_each(visit);
    })
}

pub(crate) fn links_solutions(problem: &Problem) -> Vec<Vec<OptionId>> {
    let mut dlx = Dlx::new(problem);
    solutions_of(|visit| {
        dlx.for_each(visit);
    })
}

#[test]
fn both_engines_find_the_same_solutions_on_every_file_of_the_engine_tests() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/xc");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "dlx") {
            continue;
        }
        let problem = Problem::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if problem.has_bounds() || problem.option_count() > 1_000 {
            // Bounds are links' alone; the pentominoes have their own test above.
            continue;
        }
        let found = cells_solutions(&problem);
        assert!(found.iter().all(|s| is_solution(&problem, s)), "{path:?}");
        assert_eq!(found, links_solutions(&problem), "{path:?}");
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} files checked");
}

// The oracle is the conformance suite's: a primary item without bounds is covered exactly
// once by its definition.
pub(crate) use crate::conformance::{brute_force, is_solution};

/// A small problem: `primaries` primary items, `secondaries` secondary ones, options drawn
/// as (item, colour) pairs, colour 0 meaning none (and none on primary items).
pub(crate) fn random_problem(
    primaries: usize,
    secondaries: usize,
    options: &[Vec<(usize, u8)>],
) -> Problem {
    let mut b = ProblemBuilder::new();
    for k in 0..primaries {
        b.primary(&format!("p{k}")).unwrap();
    }
    for k in 0..secondaries {
        b.secondary(&format!("s{k}")).unwrap();
    }
    let total = primaries + secondaries;
    for option in options {
        let mut entries: Vec<(ItemId, Option<Colour>)> = Vec::new();
        for &(k, colour) in option {
            let item = ItemId((k % total) as u32);
            let coloured = item.index() >= primaries && colour > 0;
            if entries.iter().all(|&(seen, _)| seen != item) {
                entries.push((item, coloured.then_some(Colour(u32::from(colour)))));
            }
        }
        b.coloured_option(&entries).unwrap();
    }
    b.build()
}

/// Small random problems with colours for the oracle: up to four primary items and three
/// secondary ones, up to eleven options of up to three entries (see [`random_problem`]).
pub(crate) fn problems_with_colours() -> impl Strategy<Value = Problem> {
    let option = proptest::collection::vec((0usize..9, 0u8..3), 1..4);
    let options = proptest::collection::vec(option, 0..12);
    (1usize..5, 0usize..4, options).prop_map(|(primaries, secondaries, options)| {
        random_problem(primaries, secondaries, &options)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Both engines find exactly the subsets of options the definition allows, each once,
    /// and a node budget never lets either enter more nodes than it allows.
    #[test]
    fn both_engines_find_exactly_the_oracles_solutions_with_colours(
        problem in problems_with_colours(),
        budget in 0u64..30,
    ) {
        let mut expected = brute_force(&problem);
        expected.sort();
        prop_assert_eq!(&cells_solutions(&problem), &expected);
        let mut wide = Cells::new_wide(&problem);
        prop_assert_eq!(&solutions_of(|each| { wide.for_each(each); }), &expected);
        prop_assert_eq!(&links_solutions(&problem), &expected);
        let mut cells = Cells::new(&problem);
        let limits = SearchLimits { max_solutions: None, max_nodes: Some(budget) };
        let cut = cells.search(limits, &mut |_: &[OptionId]| ControlFlow::<()>::Continue(()));
        prop_assert!(cut.stats.nodes <= budget);
        // Whatever a search (cut short or not) left, the rebuild a large layout resets with
        // gives back the state as loaded, word for word.
        prop_assert!(cells.rebuild_matches_pristine());
        let unique = cells.uniqueness().answer;
        let links = Dlx::new(&problem).set_rule(ChoiceRule::Mrv).uniqueness().answer;
        prop_assert_eq!(
            std::mem::discriminant(&unique),
            std::mem::discriminant(&links)
        );
    }
}

/// Small random problems whose options are longer than the unrolled part of the walk over an
/// option (`sets::each_other_node`): six to fourteen entries drawn over up to fourteen items.
fn problems_with_long_options() -> impl Strategy<Value = Problem> {
    let option = proptest::collection::vec((0usize..14, 0u8..3), 6..15);
    let options = proptest::collection::vec(option, 0..10);
    (3usize..7, 6usize..9, options).prop_map(|(primaries, secondaries, options)| {
        random_problem(primaries, secondaries, &options)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Long options take the walk past its unrolled steps, on both widths of word.
    #[test]
    fn long_options_give_exactly_the_oracles_solutions(problem in problems_with_long_options()) {
        let mut expected = brute_force(&problem);
        expected.sort();
        prop_assert_eq!(&cells_solutions(&problem), &expected);
        let mut wide = Cells::new_wide(&problem);
        prop_assert_eq!(&solutions_of(|each| { wide.for_each(each); }), &expected);
    }
}

/// Problems with and without colours whose trees have a few levels to cut.
pub(crate) fn split_cases() -> Vec<(&'static str, Problem)> {
    let words = |seed, count, len| Problem::random_words(seed, count, len);
    vec![
        ("toy", Problem::toy()),
        ("queens(8)", Problem::queens(8)),
        ("langford(7)", Problem::langford(7)),
        (
            "random_xcc(2, 12, 6, 60)",
            Problem::random_xcc(2, 12, 6, 60),
        ),
        (
            "word_rectangles(3, 4)",
            Problem::word_rectangles(3, 4, &words(1, 30, 4), &words(2, 30, 3)),
        ),
    ]
}

/// Every solution of the pieces of the cut after `depth` levels, each subtree searched on a
/// fresh copy, each solution sorted, all sorted: with the number of subtrees.
/// The solutions of the pieces of a cut at `depth`, each subtree searched on a fresh engine made
/// by `new`, and how many subtrees there were.
fn split_solutions(
    problem: &Problem,
    depth: usize,
    new: fn(&Problem) -> Cells,
) -> (Vec<Vec<OptionId>>, usize) {
    use crate::subtrees::{PieceAt, Subtrees, WalkEnd};
    let mut cells = new(problem);
    // Each piece owned: a solution's options, or a subtree's path.
    let mut pieces: Vec<Result<Vec<OptionId>, Vec<u32>>> = Vec::new();
    let end = cells.walk_pieces(depth, &|| false, &mut |piece, _| {
        pieces.push(match piece {
            PieceAt::Solution(options) => Ok(options.to_vec()),
            PieceAt::Subtree(path, _) => Err(path.to_vec()),
        });
        ControlFlow::Continue(())
    });
    assert!(matches!(end, WalkEnd::Done(_)));
    let mut subtrees = 0;
    let found = solutions_of(|visit| {
        for piece in &pieces {
            match piece {
                Ok(options) => visit(options),
                Err(path) => {
                    subtrees += 1;
                    let mut copy = new(problem);
                    let mut each = |options: &[OptionId]| {
                        visit(options);
                        ControlFlow::<()>::Continue(())
                    };
                    copy.search_subtree(path, SearchLimits::default(), &mut each);
                }
            }
        }
    });
    (found, subtrees)
}

#[test]
fn the_subtrees_of_a_cut_hold_the_one_thread_solutions_at_every_depth() {
    for (name, problem) in split_cases() {
        let whole = cells_solutions(&problem);
        // Both widths of word replay a subtree's path the same way.
        for (width, new) in [
            (16, Cells::new as fn(&Problem) -> Cells),
            (32, Cells::new_wide),
        ] {
            for depth in 1..=5 {
                let (found, subtrees) = split_solutions(&problem, depth, new);
                assert!(found.iter().all(|s| is_solution(&problem, s)), "{name}");
                assert_eq!(found, whole, "{name} cut at depth {depth}, {width}-bit");
                assert!(subtrees > 0 || whole.len() <= 1, "{name} at {depth}");
            }
        }
    }
}

/// The solutions of a split search on a pool of `threads`, each sorted, in the order handed
/// on, with the report.
fn split_search(
    problem: &Problem,
    threads: usize,
    settings: crate::SearchRequest,
) -> (Vec<Vec<OptionId>>, crate::SearchReport<()>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut cells = Cells::new(problem);
    let mut found = Vec::new();
    let report = pool.install(|| {
        cells.search_split(settings, &|| false, &mut |options: &[OptionId]| {
            let mut options = options.to_vec();
            options.sort();
            found.push(options);
            ControlFlow::<()>::Continue(())
        })
    });
    (found, report)
}

fn split_settings(shard: crate::Shard, max_solutions: Option<u64>) -> crate::SearchRequest {
    crate::SearchRequest {
        rule: ChoiceRule::Mrv,
        max_solutions,
        shard,
        min_subtrees: 16,
        count_only: false,
        ..crate::SearchRequest::default()
    }
}

#[test]
fn a_split_search_on_threads_finds_the_one_thread_solutions_once_each() {
    for (name, problem) in split_cases() {
        let whole = cells_solutions(&problem);
        for threads in [1, 2, 3] {
            let (mut found, report) =
                split_search(&problem, threads, split_settings(crate::Shard::WHOLE, None));
            assert_eq!(report.outcome.stop, Stop::Exhausted, "{name}");
            assert_eq!(report.outcome.stats.solutions, whole.len() as u64, "{name}");
            found.sort();
            assert_eq!(found, whole, "{name} on {threads} threads");
            // Counting only gives the same count, none handed on.
            let counting = crate::SearchRequest {
                count_only: true,
                ..split_settings(crate::Shard::WHOLE, None)
            };
            let (handed, report) = split_search(&problem, threads, counting);
            assert!(handed.is_empty());
            assert_eq!(report.outcome.stats.solutions, whole.len() as u64, "{name}");
        }
        // A limit stops at exactly that many, each a solution of the whole.
        if whole.len() > 3 {
            let (found, report) =
                split_search(&problem, 2, split_settings(crate::Shard::WHOLE, Some(3)));
            assert_eq!(report.outcome.stop, Stop::SolutionLimit, "{name}");
            assert_eq!(found.len(), 3, "{name}");
            assert!(
                found.iter().all(|s| whole.binary_search(s).is_ok()),
                "{name}"
            );
        }
    }
}

#[test]
fn the_shards_of_a_cells_tree_add_up_to_the_whole() {
    for (name, problem) in split_cases() {
        let whole = cells_solutions(&problem);
        for count in [1u64, 2, 3, 7, 50] {
            let mut union = Vec::new();
            for index in 0..count {
                let shard = crate::Shard { index, count };
                let (found, report) = split_search(&problem, 2, split_settings(shard, None));
                assert_eq!(report.outcome.stats.solutions, found.len() as u64, "{name}");
                union.extend(found);
            }
            union.sort();
            // Every solution in exactly one shard.
            assert_eq!(union, whole, "{name} in {count} shards");
        }
    }
}

#[test]
fn a_raised_stop_flag_ends_a_split_search_as_interrupted() {
    let mut cells = Cells::new(&Problem::queens(8));
    let settings = split_settings(crate::Shard::WHOLE, None);
    let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
    let report = cells.search_split(settings, &|| true, &mut none);
    assert_eq!(report.outcome.stop, Stop::Interrupted);
    // The engine is whole again: the next search walks SSXCC's tree.
    assert_eq!(cells.count_solutions(None).stats.nodes, 947);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random problems with colours: any cut's subtrees hold exactly the oracle's solutions.
    #[test]
    fn random_problems_split_into_the_oracles_solutions(
        problem in problems_with_colours(),
        depth in 1usize..5,
    ) {
        let mut expected = brute_force(&problem);
        expected.iter_mut().for_each(|s| s.sort());
        expected.sort();
        prop_assert_eq!(split_solutions(&problem, depth, Cells::new).0, expected.clone());
        prop_assert_eq!(split_solutions(&problem, depth, Cells::new_wide).0, expected.clone());
        let (mut found, _) = split_search(&problem, 2, split_settings(crate::Shard::WHOLE, None));
        found.sort();
        prop_assert_eq!(found, expected);
    }
}

/// Checks a search's reports: the fraction and the nodes never go down, the last fraction is
/// 1 (the whole tree was searched), and no report counts more nodes than the search made.
pub(crate) fn check_reports(name: &str, seen: &[(f64, u64)], nodes: u64) {
    assert!(!seen.is_empty(), "{name}: no report");
    for pair in seen.windows(2) {
        assert!(
            pair[1].0 >= pair[0].0 && pair[1].1 >= pair[0].1,
            "{name}: {pair:?}"
        );
    }
    let (fraction, last_nodes) = seen[seen.len() - 1];
    assert!(
        fraction > 1.0 - 1e-9 && fraction <= 1.0,
        "{name}: {fraction}"
    );
    assert!(last_nodes <= nodes, "{name}: {last_nodes} nodes of {nodes}");
}

#[test]
fn a_search_reports_a_fraction_that_rises_to_one() {
    use crate::progress::Reports;
    for (name, problem) in split_cases() {
        let reports = Reports::default();
        let mut cells = Cells::new(&problem);
        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let stop = crate::StopFlag::never();
        let outcome = cells.search_reporting(SearchLimits::default(), &stop, &reports, &mut none);
        // The figures are the search's own, reports or not.
        let quiet = Cells::new(&problem).count_solutions(None);
        assert_eq!(outcome.stats, quiet.stats, "{name}");
        check_reports(name, &reports.take(), outcome.stats.nodes);
    }
}

#[test]
fn a_split_search_reports_a_fraction_that_rises_to_one() {
    use crate::progress::Reports;
    use std::sync::atomic::Ordering::Relaxed;
    for (name, problem) in split_cases() {
        for (threads, count_only) in [(1, false), (2, false), (3, true)] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let reports = Reports::default();
            let settings = crate::SearchRequest {
                count_only,
                ..split_settings(crate::Shard::WHOLE, None)
            };
            let mut cells = Cells::new(&problem);
            let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
            let report = pool.install(|| {
                cells.search_split_reporting(settings, &|| false, Some(&reports), &mut none)
            });
            let whole = Cells::new(&problem).count_solutions(None);
            assert_eq!(
                report.outcome.stats.solutions, whole.stats.solutions,
                "{name}"
            );
            check_reports(name, &reports.take(), report.outcome.stats.nodes);
            assert_eq!(
                (reports.began.load(Relaxed), reports.ended.load(Relaxed)),
                (1, 1),
                "{name}: one search begun and ended"
            );
        }
    }
}

#[test]
fn cells_are_preferred_for_colours_and_few_secondary_items() {
    let words = |seed, count, len| Problem::random_words(seed, count, len);
    let rectangles = Problem::word_rectangles(3, 4, &words(1, 40, 4), &words(2, 40, 3));
    assert!(rectangles.has_colours());
    for (name, problem, cells) in [
        ("toy", Problem::toy(), true),
        ("pentominoes", Problem::pentominoes(3, 20), true),
        ("langford", Problem::langford(7), true),
        ("word rectangles", rectangles, true),
        ("queens", Problem::queens(8), false),
        (
            "bounds",
            Problem::parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
                .unwrap(),
            false,
        ),
    ] {
        assert_eq!(Cells::preferred_for(&problem), cells, "{name}");
    }
}
