//! One puzzle of a file as its publisher wrote it: the givens (digits, or pencilmarks), the
//! text that names it (a grid's header line, the comment after a puzzle line), and where it
//! was. Readers of every format yield these, so the answers can carry the names back out.
//!
//! A line of the line format is the puzzle's symbols, then perhaps text after whitespace or
//! after `//`, `#` or `;` (Norvig's `top95.txt` starts with `... // from ...`, others end every
//! line with `  // source, date - level`). The text is kept with its separator, so an answer
//! can be written the way the puzzle was.

use super::boxes::Boxes;
use super::digits::DigitSet;
use super::grid::Grid;
use super::parse_error::ParseError;
use super::pencilmarks::{
    is_pencilmark_text_with_boxes, parse_pencilmarks_with_boxes, Pencilmarks,
};
use super::variant::{Cages, Regions};

/// The text that names a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label {
    /// A line before a grid that cannot be one of its rows (`Grid 01`, `Puzzle 3`).
    Header(String),
    /// The text after a puzzle line, and the characters that separated it from the puzzle.
    Trailing {
        /// The whitespace between the puzzle and the text (empty when a `//`, `#` or `;`
        /// follows the puzzle at once), kept to write the answer the same way.
        separator: String,
        /// The text, from its first non-blank character (a `//`, `#` or `;` included) to
        /// its last.
        text: String,
    },
}

impl Label {
    /// The label's own text, without a separator.
    pub fn text(&self) -> &str {
        match self {
            Label::Header(text) | Label::Trailing { text, .. } => text,
        }
    }

    /// Appends the label to a one-line answer (`answer` without its line ending), separated as
    /// it was in the input; a header goes after one space.
    pub fn append_to(&self, answer: &mut String) {
        match self {
            Label::Header(text) => {
                answer.push(' ');
                answer.push_str(text);
            }
            Label::Trailing { separator, text } => {
                answer.push_str(separator);
                answer.push_str(text);
            }
        }
    }
}

/// What a puzzle gives: digits in some cells, or every cell's candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Givens {
    /// A grid of digits, 0 for an empty cell: the usual puzzle.
    Digits(Grid),
    /// Every cell's candidates, from a pencilmark line; a search keeps within them.
    Pencilmarks(Pencilmarks),
}

impl Givens {
    /// The digits given: for pencilmarks, the cells left with one candidate.
    pub fn grid(&self) -> &Grid {
        match self {
            Givens::Digits(grid) => grid,
            Givens::Pencilmarks(marks) => marks.grid(),
        }
    }

    /// The candidates each cell may take, one bit per digit (bit 0 for digit 1), when the
    /// puzzle restricts them beyond the rules.
    pub fn candidates(&self) -> Option<&[DigitSet]> {
        match self {
            Givens::Digits(_) => None,
            Givens::Pencilmarks(marks) => Some(marks.candidates()),
        }
    }
}

/// A grid of givens read from a text, with the line where it starts: a [`Record`] without its
/// label and other parts (see [`Record::parsed_grid`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedGrid {
    /// The 1-based line where the puzzle starts (its first row, for a grid).
    pub line: usize,
    /// The givens, checked against the Sudoku rules.
    pub grid: Grid,
}

/// One puzzle read from a file, or the fault that kept it from being read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The 1-based line the puzzle starts on (its first row, for a grid).
    pub line: usize,
    /// The text that names the puzzle in the file, if any (always `None` in CSV).
    pub label: Option<Label>,
    /// The givens, or the first fault that kept the puzzle from being read.
    pub givens: Result<Givens, ParseError>,
    /// After a malformed grid, the lines (first, last; 1-based) skipped to reach the next place
    /// a grid can be proved to start.
    pub skipped: Option<(usize, usize)>,
    /// The solution the file publishes beside the puzzle (a CSV's solution column), if any, or
    /// why it could not be read.
    pub published: Option<Result<Grid, ParseError>>,
    /// The symbol the puzzle writes for an empty cell, `.` or `0` (its first empty cell's; `.`
    /// when it has none), to write the puzzle back as it came.
    pub empty_symbol: char,
    /// A jigsaw's layout, when its line gave one (see [`Record::parse_variant_line`]).
    pub regions: Option<Regions>,
    /// A Killer's cages with their sums, when its line gave them.
    pub cages: Option<Cages>,
    /// The whole row of a CSV file, every column as the file wrote it, to give back beside the
    /// answer: read through [`Record::csv_fields`], [`Record::csv_columns`] and
    /// [`Record::csv_puzzle`].
    pub(crate) row: Option<CsvRow>,
}

