//! `dlx xc`: solve a problem in Knuth's exact-cover format.

use super::input;
use super::Exit;
use dlx_solver::xc::{self, ChoiceRule, Dlx, OptionId, Problem, SearchLimits, Stop};
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Output: each solution as its options, one per line (each option as its item names), solutions
separated by a blank line. With --count, only the number of solutions.
Exit codes: 0 at least one solution, 1 none, 2 bad input or usage, 3 --max-nodes ran out first.")]
pub struct XcArgs {
    /// Problem file in Knuth's format; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Stop after this many search-tree nodes (the count is then a lower bound).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Print nodes, updates, solutions and time to stderr.
    #[arg(long)]
    stats: bool,
    /// How to choose the item to branch on: `dlx1` (the shortest list, the first on ties:
    /// DLX1's tree, nodes and updates), `fast` (a list just emptied or left with one option is
    /// taken without a scan: a slightly different tree, fewer instructions), or `reach` (`fast`,
    /// ties going to the item whose options remove the most options from other lists, from the
    /// 64th node on). All find the same solutions.
    #[arg(long, value_enum, default_value = "dlx1")]
    rule: Rule,
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

pub fn run(args: XcArgs) -> anyhow::Result<Exit> {
    let input = input::read_all(args.file.as_deref())?;
    let problem = xc::parse_problem_bytes(&input.bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", input.name))?;
    let started = Instant::now();
    let mut dlx = Dlx::new(&problem);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut write_error = None;
    let limits = SearchLimits {
        max_solutions: args.limit,
        max_nodes: args.max_nodes,
    };
    let report = dlx.search(
        args.rule.choice_rule(),
        limits,
        &mut |options: &[OptionId]| {
            if args.count {
                return ControlFlow::Continue(());
            }
            match print_solution(&mut out, &problem, options) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    write_error = Some(e);
                    ControlFlow::Break(())
                }
            }
        },
    );
    if let Some(e) = write_error {
        return Err(e.into());
    }
    if args.count {
        writeln!(out, "{}", report.stats.solutions)?;
    }
    out.flush()?;
    let elapsed = started.elapsed();
    if args.stats {
        let seconds = elapsed.as_secs_f64();
        eprintln!(
            "solutions: {}\nnodes: {}\nupdates: {}\ntime: {:.3} s\nupdates per second: {:.0}\ndropped options: {}\nstopped: {}",
            report.stats.solutions,
            report.stats.nodes,
            report.stats.updates,
            seconds,
            report.stats.updates as f64 / seconds.max(1e-9),
            problem.dropped_options(),
            match report.stop {
                Stop::Exhausted => "no, the whole tree was searched",
                Stop::SolutionLimit | Stop::Visitor => "at the solution limit",
                Stop::NodeBudget => "at the node budget",
            }
        );
    }
    Ok(match (report.stats.solutions, report.stop) {
        (0, Stop::NodeBudget) => Exit::Undecided,
        (0, _) => Exit::Unsolved,
        _ => Exit::Solved,
    })
}

fn print_solution<W: Write>(
    out: &mut W,
    problem: &Problem,
    options: &[OptionId],
) -> std::io::Result<()> {
    for &option in options {
        let mut first = true;
        for &item in problem.option_items(option) {
            if !first {
                out.write_all(b" ")?;
            }
            first = false;
            out.write_all(problem.item_name(item).as_bytes())?;
        }
        out.write_all(b"\n")?;
    }
    out.write_all(b"\n")
}
