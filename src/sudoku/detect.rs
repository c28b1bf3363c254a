//! Which text format a file is in, from its structure: the first records, not the first line.
//!
//! A file's first lines are each classed as a puzzle line (N·N symbols, or N·N·N pencilmarks,
//! perhaps with text after them), a compact row (N symbols), a spaced row (numbers separated by
//! blanks) or something else (a header such as `Grid 01`, which votes for nothing). The kind
//! with most lines wins; lines that are both a puzzle line and a compact row (16, 36 or 49
//! symbols) make a compact grid when N of them follow each other, the line format otherwise. A
//! CSV file is known by its header row naming a puzzle column.

use super::boxes::Boxes;
use super::csv::header_names_a_puzzle_column;
use super::format::Format;
use super::pencilmarks::is_pencilmark_text_with_boxes;
use super::read::is_skipped_line;
use super::record::split_trailing;
use super::symbols::symbol_value;
use std::fmt;

/// Lines looked at, at most: enough for a grid of the largest side and the line after it.
pub const SAMPLE_LINES: usize = super::grid::MAX_SIDE + 1;

/// The format found, and what decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The format chosen.
    pub format: Format,
    /// Lines looked at (blank lines and `#` comments aside).
    pub lines: usize,
    /// Lines that are only a line-format puzzle (N·N symbols or pencilmarks, perhaps with
    /// trailing text), not also a compact row.
    pub puzzle_lines: usize,
    /// Lines that are only a compact row (N symbols and nothing else).
    pub compact_rows: usize,
    /// Lines of two blank-separated numbers or more (`.` for an empty cell).
    pub spaced_rows: usize,
    /// Lines of 16, 36 or 49 symbols, which fit both a line and a compact row.
    pub either: usize,
    /// Lines that fit none (headers).
    pub other: usize,
}

impl fmt::Display for Detection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.format == Format::Csv {
            return write!(f, "csv (detected from its header row)");
        }
        write!(
            f,
            "{} (detected from the first {} lines: {} puzzle lines, {} compact rows, {} spaced \
             rows, {} either a puzzle line or a compact row, {} other lines such as headers)",
            self.format,
            self.lines,
            self.puzzle_lines,
            self.compact_rows,
            self.spaced_rows,
            self.either,
            self.other
        )
    }
}

/// Whether a line's puzzle part (the text before any trailing text) is a line-format puzzle:
/// N·N symbols of a side with boxes, or pencilmarks.
fn is_puzzle_line(text: &str, boxes: Boxes) -> bool {
    let (puzzle, _, _) = split_trailing(text.trim_start());
    let length = puzzle.chars().count();
    let square = boxes.shape_for_cells(length);
    square.is_some_and(|shape| all_symbols_of(puzzle, shape.side()))
        || is_pencilmark_text_with_boxes(puzzle, boxes)
}

/// Whether a line is a compact row: N symbols of a side with boxes and nothing else.
fn is_compact_row(text: &str, boxes: Boxes) -> bool {
    let text = text.trim();
    let length = text.chars().count();
    boxes.shape_for_side(length).is_some() && all_symbols_of(text, length)
}

/// Whether a line is a spaced row: two numbers or more (`.` for empty), blank-separated.
fn is_spaced_row(text: &str) -> bool {
    let mut fields = text.split_whitespace();
    let number = |f: &str| f == "." || (f.len() <= 2 && f.bytes().all(|b| b.is_ascii_digit()));
    fields.clone().nth(1).is_some() && fields.all(number)
}

fn all_symbols_of(text: &str, side: usize) -> bool {
    text.chars()
        .all(|c| symbol_value(c, side).is_some_and(|v| v as usize <= side))
}

/// The format of a text, from its first [`SAMPLE_LINES`] lines that are neither blank nor
/// comments; `None` when it has none.
pub fn detect(text: &str) -> Option<Detection> {
    detect_with_boxes(text, Boxes::Usual)
}

