//! Every engine against a brute-force count, on random problems: dancing links, dancing
//! cells, bitsets and the memoized count, on one thread and two, with a limit, and split into
//! shards, through the library and through `dlx xc`. A problem is plain exact cover, with
//! secondary items, with colours or with bounds, and the generator leans on the corners where
//! a split goes wrong: solutions at depth 0 and 1 (found above any cut), duplicate options,
//! options of one item, options with no primary item (dropped), items no option covers.
//!
//! The problems change from run to run (the seed is printed with any failure, and
//! `DLX_DIFFERENTIAL_SEED` replays one).

use crate::common::{dlx, stderr, stdout};
use dlx_engine::Engine;
use dlx_engine::{
    Cells, ChoiceRule, Colour, Dlx, DlxError, EngineKind, ItemKind, Memo, OptionId, Problem,
    SearchLimits, SearchReport, SearchRequest, Shard, Stop, StopFlag, Visitor,
};
use std::ops::ControlFlow;

/// A small deterministic generator (SplitMix64), so that a seed replays a run exactly.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The seed of this run: `DLX_DIFFERENTIAL_SEED` when set, else the clock's.
fn seed() -> u64 {
    match std::env::var("DLX_DIFFERENTIAL_SEED") {
        Ok(text) => text.parse().expect("DLX_DIFFERENTIAL_SEED is a number"),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    }
}

/// The kinds of problem drawn.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Plain,
    Secondary,
    Colours,
    Bounds,
    /// The Sudoku matrix's shape: each option a cell of a plane (what the planes take).
    Planes,
}

/// A random problem in Knuth's format, of `kind`.
fn random_problem(random: &mut Random, kind: Kind) -> String {
    if let Kind::Planes = kind {
        return random_planes_problem(random);
    }
    let primaries = 1 + random.below(5);
    let secondaries = match kind {
        Kind::Plain => 0,
        _ => random.below(4),
    };
    let mut text = String::new();
    for p in 0..primaries {
        if matches!(kind, Kind::Bounds) && random.chance(50) {
            let lower = random.below(3);
            let upper = (lower + random.below(3)).max(1);
            text.push_str(&format!("{lower}:{upper}|"));
        }
        text.push_str(&format!("p{p} "));
    }
    if secondaries > 0 {
        text.push('|');
        for s in 0..secondaries {
            text.push_str(&format!(" s{s}"));
        }
    }
    text.push('\n');
    let items = primaries + secondaries;
    let options = random.below(13);
    let mut written: Vec<String> = Vec::new();
    for _ in 0..options {
        if !written.is_empty() && random.chance(15) {
            // A duplicate option: two solutions where one would do.
            let again = written[random.below(written.len())].clone();
            written.push(again);
            continue;
        }
        // Often one option covering every primary item: a solution at depth 1.
        let chosen: Vec<usize> = if random.chance(10) {
            (0..primaries).collect()
        } else {
            let size = 1 + random.below(3.min(items));
            let mut chosen: Vec<usize> = Vec::new();
            while chosen.len() < size {
                let item = random.below(items);
                if !chosen.contains(&item) {
                    chosen.push(item);
                }
            }
            chosen
        };
        let mut line = Vec::new();
        for item in chosen {
            if item < primaries {
                line.push(format!("p{item}"));
            } else if matches!(kind, Kind::Colours | Kind::Bounds) && random.chance(60) {
                let colour = ['A', 'B'][random.below(2)];
                line.push(format!("s{}:{colour}", item - primaries));
            } else {
                line.push(format!("s{}", item - primaries));
            }
        }
        written.push(line.join(" "));
    }
    for line in written {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The solutions of `problem`, counted by trying every set of its options.
fn brute_force_count(problem: &Problem) -> u64 {
    let options: Vec<OptionId> = problem.options().collect();
    assert!(options.len() <= 16, "too many options for brute force");
    let items = problem.item_count();
    let mut count = 0;
    for set in 0u32..1 << options.len() {
        let mut covered = vec![0u32; items];
        let mut colour: Vec<Option<Option<Colour>>> = vec![None; items];
        let mut fits = true;
        for (bit, &option) in options.iter().enumerate() {
            if set >> bit & 1 == 0 {
                continue;
            }
            for (at, &item) in problem.option_items(option).iter().enumerate() {
                let given = problem.entry_colour(option, at);
                covered[item.index()] += 1;
                if problem.item_kind(item) == ItemKind::Secondary {
                    // Shared only by options that all give it the same colour.
                    match colour[item.index()] {
                        None => colour[item.index()] = Some(given),
                        Some(before) => fits &= before.is_some() && before == given,
                    }
                }
            }
        }
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                let bounds = problem.item_bounds(item);
                let times = covered[item.index()];
                fits &= bounds.lower() <= times && times <= bounds.upper();
            }
        }
        count += u64::from(fits);
    }
    count
}

