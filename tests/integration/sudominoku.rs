//! Sudominoku end to end: a file in the task's format byte for byte (and the task's own sample
//! when the public data is there), generated puzzles solved and
//! validated (with a tiling check independent of the solver), and every kind of bad input.

use crate::common::{data, dlx, json_lines, shared_or_skip, stderr, stdout};
use dlx_engine::Engine;
use dlx_engine::{OptionId, ProblemBuilder, SearchLimits};
use dlx_puzzles::sudoku::{Grid, Shape};
use dlx_puzzles::sudominoku::{End, PlacedDomino, Puzzle, PuzzleFile, Solution};
use std::ops::ControlFlow;

/// A file in the task's format that the project wrote (two puzzles, each with one grid and
/// one tiling), and its expected output.
fn sample() -> (Vec<u8>, Vec<u8>) {
    let read = |name: &str| std::fs::read(data(&format!("cases/sudominoku/{name}"))).unwrap();
    (read("case1.in"), read("case1.out"))
}

fn puzzles_of(input: &[u8]) -> Vec<Puzzle> {
    let text = String::from_utf8(input.to_vec()).unwrap();
    let file = PuzzleFile::parse(&text);
    assert!(matches!(file.end, End::Zero { .. }));
    file.entries
        .into_iter()
        .map(|entry| entry.puzzle.unwrap())
        .collect()
}

fn sample_puzzles() -> Vec<Puzzle> {
    puzzles_of(&sample().0)
}

/// Solves every puzzle of a file, validating each solution (with a tiling check independent of
/// the solver) and checking that its digit grid is unique.
fn check_every_solution(puzzles: &[Puzzle]) {
    for puzzle in puzzles {
        let solution = puzzle.solve().expect("the puzzles are solvable");
        solution.check_against(puzzle).unwrap();
        assert!(tiling_exists(&solution.grid, puzzle));
        let grids = puzzle.count_grids(None);
        assert_eq!((grids.solutions, grids.complete), (1, true));
    }
}

#[test]
fn the_sample_is_answered_byte_for_byte() {
    let (input, expected) = sample();
    let output = dlx(&["sudominoku"], &input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), String::from_utf8(expected).unwrap());
    assert_eq!(stderr(&output), "");
}

#[test]
fn every_engine_answers_the_sample_byte_for_byte_and_json_names_it() {
    let (input, expected) = sample();
    let expected = String::from_utf8(expected).unwrap();
    for engine in ["auto", "links", "cells", "bits", "board"] {
        let output = dlx(&["sudominoku", "--engine", engine], &input);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{engine}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), expected, "{engine}");
        let counts = dlx(&["sudominoku", "--engine", engine, "--tilings"], &input);
        let tilings = "Puzzle 1: 1 tiling\nPuzzle 2: 1 tiling\n";
        assert_eq!(stdout(&counts), tilings, "{engine}: {}", stderr(&counts));
        let json = dlx(&["sudominoku", "--engine", engine, "--jsonl"], &input);
        let named = if engine == "auto" { "links" } else { engine };
        for object in json_lines(&json) {
            assert_eq!(object["engine"], named, "{object}");
        }
    }
    // A domino covers two cells: the planes refuse the puzzles, and say why.
    let refused = dlx(&["sudominoku", "--engine", "planes"], &input);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("planes"), "{}", stderr(&refused));
}

#[test]
fn the_sample_solutions_are_valid_and_each_grid_has_one_tiling() {
    let puzzles = sample_puzzles();
    check_every_solution(&puzzles);
    for puzzle in &puzzles {
        let tilings = puzzle.count_tilings(None);
        assert_eq!((tilings.solutions, tilings.complete), (1, true));
        assert!(puzzle.count_tilings(Some(1)).complete);
    }
    let output = dlx(&["sudominoku", "--count", "--tilings"], &sample().0);
    assert_eq!(
        stdout(&output),
        "Puzzle 1: 1 grid, 1 tiling\nPuzzle 2: 1 grid, 1 tiling\n"
    );
}

