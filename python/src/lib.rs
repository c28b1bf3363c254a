//! `dlx_solver`: the dancing-links engine and the batch Sudoku solver from Python.
//!
//! The module is a thin layer: it turns Python values into the engine's `Problem` and the
//! puzzles crate's `Grid`, runs the searches with the GIL released (interruptible by Ctrl-C),
//! and turns the answers back. Its docstrings carry the Python examples, run by pytest.

mod cheapest;
mod errors;
mod interrupt;
mod memo;
mod model;
mod search;
mod sudoku;
mod threads;

use model::PyProblem;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use search::{Covers, Limits, PyCount};

/// The problem the arguments describe: a `Problem` as it is, else options built into one.
fn problem_of(
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyProblem> {
    match options.cast::<PyProblem>() {
        Ok(problem) => Ok(problem.get().clone()),
        Err(_) => model::from_options(options, primary, secondary, colored, bounds),
    }
}

/// Every solution of an exact-cover problem, lazily: each a tuple of option indices, in the
/// order of the search. The search runs on a thread of its own from the first `next()` until
/// it ends or the iterator is closed or dropped; a thread the system will not start is a
/// `RuntimeError`, and an engine that refuses the problem raises at the first `next()`.
///
/// `options` is a list of options, each a list of items (strings or ints), or a `Problem`.
/// Every item is primary (covered exactly once) unless `primary` lists the primary ones or
/// `secondary` the secondary ones (covered at most once). With `colored=True` an entry
/// `"x:A"` gives secondary item `x` colour `A`: options agreeing on `x`'s colour may be chosen
/// together. `bounds={"item": (lo, hi)}` asks a primary item to be covered lo to hi times.
/// `limit` stops after that many solutions, `max_nodes` after that many search-tree nodes;
/// `threads` > 1 splits the tree over that many threads (solutions in the same order of
/// subtrees). `engine` is `"auto"` (the default, as the `dlx` program chooses: bitsets for
/// small dense problems, dancing cells, Knuth's SSXCC, for other problems with colours and
/// those with no more secondary items than primary ones, dancing links otherwise and for
/// bounds), `"links"` (Knuth's Algorithms X, C and M: xcover's order, in which `Zdd.nth`
/// numbers the solutions), `"cells"`, `"bits"` (Algorithms X and C on bitsets, links'
/// order), `"board"` (option bits, forced items taken between guesses) or `"planes"` (the
/// same on a word of cells a plane, for the Sudoku matrix's shape, which `"auto"` takes).
/// The engines find the same solutions, in their own orders.
///
/// >>> import dlx_solver
/// >>> options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
/// >>> [sorted(s) for s in dlx_solver.covers(options)]
/// [[1, 3, 5]]
/// >>> list(dlx_solver.covers(options, engine="links"))
/// [(1, 3, 5)]
/// >>> options = [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"],
/// ...            ["q", "x:A"], ["r", "y:B"]]
/// >>> list(dlx_solver.covers(options, primary=["p", "q", "r"], colored=True, engine="links"))
/// [(3, 1)]
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, *, bounds=None, limit=None, max_nodes=None, threads=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
fn covers(
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'_, PyDict>>,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    threads: Option<usize>,
    engine: &str,
) -> PyResult<Covers> {
    let problem = problem_of(options, primary, secondary, colored, bounds)?;
    Ok(Covers::new(
        problem,
        Limits::new(limit, max_nodes, threads, engine)?,
    ))
}

/// The number of solutions, as a `Count`: `complete` is False when `limit` or `max_nodes`
/// stopped the count early (then `str()` says `N+`). Arguments as for `covers`.
///
/// >>> dlx_solver.count([["a", "b"], ["a"], ["b"]])
/// Count(2, complete=True)
/// >>> dlx_solver.count(dlx_solver.Problem.queens(8), threads=2).solutions
/// 92
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, *, bounds=None, limit=None, max_nodes=None, threads=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'_, PyDict>>,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    threads: Option<usize>,
    engine: &str,
) -> PyResult<PyCount> {
    let problem = problem_of(options, primary, secondary, colored, bounds)?;
    search::count(
        py,
        &problem,
        Limits::new(limit, max_nodes, threads, engine)?,
    )
}

/// The first solution as a tuple of option indices, or None when there is none. Raises
/// `Undecided` when `max_nodes` ran out first. Arguments as for `covers`.
///
/// >>> dlx_solver.first([["a", "b"], ["a"], ["b"]])
/// (0,)
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, *, bounds=None, max_nodes=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
fn first<'py>(
    py: Python<'py>,
    options: &Bound<'py, PyAny>,
    primary: Option<&Bound<'py, PyAny>>,
    secondary: Option<&Bound<'py, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'py, PyDict>>,
    max_nodes: Option<u64>,
    engine: &str,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let problem = problem_of(options, primary, secondary, colored, bounds)?;
    search::first(py, &problem, Limits::new(None, max_nodes, None, engine)?)?
        .map(|solution| PyTuple::new(py, solution))
        .transpose()
}