/// A random problem of the Sudoku matrix's shape in Knuth's format: up to five cells (primary
/// items), up to three planes, up to three items a plane over random cells (primary, or
/// secondary), and up to twelve options, each a cell of a plane covering its cell and the
/// plane's items over it.
fn random_planes_problem(random: &mut Random) -> String {
    let cells = 1 + random.below(5);
    let planes = 1 + random.below(3);
    // Each plane's items: (name, cells as bits, primary).
    let mut items: Vec<Vec<(String, usize, bool)>> = Vec::new();
    for plane in 0..planes {
        let count = random.below(4);
        let drawn = (0..count).map(|k| {
            let primary = !random.chance(33);
            (format!("h{plane}_{k}"), random.below(1 << cells), primary)
        });
        items.push(drawn.collect());
    }
    let all = items.iter().flatten();
    let mut text: Vec<String> = (0..cells).map(|cell| format!("c{cell}")).collect();
    text.extend(all.clone().filter(|item| item.2).map(|item| item.0.clone()));
    text.push("|".to_string());
    text.extend(all.filter(|item| !item.2).map(|item| item.0.clone()));
    let mut out = text.join(" ") + "\n";
    let mut places: Vec<(usize, usize)> = (0..planes)
        .flat_map(|plane| (0..cells).map(move |cell| (plane, cell)))
        .collect();
    for at in (1..places.len()).rev() {
        places.swap(at, random.below(at + 1));
    }
    for &(plane, cell) in places.iter().take(12) {
        let mut line = vec![format!("c{cell}")];
        let over = items[plane].iter().filter(|item| item.1 >> cell & 1 == 1);
        line.extend(over.map(|item| item.0.clone()));
        out.push_str(&(line.join(" ") + "\n"));
    }
    out
}

/// A visitor that counts the solutions it is handed and checks each is a set of distinct
/// options.
#[derive(Default)]
struct Tally(u64);

impl Visitor for Tally {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        let mut sorted = options.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), options.len(), "an option chosen twice");
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

fn never() -> bool {
    false
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
}

fn settings(shard: Shard, max_solutions: Option<u64>, count_only: bool) -> SearchRequest {
    SearchRequest {
        rule: ChoiceRule::Mrv,
        max_solutions,
        shard,
        min_subtrees: SearchRequest::subtrees_for(shard.count),
        count_only,
        ..SearchRequest::default()
    }
}

