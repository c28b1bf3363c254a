//! `dlx sudoku --variant LIST`: variant puzzles, one a line (the givens, then for a jigsaw its
//! layout unless `--regions FILE` gives one for every puzzle), answered as classic ones are:
//! a solution, `--unique`, `--count`, JSON lines, in input order on every thread.

use super::batch::{self, Answer, Run};
use super::interrupt;
use super::sudoku::render;
use anyhow::Context;
use dlx_solver::sudoku::variant::{
    draw, parse_variant_line, KillerEncoding, Regions, Rules, RulesError, VariantPuzzle,
    VariantSolver, Variants,
};
use dlx_solver::sudoku::{self, Format, Mode, Verdict};
use std::path::Path;

/// Solvers a thread keeps, one per set of rules met lately: a collection of one variant and
/// shape builds one arena; a jigsaw collection, whose every puzzle has its layout, builds one a
/// puzzle and keeps only the last few.
struct Solvers {
    kept: Vec<VariantSolver>,
    max_nodes: Option<u64>,
    encoding: KillerEncoding,
}

/// The solvers a thread keeps at most.
const KEPT: usize = 4;

impl Solvers {
    /// The solver of `rules`, kept or made; an error when the encoding refuses the cages.
    fn for_rules(&mut self, rules: Rules) -> Result<&mut VariantSolver, RulesError> {
        // A Killer's cages are its own: its solver is never met again, so none is looked for.
        let seen = match rules.cages() {
            Some(_) => None,
            None => self.kept.iter().position(|s| *s.rules() == rules),
        };
        let index = match seen {
            Some(index) => index,
            None => {
                if self.kept.len() == KEPT {
                    self.kept.remove(0);
                }
                let solver = VariantSolver::with_encoding(rules, self.encoding)?;
                let solver = solver.with_node_budget(self.max_nodes);
                self.kept
                    .push(solver.with_stop_flag(interrupt::stop_flag()));
                self.kept.len() - 1
            }
        };
        Ok(&mut self.kept[index])
    }
}

/// Reads the shared layout of `--regions FILE`.
pub fn read_regions(path: &Path) -> anyhow::Result<Regions> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the layout {}", path.display()))?;
    Regions::parse(&text, 1, 1, None).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// How each variant puzzle is answered.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The question.
    pub mode: Mode,
    /// The node budget of a puzzle.
    pub max_nodes: Option<u64>,
    /// Killer's encoding.
    pub encoding: KillerEncoding,
    /// A solution is drawn with its cages, regions or boxes instead of written on one line.
    pub draw: bool,
}

/// Answers every line of every input under the variants, in order, until the end or a signal.
pub fn answer_sources(
    run: &mut Run,
    files: &[std::path::PathBuf],
    variants: &Variants,
    regions: Option<&Regions>,
    asked: Asked,
) -> anyhow::Result<()> {
    let solvers = || Solvers {
        kept: Vec::new(),
        max_nodes: asked.max_nodes,
        encoding: asked.encoding,
    };
    let answer_line = |solvers: &mut Solvers, puzzle: VariantPuzzle, rules: Rules, line: usize| {
        answer(solvers, puzzle, rules, line, asked)
    };
    for_each_puzzle(run, files, variants, regions, solvers, answer_line)
}

/// Reads every line of every input as a variant puzzle, in order, until the end or a signal,
/// and hands each with its rules to `answer_puzzle` (with a state `init` makes for each thread);
/// a line that is no puzzle of the variants gets its error with its place.
pub fn for_each_puzzle<S: Send>(
    run: &mut Run,
    files: &[std::path::PathBuf],
    variants: &Variants,
    regions: Option<&Regions>,
    init: impl Fn() -> S + Sync,
    answer_puzzle: impl Fn(&mut S, VariantPuzzle, Rules, usize) -> Answer + Sync,
) -> anyhow::Result<()> {
    for source in batch::sources(files)? {
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
                let puzzle = match parse_variant_line(text, line, variants, regions) {
                    Ok(puzzle) => puzzle,
                    Err(error) => return Some(Answer::malformed(line, error.to_string())),
                };
                Some(match puzzle.rules(variants, regions) {
                    Ok(rules) => answer_puzzle(state, puzzle, rules, line),
                    Err(error) => Answer::malformed(line, format!("line {line}: {error}")),
                })
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
    let solver = match solvers.for_rules(rules) {
        Ok(solver) => solver,
        Err(error) => return Answer::malformed(line, format!("line {line}: {error}")),
    };
    let outcome = sudoku::answer(solver, &puzzle.grid, asked.mode);
    let drawing = match (&outcome.answer, asked.draw) {
        (Verdict::Solved(grid), true) => Some(draw(grid, solver.rules())),
        _ => None,
    };
    let mut answer = render(line, outcome, Format::Line);
    if let Some(drawing) = drawing {
        answer.text = drawing;
    }
    answer
}