#[test]
fn the_tasks_own_sample_byte_for_byte_and_two_tilings_of_one_grid() {
    // The official sample (Baekjoon 4574), read from the public data beside the project.
    let Some(dir) = shared_or_skip("cases/boj4574", "the task's own sample") else {
        return;
    };
    let input = std::fs::read(dir.join("sample1.in")).unwrap();
    let expected = std::fs::read_to_string(dir.join("sample1.out")).unwrap();
    let output = dlx(&["sudominoku"], &input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), expected);
    let puzzles = puzzles_of(&input);
    check_every_solution(&puzzles);
    // Its second puzzle has two tilings that give the same grid.
    assert_eq!(puzzles[0].count_tilings(None).solutions, 1);
    assert_eq!(puzzles[1].count_tilings(None).solutions, 2);
    assert!(!puzzles[1].count_tilings(Some(1)).complete);
    assert!(puzzles[1].count_tilings(Some(2)).complete);
    let output = dlx(&["sudominoku", "--count", "--tilings"], &input);
    assert_eq!(
        stdout(&output),
        "Puzzle 1: 1 grid, 1 tiling\nPuzzle 2: 1 grid, 2 tilings\n"
    );
    let output = dlx(&["sudominoku", "--tilings", "--limit", "1"], &input);
    assert_eq!(
        stdout(&output),
        "Puzzle 1: 1 tiling\nPuzzle 2: 2+ tilings\n"
    );
}

#[test]
fn the_drawing_shows_the_grid_and_joins_36_dominoes() {
    let (input, expected) = sample();
    let output = dlx(&["sudominoku", "--draw"], &input);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let expected = String::from_utf8(expected).unwrap();
    let expected: Vec<&str> = expected.lines().collect();
    let drawn: Vec<&str> = text.lines().collect();
    assert_eq!(drawn.len(), 2 * 18);
    for (puzzle, block) in drawn.chunks(18).enumerate() {
        assert_eq!(block[0], format!("Puzzle {}", puzzle + 1));
        let rows: Vec<String> = block[1..]
            .iter()
            .step_by(2)
            .map(|l| l.replace([' ', '-'], ""))
            .collect();
        assert_eq!(rows, expected[10 * puzzle + 1..10 * puzzle + 10]);
        let joints: usize = block[1..]
            .iter()
            .map(|l| l.matches(['-', '|']).count())
            .sum();
        assert_eq!(joints, 36);
    }
}

/// Whether the grid can be tiled by the 36 dominoes once each, around the puzzle's singles and
/// placed dominoes: a plain backtracking search, independent of the solver and its encoding.
fn tiling_exists(grid: &Grid, puzzle: &Puzzle) -> bool {
    let mut covered = [false; 81];
    let mut used = [[false; 10]; 10];
    for &cell in puzzle.singles() {
        covered[cell] = true;
    }
    for placed in puzzle.placed() {
        let [a, b] = placed.digits;
        used[a.min(b) as usize][a.max(b) as usize] = true;
        covered[placed.cells[0]] = true;
        covered[placed.cells[1]] = true;
    }
    fn extend(grid: &Grid, covered: &mut [bool; 81], used: &mut [[bool; 10]; 10]) -> bool {
        let Some(p) = covered.iter().position(|&c| !c) else {
            return true;
        };
        let right = (p % 9 < 8).then_some(p + 1);
        let below = (p < 72).then_some(p + 9);
        for q in [right, below].into_iter().flatten() {
            let (a, b) = (grid.get(p), grid.get(q));
            let (low, high) = (a.min(b) as usize, a.max(b) as usize);
            if covered[q] || a == b || used[low][high] {
                continue;
            }
            covered[p] = true;
            covered[q] = true;
            used[low][high] = true;
            if extend(grid, covered, used) {
                return true;
            }
            covered[p] = false;
            covered[q] = false;
            used[low][high] = false;
        }
        false
    }
    extend(grid, &mut covered, &mut used)
}

