//! Input quoted in error messages: control characters made visible and a long text cut, so that
//! a message about a NUL byte or a 10 MB line stays one short, readable line.

use std::fmt;

/// The most characters of a piece of input a message quotes.
const MAX_CHARS: usize = 40;

/// Displays a piece of input for a message: control characters escaped as Rust writes them (`\0`,
/// `\t`), and past `MAX_CHARS` (40) characters `...` and the whole length instead of the rest.
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.chars();
        for c in chars.by_ref().take(MAX_CHARS) {
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        if chars.next().is_some() {
            write!(f, "... ({} characters)", self.0.chars().count())?;
        }
        Ok(())
    }
}

/// Follows a quoted piece of input: a note when it holds U+FFFD. The commands that read a file
/// whole (the grid formats, Su-domino-ku) read bytes that are not UTF-8 as U+FFFD, so a quoted
/// `\u{fffd}` there means bytes that are not text. (The line format reports such a line
/// itself.)
pub struct NotUtf8Note(pub bool);

impl NotUtf8Note {
    pub fn of(text: &str) -> NotUtf8Note {
        NotUtf8Note(text.contains(char::REPLACEMENT_CHARACTER))
    }
}

impl fmt::Display for NotUtf8Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 {
            f.write_str(" (U+FFFD: bytes that are not UTF-8)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_long_text_is_cut() {
        assert_eq!(Excerpt("A1").to_string(), "A1");
        assert_eq!(Excerpt("a\0b\tc\\é").to_string(), "a\\0b\\tc\\é");
        let long = "x".repeat(10_000_000);
        assert_eq!(
            Excerpt(&long).to_string(),
            format!("{}... (10000000 characters)", "x".repeat(40))
        );
        assert_eq!(Excerpt(&long[..40]).to_string(), "x".repeat(40));
    }
}
