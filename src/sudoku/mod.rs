//! Sudoku of every box shape: the grid model, its text formats, the exact-cover encoding, the
//! backtracking baseline and the cross-hatching pass.

mod crosshatch;
mod grid;

pub use crosshatch::{
    cross_hatch, cross_hatch_in_place, Contradiction, CrossHatch, Deduction, Why,
};
pub use grid::{CellName, Grid, GridError, Shape, ShapeError, Unit, MAX_SIDE};