/// A CSV row with its header: the names of the columns, the row's fields (one per column,
/// empty where the row ends early) and which of them is the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CsvRow {
    /// The header's names, shared by every row of the file.
    pub names: std::sync::Arc<[String]>,
    /// The row's fields, unquoted.
    pub fields: Vec<String>,
    /// The index of the puzzle's column.
    pub puzzle: usize,
}

impl Record {
    /// Every field of the CSV row the record came from, in the file's order, unquoted (the
    /// ones the row lacks, empty); `None` for a record of any other format.
    pub fn csv_fields(&self) -> Option<&[String]> {
        self.row.as_ref().map(|row| &row.fields[..])
    }

    /// The CSV row's fields by their header's names, in the file's order; `None` for a record
    /// of any other format.
    pub fn csv_columns(&self) -> Option<impl Iterator<Item = (&str, &str)> + '_> {
        self.row.as_ref().map(|row| {
            row.names
                .iter()
                .zip(&row.fields)
                .map(|(name, field)| (name.as_str(), field.as_str()))
        })
    }

    /// The puzzle's field as the CSV file wrote it; `None` for a record of any other format.
    pub fn csv_puzzle(&self) -> Option<&str> {
        let row = self.row.as_ref()?;
        row.fields.get(row.puzzle).map(String::as_str)
    }

    /// Reads one line of the line format with the box shape `boxes` says (see [`Boxes`]): the
    /// puzzle (digits, or pencilmarks when the length is N·N·N and every cell's N characters
    /// are its candidates in order), and the text after it. Leading whitespace is skipped
    /// (columns still count from the line's start).
    pub fn parse_line(text: &str, line: usize, boxes: Boxes) -> Record {
        parse_line_record_with_boxes(text, line, boxes)
    }

    /// Whether the puzzle of a line ends within `start`, the line's beginning: a separator
    /// (whitespace, `//`, `#`, `;`) follows a puzzle there. A line-format reader asks it of the
    /// part of a line before its first byte that is not UTF-8: when the puzzle ends before that
    /// byte, the byte is in the line's trailing text, free text like a comment, which is then
    /// read as U+FFFD rather than costing the puzzle its answer.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::Record;
    ///
    /// assert!(Record::puzzle_ends_within("1.3...1.2.4...23 B7 "));
    /// assert!(Record::puzzle_ends_within("  ..3..1..23......#"));
    /// assert!(!Record::puzzle_ends_within("1.3...1.2"));
    /// assert!(!Record::puzzle_ends_within("   "));
    /// ```
    pub fn puzzle_ends_within(start: &str) -> bool {
        let body = start.trim_start();
        !body.is_empty() && puzzle_end(body).is_some()
    }

    /// The puzzle of a line of the line format, as written: without its indent and the text after
    /// it (which a [`Record`] keeps as its label).
    ///
    /// ```
    /// use dlx_puzzles::sudoku::Record;
    ///
    /// assert_eq!(Record::line_puzzle("  1.3...1.2.4...23 // the first"), "1.3...1.2.4...23");
    /// assert_eq!(Record::line_puzzle("1.3...1.2.4...23#x"), "1.3...1.2.4...23");
    /// ```
    pub fn line_puzzle(text: &str) -> &str {
        split_trailing(text.trim_start()).0
    }

    /// The record's grid of givens with its line, without its label and other parts: what a
    /// pass that works on grids alone (cross-hatching, rating) takes.
    pub fn parsed_grid(&self) -> Result<ParsedGrid, ParseError> {
        let givens = self.givens.as_ref().map_err(Clone::clone)?;
        Ok(ParsedGrid {
            line: self.line,
            grid: givens.grid().clone(),
        })
    }

    /// A record with nothing but its givens.
    pub fn new(line: usize, givens: Result<Givens, ParseError>) -> Record {
        Record {
            line,
            label: None,
            givens,
            skipped: None,
            published: None,
            empty_symbol: '.',
            regions: None,
            cages: None,
            row: None,
        }
    }

    /// The digits given (for pencilmarks, the cells left with one candidate). Panics on a
    /// record that holds a fault instead of givens; a record from
    /// [`Record::parse_variant_line`] never does.
    pub fn grid(&self) -> &Grid {
        match &self.givens {
            Ok(givens) => givens.grid(),
            Err(error) => panic!("a record without givens: {error}"),
        }
    }

    /// The label's text (a variant line's comment), if the puzzle has one.
    pub fn comment(&self) -> Option<&str> {
        self.label.as_ref().map(Label::text)
    }
}

/// The symbol a puzzle's text writes for an empty cell: its first `.` or `0`, else `.`.
pub(super) fn empty_symbol_of(text: &str) -> char {
    text.chars().find(|&c| c == '.' || c == '0').unwrap_or('.')
}

