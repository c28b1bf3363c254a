//! Sudoku of any box shape and its variants, a batch of them: every puzzle read (a bad one
//! answered with its place and fault, never dropped), asked the question on the algorithm
//! chosen, and every solution validated against the rules before it is shown.

use super::drawing::Drawing;
use super::progress::{BatchProgress, Progress};
use super::request::{Algorithm, Request, Task};
use dlx_engine::Outcome;
use dlx_puzzles::sudoku::variant::{RuleBroken, Rules, Variants};
use dlx_puzzles::sudoku::{
    self, Boxes, Format, Grid, GridError, Mode, ParseError, ParseErrorKind, Propagation, Record,
    Solvers, Verdict,
};
use serde_json::{json, Value};
use std::sync::Arc;

/// A count's limit high enough never to be reached by a search the page can wait for.
const COUNT_LIMIT: u64 = 1 << 62;

/// Answers every puzzle of the request's text under classic rules (`variants` absent) or the
/// variants given.
pub fn answer(
    request: &Request,
    variants: Option<&Variants>,
    progress: Arc<dyn Progress>,
) -> Value {
    let records = read(&request.text, variants);
    if records.is_empty() {
        return super::failure(1, 1, "no puzzle found: a line of N·N symbols (digits, or letters past 9, and . or 0 for an empty cell)");
    }
    let batch = Arc::new(BatchProgress::new(progress, records.len()));
    let (algorithm, engine) = match request.algorithm {
        Algorithm::Engine(kind) => (sudoku::Algorithm::Dlx, kind),
        Algorithm::Backtrack => (sudoku::Algorithm::Backtrack, Default::default()),
        Algorithm::Candidates => (sudoku::Algorithm::Candidates, Default::default()),
    };
    let mut solvers = Solvers::with_node_budget(request.max_nodes)
        .with_engine(engine)
        .reporting_to(batch.clone());
    let mode = match request.task {
        Task::Solve => Mode::First,
        Task::Count => Mode::Count { limit: COUNT_LIMIT },
        Task::Unique => Mode::Unique,
    };
    let mut tally = Tally::default();
    let mut entries = Vec::with_capacity(records.len());
    let mut answer_lines = Vec::with_capacity(records.len());
    let mut drawing = None;
    let mut engine_ran = None;
    for record in &records {
        let puzzle = match &record.givens {
            Ok(givens) => givens.grid().clone(),
            // Well-formed givens that break a rule: a puzzle without solution, as the CLI
            // answers it, not a malformed line.
            Err(ParseError {
                kind: ParseErrorKind::Givens(GridError::Conflict { .. }),
                ..
            }) => {
                let outcome = mode.no_solution();
                let (entry, line) = tally.take(&|_| Ok(()), record.line, &outcome);
                batch.puzzle_done(0, true);
                entries.push(entry);
                answer_lines.push(line);
                continue;
            }
            Err(error) => {
                tally.errors += 1;
                let (line, message) = super::error_entry(error.line, error.column, &error.kind);
                answer_lines.push(line);
                entries.push(message);
                batch.puzzle_done(0, false);
                continue;
            }
        };
        let rules = match variants {
            None => Ok(Rules::classic(puzzle.shape())),
            Some(variants) => record.rules(variants, None),
        };
        let outcome = rules.and_then(|rules| {
            let outcome = solvers.solve_under(&rules, &puzzle, algorithm, mode, Propagation::None);
            outcome.map(|outcome| (rules, outcome))
        });
        let (rules, outcome) = match outcome {
            Ok(answered) => answered,
            Err(error) => {
                // The rules, or the algorithm's refusal of them (a shape an engine cannot
                // hold, variants a baseline does not know): this puzzle's answer.
                tally.errors += 1;
                let fault = format!("{}: {error}", request.algorithm.name());
                let (line, message) = super::error_entry(record.line, 1, &fault);
                answer_lines.push(line);
                entries.push(message);
                batch.puzzle_done(0, false);
                continue;
            }
        };
        if algorithm == sudoku::Algorithm::Dlx && engine_ran.is_none() {
            engine_ran = solvers
                .searched_under(&rules)
                .map(|solver| solver.engine().name());
        }
        let check = |grid: &Grid| rules.check_solution(grid, &puzzle);
        let (entry, line) = tally.take(&check, record.line, &outcome);
        batch.puzzle_done(
            outcome.stats.nodes,
            entry.get("solution").is_some() || entry.get("count").is_some(),
        );
        if drawing.is_none() {
            let solution = match &outcome.answer {
                Verdict::Solved(grid) => Some(grid),
                _ => None,
            };
            drawing = Some(draw(&rules, &puzzle, solution).to_svg());
        }
        entries.push(entry);
        answer_lines.push(line);
    }
    json!({
        "ok": true,
        "kind": if variants.is_some() { "variant" } else { "sudoku" },
        "algorithm": request.algorithm.name(),
        "engine": engine_ran,
        "answer": answer_lines.join("\n"),
        "svg": drawing,
        "summary": tally.to_json(),
        "puzzles": entries,
    })
}

