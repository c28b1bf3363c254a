//! The conformance suite every engine passes: one call an engine, [`check`], runs it on random
//! problems (plain, with secondary items, with colours, and with bounds where the engine takes
//! them, [`EngineKind::takes_bounds`]) against the brute-force oracle, and checks the contract
//! of [`Engine`]: the same solution set as the oracle, each solution once; a solution limit and
//! a node budget honoured; a stop flag obeyed at the next node; progress reports that never go
//! down and end at 1. [`check_split`] checks the split driver on an engine's cut
//! ([`Subtrees`]): the pieces of a walk and the subtrees searched from their paths hold the
//! oracle's solutions at every depth, a split listing over threads gives them in the
//! one-thread order of the subtrees, limits and a raised stop request are honoured, and shards
//! add up to the whole. An engine added to the crate adds one test that calls both.

use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::guesses::Deductions;
use crate::outcome::Stop;
use crate::parallel;
use crate::problem::{Bounds, Colour, ItemId, OptionId, Problem, ProblemBuilder};
use crate::progress::ProgressSink;
use crate::request::SearchRequest;
use crate::search::SearchLimits;
use crate::stop_flag::StopFlag;
use crate::subtrees::Shard;
use crate::subtrees::{PieceAt, Subtrees, WalkEnd};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Every engine by name that takes small problems (`auto` aside, and the bands, which take
/// Sudoku's 9x9 matrix alone: `bands/tests.rs`): what a test of a type that serves each runs on.
pub(crate) const NAMED_ENGINES: [EngineKind; 5] = [
    EngineKind::Links,
    EngineKind::Cells,
    EngineKind::Bits,
    EngineKind::Board,
    EngineKind::Planes,
];

/// Problems a run: enough to meet every shape the generator aims at many times over.
const PROBLEMS: u64 = 300;

/// Runs the suite on the engine that `new` lays problems out for. Panics, naming the seed and
/// the problem, at the first breach of the contract.
pub(crate) fn check<E: Engine>(new: impl Fn(&Problem) -> Result<E, DlxError>) {
    check_where(new, |_| true);
}

/// [`check`] on the problems without bounds: for what declares that it takes none, as
/// [`crate::Narrowed`] does.
pub(crate) fn check_without_bounds<E: Engine>(new: impl Fn(&Problem) -> Result<E, DlxError>) {
    check_where(new, |problem| !problem.has_bounds());
}

/// [`check`] on the problems with neither colours nor bounds: for what lays out only those, as
/// [`crate::Relaid`] does.
pub(crate) fn check_plain<E: Engine>(new: impl Fn(&Problem) -> Result<E, DlxError>) {
    check_where(new, |problem| {
        !problem.has_bounds() && !problem.has_colours()
    });
}

fn check_where<E: Engine>(
    new: impl Fn(&Problem) -> Result<E, DlxError>,
    taken: impl Fn(&Problem) -> bool,
) {
    let seed = seed();
    let mut kind = None;
    let problems = random_problems(seed, PROBLEMS).enumerate();
    for (case, problem) in problems.filter(|(_, problem)| taken(problem)) {
        let shape = Shape::ALL[case % Shape::ALL.len()];
        let mut engine = match new(&problem) {
            Ok(engine) => engine,
            Err(refusal) => {
                // Only what the engine's kind declares it does not take may be refused.
                let refused_bounds = problem.has_bounds()
                    && kind.is_some_and(|kind: EngineKind| !kind.takes_bounds());
                assert!(
                    refused_bounds
                        || matches!(
                            refusal,
                            DlxError::TooLargeForBits { .. }
                                | DlxError::TooLargeForBoard { .. }
                                | DlxError::Unsupported {
                                    engine: "planes",
                                    ..
                                }
                        ),
                    "seed {seed}, case {case}: refused {refusal}: {problem:?}"
                );
                continue;
            }
        };
        kind = Some(engine.kind());
        let context = format!("seed {seed} (DLX_CONFORMANCE_SEED), case {case}, {shape:?}");
        check_problem(&mut engine, &problem, &context);
    }
    assert!(kind.is_some(), "seed {seed}: the engine took no problem");
}

/// Runs the split driver's part of the suite on the engine that `new` lays problems out for
/// (problems it refuses are skipped: [`check`] checks the refusals).
pub(crate) fn check_split<E: Subtrees>(new: impl Fn(&Problem) -> Result<E, DlxError>) {
    let seed = seed();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool of two threads");
    let mut took = false;
    // Fewer problems than the contract: each is cut at three depths and split five ways.
    for (case, problem) in random_problems(seed, PROBLEMS / 3).enumerate() {
        let Ok(mut engine) = new(&problem) else {
            continue;
        };
        took = true;
        let context = format!("seed {seed} (DLX_CONFORMANCE_SEED), split case {case}");
        let mut expected = brute_force(&problem);
        expected.sort();
        // Dancing links cut only plain exact cover (`Subtrees::can_split`).
        let deepest = if engine.can_split() { 3 } else { 0 };
        for depth in 1..=deepest {
            let found = pieces_solutions(&mut engine, &new, &problem, depth);
            assert_eq!(found, expected, "{context}, cut at {depth}: {problem:?}");
        }
        let request = |max_solutions, shard: Shard, count_only| SearchRequest {
            max_solutions,
            shard,
            min_subtrees: SearchRequest::subtrees_for(shard.count).min(8),
            count_only,
            ..SearchRequest::default()
        };
        let total = expected.len() as u64;
        let listed =
            pool.install(|| split_listing(&mut engine, request(None, Shard::WHOLE, false)));
        let mut sorted = listed.clone();
        sorted.sort();
        assert_eq!(sorted, expected, "{context}: split listing: {problem:?}");
        for limit in [0, 1, total / 2 + 1] {
            let first = pool
                .install(|| split_listing(&mut engine, request(Some(limit), Shard::WHOLE, false)));
            assert_eq!(
                first.len() as u64,
                limit.min(total),
                "{context}: limit {limit}"
            );
            // Distinct solutions (inside a subtree, dancing cells' order depends on the
            // subtrees searched before it on the same copy).
            let mut distinct = first.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), first.len(), "{context}: limit {limit}");
            assert!(distinct.iter().all(|s| expected.binary_search(s).is_ok()));
        }
        // The deductions of the engines that make them (none for the others) are summed over
        // the pieces as the nodes are: each shard's add up to the one-thread search's.
        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let one = Deductions::of(&engine.search(SearchLimits::default(), &mut none).stats);
        for parts in [1, 2, 3, 7] {
            let mut deduced = Deductions::default();
            let sum: u64 = (0..parts)
                .map(|index| {
                    let shard = Shard {
                        index,
                        count: parts,
                    };
                    let counted = pool.install(|| {
                        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
                        parallel::search_split(
                            &mut engine,
                            request(None, shard, true),
                            &|| false,
                            None,
                            &mut none,
                        )
                    });
                    let stats = counted.outcome.stats;
                    deduced.forced += stats.forced;
                    deduced.pruned += stats.pruned;
                    stats.solutions
                })
                .sum();
            assert_eq!(sum, total, "{context}: {parts} shards: {problem:?}");
            assert_eq!(
                deduced, one,
                "{context}: {parts} shards' deductions: {problem:?}"
            );
        }
        let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
        let stopped = pool.install(|| {
            let request = request(None, Shard::WHOLE, true);
            parallel::search_split(&mut engine, request, &|| true, None, &mut none)
        });
        // A tree of no node (a problem no option covers) has nowhere to ask.
        let outcome = stopped.outcome;
        assert!(
            outcome.stop == Stop::Interrupted || outcome.stats.nodes == 0,
            "{context}: stop: {outcome:?}"
        );
        assert_eq!(outcome.stats.solutions, 0, "{context}: stop");
    }
    assert!(took, "seed {seed}: the engine took no problem");
}

