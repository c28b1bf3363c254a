//! Counting without enumerating: the engine's memoized search (Knuth's DLX6), which remembers
//! the count of every subproblem it meets, and the ZDD of all solutions it builds, from which
//! solutions are numbered and drawn uniformly without listing the others.

use crate::errors::ProblemError;
use crate::interrupt::run_interruptible;
use crate::model::PyProblem;
use dlx_engine::{DlxError, Memo, MemoResult, Outcome, Stop, Zdd};
use pyo3::exceptions::{
    PyIndexError, PyMemoryError, PyOverflowError, PyRuntimeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;

/// Runs the memoized search of `problem`, counting only or building the ZDD too, with the
/// cache bounded to `max_bytes` (the engine's default when None).
pub(crate) fn run(
    py: Python<'_>,
    problem: &PyProblem,
    max_bytes: Option<u64>,
    zdd: bool,
) -> PyResult<MemoResult> {
    let outcome = run_interruptible(py, |stop| {
        let memo = Memo::new(&problem.problem)
            .max_bytes(max_bytes.unwrap_or(Memo::DEFAULT_MAX_BYTES))
            .stop_flag(stop);
        if zdd {
            memo.zdd()
        } else {
            memo.count()
        }
    })?
    .map_err(memo_error)?;
    complete(outcome)
}

/// The answer of a search that ran to its end (one stopped by a signal has already raised
/// `KeyboardInterrupt`).
fn complete(outcome: Outcome<MemoResult>) -> PyResult<MemoResult> {
    match outcome.stop {
        Stop::Exhausted => Ok(outcome.answer),
        stop => Err(PyRuntimeError::new_err(format!(
            "the memoized search stopped before its end ({stop:?})"
        ))),
    }
}

/// The Python exception of an error of the memoized search.
fn memo_error(error: DlxError) -> PyErr {
    match error {
        DlxError::MemoryBound { .. } => PyMemoryError::new_err(format!(
            "{error}: give a larger max_bytes= (the ZDD alone passes the bound)"
        )),
        DlxError::CountOverflow => PyOverflowError::new_err(error.to_string()),
        _ => ProblemError::new_err(error.to_string()),
    }
}

/// The zero-suppressed decision diagram (ZDD) of every solution of a problem, made by
/// `dlx_solver.zdd`: it counts, numbers and draws solutions without enumerating them. Each
/// solution is a tuple of option indices, as `covers` gives them, in increasing order.
///
/// >>> z = dlx_solver.zdd([["a", "b"], ["a"], ["b"], ["c"]])
/// >>> z.count, z.node_count
/// (2, 4)
/// >>> [z.nth(k) for k in range(z.count)]
/// [(0, 3), (1, 2, 3)]
/// >>> z.random_solution(seed=7) in [(0, 3), (1, 2, 3)]
/// True
#[pyclass(module = "dlx_solver", name = "Zdd", frozen)]
pub struct PyZdd {
    zdd: Zdd,
    /// The caller's index of each engine option, by `OptionId`.
    problem: PyProblem,
}

impl PyZdd {
    /// The diagram of `problem`'s solutions.
    pub(crate) fn new(zdd: Zdd, problem: PyProblem) -> PyZdd {
        PyZdd { zdd, problem }
    }

    /// A solution as the caller's option indices, in increasing order.
    fn indices<'py>(
        &self,
        py: Python<'py>,
        options: &[dlx_engine::OptionId],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut indices = self.problem.caller_indices(options);
        indices.sort_unstable();
        PyTuple::new(py, indices)
    }
}

/// The most solutions `Zdd.random_solutions` draws in one call: its list is built whole, so
/// an unbounded `n` would fill memory before the first draw came back.
const MAX_DRAWS: usize = 1_000_000;

/// A generator seeded by `seed`, or by the process's random hashing keys when None.
fn generator(seed: Option<u64>) -> Pcg64Mcg {
    let seed = seed.unwrap_or_else(|| {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(0);
        hasher.finish()
    });
    Pcg64Mcg::seed_from_u64(seed)
}

