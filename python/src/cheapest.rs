//! `min_cost`: the cheapest solutions of a problem whose options have costs, as Knuth's DLX5
//! finds them.

use crate::errors::Undecided;
use crate::interrupt::run_interruptible;
use crate::model::PyProblem;
use dlx_engine::{DlxError, Engine, MinCost, OptionId, SearchLimits};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::ops::ControlFlow;

/// The `k` cheapest solutions met by DLX5's search, in increasing cost (ties in the order
/// met), each as its cost and its options' caller indices; `Undecided` when `max_nodes` ran
/// out first.
pub(crate) fn run(
    py: Python<'_>,
    problem: &PyProblem,
    k: usize,
    max_nodes: Option<u64>,
) -> PyResult<Vec<(u64, Vec<usize>)>> {
    let engine = MinCost::try_new(&problem.problem)
        .and_then(|engine| engine.keeping(k))
        .map_err(refused)?;
    let (kept, cut) = run_interruptible(py, |stop| {
        let mut engine = engine;
        let mut kept: Vec<(u64, Vec<usize>)> = Vec::new();
        let mut keep = |options: &[OptionId]| {
            let cost = options
                .iter()
                .map(|&o| problem.problem.option_cost(o))
                .sum();
            kept.push((cost, problem.caller_indices(options)));
            if kept.len() > k {
                // The dearest goes, the latest met of its cost.
                let worst = (0..kept.len())
                    .rev()
                    .max_by_key(|&i| kept[i].0)
                    .unwrap_or(0);
                kept.remove(worst);
            }
            ControlFlow::<()>::Continue(())
        };
        let limits = SearchLimits {
            max_solutions: None,
            max_nodes,
        };
        let outcome = engine.search_until(limits, &stop, &mut keep);
        (kept, outcome.cut_short())
    })?;
    if cut {
        return Err(Undecided::new_err(
            "the node budget ran out before the cheapest solutions were proven",
        ));
    }
    let mut kept = kept;
    kept.sort_by_key(|(cost, _)| *cost);
    Ok(kept)
}

fn refused(error: DlxError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
