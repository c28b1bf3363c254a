//! `dlx xc`: solve a problem in Knuth's exact-cover format.

use super::args::MAX_INPUT_BYTES;
use super::exit::{Exit, Job};
use super::output::Output;
use super::progress::TreeBar;
use super::report::report;
use super::{input, interrupt};
use dlx_engine::batch;
use dlx_engine::{
    self, ChoiceRule, Count, Dlx, DlxError, Engine, EngineKind, Estimate, OptionId, Outcome,
    Problem, ProgressSink, SearchLimits, SearchReport, SearchRequest, Shard, Spread, Stop,
    StopFlag, Visitor,
};
use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("seeded").args(["estimate", "random"]).multiple(true)))]
#[command(after_help = Exit::after_help(Job::Xc, "\
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
  DLX5, costs: `|n` after an option's items gives it the cost n (several add up; none: 0);
  --min-cost finds a solution of least total cost, --best K the K best.
      A B C
      A B |3
      C |1
      A |1
      B C |2         -> with --min-cost: `| cost 3`, `A |1`, `B C |2`
--stats gives Knuth's figures for the engine that ran, which its first line names: on links,
DLX1's on plain problems, DLX2's (with cleansings) on problems with colours, DLX3's on problems
with bounds; on cells, SSXCC's (nodes count forced moves too; updates count items swapped out
of the active list and options removed from an item's set; `trail peak` is SSXCC's largest
save stack, `ssxcc bytes` its memory figure); on bits, DLX1's and DLX2's solutions and nodes,
and no updates (bitsets move no links). For Knuth's figures whatever the problem, name the
engine: --engine links (DLX1, DLX2, DLX3) or --engine cells --threads 1 (SSXCC).
Engines: `auto` (the default) chooses by the problem: the bands for Sudoku's 9x9 matrix itself
(a 27-bit word of cells a digit and band, the band rule and singles at every node; nodes and
figures as the planes'), the planes for other problems of the Sudoku
matrix's shape (some primary items, the cells, split the options, and the other items each lie
in one plane of options, a cell at most once a plane: Sudoku and its variants, Latin squares;
at most 128 cells and 64 planes; a word of cells a plane, singles taken between guesses and
locked candidates at the root; its nodes are guesses, and --stats adds its forced and
dominated options), the board for other problems of many exclusions (at least as many
secondary items in exactly two options as primary items; the same figures), bits for small
dense problems (a node's
popcounts, a row of one bit an option for each primary item, at most 4096 words; a primary item
in at least one option in 24: n queens, Langford pairs, the pentominoes, word rectangles),
otherwise cells for problems with colours and for those whose secondary items are no more than
their primary ones, links for the others (many uncoloured secondary items), for problems with
bounds and whenever another --rule is asked for (see docs/benchmarks.md for the measurements
behind the choice). `bits` is Algorithms X and C on bitsets: each level keeps its rows of live
options, a choice takes out the options it rules out, word by word; it walks links' tree
(DLX1's and DLX2's nodes and solutions, in links' order; no updates, as it moves no links);
split over --threads or --shard, its figures are the one-thread search's; it refuses
multiplicities and problems whose bitsets pass 32 MiB (exit 2). `links` is dancing links (DLX1, DLX2, and DLX3's Algorithm M for multiplicities); `cells` is
dancing cells, Knuth's SSXCC (sparse sets, a trail of sizes, forced moves), for exact cover with
or without colours: it refuses multiplicities (a:b|item, exit 2), which run on links, and
--rule other than dlx1. Split over threads or shards, cells find the one-thread search's
solutions and count (in its order of subtrees), but nodes and updates are the split run's own,
which may differ from SSXCC's (in SSXCC the order of options inside the sets depends on the
subtrees searched before): for SSXCC's own figures, give --threads 1; for DLX1's and DLX2's,
--engine links. Shards are cut along the engine's tree: every machine must run the same engine
(`auto` chooses the same one for the same problem and flags).
Output: each solution as its options, one per line (each option as written, colours
included), each solution ended by a blank line. The empty solution (no option at all: every
primary item's bounds allow zero, as in `0:1|A`) is the line `| empty solution`, then the blank
line: a `|` line is a comment in Knuth's format and can be no option, so every solution is a
block of non-blank lines. With --count, only the number of solutions: `N` when the whole tree
was searched, `N+` (a lower bound) when counting stopped at --limit, `N+ undecided` when the
node budget (--max-nodes) ran out or a signal came first (`0+ undecided` found nothing yet,
which does not mean there is no solution). A search that finds no solution says `no solution`
on stderr.
A problem has at least one primary item: the format cannot state one without (a first line
starting with `|` is a comment). In the library, a problem without primary items has exactly
one solution, the empty one.
On a terminal, a search that runs longer than half a second shows a progress bar on stderr:
the share of the tree done as Knuth's DLX1 estimates it from the current path (the k-th of d
choices at each level counts (k-1)/(d1...dl) of the tree as done), the nodes per second and
the time left at that pace. Split over threads, each subtree counts for its share of the tree.
No bar when stderr is not a terminal, nor when the solutions go to the same terminal.
--estimate N: Knuth's Monte Carlo estimate of the search tree instead of the search (TAOCP
7.2.2, estimating the running time). Each of N probes walks from the root to a leaf, choosing
each item by --rule, as the search does, and one of its d options at random; with degrees
d1, d2, ..., dL on its path it counts 1 + d1 + d1*d2 + ... + d1*...*dL nodes, and d1*...*dL
solutions if its leaf is a solution (0 if a dead end). The mean over the probes is printed on
stdout as `key: value` lines: probes, seed, rule, nodes, solutions and updates (cleansings
with colours), each with its standard error and its least and greatest probe, levels per
probe; then the time, the nodes estimated over a node rate measured by running the search
itself for a quarter of a second (one thread; when that sample searches the whole tree, its
exact figures too). Same seed (--seed, default 0), same estimate. Not for multiplicities
(a:b|item): refused with exit 2.
On SIGINT, SIGTERM or SIGHUP (the search, the cutting of the tree for --threads or --shard, and the
probes of --estimate stop within moments): the whole solutions found so far (with --count,
`N+ undecided`: on several threads, the solutions of every subtree searched so far; with
--estimate, the estimate of the probes made), the figures so far on stderr marked partial,
exit 130, 143 or 129; a second signal ends at once."))]
pub struct XcArgs {
    /// Problem file in Knuth's format (DLX1, DLX2's colours, DLX3's bounds or DLX5's costs);
    /// `-` or nothing reads standard input.
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
    /// thread). Split runs of --engine cells report their own nodes and updates, not SSXCC's
    /// (see below).
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
    #[arg(long, value_name = "K/N", value_parser = super::args::parse_shard)]
    shard: Option<Shard>,
    /// Estimate the size of the search tree with N random probes instead of searching it
    /// (Knuth's Monte Carlo estimate; see below): nodes, solutions, updates and time, each
    /// with its spread, as `key: value` lines on stdout. Exact cover with or without colours.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["count", "limit", "max_nodes", "shard"]
    )]
    estimate: Option<u64>,
    /// The seed of --estimate's and --random's random choices (default 0): the same seed, the
    /// same estimate or solutions.
    #[arg(long, value_name = "S", requires = "seeded")]
    seed: Option<u64>,
    /// The search engine: `auto` (chosen by the problem, the default; see below), `links`
    /// (dancing links), `cells` (dancing cells, Knuth's SSXCC: no multiplicities), `bits`
    /// (Algorithms X and C on bitsets, for small problems: no multiplicities), `board`
    /// (option bits and item counts, forced items taken between guesses, its nodes guesses: no
    /// colours, no multiplicities), `planes` (problems of the Sudoku matrix's shape, a word of
    /// cells a plane, its nodes guesses: no colours, no multiplicities) or `bands` (Sudoku's 9x9
    /// matrix alone, a word of cells a digit and band). MCC problems (bounds) run on links.
    #[arg(long, value_name = "ENGINE", value_parser = super::args::engine_parser(), conflicts_with = "estimate")]
    engine: Option<EngineKind>,
    #[command(flatten)]
    memo: super::memo::MemoArgs,
    #[command(flatten)]
    min_cost: super::min_cost::MinCostArgs,
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

