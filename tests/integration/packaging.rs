//! What a user expects of a packaged tool: a licence matching the manifest, the manifest's
//! metadata, shell completions and a manual page generated from the same definitions as
//! `--help`, a changelog, and a main job that leaves `git status` clean.

use crate::common::{dlx, stderr, stdout};
use std::path::Path;

fn repository_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The subcommands `dlx --help` lists (`help` aside): what completions and pages must cover.
fn subcommands() -> Vec<String> {
    let out = dlx(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    let listed: Vec<String> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect();
    for expected in ["xc", "sudoku", "bench", "completions", "man"] {
        assert!(
            listed.iter().any(|n| n == expected),
            "{expected} in {listed:?}"
        );
    }
    listed
}

#[test]
fn completions_cover_every_subcommand_in_every_shell() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = dlx(&["completions", shell], b"");
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: no `{name}`");
        }
        // Flags too: they come from the same definitions as --help.
        assert!(script.contains("max-nodes"), "{shell}: no --max-nodes");
    }
    let bash = stdout(&dlx(&["completions", "bash"], b""));
    assert!(bash.contains("complete -F"), "a bash completion function");
    let out = dlx(&["completions", "tcsh"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bash"), "the error lists the shells");
}

#[test]
fn the_manual_pages_are_roff_and_name_every_subcommand() {
    let names = subcommands();
    let out = dlx(&["man"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = stdout(&out);
    // clap_mangen opens with two lines defining the quote string, then the title.
    let first = page
        .lines()
        .find(|line| !line.starts_with(".ie") && !line.starts_with(".el"))
        .unwrap();
    assert!(first.starts_with(".TH dlx 1"), "{first}");
    assert!(page.contains(".SH SYNOPSIS") && page.contains(".SH SUBCOMMANDS"));
    for name in &names {
        // Roff escapes the hyphen: `dlx\-xc(1)`.
        assert!(page.contains(&format!("dlx\\-{name}(1)")), "no {name}");
    }
    assert!(
        page.contains("Exit codes"),
        "the exit codes, as --help has them"
    );
    for name in &names {
        let out = dlx(&["man", name], b"");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let page = stdout(&out);
        let title = format!(".TH dlx-{name} 1");
        assert!(page.contains(&title), "{name}: {title}");
        assert!(page.contains(".SH OPTIONS"), "{name}");
    }
    let xc = stdout(&dlx(&["man", "xc"], b""));
    assert!(xc.contains("\\-\\-max\\-nodes"), "the flags of `dlx xc`");
    let out = dlx(&["man", "nosuch"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown command `nosuch`"));
}

#[test]
fn the_licence_and_the_manifest_agree() {
    let manifest = repository_file("Cargo.toml");
    assert!(manifest.contains("license = \"MIT\""));
    let licence = repository_file("LICENSE");
    assert!(licence.starts_with("MIT License"), "the MIT text");
    assert!(licence.contains("Copyright (c) the dlx-solver authors"));
    assert!(licence.contains("THE SOFTWARE IS PROVIDED \"AS IS\""));
    for field in [
        "repository",
        "readme",
        "keywords",
        "categories",
        "rust-version",
    ] {
        assert!(
            manifest
                .lines()
                .any(|l| l.starts_with(&format!("{field} = "))),
            "Cargo.toml has no {field}"
        );
    }
    let keywords = manifest
        .lines()
        .find(|l| l.starts_with("keywords = "))
        .unwrap();
    assert!(
        keywords.matches('"').count() / 2 <= 5,
        "crates.io takes 5 keywords"
    );
    let readme = manifest
        .lines()
        .find(|l| l.starts_with("readme = "))
        .unwrap();
    let readme = readme.trim_start_matches("readme = ").trim_matches('"');
    assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join(readme).exists());
}

#[test]
fn the_changelog_starts_with_an_unreleased_section() {
    let changelog = repository_file("CHANGELOG.md");
    assert!(changelog.starts_with("# Changelog"));
    assert!(changelog.contains("Keep a Changelog"));
    let first_section = changelog.lines().find(|l| l.starts_with("## ")).unwrap();
    assert_eq!(first_section, "## [Unreleased]");
}

/// README's first command writes `solutions.txt` in the repository's root: `.gitignore` covers
/// it, so `git status` stays clean.
#[test]
fn the_main_jobs_output_is_ignored_by_git() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = repository_file("README.md");
    let main_job = readme
        .lines()
        .find(|l| l.contains("# the main job"))
        .unwrap();
    let written = main_job
        .split("> ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap();
    assert_eq!(written, "solutions.txt");
    let ignore = repository_file(".gitignore");
    assert!(
        ignore
            .lines()
            .any(|l| l == format!("/{written}") || l == written),
        ".gitignore lacks {written}"
    );
    // Where git is at hand, ask it as `git status` would.
    let asked = std::process::Command::new("git")
        .args(["check-ignore", "-q", written])
        .current_dir(root)
        .status();
    if let Ok(status) = asked {
        if root.join(".git").exists() {
            assert!(status.success(), "git does not ignore {written}");
        }
    }
}