/// The solutions of the pieces of the cut after `depth` levels of `engine`'s tree, each
/// subtree searched on a fresh engine, each solution sorted, all sorted.
fn pieces_solutions<E: Subtrees>(
    engine: &mut E,
    new: &impl Fn(&Problem) -> Result<E, DlxError>,
    problem: &Problem,
    depth: usize,
) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    let mut paths = Vec::new();
    let end = engine.walk_pieces(depth, &|| false, &mut |piece, _| {
        match piece {
            PieceAt::Solution(options) => found.push(options.to_vec()),
            PieceAt::Subtree(path, share) => {
                assert!(share > 0.0 && share <= 1.0, "a subtree's share {share}");
                paths.push(path.to_vec());
            }
        }
        ControlFlow::Continue(())
    });
    assert!(matches!(end, WalkEnd::Done(_)));
    for path in paths {
        let mut fresh = new(problem).expect("a problem the engine took once");
        let mut keep = |options: &[OptionId]| {
            found.push(options.to_vec());
            ControlFlow::<()>::Continue(())
        };
        fresh.search_subtree(&path, SearchLimits::default(), &mut keep);
    }
    for solution in &mut found {
        solution.sort();
    }
    found.sort();
    found
}

/// The solutions of a split listing under `request`, each sorted, in the order handed on.
fn split_listing<E: Subtrees>(engine: &mut E, request: SearchRequest) -> Vec<Vec<OptionId>> {
    let mut found = Vec::new();
    let mut keep = |options: &[OptionId]| {
        let mut options = options.to_vec();
        options.sort();
        found.push(options);
        ControlFlow::<()>::Continue(())
    };
    let report = parallel::search_split(engine, request, &|| false, None, &mut keep);
    assert_ne!(report.outcome.stop, Stop::Interrupted);
    found
}

