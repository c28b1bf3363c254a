//! `dlx bench`: the comparison table a user runs on their own collection.

use crate::common::{collection, dlx, stderr, stdout};

#[test]
fn the_table_has_a_row_per_solver_with_the_first_as_reference() {
    let file = collection("puzzles3_magictour_top1465");
    let out = dlx(
        &[
            "bench",
            file.to_str().unwrap(),
            "--algo",
            "dlx,dlx+crosshatch,candidates",
            "--limit",
            "30",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 3);
    let solvers: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(solvers, ["dlx", "dlx+crosshatch", "candidates"]);
    for row in &rows {
        let name = file.file_name().unwrap().to_str().unwrap();
        assert_eq!(row[0], name);
        assert_eq!(row[2], "30", "--limit keeps the first 30 puzzles");
        let rate: f64 = row[3].parse().unwrap();
        let micros: f64 = row[4].parse().unwrap();
        assert!(rate > 0.0 && micros > 0.0);
        assert!(
            (rate * micros / 1e6 - 1.0).abs() < 0.05,
            "rate and time agree"
        );
        assert!(
            row.len() == 7,
            "no notes: every puzzle solved and valid: {row:?}"
        );
    }
    assert_eq!(rows[0][6], "1.00", "the first solver is the reference");
}

#[test]
fn notes_count_multiple_answers_and_bad_names_are_refused() {
    let serg = collection("puzzles7_serg_benchmark");
    let out = dlx(&["bench", serg.to_str().unwrap(), "--limit", "5"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("5 multiple"), "{}", stdout(&out));
    let out = dlx(
        &["bench", serg.to_str().unwrap(), "--algo", "dlx,magic"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown solver `magic`"));
}

/// `dlx generate -o FILE` in `dir`: a small collection of the project's own making.
fn generated_collection(dir: &std::path::Path, name: &str, seed: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    let out = dlx(
        &[
            "generate",
            "--count",
            "4",
            "--seed",
            seed,
            "--no-minimal",
            "-o",
            path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    path
}

#[test]
fn svg_draws_every_solver_and_collection_and_refuses_an_unwritable_path() {
    let dir = tempfile::tempdir().unwrap();
    let first = generated_collection(dir.path(), "first-set.txt", "3");
    let second = generated_collection(dir.path(), "second-set.txt", "4");
    let chart = dir.path().join("chart.svg");
    let out = dlx(
        &[
            "bench",
            first.to_str().unwrap(),
            second.to_str().unwrap(),
            "--algo",
            "dlx,candidates",
            "--svg",
            chart.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().count(),
        5,
        "the table is still printed"
    );
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..svg.len().min(200)]
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    for name in ["first-set.txt", "second-set.txt", "dlx", "candidates"] {
        assert!(
            svg.contains(&format!(">\n{name}\n<")) || svg.contains(&format!(">{name}<")),
            "the chart names {name}"
        );
    }
    // A bar per solver and collection, beside the background and the legend's boxes.
    let bars = svg.matches("<rect").count();
    assert!(bars >= 4 + 2, "{bars} rectangles");

    let nowhere = dir.path().join("no-such-directory").join("chart.svg");
    let out = dlx(
        &[
            "bench",
            first.to_str().unwrap(),
            "--svg",
            nowhere.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("cannot create {}", nowhere.display())),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).is_empty(),
        "refused before measuring: {}",
        stdout(&out)
    );

    let before = std::fs::read(&first).unwrap();
    let out = dlx(
        &[
            "bench",
            first.to_str().unwrap(),
            "--svg",
            first.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--svg"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&first).unwrap(), before, "the input is kept");
}
