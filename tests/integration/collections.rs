//! Collections as their publishers write them: comments after puzzle lines, grid
//! headers, CSV with a solution column, pencilmarks, a bad grid among good ones; and, when
//! `../shared/cases/realworld/` is present, the real files. Every answer is validated against
//! its puzzle: every rule kept, every given kept.

use crate::common::{dlx, json_lines, stderr, stdout};
use dlx_puzzles::sudoku::{DigitSet, Format, Grid, Shape, SudokuSolver};
use std::path::PathBuf;

/// A full grid (DLX's first solution of the empty grid, relabelled by `shift`) and the puzzle
/// that keeps the cells where `keep(cell)` holds.
fn puzzle_and_solution(shape: Shape, shift: u8, keep: impl Fn(usize) -> bool) -> (Grid, Grid) {
    let mut solver = SudokuSolver::new(shape);
    let first = solver.first_solution(&Grid::empty(shape)).answer.unwrap();
    let side = shape.side() as u8;
    let mut full = Grid::empty(shape);
    let mut puzzle = Grid::empty(shape);
    for cell in 0..shape.cell_count() {
        let digit = (first.get(cell) - 1 + shift) % side + 1;
        full.set(cell, digit);
        if keep(cell) {
            puzzle.set(cell, digit);
        }
    }
    (puzzle, full)
}

/// Nine-by-nine puzzles that keep two cells in three (unique enough to validate; any solution
/// is validated anyway).
fn puzzles(count: u8) -> Vec<Grid> {
    (0..count)
        .map(|k| {
            puzzle_and_solution(Shape::CLASSIC, k, |cell| {
                !(cell + k as usize).is_multiple_of(3)
            })
            .0
        })
        .collect()
}

fn line_of(grid: &Grid) -> String {
    grid.to_text(Format::Line).trim_end().to_string()
}

/// Reads a solution written on one line and checks it solves `puzzle`.
fn assert_solves(puzzle: &Grid, solution: &str) {
    let grid = Grid::parse_line(solution, 1).unwrap_or_else(|e| panic!("{e}: {solution}"));
    assert_eq!(grid.check_solution_of(puzzle), Ok(()), "{solution}");
}

#[test]
fn comments_after_puzzle_lines_are_read_and_kept() {
    let tails = [
        " // from a site",
        "  // paper, 14.09.2020 - easy",
        "",
        "\t# hash",
        ";semi",
    ];
    let puzzles = puzzles(tails.len() as u8);
    let text: String = puzzles
        .iter()
        .zip(tails)
        .map(|(p, tail)| format!("{}{tail}\n", line_of(p)))
        .collect();
    let out = dlx(&["sudoku", "--stats"], text.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("format: line (detected"),
        "{}",
        stderr(&out)
    );
    let answers: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(answers.len(), tails.len());
    for ((answer, puzzle), tail) in answers.iter().zip(&puzzles).zip(tails) {
        let (solution, rest) = answer.split_at(81);
        assert_solves(puzzle, solution);
        assert_eq!(rest, tail);
    }
    let stripped = dlx(&["sudoku", "--strip-comments"], text.as_bytes());
    assert!(stdout(&stripped).lines().all(|l| l.len() == 81));
    let json = json_lines(&dlx(&["sudoku", "--jsonl"], text.as_bytes()));
    assert_eq!(json[0]["label"], "// from a site");
    assert_eq!(json[2].get("label"), None);
}

/// Project Euler 96's shape: `Grid NN` headers, 9 rows of 9 digits with 0 for empty, CRLF in
/// places, a stray header at the end.
fn euler_shaped(puzzles: &[Grid]) -> String {
    let mut text = String::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let ending = if k % 2 == 0 { "\r\n" } else { "\n" };
        text.push_str(&format!("Grid {:02}{ending}", k + 1));
        for row in puzzle.to_text(Format::Compact).lines() {
            text.push_str(&row.replace('.', "0"));
            text.push_str(ending);
        }
    }
    text.push_str("Grid 00\n");
    text
}

#[test]
fn grids_after_header_lines_are_answered_under_their_headers() {
    let puzzles = puzzles(4);
    let out = dlx(&["sudoku", "--stats"], euler_shaped(&puzzles).as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("format: compact (detected"));
    let text = stdout(&out);
    let answers: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(answers.len(), puzzles.len());
    for (k, (answer, puzzle)) in answers.iter().zip(&puzzles).enumerate() {
        let mut lines = answer.lines();
        assert_eq!(lines.next(), Some(format!("Grid {:02}", k + 1).as_str()));
        let solution: String = lines.collect();
        assert_solves(puzzle, &solution);
    }
    let json = json_lines(&dlx(
        &["sudoku", "--jsonl"],
        euler_shaped(&puzzles).as_bytes(),
    ));
    assert_eq!(json.len(), 4);
    assert_eq!(json[3]["label"], "Grid 04");
}

