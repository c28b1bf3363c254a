//! Which text format a file is in, from its structure: the first records, not the first line.
//!
//! A file's first lines are each classed as a puzzle line (N·N symbols, or N·N·N pencilmarks,
//! perhaps with text after them), a compact row (N symbols), a spaced row (numbers separated by
//! blanks) or something else (a header such as `Grid 01`, which votes for nothing). Each line
//! votes for its kind; the kind with most votes wins, and a tie goes to the tied kind that
//! votes first. A CSV file is known by its header row naming a puzzle column.
//!
//! A line of 16 or 36 symbols and nothing else fits both a puzzle line (4x4, 6x6) and a
//! compact row (of a 16x16 or 36x36 grid); no other length does under the usual boxes (49
//! symbols make a 7x7 puzzle only with its boxes of 1x7 given), and with a box shape given a
//! line fits one kind at most. Such a line votes by its digits:
//! - it holds a digit, and then every digit fits the small grid (1-4 in 16 symbols, 1-6 in
//!   36; else it fits only a compact row): a vote for the line format. A 16x16 grid whose
//!   givens are only 1-4 leaves its twelve other digits interchangeable, 12! solutions at
//!   least, so no puzzle file holds one, while every 4x4 puzzle line is such a line. The rows of
//!   a real compact grid that happen to hold only small digits are outvoted by its other rows,
//!   each holding a larger digit and so a compact row only.
//! - it holds no digit (only `.` or `0`): no vote. When no line votes, N such lines of N
//!   symbols following each other (blank lines and comments aside) make a compact grid, an
//!   empty 16x16 or 36x36 one; fewer make empty puzzle lines.
//!
//! So a compact grid whose rows mostly hold only small digits reads as puzzle lines: named as
//! compact, or read with its box shape given ([`Detection::of`]), it is a grid. A clash (a
//! digit twice in a column of the would-be grid) is no sign either way: a puzzle line whose
//! givens clash is still a puzzle, answered `no solution`, and the digits have already decided
//! every line that holds one.

use super::boxes::Boxes;
use super::csv::header_names_a_puzzle_column;
use super::format::Format;
use super::pencilmarks::is_pencilmark_text_with_boxes;
use super::record::split_trailing;
use super::symbols::symbol_value;
use std::fmt;

/// Lines looked at, at most: enough for a grid of the largest side and the line after it.
pub(crate) const SAMPLE_LINES: usize = super::grid::MAX_SIDE + 1;

/// The format found, and what decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The format chosen.
    pub format: Format,
    /// Lines looked at (blank lines and `#` comments aside).
    pub(crate) lines: usize,
    /// Lines that are only a line-format puzzle (N·N symbols or pencilmarks, perhaps with
    /// trailing text), not also a compact row.
    pub(crate) puzzle_lines: usize,
    /// Lines of 16 or 36 symbols, which fit both a puzzle line and a compact row, holding
    /// digits that all fit the puzzle line's side (1-4, 1-6): votes for the line format, as the
    /// module documentation explains.
    pub(crate) small_digit_lines: usize,
    /// Lines that are only a compact row (N symbols and nothing else).
    pub(crate) compact_rows: usize,
    /// Lines of two blank-separated numbers or more (`.` for an empty cell).
    pub(crate) spaced_rows: usize,
    /// Lines of 16 or 36 symbols with no digit (`.` or `0` only), which fit both a puzzle line
    /// and a compact row and vote for nothing.
    pub(crate) either: usize,
    /// Lines that fit none (headers).
    pub(crate) other: usize,
    /// What decided the format.
    pub(crate) decision: Decision,
    /// The side of the first puzzle in the format chosen, when a line shows it.
    pub(crate) side: Option<usize>,
}

/// What decided a [`Detection`]'s format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// The first line is a CSV header naming a puzzle column.
    CsvHeader,
    /// The kind with most votes.
    MostVotes,
    /// Kinds tied for most votes: the one that votes first.
    FirstVote,
    /// No line votes, and `side` empty lines of `side` symbols follow each other: a compact
    /// grid.
    EmptyGrid {
        /// Symbols a line, and lines in a row.
        side: usize,
    },
    /// No line votes and no empty grid: the line format.
    NoVote,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::CsvHeader => write!(f, "a header row naming a puzzle column"),
            Decision::MostVotes => write!(f, "the kind with most votes"),
            Decision::FirstVote => write!(f, "a tie, won by the kind that votes first"),
            Decision::EmptyGrid { side } => write!(
                f,
                "no line votes, and {side} empty lines of {side} symbols follow each other: \
                 a compact grid"
            ),
            Decision::NoVote => write!(f, "no line votes: the line format"),
        }
    }
}

