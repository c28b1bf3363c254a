//! `dlx sudoku --variant LIST`: variant puzzles, one a line (the givens, then for a jigsaw its
//! layout unless `--regions FILE` gives one for every puzzle), answered as classic ones are:
//! a solution, `--unique`, `--count`, JSON lines, in input order on every thread.

use super::answer::Answer;
use super::interrupt;
use super::progress::TreeBar;
use super::run::Run;
use super::verdict::render;
use dlx_puzzles::sudoku::variant::{
    draw, KillerEncoding, Regions, Rules, RulesError, VariantPuzzle, VariantSolver, Variants,
};
use dlx_puzzles::sudoku::{self, Boxes, Format, Mode, Verdict};

/// Solvers a thread keeps, one per set of rules met lately: a collection of one variant and
/// shape builds one arena; a jigsaw collection, whose every puzzle has its layout, builds one a
/// puzzle and keeps only the last few.
struct Solvers<'a> {
    kept: Vec<VariantSolver>,
    max_nodes: Option<u64>,
    encoding: KillerEncoding,
    /// Where a count shows how far it has got, when a terminal shows it.
    bar: Option<&'a TreeBar>,
}

/// The solvers a thread keeps at most.
const KEPT: usize = 4;

impl Solvers<'_> {
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

/// Answers every line of every input under the variants, in order, until the end or a signal,
/// each count moving `bar` when given.
pub fn answer_sources(
    run: &mut Run,
    files: &[std::path::PathBuf],
    variants: &Variants,
    regions: Option<&Regions>,
    boxes: Boxes,
    asked: Asked,
    bar: Option<&TreeBar>,
) -> anyhow::Result<()> {
    let solvers = || Solvers {
        kept: Vec::new(),
        max_nodes: asked.max_nodes,
        encoding: asked.encoding,
        bar,
    };
    let answer_line = |solvers: &mut Solvers, puzzle: VariantPuzzle, rules: Rules, line: usize| {
        answer(solvers, puzzle, rules, line, asked)
    };
    super::sudoku_files::for_each_puzzle(run, files, variants, regions, boxes, solvers, answer_line)
}

/// One puzzle's answer to the question asked.
fn answer(
    solvers: &mut Solvers<'_>,
    puzzle: VariantPuzzle,
    rules: Rules,
    line: usize,
    asked: Asked,
) -> Answer {
    let bar = solvers.bar;
    let solver = match solvers.for_rules(rules) {
        Ok(solver) => solver,
        Err(error) => return Answer::malformed(line, format!("line {line}: {error}")),
    };
    let outcome = match (asked.mode, bar) {
        (Mode::Count { limit }, Some(bar)) => solver
            .count_reporting(&puzzle.grid, Some(limit), bar)
            .map(Verdict::Count),
        (mode, _) => sudoku::answer(solver, &puzzle.grid, mode),
    };
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
