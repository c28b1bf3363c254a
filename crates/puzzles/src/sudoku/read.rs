//! Reading every puzzle of a text in a format, in order: the line format a line at a time, the
//! grid formats (spaced and compact) with their headers and resynchronization after a bad row,
//! CSV through [`super::csv`]. Each puzzle comes as a [`Record`] (its label and givens) or, from
//! [`Format::puzzles`], as a [`ParsedGrid`] (its grid and first line).

use super::boxes::Boxes;
use super::format::Format;
use super::grid::{Grid, Shape};
use super::line::finish_grid;
use super::parse_error::{ParseError, ParseErrorKind};
use super::record::{parse_line_record_with_boxes, Givens, Label, ParsedGrid, Record};
use super::symbols::{expected_symbols, symbol_value};
use std::io::Read;

/// A text without the byte order mark (U+FEFF) that some editors write at the start of a file: it
/// is no part of the first line, whose columns count from after it.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

impl Format {
    /// Whether a line holds no puzzle data in any format: blank (spaces, CR) or a `#` comment.
    pub fn is_skipped_line(text: &str) -> bool {
        let text = text.trim_end();
        text.is_empty() || text.starts_with('#')
    }

    /// Every puzzle of a text, in order, with its label. In the line format each line is read on
    /// its own, so an error costs only its line. In the grid formats a line before a grid that
    /// cannot be its first row is the grid's header; after a malformed row, reading resumes at the
    /// next place a grid can be proved to start (a blank line, a header, or the line after the N
    /// rows the bad grid should have had), and the record says which lines it skipped. In CSV the
    /// first row is the header, naming the columns (see [`Records::csv`]).
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Format, Label, Grid, Boxes};
    ///
    /// let text = "# 4x4 puzzles, one a line\n\
    ///             ..3..1..23...... // the first\n\
    ///             ..3..1..2x......\n";
    /// let records: Vec<_> = Format::Line.records(text).collect();
    /// // One record per puzzle line, good or bad; the comment is none.
    /// assert_eq!(records.len(), 2);
    /// assert_eq!(records[0].line, 2);
    /// assert_eq!(records[0].label.as_ref().map(Label::text), Some("// the first"));
    /// let givens = records[0].givens.as_ref().unwrap();
    /// assert_eq!(givens.grid().filled_count(), 4);
    /// let error = records[1].givens.as_ref().unwrap_err();
    /// assert_eq!((error.line, error.column), (3, 10));
    /// ```
    pub fn records(self, text: &str) -> Records<'_> {
        let text = without_bom(text);
        let inner = match self {
            Format::Csv => RecordsInner::Csv(Box::new(super::csv::CsvRecords::new(
                Box::new(text.as_bytes()),
                None,
            ))),
            _ => RecordsInner::Lines(LineReader {
                lines: text.lines().enumerate().peekable(),
                format: self,
                last_side: None,
                boxes: Boxes::Usual,
            }),
        };
        Records { inner }
    }

    /// Every puzzle of a text, in order: a grid or the error that stopped it (see [`Format::records`],
    /// whose records this gives without their labels).
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Format, ParseErrorKind};
    ///
    /// // Two 4x4 grids in the spaced format; the second has a short row.
    /// let text = "# two grids\n\
    ///             . . 3 .\n. 1 . .\n2 3 . .\n. . . .\n\
    ///             \n\
    ///             1 . . .\n. . 2\n. . . .\n. . . .\n";
    /// let puzzles: Vec<_> = Format::Spaced.puzzles(text).collect();
    /// assert_eq!(puzzles.len(), 2);
    /// let first = puzzles[0].as_ref().unwrap();
    /// assert_eq!(first.line, 2);
    /// assert_eq!(first.grid, "..3..1..23......".parse().unwrap());
    /// let error = puzzles[1].as_ref().unwrap_err();
    /// assert_eq!(error.line, 8);
    /// assert!(matches!(error.kind, ParseErrorKind::RowLength { found: 3, expected: 4 }));
    /// ```
    pub fn puzzles(self, text: &str) -> impl Iterator<Item = Result<ParsedGrid, ParseError>> + '_ {
        self.records(text).grids()
    }
}

