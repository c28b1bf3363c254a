//! Knuth's plain text format for exact-cover problems, read and written.
//!
//! The first line that is neither blank nor a comment names the items: primary items, then
//! optionally `|` and the secondary items. Every later line is one option, its items separated by
//! white space. A line whose first visible character is `|` is a comment; blank lines are skipped.
//! Names are visible characters without `|` or `:`. DLX1 limits names to 8 characters; we accept
//! any length, so every file DLX1 reads is read the same way here. An option's word `|n` (after
//! its first item) is DLX5's cost, n in decimal; several add up.

use super::problem::{Bounds, BuildError, Colour, ItemKind, OptionId, Problem, ProblemBuilder};
use crate::excerpt::Excerpt;
use std::io;
use thiserror::Error;

/// A fault in a problem file, with its 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct FormatError {
    /// The line of the fault, from 1.
    pub line: usize,
    /// The column of the fault within its line, from 1, in characters.
    pub column: usize,
    /// What was wrong there.
    pub kind: FormatErrorKind,
}

/// What was wrong at a [`FormatError`]'s position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatErrorKind {
    /// The text has no item line: it is empty, or only comments and blank lines.
    #[error("expected a line naming the items, found only comments and blank lines")]
    NoItems,
    /// The item line starts with `|`: no primary item, so nothing to cover.
    #[error("expected at least one primary item before `|`")]
    NoPrimaryItems,
    /// The item line has a second `|` separator.
    #[error("the item line has `|` twice; expected it once, between primary and secondary items")]
    SeparatorTwice,
    /// An item name holds a character Knuth's format reserves (`|`, `:`) or an invisible one.
    #[error(
        "item name `{}` contains `{}`; expected visible characters other than `|` and `:`",
        Excerpt(.name), .found.escape_debug()
    )]
    IllegalCharacter {
        /// The item name, as written.
        name: String,
        /// The character refused.
        found: char,
    },
    /// The line is not UTF-8 text; the column is that of the first bad byte.
    #[error("the bytes are not UTF-8 text")]
    InvalidUtf8,
    /// Bounds before an item name that are not `b|` or `a:b|` in decimal.
    #[error(
        "`{}|` before an item name; expected bounds `b|name` or `a:b|name` in decimal",
        Excerpt(.found)
    )]
    BadBounds {
        /// The text before the `|`, as written.
        found: String,
    },
    /// Bounds and `|` with no item name after them.
    #[error("expected an item name right after the bounds and `|`")]
    NameAfterBounds,
    /// An option's entry with a colon but no single visible colour character after it.
    #[error(
        "`{}` in an option; expected `item` or `item:c`, one character c after the colon",
        Excerpt(.found)
    )]
    BadColour {
        /// The entry, as written.
        found: String,
    },
    /// An option's cost that is not `|n`, n a decimal number (DLX5's), or one past `u64`.
    #[error(
        "`{}` in an option; expected a cost `|n`, n a decimal number below 2^64",
        Excerpt(.found)
    )]
    BadCost {
        /// The entry, as written.
        found: String,
    },
    /// The builder refused the items or the option (a duplicate or unknown item, say).
    #[error("{0}")]
    Build(BuildError),
}

/// Knuth's text format, read and written: an item line (primary items, then `|` and the
/// secondary ones; `a:b|name` for DLX3's bounds), then one option a line (`name:c` for DLX2's
/// colours).
impl Problem {
    /// Reads a problem in Knuth's format from text.
    pub fn parse(text: &str) -> Result<Problem, FormatError> {
        parse_problem(text)
    }

    /// Reads a problem in Knuth's format from bytes, which must be UTF-8 line by line. A byte
    /// order mark starting the text is skipped.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Problem, FormatError> {
        parse_problem_bytes(bytes)
    }

    /// Writes the problem in Knuth's format: the item line (with DLX3's bounds where they are
    /// not exactly once), then one line per option (with DLX2's colours). Options dropped when
    /// the problem was built are not written. Fails with `InvalidData` on a name the format
    /// cannot hold, or on a problem with no primary item (which the format cannot state).
    pub fn write<W: io::Write>(&self, out: &mut W) -> io::Result<()> {
        write_problem(self, out)
    }

    /// Writes one option as Knuth's format has it, without a line end: its items' names
    /// separated by spaces, each coloured one as `name:c`. Fails with `InvalidData` on a colour
    /// that is no visible character.
    pub fn write_option<W: io::Write>(&self, option: OptionId, out: &mut W) -> io::Result<()> {
        write_option(self, option, out)
    }
}