/// The counts a split search gives on every pool, whole (counting only, and handing each
/// solution on) and in `shards` parts: `split` searches a fresh copy of the problem on the
/// current pool. Each count is named after `engine` and the way it was searched.
fn split_counts(
    engine: &str,
    threads: &[rayon::ThreadPool],
    shards: &[u64],
    split: impl Fn(SearchRequest, &mut Tally) -> u64 + Sync,
) -> Vec<(String, u64)> {
    let mut counts = Vec::new();
    for pool in threads {
        let n = pool.current_num_threads();
        for count_only in [true, false] {
            let mut tally = Tally::default();
            let found =
                pool.install(|| split(settings(Shard::WHOLE, None, count_only), &mut tally));
            counts.push((
                format!("{engine} split, {n} threads, count_only {count_only}"),
                found,
            ));
            if !count_only {
                counts.push((format!("{engine} split, {n} threads, handed on"), tally.0));
            }
        }
        for &count in shards {
            let sum = (0..count)
                .map(|index| {
                    let shard = Shard { index, count };
                    pool.install(|| split(settings(shard, None, true), &mut Tally::default()))
                })
                .sum();
            counts.push((format!("{engine}, {count} shards, {n} threads"), sum));
        }
    }
    counts
}

/// The counts every way of searching `problem` with dancing links gives, each named.
fn links_counts(problem: &Problem, threads: &[rayon::ThreadPool]) -> Vec<(String, u64)> {
    let one = Dlx::new(problem).count_solutions(None);
    let mut counts = vec![("links".to_string(), one.stats.solutions)];
    counts.extend(split_counts(
        "links",
        threads,
        &[2, 3, 7],
        |settings, tally| {
            let report = Dlx::new(problem).search_split(settings, &never, tally);
            report.outcome.stats.solutions
        },
    ));
    counts
}

/// The counts every way of searching `problem` with dancing cells gives (none when cells
/// refuse it), each named.
fn cells_counts(problem: &Problem, threads: &[rayon::ThreadPool]) -> Vec<(String, u64)> {
    let Ok(mut cells) = Cells::try_new(problem) else {
        return Vec::new();
    };
    let mut counts = vec![("cells".to_string(), cells.count())];
    counts.extend(split_counts(
        "cells",
        threads,
        &[2, 5],
        |settings, tally| {
            let report = Cells::new(problem).search_split(settings, &never, tally);
            report.outcome.stats.solutions
        },
    ));
    counts
}

/// The counts of the bitsets and of the memoized count (each when it takes the problem).
fn bits_and_memo_counts(problem: &Problem, threads: &[rayon::ThreadPool]) -> Vec<(String, u64)> {
    let mut counts = Vec::new();
    if let Ok(mut bits) = EngineKind::Bits.load(problem) {
        let mut tally = Tally::default();
        let outcome = bits.search(SearchLimits::default(), &mut tally);
        counts.push(("bits".to_string(), outcome.stats.solutions));
        counts.push(("bits, handed on".to_string(), tally.0));
        for pool in threads {
            let n = pool.current_num_threads();
            let settings = SearchRequest {
                min_subtrees: n * 32,
                count_only: true,
                ..SearchRequest::default()
            };
            let report = pool.install(|| {
                // A count hands the visitor only the solutions above the cut.
                let mut tally = Tally::default();
                EngineKind::Bits
                    .search_split_reporting(problem, settings, &never, None, &mut tally)
                    .unwrap()
            });
            counts.push((
                format!("bits split, {n} threads"),
                report.outcome.stats.solutions,
            ));
        }
    }
    if let Ok(mut planes) = EngineKind::Planes.load(problem) {
        counts.push(("planes".to_string(), planes.count()));
        for pool in threads {
            let n = pool.current_num_threads();
            for shards in [1, 3] {
                let sum = (0..shards)
                    .map(|index| {
                        let shard = Shard {
                            index,
                            count: shards,
                        };
                        let settings = settings(shard, None, true);
                        let report = pool.install(|| {
                            EngineKind::Planes
                                .search_split_reporting(
                                    problem,
                                    settings,
                                    &never,
                                    None,
                                    &mut Tally::default(),
                                )
                                .unwrap()
                        });
                        report.outcome.stats.solutions
                    })
                    .sum();
                counts.push((format!("planes, {shards} shards, {n} threads"), sum));
            }
        }
    }
    if let Ok(outcome) = Memo::new(problem).count() {
        let solutions = u64::try_from(outcome.answer.solutions).expect("a small count");
        counts.push(("memo".to_string(), solutions));
    }
    counts
}