/// A small deterministic generator (xorshift64*), so failures can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random valid Sudoku grid: a base pattern under random digit, row and column permutations
/// that keep the rules (rows within bands, bands, columns within stacks, stacks, transposition).
fn random_grid(rng: &mut Rng) -> Grid {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut line_order = || {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut order = Vec::new();
        for band in bands {
            let mut rows = [0, 1, 2];
            rng.shuffle(&mut rows);
            order.extend(rows.iter().map(|r| 3 * band + r));
        }
        order
    };
    let (rows, cols) = (line_order(), line_order());
    let transpose = rng.below(2) == 1;
    let cells = (0..81)
        .map(|cell| {
            let (mut r, mut c) = (rows[cell / 9], cols[cell % 9]);
            if transpose {
                std::mem::swap(&mut r, &mut c);
            }
            digits[(3 * (r % 3) + r / 3 + c) % 9]
        })
        .collect();
    Grid::puzzle(Shape::CLASSIC, cells).expect("the pattern is a valid grid")
}

/// Tiles a grid with the 36 distinct dominoes and 9 singles (one per digit), as an exact-cover
/// problem on the engine with its options in random order; `None` if the node budget runs out.
fn random_tiling(grid: &Grid, rng: &mut Rng) -> Option<(Vec<PlacedDomino>, [usize; 9])> {
    enum Piece {
        Domino(PlacedDomino),
        Single(usize),
    }
    let mut pieces = Vec::new();
    for p in 0..81 {
        pieces.push(Piece::Single(p));
        for q in [(p % 9 < 8).then_some(p + 1), (p < 72).then_some(p + 9)]
            .into_iter()
            .flatten()
        {
            if grid.get(p) != grid.get(q) {
                let digits = [grid.get(p), grid.get(q)];
                pieces.push(Piece::Domino(PlacedDomino {
                    cells: [p, q],
                    digits,
                }));
            }
        }
    }
    rng.shuffle(&mut pieces);
    let mut builder = ProblemBuilder::new();
    let cells: Vec<_> = (0..81)
        .map(|c| builder.primary(&format!("x{c}")).unwrap())
        .collect();
    let singles: Vec<_> = (1..=9)
        .map(|d| builder.primary(&format!("s{d}")).unwrap())
        .collect();
    let mut dominoes = [[None; 10]; 10];
    for (a, row) in dominoes.iter_mut().enumerate().skip(1) {
        for (b, slot) in row.iter_mut().enumerate().skip(a + 1) {
            *slot = Some(builder.primary(&format!("d{a}{b}")).unwrap());
        }
    }
    for piece in &pieces {
        let items = match piece {
            Piece::Single(p) => vec![cells[*p], singles[grid.get(*p) as usize - 1]],
            Piece::Domino(d) => {
                let (a, b) = (d.digits[0].min(d.digits[1]), d.digits[0].max(d.digits[1]));
                let domino = dominoes[a as usize][b as usize].unwrap();
                vec![cells[d.cells[0]], cells[d.cells[1]], domino]
            }
        };
        builder.option(&items).unwrap();
    }
    let problem = builder.build();
    let mut arena = dlx_engine::Dlx::new(&problem);
    let mut cover = None;
    let limits = SearchLimits {
        max_solutions: Some(1),
        max_nodes: Some(200_000),
    };
    arena.search(limits, &mut |options: &[OptionId]| {
        cover = Some(options.to_vec());
        ControlFlow::Break(())
    });
    let mut tiling = Vec::new();
    let mut single_cells = [usize::MAX; 9];
    for option in cover? {
        match &pieces[option.index()] {
            Piece::Domino(d) => tiling.push(*d),
            Piece::Single(p) => single_cells[grid.get(*p) as usize - 1] = *p,
        }
    }
    Some((tiling, single_cells))
}

