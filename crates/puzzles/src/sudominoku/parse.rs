//! Reading the task's input format: puzzles one after another, each the number N of placed
//! dominoes, then N placed dominoes `U LU V LV` (digit, cell, digit, cell), then the 9 cells
//! where 1, 2, .., 9 go; a `0` ends the input.
//!
//! The input is read by whitespace tokens, as the task states: a record may be split across
//! lines or carry trailing spaces; each token keeps its line and column for the messages.
//!
//! A bad puzzle costs only itself. A puzzle whose tokens have the right shape but break a rule
//! (a domino placed twice, cells not adjacent, ...) is skipped as a whole. A token of the wrong
//! kind (a letter where a digit should be, a count out of range, too few or too many fields)
//! leaves the puzzle's extent unknown, so reading resumes at the next token after the bad
//! puzzle's count that can start a puzzle: a count alone on its line (the usual layout), or a
//! count followed by a puzzle of the right shape (a file with records split otherwise); a `0`
//! resumes (and ends the input) only alone on its line. A token where a count should be that is
//! not one counts as a bad puzzle. A line starting with `#` is a comment: it is skipped, so
//! it never shifts the numbering.

use super::model::{Origin, PlacedDomino, Puzzle, PuzzleError, DOMINOES, SIDE};
use dlx_engine::excerpt::{Excerpt, NotUtf8Note};
use std::collections::VecDeque;
use std::fmt;
use thiserror::Error;

/// A parse error: the puzzle (from 1), the line and column (from 1), and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("puzzle {puzzle}, line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The puzzle's number in the input, from 1 (comments not counted).
    pub puzzle: usize,
    /// The 1-based line of the faulty token (for an unexpected end, of the last token).
    pub line: usize,
    /// The 1-based column, in characters, of the faulty token (for an unexpected end, just
    /// past the last token).
    pub column: usize,
    /// What the fault is.
    pub kind: ParseErrorKind,
}

/// What is wrong at a [`ParseError`]'s place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("expected the number of placed dominoes (0 to {DOMINOES}), found `{}`{}", Excerpt(.found), NotUtf8Note::of(.found))]
    /// The token where a puzzle starts is not a number of placed dominoes from 0 to 36.
    NotACount {
        /// The token found.
        found: String,
    },
    #[error("expected a digit 1-9, found `{}`{}", Excerpt(.found), NotUtf8Note::of(.found))]
    /// A placed domino's digit is not one of `1`-`9`.
    NotADigit {
        /// The token found.
        found: String,
    },
    #[error("expected a cell A1-I9 (a row letter A-I and a column digit 1-9), found `{}`{}", Excerpt(.found), NotUtf8Note::of(.found))]
    /// A placed domino's cell or a single's cell is not written `A1`-`I9`.
    NotACell {
        /// The token found.
        found: String,
    },
    #[error("the input ends where {expected} should be")]
    /// The input ends inside a puzzle, before all its dominoes or singles.
    UnexpectedEnd {
        /// What the next token would have been: "a placed domino" or "a single cell".
        expected: &'static str,
    },
    #[error("{error}{}", Also(*also_line))]
    /// The puzzle's tokens are all of the right kind but break a rule of the puzzle (see
    /// [`PuzzleError`]); the place is the later of the two things that clash.
    Puzzle {
        /// The rule broken.
        error: PuzzleError,
        /// The line of the earlier thing it clashes with, when that is another line.
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
    /// The puzzle's number in the input, from 1, bad puzzles counted, comments not.
    pub number: usize,
    /// The 1-based line of the puzzle's first token, its count of placed dominoes.
    pub line: usize,
    /// The puzzle, or the first fault found in it.
    pub puzzle: Result<Puzzle, ParseError>,
}

/// How the input ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// With the final `0`, on this line. Anything after it is not read.
    Zero {
        /// The 1-based line of the final `0`.
        line: usize,
    },
    /// At the end of the input, without the final `0` (accepted; a strict reader may report it).
    EndOfInput,
}

/// Every puzzle of an input, in order, and how the input ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleFile {
    /// One entry for each puzzle read, good or bad, in input order.
    pub entries: Vec<Entry>,
    /// Whether the input ended with its `0` or simply ran out.
    pub end: End,
}