/// With a limit, the search stops at the limit or the whole count, whichever comes first.
fn limited_counts(problem: &Problem, pool: &rayon::ThreadPool, limit: u64) -> Vec<(String, u64)> {
    let mut counts = vec![(
        format!("links, limit {limit}"),
        Dlx::new(problem)
            .count_solutions(Some(limit))
            .stats
            .solutions,
    )];
    for count_only in [true, false] {
        let report = pool.install(|| {
            Dlx::new(problem).search_split(
                settings(Shard::WHOLE, Some(limit), count_only),
                &never,
                &mut Tally::default(),
            )
        });
        counts.push((
            format!("links split, limit {limit}, count_only {count_only}"),
            report.outcome.stats.solutions,
        ));
    }
    if let Ok(mut cells) = Cells::try_new(problem) {
        counts.push((
            format!("cells, limit {limit}"),
            cells.count_solutions(Some(limit)).stats.solutions,
        ));
        for count_only in [true, false] {
            let report = pool.install(|| {
                Cells::new(problem).search_split(
                    settings(Shard::WHOLE, Some(limit), count_only),
                    &never,
                    &mut Tally::default(),
                )
            });
            counts.push((
                format!("cells split, limit {limit}, count_only {count_only}"),
                report.outcome.stats.solutions,
            ));
        }
    }
    counts
}

/// The kinds in turn, so that every run draws each of them.
const KINDS: [Kind; 5] = [
    Kind::Plain,
    Kind::Secondary,
    Kind::Colours,
    Kind::Bounds,
    Kind::Planes,
];

#[test]
fn every_engine_thread_count_limit_and_shard_split_agrees_with_brute_force() {
    let seed = seed();
    let mut random = Random(seed);
    let threads = [pool(1), pool(2)];
    for n in 0..400 {
        let kind = KINDS[n % KINDS.len()];
        let text = random_problem(&mut random, kind);
        let problem = Problem::parse(&text)
            .unwrap_or_else(|e| panic!("seed {seed}: the generator wrote a bad problem: {e}"));
        let truth = brute_force_count(&problem);
        let mut counts = links_counts(&problem, &threads);
        counts.extend(cells_counts(&problem, &threads));
        counts.extend(bits_and_memo_counts(&problem, &threads));
        for (way, count) in &counts {
            assert_eq!(
                *count, truth,
                "seed {seed}, problem {n} ({kind:?}), {way}:\n{text}"
            );
        }
        for limit in [1, 2, 5] {
            for (way, count) in limited_counts(&problem, &threads[1], limit) {
                assert_eq!(
                    count,
                    truth.min(limit),
                    "seed {seed}, problem {n} ({kind:?}), {way}:\n{text}"
                );
            }
        }
    }
}

#[test]
fn a_problem_without_primary_items_has_the_empty_solution_on_every_engine() {
    let mut builder = dlx_engine::ProblemBuilder::new();
    builder.secondary("s").unwrap();
    let problem = builder.build();
    assert_eq!(brute_force_count(&problem), 1);
    let threads = [pool(1), pool(2)];
    let mut counts = links_counts(&problem, &threads);
    counts.extend(cells_counts(&problem, &threads));
    counts.extend(bits_and_memo_counts(&problem, &threads));
    assert!(counts.len() > 10);
    for (way, count) in counts {
        assert_eq!(count, 1, "{way}");
    }
    // The smallest problems: one item, one option (depth 1), and one item no option covers.
    for (text, truth) in [("a\na\n", 1), ("a\na\na\n", 2), ("a b\na\n", 0)] {
        let problem = Problem::parse(text).unwrap();
        assert_eq!(brute_force_count(&problem), truth, "{text}");
        let mut counts = links_counts(&problem, &threads);
        counts.extend(cells_counts(&problem, &threads));
        counts.extend(bits_and_memo_counts(&problem, &threads));
        for (way, count) in counts {
            assert_eq!(count, truth, "{way}: {text:?}");
        }
    }
}