/// Where a line's puzzle ends and its trailing text starts: the first whitespace, or the first
/// `//`, `#` or `;`. Returns (puzzle, separator, trailing text); leading whitespace is no part
/// of the puzzle, and trailing whitespace none of the text.
pub(super) fn split_trailing(text: &str) -> (&str, &str, &str) {
    let text = text.trim_end();
    let (puzzle, rest) = text.split_at(puzzle_end(text).unwrap_or(text.len()));
    let trimmed = rest.trim_start();
    let separator = &rest[..rest.len() - trimmed.len()];
    (puzzle, separator, trimmed)
}

/// Where the puzzle at the start of `text` ends, if a separator follows it there.
fn puzzle_end(text: &str) -> Option<usize> {
    text.char_indices()
        .find(|&(at, c)| c.is_whitespace() || c == '#' || c == ';' || text[at..].starts_with("//"))
        .map(|(at, _)| at)
}

/// Reads one line of the line format: the puzzle (digits, or pencilmarks when the length is
/// N·N·N and every cell's N characters are its candidates in order), and the text after it.
/// Leading whitespace is skipped (columns still count from the line's start).
#[cfg(test)]
fn parse_line_record(text: &str, line: usize) -> Record {
    parse_line_record_with_boxes(text, line, Boxes::Usual)
}

/// [`parse_line_record`] with the box shape `boxes` says (see [`Boxes`]).
pub(crate) fn parse_line_record_with_boxes(text: &str, line: usize, boxes: Boxes) -> Record {
    let body = text.trim_start();
    let indent = text[..text.len() - body.len()].chars().count();
    let (puzzle, separator, trailing) = split_trailing(body);
    let shift = |mut error: ParseError| {
        error.column += indent;
        error
    };
    let pencilmarks = is_pencilmark_text_with_boxes(puzzle, boxes);
    let givens = if pencilmarks {
        parse_pencilmarks_with_boxes(puzzle, line, boxes).map(Givens::Pencilmarks)
    } else {
        Grid::parse_line_with_boxes(puzzle, line, boxes).map(Givens::Digits)
    };
    let mut record = Record::new(line, givens.map_err(shift));
    if !pencilmarks {
        record.empty_symbol = empty_symbol_of(puzzle);
    }
    if !trailing.is_empty() {
        record.label = Some(Label::Trailing {
            separator: separator.to_string(),
            text: trailing.to_string(),
        });
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_record_knows_how_its_puzzle_writes_an_empty_cell() {
        assert_eq!(parse_line_record(PUZZLE, 1).empty_symbol, '.');
        let zeros = PUZZLE.replace('.', "0");
        assert_eq!(parse_line_record(&zeros, 1).empty_symbol, '0');
        let full = "1234341221434321 // full";
        assert_eq!(parse_line_record(full, 1).empty_symbol, '.');
        // Boxes given: the 6x6 line reads with them.
        let tall = crate::sudoku::Shape::new(3, 2).unwrap();
        let record = parse_line_record_with_boxes(&"0".repeat(36), 1, Boxes::Given(tall));
        assert_eq!(record.givens.unwrap().grid().shape(), tall);
        assert_eq!(record.empty_symbol, '0');
    }

    #[test]
    fn the_text_after_a_puzzle_is_kept_with_its_separator() {
        for (tail, separator, text) in [
            (" // from a site", " ", "// from a site"),
            ("  // source, date - level", "  ", "// source, date - level"),
            ("// glued", "", "// glued"),
            ("\t# tab", "\t", "# tab"),
            (";x", "", ";x"),
            (" name", " ", "name"),
        ] {
            let record = parse_line_record(&format!("{PUZZLE}{tail}\r"), 3);
            let grid = record.givens.as_ref().unwrap().grid();
            assert_eq!(grid.get(0), 4, "{tail}");
            assert_eq!(
                record.label,
                Some(Label::Trailing {
                    separator: separator.to_string(),
                    text: text.to_string()
                }),
                "{tail}"
            );
            let mut answer = String::from("ANSWER");
            record.label.unwrap().append_to(&mut answer);
            assert_eq!(answer, format!("ANSWER{tail}"));
        }
    }

    #[test]
    fn a_bad_symbol_is_still_an_error_at_its_column_after_an_indent() {
        let line = format!("  {}x{}", &PUZZLE[..10], &PUZZLE[11..]);
        let error = parse_line_record(&line, 9).givens.unwrap_err();
        assert_eq!((error.line, error.column), (9, 13));
        let short = format!("{} // comment", &PUZZLE[..80]);
        assert!(parse_line_record(&short, 1).givens.is_err());
        assert_eq!(parse_line_record(PUZZLE, 1).label, None);
    }
}
