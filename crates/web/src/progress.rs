//! Where a search tells the page how far it has got: the worker forwards each report to the
//! page, which draws the bar and the figures (and keeps the last ones when Stop ends the worker).

use dlx_engine::ProgressSink;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A report's receiver: `fraction` (0 to 1) of the work done, after `nodes` nodes, with
/// `found` solutions (or puzzles answered) so far.
pub trait Progress: Send + Sync {
    /// Takes one report.
    fn report(&self, fraction: f64, nodes: u64, found: u64);
}

/// Reports nowhere: for tests and for searches too short to report.
pub struct Silent;

impl Progress for Silent {
    fn report(&self, _: f64, _: u64, _: u64) {}
}

/// A batch's progress: puzzle `done` of `total`, with the nodes of the puzzles before it, and
/// the engine's own reports within a puzzle (a long count) scaled into that puzzle's share.
pub struct BatchProgress {
    progress: Arc<dyn Progress>,
    total: u64,
    done: AtomicU64,
    nodes_before: AtomicU64,
    found: AtomicU64,
}

impl BatchProgress {
    /// The progress of a batch of `total` puzzles, told to `progress`.
    pub fn new(progress: Arc<dyn Progress>, total: usize) -> BatchProgress {
        BatchProgress {
            progress,
            total: total.max(1) as u64,
            done: AtomicU64::new(0),
            nodes_before: AtomicU64::new(0),
            found: AtomicU64::new(0),
        }
    }

    /// One more puzzle answered after `nodes` nodes, `found` of them with an answer.
    pub fn puzzle_done(&self, nodes: u64, found: bool) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let nodes = self.nodes_before.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let found = self.found.fetch_add(u64::from(found), Ordering::Relaxed) + u64::from(found);
        self.progress
            .report(done as f64 / self.total as f64, nodes, found);
    }
}

impl ProgressSink for BatchProgress {
    fn report(&self, fraction: f64, nodes: u64) {
        let done = self.done.load(Ordering::Relaxed) as f64;
        let before = self.nodes_before.load(Ordering::Relaxed);
        let found = self.found.load(Ordering::Relaxed);
        let share = (done + fraction.clamp(0.0, 1.0)) / self.total as f64;
        self.progress.report(share, before + nodes, found);
    }
}

/// One search's progress, its solutions counted by the visitor that finds them.
pub struct SearchProgress {
    progress: Arc<dyn Progress>,
    /// Solutions found so far.
    pub found: AtomicU64,
}

impl SearchProgress {
    /// The progress of one search, told to `progress`.
    pub fn new(progress: Arc<dyn Progress>) -> SearchProgress {
        SearchProgress {
            progress,
            found: AtomicU64::new(0),
        }
    }
}

impl ProgressSink for SearchProgress {
    fn report(&self, fraction: f64, nodes: u64) {
        let found = self.found.load(Ordering::Relaxed);
        self.progress.report(fraction, nodes, found);
    }
}
