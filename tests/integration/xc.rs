//! The engine against DLX1's own figures, and `dlx xc` end to end.

use crate::common::{data, dlx, shared_or_skip, stderr, stdout};
use dlx_engine::Engine;
use dlx_engine::{
    ChoiceRule, Dlx, ItemId, OptionId, Problem, ProblemBuilder, ReferenceProblem, SearchLimits,
    Stop,
};
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::Path;

/// DLX1's figures, read from the table in `tests/data/xc/README.md`.
fn dlx1_figures() -> Vec<(String, u64, u64, u64)> {
    let table = std::fs::read_to_string(data("xc/README.md")).unwrap();
    let rows: Vec<_> = table
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(".dlx"))
        .map(|l| l.split('|').map(str::trim).collect::<Vec<&str>>())
        // The first table: file, solutions, updates, nodes (the second has more columns).
        .filter(|cells| cells.len() == 6)
        .map(|cells| {
            let number = |s: &str| s.replace(',', "").parse::<u64>().unwrap();
            (
                cells[1].to_string(),
                number(cells[2]),
                number(cells[3]),
                number(cells[4]),
            )
        })
        .collect();
    assert_eq!(rows.len(), 5, "the README lists five problems");
    rows
}

/// Searches the problem in `path` for every solution, validating each, and checks DLX1's counts.
fn check_dlx1_figures(path: &Path, solutions: u64, updates: u64, nodes: u64) {
    let file = path.display();
    let bytes = std::fs::read(path).unwrap();
    let problem = Problem::parse_bytes(&bytes).unwrap();
    let mut dlx = Dlx::new(&problem);
    let mut seen = 0u64;
    let report = dlx.set_rule(ChoiceRule::Mrv).search(
        SearchLimits::default(),
        &mut |options: &[OptionId]| {
            // Validate each solution: every primary item exactly once, secondary at most once.
            let mut covered = BTreeSet::new();
            for &o in options {
                for &item in problem.option_items(o) {
                    assert!(covered.insert(item), "{file}: an item is covered twice");
                }
            }
            assert!(problem
                .items()
                .filter(|&i| problem.item_kind(i) == dlx_engine::ItemKind::Primary)
                .all(|i| covered.contains(&i)));
            seen += 1;
            ControlFlow::Continue(())
        },
    );
    assert_eq!(
        (
            report.stats.solutions,
            report.stats.updates,
            report.stats.nodes
        ),
        (solutions, updates, nodes),
        "{file}"
    );
    assert_eq!(seen, solutions);
}

#[test]
fn every_problem_written_by_the_generators_gives_dlx1s_solutions_updates_and_nodes() {
    for (file, solutions, updates, nodes) in dlx1_figures() {
        check_dlx1_figures(&data(&format!("xc/{file}")), solutions, updates, nodes);
    }
}

#[test]
fn every_shared_problem_gives_dlx1s_solutions_updates_and_nodes() {
    // The public files of the same problems, when the data is beside the project. (The other
    // files there are for DLX2 and DLX3.)
    let Some(dir) = shared_or_skip("xc", "DLX1's figures on the shared files") else {
        return;
    };
    for (file, solutions, updates, nodes) in dlx1_figures() {
        check_dlx1_figures(&dir.join(&file), solutions, updates, nodes);
    }
}

#[test]
fn the_problem_files_are_what_the_generators_write() {
    // `cargo run --example write_xc_problems` rewrites them.
    let suite = ReferenceProblem::dlx1_suite();
    let listed: Vec<String> = dlx1_figures().into_iter().map(|row| row.0).collect();
    let written: Vec<&str> = suite.iter().map(|classic| classic.file).collect();
    assert_eq!(listed, written, "the README lists the generated files");
    for classic in suite {
        let mut bytes = Vec::new();
        classic.write(&mut bytes).unwrap();
        let committed = std::fs::read(data(&format!("xc/{}", classic.file))).unwrap();
        assert!(
            committed == bytes,
            "{} differs from what its generator writes",
            classic.file
        );
        // And the file reads back as the problem built in code.
        assert_eq!(Problem::parse_bytes(&committed).unwrap(), classic.problem);
    }
}

