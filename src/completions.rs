//! `dlx completions SHELL`: the shell's completion script, generated from the same clap
//! definitions as `--help`, so it never falls behind a new flag.

use super::exit::{Exit, Job};
use super::output::Output;
use super::Cli;
use clap::CommandFactory;
use std::io::Write;

#[derive(Debug, clap::Args)]
#[command(after_help = Exit::after_help(Job::Completions, "\
Prints the script to standard output; load it as the shell expects, for example:
  bash        dlx completions bash > ~/.local/share/bash-completion/completions/dlx
  zsh         dlx completions zsh > \"${fpath[1]}/_dlx\"
  fish        dlx completions fish > ~/.config/fish/completions/dlx.fish
  elvish      dlx completions elvish >> ~/.config/elvish/rc.elv
  powershell  dlx completions powershell >> $PROFILE"))]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

pub fn run(args: CompletionsArgs) -> anyhow::Result<Exit> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "dlx", &mut script);
    let mut out = Output::stdout()?;
    out.write_all(&script)?;
    out.commit()?;
    Ok(Exit::Solved)
}
