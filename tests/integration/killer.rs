//! Killer Sudoku: every answer checked by a checker written here from the rules (rows, columns,
//! boxes and cages of distinct digits, each cage adding up to its sum), counts confirmed by
//! going through every grid, and bad cage specifications refused with their place.

use crate::common::{dlx, puzzles, stderr, stdout};
use dlx_puzzles::sudoku::variant::{FieldErrorKind, KillerEncoding, Variants};
use dlx_puzzles::sudoku::{
    Boxes, Grid, ParseError, ParseErrorKind, Record, Shape, Solve, SudokuSolver,
};
use proptest::prelude::*;

/// A Killer record's cages read here, independently of the library: the cells of each cage
/// symbol in order of first appearance, and the sums.
fn cages_of(cage_field: &str, sums_field: &str) -> Vec<(Vec<usize>, u32)> {
    let mut symbols: Vec<char> = Vec::new();
    let mut cells: Vec<Vec<usize>> = Vec::new();
    for (cell, symbol) in cage_field.chars().enumerate() {
        if symbol == '.' {
            continue;
        }
        match symbols.iter().position(|&s| s == symbol) {
            Some(k) => cells[k].push(cell),
            None => {
                symbols.push(symbol);
                cells.push(vec![cell]);
            }
        }
    }
    let sums = sums_field.split(',').map(|s| s.parse().unwrap());
    cells.into_iter().zip(sums).collect()
}

/// Checks a Killer solution against its givens, its grid's rows, columns and boxes, and its
/// cages: digits distinct within a cage, adding up to the cage's sum.
fn check(solution: &Grid, givens: &Grid, cages: &[(Vec<usize>, u32)]) -> Result<(), String> {
    let shape = givens.shape();
    let side = shape.side();
    let mut units: Vec<Vec<usize>> = Vec::new();
    for k in 0..side {
        units.push((0..side).map(|c| k * side + c).collect());
        units.push((0..side).map(|r| r * side + k).collect());
    }
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    for b in 0..side {
        let (top, left) = ((b / rows) * rows, (b % rows) * cols);
        units.push(
            (0..side)
                .map(|k| (top + k / cols) * side + left + k % cols)
                .collect(),
        );
    }
    for cell in 0..side * side {
        let digit = solution.get(cell);
        if !(1..=side as u8).contains(&digit) {
            return Err(format!("cell {cell} holds {digit}"));
        }
        if givens.get(cell) != 0 && givens.get(cell) != digit {
            return Err(format!("cell {cell} changed its given"));
        }
    }
    let distinct = |cells: &[usize]| {
        let mut digits: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
        digits.sort_unstable();
        digits.dedup();
        digits.len() == cells.len()
    };
    if let Some(unit) = units.iter().find(|u| !distinct(u)) {
        return Err(format!("a repeated digit in {unit:?}"));
    }
    for (cells, sum) in cages {
        let total: u32 = cells.iter().map(|&c| u32::from(solution.get(c))).sum();
        if !distinct(cells) || total != *sum {
            return Err(format!("the cage {cells:?} of sum {sum} holds {total}"));
        }
    }
    Ok(())
}

/// Every 4x4 Sudoku grid, by trying every digit in every cell.
fn every_4x4_grid() -> Vec<Vec<u8>> {
    fn fill(cells: &mut Vec<u8>, cell: usize, all: &mut Vec<Vec<u8>>) {
        if cell == 16 {
            all.push(cells.clone());
            return;
        }
        let (r, c) = (cell / 4, cell % 4);
        for digit in 1..=4 {
            let clash = (0..16).filter(|&o| o < cell).any(|o| {
                let (ro, co) = (o / 4, o % 4);
                cells[o] == digit && (ro == r || co == c || (ro / 2 == r / 2 && co / 2 == c / 2))
            });
            if !clash {
                cells[cell] = digit;
                fill(cells, cell + 1, all);
            }
        }
        cells[cell] = 0;
    }
    let mut all = Vec::new();
    fill(&mut vec![0; 16], 0, &mut all);
    all
}

