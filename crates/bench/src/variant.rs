//! Timing variant solvers over a collection, every answer checked against every rule of its
//! puzzle ([`Rules::check_solution`]): what `dlx bench --variant` prints.
//!
//! A solver is built for each puzzle whose rules differ from the previous puzzle's (every
//! Killer, whose cages are its own; a jigsaw collection with a layout a line), inside the timed
//! span, as `dlx sudoku --variant` pays for it; the rules themselves are made outside it, from
//! the records, one puzzle at a time.

use crate::classic::Measurement;
use dlx_engine::{Stop, StopFlag};
use dlx_puzzles::sudoku::variant::{KillerEncoding, Regions, Rules, RulesError, Variants};
use dlx_puzzles::sudoku::{Backtracker, Mode, Record, Solve, SudokuSolver};
use std::fmt;
use std::time::Instant;

/// A variant solver as the bench names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantContender {
    /// The exact-cover search, Killer's cages in the given encoding.
    Dlx(KillerEncoding),
    /// The textbook backtracker under the same rules.
    Backtrack,
}

impl VariantContender {
    /// Every contender, in the order the bench lists them.
    pub const ALL: [VariantContender; 3] = [
        VariantContender::Dlx(KillerEncoding::DigitSets),
        VariantContender::Dlx(KillerEncoding::Colours),
        VariantContender::Backtrack,
    ];

    /// The contender's name: `dlx`, `dlx-colours` (Killer's colour encoding), `backtrack`.
    pub fn name(self) -> &'static str {
        match self {
            VariantContender::Dlx(KillerEncoding::DigitSets) => "dlx",
            VariantContender::Dlx(KillerEncoding::Colours) => "dlx-colours",
            VariantContender::Backtrack => "backtrack",
        }
    }

    /// The contender with this name, if any.
    pub fn from_name(name: &str) -> Option<VariantContender> {
        VariantContender::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for VariantContender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A contender's search, built for one set of rules.
struct Searcher {
    rules: Rules,
    solver: Box<dyn Solve>,
}

impl Searcher {
    fn build(
        contender: VariantContender,
        rules: &Rules,
        max_nodes: Option<u64>,
        stop: &StopFlag,
    ) -> Result<Searcher, RulesError> {
        let solver: Box<dyn Solve> = match contender {
            VariantContender::Dlx(encoding) => Box::new(
                SudokuSolver::with_encoding(rules.clone(), encoding)?
                    .with_node_budget(max_nodes)
                    .with_stop_flag(stop.clone()),
            ),
            VariantContender::Backtrack => Box::new(
                Backtracker::with_node_budget(max_nodes)
                    .with_stop_flag(stop.clone())
                    .with_rules(rules.clone()),
            ),
        };
        Ok(Searcher {
            rules: rules.clone(),
            solver,
        })
    }
}

/// A puzzle the contender's encoding refused (a Killer cage of too many fillings for the
/// colour encoding): its index in the collection and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The puzzle's index, 0-based.
    pub index: usize,
    /// Why.
    pub error: RulesError,
}

