//! Sudoku variants (X, windoku, anti-king, anti-knight, jigsaw, combined): every answer checked
//! by a checker written here from the variants' definitions (not from the library's rules),
//! counts confirmed by a plain brute-force enumeration, and bad layouts refused with their place.

use dlx_engine::{Count, Uniqueness};
use dlx_puzzles::sudoku::variant::{FieldErrorKind, Regions, Rules, Variants};
use dlx_puzzles::sudoku::{Boxes, Grid, ParseErrorKind, Record, Shape, SudokuSolver};
use proptest::prelude::*;

/// A 9x9 jigsaw layout of our own: the boxes with cells traded between neighbours (cells that
/// hold the same digit in the grid whose row r is 123456789 turned left by 3(r mod 3) + r/3, so
/// the layout surely has solutions; an unsolvable one would take minutes to refute).
const JIGSAW_9: &str = "\
AAABBBCCC\
AAABBACCC\
DABBBBCCC\
DDDEEEFFE\
DDAEEFFFF\
DDDEEEFFF\
GGGHHHIII\
GGGHHHIII\
GGGHHHIII";

/// A 4x4 jigsaw layout of our own, its regions not boxes (one is not even connected).
const JIGSAW_4: &str = "AABBACBBACDDCCDD";

/// For each cell, the cells that must hold another digit than it under `variants` (names as on
/// the command line), from the definitions: same row, column, box (or jigsaw region), diagonal
/// or window, or a king's or knight's move apart.
fn must_differ(shape: Shape, variants: &[&str], regions: Option<&str>) -> Vec<Vec<usize>> {
    let side = shape.side();
    let region: Vec<char> = match regions {
        Some(layout) => layout.chars().collect(),
        None => (0..side * side)
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                char::from(
                    b'a' + ((r / shape.box_rows()) * shape.box_rows() + c / shape.box_cols()) as u8,
                )
            })
            .collect(),
    };
    let window = |r: usize, c: usize| {
        let band = |k: usize| match k {
            1..=3 => Some(0),
            5..=7 => Some(1),
            _ => None,
        };
        band(r).zip(band(c))
    };
    let has = |name: &str| variants.contains(&name);
    let mut differ = vec![Vec::new(); side * side];
    for a in 0..side * side {
        for b in 0..side * side {
            if a == b {
                continue;
            }
            let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
            let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
            let apart = ra == rb
                || ca == cb
                || region[a] == region[b]
                || (has("x") && ra == ca && rb == cb)
                || (has("x") && ra + ca == side - 1 && rb + cb == side - 1)
                || (has("windoku") && window(ra, ca).is_some() && window(ra, ca) == window(rb, cb))
                || (has("anti-king") && dr <= 1 && dc <= 1)
                || (has("anti-knight") && ((dr, dc) == (1, 2) || (dr, dc) == (2, 1)));
            if apart {
                differ[a].push(b);
            }
        }
    }
    differ
}

/// Checks a solution: every cell holds a digit of the grid, every given is kept, and no two
/// cells that must differ hold the same digit (with N cells a region, that is every digit once).
fn check(solution: &Grid, puzzle: &Grid, differ: &[Vec<usize>]) -> Result<(), String> {
    let side = puzzle.shape().side() as u8;
    for (cell, others) in differ.iter().enumerate() {
        let digit = solution.get(cell);
        if !(1..=side).contains(&digit) {
            return Err(format!("cell {cell} holds {digit}"));
        }
        if puzzle.get(cell) != 0 && puzzle.get(cell) != digit {
            return Err(format!("cell {cell} changed its given"));
        }
        if let Some(&other) = others.iter().find(|&&o| solution.get(o) == digit) {
            return Err(format!("cells {cell} and {other} both hold {digit}"));
        }
    }
    Ok(())
}

