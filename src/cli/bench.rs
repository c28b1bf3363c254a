//! `dlx bench`: Sudoku solvers side by side on the user's own collections, as a table.

use super::batch;
use super::chart::{self, Bar};
use super::output::Output;
use super::{interrupt, Exit};
use anyhow::bail;
use dlx_solver::sudoku::variant::{
    measure_variant, parse_variant_line, KillerEncoding, Regions, Variant, VariantContender,
    VariantPuzzle, Variants,
};
use dlx_solver::sudoku::{
    self, measure, Algorithm, Contender, Format, Grid, Measurement, Mode, Propagation, Solvers,
};
use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each solver runs on one thread over the same puzzles (one puzzle per line, comments skipped).
Only solving is timed; every solution is then checked against its puzzle, and a wrong answer
makes the command fail. Columns: puzzles per second, microseconds per puzzle, search nodes per
puzzle (digits placed, for the backtrackers), and throughput relative to the first solver.

Solvers: dlx (dancing links), dlx+crosshatch (cross-hatching first), candidates (bitmask
candidates, fewest-candidates cell first), backtrack (the textbook solver: it can take seconds
to hours per hard puzzle; give it --limit and --max-nodes).

With --variant LIST the files hold puzzles of those variants, one a line as `dlx sudoku
--variant` reads them, and each answer is checked against every rule of its variant. Solvers:
dlx (the variant's exact-cover encoding; Killer's cages as digit sets), dlx-colours (Killer's
cages as exact cover with colours), backtrack (the textbook backtracker under the variant's
rules). A solver is built for each puzzle whose rules differ from the previous one's (every
Killer), inside the timed span.

With --svg FILE the table is also drawn as a bar chart (puzzles per second, log scale, a group
of bars per file), written to FILE when the run ends (never over one of the puzzle files).

On SIGINT or SIGTERM: the measurement under way stops within moments and is dropped; the rows
already printed stay (and --svg draws them), and the exit code is 130 or 143.

