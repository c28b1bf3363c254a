//! Variant records from arbitrary bytes: the first byte picks the variants, the rest
//! is lines of records. Reading never panics, each error points into its line, and every
//! record read is searched under a node budget in each encoding, every solution checked here
//! against the rules' regions, pairs and cages (distinct digits, sums), the givens kept.

#![no_main]

use dlx_puzzles::sudoku::variant::{KillerEncoding, Rules, Variants};
use dlx_puzzles::sudoku::{Boxes, Grid, ParseErrorKind, Record, Solve, SudokuSolver};
use libfuzzer_sys::fuzz_target;

/// Search-tree nodes each search may take.
const NODE_BUDGET: u64 = 500;
/// Records of one input searched (all are read).
const SEARCHED: usize = 3;

/// The variant lists the first byte picks from.
const LISTS: [&str; 8] = [
    "killer",
    "jigsaw",
    "x,anti-knight",
    "killer,x",
    "jigsaw,killer",
    "windoku,anti-king",
    "killer,anti-king",
    "jigsaw,x",
];

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let variants = Variants::parse(LISTS[usize::from(pick) % LISTS.len()]).unwrap();
    let text = String::from_utf8_lossy(rest);
    let mut searched = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let width = line.chars().count();
        let placed = |at_line: usize, column: usize| {
            assert_eq!(at_line, number, "{line:?}");
            assert!((1..=width + 1).contains(&column), "column {column} of {line:?}");
        };
        match Record::parse_variant_line(line, number, &variants, None, Boxes::Usual) {
            Ok(puzzle) => {
                let rules = puzzle.rules(&variants, None).expect("a record read has rules");
                if searched < SEARCHED {
                    searched += 1;
                    search_and_check(&rules, puzzle.grid());
                }
            }
            Err(e) if matches!(e.kind, ParseErrorKind::Rules(_)) => assert_eq!(e.line, number),
            Err(e) => placed(e.line, e.column),
        }
    }
});

/// Searches in both encodings (the colour one may refuse large cages) and checks what it finds.
fn search_and_check(rules: &Rules, givens: &Grid) {
    let mut verdicts = Vec::new();
    for encoding in [KillerEncoding::DigitSets, KillerEncoding::Colours] {
        let Ok(solver) = SudokuSolver::with_encoding(rules.clone(), encoding) else {
            continue;
        };
        let mut solver = solver.with_node_budget(Some(NODE_BUDGET));
        let mut found = 0u64;
        let outcome = solver.search(givens, 2, &mut |solution: &Grid| {
            check(rules, givens, solution);
            found += 1;
        });
        if !outcome.ran_out_of_nodes() {
            verdicts.push(found);
        }
        if rules.cages().is_none() {
            break;
        }
    }
    if let [a, b] = verdicts[..] {
        assert_eq!(a, b, "the two encodings agree");
    }
}

/// Every region holds distinct digits, every pair differs, every cage holds distinct digits
/// adding up to its sum, and the givens are kept.
fn check(rules: &Rules, givens: &Grid, solution: &Grid) {
    let side = rules.side() as u8;
    for (cell, &digit) in solution.cells().iter().enumerate() {
        assert!((1..=side).contains(&digit));
        let given = givens.get(cell);
        assert!(given == 0 || given == digit, "a given kept");
    }
    let distinct = |cells: &[usize]| {
        let mut seen = 0u64;
        cells.iter().all(|&c| {
            let bit = 1u64 << solution.get(c);
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    for region in rules.regions() {
        assert!(distinct(region), "region {region:?}");
    }
    for &(a, b) in rules.pairs() {
        assert_ne!(solution.get(a), solution.get(b), "pair {a}-{b}");
    }
    if let Some(cages) = rules.cages() {
        for (cage, cells) in cages.cells_by_cage().iter().enumerate() {
            let sum: u32 = cells.iter().map(|&c| u32::from(solution.get(c))).sum();
            assert!(distinct(cells) && sum == cages.sum(cage), "cage {cage}");
        }
    }
}
