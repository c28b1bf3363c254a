//! `dlx bench`: Sudoku solvers side by side on the user's own collections, as a table.

use super::batch;
use super::chart::{self, Bar};
use super::output::Output;
use super::Exit;
use dlx_solver::sudoku::{self, measure, Contender, Format, Mode, Solvers};
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

With --svg FILE the table is also drawn as a bar chart (puzzles per second, log scale, a group
of bars per file), written to FILE when the run ends (never over one of the puzzle files).

Exit codes: 0 every answer valid, 1 some answer invalid, 2 bad input or usage.")]
pub struct BenchArgs {
    /// Puzzle files in the line format.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Solvers to compare, comma-separated; the first is the reference for the ratio.
    #[arg(long, value_delimiter = ',', default_value = "dlx,dlx+crosshatch",
          value_parser = parse_contender)]
    algo: Vec<Contender>,
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

fn parse_contender(name: &str) -> Result<Contender, String> {
    Contender::from_name(name).ok_or_else(|| {
        format!("unknown solver `{name}`: expected dlx, dlx+crosshatch, candidates or backtrack")
    })
}

pub fn run(args: BenchArgs) -> anyhow::Result<Exit> {
    let mode = if args.first {
        Mode::First
    } else {
        Mode::Unique
    };
    // Written through `Output`, never `println!`: a closed pipe ends quietly, a full disk is
    // an error naming standard output, neither a panic.
    let mut out = Output::stdout()?;
    // Opened before the long measurements, so that an unwritable path fails at once.
    let svg = match &args.svg {
        Some(path) => Some(Output::file_for("--svg", path, &args.files)?),
        None => None,
    };
    let mut rows = Vec::new();
    writeln!(
        out,
        "{:<34} {:<16} {:>8} {:>11} {:>11} {:>12} {:>7}  notes",
        "file", "solver", "puzzles", "puzzles/s", "us/puzzle", "nodes/puzzle", "ratio"
    )?;
    let mut invalid = 0;
    for mut source in batch::sources(&args.files)? {
        let name = source.name.clone();
        let bytes = batch::read_rest(&mut source, args.max_input_bytes)?;
        // As `dlx sudoku` reports it: the place of the first byte that is not UTF-8.
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            let before = &bytes[..e.valid_up_to()];
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |k| k + 1);
            anyhow::anyhow!(
                "{name}: line {}, column {}: found bytes that are not UTF-8, expected text",
                before.iter().filter(|&&b| b == b'\n').count() + 1,
                String::from_utf8_lossy(&before[line_start..])
                    .chars()
                    .count()
                    + 1
            )
        })?;
        let mut puzzles = Vec::new();
        for puzzle in sudoku::parse_puzzles(text, Format::Line) {
            let puzzle = puzzle.map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            puzzles.push(puzzle.grid);
            if args.limit.is_some_and(|limit| puzzles.len() >= limit) {
                break;
            }
        }
        if puzzles.is_empty() {
            anyhow::bail!("{name}: found no puzzle, expected one puzzle per line");
        }
        let short_name = std::path::Path::new(&name)
            .file_name()
            .map_or(name.clone(), |n| n.to_string_lossy().into_owned());
        let mut reference = None;
        for &contender in &args.algo {
            let mut solvers = Solvers::with_node_budget(args.max_nodes);
            let m = measure(&puzzles, contender, mode, &mut solvers);
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
            rows.push((short_name.clone(), contender.name(), rate));
            writeln!(
                out,
                "{:<34} {:<16} {:>8} {:>11.0} {:>11.1} {:>12.1} {:>7.2}  {}",
                short_name,
                contender.name(),
                m.puzzles,
                rate,
                m.micros_per_puzzle(),
                m.nodes_per_puzzle(),
                ratio,
                notes.join(", ")
            )?;
            // Each row as soon as it is measured.
            out.flush()?;
        }
    }
    out.commit()?;
    if let Some(mut svg) = svg {
        let bars: Vec<Bar> = rows
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
    Ok(if invalid > 0 {
        Exit::Unsolved
    } else {
        Exit::Solved
    })
}