/// Whether the problem has exactly one solution (the search stops at the second). Raises
/// `Undecided` when `max_nodes` ran out first. Arguments as for `covers`.
///
/// >>> dlx_solver.is_unique([["a", "b"], ["a"], ["b"]])
/// False
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, *, bounds=None, max_nodes=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
fn is_unique(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'_, PyDict>>,
    max_nodes: Option<u64>,
    engine: &str,
) -> PyResult<bool> {
    let problem = problem_of(options, primary, secondary, colored, bounds)?;
    search::is_unique(py, &problem, Limits::new(None, max_nodes, None, engine)?)
}

/// The exact number of solutions, counted without enumerating them: the search remembers the
/// count of every subproblem it finishes (the items left, and the colours imposed on the
/// secondary ones), as Knuth's DLX6 does, and a subproblem met again by another path costs
/// one lookup. Where partial solutions often leave the same subproblem (tilings above all),
/// counts far past what any enumeration reaches come in milliseconds; where they rarely do,
/// the cache is given up and the count is `count`'s. Returns an int, exact up to 2^128 - 1
/// (past it, `OverflowError`). Options and items as for `covers`; no `bounds`. The cache
/// takes at most `max_bytes` (default 1 GiB): past it, it is forgotten and filled again, the
/// count staying exact. A separate function, not `count(memo=True)`: `count`'s `limit`,
/// `max_nodes` and `threads` mean nothing here, and its `Count` holds 64 bits.
///
/// The 12,988,816 domino tilings of a chessboard:
///
/// >>> dominoes = [[f"{r},{c}", f"{r},{c + 1}"] for r in range(8) for c in range(7)]
/// >>> dominoes += [[f"{r},{c}", f"{r + 1},{c}"] for r in range(7) for c in range(8)]
/// >>> dlx_solver.count_memo(dominoes)
/// 12988816
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, *, max_bytes=None))]
fn count_memo(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    max_bytes: Option<u64>,
) -> PyResult<u128> {
    let problem = problem_of(options, primary, secondary, colored, None)?;
    Ok(memo::run(py, &problem, max_bytes, false)?.solutions)
}

/// The ZDD (zero-suppressed decision diagram) of every solution, built by the memoized
/// search of `count_memo` (which caches all the way here): a `Zdd` that counts, numbers
/// (`nth`) and draws (`random_solution`) solutions without enumerating them, and writes
/// itself for Knuth's `zddread`. Arguments as for `count_memo`; the diagram counts against
/// `max_bytes` too (`MemoryError` past it).
///
/// >>> z = dlx_solver.zdd(dlx_solver.Problem.queens(8))
/// >>> z.count
/// 92
/// >>> sorted(z.nth(0)) == sorted(dlx_solver.first(dlx_solver.Problem.queens(8)))
/// True
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false, *, max_bytes=None))]
fn zdd(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    max_bytes: Option<u64>,
) -> PyResult<memo::PyZdd> {
    let problem = problem_of(options, primary, secondary, colored, None)?;
    let diagram = memo::run(py, &problem, max_bytes, true)?
        .zdd
        .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("the search made no ZDD"))?;
    Ok(memo::PyZdd::new(diagram, problem))
}

/// Every solution of the exact cover of a 0/1 or bool numpy matrix whose rows are the
/// options and columns the items (the last `secondary` columns secondary), lazily, each a
/// tuple of row indices. `exact_cover.get_exact_cover` gives the first of them.
///
/// >>> import numpy as np
/// >>> m = np.array([[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 0, 1]], dtype=bool)
/// >>> sorted(dlx_solver.covers_bool(m))
/// [(0, 1), (2, 3)]
#[pyfunction]
#[pyo3(signature = (matrix, secondary=0, *, limit=None, max_nodes=None, threads=None, engine="auto"))]
fn covers_bool(
    matrix: &Bound<'_, PyAny>,
    secondary: usize,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    threads: Option<usize>,
    engine: &str,
) -> PyResult<Covers> {
    let problem = model::from_matrix(matrix, secondary)?;
    Ok(Covers::new(
        problem,
        Limits::new(limit, max_nodes, threads, engine)?,
    ))
}

