//! `dlx crosshatch`: cross-hatch each puzzle of a file and print what the pass deduces, as the
//! classic task (COCI 2008/2009 contest 3, CROSS) asks: the grid with `.` for the cells left
//! empty, or `ERROR`. Files of one-line puzzles stream through the batch runner: in parallel,
//! in input order.

use super::answer::{Answer, Detail, Propagated, Status};
use super::args::BatchArgs;
use super::exit::{Exit, Job};
use super::run::Run;
use super::sudoku_files::{default_output, for_each_source, FormatArg, ReadArgs, Reading};
use super::tally::Work;
use dlx_puzzles::sudoku::{
    Contradiction, CrossHatch, Format, GridError, ParseError, ParseErrorKind, ParsedGrid, Unit,
};
use std::fmt::Write as _;

#[derive(Debug, clap::Args)]
#[command(mut_arg("files", |arg| arg.help(
    "Inputs, cross-hatched one after another: files, `-` or none for standard input, or a \
     puzzle itself (an argument that is no existing path but reads as one line-format puzzle, \
     any size, . or 0 for empty). A path that exists always wins"
)))]
#[command(after_help = Exit::after_help(Job::Crosshatch, "\
Input: any Sudoku format of `dlx sudoku` (the task's own is the compact grid: 9 lines of 9
symbols, . for empty), detected from the file's first lines unless --format is given; grid
headers and the text after puzzle lines are kept as `dlx sudoku` keeps them.

Output, per puzzle and in the input's format unless --to says otherwise: the grid with every
cell the pass deduced written and the others left empty, or `ERROR` when the grid is
contradictory (a digit twice in a row, column or box, or a box left with no place for a digit
it lacks; the reason also goes to stderr). Line format: one output line per input puzzle line,
in order, whatever --threads. Grid formats (and --explain): answers separated by a blank line.
A malformed puzzle gives `error: line L, column C: ...`. With --jsonl, one object per puzzle:
file (`argument K` for a puzzle given as the K-th input), line, puzzle (line format: as
written, without the text after it), status (solved: the grid is full, partial, contradiction,
malformed), grid (what the pass left, on one line; null after a contradiction), solution (the
grid when full), filled (cells the pass wrote), contradiction (why, or null), nodes (0),
micros, error (a malformed puzzle's message), label (a grid's header or a line's trailing
text), agrees (CSV with a solution column).

Givens that repeat a digit in a unit are ERROR (the contest's rule), not bad input.
On SIGINT, SIGTERM or SIGHUP: every whole answer so far is written, then the summary, exit 130, 143 or 129."))]
pub struct CrosshatchArgs {
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    read: ReadArgs,
    /// The output's format (default: the input's).
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Option<FormatArg>,
    /// Before each result, print every deduction in order: pass, digit, box, cell, and why.
    #[arg(long)]
    explain: bool,
}

/// Cross-hatches one parsed puzzle: its output text (under `explain`, its steps first) and how
/// it ended. A puzzle whose givens repeat a digit is the task's ERROR, not malformed input.
fn answer(puzzle: Result<ParsedGrid, ParseError>, output: Format, explain: bool) -> Answer {
    let mut out = String::new();
    let puzzle = match puzzle {
        Ok(puzzle) => puzzle,
        Err(ParseError {
            line,
            kind:
                ParseErrorKind::Givens(GridError::Conflict {
                    digit,
                    unit,
                    first,
                    second,
                }),
            ..
        }) => {
            let contradiction = Contradiction::Twice {
                digit,
                unit,
                first,
                second,
            };
            if explain {
                let _ = writeln!(out, "contradiction: {contradiction}");
            }
            return contradictory(line, out, 0, contradiction.to_string());
        }
        Err(error) => return Answer::malformed(error.line, error.to_string()),
    };
    let line = puzzle.line;
    let mut grid = puzzle.grid;
    let mut steps = Vec::new();
    let mut filled = 0u64;
    let outcome = CrossHatch::in_place(&mut grid, |before, deduction| {
        filled += 1;
        if explain {
            let why = CrossHatch::why(before, deduction.digit, deduction.box_index);
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
        Ok(_) => {
            if explain {
                let cells = if filled == 1 { "cell" } else { "cells" };
                let _ = writeln!(out, "filled {filled} {cells}");
            }
            grid.write_text(&mut out, output);
            let one_line = grid.to_text(Format::Line).trim_end().to_string();
            let full = grid.is_full();
            let status = if full {
                Status::Solved
            } else {
                Status::Partial
            };
            Answer {
                solution: full.then(|| one_line.clone()),
                detail: Detail::Propagated(Propagated {
                    grid: Some(one_line),
                    filled,
                    contradiction: None,
                }),
                ..Answer::new(line, status, out)
            }
        }
        Err(contradiction) => {
            let mut why = contradiction.to_string();
            if let Contradiction::NoPlace { digit, box_index } = contradiction {
                let _ = write!(why, ", since {}", CrossHatch::why(&grid, digit, box_index));
            }
            if explain {
                let _ = writeln!(out, "contradiction: {why}");
            }
            contradictory(line, out, filled, why)
        }
    }
}

/// The answer `ERROR` (after the steps already in `out`), with why.
fn contradictory(line: usize, mut out: String, filled: u64, why: String) -> Answer {
    out.push_str("ERROR\n");
    Answer {
        report: Some(format!("line {line}: contradiction: {why}")),
        detail: Detail::Propagated(Propagated {
            grid: None,
            filled,
            contradiction: Some(why),
        }),
        ..Answer::new(line, Status::Contradiction, out)
    }
}

pub fn run(args: CrosshatchArgs) -> anyhow::Result<Exit> {
    let mut run = Run::new(&args.batch, Work::Propagation)?;
    let result = answer_sources(&mut run, &args);
    run.finish(result)
}

/// Cross-hatches every puzzle of every input, in order, until the end or a signal.
fn answer_sources(run: &mut Run, args: &CrosshatchArgs) -> anyhow::Result<()> {
    let explain = args.explain;
    for_each_source(run, &args.batch.files, &args.read, |run, source, format| {
        let output = args.to.map_or(default_output(format), Format::from);
        let reading = Reading {
            format,
            output,
            read: &args.read,
            // --explain's answers take several lines: a blank line between them in every format.
            blank_between: explain,
        };
        reading.answer_each(
            run,
            source,
            || (),
            |(), record| {
                let puzzle = record.parsed_grid();
                answer(puzzle, output, explain)
            },
        )
    })
}