/// The records of a text: a line each for variants; for classic rules, in the format the text
/// is written in (a line each, or grids a row a line).
fn read(text: &str, variants: Option<&Variants>) -> Vec<Record> {
    match variants {
        None => Format::detect(text)
            .unwrap_or(Format::Line)
            .records(text)
            .collect(),
        Some(variants) => text
            .lines()
            .enumerate()
            .filter(|(_, line)| !Format::is_skipped_line(line))
            .map(|(index, line)| {
                Record::parse_variant_line(line, index + 1, variants, None, Boxes::Usual)
                    .unwrap_or_else(|error| Record::new(index + 1, Err(error)))
            })
            .collect(),
    }
}

/// The answers of a batch, added up.
#[derive(Default)]
struct Tally {
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    multiple: u64,
    undecided: u64,
    errors: u64,
    valid: u64,
    invalid: u64,
    solutions: u64,
    nodes: u64,
}

impl Tally {
    /// One puzzle's answer: its entry for the page and its line of the answer, every solution
    /// put to `check` (the rules, with the puzzle's givens).
    fn take(
        &mut self,
        check: &dyn Fn(&Grid) -> Result<(), RuleBroken>,
        line: usize,
        outcome: &Outcome<Verdict>,
    ) -> (Value, String) {
        self.puzzles += 1;
        self.nodes += outcome.stats.nodes;
        let nodes = outcome.stats.nodes;
        match &outcome.answer {
            Verdict::Solved(grid) => {
                self.solved += 1;
                let check = check(grid);
                match check {
                    Ok(()) => self.valid += 1,
                    Err(_) => self.invalid += 1,
                }
                let text = grid.to_text(Format::Line).trim_end().to_string();
                let entry = json!({
                    "line": line, "verdict": "solved", "solution": text, "nodes": nodes,
                    "valid": check.is_ok(),
                    "fault": check.err().map(|fault| fault.to_string()),
                });
                (entry, text)
            }
            Verdict::Count(count) => {
                self.solutions += count.solutions;
                if !count.complete {
                    self.undecided += 1;
                }
                let entry = json!({
                    "line": line, "verdict": "count", "count": count.solutions,
                    "complete": count.complete, "nodes": nodes,
                });
                let text = match count.complete {
                    true => count.solutions.to_string(),
                    false => format!("at least {}", count.solutions),
                };
                (entry, text)
            }
            Verdict::NoSolution => {
                self.no_solution += 1;
                let entry = json!({"line": line, "verdict": "none", "nodes": nodes});
                (entry, "no solution".to_string())
            }
            Verdict::Multiple => {
                self.multiple += 1;
                let entry = json!({"line": line, "verdict": "multiple", "nodes": nodes});
                (entry, "several solutions".to_string())
            }
            Verdict::Undecided => {
                self.undecided += 1;
                let entry = json!({"line": line, "verdict": "undecided", "nodes": nodes});
                (entry, "undecided (node budget)".to_string())
            }
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "puzzles": self.puzzles + self.errors,
            "answered": self.puzzles,
            "solved": self.solved,
            "no_solution": self.no_solution,
            "multiple": self.multiple,
            "undecided": self.undecided,
            "errors": self.errors,
            "valid": self.valid,
            "invalid": self.invalid,
            "solutions": self.solutions,
            "nodes": self.nodes,
        })
    }
}

/// The drawing of a puzzle under its rules, with its solution when it has one.
fn draw(rules: &Rules, puzzle: &Grid, solution: Option<&Grid>) -> Drawing {
    let side = rules.side();
    let cells = side * side;
    let symbols =
        |grid: &Grid| -> Vec<char> { grid.to_text(Format::Line).trim_end().chars().collect() };
    let given = symbols(puzzle);
    let mut regions = vec![0; cells];
    for (index, region) in rules.regions()[2 * side..3 * side].iter().enumerate() {
        for &cell in region {
            regions[cell] = index;
        }
    }
    let mut shaded = vec![false; cells];
    for region in rules.regions().iter().skip(3 * side) {
        for &cell in region {
            shaded[cell] = true;
        }
    }
    let mut labels = vec![None; cells];
    let pieces = rules.cages().map(|cages| {
        for (cage, members) in cages.cells_by_cage().iter().enumerate() {
            if let Some(&first) = members.iter().min() {
                labels[first] = Some(cages.sum(cage).to_string());
            }
        }
        // A cell in no cage is a piece of its own.
        (0..cells)
            .map(|cell| cages.cage_of(cell).unwrap_or(cells + cell))
            .collect()
    });
    Drawing {
        side,
        givens: puzzle
            .cells()
            .iter()
            .zip(&given)
            .map(|(&value, &symbol)| (value != 0).then_some(symbol))
            .collect(),
        solution: solution.map(symbols),
        regions,
        pieces,
        labels,
        shaded,
    }
}
