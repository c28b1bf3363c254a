//! The symmetries a generated puzzle's givens can keep, and the orbits of cells they make: the
//! generator removes a whole orbit at a time, so the pattern of givens keeps the symmetry.

use super::grid::Shape;

/// A symmetry of the pattern of givens (of the square of cells, not of the digits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Unchanged by a half turn about the centre.
    Rotate180,
    /// Unchanged by a quarter turn.
    Rotate90,
    /// Unchanged by the left-right mirror.
    Mirror,
    /// Unchanged by the reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// The images of a cell under the symmetry's group, the cell itself among them.
    fn images(self, shape: Shape, cell: usize) -> Vec<usize> {
        let last = shape.side() - 1;
        let (row, col) = (shape.row_of(cell), shape.col_of(cell));
        let at = |r: usize, c: usize| shape.cell(r, c);
        match self {
            Symmetry::None => vec![cell],
            Symmetry::Rotate180 => vec![cell, at(last - row, last - col)],
            Symmetry::Rotate90 => vec![
                cell,
                at(col, last - row),
                at(last - row, last - col),
                at(last - col, row),
            ],
            Symmetry::Mirror => vec![cell, at(row, last - col)],
            Symmetry::Diagonal => vec![cell, at(col, row)],
        }
    }

    /// Every orbit of the shape's cells, each sorted and listed once, in the order of its first
    /// cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = vec![false; shape.cell_count()];
        let mut orbits = Vec::new();
        for cell in 0..shape.cell_count() {
            if seen[cell] {
                continue;
            }
            let mut orbit = self.images(shape, cell);
            orbit.sort_unstable();
            orbit.dedup();
            for &member in &orbit {
                seen[member] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the filled cells of `cells` (0 for empty) form a pattern this symmetry keeps.
    pub fn is_kept_by(self, shape: Shape, cells: &[u8]) -> bool {
        (0..cells.len()).all(|cell| {
            self.images(shape, cell)
                .into_iter()
                .all(|image| (cells[image] == 0) == (cells[cell] == 0))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells() {
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 3).unwrap(),
            Shape::new(4, 4).unwrap(),
        ] {
            for symmetry in [
                Symmetry::None,
                Symmetry::Rotate180,
                Symmetry::Rotate90,
                Symmetry::Mirror,
                Symmetry::Diagonal,
            ] {
                let orbits = symmetry.orbits(shape);
                let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..shape.cell_count()).collect::<Vec<_>>());
                // Emptying any one orbit of a full pattern keeps the symmetry.
                for orbit in &orbits {
                    let mut pattern = vec![1u8; shape.cell_count()];
                    for &cell in orbit {
                        pattern[cell] = 0;
                    }
                    assert!(symmetry.is_kept_by(shape, &pattern), "{symmetry:?}");
                }
            }
        }
    }

    #[test]
    fn the_classic_grid_has_41_half_turn_orbits_and_21_quarter_turn_ones() {
        assert_eq!(Symmetry::Rotate180.orbits(Shape::CLASSIC).len(), 41);
        assert_eq!(Symmetry::Rotate90.orbits(Shape::CLASSIC).len(), 21);
        assert_eq!(Symmetry::Mirror.orbits(Shape::CLASSIC).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(Shape::CLASSIC).len(), 45);
        let mut lopsided = vec![0u8; 81];
        lopsided[0] = 1;
        assert!(!Symmetry::Rotate180.is_kept_by(Shape::CLASSIC, &lopsided));
        assert!(Symmetry::Diagonal.is_kept_by(Shape::CLASSIC, &lopsided));
    }
}
