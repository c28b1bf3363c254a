//! The flags every command that answers puzzle files takes (the inputs, the threads, where
//! results go, JSON lines, the summary and the input size limit), and the readers of the flag
//! values several commands share (`--box`, `--variant`, `--shard`).

use dlx_engine::{EngineKind, SearchRequest, Shard};
use dlx_puzzles::sudoku::variant::Variants;
use dlx_puzzles::sudoku::Shape;
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
    /// device or a FIFO is written in place (a FIFO once a reader opens it: SIGINT, SIGTERM or SIGHUP
    /// ends the wait, exit 130, 143 or 129). No temporary file is left, even by a second signal.
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

/// Reads a box shape, `RxC` (or `R`X`C`): R rows and C columns of cells.
pub fn parse_box(text: &str) -> Result<Shape, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("found {text:?}, expected ROWSxCOLUMNS such as 3x3 or 3x4"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| format!("found {part:?} in {text:?}, expected a number"))
    };
    Shape::new(number(rows)?, number(cols)?).map_err(|e| e.to_string())
}

/// `--variant`'s list, refused with the place of an unknown name. An empty list (`--variant
/// ""`) is refused too: the flag asks for variants, and classic puzzles go without it.
pub fn parse_variants(text: &str) -> Result<Variants, String> {
    let variants = Variants::parse(text).map_err(|e| e.to_string())?;
    if variants.is_empty() {
        return Err(format!(
            "found {text:?}, an empty list, expected one or more of x, windoku, anti-king, \
             anti-knight, jigsaw, killer (comma-separated); classic puzzles need no --variant"
        ));
    }
    Ok(variants)
}

/// `K/N` with 1 <= K <= N <= [`SearchRequest::MAX_SUBTREES`], as the shard flag takes it (the library counts
/// from 0). More parts than the most subtrees a tree is cut into would all be empty.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let expected = format!(
        "expected K/N with 1 <= K <= N <= {}, as in 3/64",
        SearchRequest::MAX_SUBTREES
    );
    let (k, n) = text
        .split_once('/')
        .ok_or_else(|| format!("found {text:?}, {expected}"))?;
    let (Ok(k), Ok(n)) = (k.trim().parse::<u64>(), n.trim().parse::<u64>()) else {
        return Err(format!("found {text:?}, {expected}"));
    };
    if k == 0 || k > n || n > SearchRequest::MAX_SUBTREES as u64 {
        return Err(format!("found {text:?}, {expected}"));
    }
    Ok(Shard {
        index: k - 1,
        count: n,
    })
}

/// `--engine`'s values: the engines' names as the engine crate gives them, listed in `--help`
/// and in the error for any other.
pub fn engine_parser() -> impl clap::builder::TypedValueParser<Value = EngineKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(EngineKind::ALL.map(EngineKind::name))
        .map(|name: String| EngineKind::from_name(&name).expect("one of the names listed"))
}