/// `count` random problems of every shape in turn (plain, secondary, colours, bounds), from
/// `seed`: what the suite runs on, for the tests of what runs an engine.
pub(crate) fn random_problems(seed: u64, count: u64) -> impl Iterator<Item = Problem> {
    let mut random = Random(seed | 1);
    (0..count).map(move |case| {
        let shape = Shape::ALL[(case % Shape::ALL.len() as u64) as usize];
        random.problem(shape)
    })
}

/// The seed of a randomized run: `DLX_CONFORMANCE_SEED` when set (to replay a failure), else
/// the clock's.
pub(crate) fn seed() -> u64 {
    std::env::var("DLX_CONFORMANCE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
}

/// The contract on one problem.
fn check_problem<E: Engine>(engine: &mut E, problem: &Problem, context: &str) {
    let mut expected = brute_force(problem);
    expected.sort();
    let total = expected.len() as u64;

    // Every solution, each once, and the count the outcome gives.
    let mut found = Vec::new();
    let outcome = engine.for_each(|options| {
        let mut options = options.to_vec();
        options.sort();
        found.push(options);
    });
    found.sort();
    assert_eq!(found, expected, "{context}: {problem:?}");
    assert_eq!(outcome.answer.solutions, total, "{context}");
    assert!(outcome.answer.complete && outcome.stop == Stop::Exhausted);
    let nodes = outcome.stats.nodes;
    assert_eq!(engine.count(), total, "{context}: count");
    assert_eq!(engine.first().is_some(), total > 0, "{context}: first");
    let unique = engine.uniqueness().answer;
    assert_eq!(
        unique.solution().is_some(),
        total > 0,
        "{context}: uniqueness"
    );
    check_limits(engine, problem, total, nodes, context);
    check_stop_flag(engine, total, nodes, context);
    check_progress(engine, total, context);
}

/// A solution limit gives at most that many, all of them solutions; a node budget is never
/// passed, and stops a tree larger than it.
fn check_limits<E: Engine>(
    engine: &mut E,
    problem: &Problem,
    total: u64,
    nodes: u64,
    context: &str,
) {
    // A solution limit: at most that many, all of them solutions.
    for limit in [1, 2, 5] {
        let listed = engine.solutions(Some(limit));
        assert_eq!(listed.answer.len() as u64, total.min(limit), "{context}");
        assert!(listed.answer.iter().all(|s| is_solution(problem, s)));
        let counted = engine.count_solutions(Some(limit)).answer;
        assert_eq!(
            counted.solutions,
            total.min(limit),
            "{context}: limit {limit}"
        );
        // At exactly the limit an engine may stop or see the end of its tree first.
        if total != limit {
            assert_eq!(counted.complete, total < limit, "{context}: limit {limit}");
        }
    }

    // A node budget: never more nodes than it allows, and a stop at it when the tree is larger.
    for budget in [0, 1, 2, nodes / 2] {
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes: Some(budget),
        };
        let outcome = engine.search(
            limits,
            &mut |_: &[OptionId]| ControlFlow::<()>::Continue(()),
        );
        assert!(outcome.stats.nodes <= budget, "{context}: budget {budget}");
        if nodes > budget {
            assert_eq!(outcome.stop, Stop::NodeBudget, "{context}: budget {budget}");
        }
    }
}

