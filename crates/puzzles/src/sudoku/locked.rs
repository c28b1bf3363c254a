//! Locked candidates, the givens' consequences one step past singles, on digit bitmasks.
//!
//! A box and a line (row or column) that cross share a *segment* of cells. If a digit's only
//! places in the box lie in one segment, the digit goes in that segment, so it is struck from
//! the rest of the line ("pointing"); if its only places in the line lie in one segment, it is
//! struck from the rest of the box ("claiming"). Both are the same rule seen from the two
//! units: each segment belongs to one box group and one line group, and a digit found in one
//! segment only of one group is struck from the other segments of the other group.
//!
//! The engine could find the same options by reasoning on its lists between choices (an item
//! whose options all contain one other item), and measured that way it halved the search tree of
//! top1465 but made each node two and a half times dearer. Before the search, on bitmasks, it
//! costs a few hundred bit operations a puzzle, and the engine gets a smaller arena to lay out.

use super::digits::DigitSet;
use super::grid::Shape;

/// The segments of a shape, grouped by box and by line.
#[derive(Clone, Debug)]
pub struct Segments {
    /// The cells of segment `s`: `cells[start[s]..start[s + 1]]`.
    cells: Vec<u16>,
    start: Vec<u32>,
    /// The segments of each group, `width` to a group: box groups first (a box's row segments,
    /// then its column segments, as two groups), then line groups (each row's, then each
    /// column's). A group of fewer segments is padded with [`Segments::none`], whose mask is
    /// always 0, so the groups are a flat table the pass reads without bounds.
    groups: Vec<u16>,
    width: usize,
    /// The two groups of each segment: its box group and its line group.
    groups_of: Vec<[u16; 2]>,
    /// The row segment and the column segment of each cell.
    segments_of: Vec<[u16; 2]>,
    /// Scratch: each segment's candidates, then the padding's empty set.
    masks: Vec<DigitSet>,
}

impl Segments {
    pub fn new(shape: Shape) -> Segments {
        let side = shape.side();
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        // Segments: for each box, the rows it crosses, then the columns.
        let mut cells = Vec::with_capacity(2 * side * side);
        let mut start = vec![0u32];
        // (box group, line unit) of each segment; line units are rows 0..side, columns after.
        let mut owners = Vec::new();
        for bx in 0..side {
            let top = bx / (side / box_cols) * box_rows;
            let left = bx % (side / box_cols) * box_cols;
            for row in top..top + box_rows {
                cells.extend((left..left + box_cols).map(|col| (row * side + col) as u16));
                start.push(cells.len() as u32);
                owners.push((2 * bx, row));
            }
            for col in left..left + box_cols {
                cells.extend((top..top + box_rows).map(|row| (row * side + col) as u16));
                start.push(cells.len() as u32);
                owners.push((2 * bx + 1, side + col));
            }
        }
        let none = owners.len() as u16;
        // Groups 0..2·side are the boxes' row and column groups; 2·side + line is a line's.
        // Each has box_rows or box_cols segments.
        let width = box_rows.max(box_cols);
        let mut groups = vec![none; 4 * side * width];
        let mut filled = vec![0usize; 4 * side];
        let mut groups_of = Vec::with_capacity(owners.len());
        let mut segments_of = vec![[0u16; 2]; side * side];
        for (s, &(box_group, line)) in owners.iter().enumerate() {
            let line_group = 2 * side + line;
            for g in [box_group, line_group] {
                groups[g * width + filled[g]] = s as u16;
                filled[g] += 1;
            }
            groups_of.push([box_group as u16, line_group as u16]);
            for k in start[s]..start[s + 1] {
                let cell = usize::from(cells[k as usize]);
                debug_assert_eq!(shape.box_of(cell), box_group / 2);
                debug_assert_eq!(
                    line,
                    if box_group % 2 == 0 {
                        shape.row_of(cell)
                    } else {
                        side + shape.col_of(cell)
                    }
                );
                segments_of[cell][box_group % 2] = s as u16;
            }
        }
        Segments {
            cells,
            start,
            groups,
            width,
            groups_of,
            segments_of,
            masks: vec![DigitSet::EMPTY; owners.len() + 1],
        }
    }

    fn cells_of(&self, segment: u16) -> &[u16] {
        let s = usize::from(segment);
        &self.cells[self.start[s] as usize..self.start[s + 1] as usize]
    }

    /// Strikes every locked candidate from `candidates` (each cell's digits, empty for a filled
    /// cell), one pass over every group. Returns whether anything was struck: a
    /// strike can make singles, and singles more strikes, so the caller alternates the two until
    /// neither changes anything. A cell left with no digit is for the singles pass to report.
    pub fn strike_locked(&mut self, candidates: &mut [DigitSet]) -> bool {
        match self.width {
            3 => self.strike_locked_of_width::<3>(candidates),
            _ => self.strike_locked_of_width::<0>(candidates),
        }
    }

