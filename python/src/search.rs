//! The searches Python asks for: every solution lazily (`covers`), how many (`count`), the
//! first, and whether there is exactly one. Each runs without the GIL on a worker thread that
//! polls the engine's stop flag, which Ctrl-C raises (see `interrupt.rs`).

use crate::errors::{ProblemError, Undecided};
use crate::interrupt::{run_interruptible, thread_refused, SIGNAL_POLL};
use crate::model::PyProblem;
use dlx_engine::{
    DlxError, EngineKind, OptionId, Problem, SearchReport, SearchRequest, StopFlag, Visitor,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Solutions a lazy `covers` holds ahead of its reader: the search waits when they are
/// unread, so memory stays bounded however many solutions there are.
const AHEAD: usize = 1024;

/// How a search is bounded and spread, and on which engine.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Stop after this many solutions.
    pub limit: Option<u64>,
    /// Stop before entering more than this many nodes.
    pub max_nodes: Option<u64>,
    /// Threads for one problem: more than one splits the tree (DLX1's rule, no node budget).
    pub threads: usize,
    /// The engine asked for, resolved by [`EngineKind::choose`] when the search runs.
    pub engine: EngineKind,
}

impl Limits {
    /// Limits from the keyword arguments every search takes; a ValueError for an engine that
    /// is not one of the three.
    pub(crate) fn new(
        limit: Option<u64>,
        max_nodes: Option<u64>,
        threads: Option<usize>,
        engine: &str,
    ) -> PyResult<Self> {
        let threads = crate::threads::threads_or(threads, || 1)?;
        let engine = engine_named(engine)?;
        Ok(Limits {
            limit,
            max_nodes,
            threads,
            engine,
        })
    }
}

/// Searches `problem` under `limits` as the engine crate's one driver runs a request
/// ([`SearchRequest::run`]): the engine asked for (`auto` resolved from the problem), split
/// over `limits.threads` when the engine can cut its tree (the solutions then come subtree by
/// subtree in the one-thread order), `visitor` handed the solutions.
fn run<V>(
    problem: &Problem,
    limits: Limits,
    count_only: bool,
    stop: &StopFlag,
    visitor: &mut V,
) -> PyResult<SearchReport<V::Break>>
where
    V: Visitor + Send,
    V::Break: Send,
{
    request(limits, count_only)
        .run(problem, stop, None, visitor)
        .map_err(|e| match e {
            DlxError::Threads { .. } => PyRuntimeError::new_err(e.to_string()),
            refused => ProblemError::new_err(refused.to_string()),
        })
}

/// The search the keyword arguments ask for.
fn request(limits: Limits, count_only: bool) -> SearchRequest {
    SearchRequest {
        engine: limits.engine,
        threads: limits.threads,
        max_solutions: limits.limit,
        max_nodes: limits.max_nodes,
        count_only,
        ..SearchRequest::default()
    }
}

/// A visitor that only counts: the search need not name each solution's options.
struct Counting;

impl Visitor for Counting {
    type Break = ();

    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        false
    }
}

/// Keeps the first `keep` solutions, as caller indices.
struct Keeping<'a> {
    problem: &'a PyProblem,
    keep: usize,
    kept: Vec<Vec<usize>>,
    seen: u64,
}

impl Visitor for Keeping<'_> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.seen += 1;
        if self.kept.len() < self.keep {
            self.kept.push(self.problem.caller_indices(options));
        }
        ControlFlow::Continue(())
    }
}

/// A number of solutions, and whether it is all of them: `str()` gives `N`, or `N+` for a
/// lower bound (a count stopped by `limit=` or `max_nodes=`), as the `dlx` program prints it.
///
/// >>> c = dlx_solver.count(dlx_solver.Problem.from_knuth("a\na\na\n"), limit=2)
/// >>> c.solutions, c.complete, str(c), c == 2
/// (2, False, '2+', True)
///
/// A Count equals another with the same two fields, and an int equal to `solutions`.
/// `engine` names the engine that counted (`"links"`, `"cells"`, `"bits"`, `"board"`,
/// `"planes"` or `"bands"`; a classic 9x9 Sudoku count's is `"bands"`, another classic
/// shape's `"links"` and a variant's `"planes"` unless `engine=` named another), None for a Count made by hand;
/// it takes no part in equality.
///
/// >>> dlx_solver.count(dlx_solver.Problem.queens(6), engine="cells").engine
/// 'cells'
#[pyclass(module = "dlx_solver", name = "Count", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct PyCount {
    /// The solutions found.
    #[pyo3(get)]
    solutions: u64,
    /// False when `solutions` is only a lower bound.
    #[pyo3(get)]
    complete: bool,
    /// The engine that counted, when one did.
    #[pyo3(get)]
    engine: Option<&'static str>,
}

impl PyCount {
    /// The count `engine` made.
    pub(crate) fn by(engine: &'static str, solutions: u64, complete: bool) -> Self {
        PyCount {
            solutions,
            complete,
            engine: Some(engine),
        }
    }
}

