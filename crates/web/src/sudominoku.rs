//! Su-domino-ku in the task's format: each puzzle of the text solved (its tiling drawn as
//! dashed dominoes) or its grids counted, every solution checked against the puzzle.

use super::drawing::Drawing;
use super::progress::{BatchProgress, Progress};
use super::request::{Algorithm, Request, Task};
use dlx_engine::{Outcome, StopFlag};
use dlx_puzzles::sudoku::Format;
use dlx_puzzles::sudominoku::{Puzzle, PuzzleFile, Solution};
use serde_json::{json, Value};
use std::sync::Arc;

/// Answers every puzzle of the request's text.
pub fn answer(request: &Request, progress: Arc<dyn Progress>) -> Value {
    let Algorithm::Engine(engine) = request.algorithm else {
        let message = "the backtracking baselines solve Sudoku and its variants: \
                       Su-domino-ku is searched by the exact-cover engines";
        return super::failure(1, 1, message);
    };
    let file = PuzzleFile::parse(&request.text);
    if file.entries.is_empty() {
        let message = "no puzzle found: the count of placed dominoes, each as digit, cell, \
                       digit, cell (5 A1 3 A2), then the cells of the singles 1 to 9, and 0 at the end";
        return super::failure(1, 1, message);
    }
    let batch = BatchProgress::new(progress, file.entries.len());
    let stop = StopFlag::never();
    let (mut entries, mut lines, mut drawing) = (Vec::new(), Vec::new(), None);
    let (mut nodes, mut valid, mut invalid, mut errors) = (0, 0, 0, 0);
    for entry in &file.entries {
        let puzzle = match &entry.puzzle {
            Ok(puzzle) => puzzle,
            Err(error) => {
                errors += 1;
                let (line, message) = super::error_entry(error.line, error.column, &error.kind);
                lines.push(line);
                entries.push(message);
                batch.puzzle_done(0, false);
                continue;
            }
        };
        let puzzle = match puzzle.clone().on_engine(engine) {
            Ok(puzzle) => puzzle,
            Err(error) => {
                return super::failure(entry.line, 1, &format!("{}: {error}", engine.name()))
            }
        };
        let (verdict, text, solution, searched) = match request.task {
            Task::Solve => {
                let outcome = puzzle.solve_within(request.max_nodes, &stop);
                let searched = outcome.stats.nodes;
                let decided = !outcome.cut_short();
                match outcome.answer {
                    Some(solution) => {
                        let text = solution.grid.to_text(Format::Line).trim_end().to_string();
                        ("solved", text, Some(solution), searched)
                    }
                    None if decided => ("none", "no solution".to_string(), None, searched),
                    None => (
                        "undecided",
                        "undecided (node budget)".to_string(),
                        None,
                        searched,
                    ),
                }
            }
            Task::Count | Task::Unique => {
                let limit = (request.task == Task::Unique).then_some(1);
                let outcome: Outcome<_> =
                    puzzle.count_grids_within(limit, request.max_nodes, &stop);
                let count = outcome.answer;
                let text = match (request.task, count.solutions, count.complete) {
                    (Task::Unique, 1, true) => "unique".to_string(),
                    (Task::Unique, 0, true) => "no solution".to_string(),
                    (Task::Unique, 2.., _) => "several solutions".to_string(),
                    (_, n, true) => n.to_string(),
                    (_, n, false) => format!("at least {n}"),
                };
                ("count", text, None, outcome.stats.nodes)
            }
        };
        nodes += searched;
        let check = solution.as_ref().map(|s| s.check_against(&puzzle));
        match &check {
            Some(Ok(())) => valid += 1,
            Some(Err(_)) => invalid += 1,
            None => {}
        }
        if drawing.is_none() {
            drawing = Some(draw(&puzzle, solution.as_ref()).to_svg());
        }
        batch.puzzle_done(searched, verdict != "undecided");
        entries.push(json!({
            "line": entry.line, "verdict": verdict, "answer": text, "nodes": searched,
            "valid": check.as_ref().map(Result::is_ok),
            "fault": check.and_then(Result::err).map(|fault| fault.to_string()),
        }));
        lines.push(text);
    }
    json!({
        "ok": true,
        "kind": "sudominoku",
        "algorithm": request.algorithm.name(),
        "engine": engine.name(),
        "answer": lines.join("\n"),
        "svg": drawing,
        "summary": {
            "puzzles": file.entries.len(), "errors": errors, "valid": valid,
            "invalid": invalid, "nodes": nodes,
        },
        "puzzles": entries,
    })
}

/// The puzzle drawn with its placed dominoes, or the solution's whole tiling, as pieces.
fn draw(puzzle: &Puzzle, solution: Option<&Solution>) -> Drawing {
    const SIDE: usize = 9;
    let cells = SIDE * SIDE;
    let placed = solution.map_or(puzzle.placed(), |s| &s.tiling[..]);
    // Each cell outside a domino is a piece of its own.
    let mut pieces: Vec<usize> = (cells..2 * cells).collect();
    for (index, domino) in placed.iter().enumerate() {
        for &cell in &domino.cells {
            if let Some(piece) = pieces.get_mut(cell) {
                *piece = index;
            }
        }
    }
    let symbol = |value: u8| char::from_digit(u32::from(value), 10).unwrap_or('?');
    Drawing {
        side: SIDE,
        givens: puzzle
            .givens()
            .cells()
            .iter()
            .map(|&value| (value != 0).then(|| symbol(value)))
            .collect(),
        solution: solution.map(|s| s.grid.cells().iter().map(|&v| symbol(v)).collect()),
        regions: (0..cells)
            .map(|cell| cell / 27 * 3 + cell % 9 / 3)
            .collect(),
        pieces: Some(pieces),
        labels: vec![None; cells],
        shaded: (0..cells).map(|cell| puzzle.is_single(cell)).collect(),
    }
}
