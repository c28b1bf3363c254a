//! Sudoku's 9x9 matrix found in a problem: the planes' layout ([`PlanesLayout`]: cells, planes,
//! each plane's items as sets of cells) with nine planes of 81 cells, each plane's 27 items the
//! same sets of cells, and those sets the rows, columns and boxes of a grid under some
//! numbering of the cells. The numbering is found from the sets alone, so a problem written
//! with its items or options in any order, or its cells relabelled, is taken.

use crate::planes::PlanesLayout;
use crate::problem::Problem;

/// Cells, digits and options of the 9x9 matrix.
pub(super) const CELLS: usize = 81;
pub(super) const DIGITS: usize = 9;
pub(super) const OPTIONS: usize = CELLS * DIGITS;

/// The option of each digit at each cell of the grid (`digit * 81 + 9 * row + column`), the
/// digits numbered as the planes are (in the order of their first option), or why the
/// problem is not the matrix.
pub(super) fn recognise(problem: &Problem) -> Result<Box<[u32; OPTIONS]>, &'static str> {
    const NOT_SUDOKU: &str = "anything but Sudoku's 9x9 matrix (81 cells, 9 digits, rows, \
                              columns and boxes)";
    if problem.item_count() != 4 * CELLS
        || problem.option_count() != OPTIONS
        || problem.primary_count() != problem.item_count()
    {
        return Err(NOT_SUDOKU);
    }
    let layout = PlanesLayout::of(problem)?;
    if layout.planes() != DIGITS || layout.cells() != CELLS {
        return Err(NOT_SUDOKU);
    }
    let mut first: Vec<u128> = layout.houses(0).to_vec();
    first.sort_unstable();
    for plane in 1..DIGITS {
        let mut houses = layout.houses(plane).to_vec();
        houses.sort_unstable();
        if houses != first {
            return Err(NOT_SUDOKU);
        }
    }
    let place = grid_places(&first).ok_or(NOT_SUDOKU)?;
    let mut option_at = Box::new([u32::MAX; OPTIONS]);
    for digit in 0..DIGITS {
        for (cell, &at) in place.iter().enumerate() {
            let option = layout.option_at(digit, cell).ok_or(NOT_SUDOKU)?;
            option_at[digit * CELLS + usize::from(at)] = option;
        }
    }
    Ok(option_at)
}

/// The place in the grid (`9 * row + column`) of each of the 81 cells, if the 27 `houses` are
/// a grid's rows, columns and boxes: the boxes are the houses that meet no other in exactly
/// one cell, the rows the lines disjoint from the first line, the columns the other lines; the
/// bands are the rows the boxes group, the stacks the columns they group.
fn grid_places(houses: &[u128]) -> Option<[u8; CELLS]> {
    let all = (1u128 << CELLS) - 1;
    let partition = |set: &[u128]| {
        set.len() == 9
            && set.iter().all(|h| h.count_ones() == 9)
            && set.iter().fold(0, |union, h| union | h) == all
    };
    let meets_one = |h: u128| houses.iter().any(|&o| (h & o).count_ones() == 1);
    let (lines, boxes): (Vec<u128>, Vec<u128>) = houses.iter().partition(|&&h| meets_one(h));
    let first_line = *lines.first()?;
    let (rows, columns): (Vec<u128>, Vec<u128>) = lines
        .iter()
        .partition(|&&line| line == first_line || line & first_line == 0);
    if !(partition(&rows) && partition(&columns) && partition(&boxes)) {
        return None;
    }
    // The bands: for each box, the rows it meets (three, in three cells each); the boxes fall
    // into three groups of the same rows, and likewise for the columns.
    let row_order = grouped_order(&boxes, &rows)?;
    let column_order = grouped_order(&boxes, &columns)?;
    let mut place = [0u8; CELLS];
    for (cell, at) in place.iter_mut().enumerate() {
        let bit = 1u128 << cell;
        let row = rows.iter().position(|&r| r & bit != 0)?;
        let column = columns.iter().position(|&c| c & bit != 0)?;
        *at = (9 * row_order[row] + column_order[column]) as u8;
    }
    // Every row meets every column once, and every box is a band's rows in a stack's columns.
    let mut seen = 0u128;
    for &at in &place {
        seen |= 1 << at;
    }
    let boxes_fit = boxes.iter().all(|&b| {
        let places = (0..CELLS)
            .filter(|&cell| b & 1 << cell != 0)
            .map(|cell| place[cell]);
        let corners = places.map(|at| (at / 27, at % 9 / 3));
        let mut corners = corners.collect::<Vec<_>>();
        corners.dedup();
        corners.len() == 1
    });
    (seen == all && boxes_fit).then_some(place)
}

/// The place of each line (row or column) in the grid: the lines each box meets, three in
/// three cells each, group them in threes (the bands, or the stacks); the groups are numbered
/// in the order of their first line, and the lines within a group in their own order.
fn grouped_order(boxes: &[u128], lines: &[u128]) -> Option<[usize; 9]> {
    let mut groups: Vec<u16> = Vec::new();
    for &b in boxes {
        let mut met = 0u16;
        for (at, &line) in lines.iter().enumerate() {
            match (b & line).count_ones() {
                0 => {}
                3 => met |= 1 << at,
                _ => return None,
            }
        }
        if met.count_ones() != 3 {
            return None;
        }
        if !groups.contains(&met) {
            groups.push(met);
        }
    }
    if groups.len() != 3 || groups.iter().fold(0, |union, g| union | g) != 0x1FF {
        return None;
    }
    groups.sort_unstable_by_key(|group| group.trailing_zeros());
    let mut order = [0usize; 9];
    for (g, &group) in groups.iter().enumerate() {
        let members = (0..9).filter(|&line| group & 1 << line != 0);
        for (within, line) in members.enumerate() {
            order[line] = 3 * g + within;
        }
    }
    Some(order)
}
