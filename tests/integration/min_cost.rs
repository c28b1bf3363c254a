//! `dlx xc --min-cost` and `--best K` against Knuth's DLX5: its figures and best costs on the
//! generated problems with costs, every printed solution checked against the definition and
//! its cost line against its options' costs, the count of the cheapest against enumeration,
//! and the errors on bad costs.

use crate::common::{data, dlx, stderr, stdout};
use crate::xcc::is_solution;
use dlx_engine::{OptionId, Problem, ReferenceProblem};
use std::collections::HashMap;

/// One row of DLX5's table in `tests/data/xc/README.md`.
struct Row {
    file: String,
    best: usize,
    figures: [u64; 4],
    costs: Vec<u64>,
}

fn dlx5_rows() -> Vec<Row> {
    let table = std::fs::read_to_string(data("xc/README.md")).unwrap();
    let number = |s: &str| s.replace(',', "").parse::<u64>().unwrap();
    let rows: Vec<Row> = table
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(".dlx"))
        .map(|l| l.split('|').map(str::trim).collect::<Vec<_>>())
        .filter(|cells| cells.len() == 9)
        .map(|cells| Row {
            file: cells[1].to_string(),
            best: number(cells[2]) as usize,
            // solutions, nodes, updates, cleansings, as `--stats` lists them.
            figures: [
                number(cells[3]),
                number(cells[6]),
                number(cells[4]),
                number(cells[5]),
            ],
            costs: cells[7].split_whitespace().map(number).collect(),
        })
        .collect();
    assert_eq!(rows.len(), 14, "the README lists seven problems, twice");
    rows
}

/// The `| cost N` blocks of `--min-cost` or `--best` output: each cost with its options.
fn blocks(problem: &Problem, text: &str) -> Vec<(u64, Vec<OptionId>)> {
    let mut by_text = HashMap::new();
    for option in problem.options() {
        let mut written = Vec::new();
        problem.write_option(option, &mut written).unwrap();
        by_text.insert(String::from_utf8(written).unwrap(), option);
    }
    let mut found = Vec::new();
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let mut lines = block.lines();
        let head = lines.next().unwrap();
        let cost = head.strip_prefix("| cost ").expect(head).parse().unwrap();
        let options = lines.map(|line| by_text[line]).collect();
        found.push((cost, options));
    }
    found
}

fn figure(report: &str, name: &str) -> u64 {
    let prefix = format!("{name}: ");
    let line = report.lines().find(|l| l.starts_with(&prefix)).expect(name);
    line[prefix.len()..].parse().unwrap()
}

#[test]
fn the_generated_problems_give_dlx5s_figures_and_best_costs() {
    for row in dlx5_rows() {
        let path = data(&format!("xc/{}", row.file));
        let path = path.to_str().unwrap();
        let problem = Problem::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let best = row.best.to_string();
        let args = match row.best {
            1 => vec!["xc", "--min-cost", "--stats", path],
            _ => vec!["xc", "--best", &best, "--stats", path],
        };
        let out = dlx(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{}: {}", row.file, stderr(&out));
        let report = stderr(&out);
        let figures = ["solutions", "nodes", "updates", "cleansings"].map(|n| figure(&report, n));
        assert_eq!(figures, row.figures, "{} k={}", row.file, row.best);
        let found = blocks(&problem, &stdout(&out));
        let costs: Vec<u64> = found.iter().map(|(cost, _)| *cost).collect();
        assert_eq!(costs, row.costs, "{} k={}", row.file, row.best);
        for (cost, options) in &found {
            assert!(is_solution(&problem, options), "{}", row.file);
            let sum: u64 = options.iter().map(|&o| problem.option_cost(o)).sum();
            assert_eq!(*cost, sum, "{}", row.file);
        }
    }
}

#[test]
fn the_files_with_costs_are_what_the_generators_write() {
    let suite = ReferenceProblem::dlx5_suite();
    let listed: Vec<String> = dlx5_rows().into_iter().map(|r| r.file).collect();
    for classic in &suite {
        assert!(
            listed.contains(&classic.file.to_string()),
            "{}",
            classic.file
        );
        let mut bytes = Vec::new();
        classic.write(&mut bytes).unwrap();
        let committed = std::fs::read(data(&format!("xc/{}", classic.file))).unwrap();
        assert!(
            committed == bytes,
            "{} differs from its generator",
            classic.file
        );
        assert_eq!(Problem::parse_bytes(&committed).unwrap(), classic.problem);
    }
}

#[test]
fn the_count_of_the_cheapest_is_what_enumeration_gives() {
    // 8 queens with costs 0 to 2: all 92 solutions listed by the plain search, their costs
    // added up from the options as printed, against the count --min-cost --count gives.
    let problem = Problem::queens(8).with_random_costs(9, 2);
    let mut text = Vec::new();
    problem.write(&mut text).unwrap();
    let all = dlx(&["xc", "--engine", "links"], &text);
    let costs: Vec<u64> = stdout(&all)
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(|block| {
            block
                .lines()
                .filter_map(|line| {
                    line.split_once(" |")
                        .map(|(_, n)| n.parse::<u64>().unwrap())
                })
                .sum()
        })
        .collect();
    assert_eq!(costs.len(), 92);
    let least = *costs.iter().min().unwrap();
    let cheapest = costs.iter().filter(|&&c| c == least).count();
    let counted = dlx(&["xc", "--min-cost", "--count", "--stats"], &text);
    assert_eq!(counted.status.code(), Some(0), "{}", stderr(&counted));
    assert_eq!(stdout(&counted), format!("{cheapest}\n"));
    assert_eq!(figure(&stderr(&counted), "least cost"), least);
    // And the cheapest --min-cost prints is one of them.
    let one = dlx(&["xc", "--min-cost"], &text);
    let found = blocks(&problem, &stdout(&one));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, least);
}

