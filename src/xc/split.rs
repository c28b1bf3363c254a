//! One search split into parts that can run anywhere: on the cores of one machine, or as
//! shards on many, with results that add up to the one-thread search exactly.
//!
//! The tree is cut after its first few levels ([`Dlx::plan_split`]). Above the cut the search
//! runs once, as the one-thread search would, and yields the pieces of the tree in its order:
//! a solution found above the cut, or a subtree below it, named by the options chosen on the
//! way to it (their first nodes in the arena, the same in every copy of the arena and on every
//! machine that builds it from the same problem). A subtree is searched by replaying those
//! choices on a copy of the arena ([`Dlx::search_subtree`]): the same covers the search made,
//! so the subtrees are exactly the one-thread search's under any rule, and every count is
//! exact. With [`ChoiceRule::Mrv`] each subtree's search is moreover node for node the
//! one-thread search's, and the figures of the pieces (each piece carries the work above the
//! cut since the piece before it) sum to the one-thread figures, DLX1's included; the other
//! rules' choices inside a subtree may differ ([`ChoiceRule::MrvStopAtOne`]'s hints and
//! [`ChoiceRule::MrvThenReach`]'s node threshold depend on what was searched before).
//!
//! Problems with colours or bounds (Algorithm M) are not split: [`Dlx::can_split`] says so, and
//! a split search of one runs whole, on the caller's thread.

use super::arena::{Dlx, Link, Mode};
use super::outcome::{Outcome, SearchStats};
use super::problem::OptionId;
use super::search::{ChoiceRule, SearchLimits, Visitor};
use std::ops::ControlFlow;

/// The deepest cut tried: each level multiplies the pieces by the options of its item, so a
/// dozen levels is far past any useful split.
const MAX_DEPTH: usize = 12;

/// A part of the search tree, in the tree's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A solution found above the cut: its options, level by level.
    Solution(Vec<OptionId>),
    /// The subtree reached by choosing these options, level by level from the root: the arena
    /// node of each option in the list of the item chosen at its level.
    Subtree(Vec<u32>),
}

/// A piece and the work the search did above the cut since the piece before it (nodes entered,
/// updates; a [`Piece::Solution`] counts as a node and a solution, as in the one-thread search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedPiece {
    /// The piece.
    pub piece: Piece,
    /// The work above the cut that comes before the piece in the one-thread search.
    pub before: SearchStats,
}

/// The tree cut at a depth: its pieces in order and the work above the cut after the last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitPlan {
    /// The number of levels above the cut.
    pub depth: usize,
    /// The pieces, in the order the one-thread search meets them.
    pub pieces: Vec<PlannedPiece>,
    /// The work above the cut after the last piece (the last levels' final nodes and covers).
    pub after: SearchStats,
}

impl SplitPlan {
    /// How many pieces are subtrees.
    pub fn subtrees(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| matches!(p.piece, Piece::Subtree(_)))
            .count()
    }

    /// The work above the cut, all of it.
    pub fn above_the_cut(&self) -> SearchStats {
        let mut total = self.after;
        for piece in &self.pieces {
            total += piece.before;
        }
        total
    }
}

/// Where the search above the cut stands.
struct Walk {
    rule: ChoiceRule,
    depth: usize,
    /// The arena node of the option tried at each level so far.
    path: Vec<u32>,
    /// The options tried at each level so far.
    options: Vec<OptionId>,
    /// Work done since the last piece.
    pending: SearchStats,
    /// Nodes entered above the cut so far (what the choice rule may weigh).
    nodes: u64,
}

/// Which pieces a shard takes: `index` of `count` (0-based here; the command line says 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u64,
    /// How many shards share the tree.
    pub count: u64,
}

impl Shard {
    /// The whole tree as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether the `n`-th subtree of a plan is this shard's: subtrees are dealt round-robin, so
    /// neighbouring subtrees, often alike in size, go to different shards. The work above the
    /// cut and the solutions found there are the first shard's.
    pub fn takes_subtree(self, n: usize) -> bool {
        n as u64 % self.count == self.index
    }

    /// Whether this shard reports the work above the cut.
    pub fn takes_top(self) -> bool {
        self.index == 0
    }
}

impl<L: Link> Dlx<L> {
    /// Whether the search can be split: plain exact cover, not Algorithm M's colours or bounds
    /// (its purifications and tweaks are not replayed).
    pub fn can_split(&self) -> bool {
        self.mode == Mode::Plain
    }

