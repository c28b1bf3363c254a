//! `dlx generate`: make Sudoku puzzles with exactly one solution, of any box shape, in parallel,
//! the same bytes for the same seed and flags whatever the number of threads.
//!
//! Puzzle `i` of a run is made from its own random stream, `Generator::generate(seed, i)`, by
//! [`dlx_puzzles::sudoku::generate`]; the batch runner makes them a chunk at a time and writes them
//! in index order.

use super::answer::{Answer, Detail, Made, Status};
use super::args::BatchArgs;
use super::exit::{Exit, Job};
use super::interrupt;
use super::report::report;
use super::run::Run;
use super::sudoku_files::FormatArg;
use super::tally::Work;
use anyhow::bail;
use dlx_engine::EngineKind;
use dlx_puzzles::sudoku::variant::{KillerEncoding, Regions, Rules, Variant, Variants};
use dlx_puzzles::sudoku::{
    self, Boxes, Cost, Format, GenerateError, Generated, Generator, Grid, Settings, Shape,
    Solutions, Solvers, SudokuSolver, Symmetry,
};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = Exit::after_help(Job::Generate, "\
Each puzzle: a random full grid (random digits in the diagonal boxes, completed by the engine,
then relabelled at random), then its givens removed in a random order, one symmetry orbit at a
time, while the engine finds the puzzle unique. Every puzzle printed has exactly one solution
(unless --solutions says otherwise); by default it is also minimal: no orbit of givens can be
removed without losing uniqueness (with --symmetry none, no single given).

Puzzle i depends only on --seed, i and the flags that shape it, so a run is reproducible on
any number of threads, and `--count 100` prints the first 100 puzzles of `--count 1000`.

The rating filter uses the scale of `dlx rate` (see `dlx rate --help`): 1 cross-hatching,
2 singles, 3 locked candidates, 4 + n a search of n nodes on average.

