//! `dlx xc`: solve a problem in Knuth's exact-cover format.

use super::batch::MAX_INPUT_BYTES;
use super::output::Output;
use super::{input, interrupt, Exit};
use anyhow::{bail, Context};
use dlx_solver::xc::{
    self, ChoiceRule, Count, Dlx, OptionId, Outcome, Problem, SearchLimits, Shard, SplitReport,
    SplitSettings, Stop, Visitor, MAX_SUBTREES,
};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Formats (Knuth's; `|` starts a comment line):
  DLX1, exact cover: the first line names the primary items, then `|` and the secondary ones
  (covered at most once); each later line is an option.
      A B C D E F G
      C E
      A D G          (and so on: TAOCP's toy problem)
  DLX2, colours: `x:c` in an option gives secondary item x the one-character colour c; options
  that agree on x's colour may share it.
      A B C | X Y
      A B X:0 Y:0
      A C X:1 Y:1
      B X:1
      C Y:1          -> the solution `A C X:1 Y:1`, `B X:1`
  DLX3, multiplicities: `a:b|name` in the first line covers primary item name between a and b
  times, `b|name` exactly b times.
      A B 2:3|C | X Y
      A B X:0 Y:0
      A C X:1 Y:1
      C X:0
      B X:1
      C Y:1          -> the solution `A C X:1 Y:1`, `B X:1`, `C Y:1`
--stats gives Knuth's figures: DLX1's on plain problems, DLX2's (with cleansings) on problems
with colours, DLX3's on problems with bounds.
Output: each solution as its options, one per line (each option as written, colours
included), solutions separated by a blank line. With --count, only the number of solutions: `N` when the whole tree
was searched, `N+` (a lower bound) when counting stopped at --limit, `N+ undecided` when the
node budget (--max-nodes) ran out or a signal came first (`0+ undecided` found nothing yet,
which does not mean there is no solution).
On SIGINT or SIGTERM (the search, and the cutting of the tree for --threads or --shard, stop
within moments): the whole solutions found so far (with --count, `N+ undecided`: on several
threads, the solutions of every subtree searched so far), the figures so far on stderr marked
partial, exit 130 or 143; a second signal ends at once.
Exit codes: 0 at least one solution, 1 none, 2 bad input or usage (or an output that cannot be
written), 3 --max-nodes ran out first (with --count: whenever it ran out), 130/143 a signal.")]
pub struct XcArgs {
    /// Problem file in Knuth's format (DLX1, DLX2's colours or DLX3's bounds); `-` or nothing
    /// reads standard input.
    file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop after this many search-tree nodes, solutions included (the count is then a lower
    /// bound).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Print nodes, updates, cleansings, solutions and time to stderr.
    #[arg(long)]
    stats: bool,
    /// Refuse a problem file larger than N bytes (it is read whole).
    #[arg(long, value_name = "N", default_value_t = MAX_INPUT_BYTES)]
    max_input_bytes: u64,
    /// How to choose the item to branch on: `dlx1` (the shortest list, the first on ties:
    /// DLX1's tree, nodes and updates), `fast` (a list just emptied or left with one option is
    /// taken without a scan: a slightly different tree, fewer instructions), or `reach` (`fast`,
    /// ties going to the item whose options remove the most options from other lists, from the
    /// 64th node on). All find the same solutions.
    #[arg(long, value_enum, default_value = "dlx1")]
    rule: Rule,
    /// Search on N threads (default: one per core): the tree is cut after its first levels
    /// into subtrees searched in parallel, and the solutions come out in the one-thread order
    /// with the one-thread figures. Only under `--rule dlx1` and without --max-nodes (the other
    /// rules' trees, and a node budget, depend on what was searched before: they run on one
    /// thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1024))]
    threads: Option<u64>,
    /// Search only the K-th of N parts of the tree (1 <= K <= N <= 1048576), for running one
    /// problem on many machines: every solution is in exactly one part, and the parts' counts
    /// and figures add up to the whole (`--stats` shows each part's share). The parts depend
    /// only on N and the problem, not on the machine or --threads: the tree is cut into at
    /// least 32 subtrees a part (2048 at least, 1048576 at most) where it has that many, and
    /// the subtrees are dealt round-robin; a part past the last subtree is empty (it counts 0
    /// and exits 1). Each part walks the top of the tree to find its own: memory stays small
    /// whatever N.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
}

/// `K/N` with 1 <= K <= N <= [`MAX_SUBTREES`], as the shard flag takes it (the library counts
/// from 0). More parts than the most subtrees a tree is cut into would all be empty.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let expected = format!("expected K/N with 1 <= K <= N <= {MAX_SUBTREES}, as in 3/64");
    let (k, n) = text
        .split_once('/')
        .ok_or_else(|| format!("found {text:?}, {expected}"))?;
    let (Ok(k), Ok(n)) = (k.trim().parse::<u64>(), n.trim().parse::<u64>()) else {
        return Err(format!("found {text:?}, {expected}"));
    };
    if k == 0 || k > n || n > MAX_SUBTREES as u64 {
        return Err(format!("found {text:?}, {expected}"));
    }
    Ok(Shard {
        index: k - 1,
        count: n,
    })
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Rule {
    Dlx1,
    Fast,
    Reach,
}

impl Rule {
    fn choice_rule(self) -> ChoiceRule {
        match self {
            Rule::Dlx1 => ChoiceRule::Mrv,
            Rule::Fast => ChoiceRule::MrvStopAtOne,
            Rule::Reach => ChoiceRule::MrvThenReach { from_node: 64 },
        }
    }
}

/// What the CLI does with each solution and node: print it (or count it), and stop when a
/// write fails or a signal asks.
struct Printer<'a> {
    out: &'a mut Output,
    problem: &'a Problem,
    count_only: bool,
}

/// Why the printer stopped the search.
enum Halt {
    /// Writing a solution failed: the run fails with this error.
    Write(std::io::Error),
    /// A signal asked to stop: the figures so far are reported as partial.
    Signal,
}

impl Visitor for Printer<'_> {
    type Break = Halt;

    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<Halt> {
        if self.count_only {
            return ControlFlow::Continue(());
        }
        match print_solution(self.out, self.problem, options) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(Halt::Write(e)),
        }
    }

    fn wants_options(&self) -> bool {
        !self.count_only
    }

    #[inline(always)]
    fn enter_node(&mut self) -> ControlFlow<Halt> {
        if interrupt::requested() {
            ControlFlow::Break(Halt::Signal)
        } else {
            ControlFlow::Continue(())
        }
    }
}