    /// [`Segments::strike_locked`] for a group width known when compiling (`WIDTH`), or read
    /// from the segments (0). Boxes of three rows and three columns get their own copy, whose
    /// group loops are unrolled (callgrind, the serg file: 72.1M -> 59.0M instructions in
    /// this pass).
    #[inline(always)]
    fn strike_locked_of_width<const WIDTH: usize>(&mut self, candidates: &mut [DigitSet]) -> bool {
        let width = if WIDTH > 0 { WIDTH } else { self.width };
        let mut masks = std::mem::take(&mut self.masks);
        masks.fill(DigitSet::EMPTY);
        for (&open, &[row_segment, col_segment]) in candidates.iter().zip(&self.segments_of) {
            masks[usize::from(row_segment)] |= open;
            masks[usize::from(col_segment)] |= open;
        }
        let mut struck = false;
        for (group, members) in self.groups.chunks_exact(width).enumerate() {
            let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
            for &s in members {
                let mask = masks[usize::from(s)];
                twice |= once & mask;
                once |= mask;
            }
            let alone = once - twice;
            if alone.is_empty() {
                continue;
            }
            for &s in members {
                let locked = masks[usize::from(s)] & alone;
                if locked.is_empty() {
                    continue;
                }
                let [box_group, line_group] = self.groups_of[usize::from(s)];
                let other = if group == usize::from(box_group) {
                    line_group
                } else {
                    box_group
                };
                let other = usize::from(other) * width;
                for &t in &self.groups[other..other + width] {
                    // The segments' masks tell whether a walk would strike anything; most
                    // locked digits are gone from the rest of the other unit already.
                    if t == s || (masks[usize::from(t)] & locked).is_empty() {
                        continue;
                    }
                    masks[usize::from(t)] -= locked;
                    for &cell in self.cells_of(t) {
                        let open = &mut candidates[usize::from(cell)];
                        if !(*open & locked).is_empty() {
                            *open -= locked;
                            struck = true;
                        }
                    }
                }
            }
        }
        self.masks = masks;
        struck
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::singles::{mark_givens, open_candidates, Units};
    use crate::sudoku::solvers::tests::puzzle_strategy;
    use proptest::prelude::*;

    const ALL: DigitSet = DigitSet::all(9);

    fn nine() -> Shape {
        Shape::new(3, 3).unwrap()
    }

    /// Every cell of a 9x9 grid open to every digit, but `digit` taken from `cells`.
    fn open_but(digit: u8, cells: impl IntoIterator<Item = usize>) -> Vec<DigitSet> {
        let mut candidates = vec![ALL; 81];
        for cell in cells {
            candidates[cell] -= DigitSet::of(digit);
        }
        candidates
    }

    /// The cells whose candidates differ between two grids of candidates.
    fn changed(before: &[DigitSet], after: &[DigitSet]) -> Vec<usize> {
        (0..before.len())
            .filter(|&c| before[c] != after[c])
            .collect()
    }

    #[test]
    fn a_digit_confined_to_one_row_of_a_box_leaves_the_rest_of_that_row() {
        // 5 has no place in rows 1 and 2 of the top-left box: it lies in row 0 there, so the
        // rest of row 0 (columns 3 to 8) loses it, and nothing else changes.
        let before = open_but(5, [9, 10, 11, 18, 19, 20]);
        let mut after = before.clone();
        let mut segments = Segments::new(nine());
        assert!(segments.strike_locked(&mut after));
        assert_eq!(changed(&before, &after), [3, 4, 5, 6, 7, 8]);
        for (cell, &open) in after.iter().enumerate().take(9).skip(3) {
            assert_eq!(
                open,
                ALL - DigitSet::of(5),
                "cell {cell} keeps the other digits"
            );
        }
        // The same state again: nothing left to strike.
        assert!(!segments.strike_locked(&mut after));
    }

    #[test]
    fn a_digit_confined_to_one_box_of_a_column_leaves_the_rest_of_that_box() {
        // 7 has no place in column 4 outside the middle box (rows 3 to 5): the middle box's
        // other columns lose it.
        let outside = [0, 1, 2, 6, 7, 8].map(|row| row * 9 + 4);
        let before = open_but(7, outside);
        let mut after = before.clone();
        assert!(Segments::new(nine()).strike_locked(&mut after));
        // Rows 3 to 5, columns 3 and 5.
        assert_eq!(changed(&before, &after), [30, 32, 39, 41, 48, 50]);
    }

    #[test]
    fn an_open_grid_has_nothing_locked() {
        let mut candidates = vec![ALL; 81];
        assert!(!Segments::new(nine()).strike_locked(&mut candidates));
        assert!(candidates.iter().all(|&c| c == ALL));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Locked candidates are forced in every solution: struck over and over from a puzzle
        /// cut from a full grid, no cell ever loses that grid's digit (boxes of every shape).
        #[test]
        fn strikes_never_remove_a_digit_of_a_solution(
            (full, puzzle) in puzzle_strategy(&[(2, 2), (2, 3), (3, 2), (3, 3), (3, 4)])
        ) {
            let shape = puzzle.shape();
            let units = Units::new(shape);
            let mut used = Vec::new();
            prop_assert!(mark_givens(&units, puzzle.cells(), &mut used));
            let mut candidates = Vec::new();
            open_candidates(&units, puzzle.cells(), &used, &mut candidates);
            let mut segments = Segments::new(shape);
            let mut rounds = 0;
            while segments.strike_locked(&mut candidates) {
                rounds += 1;
                prop_assert!(rounds <= shape.cell_count() * shape.side(), "strikes must end");
            }
            for (cell, &open) in candidates.iter().enumerate() {
                if puzzle.get(cell) == 0 {
                    prop_assert!(open.contains(full.get(cell)), "cell {} lost its digit", cell);
                }
            }
        }
    }
}
