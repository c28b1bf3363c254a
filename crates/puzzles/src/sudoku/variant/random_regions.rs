//! Random jigsaw layouts, for `dlx generate --variant jigsaw` without a layout of the user's:
//! connected regions of N cells each, grown from the boxes by many random trades between two
//! neighbouring regions (a cell of each on their common border changes sides), each kept only
//! when both regions stay connected.
//!
//! Not every layout has a full grid (a region can force a digit into two cells of a row); the
//! generator tries another layout when its search finds none.

use super::regions::Regions;
use crate::sudoku::grid::Shape;
use crate::sudoku::Random;

/// Trades tried per cell: enough that the boxes' outline is gone (about half are kept).
const TRADES_PER_CELL: usize = 30;

/// The symbols of generated layouts' regions, in the order the regions first appear: enough
/// for every side up to [`crate::sudoku::Shape::MAX_SIDE`].
const REGION_SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

impl Regions {
    /// The boxes of `shape` as a layout: what a jigsaw's regions start from, and the layout
    /// under which a jigsaw's rules are the classic ones.
    pub fn boxes(shape: Shape) -> Regions {
        let side = shape.side();
        let region_of: Vec<usize> = (0..side * side).map(|cell| shape.box_of(cell)).collect();
        Regions::from_region_of(side, &region_of)
    }

    /// The layout of `region_of` (N regions of N cells each, numbered `0..N`), its regions
    /// named by letters.
    fn from_region_of(side: usize, region_of: &[usize]) -> Regions {
        let symbols: Vec<char> = REGION_SYMBOLS.chars().collect();
        let line: String = region_of.iter().map(|&region| symbols[region]).collect();
        Regions::parse(&line, 1, 1, Some(side)).expect("N regions of N cells each")
    }

    /// A random layout of connected regions on a grid of `shape`'s side, from `random`'s
    /// stream alone (the same stream gives the same layout).
    pub fn random(shape: Shape, random: &mut Random) -> Regions {
        let side = shape.side();
        let cells = side * side;
        let mut region_of: Vec<usize> = (0..cells).map(|cell| shape.box_of(cell)).collect();
        let mut scratch = Vec::with_capacity(cells);
        let mut candidates = Vec::with_capacity(cells);
        for _ in 0..TRADES_PER_CELL * cells {
            // A cell `a` of region A next to region B goes to B, and a cell of B next to A
            // (not through `a`) goes to A: both keep N cells.
            let a = random.below(cells);
            let beside = neighbours(a, side);
            let b = beside[random.below(beside.len())];
            let (from, to) = (region_of[a], region_of[b]);
            if from == to {
                continue;
            }
            candidates.clear();
            candidates.extend((0..cells).filter(|&c| {
                region_of[c] == to
                    && neighbours(c, side)
                        .into_iter()
                        .any(|n| n != a && region_of[n] == from)
            }));
            if candidates.is_empty() {
                continue;
            }
            let c = candidates[random.below(candidates.len())];
            region_of[a] = to;
            region_of[c] = from;
            let kept = is_connected(&region_of, side, from, &mut scratch)
                && is_connected(&region_of, side, to, &mut scratch);
            if !kept {
                region_of[a] = from;
                region_of[c] = to;
            }
        }
        Regions::from_region_of(side, &region_of)
    }
}

/// The cells next to `cell` in its row and column.
fn neighbours(cell: usize, side: usize) -> Vec<usize> {
    let (row, col) = (cell / side, cell % side);
    let mut found = Vec::with_capacity(4);
    if row > 0 {
        found.push(cell - side);
    }
    if row + 1 < side {
        found.push(cell + side);
    }
    if col > 0 {
        found.push(cell - 1);
    }
    if col + 1 < side {
        found.push(cell + 1);
    }
    found
}

/// Whether the cells of `region` form one piece (neighbours by rows and columns).
fn is_connected(region_of: &[usize], side: usize, region: usize, stack: &mut Vec<usize>) -> bool {
    let Some(start) = region_of.iter().position(|&r| r == region) else {
        return true;
    };
    let mut seen = vec![false; region_of.len()];
    seen[start] = true;
    stack.clear();
    stack.push(start);
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for next in neighbours(cell, side) {
            if region_of[next] == region && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    reached == side
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_layouts_have_connected_regions_of_n_cells_and_differ_from_the_boxes() {
        for (shape, seed) in [(Shape::CLASSIC, 1), (Shape::new(2, 3).unwrap(), 2)] {
            let side = shape.side();
            let boxes: Vec<usize> = (0..side * side).map(|c| shape.box_of(c)).collect();
            let mut layouts = Vec::new();
            for index in 0..4 {
                let layout = Regions::random(shape, &mut Random::for_item(seed, index));
                let region_of: Vec<usize> = (0..side * side).map(|c| layout.region_of(c)).collect();
                for region in 0..side {
                    assert_eq!(region_of.iter().filter(|&&r| r == region).count(), side);
                    assert!(is_connected(&region_of, side, region, &mut Vec::new()));
                }
                let moved = (0..side * side)
                    .filter(|&c| layout.region_of(c) != boxes[c])
                    .count();
                assert!(moved > side, "{moved} cells left their box");
                let again = Regions::random(shape, &mut Random::for_item(seed, index));
                assert_eq!(again, layout, "a stream gives one layout");
                layouts.push(layout);
            }
            let distinct: std::collections::HashSet<String> =
                layouts.iter().map(Regions::to_line).collect();
            assert_eq!(distinct.len(), 4, "four streams, four layouts");
        }
    }

    #[test]
    fn a_region_in_two_pieces_is_not_connected() {
        // 4x4: region 0 holds r1c1, r1c2, r2c1 and r4c4.
        let region_of = [0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 3, 3, 2, 3, 3, 0];
        assert!(!is_connected(&region_of, 4, 0, &mut Vec::new()));
        assert!(is_connected(&region_of, 4, 1, &mut Vec::new()));
    }
}