#[test]
fn an_empty_4x4_sudoku_has_288_solutions() {
    // Written here in Knuth's format by hand-rolled loops, independent of the Sudoku encoding.
    let mut text = String::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..4 {
            for b in 0..4 {
                text.push_str(&format!("{kind}{a}{b} "));
            }
        }
    }
    text.push('\n');
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let b = (r / 2) * 2 + c / 2;
                text.push_str(&format!("p{r}{c} r{r}{d} c{c}{d} b{b}{d}\n"));
            }
        }
    }
    let problem = Problem::parse(&text).unwrap();
    let report = Dlx::new(&problem)
        .set_rule(ChoiceRule::Mrv)
        .count_solutions(None);
    assert_eq!(report.stats.solutions, 288);
}

#[test]
fn the_cli_prints_the_toy_solution_and_stats() {
    let out = dlx(
        &[
            "xc",
            "--stats",
            "--engine",
            "links",
            data("xc/toy.dlx").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let mut options: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    options.sort();
    assert_eq!(options, ["A D F", "B G", "C E"]);
    assert!(text.ends_with("\n\n"), "a solution ends with a blank line");
    let err = stderr(&out);
    assert!(err.contains("nodes: 6"), "{err}");
    assert!(err.contains("updates: 29"), "{err}");
}

#[test]
fn the_cli_counts_limits_and_reads_stdin() {
    let queens = std::fs::read(data("xc/queens8.dlx")).unwrap();
    let out = dlx(&["xc", "--count"], &queens);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "92\n".into()));
    let out = dlx(&["xc", "--count", "--limit", "10", "-"], &queens);
    assert_eq!(stdout(&out), "10+\n", "a lower bound");
    let out = dlx(&["xc", "--limit", "3", "-"], &queens);
    assert_eq!(stdout(&out).matches("\n\n").count(), 3);
}

#[test]
fn every_choice_rule_finds_the_same_solutions() {
    let queens = std::fs::read(data("xc/queens8.dlx")).unwrap();
    let nodes = |out: &std::process::Output| {
        let err = stderr(out);
        let line = err.lines().find(|l| l.starts_with("nodes: ")).unwrap();
        line["nodes: ".len()..].parse::<u64>().unwrap()
    };
    let default = dlx(&["xc", "--count", "--stats"], &queens);
    let dlx1 = dlx(&["xc", "--count", "--stats", "--rule", "dlx1"], &queens);
    assert_eq!(nodes(&dlx1), nodes(&default), "DLX1's rule is the default");
    for rule in ["dlx1", "fast", "reach"] {
        let out = dlx(&["xc", "--count", "--stats", "--rule", rule], &queens);
        assert_eq!(
            (out.status.code(), stdout(&out)),
            (Some(0), "92\n".into()),
            "{rule}"
        );
        assert!(nodes(&out) > 92, "{rule}: at least a node per solution");
    }
    let out = dlx(&["xc", "--rule", "random"], &queens);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("dlx1"), "the error lists the rules");
}

