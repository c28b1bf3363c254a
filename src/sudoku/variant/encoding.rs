//! A variant's [`Rules`] as exact cover, and its solver.
//!
//! Primary items: `p<row>,<col>` cell filled, and `u<region>#<digit>` region holds the digit,
//! for every region of the rules (rows, columns, boxes or jigsaw regions, diagonals, windows).
//! Secondary items: `x<a>-<b>#<digit>` for every forbidden pair of cells (a king's or knight's
//! move apart) and digit, so at most one cell of the pair takes the digit. Option
//! `cell * N + (digit - 1)` places `digit` in `cell`: it covers the cell's item, its regions'
//! items for the digit and its pairs' items for the digit.
//!
//! Killer's cages are exact cover with colours: a primary item `k<cage>` for each cage, and a
//! secondary item `c<cell>` for each cell in a cage. The option placing `digit` in such a cell
//! gives `c<cell>` the colour `digit`; after the cell-digit options comes one option for each
//! way of filling a cage (distinct digits with its sum), covering `k<cage>` and giving each of
//! its cells' items the colour of its digit there. A cage's filling and its cells' digits must
//! then agree, and exactly one filling is chosen a cage.
//!
//! The classic solver ([`crate::sudoku::SudokuSolver`]) prunes a problem per puzzle after its
//! own deductions, which know only rows, columns and boxes; here the full problem is built once
//! per rules and each puzzle's givens are imposed with [`Dlx::select`] and released after the
//! search, which works for any regions and pairs alike.

use super::cages::for_each_filling;
use super::rules::Rules;
use crate::sudoku::grid::Grid;
use crate::sudoku::solve::{questions_without_the_trait, Solve};
use crate::xc::{
    ChoiceRule, Colour, Count, Dlx, ItemId, OptionId, Outcome, Problem, ProblemBuilder,
    SearchLimits, Uniqueness,
};
use std::ops::ControlFlow;

/// The exact-cover problem of an empty grid under `rules` (see the module documentation for its
/// items and options).
pub fn variant_problem(rules: &Rules) -> Problem {
    let shape = rules.shape();
    let side = rules.side();
    let cells = shape.cell_count();
    let mut builder = ProblemBuilder::new();
    let declare = |builder: &mut ProblemBuilder, name: String, primary: bool| {
        let declared = if primary {
            builder.primary(&name)
        } else {
            builder.secondary(&name)
        };
        declared.expect("generated item names are distinct and well formed")
    };
    let cell_items: Vec<ItemId> = (0..cells)
        .map(|cell| {
            let name = format!("p{},{}", shape.row_of(cell), shape.col_of(cell));
            declare(&mut builder, name, true)
        })
        .collect();
    // `region_items[region * N + d]`, `pair_items[pair * N + d]`, `d` 0-based.
    let mut region_items = Vec::with_capacity(rules.regions().len() * side);
    for region in 0..rules.regions().len() {
        for d in 1..=side {
            region_items.push(declare(&mut builder, format!("u{region}#{d}"), true));
        }
    }
    let mut pair_items = Vec::with_capacity(rules.pairs().len() * side);
    for &(a, b) in rules.pairs() {
        for d in 1..=side {
            pair_items.push(declare(&mut builder, format!("x{a}-{b}#{d}"), false));
        }
    }
    let mut regions_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (region, members) in rules.regions().iter().enumerate() {
        for &cell in members {
            regions_of[cell].push(region);
        }
    }
    let mut pairs_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (pair, &(a, b)) in rules.pairs().iter().enumerate() {
        pairs_of[a].push(pair);
        pairs_of[b].push(pair);
    }
    // Killer: `cage_items[cage]`, and `cell_colour_items[cell]` for a cell in a cage.
    let cages = rules.cages();
    let cage_items: Vec<ItemId> = cages.map_or_else(Vec::new, |cages| {
        (0..cages.count())
            .map(|cage| declare(&mut builder, format!("k{cage}"), true))
            .collect()
    });
    let cell_colour_items: Vec<Option<ItemId>> = (0..cells)
        .map(|cell| {
            cages
                .and_then(|cages| cages.cage_of(cell))
                .map(|_| declare(&mut builder, format!("c{cell}"), false))
        })
        .collect();
    let mut option: Vec<(ItemId, Option<Colour>)> = Vec::new();
    for cell in 0..cells {
        for d in 0..side {
            option.clear();
            option.push((cell_items[cell], None));
            option.extend(
                regions_of[cell]
                    .iter()
                    .map(|&r| (region_items[r * side + d], None)),
            );
            option.extend(
                pairs_of[cell]
                    .iter()
                    .map(|&p| (pair_items[p * side + d], None)),
            );
            if let Some(item) = cell_colour_items[cell] {
                option.push((item, Some(Colour(d as u32 + 1))));
            }
            builder
                .coloured_option(&option)
                .expect("a cell's regions and pairs are distinct items");
        }
    }
    if let Some(cages) = cages {
        for (cage, members) in cages.cells_by_cage().iter().enumerate() {
            for_each_filling(members.len(), cages.sum(cage), side, &mut |digits| {
                option.clear();
                option.push((cage_items[cage], None));
                for (&cell, &digit) in members.iter().zip(digits) {
                    let item = cell_colour_items[cell].expect("a cage's cells have colour items");
                    option.push((item, Some(Colour(u32::from(digit)))));
                }
                builder
                    .coloured_option(&option)
                    .expect("a cage's cells are distinct items");
            });
        }
    }
    builder.build()
}

