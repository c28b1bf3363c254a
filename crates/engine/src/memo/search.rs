//! The memoized search: DLX6's loop. Before branching, each subproblem (the active items and
//! the colours of the purified ones) is looked up in the cache; a subproblem met before adds
//! its count (and its ZDD node) at once instead of being searched again.

use super::cache::{Cache, Place, Subtotal};
use super::links::Links;
use super::zdd::ZddNode;
use super::MemoResult;
use crate::error::DlxError;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::progress::{ProgressSink, TreePosition, NEGLIGIBLE_SHARE};
use crate::stop_flag::StopFlag;

/// How often (in nodes) the stop flag is read.
const STOP_POLL: u64 = 1 << 10;

/// How often (in nodes, a multiple of [`STOP_POLL`]) a progress sink is told where the search
/// stands: a few hundred reports a second, each walking the current path once.
const PROGRESS_POLL: u64 = 1 << 12;

/// Lookups before the cache's worth is first judged, and again at each doubling: a count gives
/// the cache up when a search without it would have visited fewer than [`WORTHWHILE`] times
/// the nodes visited so far. A node with the cache costs about twice one of the engine's plain
/// search (the key, the lookup, DLX6's upkeep of secondary lengths), so below that the cache
/// does not pay: Langford pairs, n queens, pentominoes. Chosen by measurement
/// (docs/benchmarks.md).
const FIRST_JUDGEMENT: u64 = 1 << 12;
const WORTHWHILE: u64 = 2;

/// What one level of the search keeps: the option node chosen, the ZDD node of the options
/// tried before it, the count on entry, and where its own result is to be filed.
#[derive(Clone, Copy)]
struct Level {
    choice: u32,
    saved_zdd: u32,
    entry_count: u128,
    entry_plain_nodes: u64,
    place: Option<Place>,
}

/// The search over a problem's [`Links`], with its cache and, when asked, the ZDD it builds.
pub(crate) struct MemoSearch<'s> {
    links: Links,
    cache: Option<Cache>,
    zdd: Option<Vec<ZddNode>>,
    max_bytes: u64,
    stop: &'s StopFlag,
    progress: Option<&'s dyn ProgressSink>,
    /// The cache's figures so far; the count and the ZDD are filled in at the end.
    figures: MemoResult,
    nodes: u64,
    /// The nodes a search without the cache would have visited so far: those visited, plus
    /// what each hit saved.
    plain_nodes: u64,
    /// Set when the cache did not pay: the search stops, for a plain one to count instead.
    given_up: bool,
    key: Vec<u64>,
}

impl<'s> MemoSearch<'s> {
    pub(crate) fn new(
        links: Links,
        max_bytes: u64,
        zdd: bool,
        stop: &'s StopFlag,
        progress: Option<&'s dyn ProgressSink>,
    ) -> Self {
        let key_words = links.key_words();
        let cache = Cache::new(key_words, max_bytes);
        MemoSearch {
            figures: MemoResult {
                caching_stopped: cache.is_none(),
                ..MemoResult::default()
            },
            links,
            cache,
            zdd: zdd.then(Vec::new),
            max_bytes,
            stop,
            progress,
            nodes: 0,
            plain_nodes: 0,
            given_up: false,
            key: vec![0; key_words],
        }
    }

    /// Looks the current subproblem up: its memo on a hit; else files nothing yet and gives
    /// the place to file its result at (none when caching is off).
    fn look_up(&mut self) -> Result<Subtotal, Option<Place>> {
        let Some(cache) = self.cache.as_mut() else {
            // No cache fits the bound: a count is the plain search's.
            self.given_up = self.zdd.is_none();
            return Err(None);
        };
        self.links.write_key(&mut self.key);
        self.figures.lookups += 1;
        let found = cache.find_or_enter(&self.key);
        if let Ok(memo) = found {
            self.figures.hits += 1;
            // The hit's own node is counted already.
            self.plain_nodes = self
                .plain_nodes
                .saturating_add(memo.plain_nodes.saturating_sub(1));
        }
        if self.zdd.is_none()
            && self.figures.lookups >= FIRST_JUDGEMENT
            && self.figures.lookups.is_power_of_two()
            && self.plain_nodes < WORTHWHILE.saturating_mul(self.nodes)
        {
            self.figures.caching_stopped = true;
            self.close_cache();
            self.given_up = true;
        }
        found.map_err(|place| self.cache.as_ref().map(|_| place))
    }

