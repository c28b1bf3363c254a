//! How a hide walks the other nodes of an option: through the option's spacer, as DLX1 does,
//! or by place, when every option has the same width.
//!
//! DLX1 walks right from the node at hand, through the spacer back to the option's first node,
//! and on to where it started. Where that spacer comes depends on the node's place in its
//! option. When an item keeps one place in all its options (a Sudoku's cell, row, column and
//! box items always come in that order), every hide of a cover meets the spacer at the same
//! step and the processor predicts it; when an item stands at varying places (a cell of the
//! pentominoes, first in one option and fourth in another), the processor mispredicts it in
//! hide after hide. Walking by place takes the same number of steps every time (the width less
//! one) and wraps around to the option's start without a branch.
//!
//! Measured (docs/benchmarks.md): walking by place speeds up Knuth's 6x10 pentominoes by about
//! a quarter and slows the Sudoku collections, so the walk is chosen per problem: by place only
//! when options share a width and some item changes place.
//!
//! The items of one option are distinct, so its nodes are in different lists and hiding (or
//! unhiding) them in any order leaves the same links: the two walks can be mixed freely.

use crate::node::{Link, Node};

/// How [`Dlx`](crate::Dlx) walks an option's nodes when it hides the option from the other
/// lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum OptionWalk {
    /// Chosen each time the arena is laid out: by place when every option has the same number
    /// of items and some item stands at different places in different options, through the
    /// spacer otherwise.
    #[default]
    Auto,
    /// Always through the spacer, and no look at the places when laying out
    /// ([`crate::Dlx::walk_through_spacers`]).
    Spacers,
}

/// The walk the arena as laid out now takes, and what walking by place needs.
#[derive(Clone, Debug, Default)]
pub(super) struct OptionWalker {
    /// How the user asked options to be walked ([`crate::Dlx::walk_through_spacers`]).
    pub(super) asked: OptionWalk,
    /// When every option has the same number of items, that number plus one (its spacer): the
    /// option of a node is then a division away. 0 otherwise.
    pub(super) uniform_stride: u32,
    /// Nonzero when hides and unhides walk an option by its nodes' places instead of through
    /// its spacer: `u64::MAX / uniform_stride + 1`, which makes a node's place a multiplication
    /// away ([`OptionWalker::place_in_option`]).
    stride_magic: u64,
    /// The place in its options at which each item was first met, or `u32::MAX`: scratch for
    /// choosing the walk, kept to reuse its allocation.
    pub(super) item_place: Vec<u32>,
}

impl OptionWalker {
    /// Whether hides walk an option by its nodes' places rather than through its spacer.
    #[inline]
    pub(super) fn by_place(&self) -> bool {
        self.stride_magic != 0
    }

    /// Decides the walk for the arena's `nodes` as laid out now, `item_count` items (see the
    /// module's documentation).
    pub(super) fn choose<L: Link>(&mut self, nodes: &[Node<L>], item_count: u32) {
        let stride = self.uniform_stride;
        let by_place = self.asked == OptionWalk::Auto
            && stride != 0
            && self.items_change_places(nodes, item_count);
        self.stride_magic = match by_place {
            true => u64::MAX / stride as u64 + 1,
            false => 0,
        };
    }

    /// Whether some item stands at one place in one option and another in another; only
    /// called when all options have one width, so that places are counted from each stride.
    fn items_change_places<L: Link>(&mut self, nodes: &[Node<L>], item_count: u32) -> bool {
        let first_option = item_count as usize + 2;
        let stride = self.uniform_stride as usize;
        let mut seen = std::mem::take(&mut self.item_place);
        seen.clear();
        seen.resize(item_count as usize + 1, u32::MAX);
        let mut change = false;
        // Options of one width: the nodes after the first spacer come in strides of an
        // option's nodes and its spacer, so each node's place is counted, not divided for.
        let places = (0..stride as u32).cycle();
        for (node, place) in nodes[first_option..].iter().zip(places) {
            let item = node.top.get() as usize;
            if item == 0 {
                continue;
            }
            let first_seen = &mut seen[item];
            if *first_seen == u32::MAX {
                *first_seen = place;
            }
            if *first_seen != place {
                change = true;
                break;
            }
        }
        self.item_place = seen;
        change
    }

