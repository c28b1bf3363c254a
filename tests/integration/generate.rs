//! `dlx generate`: every puzzle it prints is checked by asking the engine again (unique,
//! minimal, keeps its symmetry, the requested shape), the same seed gives the same bytes on any
//! number of threads, and the shipped files under `puzzles/` are what their commands make.

use crate::common::{dlx, json_lines, stderr, stdout};
use dlx_puzzles::sudoku::{
    Algorithm, Format, Grid, Mode, Rated, Rater, Shape, Solvers, Symmetry, Verdict,
};
use std::path::PathBuf;

/// A file under `puzzles/`.
fn shipped(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

/// Solutions of `puzzle`, counting stopped at `limit`.
fn count(solvers: &mut Solvers, puzzle: &Grid, limit: u64) -> u64 {
    match solvers
        .solve(puzzle, Algorithm::Dlx, Mode::Count { limit })
        .answer
    {
        Verdict::Count(count) => count.solutions,
        other => panic!("{other:?}"),
    }
}

/// Fails unless `puzzle` has one solution and each of its orbits of givens is needed.
fn assert_unique_and_minimal(solvers: &mut Solvers, puzzle: &Grid, symmetry: Symmetry) {
    assert_eq!(count(solvers, puzzle, 2), 1, "not unique: {puzzle:?}");
    for orbit in symmetry.orbits(puzzle.shape()) {
        if puzzle.get(orbit[0]) == 0 {
            continue;
        }
        let mut fewer = puzzle.clone();
        for &cell in &orbit {
            fewer.set(cell, 0);
        }
        assert_eq!(count(solvers, &fewer, 2), 2, "orbit {orbit:?} could go");
    }
}

/// Runs `dlx generate` with `args` and reads its line-format output.
fn generate(args: &[&str]) -> Vec<Grid> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let output = dlx(&all, b"");
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .enumerate()
        .map(|(k, line)| Grid::parse_line(line, k + 1).expect("each output line is a puzzle"))
        .collect()
}

#[test]
fn puzzles_are_unique_and_minimal_and_the_same_on_any_number_of_threads() {
    let args = ["--count", "40", "--seed", "12"];
    let one = dlx(&[&["generate", "--threads", "1"][..], &args].concat(), b"");
    let two = dlx(&[&["generate", "--threads", "2"][..], &args].concat(), b"");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(one.stdout, two.stdout);
    let puzzles = generate(&args);
    assert_eq!(puzzles.len(), 40);
    let mut solvers = Solvers::default();
    for puzzle in &puzzles {
        assert_eq!(puzzle.shape(), Shape::CLASSIC);
        assert_unique_and_minimal(&mut solvers, puzzle, Symmetry::None);
    }
    // A shorter run is the start of a longer one; another seed gives other puzzles.
    assert_eq!(generate(&["--count", "5", "--seed", "12"]), puzzles[..5]);
    assert_ne!(generate(&["--count", "5", "--seed", "13"]), puzzles[..5]);
}

