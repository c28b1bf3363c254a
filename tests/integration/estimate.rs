//! `dlx xc --estimate N`: Knuth's Monte Carlo estimate of the search tree (random root-to-leaf
//! probes, each weighted by the product of the branching degrees on its path), printed as
//! `key: value` lines with its spread.

use crate::common::{data, dlx, spawn_dlx, stderr, stdout};
use std::collections::BTreeMap;
use std::time::Duration;

/// DLX1's nodes for the 6x10 pentominoes.
const PENTOMINOES_NODES: f64 = 3_637_261.0;

/// The `key: value` lines of an estimate, the values as their first word.
fn report(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .map(|line| {
            let (key, value) = line
                .split_once(": ")
                .unwrap_or_else(|| panic!("not `key: value`: {line:?}"));
            let first = value.split_whitespace().next().unwrap_or("");
            (key.to_string(), first.to_string())
        })
        .collect()
}

/// A figure of the report, as a number.
fn number(report: &BTreeMap<String, String>, key: &str) -> f64 {
    report
        .get(key)
        .unwrap_or_else(|| panic!("no `{key}` in {report:?}"))
        .parse()
        .unwrap_or_else(|_| panic!("`{key}` is not a number: {report:?}"))
}

fn estimate(args: &[&str]) -> BTreeMap<String, String> {
    let out = dlx(args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    report(&stdout(&out))
}

#[test]
fn ten_thousand_probes_land_within_a_factor_of_two_of_the_pentominoes_nodes() {
    let path = data("xc/pentominoes6x10.dlx");
    let path = path.to_str().unwrap();
    for seed in [None, Some("1")] {
        let mut args = vec!["xc", "--estimate", "10000", path];
        if let Some(seed) = seed {
            args.extend(["--seed", seed]);
        }
        let figures = estimate(&args);
        assert_eq!(number(&figures, "probes"), 10_000.0);
        assert_eq!(
            number(&figures, "seed"),
            seed.map_or(0.0, |s| s.parse().unwrap())
        );
        assert_eq!(figures["rule"], "dlx1");
        let nodes = number(&figures, "nodes");
        assert!(
            (PENTOMINOES_NODES / 2.0..=PENTOMINOES_NODES * 2.0).contains(&nodes),
            "seed {seed:?}: {nodes} nodes against DLX1's {PENTOMINOES_NODES}"
        );
        // The spread: a standard error, and the single probes on either side of the mean.
        let error = number(&figures, "nodes standard error");
        assert!(error > 0.0 && error < nodes, "{figures:?}");
        assert!(number(&figures, "nodes least probe") <= nodes);
        assert!(number(&figures, "nodes greatest probe") >= nodes);
        for key in [
            "solutions",
            "updates",
            "levels per probe",
            "nodes per second",
        ] {
            assert!(number(&figures, key) > 0.0, "{key}: {figures:?}");
        }
        // The time: the nodes estimated at the rate measured on the search itself, which did
        // not get through the whole tree in its quarter of a second.
        assert_eq!(figures["sample complete"], "no");
        let seconds = number(&figures, "time");
        let expected = nodes / number(&figures, "nodes per second");
        assert!(
            (seconds - expected).abs() <= 0.01 * expected + 0.002,
            "{figures:?}"
        );
        assert!(number(&figures, "time standard error") > 0.0);
    }
}

#[test]
fn the_same_seed_gives_the_same_estimate_and_another_seed_another() {
    let path = data("xc/queens12.dlx");
    let path = path.to_str().unwrap();
    let probes = |seed: &str| {
        let mut figures = estimate(&["xc", "--estimate", "500", "--seed", seed, path]);
        // What the probes found, not the sample run: it is timed, so whether it finished the
        // whole tree (and printed the exact figures) depends on the machine's load.
        figures.retain(|key, _| {
            !key.starts_with("sample") && !key.starts_with("time") && !key.starts_with("exact")
        });
        figures.remove("nodes per second");
        figures
    };
    assert_eq!(probes("7"), probes("7"));
    assert_ne!(probes("7")["nodes"], probes("8")["nodes"]);
}

#[test]
fn a_tree_the_sample_searches_whole_gets_its_exact_figures_too() {
    let path = data("xc/queens8.dlx");
    let figures = estimate(&["xc", "--estimate", "20000", path.to_str().unwrap()]);
    assert_eq!(figures["sample complete"], "yes");
    assert_eq!(number(&figures, "exact nodes"), 1_199.0);
    assert_eq!(number(&figures, "exact solutions"), 92.0);
    // 20,000 probes of a tree of 1,199 nodes: within a few percent.
    let nodes = number(&figures, "nodes");
    assert!((nodes / 1_199.0 - 1.0).abs() < 0.05, "{nodes}");
    let solutions = number(&figures, "solutions");
    assert!((solutions / 92.0 - 1.0).abs() < 0.1, "{solutions}");
}

#[test]
fn colours_are_estimated_and_multiplicities_refused_with_a_message() {
    let path = data("xc/word_rectangles3x4.dlx");
    let figures = estimate(&["xc", "--estimate", "2000", path.to_str().unwrap()]);
    assert!(number(&figures, "nodes") > 1.0);
    assert!(figures.contains_key("cleansings"), "{figures:?}");
    let path = data("xc/mcc_random1.dlx");
    let out = dlx(&["xc", "--estimate", "100", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.contains("mcc_random1.dlx") && message.contains("multiplicities"),
        "{message}"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn the_estimate_is_not_a_count_and_needs_a_number_of_probes() {
    let path = data("xc/toy.dlx");
    let path = path.to_str().unwrap();
    for args in [
        &["xc", "--estimate", "10", "--count", path][..],
        &["xc", "--estimate", "10", "--shard", "1/2", path],
        &["xc", "--estimate", "0", path],
        &["xc", "--seed", "3", path],
    ] {
        let out = dlx(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty());
    }
}

/// A signal ends the probes at once, and the estimate of those made is printed, marked
/// partial: a run of a hundred million probes (hours) answers SIGINT within two seconds.
#[test]
fn a_signal_stops_the_probes_and_prints_the_estimate_so_far() {
    let path = data("xc/pentominoes6x10.dlx");
    // Ending more than two seconds after the signal fails the test.
    let out = spawn_dlx(
        &["xc", "--estimate", "100000000", path.to_str().unwrap()],
        b"",
    )
    .interrupt_after(
        Duration::from_millis(700),
        libc::SIGINT,
        Duration::from_secs(2),
    );
    let (text, message) = (stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(130), "{message}");
    assert!(
        message.contains("interrupted") && message.contains("partial"),
        "{message}"
    );
    let figures = report(&text);
    let probes = number(&figures, "probes");
    assert!(probes > 0.0 && probes < 100_000_000.0, "{probes}");
    assert!(number(&figures, "nodes") > 0.0);
}
