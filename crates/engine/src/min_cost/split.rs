//! The cheapest covers on every core and in shards: the top of the tree walked without a
//! cutoff and cut into subtrees, the subtrees searched on the rayon pool with one cutoff that
//! every thread tightens and reads, each shard taking its share of them.
//!
//! A thread's cutoff falls when another thread finds a cheap solution, so which solutions each
//! thread meets, and in what order, depends on timing. The answer does not: split, the cutoff
//! lets through a solution that *equals* the `k`-th best cost met (one thread, as DLX5, only
//! one that beats it), so every solution of a cost up to the final `k`-th best is met by some
//! thread, and the answer is the first `k` of them in the order of (cost, options in
//! increasing order), an order that is the same on every machine and for every number of
//! threads. Shards, searched apart, give each its first `k` in that order: the first `k` of all
//! of them are the whole's.

use super::cheapest::{Cheapest, FirstInOrder, LastMet, Ties};
use super::search::{run, run_below, Arena, Bound};
use super::{option_of, MinCost, NO_CUTOFF};
use crate::outcome::{SearchStats, Stop};
use crate::problem::OptionId;
use crate::search::{SearchLimits, Visitor};
use crate::stop_flag::StopFlag;
use crate::subtrees::{Shard, MAX_DEPTH};
use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// The subtrees a cut aims at for each shard: a number that depends on the shards only, so that
/// every machine cuts the tree alike. Few: the levels above the cut are chosen without a
/// cutoff, and a deeper cut loses DLX5's choice of item there (on 20 queens with random costs,
/// a cut at 256 subtrees made the search 2.4 times larger, at 16 subtrees 1.2 times, most of
/// that from letting ties through).
const SUBTREES_PER_SHARD: usize = 16;

/// The subtrees a cut of the whole tree aims at for each thread: the threads take them
/// cheapest first from one queue, and a cheap one found early prunes the rest.
const SUBTREES_PER_THREAD: usize = 4;

/// The most subtrees a cut keeps: a deeper cut that would hold more is not taken, and shards
/// past that many get nothing (the walks to that depth took 14 s of pentominoes at 2^20).
const MOST_SUBTREES: usize = 1 << 16;

/// Searches `engine`'s problem for its cheapest solutions: the whole tree on one thread as
/// DLX5 does, or split (over `threads` threads, or as a `shard`, even the one shard of one).
/// A node budget is kept exactly: a split search under one runs its subtrees on one thread,
/// each under what the others left of it, and a search of the whole tree is DLX5's.
pub(super) fn cheapest(
    engine: &mut MinCost,
    threads: usize,
    shard: Option<Shard>,
    max_nodes: Option<u64>,
    stop: &StopFlag,
) -> Cheapest {
    let shard = match shard {
        None if threads <= 1 || max_nodes.is_some() => {
            return one_thread(engine, max_nodes, stop);
        }
        None => Shard::WHOLE,
        Some(shard) => shard,
    };
    let threads = if max_nodes.is_some() { 1 } else { threads };
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(|| split(engine, shard, max_nodes, stop)),
        // No thread could be started: the parts are searched on this one, with the same answer.
        Err(_) => split(engine, shard, max_nodes, stop),
    }
}

/// The solutions met and the figures of a search or of a part of one.
#[derive(Clone, Debug)]
struct Found {
    first: FirstInOrder,
    ties: Option<Ties>,
    stats: SearchStats,
}

impl Found {
    fn new(keep: usize, counting: bool) -> Found {
        Found {
            first: FirstInOrder::new(keep),
            ties: counting.then(Ties::default),
            stats: SearchStats::default(),
        }
    }

    fn met(&mut self, cost: u64, options: &[OptionId]) {
        match &mut self.ties {
            Some(ties) => ties.met(cost),
            None => self.first.met(cost, options),
        }
    }

    fn merge(mut self, other: Found) -> Found {
        self.stats += other.stats;
        Found {
            first: self.first.merge(other.first),
            ties: match (self.ties, other.ties) {
                (Some(a), Some(b)) => Some(a.merge(b)),
                (a, b) => a.or(b),
            },
            stats: self.stats,
        }
    }
}

/// What one thread keeps on DLX5's search: the `k` last solutions met, or the count of those
/// of the least cost.
struct LastOrTies {
    last: LastMet,
    ties: Option<Ties>,
}

/// What a search keeps of the solutions it meets.
trait Keep {
    fn met(&mut self, cost: u64, options: &[OptionId]);
}

