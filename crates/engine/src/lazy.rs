//! The solutions of a search as an iterator ([`Engine::into_solutions`]): the search runs on a
//! thread of its own, a bounded number of solutions ahead of the reader, so a caller can take
//! the first few of a search with billions and stop; dropping the iterator stops the search at
//! its next node and waits for its thread.

use super::engine::Engine;
use super::problem::OptionId;
use super::search::SearchLimits;
use super::stop_flag::StopFlag;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Solutions the search holds ahead of its reader: memory stays bounded however many there
/// are, and the search waits while they are unread.
const AHEAD: usize = 64;

/// The iterator [`Engine::into_solutions`] gives.
pub(crate) struct LazySolutions {
    /// `None` once the search has ended and its solutions are read, or the iterator dropped.
    receiver: Option<Receiver<Vec<OptionId>>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl LazySolutions {
    /// Starts `engine`'s search under `limits` on a new thread.
    pub(crate) fn start<E: Engine + Send + 'static>(
        mut engine: E,
        limits: SearchLimits,
    ) -> LazySolutions {
        let (sender, receiver) = mpsc::sync_channel(AHEAD);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = StopFlag::new(Arc::clone(&stop));
        let search = std::thread::spawn(move || {
            let mut send = |options: &[OptionId]| match sender.send(options.to_vec()) {
                Ok(()) => ControlFlow::Continue(()),
                // The reader is gone: nobody wants more.
                Err(_) => ControlFlow::Break(()),
            };
            engine.search_until(limits, &flag, &mut send);
        });
        LazySolutions {
            receiver: Some(receiver),
            stop,
            search: Some(search),
        }
    }
}

impl Iterator for LazySolutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let next = self.receiver.as_ref()?.recv().ok();
        if next.is_none() {
            self.receiver = None;
        }
        next
    }
}

impl Drop for LazySolutions {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Dropping the receiver wakes a search waiting to hand on a solution.
        self.receiver = None;
        if let Some(search) = self.search.take() {
            let _ = search.join();
        }
    }
}
