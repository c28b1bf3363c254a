//! `dlx`: the command-line face of the library. It turns flags into library calls, and results
//! and errors into text and exit codes; everything else lives in `dlx_engine` and `dlx_puzzles`.

use dlx_cli as cli;

mod allocator;

/// Running out of memory is an error with its message and exit code 2, never an abort.
#[global_allocator]
static ALLOCATOR: allocator::ReportingAllocator = allocator::ReportingAllocator;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code.into(),
        // A reader that went away (`dlx ... | head`) is no error: every command ends then with
        // the code of what it found, so only real errors come here.
        Err(error) => cli::fail(&error).into(),
    }
}
