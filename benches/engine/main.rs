//! The engine alone on classic problems: n queens, Langford pairs, pentominoes; and problems
//! with colours and bounds: word rectangles (DLX2's figures) and a random MCC problem (DLX3's);
//! and the growth of the item choice from 10^3 to 10^6 items (`choice_growth`).
//! Throughput is in updates (Knuth's count of link changes), so the figures compare with
//! Knuth's programs.
//!
//! Beside each problem without bounds, dancing cells (Knuth's SSXCC, `engine/NAME/cells`) on
//! the same problem, with links' count of updates as its throughput, so that the two rates
//! compare as times do (cells count updates SSXCC's way); and the bitsets (`engine/NAME/bits`),
//! where they can hold the problem, likewise. Knuth's own programs are timed by
//! `benches/knuth.sh`, outside criterion.
//!
//! Beside each classic problem but the 5x12 pentominoes (`engine/queens8`), the exact-cover
//! crates on the same items and options (`engine/queens8/dlx-crate`, `.../exact-covers`,
//! `.../dancing-links`: see `peers.rs`), with our count of updates as their throughput too, so
//! that the rates compare as times do. Each peer's solutions are counted against the known
//! number and validated once, when the filter first selects it.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlx_bench::peers::engine::{Peer, Plain, Prepared};
use dlx_engine::Engine;
use dlx_engine::{Cells, Dlx, EngineKind, OptionId, Problem, SearchLimits};
use std::cell::OnceCell;
use std::ops::ControlFlow;

/// Counts every solution, checking the count against the known one.
fn count_all(dlx: &mut Dlx, solutions: u64) -> u64 {
    let report = dlx.count_solutions(None);
    assert_eq!(report.stats.solutions, solutions);
    report.stats.updates
}

/// `problem` by our engine, and by the peers `with_peers` (not on the 5x12 pentominoes: 8 s a
/// run here, each peer as long, and the 3x20 board shows the same family).
fn bench_problem(
    c: &mut Criterion,
    name: &str,
    problem: Problem,
    solutions: u64,
    samples: usize,
    with_peers: bool,
) {
    let mut dlx = Dlx::new(&problem);
    let updates = count_all(&mut dlx, solutions);
    let mut group = c.benchmark_group("engine");
    group.sample_size(samples);
    group.throughput(Throughput::Elements(updates));
    group.bench_function(name, |b| b.iter(|| count_all(&mut dlx, solutions)));
    if !problem.has_bounds() {
        let mut cells = Cells::new(&problem);
        group.bench_function(format!("{name}/cells"), |b| {
            b.iter(|| assert_eq!(cells.count(), solutions))
        });
    }
    if let Ok(mut bits) = EngineKind::Bits.load(&problem) {
        group.bench_function(format!("{name}/bits"), |b| {
            b.iter(|| {
                let mut none = |_: &[OptionId]| ControlFlow::<()>::Continue(());
                let outcome = bits.search(SearchLimits::default(), &mut none);
                assert_eq!(outcome.stats.solutions, solutions)
            })
        });
    }
    let plain = Plain::new(&problem);
    for peer in Peer::ALL.into_iter().filter(|_| with_peers) {
        let checked = OnceCell::new();
        let id = format!("{name}/{}", peer.name());
        group.bench_function(&id, |b| {
            checked.get_or_init(|| {
                let found = Prepared::new(peer, &plain).count(true);
                assert_eq!(found, solutions, "{id}: solutions");
            });
            let mut prepared = Prepared::new(peer, &plain);
            b.iter(|| assert_eq!(prepared.count(false), solutions))
        });
    }
    group.finish();
}

fn engine(c: &mut Criterion) {
    bench_problem(c, "queens8", Problem::queens(8), 92, 50, true);
    bench_problem(c, "queens12", Problem::queens(12), 14_200, 10, true);
    bench_problem(c, "langford11", Problem::langford(11), 2 * 17_792, 10, true);
    bench_problem(
        c,
        "pentominoes3x20",
        Problem::pentominoes(3, 20),
        8,
        10,
        true,
    );
    bench_problem(
        c,
        "pentominoes5x12",
        Problem::pentominoes(5, 12),
        4_040,
        10,
        false,
    );
    // XCC: 1,006 rectangles, 211,366 updates, as DLX2 counts them.
    let words = |seed, count, len| Problem::random_words(seed, count, len);
    bench_problem(
        c,
        "word_rectangles3x4",
        Problem::word_rectangles(3, 4, &words(1, 40, 4), &words(2, 40, 3)),
        1_006,
        20,
        // The peers' APIs take no colours (exact-covers' colour solver is todo!() in 0.3).
        false,
    );
    // MCC: 483,806 solutions, 1,544,219 updates, as DLX3 counts them.
    bench_problem(
        c,
        "mcc_random_20x8x80",
        Problem::random_mcc(5, 20, 8, 80),
        483_806,
        20,
        // No peer takes bounds on items.
        false,
    );
}

/// How the choice of item grows with the number of items: `n` one-item
/// options (`Problem::singletons`), a search `n` levels deep that does nothing but choose.
/// Throughput in items, so a flat rate means linear growth. Below 1,024 items DLX1's rule
/// scans the lengths (`n²` in all); from there it descends its tree of bounds.
fn choice_growth(c: &mut Criterion) {
    let mut group = c.benchmark_group("choice_growth");
    group.sample_size(10);
    for n in [1_000, 10_000, 100_000, 1_000_000] {
        let mut dlx = Dlx::new(&Problem::singletons(n));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("singletons{n}"), |b| {
            b.iter(|| {
                let report = dlx.count_solutions(None);
                assert_eq!(
                    (report.stats.solutions, report.stats.nodes),
                    (1, n as u64 + 1)
                );
            })
        });
    }
    group.finish();
}

criterion_group!(benches, engine, choice_growth);
criterion_main!(benches);
