//! Sums a Killer's rules imply beyond its drawn cages: the "rule of 45" human solvers use.
//!
//! A region (row, column, box, jigsaw region, diagonal, window) holds every digit once, so its
//! digits add up to N(N+1)/2. The cages it wholly holds add up to their sums; its other cells
//! (the *innies*) therefore add up to the difference, and, lying in one region, hold distinct
//! digits. They are a cage the puzzle did not draw. Every solution meets it, so adding it to
//! the exact-cover problem removes none; but the search then sees the sum at once instead of
//! finding it out by trying digits, and visits far fewer nodes (figures in docs/benchmarks.md).

use super::cages::{digit_set_bound, digit_set_count, sum_range, Cages};

/// A set of cells of distinct digits with a known sum: a drawn cage or an implied one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumCage {
    /// The cells, row-major.
    pub cells: Vec<usize>,
    /// What their digits add up to.
    pub sum: u32,
}

/// The most digit sets an implied cage may have: a cage with more constrains the search too
/// little to pay for its options (a 25x25 box with twelve innies could have millions).
pub(crate) const MAX_IMPLIED_SETS: u64 = 128;

/// The cages the drawn `cages` imply in `regions` (each a set of N cells holding every digit
/// once): for each region that wholly holds at least one drawn cage, the cells left over, with
/// the region's sum less those cages' sums. A leftover that is empty, equals one already
/// found, or has more than [`MAX_IMPLIED_SETS`] digit sets is skipped; one whose sum no
/// distinct digits reach is kept: the puzzle has no solution, and its empty cage says so.
pub(crate) fn implied_cages(cages: &Cages, regions: &[Vec<usize>]) -> Vec<SumCage> {
    let side = cages.side();
    let region_sum = (side * (side + 1) / 2) as u32;
    let drawn = cages.cells_by_cage();
    let mut implied: Vec<SumCage> = Vec::new();
    let mut held = vec![false; drawn.len()];
    for region in regions {
        held.fill(false);
        for &cell in region {
            if let Some(cage) = cages.cage_of(cell) {
                held[cage] = drawn[cage].iter().all(|c| region.contains(c));
            }
        }
        if !held.iter().any(|&h| h) {
            continue;
        }
        let held_sum: u32 = (0..drawn.len())
            .filter(|&c| held[c])
            .map(|c| cages.sum(c))
            .sum();
        let mut cells: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&cell| !cages.cage_of(cell).is_some_and(|c| held[c]))
            .collect();
        if cells.is_empty() {
            continue;
        }
        cells.sort_unstable();
        // A sum out of reach (held cages adding up to more than the region) is kept as 0 sets.
        let sum = region_sum.checked_sub(held_sum).unwrap_or(u32::MAX);
        let (least, most) = sum_range(cells.len(), side);
        let reachable = (least..=most).contains(&sum);
        let many =
            |count: fn(usize, u32, usize) -> u64| count(cells.len(), sum, side) > MAX_IMPLIED_SETS;
        if reachable && many(digit_set_bound) && many(digit_set_count) {
            continue;
        }
        if implied.iter().any(|cage| cage.cells == cells) {
            continue;
        }
        implied.push(SumCage { cells, sum });
    }
    implied
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cages(symbols: &str, sums: &str) -> Cages {
        Cages::parse(4, 1, Some((1, symbols)), Some((1, sums))).unwrap()
    }

    #[test]
    fn a_box_with_all_but_one_cell_caged_implies_that_cells_digit() {
        // 4x4: box 0 is cells 0, 1, 4, 5. Cage A = {0, 1} sums 3, cage B = {4} sums 4: cell 5
        // holds 10 - 7 = 3. Row 0 (cells 0..4) holds A wholly: cells 2, 3 sum 7.
        let cages = cages("AA..B...........", "3,4");
        let rows_and_box: Vec<Vec<usize>> = vec![vec![0, 1, 2, 3], vec![0, 1, 4, 5]];
        let implied = implied_cages(&cages, &rows_and_box);
        assert_eq!(
            implied,
            vec![
                SumCage {
                    cells: vec![2, 3],
                    sum: 7
                },
                SumCage {
                    cells: vec![5],
                    sum: 3
                },
            ]
        );
    }

    #[test]
    fn held_cages_leaving_an_unreachable_sum_imply_a_cage_no_digits_fill() {
        let cages = cages("AB..............", "4,4");
        let row: Vec<Vec<usize>> = vec![vec![0, 1, 2, 3]];
        let implied = implied_cages(&cages, &row);
        assert_eq!(implied.len(), 1);
        let (least, most) = sum_range(2, 4);
        assert!(!(least..=most).contains(&implied[0].sum), "{implied:?}");
    }

    #[test]
    fn every_generated_killers_solution_meets_the_cages_its_regions_imply() {
        use crate::sudoku::variant::{Rules, Variants};
        use crate::sudoku::{Generator, Shape};
        let killer = Variants::parse("killer").unwrap();
        for (shape, seed) in [(Shape::CLASSIC, 3), (Shape::new(2, 3).unwrap(), 4)] {
            let mut generator = Generator::killer(shape).with_max_cage(5);
            for index in 0..4 {
                let made = generator.generate(seed, index).unwrap();
                let rules = Rules::with_cages(shape, &killer, None, made.cages.as_ref()).unwrap();
                let implied = implied_cages(made.cages.as_ref().unwrap(), rules.regions());
                assert!(!implied.is_empty(), "some region holds a whole cage");
                for cage in implied {
                    let digits: Vec<u8> =
                        cage.cells.iter().map(|&c| made.solution.get(c)).collect();
                    let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                    assert_eq!(total, cage.sum, "{cage:?} holds {digits:?}");
                    let mut distinct = digits.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert_eq!(distinct.len(), digits.len(), "{cage:?} holds {digits:?}");
                }
            }
        }
    }

    #[test]
    fn a_region_holding_no_whole_cage_implies_nothing() {
        let cages = cages("A...A...........", "3");
        assert!(implied_cages(&cages, &[vec![0, 1, 2, 3]]).is_empty());
    }
}
