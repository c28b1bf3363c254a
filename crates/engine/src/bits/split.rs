//! Counting on every core: the bitsets' tree cut after its first levels, its subtrees counted
//! on the rayon pool, each worker on its own copy of the levels' rows (the problem's rows are
//! shared), the copies held within the engine's memory bound. The tree does not depend on the
//! order its subtrees are searched in (each level's rows are computed from the level above
//! alone), so the split count's nodes and solutions are the one-thread search's exactly.

use super::search::Choice;
use super::Bits;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::progress::ProgressSink;
use crate::search::{CountOnly, SearchLimits};
use crate::stop_flag::{StopFlag, Stoppable};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// The deepest the tree is cut at.
const MAX_CUT: usize = 12;

impl Bits {
    /// Counts every solution on the current rayon pool: the tree is cut at the shallowest
    /// level that has at least `min_subtrees` subtrees (or at `MAX_CUT` levels; or one level
    /// higher where that level has more than 64 times as many, which are not all held), and
    /// the subtrees are counted in parallel. The figures are the one-thread search's. `stop`,
    /// asked at every node, ends the count with [`Stop::Interrupted`] and the figures so far;
    /// `progress`, when given (and begun by the caller), hears the share of the subtrees done.
    pub fn count_split(
        &mut self,
        min_subtrees: usize,
        stop: &StopFlag,
        progress: Option<&dyn ProgressSink>,
    ) -> Outcome<()> {
        // Depth 0: the whole tree, one subtree. Each deeper cut replaces it until there are
        // enough subtrees; a cut with more than `most` is not taken (its paths would not all be
        // held), and the shallower one is searched instead.
        let most = min_subtrees.saturating_mul(64).max(1);
        let mut top = SearchStats::default();
        let mut paths = vec![Vec::new()];
        let mut cut = 0;
        while paths.len() < min_subtrees && cut < MAX_CUT && !paths.is_empty() {
            let Some(deeper) = self.cut(cut + 1, most) else {
                break;
            };
            (top, paths) = deeper;
            cut += 1;
        }
        // Each worker copies the levels' rows (the problem's rows are shared): as many
        // workers as threads, fewer where their copies would pass the memory bound, each
        // taking the next subtree not yet taken.
        let fit = (Bits::MAX_WORDS / self.state_words().max(1)).max(1);
        let workers = rayon::current_num_threads()
            .min(usize::try_from(fit).unwrap_or(usize::MAX))
            .min(paths.len())
            .max(1);
        let next = AtomicUsize::new(0);
        let done = AtomicU64::new(0);
        let nodes = AtomicU64::new(top.nodes);
        let total = paths.len().max(1) as f64;
        let counted = (0..workers)
            .into_par_iter()
            .map(|_| {
                let mut bits = self.clone();
                let mut sum = Outcome::<()>::default();
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = paths.get(at) else { break };
                    let outcome = bits.count_subtree(path, stop);
                    sum.stats.nodes += outcome.stats.nodes;
                    sum.stats.solutions += outcome.stats.solutions;
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    let so_far = nodes.fetch_add(outcome.stats.nodes, Ordering::Relaxed);
                    if let Some(sink) = progress {
                        sink.report(finished as f64 / total, so_far + outcome.stats.nodes);
                    }
                    if outcome.stop == Stop::Interrupted {
                        sum.stop = Stop::Interrupted;
                        break;
                    }
                }
                sum
            })
            .reduce(Outcome::default, |mut a, b| {
                a.stats.nodes += b.stats.nodes;
                a.stats.solutions += b.stats.solutions;
                if b.stop == Stop::Interrupted {
                    a.stop = Stop::Interrupted;
                }
                a
            });
        let stats = SearchStats {
            nodes: top.nodes + counted.stats.nodes,
            solutions: top.solutions + counted.stats.solutions,
            ..SearchStats::default()
        };
        let stop = if counted.stop == Stop::Interrupted || stop.is_raised() {
            Stop::Interrupted
        } else {
            Stop::Exhausted
        };
        Outcome {
            answer: (),
            stats,
            stop,
        }
    }

    /// The tree above level `depth`: its nodes and solutions, and the paths (options level by
    /// level) of the subtrees at that level, in the one-thread order; `None` when there are
    /// more than `most` of them (the walk stops there).
    fn cut(&mut self, depth: usize, most: usize) -> Option<(SearchStats, Vec<Vec<u32>>)> {
        let mut stats = SearchStats::default();
        let mut paths = Vec::new();
        let mut path = Vec::with_capacity(depth);
        let whole = self.gather(0, depth, &mut path, &mut stats, &mut paths, most);
        whole.then_some((stats, paths))
    }

    /// The walk of [`Bits::cut`] below `path`, at `level`: `false` once more than `most`
    /// subtrees are met.
    fn gather(
        &mut self,
        level: usize,
        depth: usize,
        path: &mut Vec<u32>,
        stats: &mut SearchStats,
        paths: &mut Vec<Vec<u32>>,
        most: usize,
    ) -> bool {
        if level == depth {
            paths.push(path.clone());
            return paths.len() <= most;
        }
        stats.nodes += 1;
        let item = match self.choose(level) {
            Choice::Solution => {
                stats.solutions += 1;
                return true;
            }
            Choice::DeadEnd => return true,
            Choice::Branch(item, _) => item,
        };
        let row = self.words;
        let options: Vec<usize> = (0..row)
            .flat_map(|at| {
                let word = self.live[level * row + at] & self.items[item * row + at];
                (0..64)
                    .filter(move |bit| word >> bit & 1 == 1)
                    .map(move |bit| at * 64 + bit)
            })
            .collect();
        for option in options {
            path.push(option as u32);
            self.descend(level, option);
            let whole = self.gather(level + 1, depth, path, stats, paths, most);
            path.pop();
            if !whole {
                return false;
            }
        }
        true
    }

    /// Counts the subtree at `path`: its rows replayed level by level, then the search below.
    fn count_subtree(&mut self, path: &[u32], stop: &StopFlag) -> Outcome<()> {
        for (level, &option) in path.iter().enumerate() {
            self.descend(level, option as usize);
            self.path[level].option = option;
            self.path[level].degree = 1;
            self.path[level].tried = 1;
        }
        let outcome = Stoppable::around(stop, &mut CountOnly, |stoppable| {
            self.walk_below(path.len(), SearchLimits::default(), stoppable)
        });
        outcome.map(|_| ())
    }
}