/// What the CLI does with each solution and node: print it (or count it), and stop the search
/// when a write fails or a signal asks. The search's driver ([`SearchRequest::run`]) moves the
/// progress bar, and stops a split search on the signal's flag; on one thread the printer polls
/// the signal itself, and the loop is compiled for it alone (with the driver's stop visitor
/// around it the links loop measured 5% slower on the pentominoes: docs/benchmarks.md).
struct Printer<'a> {
    out: &'a mut Output,
    problem: &'a Problem,
    count_only: bool,
}

/// Why the printer stopped the search.
enum Halt {
    /// Writing a solution failed: the run fails with this error (unless the reader went away).
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
    let (problem, input_name) = read_problem(&args)?;
    let mut out = Output::stdout()?;
    if let Some(probes) = args.estimate {
        return estimate(&args, &problem, &input_name, probes, out);
    }
    if args.memo.wanted() {
        drop(out);
        let context = super::memo::MemoContext {
            problem: &problem,
            input: args.file.as_ref(),
            count: args.count,
            stats: args.stats,
            seed: args.seed.unwrap_or(0),
        };
        return super::memo::run(&args.memo, context);
    }
    if args.min_cost.wanted() {
        drop(out);
        let context = super::min_cost::MinCostContext {
            problem: &problem,
            input_name: &input_name,
            count: args.count,
            stats: args.stats,
            max_nodes: args.max_nodes,
            threads: args.threads,
            shard: args.shard,
        };
        return super::min_cost::run(&args.min_cost, context);
    }
    let request = search_request(&args);
    let started = Instant::now();
    let searched = search(&args, &problem, &request, &mut out)?;
    let engine = searched.engine;
    let (report, mut reader_gone) = settle(searched.outcome)?;
    let signal = interrupt::signal();
    if !reader_gone {
        reader_gone = write_count(&args, &report, out)?;
    }
    if args.stats || signal.is_some() {
        report!("engine: {}", engine.describe());
        print_stats(&report, &problem, engine, started.elapsed(), reader_gone);
    }
    if let (true, Some(note)) = (args.stats, searched.split_note) {
        // The note ends with its own line break, which `report!` adds.
        report!("{}", note.strip_suffix('\n').unwrap_or(&note));
    }
    if let Some(signal) = signal {
        report!(
            "dlx: interrupted after {} nodes: {} solutions so far (partial)",
            report.stats.nodes,
            report.stats.solutions
        );
        return Ok(Exit::interrupted_by(signal));
    }
    Ok(exit_code(&args, &report, &input_name))
}

