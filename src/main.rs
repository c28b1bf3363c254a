//! `dlx`: the command-line face of the library. It turns flags into library calls, and results
//! and errors into text and exit codes; everything else lives in `dlx_solver`.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code.into(),
        Err(error) => {
            if cli::is_broken_pipe(&error) {
                // `dlx ... | head`: the reader has all it wants; that is success.
                return ExitCode::SUCCESS;
            }
            eprintln!("dlx: error: {error:#}");
            cli::Exit::BadInput.into()
        }
    }
}
