//! `dlx sudoku`: solve each puzzle of a file, in order, in the input's text format.
//!
//! The work on one puzzle is [`answer_record`]: a puzzle read in, its answer out, with no I/O,
//! so the run can call it from many threads. Reading the files is [`super::sudoku_files`]'s;
//! `--variant` puzzles are answered by [`super::variant`].

use super::answer::Answer;
use super::args::BatchArgs;
use super::exit::{Exit, Job};
use super::interrupt;
use super::progress::TreeBar;
use super::run::Run;
use super::sudoku_files::{default_output, for_each_source, FormatArg, ReadArgs, Reading};
use super::tally::Work;
use super::verdict::{clashing_givens, render};
use anyhow::bail;
use dlx_engine::{Count, EngineKind, Memo, Outcome, SearchStats, Shard, Stop};
use dlx_puzzles::sudoku::variant::{KillerEncoding, Rules, Variant, Variants};
use dlx_puzzles::sudoku::{Algorithm, Format, Grid, Mode, Propagation, Record, Solvers, Verdict};
use std::sync::Arc;

#[derive(Debug, clap::Args)]
#[command(mut_arg("files", |arg| arg.help(
    "Inputs, solved one after another: files, `-` or none for standard input (typed at a \
     terminal: each line answered as it is entered, Ctrl-D ends, Ctrl-C stops), or a puzzle \
     itself (an argument that is no existing path but reads as one line-format puzzle, any \
     size, . or 0 for empty; with --variant, one variant line). A path that exists always wins"
)))]
#[command(after_help = Exit::after_help(Job::Sudoku, "\
Formats (detected from the file's first lines unless --format is given; --stats says which):
  spaced   N lines of N numbers separated by spaces, 0 for empty (Baekjoon 2580)
  compact  N lines of N symbols
  line     one puzzle per line, N*N symbols; the length picks the size (81: 9x9, 256: 16x16);
           N*N*N symbols (729 for 9x9) are pencilmarks: each cell's candidates in order, the
           digit kept or . struck, and the puzzle is solved within them
  csv      comma-separated values with a header row; the puzzle column is the one named
           quizzes, quiz, puzzle, puzzles, unsolved or question (or --column), and a column
           named solutions, solution, solved or answer is checked against each answer (an
           answer that differs is reported on stderr and makes the exit code 1); two columns
           that both name the puzzle (or the solution) are an error naming both; --column on
           input that is not CSV is a usage error
Each of the first 62 lines (blank lines and # comments aside) votes for its kind, a header for
none; most votes win, a tie going to the kind that votes first. A line of 16 or 36 symbols
alone fits a 4x4 or 6x6 puzzle line and a row of a 16x16 or 36x36 compact grid alike: with
digits, all of them 1-4 (1-6), it votes for the line format, since a big grid of such rows
would leave its other digits interchangeable; with no digit it votes for nothing, and when no
line votes, N such lines in a row make an empty compact grid. So a compact grid whose rows
mostly hold only the digits 1-4 (1-6) needs --format compact, or --box with its shape (a shape
given, a line fits one kind only).
Symbols: . or 0 empty, 1-9, then A-Z for 10-35 (a-z too, case-insensitive up to size 35;
above 35, a-z are 36-61). Lines starting with # and blank lines are skipped; CRLF and CR line
endings are accepted, spaces before a line-format puzzle ignored. A line longer than 8 KiB is
one malformed record (`line N: line longer than 8192 bytes`), skipped; a CSV row longer than
1 MiB ends the reading of its input there; grid-format inputs are read whole, up to
--max-input-bytes.
A puzzle line may have text after it (after blanks, or after //, # or ;): it is kept after the
answer, separated as it was. In the grid formats a line before a grid that cannot be a row
(`Grid 01`, `Puzzle 3`) is the grid's header, printed before its answer. After a malformed row
reading resumes at a blank line, a header, or the line after the N rows the grid should have
had; the lines skipped are named on stderr.

Output, in the input's format unless --to says otherwise (CSV input: line): per puzzle its
solution, or in its place one line `no solution` (also for givens that repeat a digit in a
unit: the clash goes to stderr), `multiple` (under --unique), `undecided` (--max-nodes ran out)
or `error: line L, column C: ...` (also written to stderr with the file name); with --count,
the number of solutions: `N` exact, `N+` a lower bound (counting reached --limit; JSON:
\"complete\": false), `N+ undecided` (--max-nodes ran out first). --to csv: a header row, then one row per
puzzle: the input's columns as it wrote them (CSV input; else `puzzle`, its empty cells written
as the input wrote them, . or 0), then `solution` (the answer as the line format writes it) and
`status`, fields quoted as CSV needs; an input column already named `solution` or `status` is
kept, the added one named `dlx_solution` or `dlx_status`. Line format:
exactly one output line per input puzzle line, in order. Grid formats: grids separated by a
blank line. --draw: each solution drawn as a grid with its boxes' borders. With --jsonl, one
object per puzzle: file (`argument K` for a puzzle given as the K-th input), line, puzzle (line
format: as written, without the text after it), status, solution (or null), solutions (when
counting), nodes, micros, engine (the exact-cover engine that searched: links, cells, or
memo for --memo counts; null for the baselines), error, label (the header or trailing text),
agrees (CSV with a solution column), columns (CSV input: the row's fields by their header's
names), complete (when counting).
With --count on a terminal, a count by dlx (the default algorithm) that runs half a second
shows a progress bar on stderr: split over the threads (a search past 100,000 nodes) or on one
(--threads 1, --max-nodes, --propagate, pencilmarks), a classic puzzle or a --variant one. The
bar gives the share of the puzzle's tree done as Knuth's DLX1 estimates it (the k-th of d
choices at each level for (k-1)/(d1...dl) of the tree; a split count adds up its subtrees'
shares), the nodes per second and the time left at that pace. When several puzzles are counted
at once, it follows one count at a time. The baselines (--algo backtrack, candidates) show no
bar; and never one when stderr is not a terminal.
On SIGINT, SIGTERM or SIGHUP: no new puzzle is started, a search under way stops within moments and
its puzzle is answered `undecided` (a count: `N+ undecided`, the solutions found so far; never
`no solution`), every whole answer so far is written (with --output, put in place), the
summary says `interrupted after N puzzles`, exit 130, 143 or 129; a second signal ends at once."))]
pub struct SudokuArgs {
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    read: ReadArgs,
    /// The output's format (default: the input's; line for CSV input).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<FormatArg>,
    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(long, conflicts_with = "unique")]
    count: bool,
    /// With --count, stop counting at N solutions (the count then prints as `N+`).
    #[arg(long, value_name = "N", requires = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Print a solution only if it is the only one (the search stops at the second).
    #[arg(long)]
    unique: bool,
    /// The solver: dlx (dancing links), backtrack (the textbook baseline) or candidates (the
    /// strong baseline: candidate bitmasks, fewest candidates first). Pencilmark puzzles are
    /// always solved by dlx. Only dlx draws a --count's progress bar.
    #[arg(long, value_enum, default_value = "dlx")]
    algo: AlgoArg,
    /// The engine under --algo dlx: `auto` (the default: the bands for classic 9x9 puzzles,
    /// 1.6x to 2.5x links' speed on the public collections; for classic rules of other shapes
    /// and Killer, dancing links on the encodings written for them; the planes for the other
    /// variants, 1.4x to 3x faster there), `links`, `cells`
    /// (dancing cells, Knuth's SSXCC, on each puzzle's exact-cover problem), `bits` (the
    /// bitsets, slow on a matrix this sparse; they refuse grids from 25x25 up, past their
    /// memory bound), `board` (the rules' whole problem loaded once, forced items taken
    /// between guesses: its nodes are guesses) or `planes` (the bitboard solvers' words of
    /// cells a digit, found in the rules' problem: singles between guesses, locked candidates
    /// at the root; grids of at most 128 cells, rules without cages) or `bands` (classic 9x9
    /// alone: a word of cells a digit and band, the band rule and singles at every node).
    /// The answers are the same on every engine; --stats gives the figures of
    /// the one that ran.
    #[arg(long, value_name = "ENGINE", value_parser = super::args::engine_parser())]
    engine: Option<EngineKind>,
    /// Give up on a puzzle after this many search-tree nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// A propagation pass run on each puzzle before the search: `crosshatch` fills the cells
    /// cross-hatching forces (and answers `no solution` at once on a contradiction), so the
    /// engine gets only the remaining cells; `none` searches the puzzle as given (measured no
    /// slower: `--algo dlx` fills every naked and hidden single itself before its search).
    #[arg(long, value_enum, default_value = "none")]
    propagate: PropagateArg,
    /// With --count, count only the K-th of N parts of each puzzle's search tree (1 <= K <= N
    /// <= 1048576), to spread one huge count over many machines: the N parts' counts add up to
    /// the whole (a part past the tree's last subtree counts 0). Without it, a count whose
    /// search passes 100,000 nodes is split over every thread.
    #[arg(long, value_name = "K/N", requires = "count", value_parser = super::args::parse_shard)]
    shard: Option<Shard>,
    /// With --count, count by remembering the count of every subproblem met, as Knuth's DLX6
    /// does (`dlx xc --memo`), instead of enumerating: every 6x6 grid in seconds. Classic
    /// rules, the dlx solver, no limit, node budget or shard.
    #[arg(long, requires = "count",
          conflicts_with_all = ["limit", "max_nodes", "shard", "variant", "propagate"])]
    memo: bool,
    /// Solve variant puzzles, one a line: a comma-separated list of x (both diagonals hold
    /// every digit once), windoku (9x9: four more 3x3 windows), anti-king and anti-knight (no
    /// equal digits a king's or knight's move apart), jigsaw (irregular regions: the line's
    /// next field, N·N region symbols, unless --regions gives one layout for every puzzle),
    /// killer (cages: the next field names each cell's cage, N·N symbols with `.` for none,
    /// at least one cage, and the one after gives the cage sums, comma-separated, in the order
    /// the cages first appear; a comma before the first sum or after the last is an error at
    /// that comma). Text after the puzzle is a comment.
    #[arg(long, value_name = "LIST", value_parser = super::args::parse_variants)]
    variant: Option<Variants>,
    /// The jigsaw layout of every puzzle: a file of N·N region symbols (whitespace ignored;
    /// not `-`: standard input holds the puzzles).
    #[arg(long, value_name = "FILE", requires = "variant")]
    regions: Option<std::path::PathBuf>,
    /// Killer's cages as exact cover: `sets`, one option per set of digits with the cage's
    /// sum (plain exact cover, the fastest), or `colours`, one option per ordered filling, its
    /// cells coloured by digit (exact cover with colours, Algorithm M).
    #[arg(
        long,
        value_enum,
        value_name = "ENCODING",
        default_value = "sets",
        requires = "variant"
    )]
    killer_encoding: KillerEncodingArg,
    /// Draw each solution as a grid with its boxes, or with --variant its cages and their sums
    /// (killer) or its regions (jigsaw), instead of writing it in the output format.
    #[arg(long, conflicts_with = "to")]
    draw: bool,
}

