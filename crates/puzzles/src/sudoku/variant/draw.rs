//! A solved variant grid drawn in text with its groups' borders: a Killer's cages with their
//! sums, a jigsaw's regions, or else the boxes, which a line of digits cannot show.

use super::rules::Rules;
use crate::sudoku::grid::Grid;

impl Rules {
    /// Draws `grid` with a border wherever two neighbouring cells are in different groups: the
    /// cages of a Killer (each sum written in its cage's first cell; a cell in no cage is a group
    /// of its own), the regions that replace the boxes in a jigsaw, or else the boxes.
    ///
    /// ```text
    /// +---+---+---+---+
    /// |3      |9      |
    /// | 1   2 | 3   4 |
    /// +---+---+---+   +
    /// ```
    ///
    /// ```
    /// use dlx_puzzles::sudoku::variant::Rules;
    /// use dlx_puzzles::sudoku::Grid;
    ///
    /// let grid: Grid = "1234341221434321".parse().unwrap();
    /// // Classic rules: the boxes.
    /// let drawing = Rules::classic(grid.shape()).draw(&grid);
    /// let lines: Vec<&str> = drawing.lines().collect();
    /// assert_eq!(lines[0], "+---+---+---+---+");
    /// assert_eq!(lines[1], "| 1   2 | 3   4 |");
    /// assert_eq!(lines[2], "+       +       +");
    /// assert_eq!(lines[4], "+---+---+---+---+");
    /// ```
    pub fn draw(&self, grid: &Grid) -> String {
        let rules = self;
        let side = rules.side();
        let cells = side * side;
        let mut group = vec![0; cells];
        let Some(cages) = rules.cages() else {
            // The third block of regions: the boxes, or the jigsaw's regions.
            for (k, region) in rules.regions()[2 * side..3 * side].iter().enumerate() {
                for &cell in region {
                    group[cell] = k;
                }
            }
            return draw_groups(grid, &group, None);
        };
        let mut label = vec![None; cells];
        for (cell, group) in group.iter_mut().enumerate() {
            *group = cages.cage_of(cell).unwrap_or(usize::MAX - cell);
        }
        for (cage, members) in cages.cells_by_cage().iter().enumerate() {
            label[members[0]] = Some(cages.sum(cage).to_string());
        }
        draw_groups(grid, &group, Some(&label))
    }
}

/// Draws `grid` with a border between neighbouring cells of different `group`s; with `label`
/// (a Killer's sums), each cell's label on a line above its digit.
fn draw_groups(grid: &Grid, group: &[usize], label: Option<&[Option<String>]>) -> String {
    let side = grid.shape().side();
    let at = |r: usize, c: usize| group[r * side + c];
    // Borders: `vertical(r, c)` left of cell (r, c) (c = side: the right edge), and
    // `horizontal(r, c)` above it (r = side: the bottom edge).
    let vertical = |r: usize, c: usize| c == 0 || c == side || at(r, c - 1) != at(r, c);
    let horizontal = |r: usize, c: usize| r == 0 || r == side || at(r - 1, c) != at(r, c);
    let digit = crate::sudoku::digit_symbol;
    let mut out = String::new();
    for r in 0..=side {
        // The border line above row r.
        for c in 0..=side {
            let corner = (c > 0 && horizontal(r, c - 1))
                || (c < side && horizontal(r, c))
                || (r > 0 && vertical(r - 1, c))
                || (r < side && vertical(r, c));
            out.push(if corner { '+' } else { ' ' });
            if c < side {
                out.push_str(if horizontal(r, c) { "---" } else { "   " });
            }
        }
        push_line(&mut out);
        if r == side {
            break;
        }
        if let Some(label) = label {
            for c in 0..=side {
                out.push(if vertical(r, c) { '|' } else { ' ' });
                if c < side {
                    let text = label[r * side + c].as_deref().unwrap_or("");
                    out.push_str(&format!("{text:<3}"));
                }
            }
            push_line(&mut out);
        }
        for c in 0..=side {
            out.push(if vertical(r, c) { '|' } else { ' ' });
            if c < side {
                out.push(' ');
                out.push(digit(grid.get(r * side + c)));
                out.push(' ');
            }
        }
        push_line(&mut out);
    }
    out
}

/// Ends a line of the drawing, without its trailing spaces.
fn push_line(out: &mut String) {
    let kept = out.trim_end_matches(' ').len();
    out.truncate(kept);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use crate::sudoku::variant::record::toy_killer;
    use crate::sudoku::variant::Variants;
    use crate::sudoku::{Boxes, Record};

    #[test]
    fn a_killer_is_drawn_with_its_cages_and_sums() {
        let (puzzle, rules) = toy_killer("1234341221434321");
        let text = rules.draw(puzzle.grid());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "+---+---+---+---+");
        assert_eq!(lines[1], "|3      |9      |");
        assert_eq!(lines[2], "| 1   2 | 3   4 |");
        assert_eq!(lines[3], "+---+---+---+   +");
        assert_eq!(lines.len(), 1 + 4 * 3);
        // Every cell's digit is drawn, row by row.
        let digits: String = lines
            .iter()
            .skip(2)
            .step_by(3)
            .flat_map(|l| l.chars().filter(char::is_ascii_digit))
            .collect();
        assert_eq!(digits, "1234341221434321");
    }

    #[test]
    fn a_jigsaw_is_drawn_with_its_regions() {
        let jigsaw = Variants::parse("jigsaw").unwrap();
        let puzzle = Record::parse_variant_line(
            "1............... AABBACBBACDDCCDD",
            1,
            &jigsaw,
            None,
            Boxes::Usual,
        )
        .unwrap();
        let rules = puzzle.rules(&jigsaw, None).unwrap();
        let text = rules.draw(puzzle.grid());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "+---+---+---+---+");
        assert_eq!(lines[1], "| 1   . | .   . |");
        assert_eq!(lines[2], "+   +---+       +");
        assert_eq!(lines.len(), 9);
    }
}
