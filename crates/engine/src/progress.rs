//! How far a search has got through its tree, as Knuth's DLX1 reports it: from the current
//! path alone, the choice at each level being the `k`-th of `d`.
//!
//! Under the assumption that the tree is uniform below every node, the choice `k` of `d` at
//! the first level has left `(k - 1) / d` of the tree behind it, the choice at the second level
//! `(k - 1) / (d1 d2)` more, and so on: the share of the tree searched before the current node
//! is `sum over levels l of (k_l - 1) / (d_1 ... d_l)`, and the current node's own subtree is
//! `1 / (d_1 ... d_L)` of it. DLX1 prints the middle of that subtree, the share before it plus
//! half its own; [`TreePosition::done`] is the share before it, which, unlike the middle,
//! never goes down from one node to the next (a child's subtree starts where its parent's
//! does, while its middle comes before its parent's), and reaches exactly 1 when the search
//! has seen the whole tree.
//!
//! A search reports its position to [`super::Visitor::progress`] every so many nodes, when the
//! visitor asks ([`super::Visitor::progress_mask`]); a search of one thread hands it on to a
//! [`ProgressSink`] through `Reporting` ([`Engine::search_reporting`](crate::Engine::search_reporting)), and a split search adds up
//! the shares of its subtrees and reports to one.

use super::memo::MemoResult;
use super::outcome::SearchStats;
use super::problem::OptionId;
use super::search::Visitor;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// Below this share of the tree, a level's `k` is not looked for: what it adds to the share
/// before the current node is past `f64`'s precision near 1, and walking a long list to find
/// it would cost more than the report is worth.
pub(crate) const NEGLIGIBLE_SHARE: f64 = 1.0 / (1u64 << 60) as f64;

/// Where a search stands in its tree, as DLX1 computes it from the current path.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TreePosition {
    /// Nodes entered so far, as the search counts them (solutions included).
    pub nodes: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// The levels of choices above the current node (0 at the root).
    pub level: usize,
    /// The share of the tree searched before the current node, between 0 and 1: never less
    /// than at an earlier report of the same search, and exactly 1 once the search has seen the
    /// whole tree.
    pub done: f64,
    /// The current node's share of the tree, `1 / (d_1 ... d_L)` (0 once the search is done).
    pub share: f64,
}

impl TreePosition {
    /// A search that reports to a [`ProgressSink`] does so every this many nodes (plus one): a
    /// few hundred reports a second per thread, each walking the current path once.
    pub const PROGRESS_MASK: u64 = (1 << 14) - 1;

    /// The position reported when the whole tree has been searched.
    pub(super) fn finished(stats: &SearchStats) -> TreePosition {
        TreePosition {
            nodes: stats.nodes,
            solutions: stats.solutions,
            level: 0,
            done: 1.0,
            share: 0.0,
        }
    }

    /// A search `level` levels deep with the figures `stats`, before the levels' choices are
    /// added ([`TreePosition::descend`]): nothing done yet, the whole tree its share.
    pub(crate) fn at_root(level: usize, stats: &SearchStats) -> TreePosition {
        TreePosition {
            nodes: stats.nodes,
            solutions: stats.solutions,
            level,
            done: 0.0,
            share: 1.0,
        }
    }

    /// DLX1's progress estimate: the share before the current node plus half its own, the
    /// middle of the current subtree.
    pub fn dlx1_estimate(&self) -> f64 {
        self.done + self.share / 2.0
    }

    /// The position with one more level: the `k`-th choice (from 1) of `d`.
    pub(crate) fn descend(&mut self, k: u32, d: u32) {
        self.share /= f64::from(d.max(1));
        self.done += f64::from(k.saturating_sub(1)) * self.share;
    }
}

/// Where a split search reports how far it has got, from any of its threads: the commands'
/// progress bars.
pub trait ProgressSink: Sync {
    /// A search starts reporting here: `false` when the sink takes no reports from it (it is
    /// showing another search's). Default: yes.
    fn begin(&self) -> bool {
        true
    }

    /// `fraction` (0 to 1) of the search's tree is done, after `nodes` nodes.
    fn report(&self, fraction: f64, nodes: u64);

    /// A memoized search ([`crate::Memo::progress`]) reports here: `fraction` of its tree
    /// (whose leaves are the solutions and the subproblems the cache answered) is done, after
    /// `nodes` nodes, with its figures so far (the solutions found, `peak_entries` the entries
    /// held now or before, `caching_stopped` once the engine's plain search counts instead,
    /// whose solutions start again from 0; `zdd` is always `None`). Default: the fraction and
    /// the nodes to [`ProgressSink::report`].
    fn report_memo(&self, fraction: f64, nodes: u64, so_far: &MemoResult) {
        let _ = so_far;
        self.report(fraction, nodes);
    }

    /// The search that began here has ended.
    fn end(&self) {}
}

