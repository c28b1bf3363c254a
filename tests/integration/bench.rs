//! `dlx bench`: the comparison table a user runs on their own collection.

use crate::common::{dlx, stderr, stdout};
// Until issue 15's test data lands: the public collections, read from ../shared.
fn puzzles(name: &str) -> std::path::PathBuf {
    crate::rate::shared_puzzles(name).expect("../shared/puzzles is there")
}

#[test]
fn the_table_has_a_row_per_solver_with_the_first_as_reference() {
    let file = puzzles("puzzles3_magictour_top1465");
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
        assert_eq!(row[0], "puzzles3_magictour_top1465");
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
    let serg = puzzles("puzzles7_serg_benchmark");
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
