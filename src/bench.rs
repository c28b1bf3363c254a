//! `dlx bench`: Sudoku solvers side by side on the user's own collections, as a table.

use super::chart::{self, Bar};
use super::exit::{Exit, Job};
use super::interrupt;
use super::output::Output;
use super::report::report;
use super::{args, input};
use anyhow::bail;
use dlx_bench::{measure, Collection, Contender, Measurement, PeerCommand};
use dlx_engine::EngineKind;
use dlx_puzzles::sudoku::variant::{KillerEncoding, Regions, Variant, Variants};
use dlx_puzzles::sudoku::{
    self, Algorithm, Boxes, Format, Givens, Mode, Propagation, Record, Shape, Solvers,
};
use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = Exit::after_help(Job::Bench, "\
Each solver runs on one thread over the same puzzles (one puzzle per line, comments skipped; a
pencilmark line is refused, as every solver is measured on a puzzle's givens).
Only solving is timed; every solution is then checked against its puzzle, and a wrong answer
makes the command fail. Columns: puzzles per second, microseconds per puzzle, search nodes per
puzzle (digits placed, for the backtrackers), and throughput relative to the first solver.

Solvers: dlx (the engine dlx sudoku runs by default), dlx+crosshatch (cross-hatching first),
dlx-links (dancing links on the tuned encoding), dlx-cells (dancing cells, Knuth's SSXCC, on
each puzzle's exact-cover problem), dlx-bits (the bitsets on the same problem, up to 20x20
grids), dlx-board (the board: option bits, forced items taken between guesses), dlx-planes
(the planes: a word of cells a digit, singles between guesses, up to 11x11 grids), dlx-bands
(the bands: a word of cells a band and digit, 9x9 grids only; what dlx runs on them; each
engine also with +crosshatch), candidates (bitmask
candidates, fewest-candidates cell first), backtrack (the textbook solver: it can take seconds
to hours per hard puzzle; give it --limit and --max-nodes: without --max-nodes a run that
includes it starts with a note on stderr saying so).

Each row is printed as soon as its solver has finished its file, and a line on stderr says the
same whether or not standard output is watched: `dlx bench: FILE: SOLVER: N puzzles in T s
(R puzzles/s)` (T in ms below a second).

With --variant LIST the files hold puzzles of those variants, one a line as `dlx sudoku
--variant` reads them, and each answer is checked against every rule of its variant. Solvers:
dlx (the variant's exact-cover encoding; Killer's cages as digit sets), dlx-links, dlx-cells,
dlx-bits, dlx-board, dlx-planes and dlx-bands (the same problem on that engine), dlx-colours (Killer's cages as exact cover with colours), backtrack (the textbook backtracker under the variant's
rules). A solver is built for each puzzle whose rules differ from the previous one's (every
Killer), inside the timed span.

With --peer NAME=COMMAND (repeatable) a solver outside the project is measured beside them,
as a row named NAME (a name no other row has): COMMAND runs under `sh -c` in a process group of
its own (killed with it on a signal), is given the file's puzzles on its standard
input, one a line (`.` for an empty cell), and prints one line an answer on its standard
output. The answer's solution is the last field of its line (fields split at blanks, `:` and
`,`) with a digit for every cell, checked as every other solver's is; a line without one is read
by its last count (a field of a few digits): none or 0 is no solution, 2 or more is multiple,
and 1 with no grid to check is an invalid answer. Its time runs from its start to its end (its
start-up and its reading and writing included); its nodes are not known (0). A command that
fails, prints another number of lines than it was given puzzles, or leaves its output open
after it ends (a process it started, out of its group), is a row saying so. Give it
thousands of puzzles (--limit): on a few hundred, its start-up weighs on its rate. The
command decides what it proves: --first does not reach it. Example, with tdoku built outside
the project (its example/solve.c, which counts to 2, then searches again for the solution of a
unique puzzle): --peer 'tdoku=/path/to/tdoku-solve 2'.

