//! The bands' own tests: their tables against a brute-force look at every placement, the
//! matrix they take (in any order of items, options and cells) and refuse, and their answers
//! against dancing links on narrowed 9x9 problems, on one thread and split.

use super::tables::{live_minirows, PLACEABLE, PLACEABLE_MINIROWS};
use super::{word, Bands, State};
use crate::conformance::{latin_square, sudoku, Random};
use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::links::Dlx;
use crate::outcome::{Count, SearchStats};
use crate::problem::{ItemId, OptionId, Problem, ProblemBuilder};
use crate::request::SearchRequest;
use crate::subtrees::Shard;

#[test]
fn the_band_rule_keeps_exactly_the_cells_of_some_placement() {
    // A digit in a band: one cell in each row, the three in three boxes. Brute force over
    // every choice of a cell a row, on random words and on sparse ones.
    let mut random = Random(7);
    for case in 0..20_000 {
        let density = 1 + case % 5;
        let mut word = 0u32;
        for cell in 0..27 {
            if random.below(6) < density {
                word |= 1 << cell;
            }
        }
        let mut expected = 0u32;
        for a in 0..9 {
            for b in 0..9 {
                for c in 0..9 {
                    let boxes = [a / 3, b / 3, c / 3];
                    let cells = 1 << a | 1 << (9 + b) | 1 << (18 + c);
                    let distinct =
                        boxes[0] != boxes[1] && boxes[0] != boxes[2] && boxes[1] != boxes[2];
                    if distinct && word & cells == cells {
                        expected |= cells;
                    }
                }
            }
        }
        let minirows = live_minirows(word);
        assert_eq!(word & PLACEABLE[minirows], expected, "word {word:#029b}");
        assert_eq!(
            PLACEABLE_MINIROWS[minirows],
            live_minirows(PLACEABLE[minirows]) as u32,
            "word {word:#029b}"
        );
    }
}

/// The triad rule as it reads, cell by cell: each of the 54 segments (a minirow, three cells of
/// a row in one box, or a minicolumn, three of a column in one band) holds three digits. Its
/// live digits and those confined to it (live nowhere else on its line) decide: fewer than
/// three live or more than three confined is a dead end (`None`); three confined leave it to
/// themselves; three live leave the rest of its line. Every segment reads the state as given.
fn triad_rule_by_hand(candidates: &[u16; 81]) -> Option<[u16; 81]> {
    let mut after = *candidates;
    for (along_rows, line, segment) in (0..2)
        .flat_map(|kind| (0..9).flat_map(move |line| (0..3).map(move |s| (kind == 0, line, s))))
    {
        let cell = |k: usize| {
            if along_rows {
                9 * line + k
            } else {
                9 * k + line
            }
        };
        let inside: Vec<usize> = (3 * segment..3 * segment + 3).map(cell).collect();
        let outside: Vec<usize> = (0..9).filter(|k| k / 3 != segment).map(cell).collect();
        let live = inside.iter().fold(0, |live, &c| live | candidates[c]);
        let elsewhere = outside.iter().fold(0, |live, &c| live | candidates[c]);
        let confined = live & !elsewhere;
        if live.count_ones() < 3 || confined.count_ones() > 3 {
            return None;
        }
        if confined.count_ones() == 3 {
            inside.iter().for_each(|&c| after[c] &= confined);
        }
        if live.count_ones() == 3 {
            outside.iter().for_each(|&c| after[c] &= !live);
        }
    }
    Some(after)
}

/// Candidates (digit sets by cell, `9 * row + column`) as the bands' state.
fn state_of(candidates: &[u16; 81]) -> State {
    let mut state = State {
        live: [0; 27],
        open: [(1 << 27) - 1; 3],
    };
    for (cell, &digits) in candidates.iter().enumerate() {
        for digit in 0..9 {
            if digits >> digit & 1 == 1 {
                state.live[word(digit, cell / 27)] |= 1 << (cell % 27);
            }
        }
    }
    state
}