#[test]
fn the_cli_exit_codes_say_what_happened() {
    let out = dlx(&["xc", "--count"], b"A B\nA\n");
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), "0\n".into()));
    let out = dlx(&["xc"], b"A B\nA C\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "dlx: error: <stdin>: line 2, column 3: option names unknown item `C`"
    );
    let queens = std::fs::read(data("xc/queens8.dlx")).unwrap();
    let out = dlx(&["xc", "--count", "--max-nodes", "3"], &queens);
    assert_eq!(out.status.code(), Some(3), "undecided under a node budget");
    let out = dlx(&["xc", "no/such/file.dlx"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read no/such/file.dlx"));
    let out = dlx(&["xc", "--no-such-flag"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// Marsaglia's xorshift from `state`: numbers enough like random ones for a test's large
/// problems, the same on every run.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// 100,000 items and 1,000,000 options of 3 items (measured: about 0.2 s to build both the
/// problem and the arena, in the test profile): the arena holds one node per item, option entry
/// and spacer, and at most 16 bytes a node in all (12 for the node itself, the rest for the
/// per-item and per-option arrays). A search under a node budget then stops cleanly and says
/// so.
#[test]
fn a_problem_of_a_million_options_builds_in_memory_proportional_to_it() {
    const ITEMS: u32 = 100_000;
    const OPTIONS: u64 = 1_000_000;
    let started = std::time::Instant::now();
    let mut builder = ProblemBuilder::new();
    for k in 0..ITEMS {
        builder.primary(&format!("i{k}")).unwrap();
    }
    // Option k covers item k mod N, one from the next half of the items and one from the half
    // after: three distinct items, every item in at least ten options.
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let mut random = |below: u32| (next() % u64::from(below)) as u32;
    let half = ITEMS / 2;
    for k in 0..OPTIONS {
        let a = (k % ITEMS as u64) as u32;
        let b = (a + 1 + random(half - 1)) % ITEMS;
        let c = (a + half + random(half - 1)) % ITEMS;
        builder.option(&[ItemId(a), ItemId(b), ItemId(c)]).unwrap();
    }
    let problem = builder.build();
    let dlx = Dlx::new(&problem);
    let built = started.elapsed();
    assert_eq!(problem.option_count(), OPTIONS as usize);
    let entries = 3 * OPTIONS as usize;
    let spacers = OPTIONS as usize + 1;
    let root = 1;
    assert_eq!(
        dlx.node_count(),
        root + ITEMS as usize + entries + spacers,
        "one node per item, entry and spacer"
    );
    let per_node = dlx.heap_bytes() as f64 / dlx.node_count() as f64;
    assert!(
        per_node <= 16.0,
        "{per_node:.1} bytes a node ({} bytes)",
        dlx.heap_bytes()
    );
    assert!(built.as_secs() < 20, "built in {built:?}");
    eprintln!(
        "100,000 items, 1,000,000 options: built in {built:?}, {} nodes, {} bytes ({per_node:.1} a node)",
        dlx.node_count(),
        dlx.heap_bytes()
    );

    let mut dlx = dlx;
    let report = dlx.set_rule(ChoiceRule::Mrv).search(
        SearchLimits {
            max_solutions: Some(1),
            max_nodes: Some(1000),
        },
        &mut |_: &[OptionId]| ControlFlow::Continue(()),
    );
    assert_eq!(report.stop, Stop::NodeBudget, "stopped, not exhausted");
    assert_eq!((report.stats.nodes, report.stats.solutions), (1000, 0));
    assert!(!report.is_complete());
}

/// A problem without a solution says so on stderr, as `dlx sudoku` does, with or without
/// --count; one with a solution says nothing of the kind.
#[test]
fn no_solution_is_said_on_stderr() {
    for args in [&["xc"][..], &["xc", "--count"], &["xc", "--threads", "1"]] {
        let out = dlx(args, b"A B\nA\n");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&out), "dlx: <stdin>: no solution\n", "{args:?}");
    }
    let file = data("xc/toy.dlx");
    let out = dlx(&["xc", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(!stderr(&out).contains("no solution"), "{}", stderr(&out));
    // A shard that holds no solution says it of its own part.
    let queens = std::fs::read(data("xc/queens8.dlx")).unwrap();
    let shards = 64;
    let mut empty_shards = 0;
    for k in 1..=shards {
        let shard = format!("{k}/{shards}");
        let out = dlx(&["xc", "--count", "--shard", &shard, "-"], &queens);
        if out.status.code() == Some(1) {
            empty_shards += 1;
            assert_eq!(
                stderr(&out),
                format!("dlx: <stdin>: no solution in shard {shard}\n")
            );
        }
    }
    assert!(
        empty_shards > 0,
        "some of the 64 shards of the 8 queens hold no solution"
    );
}

/// The empty solution (every bound allows zero) is a line of its own, `| empty solution`, so
/// every solution is a block of non-blank lines; read as Knuth's format, the line is a comment.
#[test]
fn the_empty_solution_is_a_marked_line() {
    let out = dlx(&["xc"], b"0:1|A 0:1|B\nA\nB\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let blocks: Vec<&str> = text.split_terminator("\n\n").collect();
    assert!(text.ends_with("\n\n"), "{text:?}");
    assert!(!text.contains("\n\n\n"), "no bare blank solution: {text:?}");
    let mut blocks: Vec<Vec<&str>> = blocks.iter().map(|b| b.lines().collect()).collect();
    blocks.sort();
    // {}, {A}, {B}, {A, B}: every subset of the two options.
    let expected: Vec<Vec<&str>> = vec![
        vec!["A"],
        vec!["A", "B"],
        vec!["B"],
        vec!["| empty solution"],
    ];
    assert_eq!(blocks, expected, "{text:?}");
    let out = dlx(&["xc", "--count"], b"0:1|A 0:1|B\nA\nB\n");
    assert_eq!(stdout(&out), "4\n");
    // The marker is a comment where Knuth's format is read: a solution block read back as
    // options holds none.
    let marker = Problem::parse("A\n| empty solution\n").unwrap();
    assert_eq!(marker.option_count(), 0);
}

/// A large generated problem (200,000 primary items in a scrambled order, 600,000 secondary
/// ones, 400,000 options, 11 MB of text) is read as written: every option's names come back
/// in order, and `dlx xc` prints a solution that covers each primary item once and each
/// secondary at most once, every line an option of the file.
#[test]
fn a_large_generated_problem_loads_and_solves_as_written() {
    const PRIMARY: usize = 200_000;
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut random = |below: usize| (next() % below as u64) as usize;
    // Primary names in a scrambled order, so the names' index is not walked in sequence.
    let mut order: Vec<usize> = (0..PRIMARY).collect();
    for k in (1..PRIMARY).rev() {
        order.swap(k, random(k + 1));
    }
    let primary = |k: usize| format!("p{k}");
    let secondary = |k: usize| format!("s{k}");
    let mut text = String::from("| generated\n");
    let declared: Vec<String> = order.iter().map(|&k| primary(k)).collect();
    text.push_str(&declared.join(" "));
    text.push_str(" |");
    for k in 0..3 * PRIMARY {
        text.push(' ');
        text.push_str(&secondary(k));
    }
    text.push('\n');
    // Each primary item alone with three secondary items of its own, and joined to the next.
    let mut options: Vec<Vec<String>> = Vec::new();
    for k in 0..PRIMARY {
        options.push(vec![
            primary(k),
            secondary(3 * k),
            secondary(3 * k + 1),
            secondary(3 * k + 2),
        ]);
        options.push(vec![primary(k), primary((k + 1) % PRIMARY)]);
    }
    for option in &options {
        text.push_str(&option.join(" "));
        text.push('\n');
    }
    assert!(text.len() > 10_000_000, "{} bytes", text.len());
    let problem = Problem::parse_bytes(text.as_bytes()).unwrap();
    assert_eq!(problem.item_count(), 4 * PRIMARY);
    assert_eq!(problem.primary_count(), PRIMARY);
    assert_eq!(problem.option_count(), options.len());
    for (k, option) in options.iter().enumerate() {
        let names: Vec<&str> = problem
            .option_items(OptionId(k as u32))
            .iter()
            .map(|&item| problem.item_name(item))
            .collect();
        assert_eq!(names, *option, "option {k}");
    }
    for (k, name) in declared.iter().enumerate() {
        assert_eq!(problem.item_name(ItemId(k as u32)), name);
    }

    let out = dlx(&["xc", "--limit", "1", "--threads", "1"], text.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written: BTreeSet<&str> = text.lines().skip(2).collect();
    let printed = stdout(&out);
    let mut covered = std::collections::HashMap::new();
    for line in printed.lines().filter(|l| !l.is_empty()) {
        assert!(written.contains(line), "not an option of the file: {line}");
        for name in line.split(' ') {
            *covered.entry(name.to_string()).or_insert(0) += 1;
        }
    }
    assert!(covered.values().all(|&times| times == 1), "an item twice");
    assert!(
        (0..PRIMARY).all(|k| covered.contains_key(&primary(k))),
        "a primary item left"
    );
}