With --svg FILE the table is also drawn as a bar chart (puzzles per second, log scale, a group
of bars per file, each bar labelled with its rate; under the title, the processor and its
cores, the one thread per solver, the puzzles taken of each file and the question asked),
written to FILE when the run ends (never over one of the puzzle files or
the --regions layout; a symbolic link is followed and its target replaced). When the reader of
standard output goes away (`dlx bench ... | head`), no new row is measured: the chart holds
the rows measured, and the exit code is theirs.

On SIGINT, SIGTERM or SIGHUP: the measurement under way stops within moments and is dropped; the rows
already printed stay (and --svg draws them), and the exit code is 130, 143 or 129."))]
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
    #[arg(long, value_name = "LIST", value_parser = super::args::parse_variants)]
    variant: Option<Variants>,
    /// With --variant jigsaw: the layout of every puzzle, from a file (N·N region symbols).
    #[arg(long, value_name = "FILE", requires = "variant")]
    regions: Option<PathBuf>,
    /// Use only the first N puzzles of each file (N at least 1: a file measured on no puzzle
    /// says nothing).
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..)
    )]
    limit: Option<usize>,
    /// Stop for the first solution instead of proving it unique (the default, as public
    /// Sudoku benchmarks do).
    #[arg(long)]
    first: bool,
    /// Give up on a puzzle after N search nodes (counted as undecided).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Refuse a file larger than N bytes (each is read whole before timing).
    #[arg(long, value_name = "N", default_value_t = args::MAX_INPUT_BYTES)]
    max_input_bytes: u64,
    /// Also measure a solver outside the project, run as a command (see below): NAME=COMMAND,
    /// repeatable. Classic puzzles only.
    #[arg(long, value_name = "NAME=COMMAND", conflicts_with = "variant")]
    peer: Vec<PeerCommand>,
    /// Also draw the table as a bar chart in an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The boxes of every puzzle, R rows by C columns of cells, as `dlx sudoku --box` reads
    /// them (default: each side's usual shape).
    #[arg(long = "box", value_name = "RxC", value_parser = super::args::parse_box)]
    boxes: Option<Shape>,
}

/// The solvers compared, as `--algo` names them: on classic puzzles any algorithm after any
/// pass; with `--variant`, the exact-cover search in either Killer encoding and the textbook
/// backtracker, with no pass (the candidates baseline and cross-hatching know classic rules
/// only).
fn contenders(names: &[String], variants: Option<&Variants>) -> anyhow::Result<Vec<Contender>> {
    let dlx = Contender::new(Algorithm::Dlx, Propagation::None);
    let colours = dlx.with_killer_encoding(KillerEncoding::Colours);
    let unknown = |name: &str, expected: &str| {
        anyhow::anyhow!("--algo: unknown solver `{name}`: expected {expected}")
    };
    let Some(variants) = variants else {
        if names.is_empty() {
            return Ok(vec![
                dlx,
                Contender::new(Algorithm::Dlx, Propagation::CrossHatch),
            ]);
        }
        return names
            .iter()
            .map(|name| {
                Contender::from_name(name)
                    .filter(|c| c.killer_encoding == KillerEncoding::DigitSets)
                    .ok_or_else(|| {
                        unknown(
                            name,
                            "dlx, dlx+crosshatch, dlx-links, dlx-cells, dlx-bits, dlx-board, \
                             dlx-planes, dlx-bands, candidates or backtrack",
                        )
                    })
            })
            .collect();
    };
    if names.is_empty() {
        let killer = variants.contains(Variant::Killer);
        return Ok(if killer {
            vec![dlx, colours]
        } else {
            vec![dlx]
        });
    }
    names
        .iter()
        .map(|name| {
            let contender = Contender::from_name(name)
                .filter(|c| {
                    let engine = c.engine != EngineKind::Auto && c.propagation == Propagation::None;
                    Contender::VARIANT.contains(c) || engine
                })
                .ok_or_else(|| {
                    unknown(
                        name,
                        "dlx, dlx-links, dlx-cells, dlx-bits, dlx-board, dlx-planes, dlx-bands, dlx-colours or backtrack \
                         with --variant",
                    )
                })?;
            if contender == colours && !variants.contains(Variant::Killer) {
                bail!("--algo: dlx-colours is Killer's colour encoding: it needs --variant killer");
            }
            Ok(contender)
        })
        .collect()
}

