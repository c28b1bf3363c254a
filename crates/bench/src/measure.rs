//! Timing Sudoku solvers over a collection under its rules, every answer checked against
//! them: what `dlx bench` prints and what the criterion benches measure.
//!
//! Classic Sudoku is the rule set with no extra rules, so classic and variant collections are
//! measured alike. Only the solving is timed (each call between two clock reads); the rules
//! are made outside the timed span, one puzzle at a time (a long collection holds its records,
//! not their rules), and so is the check of each solution, so a slow check does not flatter a
//! slow solver. A solver is built for each puzzle whose rules differ from the previous
//! puzzle's (every Killer, whose cages are its own; a jigsaw collection with a layout a line),
//! inside the timed span, as `dlx sudoku --variant` pays for it.

use crate::contender::Contender;
use crate::measurement::Measurement;
use dlx_engine::Stop;
use dlx_puzzles::sudoku::variant::{Regions, Rules, RulesError, Variants};
use dlx_puzzles::sudoku::Record;
use dlx_puzzles::sudoku::{Algorithm, Mode, Shape, Solvers};
use std::time::Instant;

/// Puzzles and the rules they are solved under: what [`measure`] times.
#[derive(Clone, Copy, Debug)]
pub struct Collection<'a> {
    /// The puzzles, each with its own layout and cages when its line gave them.
    pub puzzles: &'a [Record],
    /// The variants of every puzzle: none for classic Sudoku.
    pub variants: &'a Variants,
    /// The layout of every puzzle that has none of its own (a jigsaw's `--regions`).
    pub shared_regions: Option<&'a Regions>,
}

/// A puzzle the contender's encoding refused (a Killer cage of too many fillings for the
/// colour encoding), or whose rules could not be made: its index in the collection and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The puzzle's index, 0-based.
    pub index: usize,
    /// Why.
    pub error: RulesError,
}

/// The rules of the puzzle being measured, kept while the next puzzles share them: a puzzle
/// with no layout or cages of its own has the rules of the previous such puzzle of its shape.
struct Current {
    rules: Rules,
    /// Whether the rules are classic ones, found out once and outside the timed span.
    classic: bool,
    /// The shape of the puzzles that share these rules; `None` for a puzzle's own rules.
    shared_by: Option<Shape>,
}

impl Current {
    /// The rules of `puzzle`, kept in `current` or made.
    fn of<'c>(
        current: &'c mut Option<Current>,
        collection: &Collection,
        puzzle: &Record,
    ) -> Result<&'c Current, RulesError> {
        let own = puzzle.regions.is_some() || puzzle.cages.is_some();
        let shape = puzzle.grid().shape();
        match current {
            Some(kept) if !own && kept.shared_by == Some(shape) => {}
            _ => {
                let rules = puzzle.rules(collection.variants, collection.shared_regions)?;
                let classic = rules.is_classic();
                let shared_by = if own { None } else { Some(shape) };
                *current = Some(Current {
                    rules,
                    classic,
                    shared_by,
                });
            }
        }
        Ok(current.as_ref().expect("just kept or made"))
    }
}