/// A whitespace-separated word of the input and its place.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
    /// Whether it is the only token of its line (where a well-laid-out puzzle starts).
    alone: bool,
}

/// The most tokens one puzzle takes: its count, 36 dominoes of 4 tokens, 9 singles.
const PUZZLE_TOKENS: usize = 1 + 4 * DOMINOES + SIDE;

/// The tokens of a text, read a line at a time as the parser needs them, so that memory holds
/// a puzzle's worth of tokens, not the file's.
struct TokenWindow<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    window: VecDeque<Token<'a>>,
}

impl<'a> TokenWindow<'a> {
    fn new(text: &'a str) -> Self {
        // A byte order mark (from some editors) is no part of the first token.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        TokenWindow {
            lines: text.lines().enumerate(),
            window: VecDeque::with_capacity(2 * PUZZLE_TOKENS),
        }
    }

    /// The next tokens: at least `PUZZLE_TOKENS` of them, or all that are left.
    fn ahead(&mut self) -> &[Token<'a>] {
        while self.window.len() < PUZZLE_TOKENS {
            let Some((index, line)) = self.lines.next() else {
                break;
            };
            // A comment line (`#` first) is no part of any puzzle: it never shifts the
            // numbering (the task's format has none, but files often start with one).
            if line.trim_start().starts_with('#') {
                continue;
            }
            let first = self.window.len();
            // Columns count characters, not bytes; counted as the words go by, so a long line
            // costs its length once.
            let (mut chars_before, mut bytes_before) = (0, 0);
            self.window
                .extend(line.split_ascii_whitespace().map(|word| {
                    // `word` is a subslice of `line`, starting at this byte offset.
                    let offset = word.as_ptr() as usize - line.as_ptr() as usize;
                    chars_before += line[bytes_before..offset].chars().count();
                    let column = chars_before + 1;
                    chars_before += word.chars().count();
                    bytes_before = offset + word.len();
                    Token {
                        text: word,
                        line: index + 1,
                        column,
                        alone: false,
                    }
                }));
            if self.window.len() == first + 1 {
                self.window[first].alone = true;
            }
        }
        self.window.make_contiguous()
    }

    /// Moves past `count` tokens.
    fn skip(&mut self, count: usize) {
        self.window.drain(..count.min(self.window.len()));
    }
}

/// A fault inside a puzzle (boxed where returned: faults are rare and large) and whether the
/// puzzle's tokens had the right shape (then reading goes on right after them) or not (then it
/// resumes at the next puzzle start).
enum Fault {
    /// The tokens up to `next` had the right shape but make no puzzle.
    Rule {
        error: ParseError,
        next: usize,
    },
    Shape(ParseError),
}

impl PuzzleFile {
    /// Reads every puzzle of `text`.
    ///
    /// ```
    /// use dlx_puzzles::sudominoku::{End, ParseErrorKind, PuzzleError, PuzzleFile};
    ///
    /// // Two puzzles in the task's format (the count of placed dominoes, the dominoes as digit,
    /// // cell, digit, cell, then the cells of the singles 1 to 9) and the final 0. The second
    /// // places the domino 3-4 twice.
    /// let text = "1\n3 A2 4 A3\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n\
    ///             2\n3 A2 4 A3\n4 B2 3 B3\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n\
    ///             0\n";
    /// let file = PuzzleFile::parse(text);
    /// assert_eq!(file.entries.len(), 2);
    /// assert_eq!(file.end, End::Zero { line: 8 });
    ///
    /// let first = &file.entries[0];
    /// assert_eq!((first.number, first.line), (1, 1));
    /// let puzzle = first.puzzle.as_ref().unwrap();
    /// assert_eq!(puzzle.placed().len(), 1);
    /// assert_eq!(puzzle.givens().filled_count(), 2 + 9);
    ///
    /// // The fault is placed at the later domino, and names the line of the earlier one.
    /// let error = file.entries[1].puzzle.as_ref().unwrap_err();
    /// assert_eq!((error.puzzle, error.line, error.column), (2, 6, 1));
    /// assert!(matches!(
    ///     error.kind,
    ///     ParseErrorKind::Puzzle {
    ///         error: PuzzleError::DominoTwice { .. },
    ///         also_line: Some(5),
    ///     }
    /// ));
    /// ```
    pub fn parse(text: &str) -> PuzzleFile {
        let mut puzzles = Puzzles::new(text);
        let entries = puzzles.by_ref().collect();
        let end = puzzles.end().cloned().unwrap_or(End::EndOfInput);
        PuzzleFile { entries, end }
    }
}

