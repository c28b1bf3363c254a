//! Puzzles in CSV with a header row, as the large public sets publish them (`quizzes,solutions`;
//! `id,puzzle,solution,clues,difficulty`; `unsolved,solved`): the puzzle column found by its
//! name or chosen by the user, and the published solution, when there is a column for it, read
//! beside it so answers can be checked against it. Quoting and CRLF are the `csv` crate's.

use super::boxes::Boxes;
use super::grid::Grid;
use super::parse_error::{ParseError, ParseErrorKind};
use super::record::{parse_line_record_with_boxes, CsvRow, Record};
use std::collections::VecDeque;
use std::io::Read;

/// Header names of a puzzle column, compared without case.
pub(crate) const PUZZLE_COLUMNS: [&str; 6] = [
    "quizzes", "quiz", "puzzle", "puzzles", "unsolved", "question",
];

/// Header names of a solution column, compared without case.
pub(crate) const SOLUTION_COLUMNS: [&str; 4] = ["solutions", "solution", "solved", "answer"];

/// The column the user chose: by its header name, or by its number (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ColumnChoice {
    /// The column whose header is this name, compared trimmed and without case.
    Name(String),
    /// The column at this place, from 1; a number past the last column finds none.
    Number(usize),
}

impl ColumnChoice {
    /// Reads a column as a user names it: a number is a column number (1-based), anything else
    /// a name.
    pub(crate) fn parse(text: &str) -> ColumnChoice {
        match text.parse::<usize>() {
            Ok(number) => ColumnChoice::Number(number),
            Err(_) => ColumnChoice::Name(text.to_string()),
        }
    }
}

/// The index of the first field whose name, trimmed and without case, is one of `names`.
fn find_column<'a>(fields: impl Iterator<Item = &'a str>, names: &[&str]) -> Option<usize> {
    let fields: Vec<String> = fields.map(|f| f.trim().to_ascii_lowercase()).collect();
    names
        .iter()
        .find_map(|name| fields.iter().position(|f| f == name))
}

/// Whether a text's first line is a CSV header naming a puzzle column.
pub(crate) fn header_names_a_puzzle_column(first_line: &str) -> bool {
    first_line.contains(',')
        && find_column(
            first_line.split(',').map(|f| f.trim_matches('"')),
            &PUZZLE_COLUMNS,
        )
        .is_some()
}

/// The columns read from each row.
#[derive(Clone, Copy, Debug)]
struct Columns {
    puzzle: usize,
    solution: Option<usize>,
}

/// The longest CSV row read: 1 MiB, far past any puzzle row (two 61x61 grids take 7.3 KiB).
/// The csv reader holds a row whole, so a row without end (a quote never closed, `/dev/zero`)
/// would grow without bound; past this the reading stops with an error at the row.
pub(crate) const MAX_ROW_BYTES: u64 = 1 << 20;

/// What the csv reader may read beyond the row it is reading: its buffer (8 KiB by default).
const READ_AHEAD_BYTES: u64 = 64 << 10;

/// The bytes the csv reader reads: each CRLF turned into LF, and the blank lines noted.
///
/// Both are for line numbers, which must name a row's line. The csv reader counts a CRLF
/// file's lines one short (it ends a record at the CR and counts the line at the LF, after the
/// next record's start is taken), and it gives the first row after blank lines the line of the
/// first blank one (BurntSushi/rust-csv#208: the start is taken before the blank lines are
/// skipped). So the blank lines handed over are noted, as runs, until the row after them
/// claims them ([`CsvSource::claim_blank_lines`]).
pub(crate) struct CsvSource<R> {
    inner: R,
    /// A CR read at the end of the last chunk, not yet known to precede an LF.
    pending_cr: bool,
    /// The bytes handed to the csv reader so far, in its counting (each CRLF one byte).
    handed: u64,
    /// The last byte handed; an LF before the first, as the first line starts a line.
    last: u8,
    /// Runs of blank lines handed and not claimed yet: the offset of the first one's LF (the
    /// only byte of a blank line, once CRLF is LF) and how many follow one another. A run is
    /// one entry however long, so a file of blank lines takes no memory, and each row drops
    /// the runs before it: what is held is the runs of the bytes read ahead of the row being
    /// read (the csv reader's buffer of a few KiB) and of that row itself (blank lines inside
    /// a quoted field, at most one run every three bytes; the row is held whole by the csv
    /// reader anyway).
    blank_runs: VecDeque<(u64, u64)>,
    /// The start of the last row claimed: a row being read started there or later, so more
    /// than [`MAX_ROW_BYTES`] (and the read-ahead) handed past it means a row too long.
    claimed: u64,
    /// Where the bytes handed so far stand in the CSV grammar, as the csv reader reads them.
    quoting: Quoting,
    /// The line and column (in characters) of the next byte handed.
    line: usize,
    column: usize,
    /// The quote that opened the quoted field being read, if one is.
    open_quote: Option<OpenQuote>,
    /// Whether the source has ended.
    ended: bool,
}