/// Reads and parses the problem; returns it with the name of its input.
fn read_problem(args: &XcArgs) -> anyhow::Result<(Problem, String)> {
    let input = input::read_all(args.file.as_deref(), args.max_input_bytes)?;
    let problem = dlx_engine::Problem::parse_bytes(&input.bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", input.name))?;
    // The text is no longer needed: it is freed (on return) before the arena is laid out, so
    // the two are never held at once (a large problem's peak memory).
    Ok((problem, input.name))
}

/// The search the flags ask for, as the engine crate checks and runs it: `--threads` (one per
/// core by default), `--shard`, `--limit`, `--max-nodes`, `--rule`, `--engine`.
fn search_request(args: &XcArgs) -> SearchRequest {
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    SearchRequest {
        engine: args.engine.unwrap_or_default(),
        rule: args.rule.choice_rule(),
        threads: args
            .threads
            // The cores from the system: asking rayon would start its global pool, idle beside
            // the search's own.
            .map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |n| n as usize,
            ),
        shard,
        max_solutions: args.limit,
        max_nodes: args.max_nodes,
        min_subtrees: SearchRequest::subtrees_for(shard.count),
        count_only: args.count,
    }
}

/// What a search left: how it ended (with why the printer stopped it, if it did) and the
/// figures --stats adds for it (the split's, or the engine's own).
struct Searched {
    outcome: Outcome<Option<Halt>>,
    engine: EngineKind,
    split_note: Option<String>,
}

