//! Outputs that say what they mean: `--draw` for a classic Sudoku, JSON's `puzzle` holding the
//! puzzle alone, `dlx rate --jsonl` giving the solution it rated, `dlx generate --stats` saying
//! what the generator did, and `--to csv` writing the puzzle's empty cells as the input did.

use crate::common::{dlx, json_lines, stderr, stdout};
use dlx_puzzles::sudoku::{Boxes, Grid, Shape};

/// The example of the issue: a hard 17-clue 9x9 puzzle.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The digits of a drawing's digit lines (every line holding a `|`), row-major, as a grid of
/// `shape`; also which drawn lines are borders across the whole grid.
fn read_drawing(drawing: &str, shape: Shape) -> (Grid, Vec<bool>) {
    let lines: Vec<&str> = drawing.lines().collect();
    let side = shape.side();
    assert_eq!(lines.len(), 2 * side + 1, "{drawing}");
    let mut digits = String::new();
    for line in lines.iter().skip(1).step_by(2) {
        digits.extend(line.chars().filter(|c| c.is_ascii_alphanumeric()));
    }
    let grid = Grid::parse_line_with_boxes(&digits, 1, Boxes::Given(shape)).unwrap();
    let full = "+---".repeat(side) + "+";
    let borders = lines.iter().step_by(2).map(|line| *line == full).collect();
    (grid, borders)
}