/// The Latin squares of side `n` in Knuth's format: a symbol in each cell, once in each row
/// and column (the Sudoku matrix without boxes).
fn latin_square(n: usize) -> Problem {
    let names = |prefix: &'static str| (0..n * n).map(move |k| format!("{prefix}{k}"));
    let text: Vec<String> = names("p").chain(names("r")).chain(names("c")).collect();
    let mut out = text.join(" ") + "\n";
    for row in 0..n {
        for column in 0..n {
            for symbol in 0..n {
                let (cell, rs, cs) = (row * n + column, row * n + symbol, column * n + symbol);
                out.push_str(&format!("p{cell} r{rs} c{cs}\n"));
            }
        }
    }
    Problem::parse(&out).unwrap()
}

/// Sudoku's 9x9 matrix in Knuth's format: the Latin square of side 9 with its boxes, the one
/// problem the bands take.
fn sudoku_9x9() -> Problem {
    let names = |prefix: &'static str| (0..81).map(move |k| format!("{prefix}{k}"));
    let text: Vec<String> = names("p")
        .chain(names("r"))
        .chain(names("c"))
        .chain(names("b"))
        .collect();
    let mut out = text.join(" ") + "\n";
    for row in 0..9 {
        for column in 0..9 {
            for digit in 0..9 {
                let (cell, rd, cd) = (row * 9 + column, row * 9 + digit, column * 9 + digit);
                let bd = (row / 3 * 3 + column / 3) * 9 + digit;
                out.push_str(&format!("p{cell} r{rd} c{cd} b{bd}\n"));
            }
        }
    }
    Problem::parse(&out).unwrap()
}

/// `dlx xc --count` as a user runs it: the count printed, on stdout.
fn cli_count(args: &[&str], text: &str) -> u64 {
    let mut all = vec!["xc", "--count", "-"];
    all.extend_from_slice(args);
    let out = dlx(&all, text.as_bytes());
    let printed = stdout(&out);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {}\n{text}",
        stderr(&out)
    );
    printed
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{args:?} printed {printed:?}: {}", stderr(&out)))
}

#[test]
fn the_cli_counts_agree_with_brute_force_on_every_engine_thread_count_and_shard() {
    let seed = seed();
    let mut random = Random(seed ^ 0x5eed);
    for n in 0..32 {
        let kind = KINDS[n % KINDS.len()];
        let text = random_problem(&mut random, kind);
        let problem = Problem::parse(&text).unwrap();
        let truth = brute_force_count(&problem);
        let bounded = problem.has_bounds();
        let engines: &[&str] = if bounded {
            &["auto", "links"]
        } else {
            &["auto", "links", "cells", "bits", "board"]
        };
        for engine in engines {
            for threads in ["1", "2"] {
                let count = cli_count(&["--engine", engine, "--threads", threads], &text);
                assert_eq!(
                    count, truth,
                    "seed {seed}, problem {n}, --engine {engine} --threads {threads}:\n{text}"
                );
            }
        }
        for engine in ["links", "cells"] {
            if bounded && engine == "cells" {
                continue;
            }
            for shards in [2, 3] {
                let sum: u64 = (1..=shards)
                    .map(|k| {
                        let shard = format!("{k}/{shards}");
                        cli_count(&["--engine", engine, "--shard", &shard], &text)
                    })
                    .sum();
                assert_eq!(
                    sum, truth,
                    "seed {seed}, problem {n}, --engine {engine}, {shards} shards:\n{text}"
                );
            }
        }
        if !bounded {
            assert_eq!(cli_count(&["--memo"], &text), truth, "--memo:\n{text}");
        }
    }
}