/// Runs `request` on the problem, its solutions printed to `out` as they come, with the
/// progress bar when stderr shows one.
fn search(
    args: &XcArgs,
    problem: &Problem,
    request: &SearchRequest,
    out: &mut Output,
) -> anyhow::Result<Searched> {
    // Solutions printed on the terminal the bar would be drawn on would tear it.
    let bar = TreeBar::on_stderr(args.count || !std::io::stdout().is_terminal());
    let mut printer = Printer {
        out,
        problem,
        count_only: args.count,
    };
    let sink = bar.enabled().then_some(&bar as &dyn ProgressSink);
    // The printer polls the signal on one thread; a split search polls the flag.
    let stop = if request.splits_on() {
        interrupt::stop_flag()
    } else {
        StopFlag::never()
    };
    let shard = request.shard;
    let report = request
        .run(problem, &stop, sink, &mut printer)
        .map_err(|e| match e {
            DlxError::Conflicting { .. } => anyhow::anyhow!(
                "--shard {}/{} needs --rule dlx1 and no --max-nodes: {e}",
                shard.index + 1,
                shard.count
            ),
            refused => refused.into(),
        })?;
    let split_note = stats_note(&report, request);
    Ok(Searched {
        outcome: report.outcome,
        engine: report.engine,
        split_note,
    })
}

/// What --stats adds for this search: how a split cut the tree, or why the tree was searched
/// whole, or the engine's own figures.
fn stats_note(report: &SearchReport<Halt>, request: &SearchRequest) -> Option<String> {
    let split_asked = request.threads > 1 || request.shard != Shard::WHOLE;
    let split_allowed = request.rule == ChoiceRule::Mrv && request.max_nodes.is_none();
    let figures: String = report
        .figures
        .iter()
        .map(|(name, value)| format!("{name}: {value}\n"))
        .collect();
    if report.cut {
        let mut note = split_stats(report, request.shard, report.threads);
        if report.engine == EngineKind::Cells {
            note.push_str(
                "figures: the split run's (SSXCC's own only on one thread without --shard)\n",
            );
        }
        // The deductions of the engines that make them, summed over the pieces.
        note.push_str(&figures);
        return Some(note);
    }
    if report.threads > 1 {
        return Some(format!("threads: {}\n", report.threads));
    }
    if report.engine == EngineKind::Links && split_asked && split_allowed {
        return Some(format!(
            "threads: 1 (colours or bounds: the tree is searched whole, by shard 1 of {})\n",
            request.shard.count
        ));
    }
    (!figures.is_empty()).then_some(figures)
}

/// How the search ended once the printer's reason to stop is taken into account, and whether
/// the reader of the output went away; a failed write is the run's error.
fn settle(mut report: Outcome<Option<Halt>>) -> anyhow::Result<(Outcome<Option<Halt>>, bool)> {
    // A reader that went away (`dlx xc ... | head`) stopped the search: the run ends quietly
    // with the code of the solutions found, the one whose write failed included.
    Ok(match report.answer.take() {
        Some(Halt::Write(e)) if batch::Batch::is_broken_pipe(&e) => (report, true),
        Some(Halt::Write(e)) => return Err(e.into()),
        // The printer stopped the search for a signal: as a stop flag does.
        Some(Halt::Signal) => (
            Outcome {
                stop: Stop::Interrupted,
                ..report
            },
            false,
        ),
        None => (report, false),
    })
}

/// Writes the count (under --count) and puts the output in place; returns whether the reader
/// of the output went away meanwhile.
fn write_count(
    args: &XcArgs,
    report: &Outcome<Option<Halt>>,
    mut out: Output,
) -> anyhow::Result<bool> {
    let mut written = Ok(());
    if args.count {
        // One convention for every command: `N` exact, `N+` a lower bound.
        let count = Count {
            solutions: report.stats.solutions,
            complete: report.is_complete(),
        };
        let undecided = report.cut_short();
        written = write!(out, "{}", super::answer::count_text(count, undecided));
    }
    match written.and_then(|()| out.commit()) {
        Err(e) if batch::Batch::is_broken_pipe(&e) => Ok(true),
        written => written.map(|()| false).map_err(Into::into),
    }
}

