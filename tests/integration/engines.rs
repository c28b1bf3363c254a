//! `dlx xc --engine`: dancing cells (Knuth's SSXCC) and dancing links from the command line,
//! the same solutions, each engine's figures, and the refusals.

use crate::common::{data, dlx, shared_or_skip, stderr, stdout};
use dlx_puzzles::sudoku::Grid;

/// The solutions a run printed: blocks of option lines, each block sorted, the blocks sorted.
fn solution_blocks(text: &str) -> Vec<Vec<String>> {
    let mut blocks: Vec<Vec<String>> = text
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
            lines.sort();
            lines
        })
        .collect();
    blocks.sort();
    blocks
}

#[test]
fn both_engines_print_the_same_solutions_for_every_engine_test_file_without_bounds() {
    for file in [
        "toy.dlx",
        "queens8.dlx",
        "langford7.dlx",
        "xcc_random1.dlx",
        "xcc_random2.dlx",
        "word_rectangles3x4.dlx",
    ] {
        let path = data(&format!("xc/{file}"));
        let path = path.to_str().unwrap();
        let links = dlx(&["xc", "--engine", "links", path], b"");
        let cells = dlx(&["xc", "--engine", "cells", path], b"");
        assert_eq!(cells.status.code(), Some(0), "{file}: {}", stderr(&cells));
        let found = solution_blocks(&stdout(&cells));
        assert!(!found.is_empty(), "{file}");
        assert_eq!(found, solution_blocks(&stdout(&links)), "{file}");
    }
}

