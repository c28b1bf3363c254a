//! The page's requests answered natively: what the browser gets from the same code compiled to
//! WebAssembly. Answers are checked by validation (the rules, the definition of a cover, the
//! engine's own count), never against text printed once.

use dlx_engine::{Engine, EngineKind, Problem};
use dlx_puzzles::sudoku::{Format, Grid, Shape};
use dlx_web::{algorithms_for, example_names, example_text, respond, Silent};
use serde_json::{json, Value};
use std::sync::Arc;

fn ask(request: Value) -> Value {
    serde_json::from_str(&respond(&request.to_string(), Arc::new(Silent))).expect("JSON out")
}

fn example(name: &str, seed: u64) -> String {
    let made: Value = serde_json::from_str(&example_text(name, seed)).unwrap();
    assert_eq!(made["ok"], true, "{name}: {made}");
    made["text"].as_str().unwrap().to_string()
}

fn names(list: &str) -> Vec<String> {
    serde_json::from_str(list).unwrap()
}

#[test]
fn every_example_is_answered_alike_by_every_algorithm_and_every_solution_is_valid() {
    let examples: Vec<Value> = serde_json::from_str(&example_names()).unwrap();
    assert!(examples.len() >= 12);
    for entry in examples {
        let (name, kind) = (
            entry["name"].as_str().unwrap(),
            entry["kind"].as_str().unwrap(),
        );
        if name.contains("pentominoes") || name.contains("16x16") {
            continue; // the long ones: below, on one engine
        }
        let text = example(name, 7);
        let task = if kind == "xc" { "count" } else { "unique" };
        let mut answers = Vec::new();
        for algorithm in names(&algorithms_for(kind)) {
            // The textbook backtracker takes a minute on some variants: it gets a node budget.
            let budget = 2_000_000;
            let request = json!({"kind": kind, "task": task, "algorithm": algorithm,
                "text": text, "max_nodes": budget});
            let answer = ask(request);
            if answer["ok"] != true {
                // An engine may refuse a shape it cannot hold; it says so and nothing else.
                let message = answer["error"]["message"].as_str().unwrap_or_default();
                assert!(
                    message.starts_with(&algorithm),
                    "{name} on {algorithm}: {answer}"
                );
                continue;
            }
            if answer["puzzles"][0]["verdict"] == "error" {
                // A refusal of the puzzle's rules by this algorithm, in the puzzle's place.
                let message = answer["puzzles"][0]["error"].as_str().unwrap_or_default();
                assert!(
                    message.starts_with(&algorithm),
                    "{name} on {algorithm}: {answer}"
                );
                continue;
            }
            assert_eq!(
                answer["summary"]["invalid"].as_u64().unwrap_or(0),
                0,
                "{name}"
            );
            if answer["answer"].as_str().unwrap().contains("undecided") {
                assert_eq!(algorithm, "backtrack", "{name}: only the baseline runs out");
                assert!(answer["summary"]["nodes"].as_u64().unwrap() >= budget);
                continue;
            }
            answers.push((algorithm, answer["answer"].clone()));
        }
        assert!(
            answers.len() >= 2,
            "{name}: at least two algorithms answered"
        );
        assert!(
            answers.iter().all(|(_, a)| *a == answers[0].1),
            "{name}: the algorithms disagree: {answers:?}"
        );
        // Generated puzzles are proper: the uniqueness question gives their one solution.
        if kind != "xc" && kind != "sudominoku" {
            let line = answers[0].1.as_str().unwrap();
            assert!(
                !line.contains("several") && !line.contains("no solution"),
                "{name}: {line}"
            );
        }
    }
}

#[test]
fn a_solved_sudoku_is_its_puzzle_filled_in_and_drawn() {
    let text = example("sudoku 9x9", 3);
    let answer = ask(json!({"kind": "sudoku", "task": "solve", "text": text}));
    assert_eq!(answer["ok"], true, "{answer}");
    let line = answer["answer"].as_str().unwrap();
    let solution: Grid = line.parse().expect("the answer is a grid line");
    let puzzle: Grid = text.trim().parse().unwrap();
    solution
        .check_solution_of(&puzzle)
        .expect("a valid solution of the puzzle");
    assert_eq!(answer["summary"]["valid"], 1);
    let svg = answer["svg"].as_str().unwrap();
    assert_eq!(
        svg.matches("class=\"given\"").count(),
        puzzle.filled_count()
    );
    assert_eq!(
        svg.matches("class=\"filled\"").count(),
        81 - puzzle.filled_count()
    );
}

