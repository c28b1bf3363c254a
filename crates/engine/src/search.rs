//! What every search takes: its limits ([`SearchLimits`]) and the visitor it hands each
//! solution to ([`Visitor`]), which also hears of every node entered (a stop flag's poll) and,
//! when it asks, of the search's progress.

use crate::problem::OptionId;
use crate::progress::TreePosition;
use std::ops::ControlFlow;

/// When to give up a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop after this many solutions. Default: no limit.
    pub max_solutions: Option<u64>,
    /// Stop before entering more than this many search-tree nodes (solutions included, as
    /// each counts as a node), so a runaway search ends deterministically: the report's
    /// `nodes` never exceeds it, under every rule. Default: no limit.
    pub max_nodes: Option<u64>,
}

/// Receives each solution as the options chosen, in the order of the search's levels, and says
/// whether to go on. Breaking with a value (a write error, say) ends the search, which hands the
/// value back as its outcome's answer, as ripgrep's sink returns its error.
pub trait Visitor {
    /// What the visitor breaks with: `()` when it has nothing to say, an error when it failed.
    type Break;

    /// Called with each solution.
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<Self::Break>;

    /// Whether [`Visitor::solution`] reads its options. A visitor that only counts says no,
    /// and the search then hands it an empty slice instead of naming the option of every level
    /// at every solution: on problems of deep solutions that naming was most of the time
    /// (docs/benchmarks.md). Default: yes.
    #[inline(always)]
    fn wants_options(&self) -> bool {
        true
    }

    /// Called on entering each search-tree node, before it is counted; breaking here ends the
    /// search between two nodes ([`Stop::Visitor`](crate::Stop::Visitor)), as an interrupted program wants. Default:
    /// go on, which the compiler removes.
    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<Self::Break> {
        ControlFlow::Continue(())
    }

    /// How often the search tells [`Visitor::progress`] where it stands: on entering a node
    /// when at least `mask + 1` nodes have passed since the last report (`mask + 1` a power of
    /// two, say). Asked once, when the search starts. Default: never, and the compiler then
    /// removes the test from the search loop.
    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        None
    }

    /// Called on entering a node every so many nodes ([`Visitor::progress_mask`]) with where
    /// the search stands in its tree, and once more when it has searched the whole tree
    /// ([`TreePosition::done`] is then 1). Default: nothing.
    #[inline(always)]
    fn progress(&mut self, _at: &TreePosition) {}
}

/// A visitor that only counts: the search need not name the options of its solutions.
pub(crate) struct CountOnly;

impl Visitor for CountOnly {
    type Break = ();

    #[inline(always)]
    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn wants_options(&self) -> bool {
        false
    }
}

/// A closure is a visitor that breaks without a value; a visitor that has something to say
/// when it stops (an error) implements the trait.
impl<F: FnMut(&[OptionId]) -> ControlFlow<()>> Visitor for F {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self(options)
    }
}