impl<'a> Records<'a> {
    /// Reads every puzzle with the box shape `boxes` says, rather than each side's usual one
    /// (see [`Boxes`]).
    pub fn with_boxes(mut self, boxes: Boxes) -> Self {
        self.inner = match self.inner {
            RecordsInner::Lines(reader) => RecordsInner::Lines(LineReader { boxes, ..reader }),
            RecordsInner::Csv(reader) => RecordsInner::Csv(Box::new(reader.with_boxes(boxes))),
        };
        self
    }

    /// The grids of the records, each with its first line, or the error that stopped it:
    /// the records without their labels.
    pub fn grids(self) -> impl Iterator<Item = Result<ParsedGrid, ParseError>> + 'a {
        self.map(|record| record.parsed_grid())
    }
}

/// Every puzzle of a text, in order, with its label: the iterator of [`Format::records`].
pub struct Records<'a> {
    inner: RecordsInner<'a>,
}

enum RecordsInner<'a> {
    Lines(LineReader<'a>),
    Csv(Box<super::csv::CsvRecords<Box<dyn Read + Send + 'a>>>),
}

impl<'a> Records<'a> {
    /// The records of a CSV source, read as it streams, one per row after the header: the
    /// puzzle from the column `column` names (a number counts columns from 1, anything else is
    /// a header name, compared trimmed and without case), or from the first with a puzzle
    /// column's name (`quizzes`, `quiz`, `puzzle`, `puzzles`, `unsolved`, `question`); a
    /// published solution from a column named `solutions`, `solution`, `solved` or `answer`.
    pub fn csv(source: impl Read + Send + 'a, column: Option<&str>) -> Records<'a> {
        let reader = super::csv::CsvRecords::new(Box::new(source) as Box<dyn Read + Send>, column);
        Records {
            inner: RecordsInner::Csv(Box::new(reader)),
        }
    }

    /// A CSV source's header names, as the file wrote them (unquoted); empty for the other
    /// formats, and when the header could not be read.
    pub fn header(&self) -> &[String] {
        match &self.inner {
            RecordsInner::Csv(reader) => reader.header(),
            RecordsInner::Lines(_) => &[],
        }
    }
}

impl Iterator for Records<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        match &mut self.inner {
            RecordsInner::Lines(reader) => reader.next_record(),
            RecordsInner::Csv(reader) => reader.next(),
        }
    }
}

/// Reads the line and grid formats, line by line.
struct LineReader<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    format: Format,
    /// The side of the last grid whose first row had one, to resynchronize after a first row
    /// that has none.
    last_side: Option<usize>,
    /// The box shape each puzzle gets.
    boxes: Boxes,
}

/// Whether a line can be a row of a grid in a format, or is a header (`Grid 01`, `Puzzle 3`,
/// `========`): a line that has not a row's shape (see [`has_row_shape`]) and holds a letter,
/// or no digit. A row spoilt by a stray byte is still a row, and an error.
fn can_be_row(text: &str, format: Format) -> bool {
    let looks_like_text =
        text.chars().any(|c| c.is_ascii_alphabetic()) || !text.chars().any(|c| c.is_ascii_digit());
    has_row_shape(text, format) || !looks_like_text
}

/// Whether a line has a row's shape: a compact row is symbols only (no blank inside), its first
/// one a digit of a grid as wide as the line; a spaced row starts with a number or `.`.
fn has_row_shape(text: &str, format: Format) -> bool {
    let text = text.trim();
    match format {
        Format::Spaced => text
            .split_whitespace()
            .next()
            .is_some_and(|first| first == "." || first.bytes().all(|b| b.is_ascii_digit())),
        _ => {
            let length = text.chars().count();
            let all_symbols = text.chars().all(|c| c == '.' || c.is_ascii_alphanumeric());
            let first_fits = text
                .chars()
                .next()
                .and_then(|c| symbol_value(c, length))
                .is_some_and(|v| v as usize <= length.max(9));
            all_symbols && first_fits
        }
    }
}