/// The puzzles of a text, read one at a time (see [`PuzzleFile::parse`] for them all at once).
pub struct Puzzles<'a> {
    tokens: TokenWindow<'a>,
    read: usize,
    end: Option<End>,
}

impl<'a> Puzzles<'a> {
    /// The puzzles of `text`, none read yet; a leading byte order mark is skipped.
    pub fn new(text: &'a str) -> Self {
        Puzzles {
            tokens: TokenWindow::new(text),
            read: 0,
            end: None,
        }
    }

    /// How the input ended, once the iterator has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// The first word after the final `0`, with its line and column, once the iterator has
    /// ended there: content a strict reader refuses, since the task's format ends at the `0`.
    /// Comments and blank lines are not content.
    pub fn after_end(&mut self) -> Option<(String, usize, usize)> {
        if !matches!(self.end, Some(End::Zero { .. })) {
            return None;
        }
        // The final `0` is still the first token of the window.
        let word = self.tokens.ahead().get(1)?;
        Some((word.text.to_string(), word.line, word.column))
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        if self.end.is_some() {
            return None;
        }
        let tokens = self.tokens.ahead();
        let Some(&header) = tokens.first() else {
            self.end = Some(End::EndOfInput);
            return None;
        };
        let number = self.read + 1;
        let puzzle = match parse_count(header.text) {
            Some(0) => {
                self.end = Some(End::Zero { line: header.line });
                return None;
            }
            Some(count) => read_puzzle(tokens, count, number),
            None => {
                let found = header.text.to_string();
                let kind = ParseErrorKind::NotACount { found };
                Err(Box::new(Fault::Shape(error_at(number, &header, kind))))
            }
        };
        let puzzle = match puzzle.map_err(|fault| *fault) {
            Ok((puzzle, next)) => {
                self.tokens.skip(next);
                Ok(puzzle)
            }
            Err(Fault::Rule { error, next }) => {
                self.tokens.skip(next);
                Err(error)
            }
            Err(Fault::Shape(error)) => {
                self.resume();
                Err(error)
            }
        };
        self.read = number;
        Some(Entry {
            number,
            line: header.line,
            puzzle,
        })
    }
}

impl Puzzles<'_> {
    /// Moves past the bad puzzle's count to the next token that can start a puzzle (see the
    /// module's comment), or the end.
    fn resume(&mut self) {
        loop {
            self.tokens.skip(1);
            let tokens = self.tokens.ahead();
            let Some(token) = tokens.first() else {
                return;
            };
            let starts = match parse_count(token.text) {
                Some(0) => token.alone,
                Some(count) => token.alone || has_puzzle_shape(tokens, count),
                None => false,
            };
            if starts {
                return;
            }
        }
    }
}

/// Whether the `count` dominoes and 9 cells after the count that starts `tokens` are tokens of
/// the right kind.
fn has_puzzle_shape(tokens: &[Token], count: usize) -> bool {
    1 + 4 * count + SIDE <= tokens.len() && wrong_kind(tokens, 1, count).is_none()
}

fn error_at(puzzle: usize, token: &Token, kind: ParseErrorKind) -> ParseError {
    ParseError {
        puzzle,
        line: token.line,
        column: token.column,
        kind,
    }
}