#[test]
fn draw_shows_a_classic_solution_with_its_boxes() {
    let output = dlx(&["sudoku", "--draw"], format!("{PUZZLE}\n").as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let (solution, borders) = read_drawing(&stdout(&output), Shape::CLASSIC);
    assert_eq!(
        solution.check_solution_of(&Grid::parse_line(PUZZLE, 1).unwrap()),
        Ok(())
    );
    // A border across the grid above rows 1, 4, 7 and below row 9: the boxes' edges.
    let across: Vec<usize> = (0..borders.len()).filter(|&k| borders[k]).collect();
    assert_eq!(across, [0, 3, 6, 9]);
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines[1].matches('|').count(), 4, "{}", lines[1]);
    // Boxes of 3 rows and 2 columns under --box 3x2: a border every third row, three a row.
    let tall = "1.....4.....2.....5.....3.....6.....";
    let output = dlx(&["sudoku", "--draw", "--box", "3x2", tall], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let shape = Shape::new(3, 2).unwrap();
    let (solution, borders) = read_drawing(&stdout(&output), shape);
    let puzzle = Grid::parse_line_with_boxes(tall, 1, Boxes::Given(shape)).unwrap();
    assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
    let across: Vec<usize> = (0..borders.len()).filter(|&k| borders[k]).collect();
    assert_eq!(across, [0, 3, 6]);
    assert_eq!(
        stdout(&output).lines().nth(1).unwrap().matches('|').count(),
        4
    );
    // No solution: the word, not a drawing.
    let dead = format!("12345678.........9{}", ".".repeat(63));
    let output = dlx(&["sudoku", "--draw", &dead], b"");
    assert_eq!(
        (output.status.code(), stdout(&output)),
        (Some(1), "no solution\n".into())
    );
}

#[test]
fn jsonl_puzzle_holds_the_puzzle_alone() {
    let input = format!("  {PUZZLE}  // from the issue\n{PUZZLE}#glued\n{PUZZLE}\n");
    let output = dlx(&["sudoku", "--jsonl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let objects = json_lines(&output);
    let labels: Vec<Option<&str>> = objects.iter().map(|o| o["label"].as_str()).collect();
    assert_eq!(labels, [Some("// from the issue"), Some("#glued"), None]);
    for object in &objects {
        assert_eq!(object["puzzle"], PUZZLE);
    }
    // The same for rate and crosshatch, and for a variant line's fields.
    for command in ["rate", "crosshatch"] {
        let output = dlx(&[command, "--jsonl"], input.as_bytes());
        for object in json_lines(&output) {
            assert_eq!(object["puzzle"], PUZZLE, "{command}");
        }
    }
    let x = "..3.7......8.6......4........5....1....7......6..25....5....2484..2..........1.6.";
    let output = dlx(
        &["sudoku", "--variant", "x", "--jsonl"],
        format!("{x} first of x-9x9.txt\n").as_bytes(),
    );
    let object = &json_lines(&output)[0];
    assert_eq!(
        (&object["puzzle"], &object["label"]),
        (&x.into(), &"first of x-9x9.txt".into())
    );
}

#[test]
fn rate_jsonl_gives_the_solution_it_rated() {
    // Puzzles of every technique but the first, and one of the first: a solution less a cell.
    let text = std::fs::read_to_string(format!(
        "{}/puzzles/minimal-9x9.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut lines: Vec<String> = text.lines().take(60).map(String::from).collect();
    let solved =
        "192365487567814293384927156215746938936258741478139562623591874851473629749682315";
    lines.push(format!(".{}", &solved[1..]));
    let input = lines.join("\n") + "\n";
    let output = dlx(&["rate", "--jsonl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mut techniques = Vec::new();
    for (object, line) in json_lines(&output).iter().zip(&lines) {
        assert_eq!(object["status"], "solved");
        let solution = object["solution"]
            .as_str()
            .expect("a rated puzzle's solution");
        let solution = Grid::parse_line(solution, 1).unwrap();
        assert_eq!(
            solution.check_solution_of(&Grid::parse_line(line, 1).unwrap()),
            Ok(())
        );
        techniques.push(object["technique"].as_str().unwrap().to_string());
    }
    for technique in ["crosshatch", "singles", "locked", "search"] {
        assert!(techniques.iter().any(|t| t == technique), "no {technique}");
    }
    // A puzzle with several solutions has none to give.
    let output = dlx(&["rate", "--jsonl", &".".repeat(16)], b"");
    let object = &json_lines(&output)[0];
    assert_eq!(
        (&object["status"], &object["solution"]),
        (&"multiple".into(), &serde_json::Value::Null)
    );
    // Variants too.
    let x = "..3.7......8.6......4........5....1....7......6..25....5....2484..2..........1.6.";
    let output = dlx(&["rate", "--variant", "x", "--jsonl", x], b"");
    let object = &json_lines(&output)[0];
    let solution = Grid::parse_line(object["solution"].as_str().unwrap(), 1).unwrap();
    assert_eq!(
        solution.check_solution_of(&Grid::parse_line(x, 1).unwrap()),
        Ok(())
    );
    // The help says what rate does, not what sudoku does.
    let help = stdout(&dlx(&["rate", "--help"], b""));
    assert!(help.contains("rated one after another"), "{help}");
    assert!(!help.contains("solved one after another"), "{help}");
    assert!(!help.contains("when counting"), "{help}");
}

#[test]
fn generate_stats_say_what_the_generator_did() {
    let output = dlx(
        &[
            "generate", "--count", "5", "--seed", "11", "--jsonl", "--stats",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let objects = json_lines(&output);
    let field =
        |name: &str| -> Vec<u64> { objects.iter().map(|o| o[name].as_u64().unwrap()).collect() };
    let givens = field("givens");
    let summary = stderr(&output);
    let mean = givens.iter().sum::<u64>() as f64 / givens.len() as f64;
    let expected = [
        "seed: 11".to_string(),
        "puzzles made: 5".to_string(),
        "failed: 0".to_string(),
        format!(
            "givens: mean {mean:.1}, min {}, max {}",
            givens.iter().min().unwrap(),
            givens.iter().max().unwrap()
        ),
        format!("full grids made: {}", field("attempts").iter().sum::<u64>()),
        format!("grids given up: {}", field("restarts").iter().sum::<u64>()),
        format!("uniqueness checks: {}", field("checks").iter().sum::<u64>()),
        format!("nodes: {}", field("nodes").iter().sum::<u64>()),
    ];
    for line in &expected {
        assert!(
            summary.lines().any(|l| l == line),
            "no {line:?} in:\n{summary}"
        );
    }
    assert!(summary.contains("puzzles per second: "), "{summary}");
    // Nothing of a solver's summary.
    for solver_line in [
        "solved:",
        "no solution:",
        "multiple:",
        "undecided:",
        "malformed:",
    ] {
        assert!(
            !summary.contains(solver_line),
            "{solver_line} in:\n{summary}"
        );
    }
    // A Killer has cages, not givens.
    let output = dlx(
        &[
            "generate",
            "--variant",
            "killer",
            "--box",
            "2x2",
            "--count",
            "2",
            "--seed",
            "1",
            "--stats",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("\ncages: mean "),
        "{}",
        stderr(&output)
    );
}

#[test]
fn csv_output_keeps_the_empty_cell_symbol_of_the_input() {
    let zeros = PUZZLE.replace('.', "0");
    let rows = |text: &str, sep: &str| -> String {
        text.as_bytes()
            .chunks(9)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&b| (b as char).to_string()).collect();
                cells.join(sep) + "\n"
            })
            .collect()
    };
    let inputs = [
        ("line", format!("{zeros}\n")),
        ("compact", rows(&zeros, "")),
        ("spaced", rows(&zeros, " ")),
        ("csv", format!("id,puzzle\n1,{zeros}\n")),
        ("line with dots", format!("{PUZZLE}\n")),
        ("spaced with dots", rows(PUZZLE, " ")),
    ];
    for (name, input) in inputs {
        let output = dlx(&["sudoku", "--to", "csv"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stderr(&output));
        let rows = crate::common::csv_rows(&stdout(&output));
        let header = &rows[0];
        let row = &rows[1];
        // The puzzle in the input's puzzle column (`puzzle` for every input here), the answer
        // in `solution`.
        let column = |name: &str| header.iter().position(|c| c == name).unwrap();
        let (puzzle, solution) = (&row[column("puzzle")], &row[column("solution")]);
        assert_eq!(row[column("status")], "solved", "{name}");
        let expected = if name.contains("dots") {
            PUZZLE
        } else {
            zeros.as_str()
        };
        assert_eq!(puzzle, expected, "{name}");
        let solution = Grid::parse_line(solution, 1).unwrap();
        assert_eq!(
            solution.check_solution_of(&Grid::parse_line(puzzle, 1).unwrap()),
            Ok(())
        );
    }
}

/// `--to csv` on a Kaggle-style file (`id,quizzes,solutions`) wrote `puzzle,solution` and
/// dropped the `id`, and `--jsonl` on CSV input gave `"puzzle": null`. A CSV output keeps every
/// input column and adds the answer and its status; JSON has the puzzle and the row's columns.
#[test]
fn csv_output_keeps_every_input_column_and_adds_the_answer() {
    let puzzles: Vec<String> = std::fs::read_to_string(crate::common::puzzles("hard-9x9.txt"))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(3)
        .map(|line| line[..81].to_string())
        .collect();
    let ids = ["plain", "with, a comma", "with \"quotes\""];
    let mut input = String::from("id,quizzes,solutions\n");
    for (id, puzzle) in ids.iter().zip(&puzzles) {
        input.push_str(&format!("\"{}\",{puzzle},\n", id.replace('"', "\"\"")));
    }
    // A row too short to hold its puzzle is answered too, never dropped.
    input.push_str("short\n");
    let out = dlx(&["sudoku", "--to", "csv"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let rows = crate::common::csv_rows(&stdout(&out));
    assert_eq!(
        rows[0],
        ["id", "quizzes", "solutions", "solution", "status"],
        "{rows:?}"
    );
    assert_eq!(rows.len(), 1 + ids.len() + 1, "{rows:?}");
    for ((row, id), puzzle) in rows[1..].iter().zip(ids).zip(&puzzles) {
        assert_eq!(row.len(), 5, "{row:?}");
        assert_eq!(
            (row[0].as_str(), &row[1], row[2].as_str()),
            (id, puzzle, "")
        );
        let solution = Grid::parse_line(&row[3], 1).unwrap();
        let puzzle = Grid::parse_line(puzzle, 1).unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "{row:?}");
        assert_eq!(row[4], "solved");
    }
    let short = &rows[1 + ids.len()];
    assert_eq!(short.len(), 5, "{short:?}");
    assert_eq!(short[0], "short");
    assert_eq!(short[4], "malformed");
    // A column of the input named like an answer column is kept; the answer's gets a prefix.
    let named = format!("puzzle,solution\n{},\n", puzzles[0]);
    let out = dlx(&["sudoku", "--to", "csv"], named.as_bytes());
    let rows = crate::common::csv_rows(&stdout(&out));
    assert_eq!(rows[0], ["puzzle", "solution", "dlx_solution", "status"]);
    assert_eq!(rows[1][..2], [puzzles[0].as_str(), ""]);
    // JSON lines: the puzzle as the file wrote it, and every column by its name.
    let out = dlx(&["sudoku", "--jsonl"], input.as_bytes());
    let objects = json_lines(&out);
    assert_eq!(objects.len(), ids.len() + 1);
    for ((object, id), puzzle) in objects.iter().zip(ids).zip(&puzzles) {
        assert_eq!(object["puzzle"], puzzle.as_str(), "{object}");
        assert_eq!(object["columns"]["id"], id, "{object}");
        assert_eq!(object["columns"]["quizzes"], puzzle.as_str(), "{object}");
        assert_eq!(object["columns"]["solutions"], "", "{object}");
        let solution = Grid::parse_line(object["solution"].as_str().unwrap(), 1).unwrap();
        let puzzle = Grid::parse_line(puzzle, 1).unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()), "{object}");
    }
    assert_eq!(objects[ids.len()]["columns"]["id"], "short");
}