#[test]
fn the_triad_rule_does_what_it_says_and_keeps_every_solution() {
    let mut random = Random(23);
    let (mut narrowed, mut dead) = (0, 0);
    for case in 0..3_000 {
        // Half the cases hold a filled grid's candidates and lose others at random; the rest
        // are random candidates, which may hold no solution.
        let grid = random_grid(&mut random);
        let holds_a_grid = case % 2 == 0;
        let keep_in_16 = 2 + random.below(12);
        let mut candidates = [0u16; 81];
        for (cell, digits) in candidates.iter_mut().enumerate() {
            for digit in 0..9 {
                if random.below(16) < keep_in_16 {
                    *digits |= 1 << digit;
                }
            }
            if holds_a_grid {
                let place = grid.iter().find(|&&place| place / 9 == cell).unwrap();
                *digits |= 1 << (place % 9);
            }
        }
        let mut state = state_of(&candidates);
        let alive = state.after_the_triad_rule();
        let expected = triad_rule_by_hand(&candidates);
        assert_eq!(alive, expected.is_some(), "case {case}");
        if let Some(after) = expected {
            assert_eq!(state.live, state_of(&after).live, "case {case}");
            narrowed += usize::from(after != candidates);
        } else {
            dead += 1;
        }
        if holds_a_grid {
            assert!(alive, "case {case}: a dead end that holds a solution");
            for &place in &grid {
                let (cell, digit) = (place / 9, place % 9);
                let bit = 1 << (cell % 27);
                assert!(state.live[word(digit, cell / 27)] & bit != 0, "case {case}");
            }
        }
    }
    // The cases reach both outcomes, and the rule's every branch.
    assert!(
        narrowed > 300 && dead > 300,
        "narrowed {narrowed}, dead {dead}"
    );
}

/// The 9x9 matrix with its items and options in a random order: the same problem to the
/// bands, found again from the sets of cells alone. The option at each place of the original
/// (`(row * 9 + column) * 9 + digit`) is given too.
fn shuffled_sudoku(random: &mut Random) -> (Problem, Vec<OptionId>) {
    let original = sudoku(3, 3, false, false);
    let mut item_order: Vec<usize> = (0..original.item_count()).collect();
    random.shuffle(&mut item_order);
    let mut option_order: Vec<usize> = (0..original.option_count()).collect();
    random.shuffle(&mut option_order);
    let mut b = ProblemBuilder::new();
    let mut new_item = vec![ItemId(0); original.item_count()];
    for &item in &item_order {
        new_item[item] = b.primary(&format!("i{item}")).unwrap();
    }
    let mut new_option = vec![OptionId(0); original.option_count()];
    for &option in &option_order {
        let mut items: Vec<ItemId> = original
            .option_items(OptionId(option as u32))
            .iter()
            .map(|item| new_item[item.index()])
            .collect();
        random.shuffle(&mut items);
        new_option[option] = b.option(&items).unwrap().unwrap();
    }
    (b.build(), new_option)
}

/// A random filled grid's cells, as places `(row * 9 + column) * 9 + digit`: the first
/// solution of the empty grid with its digits and lines relabelled.
fn random_grid(random: &mut Random) -> Vec<usize> {
    let problem = sudoku(3, 3, false, false);
    let solution = Dlx::new(&problem).first().unwrap();
    let mut digits: Vec<usize> = (0..9).collect();
    random.shuffle(&mut digits);
    let mut bands: Vec<usize> = (0..3).collect();
    random.shuffle(&mut bands);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&band| {
            let mut within: Vec<usize> = (0..3).collect();
            random.shuffle(&mut within);
            within.into_iter().map(move |row| 3 * band + row)
        })
        .collect();
    solution
        .iter()
        .map(|option| {
            let place = option.index();
            let (cell, digit) = (place / 9, place % 9);
            (rows[cell / 9] * 9 + cell % 9) * 9 + digits[digit]
        })
        .collect()
}

#[test]
fn the_bands_count_as_links_do_on_puzzles_in_any_order() {
    let mut random = Random(11);
    for case in 0..40 {
        let (problem, option_of) = shuffled_sudoku(&mut random);
        let grid = random_grid(&mut random);
        // Few givens for many solutions, more for few; some cases lose candidates too.
        let givens = 18 + random.below(20) as usize;
        let mut places = grid.clone();
        random.shuffle(&mut places);
        let first: Vec<OptionId> = places[..givens].iter().map(|&p| option_of[p]).collect();
        let mut kept = vec![true; problem.option_count()];
        if case % 3 == 0 {
            for _ in 0..60 {
                kept[random.below(729) as usize] = false;
            }
        }
        let keep = |option: OptionId| kept[option.index()];
        let mut bands = Bands::try_new(&problem).unwrap();
        bands.keep_only(keep);
        bands.take_first(first.iter().copied());
        let limit = 2_000;
        let found = bands.count_solutions_up_to(limit);
        // Links on the narrowed problem: the kept options, the givens' items covered.
        let narrowed = narrowed(&problem, &kept, &first);
        let expected = match narrowed {
            Some(narrowed) => Dlx::new(&narrowed).count_solutions_up_to(limit),
            None => Count::exactly(0),
        };
        assert_eq!(found, expected, "case {case}: {givens} givens");
        // And the oracle: every digit tried in every cell, in turn.
        let allowed = |place: usize| kept[option_of[place].index()];
        let given: Vec<usize> = places[..givens].to_vec();
        assert_eq!(found, oracle_count(&given, &allowed, limit), "case {case}");
        // Every solution is a cover of the whole problem holding the givens.
        for solution in bands.solutions(Some(50)).answer {
            assert!(problem.is_solution(&solution), "case {case}");
            assert!(
                first.iter().all(|given| solution.contains(given)),
                "case {case}"
            );
        }
    }
}

