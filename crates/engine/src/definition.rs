//! Whether a set of options solves a problem, read off the definition alone: the check every
//! answer can be put to without trusting the engine that found it (the tests' oracle, the
//! page's validation of what it shows).

use super::problem::{Colour, ItemKind, OptionId, Problem};

impl Problem {
    /// Whether `options` are a solution by the definition: each primary item covered within
    /// its bounds (exactly once without), each secondary item at most once uncoloured or any
    /// number of times in one colour.
    ///
    /// ```
    /// use dlx_engine::{OptionId, Problem};
    ///
    /// let problem = Problem::parse("A B C\nA B\nC\nA\nB C\n").unwrap();
    /// assert!(problem.is_solution(&[OptionId(0), OptionId(1)]));
    /// assert!(!problem.is_solution(&[OptionId(0), OptionId(3)]), "B twice, C never");
    /// ```
    pub fn is_solution(&self, options: &[OptionId]) -> bool {
        let n = self.item_count();
        let mut times = vec![0u32; n];
        let mut uncoloured = vec![0u32; n];
        let mut colour: Vec<Option<Colour>> = vec![None; n];
        for &option in options {
            if option.index() >= self.option_count() {
                return false;
            }
            let entries = self.option_items(option).iter();
            for (&item, given) in entries.zip(self.option_colours(option)) {
                let i = item.index();
                times[i] += 1;
                match given {
                    None => uncoloured[i] += 1,
                    Some(c) if colour[i].is_some_and(|seen| seen != c) => return false,
                    Some(c) => colour[i] = Some(c),
                }
            }
        }
        self.items().all(|item| {
            let i = item.index();
            match self.item_kind(item) {
                ItemKind::Primary => {
                    let bounds = self.item_bounds(item);
                    (bounds.lower()..=bounds.upper()).contains(&times[i])
                }
                ItemKind::Secondary => uncoloured[i] == 0 || times[i] == 1,
            }
        })
    }
}
