//! Colours and multiplicities against Knuth's DLX2 and DLX3: their figures on the public files
//! beside the project, every solution checked against the definition, and `dlx xc` printing
//! options as written.

use crate::common::{data, dlx, shared_or_skip, stderr, stdout};
use dlx_engine::Engine;
use dlx_engine::{ChoiceRule, Dlx, OptionId, Problem, ReferenceProblem, SearchLimits, SearchStats};
use std::ops::ControlFlow;
use std::path::Path;

/// One row of Knuth's figures: file, program, solutions, updates, cleansings, nodes.
struct Figures {
    file: String,
    program: String,
    stats: SearchStats,
}

/// The DLX2 and DLX3 table of a README (the one with a cleansings column).
fn knuths_figures(dir: &Path, rows_expected: usize) -> Vec<Figures> {
    let table = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let number = |s: &str| s.replace(',', "").parse::<u64>().unwrap();
    let rows: Vec<Figures> = table
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(".dlx"))
        .map(|l| l.split('|').map(str::trim).collect::<Vec<_>>())
        .filter(|cells| cells.len() == 8)
        .map(|cells| Figures {
            file: cells[1].split_whitespace().next().unwrap().to_string(),
            program: cells[2].to_string(),
            stats: SearchStats {
                solutions: number(cells[3]),
                updates: number(cells[4]),
                cleansings: number(cells[5]),
                nodes: number(cells[6]),
                ..SearchStats::default()
            },
        })
        .collect();
    assert_eq!(rows.len(), rows_expected, "{}", dir.display());
    rows
}

/// Searches `problem` for every solution and checks Knuth's figures, each solution against the
/// definition, and that the `u16` arena and the faster rules agree.
fn check_figures(file: &str, problem: &Problem, figures: &Figures) -> Vec<Vec<OptionId>> {
    // DLX3's figures are for the files with bounds, DLX2's for the others.
    let program = if problem.has_bounds() { "DLX3" } else { "DLX2" };
    assert_eq!(figures.program, program, "{file}");
    assert!(problem.has_colours() || problem.has_bounds(), "{file}");
    let mut solutions = Vec::new();
    let report = Dlx::new(problem).set_rule(ChoiceRule::Mrv).search(
        SearchLimits::default(),
        &mut |options: &[OptionId]| {
            assert!(is_solution(problem, options), "{file}: {options:?}");
            let mut options = options.to_vec();
            options.sort();
            solutions.push(options);
            ControlFlow::Continue(())
        },
    );
    assert!(report.is_complete());
    assert_eq!(report.stats, figures.stats, "{file}");
    solutions.sort();
    let found = solutions.len();
    solutions.dedup();
    assert_eq!(solutions.len(), found, "{file}: each solution found once");
    if let Ok(mut small) = Dlx::<u16>::try_new(problem) {
        let small = small.set_rule(ChoiceRule::Mrv).count_solutions(None);
        assert_eq!(small.stats, figures.stats, "{file}: u16 links");
    }
    // The faster rules walk other trees to the same solutions.
    for rule in [
        ChoiceRule::MrvStopAtOne,
        ChoiceRule::MrvThenReach { from_node: 64 },
    ] {
        let count = Dlx::new(problem).set_rule(rule).count_solutions(None);
        assert_eq!(
            count.stats.solutions, figures.stats.solutions,
            "{file}: {rule:?}"
        );
    }
    solutions
}

/// Whether chosen options meet the definition ([`Problem::is_solution`]).
pub(crate) fn is_solution(problem: &Problem, options: &[OptionId]) -> bool {
    problem.is_solution(options)
}

#[test]
fn every_shared_xcc_and_mcc_problem_gives_knuths_figures() {
    let Some(dir) = shared_or_skip("xc", "DLX2's and DLX3's figures") else {
        return;
    };
    for row in knuths_figures(&dir, 9) {
        let file = &row.file;
        let problem = Problem::parse_bytes(&std::fs::read(dir.join(file)).unwrap()).unwrap();
        check_figures(file, &problem, &row);
    }
}

#[test]
fn every_generated_xcc_and_mcc_problem_gives_knuths_figures_and_the_oracles_solutions() {
    let suite = ReferenceProblem::xcc_mcc_suite();
    let rows = knuths_figures(&data("xc"), suite.len());
    for (classic, row) in suite.iter().zip(&rows) {
        let file = classic.file;
        assert_eq!(
            row.file, file,
            "the README lists the generated files in order"
        );
        let mut bytes = Vec::new();
        classic.write(&mut bytes).unwrap();
        let committed = std::fs::read(data(&format!("xc/{file}"))).unwrap();
        assert!(
            committed == bytes,
            "{file} differs from what its generator writes"
        );
        assert_eq!(Problem::parse_bytes(&committed).unwrap(), classic.problem);
        let solutions = check_figures(file, &classic.problem, row);
        let n = classic.problem.option_count();
        if n <= 16 {
            // Every subset of options checked against the definition.
            let oracle: Vec<Vec<OptionId>> = (0u32..1 << n)
                .map(|mask| {
                    (0..n as u32)
                        .filter(|k| mask >> k & 1 == 1)
                        .map(OptionId)
                        .collect()
                })
                .filter(|options: &Vec<OptionId>| is_solution(&classic.problem, options))
                .collect();
            let mut oracle = oracle;
            oracle.sort();
            assert_eq!(solutions, oracle, "{file}");
        }
    }
}

#[test]
fn the_cli_prints_options_as_written_and_cleansings() {
    let Some(dir) = shared_or_skip("xc", "the CLI on DLX2's and DLX3's toy problems") else {
        return;
    };
    for (file, expected, figures) in [
        (
            "toy_colors.dlx",
            &["A C X:1 Y:1", "B X:1"][..],
            "nodes: 4\nupdates: 14\ncleansings: 5\n",
        ),
        (
            "toy_multiplicities.dlx",
            &["A C X:1 Y:1", "B X:1", "C Y:1"],
            "nodes: 6\nupdates: 14\ncleansings: 7\n",
        ),
    ] {
        let path = dir.join(file);
        let out = dlx(
            &["xc", "--stats", "--engine", "links", path.to_str().unwrap()],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = stdout(&out);
        let mut options: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        options.sort();
        assert_eq!(options, expected, "{file}");
        assert!(stderr(&out).contains(figures), "{file}: {}", stderr(&out));
    }
}

#[test]
fn the_cli_names_the_place_of_a_bad_colour_or_bound() {
    for (input, message) in [
        (
            &b"A | x\nA x:ab\n"[..],
            "<stdin>: line 2, column 3: `x:ab` in an option; expected `item` or `item:c`, one character c after the colon",
        ),
        (
            b"A B:1\n",
            "<stdin>: line 1, column 3: item name `B:1` contains `:`",
        ),
        (
            b"A 3:2|B\nA B\n",
            "<stdin>: line 1, column 3: the lower bound 3 is above the upper bound 2",
        ),
        (
            b"A B\nA B:c\n",
            "<stdin>: line 2, column 3: primary item `B` cannot take a colour; only secondary items can",
        ),
    ] {
        let out = dlx(&["xc"], input);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.contains(message), "{err}");
    }
}