/// The number of completions of `puzzle`, by trying every digit in every empty cell in order.
fn brute_force_count(puzzle: &Grid, differ: &[Vec<usize>]) -> u64 {
    fn fill(cells: &mut Vec<u8>, cell: usize, side: u8, differ: &[Vec<usize>]) -> u64 {
        if cell == cells.len() {
            return 1;
        }
        let fits = |cells: &Vec<u8>, digit: u8| differ[cell].iter().all(|&o| cells[o] != digit);
        if cells[cell] != 0 {
            let digit = cells[cell];
            cells[cell] = 0;
            let count = if fits(cells, digit) {
                cells[cell] = digit;
                fill(cells, cell + 1, side, differ)
            } else {
                0
            };
            cells[cell] = digit;
            return count;
        }
        let mut count = 0;
        for digit in 1..=side {
            if fits(cells, digit) {
                cells[cell] = digit;
                count += fill(cells, cell + 1, side, differ);
                cells[cell] = 0;
            }
        }
        count
    }
    // Givens placed after a cell are checked when the search reaches them.
    let mut cells = puzzle.cells().to_vec();
    fill(&mut cells, 0, puzzle.shape().side() as u8, differ)
}

fn rules(shape: Shape, variants: &[&str], regions: Option<&str>) -> Rules {
    let layout = regions.map(|text| Regions::parse(text, 1, 1, Some(shape.side())).unwrap());
    let variants = Variants::parse(&variants.join(",")).unwrap();
    Rules::new(shape, &variants, layout.as_ref()).unwrap()
}

/// The variant combinations the tests run through, with the layout a jigsaw needs.
fn combinations(side: usize) -> Vec<(Vec<&'static str>, Option<&'static str>)> {
    let mut all = vec![
        (vec![], None),
        (vec!["x"], None),
        (vec!["anti-king"], None),
        (vec!["anti-knight"], None),
        (vec!["x", "anti-knight"], None),
        (vec!["x", "anti-king"], None),
    ];
    match side {
        4 => {
            all.push((vec!["jigsaw"], Some(JIGSAW_4)));
            all.push((vec!["jigsaw", "x"], Some(JIGSAW_4)));
        }
        9 => {
            // Combinations of two move rules on an empty 9x9 grid take the debug build minutes
            // to settle; the 4x4 and 6x6 tests combine them.
            all.truncate(4);
            all.push((vec!["windoku"], None));
            all.push((vec!["jigsaw"], Some(JIGSAW_9)));
        }
        _ => {}
    }
    all
}

#[test]
fn every_4x4_count_matches_brute_force() {
    let shape = Shape::new(2, 2).unwrap();
    let empty = Grid::empty(shape);
    let mut seen = Vec::new();
    for (variants, regions) in combinations(4) {
        let differ = must_differ(shape, &variants, regions);
        let expected = brute_force_count(&empty, &differ);
        let mut solver = SudokuSolver::with_rules(rules(shape, &variants, regions));
        let mut solutions = 0;
        let outcome = dlx_puzzles::sudoku::Solve::search(&mut solver, &empty, u64::MAX, &mut |s| {
            assert_eq!(check(s, &empty, &differ), Ok(()), "{variants:?}");
            solutions += 1;
        });
        assert!(outcome.is_complete());
        assert_eq!(solutions, expected, "{variants:?}");
        seen.push((variants, expected));
    }
    // The brute force itself is right where the count is known.
    assert_eq!(seen[0].1, 288);
    eprintln!("4x4 grids per variant, by brute force and by the solver: {seen:?}");
}

#[test]
fn six_by_six_counts_match_brute_force_from_a_given_first_row() {
    let shape = Shape::new(2, 3).unwrap();
    let mut puzzle = Grid::empty(shape);
    for col in 0..6 {
        puzzle.set(col, col as u8 + 1);
    }
    for (variants, regions) in combinations(6) {
        let differ = must_differ(shape, &variants, regions);
        let expected = brute_force_count(&puzzle, &differ);
        let mut solver = SudokuSolver::with_rules(rules(shape, &variants, regions));
        let count = solver.count_solutions(&puzzle, None).answer;
        assert_eq!(count, Count::exactly(expected), "{variants:?}");
        eprintln!("6x6 {variants:?} with the first row 123456: {expected} grids");
    }
}

#[test]
fn nine_by_nine_variant_grids_meet_every_rule_and_are_classic_solutions_too() {
    let shape = Shape::CLASSIC;
    let empty = Grid::empty(shape);
    for (variants, regions) in combinations(9) {
        let differ = must_differ(shape, &variants, regions);
        let mut solver = SudokuSolver::with_rules(rules(shape, &variants, regions));
        let solution = solver.first_solution(&empty).answer;
        let solution = solution.unwrap_or_else(|| panic!("{variants:?} has a grid"));
        assert_eq!(check(&solution, &empty, &differ), Ok(()), "{variants:?}");
        if regions.is_none() {
            assert_eq!(solution.check_solution_of(&empty), Ok(()), "{variants:?}");
        }
    }
}

