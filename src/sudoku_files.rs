//! Sudoku files as every Sudoku command reads them: the reading flags, the formats and their
//! detection, the loop over the inputs (a puzzle given as an argument among them), variant
//! lines and `--regions` layouts, and an answer put back in the file's terms (its label, the
//! solution it publishes, CSV rows).

use super::answer::{Answer, Status};
use super::args::parse_box;
use super::input::{self, Source};
use super::interrupt;
use super::run::Run;
use anyhow::Context;
use dlx_puzzles::sudoku::variant::{Regions, Rules, Variants};
use dlx_puzzles::sudoku::{self, Boxes, Format, ParseErrorKind, Record, Records, Shape};
use std::path::Path;

/// How the puzzle files are read: the flags `sudoku` and `crosshatch` share.
#[derive(Debug, Clone, clap::Args)]
pub struct ReadArgs {
    /// The input's format (default: detected from the file's first lines, as `dlx sudoku
    /// --help` says).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// CSV: the puzzle column, by its header name or its number (1 for the first); a column
    /// the header does not have is an error listing the header's columns. Without --format, a
    /// file whose first line has commas is read as CSV whatever its header's names; on input
    /// that is not CSV, --column is a usage error.
    #[arg(long, value_name = "NAME|N")]
    pub column: Option<String>,
    /// Leave out of the output the text after a puzzle line and a grid's header line (JSON
    /// still has it as `label`).
    #[arg(long)]
    pub strip_comments: bool,
    /// The boxes of every puzzle: R rows by C columns of cells, as `dlx generate --box` makes
    /// them (3x2: a 6x6 grid of boxes 3 cells tall, 2 wide); a puzzle of another side is an
    /// error. Without it each side has its usual shape: square boxes for 4, 9, 16, 25, ...,
    /// else as square as possible and wider than tall (6: 2x3, 8: 2x4, 10: 2x5, 12: 3x4,
    /// 20: 4x5); a prime side (5, 7, ...) has none, and needs --box 1xN.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub boxes: Option<Shape>,
}

impl ReadArgs {
    /// The box shape the puzzles get.
    pub fn boxes(&self) -> Boxes {
        self.boxes.map_or(Boxes::Usual, Boxes::Given)
    }
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FormatArg {
    Spaced,
    Compact,
    Line,
    Csv,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Spaced => Format::Spaced,
            FormatArg::Compact => Format::Compact,
            FormatArg::Line => Format::Line,
            FormatArg::Csv => Format::Csv,
        }
    }
}

/// Whether an argument is a puzzle of the line format under `boxes` (a puzzle whose givens
/// clash is one: it is answered, with no solution); else why not.
pub fn is_puzzle_argument(text: &str, boxes: Boxes) -> Result<(), String> {
    match sudoku::Record::parse_line(text, 1, boxes).givens {
        Ok(_) => Ok(()),
        Err(error) if matches!(error.kind, ParseErrorKind::Givens(_)) => Ok(()),
        Err(error) if error.column == 1 => Err(error.kind.to_string()),
        Err(error) => Err(format!("column {}: {}", error.column, error.kind)),
    }
}

/// Opens every input in turn, detects its format (or takes `--format`) and hands it to
/// `answer`, until the end or a signal. One rule for every command that reads Sudoku files: an
/// input with no puzzle is reported by [`Run::end_source`], and the others are still read.
pub fn for_each_source(
    run: &mut Run,
    files: &[std::path::PathBuf],
    read: &ReadArgs,
    mut answer: impl FnMut(&mut Run, Source, Format) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let boxes = read.boxes();
    let puzzle = |text: &str| is_puzzle_argument(text, boxes);
    for opened in input::sources_or_puzzles(files, Some(&puzzle)) {
        if interrupt::requested() {
            break;
        }
        let mut source = match opened {
            Ok(source) => source,
            Err(unreadable) => {
                run.unreadable(&unreadable)?;
                continue;
            }
        };
        let (name, before) = (source.name.clone(), run.tally.puzzles);
        // An empty source has no format; it holds no puzzle, which `end_source` reports.
        if let Some(mut format) = source_format(&mut source, read.format, boxes, run)? {
            // A header of names detection does not know (`id,grid`) is still CSV to a user who
            // chose one of its columns.
            if read.column.is_some() && read.format.is_none() && first_line_has_commas(&mut source)?
            {
                format = Format::Csv;
            }
            if let (Some(column), false) = (&read.column, format == Format::Csv) {
                anyhow::bail!(
                    "--column {column} chooses a CSV column, but {name} is read as the {format} \
                     format; expected CSV input (a header row naming the columns, or --format csv)"
                );
            }
            answer(run, source, format)?;
        }
        run.end_source(&name, before, false);
    }
    Ok(())
}