/// The record of a Killer on `grid`'s cells: `symbols` names each cell's cage (`.` none), the
/// sums are those of `grid`, and `givens` marks the cells whose digit is given.
fn record(grid: &[u8], symbols: &str, givens: &[bool]) -> String {
    let mut order: Vec<char> = Vec::new();
    let mut sums: Vec<u32> = Vec::new();
    for (cell, symbol) in symbols.chars().enumerate() {
        if symbol == '.' {
            continue;
        }
        match order.iter().position(|&s| s == symbol) {
            Some(k) => sums[k] += u32::from(grid[cell]),
            None => {
                order.push(symbol);
                sums.push(u32::from(grid[cell]));
            }
        }
    }
    let given: String = grid
        .iter()
        .zip(givens)
        .map(|(&d, &g)| if g { char::from(b'0' + d) } else { '.' })
        .collect();
    let sums: Vec<String> = sums.iter().map(u32::to_string).collect();
    format!("{given} {symbols} {}", sums.join(","))
}

fn killer() -> Variants {
    Variants::parse("killer").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random cages drawn on a random 4x4 grid (digits distinct within each), some cells given:
    /// the solver's count is the number of grids that meet the cages and keep the givens, and
    /// every solution it gives passes the checker.
    #[test]
    fn random_4x4_killers_count_as_going_through_every_grid_says(
        grid_pick in 0usize..288,
        choices in proptest::collection::vec(0usize..6, 16),
        given_cells in proptest::collection::vec(any::<bool>(), 16),
        given_rate in 0u8..3,
    ) {
        let grids = every_4x4_grid();
        prop_assert_eq!(grids.len(), 288);
        let grid = &grids[grid_pick];
        // Each cell joins a cage (A-E) holding neither its digit nor four cells already, or none.
        let mut symbols = String::new();
        for (cell, &choice) in choices.iter().enumerate() {
            let symbol = (b'A' + choice as u8) as char;
            let fits = choice < 5
                && symbols.chars().filter(|&s| s == symbol).count() < 4
                && symbols
                    .chars()
                    .enumerate()
                    .all(|(other, s)| s != symbol || grid[other] != grid[cell]);
            symbols.push(if fits { symbol } else { '.' });
        }
        let givens: Vec<bool> = given_cells.iter().map(|&g| g && given_rate == 0).collect();
        let line = record(grid, &symbols, &givens);
        let puzzle = Record::parse_variant_line(&line, 1, &killer(), None, Boxes::Usual).unwrap();
        let fields: Vec<&str> = line.split_whitespace().collect();
        let cages = cages_of(fields[1], fields[2]);
        let expected = grids
            .iter()
            .filter(|g| {
                let g = Grid::from_cells(puzzle.grid().shape(), g.to_vec()).unwrap();
                check(&g, puzzle.grid(), &cages).is_ok()
            })
            .count() as u64;
        prop_assert!(expected >= 1, "the grid the sums come from is a solution");
        for encoding in [KillerEncoding::DigitSets, KillerEncoding::Colours] {
            let rules = puzzle.rules(&killer(), None).unwrap();
            let mut solver = SudokuSolver::with_encoding(rules, encoding).unwrap();
            let mut found = 0u64;
            let outcome = solver.search(puzzle.grid(), u64::MAX, &mut |solution: &Grid| {
                assert_eq!(check(solution, puzzle.grid(), &cages), Ok(()), "{line}");
                found += 1;
            });
            prop_assert_eq!(found, expected, "{:?}: {}", encoding, line);
            prop_assert_eq!(outcome.stats.solutions, expected);
        }
    }
}

