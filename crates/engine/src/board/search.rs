//! The board's levels as the loop of the engines that deduce between guesses takes them
//! ([`crate::guesses`]), which gives them the loop and the cut for the split driver.

use super::{Board, Level};
use crate::guesses::Guesses;
use crate::problem::OptionId;

impl Guesses for Board {
    fn start(&mut self) -> bool {
        Board::start(self)
    }

    /// The item of fewest live options (the first in input order on ties).
    fn branch(&mut self, level: usize) -> Option<u32> {
        let (item, degree) = self.least(level)?;
        self.path[level] = Level {
            item,
            next: 0,
            degree,
            tried: 0,
            taken: self.taken.len() as u32,
        };
        Some(degree)
    }

    /// The item's live options in input order.
    fn next_option(&mut self, level: usize) -> Option<u32> {
        let here = self.path[level];
        let (option, next) = Board::next_option(self, level, here.item, here.next)?;
        let here = &mut self.path[level];
        here.next = next;
        here.tried += 1;
        Some(option)
    }

    fn descend(&mut self, level: usize, option: u32) -> bool {
        Board::descend(self, level, option)
    }

    fn taken(&self) -> &[OptionId] {
        &self.taken
    }

    fn back_to(&mut self, level: usize) {
        self.taken.truncate(self.path[level].taken as usize);
    }

    fn choice(&self, level: usize) -> (u32, u32) {
        (self.path[level].tried, self.path[level].degree)
    }

    fn deductions(&mut self) -> &mut crate::guesses::Deductions {
        &mut self.deductions
    }

    fn last_deductions(&mut self) -> &mut crate::guesses::Deductions {
        &mut self.last_deductions
    }

    fn replayed(&mut self, level: usize) {
        self.path[level] = Level {
            degree: 1,
            tried: 1,
            taken: self.taken.len() as u32,
            ..Level::default()
        };
    }
}
