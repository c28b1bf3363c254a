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
            "dlx,dlx+crosshatch,candidates,dlx-cells,dlx-bits",
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
    assert_eq!(rows.len(), 5);
    let solvers: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(
        solvers,
        [
            "dlx",
            "dlx+crosshatch",
            "candidates",
            "dlx-cells",
            "dlx-bits"
        ]
    );
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
            "dlx,candidates,backtrack",
            "--svg",
            chart.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().count(),
        1 + 2 * 3,
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
    let drawn =
        |text: &str| svg.contains(&format!(">\n{text}\n<")) || svg.contains(&format!(">{text}<"));
    // Each bar carries its rate as the table prints it, thousands separated.
    for row in stdout(&out).lines().skip(1) {
        let rate: f64 = row.split_whitespace().nth(3).unwrap().parse().unwrap();
        let mut label = String::new();
        let digits = format!("{rate:.0}");
        for (k, digit) in digits.chars().enumerate() {
            if k > 0 && (digits.len() - k) % 3 == 0 {
                label.push(',');
            }
            label.push(digit);
        }
        assert!(rate < 10.0 || drawn(&label), "no label {label} for {row}");
    }
    // The subtitle says on what and under what the rates were measured.
    let subtitle = svg
        .split(['>', '<'])
        .find(|text| text.contains("one thread per solver"))
        .unwrap_or_else(|| panic!("a subtitle: {svg}"));
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(subtitle.contains(&format!("{cores} core")), "{subtitle}");
    assert!(subtitle.contains("every puzzle of each file"), "{subtitle}");
    // The tick labels of the rate axis separate thousands (the axis reaches 1,000 at least:
    // generated puzzles are solved by the hundred a second even unoptimised).
    assert!(drawn("1,000") || drawn("10,000"), "no separated tick label");
    // Every bar's colour reads on white: none as light as the yellow plotters' palette gave
    // the third solver (relative luminance 0.75; the background is 1, black 0).
    let fills = svg
        .split("<rect")
        .skip(1)
        .filter_map(|rect| rect.split("fill=\"#").nth(1))
        .map(|fill| &fill[..6])
        .filter(|&fill| fill != "FFFFFF");
    for fill in fills {
        let channel = |k: usize| {
            let value = u8::from_str_radix(&fill[k..k + 2], 16).unwrap() as f64 / 255.0;
            if value <= 0.04045 {
                value / 12.92
            } else {
                ((value + 0.055) / 1.055).powf(2.4)
            }
        };
        let luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
        assert!(luminance < 0.5, "a faint bar: #{fill} ({luminance:.2})");
    }

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

/// The rows of a bench table: its lines after the header, split at whitespace.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