/// The search's figures on stderr: solutions, nodes, updates, time, and why it stopped. An
/// engine that counts no updates ([`EngineKind::counts_updates`]) has none printed, rather
/// than a zero a reader would take for a measurement.
fn print_stats(
    report: &Outcome<Option<Halt>>,
    problem: &Problem,
    engine: EngineKind,
    elapsed: Duration,
    reader_gone: bool,
) {
    let signal = interrupt::signal();
    let seconds = elapsed.as_secs_f64();
    report!(
        "solutions: {}\nnodes: {}",
        report.stats.solutions,
        report.stats.nodes
    );
    if engine.counts_updates() {
        report!(
            "updates: {}\ncleansings: {}",
            report.stats.updates,
            report.stats.cleansings
        );
    }
    report!("time: {:.3} s", seconds);
    if engine.counts_updates() {
        report!(
            "updates per second: {:.0}",
            report.stats.updates as f64 / seconds.max(1e-9)
        );
    }
    report!(
        "dropped options: {}\nstopped: {}",
        problem.dropped_options(),
        match report.stop {
            Stop::Exhausted => "no, the whole tree was searched",
            Stop::Interrupted => "by a signal: the figures are partial",
            Stop::Visitor if signal.is_some() => "by a signal: the figures are partial",
            Stop::Visitor if reader_gone => "when the reader of the output went away",
            Stop::SolutionLimit | Stop::Visitor => "at the solution limit",
            Stop::NodeBudget => "at the node budget",
        }
    );
}

/// The exit code of a search that ran its course; a problem with no solution is also named on
/// stderr, as `dlx sudoku` does: an exit code alone tells a user nothing.
fn exit_code(args: &XcArgs, report: &Outcome<Option<Halt>>, input_name: &str) -> Exit {
    match (report.stats.solutions, report.stop) {
        (_, Stop::NodeBudget) if args.count => Exit::Undecided,
        (0, Stop::NodeBudget) => Exit::Undecided,
        (0, _) => {
            match args.shard {
                Some(shard) => report!(
                    "dlx: {input_name}: no solution in shard {}/{}",
                    shard.index + 1,
                    shard.count
                ),
                None => report!("dlx: {input_name}: no solution"),
            }
            Exit::Unsolved
        }
        _ => Exit::Solved,
    }
}