On SIGINT, SIGTERM or SIGHUP: the puzzles under way are given up within moments and not written; the
puzzles made before them, in order, are, then the summary, exit 130, 143 or 129."))]
pub struct GenerateArgs {
    /// Box shape, ROWSxCOLUMNS: boxes of R rows and C columns of cells: 2x2 (4x4 grid), 2x3
    /// (6x6), 3x3 (9x9), 3x4 (12x12), 4x4 (16x16), 5x5 (25x25), ... These are each side's usual
    /// shapes, which readers take (see `dlx sudoku --help`, --box). No output format can say
    /// its boxes: for another shape (3x2, 4x3, 1x5) a note on stderr says to read the puzzles
    /// with --box RxC.
    #[arg(long = "box", value_name = "RxC", default_value = "3x3", value_parser = super::args::parse_box)]
    shape: Shape,
    /// Number of puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,
    /// The seed: the same seed and flags give the same puzzles (default: from the clock,
    /// printed with --stats).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The symmetry the pattern of givens keeps.
    #[arg(long, value_enum, default_value = "none")]
    symmetry: SymmetryArg,
    /// Remove givens until none can go without losing uniqueness (the default).
    #[arg(long, overrides_with = "no_minimal")]
    minimal: bool,
    /// Stop removing at the first given that cannot go: faster, more givens.
    #[arg(long, overrides_with = "minimal")]
    no_minimal: bool,
    /// Keep only puzzles rated at least this (the rating of `dlx rate`; a finite number, at
    /// most --max-rating).
    #[arg(long, value_name = "R", value_parser = parse_rating)]
    min_rating: Option<f64>,
    /// Keep only puzzles rated at most this.
    #[arg(long, value_name = "R", value_parser = parse_rating)]
    max_rating: Option<f64>,
    /// Full grids tried per puzzle before the rating filter gives up.
    #[arg(long, value_name = "N", default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_attempts: u64,
    /// `one`: proper puzzles. For tests: `several` empties one orbit more of a minimal puzzle
    /// (several solutions); `none` changes one given of a minimal puzzle to a digit that
    /// clashes with no other given but leaves no solution.
    #[arg(long, value_enum, default_value = "one")]
    solutions: SolutionsArg,
    /// The output's format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "line")]
    to: FormatArg,
    /// Give up a uniqueness question after this many search-tree nodes; the given then stays
    /// (the puzzle stays unique, but may not be minimal: for 25x25). Default: a question past
    /// 50,000 nodes gives up the grid for a new one, so every puzzle is proven minimal (after 8
    /// grids given up, the given stays).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// The exact-cover engine that completes the grids and proves the puzzles unique: `auto`
    /// (the default: the engine `dlx sudoku` takes for the rules), `links`, `cells` (dancing
    /// cells), `bits` (the bitsets, up to 20x20 grids), `board` (forced items taken between
    /// guesses) or `planes` (up to 11x11 grids, rules without cages), for classic puzzles
    /// and variants alike. Every engine makes unique puzzles; each makes its own from a seed
    /// (where a question runs out of nodes depends on its tree), and a --min-rating or
    /// --max-rating counts its nodes.
    #[arg(long, value_name = "ENGINE", value_parser = super::args::engine_parser())]
    engine: Option<EngineKind>,
    /// Worker threads (default: one per core). Output is the same whatever the count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1024))]
    threads: Option<u64>,
    /// Make variant puzzles, unique and minimal under the variants' rules (no symmetry): a
    /// list of x, windoku, anti-king, anti-knight, jigsaw (the layout is written after each
    /// puzzle: the one of --regions, or a random layout of connected regions a puzzle), or `killer` alone (cages with sums and no givens, unique by
    /// the cages alone, each cage 2 to --max-cage connected cells where the grid allows; a line holds the empty
    /// givens, the cages and the sums, as `dlx sudoku --variant killer` reads them).
    #[arg(long, value_name = "LIST", value_parser = super::args::parse_variants)]
    variant: Option<Variants>,
    /// Jigsaw: the layout of every puzzle, a file of N·N region symbols (default: a random
    /// layout for each puzzle).
    #[arg(long, value_name = "FILE", requires = "variant")]
    regions: Option<PathBuf>,
    /// Killer: the most cells a cage has (2 to N; default 4).
    #[arg(long, value_name = "N", requires = "variant",
          value_parser = clap::value_parser!(u64).range(2..=64))]
    max_cage: Option<u64>,
    /// Write the puzzles to FILE instead of standard output: FILE is replaced when the run
    /// ends (written beside it, then renamed; a symbolic link is followed and its target
    /// replaced; a device or a FIFO is written in place), and may not be the --regions layout.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// One JSON object per puzzle: index, puzzle, solution, givens, rating and technique (with
    /// a rating filter), attempts, checks, nodes, micros.
    #[arg(long)]
    jsonl: bool,
    /// Print the summary to stderr: the seed, puzzles made and failed, givens per puzzle (mean,
    /// min, max; a Killer's cages), full grids made, grids given up, uniqueness checks, nodes,
    /// time, puzzles per second. It is printed anyway when stderr is a terminal.
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SymmetryArg {
    None,
    Rot180,
    Rot90,
    Mirror,
    Diagonal,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SolutionsArg {
    One,
    Several,
    None,
}

/// Reads a rating bound: a finite number (NaN and infinities bound nothing).
fn parse_rating(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(rating) if rating.is_finite() && rating <= MAX_RATING => Ok(rating),
        Ok(rating) if rating.is_finite() => Err(format!(
            "found {text:?}, above any rating: the highest is 4 + 2^64 (a search of 2^64 nodes), \
             about {MAX_RATING:e}"
        )),
        _ => Err(format!(
            "found {text:?}, expected a finite number such as 3 or 4.5"
        )),
    }
}

/// The highest rating there can be: a search's (level 4) of as many nodes as a `u64` counts.
/// A bound past it keeps no puzzle, and would be printed in full, hundreds of digits.
const MAX_RATING: f64 = 4.0 + u64::MAX as f64;