/// The lines of `bytes`, each without its ending: `\n`, `\r\n` or a lone `\r` (classic Mac
/// OS, some exports), as every puzzle reader of the project takes them. A last line ending adds
/// no empty line.
fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let text = rest?;
        let Some(end) = text.iter().position(|&b| b == b'\n' || b == b'\r') else {
            rest = None;
            return Some(text);
        };
        let crlf = text[end] == b'\r' && text.get(end + 1) == Some(&b'\n');
        let next = end + 1 + usize::from(crlf);
        rest = (next < text.len()).then(|| &text[next..]);
        Some(&text[..end])
    })
}

/// Reads a problem in Knuth's format from text.
pub(crate) fn parse_problem(text: &str) -> Result<Problem, FormatError> {
    parse_problem_bytes(text.as_bytes())
}

/// Reads a problem in Knuth's format from bytes, which must be UTF-8 line by line. A byte order
/// mark starting the text is skipped.
pub(crate) fn parse_problem_bytes(bytes: &[u8]) -> Result<Problem, FormatError> {
    let mut builder = ProblemBuilder::new();
    let mut items_read = false;
    let mut line_count = 0;
    // Both reused from line to line: a problem of millions of options allocates nothing per
    // option here.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut entries: Vec<(&str, Option<Colour>)> = Vec::new();
    // A byte order mark (from some editors) is no part of the first line.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    for (index, raw) in lines(bytes).enumerate() {
        let line = index + 1;
        line_count = line;
        let text = std::str::from_utf8(raw).map_err(|e| FormatError {
            line,
            column: char_column(raw, e.valid_up_to()),
            kind: FormatErrorKind::InvalidUtf8,
        })?;
        let trimmed = text.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('|') {
            continue;
        }
        if items_read {
            split_words(text, &mut words);
            entries.clear();
            // DLX5's costs, `|n` after any item, added up; where the last one is, for an error.
            let (mut cost, mut cost_offset) = (0u64, None);
            let column = |offset| char_column(text.as_bytes(), offset);
            // The costs taken out, the entries' positions in the option are no longer those
            // of the words: `items_at` maps them back.
            let mut items_at = Vec::new();
            for &(offset, word) in &words {
                if let Some(digits) = word.strip_prefix('|') {
                    let bad = || FormatError {
                        line,
                        column: column(offset),
                        kind: FormatErrorKind::BadCost {
                            found: word.to_string(),
                        },
                    };
                    let value = parse_cost(digits).ok_or_else(bad)?;
                    cost = cost.checked_add(value).ok_or_else(bad)?;
                    cost_offset = Some(offset);
                    continue;
                }
                let entry = split_colour(word).ok_or_else(|| FormatError {
                    line,
                    column: column(offset),
                    kind: FormatErrorKind::BadColour {
                        found: word.to_string(),
                    },
                })?;
                entries.push(entry);
                items_at.push(offset);
            }
            let option = builder.coloured_option_by_names(&entries).map_err(|e| {
                let column = e.position().map_or(1, |p| column(items_at[p]));
                FormatError {
                    line,
                    column,
                    kind: FormatErrorKind::Build(e),
                }
            })?;
            if let (Some(option), Some(offset)) = (option, cost_offset) {
                builder.set_cost(option, cost).map_err(|e| FormatError {
                    line,
                    column: column(offset),
                    kind: FormatErrorKind::Build(e),
                })?;
            }
        } else {
            read_items(text, line, &mut builder)?;
            items_read = true;
        }
    }
    if !items_read {
        return Err(FormatError {
            line: line_count.max(1),
            column: 1,
            kind: FormatErrorKind::NoItems,
        });
    }
    Ok(builder.build())
}