    /// Where option node `row` stands in its option, from 0, when options are walked by
    /// place (an arena of `item_count` items): the remainder of a division by the stride,
    /// computed as Lemire's fastmod (a division takes several times as long, and this is done
    /// at every hide).
    #[inline(always)]
    pub(super) fn place_in_option(&self, row: u32, item_count: u32) -> u32 {
        debug_assert!(self.by_place());
        let offset = (row - item_count - 2) as u64;
        let low = self.stride_magic.wrapping_mul(offset);
        ((low as u128 * self.uniform_stride as u128) >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::{ChoiceRule, Dlx, Problem, ProblemBuilder};
    use proptest::prelude::*;

    #[test]
    fn the_walk_is_by_place_only_where_options_share_a_width_and_items_change_places() {
        // Langford pairs: three items an option, a position first in one option and second
        // in another. Queens: four items an option, each kind of item always at its place.
        let langford = Dlx::new(&Problem::langford(5));
        assert!(langford.walks_by_place());
        let queens = Dlx::new(&Problem::queens(6));
        assert!(!queens.walks_by_place());
        let mut b = ProblemBuilder::new();
        let a = b.primary("a").unwrap();
        let c = b.primary("c").unwrap();
        b.option(&[a, c]).unwrap();
        b.option(&[c]).unwrap();
        assert!(!Dlx::new(&b.build()).walks_by_place(), "widths differ");
        let mut told = Dlx::new(&Problem::langford(5));
        told.walk_through_spacers();
        assert!(!told.walks_by_place());
        told.set_option_walk(OptionWalk::Auto);
        assert!(told.walks_by_place());
    }

    #[test]
    fn the_place_of_every_node_is_its_distance_from_its_options_start() {
        let dlx = Dlx::new(&Problem::langford(6));
        let stride = dlx.walk.uniform_stride;
        for first in dlx.option_first.iter().copied() {
            for place in 0..stride - 1 {
                assert_eq!(dlx.place_in_option(first + place), place);
            }
        }
    }

    proptest! {
        /// Both walks search the same tree: same solutions in the same order, same nodes and
        /// updates, on problems of one width (two to eleven items) whose items change places.
        #[test]
        fn both_walks_search_the_same_tree(
            items in 3usize..16,
            width in 2usize..12,
            picks in proptest::collection::vec(proptest::collection::vec(0usize..16, 12), 1..30),
        ) {
            let mut b = ProblemBuilder::new();
            let ids: Vec<_> = (0..items).map(|k| b.primary(&format!("i{k}")).unwrap()).collect();
            for pick in &picks {
                let mut option = Vec::new();
                for &k in pick {
                    let id = ids[k % items];
                    if !option.contains(&id) && option.len() < width {
                        option.push(id);
                    }
                }
                if option.len() == width {
                    b.option(&option).unwrap();
                }
            }
            let problem = b.build();
            let mut by_place = Dlx::new(&problem);
            prop_assume!(by_place.walks_by_place(), "every item keeps its place here");
            let mut spacers = Dlx::new(&problem);
            spacers.walk_through_spacers();
            prop_assert!(!spacers.walks_by_place());
            for rule in [ChoiceRule::Mrv, ChoiceRule::MrvStopAtOne] {
                let mut seen = [Vec::new(), Vec::new()];
                let mut stats = Vec::new();
                for (dlx, found) in [&mut by_place, &mut spacers].into_iter().zip(&mut seen) {
                    let before = dlx.clone();
                    let outcome = dlx.set_rule(rule).search(Default::default(), &mut |o: &[crate::OptionId]| {
                        found.push(o.to_vec());
                        std::ops::ControlFlow::<()>::Continue(())
                    });
                    stats.push(outcome.stats);
                    prop_assert_eq!(&dlx.nodes, &before.nodes, "the links are restored");
                }
                prop_assert_eq!(&seen[0], &seen[1]);
                prop_assert_eq!(stats[0], stats[1]);
            }
        }
    }
}
