//! Box shapes that travel: `--box RxC` means boxes of R rows and C columns of cells for every
//! command, a puzzle `dlx generate --box RxC` writes reads back under `--box RxC` with its one
//! solution, each side has one usual shape (the generator's default and every reader's), and a
//! puzzle of another side than the box given is an error naming both.

use crate::common::{dlx, stderr, stdout};
use dlx_puzzles::sudoku::{Boxes, Format, Grid, Shape, SudokuSolver};

/// Runs `dlx args` on `input`, checking it exits 0 (`case` names the run in messages); gives
/// its output and its stderr.
fn succeeds(args: &[&str], input: &str, case: &str) -> (String, String) {
    let output = dlx(args, input.as_bytes());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{case}: {args:?}: {}",
        stderr(&output)
    );
    (stdout(&output), stderr(&output))
}

/// Runs `dlx generate` with `args`, checking it succeeds; gives its output and its stderr.
fn generate(args: &[&str]) -> (String, String) {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    succeeds(&all, "", "generate")
}

/// The puzzles of a line-format text, read with `shape`'s boxes.
fn puzzles_of(text: &str, shape: Shape) -> Vec<Grid> {
    text.lines()
        .map(|line| Grid::parse_line_with_boxes(line, 1, Boxes::Given(shape)).unwrap())
        .collect()
}

#[test]
fn every_box_shape_up_to_5x5_reads_back_with_one_solution() {
    for rows in 1..=5 {
        for cols in 1..=5 {
            let Ok(shape) = Shape::new(rows, cols) else {
                continue;
            };
            let name = shape.to_string();
            // The largest grids keep more givens, so the test stays quick.
            let mut args = vec!["--box", &name, "--count", "2", "--seed", "3"];
            if shape.side() > 12 {
                args.push("--no-minimal");
            }
            let (puzzles, note) = generate(&args);
            let usual = Shape::for_side(shape.side()) == Ok(shape);
            assert_eq!(
                note.contains(&format!("read these puzzles with --box {name}")),
                !usual,
                "{name}: {note}"
            );
            // Each puzzle has one solution under the boxes it was made with...
            let (counted, _) =
                succeeds(&["sudoku", "--box", &name, "--count", "-"], &puzzles, &name);
            assert_eq!(counted, "1\n1\n", "{name}");
            // ... and the solution `dlx sudoku --box` gives is one of those boxes.
            let (solved, _) = succeeds(&["sudoku", "--box", &name, "-"], &puzzles, &name);
            for (puzzle, answer) in puzzles_of(&puzzles, shape)
                .iter()
                .zip(puzzles_of(&solved, shape))
            {
                assert_eq!(answer.check_solution_of(puzzle), Ok(()), "{name}");
            }
        }
    }
}

#[test]
fn without_box_each_side_has_its_usual_shape() {
    // The generator's default shape is the one readers take: 9x9, with no note.
    let (puzzles, note) = generate(&["--count", "2", "--seed", "5"]);
    assert!(note.is_empty(), "{note}");
    let counted = dlx(&["sudoku", "--count", "-"], puzzles.as_bytes());
    assert_eq!(stdout(&counted), "1\n1\n");
    // A usual shape given to the generator needs no --box to read back either.
    for usual in ["2x3", "2x4", "3x4", "2x5"] {
        let (puzzles, note) = generate(&["--box", usual, "--count", "2", "--seed", "5"]);
        assert!(note.is_empty(), "{usual}: {note}");
        let counted = dlx(&["sudoku", "--count", "-"], puzzles.as_bytes());
        assert_eq!(stdout(&counted), "1\n1\n", "{usual}");
    }
    // The usual shapes, as --help documents them.
    let help = stdout(&dlx(&["sudoku", "--help"], b""));
    assert!(help.contains("--box <RxC>"), "{help}");
    assert!(help.contains("6: 2x3, 8: 2x4, 10: 2x5, 12: 3x4"), "{help}");
}