#[test]
fn bad_costs_are_named_by_line_and_column() {
    for (text, column) in [
        ("A B\nA |x\n", 3),
        ("A B\nA B |\n", 5),
        ("A B\nA |3x\n", 3),
        ("A B\nA |18446744073709551616\n", 3),
        ("A B\nA |18446744073709551615 |1\n", 25),
    ] {
        let out = dlx(&["xc", "--min-cost"], text.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{text:?}");
        let message = stderr(&out);
        assert!(
            message.contains(&format!("line 2, column {column}")),
            "{text:?}: {message}"
        );
        assert!(message.contains("cost"), "{message}");
    }
    // Costs past what a sum of them may reach, spread over options.
    let out = dlx(
        &["xc", "--min-cost"],
        b"A B\nA |18446744073709551600\nB |18446744073709551600\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 3, column 3"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn what_min_cost_cannot_do_is_said() {
    // No solution: exit 1, named.
    let out = dlx(&["xc", "--min-cost"], b"A B\nA |1\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no solution"), "{}", stderr(&out));
    // A node budget: the cheapest so far, not proven, exit 3.
    let queens = data("xc/queens8_costs.dlx");
    let queens = queens.to_str().unwrap();
    let out = dlx(&["xc", "--min-cost", "--max-nodes", "20", queens], b"");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("not proven"), "{}", stderr(&out));
    // Other engines, a limit on the solutions met and multiplicities are refused.
    for args in [
        vec!["xc", "--min-cost", "--engine", "cells", queens],
        vec!["xc", "--best", "2", "--limit", "3", queens],
        vec!["xc", "--best", "0", queens],
    ] {
        assert_eq!(dlx(&args, b"").status.code(), Some(2), "{args:?}");
    }
    let out = dlx(&["xc", "--min-cost"], b"2|A\nA |1\nA\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("multiplicities"), "{}", stderr(&out));
    // A problem without costs: each solution costs 0, and the first found is printed.
    let out = dlx(&["xc", "--min-cost"], b"A B\nA\nB\nA B\n");
    assert_eq!(stdout(&out), "| cost 0\nA\nB\n\n");
}

/// The blocks of `--best` on `threads` threads, their costs checked against their options and
/// each a solution.
fn best_on(problem: &Problem, text: &[u8], best: &str, threads: &str) -> Vec<(u64, Vec<OptionId>)> {
    let out = dlx(&["xc", "--best", best, "--threads", threads], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let found = blocks(problem, &stdout(&out));
    for (cost, options) in &found {
        assert!(is_solution(problem, options));
        assert_eq!(
            *cost,
            options.iter().map(|&o| problem.option_cost(o)).sum::<u64>()
        );
    }
    found
}

#[test]
fn on_every_thread_count_and_merged_from_shards_the_answer_is_one() {
    // 8 queens with costs 0 to 2 (many ties) and 0 to 20: every solution listed by the plain
    // search, sorted by (cost, option numbers), is the oracle of the split answer.
    for (seed, most) in [(9, 2), (4, 20)] {
        let problem = Problem::queens(8).with_random_costs(seed, most);
        let mut text = Vec::new();
        problem.write(&mut text).unwrap();
        let mut all: Vec<(u64, Vec<OptionId>)> = blocks(
            &problem,
            &stdout(&dlx(&["xc", "--engine", "links"], &text))
                .split("\n\n")
                .filter(|b| !b.trim().is_empty())
                .map(|b| format!("| cost 0\n{b}\n\n"))
                .collect::<String>(),
        )
        .into_iter()
        .map(|(_, mut options)| {
            options.sort();
            let cost = options.iter().map(|&o| problem.option_cost(o)).sum();
            (cost, options)
        })
        .collect();
        assert_eq!(all.len(), 92);
        all.sort();
        for best in [1, 5] {
            let expected = &all[..best];
            let one = best_on(&problem, &text, &best.to_string(), "1");
            let costs =
                |found: &[(u64, Vec<OptionId>)]| found.iter().map(|s| s.0).collect::<Vec<_>>();
            assert_eq!(costs(&one), costs(expected), "one thread, --best {best}");
            for threads in ["2", "3", "4"] {
                let split = best_on(&problem, &text, &best.to_string(), threads);
                assert_eq!(
                    split, expected,
                    "{threads} threads, --best {best}, seed {seed}"
                );
            }
            // Three shards, merged as docs/cli.md says: sort by cost, then by option numbers.
            let mut lines: Vec<String> = (1..=3)
                .flat_map(|k| {
                    let shard = format!("{k}/3");
                    let out = dlx(
                        &["xc", "--best", &best.to_string(), "--shard", &shard],
                        &text,
                    );
                    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
                    stdout(&out).lines().map(str::to_string).collect::<Vec<_>>()
                })
                .collect();
            lines.sort_by_key(|line| {
                let mut fields = line.split('\t');
                let cost: u64 = fields.next().unwrap().parse().unwrap();
                (cost, fields.next().unwrap().to_string())
            });
            let merged: Vec<(u64, Vec<OptionId>)> = lines[..best]
                .iter()
                .map(|line| {
                    let fields: Vec<&str> = line.split('\t').collect();
                    let block = format!("| cost {}\n{}\n", fields[0], fields[2..].join("\n"));
                    blocks(&problem, &block).remove(0)
                })
                .collect();
            assert_eq!(merged, expected, "3 shards, --best {best}, seed {seed}");
        }
        // The one shard of one is split too: the same first solution, its numbers sorted.
        let whole = dlx(&["xc", "--min-cost", "--shard", "1/1"], &text);
        let line = stdout(&whole);
        let fields: Vec<&str> = line.trim_end().split('\t').collect();
        assert_eq!(fields[0], all[0].0.to_string(), "{line}");
        let numbers: Vec<usize> = fields[1].split(',').map(|n| n.parse().unwrap()).collect();
        let expected: Vec<usize> = all[0].1.iter().map(|o| o.index() + 1).collect();
        assert_eq!(numbers, expected, "{line}");
        // A node budget on several threads: kept exactly, on one.
        let out = dlx(
            &[
                "xc",
                "--min-cost",
                "--threads",
                "2",
                "--max-nodes",
                "50",
                "--stats",
            ],
            &text,
        );
        assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
        assert!(figure(&stderr(&out), "nodes") <= 50, "{}", stderr(&out));
        // The count of the cheapest, split.
        let least = all[0].0;
        let cheapest = all.iter().filter(|s| s.0 == least).count();
        for threads in ["1", "2"] {
            let out = dlx(
                &["xc", "--min-cost", "--count", "--threads", threads],
                &text,
            );
            assert_eq!(stdout(&out), format!("{cheapest}\n"), "{threads} threads");
        }
    }
}