pub fn run(args: GenerateArgs) -> anyhow::Result<Exit> {
    if let (Some(min), Some(max)) = (args.min_rating, args.max_rating) {
        if min > max {
            bail!("--min-rating {min} is above --max-rating {max}: no puzzle can be rated in that range");
        }
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    // A jigsaw's regions replace its boxes: only its side is read back.
    let boxes_matter = !args
        .variant
        .as_ref()
        .is_some_and(|variants| variants.contains(Variant::Jigsaw));
    if boxes_matter && !Boxes::is_usual(args.shape) {
        let shape = args.shape;
        let side = shape.side();
        let usual = match Shape::for_side(side) {
            Ok(usual) => format!("the usual boxes of {side}x{side} grids are {usual}, not {shape}"),
            Err(_) => format!("{side}x{side} grids have no usual boxes"),
        };
        report!(
            "dlx: note: {usual}, and the output cannot say its boxes: read these puzzles with \
             --box {shape} (dlx sudoku, rate, crosshatch, bench)"
        );
    }
    let engine = args.engine.unwrap_or_default();
    if let Some(variants) = &args.variant {
        return run_variant(&args, variants, seed);
    }
    // The engine's refusal of the shape (the bitsets from 25x25 up), before any puzzle.
    Solvers::default()
        .with_engine(engine)
        .try_dlx_for(args.shape)?;
    let rating = match (args.min_rating, args.max_rating) {
        (None, None) => None,
        (min, max) => Some((min.unwrap_or(f64::MIN), max.unwrap_or(f64::MAX))),
    };
    let settings = Settings {
        shape: args.shape,
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rotate180,
            SymmetryArg::Rot90 => Symmetry::Rotate90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        },
        minimal: !args.no_minimal,
        rating,
        max_attempts: args.max_attempts,
        solutions: match args.solutions {
            SolutionsArg::One => Solutions::One,
            SolutionsArg::Several => Solutions::Several,
            SolutionsArg::None => Solutions::NoSolution,
        },
        max_nodes: args.max_nodes,
        engine,
    };
    let format = Format::from(args.to);
    let mut run = start_run(&args)?;
    run.separate_with(if format.is_grid() { b"\n" } else { b"" });
    // Each worker keeps its generator from puzzle to puzzle.
    let init = || Generator::new(settings.clone()).with_stop_flag(interrupt::stop_flag());
    let result =
        run.answer_items(
            "generate",
            0..args.count,
            init,
            |generator, &index| match generator.generate(seed, index) {
                Ok(generated) => Some(answer(index, &generated, format)),
                Err(GenerateError::Interrupted) => None,
                Err(error) => Some(not_made(index, &error)),
            },
        );
    if args.stats || std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        report!("seed: {seed}");
    }
    run.finish(result)
}

/// `--variant`: variant puzzles, one a line, in index order.
fn run_variant(args: &GenerateArgs, variants: &Variants, seed: u64) -> anyhow::Result<Exit> {
    let flags_for_classic = args.min_rating.is_some()
        || args.max_rating.is_some()
        || !matches!(args.symmetry, SymmetryArg::None)
        || !matches!(args.solutions, SolutionsArg::One)
        || !matches!(args.to, FormatArg::Line)
        || args.no_minimal;
    if flags_for_classic {
        bail!("dlx generate --variant takes no --min-rating, --max-rating, --symmetry, --solutions, --to or --no-minimal");
    }
    if !variants.contains(Variant::Killer) {
        return run_rules_variant(args, variants, seed);
    }
    if variants.iter().count() > 1 {
        bail!("dlx generate --variant killer combines with no other variant (found {variants})");
    }
    let engine = args.engine.unwrap_or_default();
    let mut run = start_run(args)?;
    let shape = args.shape;
    let max_cage = args.max_cage.map_or(Generator::MAX_CAGE, |n| n as usize);
    let result = run.answer_items(
        "generate",
        0..args.count,
        || {
            let generator = Generator::killer(shape).with_max_cage(max_cage);
            let generator = generator
                .on_engine(engine)
                .expect("a Killer generator takes every engine: each puzzle's cages are checked");
            generator.with_stop_flag(interrupt::stop_flag())
        },
        |generator, &index| match generator.generate(seed, index) {
            Ok(made) => Some(killer_answer(index, &made)),
            Err(GenerateError::Interrupted) => None,
            Err(error) => Some(not_made(index, &error)),
        },
    );
    if args.stats || std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        report!("seed: {seed}");
    }
    run.finish(result)
}

/// `--variant` without killer: unique, minimal puzzles of the region and pair variants; a
/// jigsaw without `--regions` gets a random layout of its own, written after its givens.
fn run_rules_variant(args: &GenerateArgs, variants: &Variants, seed: u64) -> anyhow::Result<Exit> {
    let regions = args
        .regions
        .as_deref()
        .map(super::sudoku_files::read_regions)
        .transpose()?;
    let random_layouts = variants.contains(Variant::Jigsaw) && regions.is_none();
    // The variants must fit the grid whatever the layout: checked once, on the boxes.
    let checked = match random_layouts {
        true => Some(Regions::boxes(args.shape)),
        false => regions.clone(),
    };
    let rules = Rules::new(args.shape, variants, checked.as_ref())
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    let shared_layout = regions.map(|r| r.to_line());
    // The engine's refusal of the rules' problem, before any puzzle (a random layout's problem
    // is the same size as the boxes').
    let engine = args.engine.unwrap_or_default();
    SudokuSolver::on_engine(rules.clone(), KillerEncoding::default(), engine)?;
    let mut run = start_run(args)?;
    let shape = args.shape;
    let stop = interrupt::stop_flag();
    let result = run.answer_items(
        "generate",
        0..args.count,
        || {
            let generator = Generator::with_rules(rules.clone())
                .and_then(|generator| generator.on_engine(engine))
                .expect("rules without cages, on an engine that takes their problem (checked)");
            generator.with_stop_flag(stop.clone())
        },
        |generator, &index| {
            let made = match random_layouts {
                true => Generator::on_random_layout(shape, variants, (seed, index), &stop, engine),
                false => generator.generate(seed, index),
            };
            match made {
                Ok(made) => {
                    let mut record = made.to_line();
                    if let Some(layout) = &shared_layout {
                        record = format!("{record} {layout}");
                    }
                    let extra = vec![
                        ("givens", made.puzzle.filled_count().into()),
                        ("checks", made.cost.checks.into()),
                        ("undecided", made.cost.undecided.into()),
                        ("layouts", (made.cost.restarts + 1).into()),
                    ];
                    let mut answer =
                        record_answer(index, record, &made.solution, made.cost.nodes, extra);
                    answer.detail =
                        Detail::Made(self::made(made.puzzle.filled_count(), &made.cost));
                    Some(answer)
                }
                Err(GenerateError::Interrupted) => None,
                Err(error) => Some(not_made(index, &error)),
            }
        },
    );
    if args.stats || std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        report!("seed: {seed}");
    }
    run.finish(result)
}

