//! The planes' own tests: the shape they take and refuse, and their deductions checked against
//! dancing links (the conformance suite, `conformance.rs`, checks them against the brute-force
//! oracle on random problems of the shape).

use super::Planes;
use crate::conformance::{latin_square, sudoku};
use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::links::Dlx;
use crate::problem::{ItemId, OptionId, Problem, ProblemBuilder};

fn count_on_links(problem: &Problem) -> u64 {
    Dlx::new(problem).count()
}

#[test]
fn the_planes_count_latin_squares_and_sudoku_grids_as_links_do() {
    for problem in [
        latin_square(4),
        sudoku(2, 2, false, false),
        sudoku(2, 2, true, false),
        sudoku(2, 2, false, true),
        sudoku(1, 4, false, false),
    ] {
        let mut planes = Planes::try_new(&problem).unwrap();
        assert_eq!(planes.count(), count_on_links(&problem), "{problem:?}");
    }
    assert_eq!(Planes::try_new(&latin_square(4)).unwrap().count(), 576);
    assert_eq!(
        Planes::try_new(&sudoku(2, 2, false, false))
            .unwrap()
            .count(),
        288
    );
}

#[test]
fn every_solution_of_a_6x6_grid_with_givens_is_one_links_finds() {
    let problem = sudoku(2, 3, true, false);
    let mut planes = Planes::try_new(&problem).unwrap();
    // The first row given: 1 to 6.
    let first: Vec<OptionId> = (0..6)
        .map(|column| OptionId((column * 6 + column) as u32))
        .collect();
    planes.take_first(first.iter().copied());
    let mut found: Vec<Vec<OptionId>> = planes.solutions(None).answer;
    for solution in &mut found {
        assert!(crate::conformance::is_solution(&problem, solution));
        assert!(first.iter().all(|option| solution.contains(option)));
        solution.sort();
    }
    found.sort();
    found.dedup();
    let mut links = Dlx::new(&problem);
    let mut expected = 0;
    links.for_each(|solution| {
        expected += u64::from(first.iter().all(|option| solution.contains(option)));
    });
    assert_eq!(found.len() as u64, expected);
    assert!(expected > 0);
}

#[test]
fn the_root_takes_locked_candidates_and_a_guess_is_a_node() {
    // An empty 9x9 grid: nothing is forced or locked at the root; the first solution takes a
    // guess a level, every deduction counted apart.
    let problem = sudoku(3, 3, false, false);
    let mut planes = Planes::try_new(&problem).unwrap();
    let outcome = planes.first_solution();
    let solution = outcome.answer.clone().unwrap();
    assert!(crate::conformance::is_solution(&problem, &solution));
    let figures = planes.figures();
    let forced = figures
        .iter()
        .find(|(name, _)| *name == "forced")
        .unwrap()
        .1;
    // Every cell is taken by a guess or forced: the root and 81 at least between them.
    assert!(
        outcome.stats.nodes + forced >= 82,
        "{outcome:?} {figures:?}"
    );
    assert!(forced > 0, "{outcome:?} {figures:?}");
    // A row of one digit left only in one box: the rest of that box loses the digit.
    let mut b = ProblemBuilder::new();
    let cells: Vec<ItemId> = (0..4)
        .map(|k| b.primary(&format!("p{k}")).unwrap())
        .collect();
    let row = b.primary("row").unwrap();
    let house = b.primary("box").unwrap();
    // One plane: cells 0 and 1 in the row and the box, cell 2 in the box only, cell 3 alone.
    b.option(&[cells[0], row, house]).unwrap();
    b.option(&[cells[1], row, house]).unwrap();
    b.option(&[cells[2], house]).unwrap();
    b.option(&[cells[3]]).unwrap();
    // Another plane for cells 0, 1 and 2.
    let other = b.secondary("other").unwrap();
    for cell in &cells[..3] {
        b.option(&[*cell, other]).unwrap();
    }
    let problem = b.build();
    let mut planes = Planes::try_new(&problem).unwrap();
    assert_eq!(planes.count(), count_on_links(&problem));
    let dominated = planes
        .figures()
        .into_iter()
        .find(|(name, _)| *name == "dominated");
    assert_eq!(
        dominated,
        Some(("dominated", 1)),
        "cell 2 loses the box's plane"
    );
}