/// Reads the puzzle whose count `count` starts `tokens` (all the tokens left, or at least
/// [`PUZZLE_TOKENS`]): its puzzle and the number of tokens it took.
fn read_puzzle(
    tokens: &[Token],
    count: usize,
    number: usize,
) -> Result<(Puzzle, usize), Box<Fault>> {
    let start = 1;
    let end = start + 4 * count + SIDE;
    // A token of the wrong kind is a better message than the end of the input after it.
    if let Some((token, kind)) = wrong_kind(tokens, start, count) {
        return Err(Box::new(Fault::Shape(error_at(number, token, kind))));
    }
    if tokens.len() < end {
        let last = tokens[tokens.len() - 1];
        let expected = if tokens.len() < start + 4 * count {
            "a placed domino"
        } else {
            "a single cell"
        };
        let error = ParseError {
            puzzle: number,
            line: last.line,
            column: last.column + last.text.chars().count(),
            kind: ParseErrorKind::UnexpectedEnd { expected },
        };
        return Err(Box::new(Fault::Shape(error)));
    }
    let digit = |k: usize| parse_digit(tokens[k].text).unwrap_or(0);
    let cell = |k: usize| parse_cell(tokens[k].text).unwrap_or(0);
    let placed: Vec<PlacedDomino> = (0..count)
        .map(|d| {
            let k = start + 4 * d;
            PlacedDomino {
                digits: [digit(k), digit(k + 2)],
                cells: [cell(k + 1), cell(k + 3)],
            }
        })
        .collect();
    let singles_at = start + 4 * count;
    let mut singles = [0; SIDE];
    for (slot, k) in singles.iter_mut().zip(singles_at..) {
        *slot = cell(k);
    }
    match Puzzle::new(placed, singles) {
        Ok(puzzle) => Ok((puzzle, end)),
        Err(error) => {
            let place = |origin: Origin| -> &Token {
                match origin {
                    Origin::Domino { index, half } => {
                        // A fault of the domino itself points at its first digit, one of a cell
                        // at it.
                        let field = match error {
                            PuzzleError::DoubleDomino { .. } | PuzzleError::DominoTwice { .. } => 0,
                            _ => 2 * half + 1,
                        };
                        &tokens[start + 4 * index + field]
                    }
                    Origin::Single { digit } => &tokens[singles_at + digit as usize - 1],
                }
            };
            let token = place(
                error
                    .origin()
                    .expect("a puzzle's fault has its place in the puzzle"),
            );
            let also_line = error
                .clashes_with()
                .map(|origin| place(origin).line)
                .filter(|&other| other != token.line);
            let kind = ParseErrorKind::Puzzle { error, also_line };
            let error = error_at(number, token, kind);
            Err(Box::new(Fault::Rule { error, next: end }))
        }
    }
}

/// The first token of a puzzle with `count` dominoes from `start` (among those there are) that
/// is not a digit or a cell where one should be, and what was expected.
fn wrong_kind<'t, 'a>(
    tokens: &'t [Token<'a>],
    start: usize,
    count: usize,
) -> Option<(&'t Token<'a>, ParseErrorKind)> {
    let end = (start + 4 * count + SIDE).min(tokens.len());
    tokens[start.min(end)..end]
        .iter()
        .enumerate()
        .find_map(|(k, token)| {
            let is_digit = k < 4 * count && k % 2 == 0;
            let kind = if is_digit {
                parse_digit(token.text)
                    .is_none()
                    .then(|| not_a_digit(token))
            } else {
                parse_cell(token.text).is_none().then(|| not_a_cell(token))
            };
            kind.map(|kind| (token, kind))
        })
}

/// A count of placed dominoes, 0 to 36.
fn parse_count(text: &str) -> Option<usize> {
    text.parse::<usize>()
        .ok()
        .filter(|&count| count <= DOMINOES)
}

fn not_a_digit(token: &Token) -> ParseErrorKind {
    ParseErrorKind::NotADigit {
        found: token.text.to_string(),
    }
}