    /// The share of the tree searched before the current node, as DLX1 computes it
    /// ([`TreePosition`]) from `levels`, the choices above it: each level's item is covered,
    /// its list left as it was when the level chose from it, so its length is `d` and the
    /// chosen node's place in it is `k`.
    fn position(&self, levels: &[Level]) -> f64 {
        let mut at = TreePosition {
            share: 1.0,
            ..TreePosition::default()
        };
        for level in levels {
            let item = self.links.item_of(level.choice);
            let d = self.links.active_len(item);
            let mut k = 1;
            if at.share >= NEGLIGIBLE_SHARE {
                let mut node = self.links.first_option(item);
                while node != level.choice && node != item && k < d {
                    node = self.links.next_option(node);
                    k += 1;
                }
            }
            at.descend(k, d);
        }
        at.done
    }

    /// The figures so far, `solutions` found: what a progress report is handed.
    fn figures_so_far(&self, solutions: u128) -> MemoResult {
        let mut figures = self.figures.clone();
        figures.solutions = solutions;
        if let Some(cache) = &self.cache {
            figures.peak_entries = cache.peak_entries;
            figures.evictions = cache.evictions;
        }
        figures.plain_nodes = self.plain_nodes;
        figures
    }

    /// Keeps the cache's figures and frees it.
    fn close_cache(&mut self) {
        if let Some(cache) = self.cache.take() {
            self.figures.peak_entries = cache.peak_entries;
            self.figures.evictions = cache.evictions;
        }
    }