#[test]
fn generated_puzzles_are_solved_into_valid_tiled_grids() {
    let mut rng = Rng(0x5eed_d0e1_1234_5678);
    let mut solved = 0;
    let mut attempts = 0;
    while solved < 40 {
        attempts += 1;
        assert!(
            attempts < 400,
            "too few grids could be tiled: {solved} of {attempts}"
        );
        let grid = random_grid(&mut rng);
        let Some((mut tiling, singles)) = random_tiling(&grid, &mut rng) else {
            continue;
        };
        assert_eq!(tiling.len(), 36);
        rng.shuffle(&mut tiling);
        // From no domino revealed to half of them.
        let revealed = rng.below(19);
        let placed: Vec<PlacedDomino> = tiling[..revealed].to_vec();
        let puzzle = Puzzle::new(placed, singles).expect("a tiled grid's dominoes make a puzzle");
        let Solution {
            grid: found,
            tiling: found_tiling,
        } = puzzle.solve().expect("the generating grid is a solution");
        found.check_solution_of(puzzle.givens()).unwrap();
        assert!(
            tiling_exists(&found, &puzzle),
            "no tiling of {:?}",
            found.cells()
        );
        Solution {
            grid: found,
            tiling: found_tiling,
        }
        .check_against(&puzzle)
        .unwrap();
        solved += 1;
    }
}

/// The sample's two puzzles with a third puzzle between them (so it is puzzle 2, on lines 13 to
/// 16), ended by `0` when asked.
fn with_middle_puzzle(middle: &str, final_zero: bool) -> String {
    let input = String::from_utf8(sample().0).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let (first, second) = (lines[..12].join("\n"), lines[12..25].join("\n"));
    let end = if final_zero { "0\n" } else { "" };
    format!("{first}\n{middle}{second}\n{end}")
}

/// The sample's expected output with its second puzzle renumbered 3.
fn first_and_third_answers() -> String {
    String::from_utf8(sample().1)
        .unwrap()
        .replace("Puzzle 2", "Puzzle 3")
}

/// A well-formed middle puzzle: two dominoes (lines 14, 15) and the singles (line 16).
const MIDDLE: &str = "2\n3 A2 4 A3\n5 C4 6 C5\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n";

#[test]
fn each_bad_puzzle_is_reported_with_its_place_and_the_others_are_solved() {
    let cases: &[(&str, &str, &str)] = &[
        ("3 A2 4 A3", "0 A2 4 A3", "line 14, column 1: expected a digit 1-9, found `0`"),
        ("3 A2 4 A3", "3 A2 x A3", "line 14, column 6: expected a digit 1-9, found `x`"),
        ("3 A2 4 A3", "3 A2 3 A3", "line 14, column 1: domino 3-3 joins a digit to itself: a domino's two digits differ"),
        ("5 C4 6 C5", "4 C4 3 C5", "line 15, column 1: domino 3-4 is placed twice (see also line 14)"),
        ("5 C4 6 C5", "5 C4 6 D5", "line 15, column 8: cells C4 and D5 are not adjacent: a domino covers two cells side by side"),
        ("5 C4 6 C5", "5 C4 6 J4", "line 15, column 8: expected a cell A1-I9 (a row letter A-I and a column digit 1-9), found `J4`"),
        ("5 C4 6 C5", "5 A0 6 C5", "line 15, column 3: expected a cell A1-I9 (a row letter A-I and a column digit 1-9), found `A0`"),
        ("5 C4 6 C5", "5 A3 6 B3", "line 15, column 3: cell A3 is used twice (see also line 14)"),
        // Read by tokens, a short domino takes the singles' first cell, so the next puzzle's
        // count is where the ninth single should be; reading resumes at that count.
        ("5 C4 6 C5", "5 C4 6", "line 17, column 1: expected a cell A1-I9 (a row letter A-I and a column digit 1-9), found `11`"),
        ("A1 B4", "A2 B4", "line 16, column 1: cell A2 is used twice (see also line 14)"),
        ("A1 B4 C7 D2 E5 F8 G3 H6 I9", "A1 B4 C7 D2 E5 F8 G3 H6", "line 17, column 1: expected a cell A1-I9 (a row letter A-I and a column digit 1-9), found `11`"),
        // Well-formed givens that break a rule: `no solution` (exit 1).
        ("5 C4 6 C5", "5 C4 3 C5", "line 16, column 7: no solution: the givens break a Sudoku rule: digit 3 appears twice in row 3, at C5 and C7 (see also line 15)"),
    ];
    for &(from, to, message) in cases {
        let middle = MIDDLE.replacen(from, to, 1);
        assert_ne!(middle, MIDDLE, "the case {to} changes the puzzle");
        let output = dlx(
            &["sudominoku"],
            with_middle_puzzle(&middle, true).as_bytes(),
        );
        assert_eq!(
            stderr(&output),
            format!("dlx: <stdin>: puzzle 2, {message}\n"),
            "case {to}"
        );
        let code = if message.contains("no solution") {
            1
        } else {
            2
        };
        assert_eq!(output.status.code(), Some(code), "case {to}");
        assert_eq!(stdout(&output), first_and_third_answers(), "case {to}");
    }
}