#[pymethods]
impl PyCount {
    #[new]
    #[pyo3(signature = (solutions, complete=true))]
    pub(crate) fn new(solutions: u64, complete: bool) -> Self {
        PyCount {
            solutions,
            complete,
            engine: None,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyCount>() {
            let other = other.get();
            return (other.solutions, other.complete) == (self.solutions, self.complete);
        }
        other.extract::<u64>().is_ok_and(|n| n == self.solutions)
    }

    /// The int's hash, as the int it equals has.
    fn __hash__(&self) -> u64 {
        // Python hashes a non-negative int below 2^61 - 1 to itself.
        self.solutions % ((1 << 61) - 1)
    }

    fn __int__(&self) -> u64 {
        self.solutions
    }

    fn __index__(&self) -> u64 {
        self.solutions
    }

    fn __repr__(&self) -> String {
        format!(
            "Count({}, complete={})",
            self.solutions,
            if self.complete { "True" } else { "False" }
        )
    }

    fn __str__(&self) -> String {
        format!("{}{}", self.solutions, if self.complete { "" } else { "+" })
    }
}

/// Counts solutions: see the module's `count`.
pub(crate) fn count(py: Python<'_>, problem: &PyProblem, limits: Limits) -> PyResult<PyCount> {
    let report = run_interruptible(py, |stop| {
        run(&problem.problem, limits, true, &stop, &mut Counting)
    })??;
    let outcome = &report.outcome;
    Ok(PyCount::by(
        report.engine.name(),
        outcome.stats.solutions,
        outcome.is_complete(),
    ))
}

/// The first `keep` solutions and how many were seen; whether the search was cut short.
fn keep(
    py: Python<'_>,
    problem: &PyProblem,
    limits: Limits,
    keep: usize,
) -> PyResult<(Vec<Vec<usize>>, u64, bool)> {
    let (outcome, kept, seen) = run_interruptible(py, |stop| {
        let mut keeping = Keeping {
            problem,
            keep,
            kept: Vec::new(),
            seen: 0,
        };
        let limits = Limits {
            limit: Some(keep as u64),
            ..limits
        };
        run(&problem.problem, limits, false, &stop, &mut keeping)
            .map(|report| (report.outcome, keeping.kept, keeping.seen))
    })??;
    let cut = outcome.cut_short();
    Ok((kept, seen, cut))
}

/// The first solution: see the module's `first`.
pub(crate) fn first(
    py: Python<'_>,
    problem: &PyProblem,
    limits: Limits,
) -> PyResult<Option<Vec<usize>>> {
    let (mut kept, _, cut) = keep(py, problem, limits, 1)?;
    match kept.pop() {
        Some(solution) => Ok(Some(solution)),
        None if cut => Err(Undecided::new_err(
            "the node budget ran out before a solution was found",
        )),
        None => Ok(None),
    }
}

/// Whether there is exactly one solution: see the module's `is_unique`.
pub(crate) fn is_unique(py: Python<'_>, problem: &PyProblem, limits: Limits) -> PyResult<bool> {
    let (_, seen, cut) = keep(py, problem, limits, 2)?;
    match seen {
        2.. => Ok(false),
        _ if cut => Err(Undecided::new_err(
            "the node budget ran out before uniqueness was decided",
        )),
        seen => Ok(seen == 1),
    }
}

/// The solutions of a problem, lazily: a tuple of option indices each. The search runs on a
/// thread of its own, started by the first `next()` (an iterator never read holds no thread),
/// a bounded number of solutions ahead, and stops when the iterator is closed or dropped.
#[pyclass(module = "dlx_solver", name = "Covers")]
pub struct Covers {
    /// The search until its thread starts; left in place when the system refuses the thread,
    /// so that a later `next()` tries again.
    pending: Mutex<Option<(Arc<PyProblem>, Limits)>>,
    receiver: Mutex<Option<Receiver<Found>>>,
    stop: Arc<AtomicBool>,
    worker: Mutex<Option<JoinHandle<()>>>,
    /// The engine that searches, or why none takes the problem (raised by `next()`).
    engine: Result<EngineKind, DlxError>,
}

/// What the search thread hands the iterator: a solution, or the error that ended the search
/// (an engine refusing the problem, a pool of threads that would not start).
type Found = PyResult<Vec<usize>>;

impl Covers {
    /// The iterator over the solutions of `problem`; its search starts at the first `next()`.
    pub(crate) fn new(problem: PyProblem, limits: Limits) -> Covers {
        let engine = request(limits, false).check(&problem.problem);
        Covers {
            engine,
            pending: Mutex::new(Some((Arc::new(problem), limits))),
            receiver: Mutex::new(None),
            stop: Arc::new(AtomicBool::new(false)),
            worker: Mutex::new(None),
        }
    }

