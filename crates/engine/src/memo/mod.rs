//! Counting without enumerating: Knuth's DLX6 (after Nishino, Yasuda, Minato and Nagata,
//! "Dancing with decision diagrams", 2017). The search remembers the number of solutions of
//! every subproblem it finishes, keyed by what is left of the problem: the active primary
//! items, the secondary items some active option still uses, and the colour each of those was
//! purified to. A subproblem met again by another path costs one lookup. On domino tilings,
//! where millions of partial tilings leave the same uncovered region, the tree shrinks from
//! tens of millions of nodes to thousands.
//!
//! The same search builds the ZDD of all solutions ([`Zdd`]), from which solutions are
//! counted, numbered and drawn uniformly without enumerating them.
//!
//! The cache's memory is bounded ([`Memo::max_bytes`]): past the bound it is forgotten and
//! filled again, so counts stay exact. Where subproblems rarely repeat (Langford pairs, n
//! queens), a count (not a ZDD) gives the cache up once it has saved too few nodes to pay for
//! itself, and the engine's plain search counts instead.

mod cache;
mod links;
mod plain;
mod search;
#[cfg(test)]
mod tests;
mod zdd;

pub use zdd::Zdd;

use crate::error::DlxError;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::problem::Problem;
use crate::progress::ProgressSink;
use crate::stop_flag::StopFlag;
use links::Links;
use search::MemoSearch;

/// A memoized count or ZDD of a problem without bounds (exact cover, with or without
/// colours), with the cache's memory bound and the stop flag the search polls.
///
/// The 12,988,816 domino tilings of a chessboard, in a few thousand nodes:
///
/// ```
/// use dlx_engine::{Memo, Problem};
/// let board = Problem::dominoes(8, 8);
/// let outcome = Memo::new(&board).count().unwrap();
/// assert_eq!(outcome.answer.solutions, 12_988_816);
/// assert!(outcome.stats.nodes < 10_000);
/// let zdd = Memo::new(&board).zdd().unwrap().answer.zdd.unwrap();
/// assert_eq!(zdd.count(), 12_988_816);
/// ```
#[derive(Clone)]
pub struct Memo<'p> {
    problem: &'p Problem,
    max_bytes: u64,
    stop: StopFlag,
    progress: Option<&'p dyn ProgressSink>,
}

impl std::fmt::Debug for Memo<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo")
            .field("problem", &self.problem)
            .field("max_bytes", &self.max_bytes)
            .field("stop", &self.stop)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// What a memoized search gives: the exact number of solutions, the ZDD when one was asked
/// for and the search ran to its end, and the cache's figures. A progress sink is handed the
/// same figures as the search goes ([`ProgressSink::report_memo`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoResult {
    /// Every solution when the search was complete; those found so far when it was stopped
    /// (or when reported along the way).
    pub solutions: u128,
    /// The ZDD of all solutions ([`Memo::zdd`] on a complete search only; never in a report
    /// along the way).
    pub zdd: Option<Zdd>,
    /// Subproblems looked up (one per node entered while caching).
    pub lookups: u64,
    /// Lookups answered by the cache. DLX6's `hits` adds one per solution found.
    pub hits: u64,
    /// Solutions reached by the search (leaves); the rest came from the cache.
    pub solution_leaves: u64,
    /// The most subproblems held at once.
    pub peak_entries: u64,
    /// Times the cache was forgotten to stay within the memory bound.
    pub evictions: u64,
    /// The nodes a search without the cache would have visited (DLX6's tree without its
    /// cache): those visited, plus the subtrees each hit spared; `u64::MAX` when it passes
    /// that (the 14x14 board of dominoes passes it).
    pub plain_nodes: u64,
    /// Whether caching was given up (too little saved, or a bound too small for any cache):
    /// the count was then made by the engine's plain search ([`crate::Dlx`]), after the
    /// memoized search's first nodes.
    pub caching_stopped: bool,
    /// ZDD nodes made, the two sinks not included (DLX6 reports this plus 2).
    pub zdd_nodes: u64,
}

impl<'p> Memo<'p> {
    /// The cache's memory bound when none is given: 1 GiB.
    pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