/// Where a byte of CSV stands: the csv reader's own states, as far as quotes go (a quote
/// opens a quoted field only at a field's start; `""` inside one is a quote).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quoting {
    FieldStart,
    Unquoted,
    Quoted,
    /// A quote in a quoted field: its end, or the first half of `""`.
    QuoteInQuoted,
}

/// A quote that opened a quoted field: its byte (as handed), line and column.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpenQuote {
    offset: u64,
    line: usize,
    column: usize,
}

/// A quote never closed: where it opened, and the last line of the input, all of it taken into
/// the quoted field.
#[derive(Clone, Copy, Debug)]
struct UnclosedQuote {
    quote: OpenQuote,
    last_line: usize,
}

impl UnclosedQuote {
    fn error(&self) -> ParseError {
        ParseError {
            line: self.quote.line,
            column: self.quote.column,
            kind: ParseErrorKind::UnclosedQuote {
                first_line: self.quote.line,
                last_line: self.last_line,
            },
        }
    }
}

/// The quote never closed that the row from byte `start` to the reader's position holds, if
/// it holds one (it is then the input's last row).
fn unclosed_quote_in<R: Read>(
    reader: &csv::Reader<CsvSource<R>>,
    start: Option<&csv::Position>,
) -> Option<ParseError> {
    let unclosed = reader.get_ref().unclosed_quote()?;
    let start = start.map_or(0, |start| start.byte());
    let offset = unclosed.quote.offset;
    (start <= offset && offset < reader.position().byte()).then(|| unclosed.error())
}

impl<R> CsvSource<R> {
    fn new(inner: R) -> CsvSource<R> {
        CsvSource {
            inner,
            pending_cr: false,
            handed: 0,
            last: b'\n',
            blank_runs: VecDeque::new(),
            claimed: 0,
            quoting: Quoting::FieldStart,
            line: 1,
            column: 1,
            open_quote: None,
            ended: false,
        }
    }

    /// The quote that the input ended inside, if it did, once the whole input is handed: the
    /// csv reader takes the rest of the input into that field without a word.
    fn unclosed_quote(&self) -> Option<UnclosedQuote> {
        if !self.ended || self.quoting != Quoting::Quoted {
            return None;
        }
        let quote = self.open_quote?;
        let last_line = if self.column == 1 && self.line > 1 {
            self.line - 1
        } else {
            self.line
        };
        Some(UnclosedQuote { quote, last_line })
    }

    /// Follows `byte`, the next one handed, through the CSV grammar and the lines.
    fn follow_quotes(&mut self, byte: u8) {
        let ends_field = byte == b',' || byte == b'\n';
        self.quoting = match (self.quoting, byte) {
            (Quoting::FieldStart, b'"') => {
                self.open_quote = Some(OpenQuote {
                    offset: self.handed,
                    line: self.line,
                    column: self.column,
                });
                Quoting::Quoted
            }
            (Quoting::Quoted, b'"') => Quoting::QuoteInQuoted,
            (Quoting::Quoted, _) => Quoting::Quoted,
            (Quoting::QuoteInQuoted, b'"') => Quoting::Quoted,
            (_, _) if ends_field => Quoting::FieldStart,
            (_, _) => Quoting::Unquoted,
        };
        if byte == b'\n' {
            self.line += 1;
            self.column = 1;
        } else if byte & 0xC0 != 0x80 {
            // One column per character: a UTF-8 continuation byte is part of the one before.
            self.column += 1;
        }
    }