#[test]
fn the_attacks_shallow_solution_counts_are_exact() {
    // One item, one option: one solution, found at depth 1, above any cut.
    for engine in ["links", "cells", "auto"] {
        for threads in ["1", "2"] {
            assert_eq!(
                cli_count(&["--engine", engine, "--threads", threads], "a\na\n"),
                1,
                "--engine {engine} --threads {threads}"
            );
        }
    }
    // A hundred primary items, a hundred and one secondary ones: one option of every primary
    // item, and one option `pi si` for each i. Two solutions: the big option, or (with a
    // hundred items) the hundred small ones.
    let mut text = String::new();
    for i in 0..100 {
        text.push_str(&format!("p{i} "));
    }
    text.push('|');
    for i in 0..=100 {
        text.push_str(&format!(" s{i}"));
    }
    text.push('\n');
    text.push_str(
        &(0..100)
            .map(|i| format!("p{i}"))
            .collect::<Vec<_>>()
            .join(" "),
    );
    text.push('\n');
    for i in 0..100 {
        text.push_str(&format!("p{i} s{i}\n"));
    }
    for args in [
        &["--threads", "2"][..],
        &["--engine", "links", "--threads", "2"],
        &["--engine", "links", "--threads", "1"],
    ] {
        assert_eq!(cli_count(args, &text), 2, "{args:?}");
    }
    let sum: u64 = (1..=4)
        .map(|k| cli_count(&["--engine", "links", "--shard", &format!("{k}/4")], &text))
        .sum();
    assert_eq!(sum, 2);
}

/// `request.run` with one visitor type for every test here, so that the driver is compiled
/// once for them.
fn run(
    request: &SearchRequest,
    problem: &Problem,
    stop: &StopFlag,
    mut visitor: &mut (dyn FnMut(&[OptionId]) -> ControlFlow<()> + Send),
) -> Result<SearchReport<()>, DlxError> {
    request.run(problem, stop, None, &mut visitor)
}

/// The count `request` gives on `problem` through the one driver (`None` when the engine
/// refuses the problem), each solution checked to be distinct options.
fn request_count(request: &SearchRequest, problem: &Problem) -> Option<u64> {
    let mut tally = Tally::default();
    let mut visit = |options: &[OptionId]| tally.solution(options);
    let report = run(request, problem, &StopFlag::never(), &mut visit).ok()?;
    assert_eq!(Some(report.engine), request.check(problem).ok());
    if !request.count_only {
        assert_eq!(tally.0, report.outcome.stats.solutions);
    }
    Some(report.outcome.stats.solutions)
}

#[test]
fn the_one_driver_agrees_with_brute_force_on_every_engine_thread_count_and_shard() {
    let seed = seed();
    let mut random = Random(seed);
    for n in 0..120 {
        let kind = KINDS[n % KINDS.len()];
        let text = random_problem(&mut random, kind);
        let problem = Problem::parse(&text).unwrap();
        let truth = brute_force_count(&problem);
        let context = format!("seed {seed} (DLX_DIFFERENTIAL_SEED), problem {n}:\n{text}");
        for engine in EngineKind::ALL {
            for threads in [1, 2] {
                for count_only in [false, true] {
                    let whole = SearchRequest {
                        engine,
                        threads,
                        count_only,
                        ..SearchRequest::default()
                    };
                    let Some(count) = request_count(&whole, &problem) else {
                        continue;
                    };
                    assert_eq!(count, truth, "{engine}, {threads} threads: {context}");
                    let first = SearchRequest {
                        max_solutions: Some(1),
                        ..whole
                    };
                    let limited = request_count(&first, &problem).unwrap();
                    assert_eq!(limited, truth.min(1), "{engine}, limit 1: {context}");
                    let parts: u64 = (0..3)
                        .map(|index| {
                            let shard = Shard { index, count: 3 };
                            let part = SearchRequest { shard, ..whole };
                            request_count(&part, &problem).unwrap()
                        })
                        .sum();
                    assert_eq!(parts, truth, "{engine}, 3 shards: {context}");
                }
            }
        }
        // The lazy iterator gives the listing's solutions in its order.
        for engine in EngineKind::ALL {
            let Ok(mut listed) = engine.load(&problem) else {
                continue;
            };
            let listed = listed.solutions(None).answer;
            let lazy: Vec<_> = engine
                .load(&problem)
                .unwrap()
                .into_solutions(SearchLimits::default())
                .collect();
            assert_eq!(lazy, listed, "{engine}, into_solutions: {context}");
        }
    }
}