    /// A memoized search of `problem`, with the default bound and no stop flag.
    pub fn new(problem: &'p Problem) -> Memo<'p> {
        Memo {
            problem,
            max_bytes: Memo::DEFAULT_MAX_BYTES,
            stop: StopFlag::never(),
            progress: None,
        }
    }

    /// Bounds the memory of the cache (and of the ZDD being built) to `bytes`. Past it the
    /// cache is forgotten and filled anew, counts staying exact; a ZDD that alone passes it
    /// is refused ([`DlxError::MemoryBound`]).
    pub fn max_bytes(mut self, bytes: u64) -> Memo<'p> {
        self.max_bytes = bytes;
        self
    }

    /// The flag the search polls: when raised, it stops with the solutions found so far
    /// ([`Stop::Interrupted`]).
    pub fn stop_flag(mut self, stop: StopFlag) -> Memo<'p> {
        self.stop = stop;
        self
    }

    /// Tells `sink` where the search stands every few thousand nodes, and once more (the
    /// fraction 1) when it has seen its whole tree ([`ProgressSink::report_memo`]): the share
    /// of the tree done as Knuth's DLX1 estimates it from the current path
    /// ([`crate::TreePosition`]), a subproblem the cache answers being a leaf, with the cache's
    /// figures. The caller has the sink [`ProgressSink::begin`] the search before and
    /// [`ProgressSink::end`] it after. A search without a sink makes no reports.
    ///
    /// ```
    /// use dlx_engine::{Memo, MemoResult, Problem, ProgressSink};
    /// use std::sync::Mutex;
    ///
    /// struct Last(Mutex<(f64, u64)>);
    /// impl ProgressSink for Last {
    ///     fn report(&self, _: f64, _: u64) {}
    ///     fn report_memo(&self, fraction: f64, _nodes: u64, so_far: &MemoResult) {
    ///         *self.0.lock().unwrap() = (fraction, so_far.lookups);
    ///     }
    /// }
    ///
    /// let last = Last(Mutex::new((0.0, 0)));
    /// let board = Problem::dominoes(8, 8);
    /// let outcome = Memo::new(&board).progress(&last).count().unwrap();
    /// assert_eq!(outcome.answer.solutions, 12_988_816);
    /// let (fraction, lookups) = *last.0.lock().unwrap();
    /// assert_eq!(fraction, 1.0, "the whole tree was searched");
    /// assert_eq!(lookups, outcome.answer.lookups);
    /// ```
    pub fn progress(mut self, sink: &'p dyn ProgressSink) -> Memo<'p> {
        self.progress = Some(sink);
        self
    }

    /// Counts every solution. Refused for problems with bounds (multiplicities) and counts
    /// past `u128`.
    pub fn count(&self) -> Result<Outcome<MemoResult>, DlxError> {
        self.run(false)
    }

    /// Counts every solution and builds their ZDD (caching all the way).
    pub fn zdd(&self) -> Result<Outcome<MemoResult>, DlxError> {
        self.run(true)
    }

    fn run(&self, zdd: bool) -> Result<Outcome<MemoResult>, DlxError> {
        if self.problem.has_bounds() {
            return Err(DlxError::MemoWithBounds);
        }
        if self.problem.primary_count() == 0 {
            // Nothing to cover: the empty solution alone.
            return Ok(Outcome {
                answer: MemoResult {
                    solutions: 1,
                    zdd: zdd.then(|| Zdd::new(Vec::new(), 1)).flatten(),
                    ..MemoResult::default()
                },
                stats: SearchStats {
                    nodes: 1,
                    solutions: 1,
                    ..SearchStats::default()
                },
                stop: Stop::Exhausted,
            });
        }
        let links = Links::new(self.problem);
        let search = MemoSearch::new(links, self.max_bytes, zdd, &self.stop, self.progress);
        let outcome = search.run()?;
        if outcome.stop == Stop::Visitor {
            return Ok(plain::count(
                self.problem,
                &self.stop,
                self.progress,
                outcome,
            ));
        }
        Ok(outcome)
    }
}