    /// Cuts the tree at the shallowest depth that gives at least `min_subtrees` subtrees (or at
    /// twelve levels, or where the tree ends), searching above the cut as the one-thread search
    /// does. The arena is left as it was found.
    pub fn plan_split(&mut self, rule: ChoiceRule, min_subtrees: usize) -> SplitPlan {
        let mut plan = self.plan_at_depth(rule, 1);
        while plan.subtrees() < min_subtrees && plan.depth < MAX_DEPTH {
            let deeper = self.plan_at_depth(rule, plan.depth + 1);
            if deeper.subtrees() <= plan.subtrees() {
                // The tree ends above the deeper cut, or thins out there: no gain.
                break;
            }
            plan = deeper;
        }
        plan
    }

    /// The pieces of the tree cut after `depth` levels.
    pub fn plan_at_depth(&mut self, rule: ChoiceRule, depth: usize) -> SplitPlan {
        let mut plan = SplitPlan {
            depth,
            pieces: Vec::new(),
            after: SearchStats::default(),
        };
        if self.uncovered == 0 {
            // The empty set of options is the one solution, as `search` reports it.
            plan.pieces.push(PlannedPiece {
                piece: Piece::Solution(Vec::new()),
                before: SearchStats {
                    nodes: 1,
                    solutions: 1,
                    ..SearchStats::default()
                },
            });
            return plan;
        }
        let hints = (self.short_item, self.empty_item);
        let mut walk = Walk {
            rule,
            depth,
            path: Vec::new(),
            options: Vec::new(),
            pending: SearchStats::default(),
            nodes: 0,
        };
        self.plan_level(&mut walk, &mut plan);
        plan.after = walk.pending;
        (self.short_item, self.empty_item) = hints;
        plan
    }

    /// The search above the cut from one level: the node entered, its item covered, and each
    /// option tried in turn, as the search loop does (X2 to X8), recording the pieces met.
    fn plan_level(&mut self, walk: &mut Walk, plan: &mut SplitPlan) {
        walk.pending.nodes += 1;
        walk.nodes += 1;
        let best = self.choose_item::<false>(walk.rule, walk.nodes);
        self.cover::<true, false, false>(best, &mut walk.pending.updates);
        let mut current = self.node(best).down.get();
        while current != best {
            self.cover_others::<true, false, false>(current, &mut walk.pending.updates);
            walk.path.push(current);
            walk.options.push(self.option_of(current));
            if self.uncovered == 0 {
                walk.pending.nodes += 1;
                walk.pending.solutions += 1;
                walk.nodes += 1;
                plan.pieces.push(PlannedPiece {
                    piece: Piece::Solution(walk.options.clone()),
                    before: std::mem::take(&mut walk.pending),
                });
            } else if walk.path.len() == walk.depth {
                plan.pieces.push(PlannedPiece {
                    piece: Piece::Subtree(walk.path.clone()),
                    before: std::mem::take(&mut walk.pending),
                });
            } else {
                self.plan_level(walk, plan);
            }
            walk.path.pop();
            walk.options.pop();
            self.uncover_others::<false, false>(current);
            current = self.node(current).down.get();
        }
        self.uncover::<false, false>(best);
    }

    /// Searches the subtree at `path` (from a [`Piece::Subtree`] of a plan of this arena or of
    /// one built from the same problem): the path's choices are replayed without being counted,
    /// then the search runs from there under `rule`, handing the visitor whole solutions (the
    /// path's options first). The arena is left as it was found.
    pub fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        rule: ChoiceRule,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let hints = (self.short_item, self.empty_item);
        let mut ignored = 0u64;
        for &node in path {
            self.cover::<true, false, false>(self.node(node).top.get(), &mut ignored);
            self.cover_others::<true, false, false>(node, &mut ignored);
        }
        let prefix: Vec<OptionId> = path.iter().map(|&node| self.option_of(node)).collect();
        let mut whole = Vec::new();
        let mut prefixed = Prefixed {
            prefix: &prefix,
            whole: &mut whole,
            inner: visitor,
        };
        let outcome = self.search(rule, limits, &mut prefixed);
        for &node in path.iter().rev() {
            self.uncover_others::<false, false>(node);
            self.uncover::<false, false>(self.node(node).top.get());
        }
        (self.short_item, self.empty_item) = hints;
        outcome
    }
}