/// `--killer-encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KillerEncodingArg {
    /// Sets of digits.
    Sets,
    /// Ordered fillings, with colours.
    Colours,
}

impl From<KillerEncodingArg> for KillerEncoding {
    fn from(arg: KillerEncodingArg) -> KillerEncoding {
        match arg {
            KillerEncodingArg::Sets => KillerEncoding::DigitSets,
            KillerEncodingArg::Colours => KillerEncoding::Colours,
        }
    }
}

/// The pass run before the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PropagateArg {
    None,
    Crosshatch,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum AlgoArg {
    Dlx,
    Backtrack,
    Candidates,
}

/// What to do with each puzzle: the solver, the question, the output format.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub algorithm: Algorithm,
    pub mode: Mode,
    pub output: Format,
    pub propagate: PropagateArg,
    /// Counts go through [`Solvers::count_on_every_core`] (big trees split over the threads),
    /// with this shard if given.
    pub split_counts: Option<Option<Shard>>,
    /// A solution is drawn as a grid with its boxes, instead of written in the output format.
    pub draw: bool,
    /// Counts are made by the memoized search ([`dlx_engine::Memo`]).
    pub memo: bool,
}

/// Solves one puzzle read (or reports its parse error) under `options`.
pub fn answer_record(record: &Record, options: &Options, solvers: &mut Solvers) -> Answer {
    let givens = match &record.givens {
        Ok(givens) => givens,
        Err(error) => {
            return clashing_givens(error, matches!(options.mode, Mode::Count { .. }))
                .unwrap_or_else(|| Answer::malformed(error.line, error.to_string()))
        }
    };
    let propagation = match options.propagate {
        PropagateArg::None => Propagation::None,
        PropagateArg::Crosshatch => Propagation::CrossHatch,
    };
    let memo = options.memo && matches!(options.mode, Mode::Count { .. });
    let searches = options.algorithm == Algorithm::Dlx || givens.candidates().is_some();
    if let (true, false, Err(refusal)) =
        (searches, memo, solvers.try_dlx_for(givens.grid().shape()))
    {
        return Answer::malformed(record.line, format!("line {}: {refusal}", record.line));
    }
    let outcome = match (givens.candidates(), options.split_counts, options.mode) {
        (None, _, Mode::Count { .. }) if options.memo => memo_count(givens.grid()),
        (candidates, Some(shard), Mode::Count { limit }) => {
            let limit = Some(limit).filter(|&limit| limit != u64::MAX);
            let stop = &interrupt::requested;
            solvers.count_on_every_core(givens.grid(), candidates, limit, shard, stop)
        }
        (Some(candidates), _, mode) => solvers.solve_within(givens.grid(), candidates, mode),
        (None, _, mode) => {
            solvers.solve_propagated(givens.grid(), options.algorithm, mode, propagation)
        }
    };
    let drawing = match (&outcome.answer, options.draw) {
        (Verdict::Solved(grid), true) => Some(Rules::classic(grid.shape()).draw(grid)),
        _ => None,
    };
    let mut answer = render(record.line, outcome, options.output);
    if let Some(drawing) = drawing {
        answer.text = drawing;
    }
    let searched_by = match (givens.candidates(), options.mode) {
        (None, Mode::Count { .. }) if options.memo => Some("memo"),
        (None, _) if options.algorithm != Algorithm::Dlx => None,
        _ => Some(solvers.dlx_engine_for(givens.grid().shape()).name()),
    };
    answer.extra.push(("engine", searched_by.into()));
    // The engine's own figures (a split count's summed over its pieces).
    if searched_by.is_some_and(|name| name != "memo") {
        if let Ok(solver) = solvers.try_dlx_for(givens.grid().shape()) {
            answer.figures = solver.figures();
        }
    }
    answer
}

