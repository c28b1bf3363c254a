//! The flags every command that answers puzzle files takes: the inputs, the threads, where
//! results go, JSON lines, the summary and the input size limit.

use std::path::PathBuf;

/// The flags every batch-capable subcommand takes.
#[derive(Debug, Clone, clap::Args)]
pub struct BatchArgs {
    /// Input files, read one after another; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Worker threads (default: one per core). Output is the same whatever the count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1024))]
    pub threads: Option<u64>,
    /// Write results to FILE instead of standard output. FILE is replaced when the run ends
    /// (written beside it, then renamed), so a run that fails before answering anything leaves
    /// it as it was; FILE may not be one of the inputs (nor standard input when it is a file,
    /// nor a --regions layout). A symbolic link is followed and its target replaced; a
    /// device or a FIFO is written in place (a FIFO once a reader opens it: SIGINT or SIGTERM
    /// ends the wait, exit 130 or 143). No temporary file is left, even by a second signal.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// One JSON object per puzzle instead of text, with the fields listed below.
    #[arg(long)]
    pub jsonl: bool,
    /// Print the summary (puzzles, solved, ..., puzzles per second) to stderr; it is printed
    /// anyway when stderr is a terminal.
    #[arg(long)]
    pub stats: bool,
    /// Refuse an input read whole (grid formats, Su-domino-ku) larger than N bytes, rather than
    /// grow without bound. A one-puzzle-a-line input is streamed and has no such limit: its
    /// lines are cut at 8 KiB, and only a line with no end within N bytes stops the run.
    #[arg(long, value_name = "N", default_value_t = MAX_INPUT_BYTES)]
    pub max_input_bytes: u64,
}

impl BatchArgs {
    /// The files the command reads its puzzles from: those named, or standard input (`-`).
    pub fn inputs(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }
}

/// The default of `--max-input-bytes`: 256 MiB, some 3 million 9x9 grids.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;
