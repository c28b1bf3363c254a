//! The `dlx` program: command-line definitions and dispatch. It turns flags into calls of
//! `dlx_engine` and `dlx_puzzles`, and results and errors into text and exit codes; it is a
//! library only so that the fuzz target drives the very parser and dispatch the binary runs.

mod answer;
mod args;
mod bench;
mod chart;
mod completions;
mod crosshatch;
mod exit;
mod generate;
mod input;
mod interrupt;
mod man;
mod memo;
mod min_cost;
mod output;
mod progress;
mod puzzle_bar;
mod rate;
mod report;
mod results;
mod run;
mod sudoku;
mod sudoku_files;
mod sudominoku;
mod tally;
mod temporary;
mod variant;
mod verdict;
mod xc;

pub use exit::Exit;

use anyhow::Context;
use clap::{Parser, Subcommand};

/// Exact cover with Knuth's dancing links: solve exact-cover problems and puzzles.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, after_help = Exit::help_for_all())]
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
