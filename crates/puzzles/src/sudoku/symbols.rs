//! The symbols of digits: `.` or `0` empty, `1`-`9`, then letters, as the module documentation
//! of [`super::format`] describes; shared by the readers and the printers.

/// The value of a symbol on a grid of the given side, `Some(0)` for empty, `None` if it is not
/// a symbol at all. See the module documentation for the rule.
pub(crate) fn symbol_value(symbol: char, side: usize) -> Option<u8> {
    match symbol {
        '.' | '0' => Some(0),
        '1'..='9' => Some(symbol as u8 - b'0'),
        'A'..='Z' => Some(symbol as u8 - b'A' + 10),
        'a'..='z' if side <= 35 => Some(symbol as u8 - b'a' + 10),
        'a'..='z' => Some(symbol as u8 - b'a' + 36),
        _ => None,
    }
}

/// The symbol of a digit: `.` for 0, then `1`-`9`, `A`-`Z`, `a`-`z`.
pub(crate) fn digit_symbol(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => (b'0' + digit) as char,
        10..=35 => (b'A' + digit - 10) as char,
        _ => (b'a' + digit - 36) as char,
    }
}

/// What a reader says it expected on a grid of `side`, in its error messages.
pub(super) fn expected_symbols(side: usize) -> String {
    let top = digit_symbol(side as u8);
    match side {
        0..=9 => format!("a digit 1-{top}, or . or 0 for an empty cell"),
        10 => "a digit 1-9 or A, or . or 0 for an empty cell".to_string(),
        11..=35 => {
            let lower = top.to_ascii_lowercase();
            format!("a digit 1-9 or a letter A-{top} (or a-{lower}), or . or 0 for an empty cell")
        }
        _ => format!("a digit 1-9 or a letter A-Z or a-{top}, or . or 0 for an empty cell"),
    }
}
