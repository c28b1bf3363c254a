//! What a search gives back, for every puzzle family alike: an answer, the search's figures and
//! why it stopped; and the three questions (first solution, count, uniqueness) written once
//! over any search that takes a solution limit.
//!
//! The engine answers them for a [`Dlx`](super::Dlx); Sudoku's solvers and Sudominoku answer
//! them for their own solutions (grids) by handing these functions their own search, so a
//! caller reads the same [`Outcome`], [`Uniqueness`] and [`Count`] whatever it solved.

use super::progress::ProgressSink;
use std::fmt;

/// The search's figures, counted as DLX1 counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// One per entry to a level, plus one per solution found. (The backtracking baselines
    /// count digits placed.)
    pub nodes: u64,
    /// One per item unlinked by cover, plus one per node hidden. Zero for searches without
    /// links.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// As Knuth's DLX2 and DLX3 count them: one each time a colour is imposed on a secondary
    /// item (purified), plus one for each node of the same colour whose constraint that
    /// satisfies. Zero for problems without colours.
    pub cleansings: u64,
    /// Options the engines that deduce between guesses (the board, the planes, the bands) took
    /// because an item had no other live option: singles, which are no nodes there. Zero for
    /// the others. Carried with the nodes so that a split search sums them as it sums the nodes.
    pub forced: u64,
    /// What those engines' domination rule removed (locked candidates and more): options on the
    /// board and the planes, a digit's band narrowed on the bands. Zero for the others.
    pub pruned: u64,
}

impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.cleansings += other.cleansings;
        self.forced += other.forced;
        self.pruned += other.pruned;
    }
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stop {
    /// The whole tree was explored: every solution was found.
    #[default]
    Exhausted,
    /// The number of solutions asked for was found: more may exist.
    SolutionLimit,
    /// The visitor asked to stop (its break value is the outcome's answer).
    Visitor,
    /// The node budget ran out before the tree was explored: more solutions may exist, and a
    /// question the search was asked may be undecided.
    NodeBudget,
    /// A stop flag was raised ([`super::StopFlag`]: a signal, another thread) before the tree was
    /// explored: as under [`Stop::NodeBudget`], the answer is only what was found so far.
    Interrupted,
}

/// An answer with the search that gave it: what every search of the crate returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome<T> {
    /// What was asked for: a solution, a count, a uniqueness verdict, a visitor's break value.
    pub answer: T,
    /// Nodes, updates and solutions, summed over every search the answer took.
    pub stats: SearchStats,
    /// Why the (last) search ended.
    pub stop: Stop,
}

impl<T> Outcome<T> {
    /// Whether the search saw the whole tree (so a count is the number of solutions).
    pub fn is_complete(&self) -> bool {
        self.stop == Stop::Exhausted
    }

    /// Whether the node budget ran out: the answer is what was found so far, and a question
    /// it cannot settle (is there a solution? is it unique?) is undecided.
    pub fn ran_out_of_nodes(&self) -> bool {
        self.stop == Stop::NodeBudget
    }

    /// Whether the search was cut before it could settle its question: the node budget ran out
    /// or a stop flag was raised. A count is then a lower bound, and "no solution" or "unique"
    /// is only what was seen: undecided.
    pub fn cut_short(&self) -> bool {
        matches!(self.stop, Stop::NodeBudget | Stop::Interrupted)
    }

    /// The same search with its answer turned into another.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        Outcome {
            answer: f(self.answer),
            stats: self.stats,
            stop: self.stop,
        }
    }
}

/// Whether a problem has no solution, exactly one, or more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness<T> {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(T),
    /// At least two solutions; the first one found is kept.
    Multiple(T),
}

impl<T> Uniqueness<T> {
    /// The solution kept, if any.
    pub fn solution(&self) -> Option<&T> {
        match self {
            Uniqueness::None => None,
            Uniqueness::Unique(solution) | Uniqueness::Multiple(solution) => Some(solution),
        }
    }

    /// The same verdict with its solution turned into another form (options into a grid).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Uniqueness<U> {
        match self {
            Uniqueness::None => Uniqueness::None,
            Uniqueness::Unique(solution) => Uniqueness::Unique(f(solution)),
            Uniqueness::Multiple(solution) => Uniqueness::Multiple(f(solution)),
        }
    }
}

/// A number of solutions, and whether it is all of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// `false` when `solutions` is only a lower bound: the search stopped at a limit, a node
    /// budget, a stop flag or a visitor's request before the tree was exhausted.
    pub complete: bool,
}

impl Count {
    /// An exact count.
    pub fn exactly(solutions: u64) -> Count {
        Count {
            solutions,
            complete: true,
        }
    }

    /// A lower bound.
    pub fn at_least(solutions: u64) -> Count {
        Count {
            solutions,
            complete: false,
        }
    }
}

/// `N` for an exact count, `N+` for a lower bound: the one convention every command prints.
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.complete {
            write!(f, "{}", self.solutions)
        } else {
            write!(f, "{}+", self.solutions)
        }
    }
}

