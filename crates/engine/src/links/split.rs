//! One search split into parts that can run anywhere: on the cores of one machine, or as
//! shards on many, with results that add up to the one-thread search exactly.
//!
//! The tree is cut after its first few levels ([`Dlx::split_depth`]). Above the cut the search
//! runs as the one-thread search would, and meets the pieces of the tree in its order:
//! a solution found above the cut, or a subtree below it, named by the options chosen on the
//! way to it (their first nodes in the arena, the same in every copy of the arena and on every
//! machine that builds it from the same problem). A subtree is searched by replaying those
//! choices on a copy of the arena ([`Splitter::search_subtree`]): the same covers the search made,
//! so the subtrees are exactly the one-thread search's under any rule, and every count is
//! exact. With [`ChoiceRule::Mrv`] each subtree's search is moreover node for node the
//! one-thread search's, and the figures of the pieces (each piece carries the work above the
//! cut since the piece before it) sum to the one-thread figures, DLX1's included; the other
//! rules' choices inside a subtree may differ ([`ChoiceRule::MrvStopAtOne`]'s hints and
//! [`ChoiceRule::MrvThenReach`]'s node threshold depend on what was searched before).
//!
//! Problems with colours or bounds (Algorithm M) are not split: [`Dlx::can_split`] says so, and
//! a split search of one runs whole, on the caller's thread.

use super::arena::Dlx;
use crate::choice_rule::ChoiceRule;
use crate::engine::Engine;
use crate::node::Link;
use crate::node::COVERED;
use crate::outcome::{Outcome, SearchStats};
use crate::problem::OptionId;
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::{PieceAt, StopRequest, Subtrees, VisitPiece, WalkEnd};
use std::ops::ControlFlow;

#[cfg(test)]
/// A part of the search tree, in the tree's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// A solution found above the cut: its options, level by level.
    Solution(Vec<OptionId>),
    /// The subtree reached by choosing these options, level by level from the root: the arena
    /// node of each option in the list of the item chosen at its level.
    Subtree(Vec<u32>),
}

#[cfg(test)]
impl PieceAt<'_> {
    fn to_owned(self) -> Piece {
        match self {
            PieceAt::Solution(options) => Piece::Solution(options.to_vec()),
            PieceAt::Subtree(path, _) => Piece::Subtree(path.to_vec()),
        }
    }
}

#[cfg(test)]
/// A piece and the work the search did above the cut since the piece before it (nodes entered,
/// updates; a [`Piece::Solution`] counts as a node and a solution, as in the one-thread search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlannedPiece {
    /// The piece.
    pub piece: Piece,
    /// The work above the cut that comes before the piece in the one-thread search.
    pub before: SearchStats,
}

#[cfg(test)]
/// The tree cut at a depth: its pieces in order and the work above the cut after the last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SplitPlan {
    /// The number of levels above the cut.
    pub depth: usize,
    /// The pieces, in the order the one-thread search meets them.
    pub pieces: Vec<PlannedPiece>,
    /// The work above the cut after the last piece (the last levels' final nodes and covers).
    pub after: SearchStats,
}

#[cfg(test)]
impl SplitPlan {
    /// How many pieces are subtrees.
    pub fn subtrees(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| matches!(p.piece, Piece::Subtree(_)))
            .count()
    }
}

/// Where the search above the cut stands.
struct Walk<'a> {
    rule: ChoiceRule,
    depth: usize,
    /// The arena node of the option tried at each level so far.
    path: Vec<u32>,
    /// The options tried at each level so far.
    options: Vec<OptionId>,
    /// Work done since the last piece.
    pending: SearchStats,
    /// The share of the tree below the current path.
    share: f64,
    /// Nodes entered above the cut so far (what the choice rule may weigh).
    nodes: u64,
    stop_requested: &'a (dyn Fn() -> bool + Sync),
    interrupted: bool,
}

#[cfg(test)]
/// The stop request of a walk that cannot be stopped.
fn never() -> bool {
    false
}

