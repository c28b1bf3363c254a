//! Which box shape a puzzle read from text has. A text gives only the side (a line's length, a
//! grid's first row), and one side can have several box shapes: a 6x6 grid has boxes of 2x3 or
//! of 3x2, a 12x12 one of 3x4 or 4x3. So a reader gives each side its usual shape, unless told
//! the one every puzzle has (as `dlx generate --box 3x2` writes them).

use super::grid::Shape;

/// The box shape a reader gives the puzzles it reads.
///
/// ```
/// use dlx_puzzles::sudoku::{Boxes, Shape, Grid};
///
/// // 36 symbols: a 6x6 grid, read with its usual boxes of 2 rows and 3 columns...
/// let line = "1.....4.....2.....5.....3.....6.....";
/// let usual = Grid::parse_line_with_boxes(line, 1, Boxes::Usual).unwrap();
/// assert_eq!(usual.shape(), Shape::new(2, 3).unwrap());
/// // ... or with boxes of 3 rows and 2 columns, when told so.
/// let tall = Boxes::Given(Shape::new(3, 2).unwrap());
/// assert_eq!(Grid::parse_line_with_boxes(line, 1, tall).unwrap().shape(), Shape::new(3, 2).unwrap());
/// // A puzzle of another side is an error.
/// assert!(Grid::parse_line_with_boxes(&".".repeat(81), 1, tall).is_err());
/// // A prime side has no usual shape: only boxes given (a row each) read it.
/// let five = ".".repeat(25);
/// assert!(Grid::parse_line_with_boxes(&five, 1, Boxes::Usual).is_err());
/// assert!(Grid::parse_line_with_boxes(&five, 1, Boxes::Given(Shape::new(1, 5).unwrap())).is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Boxes {
    /// Each side's usual shape, [`Shape::for_side`]: square boxes for a square side (4: 2x2,
    /// 9: 3x3, 16: 4x4), else boxes as square as possible and wider than tall (6: 2x3, 8: 2x4,
    /// 10: 2x5, 12: 3x4). A prime side, and a side below 4, has none.
    #[default]
    Usual,
    /// This shape for every puzzle: a puzzle of another side is an error.
    Given(Shape),
}

impl Boxes {
    /// The shape of a puzzle of `side` cells a row: `None` when the side has no usual shape, or
    /// is not the side of the shape given.
    pub fn shape_for_side(self, side: usize) -> Option<Shape> {
        match self {
            Boxes::Usual => Shape::for_side(side).ok(),
            Boxes::Given(shape) => (shape.side() == side).then_some(shape),
        }
    }

    /// The shape of a puzzle of `cells` cells (`N·N` for a side `N`), if it has one (see
    /// [`Boxes::shape_for_side`]).
    pub fn shape_for_cells(self, cells: usize) -> Option<Shape> {
        let side = (cells as f64).sqrt().round() as usize;
        if side * side != cells {
            return None;
        }
        self.shape_for_side(side)
    }

    /// Whether `shape` is the one readers give its side unless told otherwise: a puzzle of
    /// another shape, written in a format that cannot say its boxes, reads back only with its
    /// shape given.
    pub fn is_usual(shape: Shape) -> bool {
        Shape::for_side(shape.side()) == Ok(shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_has_one_usual_shape_and_a_given_shape_its_side_alone() {
        let tall = Shape::new(3, 2).unwrap();
        assert_eq!(Boxes::Usual.shape_for_side(6), Shape::new(2, 3).ok());
        assert_eq!(Boxes::Given(tall).shape_for_side(6), Some(tall));
        assert_eq!(Boxes::Given(tall).shape_for_side(9), None);
        assert_eq!(Boxes::Usual.shape_for_cells(36), Shape::new(2, 3).ok());
        assert_eq!(Boxes::Usual.shape_for_cells(35), None);
        assert_eq!(Boxes::Usual.shape_for_side(5), None);
        assert!(Boxes::is_usual(Shape::new(2, 3).unwrap()));
        assert!(!Boxes::is_usual(tall));
        assert!(!Boxes::is_usual(Shape::new(1, 5).unwrap()));
        for side in [4, 6, 8, 9, 10, 12, 16, 25] {
            let usual = Boxes::Usual.shape_for_side(side).unwrap();
            assert!(Boxes::is_usual(usual), "{side}");
            assert!(usual.box_rows() <= usual.box_cols(), "{side}");
        }
    }
}