impl LineReader<'_> {
    fn next_record(&mut self) -> Option<Record> {
        if self.format == Format::Line {
            let (index, text) = self
                .lines
                .by_ref()
                .find(|(_, l)| !Format::is_skipped_line(l))?;
            return Some(parse_line_record_with_boxes(text, index + 1, self.boxes));
        }
        let mut label = None;
        let (index, first) = loop {
            let (index, text) = self.lines.next()?;
            if Format::is_skipped_line(text) {
                continue;
            }
            if self.is_puzzle_line_among_grids(text) {
                // A line-format puzzle in a file of grids (the format detected from the first
                // lines' votes): read as what it is, never as the first row of a grid N·N wide
                // whose missing rows would swallow the lines after it.
                return Some(parse_line_record_with_boxes(text, index + 1, self.boxes));
            }
            if can_be_row(text, self.format) {
                break (index, text);
            }
            label = Some(Label::Header(text.trim().to_string()));
        };
        let line = index + 1;
        let (grid, fault, empty_symbol) = self.read_grid(first, line);
        let mut record = Record::new(line, grid.map(Givens::Digits));
        record.label = label;
        record.empty_symbol = empty_symbol;
        if let Some(fault) = fault {
            record.skipped = self.resynchronize(fault);
        }
        Some(record)
    }

    /// Whether `text`, met where a compact grid would start, is a line-format puzzle: its
    /// first field is N·N symbols for a side N the boxes allow, and the next line is not as
    /// wide (as the second row of a grid N·N wide would be).
    fn is_puzzle_line_among_grids(&mut self, text: &str) -> bool {
        if self.format != Format::Compact {
            return false;
        }
        let field = text.split_whitespace().next().unwrap_or("");
        let length = field.chars().count();
        let symbols = field.chars().all(|c| c == '.' || c.is_ascii_alphanumeric());
        let side = (length as f64).sqrt().round() as usize;
        let is_puzzle = symbols
            && side >= 4
            && side * side == length
            && self.boxes.shape_for_cells(length).is_some();
        is_puzzle
            && self
                .lines
                .peek()
                .is_none_or(|(_, next)| next.trim().chars().count() != text.trim().chars().count())
    }

    /// Skips the rest of a grid that failed at row `row` (0-based) of `side`: up to the line
    /// after its last row, or to a blank line or a header if one comes first. Returns the lines
    /// skipped, if any.
    fn resynchronize(&mut self, fault: RowFault) -> Option<(usize, usize)> {
        let mut left = fault
            .side
            .or(self.last_side)
            .map_or(usize::MAX, |side| side.saturating_sub(fault.row + 1));
        let mut skipped: Option<(usize, usize)> = None;
        while left > 0 {
            let Some(&(index, text)) = self.lines.peek() else {
                break;
            };
            if text.trim().is_empty() || !can_be_row(text, self.format) {
                break;
            }
            self.lines.next();
            left -= 1;
            let line = index + 1;
            skipped = Some(skipped.map_or((line, line), |(first, _)| (first, line)));
        }
        skipped
    }

    /// Reads a spaced or compact grid whose first row is `first`, at line `line`. A fault in a
    /// row comes with the row's place, so the reader can skip the rest of the grid. Also gives
    /// the symbol the grid writes for an empty cell, as far as it was read.
    fn read_grid(
        &mut self,
        first: &str,
        line: usize,
    ) -> (Result<Grid, ParseError>, Option<RowFault>, char) {
        let mut empty_symbol = None;
        let (grid, fault) = self.read_grid_cells(first, line, &mut empty_symbol);
        (grid, fault, empty_symbol.unwrap_or('.'))
    }

    /// [`LineReader::read_grid`]'s work: sets `empty_symbol` at the first empty cell.
    fn read_grid_cells(
        &mut self,
        first: &str,
        line: usize,
        empty_symbol: &mut Option<char>,
    ) -> (Result<Grid, ParseError>, Option<RowFault>) {
        let spaced = self.format == Format::Spaced;
        let first_row = split_row(first, spaced);
        let side = first_row.len();
        let shape = match self.shape_for_first_row(side, line) {
            Ok(shape) => shape,
            Err(error) => return (Err(error), Some(RowFault { side: None, row: 0 })),
        };
        self.last_side = Some(side);
        let fault = |row: usize| {
            Some(RowFault {
                side: Some(side),
                row,
            })
        };
        let mut cells = Vec::with_capacity(side * side);
        // Where each cell came from, to place a conflicting given.
        let mut positions = Vec::with_capacity(side * side);
        let (mut row_line, mut row) = (line, first_row);
        for r in 0..side {
            if r > 0 {
                match self.next_row(r, side, row_line) {
                    Ok((line, text)) => (row_line, row) = (line, split_row(text, spaced)),
                    Err(error) => return (Err(error), None),
                }
            }
            if let Err(error) = check_row_length(&row, side, row_line) {
                return (Err(error), fault(r));
            }
            for field in &row {
                let value = match field_value(field, side, spaced, row_line) {
                    Ok(value) => value,
                    Err(error) => return (Err(error), fault(r)),
                };
                if value == 0 && empty_symbol.is_none() {
                    *empty_symbol = Some(if field.text == "0" { '0' } else { '.' });
                }
                cells.push(value);
                positions.push((row_line, field.column));
            }
        }
        (finish_grid(shape, cells, |cell| positions[cell]), None)
    }

    /// The shape of a grid whose first row, at `line`, has `side` cells, under the reader's
    /// boxes.
    fn shape_for_first_row(&self, side: usize, line: usize) -> Result<Shape, ParseError> {
        self.boxes.shape_for_side(side).ok_or_else(|| {
            let kind = match self.boxes {
                Boxes::Usual => ParseErrorKind::NoShapeForRow { found: side },
                Boxes::Given(shape) => ParseErrorKind::RowNotOfBoxes { found: side, shape },
            };
            ParseError {
                line,
                column: 1,
                kind,
            }
        })
    }

    /// Takes row `r` (from 0) of a grid of `side` rows, the previous one being at `row_line`:
    /// its line and text. A blank line or a header ends the grid early (a header is kept for
    /// the next grid).
    fn next_row(
        &mut self,
        r: usize,
        side: usize,
        row_line: usize,
    ) -> Result<(usize, &str), ParseError> {
        let format = self.format;
        let next = self
            .lines
            .peek()
            .filter(|(_, l)| !l.trim().is_empty() && can_be_row(l, format));
        let Some(&(index, text)) = next else {
            return Err(ParseError {
                line: row_line + 1,
                column: 1,
                kind: ParseErrorKind::MissingRows {
                    found: r,
                    expected: side,
                },
            });
        };
        self.lines.next();
        Ok((index + 1, text))
    }
}