#[test]
fn a_puzzle_without_solution_is_reported_and_the_others_are_solved() {
    // The sample's first puzzle with one placed domino turned round: consistent, unsolvable.
    let input = String::from_utf8(sample().0).unwrap();
    let unsolvable: Vec<&str> = input.lines().take(12).collect();
    let middle = unsolvable.join("\n").replace("3 E3 8 F3", "8 E3 3 F3") + "\n";
    let output = dlx(
        &["sudominoku"],
        with_middle_puzzle(&middle, true).as_bytes(),
    );
    assert_eq!(
        stderr(&output),
        "dlx: <stdin>: puzzle 2, line 13: no solution\n"
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), first_and_third_answers());
}

#[test]
fn a_missing_final_zero_is_accepted_but_reported_under_strict() {
    let (input, expected) = sample();
    let text = String::from_utf8(input).unwrap();
    let unended = text
        .trim_end()
        .strip_suffix('0')
        .expect("the sample ends with 0");
    let lenient = dlx(&["sudominoku"], unended.as_bytes());
    assert_eq!(lenient.status.code(), Some(0), "{}", stderr(&lenient));
    assert_eq!(stderr(&lenient), "");
    assert_eq!(lenient.stdout, expected);
    let strict = dlx(&["sudominoku", "--strict", "-"], unended.as_bytes());
    assert_eq!(strict.status.code(), Some(2));
    assert_eq!(strict.stdout, expected);
    assert_eq!(
        stderr(&strict),
        "dlx: <stdin>: the input ends without the final `0` (--strict)\n"
    );
    // A lone `0` is a collection of no puzzle; an empty input is not one.
    let none = dlx(&["sudominoku", "--strict"], b"0 \n");
    assert_eq!((none.status.code(), none.stdout.len()), (Some(0), 0));
    let empty = dlx(&["sudominoku"], b"\n");
    assert_eq!(empty.status.code(), Some(2));
    assert!(stderr(&empty).contains("found no puzzle"));
}

/// `sudominoku --strict` ignored whatever came after the final `0` without a word: under
/// --strict it is an error naming its line; without, it is not read, as before.
#[test]
fn content_after_the_final_zero_is_an_error_under_strict() {
    let (input, expected) = sample();
    let mut text = String::from_utf8(input).unwrap();
    let zero_line = text.lines().count();
    text.push_str("# a comment\n\n3\n");
    let lenient = dlx(&["sudominoku"], text.as_bytes());
    assert_eq!(lenient.status.code(), Some(0), "{}", stderr(&lenient));
    assert_eq!(lenient.stdout, expected);
    let strict = dlx(&["sudominoku", "--strict"], text.as_bytes());
    assert_eq!(strict.status.code(), Some(2), "{}", stderr(&strict));
    assert_eq!(strict.stdout, expected);
    let message = stderr(&strict);
    assert!(
        message.contains(&format!("line {}, column 1", zero_line + 3))
            && message.contains("after the final `0`"),
        "{message}"
    );
    // Comments and blank lines after it are no content.
    let (input, _) = sample();
    let mut text = String::from_utf8(input).unwrap();
    text.push_str("# a comment\n\n");
    let strict = dlx(&["sudominoku", "--strict"], text.as_bytes());
    assert_eq!(strict.status.code(), Some(0), "{}", stderr(&strict));
}