/// A visitor that hands everything on to `inner` and tells `sink` where the search stands every
/// [`TreePosition::PROGRESS_MASK`] + 1 nodes, and once more when it has seen the whole tree (the
/// fraction 1): the progress of a search of one thread
/// ([`Dlx::search_reporting`](super::Dlx::search_reporting)). The caller has the sink
/// [`ProgressSink::begin`] the search before and [`ProgressSink::end`] it after.
///
/// A search without it makes no reports at all ([`Visitor::progress_mask`]'s default compiles
/// away), so a caller who reports only sometimes runs the two visitors in two calls, not one
/// visitor that tests whether it has a sink.
pub(crate) struct Reporting<'a, V: ?Sized> {
    sink: &'a dyn ProgressSink,
    inner: &'a mut V,
}

impl<'a, V: Visitor + ?Sized> Reporting<'a, V> {
    /// `inner`, its search's position told to `sink`.
    pub(crate) fn new(sink: &'a dyn ProgressSink, inner: &'a mut V) -> Self {
        Reporting { sink, inner }
    }
}

impl<V: Visitor + ?Sized> Visitor for Reporting<'_, V> {
    type Break = V::Break;

    #[inline(always)]
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<V::Break> {
        self.inner.solution(options)
    }

    #[inline(always)]
    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<V::Break> {
        self.inner.enter_node()
    }

    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        Some(TreePosition::PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        self.sink.report(at.done, at.nodes);
    }
}

/// The progress of a split search, added up over its subtrees from every thread: each
/// subtree counts for its share of the tree, and a subtree being searched for the share of it
/// its own search has done. Only the subtrees count: the work above the cut is done when the
/// plan is made.
pub(super) struct SplitProgress<'a> {
    sink: &'a dyn ProgressSink,
    tally: Mutex<Tally>,
}

#[derive(Default)]
struct Tally {
    /// The shares of the subtrees (and parts of subtrees) searched.
    done: f64,
    /// The shares of all the subtrees this search takes.
    total: f64,
    /// Nodes reported so far.
    nodes: u64,
}

impl<'a> SplitProgress<'a> {
    /// Reporting to `sink` for a search whose subtrees add up to `total` of the tree.
    pub(super) fn new(sink: &'a dyn ProgressSink, total: f64) -> SplitProgress<'a> {
        SplitProgress {
            sink,
            tally: Mutex::new(Tally {
                total,
                ..Tally::default()
            }),
        }
    }

    /// Adds `share` of the tree searched and `nodes` nodes, and tells the sink.
    /// The sink is told under the lock, so that it hears the threads' reports in the order
    /// they were added up: the fraction it gets never goes down.
    fn add(&self, share: f64, nodes: u64) {
        let Ok(mut tally) = self.tally.lock() else {
            return;
        };
        tally.done += share;
        tally.nodes += nodes;
        let fraction = if tally.total > 0.0 {
            (tally.done / tally.total).clamp(0.0, 1.0)
        } else {
            0.0
        };
        self.sink.report(fraction, tally.nodes);
    }
}

impl SplitProgress<'_> {
    /// The search has ended with its whole share searched: the sink hears 1, whatever the
    /// shares added up to (a shard's subtrees are known only once its walk has ended).
    pub(super) fn finish(&self) {
        if let Ok(tally) = self.tally.lock() {
            self.sink.report(1.0, tally.nodes);
        }
    }
}

/// One subtree's part in a [`SplitProgress`]: what its search has reported so far, so that a
/// report adds only what is new (and a subtree searched again in order, which reports the same
/// positions again, adds nothing twice).
#[derive(Clone, Copy)]
pub(super) struct SubtreeProgress<'s, 'a> {
    split: &'s SplitProgress<'a>,
    /// The subtree's share of the tree.
    share: f64,
    /// The part of the subtree reported done.
    done: f64,
    /// The nodes of the subtree's search reported.
    nodes: u64,
}

impl<'s, 'a> SubtreeProgress<'s, 'a> {
    pub(super) fn new(split: &'s SplitProgress<'a>, share: f64) -> SubtreeProgress<'s, 'a> {
        SubtreeProgress {
            split,
            share,
            done: 0.0,
            nodes: 0,
        }
    }

    /// The subtree's search stands at `at`.
    pub(super) fn reached(&mut self, at: &TreePosition) {
        let done = at.done.max(self.done);
        let nodes = at.nodes.max(self.nodes);
        if done > self.done || nodes > self.nodes {
            self.split
                .add((done - self.done) * self.share, nodes - self.nodes);
            (self.done, self.nodes) = (done, nodes);
        }
    }

    /// A new search of the same subtree starts (searched again in order): its node count
    /// starts again from 0.
    pub(super) fn restart_nodes(&mut self) {
        self.nodes = 0;
    }
}

/// A sink that keeps every report, and counts the searches it took and saw end: what the
/// tests of every reporting search check their reports with.
#[cfg(any(test, feature = "test-support"))]
#[derive(Default)]
pub struct Reports {
    /// Every report: the fraction done and the nodes.
    pub seen: std::sync::Mutex<Vec<(f64, u64)>>,
    /// Searches that began.
    pub began: std::sync::atomic::AtomicUsize,
    /// Searches that ended.
    pub ended: std::sync::atomic::AtomicUsize,
}