    /// Starts the search's thread unless it is started (or finished) already; a
    /// `RuntimeError` when the system will not start one.
    fn start(&self) -> PyResult<()> {
        let mut pending = self.pending.lock().map_err(|_| broken())?;
        let Some((problem, limits)) = pending.as_ref() else {
            return Ok(());
        };
        let (problem, limits) = (Arc::clone(problem), *limits);
        let stop = StopFlag::new(Arc::clone(&self.stop));
        let (sender, receiver) = mpsc::sync_channel::<Found>(AHEAD);
        let worker = std::thread::Builder::new()
            .spawn(move || {
                let mut send = |options: &[OptionId]| {
                    match sender.send(Ok(problem.caller_indices(options))) {
                        Ok(()) => ControlFlow::Continue(()),
                        // The reader is gone: nobody wants more.
                        Err(_) => ControlFlow::Break(()),
                    }
                };
                if let Err(error) = run(&problem.problem, limits, false, &stop, &mut send) {
                    let _ = sender.send(Err(error));
                }
            })
            .map_err(thread_refused)?;
        *pending = None;
        *self.receiver.lock().map_err(|_| broken())? = Some(receiver);
        *self.worker.lock().map_err(|_| broken())? = Some(worker);
        Ok(())
    }

    /// Stops the search and waits for its thread; a search not started never will be.
    fn finish(&self) {
        self.pending.lock().map(|mut p| p.take()).ok();
        self.stop.store(true, Ordering::Relaxed);
        // Dropping the receiver wakes a worker waiting to send.
        self.receiver.lock().map(|mut r| r.take()).ok();
        if let Some(worker) = self.worker.lock().ok().and_then(|mut w| w.take()) {
            let _ = worker.join();
        }
    }

    /// Waits for the search's thread once it has sent all it will: a `RuntimeError` when it
    /// ended by a panic rather than at the end of the search.
    fn join_ended(&self) -> PyResult<()> {
        let worker = self.worker.lock().map_err(|_| broken())?.take();
        match worker.map(JoinHandle::join) {
            Some(Err(_)) => Err(PyRuntimeError::new_err(
                "the search thread failed before the end of the search",
            )),
            _ => Ok(()),
        }
    }

    /// The next solution, waiting without the GIL and looking at signals meanwhile.
    fn next_solution(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        self.start()?;
        let mut slot = self.receiver.lock().map_err(|_| broken())?;
        let Some(mut receiver) = slot.take() else {
            return Ok(None);
        };
        let mut next = match receiver.try_recv() {
            Ok(found) => Ok(found),
            Err(TryRecvError::Empty) => Err(RecvTimeoutError::Timeout),
            Err(TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
        };
        while let Err(RecvTimeoutError::Timeout) = next {
            if let Err(signal) = py.check_signals() {
                self.stop.store(true, Ordering::Relaxed);
                return Err(signal);
            }
            let (back, got) = py.detach(move || {
                let got = receiver.recv_timeout(SIGNAL_POLL);
                (receiver, got)
            });
            receiver = back;
            next = got;
        }
        match next {
            Ok(Ok(solution)) => {
                *slot = Some(receiver);
                Ok(Some(solution))
            }
            // The search failed: the iterator ends with its error.
            Ok(Err(error)) => Err(error),
            // The search ended: nothing more will come.
            Err(_) => {
                drop(slot);
                py.detach(|| self.join_ended())?;
                Ok(None)
            }
        }
    }
}

/// The error of an iterator whose lock a panic poisoned.
fn broken() -> PyErr {
    PyRuntimeError::new_err("the iterator is broken")
}

#[pymethods]
impl Covers {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.next_solution(py)?
            .map(|solution| PyTuple::new(py, solution))
            .transpose()
    }

    /// Stops the search; the iterator then ends.
    /// The engine that searches (`"links"`, `"cells"`, `"bits"`, `"board"`, `"planes"` or
    /// `"bands"`), as
    /// `engine="auto"` resolves it for the problem; a ProblemError when the engine asked for
    /// does not take it.
    ///
    /// >>> dlx_solver.covers([["a"], ["a"]]).engine in ("links", "cells", "bits", "board", "planes")
    /// True
    #[getter]
    fn engine(&self) -> PyResult<&'static str> {
        self.engine
            .map(EngineKind::name)
            .map_err(|e| ProblemError::new_err(e.to_string()))
    }

    fn close(&self) {
        self.finish();
    }
}

impl Drop for Covers {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The engine `engine=` names: the engine crate's names, as `dlx xc --engine` takes them.
pub(crate) fn engine_named(engine: &str) -> PyResult<EngineKind> {
    EngineKind::from_name(engine).ok_or_else(|| {
        let names: Vec<String> = EngineKind::ALL
            .iter()
            .map(|kind| format!("{:?}", kind.name()))
            .collect();
        PyValueError::new_err(format!(
            "engine={engine:?}: expected one of {}",
            names.join(", ")
        ))
    })
}