/// Whether a source's first line holds a comma, as a CSV header of two columns or more does.
fn first_line_has_commas(source: &mut Source) -> anyhow::Result<bool> {
    let head = input::peek(source)?;
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    Ok(first.contains(&b','))
}

/// How much of a source is read ahead, at most, to find its first puzzle lines: comments and
/// blank lines can come first, as many as they like, but not beyond memory.
const DETECTION_LIMIT: usize = 64 << 20;

/// The format of a source: the line format for a puzzle given as an argument, else the one
/// given, or the one its first lines show (`None` for a source with no puzzle line), for
/// puzzles of the sides `boxes` reads. Detection reads ahead past any leading comments to the
/// first [`sudoku::Detection::SAMPLE_LINES`] other lines (nothing is consumed); under --stats, `run` says
/// what it decided.
pub fn source_format(
    source: &mut Source,
    given: Option<FormatArg>,
    boxes: Boxes,
    run: &Run,
) -> anyhow::Result<Option<Format>> {
    if source.argument {
        return Ok(Some(Format::Line));
    }
    if let Some(format) = given {
        run.note_in_stats(&format!(
            "{}: format: {} (given)",
            source.name,
            Format::from(format)
        ));
        return Ok(Some(format.into()));
    }
    // On a terminal the first puzzle line decides: the lines after it are not typed yet.
    let sample = if source.terminal {
        1
    } else {
        sudoku::Detection::SAMPLE_LINES
    };
    let mut sampled = 0;
    let ahead = input::read_ahead(source, DETECTION_LIMIT, |line| {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_start_matches('\u{feff}');
        if !sudoku::Format::is_skipped_line(text.trim_end_matches(['\n', '\r'])) {
            sampled += 1;
        }
        sampled >= sample
    })?;
    let head = String::from_utf8_lossy(input::peek(source)?);
    let detection = sudoku::Detection::of(&head, boxes);
    if detection.is_none() && !ahead.ended {
        anyhow::bail!(
            "{}: found no puzzle line in the first {} MiB, expected one (only comments and \
             blank lines so far); give --format to read on without detecting the format",
            source.name,
            ahead.bytes >> 20
        );
    }
    if let Some(detection) = &detection {
        run.note_in_stats(&format!("{}: format: {detection}", source.name));
    }
    Ok(detection.map(|d| d.format))
}

/// The output format when `--to` is not given: the input's, or the line format for CSV input.
pub fn default_output(input: Format) -> Format {
    if input == Format::Csv {
        Format::Line
    } else {
        input
    }
}

/// What the rest of a run needs to read a source in its format.
pub struct Reading<'a> {
    pub format: Format,
    pub output: Format,
    pub read: &'a ReadArgs,
    /// Whether answers are separated by a blank line even in the line format.
    pub blank_between: bool,
}

impl Reading<'_> {
    /// Answers every puzzle of `source` with `answer` (given a per-thread state made by `init`),
    /// in order, on the run's workers: the line format and CSV streamed, grids read whole.
    pub fn answer_each<S, I, F>(
        &self,
        run: &mut Run,
        mut source: Source,
        init: I,
        answer: F,
    ) -> anyhow::Result<()>
    where
        S: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &Record) -> Answer + Sync,
    {
        let (output, strip, boxes) = (self.output, self.read.strip_comments, self.read.boxes());
        let finish = |state: &mut S, record: &Record| {
            let mut result = answer(state, record);
            present(&mut result, record, output, strip);
            result
        };
        run.separate_with(if output.is_grid() || self.blank_between {
            b"\n"
        } else {
            b""
        });
        if output == Format::Csv && self.format != Format::Csv {
            run.start_with(csv_header(&["puzzle".to_string()]));
        }
        match self.format {
            Format::Line => run.stream(
                source,
                sudoku::Format::is_skipped_line,
                sudoku::Record::puzzle_ends_within,
                init,
                |state, text, line| {
                    if sudoku::Format::is_skipped_line(text) {
                        return None;
                    }
                    let record = sudoku::Record::parse_line(text, line, boxes);
                    let mut answer = finish(state, &record);
                    answer.puzzle = Some(sudoku::Record::line_puzzle(text).to_string());
                    Some(answer)
                },
            ),
            Format::Csv => {
                let records =
                    Records::csv(source.reader, self.read.column.as_deref()).with_boxes(boxes);
                if output == Format::Csv {
                    run.start_with(csv_header(records.header()));
                }
                run.answer_items(&source.name, records, init, finish)
            }
            Format::Spaced | Format::Compact => {
                let bytes = run.read_whole(&mut source)?;
                let text = String::from_utf8_lossy(&bytes);
                let records = self.format.records(&text).with_boxes(boxes);
                run.answer_items(&source.name, records, init, finish)
            }
        }
    }
}

