//! `dlx sudoku --variant LIST`: variant puzzles, one a line (the givens, then for a jigsaw its
//! layout unless `--regions FILE` gives one for every puzzle), answered as classic ones are:
//! a solution, `--unique`, `--count`, JSON lines, in input order on every thread.

use super::batch::{self, Answer, Run};
use super::interrupt;
use super::progress::TreeBar;
use super::sudoku::render;
use anyhow::Context;
use dlx_engine::Shard;
use dlx_puzzles::sudoku::variant::{KillerEncoding, Regions, Rules, VariantPuzzle, Variants};
use dlx_puzzles::sudoku::{self, Algorithm, Boxes, Format, Mode, Propagation, Solvers, Verdict};
use std::path::Path;
use std::sync::Arc;

/// Reads the shared layout of `--regions FILE`.
pub fn read_regions(path: &Path) -> anyhow::Result<Regions> {
    use std::io::Read;
    let name = path.display();
    let cannot = || format!("cannot read the layout {name}");
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_LAYOUT_BYTES + 1).read_to_end(&mut bytes))
        .with_context(cannot)?;
    if bytes.len() as u64 > MAX_LAYOUT_BYTES {
        anyhow::bail!(
            "{name}: the layout is larger than {MAX_LAYOUT_BYTES} bytes, expected N·N region \
             symbols"
        );
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
        .with_context(cannot)?;
    Regions::parse(&text, 1, 1, None).map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// The most bytes a `--regions` file is read: a layout of the largest grid is 3,721 symbols,
/// and whitespace around them is welcome, but `/dev/zero` is no layout.
const MAX_LAYOUT_BYTES: u64 = 1 << 20;

/// How each variant puzzle is answered.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The question.
    pub mode: Mode,
    /// The solver.
    pub algorithm: Algorithm,
    /// The pass run before the search.
    pub propagation: Propagation,
    /// The node budget of a puzzle.
    pub max_nodes: Option<u64>,
    /// Killer's encoding.
    pub encoding: KillerEncoding,
    /// The format a solution is written in.
    pub output: Format,
    /// Counts are split over the threads, only this shard counted: `--shard`.
    pub shard: Option<Shard>,
    /// A solution is drawn with its cages, regions or boxes instead of written in the output
    /// format.
    pub draw: bool,
}

/// Answers every line of every input under the variants, in order, until the end or a signal,
/// each count moving `bar` when given.
pub fn answer_sources(
    run: &mut Run,
    files: &[std::path::PathBuf],
    variants: &Variants,
    regions: Option<&Regions>,
    boxes: Boxes,
    asked: Asked,
    bar: Option<Arc<TreeBar>>,
) -> anyhow::Result<()> {
    let solvers = || {
        let solvers = Solvers::with_node_budget(asked.max_nodes)
            .with_stop_flag(interrupt::stop_flag())
            .with_killer_encoding(asked.encoding);
        match &bar {
            Some(bar) => solvers.reporting_to(bar.clone()),
            None => solvers,
        }
    };
    let answer_line = |solvers: &mut Solvers, puzzle: VariantPuzzle, rules: Rules, line: usize| {
        answer(solvers, puzzle, rules, line, asked)
    };
    // Grids are told apart by a blank line, as classic ones are.
    if asked.output.is_grid() {
        run.separate_with(b"\n");
    }
    for_each_puzzle(run, files, variants, regions, boxes, solvers, answer_line)
}

/// Reads every line of every input as a variant puzzle with the box shape `boxes` says, in
/// order, until the end or a signal, and hands each with its rules to `answer_puzzle` (with a
/// state `init` makes for each thread); a line that is no puzzle of the variants gets its error
/// with its place. An argument that is no existing path but a puzzle line is that puzzle.
pub fn for_each_puzzle<S: Send>(
    run: &mut Run,
    files: &[std::path::PathBuf],
    variants: &Variants,
    regions: Option<&Regions>,
    boxes: Boxes,
    init: impl Fn() -> S + Sync,
    answer_puzzle: impl Fn(&mut S, VariantPuzzle, Rules, usize) -> Answer + Sync,
) -> anyhow::Result<()> {
    let puzzle = |text: &str| {
        VariantPuzzle::parse_line_with_boxes(text, 1, variants, regions, boxes)
            .map(|_| ())
            .map_err(|error| {
                // The argument is one line: its number says nothing.
                let message = error.to_string();
                match message.strip_prefix("line 1, ") {
                    Some(rest) => rest.to_string(),
                    None => message
                        .strip_prefix("line 1: ")
                        .unwrap_or(&message)
                        .to_string(),
                }
            })
    };
    for source in batch::sources_or_puzzles(files, Some(&puzzle))? {
        if interrupt::requested() {
            break;
        }
        let (name, before) = (source.name.clone(), run.tally.puzzles);
        run.stream(
            source,
            sudoku::is_skipped_line,
            // A variant line's fields after the grid are read as part of its puzzle: a byte
            // that is not UTF-8 anywhere in it is an error.
            |_| false,
            &init,
            |state, text, line| {
                if sudoku::is_skipped_line(text) {
                    return None;
                }
                let puzzle = match VariantPuzzle::parse_line_with_boxes(
                    text, line, variants, regions, boxes,
                ) {
                    Ok(puzzle) => puzzle,
                    Err(error) => return Some(Answer::malformed(line, error.to_string())),
                };
                // The puzzle's fields, and the comment after them as its label.
                let written = text.trim();
                let comment = puzzle.comment.clone();
                let fields = comment
                    .as_deref()
                    .and_then(|comment| written.strip_suffix(comment))
                    .unwrap_or(written)
                    .trim_end()
                    .to_string();
                let mut answer = match puzzle.rules(variants, regions) {
                    Ok(rules) => answer_puzzle(state, puzzle, rules, line),
                    Err(error) => Answer::malformed(line, format!("line {line}: {error}")),
                };
                answer.puzzle = Some(fields);
                answer.label = comment;
                Some(answer)
            },
        )?;
        run.end_source(&name, before, false);
    }
    Ok(())
}

/// One puzzle's answer to the question asked.
fn answer(
    solvers: &mut Solvers,
    puzzle: VariantPuzzle,
    rules: Rules,
    line: usize,
    asked: Asked,
) -> Answer {
    let grid = &puzzle.grid;
    let outcome = match (asked.shard, asked.mode) {
        (Some(shard), Mode::Count { limit }) => {
            let limit = Some(limit).filter(|&limit| limit != u64::MAX);
            let stop = &interrupt::requested;
            solvers.count_under_on_every_core(&rules, grid, limit, Some(shard), stop)
        }
        (_, mode) => solvers.solve_under(&rules, grid, asked.algorithm, mode, asked.propagation),
    };
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(error) => return Answer::malformed(line, format!("line {line}: {error}")),
    };
    let drawing = match (&outcome.answer, asked.draw) {
        (Verdict::Solved(grid), true) => Some(rules.draw(grid)),
        _ => None,
    };
    let mut answer = render(line, outcome, asked.output);
    if let Some(drawing) = drawing {
        answer.text = drawing;
    }
    answer
}
