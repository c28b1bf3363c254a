//! `min_cost`: the cheapest solutions of a problem whose options have costs, as Knuth's DLX5
//! finds them, on one thread or split over several.

use crate::errors::Undecided;
use crate::interrupt::run_interruptible;
use crate::model::PyProblem;
use dlx_engine::{DlxError, MinCost, Stop};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The `k` cheapest solutions in increasing cost, each as its cost and its options' caller
/// indices (on one thread DLX5's, ties in the order met; on more, ties in the order of their
/// options); `Undecided` when `max_nodes` ran out first.
pub(crate) fn run(
    py: Python<'_>,
    problem: &PyProblem,
    k: usize,
    max_nodes: Option<u64>,
    threads: usize,
) -> PyResult<Vec<(u64, Vec<usize>)>> {
    let engine = MinCost::try_new(&problem.problem)
        .and_then(|engine| engine.keeping(k))
        .map_err(refused)?;
    let found = run_interruptible(py, |stop| {
        let mut engine = engine;
        engine.cheapest(threads, None, max_nodes, &stop)
    })?;
    if found.stop != Stop::Exhausted {
        return Err(Undecided::new_err(
            "the node budget ran out before the cheapest solutions were proven",
        ));
    }
    Ok(found
        .solutions
        .into_iter()
        .map(|(cost, options)| (cost, problem.caller_indices(&options)))
        .collect())
}

fn refused(error: DlxError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