/// [`detect`] for puzzles of the sides `boxes` reads: with a shape given, lines and rows of
/// its side alone (a 5x5 grid of boxes 1x5 has rows no usual shape has).
pub fn detect_with_boxes(text: &str, boxes: Boxes) -> Option<Detection> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !is_skipped_line(l))
        .take(SAMPLE_LINES)
        .map(str::trim_end)
        .collect();
    let first = *lines.first()?;
    let mut found = Detection {
        format: Format::Line,
        lines: lines.len(),
        puzzle_lines: 0,
        compact_rows: 0,
        spaced_rows: 0,
        either: 0,
        other: 0,
    };
    if header_names_a_puzzle_column(first) {
        found.format = Format::Csv;
        return Some(found);
    }
    // The kind of the first line that is only one kind, to break a tie.
    let mut first_sure = None;
    let mut first_either = None;
    for (k, line) in lines.iter().enumerate() {
        let sure = if is_spaced_row(line) {
            found.spaced_rows += 1;
            Some(Format::Spaced)
        } else {
            match (is_puzzle_line(line, boxes), is_compact_row(line, boxes)) {
                (true, false) => {
                    found.puzzle_lines += 1;
                    Some(Format::Line)
                }
                (false, true) => {
                    found.compact_rows += 1;
                    Some(Format::Compact)
                }
                (true, true) => {
                    found.either += 1;
                    first_either.get_or_insert(k);
                    None
                }
                (false, false) => {
                    found.other += 1;
                    None
                }
            }
        };
        if first_sure.is_none() {
            first_sure = sure;
        }
    }
    let votes = [
        (Format::Spaced, found.spaced_rows),
        (Format::Line, found.puzzle_lines),
        (Format::Compact, found.compact_rows),
    ];
    let most = votes.iter().map(|&(_, n)| n).max().unwrap_or(0);
    found.format = if most > 0 {
        let winners: Vec<Format> = votes
            .iter()
            .filter(|&&(_, n)| n == most)
            .map(|&(f, _)| f)
            .collect();
        match first_sure {
            Some(format) if winners.contains(&format) => format,
            _ => winners[0],
        }
    } else if let Some(k) = first_either {
        // A compact grid when N lines of N symbols follow each other from the first.
        let length = lines[k].trim().chars().count();
        let block = lines[k..]
            .iter()
            .take(length)
            .take_while(|l| l.trim().chars().count() == length)
            .count();
        if block == length {
            Format::Compact
        } else {
            Format::Line
        }
    } else {
        Format::Line
    };
    Some(found)
}

/// The format of a text (see [`detect`]), `None` when it holds no puzzle line.
pub fn detect_format(text: &str) -> Option<Format> {
    detect(text).map(|d| d.format)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_shape_given_detects_the_sides_no_usual_shape_has() {
        let one_by_five = Boxes::Given(crate::sudoku::Shape::new(1, 5).unwrap());
        let grid = "12345\n.....\n.....\n.....\n.....\n";
        assert_eq!(detect(grid).map(|d| d.format), Some(Format::Line));
        let found = detect_with_boxes(grid, one_by_five).unwrap();
        assert_eq!((found.format, found.compact_rows), (Format::Compact, 5));
        let line = format!("{}\n", ".".repeat(25)).repeat(2);
        assert_eq!(
            detect_with_boxes(&line, one_by_five).unwrap().puzzle_lines,
            2
        );
    }

    #[test]
    fn a_comment_after_the_first_puzzle_does_not_make_it_spaced() {
        let text = format!("{PUZZLE} // from a site\n{PUZZLE}\n{PUZZLE}\n");
        let found = detect(&text).unwrap();
        assert_eq!(found.format, Format::Line);
        assert_eq!(found.puzzle_lines, 3);
        let every = format!("{PUZZLE}  // a, 1.2.2020 - easy\n").repeat(5);
        assert_eq!(detect_format(&every), Some(Format::Line));
    }

    #[test]
    fn headers_before_grids_vote_for_nothing() {
        let grid = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n\
                    002609500\n800203009\n005010300\n";
        let text = format!("Grid 01\r\n{grid}Grid 02\n{grid}");
        let found = detect(&text).unwrap();
        assert_eq!(found.format, Format::Compact);
        assert_eq!(found.other, 2);
        let spaced = grid
            .lines()
            .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
            .collect::<String>();
        assert_eq!(
            detect_format(&format!("Puzzle 3\n{spaced}")),
            Some(Format::Spaced)
        );
    }

    #[test]
    fn formats_are_detected_as_before() {
        assert_eq!(
            detect_format("# c\n\n..3.4...........\n"),
            Some(Format::Line)
        );
        assert_eq!(
            detect_format("12..\n..12\n....\n....\n"),
            Some(Format::Compact)
        );
        let block = format!("{}\n", ".".repeat(16)).repeat(16);
        assert_eq!(detect_format(&block), Some(Format::Compact));
        let two = format!("{}\n", ".".repeat(16)).repeat(2);
        assert_eq!(detect_format(&two), Some(Format::Line));
        assert_eq!(detect_format("# only\n\n"), None);
        assert_eq!(
            detect_format("id,puzzle,solution,clues,difficulty\n"),
            Some(Format::Csv)
        );
        let marks = "1234".repeat(16);
        assert_eq!(detect_format(&marks), Some(Format::Line));
    }
}