/// The solver of one variant's puzzles: the full problem of its rules in an arena built once,
/// each puzzle's givens selected on it. Keep one per thread and rules.
#[derive(Clone, Debug)]
pub struct VariantSolver {
    rules: Rules,
    dlx: Dlx,
    max_nodes: Option<u64>,
}

impl VariantSolver {
    /// A solver for the rules.
    pub fn new(rules: Rules) -> VariantSolver {
        let dlx = Dlx::new(&variant_problem(&rules));
        VariantSolver {
            rules,
            dlx,
            max_nodes: None,
        }
    }

    /// Gives up after `max_nodes` search-tree nodes per puzzle (`None`: never).
    pub fn with_node_budget(mut self, max_nodes: Option<u64>) -> VariantSolver {
        self.max_nodes = max_nodes;
        self
    }

    /// The rules this solver solves under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

questions_without_the_trait!(VariantSolver);

impl Solve for VariantSolver {
    /// Panics if the puzzle's side is not the rules': that is the caller's bug, not input.
    /// Givens that break a rule (two alike in a region or a forbidden pair) mean no solution.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        let side = self.rules.side();
        assert_eq!(puzzle.shape().side(), side, "a solver solves its own side");
        let clash = puzzle
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &digit)| digit != 0)
            .any(|(cell, &digit)| {
                let option = OptionId((cell * side + usize::from(digit) - 1) as u32);
                self.dlx.select(option).is_err()
            });
        let outcome = if clash {
            Outcome::default()
        } else {
            let limits = SearchLimits {
                max_solutions: Some(max_solutions),
                max_nodes: self.max_nodes,
            };
            let mut solution = puzzle.clone();
            let cell_options = puzzle.cells().len() * side;
            let mut visit = |options: &[OptionId]| {
                // The cell-digit options tell the grid; a Killer's cage options agree with them.
                for option in options.iter().filter(|o| o.index() < cell_options) {
                    let (cell, d) = (option.index() / side, option.index() % side);
                    solution.set(cell, d as u8 + 1);
                }
                visitor(&solution);
                ControlFlow::<()>::Continue(())
            };
            self.dlx
                .search(ChoiceRule::MrvStopAtOne, limits, &mut visit)
                .map(|_| ())
        };
        self.dlx.unselect_all();
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::{Variant, Variants};
    use crate::sudoku::Shape;

    fn solver(shape: Shape, variants: &[Variant]) -> VariantSolver {
        VariantSolver::new(Rules::new(shape, &Variants::of(variants).unwrap(), None).unwrap())
    }

    #[test]
    fn without_variants_the_4x4_grid_has_its_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let count = solver(shape, &[]).count_solutions(&Grid::empty(shape), None);
        assert_eq!(count.answer, Count::exactly(288));
    }

    #[test]
    fn givens_that_break_a_pair_rule_have_no_solution_and_the_arena_recovers() {
        let shape = Shape::new(2, 2).unwrap();
        let mut solver = solver(shape, &[Variant::AntiKing]);
        let mut puzzle = Grid::empty(shape);
        puzzle.set(1, 3);
        puzzle.set(6, 3); // r1c2 and r2c3 touch diagonally
        assert_eq!(solver.first_solution(&puzzle).answer, None);
        let again = solver.count_solutions(&Grid::empty(shape), None).answer;
        let without_givens = solver.count_solutions(&Grid::empty(shape), None).answer;
        assert_eq!(again, without_givens);
    }
}