/// One row of the table: a solver's measurement on a collection, or why it measured nothing.
struct Row {
    solver: String,
    measured: Result<Measurement, String>,
}

/// The table being written: standard output, each row's rate for the chart, and the count
/// of invalid answers, which sets the exit code.
struct Table {
    out: Output,
    bars: Vec<(String, String, f64)>,
    invalid: usize,
}

impl Table {
    /// Writes one row, and a line on stderr at once: a long run says how far it is, whether
    /// or not anyone watches standard output. `reference` is the collection's first rate, the
    /// ratios' base. Says whether the reader of standard output went away.
    fn write_row(
        &mut self,
        short_name: &str,
        reference: &mut Option<f64>,
        row: Row,
    ) -> std::io::Result<bool> {
        let m = match row.measured {
            // A signal cut it: only whole measurements are printed.
            Ok(m) if m.interrupted => return Ok(false),
            Ok(m) => m,
            Err(why) => {
                let written = writeln!(self.out, "{short_name:<34} {:<20} {why}", row.solver);
                report!("dlx bench: {short_name}: {}: {why}", row.solver);
                return gone(written.and_then(|()| self.out.flush()));
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
        self.invalid += m.invalid;
        let written = writeln!(
            self.out,
            "{:<34} {:<20} {:>8} {:>11.0} {:>11.1} {:>12.1} {:>7.2}  {}",
            short_name,
            row.solver,
            m.puzzles,
            rate,
            m.micros_per_puzzle(),
            m.nodes_per_puzzle(),
            ratio,
            notes.join(", ")
        );
        report!("{}", progress_line(short_name, &row.solver, &m));
        self.bars.push((short_name.to_string(), row.solver, rate));
        gone(written.and_then(|()| self.out.flush()))
    }
}

/// What every collection is measured with.
struct Measured<'a> {
    args: &'a BenchArgs,
    contenders: &'a [Contender],
    /// The variants of every puzzle: none for classic Sudoku.
    variants: &'a Variants,
    regions: Option<&'a Regions>,
    mode: Mode,
    boxes: Boxes,
}

impl Measured<'_> {
    /// Measures every contender on one collection (`name`, read as `text`), each row written
    /// as soon as it is measured. Says whether the reader of standard output went away.
    fn rows(
        &self,
        name: &str,
        text: &str,
        short_name: &str,
        table: &mut Table,
    ) -> anyhow::Result<bool> {
        let puzzles = match self.args.variant {
            None => classic_puzzles(name, text, self.boxes, self.args.limit)?,
            Some(_) => variant_puzzles(
                name,
                text,
                self.variants,
                self.regions,
                self.boxes,
                self.args.limit,
            )?,
        };
        let collection = Collection {
            puzzles: &puzzles,
            variants: self.variants,
            shared_regions: self.regions,
        };
        let mut reference = None;
        let mut reader_gone = false;
        for &contender in self.contenders {
            let mut solvers = Solvers::with_node_budget(self.args.max_nodes)
                .with_stop_flag(interrupt::stop_flag());
            let row = Row {
                solver: contender.name(),
                measured: measure(collection, contender, self.mode, &mut solvers).map_err(
                    |refused| format!("refused: puzzle {}: {}", refused.index + 1, refused.error),
                ),
            };
            reader_gone = table.write_row(short_name, &mut reference, row)?;
            if reader_gone || interrupt::requested() {
                return Ok(reader_gone);
            }
        }
        for peer in &self.args.peer {
            let row = Row {
                solver: peer.name.clone(),
                measured: peer.measure(&puzzles, &interrupt::stop_flag()),
            };
            reader_gone = table.write_row(short_name, &mut reference, row)?;
            if reader_gone || interrupt::requested() {
                break;
            }
        }
        Ok(reader_gone)
    }
}