#[cfg(any(test, feature = "test-support"))]
impl ProgressSink for Reports {
    fn begin(&self) -> bool {
        self.began
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        true
    }
    fn report(&self, fraction: f64, nodes: u64) {
        self.seen.lock().unwrap().push((fraction, nodes));
    }
    fn end(&self) {
        self.ended
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(any(test, feature = "test-support"))]
impl Reports {
    /// The reports so far, forgotten here.
    pub fn take(&self) -> Vec<(f64, u64)> {
        std::mem::take(&mut *self.seen.lock().unwrap())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::Problem;
    use crate::{ChoiceRule, Dlx, OptionId, SearchLimits, Stop, Visitor};
    use std::ops::ControlFlow;

    /// Every position reported, at every node.
    pub(crate) struct Recorder(pub(crate) Vec<TreePosition>);

    impl Visitor for Recorder {
        type Break = ();
        fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn progress_mask(&self) -> Option<u64> {
            Some(0)
        }
        fn progress(&mut self, at: &TreePosition) {
            self.0.push(*at);
        }
    }

    fn positions(problem: &Problem, rule: ChoiceRule) -> (Vec<TreePosition>, SearchStats) {
        let mut recorder = Recorder(Vec::new());
        let outcome = Dlx::new(problem)
            .set_rule(rule)
            .search(SearchLimits::default(), &mut recorder);
        assert_eq!(outcome.stop, Stop::Exhausted);
        (recorder.0, outcome.stats)
    }

    /// The share done never goes down, stays below 1 until the end, and the last report is
    /// the whole tree, with the search's figures.
    fn check_monotone(problem: &Problem, rule: ChoiceRule) {
        let (seen, stats) = positions(problem, rule);
        assert!(seen.len() >= 2, "a report at each node and one at the end");
        for pair in seen.windows(2) {
            assert!(
                pair[1].done >= pair[0].done,
                "{:?} then {:?} ({rule:?})",
                pair[0],
                pair[1]
            );
            assert!(pair[1].nodes >= pair[0].nodes);
        }
        let (last, before) = (seen[seen.len() - 1], &seen[..seen.len() - 1]);
        assert!(before.windows(2).all(|pair| pair[1].nodes > pair[0].nodes));
        assert!(before.iter().all(|at| at.done < 1.0 && at.share > 0.0));
        assert_eq!((last.done, last.share), (1.0, 0.0));
        assert_eq!((last.nodes, last.solutions), (stats.nodes, stats.solutions));
        // Every node entered but the solutions (which Algorithm X counts without entering a
        // level) is reported once.
        assert_eq!(before[0].nodes, 1, "the root is reported");
    }

    #[test]
    fn the_share_done_rises_over_a_whole_search_and_ends_at_one() {
        for problem in [
            Problem::toy(),
            Problem::queens(6),
            Problem::langford(5),
            Problem::pentominoes(3, 10),
        ] {
            for rule in [
                ChoiceRule::Mrv,
                ChoiceRule::MrvStopAtOne,
                ChoiceRule::MrvThenReach { from_node: 0 },
            ] {
                check_monotone(&problem, rule);
            }
        }
    }

    #[test]
    fn the_share_done_rises_under_colours_and_multiplicities_too() {
        for seed in 1..=6 {
            check_monotone(&Problem::random_xcc(seed, 8, 3, 30), ChoiceRule::Mrv);
            check_monotone(&Problem::random_mcc(seed, 6, 3, 24), ChoiceRule::Mrv);
        }
    }

    #[test]
    fn a_uniform_tree_is_reported_as_knuth_computes_it() {
        // Two items, each with three options of its own: the root chooses 1 of 3, each child
        // 1 of 3 again, and the leaves are solutions. At the node below the second option of
        // `a`, the share before is 1/3, its own 1/3, and DLX1 prints 1/3 + 1/6.
        let problem =
            crate::Problem::parse("a b | x y z u v w\na x\na y\na z\nb u\nb v\nb w\n").unwrap();
        let (seen, _) = positions(&problem, ChoiceRule::Mrv);
        let second = seen
            .iter()
            .find(|at| at.level == 1 && at.done > 0.0)
            .expect("the second option of the first level is tried");
        assert!((second.done - 1.0 / 3.0).abs() < 1e-12);
        assert!((second.share - 1.0 / 3.0).abs() < 1e-12);
        assert!((second.dlx1_estimate() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn the_walks_subtree_shares_are_dlx1s_estimates_and_tile_the_tree() {
        use crate::subtrees::{PieceAt, Subtrees};
        // Three levels of two options each, every leaf a solution at depth 3: cut after two
        // levels, four subtrees of a quarter each; cut after one, two of a half.
        let problem = Problem::parse("a b c\na\na\nb\nb\nc\nc\n").unwrap();
        let never = || false;
        for (depth, expected) in [(1, [0.5; 2].to_vec()), (2, [0.25; 4].to_vec())] {
            let mut shares = Vec::new();
            Dlx::new(&problem).walk_pieces(depth, &never, &mut |piece, _| {
                if let PieceAt::Subtree(_, share) = piece {
                    shares.push(share);
                }
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(shares, expected, "depth {depth}");
        }
    }
}
