//! `dlx xc --min-cost`, `--best K`: the cheapest solutions of a problem whose options have
//! costs (`|n`), as Knuth's DLX5 finds them.

use super::exit::Exit;
use super::interrupt;
use super::output::Output;
use super::report::report;
use dlx_engine::batch::Batch;
use dlx_engine::{Cheapest, MinCost, OptionId, Problem, Shard, Stop};
use std::io::Write;
use std::time::Instant;

/// The flags of the minimum-cost search, part of `dlx xc`'s.
#[derive(Debug, clap::Args)]
pub struct MinCostArgs {
    /// Print a solution of least total cost (the options' `|n` costs added up; an option
    /// without one costs 0), as Knuth's DLX5 finds it: the block begins with the comment line
    /// `| cost N`. With --count: the number of solutions of least cost. --stats gives DLX5's
    /// figures: the improving solutions met, nodes, updates, cleansings. It runs on one
    /// thread unless --threads N asks for more (and no --max-nodes, which is kept exactly on
    /// one thread): the tree is then searched in parallel with one shared cutoff, and among
    /// solutions of one cost those first in the order of their options' numbers are kept, the
    /// same for every N. --shard K/N prints its part's best, one a line:
    /// cost, option numbers, options, tab-separated; `sort -t TAB -k1,1n -k2,2` of all the
    /// parts' lines puts the whole's best first.
    #[arg(long, conflicts_with_all = MIN_COST_CONFLICTS)]
    min_cost: bool,
    /// Print the K best solutions (1 to 15000) in increasing cost, each block beginning with its
    /// `| cost N` line, as DLX5 `kK` keeps them: a cost repeated as often as it occurs among
    /// the K cheapest.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=15000),
        conflicts_with_all = MIN_COST_CONFLICTS)]
    best: Option<u64>,
}

/// What a minimum-cost search cannot be combined with: other engines and rules, a limit on
/// the solutions met, the estimate and the memoized count.
const MIN_COST_CONFLICTS: [&str; 7] = [
    "engine", "rule", "limit", "estimate", "memo", "zdd", "random",
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
    pub max_nodes: Option<u64>,
    pub threads: Option<u64>,
    pub shard: Option<Shard>,
}

/// Runs the minimum-cost search the flags ask for, and prints its answer.
pub fn run(args: &MinCostArgs, context: MinCostContext<'_>) -> anyhow::Result<Exit> {
    let problem = context.problem;
    let mut engine = MinCost::try_new(problem)?;
    engine = match context.count {
        true => engine.counting_ties(),
        false => engine.keeping(args.best.unwrap_or(1) as usize)?,
    };
    // One thread unless more are asked for: DLX5's search, its figures and its ties.
    let threads = context.threads.map_or(1, |n| n as usize);
    let started = Instant::now();
    let found = engine.cheapest(
        threads,
        context.shard,
        context.max_nodes,
        &interrupt::stop_flag(),
    );
    let elapsed = started.elapsed();
    let signal = interrupt::signal();
    let stop = match signal {
        Some(_) => Stop::Interrupted,
        None => found.stop,
    };
    let out = Output::stdout()?;
    write_answer(out, problem, &found, context.count, context.shard.is_some())?;
    if context.stats || signal.is_some() {
        print_stats(&found, &engine, stop, &context, threads, elapsed);
    }
    if let Some(signal) = signal {
        report!(
            "dlx: interrupted after {} nodes: the cheapest found so far, not proven the least",
            found.stats.nodes
        );
        return Ok(Exit::interrupted_by(signal));
    }
    Ok(match (found.least_cost(), stop) {
        (_, Stop::NodeBudget | Stop::SolutionLimit) => {
            report!(
                "dlx: {}: stopped before the search ended: the cheapest found so far, not \
                 proven the least",
                context.input_name
            );
            Exit::Undecided
        }
        (None, _) => {
            report!("dlx: {}: no solution", context.input_name);
            Exit::Unsolved
        }
        (Some(_), _) => Exit::Solved,
    })
}

/// Writes the count of the cheapest solutions, or the solutions kept in increasing cost: each
/// after its `| cost N` line, or, for a shard, one a line as [`write_shard_line`] writes it (a
/// count: the least cost and how many solutions have it, tab-separated).
fn write_answer(
    mut out: Output,
    problem: &Problem,
    found: &Cheapest,
    count: bool,
    shard: bool,
) -> anyhow::Result<()> {
    let written = (|| -> std::io::Result<()> {
        match (count, shard) {
            (true, true) => {
                if let Some((least, solutions)) = found.least {
                    writeln!(out, "{least}\t{solutions}")?;
                }
            }
            (true, false) => {
                let solutions = found.least.map_or(0, |(_, solutions)| solutions);
                let undecided = match found.stop {
                    Stop::Exhausted => "",
                    _ => "+ undecided",
                };
                writeln!(out, "{solutions}{undecided}")?;
            }
            (false, true) => {
                for (cost, options) in &found.solutions {
                    write_shard_line(&mut out, problem, *cost, options)?;
                }
            }
            (false, false) => {
                for (cost, options) in &found.solutions {
                    writeln!(out, "| cost {cost}")?;
                    super::xc::print_solution(&mut out, problem, options)?;
                }
            }
        }
        Ok(())
    })();
    match written.and_then(|()| out.commit()) {
        Err(e) if Batch::is_broken_pipe(&e) => Ok(()),
        written => written.map_err(Into::into),
    }
}

/// One solution of a shard on one line, tab-separated: its cost; its options' numbers (from 1,
/// in input order) in increasing order, zero-padded to one width and joined by commas, so that
/// the text sorts as the numbers do; and the options. `sort -t TAB -k1,1n -k2,2` of every
/// shard's lines then puts the whole's answer first.
fn write_shard_line(
    out: &mut impl Write,
    problem: &Problem,
    cost: u64,
    options: &[OptionId],
) -> std::io::Result<()> {
    let width = problem.option_count().to_string().len();
    let numbers: Vec<String> = options
        .iter()
        .map(|o| format!("{:0width$}", o.index() + 1))
        .collect();
    write!(out, "{cost}\t{}", numbers.join(","))?;
    for &option in options {
        out.write_all(b"\t")?;
        problem.write_option(option, out)?;
    }
    out.write_all(b"\n")
}

/// The figures on stderr (DLX5's on one thread), with the least cost and how the search ended.
fn print_stats(
    found: &Cheapest,
    engine: &MinCost,
    stop: Stop,
    context: &MinCostContext<'_>,
    threads: usize,
    elapsed: std::time::Duration,
) {
    // A node budget is kept exactly on one thread: the engine then uses no other.
    let budget = context.max_nodes.is_some();
    let split = context.shard.is_some() || (threads > 1 && !budget);
    match split {
        false => report!("engine: links (DLX5, minimum cost)"),
        true => report!("engine: links (DLX5's search split, one shared cutoff)"),
    }
    let stats = &found.stats;
    report!(
        "solutions: {}\nnodes: {}\nupdates: {}\ncleansings: {}",
        stats.solutions,
        stats.nodes,
        stats.updates,
        stats.cleansings
    );
    if let Some(least) = found.least_cost() {
        report!("least cost: {least}");
    }
    report!("total tax: {}", engine.total_tax());
    report!("time: {:.3} s", elapsed.as_secs_f64());
    match (budget && threads > 1, split) {
        (true, _) => report!("threads: 1 (a node budget is kept exactly on one thread)"),
        (false, true) => report!("threads: {threads}"),
        (false, false) => report!("threads: 1"),
    }
    if split {
        report!("figures: the split run's, added up (DLX5's own on one thread without --shard)");
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
