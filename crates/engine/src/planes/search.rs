//! The planes' levels as the loop of the engines that deduce between guesses takes them
//! ([`crate::guesses`]), which gives them the loop and the cut for the split driver.

use super::{Level, Planes};
use crate::guesses::Guesses;
use crate::problem::OptionId;

impl Guesses for Planes {
    fn start(&mut self) -> bool {
        Planes::start(self)
    }

    fn branch(&mut self, level: usize) -> Option<u32> {
        let branch = Planes::branch(self, level)?;
        self.set_level(level, branch);
        Some(branch.degree)
    }

    fn next_option(&mut self, level: usize) -> Option<u32> {
        let mut here = self.path[level];
        let option = self.option_of(&mut here)?;
        here.tried += 1;
        self.path[level] = here;
        Some(option)
    }

    fn descend(&mut self, level: usize, option: u32) -> bool {
        Planes::descend(self, level, option)
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

    fn replayed(&mut self, level: usize) {
        let one = Level {
            degree: 1,
            tried: 1,
            taken: self.taken.len() as u32,
            ..Level::default()
        };
        self.set_level(level, one);
    }
}

impl Planes {
    /// Records the branch of `level`.
    fn set_level(&mut self, level: usize, branch: Level) {
        if self.path.len() <= level {
            self.path.resize(level + 1, Level::default());
        }
        self.path[level] = branch;
    }
}