/// A stop flag raised before the search enters no node; raised at the first solution, it ends
/// the search at its next node.
fn check_stop_flag<E: Engine>(engine: &mut E, total: u64, nodes: u64, context: &str) {
    // A stop flag raised before the search: no node entered, no solution.
    let stop = StopFlag::new(Arc::new(AtomicBool::new(true)));
    let mut seen = 0u64;
    let outcome = engine.search_until(SearchLimits::default(), &stop, &mut |_: &[OptionId]| {
        seen += 1;
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(seen, 0, "{context}: solutions under a raised flag");
    assert!(
        outcome.stop == Stop::Interrupted || (total == 0 && outcome.stop == Stop::Exhausted),
        "{context}: {:?}",
        outcome.stop
    );

    // Raised at the first solution: the search ends at its next node (the solutions of the
    // options tried at one level, which enter no node, may still come), never after the end.
    let raised = Arc::new(AtomicBool::new(false));
    let stop = StopFlag::new(Arc::clone(&raised));
    let mut seen = 0u64;
    let outcome = engine.search_until(SearchLimits::default(), &stop, &mut |_: &[OptionId]| {
        seen += 1;
        raised.store(true, Ordering::Relaxed);
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(
        seen.min(1),
        total.min(1),
        "{context}: solutions after the flag"
    );
    match outcome.stop {
        Stop::Interrupted => assert!(outcome.stats.nodes <= nodes, "{context}"),
        Stop::Exhausted => assert_eq!(seen, total, "{context}: a whole tree after the flag"),
        other => panic!("{context}: stopped by {other:?}"),
    }
}

/// Progress reports never go down, and end at 1 once the whole tree is searched.
fn check_progress<E: Engine>(engine: &mut E, total: u64, context: &str) {
    // Progress: never down, and 1 once the whole tree is searched.
    let sink = Recorder(Mutex::new(Vec::new()));
    let outcome = engine.search_reporting(
        SearchLimits::default(),
        &StopFlag::never(),
        &sink,
        &mut |_: &[OptionId]| ControlFlow::<()>::Continue(()),
    );
    assert_eq!(outcome.stats.solutions, total, "{context}: reporting");
    let seen = sink.0.into_inner().unwrap();
    assert!(
        seen.windows(2)
            .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1),
        "{context}: {seen:?}"
    );
    if let Some(&(fraction, _)) = seen.last() {
        assert!((fraction - 1.0).abs() < 1e-9, "{context}: {seen:?}");
    }
}

/// A sink that keeps every report.
struct Recorder(Mutex<Vec<(f64, u64)>>);

impl ProgressSink for Recorder {
    fn report(&self, fraction: f64, nodes: u64) {
        self.0.lock().unwrap().push((fraction, nodes));
    }
}

/// The kinds of problem the generator makes, in turn.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Plain,
    Secondary,
    Colours,
    Bounds,
    /// The Sudoku matrix's shape, which the planes take: each option a cell of a plane.
    Planes,
}

impl Shape {
    const ALL: [Shape; 5] = [
        Shape::Plain,
        Shape::Secondary,
        Shape::Colours,
        Shape::Bounds,
        Shape::Planes,
    ];
}

/// A small linear congruential generator: the suite needs no more, and builds no dependency.
pub(crate) struct Random(pub(crate) u64);

impl Random {
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }

    /// Puts `items` in a random order.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for at in (1..items.len()).rev() {
            items.swap(at, self.below(at as u64 + 1) as usize);
        }
    }

    /// A problem of up to five primary items and three secondary ones, and up to twelve
    /// options (the oracle tries every subset): duplicates, options of one item, items no
    /// option covers and solutions of one option all come up.
    fn problem(&mut self, shape: Shape) -> Problem {
        if let Shape::Planes = shape {
            return self.planes_problem();
        }
        let primaries = 1 + self.below(5) as usize;
        let secondaries = match shape {
            Shape::Plain => 0,
            _ => self.below(4) as usize,
        };
        let mut b = ProblemBuilder::new();
        for k in 0..primaries {
            let name = format!("p{k}");
            if matches!(shape, Shape::Bounds) && self.below(2) == 0 {
                let lower = self.below(2) as u32;
                let upper = lower + self.below(3) as u32;
                let bounds = Bounds::new(lower, upper.max(1)).unwrap();
                b.primary_with_bounds(&name, bounds).unwrap();
            } else {
                b.primary(&name).unwrap();
            }
        }
        for k in 0..secondaries {
            b.secondary(&format!("s{k}")).unwrap();
        }
        let total = (primaries + secondaries) as u64;
        let options = self.below(13);
        for _ in 0..options {
            let size = 1 + self.below(3);
            let mut entries: Vec<(ItemId, Option<Colour>)> = Vec::new();
            for _ in 0..size {
                let item = ItemId(self.below(total) as u32);
                let secondary = item.index() >= primaries;
                let colour = (secondary && matches!(shape, Shape::Colours))
                    .then(|| self.below(3) as u32)
                    .filter(|&c| c > 0)
                    .map(Colour);
                if entries.iter().all(|&(seen, _)| seen != item) {
                    entries.push((item, colour));
                }
            }
            b.coloured_option(&entries).unwrap();
        }
        b.build()
    }
}