/// The columns a CSV output adds to the input's: the answer (a solution, or what the text
/// output says instead: `no solution`, a count) and its status word. A name the input already
/// uses gets the prefix `dlx_`, so that no column is shadowed.
fn answer_columns(input: &[String]) -> [String; 2] {
    let taken = |name: &str| input.iter().any(|c| c.trim().eq_ignore_ascii_case(name));
    ["solution", "status"].map(|name| {
        if taken(name) {
            format!("dlx_{name}")
        } else {
            name.to_string()
        }
    })
}

/// The header row of a CSV output: the input's columns, then [`answer_columns`].
fn csv_header(input: &[String]) -> String {
    let added = answer_columns(input);
    let names: Vec<String> = input
        .iter()
        .chain(&added)
        .map(|name| csv_field(name))
        .collect();
    format!("{}\n", names.join(","))
}

/// Puts a record's names back on its answer: the label (a header line before a grid, the
/// trailing text after a line, unless `strip`), the lines skipped after it, and whether it
/// agrees with the solution the file publishes; a CSV output row holds puzzle and answer.
pub fn present(answer: &mut Answer, record: &Record, output: Format, strip: bool) {
    answer.label = record.label.as_ref().map(|l| l.text().to_string());
    if let Some((first, last)) = record.skipped {
        let what = answer
            .report
            .clone()
            .or_else(|| answer.error.clone())
            .unwrap_or_else(|| format!("line {}", record.line));
        let lines = if first == last {
            format!("line {first}")
        } else {
            format!("lines {first}-{last}")
        };
        answer.report = Some(format!(
            "{what}; {lines} skipped, the rest of this grid, up to where the next one can start"
        ));
    }
    if let (Some(published), Ok(_)) = (&record.published, &record.givens) {
        let published = published
            .as_ref()
            .map(|grid| grid.to_text(Format::Line).trim_end().to_string());
        // An undecided search, a partial grid (a cross-hatching pass that stopped short) and
        // an answer that states no grid (`rate`'s) are nothing to hold against the file's
        // solution.
        let compared = match answer.status {
            Status::Undecided => false,
            Status::Solved | Status::Partial => answer.solution.is_some(),
            _ => true,
        };
        if answer.count().is_none() && compared {
            let agrees = published.as_ref().ok() == answer.solution.as_ref();
            answer.agrees = Some(agrees);
            if !agrees {
                let line = record.line;
                answer.report = Some(match &published {
                    Ok(expected) => format!(
                        "line {line}: the answer differs from the file's solution: found {}, \
                         expected {expected}",
                        answer.solution.as_deref().unwrap_or(answer.status.word())
                    ),
                    Err(error) => {
                        format!("line {line}: the file's solution cannot be read: {error}")
                    }
                });
            }
        }
    }
    if let Some(columns) = record.csv_columns() {
        // A CSV row's puzzle as the file wrote it, and its other columns by their names.
        answer.puzzle = record.csv_puzzle().map(|text| text.trim().to_string());
        let columns: serde_json::Map<String, serde_json::Value> = columns
            .map(|(name, field)| (name.to_string(), field.into()))
            .collect();
        answer.extra.push(("columns", columns.into()));
    }
    match output {
        Format::Csv => {
            let inputs = match record.csv_fields() {
                Some(fields) => fields.to_vec(),
                // The puzzle as it came: its empty cells written as the input wrote them.
                None => vec![match &record.givens {
                    Ok(givens) => givens
                        .grid()
                        .to_text(Format::Line)
                        .trim_end()
                        .replace('.', &record.empty_symbol.to_string()),
                    Err(_) => String::new(),
                }],
            };
            let result = answer.text.trim_end().replace('\n', " ");
            let fields: Vec<String> = inputs
                .iter()
                .chain([&result, &answer.status.word().to_string()])
                .map(|field| csv_field(field))
                .collect();
            answer.text = format!("{}\n", fields.join(","));
        }
        _ if strip => {}
        Format::Spaced | Format::Compact => {
            if let Some(label) = &record.label {
                answer.text.insert_str(0, &format!("{}\n", label.text()));
            }
        }
        Format::Line => {
            if let (Some(label), Some(body)) = (&record.label, answer.text.strip_suffix('\n')) {
                if !body.contains('\n') {
                    let mut text = body.to_string();
                    label.append_to(&mut text);
                    text.push('\n');
                    answer.text = text;
                }
            }
        }
    }
}