/// One short line: the format, what decided it, and the side of its first puzzle. The vote of
/// each kind of line stays in the fields; docs/cli.md explains how lines vote.
impl fmt::Display for Detection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.format == Format::Csv {
            return write!(f, "csv (detected from its header row)");
        }
        write!(f, "{} (detected: ", self.format)?;
        let votes = match self.format {
            Format::Spaced => self.spaced_rows,
            Format::Compact => self.compact_rows,
            _ => self.puzzle_lines + self.small_digit_lines,
        };
        match self.decision {
            Decision::MostVotes => write!(f, "{votes} of the first {} lines", self.lines)?,
            Decision::FirstVote => write!(f, "a tie, {votes} of {} lines each", self.lines)?,
            Decision::EmptyGrid { .. } => write!(f, "an empty grid")?,
            Decision::NoVote | Decision::CsvHeader => write!(f, "no line votes")?,
        }
        write!(f, ")")?;
        if let Some(side) = self.side {
            write!(f, ", {side}x{side}")?;
        }
        Ok(())
    }
}

/// What one sampled line is, for the vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Spaced,
    Puzzle,
    /// A line of 16 or 36 symbols, digits all within its puzzle's side: a puzzle line.
    SmallDigits,
    Compact,
    /// A line of 16 or 36 empty cells: a puzzle line or a compact row alike.
    Either,
    Other,
}

impl Kind {
    fn of(line: &str, boxes: Boxes) -> Kind {
        if is_spaced_row(line) {
            return Kind::Spaced;
        }
        match (is_puzzle_line(line, boxes), is_compact_row(line, boxes)) {
            (true, false) => Kind::Puzzle,
            (false, true) => Kind::Compact,
            // Fitting a puzzle line, every digit is within its side already.
            (true, true) if holds_a_digit(line) => Kind::SmallDigits,
            (true, true) => Kind::Either,
            (false, false) => Kind::Other,
        }
    }

    /// The format the line votes for, if any.
    fn vote(self) -> Option<Format> {
        match self {
            Kind::Spaced => Some(Format::Spaced),
            Kind::Puzzle | Kind::SmallDigits => Some(Format::Line),
            Kind::Compact => Some(Format::Compact),
            Kind::Either | Kind::Other => None,
        }
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

/// Whether a line of symbols holds a digit: a symbol other than the empty `.` and `0`.
fn holds_a_digit(text: &str) -> bool {
    text.trim().chars().any(|c| !matches!(c, '.' | '0'))
}

impl Detection {
    /// Lines looked at, at most: enough for a grid of the largest side and the line after it.
    /// A reader that streams its input reads this many lines (blank lines and comments aside)
    /// before it detects.
    pub const SAMPLE_LINES: usize = SAMPLE_LINES;

    /// The format of a text, from its first [`Detection::SAMPLE_LINES`] lines that are neither
    /// blank nor comments, for puzzles of the sides `boxes` reads: with a shape given, lines and
    /// rows of its side alone (a 5x5 grid of boxes 1x5 has rows no usual shape has). `None`
    /// when the text has no such line.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Boxes, Detection, Format};
    ///
    /// let found = Detection::of("# two grids\n..3..1..23......\n", Boxes::Usual).unwrap();
    /// assert_eq!(found.format, Format::Line);
    /// assert_eq!(Detection::of("# only a comment\n", Boxes::Usual), None);
    /// ```
    pub fn of(text: &str, boxes: Boxes) -> Option<Detection> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !Format::is_skipped_line(l))
            .take(SAMPLE_LINES)
            .map(str::trim_end)
            .collect();
        let first = *lines.first()?;
        let mut found = Detection {
            format: Format::Line,
            lines: lines.len(),
            puzzle_lines: 0,
            small_digit_lines: 0,
            compact_rows: 0,
            spaced_rows: 0,
            either: 0,
            other: 0,
            decision: Decision::CsvHeader,
            side: None,
        };
        if header_names_a_puzzle_column(first) {
            found.format = Format::Csv;
            return Some(found);
        }
        let kinds: Vec<Kind> = lines.iter().map(|line| Kind::of(line, boxes)).collect();
        for kind in &kinds {
            let count = match kind {
                Kind::Spaced => &mut found.spaced_rows,
                Kind::Puzzle => &mut found.puzzle_lines,
                Kind::SmallDigits => &mut found.small_digit_lines,
                Kind::Compact => &mut found.compact_rows,
                Kind::Either => &mut found.either,
                Kind::Other => &mut found.other,
            };
            *count += 1;
        }
        let votes = [
            (Format::Spaced, found.spaced_rows),
            (Format::Line, found.puzzle_lines + found.small_digit_lines),
            (Format::Compact, found.compact_rows),
        ];
        let most = votes.iter().map(|&(_, n)| n).max().unwrap_or(0);
        let winners: Vec<Format> = votes
            .iter()
            .filter(|&&(_, n)| n == most)
            .map(|&(f, _)| f)
            .collect();
        (found.format, found.decision) = if most == 0 {
            no_vote(&lines, &kinds)
        } else if let [winner] = winners[..] {
            (winner, Decision::MostVotes)
        } else {
            let first = kinds
                .iter()
                .filter_map(|kind| kind.vote())
                .find(|format| winners.contains(format));
            (first.unwrap_or(winners[0]), Decision::FirstVote)
        };
        found.side = match found.decision {
            Decision::EmptyGrid { side } => Some(side),
            _ => lines
                .iter()
                .zip(&kinds)
                .filter(|&(_, kind)| kind.vote() == Some(found.format))
                .find_map(|(line, &kind)| side_of(line, kind, boxes)),
        };
        Some(found)
    }
}