Exit codes: 0 every answer valid, 1 some answer invalid, 2 bad input or usage, 130/143 a
signal.")]
pub struct BenchArgs {
    /// Puzzle files in the line format.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Solvers to compare, comma-separated; the first is the reference for the ratio
    /// [default: dlx,dlx+crosshatch; with --variant: dlx, and dlx-colours for killer].
    #[arg(long, value_delimiter = ',', value_name = "ALGO")]
    algo: Vec<String>,
    /// Compare the solvers of a variant (a comma-separated list of x, windoku, anti-king,
    /// anti-knight, jigsaw, killer) on puzzles as `dlx sudoku --variant` reads them.
    #[arg(long, value_name = "LIST", value_parser = super::sudoku::parse_variants)]
    variant: Option<Variants>,
    /// With --variant jigsaw: the layout of every puzzle, from a file (N·N region symbols).
    #[arg(long, value_name = "FILE", requires = "variant")]
    regions: Option<PathBuf>,
    /// Use only the first N puzzles of each file.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Stop for the first solution instead of proving it unique (the default, as public
    /// Sudoku benchmarks do).
    #[arg(long)]
    first: bool,
    /// Give up on a puzzle after N search nodes (counted as undecided).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Refuse a file larger than N bytes (each is read whole before timing).
    #[arg(long, value_name = "N", default_value_t = batch::MAX_INPUT_BYTES)]
    max_input_bytes: u64,
    /// Also draw the table as a bar chart in an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// The solvers compared on classic puzzles or on a variant's, as `--algo` names them.
enum Contenders {
    Classic(Vec<Contender>),
    Variant(Vec<VariantContender>),
}

impl Contenders {
    fn from_names(names: &[String], variants: Option<&Variants>) -> anyhow::Result<Contenders> {
        let unknown = |name: &str, expected: &str| {
            anyhow::anyhow!("--algo: unknown solver `{name}`: expected {expected}")
        };
        Ok(match variants {
            None if names.is_empty() => Contenders::Classic(vec![
                Contender::new(Algorithm::Dlx, Propagation::None),
                Contender::new(Algorithm::Dlx, Propagation::CrossHatch),
            ]),
            None => Contenders::Classic(
                names
                    .iter()
                    .map(|name| {
                        Contender::from_name(name).ok_or_else(|| {
                            unknown(name, "dlx, dlx+crosshatch, candidates or backtrack")
                        })
                    })
                    .collect::<anyhow::Result<_>>()?,
            ),
            Some(variants) if names.is_empty() => {
                let mut default = vec![VariantContender::Dlx(KillerEncoding::DigitSets)];
                if variants.contains(Variant::Killer) {
                    default.push(VariantContender::Dlx(KillerEncoding::Colours));
                }
                Contenders::Variant(default)
            }
            Some(variants) => Contenders::Variant(
                names
                    .iter()
                    .map(|name| {
                        let contender = VariantContender::from_name(name).ok_or_else(|| {
                            unknown(name, "dlx, dlx-colours or backtrack with --variant")
                        })?;
                        if contender == VariantContender::Dlx(KillerEncoding::Colours)
                            && !variants.contains(Variant::Killer)
                        {
                            bail!("--algo: dlx-colours is Killer's colour encoding: it needs --variant killer");
                        }
                        Ok(contender)
                    })
                    .collect::<anyhow::Result<_>>()?,
            ),
        })
    }
}

/// One row of the table: a solver's measurement on a collection, or why it measured nothing.
struct Row {
    solver: String,
    measured: Result<Measurement, String>,
}

pub fn run(args: BenchArgs) -> anyhow::Result<Exit> {
    let mode = if args.first {
        Mode::First
    } else {
        Mode::Unique
    };
    let contenders = Contenders::from_names(&args.algo, args.variant.as_ref())?;
    let regions = args
        .regions
        .as_deref()
        .map(super::variant::read_regions)
        .transpose()?;
    // Written through `Output`, never `println!`: a closed pipe ends quietly, a full disk is
    // an error naming standard output, neither a panic.
    let mut out = Output::stdout()?;
    // Opened before the long measurements, so that an unwritable path fails at once.
    let svg = match &args.svg {
        Some(path) => Some(Output::file_for("--svg", path, &args.files)?),
        None => None,
    };
    let mut bars = Vec::new();
    writeln!(
        out,
        "{:<34} {:<16} {:>8} {:>11} {:>11} {:>12} {:>7}  notes",
        "file", "solver", "puzzles", "puzzles/s", "us/puzzle", "nodes/puzzle", "ratio"
    )?;
    let mut invalid = 0;
    for mut source in batch::sources(&args.files)? {
        if interrupt::requested() {
            break;
        }
        let name = source.name.clone();
        let bytes = batch::read_rest(&mut source, args.max_input_bytes)?;
        // Classic lines end their puzzle at the first blank; a variant line's fields are all
        // its puzzle (as `dlx sudoku --variant` reads them).
        let puzzle_ends_within = match &contenders {
            Contenders::Classic(_) => sudoku::puzzle_ends_within,
            Contenders::Variant(_) => |_: &str| false,
        };
        let text = utf8_text(&name, &bytes, puzzle_ends_within)?;
        let text = text.as_ref();
        let short_name = std::path::Path::new(&name)
            .file_name()
            .map_or(name.clone(), |n| n.to_string_lossy().into_owned());
        let rows = match &contenders {
            Contenders::Classic(contenders) => {
                let puzzles = classic_puzzles(&name, text, args.limit)?;
                contenders
                    .iter()
                    .map(|&contender| {
                        let mut solvers = Solvers::with_node_budget(args.max_nodes)
                            .with_stop_flag(interrupt::stop_flag());
                        Row {
                            solver: contender.name(),
                            measured: Ok(measure(&puzzles, contender, mode, &mut solvers)),
                        }
                    })
                    .collect::<Vec<_>>()
            }
            Contenders::Variant(contenders) => {
                let variants = args
                    .variant
                    .as_ref()
                    .expect("variant contenders need --variant");
                let puzzles = variant_puzzles(&name, text, variants, regions.as_ref(), args.limit)?;
                contenders
                    .iter()
                    .map(|&contender| Row {
                        solver: contender.name().to_string(),
                        measured: measure_variant(
                            &puzzles,
                            variants,
                            regions.as_ref(),
                            contender,
                            mode,
                            args.max_nodes,
                            &interrupt::stop_flag(),
                        )
                        .map_err(|refused| {
                            format!("refused: puzzle {}: {}", refused.index + 1, refused.error)
                        }),
                    })
                    .collect()
            }
        };
        let mut reference = None;
        for row in rows {
            let m = match row.measured {
                // A signal cut it: only whole measurements are printed.
                Ok(m) if m.interrupted => break,
                Ok(m) => m,
                Err(why) => {
                    writeln!(out, "{short_name:<34} {:<16} {why}", row.solver)?;
                    continue;
                }
            };
            let rate = m.puzzles_per_second();
            let ratio = rate / *reference.get_or_insert(rate);
            let mut notes = Vec::new();
            for (count, what) in [
                (m.no_solution, "no solution"),
                (m.multiple, "multiple"),
                (m.undecided, "undecided"),
                (m.invalid, "INVALID"),
            ] {
                if count > 0 {
                    notes.push(format!("{count} {what}"));
                }
            }
            invalid += m.invalid;
            writeln!(
                out,
                "{:<34} {:<16} {:>8} {:>11.0} {:>11.1} {:>12.1} {:>7.2}  {}",
                short_name,
                row.solver,
                m.puzzles,
                rate,
                m.micros_per_puzzle(),
                m.nodes_per_puzzle(),
                ratio,
                notes.join(", ")
            )?;
            // Each row as soon as it is written (the measuring is done per file).
            out.flush()?;
            bars.push((short_name.clone(), row.solver, rate));
        }
    }
    out.commit()?;
    let signal = interrupt::signal();
    if let Some(mut svg) = svg {
        let bars: Vec<Bar> = bars
            .iter()
            .map(|(collection, solver, per_second)| Bar {
                collection,
                solver,
                per_second: *per_second,
            })
            .collect();
        svg.write_all(chart::bar_chart(&bars)?.as_bytes())?;
        svg.commit()?;
    }
    if let Some(signal) = signal {
        eprintln!(
            "dlx: interrupted after {} measurements: the rows printed are whole",
            bars.len()
        );
        return Ok(Exit::interrupted_by(signal));
    }
    Ok(if invalid > 0 {
        Exit::Unsolved
    } else {
        Exit::Solved
    })
}

/// The file's text, its lines read as `dlx sudoku` streams them ([`batch::line_text`]): bytes
/// that are not UTF-8 in a comment or after a line's puzzle read as U+FFFD, the first in a
/// puzzle the error, named as `dlx sudoku` names it.
fn utf8_text<'a>(
    name: &str,
    bytes: &'a [u8],
    puzzle_ends_within: fn(&str) -> bool,
) -> anyhow::Result<Cow<'a, str>> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(text));
    }
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let skipped = sudoku::is_skipped_line;
        if let Err(message) = batch::line_text(line, index + 1, skipped, puzzle_ends_within) {
            bail!("{name}: {message}");
        }
    }
    Ok(String::from_utf8_lossy(bytes))
}