/// A visitor that hands on solutions with the replayed path's options put first.
struct Prefixed<'a, V: Visitor + ?Sized> {
    prefix: &'a [OptionId],
    whole: &'a mut Vec<OptionId>,
    inner: &'a mut V,
}

impl<V: Visitor + ?Sized> Visitor for Prefixed<'_, V> {
    type Break = V::Break;

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<V::Break> {
        self.whole.clear();
        self.whole.extend_from_slice(self.prefix);
        self.whole.extend_from_slice(options);
        self.inner.solution(self.whole)
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<V::Break> {
        self.inner.enter_node()
    }

    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        self.inner.progress_mask()
    }

    fn progress(&mut self, at: &super::TreePosition) {
        self.inner.progress(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::problems::{langford, pentominoes, queens, toy};
    use crate::xc::Problem;
    use proptest::prelude::*;

    /// Every solution of a plan's pieces in order, and the summed figures, against the
    /// one-thread search.
    fn check_split(problem: &Problem, depth: usize) {
        let mut dlx = Dlx::new(problem);
        let mut whole = Vec::new();
        let one = dlx.search(
            ChoiceRule::Mrv,
            SearchLimits::default(),
            &mut |options: &[OptionId]| {
                whole.push(options.to_vec());
                ControlFlow::Continue(())
            },
        );
        let plan = dlx.plan_at_depth(ChoiceRule::Mrv, depth);
        let mut split = Vec::new();
        let mut stats = plan.after;
        for planned in &plan.pieces {
            stats += planned.before;
            match &planned.piece {
                Piece::Solution(options) => split.push(options.clone()),
                Piece::Subtree(path) => {
                    let mut copy = dlx.clone();
                    let part = copy.search_subtree(
                        ChoiceRule::Mrv,
                        path,
                        SearchLimits::default(),
                        &mut |options: &[OptionId]| {
                            split.push(options.to_vec());
                            ControlFlow::Continue(())
                        },
                    );
                    stats += part.stats;
                }
            }
        }
        assert_eq!(
            split, whole,
            "the same solutions in the same order (depth {depth})"
        );
        assert_eq!(stats, one.stats, "the same figures (depth {depth})");
        // The arena is as it was: the search walks the same tree again.
        let again = dlx.count_solutions(ChoiceRule::Mrv, None);
        assert_eq!(again.stats, one.stats);
    }

    #[test]
    fn split_searches_sum_to_dlx1s_figures_at_every_depth() {
        for depth in 1..=4 {
            check_split(&toy(), depth);
            check_split(&queens(8), depth);
            check_split(&langford(7), depth);
        }
        check_split(&pentominoes(3, 20), 3);
    }

    #[test]
    fn a_plan_reaches_the_subtrees_asked_for_when_the_tree_has_them() {
        let mut dlx = Dlx::new(&queens(8));
        let plan = dlx.plan_split(ChoiceRule::Mrv, 40);
        assert!(plan.subtrees() >= 40, "{} subtrees", plan.subtrees());
        let shallower = dlx.plan_at_depth(ChoiceRule::Mrv, plan.depth - 1);
        assert!(shallower.subtrees() < 40);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random problems, primary and secondary items: any depth gives the one-thread
        /// search's solutions, order and figures.
        #[test]
        fn random_problems_split_exactly(
            items in 1usize..7,
            secondary in 0usize..3,
            options in proptest::collection::vec(proptest::collection::btree_set(0usize..9, 1..4), 0..14),
            depth in 1usize..5,
        ) {
            let problem = crate::xc::search::tests::small_problem(items, secondary, &options);
            check_split(&problem, depth);
            // Under the rules whose choices depend on what came before, the subtrees are still
            // exactly the one-thread search's: the counts agree.
            for rule in [ChoiceRule::MrvStopAtOne, ChoiceRule::MrvThenReach { from_node: 0 }] {
                let mut dlx = Dlx::new(&problem);
                let whole = dlx.count_solutions(rule, None).answer.solutions;
                let plan = dlx.plan_at_depth(rule, depth);
                let mut count = 0;
                for planned in &plan.pieces {
                    count += match &planned.piece {
                        Piece::Solution(_) => 1,
                        Piece::Subtree(path) => {
                            let mut copy = dlx.clone();
                            let mut none = |_: &[OptionId]| ControlFlow::Continue(());
                            copy.search_subtree(rule, path, SearchLimits::default(), &mut none)
                                .stats
                                .solutions
                        }
                    };
                }
                prop_assert_eq!(count, whole, "{:?}", rule);
            }
        }
    }
}
