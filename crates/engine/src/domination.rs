//! The item-domination rule, a propagation pass that holds for every exact-cover problem, with
//! or without colours: when every live option of a primary item A also covers item B, the
//! option a solution takes for A covers B, so no other option of B (one that does not cover A)
//! can be in that solution with it: those options die. Run to a fixpoint, it also takes the
//! forced moves (a primary item with one live option dominates every item of that option) and
//! finds a dead end (a primary item with no live option left).
//!
//! On Sudoku's matrix (items: cells, row-digits, column-digits, box-digits) a box-digit whose
//! options all lie in one row dominates that row-digit: its other options in the row die, which
//! is the "pointing" form of locked candidates; a row-digit within one box dominates the
//! box-digit ("claiming"); a cell with one candidate, or a unit with one place for a digit,
//! is a single. Nothing in this file knows Sudoku: the solvers that want the pass run it on
//! their problem.
//!
//! A secondary item B with colours is dominated only when A's live options agree on B's
//! colour; the options of B that die are those that would clash with it (another colour, or
//! none). Problems with multiplicities (bounds) are left alone: the rule is for items covered
//! exactly once.

use super::problem::{Colour, ItemId, ItemKind, OptionId, Problem};

/// How an option that covers A meets item B: `None` when B is not in the option.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Meets {
    /// B is primary, or secondary without a colour: no other option may cover it.
    Alone,
    /// B is secondary with this colour: other options of that colour may share it.
    Coloured(Colour),
}

/// The pass over one problem: which options are still live, and the options of each item.
struct Domination<'a> {
    problem: &'a Problem,
    live: Vec<bool>,
    /// The options of each item, in order.
    options_of: Vec<Vec<OptionId>>,
}

impl<'a> Domination<'a> {
    fn new(problem: &'a Problem) -> Domination<'a> {
        let mut options_of = vec![Vec::new(); problem.item_count()];
        for option in problem.options() {
            for &item in problem.option_items(option) {
                options_of[item.index()].push(option);
            }
        }
        Domination {
            problem,
            live: vec![true; problem.option_count()],
            options_of,
        }
    }

    /// How `option` meets `item`, if it covers it.
    fn meets(&self, option: OptionId, item: ItemId) -> Option<Meets> {
        let problem = self.problem;
        let at = problem
            .option_items(option)
            .iter()
            .position(|&i| i == item)?;
        Some(match problem.entry_colour(option, at) {
            Some(colour) => Meets::Coloured(colour),
            None => Meets::Alone,
        })
    }

    /// The items every live option of `dominant` covers, each with how they meet it (when
    /// they all meet it alike), `dominant` itself aside; `None` when `dominant` has no live
    /// option.
    fn dominated_by(&self, dominant: ItemId) -> Option<Vec<(ItemId, Meets)>> {
        let mut live = self.options_of[dominant.index()]
            .iter()
            .copied()
            .filter(|option| self.live[option.index()]);
        let first = live.next()?;
        let problem = self.problem;
        let mut common: Vec<(ItemId, Meets)> = problem
            .option_items(first)
            .iter()
            .zip(problem.option_colours(first))
            .filter(|&(&item, _)| item != dominant)
            .map(|(&item, colour)| (item, colour.map_or(Meets::Alone, Meets::Coloured)))
            .collect();
        for option in live {
            common.retain(|&(item, meets)| self.meets(option, item) == Some(meets));
            if common.is_empty() {
                break;
            }
        }
        Some(common)
    }

    /// Kills the options of `item` that do not cover `dominant` and clash with `meets`;
    /// whether any died.
    fn kill_beside(&mut self, dominant: ItemId, item: ItemId, meets: Meets) -> bool {
        let mut killed = false;
        for k in 0..self.options_of[item.index()].len() {
            let option = self.options_of[item.index()][k];
            if !self.live[option.index()] || self.meets(option, dominant).is_some() {
                continue;
            }
            let clashes = match (meets, self.meets(option, item)) {
                (Meets::Coloured(colour), Some(Meets::Coloured(other))) => colour != other,
                _ => true,
            };
            if clashes {
                self.live[option.index()] = false;
                killed = true;
            }
        }
        killed
    }

    /// Applies the rule for every primary item until nothing changes; `false` when some
    /// primary item is left with no live option.
    fn run(&mut self) -> bool {
        let problem = self.problem;
        let primaries: Vec<ItemId> = problem
            .items()
            .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &dominant in &primaries {
                let Some(dominated) = self.dominated_by(dominant) else {
                    return false;
                };
                for (item, meets) in dominated {
                    changed |= self.kill_beside(dominant, item, meets);
                }
            }
        }
        true
    }
}