#[test]
fn an_unreadable_count_is_a_bad_puzzle_and_reading_resumes_at_the_next_count() {
    let text = with_middle_puzzle("x\n", true);
    let output = dlx(&["sudominoku"], text.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "dlx: <stdin>: puzzle 2, line 13, column 1: expected the number of placed dominoes \
         (0 to 36), found `x`\n"
    );
    assert_eq!(stdout(&output), first_and_third_answers());

    // An extra single is read where the next count should be: it is a bad puzzle of its own,
    // and the puzzle it ends (the sample's first again, quick to solve) is answered.
    let input = String::from_utf8(sample().0).unwrap();
    let first: Vec<&str> = input.lines().take(12).collect();
    let middle = first.join("\n") + " I8\n";
    let output = dlx(
        &["sudominoku"],
        with_middle_puzzle(&middle, true).as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "dlx: <stdin>: puzzle 3, line 24, column 28: expected the number of placed dominoes \
         (0 to 36), found `I8`\n"
    );
    let answers = String::from_utf8(sample().1).unwrap();
    let (first_answer, second_answer) = answers.split_once("Puzzle 2\n").unwrap();
    let first_grid = first_answer.strip_prefix("Puzzle 1\n").unwrap();
    assert_eq!(
        stdout(&output),
        format!("{first_answer}Puzzle 2\n{first_grid}Puzzle 4\n{second_answer}")
    );

    let output = dlx(&["sudominoku"], b"2\n3 A2 4 A3\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "dlx: <stdin>: puzzle 1, line 2, column 10: the input ends where a placed domino should be\n"
    );
}

/// The sample's two puzzles repeated `times`, with every fifth copy of the first made
/// unsolvable and every seventh copy of the second malformed; the expected answer of each
/// puzzle in order: `Ok(index in the sample)` or the status word.
fn repeated_sample(times: usize) -> (String, Vec<Result<usize, &'static str>>) {
    let input = String::from_utf8(sample().0).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let (first, second) = (lines[..12].join("\n"), lines[12..25].join("\n"));
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut push = |puzzle: String, want| {
        text.push_str(&puzzle);
        text.push('\n');
        expected.push(want);
    };
    for k in 0..times {
        match k % 5 {
            2 => push(first.replace("3 E3 8 F3", "8 E3 3 F3"), Err("no solution")),
            _ => push(first.clone(), Ok(0)),
        }
        match k % 7 {
            3 => push(second.replace("8 E8 5 E9", "8 E8 5 E6"), Err("malformed")),
            _ => push(second.clone(), Ok(1)),
        }
    }
    text.push_str("0\n");
    (text, expected)
}

#[test]
fn many_puzzles_give_the_same_output_in_order_with_one_thread_or_several() {
    let (input, expected) = repeated_sample(60);
    let sample_out = String::from_utf8(sample().1).unwrap();
    let sample_blocks: Vec<&str> = sample_out.split_inclusive('\n').collect();
    let one = dlx(&["sudominoku", "--threads", "1"], input.as_bytes());
    let four = dlx(&["sudominoku", "--threads", "4"], input.as_bytes());
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(stderr(&one), stderr(&four));
    assert_eq!(
        four.status.code(),
        Some(2),
        "a malformed puzzle is bad input"
    );
    let mut want = String::new();
    for (k, answer) in expected.iter().enumerate() {
        if let Ok(index) = answer {
            want.push_str(&format!("Puzzle {}\n", k + 1));
            want.extend(
                sample_blocks[10 * index + 1..10 * index + 10]
                    .iter()
                    .copied(),
            );
        }
    }
    assert_eq!(stdout(&four), want);
    let errors = stderr(&four);
    let reports: Vec<&str> = errors.lines().collect();
    let failures: Vec<(usize, &str)> = expected
        .iter()
        .enumerate()
        .filter_map(|(k, e)| e.err().map(|w| (k + 1, w)))
        .collect();
    assert_eq!(reports.len(), failures.len());
    for (report, (number, word)) in reports.iter().zip(&failures) {
        assert!(
            report.starts_with(&format!("dlx: <stdin>: puzzle {number}, line ")),
            "{report}"
        );
        if *word == "no solution" {
            assert!(report.ends_with(": no solution"), "{report}");
        } else {
            assert!(
                report.contains("cells E8 and E6 are not adjacent"),
                "{report}"
            );
        }
    }
}