#[test]
fn a_box_that_does_not_fit_a_puzzle_is_an_error_for_that_puzzle() {
    let (tall, _) = generate(&["--box", "3x2", "--count", "1", "--seed", "1"]);
    let classic = ".".repeat(80) + "1";
    let input = format!("{classic}\n{tall}");
    let output = dlx(
        &["sudoku", "--box", "3x2", "--count", "-"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output)
            .contains("line 1, column 1: found a line of 81 symbols, expected 36 for boxes of 3x2"),
        "{}",
        stderr(&output)
    );
    // The other puzzle is still answered.
    assert_eq!(stdout(&output).lines().nth(1), Some("1"));
    // A grid format says it of the first row.
    let grid = format!("{}\n", ".........").repeat(9);
    let output = dlx(
        &["sudoku", "--box", "3x2", "--format", "compact", "-"],
        grid.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("found a first row of 9 cells, expected 6 for boxes of 3x2"),
        "{}",
        stderr(&output)
    );
    // A box that makes no grid is a usage error.
    let output = dlx(&["sudoku", "--box", "0x3", "-"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--box"), "{}", stderr(&output));
}

#[test]
fn rate_crosshatch_bench_and_the_grid_formats_take_the_box_too() {
    let shape = Shape::new(3, 2).unwrap();
    let (puzzles, _) = generate(&["--box", "3x2", "--count", "3", "--seed", "8"]);
    let (rated, _) = succeeds(&["rate", "--box", "3x2", "-"], &puzzles, "rate");
    assert_eq!(rated.lines().count(), 3);
    // Cross-hatching under the right boxes deduces only what the one solution holds.
    let (passes, _) = succeeds(&["crosshatch", "--box", "3x2", "-"], &puzzles, "crosshatch");
    let mut solver = SudokuSolver::new(shape);
    for (puzzle, pass) in puzzles_of(&puzzles, shape)
        .iter()
        .zip(puzzles_of(&passes, shape))
    {
        let solution = solver.first_solution(puzzle).answer.unwrap();
        for cell in 0..shape.cell_count() {
            assert!(pass.get(cell) == 0 || pass.get(cell) == solution.get(cell));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tall.txt");
    std::fs::write(&file, &puzzles).unwrap();
    succeeds(
        &["bench", "--box", "3x2", file.to_str().unwrap()],
        "",
        "bench",
    );
    // Grids of the compact and spaced formats carry no shape either.
    for format in ["compact", "spaced"] {
        let (grids, _) = generate(&[
            "--box", "4x3", "--count", "2", "--seed", "2", "--to", format,
        ]);
        let (counted, _) = succeeds(&["sudoku", "--box", "4x3", "--count", "-"], &grids, format);
        assert_eq!(counted, "1\n\n1\n", "{format}");
        let tall = Shape::new(4, 3).unwrap();
        let format = if format == "compact" {
            Format::Compact
        } else {
            Format::Spaced
        };
        let read = format
            .records(&grids)
            .with_boxes(Boxes::Given(tall))
            .grids();
        assert!(read.map(Result::unwrap).all(|p| p.grid.shape() == tall));
    }
}

#[test]
fn variants_take_the_box_too() {
    for variant in ["x", "killer"] {
        let (puzzles, note) = generate(&[
            "--variant",
            variant,
            "--box",
            "3x2",
            "--count",
            "2",
            "--seed",
            "4",
        ]);
        assert!(note.contains("--box 3x2"), "{variant}: {note}");
        let (counted, _) = succeeds(
            &[
                "sudoku",
                "--variant",
                variant,
                "--box",
                "3x2",
                "--count",
                "-",
            ],
            &puzzles,
            variant,
        );
        assert_eq!(counted, "1\n1\n", "{variant}");
        succeeds(
            &["rate", "--variant", variant, "--box", "3x2", "-"],
            &puzzles,
            variant,
        );
    }
    // A jigsaw's regions replace its boxes: no note.
    let (_, note) = generate(&["--variant", "jigsaw", "--box", "3x2", "--seed", "4"]);
    assert!(note.is_empty(), "{note}");
}