/// Counts a puzzle's solutions by the memoized search: a count past `u64` (no puzzle of a
/// size worth memoizing has that many) or a stopped search is undecided.
fn memo_count(puzzle: &Grid) -> Outcome<Verdict> {
    let problem = puzzle.exact_cover();
    let memo = Memo::new(&problem).stop_flag(interrupt::stop_flag());
    match memo.count() {
        Ok(outcome) => {
            let solutions = u64::try_from(outcome.answer.solutions).ok();
            let verdict = match (solutions, outcome.stop) {
                (Some(solutions), Stop::Exhausted) => Verdict::Count(Count::exactly(solutions)),
                _ => Verdict::Undecided,
            };
            outcome.map(|_| verdict)
        }
        // A classic problem has no bounds, and u128 holds any grid count.
        Err(_) => Outcome {
            answer: Verdict::Undecided,
            stats: SearchStats::default(),
            stop: Stop::Interrupted,
        },
    }
}

pub fn run(args: SudokuArgs) -> anyhow::Result<Exit> {
    let mut inputs = args.batch.inputs();
    inputs.extend(args.regions.clone());
    let mut run = Run::with_inputs(&args.batch, Work::Search, &inputs)?;
    let result = answer_sources(&mut run, &args);
    run.finish(result)
}

