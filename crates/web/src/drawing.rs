//! A grid drawn as SVG, the page's counterpart of the CLI's `--draw`: the regions (boxes, or a
//! jigsaw's layout) between thick lines, a Killer's cages or a Su-domino-ku's dominoes inside
//! dashed lines, the extra regions of X and windoku shaded, the givens in black and the digits
//! the search filled in blue.

use std::fmt::Write;

/// What to draw of one grid, a value per cell in row-major order.
pub struct Drawing {
    /// Cells a row.
    pub side: usize,
    /// The symbol of each cell as given, `None` when empty.
    pub givens: Vec<Option<char>>,
    /// The symbol of each cell in the solution, when there is one.
    pub solution: Option<Vec<char>>,
    /// The region of each cell (its box, or its jigsaw region): thick lines between regions.
    pub regions: Vec<usize>,
    /// The piece of each cell (a cage, a domino), if the puzzle has pieces: dashed lines.
    pub pieces: Option<Vec<usize>>,
    /// A label written small in a cell's corner (a cage's sum), by cell.
    pub labels: Vec<Option<String>>,
    /// Cells shaded: the diagonals of X, the windows of windoku.
    pub shaded: Vec<bool>,
}

impl Drawing {
    /// The drawing as an SVG element, its size in pixels fitting about 540 whatever the side.
    pub fn to_svg(&self) -> String {
        let side = self.side.max(1);
        let cell = (540 / side).clamp(18, 56);
        let size = cell * side;
        let margin = 3;
        let mut svg = String::new();
        let full = size + 2 * margin;
        let _ = write!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {full} {full}\" \
             width=\"{full}\" height=\"{full}\" role=\"img\" aria-label=\"the grid\">\
             <g transform=\"translate({margin} {margin})\" font-family=\"sans-serif\">"
        );
        let at = |index: usize| ((index % side) * cell, (index / side) * cell);
        for (index, &shaded) in self.shaded.iter().enumerate() {
            if shaded {
                let (x, y) = at(index);
                let _ = write!(
                    svg,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"#e8eefb\"/>"
                );
            }
        }
        self.lines(&mut svg, cell);
        let font = cell * 3 / 5;
        for index in 0..side * side {
            let (x, y) = at(index);
            if let Some(Some(label)) = self.labels.get(index) {
                let _ = write!(
                    svg,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#a33\">{}</text>",
                    x + 3,
                    y + cell / 4 + 2,
                    (cell / 4).max(7),
                    escape(label)
                );
            }
            let given = self.givens.get(index).copied().flatten();
            let filled = self.solution.as_ref().and_then(|s| s.get(index).copied());
            let (symbol, class) = match (given, filled) {
                (Some(symbol), _) => (symbol, "given"),
                (None, Some(symbol)) if symbol != '.' && symbol != '0' => (symbol, "filled"),
                _ => continue,
            };
            let colour = if class == "given" { "#111" } else { "#1f5fbf" };
            let weight = if class == "given" { "bold" } else { "normal" };
            let _ = write!(
                svg,
                "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{font}\" \
                 font-weight=\"{weight}\" fill=\"{colour}\" text-anchor=\"middle\">{}</text>",
                x + cell / 2,
                y + cell / 2 + font * 7 / 20,
                escape(&symbol.to_string())
            );
        }
        svg.push_str("</g></svg>");
        svg
    }

    /// The grid's lines: thin between cells, dashed between pieces, thick between regions and
    /// around the grid.
    fn lines(&self, svg: &mut String, cell: usize) {
        let side = self.side;
        let size = cell * side;
        let differ = |of: &[usize], a: usize, b: usize| of.get(a) != of.get(b);
        for row in 0..side {
            for col in 0..side {
                let index = row * side + col;
                let (x, y) = (col * cell, row * cell);
                // The right edge, then the lower edge, of each cell inside the grid.
                let neighbours = [
                    (col + 1 < side, index + 1, (x + cell, y, x + cell, y + cell)),
                    (
                        row + 1 < side,
                        index + side,
                        (x, y + cell, x + cell, y + cell),
                    ),
                ];
                for (inside, other, (x1, y1, x2, y2)) in neighbours {
                    if !inside {
                        continue;
                    }
                    let style = if differ(&self.regions, index, other) {
                        "stroke=\"#222\" stroke-width=\"2.5\""
                    } else {
                        "stroke=\"#bbb\" stroke-width=\"1\""
                    };
                    let _ = write!(
                        svg,
                        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" {style}/>"
                    );
                    if self
                        .pieces
                        .as_ref()
                        .is_some_and(|p| differ(p, index, other))
                    {
                        let _ = write!(
                            svg,
                            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" \
                             stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>"
                        );
                    }
                }
            }
        }
        let _ = write!(
            svg,
            "<rect x=\"0\" y=\"0\" width=\"{size}\" height=\"{size}\" fill=\"none\" \
             stroke=\"#222\" stroke-width=\"3\"/>"
        );
    }
}

/// Text made safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_shows_each_symbol_once_and_thick_lines_between_regions_only() {
        // A 2x2 grid of two regions, the left column and the right; one given, three filled.
        let drawing = Drawing {
            side: 2,
            givens: vec![Some('1'), None, None, None],
            solution: Some(vec!['1', '2', '2', '1']),
            regions: vec![0, 1, 0, 1],
            pieces: None,
            labels: vec![Some("3".into()), None, None, None],
            shaded: vec![true, false, false, false],
        };
        let svg = drawing.to_svg();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"given\"").count(), 1);
        assert_eq!(svg.matches("class=\"filled\"").count(), 3);
        // Inside the grid: two vertical edges between the regions, two horizontal within them.
        assert_eq!(svg.matches("stroke-width=\"2.5\"").count(), 2);
        assert_eq!(svg.matches("stroke=\"#bbb\"").count(), 2);
        assert_eq!(svg.matches("fill=\"#e8eefb\"").count(), 1);
        assert!(svg.contains(">3</text>"), "the label is written");
    }
}
