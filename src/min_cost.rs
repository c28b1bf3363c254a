//! `dlx xc --min-cost`, `--best K`: the cheapest solutions of a problem whose options have
//! costs (`|n`), as Knuth's DLX5 finds them.

use super::exit::Exit;
use super::interrupt;
use super::output::Output;
use super::report::report;
use dlx_engine::batch::Batch;
use dlx_engine::{Engine, MinCost, OptionId, Outcome, Problem, SearchLimits, Stop, Visitor};
use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

/// The flags of the minimum-cost search, part of `dlx xc`'s.
#[derive(Debug, clap::Args)]
pub struct MinCostArgs {
    /// Print a solution of least total cost (the options' `|n` costs added up; an option
    /// without one costs 0), as Knuth's DLX5 finds it: the block begins with the comment line
    /// `| cost N`. With --count: the number of solutions of least cost. --stats gives DLX5's
    /// figures: the improving solutions met, nodes, updates, cleansings.
    #[arg(long, conflicts_with_all = MIN_COST_CONFLICTS)]
    min_cost: bool,
    /// Print the K best solutions (1 to 15000) in increasing cost, each block beginning with its
    /// `| cost N` line, as DLX5 `kK` keeps them: a cost repeated as often as it occurs among
    /// the K cheapest.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=15000),
        conflicts_with_all = MIN_COST_CONFLICTS)]
    best: Option<u64>,
}

/// What a minimum-cost search cannot be combined with: other engines and rules, shards, the
/// estimate and the memoized count.
const MIN_COST_CONFLICTS: [&str; 7] = [
    "engine", "rule", "shard", "estimate", "memo", "zdd", "random",
];

impl MinCostArgs {
    /// Whether a minimum-cost search was asked for.
    pub fn wanted(&self) -> bool {
        self.min_cost || self.best.is_some()
    }
}

/// What the minimum-cost run needs of `dlx xc`'s other flags.
pub struct MinCostContext<'a> {
    pub problem: &'a Problem,
    pub input_name: &'a str,
    pub count: bool,
    pub stats: bool,
    pub limit: Option<u64>,
    pub max_nodes: Option<u64>,
    pub threads: Option<u64>,
}

/// The solutions met, as the run keeps them: the `keep` cheapest (the latest of a cost going
/// first when one must go), or, counting, the least cost and how many solutions have it.
struct Cheapest<'a> {
    problem: &'a Problem,
    keep: usize,
    kept: Vec<(u64, Vec<OptionId>)>,
    counting: bool,
    least: Option<(u64, u64)>,
}