/// Answers every puzzle of every input, in order, until the end or a signal.
fn answer_sources(run: &mut Run, args: &SudokuArgs) -> anyhow::Result<()> {
    let mode = if args.count {
        Mode::Count {
            limit: args.limit.unwrap_or(u64::MAX),
        }
    } else if args.unique {
        Mode::Unique
    } else {
        Mode::First
    };
    // A DLX count's bar, the count split over the threads or not; the answers go to the
    // terminal too only after each count ends. The baselines report nothing.
    let bar = Arc::new(TreeBar::on_stderr(
        args.count && matches!(args.algo, AlgoArg::Dlx),
    ));
    let engine = args.engine.unwrap_or_default();
    if engine != EngineKind::Auto && !matches!(args.algo, AlgoArg::Dlx) {
        bail!("--engine {engine} is for --algo dlx: the baselines search on their own");
    }
    if let Some(variants) = &args.variant {
        return answer_variant_sources(run, args, variants, mode, bar);
    }
    let algorithm = algorithm(args.algo);
    let max_nodes = args.max_nodes;
    // A count is split when it can be done exactly: the DLX solver, no node budget (a budget
    // depends on the order of the search), no propagation pass before it.
    let splittable = args.count
        && algorithm == Algorithm::Dlx
        && max_nodes.is_none()
        && args.propagate == PropagateArg::None;
    if args.shard.is_some() && !splittable {
        bail!("--shard counts with --algo dlx, without --max-nodes and --propagate");
    }
    let split_counts = splittable
        .then_some(args.shard)
        .filter(|shard| shard.is_some() || args.batch.threads != Some(1));
    for_each_source(run, &args.batch.files, &args.read, |run, source, format| {
        let options = Options {
            algorithm,
            mode,
            output: args.to.map_or(default_output(format), Format::from),
            propagate: args.propagate,
            split_counts,
            draw: args.draw,
            memo: args.memo,
        };
        let reading = Reading {
            format,
            output: options.output,
            read: &args.read,
            blank_between: false,
        };
        reading.answer_each(
            run,
            source,
            || {
                let solvers = Solvers::with_node_budget(max_nodes)
                    .with_stop_flag(interrupt::stop_flag())
                    .with_engine(engine);
                if bar.enabled() {
                    solvers.reporting_to(bar.clone())
                } else {
                    solvers
                }
            },
            |solvers, record| answer_record(record, &options, solvers),
        )
    })
}

