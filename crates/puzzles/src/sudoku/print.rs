//! Writing grids in the text formats: the output side of [`super::format`].

use super::format::Format;
use super::grid::Grid;
use super::symbols::digit_symbol;

impl Grid {
    /// Appends the grid in a format: a line ends with `\n`; a grid is N lines. Empty cells are
    /// `.` (`0` in the spaced grid). The spaced grid is exactly Baekjoon 2580's output.
    ///
    /// ```
    /// use dlx_puzzles::sudoku::{Format, Grid};
    ///
    /// let grid: Grid = "..3..1..23......".parse().unwrap();
    /// let mut out = String::new();
    /// grid.write_text(&mut out, Format::Spaced);
    /// assert_eq!(out, "0 0 3 0\n0 1 0 0\n2 3 0 0\n0 0 0 0\n");
    /// ```
    pub fn write_text(&self, out: &mut String, format: Format) {
        let side = self.shape().side();
        match format {
            Format::Line | Format::Csv => {
                out.extend(self.cells().iter().map(|&d| digit_symbol(d)));
                out.push('\n');
            }
            Format::Compact => {
                for row in self.cells().chunks(side) {
                    out.extend(row.iter().map(|&d| digit_symbol(d)));
                    out.push('\n');
                }
            }
            Format::Spaced => {
                for row in self.cells().chunks(side) {
                    for (i, d) in row.iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        out.push_str(&d.to_string());
                    }
                    out.push('\n');
                }
            }
        }
    }

    /// The grid in a format, as [`Grid::write_text`] writes it.
    pub fn to_text(&self, format: Format) -> String {
        let mut out = String::new();
        self.write_text(&mut out, format);
        out
    }
}
