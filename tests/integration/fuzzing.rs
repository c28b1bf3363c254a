//! Regression tests for what `cargo fuzz` found (issue 8): one test per finding, each on the
//! input the fuzzer reduced, asserting the right behaviour rather than only "no panic".

use crate::common::{dlx, stdout};
use dlx_solver::sudoku::parse_line;

const PUZZLE: &[u8] =
    b"5.4.7.....6.....9..7...3.....72..1..2...5..4.......6.8...728..3.3...98.....6...1.\n";

/// Found by `cli`: a comment line that is not UTF-8 (`#` then Latin-1) was answered `error:` and
/// the run exited 2; a comment is a comment whatever its bytes, and yields no output line.
#[test]
fn a_comment_line_that_is_not_utf8_is_still_skipped() {
    let mut input = b"#0no\x8c\xaahing\n\n".to_vec();
    input.extend_from_slice(PUZZLE);
    input.extend_from_slice(b"# caf\xe9\r\n");
    for command in ["sudoku", "crosshatch"] {
        let out = dlx(&[command, "--threads", "2"], &input);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{command}: {text}");
        if command == "sudoku" {
            let puzzle = parse_line(std::str::from_utf8(PUZZLE).unwrap(), 1).unwrap();
            let solution = parse_line(&text, 1).unwrap();
            solution.check_solution_of(&puzzle).unwrap();
        }
    }
    // A puzzle line that is not UTF-8 is still an error, at its place.
    let out = dlx(&["sudoku"], b"..\xe9\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        "error: line 1, column 3: found bytes that are not UTF-8, expected text\n"
    );
}
