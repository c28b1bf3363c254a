//! `dlx xc --memo`, `--zdd`, `--random` and `--nth`: counting, and reaching single solutions,
//! by memoizing subproblems as Knuth's DLX6 does, instead of enumerating.

use super::exit::Exit;
use super::output::Output;
use super::progress::TreeBar;
use super::report::report;
use super::{interrupt, xc};
use anyhow::{bail, Context};
use dlx_engine::{batch, Memo, MemoResult, Outcome, Problem, ProgressSink, Stop};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The flags of the memoized search, part of `dlx xc`'s.
#[derive(Debug, clap::Args)]
pub struct MemoArgs {
    /// With --count: count by remembering the count of every subproblem met (the active items
    /// and the colours imposed so far), as Knuth's DLX6 does, instead of enumerating: domino
    /// tilings in thousands of nodes instead of millions. Counts are exact up to 2^128 - 1.
    /// Caching stops by itself when it saves too little to pay for itself (--stats says so),
    /// and the count goes on as a plain search. Exact cover with
    /// or without colours, not multiplicities. It runs on one thread whatever --threads says:
    /// every subproblem's count is looked up in one cache that the whole search fills, as in
    /// DLX6, and its tree is a few thousand nodes where a split would pay off at millions.
    #[arg(long, requires = "count", conflicts_with_all = MEMO_CONFLICTS)]
    memo: bool,
    /// The memory bound of the memo cache and the ZDD, in bytes (default 1 GiB). Past it the
    /// cache is forgotten and filled again (counts stay exact, the work grows); a ZDD larger
    /// than the bound on its own is refused.
    #[arg(long, value_name = "N", default_value_t = Memo::DEFAULT_MAX_BYTES)]
    memo_bytes: u64,
    /// Write the ZDD of all solutions to FILE in DLX6's format (Knuth's `zddread` reads it):
    /// a line `id: (~option?lo:hi)` per node, ids in hexadecimal, options numbered from 1 in
    /// the file's order, then a root of option 0. The file is replaced only when it is whole, and
    /// never when it is the problem's file (standard input included).
    #[arg(long, value_name = "FILE", conflicts_with_all = MEMO_CONFLICTS)]
    zdd: Option<PathBuf>,
    /// Print N solutions drawn uniformly at random (each solution equally likely, repeats
    /// allowed) from the ZDD, without enumerating; --seed S (default 0) makes them repeatable.
    #[arg(long, value_name = "N", conflicts_with_all = MEMO_CONFLICTS)]
    random: Option<u64>,
    /// Print the K-th solution (from 1) in the order dancing links (`--engine links`) find
    /// them, from the ZDD, without enumerating the ones before it.
    #[arg(long, value_name = "K", value_parser = parse_rank, conflicts_with_all = MEMO_CONFLICTS)]
    nth: Option<u128>,
}

/// What a memoized search cannot be combined with: limits and shards of the enumeration.
/// `--threads` is taken (a script may always pass it) and the search runs on one.
const MEMO_CONFLICTS: [&str; 4] = ["limit", "max_nodes", "shard", "estimate"];

/// A rank from 1.
fn parse_rank(text: &str) -> Result<u128, String> {
    match text.parse::<u128>() {
        Ok(0) | Err(_) => Err(format!("expected a whole number from 1, found `{text}`")),
        Ok(k) => Ok(k),
    }
}

impl MemoArgs {
    /// Whether a memoized search was asked for.
    pub fn wanted(&self) -> bool {
        self.memo || self.zdd.is_some() || self.random.is_some() || self.nth.is_some()
    }

    /// Whether the search must build the ZDD.
    fn needs_zdd(&self) -> bool {
        self.zdd.is_some() || self.random.is_some() || self.nth.is_some()
    }
}

/// What the memoized run needs of `dlx xc`'s other flags.
pub struct MemoContext<'a> {
    pub problem: &'a Problem,
    pub input: Option<&'a PathBuf>,
    pub count: bool,
    pub stats: bool,
    pub seed: u64,
}

