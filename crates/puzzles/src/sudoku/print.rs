//! Writing grids in the text formats: the output side of [`super::format`].

use super::format::Format;
use super::grid::Grid;
use super::symbols::digit_symbol;

/// Appends a grid in a format: a line ends with `\n`; a grid is N lines. Empty cells are `.`
/// (`0` in the spaced grid). The spaced grid is exactly Baekjoon 2580's output.
pub fn write_grid(out: &mut String, grid: &Grid, format: Format) {
    let side = grid.shape().side();
    match format {
        Format::Line | Format::Csv => {
            out.extend(grid.cells().iter().map(|&d| digit_symbol(d)));
            out.push('\n');
        }
        Format::Compact => {
            for row in grid.cells().chunks(side) {
                out.extend(row.iter().map(|&d| digit_symbol(d)));
                out.push('\n');
            }
        }
        Format::Spaced => {
            for row in grid.cells().chunks(side) {
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

/// A grid as text in a format (see [`write_grid`]).
pub fn grid_to_string(grid: &Grid, format: Format) -> String {
    let mut out = String::new();
    write_grid(&mut out, grid, format);
    out
}
