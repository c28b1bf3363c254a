//! Sudoku of every box shape: the grid model, its text formats, the exact-cover encoding, the
//! backtracking baseline and the cross-hatching pass.

mod grid;

pub use grid::{CellName, Grid, GridError, Shape, ShapeError, Unit, MAX_SIDE};