fn not_a_cell(token: &Token) -> ParseErrorKind {
    ParseErrorKind::NotACell {
        found: token.text.to_string(),
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
    use crate::sudominoku::model::CellLabel;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    const ONE_PUZZLE: &str = "1\n3 A2 4 A3\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n";

    #[test]
    fn what_follows_the_final_zero_is_found_with_its_place() {
        let mut puzzles = Puzzles::new("0\n# a comment\n\n  x 7\n");
        assert!(puzzles.next().is_none());
        assert_eq!(puzzles.after_end(), Some(("x".to_string(), 4, 3)));
        let mut puzzles = Puzzles::new("0\n# only a comment\n");
        assert!(puzzles.next().is_none());
        assert_eq!(puzzles.after_end(), None);
    }

    #[test]
    fn a_puzzle_is_read_with_its_dominoes_and_singles() {
        let file = PuzzleFile::parse(&format!("{ONE_PUZZLE}0\n"));
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
        let file = PuzzleFile::parse(&text);
        assert_eq!(file.end, End::EndOfInput);
        assert!(file.entries[0].puzzle.is_ok());
    }

    #[test]
    fn a_bad_count_is_a_bad_puzzle_and_reading_resumes_at_the_next_count_line() {
        let file = PuzzleFile::parse(&format!("{ONE_PUZZLE}x\n{ONE_PUZZLE}0\n"));
        assert_eq!(file.entries.len(), 3);
        let e = file.entries[1].puzzle.as_ref().unwrap_err();
        assert_eq!(
            e.to_string(),
            "puzzle 2, line 4, column 1: expected the number of placed dominoes (0 to 36), found `x`"
        );
        assert!(file.entries[2].puzzle.is_ok());
        assert_eq!(file.end, End::Zero { line: 8 });
    }

    /// Columns count characters, not bytes: a bad puzzle holding `é` (two bytes) and, on the
    /// same line, a puzzle with a clash, whose column must not move when `é` becomes `x`.
    #[test]
    fn columns_count_characters_not_bytes() {
        let one = ONE_PUZZLE.replace('\n', " ");
        let clash = one.replace("A3", "A1");
        let column_of_clash = |bad: &str| {
            let file = PuzzleFile::parse(&format!("{one}{}{clash}0", one.replace("A3", bad)));
            let e = file.entries[2].puzzle.clone().unwrap_err();
            assert!(matches!(e.kind, ParseErrorKind::Puzzle { .. }), "{e}");
            e.column
        };
        assert_eq!(column_of_clash("\u{e9}3"), column_of_clash("x3"));
    }

    #[test]
    fn a_record_split_across_lines_is_read_by_tokens() {
        let split = "1 3\nA2 4 A3 A1 B4 C7\nD2 E5 F8 G3 H6\n  I9 \n0";
        let file = PuzzleFile::parse(split);
        assert_eq!(file.end, End::Zero { line: 5 });
        assert_eq!(
            file.entries[0].puzzle,
            PuzzleFile::parse(ONE_PUZZLE).entries[0].puzzle
        );
    }

    #[test]
    fn on_one_line_reading_resumes_at_a_count_followed_by_a_puzzle() {
        let one = ONE_PUZZLE.replace('\n', " ");
        let bad = one.replace("A3", "Z3");
        let file = PuzzleFile::parse(&format!("{one}{bad}{one}{one}0"));
        let read: Vec<bool> = file.entries.iter().map(|e| e.puzzle.is_ok()).collect();
        assert_eq!(read, [true, false, true, true]);
        let e = file.entries[1].puzzle.as_ref().unwrap_err();
        assert_eq!((e.puzzle, e.line, e.column), (2, 1, one.len() + 10), "{e}");
    }

    /// A file in the task's format the project wrote: two puzzles.
    const SAMPLE: &str = include_str!("../../../../tests/data/cases/sudominoku/case1.in");

    /// The sample's solutions: every domino placed, and the singles.
    fn solved_sample() -> &'static [(Vec<PlacedDomino>, [usize; SIDE])] {
        static SOLVED: OnceLock<Vec<(Vec<PlacedDomino>, [usize; SIDE])>> = OnceLock::new();
        SOLVED.get_or_init(|| {
            PuzzleFile::parse(SAMPLE)
                .entries
                .into_iter()
                .map(|entry| {
                    let puzzle = entry.puzzle.unwrap();
                    let solution = puzzle.solve().unwrap();
                    (solution.tiling, *puzzle.singles())
                })
                .collect()
        })
    }

    /// Puzzles made from a solved sample: some of its 36 dominoes placed (at least one, as a
    /// count of 0 ends the input), each either way round, and its singles.
    fn puzzle_strategy() -> impl Strategy<Value = Puzzle> {
        (
            0usize..2,
            prop::collection::vec(any::<bool>(), DOMINOES),
            prop::collection::vec(any::<bool>(), DOMINOES),
            0usize..DOMINOES,
        )
            .prop_map(|(which, kept, flipped, forced)| {
                let (tiling, singles) = &solved_sample()[which];
                let placed: Vec<PlacedDomino> = tiling
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| kept[k] || k == forced)
                    .map(|(k, &p)| {
                        if flipped[k] {
                            PlacedDomino {
                                cells: [p.cells[1], p.cells[0]],
                                digits: [p.digits[1], p.digits[0]],
                            }
                        } else {
                            p
                        }
                    })
                    .collect();
                Puzzle::new(placed, *singles).unwrap()
            })
    }

    /// A puzzle in the task's format, its tokens separated by `separators` in turn (the task's
    /// own layout when there are none).
    fn write_puzzle(out: &mut String, puzzle: &Puzzle, separators: &[&str]) {
        let mut tokens = vec![puzzle.placed().len().to_string()];
        let mut layout = vec!["\n"];
        for placed in puzzle.placed() {
            for half in 0..2 {
                tokens.push(placed.digits[half].to_string());
                tokens.push(CellLabel(placed.cells[half]).to_string());
            }
            layout.extend([" ", " ", " ", "\n"]);
        }
        for &cell in puzzle.singles() {
            tokens.push(CellLabel(cell).to_string());
            layout.push(" ");
        }
        *layout.last_mut().unwrap() = "\n";
        for (k, token) in tokens.iter().enumerate() {
            out.push_str(token);
            let separator = match separators {
                [] => layout[k],
                _ if k + 1 == tokens.len() => "\n",
                _ => separators[k % separators.len()],
            };
            out.push_str(separator);
        }
    }

    /// Reads every entry of a text: each must be a puzzle or an error with its place.
    fn read_all(text: &str) {
        let mut puzzles = Puzzles::new(text);
        for (k, entry) in puzzles.by_ref().enumerate() {
            assert_eq!(entry.number, k + 1);
            if let Err(e) = entry.puzzle {
                assert!(e.line >= 1 && e.column >= 1, "{e}");
                assert_eq!(e.puzzle, k + 1);
            }
        }
        assert!(puzzles.end().is_some());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn arbitrary_bytes_never_panic_the_reader(
            bytes in prop::collection::vec(any::<u8>(), 0..600),
            tokens in prop::collection::vec(
                prop::sample::select(&["0", "1", "2", "36", "37", "9", "A1", "I9", "J1", "x", " ",
                    "\n", "\t", "\r\n", "\0", "\u{feff}", "-1", "99999999999999999999999"][..]),
                0..300,
            ),
        ) {
            read_all(&String::from_utf8_lossy(&bytes));
            read_all(&tokens.concat());
        }

        #[test]
        fn written_puzzles_read_back_the_same_in_any_layout(
            puzzles in prop::collection::vec(puzzle_strategy(), 1..4),
            separators in prop::collection::vec(
                prop::sample::select(&[" ", "\t", "\n", "\r\n", "  \n\n", " \t\n"][..]),
                0..4,
            ),
            final_zero in any::<bool>(),
        ) {
            let mut text = String::new();
            for puzzle in &puzzles {
                write_puzzle(&mut text, puzzle, &separators);
            }
            if final_zero {
                text.push_str("0\n");
            }
            let file = PuzzleFile::parse(&text);
            let mut back = Vec::new();
            for entry in file.entries {
                match entry.puzzle {
                    Ok(puzzle) => back.push(puzzle),
                    Err(e) => return Err(TestCaseError::fail(format!("{e}\n{text}"))),
                }
            }
            prop_assert_eq!(back, puzzles);
            prop_assert_eq!(matches!(file.end, End::Zero { .. }), final_zero);
        }

        #[test]
        fn near_valid_text_never_panics_the_reader(
            puzzles in prop::collection::vec(puzzle_strategy(), 1..3),
            edits in prop::collection::vec(
                (0.0..1.0f64, 0usize..3, prop::sample::select(&["\t", "\r", "\n", "\0", "\u{feff}",
                    " ", "0", "5", "36", "A", "Z9", "\u{fffd}", "é"][..])),
                1..6,
            ),
        ) {
            let mut text = String::new();
            for puzzle in &puzzles {
                write_puzzle(&mut text, puzzle, &[]);
            }
            text.push_str("0\n");
            let mut chars: Vec<char> = text.chars().collect();
            for (at, kind, piece) in edits {
                let k = ((at * chars.len() as f64) as usize).min(chars.len() - 1);
                match kind {
                    0 => { chars.splice(k..k, piece.chars()); }
                    1 => { chars.remove(k); }
                    _ => { chars.splice(k..=k, piece.chars()); }
                }
            }
            read_all(&chars.into_iter().collect::<String>());
        }
    }
}