/// The answer for a puzzle that could not be made: the reason, as an error.
fn not_made(index: u64, error: &dyn std::fmt::Display) -> Answer {
    Answer::malformed(index as usize + 1, format!("puzzle {}: {error}", index + 1))
}

/// The batch run that writes a generation's puzzles where the flags say (never over the
/// `--regions` layout it reads).
fn start_run(args: &GenerateArgs) -> anyhow::Result<Run> {
    let batch = BatchArgs {
        files: Vec::new(),
        threads: args.threads,
        output: args.output.clone(),
        jsonl: args.jsonl,
        stats: args.stats,
        max_input_bytes: super::args::MAX_INPUT_BYTES,
    };
    let inputs: Vec<PathBuf> = args.regions.iter().cloned().collect();
    Run::with_inputs(&batch, Work::Generation, &inputs)
}

/// What making a puzzle of `givens` givens cost, for the summary.
fn made(givens: usize, cost: &Cost) -> Made {
    Made {
        givens: givens as u64,
        cages: None,
        attempts: cost.attempts,
        restarts: cost.restarts,
        checks: cost.checks,
    }
}

/// The answer printed for a generated Killer: its record on one line.
fn killer_answer(index: u64, made: &Generated) -> Answer {
    let cages = made.cages.as_ref().map_or(0, |cages| cages.count());
    let extra = vec![
        ("cages", cages.into()),
        ("attempts", made.cost.attempts.into()),
        ("checks", made.cost.checks.into()),
    ];
    let mut answer = record_answer(
        index,
        made.to_line(),
        &made.solution,
        made.cost.nodes,
        extra,
    );
    answer.detail = Detail::Made(Made {
        cages: Some(cages as u64),
        ..self::made(0, &made.cost)
    });
    answer
}

/// The answer printed for a generated variant record: the record on its line; for JSON, its
/// index, the record, the solution and the generator's own `fields`.
fn record_answer(
    index: u64,
    record: String,
    solution: &sudoku::Grid,
    nodes: u64,
    fields: Vec<(&'static str, serde_json::Value)>,
) -> Answer {
    let mut extra = vec![("index", index.into()), ("puzzle", record.clone().into())];
    extra.extend(fields);
    Answer {
        solution: Some(solution.to_text(Format::Line).trim_end().to_string()),
        nodes,
        extra,
        ..Answer::new(index as usize + 1, Status::Solved, record + "\n")
    }
}

/// The answer printed for a generated puzzle.
fn answer(index: u64, generated: &Generated, format: Format) -> Answer {
    let line = |grid: &Grid| grid.to_text(Format::Line).trim_end().to_string();
    let mut extra = vec![
        ("index", index.into()),
        ("puzzle", line(&generated.puzzle).into()),
        ("givens", generated.puzzle.filled_count().into()),
        ("attempts", generated.cost.attempts.into()),
        ("checks", generated.cost.checks.into()),
        ("restarts", generated.cost.restarts.into()),
        ("undecided", generated.cost.undecided.into()),
    ];
    if let Some(rating) = generated.rating {
        extra.push(("rating", rating.value().into()));
        extra.push(("technique", rating.technique.name().into()));
    }
    let text = generated.puzzle.to_text(format);
    Answer {
        solution: Some(line(&generated.solution)),
        nodes: generated.cost.nodes,
        extra,
        detail: Detail::Made(made(generated.puzzle.filled_count(), &generated.cost)),
        ..Answer::new(index as usize + 1, Status::Solved, text)
    }
}

/// A seed for a run that gave none: the clock's nanoseconds.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.as_nanos() as u64)
}