impl Random {
    /// A problem of the Sudoku matrix's shape: up to five cells (primary items, first), up to
    /// three planes, up to twelve options (a cell of a plane each), and up to three items a
    /// plane over random cells, primary or secondary, some of which no option covers.
    fn planes_problem(&mut self) -> Problem {
        let cells = 1 + self.below(5) as usize;
        let planes = 1 + self.below(3) as usize;
        let mut b = ProblemBuilder::new();
        let cell_items: Vec<ItemId> = (0..cells)
            .map(|cell| b.primary(&format!("c{cell}")).unwrap())
            .collect();
        // Each plane's items, as their cells.
        let mut items: Vec<Vec<(ItemId, u32)>> = vec![Vec::new(); planes];
        for (plane, plane_items) in items.iter_mut().enumerate() {
            for k in 0..self.below(4) {
                let name = format!("h{plane}.{k}");
                let item = match self.below(3) {
                    0 => b.secondary(&name).unwrap(),
                    _ => b.primary(&name).unwrap(),
                };
                plane_items.push((item, self.below(1 << cells) as u32));
            }
        }
        let mut places: Vec<(usize, usize)> = (0..planes)
            .flat_map(|plane| (0..cells).map(move |cell| (plane, cell)))
            .collect();
        // Keep at most twelve, in a random order.
        for at in (1..places.len()).rev() {
            places.swap(at, self.below(at as u64 + 1) as usize);
        }
        places.truncate(12);
        for (plane, cell) in places {
            let mut entries = vec![(cell_items[cell], None)];
            let covering = items[plane]
                .iter()
                .filter(|&&(_, cells)| cells >> cell & 1 == 1);
            entries.extend(covering.map(|&(item, _)| (item, None)));
            b.coloured_option(&entries).unwrap();
        }
        b.build()
    }
}

/// The Latin squares of side `n` as exact cover: a symbol in each cell, each symbol once in
/// each row and column. Options `(row * n + column) * n + symbol`; a problem of the Sudoku
/// matrix's shape without boxes, which every engine takes.
pub(crate) fn latin_square(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let mut item = |name: String| b.primary(&name).unwrap();
    let cells: Vec<ItemId> = (0..n * n).map(|at| item(format!("p{at}"))).collect();
    let rows: Vec<ItemId> = (0..n * n).map(|at| item(format!("r{at}"))).collect();
    let columns: Vec<ItemId> = (0..n * n).map(|at| item(format!("c{at}"))).collect();
    for row in 0..n {
        for column in 0..n {
            for symbol in 0..n {
                let items = [
                    cells[row * n + column],
                    rows[row * n + symbol],
                    columns[column * n + symbol],
                ];
                b.option(&items).unwrap();
            }
        }
    }
    b.build()
}

