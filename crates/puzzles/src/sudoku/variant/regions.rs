//! A jigsaw layout: the region of every cell, read from N·N symbols (each symbol names a region
//! of exactly N cells, connected or not), on one line or over several.

use super::field_error::FieldErrorKind;
use crate::sudoku::grid::MAX_SIDE;
use crate::sudoku::parse_error::ParseError;

/// The region of each cell, row-major; regions numbered `0..N` in the order their symbols first
/// appear.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    side: usize,
    region_of: Vec<u8>,
    symbols: Vec<char>,
}

/// Every symbol of a layout's text with its line and column (1-based; the text's first line
/// starting at `first_column`), comment lines left out.
fn placed_symbols(
    text: &str,
    first_line: usize,
    first_column: usize,
) -> Result<Vec<(char, usize, usize)>, ParseError> {
    let mut placed = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let offset = if k == 0 { first_column - 1 } else { 0 };
        for (column, symbol) in line.chars().enumerate() {
            if symbol.is_whitespace() {
                continue;
            }
            let at = |kind: FieldErrorKind| kind.at(first_line + k, offset + column + 1);
            if !symbol.is_ascii_graphic() {
                return Err(at(FieldErrorKind::LayoutSymbol {
                    found: symbol.to_string(),
                }));
            }
            placed.push((symbol, first_line + k, offset + column + 1));
        }
    }
    Ok(placed)
}

impl Regions {
    /// Reads a layout: its symbols are every character but whitespace, row-major; lines
    /// starting with `#` are comments. `first_line` and `first_column` place the text in its
    /// file (1-based). `side` is the puzzle's side when known; otherwise the count of symbols
    /// tells it.
    pub fn parse(
        text: &str,
        first_line: usize,
        first_column: usize,
        side: Option<usize>,
    ) -> Result<Regions, ParseError> {
        let placed = placed_symbols(text, first_line, first_column)?;
        let found = placed.len();
        let inferred = (found as f64).sqrt().round() as usize;
        let side_ok = match side {
            Some(n) => n * n == found,
            None => inferred * inferred == found && (2..=MAX_SIDE).contains(&inferred),
        };
        if !side_ok {
            let (line, column) = placed
                .first()
                .map_or((first_line, first_column), |p| (p.1, p.2));
            return Err(FieldErrorKind::LayoutLength {
                found,
                expected: side,
            }
            .at(line, column));
        }
        let side = side.unwrap_or(inferred);
        let mut symbols: Vec<char> = Vec::new();
        let mut counts: Vec<usize> = Vec::new();
        let mut region_of = Vec::with_capacity(found);
        for &(symbol, line, column) in &placed {
            let region = match symbols.iter().position(|&s| s == symbol) {
                Some(region) => region,
                None if symbols.len() == side => {
                    return Err(FieldErrorKind::TooManyRegions {
                        found: side + 1,
                        side,
                    }
                    .at(line, column))
                }
                None => {
                    symbols.push(symbol);
                    counts.push(0);
                    symbols.len() - 1
                }
            };
            counts[region] += 1;
            region_of.push(region as u8);
        }
        // A region of the wrong size is placed at its first cell past N, or at its first cell
        // when it has too few.
        for (region, &count) in counts.iter().enumerate() {
            if count != side {
                let nth = if count > side { side } else { 0 };
                let (_, line, column) = placed
                    .iter()
                    .filter(|p| p.0 == symbols[region])
                    .nth(nth)
                    .copied()
                    .expect("the region has that many cells");
                return Err(FieldErrorKind::WrongRegionSize {
                    found: symbols[region],
                    count,
                    side,
                }
                .at(line, column));
            }
        }
        Ok(Regions {
            side,
            region_of,
            symbols,
        })
    }

    /// The side N of the grid the layout is for.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The region of a cell (`0..N`).
    pub fn region_of(&self, cell: usize) -> usize {
        usize::from(self.region_of[cell])
    }

    /// The symbol that names a region in the layout's text.
    pub fn symbol(&self, region: usize) -> char {
        self.symbols[region]
    }

    /// Each region's cells, row-major, regions in order.
    pub fn cells_by_region(&self) -> Vec<Vec<usize>> {
        let mut regions = vec![Vec::with_capacity(self.side); self.side];
        for (cell, &region) in self.region_of.iter().enumerate() {
            regions[usize::from(region)].push(cell);
        }
        regions
    }

    /// The layout as one line of N·N symbols, as it is read.
    pub fn to_line(&self) -> String {
        self.region_of
            .iter()
            .map(|&r| self.symbols[usize::from(r)])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_reads_on_one_line_or_as_a_grid() {
        let one_line = Regions::parse("AABBAABBCCDDCCDD", 1, 1, None).unwrap();
        let grid = Regions::parse("# boxes\nAABB\nAABB\nCCDD\nCCDD\n", 1, 1, Some(4)).unwrap();
        assert_eq!(one_line, grid);
        assert_eq!(grid.side(), 4);
        assert_eq!(grid.cells_by_region()[1], [2, 3, 6, 7]);
        assert_eq!(grid.to_line(), "AABBAABBCCDDCCDD");
    }

    #[test]
    fn a_region_of_the_wrong_size_is_placed_at_its_extra_cell() {
        let error = Regions::parse("AABB\nAABA\nCCDD\nCCDD\n", 3, 1, None).unwrap_err();
        assert_eq!((error.line, error.column), (4, 4));
        assert!(matches!(
            error.field_kind(),
            FieldErrorKind::WrongRegionSize {
                found: 'A',
                count: 5,
                side: 4
            }
        ));
        let error = Regions::parse("AABBAABBCCDDCCDE", 1, 18, None).unwrap_err();
        assert!(matches!(
            error.field_kind(),
            FieldErrorKind::TooManyRegions { .. }
        ));
        assert_eq!(error.column, 18 + 15);
        let error = Regions::parse("AABBAABB", 1, 1, Some(4)).unwrap_err();
        assert!(error.to_string().contains("16 for this puzzle"), "{error}");
    }
}