    /// How many blank lines come right before `offset`, the start the csv reader gives a row
    /// (or an error): the lines it skipped there. Runs before `offset` are dropped: they were
    /// inside quoted fields, or before rows already read.
    fn claim_blank_lines(&mut self, offset: u64) -> u64 {
        self.claimed = self.claimed.max(offset);
        while let Some(&(start, count)) = self.blank_runs.front() {
            if start + count <= offset {
                self.blank_runs.pop_front();
                continue;
            }
            if start > offset {
                return 0;
            }
            self.blank_runs.pop_front();
            return start + count - offset;
        }
        0
    }

    /// Notes the blank lines among `bytes`, the next ones handed over.
    fn note_blank_lines(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.follow_quotes(byte);
            if byte == b'\n' && self.last == b'\n' {
                match self.blank_runs.back_mut() {
                    Some((start, count)) if *start + *count == self.handed => *count += 1,
                    _ => self.blank_runs.push_back((self.handed, 1)),
                }
            }
            self.last = byte;
            self.handed += 1;
        }
    }
}

impl<R: Read> Read for CsvSource<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.handed - self.claimed > MAX_ROW_BYTES + READ_AHEAD_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("a row longer than {MAX_ROW_BYTES} bytes, expected a puzzle row"),
            ));
        }
        let handed = self.read_without_cr(out)?;
        self.ended |= handed == 0 && !out.is_empty();
        self.note_blank_lines(&out[..handed]);
        Ok(handed)
    }
}