#[test]
fn a_bad_row_costs_its_grid_only_and_the_skipped_lines_are_named() {
    let puzzles = puzzles(3);
    let grids: Vec<String> = puzzles.iter().map(|p| p.to_text(Format::Compact)).collect();
    // The first grid's third row loses a cell; no blank line anywhere.
    let mut rows: Vec<String> = grids[0].lines().map(String::from).collect();
    rows[2].pop();
    let text = format!("{}\n{}{}", rows.join("\n"), grids[1], grids[2]);
    let out = dlx(
        &["sudoku", "--format", "compact", "--stats"],
        text.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    let answers: Vec<String> = stdout(&out).split("\n\n").map(String::from).collect();
    assert_eq!(answers.len(), 3, "{}", stdout(&out));
    assert!(answers[0].starts_with("error: line 3, column 9: found a row of 8 cells"));
    for (answer, puzzle) in answers[1..].iter().zip(&puzzles[1..]) {
        assert_solves(puzzle, &answer.replace('\n', ""));
    }
    let errors = stderr(&out);
    assert!(errors.contains("lines 4-9 skipped"), "{errors}");
    assert!(errors.contains("malformed: 1"), "{errors}");
}

#[test]
fn the_coci_samples_one_after_another_give_three_records() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/cases/coci0809c3_cross");
    let Ok(samples) = ["sample3.in", "sample1.in", "sample2.in"]
        .map(|name| std::fs::read_to_string(dir.join(name)))
        .into_iter()
        .collect::<Result<Vec<String>, _>>()
    else {
        eprintln!("../shared/cases/coci0809c3_cross is absent: the COCI samples are not checked");
        return;
    };
    let out = dlx(&["crosshatch", "-", "--stats"], samples.concat().as_bytes());
    let answers: Vec<String> = stdout(&out).split("\n\n").map(String::from).collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0], "ERROR");
    assert!(stderr(&out).contains("puzzles: 3"));
}

#[test]
fn csv_answers_are_checked_against_the_published_solutions() {
    // One empty cell a row: each puzzle has one solution, the published one.
    let pairs: Vec<(Grid, Grid)> = (0..4)
        .map(|k| {
            puzzle_and_solution(Shape::CLASSIC, k, |cell| {
                cell % 9 != (cell / 9 * 4 + k as usize) % 9
            })
        })
        .collect();
    let mut text = String::from("id,\"puzzle\",solution,clues\r\n");
    for (k, (puzzle, full)) in pairs.iter().enumerate() {
        let mut published = line_of(full);
        if k == 2 {
            // A wrong published solution: its first two digits swapped.
            let digits: Vec<char> = published.chars().collect();
            published = format!("{}{}{}", digits[1], digits[0], &published[2..]);
        }
        text.push_str(&format!(
            "{k},\"{}\",{published},54\r\n",
            line_of(puzzle).replace('.', "0")
        ));
    }
    let out = dlx(&["sudoku", "--stats", "--jsonl"], text.as_bytes());
    let json = json_lines(&out);
    assert_eq!(json.len(), 4);
    for (k, (object, (puzzle, _))) in json.iter().zip(&pairs).enumerate() {
        assert_eq!(object["line"], k + 2);
        assert_solves(puzzle, object["solution"].as_str().unwrap());
        assert_eq!(object["agrees"], k != 2);
    }
    let errors = stderr(&out);
    assert!(errors.contains("format: csv"), "{errors}");
    // The swapped digits break the rules: the solution column cannot be a solution there.
    assert!(
        errors.contains("dlx: <stdin>: line 4: the file's solution"),
        "{errors}"
    );
    assert!(errors.contains("checked against the file's solutions: 3 agree, 1 differ"));
    // --to csv: the input's header and columns as it wrote them (the puzzle's empty cells
    // written 0), then the answer and its status, in order; --column picks by number.
    let out = dlx(
        &["sudoku", "--format", "csv", "--column", "2", "--to", "csv"],
        text.as_bytes(),
    );
    let rows = crate::common::csv_rows(&stdout(&out));
    let input = crate::common::csv_rows(&text);
    assert_eq!(rows[0][..input[0].len()], input[0][..]);
    // The input has a `solution` column already: the answer's gets a prefix.
    assert_eq!(rows[0][input[0].len()..], ["dlx_solution", "status"]);
    assert_eq!(rows.len(), 5);
    for ((row, given), (puzzle, _)) in rows[1..].iter().zip(&input[1..]).zip(&pairs) {
        assert_eq!(row[..given.len()], given[..]);
        assert_eq!(row[1], line_of(puzzle).replace('.', "0"));
        assert_solves(puzzle, &row[given.len()]);
    }
}