/// The classic puzzles of a file, up to `limit`; the first bad line is the error.
fn classic_puzzles(name: &str, text: &str, limit: Option<usize>) -> anyhow::Result<Vec<Grid>> {
    let mut puzzles = Vec::new();
    for puzzle in sudoku::parse_puzzles(text, Format::Line) {
        let puzzle = puzzle.map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        puzzles.push(puzzle.grid);
        if limit.is_some_and(|limit| puzzles.len() >= limit) {
            break;
        }
    }
    if puzzles.is_empty() {
        bail!("{name}: found no puzzle, expected one puzzle per line");
    }
    Ok(puzzles)
}

/// The variant puzzles of a file, up to `limit`, each checked to make rules (its layout and
/// cages kept, not its rules: they are made again when it is measured); the first bad line is
/// the error, with its place.
fn variant_puzzles(
    name: &str,
    text: &str,
    variants: &Variants,
    regions: Option<&Regions>,
    limit: Option<usize>,
) -> anyhow::Result<Vec<VariantPuzzle>> {
    let mut puzzles = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if limit.is_some_and(|limit| puzzles.len() >= limit) {
            break;
        }
        if sudoku::is_skipped_line(line) {
            continue;
        }
        let number = index + 1;
        let puzzle = parse_variant_line(line, number, variants, regions)
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        puzzle
            .rules(variants, regions)
            .map_err(|e| anyhow::anyhow!("{name}: line {number}: {e}"))?;
        puzzles.push(puzzle);
    }
    if puzzles.is_empty() {
        bail!("{name}: found no puzzle, expected one {variants} puzzle per line");
    }
    Ok(puzzles)
}
