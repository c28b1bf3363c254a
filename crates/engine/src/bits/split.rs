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
    /// level that has at least `min_subtrees` subtrees (or at `MAX_CUT` levels), and the
    /// subtrees are counted in parallel. The figures are the one-thread search's. `stop`,
    /// asked at every node, ends the count with [`Stop::Interrupted`] and the figures so far;
    /// `progress`, when given (and begun by the caller), hears the share of the subtrees done.
    pub fn count_split(
        &mut self,
        min_subtrees: usize,
        stop: &StopFlag,
        progress: Option<&dyn ProgressSink>,
    ) -> Outcome<()> {
        let mut cut = 1;
        let (mut top, mut paths) = self.cut(cut, min_subtrees);
        while paths.len() < min_subtrees && cut < MAX_CUT && !paths.is_empty() {
            cut += 1;
            (top, paths) = self.cut(cut, min_subtrees);
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
    /// level) of the subtrees at that level, in the one-thread order. Stops gathering past
    /// `64 * enough` subtrees, a cut deeper than needed.
    fn cut(&mut self, depth: usize, enough: usize) -> (SearchStats, Vec<Vec<u32>>) {
        let mut stats = SearchStats::default();
        let mut paths = Vec::new();
        let mut path = Vec::with_capacity(depth);
        self.gather(
            0,
            depth,
            &mut path,
            &mut stats,
            &mut paths,
            enough.saturating_mul(64),
        );
        (stats, paths)
    }

    fn gather(
        &mut self,
        level: usize,
        depth: usize,
        path: &mut Vec<u32>,
        stats: &mut SearchStats,
        paths: &mut Vec<Vec<u32>>,
        most: usize,
    ) {
        if level == depth {
            if paths.len() < most {
                paths.push(path.clone());
            }
            return;
        }
        stats.nodes += 1;
        let (item, _) = match self.choose(level) {
            Choice::Solution => {
                stats.solutions += 1;
                return;
            }
            Choice::DeadEnd => return,
            Choice::Branch(item, degree) => (item, degree),
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
            self.gather(level + 1, depth, path, stats, paths, most);
            path.pop();
        }
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