/// Splits an option's line at white space into (byte offset, word) pairs: the same words as
/// [`tokenize`], found byte by byte on ASCII (where a problem file spends its time), with
/// columns counted only for an error ([`char_column`]).
fn split_words<'a>(text: &'a str, words: &mut Vec<(usize, &'a str)>) {
    words.clear();
    let bytes = text.as_bytes();
    let mut start = None;
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let (space, width) = if byte.is_ascii() {
            // `char::is_whitespace` on ASCII: tab, line feed, vertical tab, form feed, carriage
            // return and space.
            (matches!(byte, b'\t'..=b'\r' | b' '), 1)
        } else {
            // `at` is a character boundary: every step is a whole character.
            let c = text[at..].chars().next().unwrap_or(' ');
            (c.is_whitespace(), c.len_utf8())
        };
        if space {
            if let Some(s) = start.take() {
                words.push((s, &text[s..at]));
            }
        } else if start.is_none() {
            start = Some(at);
        }
        at += width;
    }
    if let Some(s) = start {
        words.push((s, &text[s..]));
    }
}

/// Splits a line at white space into (column, token) pairs.
fn tokenize<'a>(text: &'a str, tokens: &mut Vec<(usize, &'a str)>) {
    tokens.clear();
    let mut start = None;
    let mut column = 0;
    for (offset, c) in text.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((s, col)) = start.take() {
                tokens.push((col, &text[s..offset]));
            }
        } else if start.is_none() {
            start = Some((offset, column));
        }
    }
    if let Some((s, col)) = start {
        tokens.push((col, &text[s..]));
    }
}

/// Reads the item line: names, with `|` (standing alone or starting a word) before the
/// secondary items, as DLX1 reads it; a primary item may be prefixed by its bounds as DLX3
/// reads them, `a:b|name` (between a and b times) or `b|name` (exactly b times).
fn read_items(text: &str, line: usize, builder: &mut ProblemBuilder) -> Result<(), FormatError> {
    let err = |column, kind| FormatError { line, column, kind };
    let mut tokens = Vec::new();
    tokenize(text, &mut tokens);
    let mut kind = ItemKind::Primary;
    let mut primaries = 0;
    for (column, token) in tokens {
        let (mut column, mut name) = (column, token);
        if let Some(rest) = token.strip_prefix('|') {
            if kind == ItemKind::Secondary {
                return Err(err(column, FormatErrorKind::SeparatorTwice));
            }
            if primaries == 0 {
                return Err(err(column, FormatErrorKind::NoPrimaryItems));
            }
            kind = ItemKind::Secondary;
            (column, name) = (column + 1, rest);
            if name.is_empty() {
                continue;
            }
        }
        let mut bounds = None;
        if kind == ItemKind::Primary {
            if let Some((prefix, rest)) = name.split_once('|') {
                let parsed = parse_bounds(prefix).ok_or_else(|| {
                    err(
                        column,
                        FormatErrorKind::BadBounds {
                            found: prefix.to_string(),
                        },
                    )
                })?;
                let checked = parsed.map_err(|e| err(column, FormatErrorKind::Build(e)))?;
                bounds = Some(checked);
                column += prefix.chars().count() + 1;
                name = rest;
                if name.is_empty() {
                    return Err(err(column, FormatErrorKind::NameAfterBounds));
                }
            }
        }
        if let Some(found) = name
            .chars()
            .find(|&c| c == ':' || c == '|' || c.is_control())
        {
            if found == '|' && kind == ItemKind::Secondary {
                let at = column + name.chars().take_while(|&c| c != '|').count();
                return Err(err(at, FormatErrorKind::SeparatorTwice));
            }
            return Err(err(
                column,
                FormatErrorKind::IllegalCharacter {
                    name: name.to_string(),
                    found,
                },
            ));
        }
        let declared = match bounds {
            Some(bounds) => builder.primary_with_bounds(name, bounds),
            None => builder.item(name, kind),
        };
        declared.map_err(|e| err(column, FormatErrorKind::Build(e)))?;
        primaries += (kind == ItemKind::Primary) as usize;
    }
    Ok(())
}

/// DLX3's bounds before `|`: `b` (exactly b) or `a:b`, in decimal. `None` when the text is not
/// of that shape; the bounds, or why they are no bounds, otherwise.
fn parse_bounds(prefix: &str) -> Option<Result<Bounds, BuildError>> {
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            s.parse::<u32>().ok()
        }
    };
    Some(match prefix.split_once(':') {
        Some((lower, upper)) => Bounds::new(number(lower)?, number(upper)?),
        None => Bounds::exactly(number(prefix)?),
    })
}