/// The number of exact covers of a 0/1 or bool numpy matrix (rows are options), as a `Count`.
///
/// >>> dlx_solver.count_bool(np.array([[1, 0], [0, 1], [1, 1]]))
/// Count(2, complete=True)
#[pyfunction]
#[pyo3(signature = (matrix, secondary=0, *, limit=None, max_nodes=None, threads=None, engine="auto"))]
fn count_bool(
    py: Python<'_>,
    matrix: &Bound<'_, PyAny>,
    secondary: usize,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    threads: Option<usize>,
    engine: &str,
) -> PyResult<PyCount> {
    let problem = model::from_matrix(matrix, secondary)?;
    search::count(
        py,
        &problem,
        Limits::new(limit, max_nodes, threads, engine)?,
    )
}

/// The cheapest solutions, as Knuth's DLX5 finds them: a list of `(cost, solution)` pairs in
/// increasing cost, each solution a tuple of option indices, the `k` cheapest (a cost repeated
/// as often as it occurs among them; fewer when there are fewer solutions, none when there is
/// none). `costs[i]` is the cost of option `i` (non-negative integers); without `costs`, the
/// costs of a `Problem` read by `read_knuth` (`|n` after an option's items), or 0. Other
/// arguments as for `covers`; colours are taken, bounds are not (`ValueError`). The search
/// runs on one thread, DLX5's (among solutions of one cost, those it meets first), unless
/// `threads` asks for more: the tree is then searched in parallel with one shared cutoff, and
/// among solutions of one cost those whose sorted option indices come first are kept, the
/// same answer for every number of threads. `Undecided` when `max_nodes` ran out first.
///
/// >>> options = [["a", "b"], ["c"], ["a"], ["b", "c"]]
/// >>> dlx_solver.min_cost(options, costs=[3, 1, 1, 2])
/// [(3, (2, 3))]
/// >>> dlx_solver.min_cost(options, costs=[3, 1, 1, 2], k=2)
/// [(3, (2, 3)), (4, (0, 1))]
#[pyfunction]
#[pyo3(signature = (options, costs=None, k=1, primary=None, secondary=None, colored=false, *, max_nodes=None, threads=None))]
#[allow(clippy::too_many_arguments)]
fn min_cost<'py>(
    py: Python<'py>,
    options: &Bound<'py, PyAny>,
    costs: Option<Vec<u64>>,
    k: usize,
    primary: Option<&Bound<'py, PyAny>>,
    secondary: Option<&Bound<'py, PyAny>>,
    colored: bool,
    max_nodes: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Vec<(u64, Bound<'py, PyTuple>)>> {
    let mut problem = problem_of(options, primary, secondary, colored, None)?;
    if let Some(costs) = costs {
        let given = match options.cast::<PyProblem>() {
            Ok(problem) => problem.get().indices.iter().max().map_or(0, |&i| i + 1),
            Err(_) => options.len()?,
        };
        if costs.len() != given {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "costs has {} entries for {given} options",
                costs.len()
            )));
        }
        let indices = &problem.indices;
        problem.problem = problem
            .problem
            .with_costs(|option| costs[indices[option.index()]])
            .map_err(|e| errors::ProblemError::new_err(e.to_string()))?;
    }
    let threads = threads::threads_or(threads, || 1)?;
    cheapest::run(py, &problem, k, max_nodes, threads)?
        .into_iter()
        .map(|(cost, solution)| Ok((cost, PyTuple::new(py, solution)?)))
        .collect()
}

/// Reads a problem in Knuth's text format (items line, `|` before the secondary items,
/// `a:b|name` bounds, one option a line, `x:c` colours, `|n` costs, which `min_cost` reads). Raises `FormatError` whose `line` and
/// `column` say where the text is wrong.
///
/// >>> p = dlx_solver.read_knuth("a b c\na b\nc\nb c\n")
/// >>> list(dlx_solver.covers(p))
/// [(0, 1)]
#[pyfunction]
fn read_knuth(text: &str) -> PyResult<PyProblem> {
    model::read_knuth(text)
}

/// The extension module.
#[pymodule]
fn dlx_solver(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyProblem>()?;
    m.add_class::<PyCount>()?;
    m.add_class::<Covers>()?;
    m.add_class::<memo::PyZdd>()?;
    m.add_function(wrap_pyfunction!(covers, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(count_memo, m)?)?;
    m.add_function(wrap_pyfunction!(zdd, m)?)?;
    m.add_function(wrap_pyfunction!(first, m)?)?;
    m.add_function(wrap_pyfunction!(is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(covers_bool, m)?)?;
    m.add_function(wrap_pyfunction!(count_bool, m)?)?;
    m.add_function(wrap_pyfunction!(read_knuth, m)?)?;
    m.add_function(wrap_pyfunction!(min_cost, m)?)?;
    m.add("ProblemError", py.get_type::<errors::ProblemError>())?;
    m.add("FormatError", py.get_type::<errors::FormatError>())?;
    m.add("Undecided", py.get_type::<errors::Undecided>())?;
    sudoku::register(m)?;
    Ok(())
}