/// Givens that clash (two digits in a cell, a digit twice in a row, column or box, across
/// bands too) or repeat make the root a dead end, as links and the oracle find them; givens that
/// do not are taken, whatever their order. The bands take them a digit's band at a time.
#[test]
fn clashing_and_repeated_givens_end_the_root_as_links_say() {
    let mut random = Random(23);
    let mut dead = 0;
    for case in 0..60 {
        let (problem, option_of) = shuffled_sudoku(&mut random);
        let grid = random_grid(&mut random);
        let mut places = grid.clone();
        random.shuffle(&mut places);
        let count = 20 + random.below(10) as usize;
        let mut given: Vec<usize> = places[..count].to_vec();
        // Up to two more places: a repeat, a place anywhere (mostly a clash), or one of the
        // grid's (which agrees).
        for extra in 0..random.below(3) as usize {
            let place = match random.below(4) {
                0 => given[random.below(given.len() as u64) as usize],
                1 => random.below(729) as usize,
                _ => places[count + extra],
            };
            let at = random.below(given.len() as u64 + 1) as usize;
            given.insert(at, place);
        }
        let first: Vec<OptionId> = given.iter().map(|&p| option_of[p]).collect();
        let mut bands = Bands::try_new(&problem).unwrap();
        bands.take_first(first.iter().copied());
        let limit = 500;
        let found = bands.count_solutions_up_to(limit);
        let kept = vec![true; problem.option_count()];
        let expected = match narrowed(&problem, &kept, &first) {
            Some(narrowed) => Dlx::new(&narrowed).count_solutions_up_to(limit),
            None => Count::exactly(0),
        };
        assert_eq!(found, expected, "case {case}: {given:?}");
        let mut distinct = given.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() == given.len() {
            assert_eq!(found, oracle_count(&given, &|_| true, limit), "case {case}");
        }
        dead += u32::from(found == Count::exactly(0));
    }
    // The cases reach the dead ends they are about, and the live roots too.
    assert!((10..50).contains(&dead), "{dead} of 60 roots dead");
}

/// The oracle's grid: each cell's digit, if it has one.
type Board = [Option<usize>; 81];

/// The brute-force oracle: the grids holding `given` (places `(row * 9 + column) * 9 + digit`)
/// whose every place is `allowed`, found by trying each digit in each cell in turn, counted
/// up to `limit`.
fn oracle_count(given: &[usize], allowed: &dyn Fn(usize) -> bool, limit: u64) -> Count {
    let mut grid: Board = [None; 81];
    for &place in given {
        if !allowed(place) || grid[place / 9].is_some_and(|digit| digit != place % 9) {
            return Count::exactly(0);
        }
        grid[place / 9] = Some(place % 9);
    }
    let clash = |grid: &Board, cell: usize, digit: usize| {
        (0..81).any(|other| {
            let (r, c, o_r, o_c) = (cell / 9, cell % 9, other / 9, other % 9);
            let peer = r == o_r || c == o_c || (r / 3 == o_r / 3 && c / 3 == o_c / 3);
            other != cell && peer && grid[other] == Some(digit)
        })
    };
    for &place in given {
        if clash(&grid, place / 9, place % 9) {
            return Count::exactly(0);
        }
    }
    fn fill(
        grid: &mut Board,
        cell: usize,
        allowed: &dyn Fn(usize) -> bool,
        clash: &dyn Fn(&Board, usize, usize) -> bool,
        found: &mut u64,
        limit: u64,
    ) {
        if *found >= limit {
            return;
        }
        if cell == 81 {
            *found += 1;
            return;
        }
        if grid[cell].is_some() {
            return fill(grid, cell + 1, allowed, clash, found, limit);
        }
        for digit in 0..9 {
            if allowed(cell * 9 + digit) && !clash(grid, cell, digit) {
                grid[cell] = Some(digit);
                fill(grid, cell + 1, allowed, clash, found, limit);
                grid[cell] = None;
            }
        }
    }
    let mut found = 0;
    fill(&mut grid, 0, allowed, &clash, &mut found, limit);
    match found >= limit {
        true => Count::at_least(found),
        false => Count::exactly(found),
    }
}