/// The digits of a cost after its `|`, as DLX5 reads them: one decimal digit or more.
fn parse_cost(digits: &str) -> Option<u64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Splits an option's word into its item name and colour: `name` or `name:c`, `c` one visible
/// character. `None` when the colon is there but one such character does not follow it alone.
fn split_colour(token: &str) -> Option<(&str, Option<Colour>)> {
    match token.split_once(':') {
        None => Some((token, None)),
        Some((name, colour)) => {
            let mut chars = colour.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !name.is_empty() && !c.is_control() => {
                    Some((name, Some(Colour::from(c))))
                }
                _ => None,
            }
        }
    }
}

fn char_column(raw: &[u8], byte_offset: usize) -> usize {
    // The prefix up to `byte_offset` is valid UTF-8 by construction.
    std::str::from_utf8(&raw[..byte_offset]).map_or(1, |s| s.chars().count() + 1)
}

/// Writes one option as Knuth's format has it, without a line end: its items' names separated
/// by spaces, each coloured one as `name:c`, then its cost `|n` if it has one. Fails with `InvalidData` on a colour that is no
/// visible character.
pub(crate) fn write_option<W: io::Write>(
    problem: &Problem,
    option: OptionId,
    out: &mut W,
) -> io::Result<()> {
    let entries = problem.option_items(option).iter();
    for (k, (&item, colour)) in entries.zip(problem.option_colours(option)).enumerate() {
        if k > 0 {
            out.write_all(b" ")?;
        }
        let name = problem.item_name(item);
        out.write_all(name.as_bytes())?;
        let Some(colour) = colour else { continue };
        match colour.as_char() {
            Some(c) if !c.is_whitespace() && !c.is_control() => {
                write!(out, ":{c}")?;
            }
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "colour {} of `{name}` is no character Knuth's format can hold",
                        colour.0
                    ),
                ))
            }
        }
    }
    let cost = problem.option_cost(option);
    if cost != 0 {
        write!(out, " |{cost}")?;
    }
    Ok(())
}

