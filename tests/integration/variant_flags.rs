//! `dlx sudoku --variant` with the flags classic puzzles take: `--algo backtrack`, `--to`,
//! `--format line`, `--propagate crosshatch`, `--shard` and `--draw`, each answer checked
//! against every rule of its puzzle; and the flags that cannot apply refused with their reason.

use crate::common::{dlx, puzzles, stderr, stdout};
use dlx_puzzles::sudoku::variant::{Rules, Variants};
use dlx_puzzles::sudoku::{Boxes, Format, Grid, Record};

/// The first `count` lines of a shipped collection of `list`'s variants, with their rules.
fn collection(file: &str, list: &str, count: usize) -> (String, Vec<(Record, Rules)>) {
    let variants = Variants::parse(list).unwrap();
    let text = std::fs::read_to_string(puzzles(file)).unwrap();
    let lines: Vec<&str> = text.lines().take(count).collect();
    let read = lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            let puzzle =
                Record::parse_variant_line(line, index + 1, &variants, None, Boxes::Usual).unwrap();
            let rules = puzzle.rules(&variants, None).unwrap();
            (puzzle, rules)
        })
        .collect();
    (lines.join("\n") + "\n", read)
}

/// Runs `dlx sudoku --variant LIST` with `flags` on the first `count` puzzles of `file` and
/// checks that every solution, written in `output`, meets its puzzle's every rule.
fn solves_under_every_rule(file: &str, list: &str, count: usize, flags: &[&str], output: Format) {
    let (input, read) = collection(file, list, count);
    let mut args = vec!["sudoku", "--variant", list];
    args.extend(flags);
    let out = dlx(&args, input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    let text = stdout(&out);
    let solutions: Vec<Grid> = match output {
        Format::Line => text.lines().map(|line| line.parse().unwrap()).collect(),
        grid => grid.puzzles(&text).map(|read| read.unwrap().grid).collect(),
    };
    assert_eq!(solutions.len(), read.len(), "{args:?}: {text}");
    for (solution, (puzzle, rules)) in solutions.iter().zip(&read) {
        let checked = rules.check_solution(solution, puzzle.grid());
        assert_eq!(checked, Ok(()), "{args:?}: {solution:?}");
    }
}

#[test]
fn the_backtracking_baseline_solves_variants_under_every_rule() {
    for (file, list) in [
        ("x-6x6.txt", "x"),
        ("killer-6x6.txt", "killer"),
        ("anti-king-9x9.txt", "anti-king"),
    ] {
        let flags = ["--algo", "backtrack"];
        solves_under_every_rule(file, list, 5, &flags, Format::Line);
    }
}

#[test]
fn variant_solutions_are_written_in_the_output_format_asked() {
    for to in ["spaced", "compact", "line"] {
        let output = match to {
            "spaced" => Format::Spaced,
            "compact" => Format::Compact,
            _ => Format::Line,
        };
        solves_under_every_rule("x-6x6.txt", "x", 5, &["--to", to], output);
        let flags = ["--format", "line", "--to", to];
        solves_under_every_rule("killer-6x6.txt", "killer", 5, &flags, output);
    }
}

#[test]
fn cross_hatching_before_the_search_keeps_every_rule() {
    let flags = ["--propagate", "crosshatch"];
    for (file, list) in [
        ("x-9x9.txt", "x"),
        ("windoku-9x9.txt", "windoku"),
        ("anti-knight-9x9.txt", "anti-knight"),
        ("killer-6x6.txt", "killer"),
    ] {
        solves_under_every_rule(file, list, 10, &flags, Format::Line);
        let mut unique = flags.to_vec();
        unique.push("--unique");
        solves_under_every_rule(file, list, 10, &unique, Format::Line);
    }
}

#[test]
fn the_shards_of_a_variant_count_add_up_to_the_whole() {
    // Every 6x6 X-Sudoku: 8,640 grids; and the first 6x6 Killer, whose count is 1.
    let empty = format!("{}\n", ".".repeat(36));
    let (killer, _) = collection("killer-6x6.txt", "killer", 1);
    for (list, input, whole) in [("x", empty.as_str(), 8_640), ("killer", &killer, 1)] {
        let count = |flags: &[&str]| -> u64 {
            let mut args = vec!["sudoku", "--variant", list, "--count"];
            args.extend(flags);
            let out = dlx(&args, input.as_bytes());
            // A shard that counts nothing answers "no solution" (exit 1) for its share.
            let counted = stdout(&out).trim().parse().unwrap();
            let code = if counted == 0 { 1 } else { 0 };
            assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
            counted
        };
        assert_eq!(count(&[]), whole, "{list}");
        let shards: u64 = ["1/3", "2/3", "3/3"]
            .iter()
            .map(|shard| count(&["--shard", shard]))
            .sum();
        assert_eq!(shards, whole, "{list}");
        assert_eq!(
            count(&["--shard", "1/1", "--threads", "1"]),
            whole,
            "{list}"
        );
    }
}

#[test]
fn variant_flags_that_cannot_apply_are_refused_with_their_reason() {
    let (jigsaw, _) = collection("jigsaw-9x9.txt", "jigsaw", 1);
    let (x, _) = collection("x-6x6.txt", "x", 1);
    for (args, input, reason) in [
        (
            vec!["--variant", "jigsaw", "--propagate", "crosshatch"],
            &jigsaw,
            "a jigsaw has not",
        ),
        (
            vec!["--variant", "x", "--algo", "candidates"],
            &x,
            "rows, columns and boxes",
        ),
        (
            vec!["--variant", "x", "--format", "spaced"],
            &x,
            "one puzzle a line",
        ),
        (vec!["--variant", "x", "--to", "csv"], &x, "no column"),
        (
            vec![
                "--variant",
                "x",
                "--count",
                "--shard",
                "1/2",
                "--max-nodes",
                "9",
            ],
            &x,
            "without --max-nodes",
        ),
    ] {
        let mut all = vec!["sudoku"];
        all.extend(&args);
        let out = dlx(&all, input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(reason), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn a_classic_grid_is_drawn_with_its_boxes_and_its_digits_solve_the_puzzle() {
    let text = std::fs::read_to_string(puzzles("minimal-9x9.txt")).unwrap();
    let line = text.lines().find(|line| !line.starts_with('#')).unwrap();
    let puzzle: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
    let out = dlx(&["sudoku", "--draw"], format!("{line}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let drawing = stdout(&out);
    assert!(drawing.starts_with('+'), "{drawing}");
    let digits: String = drawing
        .lines()
        .filter(|row| row.starts_with('|'))
        .flat_map(|row| row.chars().filter(char::is_ascii_digit))
        .collect();
    let solution: Grid = digits.parse().unwrap();
    assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "{drawing}");
}

/// `--regions -` said "No such file or directory", as if a file named `-` were missing:
/// standard input is the puzzles' stream, and the message says the layout must be a file.
#[test]
fn a_layout_from_standard_input_is_refused_by_name() {
    let givens = ".".repeat(81) + "\n";
    for command in ["sudoku", "rate"] {
        let args = [command, "--variant", "jigsaw", "--regions", "-"];
        let out = crate::common::dlx(&args, givens.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{command}");
        let message = crate::common::stderr(&out);
        assert!(
            message.contains("--regions -") && message.contains("standard input"),
            "{command}: {message}"
        );
        assert!(!message.contains("No such file"), "{command}: {message}");
    }
}

#[test]
fn jsonl_names_the_engine_auto_ran_under_each_variant() {
    for (file, list, auto) in [
        ("anti-knight-9x9.txt", "anti-knight", "planes"),
        ("anti-king-9x9.txt", "anti-king", "planes"),
        ("x-9x9.txt", "x", "planes"),
    ] {
        let (input, read) = collection(file, list, 3);
        for (flags, engine) in [(&[][..], auto), (&["--engine", "links"][..], "links")] {
            let mut args = vec!["sudoku", "--variant", list, "--jsonl"];
            args.extend(flags);
            let out = dlx(&args, input.as_bytes());
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
            let text = stdout(&out);
            let named = format!("\"engine\":\"{engine}\"");
            assert_eq!(text.lines().count(), read.len(), "{args:?}");
            for line in text.lines() {
                assert!(line.contains(&named), "{args:?}: {line}");
                // Only the engines that deduce between guesses report their forced options.
                assert_eq!(
                    line.contains("\"forced\""),
                    engine != "links",
                    "{args:?}: {line}"
                );
            }
        }
    }
}