#[test]
fn every_box_shape_gives_unique_minimal_puzzles() {
    let mut solvers = Solvers::default();
    for (shape, count) in [("2x2", "10"), ("2x3", "10"), ("3x4", "2")] {
        let puzzles = generate(&["--box", shape, "--count", count, "--seed", "1"]);
        for puzzle in &puzzles {
            let (rows, cols) = shape.split_once('x').unwrap();
            let expected = Shape::new(rows.parse().unwrap(), cols.parse().unwrap()).unwrap();
            assert_eq!(puzzle.shape(), expected);
            assert_unique_and_minimal(&mut solvers, puzzle, Symmetry::None);
        }
    }
    // 4x3 boxes are not the usual shape of a 12x12 grid: read back in the spaced format with
    // the shape known.
    let output = dlx(
        &["generate", "--box", "4x3", "--seed", "2", "--to", "spaced"],
        b"",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let numbers: Vec<u8> = stdout(&output)
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let puzzle = Grid::puzzle(Shape::new(4, 3).unwrap(), numbers).unwrap();
    assert_unique_and_minimal(&mut solvers, &puzzle, Symmetry::None);
    // 16x16 and 25x25 with --no-minimal: unique.
    for shape in ["4x4", "5x5"] {
        let puzzles = generate(&["--box", shape, "--seed", "3", "--no-minimal"]);
        assert_eq!(count(&mut solvers, &puzzles[0], 2), 1, "{shape}");
    }
}

#[test]
fn symmetric_puzzles_keep_their_symmetry() {
    let mut solvers = Solvers::default();
    for (flag, symmetry) in [
        ("rot180", Symmetry::Rotate180),
        ("rot90", Symmetry::Rotate90),
        ("mirror", Symmetry::Mirror),
        ("diagonal", Symmetry::Diagonal),
    ] {
        for puzzle in generate(&["--count", "6", "--seed", "4", "--symmetry", flag]) {
            assert!(
                symmetry.is_kept_by(puzzle.shape(), puzzle.cells()),
                "{flag}"
            );
            assert_unique_and_minimal(&mut solvers, &puzzle, symmetry);
        }
    }
}

#[test]
fn without_minimal_the_puzzles_are_unique_with_more_givens() {
    let mut solvers = Solvers::default();
    let lax = generate(&["--count", "20", "--seed", "6", "--no-minimal"]);
    let minimal = generate(&["--count", "20", "--seed", "6"]);
    let givens = |puzzles: &[Grid]| puzzles.iter().map(Grid::filled_count).sum::<usize>();
    assert!(givens(&lax) > givens(&minimal));
    for puzzle in &lax {
        assert_eq!(count(&mut solvers, puzzle, 2), 1);
    }
}

#[test]
fn the_rating_filter_and_json_lines() {
    let output = dlx(
        &[
            "generate",
            "--count",
            "4",
            "--seed",
            "7",
            "--min-rating",
            "3",
            "--max-rating",
            "60",
            "--jsonl",
        ],
        b"",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let (mut solvers, mut rater) = (Solvers::default(), Rater::default());
    let objects = json_lines(&output);
    assert_eq!(objects.len(), 4);
    for (index, object) in objects.iter().enumerate() {
        assert_eq!(object["index"], index);
        let puzzle = Grid::parse_line(object["puzzle"].as_str().unwrap(), 1).unwrap();
        let solution = Grid::parse_line(object["solution"].as_str().unwrap(), 1).unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
        assert_eq!(object["givens"], puzzle.filled_count());
        let rating = object["rating"].as_f64().unwrap();
        assert!((3.0..=60.0).contains(&rating), "{rating}");
        let Rated::Unique(again) = rater.rate(&puzzle, &mut solvers) else {
            panic!("a generated puzzle is unique");
        };
        assert_eq!(again.value(), rating);
        assert_eq!(object["technique"], again.technique.name());
    }
    // A range no puzzle reaches is an error, not an endless loop.
    let output = dlx(
        &[
            "generate",
            "--max-rating",
            "0.5",
            "--max-attempts",
            "5",
            "--seed",
            "1",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no puzzle rated"),
        "{}",
        stderr(&output)
    );
}

/// `--min-rating 10 --max-rating 5` ran 100,000 attempts before failing, `--min-rating nan`
/// was taken, and a range open above was written with f64::MAX in 309 digits. An empty range
/// is a usage error at once, a bound must be finite, and messages name only the bounds given.
#[test]
fn an_impossible_rating_range_is_refused_at_once() {
    let started = std::time::Instant::now();
    let output = dlx(
        &["generate", "--min-rating", "10", "--max-rating", "5"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--min-rating 10 is above --max-rating 5"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    for (flag, value) in [
        ("--min-rating", "nan"),
        ("--max-rating", "NaN"),
        ("--min-rating", "inf"),
        ("--max-rating", "-inf"),
        ("--min-rating", "1e400"),
    ] {
        let bound = format!("{flag}={value}");
        let output = dlx(&["generate", &bound, "--max-attempts", "2"], b"");
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        assert!(
            stderr(&output).contains("expected a finite number"),
            "{flag} {value}: {}",
            stderr(&output)
        );
    }
    // One bound given: the message names it alone, in a few digits, never f64::MAX written out.
    for (flag, value, named, unnamed) in [
        (
            "--min-rating",
            "100000",
            "no puzzle rated at least 100000 in 2 attempts",
            "0000000000000000",
        ),
        (
            "--max-rating",
            "0.5",
            "no puzzle rated at most 0.5 in 2 attempts",
            "179769313486231570",
        ),
    ] {
        let output = dlx(
            &[
                "generate",
                flag,
                value,
                "--max-attempts",
                "2",
                "--seed",
                "1",
            ],
            b"",
        );
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        let message = stderr(&output);
        assert!(message.contains(named), "{message}");
        assert!(!message.contains(unnamed), "{message}");
    }
    // A finite bound past the highest rating there can be (`1e308` was printed in 309
    // digits) is refused at once, in a few.
    for (flag, value) in [("--min-rating", "1e308"), ("--max-rating", "1e20")] {
        let output = dlx(&["generate", flag, value, "--max-attempts", "2"], b"");
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        let message = stderr(&output);
        assert!(message.contains("above any rating"), "{message}");
        assert!(!message.contains("0000000000"), "{message}");
    }
}

#[test]
fn bad_flags_are_refused_with_a_reason() {
    for shape in ["3", "0x3", "8x8", "ax3"] {
        let output = dlx(&["generate", "--box", shape], b"");
        assert_eq!(output.status.code(), Some(2), "{shape}");
        assert!(
            stderr(&output).contains("--box"),
            "{shape}: {}",
            stderr(&output)
        );
    }
}

/// The `dlx generate` command that made `file`, as `puzzles/README.md` lists it.
fn command_of(file: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(shipped("README.md")).unwrap();
    let row = readme
        .lines()
        .find(|line| line.starts_with(&format!("| `{file}`")))
        .unwrap_or_else(|| panic!("puzzles/README.md lists {file}"));
    let command = row
        .split('`')
        .find(|part| part.starts_with("dlx generate"))
        .unwrap_or_else(|| panic!("the row of {file} gives its command"));
    let words: Vec<String> = command.split_whitespace().map(String::from).collect();
    assert_eq!(words.last().map(String::as_str), Some(file), "{command}");
    assert_eq!(words[words.len() - 2], ">", "{command}");
    words[1..words.len() - 2].to_vec()
}

#[test]
fn small_shipped_files_are_what_their_commands_make() {
    for file in [
        "4x4.txt",
        "6x6.txt",
        "multiple-9x9.txt",
        "killer-6x6.txt",
        "killer-9x9.txt",
        "x-6x6.txt",
        "x-9x9.txt",
        "jigsaw-random-9x9.txt",
    ] {
        let args = command_of(file);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = dlx(&args, b"");
        assert!(output.status.success(), "{file}: {}", stderr(&output));
        let shipped_bytes = std::fs::read(shipped(file)).unwrap();
        assert!(
            output.stdout == shipped_bytes,
            "{file} differs from its command's output"
        );
    }
}

#[test]
fn shipped_files_hold_what_their_names_say() {
    let mut solvers = Solvers::default();
    let read = |file: &str| -> Vec<Grid> {
        let text = std::fs::read_to_string(shipped(file)).unwrap();
        Format::Line
            .puzzles(&text)
            .map(|p| p.expect("every shipped puzzle parses").grid)
            .collect()
    };
    let minimal = read("minimal-9x9.txt");
    assert!(minimal.len() >= 10_000, "{}", minimal.len());
    for puzzle in minimal.iter().step_by(500) {
        assert_unique_and_minimal(&mut solvers, puzzle, Symmetry::None);
    }
    for (file, side) in [
        ("4x4.txt", 4),
        ("6x6.txt", 6),
        ("12x12.txt", 12),
        ("16x16.txt", 16),
    ] {
        let puzzles = read(file);
        assert!(!puzzles.is_empty(), "{file}");
        for puzzle in puzzles.iter().take(3) {
            assert_eq!(puzzle.shape().side(), side);
            assert_unique_and_minimal(&mut solvers, puzzle, Symmetry::None);
        }
    }
    for puzzle in read("25x25.txt") {
        assert_eq!(puzzle.shape().side(), 25);
        assert_eq!(count(&mut solvers, &puzzle, 2), 1);
    }
    for puzzle in read("multiple-9x9.txt").iter().take(100) {
        assert_eq!(count(&mut solvers, puzzle, 2), 2);
    }
    for puzzle in read("no-solution-9x9.txt").iter().take(100) {
        assert_eq!(puzzle.check_givens(), Ok(()), "no two givens clash");
        assert_eq!(count(&mut solvers, puzzle, 1), 0);
    }
    let mut rater = Rater::default();
    for puzzle in read("hard-9x9.txt").iter().take(20) {
        let Rated::Unique(rating) = rater.rate(puzzle, &mut solvers) else {
            panic!("a hard puzzle is still unique");
        };
        assert!(rating.value() >= 200.0, "{rating:?}");
    }
}
