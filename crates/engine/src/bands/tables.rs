//! The bands' fixed tables, made at compile time: a band is three rows of the grid, a 27-bit
//! word of one digit's live cells (bit `9 * row + column`, the row within the band), and its
//! nine *minirows* (three cells of one row in one box, bit `3 * row + box`) are what the tables
//! speak of.

/// The cells of one column within a band, for each column.
pub(super) const COLUMN: [u32; 9] = {
    let mut table = [0u32; 9];
    let mut column = 0;
    while column < 9 {
        table[column] = 1 << column | 1 << (column + 9) | 1 << (column + 18);
        column += 1;
    }
    table
};

/// The cells of each cell's column within a band ([`COLUMN`] by cell).
pub(super) const COLUMN_AT: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        table[cell] = COLUMN[cell % 9];
        cell += 1;
    }
    table
};

/// The peers of each cell within its band, itself left out: its row, its box and its column's
/// two other cells in the band. A digit placed in the cell leaves them.
pub(super) const PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, column) = (cell / 9, cell % 9);
        let first = column / 3 * 3;
        let mut peers = 0x1FF << (9 * row) | COLUMN[column];
        let mut r = 0;
        while r < 3 {
            peers |= 7 << (9 * r + first);
            r += 1;
        }
        table[cell] = peers & !(1 << cell);
        cell += 1;
    }
    table
};

/// For the nine cells of one row of a band, the three minirows that hold a live cell.
pub(super) const MINIROWS_OF_ROW: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut row = 0;
    while row < 512 {
        let mut minirows = 0;
        let mut third = 0;
        while third < 3 {
            if row >> (3 * third) & 7 != 0 {
                minirows |= 1 << third;
            }
            third += 1;
        }
        table[row] = minirows;
        row += 1;
    }
    table
};

/// For the band's live minirows (nine bits), the cells of those that lie in some placement of
/// the digit the band allows: one minirow in each row and in each box, a permutation of the
/// three boxes over the three rows. Every other cell of the band loses the digit: that is the
/// domination rule for the band's rows and boxes (Sudoku's pointing and claiming), and more,
/// at once. Zero when no placement is left: the digit cannot go in the band.
pub(super) const PLACEABLE: [u32; 512] = {
    const PERMUTATIONS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut live = 0;
    while live < 512 {
        let mut cells = 0u32;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut placed = 0u32;
            let mut all_live = true;
            let mut row = 0;
            while row < 3 {
                let minirow = 3 * row + boxes[row] as usize;
                all_live &= live >> minirow & 1 == 1;
                placed |= 7 << (9 * row + 3 * boxes[row] as usize);
                row += 1;
            }
            if all_live {
                cells |= placed;
            }
            p += 1;
        }
        table[live] = cells;
        live += 1;
    }
    table
};

/// The columns of a band's cells, one bit each (bit `c` for column `c`): the union of its three
/// rows.
#[inline(always)]
pub(super) fn columns_of(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & 0x1FF
}

/// The live minirows of a band's word (nine bits, [`PLACEABLE`]'s index).
#[inline(always)]
pub(super) fn live_minirows(cells: u32) -> usize {
    (MINIROWS_OF_ROW[(cells & 0x1FF) as usize]
        | MINIROWS_OF_ROW[(cells >> 9 & 0x1FF) as usize] << 3
        | MINIROWS_OF_ROW[(cells >> 18) as usize] << 6) as usize
}

/// [`PLACEABLE`] as minirows: for the live minirows, those in some placement (nine bits).
pub(super) const PLACEABLE_MINIROWS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut live = 0;
    while live < 512 {
        let cells = PLACEABLE[live];
        let mut minirow = 0;
        while minirow < 9 {
            if cells >> (3 * minirow) & 7 != 0 {
                table[live] |= 1 << minirow;
            }
            minirow += 1;
        }
        live += 1;
    }
    table
};

/// Three bits (`b0 b1 b2`) spread to the bits 0, 3 and 6.
pub(super) const SPREAD: [u32; 8] = [0, 1, 8, 9, 64, 65, 72, 73];

/// For a band's live minirows (nine bits), those alone in their row: the digit's cells in that
/// row lie in that minirow.
pub(super) const CONFINED: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut live = 0;
    while live < 512 {
        let mut row = 0;
        while row < 3 {
            let bits = live >> (3 * row) & 7;
            if bits != 0 && bits & (bits - 1) == 0 {
                table[live] |= (bits as u32) << (3 * row);
            }
            row += 1;
        }
        live += 1;
    }
    table
};

/// A table over the 512 sets of nine things (minirows, digits): for each, the union of `$each`
/// over the things `$m` in it.
macro_rules! union_over_nine {
    (|$m:ident| $each:expr) => {{
        let mut table = [0u32; 512];
        let mut minirows = 0;
        while minirows < 512 {
            let mut $m = 0;
            while $m < 9 {
                if minirows >> $m & 1 == 1 {
                    table[minirows] |= $each;
                }
                $m += 1;
            }
            minirows += 1;
        }
        table
    }};
}

/// Minirows (nine bits) as the band's cells that lie in them (minirow `m` is bits `3m..3m+3`).
pub(super) const MINIROW_CELLS: [u32; 512] = union_over_nine!(|m| 7 << (3 * m));

/// For some minirows (nine bits), the other minirows of their rows: where a digit confined to
/// a minirow cannot go.
pub(super) const OTHERS_IN_ROW: [u32; 512] = union_over_nine!(|m| 7 << (3 * (m / 3)) & !(1 << m));
