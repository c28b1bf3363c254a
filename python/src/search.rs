//! The searches Python asks for: every solution lazily (`covers`), how many (`count`), the
//! first, and whether there is exactly one. Each runs without the GIL on a worker thread that
//! polls the engine's stop flag, which Ctrl-C raises (see `interrupt.rs`).

use crate::errors::{ProblemError, Undecided};
use crate::interrupt::{run_interruptible, thread_refused, SIGNAL_POLL};
use crate::model::PyProblem;
use dlx_engine::{
    Bits, Cells, ChoiceRule, Dlx, DlxError, Engine, EngineKind, OptionId, Outcome, Problem,
    SearchLimits, Shard, SplitSettings, StopFlag, Visitor,
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
        // The engines' names are the engine crate's, as `dlx xc --engine` takes them.
        let engine = EngineKind::from_name(engine).ok_or_else(|| {
            let names: Vec<String> = EngineKind::ALL
                .iter()
                .map(|kind| format!("{:?}", kind.name()))
                .collect();
            PyValueError::new_err(format!(
                "engine={engine:?}: expected one of {}",
                names.join(", ")
            ))
        })?;
        Ok(Limits {
            limit,
            max_nodes,
            threads,
            engine,
        })
    }
}

/// Searches `problem` under `limits` on the engine asked for (see [`EngineKind::choose`]), handing
/// `visitor` the solutions; over a rayon pool of `limits.threads` when the tree can be split
/// (the solutions then come subtree by subtree in the one-thread order).
fn run<V>(
    problem: &Problem,
    limits: Limits,
    count_only: bool,
    stop: &StopFlag,
    visitor: &mut V,
) -> PyResult<Outcome<Option<V::Break>>>
where
    V: Visitor + Send,
    V::Break: Send,
{
    let refused = |e: DlxError| ProblemError::new_err(e.to_string());
    let settings = SplitSettings {
        rule: ChoiceRule::Mrv,
        max_solutions: limits.limit,
        shard: Shard::WHOLE,
        min_subtrees: SplitSettings::subtrees_for(1),
        count_only,
    };
    let split = limits.threads > 1 && limits.max_nodes.is_none();
    let pool = || {
        rayon::ThreadPoolBuilder::new()
            .num_threads(limits.threads)
            .build()
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the threads: {e}")))
    };
    let stop_requested = || stop.is_raised();
    let search_limits = SearchLimits {
        max_solutions: limits.limit,
        max_nodes: limits.max_nodes,
    };
    // Bitsets split a whole count over the threads; they list solutions, or count under a
    // limit, on one thread (on the problems they are chosen for, one thread of them outruns
    // the other engines on every core).
    // The one chooser (`auto` as `dlx xc` resolves it; a named engine checked against the
    // problem).
    let engine = limits
        .engine
        .choose(problem, ChoiceRule::Mrv, false)
        .map_err(refused)?;
    if engine == EngineKind::Bits {
        let mut bits = Bits::try_new(problem).map_err(refused)?;
        if split && count_only && limits.limit.is_none() {
            let subtrees = SplitSettings::subtrees_for(1);
            let counted = pool()?.install(|| bits.count_split(subtrees, stop, None));
            return Ok(counted.map(|()| None));
        }
        return Ok(bits.search_until(search_limits, stop, visitor));
    }
    if engine == EngineKind::Cells {
        let mut cells = Cells::try_new(problem).map_err(refused)?;
        if split {
            let report = pool()?.install(|| cells.search_split(settings, &stop_requested, visitor));
            return Ok(report.outcome);
        }
        return Ok(cells.search_until(search_limits, stop, visitor));
    }
    let mut dlx = Dlx::<u32>::try_new(problem).map_err(refused)?;
    if split && dlx.can_split() {
        let report = pool()?.install(|| dlx.search_split(settings, &stop_requested, visitor));
        return Ok(report.outcome);
    }
    Ok(dlx.search_until(search_limits, stop, visitor))
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
#[pyclass(module = "dlx_solver", name = "Count", frozen)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyCount {
    /// The solutions found.
    #[pyo3(get)]
    solutions: u64,
    /// False when `solutions` is only a lower bound.
    #[pyo3(get)]
    complete: bool,
}

#[pymethods]
impl PyCount {
    #[new]
    #[pyo3(signature = (solutions, complete=true))]
    pub(crate) fn new(solutions: u64, complete: bool) -> Self {
        PyCount {
            solutions,
            complete,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyCount>() {
            return *other.get() == *self;
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
    let outcome = run_interruptible(py, |stop| {
        run(&problem.problem, limits, true, &stop, &mut Counting)
    })??;
    Ok(PyCount {
        solutions: outcome.stats.solutions,
        complete: outcome.is_complete(),
    })
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
            .map(|outcome| (outcome, keeping.kept, keeping.seen))
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
}

/// What the search thread hands the iterator: a solution, or the error that ended the search
/// (an engine refusing the problem, a pool of threads that would not start).
type Found = PyResult<Vec<usize>>;

impl Covers {
    /// The iterator over the solutions of `problem`; its search starts at the first `next()`.
    pub(crate) fn new(problem: PyProblem, limits: Limits) -> Covers {
        Covers {
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
    fn close(&self) {
        self.finish();
    }
}

impl Drop for Covers {
    fn drop(&mut self) {
        self.finish();
    }
}