/// Writes a CSV field, quoted when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Reads every line of every input as a variant puzzle with the box shape `boxes` says, in
/// order, until the end or a signal, and hands each with its rules to `answer_puzzle` (with a
/// state `init` makes for each thread); a line that is no puzzle of the variants gets its error
/// with its place. An argument that is no existing path but a puzzle line is that puzzle.
pub fn for_each_puzzle<S: Send>(
    run: &mut Run,
    files: &[std::path::PathBuf],
    variants: &Variants,
    regions: Option<&Regions>,
    boxes: Boxes,
    init: impl Fn() -> S + Sync,
    answer_puzzle: impl Fn(&mut S, Record, Rules, usize) -> Answer + Sync,
) -> anyhow::Result<()> {
    let puzzle = |text: &str| {
        Record::parse_variant_line(text, 1, variants, regions, boxes)
            .map(|_| ())
            .map_err(|error| {
                // The argument is one line: its number says nothing.
                let message = error.to_string();
                match message.strip_prefix("line 1, ") {
                    Some(rest) => rest.to_string(),
                    None => message
                        .strip_prefix("line 1: ")
                        .unwrap_or(&message)
                        .to_string(),
                }
            })
    };
    for opened in input::sources_or_puzzles(files, Some(&puzzle)) {
        if interrupt::requested() {
            break;
        }
        let source = match opened {
            Ok(source) => source,
            Err(unreadable) => {
                run.unreadable(&unreadable)?;
                continue;
            }
        };
        let (name, before) = (source.name.clone(), run.tally.puzzles);
        run.stream(
            source,
            sudoku::Format::is_skipped_line,
            // A variant line's fields after the grid are read as part of its puzzle: a byte
            // that is not UTF-8 anywhere in it is an error.
            |_| false,
            &init,
            |state, text, line| {
                if sudoku::Format::is_skipped_line(text) {
                    return None;
                }
                let puzzle = match Record::parse_variant_line(text, line, variants, regions, boxes)
                {
                    Ok(puzzle) => puzzle,
                    Err(error) => return Some(Answer::malformed(line, error.to_string())),
                };
                // The puzzle's fields, and the comment after them as its label.
                let written = text.trim();
                let comment = puzzle.comment().map(str::to_string);
                let fields = comment
                    .as_deref()
                    .and_then(|comment| written.strip_suffix(comment))
                    .unwrap_or(written)
                    .trim_end()
                    .to_string();
                let mut answer = match puzzle.rules(variants, regions) {
                    Ok(rules) => answer_puzzle(state, puzzle, rules, line),
                    Err(error) => Answer::malformed(line, format!("line {line}: {error}")),
                };
                answer.puzzle = Some(fields);
                answer.label = comment;
                Some(answer)
            },
        )?;
        run.end_source(&name, before, false);
    }
    Ok(())
}

/// Reads the shared layout of `--regions FILE`. `-` is refused by name: standard input is
/// where the puzzles come from, and one stream cannot hold both.
pub fn read_regions(path: &Path) -> anyhow::Result<Regions> {
    use std::io::Read;
    if path == Path::new("-") {
        anyhow::bail!(
            "--regions -: expected a file holding the layout; standard input is not read for \
             it, as it is where the puzzles come from (write the layout to a file)"
        );
    }
    let name = path.display();
    let cannot = || format!("cannot read the layout {name}");
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_LAYOUT_BYTES + 1).read_to_end(&mut bytes))
        .with_context(cannot)?;
    if bytes.len() as u64 > MAX_LAYOUT_BYTES {
        anyhow::bail!(
            "{name}: the layout is larger than {MAX_LAYOUT_BYTES} bytes, expected N·N region \
             symbols"
        );
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
        .with_context(cannot)?;
    Regions::parse(&text, 1, 1, None).map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// The most bytes a `--regions` file is read: a layout of the largest grid is 3,721 symbols,
/// and whitespace around them is welcome, but `/dev/zero` is no layout.
const MAX_LAYOUT_BYTES: u64 = 1 << 20;