#[test]
fn a_puzzle_unique_under_its_variant_is_made_by_removing_givens() {
    // Clear cells of a variant grid while the variant keeps the puzzle unique: the result has
    // one solution under the variant, which the checker accepts, and fewer givens than its
    // grid. Each variant is checked the same way.
    let shape = Shape::CLASSIC;
    let chosen = [(vec!["x"], None), (vec!["jigsaw"], Some(JIGSAW_9))];
    for (variants, regions) in chosen {
        let differ = must_differ(shape, &variants, regions);
        let mut solver = SudokuSolver::with_rules(rules(shape, &variants, regions));
        let full = solver.first_solution(&Grid::empty(shape)).answer.unwrap();
        let mut puzzle = full.clone();
        for cell in (0..81).map(|k| (k * 37) % 81) {
            let digit = puzzle.get(cell);
            puzzle.set(cell, 0);
            if !matches!(solver.uniqueness(&puzzle).answer, Uniqueness::Unique(_)) {
                puzzle.set(cell, digit);
            }
        }
        assert!(
            puzzle.filled_count() < 40,
            "{variants:?}: {}",
            puzzle.filled_count()
        );
        let Uniqueness::Unique(solution) = solver.uniqueness(&puzzle).answer else {
            panic!("{variants:?}: the puzzle was kept unique");
        };
        assert_eq!(solution, full);
        assert_eq!(check(&solution, &puzzle, &differ), Ok(()), "{variants:?}");
    }
}

#[test]
fn windoku_off_the_9x9_grid_is_refused_by_name() {
    let error = Rules::new(
        Shape::new(2, 3).unwrap(),
        &Variants::parse("windoku").unwrap(),
        None,
    )
    .unwrap_err();
    assert!(error.to_string().contains("windoku") && error.to_string().contains("9x9"));
}

