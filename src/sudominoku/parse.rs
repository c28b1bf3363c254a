//! Reading the task's input format: puzzles one after another, each a line with N, then N lines
//! `U LU V LV` (a placed domino: digit, cell, digit, cell), then the line of the 9 cells where
//! 1, 2, .., 9 go; a line `0` ends the input.
//!
//! The format is read line by line (blank lines and extra spaces are ignored), because the line
//! structure is what lets a bad puzzle be skipped and the next one read: a fault inside a puzzle
//! costs that puzzle only. Only a count line that is not a count stops the reading, since nothing
//! after it can be placed.

use super::model::{Origin, PlacedDomino, Puzzle, PuzzleError, DOMINOES, SIDE};
use std::fmt;
use thiserror::Error;

/// A parse error: the puzzle (from 1), the line and column (from 1), and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("puzzle {puzzle}, line {line}, column {column}: {kind}")]
pub struct ParseError {
    pub puzzle: usize,
    pub line: usize,
    pub column: usize,
    pub kind: ParseErrorKind,
}

/// What is wrong at a [`ParseError`]'s place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("expected the number of placed dominoes (0 to {DOMINOES}), found `{found}`")]
    NotACount { found: String },
    #[error("expected {expected} fields ({what}), found {found}")]
    FieldCount {
        what: &'static str,
        expected: usize,
        found: usize,
    },
    #[error("expected a digit 1-9, found `{found}`")]
    NotADigit { found: String },
    #[error("expected a cell A1-I9 (a row letter A-I and a column digit 1-9), found `{found}`")]
    NotACell { found: String },
    #[error("expected the {SIDE} cells where 1, 2, .., 9 go, found {found} cell{}", if *found == 1 { "" } else { "s" })]
    SingleCount { found: usize },
    #[error("the input ends where {expected} should be")]
    UnexpectedEnd { expected: &'static str },
    #[error("{error}{}", Also(*also_line))]
    Puzzle {
        error: PuzzleError,
        also_line: Option<usize>,
    },
}

/// " (see also line N)" when a clash involves an earlier line.
struct Also(Option<usize>);

impl fmt::Display for Also {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(line) => write!(f, " (see also line {line})"),
            None => Ok(()),
        }
    }
}

/// One puzzle of a file: its number (from 1), the line it starts on, and the puzzle or why it
/// could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub number: usize,
    pub line: usize,
    pub puzzle: Result<Puzzle, ParseError>,
}

/// How the input ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// With the final `0`, on this line. Anything after it is not read.
    Zero { line: usize },
    /// At the end of the input, without the final `0` (accepted; `--strict` reports it).
    EndOfInput,
    /// At a line that could not be read as a puzzle's start; the rest was not read.
    Broken(ParseError),
}

/// Every puzzle of an input, in order, and how the input ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleFile {
    pub entries: Vec<Entry>,
    pub end: End,
}

/// A word of a line and its column (from 1).
#[derive(Clone, Copy, Debug)]
struct Field<'a> {
    column: usize,
    text: &'a str,
}

/// A non-blank line: its number (from 1) and its fields.
struct Line<'a> {
    number: usize,
    fields: Vec<Field<'a>>,
}

fn non_blank_lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.lines().enumerate().filter_map(|(index, line)| {
        let fields: Vec<Field> = line
            .split_ascii_whitespace()
            .map(|word| Field {
                // `word` is a subslice of `line`: its offset is its column minus one.
                column: word.as_ptr() as usize - line.as_ptr() as usize + 1,
                text: word,
            })
            .collect();
        (!fields.is_empty()).then_some(Line {
            number: index + 1,
            fields,
        })
    })
}

/// Reads every puzzle of `text`.
pub fn parse_puzzles(text: &str) -> PuzzleFile {
    let mut lines = non_blank_lines(text).peekable();
    let mut entries = Vec::new();
    let end = loop {
        let Some(header) = lines.next() else {
            break End::EndOfInput;
        };
        let number = entries.len() + 1;
        let fault = |line: usize, column: usize, kind| ParseError {
            puzzle: number,
            line,
            column,
            kind,
        };
        let first = header.fields[0];
        if header.fields.len() != 1 {
            let kind = ParseErrorKind::FieldCount {
                what: "the number of placed dominoes",
                expected: 1,
                found: header.fields.len(),
            };
            break End::Broken(fault(header.number, first.column, kind));
        }
        let count = match first.text.parse::<usize>() {
            Ok(0) => {
                break End::Zero {
                    line: header.number,
                }
            }
            Ok(count) if count <= DOMINOES => count,
            _ => {
                let found = first.text.to_string();
                let kind = ParseErrorKind::NotACount { found };
                break End::Broken(fault(header.number, first.column, kind));
            }
        };
        let mut puzzle_lines = Vec::with_capacity(count + 1);
        for _ in 0..=count {
            match lines.next() {
                Some(line) => puzzle_lines.push(line),
                None => break,
            }
        }
        let last_line = puzzle_lines
            .last()
            .map_or(header.number, |line| line.number);
        let puzzle = read_puzzle(count, &puzzle_lines).map_err(|boxed| {
            let (line, column, kind) = *boxed;
            fault(line.unwrap_or(last_line), column, kind)
        });
        let reached_end = puzzle_lines.len() <= count;
        entries.push(Entry {
            number,
            line: header.number,
            puzzle,
        });
        if reached_end {
            break End::EndOfInput;
        }
    };
    PuzzleFile { entries, end }
}