impl Visitor for Cheapest<'_> {
    type Break = ();

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        let cost: u64 = options.iter().map(|&o| self.problem.option_cost(o)).sum();
        if self.counting {
            self.least = match self.least {
                Some((least, count)) if least == cost => Some((least, count + 1)),
                _ => Some((cost, 1)),
            };
            return ControlFlow::Continue(());
        }
        self.kept.push((cost, options.to_vec()));
        if self.kept.len() > self.keep {
            // The dearest goes, the latest met of its cost: the search met it under a cutoff it
            // could not beat, so it is one of the dearest kept.
            let worst = (0..self.kept.len())
                .rev()
                .max_by_key(|&k| self.kept[k].0)
                .unwrap_or(0);
            self.kept.remove(worst);
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<()> {
        if interrupt::requested() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Runs the minimum-cost search the flags ask for, and prints its answer.
pub fn run(args: &MinCostArgs, context: MinCostContext<'_>) -> anyhow::Result<Exit> {
    let problem = context.problem;
    let keep = args.best.unwrap_or(1) as usize;
    let mut engine = MinCost::try_new(problem)?;
    engine = match context.count {
        true => engine.counting_ties(),
        false => engine.keeping(keep)?,
    };
    let mut cheapest = Cheapest {
        problem,
        keep,
        kept: Vec::new(),
        counting: context.count,
        least: None,
    };
    let limits = SearchLimits {
        max_solutions: context.limit,
        max_nodes: context.max_nodes,
    };
    let started = Instant::now();
    let outcome = engine.search(limits, &mut cheapest);
    let elapsed = started.elapsed();
    let signal = interrupt::signal();
    let stop = match (outcome.answer, signal) {
        (Some(()), _) | (None, Some(_)) => Stop::Interrupted,
        (None, None) => outcome.stop,
    };
    let out = Output::stdout()?;
    write_answer(out, &cheapest, context.count, stop)?;
    if context.stats || signal.is_some() {
        print_stats(&outcome, &cheapest, &engine, stop, &context, elapsed);
    }
    if let Some(signal) = signal {
        report!(
            "dlx: interrupted after {} nodes: the cheapest found so far, not proven the least",
            outcome.stats.nodes
        );
        return Ok(Exit::interrupted_by(signal));
    }
    let found = cheapest.least.is_some() || !cheapest.kept.is_empty();
    Ok(match (found, stop) {
        (_, Stop::NodeBudget | Stop::SolutionLimit) => {
            report!(
                "dlx: {}: stopped before the search ended: the cheapest found so far, not \
                 proven the least",
                context.input_name
            );
            Exit::Undecided
        }
        (false, _) => {
            report!("dlx: {}: no solution", context.input_name);
            Exit::Unsolved
        }
        (true, _) => Exit::Solved,
    })
}

/// Writes the count of the cheapest solutions, or the solutions kept in increasing cost, each
/// after its `| cost N` line.
fn write_answer(
    mut out: Output,
    cheapest: &Cheapest<'_>,
    count: bool,
    stop: Stop,
) -> anyhow::Result<()> {
    let written = (|| -> std::io::Result<()> {
        if count {
            let (solutions, complete) = match cheapest.least {
                Some((_, solutions)) => (solutions, stop == Stop::Exhausted),
                None => (0, stop == Stop::Exhausted),
            };
            let undecided = if complete { "" } else { "+ undecided" };
            return writeln!(out, "{solutions}{undecided}");
        }
        let mut kept: Vec<&(u64, Vec<OptionId>)> = cheapest.kept.iter().collect();
        // Stable: solutions of one cost in the order they were met.
        kept.sort_by_key(|(cost, _)| *cost);
        for (cost, options) in kept {
            writeln!(out, "| cost {cost}")?;
            super::xc::print_solution(&mut out, cheapest.problem, options)?;
        }
        Ok(())
    })();
    match written.and_then(|()| out.commit()) {
        Err(e) if Batch::is_broken_pipe(&e) => Ok(()),
        written => written.map_err(Into::into),
    }
}

/// DLX5's figures on stderr, with the least cost (or the best costs) and how the search ended.
fn print_stats(
    outcome: &Outcome<Option<()>>,
    cheapest: &Cheapest<'_>,
    engine: &MinCost,
    stop: Stop,
    context: &MinCostContext<'_>,
    elapsed: std::time::Duration,
) {
    report!("engine: links (DLX5, minimum cost)");
    let stats = &outcome.stats;
    report!(
        "solutions: {}\nnodes: {}\nupdates: {}\ncleansings: {}",
        stats.solutions,
        stats.nodes,
        stats.updates,
        stats.cleansings
    );
    match (cheapest.least, cheapest.kept.iter().map(|(c, _)| *c).min()) {
        (Some((least, _)), _) | (None, Some(least)) => report!("least cost: {least}"),
        (None, None) => {}
    }
    report!("total tax: {}", engine.total_tax());
    report!("time: {:.3} s", elapsed.as_secs_f64());
    if context.threads.is_some_and(|n| n > 1) {
        report!("threads: 1 (the minimum-cost search runs on one thread)");
    }
    report!(
        "dropped options: {}\nstopped: {}",
        context.problem.dropped_options(),
        match stop {
            Stop::Exhausted => "no, the whole tree was searched",
            Stop::Interrupted | Stop::Visitor => "by a signal: the figures are partial",
            Stop::SolutionLimit => "at the solution limit",
            Stop::NodeBudget => "at the node budget",
        }
    );
}