/// `problem` with only the `kept` options that agree with `first` (none sharing an item with
/// them), and the items `first` covers gone; `None` when a given is not kept or two clash.
fn narrowed(problem: &Problem, kept: &[bool], first: &[OptionId]) -> Option<Problem> {
    let mut covered = vec![false; problem.item_count()];
    for &given in first {
        if !kept[given.index()] {
            return None;
        }
        for item in problem.option_items(given) {
            if std::mem::replace(&mut covered[item.index()], true) {
                return None;
            }
        }
    }
    let mut b = ProblemBuilder::new();
    let mut new_item = vec![None; problem.item_count()];
    for item in problem.items() {
        if !covered[item.index()] {
            new_item[item.index()] = Some(b.primary(problem.item_name(item)).unwrap());
        }
    }
    for option in problem.options() {
        let items = problem.option_items(option);
        if kept[option.index()] && items.iter().all(|item| !covered[item.index()]) {
            let items: Vec<ItemId> = items
                .iter()
                .map(|item| new_item[item.index()].unwrap())
                .collect();
            b.option(&items).unwrap();
        }
    }
    Some(b.build())
}

trait CountUpTo {
    fn count_solutions_up_to(&mut self, limit: u64) -> Count;
}

impl<E: Engine> CountUpTo for E {
    fn count_solutions_up_to(&mut self, limit: u64) -> Count {
        self.count_solutions(Some(limit)).answer
    }
}

#[test]
fn a_split_search_finds_what_one_thread_does() {
    let mut random = Random(5);
    let (problem, option_of) = shuffled_sudoku(&mut random);
    let grid = random_grid(&mut random);
    let mut bands = Bands::try_new(&problem).unwrap();
    // The most givens that leave a few hundred solutions or more, but not too many to count.
    let one = (20..60)
        .rev()
        .find_map(|givens| {
            let first = grid[..givens].iter().map(|&p| option_of[p]);
            bands.take_first(first);
            let one = bands.count_solutions(Some(20_000));
            (one.answer.solutions > 300).then_some(one)
        })
        .unwrap();
    assert!(one.answer.complete, "{one:?}");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let mut split = |shard: Shard| {
        pool.install(|| {
            let mut count = 0u64;
            let mut visitor = |_: &[OptionId]| {
                count += 1;
                std::ops::ControlFlow::<()>::Continue(())
            };
            let request = SearchRequest {
                shard,
                min_subtrees: 16,
                ..SearchRequest::default()
            };
            let report =
                crate::parallel::search_split(&mut bands, request, &|| false, None, &mut visitor);
            (count, report.outcome.stats)
        })
    };
    // The same solutions, nodes and deductions (summed over the pieces).
    assert!(one.stats.forced > 0 && one.stats.pruned > 0, "{one:?}");
    assert_eq!(split(Shard::WHOLE), (one.answer.solutions, one.stats));
    // Three shards find every solution once between them, and their figures add up.
    let mut shards = (0, SearchStats::default());
    for index in 0..3 {
        let (count, stats) = split(Shard { index, count: 3 });
        shards.0 += count;
        shards.1 += stats;
    }
    assert_eq!(shards, (one.answer.solutions, one.stats));
}

#[test]
fn the_empty_grid_is_solved_and_deductions_are_counted() {
    let problem = sudoku(3, 3, false, false);
    let mut bands = Bands::try_new(&problem).unwrap();
    let outcome = bands.first_solution();
    let solution = outcome.answer.clone().unwrap();
    assert!(problem.is_solution(&solution));
    let figures = bands.figures();
    let forced = figures
        .iter()
        .find(|(name, _)| *name == "forced")
        .unwrap()
        .1;
    // Every cell is taken by a guess or forced.
    assert!(
        outcome.stats.nodes + forced >= 82,
        "{outcome:?} {figures:?}"
    );
    assert_eq!(
        EngineKind::Auto
            .choose(&problem, crate::ChoiceRule::Mrv)
            .unwrap(),
        EngineKind::Bands
    );
}

#[test]
fn other_problems_are_refused_with_the_reason() {
    let refused = |problem: &Problem| match Bands::try_new(problem) {
        Err(DlxError::Unsupported { engine, what }) => {
            assert_eq!(engine, "bands");
            what
        }
        other => panic!("took {problem:?}: {other:?}"),
    };
    assert!(refused(&sudoku(2, 2, false, false)).contains("9x9"));
    assert!(refused(&sudoku(3, 3, true, false)).contains("9x9"));
    assert!(refused(&sudoku(3, 3, false, true)).contains("9x9"));
    assert!(refused(&latin_square(9)).contains("9x9"));
    assert!(refused(&Problem::queens(8)).contains("9x9"));
    // Nine rows of boxes 1x9: the same items a row and a box, not a grid.
    assert!(refused(&sudoku(1, 9, false, false)).contains("9x9"));
    // One option fewer: not the whole matrix.
    let whole = sudoku(3, 3, false, false);
    let mut b = ProblemBuilder::new();
    for item in whole.items() {
        b.primary(whole.item_name(item)).unwrap();
    }
    for option in whole.options().skip(1) {
        b.option(whole.option_items(option)).unwrap();
    }
    assert!(refused(&b.build()).contains("9x9"));
}
