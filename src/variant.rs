//! `dlx sudoku --variant LIST`: variant puzzles, one a line (the givens, then for a jigsaw its
//! layout unless `--regions FILE` gives one for every puzzle), answered as classic ones are:
//! a solution, `--unique`, `--count`, JSON lines, in input order on every thread.

use super::answer::Answer;
use super::interrupt;
use super::progress::TreeBar;
use super::run::Run;
use super::verdict::render;
use dlx_engine::{EngineKind, Shard};
use dlx_puzzles::sudoku::variant::{KillerEncoding, Regions, Rules, Variants};
use dlx_puzzles::sudoku::{Algorithm, Boxes, Format, Mode, Propagation, Record, Solvers, Verdict};
use std::sync::Arc;

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
    /// The engine under `--algo dlx` (checked by the caller).
    pub engine: EngineKind,
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
            .with_killer_encoding(asked.encoding)
            .with_engine(asked.engine);
        match &bar {
            Some(bar) => solvers.reporting_to(bar.clone()),
            None => solvers,
        }
    };
    let answer_line = |solvers: &mut Solvers, puzzle: Record, rules: Rules, line: usize| {
        answer(solvers, puzzle, rules, line, asked)
    };
    // Grids are told apart by a blank line, as classic ones are.
    if asked.output.is_grid() {
        run.separate_with(b"\n");
    }
    super::sudoku_files::for_each_puzzle(run, files, variants, regions, boxes, solvers, answer_line)
}

/// One puzzle's answer to the question asked.
fn answer(
    solvers: &mut Solvers,
    puzzle: Record,
    rules: Rules,
    line: usize,
    asked: Asked,
) -> Answer {
    let grid = puzzle.grid();
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
    // The solver that searched tells the engine that ran (`auto` resolves by the rules) and
    // its own figures (a split count's summed over its pieces).
    let searched = (asked.algorithm == Algorithm::Dlx).then(|| solvers.searched_under(&rules));
    let searched_by = searched.map(|solver| match solver {
        Some(solver) => solver.engine().name(),
        None => solvers.engine().name(),
    });
    answer.extra.push(("engine", searched_by.into()));
    if let Some(Some(solver)) = searched {
        answer.figures = solver.figures();
    }
    answer
}