#[test]
fn a_batch_answers_every_line_in_order_and_a_bad_line_in_its_place() {
    let good = example("sudoku 4x4", 1);
    let text = format!("{good}# a comment\n12x4............\n{good}");
    let answer = ask(json!({"kind": "sudoku", "task": "solve", "text": text}));
    assert_eq!(answer["ok"], true);
    let puzzles = answer["puzzles"].as_array().unwrap();
    let lines: Vec<u64> = puzzles
        .iter()
        .map(|p| p["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 3, 4]);
    assert_eq!(
        (
            puzzles[1]["verdict"].as_str(),
            puzzles[1]["column"].as_u64()
        ),
        (Some("error"), Some(3))
    );
    assert_eq!(answer["summary"]["puzzles"], 3);
    assert_eq!(answer["summary"]["errors"], 1);
    assert_eq!(answer["answer"].as_str().unwrap().lines().count(), 3);
}

#[test]
fn counts_equal_the_engines_own() {
    // Every 4x4 grid: 288; the 8 queens: 92; Langford pairs of 7: 52 (26 up to reversal).
    let empty = Grid::empty(Shape::new(2, 2).unwrap()).to_text(Format::Line);
    let answer = ask(json!({"kind": "sudoku", "task": "count", "text": empty}));
    assert_eq!(answer["answer"], "288", "{answer}");
    for (name, problem) in [
        ("xc 8 queens", Problem::queens(8)),
        ("xc langford 7", Problem::langford(7)),
    ] {
        let expected = EngineKind::Cells.load(&problem).unwrap().count();
        for algorithm in names(&algorithms_for("xc")) {
            let request = json!({"kind": "xc", "task": "count", "algorithm": algorithm, "text": example(name, 0)});
            let answer = ask(request);
            if answer["ok"] == true {
                assert_eq!(
                    answer["answer"],
                    expected.to_string(),
                    "{name} on {algorithm}"
                );
                assert_eq!(answer["summary"]["complete"], true);
            }
        }
    }
}

#[test]
fn listed_covers_are_covers_and_the_cheapest_come_in_order_of_cost() {
    let text = example("xc 8 queens", 0);
    let answer = ask(json!({"kind": "xc", "task": "solve", "listed": 5, "text": text}));
    let solutions = answer["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 5);
    assert_eq!(answer["summary"]["valid"], 5);
    assert_eq!(answer["summary"]["invalid"], 0);
    let costly = example("xc 8 queens with costs", 4);
    let answer = ask(json!({"kind": "xc", "task": "solve", "listed": 3, "text": costly}));
    let costs: Vec<u64> = answer["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_str().unwrap().lines().next().unwrap()["| cost ".len()..]
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(costs.len(), 3);
    assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
    assert_eq!(answer["summary"]["least_cost"], costs[0]);
    assert_eq!(answer["summary"]["invalid"], 0);
}

#[test]
fn malformed_input_is_placed_by_line_and_column() {
    let cases = [
        ("xc", "A B\nA C\n", 2, 3),
        ("sudoku", "", 1, 1),
        ("killer", "......", 1, 1),
        ("sudominoku", "1\n3 A2 4 Q3\n", 2, 8),
    ];
    for (kind, text, line, column) in cases {
        let answer = ask(json!({"kind": kind, "task": "solve", "text": text}));
        let place = if answer["ok"] == false {
            &answer["error"]
        } else {
            &answer["puzzles"][0]
        };
        assert_eq!(
            (place["line"].as_u64(), place["column"].as_u64()),
            (Some(line), Some(column)),
            "{kind} {text:?}: {answer}"
        );
        let message = place["message"]
            .as_str()
            .or(place["error"].as_str())
            .unwrap();
        assert!(!message.is_empty());
    }
}

#[test]
fn a_node_budget_leaves_a_count_a_lower_bound_and_bad_requests_are_refused() {
    let text = example("xc pentominoes 6x10", 0);
    let answer = ask(json!({"kind": "xc", "task": "count", "max_nodes": 1000, "text": text}));
    assert_eq!(answer["summary"]["complete"], false);
    assert!(answer["answer"].as_str().unwrap().starts_with("at least "));
    for bad in [
        json!({"kind": "chess", "text": ""}),
        json!({"task": "guess", "text": ""}),
        json!({"algorithm": "magic", "text": ""}),
        json!({"listed": 0, "kind": "xc", "text": "A\nA\n"}),
        json!({"max_nodes": -1, "text": ""}),
        json!({"kind": "", "text": ""}),
        json!([]),
        json!(null),
    ] {
        let answer = ask(bad.clone());
        assert_eq!(answer["ok"], false, "{bad}");
        assert!(answer["request"].as_str().is_some(), "{bad}: {answer}");
    }
    let raw: Value = serde_json::from_str(&respond("not json", Arc::new(Silent))).unwrap();
    assert_eq!(raw["ok"], false);
    // The baselines solve Sudoku; asked an exact-cover problem, they say so.
    let answer = ask(json!({"kind": "xc", "algorithm": "backtrack", "text": "A\nA\n"}));
    assert_eq!(answer["ok"], false);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// No input makes the module panic (in the browser, a trap): any text, of any kind, for
    /// any task and algorithm, is answered or refused with a message, under a node budget.
    #[test]
    fn any_text_is_answered_or_refused_never_a_panic(
        text in proptest::prop_oneof![
            "[0-9A-Za-z .:|\n#-]{0,120}",
            // Lines of a 4x4 grid's length: puzzles, most of them breaking a rule.
            "([1-4.]{16}( [A-H]{16}( [0-9,]{1,20})?)?\n){1,3}",
        ],
        kind in proptest::sample::select(vec!["sudoku", "x", "windoku", "anti-king",
            "anti-knight", "jigsaw", "killer", "x,anti-king", "sudominoku", "xc"]),
        task in proptest::sample::select(vec!["solve", "count", "unique"]),
        algorithm in proptest::sample::select(vec!["auto", "links", "cells", "bits", "board",
            "planes", "bands", "backtrack", "candidates"]),
    ) {
        let answer = ask(json!({"kind": kind, "task": task, "algorithm": algorithm,
            "text": text, "max_nodes": 20_000}));
        match answer["ok"].as_bool() {
            Some(true) => proptest::prop_assert!(answer["answer"].is_string(), "{}", answer),
            Some(false) => {
                let said = answer["error"]["message"].as_str().or(answer["request"].as_str());
                proptest::prop_assert!(said.is_some_and(|m| !m.is_empty()), "{}", answer);
            }
            None => proptest::prop_assert!(false, "no ok field: {}", answer),
        }
    }
}

#[test]
fn an_engine_that_cannot_hold_a_shape_refuses_its_lines_and_answers_the_others() {
    // The planes take at most 128 cells: a 16x16 line is refused in its place, the 9x9 after it
    // answered.
    let big = ".".repeat(256);
    let small = example("sudoku 9x9", 2);
    let text = format!("{big}\n{small}");
    let answer =
        ask(json!({"kind": "sudoku", "task": "solve", "algorithm": "planes", "text": text}));
    assert_eq!(answer["ok"], true, "{answer}");
    let puzzles = answer["puzzles"].as_array().unwrap();
    assert_eq!(puzzles[0]["verdict"], "error");
    assert!(
        puzzles[0]["error"]
            .as_str()
            .unwrap()
            .starts_with("planes: "),
        "{answer}"
    );
    assert_eq!(puzzles[1]["verdict"], "solved");
    assert_eq!(answer["summary"]["valid"], 1);
}

#[test]
fn givens_that_break_a_rule_have_no_solution_as_the_cli_says() {
    let text = format!("11{}\n", ".".repeat(79));
    for (task, expected) in [
        ("solve", "no solution"),
        ("count", "0"),
        ("unique", "no solution"),
    ] {
        let answer = ask(json!({"kind": "sudoku", "task": task, "text": text}));
        assert_eq!(answer["answer"], expected, "{task}: {answer}");
        assert_eq!(answer["summary"]["errors"], 0);
    }
}

#[test]
fn what_an_algorithm_cannot_take_is_refused_with_its_reason() {
    // DLX5's search takes no multiplicities: costs with bounds are refused, not searched.
    let bounded = "2|A B\nA |1\nA B |2\nA |3\n";
    let answer = ask(json!({"kind": "xc", "task": "solve", "text": bounded}));
    assert_eq!(answer["ok"], false, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("multiplicities"), "{message}");
    // The baselines solve Sudoku and its variants, not Su-domino-ku.
    let text = example("sudominoku", 1);
    let answer = ask(json!({"kind": "sudominoku", "algorithm": "backtrack", "text": text}));
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(answer["error"]["message"]
        .as_str()
        .unwrap()
        .contains("baselines"));
}