pub fn run(args: BenchArgs) -> anyhow::Result<Exit> {
    let mode = if args.first {
        Mode::First
    } else {
        Mode::Unique
    };
    let contenders = contenders(&args.algo, args.variant.as_ref())?;
    // A row, and a bar of the chart, is known by its solver's name alone.
    let mut names: Vec<String> = contenders.iter().map(|c| c.name()).collect();
    for peer in &args.peer {
        if names.contains(&peer.name) {
            bail!(
                "--peer: the name `{}` is already a row's: give each solver its own",
                peer.name
            );
        }
        names.push(peer.name.clone());
    }
    let variants = args.variant.clone().unwrap_or_default();
    let regions = args
        .regions
        .as_deref()
        .map(super::sudoku_files::read_regions)
        .transpose()?;
    // Written through `Output`, never `println!`: a closed pipe ends quietly, a full disk is
    // an error naming standard output, neither a panic.
    let mut out = Output::stdout()?;
    // Opened before the long measurements, so that an unwritable path fails at once.
    let svg = match &args.svg {
        Some(path) => {
            let mut inputs = args.files.clone();
            inputs.extend(args.regions.clone());
            Some(Output::file_for("--svg", path, &inputs)?)
        }
        None => None,
    };
    if let Some(note) = slow_note(&contenders, args.max_nodes) {
        report!("{note}");
    }
    let header = writeln!(
        out,
        "{:<34} {:<20} {:>8} {:>11} {:>11} {:>12} {:>7}  notes",
        "file", "solver", "puzzles", "puzzles/s", "us/puzzle", "nodes/puzzle", "ratio"
    );
    // A reader that went away (`dlx bench ... | head`) ends the measuring: the exit code is
    // that of the rows measured until then.
    let mut reader_gone = gone(header)?;
    let mut table = Table {
        out,
        bars: Vec::new(),
        invalid: 0,
    };
    let boxes = args.boxes.map_or(Boxes::Usual, Boxes::Given);
    for mut source in input::sources(&args.files)? {
        if reader_gone || interrupt::requested() {
            break;
        }
        let name = source.name.clone();
        let bytes = input::read_rest(&mut source, args.max_input_bytes)?;
        // Classic lines end their puzzle at the first blank; a variant line's fields are all
        // its puzzle (as `dlx sudoku --variant` reads them).
        let puzzle_ends_within = match args.variant {
            None => sudoku::Record::puzzle_ends_within,
            Some(_) => |_: &str| false,
        };
        let text = utf8_text(&name, &bytes, puzzle_ends_within)?;
        let text = text.as_ref();
        let short_name = std::path::Path::new(&name)
            .file_name()
            .map_or(name.clone(), |n| n.to_string_lossy().into_owned());
        let measured = Measured {
            args: &args,
            contenders: &contenders,
            variants: &variants,
            regions: regions.as_ref(),
            mode,
            boxes,
        };
        reader_gone = measured.rows(&name, text, &short_name, &mut table)?;
    }
    let Table { out, bars, invalid } = table;
    if !reader_gone {
        gone(out.commit())?;
    }
    let signal = interrupt::signal();
    if let Some(svg) = svg {
        write_chart(svg, &bars, &chart_subtitle(&args))?;
    }
    if let Some(signal) = signal {
        report!(
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

/// What the chart's rates were measured on and under: the machine (its processor's model and
/// its cores), one thread per solver, the puzzles taken of each file and the question asked.
fn chart_subtitle(args: &BenchArgs) -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| matches!(key.trim(), "model name" | "Model" | "Hardware"))
        .map(|(_, value)| value.trim().to_string())
        .filter(|model| !model.is_empty())
        .unwrap_or_else(|| format!("an {} processor", std::env::consts::ARCH));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cores = if cores == 1 {
        "1 core".to_string()
    } else {
        format!("{cores} cores")
    };
    let puzzles = match args.limit {
        Some(limit) => format!(
            "the first {} puzzles of each file",
            chart::rate_text(limit as f64)
        ),
        None => "every puzzle of each file".to_string(),
    };
    let question = if args.first {
        "the first solution"
    } else {
        "uniqueness proved"
    };
    format!("{model}, {cores}; one thread per solver; {puzzles}; {question}")
}

/// Writes the bar chart of every row's rate to `svg`, `subtitle` under its title.
fn write_chart(
    mut svg: Output,
    bars: &[(String, String, f64)],
    subtitle: &str,
) -> anyhow::Result<()> {
    let bars: Vec<Bar> = bars
        .iter()
        .map(|(collection, solver, per_second)| Bar {
            collection,
            solver,
            per_second: *per_second,
        })
        .collect();
    svg.write_all(chart::bar_chart(&bars, subtitle)?.as_bytes())?;
    svg.commit()?;
    Ok(())
}

/// Whether a write failed because the reader of standard output went away (`Ok(true)`); any
/// other failure is the error.
fn gone(written: std::io::Result<()>) -> std::io::Result<bool> {
    match written {
        Ok(()) => Ok(false),
        Err(error) if dlx_engine::batch::Batch::is_broken_pipe(&error) => Ok(true),
        Err(error) => Err(error),
    }
}

/// The stderr line that says a contender has finished a collection: what, how many puzzles, in
/// how long, at what rate.
fn progress_line(collection: &str, solver: &str, m: &Measurement) -> String {
    let seconds = m.solving.as_secs_f64();
    // Milliseconds below a second, so a quick contender's time does not read as 0.000 s.
    let time = if seconds < 1.0 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{seconds:.3} s")
    };
    // Three decimals for a slow contender's rate (backtrack: 0.632 puzzles/s), one otherwise.
    let rate = m.puzzles_per_second();
    let rate = if rate < 10.0 {
        format!("{rate:.3}")
    } else {
        format!("{rate:.1}")
    };
    format!(
        "dlx bench: {collection}: {solver}: {} puzzles in {time} ({rate} puzzles/s)",
        m.puzzles
    )
}

