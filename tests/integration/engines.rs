//! `dlx xc --engine`: dancing cells (Knuth's SSXCC) and dancing links from the command line,
//! the same solutions, each engine's figures, and the refusals.

use crate::common::{data, dlx, shared_or_skip, stderr, stdout};

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
                path.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{file}");
        let err = stderr(&out);
        assert!(err.starts_with("engine: cells"), "{file}: {err}");
        assert!(err.contains(figures), "{file}: {err}");
    }
    let out = dlx(
        &["xc", "--stats", dir.join("toy.dlx").to_str().unwrap()],
        b"",
    );
    assert!(
        stderr(&out).starts_with("engine: links"),
        "links is the default"
    );
}

#[test]
fn auto_takes_cells_for_colours_and_links_for_the_others() {
    let colours = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";
    let out = dlx(&["xc", "--stats", "--engine", "auto"], colours.as_bytes());
    assert!(
        stderr(&out).starts_with("engine: cells"),
        "{}",
        stderr(&out)
    );
    let sharded = dlx(
        &["xc", "--stats", "--engine", "auto", "--shard", "1/1"],
        colours.as_bytes(),
    );
    assert_eq!(sharded.status.code(), Some(0), "{}", stderr(&sharded));
    assert!(
        stderr(&sharded).starts_with("engine: links"),
        "shards are links' alone"
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
fn cells_refuse_bounds_shards_and_other_rules_with_exit_2() {
    let bounds = "2|A\nA\nA\n";
    let out = dlx(&["xc", "--engine", "cells"], bounds.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("multiplicities"), "{}", stderr(&out));
    let toy = data("xc/toy.dlx");
    let toy = toy.to_str().unwrap();
    let out = dlx(&["xc", "--engine", "cells", "--shard", "1/2", toy], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--shard"), "{}", stderr(&out));
    let out = dlx(&["xc", "--engine", "cells", "--rule", "fast", toy], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--rule"), "{}", stderr(&out));
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