/// The split's figures for --stats: how the tree was cut and how evenly the work fell.
fn split_stats(split: &SearchReport<Halt>, shard: Shard, threads: usize) -> String {
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

/// The line standing for the empty solution, which would otherwise be a bare blank line that
/// no reader could tell from the end of the solution before it. It starts with `|`, which
/// makes it a comment in Knuth's format and no option.
const EMPTY_SOLUTION: &str = "| empty solution";

/// `--estimate N`: the probes' estimate of the tree on stdout, `key: value` a line, with the
/// time at a node rate measured on the search itself.
fn estimate(
    args: &XcArgs,
    problem: &Problem,
    name: &str,
    probes: u64,
    mut out: Output,
) -> anyhow::Result<Exit> {
    let rule = args.rule.choice_rule();
    let seed = args.seed.unwrap_or(0);
    let mut dlx = Dlx::new(problem);
    let estimate = dlx
        .estimate(rule, probes, seed, &interrupt::requested)
        .map_err(|e| anyhow::anyhow!("{name}: --estimate: {e}"))?;
    let sample = (!estimate.stopped).then(|| sample_rate(&mut dlx, rule));
    if estimate.probes > 0 {
        write_estimate(&mut out, args, seed, &estimate, sample.as_ref())?;
    }
    out.commit()?;
    if let Some(signal) = interrupt::signal() {
        report!(
            "dlx: interrupted after {} of {probes} probes: the estimate printed is of those \
             (partial)",
            estimate.probes
        );
        return Ok(Exit::interrupted_by(signal));
    }
    Ok(Exit::Solved)
}

/// How long the node rate is measured: long enough to pass the first levels' setting up, short
/// beside any search worth estimating.
const RATE_SAMPLE: Duration = Duration::from_millis(250);

/// The search itself, run for [`RATE_SAMPLE`] (or until a signal), counting only.
struct Sample {
    /// Nodes entered, and how long they took.
    nodes: u64,
    seconds: f64,
    /// The whole tree was searched: its exact figures.
    whole: Option<dlx_engine::SearchStats>,
}

/// A visitor that only counts, and stops when the sample's time is up.
struct Timed {
    deadline: Instant,
    entered: u64,
}

impl Visitor for Timed {
    type Break = ();

    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        false
    }

    fn enter_node(&mut self) -> ControlFlow<()> {
        self.entered += 1;
        if self.entered.is_multiple_of(1024)
            && (Instant::now() >= self.deadline || interrupt::requested())
        {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

fn sample_rate(dlx: &mut Dlx, rule: ChoiceRule) -> Sample {
    let started = Instant::now();
    let mut timed = Timed {
        deadline: started + RATE_SAMPLE,
        entered: 0,
    };
    let outcome = dlx
        .set_rule(rule)
        .search(SearchLimits::default(), &mut timed);
    Sample {
        nodes: outcome.stats.nodes,
        seconds: started.elapsed().as_secs_f64(),
        whole: outcome.is_complete().then_some(outcome.stats),
    }
}

/// A figure for `key: value` lines: a whole number as it is, a small one to two decimals, a
/// large one rounded, and scientific notation past what `f64` holds to the unit.
fn figure(value: f64) -> String {
    if value.abs() >= 1e15 {
        format!("{value:.4e}")
    } else if value.fract() == 0.0 || value.abs() >= 100.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}

fn write_estimate(
    out: &mut Output,
    args: &XcArgs,
    seed: u64,
    estimate: &Estimate,
    sample: Option<&Sample>,
) -> std::io::Result<()> {
    writeln!(out, "probes: {}", estimate.probes)?;
    writeln!(out, "seed: {seed}")?;
    let rule = match args.rule {
        Rule::Dlx1 => "dlx1",
        Rule::Fast => "fast",
        Rule::Reach => "reach",
    };
    writeln!(out, "rule: {rule}")?;
    let mut spreads = vec![
        ("nodes", estimate.nodes),
        ("solutions", estimate.solutions),
        ("updates", estimate.updates),
    ];
    if estimate.cleansings.most() > 0.0 {
        spreads.push(("cleansings", estimate.cleansings));
    }
    for (key, spread) in spreads {
        write_spread(out, key, &spread)?;
    }
    writeln!(out, "levels per probe: {:.2}", estimate.depth.mean())?;
    let Some(sample) = sample else {
        return Ok(());
    };
    let rate = sample.nodes as f64 / sample.seconds.max(1e-9);
    writeln!(out, "sample nodes: {}", sample.nodes)?;
    writeln!(out, "sample time: {:.3} s", sample.seconds)?;
    writeln!(out, "nodes per second: {rate:.0}")?;
    match &sample.whole {
        Some(stats) => {
            writeln!(out, "sample complete: yes")?;
            writeln!(out, "exact nodes: {}", stats.nodes)?;
            writeln!(out, "exact solutions: {}", stats.solutions)?;
            writeln!(out, "time: {:.3} s", sample.seconds)?;
        }
        None => {
            writeln!(out, "sample complete: no")?;
            let seconds = estimate.nodes.mean() / rate;
            writeln!(out, "time: {} s", seconds_figure(seconds))?;
            let error = estimate.nodes.standard_error() / rate;
            writeln!(out, "time standard error: {} s", seconds_figure(error))?;
        }
    }
    Ok(())
}

/// Seconds to the millisecond while that reads well, in scientific notation past a year or so.
fn seconds_figure(seconds: f64) -> String {
    if seconds.abs() < 1e8 {
        format!("{seconds:.3}")
    } else {
        format!("{seconds:.4e}")
    }
}

/// One figure's lines: the mean, its standard error, and the least and greatest probe.
fn write_spread(out: &mut Output, key: &str, spread: &Spread) -> std::io::Result<()> {
    writeln!(out, "{key}: {}", figure(spread.mean()))?;
    writeln!(
        out,
        "{key} standard error: {}",
        figure(spread.standard_error())
    )?;
    writeln!(out, "{key} least probe: {}", figure(spread.least()))?;
    writeln!(out, "{key} greatest probe: {}", figure(spread.most()))
}

pub(crate) fn print_solution<W: Write>(
    out: &mut W,
    problem: &Problem,
    options: &[OptionId],
) -> std::io::Result<()> {
    if options.is_empty() {
        writeln!(out, "{EMPTY_SOLUTION}")?;
    }
    for &option in options {
        problem.write_option(option, out)?;
        out.write_all(b"\n")?;
    }
    out.write_all(b"\n")
}