#[test]
fn variant_solvers_are_compared_on_the_projects_own_killers_and_x_puzzles() {
    let killers = crate::common::puzzles("killer-9x9.txt");
    let out = dlx(
        &[
            "bench",
            "--variant",
            "killer",
            killers.to_str().unwrap(),
            "--limit",
            "4",
            "--algo",
            "dlx,dlx-colours,dlx-cells,backtrack",
            "--max-nodes",
            "2000000",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = table_rows(&stdout(&out));
    let solvers: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(solvers, ["dlx", "dlx-colours", "dlx-cells", "backtrack"]);
    for row in &rows {
        assert_eq!(row[2], "4");
        assert!(!row.iter().any(|word| word == "INVALID"), "{row:?}");
    }
    // The shipped Killers are unique: both encodings, and dancing cells, say so with no note.
    for row in &rows[..3] {
        assert_eq!(row.len(), 7, "{row:?}");
    }

    // Without --algo: the variant's exact-cover solver alone, off Killer.
    let x = crate::common::puzzles("x-9x9.txt");
    let out = dlx(
        &[
            "bench",
            "--variant",
            "x",
            x.to_str().unwrap(),
            "--limit",
            "3",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = table_rows(&stdout(&out));
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0][1].as_str(), rows[0].len()), ("dlx", 7));
}

#[test]
fn variant_bench_refusals_name_the_solver_or_the_line() {
    let x = crate::common::puzzles("x-9x9.txt");
    for (algo, says) in [
        ("dlx-colours", "needs --variant killer"),
        ("dlx+crosshatch", "unknown solver `dlx+crosshatch`"),
    ] {
        let args = [
            "bench",
            "--variant",
            "x",
            x.to_str().unwrap(),
            "--algo",
            algo,
        ];
        let out = dlx(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{algo}");
        assert!(stderr(&out).contains(says), "{algo}: {}", stderr(&out));
    }
    // A jigsaw line without its layout (and no --regions) is an error at its line.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jigsaw.txt");
    std::fs::write(&file, format!("{}\n{}\n", ".".repeat(81), "1".repeat(5))).unwrap();
    let out = dlx(
        &["bench", "--variant", "jigsaw", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("jigsaw.txt: line 1"), "{message}");
}

/// A long run says how far it is: a line on stderr as each solver finishes each file (what,
/// how many puzzles, time, rate), agreeing with its row; a run with the backtracker and no node
/// budget starts with a note naming --max-nodes, and a budget silences it.
#[test]
fn each_finished_solver_and_file_is_said_on_stderr() {
    let top = collection("puzzles3_magictour_top1465");
    let minimal = crate::common::puzzles("minimal-9x9.txt");
    let files = [top.to_str().unwrap(), minimal.to_str().unwrap()];
    let args = [&files[..], &["--algo", "dlx,backtrack", "--limit", "2"]].concat();
    let out = dlx(&[&["bench"], &args[..]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("dlx bench: note: backtrack is slow")
            && lines[0].contains("--max-nodes"),
        "{err}"
    );
    let progress: Vec<&str> = lines[1..].to_vec();
    let table = stdout(&out);
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(progress.len(), 4, "a line per solver and file: {err}");
    assert_eq!(rows.len(), 4);
    for (line, row) in progress.iter().zip(&rows) {
        // `dlx bench: FILE: SOLVER: N puzzles in T s (R puzzles/s)`
        let rest = line.strip_prefix("dlx bench: ").expect(line);
        let fields: Vec<&str> = rest.split(": ").collect();
        assert_eq!((fields[0], fields[1]), (row[0], row[1]), "{line}");
        let words: Vec<&str> = fields[2].split_whitespace().collect();
        assert_eq!(
            (words[0], words[1], words[2]),
            ("2", "puzzles", "in"),
            "{line}"
        );
        let seconds: f64 = match words[4] {
            "s" => words[3].parse().unwrap(),
            "ms" => words[3].parse::<f64>().unwrap() / 1e3,
            unit => panic!("unit {unit}: {line}"),
        };
        let rate: f64 = words[5].trim_start_matches('(').parse().unwrap();
        let table_rate: f64 = row[3].parse().unwrap();
        assert!(seconds > 0.0 && rate > 0.0, "{line}");
        assert!(
            (rate - table_rate).abs() <= 0.5 + table_rate * 1e-3,
            "{line} against the row {row:?}"
        );
        assert!(
            (rate * seconds - 2.0).abs() < 0.05,
            "rate and time agree: {line}"
        );
    }
    let budget = [&args[..], &["--max-nodes", "1000000"]].concat();
    let out = dlx(&[&["bench"], &budget[..]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(!err.contains("note"), "a node budget bounds it: {err}");
    assert_eq!(err.lines().count(), 4, "{err}");
}

/// `bench --limit 0` measured one puzzle of each file, as if asked for 1: 0 is refused as a
/// usage error, with the flag's bounds.
#[test]
fn a_limit_of_no_puzzle_is_refused() {
    let file = crate::common::puzzles("minimal-9x9.txt");
    let out = dlx(&["bench", file.to_str().unwrap(), "--limit", "0"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(stderr(&out).contains("--limit"), "{}", stderr(&out));
}

#[test]
fn a_command_peer_is_measured_checked_and_drawn_beside_the_solvers() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = generated_collection(dir.path(), "set.txt", "5");
    let chart = dir.path().join("chart.svg");
    // This program's own `dlx sudoku`, run as a command: it answers one line a puzzle.
    let this = env!("CARGO_BIN_EXE_dlx");
    let peer = format!("itself='{this}' sudoku");
    // A peer whose answers break the rules: the same full grid for every puzzle.
    let grid = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let liar = format!("liar=while read p; do echo \"$p:1:{grid}\"; done");
    let bench = |peers: &[&str]| {
        let mut args = vec!["bench", puzzles.to_str().unwrap(), "--algo", "dlx"];
        for peer in peers {
            args.extend(["--peer", peer]);
        }
        args.extend(["--svg", chart.to_str().unwrap()]);
        dlx(&args, b"")
    };
    let out = bench(&[&peer]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows: Vec<Vec<String>> = stdout(&out)
        .lines()
        .skip(1)
        .map(|row| row.split_whitespace().map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1][1], "itself");
    assert_eq!(rows[1][2], "4");
    assert_eq!(
        rows[1].len(),
        7,
        "every answer solved and valid: {:?}",
        rows[1]
    );
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.contains(">itself<") || svg.contains(">\nitself\n<"));
    // Wrong answers fail the run, as a solver's of the project would.
    let out = bench(&[&liar]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("4 INVALID"), "{}", stdout(&out));
    // A peer that fails is a row saying so; --variant refuses peers.
    let out = bench(&["broken=exit 3"]);
    assert!(
        stdout(&out).contains("the command failed"),
        "{}",
        stdout(&out)
    );
    let out = dlx(&["bench", "x.txt", "--variant", "x", "--peer", "a=b"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = dlx(&["bench", "x.txt", "--peer", "no-command"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("NAME=COMMAND"), "{}", stderr(&out));
}

#[test]
fn peers_need_names_of_their_own_and_pencilmark_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = generated_collection(dir.path(), "set.txt", "6");
    let file = puzzles.to_str().unwrap();
    for peers in [&["dlx=cat"][..], &["a=cat", "a=cat"]] {
        let mut args = vec!["bench", file, "--algo", "dlx"];
        for peer in peers {
            args.extend(["--peer", peer]);
        }
        let out = dlx(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{peers:?}");
        assert!(stderr(&out).contains("already a row's"), "{}", stderr(&out));
    }
    // Every empty cell of a pencilmark line with its digit 1 struck: measured on its givens
    // alone, it would be another puzzle.
    let solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let line: String = solution
        .chars()
        .enumerate()
        .map(|(cell, digit)| match cell % 2 {
            0 => {
                let d = digit.to_digit(10).unwrap();
                (1..=9)
                    .map(|k| if k == d { digit } else { '.' })
                    .collect::<String>()
            }
            _ => (1..=9)
                .map(|k| {
                    if k == 1 {
                        '.'
                    } else {
                        char::from_digit(k, 10).unwrap()
                    }
                })
                .collect(),
        })
        .collect();
    let marks = dir.path().join("marks.txt");
    std::fs::write(&marks, format!("{line}\n")).unwrap();
    let out = dlx(&["bench", marks.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("line 1: a pencilmark line"),
        "{}",
        stderr(&out)
    );
}