/// Checks that a row at `row_line` has `side` cells, the error placed at the first extra cell
/// or just past the last one.
fn check_row_length(row: &[Field<'_>], side: usize, row_line: usize) -> Result<(), ParseError> {
    if row.len() == side {
        return Ok(());
    }
    let column = row.get(side).map_or(row_end_column(row), |f| f.column);
    Err(ParseError {
        line: row_line,
        column,
        kind: ParseErrorKind::RowLength {
            found: row.len(),
            expected: side,
        },
    })
}

/// The digit of one cell of a row at `row_line` (0 for empty): a number in a spaced row, a
/// symbol in a compact one.
fn field_value(
    field: &Field<'_>,
    side: usize,
    spaced: bool,
    row_line: usize,
) -> Result<u8, ParseError> {
    let value = if spaced {
        number_value(field.text, side)
    } else {
        field
            .text
            .chars()
            .next()
            .and_then(|c| symbol_value(c, side))
            .filter(|&v| v as usize <= side)
    };
    value.ok_or_else(|| {
        let kind = if spaced {
            ParseErrorKind::BadNumber {
                found: field.text.to_string(),
                side,
            }
        } else {
            ParseErrorKind::BadSymbol {
                found: field.text.chars().next().unwrap_or(' '),
                expected: expected_symbols(side),
            }
        };
        ParseError {
            line: row_line,
            column: field.column,
            kind,
        }
    })
}

/// Where a grid went wrong: at which row, in a grid of which side (`None` when the first row
/// fits no side).
struct RowFault {
    side: Option<usize>,
    row: usize,
}

/// One cell's text in a grid row and its 1-based column.
struct Field<'a> {
    text: &'a str,
    column: usize,
}