/// Answers every variant puzzle of every input under `variants`, after refusing, with its
/// reason, a flag that does not apply to them.
fn answer_variant_sources(
    run: &mut Run,
    args: &SudokuArgs,
    variants: &Variants,
    mode: Mode,
    bar: Arc<TreeBar>,
) -> anyhow::Result<()> {
    if let Some(format) = args.read.format.filter(|f| !matches!(f, FormatArg::Line)) {
        bail!(
            "--variant reads one puzzle a line (its givens, then its layout or cages), not the \
             {} format: expected --format line or none",
            Format::from(format)
        );
    }
    if args.to.is_some_and(|f| matches!(f, FormatArg::Csv)) {
        bail!(
            "--to csv writes classic puzzle,solution,status rows, with no column for a variant's layout \
             or cages: expected --to line, spaced or compact"
        );
    }
    if matches!(args.algo, AlgoArg::Candidates) {
        bail!("--algo candidates knows only rows, columns and boxes: --variant takes --algo dlx or backtrack");
    }
    let jigsaw = variants.contains(Variant::Jigsaw);
    if jigsaw && args.propagate != PropagateArg::None {
        bail!("--propagate crosshatch uses the boxes, which a jigsaw has not");
    }
    let splittable = args.count
        && matches!(args.algo, AlgoArg::Dlx)
        && args.max_nodes.is_none()
        && args.propagate == PropagateArg::None;
    if args.shard.is_some() && !splittable {
        bail!("--shard counts with --algo dlx, without --max-nodes and --propagate");
    }
    let regions = args
        .regions
        .as_deref()
        .map(super::sudoku_files::read_regions)
        .transpose()?;
    let asked = super::variant::Asked {
        mode,
        algorithm: algorithm(args.algo),
        propagation: propagation(args.propagate),
        max_nodes: args.max_nodes,
        encoding: args.killer_encoding.into(),
        engine: args.engine.unwrap_or_default(),
        output: args.to.map_or(Format::Line, Format::from),
        shard: args.shard,
        draw: args.draw,
    };
    let bar = bar.enabled().then_some(bar);
    let (files, boxes) = (&args.batch.files, args.read.boxes());
    super::variant::answer_sources(run, files, variants, regions.as_ref(), boxes, asked, bar)
}

/// The solver `--algo` names.
fn algorithm(algo: AlgoArg) -> Algorithm {
    match algo {
        AlgoArg::Dlx => Algorithm::Dlx,
        AlgoArg::Backtrack => Algorithm::Backtrack,
        AlgoArg::Candidates => Algorithm::Candidates,
    }
}

/// The pass `--propagate` names.
fn propagation(propagate: PropagateArg) -> Propagation {
    match propagate {
        PropagateArg::None => Propagation::None,
        PropagateArg::Crosshatch => Propagation::CrossHatch,
    }
}