    /// A new ZDD node for `option` over `lo` and `hi`; with no diagram asked for, a marker
    /// that the subproblem has solutions.
    fn make_node(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, DlxError> {
        self.figures.zdd_nodes += 1;
        let Some(nodes) = self.zdd.as_mut() else {
            return Ok(2);
        };
        let id = nodes.len() as u64 + 2;
        let cache_bytes = self.cache.as_ref().map_or(0, Cache::bytes);
        // Each node, and the path count the finished diagram keeps for it.
        let per_node = (std::mem::size_of::<ZddNode>() + std::mem::size_of::<u128>()) as u64;
        let bytes = (id + 1) * per_node + cache_bytes;
        if id >= u64::from(u32::MAX) || bytes > self.max_bytes {
            return Err(DlxError::MemoryBound {
                bytes: self.max_bytes,
            });
        }
        nodes.push(ZddNode { option, lo, hi });
        Ok(id as u32)
    }

    /// Runs the search to its end, to the stop flag, or (a count) until the cache is found not
    /// to pay ([`Stop::Visitor`]): the count, the root of the ZDD, the figures. Steps named as
    /// in DLX6.
    pub(crate) fn run(mut self) -> Result<Outcome<MemoResult>, DlxError> {
        let mut levels: Vec<Level> = Vec::new();
        let mut count: u128 = 0;
        let mut znode: u32 = 0;
        let mut zsol: u32;
        let mut level: usize = 0;
        let mut stop = Stop::Exhausted;
        let overflow = DlxError::CountOverflow;
        'forward: loop {
            // forward: enter a level; a subproblem met before is answered by the cache.
            self.nodes += 1;
            self.plain_nodes = self.plain_nodes.saturating_add(1);
            if self.nodes.is_multiple_of(STOP_POLL) {
                if self.stop.is_raised() {
                    stop = Stop::Interrupted;
                    break 'forward;
                }
                if let (Some(sink), true) =
                    (self.progress, self.nodes.is_multiple_of(PROGRESS_POLL))
                {
                    sink.report_memo(
                        self.position(&levels[..level]),
                        self.nodes,
                        &self.figures_so_far(count),
                    );
                }
            }
            let looked_up = self.look_up();
            if self.given_up {
                stop = Stop::Visitor;
                break 'forward;
            }
            let branched_on = match looked_up {
                Ok(memo) => {
                    znode = memo.zdd;
                    count = count.checked_add(memo.solutions).ok_or(overflow)?;
                    None
                }
                Err(place) => {
                    if levels.len() == level {
                        levels.push(Level {
                            choice: 0,
                            saved_zdd: 0,
                            entry_count: 0,
                            entry_plain_nodes: 0,
                            place: None,
                        });
                    }
                    levels[level].entry_count = count;
                    levels[level].entry_plain_nodes = self.plain_nodes - 1;
                    levels[level].place = place;
                    znode = 0;
                    let best = self.links.best_item();
                    self.links.cover(best);
                    levels[level].choice = self.links.first_option(best);
                    Some(best)
                }
            };
            // A hit answers the level at once; else the level branches on `best`.
            let mut answered = branched_on.is_none();
            let mut best = branched_on.unwrap_or_default();
            loop {
                if answered {
                    // backdown: return to the level above with this level's ZDD node.
                    if level == 0 {
                        break 'forward;
                    }
                    level -= 1;
                    let cur = levels[level].choice;
                    best = self.links.item_of(cur);
                    zsol = znode;
                    znode = levels[level].saved_zdd;
                    // recover: take back the option, and record its branch if it had
                    // solutions.
                    let option = self.links.uncommit_others(cur);
                    if zsol != 0 {
                        znode = self.make_node(option, znode, zsol)?;
                    }
                    levels[level].choice = self.links.next_option(cur);
                    answered = false;
                }
                // advance: try the level's next option, if any.
                let cur = levels[level].choice;
                if cur == best {
                    // backup: every option tried; file the level's result.
                    self.links.uncover(best);
                    if let (Some(place), Some(cache)) = (levels[level].place, self.cache.as_mut()) {
                        let solutions = count - levels[level].entry_count;
                        let plain_nodes = self.plain_nodes - levels[level].entry_plain_nodes;
                        let memo = Subtotal {
                            solutions,
                            zdd: znode,
                            plain_nodes,
                        };
                        cache.file(place, memo);
                    }
                    answered = true;
                    continue;
                }
                self.links.commit_others(cur);
                if self.links.all_covered() {
                    // A solution: a node of its own, and the ZDD's sink 1.
                    self.nodes += 1;
                    self.plain_nodes = self.plain_nodes.saturating_add(1);
                    self.figures.solution_leaves += 1;
                    count = count.checked_add(1).ok_or(overflow)?;
                    let option = self.links.uncommit_others(cur);
                    znode = self.make_node(option, znode, 1)?;
                    levels[level].choice = self.links.next_option(cur);
                    continue;
                }
                levels[level].saved_zdd = znode;
                level += 1;
                continue 'forward;
            }
        }
        self.close_cache();
        self.figures.plain_nodes = self.plain_nodes;
        self.figures.solutions = count;
        if let (Some(sink), Stop::Exhausted) = (self.progress, stop) {
            sink.report_memo(1.0, self.nodes, &self.figures);
        }
        let zdd = match (self.zdd.take(), stop) {
            (Some(nodes), Stop::Exhausted) => {
                Some(super::Zdd::new(nodes, znode).ok_or(DlxError::CountOverflow)?)
            }
            _ => None,
        };
        let stats = SearchStats {
            nodes: self.nodes,
            updates: self.links.updates,
            solutions: u64::try_from(count).unwrap_or(u64::MAX),
            cleansings: self.links.cleansings,
            ..SearchStats::default()
        };
        Ok(Outcome {
            answer: MemoResult {
                zdd,
                ..self.figures
            },
            stats,
            stop,
        })
    }
}