/// Writes a problem in Knuth's format: the item line (with DLX3's bounds where they are not
/// exactly once), then one line per option (with DLX2's colours). Options dropped
/// when the problem was built are not written. Fails with `InvalidData` on a name the format
/// cannot hold, or on a problem with no primary item (which the format cannot state).
pub(crate) fn write_problem<W: io::Write>(problem: &Problem, out: &mut W) -> io::Result<()> {
    if problem.primary_count() == 0 {
        // The item line would be empty or start with `|`: a blank line or a comment.
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a problem without primary items cannot be written in Knuth's format",
        ));
    }
    for item in problem.items() {
        let name = problem.item_name(item);
        // What the reader refuses or reads otherwise: a name must read back as itself.
        if name.is_empty()
            || name
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '|' || c == ':')
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "item name `{}` cannot be written in Knuth's format (it holds a blank, a \
                     control character, `|` or `:`, or nothing)",
                    crate::excerpt::Excerpt(name)
                ),
            ));
        }
    }
    let primaries = problem
        .items()
        .filter(|&i| problem.item_kind(i) == ItemKind::Primary);
    let secondaries = problem
        .items()
        .filter(|&i| problem.item_kind(i) == ItemKind::Secondary);
    let mut line = primaries
        .map(|i| {
            let bounds = problem.item_bounds(i);
            let name = problem.item_name(i);
            match (bounds.lower(), bounds.upper()) {
                (1, 1) => name.to_string(),
                (lower, upper) if lower == upper => format!("{upper}|{name}"),
                (lower, upper) => format!("{lower}:{upper}|{name}"),
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let secondary_names: Vec<&str> = secondaries.map(|i| problem.item_name(i)).collect();
    if !secondary_names.is_empty() {
        line.push_str(" | ");
        line.push_str(&secondary_names.join(" "));
    }
    // A first item named from a byte order mark would read back as a mark and lose its name:
    // a leading space keeps it a name.
    let lead = if line.starts_with('\u{feff}') {
        " "
    } else {
        ""
    };
    writeln!(out, "{lead}{line}")?;
    for option in problem.options() {
        write_option(problem, option, out)?;
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::ItemId;
    use proptest::prelude::*;

    fn err(text: &str) -> FormatError {
        parse_problem(text).unwrap_err()
    }

    #[test]
    fn reads_and_writes_dlx5s_costs() {
        let p = parse_problem("A B | x\nA |2 x:c |3\nB\nA B |0\n").unwrap();
        assert!(p.has_costs());
        let costs: Vec<u64> = p.options().map(|o| p.option_cost(o)).collect();
        assert_eq!(costs, [5, 0, 0]);
        assert_eq!(p.option_items(OptionId(0)).len(), 2);
        let mut written = Vec::new();
        p.write(&mut written).unwrap();
        assert_eq!(
            String::from_utf8(written).unwrap(),
            "A B | x\nA x:c |5\nB\nA B\n"
        );
        // Without costs, a problem is read as before, and has none.
        assert!(!parse_problem("A\nA\n").unwrap().has_costs());
        // An option of no primary item is dropped with its cost.
        let dropped = parse_problem("A | x\nA\nx |4\n").unwrap();
        assert_eq!((dropped.option_count(), dropped.has_costs()), (1, false));
        for (text, column) in [("A\nA |\n", 3), ("A\nA |-1\n", 3), ("A\nA |1|2\n", 3)] {
            let e = err(text);
            assert_eq!((e.line, e.column), (2, column), "{text:?}");
            assert!(
                matches!(e.kind, FormatErrorKind::BadCost { .. }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn reads_items_options_comments_and_secondaries() {
        let p = parse_problem("| a comment\n\nA B |x y\n  | another\nA x\r\nB y\n").unwrap();
        assert_eq!(p.item_count(), 4);
        assert_eq!(p.primary_count(), 2);
        assert_eq!(p.item_kind(ItemId(2)), ItemKind::Secondary);
        assert_eq!(p.item_name(ItemId(3)), "y");
        assert_eq!(p.option_count(), 2);
        assert_eq!(p.option_items(OptionId(1)), &[ItemId(1), ItemId(3)]);
    }

    #[test]
    fn reads_dlx2_colours_and_dlx3_bounds() {
        // DLX3's own example: C must be covered two or three times.
        let text = "| comment\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let p = parse_problem(text).unwrap();
        assert_eq!(p.primary_count(), 3);
        assert_eq!(p.item_name(ItemId(2)), "C");
        assert_eq!(p.item_bounds(ItemId(2)), Bounds::new(2, 3).unwrap());
        assert_eq!(p.item_bounds(ItemId(0)), Bounds::EXACTLY_ONCE);
        assert!(p.has_bounds() && p.has_colours());
        let colours: Vec<Option<Colour>> = p.option_colours(OptionId(1)).collect();
        let one = Some(Colour::from('1'));
        assert_eq!(colours, [None, None, one, one]);
        assert_eq!(p.entry_colour(OptionId(2), 1), Some(Colour::from('0')));
        let p = parse_problem("3|A B\nA B\nA\n").unwrap();
        assert_eq!(p.item_bounds(ItemId(0)), Bounds::exactly(3).unwrap());
        assert!(!p.has_colours());
        let plain = parse_problem("A | x\nA x\n").unwrap();
        assert!(!plain.has_bounds() && !plain.has_colours());
    }

    #[test]
    fn every_colour_and_bound_error_names_its_place() {
        let cases = [
            ("A B\nA B:x\n", "line 2, column 3: primary item `B` cannot take a colour; only secondary items can"),
            ("A | x\nA x:\n", "line 2, column 3: `x:` in an option; expected `item` or `item:c`, one character c after the colon"),
            ("A | x\nA  x:ab\n", "line 2, column 4: `x:ab` in an option; expected `item` or `item:c`, one character c after the colon"),
            ("A | x\nA :a\n", "line 2, column 3: `:a` in an option; expected `item` or `item:c`, one character c after the colon"),
            ("A 3:2|B\n", "line 1, column 3: the lower bound 3 is above the upper bound 2"),
            ("0|A\n", "line 1, column 1: the upper bound must be at least 1"),
            ("A x2|B\n", "line 1, column 3: `x2|` before an item name; expected bounds `b|name` or `a:b|name` in decimal"),
            ("A 1:|B\n", "line 1, column 3: `1:|` before an item name; expected bounds `b|name` or `a:b|name` in decimal"),
            ("A 99999999999|B\n", "line 1, column 3: `99999999999|` before an item name; expected bounds `b|name` or `a:b|name` in decimal"),
            ("A 2| B\n", "line 1, column 5: expected an item name right after the bounds and `|`"),
            ("A | x 2|y\n", "line 1, column 8: the item line has `|` twice; expected it once, between primary and secondary items"),
            ("A 2|B|C\n", "line 1, column 5: item name `B|C` contains `|`; expected visible characters other than `|` and `:`"),
            ("A | x:c\n", "line 1, column 5: item name `x:c` contains `:`; expected visible characters other than `|` and `:`"),
        ];
        for (text, message) in cases {
            assert_eq!(err(text).to_string(), message, "input {text:?}");
        }
    }

    /// Found by `cargo fuzz` (xc_format): `s:\x11` was read as a colour that `write_problem`
    /// then refused to write; a colour is a visible character, as a name is.
    #[test]
    fn a_control_character_as_colour_is_refused() {
        let e = err("p q | s\np s:1\nq s:\x11\n");
        assert_eq!(
            e.kind,
            FormatErrorKind::BadColour {
                found: "s:\x11".into()
            }
        );
        assert_eq!((e.line, e.column), (3, 3));
    }

    #[test]
    fn option_words_are_the_item_lines_tokens() {
        for text in [
            "A B  C",
            "\tA:1 \u{a0}B\u{3000}C\u{85}D ",
            "é λ\u{1f600} x\x0by\x0cz\rq",
            "",
            "   ",
            "\u{2028}a\u{2029}",
        ] {
            let mut tokens = Vec::new();
            tokenize(text, &mut tokens);
            let mut words = Vec::new();
            split_words(text, &mut words);
            let columns: Vec<(usize, &str)> = words
                .iter()
                .map(|&(offset, word)| (char_column(text.as_bytes(), offset), word))
                .collect();
            assert_eq!(columns, tokens, "{text:?}");
        }
    }

    #[test]
    fn long_names_are_accepted() {
        let p = parse_problem("a_very_long_item_name\na_very_long_item_name\n").unwrap();
        assert_eq!(p.option_count(), 1);
    }

    #[test]
    fn every_format_error_names_its_place() {
        let cases = [
            ("| only a comment\n\n", "line 2, column 1: expected a line naming the items, found only comments and blank lines"),
            ("", "line 1, column 1: expected a line naming the items, found only comments and blank lines"),
            ("A | x | y\n", "line 1, column 7: the item line has `|` twice; expected it once, between primary and secondary items"),
            ("| c\n  | x\n", "line 2, column 1: expected a line naming the items, found only comments and blank lines"),
            ("A b:c\n", "line 1, column 3: item name `b:c` contains `:`; expected visible characters other than `|` and `:`"),
            ("A B A\n", "line 1, column 5: item `A` is declared twice"),
            ("A B\nA\nB  Q\n", "line 3, column 4: option names unknown item `Q`"),
            ("A B\n\tB A  B\n", "line 2, column 7: option lists item `B` twice"),
        ];
        for (text, message) in cases {
            assert_eq!(err(text).to_string(), message, "input {text:?}");
        }
    }

    #[test]
    fn a_separator_before_any_primary_item_is_an_error() {
        // A line starting with `|` is a comment, so the separator must follow a name to be seen.
        let e = err("A\nx");
        assert!(matches!(e.kind, FormatErrorKind::Build(_)));
        let p = parse_problem(" A |").unwrap();
        assert_eq!(p.primary_count(), 1);
        // DLX3 reads `A|` as bounds `A` before an item with no name (DLX1 refuses `|` in a
        // name): an error either way.
        let e = err(" A|");
        assert_eq!(e.kind, FormatErrorKind::BadBounds { found: "A".into() });
        assert_eq!((e.line, e.column), (1, 2));
        let mut b = ProblemBuilder::new();
        let e = read_items("\u{a0}|x", 4, &mut b).unwrap_err();
        assert_eq!(e.kind, FormatErrorKind::NoPrimaryItems);
        assert_eq!((e.line, e.column), (4, 2));
    }

    #[test]
    fn invalid_utf8_is_reported_with_its_place() {
        let e = parse_problem_bytes(b"A B\nA \xff\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 3: the bytes are not UTF-8 text"
        );
    }

    #[test]
    fn writing_then_reading_gives_the_same_problem() {
        let text = "A B C | x y\nA x\nB C y\nC\nx\n";
        let p = parse_problem(text).unwrap();
        assert_eq!(p.dropped_options(), 1);
        let mut out = Vec::new();
        write_problem(&p, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            "A B C | x y\nA x\nB C y\nC\n"
        );
        let again = parse_problem_bytes(&out).unwrap();
        assert_eq!(again.option_count(), p.option_count());
        for option in p.options() {
            assert_eq!(again.option_items(option), p.option_items(option));
        }
        for item in p.items() {
            assert_eq!(again.item_name(item), p.item_name(item));
            assert_eq!(again.item_kind(item), p.item_kind(item));
        }
    }

    /// Item names: visible characters other than `|` and `:`, some beyond ASCII.
    fn name_strategy() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9_#.()é\u{3bb}\u{1f600}-]{1,6}"
    }

    /// A problem with at least one primary item, built from distinct names, with bounds on
    /// some primary items and colours on some secondary entries (when `extended`), and its
    /// options (possibly holding no primary item, which the builder drops).
    fn problem_strategy() -> impl Strategy<Value = Problem> {
        (
            prop::collection::btree_set(name_strategy(), 1..10),
            1usize..10,
            prop::collection::vec(prop::collection::btree_set(0usize..10, 1..5), 0..12),
            prop::collection::vec((0u32..3, 1u32..4), 10),
            prop::collection::vec(prop::sample::select(&['a', '0', ':', '|', 'é'][..]), 10),
            any::<bool>(),
        )
            .prop_map(|(names, primaries, options, bounds, colours, extended)| {
                let names: Vec<String> = names.into_iter().collect();
                let primaries = primaries.min(names.len());
                let mut b = ProblemBuilder::new();
                for (k, name) in names.iter().enumerate() {
                    if k >= primaries {
                        b.secondary(name).unwrap();
                    } else if extended {
                        let (lower, upper) = bounds[k];
                        let bounds = Bounds::new(lower.min(upper), upper).unwrap();
                        b.primary_with_bounds(name, bounds).unwrap();
                    } else {
                        b.primary(name).unwrap();
                    }
                }
                for option in options {
                    let entries: Vec<(ItemId, Option<Colour>)> = option
                        .into_iter()
                        .filter(|&k| k < names.len())
                        .map(|k| {
                            let coloured = extended && k >= primaries && k % 2 == 0;
                            (ItemId(k as u32), coloured.then(|| Colour::from(colours[k])))
                        })
                        .collect();
                    b.coloured_option(&entries).unwrap();
                }
                b.build()
            })
    }

    #[test]
    fn every_line_ending_ends_a_line() {
        // `dlx xc` refused a CR-only file (`item A is declared twice`): a lone CR ends a line
        // as LF and CRLF do, and the three give the same problem.
        let text = "| queens of 2x1\nA B\nA\nB\n";
        let expected = parse_problem(text).unwrap();
        for ending in ["\r", "\r\n"] {
            let problem = parse_problem(&text.replace('\n', ending)).unwrap();
            assert_eq!(written(&problem), written(&expected), "{ending:?}");
        }
        let lines_of = |text: &str| lines(text.as_bytes()).count();
        assert_eq!(
            [
                lines_of(""),
                lines_of("a"),
                lines_of("a\r"),
                lines_of("a\r\r"),
                lines_of("a\r\n\n")
            ],
            [1, 1, 1, 2, 2]
        );
    }

    fn written(problem: &Problem) -> Vec<u8> {
        let mut out = Vec::new();
        write_problem(problem, &mut out).unwrap();
        out
    }

    /// Pieces that random edits put into a problem's text.
    const ODD_PIECES: &[&[u8]] = &[
        b"\t",
        b"\r",
        b"\r\n",
        b"\n",
        b"\0",
        b"\xef\xbb\xbf",
        b"\xff",
        b"|",
        b":",
        b" ",
        b"A",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn arbitrary_bytes_give_a_problem_or_an_error(
            bytes in prop::collection::vec(any::<u8>(), 0..400),
            alphabet in prop::collection::vec(prop::sample::select(&b"AB|: \t\r\n\0\xff"[..]), 0..400),
        ) {
            for bytes in [bytes, alphabet] {
                if let Err(e) = parse_problem_bytes(&bytes) {
                    prop_assert!(e.line >= 1 && e.column >= 1, "{}", e);
                }
            }
        }

        #[test]
        fn near_valid_text_gives_a_problem_or_an_error(
            problem in problem_strategy(),
            edits in prop::collection::vec((0.0..1.0f64, 0usize..3, prop::sample::select(ODD_PIECES)), 1..6),
            long in prop::bool::weighted(0.1),
        ) {
            let mut bytes = written(&problem);
            if long {
                // A 10,000-item option line naming one item over and over.
                let first = problem.item_name(ItemId(0)).to_string();
                bytes.extend(vec![first; 10_000].join(" ").into_bytes());
            }
            for (at, kind, piece) in edits {
                let k = ((at * bytes.len() as f64) as usize).min(bytes.len());
                match kind {
                    0 => { bytes.splice(k..k, piece.iter().copied()); }
                    1 if k < bytes.len() => { bytes.remove(k); }
                    _ if k < bytes.len() => { bytes.splice(k..=k, piece.iter().copied()); }
                    _ => {}
                }
            }
            if let Err(e) = parse_problem_bytes(&bytes) {
                prop_assert!(e.line >= 1 && e.column >= 1, "{}", e);
            }
        }

        #[test]
        fn what_write_problem_writes_reads_back_the_same(problem in problem_strategy()) {
            let again = parse_problem_bytes(&written(&problem))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again.item_count(), problem.item_count());
            // Names, kinds, bounds, options and colours: the same problem (but for the options
            // dropped when it was built, which are not written).
            for item in problem.items() {
                prop_assert_eq!(again.item_name(item), problem.item_name(item));
                prop_assert_eq!(again.item_kind(item), problem.item_kind(item));
                prop_assert_eq!(again.item_bounds(item), problem.item_bounds(item));
            }
            prop_assert_eq!(again.option_count(), problem.option_count());
            for option in problem.options() {
                prop_assert_eq!(again.option_items(option), problem.option_items(option));
                prop_assert!(again.option_colours(option).eq(problem.option_colours(option)));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// `to_knuth()` wrote names holding NUL or control characters that the reader then
        /// refused: any name is written so it reads back as itself, or refused by the writer.
        #[test]
        fn any_item_names_are_written_to_read_back_or_refused(
            names in prop::collection::vec(".{0,4}", 1..5),
        ) {
            let mut b = ProblemBuilder::new();
            let mut items = Vec::new();
            for name in &names {
                if let Ok(item) = b.primary(name) {
                    items.push(item);
                }
            }
            prop_assume!(!items.is_empty());
            let _ = b.option(&items);
            let problem = b.build();
            let mut out = Vec::new();
            match write_problem(&problem, &mut out) {
                Err(e) => prop_assert_eq!(e.kind(), io::ErrorKind::InvalidData),
                Ok(()) => {
                    let again = parse_problem_bytes(&out);
                    prop_assert!(again.is_ok(), "{:?}: {:?}", String::from_utf8_lossy(&out), again.err());
                    let again = again.unwrap();
                    prop_assert_eq!(again.item_count(), problem.item_count());
                    for item in problem.items() {
                        prop_assert_eq!(again.item_name(item), problem.item_name(item));
                    }
                }
            }
        }
    }

    #[test]
    fn a_problem_without_primary_items_cannot_be_written() {
        // Its item line would start with `|`, which reads as a comment.
        let mut b = ProblemBuilder::new();
        b.secondary("x").unwrap();
        let e = write_problem(&b.build(), &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        let e = write_problem(&Problem::default(), &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
    }

    /// Found by `cargo fuzz` (xc_format): ` \u{feff} \x06\0` held two items, the first named
    /// by a byte order mark; written as is, the mark started the text and was skipped. (The
    /// second name, control characters, is now refused; `x` stands for it.)
    /// Item names are visible characters (docs/cli.md): `\x01` was accepted.
    #[test]
    fn a_control_character_in_an_item_name_is_refused() {
        for text in ["a \u{1}b\na\n", "a\tb\u{7f}\na\n"] {
            let e = parse_problem(text).unwrap_err();
            assert!(
                matches!(e.kind, FormatErrorKind::IllegalCharacter { found, .. } if found.is_control()),
                "{text:?}: {e}"
            );
        }
    }

    #[test]
    fn a_first_item_named_by_a_byte_order_mark_is_written_so_it_reads_back() {
        let p = parse_problem_bytes(b" \xef\xbb\xbf x\n").unwrap();
        assert_eq!(p.item_count(), 2);
        let again = parse_problem_bytes(&written(&p)).unwrap();
        assert_eq!(again.item_count(), 2);
        for item in p.items() {
            assert_eq!(again.item_name(item), p.item_name(item));
        }
    }

    #[test]
    fn writing_a_name_the_format_cannot_hold_fails() {
        let mut b = ProblemBuilder::new();
        b.primary("two words").unwrap();
        let e = write_problem(&b.build(), &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
    }
}