#[test]
fn stats_name_the_engine_and_give_ssxccs_figures() {
    let Some(dir) = shared_or_skip("xc", "SSXCC's figures from the CLI") else {
        return;
    };
    // SSXCC's totals (Knuth's ssxcc.w built from ascherer/cwebtest, `ssxcc < FILE`).
    for (file, figures) in [
        ("toy_colors.dlx", "solutions: 1\nnodes: 3\nupdates: 16\n"),
        ("queens8.dlx", "solutions: 92\nnodes: 947\nupdates: 20078\n"),
        (
            "random_xcc_101.dlx",
            "solutions: 107\nnodes: 228\nupdates: 1435\n",
        ),
    ] {
        let path = dir.join(file);
        let out = dlx(
            &[
                "xc",
                "--count",
                "--stats",
                "--engine",
                "cells",
                "--threads",
                "1",
                path.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{file}");
        let err = stderr(&out);
        assert!(err.starts_with("engine: cells"), "{file}: {err}");
        assert!(err.contains(figures), "{file}: {err}");
    }
    // `auto` is the default: bitsets for small dense problems.
    for (file, engine) in [("toy.dlx", "bits"), ("queens8.dlx", "bits")] {
        let out = dlx(&["xc", "--stats", dir.join(file).to_str().unwrap()], b"");
        let err = stderr(&out);
        assert!(
            err.starts_with(&format!("engine: {engine}")),
            "{file}: {err}"
        );
    }
}

/// A problem with colours too sparse for the bitsets: 30 primary items, each in two options
/// of 60.
fn sparse_colours() -> String {
    let items: Vec<String> = (0..30).map(|i| format!("p{i}")).collect();
    let mut text = format!("{} | X\n", items.join(" "));
    for item in &items {
        text.push_str(&format!("{item} X:a\n{item} X:b\n"));
    }
    text
}

#[test]
fn auto_takes_bits_for_small_dense_problems_cells_for_colours_and_links_for_the_others() {
    let colours = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";
    let out = dlx(&["xc", "--stats", "--engine", "auto"], colours.as_bytes());
    assert!(stderr(&out).starts_with("engine: bits"), "{}", stderr(&out));
    let sparse = dlx(&["xc", "--count", "--stats"], sparse_colours().as_bytes());
    assert_eq!(stdout(&sparse), "2\n", "{}", stderr(&sparse));
    assert!(
        stderr(&sparse).starts_with("engine: cells"),
        "{}",
        stderr(&sparse)
    );
    // The bitsets split small dense problems too: the shards' counts add up to the one
    // solution (a shard without one exits 1).
    let mut total = 0;
    for shard in ["1/2", "2/2"] {
        let args = [
            "xc", "--count", "--stats", "--engine", "auto", "--shard", shard,
        ];
        let sharded = dlx(&args, colours.as_bytes());
        let err = stderr(&sharded);
        assert!(matches!(sharded.status.code(), Some(0 | 1)), "{err}");
        assert!(err.starts_with("engine: bits"), "{err}");
        total += stdout(&sharded).trim().parse::<u64>().unwrap();
    }
    assert_eq!(total, 1);
    let other_rule = dlx(
        &["xc", "--stats", "--engine", "auto", "--rule", "fast"],
        colours.as_bytes(),
    );
    assert!(
        stderr(&other_rule).starts_with("engine: links"),
        "other rules are links' alone"
    );
    let bounds = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let out = dlx(&["xc", "--stats", "--engine", "auto"], bounds.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).starts_with("engine: links"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn cells_refuse_bounds_other_rules_and_budgeted_shards_with_exit_2() {
    let bounds = "2|A\nA\nA\n";
    let out = dlx(&["xc", "--engine", "cells"], bounds.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("multiplicities"), "{}", stderr(&out));
    let toy = data("xc/toy.dlx");
    let toy = toy.to_str().unwrap();
    let out = dlx(
        &[
            "xc",
            "--engine",
            "cells",
            "--shard",
            "1/2",
            "--max-nodes",
            "5",
            toy,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--shard"), "{}", stderr(&out));
    let out = dlx(&["xc", "--engine", "cells", "--rule", "fast", toy], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the cells engine does not take another choice rule"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn cells_keep_limits_node_budgets_and_counts() {
    let queens = data("xc/queens8.dlx");
    let queens = queens.to_str().unwrap();
    let out = dlx(&["xc", "--engine", "cells", "--count", queens], b"");
    assert_eq!(stdout(&out).trim(), "92");
    let out = dlx(
        &["xc", "--engine", "cells", "--count", "--limit", "5", queens],
        b"",
    );
    assert_eq!(stdout(&out).trim(), "5+");
    let out = dlx(&["xc", "--engine", "cells", "--limit", "1", queens], b"");
    assert_eq!(solution_blocks(&stdout(&out)).len(), 1);
    let out = dlx(
        &[
            "xc",
            "--engine",
            "cells",
            "--count",
            "--stats",
            "--max-nodes",
            "10",
            queens,
        ],
        b"",
    );
    assert!(
        stdout(&out).trim().ends_with("undecided"),
        "{}",
        stdout(&out)
    );
    assert!(stderr(&out).contains("nodes: 10\n"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("at the node budget"),
        "{}",
        stderr(&out)
    );
}

/// Whether every block of option lines is a solution of the problem in `text` (Knuth's format
/// without bounds): each primary item covered once; each secondary item by one uncoloured option
/// or by options of one colour.
fn all_valid(text: &str, blocks: &[Vec<String>]) -> bool {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|'));
    let header = lines.next().unwrap();
    let (primary, _) = header.split_once('|').unwrap_or((header, ""));
    let primary: Vec<&str> = primary.split_whitespace().collect();
    blocks.iter().all(|block| {
        let mut seen: std::collections::HashMap<&str, Vec<Option<&str>>> = Default::default();
        for line in block {
            for entry in line.split_whitespace() {
                let (item, colour) = match entry.split_once(':') {
                    Some((item, colour)) => (item, Some(colour)),
                    None => (entry, None),
                };
                seen.entry(item).or_default().push(colour);
            }
        }
        let primaries_once = primary
            .iter()
            .all(|item| seen.get(item).is_some_and(|c| c.len() == 1));
        let secondaries_agree = seen.iter().all(|(item, colours)| {
            primary.contains(item)
                || colours.len() == 1
                || (colours[0].is_some() && colours.iter().all(|c| *c == colours[0]))
        });
        primaries_once && secondaries_agree
    })
}

/// The engine test files the split runs are checked on: with and without colours.
const SPLIT_FILES: [&str; 5] = [
    "queens8.dlx",
    "langford7.dlx",
    "xcc_random1.dlx",
    "xcc_random2.dlx",
    "word_rectangles3x4.dlx",
];

#[test]
fn cells_on_threads_find_the_one_thread_solutions_each_valid() {
    for file in SPLIT_FILES {
        let path = data(&format!("xc/{file}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let path = path.to_str().unwrap();
        let one = solution_blocks(&stdout(&dlx(&["xc", "--engine", "cells", path], b"")));
        assert!(!one.is_empty() && all_valid(&text, &one), "{file}");
        for threads in ["2", "3"] {
            let args = [
                "xc",
                "--engine",
                "cells",
                "--threads",
                threads,
                "--stats",
                path,
            ];
            let out = dlx(&args, b"");
            assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
            let found = solution_blocks(&stdout(&out));
            assert!(all_valid(&text, &found), "{file} on {threads} threads");
            assert_eq!(found, one, "{file} on {threads} threads");
            let err = stderr(&out);
            assert!(
                err.contains(&format!("solutions: {}\n", one.len())),
                "{err}"
            );
            assert!(err.contains("figures: the split run's"), "{err}");
            let counted = dlx(
                &[
                    "xc",
                    "--engine",
                    "cells",
                    "--threads",
                    threads,
                    "--count",
                    path,
                ],
                b"",
            );
            assert_eq!(stdout(&counted).trim(), one.len().to_string(), "{file}");
        }
        // A limit on threads stops at exactly that many solutions, each one of the whole.
        let out = dlx(
            &[
                "xc",
                "--engine",
                "cells",
                "--threads",
                "2",
                "--limit",
                "2",
                path,
            ],
            b"",
        );
        let found = solution_blocks(&stdout(&out));
        assert_eq!(found.len(), 2.min(one.len()), "{file}");
        assert!(found.iter().all(|b| one.contains(b)), "{file}");
    }
}

#[test]
fn cells_shards_add_up_to_the_whole_each_solution_in_one_shard() {
    for file in SPLIT_FILES {
        let path = data(&format!("xc/{file}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let path = path.to_str().unwrap();
        let one = solution_blocks(&stdout(&dlx(&["xc", "--engine", "cells", path], b"")));
        for count in [1, 2, 3, 5] {
            let mut union = Vec::new();
            let mut counted = 0;
            for index in 1..=count {
                let shard = format!("{index}/{count}");
                let out = dlx(&["xc", "--engine", "cells", "--shard", &shard, path], b"");
                let found = solution_blocks(&stdout(&out));
                assert!(all_valid(&text, &found), "{file} shard {shard}");
                union.extend(found);
                let out = dlx(
                    &[
                        "xc", "--engine", "cells", "--count", "--shard", &shard, path,
                    ],
                    b"",
                );
                counted += stdout(&out).trim().parse::<usize>().unwrap();
            }
            union.sort();
            assert_eq!(counted, one.len(), "{file} in {count} shards");
            assert_eq!(union, one, "{file} in {count} shards");
        }
    }
}

#[test]
fn bits_walk_links_tree_split_into_shards_and_refuse_bounds_and_other_rules_with_exit_2() {
    let queens = data("xc/queens8.dlx");
    let queens = queens.to_str().unwrap();
    let mut printed = Vec::new();
    for engine in ["bits", "links"] {
        let out = dlx(&["xc", "--stats", "--engine", engine, queens], b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.starts_with(&format!("engine: {engine}")), "{err}");
        // DLX1's figures: the same tree on both engines.
        assert!(
            err.contains("solutions: 92\nnodes: 1199\n"),
            "{engine}: {err}"
        );
        printed.push(stdout(&out));
    }
    assert_eq!(
        printed[0], printed[1],
        "the same solutions in the same order"
    );
    // The shards' counts add up to the whole, with the one-thread figures (the bitsets' tree
    // does not depend on the order of its subtrees).
    let shards: Vec<String> = ["1/2", "2/2"]
        .iter()
        .map(|shard| {
            let args = [
                "xc", "--count", "--engine", "bits", "--shard", shard, queens,
            ];
            let out = dlx(&args, b"");
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            stdout(&out)
        })
        .collect();
    let counts: Vec<u64> = shards.iter().map(|s| s.trim().parse().unwrap()).collect();
    assert_eq!(counts.iter().sum::<u64>(), 92, "{shards:?}");
    let out = dlx(
        &["xc", "--count", "--stats", "--engine", "bits", queens],
        b"",
    );
    // Honest figures: the bitsets move no links, so no updates are printed (not a zero).
    assert!(stderr(&out).contains("nodes: 1199\n"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("updates"), "{}", stderr(&out));
    let links = dlx(
        &["xc", "--count", "--stats", "--engine", "links", queens],
        b"",
    );
    assert!(stderr(&links).contains("updates: "), "{}", stderr(&links));
    for (args, input, why) in [
        (
            &["xc", "--engine", "bits"][..],
            "2|A\nA\nA\n",
            "multiplicities",
        ),
        (
            &["xc", "--engine", "bits", "--rule", "fast", queens],
            "",
            "the bits engine does not take another choice rule",
        ),
    ] {
        let out = dlx(args, input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_bits_count_split_over_threads_gives_the_one_thread_figures() {
    let queens = data("xc/queens12.dlx");
    let queens = queens.to_str().unwrap();
    let mut figures = Vec::new();
    for threads in ["1", "2", "3"] {
        let out = dlx(
            &[
                "xc",
                "--count",
                "--stats",
                "--engine",
                "bits",
                "--threads",
                threads,
                queens,
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "14200\n");
        let err = stderr(&out);
        let nodes = err
            .lines()
            .find(|l| l.starts_with("nodes: "))
            .unwrap()
            .to_string();
        figures.push(nodes);
    }
    assert!(figures.iter().all(|f| f == "nodes: 327813"), "{figures:?}");
}

/// Puzzles from one full grid, a cell blanked where a fixed pattern says: from unique to
/// many-solution ones, a few with clashing givens.
fn puzzles_for_every_engine() -> Vec<String> {
    let empty = ".".repeat(81);
    let full = stdout(&dlx(&["sudoku", &empty], b"")).trim().to_string();
    assert_eq!(full.len(), 81, "{full}");
    let mut puzzles = Vec::new();
    for step in [2usize, 3, 5, 7, 11] {
        let blanked: String = full
            .chars()
            .enumerate()
            .map(|(cell, digit)| {
                if (cell * 31 + step) % step == 0 || cell % step == 1 {
                    '.'
                } else {
                    digit
                }
            })
            .collect();
        puzzles.push(blanked.clone());
        // The same with two givens alike in the first row: no solution.
        let mut clash: Vec<char> = blanked.chars().collect();
        clash[0] = '1';
        clash[1] = '1';
        puzzles.push(clash.into_iter().collect());
    }
    puzzles.push(empty);
    puzzles
}

#[test]
fn sudoku_and_its_variants_answer_alike_on_every_engine() {
    let puzzles = puzzles_for_every_engine().join("\n") + "\n";
    for extra in [&["--count", "--limit", "5"][..], &["--unique"], &[]] {
        for variant in [None, Some("x")] {
            let mut answers = Vec::new();
            for engine in ["links", "cells", "auto", "bits", "board"] {
                let mut args = vec!["sudoku", "--engine", engine, "--threads", "1"];
                args.extend_from_slice(extra);
                if let Some(variant) = variant {
                    args.extend_from_slice(&["--variant", variant]);
                }
                let out = dlx(&args, puzzles.as_bytes());
                assert!(
                    matches!(out.status.code(), Some(0 | 1)),
                    "{args:?}: {}",
                    stderr(&out)
                );
                answers.push(stdout(&out));
            }
            // Counts and uniqueness are the same on every engine; a first solution of a
            // puzzle with several may differ, so each is checked instead: it keeps the
            // puzzle's givens and is a Sudoku grid.
            if !extra.is_empty() {
                let others = ["cells", "auto", "bits", "board"];
                for (engine, answer) in others.iter().zip(&answers[1..]) {
                    assert_eq!(&answers[0], answer, "{engine} {extra:?} {variant:?}");
                }
                continue;
            }
            for answer in &answers {
                let solved: Vec<&str> = answer.lines().collect();
                assert_eq!(solved.len(), puzzles.lines().count(), "{answer}");
                for (puzzle, line) in puzzles.lines().zip(&solved) {
                    // Clashing givens are refused by the grid's parser: `no solution`.
                    match (Grid::parse_line(puzzle, 1), Grid::parse_line(line, 1)) {
                        (Ok(puzzle), Ok(grid)) => grid.check_solution_of(&puzzle).unwrap(),
                        (Err(_), _) => assert_eq!(*line, "no solution"),
                        (Ok(_), Err(_)) => {
                            assert!(*line == "no solution" && variant.is_some(), "{line}")
                        }
                    }
                }
            }
            let no_solution = |answer: &String| answer.matches("no solution").count();
            for answer in &answers[1..] {
                assert_eq!(no_solution(&answers[0]), no_solution(answer));
            }
        }
    }
    // Split counts: the shards of the empty 4x4 grid's count add up on every engine.
    let empty = ".".repeat(16);
    for engine in ["links", "cells", "bits", "board"] {
        let mut sum = 0;
        for shard in ["1/3", "2/3", "3/3"] {
            let args = [
                "sudoku", "--engine", engine, "--count", "--shard", shard, &empty,
            ];
            let out = dlx(&args, b"");
            sum += stdout(&out).trim().parse::<u64>().unwrap_or(0);
        }
        assert_eq!(sum, 288, "{engine}");
    }
    // A 25x25 grid's bitsets pass their memory bound: that puzzle is refused with the
    // reason, the others are answered.
    let large = ".".repeat(625);
    let both = format!("{empty}\n{large}\n");
    let out = dlx(&["sudoku", "--engine", "bits", "--count"], both.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().next(), Some("288"));
    assert!(stderr(&out).contains("line 2: "), "{}", stderr(&out));
    assert!(stderr(&out).contains("bits"), "{}", stderr(&out));
    let out = dlx(
        &["sudoku", "--engine", "cells", "--algo", "backtrack", &empty],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is for --algo dlx"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn sudoku_json_names_the_engine_that_searched() {
    // Step 11's blanks: a puzzle of few solutions (step 2's blank every cell).
    let puzzle = puzzles_for_every_engine().remove(8);
    let engine_of = |args: &[&str]| {
        let mut all = vec!["sudoku", "--jsonl"];
        all.extend_from_slice(args);
        all.push(&puzzle);
        let out = dlx(&all, b"");
        let line = stdout(&out);
        let object: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
        object["engine"].clone()
    };
    assert_eq!(engine_of(&[]), "bands");
    assert_eq!(engine_of(&["--engine", "links"]), "links");
    assert_eq!(engine_of(&["--engine", "cells"]), "cells");
    assert_eq!(engine_of(&["--engine", "cells", "--variant", "x"]), "cells");
    assert_eq!(engine_of(&["--variant", "x"]), "planes");
    assert_eq!(engine_of(&["--count", "--memo"]), "memo");
    assert_eq!(engine_of(&["--algo", "backtrack"]), serde_json::Value::Null);
}

#[test]
fn the_boards_deductions_are_in_json_and_summed_by_stats() {
    // The project's hard puzzles and X puzzles: the board takes forced items between its
    // guesses.
    let figures_of = |engine: &str, variant: Option<&str>| {
        let file = match variant {
            None => "puzzles/hard-9x9.txt",
            Some(_) => "puzzles/x-9x9.txt",
        };
        let puzzles = std::fs::read_to_string(file).unwrap();
        let first: String = puzzles
            .lines()
            .take(30)
            .map(|line| line.to_string() + "\n")
            .collect();
        let mut args = vec!["sudoku", "--jsonl", "--stats", "--threads", "1"];
        args.extend(["--engine", engine]);
        if let Some(variant) = variant {
            args.extend(["--variant", variant]);
        }
        let out = dlx(&args, first.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{engine}: {}", stderr(&out));
        let mut forced = 0;
        for line in stdout(&out).lines() {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(object["status"], "solved", "{line}");
            match engine {
                "board" => forced += object["forced"].as_u64().expect("a board's answer says"),
                _ => assert!(object.get("forced").is_none(), "{engine}: {line}"),
            }
        }
        let said = stderr(&out);
        let summed = said.lines().find_map(|line| line.strip_prefix("forced: "));
        (forced, summed.map(|sum| sum.parse::<u64>().unwrap()), said)
    };
    for variant in [None, Some("x")] {
        let (forced, summed, said) = figures_of("board", variant);
        assert!(forced > 0, "{variant:?}: {said}");
        assert_eq!(summed, Some(forced), "{variant:?}: {said}");
        let (_, summed, said) = figures_of("links", variant);
        assert_eq!(
            summed, None,
            "{variant:?}: links move no forced items: {said}"
        );
    }
}

#[test]
fn variants_are_made_and_rated_on_every_engine() {
    // Each engine makes its own unique puzzles (links' --unique says so) and rates them: X on
    // 6x6 with the boxes, a jigsaw on a layout of its own, and Killers without givens.
    for variant in ["x", "jigsaw", "killer"] {
        for engine in ["links", "cells", "bits", "board"] {
            let args = [
                "generate",
                "--variant",
                variant,
                "--box",
                "2x3",
                "--engine",
                engine,
                "--count",
                "2",
                "--seed",
                "5",
            ];
            let out = dlx(&args, b"");
            assert_eq!(
                out.status.code(),
                Some(0),
                "{variant} {engine}: {}",
                stderr(&out)
            );
            let puzzles = stdout(&out);
            assert_eq!(puzzles.lines().count(), 2, "{variant} {engine}: {puzzles}");
            let check = ["sudoku", "--unique", "--variant", variant, "--box", "2x3"];
            let unique = dlx(&check, puzzles.as_bytes());
            let said = stdout(&unique);
            assert_eq!(
                unique.status.code(),
                Some(0),
                "{variant} {engine}: {said}{}",
                stderr(&unique)
            );
            assert_eq!(said.lines().count(), 2, "{variant} {engine}: {said}");
            for rating_engine in ["links", "board"] {
                let rate = [
                    "rate",
                    "--variant",
                    variant,
                    "--box",
                    "2x3",
                    "--engine",
                    rating_engine,
                ];
                let out = dlx(&rate, puzzles.as_bytes());
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{variant} {engine}: {}",
                    stderr(&out)
                );
                for line in stdout(&out).lines() {
                    let rating: f64 = line.split_whitespace().next().unwrap().parse().unwrap();
                    assert!(
                        rating >= 2.0,
                        "{variant} {engine} rated on {rating_engine}: {line}"
                    );
                }
            }
        }
    }
}

#[test]
fn generate_and_rate_run_on_every_engine() {
    let mut made = Vec::new();
    for engine in ["links", "cells", "bits", "board"] {
        let args = [
            "generate", "--engine", engine, "--count", "3", "--seed", "7",
        ];
        let out = dlx(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{engine}: {}", stderr(&out));
        let puzzles = stdout(&out);
        assert_eq!(puzzles.lines().count(), 3, "{engine}: {puzzles}");
        // Every puzzle made is unique, by links' search.
        let unique = dlx(
            &["sudoku", "--unique", "--engine", "links"],
            puzzles.as_bytes(),
        );
        assert_eq!(
            unique.status.code(),
            Some(0),
            "{engine}: {}",
            stderr(&unique)
        );
        for (puzzle, line) in puzzles.lines().zip(stdout(&unique).lines()) {
            let puzzle = Grid::parse_line(puzzle, 1).unwrap();
            Grid::parse_line(line, 1)
                .unwrap()
                .check_solution_of(&puzzle)
                .unwrap();
        }
        made.push(puzzles);
    }
    // The bitsets walk links' tree: the same questions end alike, the same puzzles.
    assert_eq!(made[0], made[2]);
    for engine in ["links", "cells", "bits", "board"] {
        let out = dlx(&["rate", "--engine", engine], made[0].as_bytes());
        assert_eq!(out.status.code(), Some(0), "{engine}: {}", stderr(&out));
        for line in stdout(&out).lines() {
            let rating: f64 = line.split_whitespace().next().unwrap().parse().unwrap();
            assert!(rating >= 1.0, "{engine}: {line}");
        }
    }
    // A grid past the bitsets' bound: refused before any puzzle, or on its line.
    let out = dlx(&["generate", "--engine", "bits", "--box", "5x5"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bitset"), "{}", stderr(&out));
    let large = ".".repeat(625) + "\n";
    let out = dlx(&["rate", "--engine", "bits"], large.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 1: "), "{}", stderr(&out));
    // A variant past the bitsets' bound too: refused before any puzzle, or on its line.
    let args = [
        "generate",
        "--engine",
        "bits",
        "--variant",
        "x",
        "--box",
        "5x5",
    ];
    let out = dlx(&args, b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bitset"), "{}", stderr(&out));
    let out = dlx(
        &["rate", "--engine", "bits", "--variant", "x"],
        large.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 1: "), "{}", stderr(&out));
    // The bench refuses the bitsets on a grid past their bound, with the puzzle's number.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.txt");
    std::fs::write(&file, format!("{}\n", ".".repeat(625))).unwrap();
    let args = ["bench", "--algo", "dlx-bits", file.to_str().unwrap()];
    let out = dlx(&args, b"");
    let said = stdout(&out) + &stderr(&out);
    assert!(said.contains("refused: puzzle 1: "), "{said}");
}