/// Solves every puzzle with `contender` under `mode` on one thread, each search giving up
/// after `max_nodes`, and checks each solution against its rules, until `stop` is raised
/// ([`Measurement::interrupted`]). A puzzle's rules are those
/// of `variants` with its own layout and cages, or `shared_regions`; they are made outside the
/// timed span, one puzzle at a time, so a long collection holds its records, not their rules.
pub fn measure_variant(
    puzzles: &[Record],
    variants: &Variants,
    shared_regions: Option<&Regions>,
    contender: VariantContender,
    mode: Mode,
    max_nodes: Option<u64>,
    stop: &StopFlag,
) -> Result<Measurement, Refused> {
    let mut m = Measurement {
        puzzles: puzzles.len(),
        ..Measurement::default()
    };
    let mut searcher: Option<Searcher> = None;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let refused = |error| Refused { index, error };
        let rules = puzzle.rules(variants, shared_regions).map_err(refused)?;
        let started = Instant::now();
        let current = match searcher {
            Some(ref mut kept) if kept.rules == rules => kept,
            _ => searcher
                .insert(Searcher::build(contender, &rules, max_nodes, stop).map_err(refused)?),
        };
        let outcome = mode.ask(current.solver.as_mut(), puzzle.grid());
        m.solving += started.elapsed();
        if outcome.stop == Stop::Interrupted || stop.is_raised() {
            m.interrupted = true;
            break;
        }
        m.add(outcome, |solution| {
            rules.check_solution(solution, puzzle.grid()).is_ok()
        });
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_puzzles::sudoku::Boxes;

    /// A 4x4 Killer with eight cages, and its rules.
    fn toy_killer(givens: &str) -> (Record, Rules) {
        let killer = Variants::parse("killer").expect("a known variant");
        let line = format!("{givens} AABBCDDBCEFFGEHH 3,9,5,5,4,7,4,3");
        let puzzle = Record::parse_variant_line(&line, 1, &killer, None, Boxes::Usual)
            .expect("a valid record");
        (
            puzzle.clone(),
            puzzle.rules(&killer, None).expect("cages that fit"),
        )
    }

    #[test]
    fn names_round_trip() {
        for contender in VariantContender::ALL {
            assert_eq!(
                VariantContender::from_name(contender.name()),
                Some(contender)
            );
        }
        assert_eq!(VariantContender::from_name("dlx+crosshatch"), None);
    }

    #[test]
    fn a_puzzle_the_colour_encoding_refuses_is_named_by_its_index() {
        // Two cages of nine cells: two sets of digits, but 2 x 9! fillings for colours.
        let variants = Variants::parse("killer").unwrap();
        let cages = "A".repeat(9) + &"B".repeat(9) + &".".repeat(63);
        let line = format!("{} {cages} 45,45", ".".repeat(81));
        let puzzle = Record::parse_variant_line(&line, 1, &variants, None, Boxes::Usual).unwrap();
        let (small, _) = toy_killer(&".".repeat(16));
        let puzzles = vec![small, puzzle];
        let colours = VariantContender::Dlx(KillerEncoding::Colours);
        let refused = measure_variant(
            &puzzles,
            &variants,
            None,
            colours,
            Mode::First,
            None,
            &StopFlag::never(),
        )
        .unwrap_err();
        assert_eq!(refused.index, 1);
        assert!(matches!(
            refused.error,
            RulesError::TooManyCageOptions { .. }
        ));
        let sets = VariantContender::Dlx(KillerEncoding::DigitSets);
        let m = measure_variant(
            &puzzles,
            &variants,
            None,
            sets,
            Mode::First,
            None,
            &StopFlag::never(),
        )
        .unwrap();
        assert_eq!((m.solved, m.invalid), (2, 0));
    }

    #[test]
    fn every_contender_solves_and_validates_the_same_killers() {
        let variants = Variants::parse("killer").unwrap();
        // A 4x4 Killer (its count checked below), and the same cages with a given that
        // leaves no solution.
        let (empty, rules) = toy_killer(&".".repeat(16));
        let (clashing, _) = toy_killer(&format!("4{}", ".".repeat(15)));
        let puzzles = vec![empty, clashing];
        let count = SudokuSolver::with_rules(rules)
            .count_solutions(puzzles[0].grid(), None)
            .answer
            .solutions;
        let expected_solved = usize::from(count == 1);
        for contender in VariantContender::ALL {
            let m = measure_variant(
                &puzzles,
                &variants,
                None,
                contender,
                Mode::Unique,
                None,
                &StopFlag::never(),
            )
            .unwrap();
            assert_eq!(m.invalid, 0, "{contender}");
            assert_eq!(m.solved, expected_solved, "{contender}");
            assert_eq!(m.no_solution, 1, "{contender}");
            assert!(m.nodes > 0, "{contender}");
        }
    }
}