#[pymethods]
impl PyZdd {
    /// The number of solutions (exact: a Python int of any size up to 2^128 - 1).
    #[getter]
    fn count(&self) -> u128 {
        self.zdd.count()
    }

    /// The diagram's nodes, its two sinks not included (Knuth's DLX6 reports this plus 2).
    #[getter]
    fn node_count(&self) -> usize {
        self.zdd.node_count()
    }

    /// The `k`-th solution (from 0) in the order of the search that made the diagram, which is
    /// the order dancing links find them in (`covers(..., engine="links")`), found without
    /// listing the ones before it. Raises `IndexError` when `k` is not below `count`.
    ///
    /// >>> p = dlx_solver.Problem.pentominoes(3, 20)
    /// >>> z = dlx_solver.zdd(p)
    /// >>> listed = [tuple(sorted(s)) for s in dlx_solver.covers(p, engine="links")]
    /// >>> [z.nth(k) for k in range(z.count)] == listed
    /// True
    fn nth<'py>(&self, py: Python<'py>, k: u128) -> PyResult<Bound<'py, PyTuple>> {
        match self.zdd.nth(k) {
            Some(options) => self.indices(py, &options),
            None => Err(PyIndexError::new_err(format!(
                "no solution {k}: there are {} (numbered from 0)",
                self.zdd.count()
            ))),
        }
    }

    /// One solution drawn uniformly at random (each equally likely), or None when there is
    /// none. The same `seed` draws the same solution; None draws a fresh one each call.
    ///
    /// >>> z = dlx_solver.zdd(dlx_solver.Problem.queens(8))
    /// >>> z.random_solution(seed=1) == z.random_solution(seed=1)
    /// True
    #[pyo3(signature = (*, seed=None))]
    fn random_solution<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let mut random = generator(seed);
        self.zdd
            .random_solution(&mut random)
            .map(|options| self.indices(py, &options))
            .transpose()
    }

    /// `n` solutions drawn uniformly at random, independently (repeats allowed), from one
    /// generator seeded by `seed`: the first is `random_solution(seed=seed)`. An empty list
    /// when there is no solution. `n` is at most 1,000,000 (a `ValueError` past it, since the
    /// list is built whole): for more, call again with another seed.
    ///
    /// >>> z = dlx_solver.zdd(dlx_solver.Problem.queens(8))
    /// >>> draws = z.random_solutions(3, seed=1)
    /// >>> len(draws), draws[0] == z.random_solution(seed=1)
    /// (3, True)
    #[pyo3(signature = (n, *, seed=None))]
    fn random_solutions<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        seed: Option<u64>,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        if n > MAX_DRAWS {
            return Err(PyValueError::new_err(format!(
                "n = {n}: at most {MAX_DRAWS} solutions are drawn at once; call again with another seed for more"
            )));
        }
        let mut random = generator(seed);
        let mut drawn = Vec::new();
        for _ in 0..n {
            let Some(options) = self.zdd.random_solution(&mut random) else {
                break;
            };
            drawn.push(self.indices(py, &options)?);
            if drawn.len() % 1024 == 0 {
                py.check_signals()?;
            }
        }
        Ok(drawn)
    }

    /// Writes the diagram to the file `path` in Knuth's DLX6 format, which his `zddread`
    /// reads: a line `id: (~option?lo:hi)` a node (ids in hexadecimal, options numbered from
    /// 1 in the problem's order), then a root of option 0.
    ///
    /// >>> import os, tempfile
    /// >>> path = os.path.join(tempfile.mkdtemp(), "toy.zdd")
    /// >>> dlx_solver.zdd([["a", "b"], ["a"], ["b"]]).write_knuth(path)
    /// >>> open(path).read().splitlines()
    /// ['2: (~1?0:1)', '3: (~3?0:1)', '4: (~2?2:3)', '5: (~0?0:4)']
    fn write_knuth(&self, path: PathBuf) -> PyResult<()> {
        let file = std::fs::File::create(&path)?;
        let mut out = std::io::BufWriter::new(file);
        self.zdd.write_knuth(&mut out)?;
        std::io::Write::flush(&mut out)?;
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "Zdd(count={}, node_count={})",
            self.zdd.count(),
            self.zdd.node_count()
        )
    }
}
