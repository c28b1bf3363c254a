//! `dlx sudominoku`: solve Su-domino-ku puzzles in the task's format, in parallel, printed in
//! input order.

use super::input;
use super::Exit;
use anyhow::bail;
use dlx_solver::sudominoku::{
    count_grids, count_tilings, parse_puzzles, solve, write_drawing, write_grid, Count, End,
    Puzzle, Solution,
};
use rayon::prelude::*;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: puzzles one after another, each a line with N, then N lines `U LU V LV` (a placed domino:
digit, cell, digit, cell; cells A1-I9), then the line of the 9 cells where 1, 2, .., 9 go; a
line `0` ends the input (its absence is accepted, and reported under --strict).

Output: per puzzle, `Puzzle i` and the 9 solved rows (the task's format). A puzzle that cannot
be read or has no solution is reported on stderr, with its number and line, and prints nothing;
the other puzzles are still solved.

Exit codes: 0 every puzzle solved; 1 some puzzle has no solution; 2 bad input or usage (some
puzzle could not be read, or --strict and no final `0`).")]
pub struct SudominokuArgs {
    /// Puzzle file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Draw each solved grid with its dominoes: `-` joins a horizontal domino's halves, `|` a
    /// vertical one's; a single stands alone.
    #[arg(long, conflicts_with_all = ["count", "tilings"])]
    draw: bool,
    /// Print, per puzzle, the number of distinct digit grids it has (up to --limit). The search
    /// visits every tiling and keeps the distinct grids, so this costs as much as --tilings.
    #[arg(long)]
    count: bool,
    /// Print, per puzzle, the number of tilings (exact covers; up to --limit). One grid may have
    /// several tilings.
    #[arg(long)]
    tilings: bool,
    /// With --count or --tilings: stop counting past N (the count then reads `more than N`).
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Report an input that ends without the final `0` as bad input (exit code 2).
    #[arg(long)]
    strict: bool,
    /// Print the number of puzzles and the time taken to stderr.
    #[arg(long)]
    stats: bool,
}

/// What was found for one puzzle.
enum Outcome {
    Solved(Solution),
    NoSolution,
    Counted {
        grids: Option<Count>,
        tilings: Option<Count>,
    },
}

pub fn run(args: SudominokuArgs) -> anyhow::Result<Exit> {
    if args.limit.is_some() && !args.count && !args.tilings {
        bail!("--limit applies to --count or --tilings: give one of them");
    }
    let input = input::read_all(args.file.as_deref())?;
    let text = String::from_utf8_lossy(&input.bytes);
    let started = Instant::now();
    let file = parse_puzzles(&text);
    let work = |puzzle: &Puzzle| -> Outcome {
        if args.count || args.tilings {
            Outcome::Counted {
                grids: args.count.then(|| count_grids(puzzle, args.limit)),
                tilings: args.tilings.then(|| count_tilings(puzzle, args.limit)),
            }
        } else {
            solve(puzzle).map_or(Outcome::NoSolution, Outcome::Solved)
        }
    };
    let outcomes: Vec<Option<Outcome>> = file
        .entries
        .par_iter()
        .map(|entry| entry.puzzle.as_ref().ok().map(work))
        .collect();

    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (mut bad_input, mut unsolved) = (false, false);
    for (entry, outcome) in file.entries.iter().zip(&outcomes) {
        let number = entry.number;
        match (&entry.puzzle, outcome) {
            (Err(error), _) => {
                bad_input = true;
                eprintln!("dlx: {}: {error}", input.name);
            }
            (Ok(_), Some(Outcome::Solved(solution))) => {
                if args.draw {
                    write_drawing(&mut out, number, solution)?;
                } else {
                    write_grid(&mut out, number, &solution.grid)?;
                }
            }
            (Ok(_), Some(Outcome::Counted { grids, tilings })) => {
                let counts: Vec<String> = [(grids, "grid"), (tilings, "tiling")]
                    .into_iter()
                    .filter_map(|(count, noun)| count.map(|c| describe(c, noun)))
                    .collect();
                writeln!(out, "Puzzle {number}: {}", counts.join(", "))?;
                unsolved |= [grids, tilings]
                    .iter()
                    .any(|c| c.is_some_and(|c| c.found == 0));
            }
            (Ok(_), Some(Outcome::NoSolution) | None) => {
                unsolved = true;
                out.flush()?;
                eprintln!(
                    "dlx: {}: puzzle {number}, line {}: no solution",
                    input.name, entry.line
                );
            }
        }
    }
    out.flush()?;
    match &file.end {
        End::Zero { .. } => {}
        End::EndOfInput => {
            if args.strict {
                bad_input = true;
                eprintln!(
                    "dlx: {}: the input ends without the final `0` (--strict)",
                    input.name
                );
            }
        }
        End::Broken(error) => {
            bad_input = true;
            eprintln!(
                "dlx: {}: {error}; the rest of the input is not read",
                input.name
            );
        }
    }
    if args.stats {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "puzzles: {}\ntime: {:.3} ms\nper puzzle: {:.1} us",
            file.entries.len(),
            seconds * 1e3,
            seconds * 1e6 / file.entries.len().max(1) as f64
        );
    }
    Ok(if bad_input {
        Exit::BadInput
    } else if unsolved {
        Exit::Unsolved
    } else {
        Exit::Solved
    })
}

/// "1 grid", "2 tilings", "more than 5 grids".
fn describe(count: Count, noun: &str) -> String {
    let plural = if count.found == 1 && count.complete {
        ""
    } else {
        "s"
    };
    let bound = if count.complete { "" } else { "more than " };
    format!("{bound}{} {noun}{plural}", count.found)
}