/// Runs the memoized search and writes what was asked: the count, the ZDD file, random or
/// ranked solutions; the figures on stderr under --stats.
pub fn run(args: &MemoArgs, context: MemoContext<'_>) -> anyhow::Result<Exit> {
    let problem = context.problem;
    // Open the ZDD's file first: a refused target is known before the search.
    // No file named: the problem came from standard input, which may be the target itself.
    let inputs = vec![context.input.cloned().unwrap_or_else(|| PathBuf::from("-"))];
    let zdd_file = match &args.zdd {
        Some(path) => Some(Output::file_for("--zdd", path, &inputs)?),
        None => None,
    };
    let started = Instant::now();
    // Solutions are printed once the search has ended and its bar is gone.
    let bar = TreeBar::on_stderr(true);
    let mut memo = Memo::new(problem)
        .max_bytes(args.memo_bytes)
        .stop_flag(interrupt::stop_flag());
    let reporting = bar.begin();
    if reporting {
        memo = memo.progress(&bar);
    }
    let outcome = if args.needs_zdd() {
        memo.zdd()
    } else {
        memo.count()
    };
    if reporting {
        bar.end();
    }
    let outcome = outcome.context("the memoized search cannot go on")?;
    let elapsed = started.elapsed();
    let complete = outcome.stop == Stop::Exhausted;
    let solutions = outcome.answer.solutions;
    if let (Some(zdd), Some(mut file)) = (&outcome.answer.zdd, zdd_file) {
        zdd.write_knuth(&mut file)
            .and_then(|()| file.commit())
            .context("cannot write the ZDD")?;
    }
    let out = Output::stdout()?;
    // A reader that went away (`dlx xc ... --random N | head`) ends the output quietly, as in
    // every other command: the exit code is the one of what was found.
    match write_answers(args, &context, &outcome, out) {
        Err(error) if batch::Batch::is_broken_pipe(&error) => {}
        written => written?,
    }
    if context.stats || !complete {
        print_stats(&outcome, elapsed);
    }
    if let Some(signal) = interrupt::signal() {
        report!("dlx: interrupted: {solutions} solutions so far (partial)");
        return Ok(Exit::interrupted_by(signal));
    }
    if !complete {
        bail!("the memoized search stopped before its end");
    }
    if solutions == 0 {
        report!("no solution");
        return Ok(Exit::Unsolved);
    }
    if args.nth.is_some_and(|k| k > solutions) {
        return Ok(Exit::Unsolved);
    }
    Ok(Exit::Solved)
}

/// Writes to standard output what was asked of the ZDD and the count: the count, random
/// solutions, the K-th solution; then puts the output in place.
fn write_answers(
    args: &MemoArgs,
    context: &MemoContext<'_>,
    outcome: &Outcome<MemoResult>,
    mut out: Output,
) -> std::io::Result<()> {
    let solutions = outcome.answer.solutions;
    if context.count {
        if outcome.stop == Stop::Exhausted {
            writeln!(out, "{solutions}")?;
        } else {
            writeln!(out, "{solutions}+ undecided")?;
        }
    }
    if let Some(zdd) = &outcome.answer.zdd {
        if let Some(draws) = args.random {
            let mut random = Pcg64Mcg::seed_from_u64(context.seed);
            for _ in 0..draws {
                if interrupt::requested() {
                    break;
                }
                let Some(solution) = zdd.random_solution(&mut random) else {
                    break;
                };
                xc::print_solution(&mut out, context.problem, &solution)?;
            }
        }
        if let Some(k) = args.nth {
            match zdd.nth(k - 1) {
                Some(solution) => xc::print_solution(&mut out, context.problem, &solution)?,
                None => report!("dlx: no solution {k}: the problem has {solutions}"),
            }
        }
    }
    out.commit()
}

/// The memoized search's figures on stderr, DLX6's beside ours where they differ.
fn print_stats(outcome: &Outcome<MemoResult>, elapsed: Duration) {
    let memo = &outcome.answer;
    let rate = memo.hits as f64 / memo.lookups.max(1) as f64;
    let caching = if !memo.caching_stopped {
        "on throughout"
    } else if memo.lookups == 0 {
        "none: --memo-bytes is too small for any cache; the engine's plain search counted"
    } else {
        "given up: it saved too few nodes to pay; the engine's plain search counted (nodes include both)"
    };
    report!(
        "solutions: {}\nnodes: {}\nupdates: {}\ncleansings: {}\ncache lookups: {}\ncache hits: {} ({:.1}%; DLX6's hits, solutions included: {})\nnodes without the cache: {} ({:.1} times those visited)\ncache entries: {} at most\ncache evictions: {}\ncaching: {}\nZDD nodes: {}{}\ntime: {:.3} s",
        memo.solutions,
        outcome.stats.nodes,
        outcome.stats.updates,
        outcome.stats.cleansings,
        memo.lookups,
        memo.hits,
        100.0 * rate,
        memo.hits + memo.solution_leaves,
        memo.plain_nodes,
        memo.plain_nodes as f64 / outcome.stats.nodes.max(1) as f64,
        memo.peak_entries,
        memo.evictions,
        caching,
        memo.zdd_nodes,
        // With caching on all the way, the ZDD is DLX6's (which counts its two sinks).
        if memo.caching_stopped {
            " (before caching was given up: not DLX6's)".to_string()
        } else {
            format!(" (DLX6 reports {})", memo.zdd_nodes + 2)
        },
        elapsed.as_secs_f64(),
    );
}
