//! The arena's searches as a user calls them: thin methods of [`Dlx`] that hand the work to
//! the type that does it, Algorithm X's loop ([`super::search`]), Algorithm M's
//! ([`super::mcc`]), the split over threads ([`super::parallel`]) and the estimate
//! ([`super::estimate`]). First solution, counting, all solutions and the uniqueness test are
//! wrappers around [`Dlx::search`].

use super::arena::{Dlx, Mode};
use super::choice_rule::ChoiceRule;
use super::error::DlxError;
use super::estimate::{Estimate, Estimator};
use super::mcc::MccSearch;
use super::node::Link;
use super::outcome::{Count, Outcome, Uniqueness};
use super::parallel::{ParallelSearch, SplitReport, SplitSettings};
use super::problem::OptionId;
use super::progress::{ProgressSink, Reporting};
use super::search::{CountOnly, PlainSearch, SearchLimits, Visitor};
use super::split::Splitter;
use super::stop_flag::{StopFlag, Stoppable};
use std::ops::ControlFlow;

impl<L: Link> Dlx<L> {
    /// Runs Algorithm X from the current state (after any [`Dlx::select`]), handing every
    /// solution to `visitor`, until the tree is exhausted, a limit is reached, or the visitor
    /// says stop. The arena is left exactly as it was found (but see
    /// [`Dlx::set_reload_after_stop`]). The outcome's answer is the value the visitor broke
    /// with, if it did.
    pub fn search<V: Visitor + ?Sized>(
        &mut self,
        rule: ChoiceRule,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        self.assert_not_spent();
        if self.mode != Mode::Plain {
            // Colours or bounds: Algorithm M (see `mcc.rs` for why it is a loop of its own).
            return MccSearch::new(self, rule, limits, visitor).run();
        }
        PlainSearch::new(self, rule, limits, visitor).run()
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
    /// use dlx_engine::{ChoiceRule, Dlx, Problem, SearchLimits, Stop, StopFlag};
    /// use std::ops::ControlFlow;
    ///
    /// // Two items and three options, laid out by number: {0}, {1}, {0 1}; two solutions.
    /// let options: [&[u32]; 3] = [&[0], &[1], &[0, 1]];
    /// let mut dlx = Dlx::new(&Problem::default());
    /// dlx.set_reload_after_stop(true);
    /// dlx.reload(2, 2, options).unwrap();
    /// let first = SearchLimits { max_solutions: Some(1), max_nodes: None };
    /// let mut found = 0;
    /// let outcome = dlx.search_until(ChoiceRule::Mrv, first, &StopFlag::never(), &mut |_: &[_]| {
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

    /// Hands every solution to `each` (its options, level by level) under the default rule
    /// ([`ChoiceRule::Mrv`]), and gives back how many there were with the search's figures. The
    /// closure's argument needs no annotation, unlike a closure handed to [`Dlx::search`]; for
    /// another rule, a limit or a way to stop early, use [`Dlx::search`].
    pub fn for_each(&mut self, mut each: impl FnMut(&[OptionId])) -> Outcome<Count> {
        let mut visitor = |options: &[OptionId]| {
            each(options);
            ControlFlow::Continue(())
        };
        let outcome = self.search(ChoiceRule::Mrv, SearchLimits::default(), &mut visitor);
        let count = Count {
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
        };
        outcome.map(|_| count)
    }

    /// The number of solutions, all of them, under the default rule; [`Dlx::count_solutions`]
    /// takes a rule and a limit and gives the search's figures too.
    pub fn count(&mut self) -> u64 {
        self.count_solutions(ChoiceRule::Mrv, None).answer.solutions
    }

    /// The first solution under the default rule, if any; [`Dlx::first_solution`] takes a rule
    /// and gives the search's figures too.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.first_solution(ChoiceRule::Mrv).answer
    }

    /// The first solution, if any.
    pub fn first_solution(&mut self, rule: ChoiceRule) -> Outcome<Option<Vec<OptionId>>> {
        Outcome::first_solution(|max, visit| self.search_handing(rule, max, visit))
    }

    /// The number of solutions, counting stopped at `limit` if given.
    pub fn count_solutions(&mut self, rule: ChoiceRule, limit: Option<u64>) -> Outcome<Count> {
        Outcome::count_solutions(limit, |max, _: &mut dyn FnMut(&[OptionId])| {
            let limits = SearchLimits {
                max_solutions: Some(max),
                max_nodes: None,
            };
            self.search(rule, limits, &mut CountOnly).map(|_| ())
        })
    }

    /// Whether there are no solutions, one, or several: the search stops at the second.
    pub fn uniqueness(&mut self, rule: ChoiceRule) -> Outcome<Uniqueness<Vec<OptionId>>> {
        Outcome::uniqueness(|max, visit| self.search_handing(rule, max, visit))
    }

    /// A search for at most `max_solutions` that hands each to `visit`: what the three
    /// questions of [`super::outcome`] ask of a search.
    fn search_handing(
        &mut self,
        rule: ChoiceRule,
        max_solutions: u64,
        visit: &mut dyn FnMut(&[OptionId]),
    ) -> Outcome<()> {
        let limits = SearchLimits {
            max_solutions: Some(max_solutions),
            max_nodes: None,
        };
        let mut visitor = |options: &[OptionId]| {
            visit(options);
            ControlFlow::Continue(())
        };
        self.search(rule, limits, &mut visitor).map(|_| ())
    }