impl Problem {
    /// The options the item-domination rule removes (see `domination.rs`): options that are in
    /// no solution because some primary item's every live option covers one of their items, run
    /// until nothing more goes, in the order of the problem's options. `None` when the rule
    /// leaves some primary item without an option: the problem has no solution. A problem with
    /// multiplicities (bounds) gets no option removed.
    ///
    /// ```
    /// use dlx_engine::{OptionId, Problem};
    ///
    /// // Every option of `a` covers `b`: the option `b c` dies; `c` is then forced.
    /// let problem = Problem::parse("a b c\na b\nb c\nc\n").unwrap();
    /// assert_eq!(problem.dominated_options(), Some(vec![OptionId(1)]));
    /// // Here `a`'s only option covers `b`, whose other option was `c`'s only one.
    /// let stuck = Problem::parse("a b c\na b\nb c\n").unwrap();
    /// assert_eq!(stuck.dominated_options(), None);
    /// ```
    pub fn dominated_options(&self) -> Option<Vec<OptionId>> {
        if self.has_bounds() {
            return Some(Vec::new());
        }
        let mut pass = Domination::new(self);
        if !pass.run() {
            return None;
        }
        Some(
            self.options()
                .filter(|option| !pass.live[option.index()])
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::conformance::{brute_force, random_problems, seed};
    use crate::{OptionId, Problem};

    #[test]
    fn removed_options_are_in_no_solution_and_a_dead_end_has_none() {
        let seed = seed();
        let mut removed_any = 0;
        let mut dead_ends = 0;
        for (case, problem) in random_problems(seed, 400).enumerate() {
            if problem.has_bounds() {
                assert_eq!(problem.dominated_options(), Some(Vec::new()));
                continue;
            }
            let solutions = brute_force(&problem);
            let context = format!("seed {seed} (DLX_CONFORMANCE_SEED), case {case}: {problem:?}");
            match problem.dominated_options() {
                None => {
                    assert!(solutions.is_empty(), "a dead end with solutions: {context}");
                    dead_ends += 1;
                }
                Some(removed) => {
                    removed_any += usize::from(!removed.is_empty());
                    for solution in &solutions {
                        let used: Vec<&OptionId> =
                            solution.iter().filter(|o| removed.contains(o)).collect();
                        assert!(
                            used.is_empty(),
                            "{used:?} removed from a solution: {context}"
                        );
                    }
                }
            }
        }
        // The generator's problems are small and dense: the rule bites on many.
        assert!(
            removed_any > 20 && dead_ends > 0,
            "{removed_any} {dead_ends}"
        );
    }

    #[test]
    fn a_unit_of_one_place_and_a_pointing_pair_are_found() {
        // A digit's box `B` has two places, both in row `R`: the row's third place (the
        // option `R C3`) dies, and `C3` is left to its only option.
        let problem = Problem::parse(
            "B R C1 C2 C3\n\
             B R C1\n\
             B R C2\n\
             R C3\n\
             C3\n\
             C1\n\
             C2\n",
        )
        .unwrap();
        assert_eq!(problem.dominated_options(), Some(vec![OptionId(2)]));
        // Colours: `a`'s options agree on x's colour 0; the option giving x colour 1 dies,
        // the one giving it 0 stays.
        let coloured = Problem::parse("a b | x\na x:0\na b x:0\nb x:1\nb x:0\n").unwrap();
        assert_eq!(coloured.dominated_options(), Some(vec![OptionId(2)]));
    }
}
