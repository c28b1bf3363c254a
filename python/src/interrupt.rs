//! Running a search with the GIL released while the calling thread, which holds the
//! interpreter, looks for signals: Ctrl-C raises the engine's stop flag, the search ends
//! between two nodes, and Python gets `KeyboardInterrupt` with the process still usable.

use dlx_engine::StopFlag;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// How long the waiting thread sleeps between two looks at Python's signals: short enough for
/// Ctrl-C to feel immediate, long enough to cost nothing.
pub(crate) const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The exception for a thread the system would not start (too many threads, or no memory for
/// its stack): a `RuntimeError` the caller can catch, where a panic would be a
/// `PanicException` that `except Exception` lets through.
pub(crate) fn thread_refused(error: std::io::Error) -> PyErr {
    PyRuntimeError::new_err(format!("cannot start a search thread: {error}"))
}

/// Runs `search` on a worker thread, handing it a stop flag, while this thread waits with the
/// GIL released and takes it back every [`SIGNAL_POLL`] to run Python's signal handlers. When
/// one raises (`KeyboardInterrupt`), the flag is raised, the worker is joined, and the
/// exception is returned. A worker the system will not start is a `RuntimeError`.
pub(crate) fn run_interruptible<T: Send>(
    py: Python<'_>,
    search: impl FnOnce(StopFlag) -> T + Send,
) -> PyResult<T> {
    let raised = Arc::new(AtomicBool::new(false));
    let stop = StopFlag::new(Arc::clone(&raised));
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::sync_channel(1);
        std::thread::Builder::new()
            .spawn_scoped(scope, move || {
                // The receiver outlives the worker (it is joined at the end of the scope).
                let _ = sender.send(search(stop));
            })
            .map_err(thread_refused)?;
        loop {
            // The receiver is handed to the GIL-free wait and back: it may not be shared.
            let (back, got) = py.detach(move || {
                let got = receiver.recv_timeout(SIGNAL_POLL);
                (receiver, got)
            });
            receiver = back;
            match got {
                Ok(result) => return Ok(result),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        raised.store(true, Ordering::Relaxed);
                        // The worker ends at its next node; wait for it without the GIL.
                        let _ = py.detach(move || receiver.recv());
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "the search thread ended without an answer",
                    ))
                }
            }
        }
    })
}