#[test]
fn jsonl_gives_one_object_per_puzzle_with_a_valid_solution() {
    let (input, expected) = repeated_sample(12);
    let puzzles = sample_puzzles();
    let output = dlx(
        &["sudominoku", "--jsonl", "--threads", "2"],
        input.as_bytes(),
    );
    let objects = json_lines(&output);
    assert_eq!(objects.len(), expected.len());
    let mut previous_line = 0;
    for (object, want) in objects.iter().zip(&expected) {
        let line = object["line"].as_u64().unwrap();
        assert!(line > previous_line, "in input order");
        previous_line = line;
        match want {
            Ok(index) => {
                assert_eq!(object["status"], "solved");
                assert!(object["nodes"].as_u64().unwrap() > 0);
                let digits: Vec<u8> = object["solution"]
                    .as_str()
                    .unwrap()
                    .bytes()
                    .map(|b| b - b'0')
                    .collect();
                let grid = Grid::from_cells(Shape::CLASSIC, digits).unwrap();
                grid.check_solution_of(puzzles[*index].givens()).unwrap();
                assert!(tiling_exists(&grid, &puzzles[*index]));
            }
            Err("no solution") => {
                assert_eq!(object["status"], "no solution");
                assert!(object["solution"].is_null());
            }
            Err(_) => {
                assert_eq!(object["status"], "malformed");
                assert!(object["error"].as_str().unwrap().contains("not adjacent"));
            }
        }
    }
    let counted = dlx(&["sudominoku", "--jsonl", "--tilings"], &sample().0);
    let counts: Vec<u64> = stdout(&counted)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["solutions"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(counts, [1, 1]);
}

#[test]
fn a_node_budget_leaves_a_near_empty_puzzle_undecided_with_exit_code_3() {
    // One domino and the singles: a huge search space, which the budget must cut short.
    let near_empty = "1\n3 A2 4 A3\nA1 B4 C7 D2 E5 F8 G3 H6 I9\n0\n";
    let output = dlx(&["sudominoku", "--max-nodes", "10"], near_empty.as_bytes());
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "dlx: <stdin>: puzzle 1, line 1: undecided, the node budget (--max-nodes) ran out\n"
    );
    let json = dlx(
        &["sudominoku", "--max-nodes", "10", "--jsonl"],
        near_empty.as_bytes(),
    );
    let object: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    assert_eq!(object["status"], "undecided");
    assert!(object["nodes"].as_u64().unwrap() <= 10);
    let counting = dlx(
        &["sudominoku", "--tilings", "--max-nodes", "10"],
        near_empty.as_bytes(),
    );
    assert_eq!(counting.status.code(), Some(3));
    // A budget large enough for the sample changes nothing.
    let (input, expected) = sample();
    let output = dlx(&["sudominoku", "--max-nodes", "100000"], &input);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, expected);
}

#[test]
fn records_split_across_lines_or_run_together_are_solved() {
    let (input, expected) = sample();
    let text = String::from_utf8(input).unwrap();
    let tokens: Vec<&str> = text.split_whitespace().collect();
    // Three tokens a line, with trailing spaces: no record keeps its own line.
    let split: String = tokens
        .chunks(3)
        .map(|chunk| format!("{} \n", chunk.join("  ")))
        .collect();
    let output = dlx(&["sudominoku"], split.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(output.stdout, expected);
    // Everything on one line.
    let output = dlx(&["sudominoku"], tokens.join(" ").as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(output.stdout, expected);
}