#[test]
fn problems_of_another_shape_are_refused_with_the_reason() {
    let refused = |problem: &Problem| match Planes::try_new(problem) {
        Err(DlxError::Unsupported { engine, what }) => {
            assert_eq!(engine, "planes");
            what
        }
        other => panic!("took {problem:?}: {other:?}"),
    };
    assert!(refused(&Problem::queens(6)).contains("shape"));
    assert!(refused(&latin_square(12)).contains("128 cells"));
    // One item of 65 options: a cell of 65 planes.
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    for _ in 0..65 {
        b.option(&[a]).unwrap();
    }
    assert!(refused(&b.build()).contains("64 planes"));
    // An option of two cells.
    let mut b = ProblemBuilder::new();
    let (x, y) = (b.primary("x").unwrap(), b.primary("y").unwrap());
    b.option(&[x, y]).unwrap();
    b.option(&[x]).unwrap();
    b.option(&[y]).unwrap();
    assert!(refused(&b.build()).contains("no cell"));
    // One plane (a secondary item joins every option) of 65 cells, each its own house.
    let mut b = ProblemBuilder::new();
    let joined = b.secondary("s").unwrap();
    let items: Vec<[ItemId; 3]> = (0..65)
        .map(|k| {
            let cell = b.primary(&format!("c{k}")).unwrap();
            [cell, b.primary(&format!("h{k}")).unwrap(), joined]
        })
        .collect();
    for option in &items {
        b.option(option).unwrap();
    }
    assert!(refused(&b.build()).contains("64 primary items"));
    // Items without end in one plane: the domination rule's table is not made for them.
    let mut b = ProblemBuilder::new();
    let cells: Vec<ItemId> = (0..100)
        .map(|k| b.primary(&format!("c{k}")).unwrap())
        .collect();
    let houses: Vec<ItemId> = (0..50)
        .map(|k| b.primary(&format!("h{k}")).unwrap())
        .collect();
    let mut options: Vec<Vec<ItemId>> = (0..100).map(|k| vec![cells[k], houses[k / 2]]).collect();
    // 100,000 items of three cells each, no two alike: 50 houses by 100,050 items to compare.
    let triples = (0..100usize)
        .flat_map(|a| (a + 1..100).flat_map(move |b| (b + 1..100).map(move |c| [a, b, c])));
    for (k, triple) in triples.take(100_000).enumerate() {
        let item = b.secondary(&format!("s{k}")).unwrap();
        for cell in triple {
            options[cell].push(item);
        }
    }
    for option in &options {
        b.option(option).unwrap();
    }
    assert!(refused(&b.build()).contains("too many items"));
    // The chooser leaves them to the others, and takes the planes for the shape.
    let auto = |problem: &Problem| {
        EngineKind::Auto
            .choose(problem, Default::default())
            .unwrap()
    };
    assert_ne!(auto(&Problem::queens(6)), EngineKind::Planes);
    assert_eq!(auto(&sudoku(2, 2, false, true)), EngineKind::Planes);
    assert_eq!(auto(&latin_square(5)), EngineKind::Planes);
}

#[test]
fn the_cells_are_found_whichever_item_comes_first() {
    // A Latin square with one row item listed before the cells: the greedy search for cells
    // from the first item takes that row and the other cells, which no plane holds; it starts
    // again from the first option's other items and finds the cells (or the rows).
    let square = latin_square(4);
    let mut b = ProblemBuilder::new();
    let first_row = square.item_count() / 3;
    let order: Vec<usize> = std::iter::once(first_row)
        .chain((0..square.item_count()).filter(|&item| item != first_row))
        .collect();
    let mut new_id = vec![ItemId(0); square.item_count()];
    for &item in &order {
        new_id[item] = b.primary(&format!("i{item}")).unwrap();
    }
    for option in square.options() {
        let items: Vec<ItemId> = square
            .option_items(option)
            .iter()
            .map(|item| new_id[item.index()])
            .collect();
        b.option(&items).unwrap();
    }
    let reordered = b.build();
    let mut planes = Planes::try_new(&reordered).expect("a Latin square has the shape");
    assert_eq!(planes.count(), count_on_links(&reordered));
    assert_eq!(count_on_links(&reordered), 576);
}

#[test]
fn a_split_count_and_its_shards_add_up_to_the_one_thread_count() {
    use crate::request::SearchRequest;
    use crate::subtrees::Shard;
    let problem = sudoku(2, 3, false, true);
    let one = Planes::try_new(&problem).unwrap().count();
    assert_eq!(one, count_on_links(&problem));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let count = |shard: Shard| {
        let settings = SearchRequest {
            shard,
            min_subtrees: 16,
            count_only: true,
            ..SearchRequest::default()
        };
        let mut none = |_: &[OptionId]| std::ops::ControlFlow::<()>::Continue(());
        let report = pool.install(|| {
            EngineKind::Planes
                .search_split_reporting(&problem, settings, &|| false, None, &mut none)
                .unwrap()
        });
        report.outcome.stats.solutions
    };
    assert_eq!(count(Shard::WHOLE), one);
    let shards: u64 = (0..3).map(|index| count(Shard { index, count: 3 })).sum();
    assert_eq!(shards, one);
}
