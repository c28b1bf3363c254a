//! `dlx crosshatch`: cross-hatch each puzzle of a file and print what the pass deduces, as the
//! classic task (COCI 2008/2009 contest 3, CROSS) asks: the grid with `.` for the cells left
//! empty, or `ERROR`.

use super::input;
use super::sudoku::FormatArg;
use super::Exit;
use dlx_solver::sudoku::{
    self, cross_hatch_in_place, Contradiction, Format, GridError, ParseError, ParseErrorKind,
    Puzzle, Unit, Why,
};
use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: any Sudoku format of `dlx sudoku` (the task's own is the compact grid: 9 lines of 9
symbols, . for empty), detected from the first puzzle line unless --format is given.

Output, per puzzle and in the input's format unless --to says otherwise: the grid with every
cell the pass deduced written and the others left empty, or `ERROR` when the grid is
contradictory (a digit twice in a row, column or box, or a box left with no place for a digit
it lacks). Line format: one output line per input puzzle line, in order. Grid formats: grids
separated by a blank line. A malformed puzzle gives `error: line L, column C: ...`.

Exit codes: 0 no puzzle contradictory, 1 some puzzle is ERROR, 2 bad input.")]
pub struct CrosshatchArgs {
    /// Puzzle file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// The input's format (default: detected).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// The output's format (default: the input's).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<FormatArg>,
    /// Before each result, print every deduction in order: pass, digit, box, cell, and why.
    #[arg(long)]
    explain: bool,
    /// Print puzzles, contradictory, solved by cross-hatching alone, cells filled and time to
    /// stderr.
    #[arg(long)]
    stats: bool,
}

/// What cross-hatching made of one puzzle.
enum Status {
    /// The pass ended; it filled `filled` cells and `full` says whether the grid is complete.
    Propagated {
        filled: usize,
        full: bool,
    },
    Contradiction,
    Malformed(ParseError),
}

/// Counts over a run, for --stats and the exit code.
#[derive(Default)]
struct Tally {
    puzzles: u64,
    contradictions: u64,
    solved: u64,
    malformed: u64,
    cells_filled: u64,
}

impl Tally {
    fn add(&mut self, status: &Status) {
        self.puzzles += 1;
        match status {
            Status::Propagated { filled, full } => {
                self.cells_filled += *filled as u64;
                self.solved += u64::from(*full);
            }
            Status::Contradiction => self.contradictions += 1,
            Status::Malformed(_) => self.malformed += 1,
        }
    }

    fn exit(&self) -> Exit {
        if self.malformed > 0 {
            Exit::BadInput
        } else if self.contradictions > 0 {
            Exit::Unsolved
        } else {
            Exit::Solved
        }
    }
}

/// Cross-hatches one parsed puzzle: its output text (under `explain`, its steps first) and how
/// it ended. A puzzle whose givens repeat a digit is the task's ERROR, not malformed input.
fn answer(puzzle: Result<Puzzle, ParseError>, output: Format, explain: bool) -> (String, Status) {
    let mut out = String::new();
    let mut grid = match puzzle {
        Ok(puzzle) => puzzle.grid,
        Err(ParseError {
            kind:
                ParseErrorKind::Givens(GridError::Conflict {
                    digit,
                    unit,
                    first,
                    second,
                }),
            ..
        }) => {
            if explain {
                let contradiction = Contradiction::Twice {
                    digit,
                    unit,
                    first,
                    second,
                };
                let _ = writeln!(out, "contradiction: {contradiction}");
            }
            out.push_str("ERROR\n");
            return (out, Status::Contradiction);
        }
        Err(error) => {
            out.push_str(&format!("error: {error}\n"));
            return (out, Status::Malformed(error));
        }
    };
    let mut steps = Vec::new();
    let outcome = cross_hatch_in_place(&mut grid, |before, deduction| {
        if explain {
            let why = Why::new(before, deduction.digit, deduction.box_index);
            steps.push((deduction, why));
        }
    });
    for (deduction, why) in &steps {
        let cell = grid.cell_name(deduction.cell);
        let _ = writeln!(
            out,
            "pass {}, digit {}, {}: {cell} = {}, since {why}",
            deduction.pass,
            deduction.digit,
            Unit::Box(deduction.box_index),
            deduction.digit,
        );
    }
    match outcome {
        Ok(filled) => {
            if explain {
                let cells = if filled == 1 { "cell" } else { "cells" };
                let _ = writeln!(out, "filled {filled} {cells}");
            }
            sudoku::write_grid(&mut out, &grid, output);
            let full = grid.is_full();
            (out, Status::Propagated { filled, full })
        }
        Err(contradiction) => {
            if explain {
                let _ = write!(out, "contradiction: {contradiction}");
                if let Contradiction::NoPlace { digit, box_index } = contradiction {
                    let _ = write!(out, ", since {}", Why::new(&grid, digit, box_index));
                }
                out.push('\n');
            }
            out.push_str("ERROR\n");
            (out, Status::Contradiction)
        }
    }
}

pub fn run(args: CrosshatchArgs) -> anyhow::Result<Exit> {
    let input = input::read_all(args.file.as_deref())?;
    let name = input.name;
    let text = String::from_utf8_lossy(&input.bytes);
    let Some(format) = args
        .format
        .map(Format::from)
        .or_else(|| sudoku::detect_format(&text))
    else {
        return Err(no_puzzle(&name));
    };
    let output = args.to.map_or(format, Format::from);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let started = Instant::now();
    for puzzle in sudoku::parse_puzzles(&text, format) {
        let (text, status) = answer(puzzle, output, args.explain);
        if tally.puzzles > 0 && (output.is_grid() || args.explain) {
            out.write_all(b"\n")?;
        }
        out.write_all(text.as_bytes())?;
        if let Status::Malformed(error) = &status {
            eprintln!("dlx: {name}: {error}");
        }
        tally.add(&status);
    }
    out.flush()?;
    let elapsed = started.elapsed().as_secs_f64();
    if tally.puzzles == 0 {
        return Err(no_puzzle(&name));
    }
    if args.stats {
        eprintln!(
            "puzzles: {}\ncontradictory: {}\nsolved by cross-hatching alone: {}\nmalformed: {}\n\
             cells filled: {}\ntime: {:.3} s\npuzzles per second: {:.0}",
            tally.puzzles,
            tally.contradictions,
            tally.solved,
            tally.malformed,
            tally.cells_filled,
            elapsed,
            tally.puzzles as f64 / elapsed.max(1e-9),
        );
    }
    Ok(tally.exit())
}

/// The error for an input that holds no puzzle (the words of `dlx sudoku`).
fn no_puzzle(name: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "{name}: found no puzzle, expected at least one (the input is empty or only comments)"
    )
}
