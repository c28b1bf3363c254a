//! A Sudoku solver's verdict on one puzzle as the answer every command prints: the solution in
//! the output format, or the status, or the count; and givens that break a rule as a puzzle
//! with no solution rather than bad input.

use super::answer::{count_text, Answer, Detail, Status};
use dlx_engine::{Count, Outcome};
use dlx_puzzles::sudoku::{Format, GridError, ParseError, ParseErrorKind, Verdict};

/// The answer to print for one puzzle's verdict, in the output format.
pub fn render(line: usize, outcome: Outcome<Verdict>, output: Format) -> Answer {
    let mut answer = Answer {
        nodes: outcome.stats.nodes,
        ..Answer::new(line, Status::Solved, String::new())
    };
    let word = |status: Status| format!("{}\n", status.word());
    let undecided = outcome.cut_short();
    match outcome.answer {
        Verdict::Solved(grid) => {
            answer.text = grid.to_text(output);
            answer.solution = Some(grid.to_text(Format::Line).trim_end().to_string());
        }
        Verdict::NoSolution => answer.status = Status::NoSolution,
        Verdict::Multiple => answer.status = Status::Multiple,
        Verdict::Undecided => answer.status = Status::Undecided,
        Verdict::Count(count) => {
            if undecided {
                answer.status = Status::Undecided;
            } else if count.solutions == 0 {
                answer.status = Status::NoSolution;
            }
            answer.detail = Detail::Counted(count);
            answer.text = count_text(count, undecided);
        }
    }
    if answer.text.is_empty() {
        answer.text = word(answer.status);
    }
    answer
}

/// The answer to well-formed givens that break the rules (a digit twice in a unit): a puzzle
/// without solution, not bad input, with the clash named on stderr (`None` for any other parse
/// error). Under a count, that is a count of 0.
pub fn clashing_givens(error: &ParseError, counting: bool) -> Option<Answer> {
    let ParseErrorKind::Givens(GridError::Conflict { .. }) = error.kind else {
        return None;
    };
    let mut answer = Answer::malformed(error.line, error.to_string());
    answer.status = Status::NoSolution;
    answer.error = None;
    answer.report = Some(format!(
        "line {}, column {}: no solution: {}",
        error.line, error.column, error.kind
    ));
    answer.text = if counting {
        answer.detail = Detail::Counted(Count {
            solutions: 0,
            complete: true,
        });
        "0\n".to_string()
    } else {
        format!("{}\n", Status::NoSolution.word())
    };
    Some(answer)
}