pub fn run(args: XcArgs) -> anyhow::Result<Exit> {
    let input = input::read_all(args.file.as_deref(), args.max_input_bytes)?;
    let problem = xc::parse_problem_bytes(&input.bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", input.name))?;
    let mut out = Output::stdout()?;
    let started = Instant::now();
    let mut dlx = Dlx::new(&problem);
    let limits = SearchLimits {
        max_solutions: args.limit,
        max_nodes: args.max_nodes,
    };
    let mut printer = Printer {
        out: &mut out,
        problem: &problem,
        count_only: args.count,
    };
    let rule = args.rule.choice_rule();
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |n| n as usize);
    let splits = rule == ChoiceRule::Mrv && args.max_nodes.is_none();
    let mut split_note = None;
    let report = if splits && (threads > 1 || args.shard.is_some()) {
        let settings = SplitSettings {
            rule,
            max_solutions: args.limit,
            shard: args.shard.unwrap_or(Shard::WHOLE),
            min_subtrees: SplitSettings::subtrees_for(args.shard.map_or(1, |s| s.count)),
            count_only: args.count,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("cannot start the worker threads")?;
        let whole = !dlx.can_split();
        let split =
            pool.install(|| dlx.search_split(settings, &interrupt::requested, &mut printer));
        split_note = Some(if whole {
            format!(
                "threads: 1 (colours or bounds: the tree is searched whole, by shard 1 of {})\n",
                settings.shard.count
            )
        } else {
            split_stats(&split, settings.shard, threads)
        });
        split.outcome
    } else if let Some(shard) = args.shard {
        bail!(
            "--shard {}/{} needs --rule dlx1 and no --max-nodes (the parts of other trees do not add up)",
            shard.index + 1,
            shard.count
        );
    } else {
        dlx.search(rule, limits, &mut printer)
    };
    let report = match report.answer {
        Some(Halt::Write(e)) => return Err(e.into()),
        // The printer stopped the search for a signal: as a stop flag does.
        Some(Halt::Signal) => Outcome {
            stop: Stop::Interrupted,
            ..report
        },
        None => report,
    };
    let signal = interrupt::signal();
    let solutions = report.stats.solutions;
    if args.count {
        // One convention for every command: `N` exact, `N+` a lower bound.
        let count = Count {
            solutions,
            complete: report.is_complete(),
        };
        let undecided = report.cut_short();
        write!(out, "{}", super::sudoku::count_text(count, undecided))?;
    }
    out.commit()?;
    let elapsed = started.elapsed();
    if args.stats || signal.is_some() {
        let seconds = elapsed.as_secs_f64();
        eprintln!(
            "solutions: {}\nnodes: {}\nupdates: {}\ncleansings: {}\ntime: {:.3} s\nupdates per second: {:.0}\ndropped options: {}\nstopped: {}",
            solutions,
            report.stats.nodes,
            report.stats.updates,
            report.stats.cleansings,
            seconds,
            report.stats.updates as f64 / seconds.max(1e-9),
            problem.dropped_options(),
            match report.stop {
                Stop::Exhausted => "no, the whole tree was searched",
                Stop::Interrupted => "by a signal: the figures are partial",
                Stop::Visitor if signal.is_some() => "by a signal: the figures are partial",
                Stop::SolutionLimit | Stop::Visitor => "at the solution limit",
                Stop::NodeBudget => "at the node budget",
            }
        );
    }
    if let (true, Some(note)) = (args.stats, split_note) {
        eprint!("{note}");
    }
    if let Some(signal) = signal {
        eprintln!(
            "dlx: interrupted after {} nodes: {solutions} solutions so far (partial)",
            report.stats.nodes
        );
        return Ok(Exit::interrupted_by(signal));
    }
    Ok(match (solutions, report.stop) {
        (_, Stop::NodeBudget) if args.count => Exit::Undecided,
        (0, Stop::NodeBudget) => Exit::Undecided,
        (0, _) => Exit::Unsolved,
        _ => Exit::Solved,
    })
}

/// The split's figures for --stats: how the tree was cut and how evenly the work fell.
fn split_stats(split: &SplitReport<Halt>, shard: Shard, threads: usize) -> String {
    let largest = if split.searched == 0 {
        "none (no subtree fell to this shard)".to_string()
    } else {
        let mean = split.subtree_nodes as f64 / split.searched as f64;
        format!(
            "{} nodes ({:.1} times the mean)",
            split.largest_subtree,
            split.largest_subtree as f64 / mean.max(1.0)
        )
    };
    format!(
        "threads: {threads}
shard: {}/{}
split depth: {}
subtrees: {} of {}
largest subtree: {largest}
",
        shard.index + 1,
        shard.count,
        split.depth,
        split.searched,
        split.subtrees,
    )
}

fn print_solution<W: Write>(
    out: &mut W,
    problem: &Problem,
    options: &[OptionId],
) -> std::io::Result<()> {
    for &option in options {
        xc::write_option(problem, option, out)?;
        out.write_all(b"\n")?;
    }
    out.write_all(b"\n")
}