/// Sudoku of `rows` x `columns` boxes as exact cover, as the puzzles crate builds it: options
/// `(row * side + column) * side + digit`, each covering its cell, row-digit, column-digit and
/// box-digit items; with the two diagonals as primary items (Sudoku X) when asked, and
/// king's-move pairs of one digit as secondary items (anti-king) when asked.
pub(crate) fn sudoku(rows: usize, columns: usize, diagonals: bool, anti_king: bool) -> Problem {
    let side = rows * columns;
    let mut b = ProblemBuilder::new();
    let mut items = |prefix: &str, count: usize| -> Vec<ItemId> {
        let name = |k| format!("{prefix}{k}");
        (0..count).map(|k| b.primary(&name(k)).unwrap()).collect()
    };
    let cells = items("p", side * side);
    let row_digits = items("r", side * side);
    let column_digits = items("c", side * side);
    let box_digits = items("b", side * side);
    let diagonal_digits = items("x", if diagonals { 2 * side } else { 0 });
    let mut pairs: Vec<((usize, usize), ItemId)> = Vec::new();
    if anti_king {
        for cell in 0..side * side {
            let (row, column) = (cell / side, cell % side);
            for (dr, dc) in [(1, -1), (1, 1)] {
                let (r, c) = (row + dr as usize, column as isize + dc);
                if r < side && (0..side as isize).contains(&c) {
                    let other = r * side + c as usize;
                    for digit in 0..side {
                        let name = format!("k{cell}.{other}.{digit}");
                        let item = b.secondary(&name).unwrap();
                        pairs.push(((cell * side + digit, other * side + digit), item));
                    }
                }
            }
        }
    }
    for row in 0..side {
        for column in 0..side {
            let boxed = (row / rows) * rows + column / columns;
            for digit in 0..side {
                let option = (row * side + column) * side + digit;
                let mut entries = vec![
                    cells[row * side + column],
                    row_digits[row * side + digit],
                    column_digits[column * side + digit],
                    box_digits[boxed * side + digit],
                ];
                if diagonals && row == column {
                    entries.push(diagonal_digits[digit]);
                }
                if diagonals && row + column == side - 1 {
                    entries.push(diagonal_digits[side + digit]);
                }
                let paired = pairs
                    .iter()
                    .filter(|((a, z), _)| *a == option || *z == option);
                entries.extend(paired.map(|&(_, item)| item));
                b.option(&entries).unwrap();
            }
        }
    }
    b.build()
}

/// Whether a set of options is a solution by the definition ([`Problem::is_solution`]).
pub(crate) fn is_solution(problem: &Problem, options: &[OptionId]) -> bool {
    problem.is_solution(options)
}

/// Every subset of options that is a solution: the oracle.
pub(crate) fn brute_force(problem: &Problem) -> Vec<Vec<OptionId>> {
    let n = problem.option_count() as u32;
    (0u32..1 << n)
        .map(|mask| {
            (0..n)
                .filter(|k| mask >> k & 1 == 1)
                .map(OptionId)
                .collect()
        })
        .filter(|options: &Vec<OptionId>| is_solution(problem, options))
        .collect()
}

mod engines {
    //! One test an engine: the suite, run on it.

    use super::{check, check_split};
    use crate::bits::Bits;
    use crate::board::Board;
    use crate::engine::EngineKind;
    use crate::planes::Planes;
    use crate::{Cells, Dlx};

    #[test]
    fn links_keep_the_contract() {
        check(Dlx::<u32>::try_new);
        check_split(Dlx::<u32>::try_new);
    }

    #[test]
    fn cells_keep_the_contract() {
        check(Cells::try_new);
        check_split(Cells::try_new);
    }

    #[test]
    fn bits_keep_the_contract() {
        check(Bits::try_new);
        check_split(Bits::try_new);
    }

    #[test]
    fn board_keeps_the_contract() {
        check(Board::try_new);
        check_split(Board::try_new);
        // The same with the domination pass, which the default leaves off.
        let dominating = |problem: &crate::Problem| {
            let mut board = Board::try_new(problem)?;
            board.set_dominant_limit(3);
            Ok(board)
        };
        check(dominating);
        check_split(dominating);
    }

    #[test]
    fn planes_keep_the_contract() {
        check(Planes::try_new);
        check_split(Planes::try_new);
    }

    #[test]
    fn the_chosen_engine_keeps_the_contract() {
        check(|problem| EngineKind::Auto.load(problem));
    }
}