    /// [`Dlx::search`], ended between two nodes once `stop` is raised ([`Stop::Interrupted`](super::Stop::Interrupted):
    /// the solutions handed on so far and the figures stand, the arena is left as found, as by
    /// [`Dlx::search`]). The flag is read at every node: a search that needs none is
    /// [`Dlx::search`], which reads nothing.
    pub fn search_until<V: Visitor + ?Sized>(
        &mut self,
        rule: ChoiceRule,
        limits: SearchLimits,
        stop: &StopFlag,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        Stoppable::around(stop, visitor, |stoppable| {
            self.search(rule, limits, stoppable)
        })
    }

    /// [`Dlx::search_until`], telling `sink` where the search stands every
    /// [`TreePosition::PROGRESS_MASK`](super::TreePosition::PROGRESS_MASK) + 1 nodes, and
    /// once more when it has seen the whole tree (the fraction 1): the progress of a search of
    /// one thread. The caller has the sink [`ProgressSink::begin`] the search before and
    /// [`ProgressSink::end`] it after.
    ///
    /// Compiled out of line, apart from the searches without reports: they compile (and inline
    /// into their callers) as if there were no reports, whose test the compiler removes from
    /// their loop. A caller who reports only sometimes calls this or them, two calls, not one
    /// search that tests whether it has a sink.
    ///
    /// ```
    /// use dlx_engine::{ChoiceRule, Dlx, OptionId, Problem, ProgressSink, SearchLimits, StopFlag};
    /// use std::ops::ControlFlow;
    /// use std::sync::Mutex;
    ///
    /// struct Last(Mutex<f64>);
    /// impl ProgressSink for Last {
    ///     fn report(&self, fraction: f64, _nodes: u64) {
    ///         *self.0.lock().unwrap() = fraction;
    ///     }
    /// }
    ///
    /// let last = Last(Mutex::new(0.0));
    /// let mut count = |_: &[OptionId]| ControlFlow::Continue(());
    /// let mut dlx = Dlx::new(&Problem::queens(8));
    /// let (rule, limits, stop) = (ChoiceRule::Mrv, SearchLimits::default(), StopFlag::never());
    /// let outcome = dlx.search_reporting(rule, limits, &stop, &last, &mut count);
    /// assert_eq!(outcome.stats.solutions, 92);
    /// assert_eq!(*last.0.lock().unwrap(), 1.0, "the whole tree was searched");
    /// ```
    #[inline(never)]
    pub fn search_reporting<V: Visitor + ?Sized>(
        &mut self,
        rule: ChoiceRule,
        limits: SearchLimits,
        stop: &StopFlag,
        sink: &dyn ProgressSink,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        Stoppable::around(stop, visitor, |stoppable| {
            self.search(rule, limits, &mut Reporting::new(sink, stoppable))
        })
    }

    /// Whether the search can be split: plain exact cover, not Algorithm M's colours or bounds
    /// (its purifications and tweaks are not replayed).
    pub fn can_split(&self) -> bool {
        self.mode == Mode::Plain
    }
    /// The depth to cut the tree at: the shallowest that gives at least `min_subtrees` subtrees (at
    /// most [`SplitSettings::MAX_SUBTREES`]), or twelve levels, or the depth below which the tree
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
        Splitter::new(self, rule)
            .depth(min_subtrees, stop_requested)
            .map(|cut| cut.depth)
    }

    /// Searches this shard's share of the tree on the current rayon pool, handing `visitor` the
    /// solutions in the one-thread search's order. With [`ChoiceRule::Mrv`] and the whole tree
    /// the figures are the one-thread search's; the shards' figures and counts sum to them.
    /// `stop_requested` is asked on entering each node, on every thread and in the walk that
    /// cuts the tree (a signal): the search then ends with [`Stop::Interrupted`](super::Stop::Interrupted), the figures
    /// and solutions of what it finished kept.
    ///
    /// Memory is bounded whatever the tree and the shard count: the top of the tree is walked
    /// ([`Dlx::split_depth`], then once more for the pieces), never kept, and only a window of
    /// this shard's pieces is held at a time.
    pub fn search_split<V: Visitor + ?Sized>(
        &mut self,
        settings: SplitSettings,
        stop_requested: &(dyn Fn() -> bool + Sync),
        visitor: &mut V,
    ) -> SplitReport<V::Break> {
        self.search_split_reporting(settings, stop_requested, None, visitor)
    }

    /// [`Dlx::search_split`], telling `progress` (when given, and when its
    /// [`ProgressSink::begin`] takes this search) how much of this shard's tree is done, from
    /// the threads as they go: each subtree counts for its share of the tree as DLX1 estimates
    /// it ([`super::TreePosition`]), a subtree being searched for the share of it its search has
    /// done, against the shard's part of the tree (1/N of it: the subtrees are dealt
    /// round-robin, so a shard's share is known only once its walk ends, and the fraction is
    /// made 1 when the search ends). A problem that cannot be split reports its one search's
    /// position.
    pub fn search_split_reporting<V: Visitor + ?Sized>(
        &mut self,
        settings: SplitSettings,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
        visitor: &mut V,
    ) -> SplitReport<V::Break> {
        ParallelSearch::new(self, settings, stop_requested).run(progress, visitor)
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
