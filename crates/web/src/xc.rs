//! An exact-cover problem in Knuth's format (colours, bounds, costs): its first solutions
//! listed, or its cheapest when options carry costs; its solutions counted; its uniqueness
//! told. Every solution listed is checked against the definition before it is shown.

use super::progress::{Progress, SearchProgress};
use super::request::{Algorithm, Request, Task};
use dlx_engine::{ChoiceRule, MinCost, OptionId, Problem, SearchRequest, Shard, StopFlag, Visitor};
use serde_json::{json, Value};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Answers the request's problem.
pub fn answer(request: &Request, progress: Arc<dyn Progress>) -> Value {
    let Algorithm::Engine(engine) = request.algorithm else {
        let message = "the backtracking baselines solve Sudoku and its variants: an exact-cover \
                       problem is searched by the engines";
        return super::failure(1, 1, message);
    };
    let problem = match Problem::parse(&request.text) {
        Ok(problem) => problem,
        Err(error) => return super::failure(error.line, error.column, &error.kind.to_string()),
    };
    if problem.has_costs() && request.task == Task::Solve {
        return cheapest(request, &problem);
    }
    let sink = SearchProgress::new(progress);
    let search = SearchRequest {
        engine,
        rule: ChoiceRule::default(),
        threads: 1,
        shard: Shard::WHOLE,
        max_solutions: match request.task {
            Task::Solve => Some(request.listed),
            Task::Count => None,
            Task::Unique => Some(2),
        },
        max_nodes: request.max_nodes,
        min_subtrees: SearchRequest::subtrees_for(1),
        count_only: request.task == Task::Count,
    };
    let mut listing = Listing {
        problem: &problem,
        sink: &sink,
        keep: request.task != Task::Count,
        solutions: Vec::new(),
        invalid: 0,
    };
    let report = match search.run(&problem, &StopFlag::never(), Some(&sink), &mut listing) {
        Ok(report) => report,
        Err(error) => return super::failure(1, 1, &format!("{}: {error}", engine.name())),
    };
    let outcome = report.outcome;
    let found = outcome.stats.solutions;
    let complete = outcome.is_complete();
    let answer = match request.task {
        Task::Count if complete => found.to_string(),
        Task::Count => format!("at least {found}"),
        Task::Unique => match (found, complete || found >= 2) {
            (0, true) => "no solution".to_string(),
            (1, true) => "unique".to_string(),
            (_, true) => "several solutions".to_string(),
            (_, false) => "undecided (node budget)".to_string(),
        },
        Task::Solve => match listing.solutions.len() {
            0 if outcome.ran_out_of_nodes() => "undecided (node budget)".to_string(),
            0 => "no solution".to_string(),
            _ => listing.solutions.join("\n\n"),
        },
    };
    json!({
        "ok": true,
        "kind": "xc",
        "algorithm": engine.name(),
        "engine": report.engine.name(),
        "answer": answer,
        "solutions": listing.solutions,
        "summary": {
            "solutions": found, "complete": complete, "nodes": outcome.stats.nodes,
            "updates": outcome.stats.updates, "valid": listing.solutions.len() as u64 - listing.invalid,
            "invalid": listing.invalid, "items": problem.item_count(),
            "options": problem.option_count(),
        },
    })
}

/// The request's `listed` cheapest solutions of a problem with costs (DLX5's search, on one
/// thread), each led by its `| cost N` line as `dlx xc --best K` prints them.
fn cheapest(request: &Request, problem: &Problem) -> Value {
    let engine = MinCost::try_new(problem).and_then(|e| e.keeping(request.listed as usize));
    let mut engine = match engine {
        Ok(engine) => engine,
        Err(error) => return super::failure(1, 1, &error.to_string()),
    };
    let found = engine.cheapest(1, None, request.max_nodes, &StopFlag::never());
    let mut invalid = 0u64;
    let solutions: Vec<String> = found
        .solutions
        .iter()
        .map(|(cost, options)| {
            let summed: u64 = options.iter().map(|&o| problem.option_cost(o)).sum();
            if !problem.is_solution(options) || summed != *cost {
                invalid += 1;
            }
            format!("| cost {cost}\n{}", written(problem, options))
        })
        .collect();
    let complete = found.stop == dlx_engine::Stop::Exhausted;
    let answer = match (solutions.is_empty(), complete) {
        (true, true) => "no solution".to_string(),
        (true, false) => "undecided (node budget)".to_string(),
        (false, _) => solutions.join("\n\n"),
    };
    json!({
        "ok": true,
        "kind": "xc",
        "algorithm": request.algorithm.name(),
        "engine": "min-cost",
        "answer": answer,
        "solutions": solutions,
        "summary": {
            "solutions": found.stats.solutions, "complete": complete,
            "nodes": found.stats.nodes, "updates": found.stats.updates,
            "least_cost": found.least_cost(), "valid": solutions.len() as u64 - invalid,
            "invalid": invalid, "items": problem.item_count(), "options": problem.option_count(),
        },
    })
}

/// A solution's options, a line each, in Knuth's format.
fn written(problem: &Problem, options: &[OptionId]) -> String {
    let mut text = Vec::new();
    for (index, &option) in options.iter().enumerate() {
        if index > 0 {
            text.push(b'\n');
        }
        // Writing into a vector cannot fail.
        let _ = problem.write_option(option, &mut text);
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// The visitor: solutions counted for the progress bar, and kept (checked, written) when asked.
struct Listing<'a> {
    problem: &'a Problem,
    sink: &'a SearchProgress,
    keep: bool,
    solutions: Vec<String>,
    invalid: u64,
}

impl Visitor for Listing<'_> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.sink.found.fetch_add(1, Ordering::Relaxed);
        if self.keep {
            if !self.problem.is_solution(options) {
                self.invalid += 1;
            }
            self.solutions.push(written(self.problem, options));
        }
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        self.keep
    }
}