/// The top of one arena's search tree under one rule, walked to be cut after its first levels,
/// and the subtrees below the cut searched one at a time: the split's work, for
/// [`Dlx::split_depth`] and [`Dlx::search_split`].
pub(crate) struct Splitter<'a, L: Link> {
    dlx: &'a mut Dlx<L>,
    rule: ChoiceRule,
}

impl<'a, L: Link> Splitter<'a, L> {
    /// The split of `dlx`'s tree (plain exact cover) under `rule`.
    pub(crate) fn new(dlx: &'a mut Dlx<L>, rule: ChoiceRule) -> Self {
        Splitter { dlx, rule }
    }

    #[cfg(test)]
    /// Every piece of the tree cut after `depth` levels, kept: as many as the top of the tree
    /// has, so for small trees and for looking at a cut; a split search walks the pieces
    /// instead ([`Dlx::search_split`]). The arena is left as it was found.
    pub(crate) fn plan_at_depth(&mut self, depth: usize) -> SplitPlan {
        let mut pieces = Vec::new();
        let end = self.walk_pieces(depth, &never, &mut |piece, before| {
            pieces.push(PlannedPiece {
                piece: piece.to_owned(),
                before,
            });
            ControlFlow::Continue(())
        });
        let WalkEnd::Done(after) = end else {
            unreachable!("a walk that is never stopped ends done");
        };
        SplitPlan {
            depth,
            pieces,
            after,
        }
    }

    /// Walks the tree above the cut after `depth` levels as the one-thread search does,
    /// handing `visit` each piece in order with the work above the cut since the piece before
    /// it, until the walk ends, `visit` breaks or `stop_requested` (asked at every node) says
    /// stop. Nothing met is kept: memory is the path. The arena is left as it was found.
    pub(super) fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd {
        if self.dlx.uncovered == 0 {
            // The empty set of options is the one solution, as `search` reports it.
            let before = SearchStats {
                nodes: 1,
                solutions: 1,
                ..SearchStats::default()
            };
            return match visit(PieceAt::Solution(&[]), before) {
                ControlFlow::Continue(()) => WalkEnd::Done(SearchStats::default()),
                ControlFlow::Break(()) => WalkEnd::Stopped,
            };
        }
        let hints = (self.dlx.short_item, self.dlx.empty_item);
        let mut walk = Walk {
            rule: self.rule,
            depth,
            path: Vec::with_capacity(depth),
            options: Vec::with_capacity(depth),
            pending: SearchStats::default(),
            share: 1.0,
            nodes: 0,
            stop_requested,
            interrupted: false,
        };
        let flow = self.walk_level(&mut walk, visit);
        (self.dlx.short_item, self.dlx.empty_item) = hints;
        match flow {
            ControlFlow::Continue(()) => WalkEnd::Done(walk.pending),
            ControlFlow::Break(()) if walk.interrupted => WalkEnd::Interrupted,
            ControlFlow::Break(()) => WalkEnd::Stopped,
        }
    }

    /// The search above the cut from one level: the node entered, its item covered, and each
    /// option tried in turn, as the search loop does (X2 to X8), handing on the pieces met. A
    /// break undoes this level's covers before it goes up, so the arena is whole again at the
    /// top.
    fn walk_level(&mut self, walk: &mut Walk<'_>, visit: &mut VisitPiece<'_>) -> ControlFlow<()> {
        if (walk.stop_requested)() {
            walk.interrupted = true;
            return ControlFlow::Break(());
        }
        walk.pending.nodes += 1;
        walk.nodes += 1;
        let best = self.dlx.choose_item::<false>(walk.rule, walk.nodes);
        self.dlx
            .cover::<true, false, false>(best, &mut walk.pending.updates);
        let mut current = self.dlx.node(best).down.get();
        let share = walk.share;
        walk.share /= f64::from((self.dlx.len[best as usize] & !COVERED).max(1));
        let mut flow = ControlFlow::Continue(());
        while current != best && flow.is_continue() {
            self.dlx
                .cover_others::<true, false, false>(current, &mut walk.pending.updates);
            walk.path.push(current);
            walk.options.push(self.dlx.option_of(current));
            flow = if self.dlx.uncovered == 0 {
                walk.pending.nodes += 1;
                walk.pending.solutions += 1;
                walk.nodes += 1;
                let before = std::mem::take(&mut walk.pending);
                visit(PieceAt::Solution(&walk.options), before)
            } else if walk.path.len() == walk.depth {
                let before = std::mem::take(&mut walk.pending);
                visit(PieceAt::Subtree(&walk.path, walk.share), before)
            } else {
                self.walk_level(walk, visit)
            };
            walk.path.pop();
            walk.options.pop();
            self.dlx.uncover_others::<false, false>(current);
            current = self.dlx.node(current).down.get();
        }
        self.dlx.uncover::<false, false>(best);
        walk.share = share;
        flow
    }

