//! The `dlx` program: command-line definitions and dispatch. It turns flags into calls of
//! `dlx_engine` and `dlx_puzzles`, and results and errors into text and exit codes; it is a
//! library only so that the fuzz target drives the very parser and dispatch the binary runs.

mod answer;
mod args;
mod bench;
mod chart;
mod completions;
mod crosshatch;
mod generate;
mod input;
mod interrupt;
mod man;
mod output;
mod progress;
mod rate;
mod report;
mod run;
mod sudoku;
mod sudoku_files;
mod sudominoku;
mod tally;
mod temporary;
mod variant;
mod verdict;
mod xc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// What the exit code says. Documented in `--help` and README.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Everything asked for was found (`xc`: at least one solution).
    Solved = 0,
    /// The input was read but some puzzle (or the problem) has no solution.
    Unsolved = 1,
    /// Bad input or bad usage: nothing (or not everything) could be read.
    BadInput = 2,
    /// A search was stopped by its node budget before it could decide.
    Undecided = 3,
    /// SIGINT stopped the run (128 + 2): the whole answers found so far were written.
    Interrupted = 130,
    /// SIGTERM stopped the run (128 + 15).
    Terminated = 143,
}

impl Exit {
    /// The exit code for a run stopped by `signal`.
    pub fn interrupted_by(signal: i32) -> Exit {
        if signal == signal_hook::consts::SIGTERM {
            Exit::Terminated
        } else {
            Exit::Interrupted
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

const EXIT_CODES: &str = "\
Exit codes (the worst outcome decides: 2, then 1, then 3):
  0    everything asked for was done:
         sudoku      every puzzle solved (under --unique, uniquely)
         crosshatch  no puzzle contradictory (ERROR)
         sudominoku  every puzzle solved
         xc          at least one solution found
         generate    every puzzle asked for was made
         rate        every puzzle rated (each has exactly one solution)
         bench       every answer valid
         completions, man  the script or page was written
  1    sudoku, rate: some puzzle has no solution (its givens may break a rule), or several
       (sudoku: under --unique); crosshatch: some puzzle is ERROR; sudominoku: some puzzle has
       no solution; xc: the problem has none; bench: some answer is wrong; sudoku,
       crosshatch on CSV with a solution column: some answer differs from it
  2    bad input or usage, for every command: a file that cannot be read, a malformed puzzle
       (the others are still answered), an input with no puzzle, a bad flag, an output that
       could not be written; sudominoku --strict: no final `0`; generate: no puzzle within
       the rating range
  3    sudoku, sudominoku, xc, rate: a search hit its node budget (--max-nodes) before
       deciding (the puzzle is `undecided`, never reported as having no solution)
  130  SIGINT (143: SIGTERM): the whole answers so far were written, then the summary
A reader that goes away (a closed pipe: `dlx ... | head`) is no error: the run takes no new
work and exits with the code of the answers found until then, the one being written included
(`dlx sudoku FILE | head -1` exits 1 when that answer is `no solution`). A closed or broken
standard error never stops a run: its messages are dropped, the results and the code stay.";

/// Exact cover with Knuth's dancing links: solve exact-cover problems and puzzles.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve an exact-cover problem in Knuth's text format (DLX1's, DLX2's colours, DLX3's bounds).
    Xc(xc::XcArgs),
    /// Compare Sudoku solvers on puzzle collections: a table of puzzles/s, us and nodes per
    /// puzzle, single thread, every answer validated.
    Bench(bench::BenchArgs),
    /// Solve Sudoku puzzles of any size (4x4 to 25x25 and beyond) in the usual text formats.
    Sudoku(sudoku::SudokuArgs),
    /// Cross-hatch Sudoku puzzles (COCI 2008/2009 CROSS): fill every cell the technique forces,
    /// or print ERROR.
    Crosshatch(crosshatch::CrosshatchArgs),
    /// Solve Su-domino-ku puzzles (Sudoku tiled by the 36 dominoes) in the task's format.
    Sudominoku(sudominoku::SudominokuArgs),
    /// Generate Sudoku puzzles with exactly one solution (minimal by default), of any box
    /// shape, reproducibly from a seed.
    Generate(generate::GenerateArgs),
    /// Rate Sudoku puzzles: a difficulty number and the hardest technique each needs.
    Rate(rate::RateArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff), of `dlx` or of one subcommand.
    Man(man::ManArgs),
}

/// Runs the chosen subcommand. Every command handles SIGINT and SIGTERM itself (see
/// [`interrupt`]): its searches stop within moments, and what it wrote is whole (`bench` keeps
/// the rows it measured and drops the one under way).
pub fn run(cli: Cli) -> anyhow::Result<Exit> {
    temporary::remove_on_panic();
    interrupt::install().context("cannot install the signal handlers")?;
    match cli.command {
        Command::Xc(args) => xc::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Sudoku(args) => sudoku::run(args),
        Command::Crosshatch(args) => crosshatch::run(args),
        Command::Sudominoku(args) => sudominoku::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    }
}

/// Reports the error that ended a run on stderr and gives its exit code: 2 (bad input or
/// usage, an output that cannot be written), or 128 + the signal's number for a wait a signal
/// ended before any work.
pub fn fail(error: &anyhow::Error) -> Exit {
    match error.downcast_ref::<interrupt::Interrupted>() {
        Some(interrupted) => {
            report::report!("dlx: {error:#}");
            Exit::interrupted_by(interrupted.signal)
        }
        None => {
            report::report!("dlx: error: {error:#}");
            Exit::BadInput
        }
    }
}

/// Whether an error comes from writing to a closed pipe.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