#[test]
fn bad_layouts_are_refused_with_their_place() {
    let jigsaw = Variants::parse("jigsaw").unwrap();
    let givens = ".".repeat(81);
    // Region A takes a tenth cell in row 9 (column 82 + 9 of the line).
    let too_big = JIGSAW_9.replacen('I', "A", 1);
    let line = format!("{givens} {too_big}");
    let error = Record::parse_variant_line(&line, 12, &jigsaw, None, Boxes::Usual).unwrap_err();
    let ParseErrorKind::Field(kind) = &error.kind else {
        panic!("a layout error, got {error}");
    };
    assert_eq!(error.line, 12);
    assert_eq!(error.column, 83 + too_big.find('I').unwrap() - 1);
    assert!(matches!(
        kind,
        FieldErrorKind::WrongRegionSize {
            found: 'A',
            count: 10,
            side: 9
        }
    ));
    // A layout file of the wrong size names its first symbol.
    let error = Regions::parse("# layout\nAAB\nBBA\n", 1, 1, Some(9)).unwrap_err();
    assert_eq!((error.line, error.column), (2, 1));
    assert!(error.to_string().contains("81 for this puzzle"), "{error}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On random 4x4 puzzles (givens anywhere, clashing or not) under random combinations,
    /// the solver's count is the brute force's, and each solution it gives meets every rule.
    #[test]
    fn random_4x4_puzzles_count_as_brute_force_says(
        which in 0usize..8,
        givens in proptest::collection::vec((0usize..16, 1u8..=4), 0..6),
    ) {
        let shape = Shape::new(2, 2).unwrap();
        let (variants, regions) = combinations(4).swap_remove(which);
        let mut puzzle = Grid::empty(shape);
        for (cell, digit) in givens {
            puzzle.set(cell, digit);
        }
        let differ = must_differ(shape, &variants, regions);
        let mut solver = SudokuSolver::with_rules(rules(shape, &variants, regions));
        let count = solver.count_solutions(&puzzle, None).answer;
        prop_assert_eq!(count, Count::exactly(brute_force_count(&puzzle, &differ)));
        if let Some(solution) = solver.first_solution(&puzzle).answer {
            prop_assert_eq!(check(&solution, &puzzle, &differ), Ok(()));
            if regions.is_none() {
                prop_assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
            }
        }
    }
}

/// `dlx sudoku --variant`: the command line answers as the library does, each solution checked
/// against every rule here, counts as brute force gives them, bad layouts refused with exit 2.
#[test]
fn the_command_line_solves_and_counts_variants() {
    use crate::common::{dlx, stderr, stdout};
    let shape = Shape::new(2, 2).unwrap();
    let empty = Grid::empty(shape);
    for (variants, regions) in combinations(4) {
        let differ = must_differ(shape, &variants, regions);
        let expected = brute_force_count(&empty, &differ);
        let list = variants.join(",");
        let line = match regions {
            Some(layout) if variants.contains(&"jigsaw") => {
                format!("{} {layout}\n", ".".repeat(16))
            }
            _ => format!("{}\n", ".".repeat(16)),
        };
        let out = dlx(
            &with_variants(&["sudoku", "--count"], &list),
            line.as_bytes(),
        );
        assert_eq!(
            stdout(&out),
            format!("{expected}\n"),
            "{list}: {}",
            stderr(&out)
        );
        let out = dlx(&with_variants(&["sudoku"], &list), line.as_bytes());
        if expected == 0 {
            assert_eq!(out.status.code(), Some(1), "{list}");
            continue;
        }
        assert_eq!(out.status.code(), Some(0), "{list}: {}", stderr(&out));
        let solution: Grid = stdout(&out).trim().parse().unwrap();
        assert_eq!(check(&solution, &empty, &differ), Ok(()), "{list}");
    }
    // A layout of the wrong length, and windoku off the 9x9 grid: errors with their place.
    let bad = format!("{} AABBACBBACDDCCD\n", ".".repeat(16));
    let out = dlx(&["sudoku", "--variant", "jigsaw"], bad.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 1, column 18"),
        "{}",
        stderr(&out)
    );
    let out = dlx(
        &["sudoku", "--variant", "windoku"],
        format!("{}\n", ".".repeat(36)).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("windoku"), "{}", stderr(&out));
}

#[test]
fn the_shipped_variant_puzzles_are_unique_and_minimal_under_their_rules() {
    use crate::common::puzzles;
    let layout = std::fs::read_to_string(puzzles("jigsaw-9x9-layout.txt")).unwrap();
    let layout: String = layout.split_whitespace().collect();
    for (file, variants, regions) in [
        ("x-9x9.txt", vec!["x"], None),
        ("windoku-9x9.txt", vec!["windoku"], None),
        ("anti-king-9x9.txt", vec!["anti-king"], None),
        ("anti-knight-9x9.txt", vec!["anti-knight"], None),
        ("jigsaw-9x9.txt", vec!["jigsaw"], Some(layout.as_str())),
        ("jigsaw-random-9x9.txt", vec!["jigsaw"], None),
        ("x-6x6.txt", vec!["x"], None),
    ] {
        let text = std::fs::read_to_string(puzzles(file)).unwrap();
        let list = Variants::parse(&variants.join(",")).unwrap();
        assert!(text.lines().count() >= 50, "{file}");
        for (k, line) in text.lines().enumerate().step_by(10) {
            let puzzle =
                Record::parse_variant_line(line, k + 1, &list, None, Boxes::Usual).unwrap();
            if let Some(layout) = regions {
                assert_eq!(puzzle.regions.as_ref().unwrap().to_line(), layout, "{file}");
            }
            let shape = puzzle.grid().shape();
            // A jigsaw without one layout for the file has its own after its givens.
            let own_layout = line.split_whitespace().nth(1);
            let layout = regions.or(own_layout.filter(|_| variants.contains(&"jigsaw")));
            let differ = must_differ(shape, &variants, layout);
            let mut solver = SudokuSolver::with_rules(puzzle.rules(&list, None).unwrap());
            let Uniqueness::Unique(solution) = solver.uniqueness(puzzle.grid()).answer else {
                panic!("{file} line {}: not unique", k + 1);
            };
            assert_eq!(check(&solution, puzzle.grid(), &differ), Ok(()), "{file}");
            if k % 30 == 0 {
                for cell in (0..shape.cell_count()).filter(|&c| puzzle.grid().get(c) != 0) {
                    let mut fewer = puzzle.grid().clone();
                    fewer.set(cell, 0);
                    let answer = solver.uniqueness(&fewer).answer;
                    assert!(
                        matches!(answer, Uniqueness::Multiple(_)),
                        "{file} line {}: the given at {cell} can go",
                        k + 1
                    );
                }
            }
        }
    }
}

/// Fills every cell that `differ` leaves one digit for, again and again: naked singles only,
/// written here from the definitions. What it fills, the engine's singles fill too.
fn naked_singles(puzzle: &Grid, differ: &[Vec<usize>]) -> Grid {
    let side = puzzle.shape().side() as u8;
    let mut grid = puzzle.clone();
    loop {
        let mut placed = false;
        for (cell, others) in differ.iter().enumerate() {
            if grid.get(cell) != 0 {
                continue;
            }
            let open: Vec<u8> = (1..=side)
                .filter(|&d| others.iter().all(|&o| grid.get(o) != d))
                .collect();
            if let [digit] = open[..] {
                grid.set(cell, digit);
                placed = true;
            }
        }
        if !placed {
            return grid;
        }
    }
}

#[test]
fn variant_ratings_say_singles_where_no_guess_is_needed_and_refuse_puzzles_not_unique() {
    use crate::common::{dlx, puzzles, stderr, stdout};
    // A solution less one cell needs no guess, under every 4x4 combination that has one.
    for (variants, regions) in combinations(4) {
        if variants.is_empty() {
            // Classic puzzles are rated on the classic scale (`dlx rate`'s own tests).
            continue;
        }
        let list = variants.join(",");
        let with_layout = |givens: &str| match regions {
            Some(layout) if variants.contains(&"jigsaw") => format!("{givens} {layout}\n"),
            _ => format!("{givens}\n"),
        };
        let empty = with_layout(&".".repeat(16));
        let solved = dlx(&with_variants(&["sudoku"], &list), empty.as_bytes());
        if solved.status.code() == Some(1) {
            continue;
        }
        let mut puzzle: Vec<char> = stdout(&solved).trim().chars().collect();
        puzzle[6] = '.';
        let puzzle: String = puzzle.into_iter().collect();
        let out = dlx(
            &with_variants(&["rate"], &list),
            with_layout(&puzzle).as_bytes(),
        );
        assert_eq!(stdout(&out), "2.0 singles\n", "{list}: {}", stderr(&out));
        let out = dlx(&with_variants(&["rate"], &list), empty.as_bytes());
        assert_eq!(
            (out.status.code(), stdout(&out)),
            (Some(1), "multiple\n".to_string()),
            "{list}"
        );
    }
    // The shipped X puzzles: one rating a line, the same on every run and thread count; a
    // puzzle naked singles solve is never rated a search.
    let file = puzzles("x-9x9.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let first: Vec<&str> = text.lines().take(12).collect();
    let input = first.join("\n") + "\n";
    let out = dlx(
        &["rate", "--variant", "x", "--threads", "1"],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let again = dlx(
        &["rate", "--variant", "x", "--threads", "2"],
        input.as_bytes(),
    );
    assert_eq!(stdout(&again), stdout(&out));
    let ratings = stdout(&out);
    assert_eq!(ratings.lines().count(), first.len());
    let differ = must_differ(Shape::CLASSIC, &["x"], None);
    for (line, rating) in first.iter().zip(ratings.lines()) {
        let (value, technique) = rating.split_once(' ').unwrap();
        let value: f64 = value.parse().unwrap();
        match technique {
            "singles" => assert_eq!(value, 2.0),
            "search" => {
                assert!(value > 4.0, "{rating}");
                let grid: Grid = line.parse().unwrap();
                assert!(!naked_singles(&grid, &differ).is_full(), "{line}: {rating}");
            }
            _ => panic!("{rating}"),
        }
    }
    // Killers too, each under its own cages.
    let text = std::fs::read_to_string(puzzles("killer-9x9.txt")).unwrap();
    let input = text.lines().take(6).collect::<Vec<_>>().join("\n") + "\n";
    let out = dlx(&["rate", "--variant", "killer"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for rating in stdout(&out).lines() {
        assert!(
            rating == "2.0 singles" || rating.ends_with(" search"),
            "{rating}"
        );
    }
    assert_eq!(stdout(&out).lines().count(), 6);
}

/// Whether the cells holding `symbol` in `layout` (row-major, side `side`) form one piece.
fn region_is_connected(layout: &[char], side: usize, symbol: char) -> bool {
    let cells: Vec<usize> = (0..layout.len()).filter(|&c| layout[c] == symbol).collect();
    let mut reached = vec![cells[0]];
    let mut k = 0;
    while k < reached.len() {
        let (r, c) = (reached[k] / side, reached[k] % side);
        for &next in &cells {
            let (nr, nc) = (next / side, next % side);
            if r.abs_diff(nr) + c.abs_diff(nc) == 1 && !reached.contains(&next) {
                reached.push(next);
            }
        }
        k += 1;
    }
    reached.len() == cells.len()
}

#[test]
fn jigsaws_generated_without_a_layout_each_get_connected_regions_of_their_own() {
    use crate::common::{dlx, stderr, stdout};
    for (args, variants, side) in [
        (
            &[
                "generate",
                "--variant",
                "jigsaw",
                "--count",
                "4",
                "--seed",
                "3",
            ][..],
            vec!["jigsaw"],
            9,
        ),
        (
            &[
                "generate",
                "--variant",
                "jigsaw,x",
                "--box",
                "2x3",
                "--count",
                "4",
                "--seed",
                "4",
            ],
            vec!["jigsaw", "x"],
            6,
        ),
    ] {
        let out = dlx(args, b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        let list = Variants::parse(&variants.join(",")).unwrap();
        let mut layouts = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 2, "givens and layout: {line}");
            let layout: Vec<char> = fields[1].chars().collect();
            assert_eq!(layout.len(), side * side);
            let mut symbols = layout.clone();
            symbols.sort_unstable();
            symbols.dedup();
            assert_eq!(symbols.len(), side, "{line}");
            for &symbol in &symbols {
                let cells = layout.iter().filter(|&&s| s == symbol).count();
                assert_eq!(cells, side, "{line}");
                assert!(region_is_connected(&layout, side, symbol), "{line}");
            }
            let puzzle =
                Record::parse_variant_line(line, k + 1, &list, None, Boxes::Usual).unwrap();
            let differ = must_differ(puzzle.grid().shape(), &variants, Some(fields[1]));
            let mut solver = SudokuSolver::with_rules(puzzle.rules(&list, None).unwrap());
            let Uniqueness::Unique(solution) = solver.uniqueness(puzzle.grid()).answer else {
                panic!("line {}: not unique under its own layout", k + 1);
            };
            assert_eq!(check(&solution, puzzle.grid(), &differ), Ok(()), "{line}");
            layouts.push(fields[1].to_string());
        }
        assert_eq!(layouts.len(), 4);
        layouts.sort();
        layouts.dedup();
        assert_eq!(layouts.len(), 4, "each puzzle has its own layout");
    }
}

/// `--variant ""` was taken as no variant at all: every command that takes the flag refuses an
/// empty list, saying what it expects.
#[test]
fn an_empty_variant_list_is_refused() {
    let file = crate::common::puzzles("x-9x9.txt");
    let file = file.to_str().unwrap();
    for args in [
        &["sudoku", "--variant", "", file][..],
        &["rate", "--variant", "", file],
        &["bench", "--variant", "", file],
        &["generate", "--variant", ""],
        &["sudoku", "--variant=", file],
    ] {
        let out = crate::common::dlx(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing answered");
        let message = crate::common::stderr(&out);
        assert!(message.contains("an empty list"), "{args:?}: {message}");
        assert!(message.contains("x, windoku"), "{args:?}: {message}");
    }
}

/// `args`, then `--variant LIST` unless the list is empty: classic puzzles take no `--variant`,
/// and an empty list is refused.
fn with_variants<'a>(args: &[&'a str], list: &'a str) -> Vec<&'a str> {
    let mut all = args.to_vec();
    if !list.is_empty() {
        all.extend(["--variant", list]);
    }
    all
}