/// The three questions asked of any search that takes a solution limit and hands each solution
/// to a callback: a puzzle family answers them for its own solutions (grids) through these, so
/// its callers read the same [`Outcome`], [`Uniqueness`] and [`Count`] as the engine's.
impl Outcome<()> {
    /// The first solution, if any, from `search`, a search asked for at most the given number of
    /// solutions that hands each to the callback. `S` is how a solution is seen (`[OptionId]`, a
    /// `Grid`); the answer keeps an owned copy.
    pub fn first_solution<S: ToOwned + ?Sized>(
        search: impl FnOnce(u64, &mut dyn FnMut(&S)) -> Outcome<()>,
    ) -> Outcome<Option<S::Owned>> {
        let mut found = None;
        let outcome = search(1, &mut |solution| {
            if found.is_none() {
                found = Some(solution.to_owned());
            }
        });
        outcome.map(|()| found)
    }

    /// The number of solutions of `search`, counting stopped at `limit` if given: exact when the
    /// search saw the whole tree.
    pub fn count_solutions<S: ?Sized>(
        limit: Option<u64>,
        search: impl FnOnce(u64, &mut dyn FnMut(&S)) -> Outcome<()>,
    ) -> Outcome<Count> {
        let outcome = search(limit.unwrap_or(u64::MAX), &mut |_| {});
        let count = Count {
            solutions: outcome.stats.solutions,
            complete: outcome.is_complete(),
        };
        outcome.map(|()| count)
    }

    /// Whether `search` has no solution, one, or several: it is asked for two at most. Under a
    /// node budget or a stop flag, [`Outcome::cut_short`] says whether `None` or `Unique` is only
    /// what was seen; `Multiple` is always decided.
    pub fn uniqueness<S: ToOwned + ?Sized>(
        search: impl FnOnce(u64, &mut dyn FnMut(&S)) -> Outcome<()>,
    ) -> Outcome<Uniqueness<S::Owned>> {
        let mut first = None;
        let outcome = search(2, &mut |solution| {
            if first.is_none() {
                first = Some(solution.to_owned());
            }
        });
        let solutions = outcome.stats.solutions;
        outcome.map(|()| match (first, solutions) {
            (None, _) => Uniqueness::None,
            (Some(solution), 1) => Uniqueness::Unique(solution),
            (Some(solution), _) => Uniqueness::Multiple(solution),
        })
    }

    /// [`Outcome::count_solutions`] of a search told where to report its position: `progress`
    /// when its [`ProgressSink::begin`] takes this count (ended by [`ProgressSink::end`]), else
    /// nowhere.
    pub fn count_reporting<S: ?Sized>(
        limit: Option<u64>,
        progress: &dyn ProgressSink,
        search: impl FnOnce(u64, Option<&dyn ProgressSink>, &mut dyn FnMut(&S)) -> Outcome<()>,
    ) -> Outcome<Count> {
        let progress = progress.begin().then_some(progress);
        let outcome = Outcome::count_solutions(limit, |max, visit| search(max, progress, visit));
        if let Some(sink) = progress {
            sink.end();
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pretend search over the solutions `0..total`, cut after `budget` of them, asked for
    /// `max` of them.
    fn over(total: u64, budget: u64, max: u64, visit: &mut dyn FnMut(&u64)) -> Outcome<()> {
        let mut stats = SearchStats::default();
        let stop = |stats, stop| Outcome {
            answer: (),
            stats,
            stop,
        };
        for solution in 0..total {
            if stats.solutions == budget {
                return stop(stats, Stop::NodeBudget);
            }
            stats.solutions += 1;
            visit(&solution);
            if stats.solutions == max {
                return stop(stats, Stop::SolutionLimit);
            }
        }
        stop(stats, Stop::Exhausted)
    }

    #[test]
    fn the_three_questions_read_the_search() {
        assert_eq!(
            Outcome::first_solution(|max, visit| over(0, 9, max, visit)).answer,
            None
        );
        assert_eq!(
            Outcome::first_solution(|max, visit| over(3, 9, max, visit)).answer,
            Some(0)
        );
        assert_eq!(
            Outcome::uniqueness(|max, visit| over(0, 9, max, visit)).answer,
            Uniqueness::None
        );
        assert_eq!(
            Outcome::uniqueness(|max, visit| over(1, 9, max, visit)).answer,
            Uniqueness::Unique(0)
        );
        assert_eq!(
            Outcome::uniqueness(|max, visit| over(5, 9, max, visit)).answer,
            Uniqueness::Multiple(0)
        );
        assert_eq!(
            Outcome::count_solutions(None, |max, visit| over(5, 9, max, visit)).answer,
            Count::exactly(5)
        );
        assert_eq!(
            Outcome::count_solutions(Some(5), |max, visit| over(5, 9, max, visit)).answer,
            Count::at_least(5)
        );
        assert_eq!(
            Outcome::count_solutions(Some(9), |max, visit| over(5, 9, max, visit)).answer,
            Count::exactly(5)
        );
        let cut = Outcome::count_solutions(None, |max, visit| over(5, 3, max, visit));
        assert_eq!(cut.answer, Count::at_least(3));
        assert!(cut.ran_out_of_nodes());
        let cut = Outcome::uniqueness(|max, visit| over(5, 1, max, visit));
        assert_eq!(cut.answer, Uniqueness::Unique(0));
        assert!(
            cut.ran_out_of_nodes(),
            "a unique answer under a cut budget is undecided"
        );
    }

    #[test]
    fn counts_print_as_every_command_prints_them() {
        assert_eq!(Count::exactly(92).to_string(), "92");
        assert_eq!(Count::at_least(2).to_string(), "2+");
    }
}