impl<R: Read> CsvSource<R> {
    /// Reads the next bytes with each CRLF turned into LF.
    fn read_without_cr(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if out.len() < 2 {
            return self.inner.read(out);
        }
        loop {
            let start = usize::from(self.pending_cr);
            let read = self.inner.read(&mut out[start..])?;
            if read == 0 {
                if std::mem::take(&mut self.pending_cr) {
                    out[0] = b'\r';
                    return Ok(1);
                }
                return Ok(0);
            }
            if self.pending_cr {
                out[0] = b'\r';
                self.pending_cr = false;
            }
            let end = start + read;
            let mut kept = 0;
            for k in 0..end {
                let byte = out[k];
                if byte == b'\r' && k + 1 < end && out[k + 1] == b'\n' {
                    continue;
                }
                if byte == b'\r' && k + 1 == end {
                    self.pending_cr = true;
                    continue;
                }
                out[kept] = byte;
                kept += 1;
            }
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

/// The records of a CSV source, in order: one per row after the header.
pub struct CsvRecords<R: Read> {
    reader: csv::Reader<CsvSource<R>>,
    /// The columns, or the header's fault (reported once, as the first record).
    columns: Option<Result<Columns, ParseError>>,
    row: csv::ByteRecord,
    /// The box shape each puzzle (and published solution) gets.
    boxes: Boxes,
    /// The header's names, as the file wrote them (none when the header could not be read).
    names: std::sync::Arc<[String]>,
}

impl<R: Read> CsvRecords<R> {
    /// Reads the header row of `source` and finds the columns: the one `column` names (a
    /// number counts columns from 1, anything else is a header name, compared trimmed and
    /// without case), or the first with a puzzle column's name (`quizzes`, `quiz`, `puzzle`,
    /// `puzzles`, `unsolved`, `question`); and a solution column, by name (`solutions`,
    /// `solution`, `solved`, `answer`).
    pub fn new(source: R, column: Option<&str>) -> CsvRecords<R> {
        let choice = column.map(ColumnChoice::parse);
        let choice = choice.as_ref();
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .has_headers(true)
            .terminator(csv::Terminator::Any(b'\n'))
            .from_reader(CsvSource::new(source));
        let (columns, names) = match reader.byte_headers() {
            Ok(header) => {
                let names: Vec<String> = header
                    .iter()
                    .map(|f| String::from_utf8_lossy(f).into_owned())
                    .collect();
                let start = header.position().cloned();
                let line = line_of(&mut reader, start.as_ref()).unwrap_or(1);
                let columns = match unclosed_quote_in(&reader, start.as_ref()) {
                    Some(error) => Err(error),
                    None => columns_of(&names, choice, line),
                };
                (Some(columns), names)
            }
            Err(error) => (Some(Err(csv_error(&error, 1))), Vec::new()),
        };
        CsvRecords {
            reader,
            columns,
            row: csv::ByteRecord::new(),
            boxes: Boxes::Usual,
            names: names.into(),
        }
    }

    /// The header's names, as the file wrote them (unquoted); empty when it could not be read.
    pub fn header(&self) -> &[String] {
        &self.names
    }

    /// Reads every puzzle with the box shape `boxes` says (see [`Boxes`]).
    pub fn with_boxes(self, boxes: Boxes) -> CsvRecords<R> {
        CsvRecords { boxes, ..self }
    }
}

/// The line a row read by `reader` starts on, from the start the csv reader gave it, past the
/// blank lines it skipped there (see [`CsvSource`]).
fn line_of<R: Read>(
    reader: &mut csv::Reader<CsvSource<R>>,
    start: Option<&csv::Position>,
) -> Option<usize> {
    let start = start?;
    let skipped = reader.get_mut().claim_blank_lines(start.byte());
    Some((start.line() + skipped) as usize)
}

/// The columns the header `names` (on line `line`) gives, or its fault: the column chosen is
/// not there, or two columns claim the puzzle (or the solution), so which to read is unknown.
fn columns_of(
    names: &[String],
    choice: Option<&ColumnChoice>,
    line: usize,
) -> Result<Columns, ParseError> {
    let fault = |kind| ParseError {
        line,
        column: 1,
        kind,
    };
    let normal = |name: &str| name.trim().to_ascii_lowercase();
    let missing = |chosen: String, numbered_from_one: bool| {
        fault(ParseErrorKind::NoChosenColumn {
            chosen,
            numbered_from_one,
            columns: numbered_columns(names),
        })
    };
    let puzzle = match choice {
        Some(ColumnChoice::Number(n)) if (1..=names.len()).contains(n) => n - 1,
        Some(ColumnChoice::Number(n)) => return Err(missing(n.to_string(), *n == 0)),
        Some(ColumnChoice::Name(name)) => {
            let wanted = normal(name);
            let below_one = name.trim().parse::<i64>().is_ok_and(|n| n < 1);
            let found = columns_where(names, |column| normal(column) == wanted);
            one_column(names, &found, "puzzle")
                .map_err(fault)?
                .ok_or_else(|| missing(name.clone(), below_one))?
        }
        None => {
            let found = columns_where(names, |column| {
                PUZZLE_COLUMNS.contains(&normal(column).as_str())
            });
            one_column(names, &found, "puzzle")
                .map_err(fault)?
                .ok_or_else(|| {
                    fault(ParseErrorKind::NoPuzzleColumn {
                        found: names.join(","),
                    })
                })?
        }
    };
    let found = columns_where(names, |column| {
        SOLUTION_COLUMNS.contains(&normal(column).as_str())
    });
    let found: Vec<usize> = found
        .into_iter()
        .filter(|&column| column != puzzle)
        .collect();
    let solution = one_column(names, &found, "solution").map_err(fault)?;
    Ok(Columns { puzzle, solution })
}

/// The indices of the header's columns whose name passes `test`.
fn columns_where(names: &[String], test: impl Fn(&str) -> bool) -> Vec<usize> {
    (0..names.len()).filter(|&k| test(&names[k])).collect()
}

/// The one column of `found`, none, or the fault of two columns claiming the `role`.
fn one_column(
    names: &[String],
    found: &[usize],
    role: &'static str,
) -> Result<Option<usize>, ParseErrorKind> {
    match *found {
        [] => Ok(None),
        [column] => Ok(Some(column)),
        [first, second, ..] => Err(ParseErrorKind::DuplicateColumn {
            role,
            first: (first + 1, names[first].clone()),
            second: (second + 1, names[second].clone()),
        }),
    }
}

/// The header's columns as a message lists them, numbered from 1: `1 "id", 2 "puzzle"`; past
/// the first 20, how many more (a header can be a megabyte of commas).
fn numbered_columns(names: &[String]) -> String {
    const LISTED: usize = 20;
    let mut text = names
        .iter()
        .take(LISTED)
        .enumerate()
        .map(|(k, name)| format!("{} \"{}\"", k + 1, dlx_engine::excerpt::Excerpt(name)))
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > LISTED {
        text.push_str(&format!(" and {} more", names.len() - LISTED));
    }
    text
}

fn csv_error(error: &csv::Error, line: u64) -> ParseError {
    let line = error.position().map_or(line, |p| p.line());
    ParseError {
        line: line as usize,
        column: 1,
        kind: ParseErrorKind::Csv(error.to_string()),
    }
}

impl<R: Read> Iterator for CsvRecords<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let columns = match self.columns.as_ref()? {
            Ok(columns) => *columns,
            Err(error) => {
                let error = error.clone();
                self.columns = None;
                return Some(Record::new(error.line, Err(error)));
            }
        };
        let before = self.reader.position().clone();
        let line = before.line() as usize;
        match self.reader.read_byte_record(&mut self.row) {
            Ok(false) => None,
            Err(error) => {
                // A fault in the file's bytes, or a row too long, ends the reading: the csv
                // reader cannot resume.
                self.columns = None;
                let line = line_of(&mut self.reader, Some(&before)).unwrap_or(line);
                let error = csv_error(&error, line as u64);
                Some(Record::new(error.line, Err(error)))
            }
            Ok(true) => {
                let start = self.row.position().cloned();
                let line = line_of(&mut self.reader, start.as_ref()).unwrap_or(line);
                if let Some(error) = unclosed_quote_in(&self.reader, start.as_ref()) {
                    return Some(Record::new(line, Err(error)));
                }
                let field = |k: usize| self.row.get(k).map(String::from_utf8_lossy);
                let mut record = match field(columns.puzzle) {
                    Some(text) => {
                        let mut record =
                            parse_line_record_with_boxes(text.trim(), line, self.boxes);
                        record.label = None;
                        record
                    }
                    None => Record::new(
                        line,
                        Err(ParseError {
                            line,
                            column: 1,
                            kind: ParseErrorKind::MissingField {
                                column: columns.puzzle + 1,
                                found: self.row.len(),
                            },
                        }),
                    ),
                };
                record.published = columns
                    .solution
                    .and_then(field)
                    .map(|text| Grid::parse_line_with_boxes(text.trim(), line, self.boxes));
                // Every column, the ones the row lacks empty, so the row can be given back whole.
                let width = self.names.len().max(self.row.len());
                record.row = Some(CsvRow {
                    names: std::sync::Arc::clone(&self.names),
                    fields: (0..width)
                        .map(|k| field(k).map(|text| text.into_owned()).unwrap_or_default())
                        .collect(),
                    puzzle: columns.puzzle,
                });
                Some(record)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";

    #[test]
    fn columns_are_found_by_name_quoted_or_not_with_crlf() {
        let text = format!("id,\"puzzle\",solution\r\n7,\"{PUZZLE}\",{PUZZLE}\r\n8,{PUZZLE},\r\n");
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), None).collect();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 2);
        assert_eq!(records[1].line, 3);
        let grid = records[0].givens.as_ref().unwrap().grid();
        assert_eq!(grid.get(2), 4);
        assert!(records[0].published.as_ref().unwrap().is_ok());
        assert!(records[1].published.as_ref().unwrap().is_err());
        // A CR split from its LF by the reader's chunks, and a lone CR, are both kept right.
        let mut plain = String::new();
        CsvSource::new(std::io::Read::chain(&b"a\r"[..], &b"\nb\rc\r"[..]))
            .read_to_string(&mut plain)
            .unwrap();
        assert_eq!(plain, "a\nb\rc\r");
    }

    /// The lines of the rows `text` holds, puzzles or errors.
    fn lines_of_rows(text: &str) -> Vec<usize> {
        CsvRecords::new(text.as_bytes(), None)
            .map(|record| record.line)
            .collect()
    }

    #[test]
    fn a_row_after_blank_lines_names_its_own_line() {
        // Rows after one blank line, after three, and after CRLF blank lines; a blank line at
        // the end adds no row.
        let text = format!("puzzle\n{PUZZLE}\n\n{PUZZLE}\n\n\n\n{PUZZLE}\n\n");
        assert_eq!(lines_of_rows(&text), [2, 4, 8]);
        assert_eq!(lines_of_rows(&text.replace('\n', "\r\n")), [2, 4, 8]);
        // Blank lines before the header, and a last row without its line end.
        let text = format!("\n\npuzzle\n\n{PUZZLE}\n\n{PUZZLE}");
        assert_eq!(lines_of_rows(&text), [5, 7]);
        // A blank line inside a quoted field is the row's, not a skipped one; the next row
        // still names its line.
        let text = format!("note,puzzle\n\"a\n\nb\",{PUZZLE}\n\n7,{PUZZLE}\n");
        assert_eq!(lines_of_rows(&text), [2, 6]);
        // An error names its line and its column there (found by cargo fuzz: the row after a
        // blank line was given the blank line's number).
        let text = format!("puzzle\n{PUZZLE}\n\n..2x{}\n", ".".repeat(12));
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), None).collect();
        let error = records[1].givens.as_ref().unwrap_err();
        assert_eq!((error.line, error.column), (4, 4), "{error}");
        // A header after blank lines: its fault names its line.
        let records: Vec<Record> = CsvRecords::new(&b"\n\na,b\nx,y\n"[..], None).collect();
        assert_eq!(records[0].givens.as_ref().unwrap_err().line, 3);
    }

    #[test]
    fn a_row_past_the_longest_ends_the_reading_at_its_line() {
        // An unclosed quote makes the rest of the input one row: read up to the limit only.
        let mut text = format!("puzzle\n{PUZZLE}\n\n\"").into_bytes();
        text.resize(text.len() + 2 * MAX_ROW_BYTES as usize, b'a');
        text.extend_from_slice(format!("\"\n{PUZZLE}\n").as_bytes());
        let records: Vec<Record> = CsvRecords::new(&text[..], None).collect();
        assert_eq!(
            records.len(),
            2,
            "the puzzle, then the error; nothing after"
        );
        assert!(records[0].givens.is_ok());
        let error = records[1].givens.as_ref().unwrap_err();
        assert_eq!(error.line, 4);
        assert!(
            error
                .to_string()
                .contains("a row longer than 1048576 bytes"),
            "{error}"
        );
        // A long row within the limit is read, and is a malformed puzzle like any other.
        let mut text = b"puzzle\n".to_vec();
        text.resize(text.len() + MAX_ROW_BYTES as usize / 2, b'.');
        text.extend_from_slice(format!("\n{PUZZLE}\n").as_bytes());
        let records: Vec<Record> = CsvRecords::new(&text[..], None).collect();
        assert_eq!(records.len(), 2);
        let error = records[0].givens.as_ref().unwrap_err().to_string();
        assert!(
            error.contains("more than the largest grid takes"),
            "{error}"
        );
        assert!(records[1].givens.is_ok());
    }

    #[test]
    fn a_quote_never_closed_is_an_error_at_the_quote_and_others_are_not() {
        // The quote takes in the rows after it: one error, naming them, for the three rows.
        let text = format!("id,puzzle\n1,{PUZZLE}\n2,\"{PUZZLE}\n3,{PUZZLE}\n4,{PUZZLE}");
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), None).collect();
        assert_eq!(records.len(), 2);
        assert!(records[0].givens.is_ok());
        let error = records[1].givens.as_ref().unwrap_err();
        assert_eq!(
            (records[1].line, error.line, error.column),
            (3, 3, 3),
            "{error}"
        );
        assert!(error.to_string().contains("lines 3 to 5"), "{error}");
        // In the header: the header's fault, reported once.
        let records: Vec<Record> =
            CsvRecords::new(format!("id,\"puzzle\n1,{PUZZLE}\n").as_bytes(), None).collect();
        assert_eq!(records.len(), 1);
        let error = records[0].givens.as_ref().unwrap_err();
        assert_eq!((error.line, error.column), (1, 4), "{error}");
        // Quotes closed, over lines and with `""` inside, and a quote inside an unquoted
        // field, are no fault.
        let text = format!(
            "note,puzzle\n\"a \"\"b\"\"\nc\",{PUZZLE}\nx\"y,\"{PUZZLE}\"\n\"\"\"\",{PUZZLE}\n"
        );
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), None).collect();
        assert_eq!(records.len(), 3);
        assert!(records.iter().all(|record| record.givens.is_ok()));
    }

    #[test]
    fn a_long_run_of_blank_lines_is_held_as_one() {
        let mut source = CsvSource::new(&b""[..]);
        source.note_blank_lines(&[b'\n'; 100_000]);
        source.note_blank_lines(b"x\n\n\n");
        assert_eq!(source.blank_runs.len(), 2);
        assert_eq!(source.claim_blank_lines(0), 100_000);
        assert_eq!(source.claim_blank_lines(100_002), 2);
        assert_eq!(source.claim_blank_lines(100_004), 0);
    }

    #[test]
    fn a_column_is_chosen_by_name_or_number_and_a_missing_one_is_an_error() {
        let text = format!("a,b\nx,{PUZZLE}\n");
        for choice in ["2", "B"] {
            let records: Vec<Record> = CsvRecords::new(text.as_bytes(), Some(choice)).collect();
            assert!(records[0].givens.is_ok(), "{choice:?}");
        }
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), None).collect();
        assert_eq!(records.len(), 1);
        let error = records[0].givens.as_ref().unwrap_err();
        assert_eq!(error.line, 1);
        assert!(
            error
                .to_string()
                .contains("expected a column named quizzes"),
            "{error}"
        );
        for (chosen, below_one) in [("3", false), ("0", true), ("nosuch", false), ("-1", true)] {
            let records: Vec<Record> = CsvRecords::new(text.as_bytes(), Some(chosen)).collect();
            assert_eq!(records.len(), 1, "the header's fault, once");
            let error = records[0].givens.as_ref().unwrap_err();
            assert_eq!(error.line, 1);
            let message = error.to_string();
            assert!(
                message.contains(&format!("--column {chosen}: the header has no such column")),
                "{message}"
            );
            assert!(
                message.ends_with("its columns are 1 \"a\", 2 \"b\""),
                "{message}"
            );
            assert_eq!(message.contains("numbered from 1"), below_one, "{message}");
        }
        assert!(header_names_a_puzzle_column("quizzes,solutions"));
        assert!(!header_names_a_puzzle_column("4.5,6"));
    }

    /// The first error of a CSV text with no column chosen.
    fn header_fault(text: &str, choice: Option<&str>) -> String {
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), choice).collect();
        records[0].givens.as_ref().unwrap_err().to_string()
    }

    #[test]
    fn two_columns_of_one_role_are_an_error_naming_both() {
        let row = format!("{PUZZLE},{PUZZLE},{PUZZLE}\n");
        let cases = [
            ("puzzle,puzzle,x", None, "columns 1 \"puzzle\" and 2 \"puzzle\" both name the puzzle column; expected one (choose it with --column NAME|N)"),
            ("quizzes,x,Puzzle", None, "columns 1 \"quizzes\" and 3 \"Puzzle\" both name the puzzle column"),
            ("x,puzzle,puzzle", Some("puzzle"), "columns 2 \"puzzle\" and 3 \"puzzle\" both name the puzzle column"),
            ("puzzle,solution,answer", None, "columns 2 \"solution\" and 3 \"answer\" both name the solution column; expected one"),
        ];
        for (header, choice, message) in cases {
            let error = header_fault(&format!("{header}\n{row}"), choice);
            assert!(error.starts_with("line 1, column 1: "), "{error}");
            assert!(error.contains(message), "{header}: {error}");
        }
        // A column chosen by number settles it; so does a name only one column has.
        let text = format!("puzzle,puzzle,x\n{row}");
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), Some("2")).collect();
        assert!(records[0].givens.is_ok());
        let text = format!("quizzes,puzzle,x\n{row}");
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), Some("quizzes")).collect();
        assert!(records[0].givens.is_ok());
        // A header of thousands of columns is listed short.
        let wide: Vec<String> = (0..5000).map(|k| format!("c{k}")).collect();
        let error = header_fault(&format!("{}\n", wide.join(",")), Some("9999"));
        assert!(error.ends_with("20 \"c19\" and 4980 more"), "{error}");
    }
}
