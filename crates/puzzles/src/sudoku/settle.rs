//! The classic rules' deductions on bitmasks, run before a search: the givens marked in their
//! units, then naked and hidden singles and locked candidates in turn until neither changes
//! anything. What they leave (a grid with the singles filled, each empty cell's candidates) is
//! the problem the exact-cover search is given: a fraction of the full matrix, settled at a
//! few instructions a placement where an engine pays a row of its matrix.

use super::digits::DigitSet;
use super::grid::{Grid, Shape};
use super::locked::Segments;
use super::singles::{fill_singles, mark_givens, open_candidates, Units};

/// The deductions' buffers for one shape, kept across puzzles.
#[derive(Clone, Debug)]
pub(crate) struct Settler {
    units: Units,
    /// The puzzle with its singles filled.
    settled: Grid,
    /// The digits each unit holds.
    used: Vec<DigitSet>,
    /// Each cell's digits left, narrowed by the singles and the locked candidates.
    candidates: Vec<DigitSet>,
    segments: Segments,
}

impl Settler {
    pub(crate) fn new(shape: Shape) -> Settler {
        Settler {
            units: Units::new(shape),
            settled: Grid::empty(shape),
            used: Vec::new(),
            candidates: Vec::new(),
            segments: Segments::new(shape),
        }
    }

    /// Marks the givens in their units, then settles singles and locked candidates in turn
    /// until neither changes anything, leaving the result in [`Settler::settled`] and
    /// [`Settler::candidates`] (each empty cell's digits left, within `allowed` when given).
    /// `false`: no solution (givens that clash, found while marking them, or a contradiction
    /// among the singles).
    pub(crate) fn settle(&mut self, puzzle: &Grid, allowed: Option<&[DigitSet]>) -> bool {
        let units = &self.units;
        let used = &mut self.used;
        if !mark_givens(units, puzzle.cells(), used) {
            return false;
        }
        self.settled.clone_from(puzzle);
        open_candidates(units, self.settled.cells(), used, &mut self.candidates);
        if let Some(allowed) = allowed {
            for (open, &allowed) in self.candidates.iter_mut().zip(allowed) {
                *open &= allowed;
            }
        }
        loop {
            if !fill_singles(units, self.settled.cells_mut(), used, &mut self.candidates) {
                return false;
            }
            if !self.segments.strike_locked(&mut self.candidates) {
                return true;
            }
        }
    }

    /// The units of the shape.
    pub(crate) fn units(&self) -> &Units {
        &self.units
    }

    /// The last puzzle settled, its singles filled.
    pub(crate) fn settled(&self) -> &Grid {
        &self.settled
    }

    /// The digits each unit holds in [`Settler::settled`].
    pub(crate) fn used(&self) -> &[DigitSet] {
        &self.used
    }

    /// Each cell's digits left (none for a filled cell).
    pub(crate) fn candidates(&self) -> &[DigitSet] {
        &self.candidates
    }
}