#[test]
fn the_driver_refuses_each_conflict_and_stops_at_a_raised_flag() {
    let problem = Problem::queens(8);
    let shard = Shard { index: 0, count: 2 };
    let budget = SearchRequest {
        shard,
        max_nodes: Some(10),
        ..SearchRequest::default()
    };
    let refused = budget.check(&problem).unwrap_err();
    assert!(matches!(refused, DlxError::Conflicting { .. }));
    assert!(refused.to_string().contains("node budget"), "{refused}");
    let rule = SearchRequest {
        shard,
        engine: EngineKind::Links,
        rule: ChoiceRule::MrvStopAtOne,
        ..SearchRequest::default()
    };
    assert!(rule
        .check(&problem)
        .unwrap_err()
        .to_string()
        .contains("choice rule"));
    // A budget on the whole tree is a one-thread search, whatever the threads.
    let whole = SearchRequest {
        threads: 2,
        max_nodes: Some(10),
        ..SearchRequest::default()
    };
    let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
    let report = run(&whole, &problem, &StopFlag::never(), &mut none).unwrap();
    assert_eq!((report.threads, report.cut), (1, false));
    assert_eq!(report.outcome.stats.nodes, 10);
    // A raised flag stops every engine, on one thread and split.
    let raised = StopFlag::new(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
        true,
    )));
    for engine in EngineKind::ALL.into_iter().skip(1) {
        // The planes take only problems of the Sudoku matrix's shape (812,851,200 Latin squares of side 6),
        // the bands only the 9x9 matrix (6.67 * 10^21 grids).
        let problem = match engine {
            EngineKind::Planes => latin_square(6),
            EngineKind::Bands => sudoku_9x9(),
            _ => problem.clone(),
        };
        for threads in [1, 2] {
            let request = SearchRequest {
                engine,
                threads,
                count_only: true,
                ..SearchRequest::default()
            };
            // The bitsets' split walks the top of its tree (a bounded walk, which may find
            // solutions) before its subtrees poll the flag.
            let outcome = run(&request, &problem, &raised, &mut none).unwrap().outcome;
            let context = format!("{engine} on {threads} threads: {outcome:?}");
            assert_eq!(outcome.stop, Stop::Interrupted, "{context}");
            assert!(outcome.stats.solutions < 92 || threads > 1, "{context}");
        }
    }
}

#[test]
fn dropping_the_lazy_iterator_ends_a_long_search() {
    // 16 queens: 14,772,512 solutions, a search of minutes; three are read, the iterator
    // dropped, and the test ends (it would hang if the search went on or waited).
    for engine in EngineKind::ALL.into_iter().skip(1) {
        // The Latin squares of side 10 for the planes, which take only the Sudoku matrix's
        // shape: 9.98 * 10^36 of them, 100 options each.
        let (problem, size) = match engine {
            EngineKind::Planes => (latin_square(10), 100),
            EngineKind::Bands => (sudoku_9x9(), 81),
            _ => (Problem::queens(16), 16),
        };
        let loaded = engine.load(&problem).unwrap();
        let mut solutions = loaded.into_solutions(SearchLimits::default());
        for _ in 0..3 {
            assert_eq!(solutions.next().map(|s| s.len()), Some(size));
        }
        drop(solutions);
    }
}
