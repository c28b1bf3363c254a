//! Stopping a long search from outside it: a flag that a signal handler or another thread
//! raises, and the visitor that polls it on entering each node.
//!
//! The engine's loops know nothing of signals. A caller who wants a search to be interruptible
//! hands it a [`StopFlag`] through a solver (`with_stop_flag`) or a search that takes one
//! ([`Dlx::search_until`](super::Dlx::search_until)), which wraps its visitor in [`Stoppable`];
//! the search then ends between two nodes with [`Stop::Interrupted`], its figures and the
//! solutions found so far intact. A search without a flag polls nothing: the check is
//! in the visitor's [`Visitor::enter_node`], whose default compiles away.

use super::outcome::{Outcome, Stop};
use super::problem::OptionId;
use super::progress::TreePosition;
use super::search::Visitor;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that asks every search holding it to stop; never raised by default.
///
/// ```
/// use dlx_engine::{Dlx, Engine, Problem, SearchLimits, StopFlag, Stop};
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::sync::Arc;
///
/// let raised = Arc::new(AtomicBool::new(false));
/// let stop = StopFlag::new(Arc::clone(&raised));
/// let mut dlx = Dlx::new(&Problem::queens(8));
/// // The flag raised before the search: it stops at its first node, having found nothing.
/// raised.store(true, Ordering::Relaxed);
/// let outcome = dlx.search_until(SearchLimits::default(), &stop, &mut |_: &[_]| {
///     std::ops::ControlFlow::<()>::Continue(())
/// });
/// assert_eq!((outcome.stop, outcome.stats.solutions), (Stop::Interrupted, 0));
/// assert!(outcome.cut_short());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Option<Arc<AtomicBool>>);

/// What a flag that is never raised reads.
static NEVER: AtomicBool = AtomicBool::new(false);

impl StopFlag {
    /// How many steps a loop that is not the engine's (a backtracker's) takes between two looks
    /// at its stop flag: a power of two, so the test is a mask; a few microseconds of work.
    pub const POLL_EVERY: u64 = 1 << 12;

    /// A flag raised when `flag` is set (by a signal handler, say).
    pub fn new(flag: Arc<AtomicBool>) -> StopFlag {
        StopFlag(Some(flag))
    }

    /// A flag never raised: searches run to their end or their limits.
    pub fn never() -> StopFlag {
        StopFlag(None)
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.atomic().load(Ordering::Relaxed)
    }

    /// Whether anything can raise the flag (it is not [`StopFlag::never`]).
    #[inline]
    pub(crate) fn can_be_raised(&self) -> bool {
        self.0.is_some()
    }

    /// The atomic to poll: the caller's, or one never set.
    #[inline]
    pub(crate) fn atomic(&self) -> &AtomicBool {
        self.0.as_deref().unwrap_or(&NEVER)
    }
}

/// A visitor that hands everything on to `inner` and, on entering each node, breaks once the
/// flag is raised: one load of the flag a node, no branch on whether there is a flag at all.
/// It breaks with `None` for the flag and `Some(value)` for the inner visitor's own break;
/// [`Stoppable::outcome`] turns the first into [`Stop::Interrupted`]. What
/// [`Dlx::search_until`](super::Dlx::search_until) and the searches of [`super::Cells`] run.
pub(crate) struct Stoppable<'a, V: ?Sized> {
    flag: &'a AtomicBool,
    inner: &'a mut V,
}

impl<'a, V: Visitor + ?Sized> Stoppable<'a, V> {
    /// `inner`, stopped between two nodes once `stop` is raised.
    pub(crate) fn new(stop: &'a StopFlag, inner: &'a mut V) -> Self {
        Stoppable {
            flag: stop.atomic(),
            inner,
        }
    }

    /// Runs `search` with `inner` stopped between two nodes once `stop` is raised: the
    /// outcome as `inner` would have had it, or [`Stop::Interrupted`].
    pub(crate) fn around(
        stop: &'a StopFlag,
        inner: &'a mut V,
        search: impl FnOnce(&mut Self) -> Outcome<Option<Option<V::Break>>>,
    ) -> Outcome<Option<V::Break>> {
        let mut stoppable = Stoppable::new(stop, inner);
        let outcome = search(&mut stoppable);
        stoppable.outcome(outcome)
    }

    /// The outcome of a search run with this visitor, as the inner visitor would have had it,
    /// but for a stop by the flag, which says [`Stop::Interrupted`].
    pub(crate) fn outcome(
        self,
        outcome: Outcome<Option<Option<V::Break>>>,
    ) -> Outcome<Option<V::Break>> {
        match outcome.answer {
            Some(None) => Outcome {
                answer: None,
                stats: outcome.stats,
                stop: Stop::Interrupted,
            },
            answer => Outcome {
                answer: answer.flatten(),
                stats: outcome.stats,
                stop: outcome.stop,
            },
        }
    }
}

impl<V: Visitor + ?Sized> Visitor for Stoppable<'_, V> {
    type Break = Option<V::Break>;

    #[inline(always)]
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<Option<V::Break>> {
        match self.inner.solution(options) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(value) => ControlFlow::Break(Some(value)),
        }
    }

    #[inline(always)]
    fn wants_options(&self) -> bool {
        self.inner.wants_options()
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<Option<V::Break>> {
        if self.flag.load(Ordering::Relaxed) {
            return ControlFlow::Break(None);
        }
        match self.inner.enter_node() {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(value) => ControlFlow::Break(Some(value)),
        }
    }

    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        self.inner.progress_mask()
    }

    fn progress(&mut self, at: &TreePosition) {
        self.inner.progress(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::{Dlx, Problem, SearchLimits};

    #[test]
    fn a_raised_flag_stops_the_search_between_two_nodes_and_keeps_what_it_found() {
        let raised = Arc::new(AtomicBool::new(false));
        let stop = StopFlag::new(Arc::clone(&raised));
        let mut dlx = Dlx::new(&Problem::queens(8));
        let whole = dlx.count_solutions(None);
        // Raised by the visitor itself at the fifth solution: the search ends at the next node.
        let mut seen = 0;
        let outcome = dlx.search_until(SearchLimits::default(), &stop, &mut |_: &[OptionId]| {
            seen += 1;
            if seen == 5 {
                raised.store(true, Ordering::Relaxed);
            }
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(outcome.stop, Stop::Interrupted);
        assert_eq!(outcome.stats.solutions, 5);
        assert!(outcome.stats.nodes < whole.stats.nodes);
        assert!(outcome.cut_short() && !outcome.is_complete());
        // The arena is left as it was: lowered, the flag lets the whole tree be searched again.
        raised.store(false, Ordering::Relaxed);
        let again = dlx.search_until(SearchLimits::default(), &stop, &mut |_: &[OptionId]| {
            ControlFlow::<()>::Continue(())
        });
        assert_eq!((again.stats, again.stop), (whole.stats, Stop::Exhausted));
    }

    #[test]
    fn the_inner_visitors_break_is_its_own_and_a_flag_never_raised_never_stops() {
        let mut dlx = Dlx::new(&Problem::queens(6));
        let outcome = dlx.search_until(
            SearchLimits::default(),
            &StopFlag::never(),
            &mut |_: &[OptionId]| ControlFlow::Break(()),
        );
        assert_eq!(
            (outcome.answer, outcome.stop, outcome.stats.solutions),
            (Some(()), Stop::Visitor, 1)
        );
        assert!(!StopFlag::default().is_raised());
    }
}