#[test]
fn a_9x9_killer_without_givens_is_solved_and_every_cage_checked() {
    // Our own 9x9 grid (row r is 123456789 turned left by 3(r mod 3) + r/3), cut into
    // horizontal dominoes and the last column's singles and pairs.
    let grid: Vec<u8> = (0..81)
        .map(|cell| {
            let (r, c) = (cell / 9, cell % 9);
            ((c + 3 * (r % 3) + r / 3) % 9) as u8 + 1
        })
        .collect();
    let symbols: String = (0..81)
        .map(|cell| {
            let (r, c) = (cell / 9, cell % 9);
            let cage = if c == 8 { 36 + r / 2 } else { r * 4 + c / 2 };
            let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            char::from(alphabet[cage])
        })
        .collect();
    let line = record(&grid, &symbols, &[false; 81]);
    let puzzle = Record::parse_variant_line(&line, 1, &killer(), None, Boxes::Usual).unwrap();
    let fields: Vec<&str> = line.split_whitespace().collect();
    let cages = cages_of(fields[1], fields[2]);
    let mut solver = SudokuSolver::with_rules(puzzle.rules(&killer(), None).unwrap());
    let found = solver
        .first_solution(puzzle.grid())
        .answer
        .expect("a solution");
    assert_eq!(check(&found, puzzle.grid(), &cages), Ok(()));
    // On the command line too.
    let out = dlx(
        &["sudoku", "--variant", "killer"],
        format!("{line}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solution: Grid = stdout(&out).trim().parse().unwrap();
    assert_eq!(check(&solution, puzzle.grid(), &cages), Ok(()));
}

#[test]
fn bad_cages_and_sums_are_refused_with_their_place() {
    let place =
        |line: &str| match Record::parse_variant_line(line, 4, &killer(), None, Boxes::Usual) {
            Err(ParseError {
                line,
                column,
                kind: ParseErrorKind::Field(kind),
            }) => (line, column, kind),
            other => panic!("{line}: expected a cage error, got {other:?}"),
        };
    let empty = ".".repeat(16);
    let (line, column, kind) = place(&format!("{empty} AAAAA..........."));
    assert_eq!((line, column), (4, 22));
    assert!(matches!(
        kind,
        FieldErrorKind::CageTooLarge { found: 'A', .. }
    ));
    let (_, column, kind) = place(&format!("{empty} AABB............ 3,8"));
    assert_eq!(column, 37);
    assert!(matches!(
        kind,
        FieldErrorKind::ImpossibleSum {
            cage: 'B',
            sum: 8,
            least: 3,
            most: 7,
            ..
        }
    ));
    let (_, column, kind) = place(&format!("{empty} AABB............"));
    assert_eq!(column, 34);
    assert!(matches!(kind, FieldErrorKind::MissingSums { expected: 2 }));
    let (_, column, kind) = place(&empty);
    assert_eq!(column, 17);
    assert!(matches!(kind, FieldErrorKind::MissingCages));
    let (_, column, kind) = place(&format!("{empty} AABB.... 3,3"));
    assert_eq!(column, 18);
    assert!(matches!(kind, FieldErrorKind::WrongLength { found: 8, .. }));
    // On the command line: exit 2, the file's line and column in the message.
    let input = format!("{empty} AABB............ 3,7\n{empty} AABB............ 3,x\n");
    let out = dlx(&["sudoku", "--variant", "killer"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("line 2, column 37"),
        "{}",
        stderr(&out)
    );
    let answers: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(answers.len(), 2, "one answer a line");
    assert!(answers[0].parse::<Grid>().is_ok(), "{}", answers[0]);
    assert!(answers[1].starts_with("error: line 2"), "{}", answers[1]);
    // Five 25x25 cages of twelve cells and sum 156: 5 x 110,780 sets of digits, past the
    // solver's limit of options.
    let cages: String = (0..625)
        .map(|cell| match cell {
            0..=11 => 'A',
            12..=23 => 'B',
            25..=36 => 'C',
            37..=48 => 'D',
            50..=61 => 'E',
            _ => '.',
        })
        .collect();
    let big = format!("{} {cages} 156,156,156,156,156\n", ".".repeat(625));
    let out = dlx(&["sudoku", "--variant", "killer"], big.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("553900 options"), "{}", stderr(&out));
    // Two cages of nine cells: two sets of digits, 2 x 9! fillings, which only the colour
    // encoding refuses.
    let two_rows = "A".repeat(9) + &"B".repeat(9) + &".".repeat(63);
    let line = format!("{} {two_rows} 45,45", ".".repeat(81));
    let puzzle = Record::parse_variant_line(&line, 1, &killer(), None, Boxes::Usual).unwrap();
    let rules = puzzle.rules(&killer(), None).unwrap();
    assert!(SudokuSolver::with_encoding(rules.clone(), KillerEncoding::Colours).is_err());
    let mut solver = SudokuSolver::with_encoding(rules, KillerEncoding::DigitSets).unwrap();
    assert!(solver.first_solution(puzzle.grid()).answer.is_some());
}

/// A 25-cell cage reported 7,034,535,277,573,963,776 fillings (25! wrapped around u64), a
/// cage field of dots alone said "found no sums, expected 0 cage sums", and a trailing comma
/// counted as one sum more ("found 9 sums, expected 8"). Each is said as it is.
#[test]
fn huge_cages_no_cages_and_a_trailing_comma_are_said_as_they_are() {
    // One cage: the 25 cells of the first row of a 25x25 grid, sum 1 + ... + 25.
    let row: String = "A".repeat(25) + &".".repeat(600);
    let line = format!("{} {row} 325\n", ".".repeat(625));
    let out = dlx(
        &[
            "sudoku",
            "--variant",
            "killer",
            "--killer-encoding",
            "colours",
        ],
        line.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(
        message.contains("18446744073709551615 or more options"),
        "{message}"
    );
    assert!(!message.contains("7034535277573963776"), "{message}");
    // The digit-set encoding takes it (one set), and the answer keeps the cage.
    let out = dlx(&["sudoku", "--variant", "killer"], line.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solution: Grid = stdout(&out).trim_end().parse().unwrap();
    let givens: Grid = ".".repeat(625).parse().unwrap();
    let cages = cages_of(&row, "325");
    check(&solution, &givens, &cages).unwrap();
    // A cage field of dots alone: no cage, said at its first column.
    let empty = ".".repeat(81);
    for line in [format!("{empty} {empty}"), format!("{empty} {empty} 5")] {
        let out = dlx(&["sudoku", "--variant", "killer"], line.as_bytes());
        assert_eq!(out.status.code(), Some(2));
        let message = stderr(&out);
        assert!(
            message.contains("line 1, column 83: found no cage"),
            "{message}"
        );
        assert!(!message.contains("0 cage sums"), "{message}");
    }
    // A shipped Killer with a comma after its last sum: an error at that comma.
    let shipped = std::fs::read_to_string(puzzles("killer-9x9.txt")).unwrap();
    let record = shipped
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .unwrap();
    let fields: Vec<&str> = record.split_whitespace().collect();
    let line = format!("{} {} {},", fields[0], fields[1], fields[2]);
    let comma = line.chars().count();
    let out = dlx(&["sudoku", "--variant", "killer"], line.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.contains(&format!(
            "line 1, column {comma}: found a comma with no sum"
        )),
        "{message}"
    );
    assert!(!message.contains("sums, expected"), "{message}");
    // Without the comma the record is solved, every cage checked.
    let line = format!("{} {} {}", fields[0], fields[1], fields[2]);
    let out = dlx(&["sudoku", "--variant", "killer"], line.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solution: Grid = stdout(&out).trim_end().parse().unwrap();
    let givens: Grid = fields[0].parse().unwrap();
    check(&solution, &givens, &cages_of(fields[1], fields[2])).unwrap();
}

#[test]
fn the_command_line_counts_a_4x4_killer_as_going_through_every_grid() {
    let grids = every_4x4_grid();
    let symbols = "AABBCDDBCEFFGEHH";
    let line = record(&grids[100], symbols, &[false; 16]);
    let fields: Vec<&str> = line.split_whitespace().collect();
    let cages = cages_of(fields[1], fields[2]);
    let shape = Shape::new(2, 2).unwrap();
    let expected = grids
        .iter()
        .filter(|g| {
            let g = Grid::from_cells(shape, g.to_vec()).unwrap();
            check(&g, &Grid::empty(shape), &cages).is_ok()
        })
        .count();
    for encoding in ["sets", "colours"] {
        let out = dlx(
            &[
                "sudoku",
                "--variant",
                "killer",
                "--count",
                "--killer-encoding",
                encoding,
            ],
            format!("{line}\n").as_bytes(),
        );
        assert_eq!(
            stdout(&out),
            format!("{expected}\n"),
            "{encoding}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn the_shipped_killers_are_unique_by_their_cages_and_their_solutions_pass_the_checker() {
    for (file, side) in [
        ("killer-6x6.txt", 6),
        ("killer-9x9.txt", 9),
        ("killer-9x9-cages5.txt", 9),
    ] {
        let text = std::fs::read_to_string(puzzles(file)).unwrap();
        assert!(text.lines().count() >= 100, "{file}");
        for (k, line) in text.lines().enumerate().step_by(7) {
            let puzzle =
                Record::parse_variant_line(line, k + 1, &killer(), None, Boxes::Usual).unwrap();
            assert_eq!(puzzle.grid().shape().side(), side, "{file}");
            assert_eq!(puzzle.grid().filled_count(), 0, "{file}: no givens");
            let fields: Vec<&str> = line.split_whitespace().collect();
            let cages = cages_of(fields[1], fields[2]);
            let rules = puzzle.rules(&killer(), None).unwrap();
            let mut solver = SudokuSolver::with_encoding(rules, KillerEncoding::DigitSets).unwrap();
            let mut solutions = Vec::new();
            solver.search(puzzle.grid(), 2, &mut |s: &Grid| solutions.push(s.clone()));
            assert_eq!(solutions.len(), 1, "{file} line {}: unique", k + 1);
            assert_eq!(
                check(&solutions[0], puzzle.grid(), &cages),
                Ok(()),
                "{file}"
            );
        }
    }
}

#[test]
fn the_drawing_shows_the_solution_and_each_cage_sum_once() {
    let text = std::fs::read_to_string(puzzles("killer-6x6.txt")).unwrap();
    let line = text.lines().next().unwrap();
    let out = dlx(
        &["sudoku", "--variant", "killer", "--draw"],
        format!("{line}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let drawing = stdout(&out);
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines.len(), 1 + 6 * 3, "{drawing}");
    // Digit lines are the third of each row's three; sum lines the second.
    let digits: Vec<u8> = lines
        .iter()
        .skip(2)
        .step_by(3)
        .flat_map(|l| l.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0'))
        .collect();
    let shape = Shape::new(2, 3).unwrap();
    let solution = Grid::from_cells(shape, digits).unwrap();
    let fields: Vec<&str> = line.split_whitespace().collect();
    let cages = cages_of(fields[1], fields[2]);
    assert_eq!(check(&solution, &Grid::empty(shape), &cages), Ok(()));
    let mut drawn_sums: Vec<u32> = lines
        .iter()
        .skip(1)
        .step_by(3)
        .flat_map(|l| l.split(|c: char| !c.is_ascii_digit()))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let mut sums: Vec<u32> = cages.iter().map(|(_, sum)| *sum).collect();
    drawn_sums.sort_unstable();
    sums.sort_unstable();
    assert_eq!(drawn_sums, sums);
}

#[test]
fn variant_generation_and_encoding_refusals_are_usage_errors() {
    for (args, says) in [
        (
            &["generate", "--variant", "killer,x"][..],
            "combines with no other variant",
        ),
        (
            &["generate", "--variant", "jigsaw,windoku", "--box", "2x3"],
            "windoku",
        ),
        (
            &["generate", "--variant", "x", "--symmetry", "rot180"],
            "--symmetry",
        ),
        (
            &["generate", "--variant", "windoku", "--box", "2x3"],
            "windoku",
        ),
    ] {
        let out = dlx(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
    // Two cages of nine cells: two sets of digits, but 2 x 9! fillings, which the colour
    // encoding refuses for that line alone.
    let two_rows = "A".repeat(9) + &"B".repeat(9) + &".".repeat(63);
    let line = format!("{} {two_rows} 45,45\n", ".".repeat(81));
    let args = [
        "sudoku",
        "--variant",
        "killer",
        "--killer-encoding",
        "colours",
    ];
    let out = dlx(&args, line.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("line 1: the cages give 725760 options"),
        "{}",
        stderr(&out)
    );
    let out = dlx(&["sudoku", "--variant", "killer"], line.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
