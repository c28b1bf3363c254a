//! The arena's searches as a user calls them: thin methods of [`Dlx`] that hand the work to
//! the type that does it, Algorithm X's loop ([`super::search`]), Algorithm M's
//! ([`super::mcc`]), the split over threads ([`crate::parallel`]) and the estimate
//! ([`super::estimate`]). First solution, counting, all solutions and the uniqueness test are
//! wrappers around [`Dlx::search`].

use super::arena::{Dlx, Mode};
use super::estimate::{Estimate, Estimator};
use super::mcc::MccSearch;
use super::search::PlainSearch;
use crate::choice_rule::ChoiceRule;
use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::node::Link;
use crate::outcome::Outcome;
use crate::parallel;
use crate::progress::ProgressSink;
use crate::request::{SearchReport, SearchRequest};
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::Subtrees;

impl<L: Link> Engine for Dlx<L> {
    fn kind(&self) -> EngineKind {
        EngineKind::Links
    }

    /// Runs Algorithm X from the current state (after any [`Dlx::select`]) under the arena's
    /// rule ([`Dlx::set_rule`]), handing every solution to `visitor`, until the tree is
    /// exhausted, a limit is reached, or the visitor says stop. The arena is left exactly as it
    /// was found (but see [`Dlx::set_reload_after_stop`]). The outcome's answer is the value
    /// the visitor broke with, if it did.
    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        self.assert_not_spent();
        let rule = self.rule;
        if self.mode != Mode::Plain {
            // Colours or bounds: Algorithm M (see `mcc.rs` for why it is a loop of its own).
            return MccSearch::new(self, rule, limits, visitor).run();
        }
        PlainSearch::new(self, rule, limits, visitor).run()
    }
}

impl<L: Link> Dlx<L> {
    /// Sets how the searches from now on choose the item to branch on (by default
    /// [`ChoiceRule::Mrv`], DLX1's rule and figures); returns the arena, so that a call reads
    /// `dlx.set_rule(rule).count()`.
    pub fn set_rule(&mut self, rule: ChoiceRule) -> &mut Dlx<L> {
        self.rule = rule;
        self
    }

    /// From now on (`on`), a search stopped before the end of its tree, by a limit, its visitor
    /// or a stop flag, leaves its levels in place instead of undoing them, and the arena must be
    /// laid out again ([`Dlx::reload`]) before its next search: until then it refuses to search
    /// or select (a panic: the caller's bug). Undoing the levels of a search stopped deep down
    /// (the second solution of a Sudoku puzzle that is not unique) costs as much as the covers
    /// that led there, which an arena laid out afresh for every puzzle need not pay. A search
    /// that sees its whole tree leaves the arena as it found it either way, and problems with
    /// colours or bounds, and the split searches ([`Dlx::search_split`], which search copies),
    /// are undone whatever the setting. Off by default.
    ///
    /// ```
    /// use dlx_engine::{Dlx, Engine, Problem, SearchLimits, Stop, StopFlag};
    /// use std::ops::ControlFlow;
    ///
    /// // Two items and three options, laid out by number: {0}, {1}, {0 1}; two solutions.
    /// let options: [&[u32]; 3] = [&[0], &[1], &[0, 1]];
    /// let mut dlx = Dlx::new(&Problem::default());
    /// dlx.set_reload_after_stop(true);
    /// dlx.reload(2, 2, options).unwrap();
    /// let first = SearchLimits { max_solutions: Some(1), max_nodes: None };
    /// let mut found = 0;
    /// let outcome = dlx.search_until(first, &StopFlag::never(), &mut |_: &[_]| {
    ///     found += 1;
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!((outcome.stop, found), (Stop::SolutionLimit, 1));
    /// // The stopped search left its levels: laid out again, the arena counts both solutions.
    /// dlx.reload(2, 2, options).unwrap();
    /// assert_eq!(dlx.count(), 2);
    /// ```
    pub fn set_reload_after_stop(&mut self, on: bool) {
        self.leave_on_stop = on;
    }

