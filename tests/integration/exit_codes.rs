//! The exit codes are defined once, in the binary, which prints them into its help: the
//! README's table and every subcommand's help must list the codes it defines, and no other.

use crate::common::{dlx, stdout};
use std::collections::BTreeSet;

/// The codes an `Exit codes` section of a help text lists: its rows start with two spaces and
/// the code.
fn codes_in_help(help: &str) -> BTreeSet<u32> {
    help.lines()
        .skip_while(|line| !line.starts_with("Exit codes"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next()?.parse().ok())
        .collect()
}

/// The codes the first column of the README's `## Exit codes` table lists (`| 130, 143 |`
/// counts as two).
fn codes_in_readme() -> BTreeSet<u32> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let section = readme
        .split("\n## Exit codes")
        .nth(1)
        .expect("the README has a section `## Exit codes`");
    let rows = section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .collect::<Vec<_>>();
    assert!(
        rows.first()
            .is_some_and(|header| header.contains("code") && header.contains("meaning")),
        "the section opens with a table `| code | meaning |`, found {rows:?}"
    );
    rows.iter()
        .skip(2)
        .flat_map(|row| {
            let first = row.trim_start_matches('|').split('|').next().unwrap_or("");
            first
                .split(',')
                .map(|code| {
                    code.trim()
                        .parse::<u32>()
                        .unwrap_or_else(|_| panic!("a code in the first column, found {row:?}"))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_readme_lists_exactly_the_exit_codes_the_binary_defines() {
    let help = stdout(&dlx(&["--help"], b""));
    let defined = codes_in_help(&help);
    assert_eq!(
        defined,
        BTreeSet::from([0, 1, 2, 3, 129, 130, 143]),
        "dlx --help lists every exit code: {help}"
    );
    assert_eq!(codes_in_readme(), defined, "README.md's exit codes table");
}

#[test]
fn every_subcommand_help_lists_its_exit_codes_among_those_defined() {
    let defined = codes_in_help(&stdout(&dlx(&["--help"], b"")));
    for command in [
        "xc",
        "bench",
        "sudoku",
        "crosshatch",
        "sudominoku",
        "generate",
        "rate",
        "completions",
        "man",
    ] {
        let help = stdout(&dlx(&[command, "--help"], b""));
        let listed = codes_in_help(&help);
        assert!(
            listed.contains(&0) && listed.contains(&2),
            "dlx {command} --help lists its exit codes, 0 and 2 among them: {help}"
        );
        assert!(
            listed.is_subset(&defined),
            "dlx {command} --help lists only defined exit codes: {listed:?}"
        );
    }
}