impl Keep for LastOrTies {
    fn met(&mut self, cost: u64, options: &[OptionId]) {
        match &mut self.ties {
            Some(ties) => ties.met(cost),
            None => self.last.met(cost, options),
        }
    }
}

impl Keep for Found {
    fn met(&mut self, cost: u64, options: &[OptionId]) {
        Found::met(self, cost, options);
    }
}

/// A thread's visitor: each solution met handed to `kept` with its cost, and the stop flag
/// read at every node.
struct Meeting<'a, K> {
    costs: &'a [u64],
    kept: K,
    stop: &'a StopFlag,
}

impl<K: Keep> Visitor for Meeting<'_, K> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        let cost = options.iter().map(|o| self.costs[o.index()]).sum();
        self.kept.met(cost, options);
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<()> {
        match self.stop.is_raised() {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    }
}

/// DLX5's search on this thread, keeping the `k` last solutions met (or counting those of the
/// least cost).
fn one_thread(engine: &mut MinCost, max_nodes: Option<u64>, stop: &StopFlag) -> Cheapest {
    let costs = engine.costs.clone();
    let mut meeting = Meeting {
        costs: &costs,
        kept: LastOrTies {
            last: LastMet::new(engine.best),
            ties: engine.ties.then(Ties::default),
        },
        stop,
    };
    let limits = SearchLimits {
        max_solutions: None,
        max_nodes,
    };
    let outcome = run(engine, limits, &mut meeting);
    Cheapest {
        least: meeting.kept.ties.and_then(|ties| ties.0),
        solutions: meeting.kept.last.into_sorted(),
        stats: outcome.stats,
        stop: match outcome.answer {
            Some(()) => Stop::Interrupted,
            None => outcome.stop,
        },
    }
}

/// The cutoff every thread of a split search shares: the `keep` best net costs met, and the
/// bound they make, one more than the `keep`-th (ties go on), read by every thread at every
/// node without a lock.
struct SharedBound {
    bound: AtomicU64,
    best: Mutex<BinaryHeap<u64>>,
    keep: usize,
}

impl SharedBound {
    fn met(&self, cost: u64) {
        let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
        best.push(cost);
        if best.len() > self.keep {
            best.pop();
        }
        if best.len() == self.keep {
            if let Some(&worst) = best.peek() {
                self.bound
                    .fetch_min(worst.saturating_add(1), Ordering::Relaxed);
            }
        }
    }
}

impl Bound for &SharedBound {
    #[inline(always)]
    fn bound(&self) -> u64 {
        self.bound.load(Ordering::Relaxed)
    }

    fn met(&mut self, cost: u64) {
        SharedBound::met(self, cost);
    }
}

/// Why a split search left work undone, as its threads tell each other.
const RUNNING: u8 = 0;
const OUT_OF_NODES: u8 = 1;
const INTERRUPTED: u8 = 2;

/// What every thread of a split search reads and tells: the node budget and the nodes used
/// of it, the stop flag, and whether work was left undone (the search must then end).
struct Halting<'a> {
    max_nodes: Option<u64>,
    used: AtomicU64,
    stop: &'a StopFlag,
    state: AtomicU8,
}