    /// Searches the subtree at `path` (from a `Piece::Subtree` of a plan of this arena or of
    /// one built from the same problem): the path's choices are replayed without being counted,
    /// then the search runs from there under the rule, handing the visitor whole solutions (the
    /// path's options first). The arena is left as it was found.
    pub(crate) fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let hints = (self.dlx.short_item, self.dlx.empty_item);
        let mut ignored = 0u64;
        for &node in path {
            self.dlx
                .cover::<true, false, false>(self.dlx.node(node).top.get(), &mut ignored);
            self.dlx
                .cover_others::<true, false, false>(node, &mut ignored);
        }
        let prefix: Vec<OptionId> = path.iter().map(|&node| self.dlx.option_of(node)).collect();
        let mut whole = Vec::new();
        let mut prefixed = Prefixed {
            prefix: &prefix,
            whole: &mut whole,
            inner: visitor,
        };
        let outcome = self.dlx.set_rule(self.rule).search(limits, &mut prefixed);
        for &node in path.iter().rev() {
            self.dlx.uncover_others::<false, false>(node);
            self.dlx
                .uncover::<false, false>(self.dlx.node(node).top.get());
        }
        (self.dlx.short_item, self.dlx.empty_item) = hints;
        outcome
    }
}

/// Dancing links cut their tree by walking its top with the covers of the search, under the
/// arena's rule ([`Dlx::set_rule`]).
impl<L: Link> Subtrees for Dlx<L> {
    fn can_split(&self) -> bool {
        Dlx::can_split(self)
    }

    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd {
        let rule = self.rule;
        Splitter::new(self, rule).walk_pieces(depth, stop_requested, visit)
    }

    fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let rule = self.rule;
        Splitter::new(self, rule).search_subtree(path, limits, visitor)
    }

    /// A copy searches one subtree after another, so it undoes every search, whatever this
    /// arena was set to do after a stop ([`Dlx::set_reload_after_stop`]).
    fn worker_template(&self) -> Self {
        let mut template = self.clone();
        template.set_reload_after_stop(false);
        template
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

    fn progress(&mut self, at: &crate::TreePosition) {
        self.inner.progress(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Problem;
    use proptest::prelude::*;

    /// Every solution of a plan's pieces in order, and the summed figures, against the
    /// one-thread search.
    fn check_split(problem: &Problem, depth: usize) {
        let mut dlx = Dlx::new(problem);
        let mut whole = Vec::new();
        let one = dlx.set_rule(ChoiceRule::Mrv).search(
            SearchLimits::default(),
            &mut |options: &[OptionId]| {
                whole.push(options.to_vec());
                ControlFlow::Continue(())
            },
        );
        let plan = Splitter::new(&mut dlx, ChoiceRule::Mrv).plan_at_depth(depth);
        let mut split = Vec::new();
        let mut stats = plan.after;
        for planned in &plan.pieces {
            stats += planned.before;
            match &planned.piece {
                Piece::Solution(options) => split.push(options.clone()),
                Piece::Subtree(path) => {
                    let mut copy = dlx.clone();
                    let part = Splitter::new(&mut copy, ChoiceRule::Mrv).search_subtree(
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
        let again = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None);
        assert_eq!(again.stats, one.stats);
    }

    #[test]
    fn split_searches_sum_to_dlx1s_figures_at_every_depth() {
        for depth in 1..=4 {
            check_split(&Problem::toy(), depth);
            check_split(&Problem::queens(8), depth);
            check_split(&Problem::langford(7), depth);
        }
        check_split(&Problem::pentominoes(3, 20), 3);
    }

    #[test]
    fn a_cut_reaches_the_subtrees_asked_for_when_the_tree_has_them() {
        let mut dlx = Dlx::new(&Problem::queens(8));
        let depth = dlx.split_depth(ChoiceRule::Mrv, 40, &never).unwrap();
        let plan = Splitter::new(&mut dlx, ChoiceRule::Mrv).plan_at_depth(depth);
        assert!(plan.subtrees() >= 40, "{} subtrees", plan.subtrees());
        let shallower = Splitter::new(&mut dlx, ChoiceRule::Mrv).plan_at_depth(depth - 1);
        assert!(shallower.subtrees() < 40);
        // More than the tree has: the deepest cut that still gains, never an endless walk.
        let deepest = dlx
            .split_depth(ChoiceRule::Mrv, usize::MAX, &never)
            .unwrap();
        assert!(deepest <= crate::subtrees::MAX_DEPTH);
        let plan = Splitter::new(&mut dlx, ChoiceRule::Mrv).plan_at_depth(deepest);
        assert!(
            plan.subtrees()
                >= Splitter::new(&mut dlx, ChoiceRule::Mrv)
                    .plan_at_depth(deepest - 1)
                    .subtrees()
        );
    }

    #[test]
    fn a_walk_stopped_by_its_visit_or_its_flag_leaves_the_arena_whole() {
        let problem = Problem::langford(7);
        let mut dlx = Dlx::new(&problem);
        let whole = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None);
        let plan = Splitter::new(&mut dlx, ChoiceRule::Mrv).plan_at_depth(3);
        // The walk hands on the pieces a kept plan holds, in its order, and stops where asked.
        let mut met = Vec::new();
        let end = Splitter::new(&mut dlx, ChoiceRule::Mrv).walk_pieces(
            3,
            &never,
            &mut |piece, before| {
                met.push(PlannedPiece {
                    piece: piece.to_owned(),
                    before,
                });
                if met.len() == 10 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(end, WalkEnd::Stopped);
        assert_eq!(met[..], plan.pieces[..10]);
        assert_eq!(dlx.set_rule(ChoiceRule::Mrv).count_solutions(None), whole);
        // A raised flag stops it at the next node, and the depth is not chosen.
        let raised = || true;
        let end = Splitter::new(&mut dlx, ChoiceRule::Mrv)
            .walk_pieces(3, &raised, &mut |_, _| ControlFlow::Continue(()));
        assert_eq!(end, WalkEnd::Interrupted);
        assert_eq!(dlx.split_depth(ChoiceRule::Mrv, 100, &raised), None);
        assert_eq!(dlx.set_rule(ChoiceRule::Mrv).count_solutions(None), whole);
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
            let problem = super::super::search::tests::small_problem(items, secondary, &options);
            check_split(&problem, depth);
            // Under the rules whose choices depend on what came before, the subtrees are still
            // exactly the one-thread search's: the counts agree.
            for rule in [ChoiceRule::MrvStopAtOne, ChoiceRule::MrvThenReach { from_node: 0 }] {
                let mut dlx = Dlx::new(&problem);
                let whole = dlx.set_rule(rule).count_solutions(None).answer.solutions;
                let plan = Splitter::new(&mut dlx, rule).plan_at_depth(depth);
                let mut count = 0;
                for planned in &plan.pieces {
                    count += match &planned.piece {
                        Piece::Solution(_) => 1,
                        Piece::Subtree(path) => {
                            let mut copy = dlx.clone();
                            let mut none = |_: &[OptionId]| ControlFlow::Continue(());
                            Splitter::new(&mut copy, rule).search_subtree(path, SearchLimits::default(), &mut none)
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
