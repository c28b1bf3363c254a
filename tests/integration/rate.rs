//! `dlx rate`: one answer per puzzle in input order, each rating consistent with its technique
//! and nodes, the passes' verdicts checked against the passes themselves, and the puzzles with
//! no solution or several told apart; on the public 17-clue collection when `../shared` is
//! there.

use crate::common::{dlx, json_lines, shared_or_skip, stderr, stdout};
use dlx_puzzles::sudoku::{CrossHatch, Grid};

fn shipped(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn ratings_follow_the_scale_in_input_order() {
    let text = std::fs::read_to_string(shipped("minimal-9x9.txt")).unwrap();
    let lines: Vec<&str> = text.lines().take(300).collect();
    let input = format!("# a comment\n{}\n", lines.join("\n"));
    let output = dlx(&["rate", "--jsonl", "--threads", "2"], input.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    let objects = json_lines(&output);
    assert_eq!(objects.len(), lines.len());
    let mut techniques = Vec::new();
    for (object, line) in objects.iter().zip(&lines) {
        assert_eq!(object["puzzle"], *line);
        let (rating, nodes) = (
            object["rating"].as_f64().unwrap(),
            object["nodes"].as_f64().unwrap(),
        );
        let technique = object["technique"].as_str().unwrap().to_string();
        let level = ["crosshatch", "singles", "locked", "search"]
            .iter()
            .position(|&t| t == technique)
            .expect("a known technique") as f64
            + 1.0;
        assert_eq!(rating, level + nodes, "{line}");
        assert_eq!(nodes > 0.0, technique == "search", "{line}");
        // Cross-hatching fills exactly the puzzles rated `crosshatch` (among those it could).
        let puzzle = Grid::parse_line(line, 1).unwrap();
        let filled = CrossHatch::of(&puzzle).unwrap().grid.is_full();
        assert_eq!(filled, technique == "crosshatch", "{line}");
        techniques.push(technique);
    }
    // Random minimal puzzles need every level but the first, which is rare.
    for technique in ["singles", "locked", "search"] {
        assert!(techniques.iter().any(|t| t == technique), "no {technique}");
    }
    // The text output says the same, one line each.
    let text_output = dlx(&["rate"], input.as_bytes());
    let text_lines: Vec<String> = stdout(&text_output).lines().map(String::from).collect();
    for (text_line, object) in text_lines.iter().zip(&objects) {
        let expected = format!(
            "{:.1} {}",
            object["rating"].as_f64().unwrap(),
            object["technique"].as_str().unwrap()
        );
        assert_eq!(text_line, &expected);
    }
    assert_eq!(text_lines.len(), lines.len());
}

#[test]
fn several_solutions_none_and_malformed_lines_are_reported_in_place() {
    let several = std::fs::read_to_string(shipped("multiple-9x9.txt")).unwrap();
    let none = std::fs::read_to_string(shipped("no-solution-9x9.txt")).unwrap();
    let input = format!(
        "{}\n{}\n12345\n",
        several.lines().next().unwrap(),
        none.lines().next().unwrap()
    );
    let output = dlx(&["rate"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2), "a malformed line wins");
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines[..2], ["multiple", "no solution"]);
    assert!(lines[2].starts_with("error: line 3"), "{}", lines[2]);
    assert_eq!(lines.len(), 3);
    let output = dlx(&["rate", &shipped("no-solution-9x9.txt")], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).lines().all(|l| l == "no solution"));
}

#[test]
fn the_17_clue_collection_is_rated_unique_throughout() {
    let Some(path) = shared_or_skip("puzzles/puzzles2_17_clue", "rating the 17-clue collection")
    else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let head: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(2000)
        .collect();
    let output = dlx(
        &["rate", "--threads", "2"],
        format!("{}\n", head.join("\n")).as_bytes(),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let answers = stdout(&output);
    assert_eq!(answers.lines().count(), head.len());
    for answer in answers.lines() {
        let (rating, technique) = answer.split_once(' ').expect("RATING TECHNIQUE");
        let rating: f64 = rating.parse().unwrap();
        assert!(rating >= 1.0 && !technique.is_empty(), "{answer}");
    }
}