/// A fault's line (`None`: the end of the input), column and kind; boxed, as faults are rare
/// and large.
type Fault = Box<(Option<usize>, usize, ParseErrorKind)>;

/// Reads the `count` domino lines and the singles line of one puzzle (fewer if the input ended).
fn read_puzzle(count: usize, lines: &[Line]) -> Result<Puzzle, Fault> {
    let mut placed = Vec::with_capacity(count);
    for line in lines.iter().take(count) {
        let at = |field: Field| (Some(line.number), field.column);
        if line.fields.len() != 4 {
            let kind = ParseErrorKind::FieldCount {
                what: "a placed domino `U LU V LV`",
                expected: 4,
                found: line.fields.len(),
            };
            return Err(Box::new((Some(line.number), line.fields[0].column, kind)));
        }
        let f = &line.fields;
        let digit = |field: Field| {
            parse_digit(field.text).ok_or_else(|| fault_at(at(field), not_a_digit(field)))
        };
        let cell = |field: Field| {
            parse_cell(field.text).ok_or_else(|| fault_at(at(field), not_a_cell(field)))
        };
        placed.push(PlacedDomino {
            digits: [digit(f[0])?, digit(f[2])?],
            cells: [cell(f[1])?, cell(f[3])?],
        });
    }
    let Some(singles_line) = lines.get(count) else {
        let expected = if lines.len() < count {
            "a placed domino"
        } else {
            "the line of single cells"
        };
        return Err(Box::new((
            None,
            1,
            ParseErrorKind::UnexpectedEnd { expected },
        )));
    };
    if singles_line.fields.len() != SIDE {
        let kind = ParseErrorKind::SingleCount {
            found: singles_line.fields.len(),
        };
        let column = singles_line.fields[0].column;
        return Err(Box::new((Some(singles_line.number), column, kind)));
    }
    let mut singles = [0; SIDE];
    for (slot, &field) in singles.iter_mut().zip(&singles_line.fields) {
        *slot = parse_cell(field.text).ok_or_else(|| {
            fault_at((Some(singles_line.number), field.column), not_a_cell(field))
        })?;
    }
    Puzzle::new(placed, singles).map_err(|error| {
        let place = |origin: Origin| match origin {
            Origin::Domino { index, half } => {
                // A fault of the domino itself points at its first digit, one of a cell at it.
                let field = match error {
                    PuzzleError::DoubleDomino { .. } | PuzzleError::DominoTwice { .. } => 0,
                    _ => 2 * half + 1,
                };
                (lines[index].number, lines[index].fields[field].column)
            }
            Origin::Single { digit } => {
                let field = singles_line.fields[digit as usize - 1];
                (singles_line.number, field.column)
            }
        };
        let (line, column) = place(error.origin());
        let also_line = error
            .clashes_with()
            .map(|origin| place(origin).0)
            .filter(|&other| other != line);
        let kind = ParseErrorKind::Puzzle { error, also_line };
        Box::new((Some(line), column, kind))
    })
}

fn fault_at((line, column): (Option<usize>, usize), kind: ParseErrorKind) -> Fault {
    Box::new((line, column, kind))
}

fn not_a_digit(field: Field) -> ParseErrorKind {
    ParseErrorKind::NotADigit {
        found: field.text.to_string(),
    }
}

fn not_a_cell(field: Field) -> ParseErrorKind {
    ParseErrorKind::NotACell {
        found: field.text.to_string(),
    }
}

/// A digit `1`-`9`.
fn parse_digit(text: &str) -> Option<u8> {
    match text.as_bytes() {
        &[d @ b'1'..=b'9'] => Some(d - b'0'),
        _ => None,
    }
}

/// A cell `A1`-`I9`, as its row-major index.
fn parse_cell(text: &str) -> Option<usize> {
    match text.as_bytes() {
        &[row @ b'A'..=b'I', col @ b'1'..=b'9'] => {
            Some((row - b'A') as usize * SIDE + (col - b'1') as usize)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_PUZZLE: &str = "1\n3 A2 4 A3\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n";

    #[test]
    fn a_puzzle_is_read_with_its_dominoes_and_singles() {
        let file = parse_puzzles(&format!("{ONE_PUZZLE}0\n"));
        assert_eq!(file.end, End::Zero { line: 4 });
        assert_eq!(file.entries.len(), 1);
        let puzzle = file.entries[0].puzzle.as_ref().unwrap();
        assert_eq!(
            puzzle.placed(),
            &[PlacedDomino {
                cells: [1, 2],
                digits: [3, 4]
            }]
        );
        assert_eq!(puzzle.singles()[8], 80);
    }

    #[test]
    fn trailing_spaces_and_blank_lines_are_ignored_and_a_missing_zero_is_noted() {
        let text = ONE_PUZZLE.replace('\n', "  \n\n");
        let file = parse_puzzles(&text);
        assert_eq!(file.end, End::EndOfInput);
        assert!(file.entries[0].puzzle.is_ok());
    }

    #[test]
    fn a_bad_count_stops_the_reading_after_the_good_puzzles() {
        let file = parse_puzzles(&format!("{ONE_PUZZLE}x\n{ONE_PUZZLE}"));
        assert_eq!(file.entries.len(), 1);
        let End::Broken(e) = file.end else {
            panic!("expected a broken end")
        };
        assert_eq!(
            e.to_string(),
            "puzzle 2, line 4, column 1: expected the number of placed dominoes (0 to 36), found `x`"
        );
    }
}