/// The fields of a row: blank-separated numbers (spaced) or single symbols (compact).
fn split_row(text: &str, spaced: bool) -> Vec<Field<'_>> {
    let text = text.trim_end();
    let mut fields = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column0, (offset, symbol)) in text.char_indices().enumerate() {
        if !spaced {
            let end = offset + symbol.len_utf8();
            fields.push(Field {
                text: &text[offset..end],
                column: column0 + 1,
            });
            continue;
        }
        match (symbol.is_whitespace(), start) {
            (true, Some((begin, column))) => {
                fields.push(Field {
                    text: &text[begin..offset],
                    column,
                });
                start = None;
            }
            (false, None) => start = Some((offset, column0 + 1)),
            _ => {}
        }
    }
    if let Some((begin, column)) = start {
        fields.push(Field {
            text: &text[begin..],
            column,
        });
    }
    fields
}

/// The column just after a row's last field, where a missing cell was expected.
fn row_end_column(row: &[Field<'_>]) -> usize {
    row.last().map_or(1, |f| f.column + f.text.chars().count())
}

/// A spaced grid's number: decimal `0..=side`, or `.` for empty.
fn number_value(text: &str, side: usize) -> Option<u8> {
    if text == "." {
        return Some(0);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 2 {
        return None;
    }
    let value: usize = text.parse().ok()?;
    (value <= side).then_some(value as u8)
}

#[cfg(test)]
mod tests {
    use super::super::grid::Shape;
    use super::super::symbols::digit_symbol;
    use super::*;
    use proptest::prelude::*;

    /// A grid in the spaced format (Baekjoon 2580's), 20 cells empty.
    const SPACED_SAMPLE: &str = "0 2 8 6 4 0 9 1 7\n9 1 7 2 5 8 0 0 0\n4 0 3 1 9 7 5 0 0\n\
        6 0 9 7 0 5 2 0 4\n2 0 4 3 0 9 1 7 5\n0 7 5 8 2 4 6 3 9\n\
        3 9 1 5 7 2 0 4 0\n8 0 6 9 3 1 0 5 2\n7 5 2 4 0 6 0 9 1\n";

    fn all(text: &str, format: Format) -> Vec<Result<ParsedGrid, ParseError>> {
        format.puzzles(text).collect()
    }

    #[test]
    fn grids_read_with_the_boxes_given_and_keep_their_empty_symbol() {
        let tall = Shape::new(3, 2).unwrap();
        let rows = "1 0 0 0 0 0\n".to_string() + &"0 0 0 0 0 0\n".repeat(5);
        let records: Vec<Record> = Format::Spaced
            .records(&rows)
            .with_boxes(Boxes::Given(tall))
            .collect();
        let grid = records[0].givens.as_ref().unwrap().grid();
        assert_eq!((grid.shape(), records[0].empty_symbol), (tall, '0'));
        let usual = Format::Spaced
            .records(&rows.replace('0', "."))
            .next()
            .unwrap();
        assert_eq!(
            usual.givens.unwrap().grid().shape(),
            Shape::new(2, 3).unwrap()
        );
        assert_eq!(usual.empty_symbol, '.');
        // A grid of another side is an error at its first row.
        let nine = format!("{}\n", ".".repeat(9)).repeat(9);
        let error = Format::Compact
            .records(&nine)
            .with_boxes(Boxes::Given(tall))
            .grids()
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(
            error.kind,
            ParseErrorKind::RowNotOfBoxes {
                found: 9,
                shape: tall
            }
        );
    }

    #[test]
    fn the_spaced_grid_round_trips() {
        let puzzles = all(SPACED_SAMPLE, Format::Spaced);
        assert_eq!(puzzles.len(), 1);
        let grid = &puzzles[0].as_ref().unwrap().grid;
        assert_eq!(grid.shape(), Shape::CLASSIC);
        assert_eq!(grid.get(1), 2);
        assert_eq!(grid.get(0), 0);
        assert_eq!(grid.to_text(Format::Spaced), SPACED_SAMPLE);
    }

    #[test]
    fn formats_are_detected() {
        assert_eq!(Format::detect(SPACED_SAMPLE), Some(Format::Spaced));
        let line = "# c\n\n..3.4...........\n";
        assert_eq!(Format::detect(line), Some(Format::Line));
        let compact = "12..\n..12\n....\n....\n";
        assert_eq!(Format::detect(compact), Some(Format::Compact));
        let puzzle81 = ".".repeat(81);
        assert_eq!(Format::detect(&puzzle81), Some(Format::Line));
        // 16 empty cells: a 16x16 compact grid when 16 such lines follow, 4x4 puzzles otherwise.
        let block = format!("{}\n", ".".repeat(16)).repeat(16);
        assert_eq!(Format::detect(&block), Some(Format::Compact));
        let two = format!("{}\n", ".".repeat(16)).repeat(2);
        assert_eq!(Format::detect(&two), Some(Format::Line));
        assert_eq!(Format::detect("# only\n\n"), None);
    }

    #[test]
    fn letters_go_on_after_nine_case_insensitive() {
        let shape = Shape::for_side(16).unwrap();
        let mut line = ".".repeat(256);
        line.replace_range(0..3, "AgG");
        let grid = Grid::parse_line(&line, 1);
        // g and G are both 16: a conflict in row 1, reported at the second one.
        let e = grid.unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(e.to_string().contains("digit 16 appears twice in row 1"));
        line.replace_range(0..3, "Ag.");
        let grid = Grid::parse_line(&line, 1).unwrap();
        assert_eq!(grid.shape(), shape);
        assert_eq!((grid.get(0), grid.get(1)), (10, 16));
        assert!(grid.to_text(Format::Line).starts_with("AG."));
        assert_eq!(symbol_value('a', 36), Some(36));
        assert_eq!(symbol_value('A', 36), Some(10));
        for digit in 0..=61 {
            assert_eq!(symbol_value(digit_symbol(digit), 61), Some(digit));
        }
    }

    #[test]
    fn a_bad_symbol_names_its_column() {
        let mut line = ".".repeat(81);
        line.replace_range(4..5, "x");
        let e = Grid::parse_line(&line, 7).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 7, column 5: found 'x', expected a digit 1-9, or . or 0 for an empty cell"
        );
        line.replace_range(4..5, "A");
        let e = Grid::parse_line(&line, 7).unwrap_err();
        assert_eq!(e.column, 5);
    }

    #[test]
    fn a_line_of_no_square_length_is_refused() {
        let e = Grid::parse_line(&".".repeat(80), 3).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::NoShapeForLength { found: 80 });
        assert_eq!((e.line, e.column), (3, 1));
    }

    #[test]
    fn crlf_and_comments_are_accepted() {
        let text = "# a comment\r\n\r\n..3.4.......2...\r\n12..............\r\n";
        let puzzles = all(text, Format::Line);
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[0].as_ref().unwrap().line, 3);
        assert_eq!(puzzles[1].as_ref().unwrap().grid.get(1), 2);
        let spaced = SPACED_SAMPLE.replace('\n', "\r\n");
        assert!(all(&spaced, Format::Spaced)[0].is_ok());
    }

    #[test]
    fn a_short_row_names_its_line_and_the_expected_count() {
        let text = SPACED_SAMPLE.replace("6 0 9 7 0 5 2 0 4", "6 0 9 7 0 5 2 0");
        let e = all(&text, Format::Spaced).remove(0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4, column 16: found a row of 8 cells, expected 9 (as in the grid's first row)"
        );
        let text = SPACED_SAMPLE.replace("6 0 9 7 0 5 2 0 4", "6 0 9 7 0 5 2 0 4 1");
        let e = all(&text, Format::Spaced).remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (4, 19));
    }

    #[test]
    fn a_puzzle_line_among_compact_grids_is_read_as_a_puzzle_line() {
        let puzzle =
            "...2..6.4..4......9.6...13...7.3..1......6.53..97.18..1.3.4....54.18.........2...";
        let mut text = format!("{puzzle}\n");
        for row in puzzle.as_bytes().chunks(9) {
            text.push_str(std::str::from_utf8(row).unwrap());
            text.push('\n');
        }
        text.push_str(&format!("{puzzle} # the same, once more\n"));
        let grids = all(&text, Format::Compact);
        assert_eq!(grids.len(), 3, "{grids:?}");
        let first = grids[0].as_ref().unwrap().grid.clone();
        for grid in &grids {
            assert_eq!(grid.as_ref().unwrap().grid, first);
        }
    }

    #[test]
    fn a_grid_cut_short_is_refused_and_reading_resumes_after_a_blank_line() {
        let text = "12..\n..12\n\n1...\n.2..\n..3.\n...4\n";
        let puzzles = all(text, Format::Compact);
        assert_eq!(puzzles.len(), 2);
        let e = puzzles[0].as_ref().unwrap_err();
        assert_eq!(
            e.kind,
            ParseErrorKind::MissingRows {
                found: 2,
                expected: 4
            }
        );
        assert_eq!(puzzles[1].as_ref().unwrap().line, 4);
    }

    #[test]
    fn a_spaced_number_out_of_range_is_refused() {
        let text = SPACED_SAMPLE.replace("9 1 7 2 5", "9 1 7 2 10");
        let e = all(&text, Format::Spaced).remove(0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 9: found \"10\", expected a number from 0 to 9 (0 or . for an empty cell)"
        );
    }

    #[test]
    fn a_conflicting_given_in_a_grid_is_placed_at_its_cell() {
        let text = SPACED_SAMPLE.replace("9 1 7 2 5", "9 1 7 2 1");
        let e = all(&text, Format::Spaced).remove(0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 9: digit 1 appears twice in row 2: at r2c2 and r2c5"
        );
    }

    /// A valid full grid of `shape` (the classic pattern, digits relabelled) with the cells where
    /// `emptied` is true left empty.
    fn puzzle_of(shape: Shape, labels: &[u8], emptied: &[bool]) -> Grid {
        let (side, rows, cols) = (shape.side(), shape.box_rows(), shape.box_cols());
        let mut grid = Grid::empty(shape);
        for cell in 0..side * side {
            let (row, col) = (cell / side, cell % side);
            let value = (cols * (row % rows) + row / rows + col) % side;
            if !emptied[cell % emptied.len()] {
                grid.set(cell, labels[value]);
            }
        }
        grid
    }

    /// Puzzles of several shapes, up to 25x25 and past 35 (where case matters).
    fn grid_strategy() -> impl Strategy<Value = Grid> {
        prop::sample::select(&[(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6)][..])
            .prop_flat_map(|(r, c)| {
                let shape = Shape::new(r, c).unwrap();
                let side = shape.side();
                let labels = Just((1..=side as u8).collect::<Vec<u8>>()).prop_shuffle();
                let emptied = prop::collection::vec(any::<bool>(), 1..=side * side);
                (labels, emptied)
                    .prop_map(move |(labels, emptied)| puzzle_of(shape, &labels, &emptied))
            })
    }

    /// One random edit of a text: what to do, where (a fraction of the length) and with what.
    #[derive(Clone, Debug)]
    enum Edit {
        Insert(f64, &'static str),
        Delete(f64),
        Replace(f64, &'static str),
    }

    /// What edits put into a text: the characters that trouble parsers, and a long line.
    const ODD_PIECES: &[&str] = &[
        "\t", "\r", "\r\n", "\n", "\n\n", "\0", "\u{feff}", " ", "#", ".", "0", "9", "10", "99",
        "x", "é", "\u{a0}", "A", "z", "-1", "\u{fffd}",
    ];

    fn edit_strategy() -> impl Strategy<Value = Edit> {
        let piece = prop::sample::select(ODD_PIECES);
        prop_oneof![
            (0.0..1.0, piece.clone()).prop_map(|(at, s)| Edit::Insert(at, s)),
            (0.0..1.0f64).prop_map(Edit::Delete),
            (0.0..1.0, piece).prop_map(|(at, s)| Edit::Replace(at, s)),
        ]
    }

    /// Applies edits on character boundaries; a `long` text gets a 5,000-character line first.
    fn edited(text: &str, edits: &[Edit], long: bool) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        if long {
            chars.splice(0..0, std::iter::repeat_n('1', 5000).chain(['\n']));
        }
        for edit in edits {
            let place = |at: f64, len: usize| ((at * len as f64) as usize).min(len);
            match *edit {
                Edit::Insert(at, piece) => {
                    let k = place(at, chars.len());
                    chars.splice(k..k, piece.chars());
                }
                Edit::Delete(at) if !chars.is_empty() => {
                    chars.remove(place(at, chars.len() - 1));
                }
                Edit::Replace(at, piece) if !chars.is_empty() => {
                    let k = place(at, chars.len() - 1);
                    chars.splice(k..=k, piece.chars());
                }
                _ => {}
            }
        }
        chars.into_iter().collect()
    }

    /// Runs every reader on a text: each must return, and every grid it returns must have
    /// givens that keep the rules.
    fn read_every_way(text: &str) {
        let _ = Format::detect(text);
        for (index, line) in text.lines().enumerate() {
            if let Ok(grid) = Grid::parse_line(line, index + 1) {
                assert_eq!(grid.check_givens(), Ok(()));
            }
        }
        for format in [Format::Spaced, Format::Compact, Format::Line] {
            for puzzle in format.puzzles(text) {
                match puzzle {
                    Ok(puzzle) => assert_eq!(puzzle.grid.check_givens(), Ok(())),
                    Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e}"),
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn arbitrary_bytes_never_panic_a_reader(
            bytes in prop::collection::vec(any::<u8>(), 0..600),
            alphabet in prop::collection::vec(
                prop::sample::select(&b"0123456789.ABGZagz \t\r\n#\0\xef\xbb\xbf\xff"[..]),
                0..600,
            ),
        ) {
            read_every_way(&String::from_utf8_lossy(&bytes));
            read_every_way(&String::from_utf8_lossy(&alphabet));
        }

        #[test]
        fn near_valid_text_never_panics_a_reader(
            grid in grid_strategy(),
            format in prop::sample::select(&[Format::Spaced, Format::Compact, Format::Line][..]),
            edits in prop::collection::vec(edit_strategy(), 1..6),
            long in prop::bool::weighted(0.1),
        ) {
            let text = grid.to_text(format);
            read_every_way(&edited(&text, &edits, long));
        }

        #[test]
        fn what_the_printers_write_reads_back_the_same(
            grids in prop::collection::vec(grid_strategy(), 1..4),
        ) {
            // Puzzles of one shape, as a grid file holds; line files may mix shapes.
            let shape = grids[0].shape();
            let same_shape: Vec<&Grid> = grids.iter().filter(|g| g.shape() == shape).collect();
            for format in [Format::Spaced, Format::Compact, Format::Line] {
                let texts: Vec<String> = grids.iter().map(|g| g.to_text(format)).collect();
                prop_assert_eq!(Format::detect(&texts[0]), Some(format));
                let separator = if format.is_grid() { "\n" } else { "" };
                let chosen = if format.is_grid() { same_shape.clone() } else { grids.iter().collect() };
                let text = chosen
                    .iter()
                    .map(|g| g.to_text(format))
                    .collect::<Vec<_>>()
                    .join(separator);
                let back: Vec<Grid> = format.puzzles(&text)
                    .map(|p| p.map(|p| p.grid))
                    .collect::<Result<_, _>>()
                    .map_err(|e| TestCaseError::fail(format!("{format}: {e}\n{text}")))?;
                prop_assert_eq!(back.iter().collect::<Vec<_>>(), chosen, "{}", format);
            }
            for grid in &grids {
                let line = grid.to_text(Format::Line);
                prop_assert_eq!(&Grid::parse_line(&line, 1).unwrap(), grid);
            }
        }
    }

    #[test]
    fn every_format_prints_what_it_reads() {
        let shape = Shape::new(3, 4).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 12);
        grid.set(13, 9);
        for format in [Format::Spaced, Format::Compact, Format::Line] {
            let text = grid.to_text(format);
            let back = all(&text, format).remove(0).unwrap().grid;
            assert_eq!(back, grid, "{format}");
        }
    }
}