impl Format {
    /// The format of a text (see [`Detection::of`]) with each side's usual boxes, `None` when
    /// it holds no puzzle line.
    pub fn detect(text: &str) -> Option<Format> {
        Detection::of(text, Boxes::Usual).map(|d| d.format)
    }
}

/// The side of the puzzle a line that votes for its kind belongs to: its numbers (spaced), its
/// symbols (compact), the square or cube root of its symbols (a puzzle line, pencilmarks).
fn side_of(line: &str, kind: Kind, boxes: Boxes) -> Option<usize> {
    match kind {
        Kind::Spaced => Some(line.split_whitespace().count()),
        Kind::Compact => Some(line.trim().chars().count()),
        Kind::Puzzle | Kind::SmallDigits => {
            let (puzzle, _, _) = split_trailing(line.trim_start());
            let cells = puzzle.chars().count();
            // A pencilmark line is read as one whatever else its length fits (729 symbols are
            // also a 27x27 line), so its side is the cube root first.
            if is_pencilmark_text_with_boxes(puzzle, boxes) {
                return (1..=super::grid::MAX_SIDE).find(|side| side * side * side == cells);
            }
            boxes.shape_for_cells(cells).map(|shape| shape.side())
        }
        Kind::Either | Kind::Other => None,
    }
}