impl Halting<'_> {
    fn halted(&self) -> bool {
        self.state.load(Ordering::Relaxed) != RUNNING
    }

    fn halt(&self, why: u8) {
        let _ = self
            .state
            .compare_exchange(RUNNING, why, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The limits of the next subtree's search: what is left of the budget (the search runs
    /// on one thread when there is one). `None`, and the search halted, when nothing is left.
    fn limits(&self) -> Option<SearchLimits> {
        let Some(max) = self.max_nodes else {
            return Some(SearchLimits::default());
        };
        let used = self.used.load(Ordering::Relaxed);
        if used >= max {
            self.halt(OUT_OF_NODES);
            return None;
        }
        Some(SearchLimits {
            max_solutions: None,
            max_nodes: Some(max - used),
        })
    }

    /// How the search ended.
    fn stop(&self) -> Stop {
        match self.state.load(Ordering::Relaxed) {
            RUNNING => Stop::Exhausted,
            OUT_OF_NODES => Stop::NodeBudget,
            _ => Stop::Interrupted,
        }
    }
}

/// This shard's part of the tree searched with one shared cutoff: on the threads of the rayon
/// pool it is called in, or on the calling thread alone outside any pool (when no pool could be
/// started: rayon's global pool is never asked for, since failing to start it panics).
pub(super) fn split(
    engine: &mut MinCost,
    shard: Shard,
    max_nodes: Option<u64>,
    stop: &StopFlag,
) -> Cheapest {
    let workers = rayon::current_thread_index().map(|_| rayon::current_num_threads());
    let counting = engine.ties;
    let keep = if counting { 1 } else { engine.best };
    let halting = Halting {
        max_nodes,
        used: AtomicU64::new(0),
        stop,
        state: AtomicU8::new(RUNNING),
    };
    let shared = SharedBound {
        bound: AtomicU64::new(NO_CUTOFF),
        best: Mutex::new(BinaryHeap::with_capacity(keep + 1)),
        keep,
    };
    let mut target = SUBTREES_PER_SHARD.saturating_mul(shard.count.max(1) as usize);
    if shard == Shard::WHOLE {
        target = target.max(SUBTREES_PER_THREAD * workers.unwrap_or(1));
    }
    let mut found = Found::new(keep, counting);
    let Some(top) = cut(engine, target.min(MOST_SUBTREES), &halting) else {
        return Cheapest {
            stop: halting.stop(),
            ..Cheapest::default()
        };
    };
    halting.used.store(top.stats.nodes, Ordering::Relaxed);
    if shard.takes_top() {
        found.stats = top.stats;
        for (cost, options) in &top.solutions {
            shared.met(cost - engine.total_tax);
            found.met(*cost, options);
        }
    }
    let mut mine: Vec<&(u64, Vec<u32>)> = (top.subtrees.iter().enumerate())
        .filter(|&(n, _)| shard.takes_subtree(n as u64))
        .map(|(_, subtree)| subtree)
        .collect();
    // The cheapest paths first, on every thread: their subtrees hold the cheap solutions that
    // make the cutoff fall for the others.
    mine.sort_by_key(|(cost, _)| *cost);
    let next = AtomicUsize::new(0);
    let parts = Mutex::new(Found::new(keep, counting));
    let costs = &engine.costs;
    let template = &*engine;
    let work = || {
        let mut worker = template.clone();
        let mut visitor = Meeting {
            costs,
            kept: Found::new(keep, counting),
            stop,
        };
        while let Some((_, path)) = mine.get(next.fetch_add(1, Ordering::Relaxed)) {
            if halting.halted() {
                break;
            }
            let Some(limits) = halting.limits() else {
                break;
            };
            let mut bound = &shared;
            let outcome = run_below(&mut worker, path, &mut bound, limits, &mut visitor);
            halting
                .used
                .fetch_add(outcome.stats.nodes, Ordering::Relaxed);
            visitor.kept.stats += outcome.stats;
            match (outcome.answer, outcome.stop) {
                (Some(()), _) => halting.halt(INTERRUPTED),
                (None, Stop::NodeBudget) => halting.halt(OUT_OF_NODES),
                _ => {}
            }
        }
        let mut parts = parts.lock().unwrap_or_else(PoisonError::into_inner);
        *parts = std::mem::replace(&mut *parts, Found::new(keep, counting)).merge(visitor.kept);
    };
    match workers {
        Some(threads) => rayon::scope(|scope| {
            for _ in 0..threads.min(mine.len()) {
                scope.spawn(|_| work());
            }
        }),
        None => work(),
    }
    let parts = parts.into_inner().unwrap_or_else(PoisonError::into_inner);
    let found = found.merge(parts);
    Cheapest {
        least: found.ties.and_then(|ties| ties.0),
        solutions: found.first.into_sorted(),
        stats: found.stats,
        stop: halting.stop(),
    }
}

/// The top of the tree, cut: the subtrees below the cut in the order of a walk, and the
/// solutions above it with their costs.
struct Top {
    /// Each subtree's path and its net cost.
    subtrees: Vec<(u64, Vec<u32>)>,
    solutions: Vec<(u64, Vec<OptionId>)>,
    stats: SearchStats,
}

/// A piece met by a walk of the top: a solution (its net cost and options) or the subtree
/// below the path walked.
enum Piece<'a> {
    Solution(u64, Vec<OptionId>),
    Subtree(u64, &'a [u32]),
}

/// Cuts `engine`'s tree at the shallowest depth that gives at least `target` subtrees, or where
/// the tree ends or stops growing, or at [`MAX_DEPTH`] (a deeper cut of more than
/// [`MOST_SUBTREES`] is not taken). `None` when the stop flag was raised.
fn cut(engine: &mut MinCost, target: usize, halting: &Halting<'_>) -> Option<Top> {
    let total_tax = engine.total_tax;
    let mut arena = engine.arena::<true>();
    let mut stats = SearchStats::default();
    let count = |arena: &mut Arena<'_, true>, depth: usize, enough: usize| {
        let mut subtrees = 0usize;
        // The walks that look for the depth are not counted, as DLX5's own reading is not.
        let mut uncounted = Entered::unbounded();
        let flow = walk(
            arena,
            depth,
            &mut Vec::new(),
            0,
            halting,
            &mut uncounted,
            &mut |piece| {
                if let Piece::Subtree(..) = piece {
                    subtrees += 1;
                    if subtrees >= enough {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            },
        );
        match flow {
            ControlFlow::Break(()) if halting.stop.is_raised() => None,
            _ => Some(subtrees),
        }
    };
    let mut depth = 1;
    let mut subtrees = count(&mut arena, depth, target)?;
    while subtrees > 0 && subtrees < target && depth < MAX_DEPTH {
        let deeper = count(&mut arena, depth + 1, MOST_SUBTREES + 1)?;
        if deeper <= subtrees || deeper > MOST_SUBTREES {
            break;
        }
        depth += 1;
        subtrees = deeper;
    }
    let mut top = Top {
        subtrees: Vec::with_capacity(subtrees),
        solutions: Vec::new(),
        stats: SearchStats::default(),
    };
    let mut entered = Entered {
        nodes: 0,
        budget: halting.max_nodes.unwrap_or(u64::MAX),
    };
    let flow = walk(
        &mut arena,
        depth,
        &mut Vec::new(),
        0,
        halting,
        &mut entered,
        &mut |piece| {
            match piece {
                Piece::Subtree(cost, path) => top.subtrees.push((cost, path.to_vec())),
                Piece::Solution(net, options) => {
                    stats.solutions += 1;
                    top.solutions.push((net + total_tax, options));
                }
            }
            ControlFlow::Continue(())
        },
    );
    stats.nodes = entered.nodes;
    top.stats = stats;
    flow.is_continue().then_some(top)
}

/// The nodes a walk of the top entered, and the most it may.
struct Entered {
    nodes: u64,
    budget: u64,
}

impl Entered {
    fn unbounded() -> Entered {
        Entered {
            nodes: 0,
            budget: u64::MAX,
        }
    }
}

/// Walks the tree above the cut after `depth` more levels below `path` (at net cost `cost`),
/// every list covered in full, handing `visit` each piece in the order of the walk. A node is
/// counted in `entered` unless it is a subtree's root (its search enters it). Breaks when
/// `visit` does, the stop flag is raised or `entered` reaches its budget; the lists are as
/// they were when it returns.
#[allow(clippy::too_many_arguments)]
fn walk(
    arena: &mut Arena<'_, true>,
    depth: usize,
    path: &mut Vec<u32>,
    cost: u64,
    halting: &Halting<'_>,
    entered: &mut Entered,
    visit: &mut dyn FnMut(Piece<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if halting.stop.is_raised() {
        halting.halt(INTERRUPTED);
        return ControlFlow::Break(());
    }
    if depth == 0 && arena.next[0] != 0 {
        return visit(Piece::Subtree(cost, path));
    }
    if entered.nodes >= entered.budget {
        halting.halt(OUT_OF_NODES);
        return ControlFlow::Break(());
    }
    entered.nodes += 1;
    if arena.next[0] == 0 {
        let options = path.iter().map(|&c| option_of(arena.items, c)).collect();
        return visit(Piece::Solution(cost, options));
    }
    // An item of no option left: a dead end, no piece.
    let Some(item) = arena.choose(NO_CUTOFF) else {
        return ControlFlow::Continue(());
    };
    let mut uncounted = SearchStats::default();
    arena.cover(item, NO_CUTOFF, &mut uncounted);
    let mut option = arena.down(item);
    let mut flow = ControlFlow::Continue(());
    while option >= arena.first_entry {
        path.push(option);
        arena.cover_rest(option, NO_CUTOFF, &mut uncounted);
        let below = cost + arena.cost(option);
        flow = walk(arena, depth - 1, path, below, halting, entered, visit);
        arena.uncover_rest(option, NO_CUTOFF);
        path.pop();
        if flow.is_break() {
            break;
        }
        option = arena.down(option);
    }
    arena.uncover(item, NO_CUTOFF);
    flow
}