/// A warning, before anything is measured, for a contender known to be slow: the textbook
/// backtracker spends seconds to hours on one hard puzzle (top95, top1465), and without a node
/// budget nothing bounds it.
fn slow_note(contenders: &[Contender], max_nodes: Option<u64>) -> Option<String> {
    let backtrack = contenders
        .iter()
        .any(|c| c.algorithm == Algorithm::Backtrack);
    if !backtrack || max_nodes.is_some() {
        return None;
    }
    Some(
        "dlx bench: note: backtrack is slow on hard collections (top95, top1465: seconds to \
         hours a puzzle); --max-nodes N bounds each puzzle's search at N nodes (the puzzle then \
         counts as undecided), --limit N the puzzles taken from each file"
            .to_string(),
    )
}

/// The file's text, its lines read as `dlx sudoku` streams them ([`input::line_text`]): bytes
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
        let skipped = sudoku::Format::is_skipped_line;
        if let Err(message) = input::line_text(line, index + 1, skipped, puzzle_ends_within) {
            bail!("{name}: {message}");
        }
    }
    Ok(String::from_utf8_lossy(bytes))
}

/// The classic puzzles of a file, up to `limit`, as the harness takes them (no layout, no
/// cages); the first bad line is the error.
fn classic_puzzles(
    name: &str,
    text: &str,
    boxes: Boxes,
    limit: Option<usize>,
) -> anyhow::Result<Vec<Record>> {
    let mut puzzles = Vec::new();
    for record in Format::Line.records(text).with_boxes(boxes) {
        // Every solver is measured on the givens alone: a pencilmark line's struck candidates
        // would be lost.
        if let Ok(givens) = &record.givens {
            if givens.candidates().is_some() {
                bail!(
                    "{name}: line {}: a pencilmark line: dlx bench measures puzzles of givens \
                     (dlx sudoku solves pencilmarks)",
                    record.line
                );
            }
        }
        let puzzle = record
            .parsed_grid()
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        puzzles.push(Record::new(puzzle.line, Ok(Givens::Digits(puzzle.grid))));
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
    boxes: Boxes,
    limit: Option<usize>,
) -> anyhow::Result<Vec<sudoku::Record>> {
    let mut puzzles = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if limit.is_some_and(|limit| puzzles.len() >= limit) {
            break;
        }
        if sudoku::Format::is_skipped_line(line) {
            continue;
        }
        let number = index + 1;
        let puzzle = sudoku::Record::parse_variant_line(line, number, variants, regions, boxes)
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