#[test]
fn pencilmarks_are_solved_within_their_candidates() {
    // An empty 4x4 grid has 288 solutions; candidates taken from one of them (and one more
    // digit in every other cell) leave only solutions that keep every candidate.
    let shape = Shape::for_side(4).unwrap();
    let (_, full) = puzzle_and_solution(shape, 1, |_| false);
    let candidates = |cell: usize| {
        let own = DigitSet::of(full.get(cell));
        if cell.is_multiple_of(2) {
            own
        } else {
            own | DigitSet::of(full.get(cell) % 4 + 1)
        }
    };
    let line = Grid::empty(shape).pencilmark_line(candidates);
    assert_eq!(line.len(), 64);
    let out = dlx(&["sudoku", "--stats"], format!("{line}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solution = Grid::parse_line(stdout(&out).trim_end(), 1).unwrap();
    assert_eq!(solution.check_solution_of(&Grid::empty(shape)), Ok(()));
    for cell in 0..16 {
        assert!(candidates(cell).contains(solution.get(cell)), "cell {cell}");
    }
}

/// The real collections (`../shared/cases/realworld/`, see its SOURCES.md): one valid answer
/// per puzzle, with the counts the sources give.
#[test]
fn the_realworld_files_give_one_valid_answer_per_puzzle() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/cases/realworld");
    if !dir.join("SOURCES.md").exists() {
        eprintln!("../shared/cases/realworld is absent: the real collections are not checked");
        return;
    }
    for (name, puzzles) in [
        ("norvig_top95.txt", 95),
        ("norvig_hardest.txt", 11),
        ("norvig_easy50.txt", 50),
        ("comment_every_line.txt", 80),
        ("projecteuler_p096_sudoku.txt", 50),
        ("kaggle_style.csv", 69),
    ] {
        let path = dir.join(name);
        let path = path.to_str().unwrap();
        let out = dlx(&["sudoku", path, "--jsonl", "--stats"], b"");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let json = json_lines(&out);
        assert_eq!(json.len(), puzzles, "{name}");
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut corner_sum = 0;
        for object in &json {
            let line = object["line"].as_u64().unwrap() as usize;
            let solution = object["solution"].as_str().unwrap();
            // The puzzle as the file writes it: a line (up to its comment), a CSV field, or
            // the nine rows from `line`.
            let puzzle = match name {
                "kaggle_style.csv" => lines[line - 1].split(',').next().unwrap().to_string(),
                "projecteuler_p096_sudoku.txt" => {
                    lines[line - 1..line + 8].iter().map(|l| l.trim()).collect()
                }
                _ => lines[line - 1][..81].to_string(),
            };
            assert_solves(&Grid::parse_line(&puzzle, line).unwrap(), solution);
            corner_sum += solution[..3].parse::<u32>().unwrap();
        }
        if name.starts_with("projecteuler") {
            assert_eq!(corner_sum, 24702);
        }
        if name.ends_with(".csv") {
            assert!(
                stderr(&out).contains("69 agree, 0 differ"),
                "{}",
                stderr(&out)
            );
        }
    }
    // Su-domino-ku: four good puzzles, then a malformed fifth, reported, and the final `0`.
    let path = dir.join("sudominoku_with_bad_5th.txt");
    let out = dlx(&["sudominoku", path.to_str().unwrap(), "--jsonl"], b"");
    assert_eq!(out.status.code(), Some(2));
    let json = json_lines(&out);
    assert_eq!(json.len(), 5);
    let text = std::fs::read_to_string(&path).unwrap();
    let file = dlx_puzzles::sudominoku::PuzzleFile::parse(&text);
    for (object, entry) in json[..4].iter().zip(&file.entries) {
        let solution = object["solution"].as_str().unwrap();
        let grid = Grid::parse_line(solution, 1).unwrap();
        let givens = entry.puzzle.as_ref().unwrap().givens();
        assert_eq!(grid.check_solution_of(givens), Ok(()), "{solution}");
    }
    assert_eq!(json[4]["status"], "malformed");
}

/// CSV faults a user makes: a column that is not there is named, with the header's columns;
/// --column on input that is not CSV is a usage error; two puzzle columns are an error naming
/// both; an answer that differs from the file's solution column is exit 1, not 0.
#[test]
fn csv_column_faults_are_named_and_a_differing_solution_fails_the_run() {
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let out = dlx(&["sudoku", "-"], format!("{puzzle}\n").as_bytes());
    let solution = stdout(&out).trim().to_string();
    assert_eq!(solution.len(), 81, "{solution}");
    let good = format!("id,puzzle,solution\n1,{puzzle},{solution}\n");
    let out = dlx(&["sudoku", "-"], good.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for chosen in ["4", "0", "nosuch", "-1"] {
        let flag = format!("--column={chosen}");
        let out = dlx(&["sudoku", &flag, "-"], good.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{chosen}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("--column {chosen}: the header has no such column"))
                && err.contains("its columns are 1 \"id\", 2 \"puzzle\", 3 \"solution\""),
            "{chosen}: {err}"
        );
    }
    // --column on the line format, detected or stated, is refused before any answer.
    let out = dlx(
        &["sudoku", "--column", "2", "-"],
        format!("{puzzle}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out)
            .contains("--column 2 chooses a CSV column, but <stdin> is read as the line format"),
        "{}",
        stderr(&out)
    );
    let out = dlx(
        &["sudoku", "--format", "line", "--column", "puzzle", "-"],
        format!("{puzzle}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    // A header detection does not know is CSV to a user who chooses one of its columns.
    let unknown = format!("id,grid\n1,{puzzle}\n");
    let out = dlx(&["sudoku", "--column", "grid", "-"], unknown.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{solution}\n"));
    // Two puzzle columns.
    let twice = format!("quizzes,puzzle\n{puzzle},{puzzle}\n");
    let out = dlx(&["sudoku", "-"], twice.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("columns 1 \"quizzes\" and 2 \"puzzle\" both name the puzzle column"),
        "{}",
        stderr(&out)
    );
    // A published solution that is not the answer: the run fails, saying where.
    let mut wrong: Vec<char> = solution.chars().collect();
    wrong.swap(0, 1);
    let wrong: String = wrong.into_iter().collect();
    let bad = format!("id,puzzle,solution\n1,{puzzle},{solution}\n2,{puzzle},{wrong}\n");
    let out = dlx(&["sudoku", "--stats", "-"], bad.as_bytes());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("line 3: the"), "{err}");
    assert!(err.contains("1 agree, 1 differ"), "{err}");
    // Both answers are still printed, and each is the puzzle's solution.
    assert_eq!(stdout(&out), format!("{solution}\n{solution}\n"));
    // Cross-hatching that stops short leaves a partial grid: nothing to hold against it.
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let partial = format!("puzzle,solution\n{hard},{solution}\n");
    let out = dlx(&["crosshatch", "-"], partial.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// The parts of the public data the tests read, under its directory (`../shared`).
const SHARED_PARTS: [&str; 8] = [
    "puzzles/puzzles2_17_clue",
    "puzzles/puzzles3_magictour_top1465",
    "puzzles/puzzles7_serg_benchmark",
    "xc",
    "cases/boj2580",
    "cases/boj4574",
    "cases/coci0809c3_cross",
    "cases/realworld",
];

/// Tests that miss the public data skip their checks on it with a note that `cargo test`
/// captures, so a plain run said nothing of what it had not checked. This test says it in one
/// block that shows under capture (a direct write to stderr, not `eprintln!`, which the harness
/// captures), with where the data comes from. `$DLX_SHARED` naming no directory is a mistake
/// to report, not a reason to skip.
#[test]
fn shared_data_is_present_or_skips_are_listed() {
    use std::io::Write;
    let root = crate::common::shared_root();
    if let Some(named) = std::env::var_os("DLX_SHARED").filter(|dir| !dir.is_empty()) {
        assert!(
            root.is_dir(),
            "DLX_SHARED names {}, which is not a directory",
            PathBuf::from(named).display()
        );
    }
    let missing: Vec<&str> = SHARED_PARTS
        .into_iter()
        .filter(|part| !root.join(part).exists())
        .collect();
    for part in SHARED_PARTS.iter().filter(|part| !missing.contains(part)) {
        let path = root.join(part);
        let readable = if path.is_dir() {
            std::fs::read_dir(&path).is_ok_and(|mut entries| entries.next().is_some())
        } else {
            std::fs::metadata(&path).is_ok_and(|meta| meta.len() > 0)
        };
        assert!(readable, "{} is there but empty", path.display());
    }
    if missing.is_empty() {
        return;
    }
    let note = format!(
        "\nnote: public test data absent from {} (set DLX_SHARED to its directory):\n  \
         {}\n  The tests that read it skip those checks or use the project's smaller files.\n  \
         Sources: the puzzle collections are tdoku's benchmark sets (github.com/t-dillon/tdoku,\n  \
         data.zip, data/puzzlesN_*); the samples are those of acmicpc.net problems 2580 and 4574\n  \
         and of COCI 2008/09 contest 3 (CROSS); xc/ holds classic problems (queens, Langford pairs,\n  pentominoes) in Knuth's DLX format.\n\n",
        root.display(),
        if missing.len() == SHARED_PARTS.len() {
            "all of it: puzzles/, xc/, cases/".to_string()
        } else {
            missing.join(", ")
        }
    );
    // One write, so that no other test's line cuts the block.
    let _ = std::io::stderr().write_all(note.as_bytes());
}