    /// Whether the search can be split: plain exact cover, not Algorithm M's colours or bounds
    /// (its purifications and tweaks are not replayed).
    pub fn can_split(&self) -> bool {
        self.mode == Mode::Plain
    }
    /// The depth to cut the tree at: the shallowest that gives at least `min_subtrees` subtrees (at
    /// most [`SearchRequest::MAX_SUBTREES`]), or twelve levels, or the depth below which the tree
    /// ends or thins out. Each depth tried is walked as the one-thread search walks the top of the
    /// tree, counting its subtrees and stopping once there are enough: memory is the walk's path,
    /// whatever the tree. `stop_requested` is asked at every node; `None` when it said stop. The
    /// arena is left as it was found.
    pub fn split_depth(
        &mut self,
        rule: ChoiceRule,
        min_subtrees: usize,
        stop_requested: &(dyn Fn() -> bool + Sync),
    ) -> Option<usize> {
        let kept = std::mem::replace(&mut self.rule, rule);
        let cut = Subtrees::split_depth(self, min_subtrees, stop_requested);
        self.rule = kept;
        cut.map(|cut| cut.depth)
    }

    /// Searches this shard's share of the tree on the current rayon pool, handing `visitor` the
    /// solutions in the one-thread search's order. With [`ChoiceRule::Mrv`] and the whole tree
    /// the figures are the one-thread search's; the shards' figures and counts sum to them.
    /// `stop_requested` is asked on entering each node, on every thread and in the walk that
    /// cuts the tree (a signal): the search then ends with [`Stop::Interrupted`](crate::Stop::Interrupted), the figures
    /// and solutions of what it finished kept.
    ///
    /// Memory is bounded whatever the tree and the shard count: the top of the tree is walked
    /// ([`Dlx::split_depth`], then once more for the pieces), never kept, and only a window of
    /// this shard's pieces is held at a time.
    pub fn search_split<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        self.search_split_reporting(settings, stop_requested, None, visitor)
    }

    /// [`Dlx::search_split`], telling `progress` (when given, and when its
    /// [`ProgressSink::begin`] takes this search) how much of this shard's tree is done, from
    /// the threads as they go: each subtree counts for its share of the tree as DLX1 estimates
    /// it ([`crate::TreePosition`]), a subtree being searched for the share of it its search has
    /// done, against the shard's part of the tree (1/N of it: the subtrees are dealt
    /// round-robin, so a shard's share is known only once its walk ends, and the fraction is
    /// made 1 when the search ends). A problem that cannot be split reports its one search's
    /// position.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SearchRequest,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SearchReport<V::Break> {
        self.assert_not_spent();
        self.set_rule(settings.rule);
        parallel::search_split(self, settings, stop_requested, progress, visitor)
    }

    /// Estimates the search tree of [`Dlx::search`] under `rule` from the current state with
    /// `probes` random probes seeded by `seed` (the same seed gives the same estimate).
    /// `stop_requested` is asked at every level of every probe; when it says stop, the
    /// estimate of the probes made so far is returned, marked stopped. The arena is left as
    /// it was found.
    ///
    /// Under [`ChoiceRule::Mrv`] the probes walk exactly the search's tree. The other rules'
    /// choices depend on the search's history (the hints its last covers left, and
    /// [`ChoiceRule::MrvThenReach`]'s node threshold), which a probe takes from its own path
    /// (a node on the path of first options is numbered as the search numbers it, any other as
    /// past the threshold): their trees are estimated closely, not exactly.
    ///
    /// ```
    /// use dlx_engine::{ChoiceRule, Dlx, Problem};
    /// // Eight queens: DLX1 searches 1,199 nodes and finds 92 solutions.
    /// let mut dlx = Dlx::new(&Problem::queens(8));
    /// let estimate = dlx.estimate(ChoiceRule::Mrv, 10_000, 0, &|| false).unwrap();
    /// let nodes = estimate.nodes.mean();
    /// assert!((nodes - 1_199.0).abs() < 4.0 * estimate.nodes.standard_error());
    /// assert!((nodes / 1_199.0 - 1.0).abs() < 0.1, "{nodes}");
    /// ```
    pub fn estimate(
        &mut self,
        rule: ChoiceRule,
        probes: u64,
        seed: u64,
        stop_requested: &dyn Fn() -> bool,
    ) -> Result<Estimate, DlxError> {
        Estimator::new(self, rule).run(probes, seed, stop_requested)
    }
}