/// The format when no line votes: a compact grid when N lines of N empty cells follow each
/// other from the first such line, the line format otherwise.
fn no_vote(lines: &[&str], kinds: &[Kind]) -> (Format, Decision) {
    let Some(k) = kinds.iter().position(|&kind| kind == Kind::Either) else {
        return (Format::Line, Decision::NoVote);
    };
    let side = lines[k].trim().chars().count();
    let block = kinds[k..]
        .iter()
        .take(side)
        .zip(&lines[k..])
        .take_while(|&(&kind, line)| kind == Kind::Either && line.trim().chars().count() == side)
        .count();
    if block == side {
        (Format::Compact, Decision::EmptyGrid { side })
    } else {
        (Format::Line, Decision::NoVote)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// A full grid of boxes `rows` x `cols`, row by row: each row shifts the one above.
    fn full_grid(rows: usize, cols: usize) -> Vec<Vec<u8>> {
        let side = rows * cols;
        (0..side)
            .map(|r| {
                let shift = cols * (r % rows) + r / rows;
                (0..side).map(|c| ((shift + c) % side + 1) as u8).collect()
            })
            .collect()
    }

    /// The cells of `grid` that `keep` keeps, by row and column, each row on a line of symbols
    /// (`.` for the others).
    fn rows_of(grid: &[Vec<u8>], keep: impl Fn(usize, usize, u8) -> bool) -> Vec<String> {
        grid.iter()
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, &v)| match keep(r, c, v) {
                        true => super::super::symbols::digit_symbol(v),
                        false => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// `count` puzzles of boxes `rows` x `cols`, one a line, each keeping other cells.
    fn puzzle_lines(rows: usize, cols: usize, count: usize) -> String {
        let grid = full_grid(rows, cols);
        (0..count)
            .map(|k| rows_of(&grid, |r, c, _| (r * 7 + c * 5 + k) % 3 == 0).concat() + "\n")
            .collect()
    }

    /// A compact grid of side `rows * cols`: its rows, each followed by a line break.
    fn compact(rows: &[String]) -> String {
        rows.iter().map(|row| format!("{row}\n")).collect()
    }

    #[test]
    fn lines_of_4x4_and_6x6_puzzles_are_puzzle_lines_not_compact_grids() {
        for (rows, cols) in [(2, 2), (2, 3)] {
            let lines = puzzle_lines(rows, cols, 100);
            let found = Detection::of(&lines, Boxes::Usual).unwrap();
            assert_eq!(found.format, Format::Line, "{lines}");
            assert_eq!(found.small_digit_lines, SAMPLE_LINES);
            assert_eq!(found.decision, Decision::MostVotes);
            let side = rows * cols;
            assert_eq!(found.side, Some(side));
            assert_eq!(
                found.to_string(),
                format!("line (detected: {SAMPLE_LINES} of the first {SAMPLE_LINES} lines), {side}x{side}")
            );
            // Fewer lines than a grid has rows, comments and blank lines between them.
            let few = puzzle_lines(rows, cols, 3).replace('\n', "\n\n# next\n");
            assert_eq!(Format::detect(&few), Some(Format::Line));
            // A line with a digit too large for its puzzle (a compact row only) is outvoted.
            let side = rows * cols;
            let mut typo = lines.clone();
            typo.replace_range(side * side - 1..side * side, "9");
            assert_eq!(Detection::of(&typo, Boxes::Usual).unwrap().compact_rows, 1);
            assert_eq!(Format::detect(&typo), Some(Format::Line));
        }
    }

    #[test]
    fn compact_grids_of_16_and_36_stay_compact() {
        for (rows, cols, keep) in [(4, 4, 5), (6, 6, 4)] {
            let grid = full_grid(rows, cols);
            // A puzzle: one cell in `keep` or so, except row 2 (only digits up to the side of
            // a 4x4 or 6x6 puzzle: a line of small digits) and row 3 (empty).
            let puzzle = rows_of(&grid, |r, c, v| match r {
                1 => v as usize <= rows.max(cols),
                2 => false,
                _ => (r + c) % keep == 0,
            });
            let side = rows * cols;
            assert!(puzzle[1].chars().any(|c| c != '.') && puzzle[2] == ".".repeat(side));
            let found = Detection::of(&compact(&puzzle), Boxes::Usual).unwrap();
            assert_eq!(
                (found.format, found.small_digit_lines, found.either),
                (Format::Compact, 1, 1)
            );
            let one = compact(&puzzle);
            let back_to_back = one.repeat(3);
            let headers = format!("Grid 01\n{one}Grid 02\n{one}Grid 03\n{one}");
            let blank_lines = format!("{one}\n{one}\n\n{one}");
            for text in [back_to_back, headers, blank_lines] {
                assert_eq!(Format::detect(&text), Some(Format::Compact), "{text}");
            }
            // Full grids (solutions) too.
            let full = compact(&rows_of(&grid, |_, _, _| true)).repeat(2);
            assert_eq!(Format::detect(&full), Some(Format::Compact));
        }
    }

    #[test]
    fn a_compact_grid_of_small_digits_alone_reads_as_puzzle_lines() {
        // A 16x16 grid whose givens are 1-4 alone has 12! solutions at least: the line format.
        let grid = full_grid(4, 4);
        let small = compact(&rows_of(&grid, |_, _, v| v <= 4));
        let found = Detection::of(&small, Boxes::Usual).unwrap();
        assert_eq!((found.format, found.small_digit_lines), (Format::Line, 16));
        // Its shape given, it is a compact grid: no line of 16 symbols is a 4x4 puzzle then.
        let four = Boxes::Given(crate::sudoku::Shape::new(4, 4).unwrap());
        let found = Detection::of(&small, four).unwrap();
        assert_eq!((found.format, found.compact_rows), (Format::Compact, 16));
    }

    #[test]
    fn empty_lines_make_a_compact_grid_when_a_grid_of_them_follow_each_other() {
        for side in [16, 36] {
            let empty = format!("{}\n", "0".repeat(side));
            let found = Detection::of(&empty.repeat(side), Boxes::Usual).unwrap();
            assert_eq!(found.format, Format::Compact);
            assert_eq!(found.decision, Decision::EmptyGrid { side });
            assert_eq!(
                found.to_string(),
                format!("compact (detected: an empty grid), {side}x{side}")
            );
            let found = Detection::of(&format!("Grid 1\n{}", empty.repeat(side - 1)), Boxes::Usual)
                .unwrap();
            assert_eq!(
                (found.format, found.decision),
                (Format::Line, Decision::NoVote)
            );
        }
        // Lines of two lengths are no grid.
        let mixed = format!("{}\n", ".".repeat(16)).repeat(15) + &".".repeat(36);
        assert_eq!(Format::detect(&mixed), Some(Format::Line));
    }

    #[test]
    fn a_tie_goes_to_the_kind_that_votes_first() {
        // A line of 16 symbols with a 1 (a 4x4 puzzle) and one with a G (16: a compact row).
        let (small, large) = ("1...............\n", "G...............\n");
        let found = Detection::of(&format!("{small}{large}"), Boxes::Usual).unwrap();
        assert_eq!(
            (found.format, found.decision),
            (Format::Line, Decision::FirstVote)
        );
        let found = Detection::of(&format!("Grid 1\n{large}{small}"), Boxes::Usual).unwrap();
        assert_eq!(
            (found.format, found.decision),
            (Format::Compact, Decision::FirstVote)
        );
    }

    #[test]
    fn a_shape_given_detects_the_sides_no_usual_shape_has() {
        let one_by_five = Boxes::Given(crate::sudoku::Shape::new(1, 5).unwrap());
        let grid = "12345\n.....\n.....\n.....\n.....\n";
        assert_eq!(
            Detection::of(grid, Boxes::Usual).map(|d| d.format),
            Some(Format::Line)
        );
        let found = Detection::of(grid, one_by_five).unwrap();
        assert_eq!((found.format, found.compact_rows), (Format::Compact, 5));
        let line = format!("{}\n", ".".repeat(25)).repeat(2);
        assert_eq!(Detection::of(&line, one_by_five).unwrap().puzzle_lines, 2);
    }

    #[test]
    fn a_comment_after_the_first_puzzle_does_not_make_it_spaced() {
        let text = format!("{PUZZLE} // from a site\n{PUZZLE}\n{PUZZLE}\n");
        let found = Detection::of(&text, Boxes::Usual).unwrap();
        assert_eq!(found.format, Format::Line);
        assert_eq!(found.puzzle_lines, 3);
        let every = format!("{PUZZLE}  // a, 1.2.2020 - easy\n").repeat(5);
        assert_eq!(Format::detect(&every), Some(Format::Line));
    }

    #[test]
    fn headers_before_grids_vote_for_nothing() {
        let grid = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n\
                    002609500\n800203009\n005010300\n";
        let text = format!("Grid 01\r\n{grid}Grid 02\n{grid}");
        let found = Detection::of(&text, Boxes::Usual).unwrap();
        assert_eq!(found.format, Format::Compact);
        assert_eq!(found.other, 2);
        let spaced = grid
            .lines()
            .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
            .collect::<String>();
        assert_eq!(
            Format::detect(&format!("Puzzle 3\n{spaced}")),
            Some(Format::Spaced)
        );
    }

    #[test]
    fn a_pencilmark_line_is_summarised_by_its_own_side_not_by_its_length_as_a_puzzle_line() {
        for (rows, cols) in [(2, 2), (3, 3)] {
            let side = rows * cols;
            // Each cell keeps its digit and, every third cell, the next digit as well.
            let grid = full_grid(rows, cols);
            let line: String = (0..side * side)
                .map(|cell| {
                    let digit = grid[cell / side][cell % side] as usize;
                    let other = if cell % 3 == 0 {
                        digit % side + 1
                    } else {
                        digit
                    };
                    (1..=side)
                        .map(|k| match k == digit || k == other {
                            true => super::super::symbols::digit_symbol(k as u8),
                            false => '.',
                        })
                        .collect::<String>()
                })
                .collect();
            assert!(is_pencilmark_text_with_boxes(&line, Boxes::Usual));
            let found = Detection::of(&format!("{line}\n{line}\n"), Boxes::Usual).unwrap();
            assert_eq!(found.format, Format::Line);
            assert_eq!(found.side, Some(side), "{line}");
            assert!(found.to_string().ends_with(&format!(", {side}x{side}")));
        }
    }

    #[test]
    fn formats_are_detected_as_before() {
        assert_eq!(
            Format::detect("# c\n\n..3.4...........\n"),
            Some(Format::Line)
        );
        assert_eq!(
            Format::detect("12..\n..12\n....\n....\n"),
            Some(Format::Compact)
        );
        let block = format!("{}\n", ".".repeat(16)).repeat(16);
        assert_eq!(Format::detect(&block), Some(Format::Compact));
        let two = format!("{}\n", ".".repeat(16)).repeat(2);
        assert_eq!(Format::detect(&two), Some(Format::Line));
        assert_eq!(Format::detect("# only\n\n"), None);
        assert_eq!(
            Format::detect("id,puzzle,solution,clues,difficulty\n"),
            Some(Format::Csv)
        );
        let marks = "1234".repeat(16);
        assert_eq!(Format::detect(&marks), Some(Format::Line));
    }
}
