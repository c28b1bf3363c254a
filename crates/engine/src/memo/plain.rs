//! The plain count a memoized count falls back to when its cache does not pay: the engine's
//! own search ([`Dlx`]), faster per node than DLX6's arena, which must keep the lengths of
//! secondary items up to date for the key.

use super::MemoResult;
use crate::engine::Engine;
use crate::outcome::{Outcome, Stop};
use crate::problem::{OptionId, Problem};
use crate::progress::{ProgressSink, TreePosition};
use crate::search::{SearchLimits, Visitor};
use crate::stop_flag::StopFlag;
use crate::Dlx;
use std::ops::ControlFlow;

/// Counts, naming no option.
struct Counter;

impl Visitor for Counter {
    type Break = ();

    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        false
    }
}

/// Counts and tells a memoized search's progress sink where the plain search stands: its own
/// tree's share done, the nodes of both searches, the solutions found so far and the cache's
/// figures as caching left them.
struct ReportingCounter<'a> {
    sink: &'a dyn ProgressSink,
    figures: MemoResult,
    prefix_nodes: u64,
}

impl Visitor for ReportingCounter<'_> {
    type Break = ();

    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        false
    }

    #[inline(always)]
    fn progress_mask(&self) -> Option<u64> {
        Some(TreePosition::PROGRESS_MASK)
    }

    fn progress(&mut self, at: &TreePosition) {
        let nodes = self.prefix_nodes.saturating_add(at.nodes);
        self.figures.solutions = u128::from(at.solutions);
        self.sink.report_memo(at.done, nodes, &self.figures);
    }
}

/// Counts `problem` with the engine's search, after the memoized search's `prefix` (whose
/// figures are added in: the work done is both), its progress told to `progress` if any.
pub(crate) fn count(
    problem: &Problem,
    stop: &StopFlag,
    progress: Option<&dyn ProgressSink>,
    prefix: Outcome<MemoResult>,
) -> Outcome<MemoResult> {
    let mut dlx = Dlx::new(problem);
    // The cache's figures as caching left them (only a count gives caching up: no ZDD).
    let figures = MemoResult {
        solutions: 0,
        zdd: None,
        caching_stopped: true,
        ..prefix.answer
    };
    let limits = SearchLimits::default();
    let plain = match progress {
        Some(sink) => {
            let mut counter = ReportingCounter {
                sink,
                figures: figures.clone(),
                prefix_nodes: prefix.stats.nodes,
            };
            dlx.search_until(limits, stop, &mut counter)
        }
        None => dlx.search_until(limits, stop, &mut Counter),
    };
    let mut stats = prefix.stats;
    stats += plain.stats;
    stats.solutions = plain.stats.solutions;
    Outcome {
        answer: MemoResult {
            solutions: u128::from(plain.stats.solutions),
            ..figures
        },
        stats,
        stop: match plain.stop {
            Stop::Exhausted => Stop::Exhausted,
            _ => Stop::Interrupted,
        },
    }
}