/// Solves every puzzle of `collection` with `contender` under `mode` (single thread), under
/// the puzzle's rules, checking each solution against them, until the solvers' stop flag is
/// raised ([`Measurement::interrupted`]). `solvers` take the contender's Killer encoding.
/// Classic rules go straight to the classic path ([`Solvers::solve_propagated`], where
/// [`Solvers::solve_under`] would send them), their being classic found out outside the timed
/// span.
pub fn measure(
    collection: Collection,
    contender: Contender,
    mode: Mode,
    solvers: &mut Solvers,
) -> Result<Measurement, Refused> {
    *solvers = std::mem::take(solvers)
        .with_killer_encoding(contender.killer_encoding)
        .with_engine(contender.engine);
    let Contender {
        algorithm,
        propagation,
        ..
    } = contender;
    let mut m = Measurement {
        puzzles: collection.puzzles.len(),
        ..Measurement::default()
    };
    let mut current = None;
    for (index, puzzle) in collection.puzzles.iter().enumerate() {
        let refused = |error| Refused { index, error };
        let Current { rules, classic, .. } =
            Current::of(&mut current, &collection, puzzle).map_err(refused)?;
        let grid = puzzle.grid();
        if *classic && algorithm == Algorithm::Dlx {
            // An engine that cannot hold the shape's problem (the bitsets from 25x25 up) is
            // refused here, outside the timed span.
            solvers.try_dlx_for(grid.shape()).map_err(refused)?;
        }
        let started = Instant::now();
        let outcome = match classic {
            true => solvers.solve_propagated(grid, algorithm, mode, propagation),
            false => solvers
                .solve_under(rules, grid, algorithm, mode, propagation)
                .map_err(refused)?,
        };
        m.solving += started.elapsed();
        if outcome.stop == Stop::Interrupted || solvers.stop_flag().is_raised() {
            m.interrupted = true;
            break;
        }
        m.add(outcome, |solution| match classic {
            true => solution.check_solution_of(grid).is_ok(),
            false => rules.check_solution(solution, grid).is_ok(),
        });
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_engine::StopFlag;
    use dlx_puzzles::sudoku::variant::KillerEncoding;
    use dlx_puzzles::sudoku::{Algorithm, Boxes, Givens, Grid, Propagation, SudokuSolver};

    /// A classic puzzle as the harness takes it: no layout, no cages.
    fn classic(grid: Grid) -> Record {
        Record::new(1, Ok(Givens::Digits(grid)))
    }

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

    /// `measure` on one thread with no node budget and no stop.
    fn measured(
        puzzles: &[Record],
        variants: &Variants,
        contender: Contender,
        mode: Mode,
    ) -> Result<Measurement, Refused> {
        let collection = Collection {
            puzzles,
            variants,
            shared_regions: None,
        };
        let mut solvers = Solvers::with_node_budget(None).with_stop_flag(StopFlag::never());
        measure(collection, contender, mode, &mut solvers)
    }

    #[test]
    fn every_contender_solves_and_validates_the_same_puzzles() {
        // Two proper puzzles the project made, and one whose r1c1 needs the 9 that r2c1 holds.
        let unsolvable = format!(".123456789{}", ".".repeat(71));
        let puzzles: Vec<Record> = [
            ".2864.917917258...4.31975..6.97.52.42.43.9175.75824639391572.4.8.6931.527524.6.91",
            ".1......8......23.6.5..1....2.8..6..1.....4....4..5..273..8....2..7....4......9..",
            &unsolvable,
        ]
        .iter()
        .map(|line| classic(Grid::parse_line(line, 1).unwrap()))
        .collect();
        let collection = Collection {
            puzzles: &puzzles,
            variants: &Variants::default(),
            shared_regions: None,
        };
        let mut solvers = Solvers::with_node_budget(Some(50_000_000));
        for contender in Contender::CLASSIC {
            let m = measure(collection, contender, Mode::Unique, &mut solvers).unwrap();
            assert_eq!(
                (m.solved, m.no_solution, m.invalid),
                (2, 1, 0),
                "{contender}"
            );
            assert!(m.nodes > 0 && m.puzzles_per_second() > 0.0);
        }
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
        let dlx = Contender::new(Algorithm::Dlx, Propagation::None);
        let colours = dlx.with_killer_encoding(KillerEncoding::Colours);
        let refused = measured(&puzzles, &variants, colours, Mode::First).unwrap_err();
        assert_eq!(refused.index, 1);
        assert!(matches!(
            refused.error,
            RulesError::TooManyCageOptions { .. }
        ));
        let m = measured(&puzzles, &variants, dlx, Mode::First).unwrap();
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
        for contender in Contender::VARIANT {
            let m = measured(&puzzles, &variants, contender, Mode::Unique).unwrap();
            assert_eq!(m.invalid, 0, "{contender}");
            assert_eq!(m.solved, expected_solved, "{contender}");
            assert_eq!(m.no_solution, 1, "{contender}");
            assert!(m.nodes > 0, "{contender}");
        }
    }
}
