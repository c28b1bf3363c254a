//! Writing solutions: the task's output (`Puzzle i` and nine rows of digits) and a drawing that
//! shows the tiling, which the task's format cannot.

use super::model::{Solution, SIDE};
use std::io::{self, Write};

impl Solution {
    /// The task's output for puzzle `number`: `Puzzle i` and the nine rows of the grid, no spaces.
    pub fn write_grid<W: Write>(&self, out: &mut W, number: usize) -> io::Result<()> {
        let grid = &self.grid;
        writeln!(out, "Puzzle {number}")?;
        for row in grid.cells().chunks(SIDE) {
            let digits: Vec<u8> = row.iter().map(|&d| b'0' + d).collect();
            out.write_all(&digits)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// `Puzzle i` and the grid with each domino drawn: `-` joins the two halves of a horizontal
    /// domino, `|` (on the line between two rows) those of a vertical one; a single stands alone.
    pub fn write_drawing<W: Write>(&self, out: &mut W, number: usize) -> io::Result<()> {
        let solution = self;
        // Row r is drawn on line 2r, the joints below it on line 2r + 1; column c at place 2c.
        let width = 2 * SIDE - 1;
        let mut canvas = vec![vec![b' '; width]; 2 * SIDE - 1];
        for (cell, &digit) in solution.grid.cells().iter().enumerate() {
            canvas[2 * (cell / SIDE)][2 * (cell % SIDE)] = b'0' + digit;
        }
        for placed in &solution.tiling {
            let (p, q) = (
                placed.cells[0].min(placed.cells[1]),
                placed.cells[0].max(placed.cells[1]),
            );
            let (row, col) = (2 * (p / SIDE), 2 * (p % SIDE));
            if q == p + 1 {
                canvas[row][col + 1] = b'-';
            } else {
                canvas[row + 1][col] = b'|';
            }
        }
        writeln!(out, "Puzzle {number}")?;
        for line in &canvas {
            let end = line.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
            out.write_all(&line[..end])?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{Grid, Shape};
    use crate::sudominoku::PlacedDomino;

    #[test]
    fn the_drawing_joins_the_halves_of_each_domino() {
        let mut cells = vec![0; 81];
        cells[..3].copy_from_slice(&[1, 2, 3]);
        cells[9] = 4;
        let grid = Grid::from_cells(Shape::CLASSIC, cells).unwrap();
        let tiling = vec![
            PlacedDomino {
                cells: [2, 1],
                digits: [3, 2],
            },
            PlacedDomino {
                cells: [0, 9],
                digits: [1, 4],
            },
        ];
        let mut out = Vec::new();
        Solution { grid, tiling }
            .write_drawing(&mut out, 7)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Puzzle 7");
        assert_eq!(lines[1], "1 2-3 0 0 0 0 0 0");
        assert_eq!(lines[2], "|");
        assert_eq!(lines[3], "4 0 0 0 0 0 0 0 0");
        assert_eq!(lines.len(), 18);
    }
}
