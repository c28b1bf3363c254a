//! `dlx rate`: for each puzzle, its difficulty rating and the hardest technique it needs, in
//! input order (the scale is [`dlx_puzzles::sudoku::Rater`]'s, documented in `--help`).

use super::answer::{Answer, Status};
use super::args::BatchArgs;
use super::exit::{Exit, Job};
use super::interrupt;
use super::run::Run;
use super::sudoku_files::{for_each_source, ReadArgs, Reading};
use super::tally::Work;
use super::verdict::clashing_givens;
use anyhow::bail;
use dlx_engine::EngineKind;
use dlx_puzzles::sudoku::variant::Variants;
use dlx_puzzles::sudoku::{Format, Grid, ParseError, ParsedGrid, Rated, Rater, Solvers};

#[derive(Debug, clap::Args)]
#[command(
    mut_arg("files", |arg| arg.help(
        "Inputs, rated one after another: files in any format of `dlx sudoku` (or with \
         --variant one puzzle a line), `-` or none for standard input, or a puzzle itself (an \
         argument that is no existing path but reads as one line-format puzzle). A path that \
         exists always wins"
    )),
    mut_arg("jsonl", |arg| arg.help(
        "One JSON object per puzzle instead of text: file, line, puzzle, status, solution \
         (when rated), rating, technique, nodes, micros, error, label"
    )),
    after_help = Exit::after_help(Job::Rate, "\
Output: one line `RATING TECHNIQUE` per puzzle, in input order. A puzzle with no solution, or
with several, gets `no solution` or `multiple` instead, and the exit code 1. With --jsonl, one
object per puzzle: file (`argument K` for a puzzle given as the K-th input), line, puzzle (line
format: as written, without the text after it), status (solved when rated, no solution,
multiple, undecided, malformed), solution (the one solution, when rated),
rating, technique, nodes (the mean search-tree nodes of the rating's searches), micros, error
(a malformed puzzle's message), label (a grid's header or a line's trailing text).

The scale (higher is harder):
  1.0      crosshatch  cross-hatching alone fills the grid
  2.0      singles     naked and hidden singles fill it
  3.0      locked      singles and locked candidates, in turn, fill it
  4.0 + n  search      the passes leave cells open; n is the mean number of search-tree
                       nodes the engine takes to prove the puzzle unique, over 16 fixed
                       relabellings of it (digits, rows within bands, columns within stacks)
On 9x9, the 49,158 known 17-clue puzzles: 44% rate 2, 31% rate 3, 24% need a search (median
62); random minimal puzzles (`dlx generate`) are alike; the forum's hardest lists rate from a
few hundred to thousands (median 1,824 and 3,459).

Variants (--variant) have their own scale: 2.0 singles when the engine never guesses (each
step has an item with one option left: a single of a row, column, box, jigsaw region, diagonal,
window, forbidden pair or cage), else 4.0 + n, n the mean search-tree nodes over 16 fixed
relabellings (cells renamed with the rules moved alike; digits too, without cages).

On SIGINT, SIGTERM or SIGHUP: a rating under way stops within moments (its puzzle `undecided`), every
whole answer so far is written, then the summary, exit 130, 143 or 129.")
)]
pub struct RateArgs {
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    read: ReadArgs,
    /// Give up on a puzzle after this many search-tree nodes in one of its searches.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// The exact-cover engine whose nodes the rating counts: `auto` (the default: dancing
    /// links, on which the scale above was measured), `links`, `cells` (dancing cells),
    /// `bits` (the bitsets, up to 20x20 grids), `board` or `planes` (whose nodes are guesses). The
    /// verdicts (no solution, multiple) are the same on every engine; a rating is in the nodes
    /// of the engine that ran, so ratings made on different engines do not compare. Variants
    /// too: whether one needs a guess is read from dancing links' tree.
    #[arg(long, value_name = "ENGINE", value_parser = super::args::engine_parser())]
    engine: Option<EngineKind>,
    /// Rate variant puzzles, one a line, as `dlx sudoku --variant` reads them (a comma-separated
    /// list of x, windoku, anti-king, anti-knight, jigsaw, killer), on the variants' scale
    /// below.
    #[arg(long, value_name = "LIST", value_parser = super::args::parse_variants)]
    variant: Option<Variants>,
    /// With --variant jigsaw: the layout of every puzzle, from a file (N·N region symbols).
    #[arg(long, value_name = "FILE", requires = "variant")]
    regions: Option<std::path::PathBuf>,
}

/// Rates one parsed puzzle (or reports its parse error); under `solve`, its answer holds the
/// solution (for JSON).
fn answer_puzzle(
    puzzle: Result<ParsedGrid, ParseError>,
    solvers: &mut Solvers,
    rater: &mut Rater,
    solve: bool,
) -> Answer {
    let puzzle = match puzzle {
        Ok(puzzle) => puzzle,
        Err(error) => {
            return clashing_givens(&error, false)
                .unwrap_or_else(|| Answer::malformed(error.line, error.to_string()))
        }
    };
    if let Err(refusal) = solvers.try_dlx_for(puzzle.grid.shape()) {
        return Answer::malformed(puzzle.line, format!("line {}: {refusal}", puzzle.line));
    }
    let (rated, solution) = match solve {
        true => rater.rate_with_solution(&puzzle.grid, solvers),
        false => (rater.rate(&puzzle.grid, solvers), None),
    };
    rated_answer(puzzle.line, rated, solution)
}

/// The line of a puzzle rated `rated`, with its solution when known.
fn rated_answer(line: usize, rated: Rated, solution: Option<Grid>) -> Answer {
    let mut answer = Answer::new(line, Status::Solved, String::new());
    answer.solution = solution.map(|grid| grid.to_text(Format::Line).trim_end().to_string());
    answer.status = match rated {
        Rated::Unique(rating) => {
            answer.text = format!("{:.1} {}\n", rating.value(), rating.technique);
            answer.nodes = (rating.nodes * Rater::RELABELLINGS as f64).round() as u64;
            answer.extra = vec![
                ("rating", rating.value().into()),
                ("technique", rating.technique.name().into()),
                ("nodes", rating.nodes.into()),
            ];
            Status::Solved
        }
        Rated::NoSolution => Status::NoSolution,
        Rated::Multiple => Status::Multiple,
        Rated::Undecided => Status::Undecided,
    };
    if answer.status != Status::Solved {
        answer.text = format!("{}\n", answer.status.word());
    }
    answer
}

pub fn run(args: RateArgs) -> anyhow::Result<Exit> {
    let regions = args
        .regions
        .as_deref()
        .map(super::sudoku_files::read_regions)
        .transpose()?;
    if args.variant.is_some() && args.read.format.is_some() {
        bail!("--variant reads one puzzle a line: give no --format");
    }
    let mut inputs = args.batch.inputs();
    inputs.extend(args.regions.clone());
    let mut run = Run::with_inputs(&args.batch, Work::Search, &inputs)?;
    let result = match &args.variant {
        Some(variants) => {
            let (max_nodes, engine) = (args.max_nodes, args.engine.unwrap_or_default());
            super::sudoku_files::for_each_puzzle(
                &mut run,
                &args.batch.files,
                variants,
                regions.as_ref(),
                args.read.boxes(),
                || {
                    let solvers = Solvers::with_node_budget(max_nodes)
                        .with_engine(engine)
                        .with_stop_flag(interrupt::stop_flag());
                    (Rater::default(), solvers)
                },
                |(rater, solvers), puzzle, rules, line| {
                    // The engine's refusal of the rules' problem (links take every one).
                    if engine != EngineKind::Auto {
                        if let Err(refusal) = solvers.dlx_under(&rules) {
                            return Answer::malformed(line, format!("line {line}: {refusal}"));
                        }
                    }
                    let grid = puzzle.grid();
                    let (rated, solution) = rater.rate_under_with_solution(&rules, grid, solvers);
                    rated_answer(line, rated, solution)
                },
            )
        }
        None => rate_sources(&mut run, &args),
    };
    run.finish(result)
}

/// Rates every puzzle of every input, in order, until the end or a signal.
fn rate_sources(run: &mut Run, args: &RateArgs) -> anyhow::Result<()> {
    let (max_nodes, solve) = (args.max_nodes, args.batch.jsonl);
    let engine = args.engine.unwrap_or_default();
    for_each_source(run, &args.batch.files, &args.read, |run, source, format| {
        let reading = Reading {
            format,
            output: Format::Line,
            read: &args.read,
            blank_between: false,
        };
        reading.answer_each(
            run,
            source,
            || {
                let solvers = Solvers::with_node_budget(max_nodes).with_engine(engine);
                (
                    solvers.with_stop_flag(interrupt::stop_flag()),
                    Rater::default(),
                )
            },
            |(solvers, rater), record| {
                let puzzle = record.parsed_grid();
                answer_puzzle(puzzle, solvers, rater, solve)
            },
        )
    })
}
