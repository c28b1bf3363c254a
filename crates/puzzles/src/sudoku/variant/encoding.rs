//! A variant's [`Rules`] as exact cover, and its solver.
//!
//! Primary items: `p<row>,<col>` cell filled, and `u<region>#<digit>` region holds the digit,
//! for every region of the rules (rows, columns, boxes or jigsaw regions, diagonals, windows).
//! Secondary items: `x<a>-<b>#<digit>` for every forbidden pair of cells (a king's or knight's
//! move apart) and digit, so at most one cell of the pair takes the digit. The first options
//! place a digit in a cell, cell by cell and digit by digit (option `cell * N + (digit - 1)`
//! without cages): each covers the cell's item, its regions' items for the digit and its
//! pairs' items for the digit. Digits no set of its cage's digits holds are left out of a
//! Killer cell's options ([`VariantProblem::placing`] tells what each option places).
//!
//! Killer's cages have two encodings ([`KillerEncoding`]), each with a primary item `k<cage>`
//! for each cage and, after the cell-digit options, options that cover it:
//! - [`KillerEncoding::Colours`], the issue's: a secondary item `c<cell>` for each cell in a
//!   cage, which the option placing `digit` there gives the colour `digit`; one option for each
//!   way of filling a cage (distinct digits with its sum) gives each of its cells' items the
//!   colour of its digit there. A cage's filling and its cells' digits must then agree.
//! - [`KillerEncoding::DigitSets`], plain exact cover: a primary item `k<cage>#<digit>` for
//!   each cage and digit, covered by the option placing the digit in a cell of the cage; one
//!   option for each *set* of digits with the cage's sum covers `k<cage>#<digit>` for every
//!   digit outside the set. So the cells take each digit of the set once and no other. Fewer
//!   options (a set, not its orders), and the search sees at once which digits a cage may
//!   still hold, which makes it much faster (figures in docs/benchmarks.md). This encoding
//!   also adds, as cages of their own, the sums the regions imply ([`implied_cages`], the
//!   "rule of 45"): on the project's 9x9 Killers they cut the search's nodes fivefold.
//!
//! The problem is built once per rules; the solver ([`crate::sudoku::SudokuSolver`]) narrows it
//! for each puzzle on whichever engine runs ([`dlx_engine::Narrowed`]).

use super::cages::{for_each_digit_set, for_each_filling, sum_range};
use super::innies::{implied_cages, SumCage};
use super::rules::Rules;
use crate::sudoku::digits::DigitSet;
use dlx_engine::{Colour, ItemId, OptionId, Problem, ProblemBuilder};

/// How Killer's cages are encoded (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KillerEncoding {
    /// One option per set of digits with the cage's sum: plain exact cover. The fastest.
    #[default]
    DigitSets,
    /// One option per ordered filling, the cells' items coloured by digit: exact cover with
    /// colours, searched by Algorithm M.
    Colours,
}

/// A variant's exact-cover problem and what its options mean.
#[derive(Clone, Debug)]
pub(crate) struct VariantProblem {
    /// The problem.
    pub problem: Problem,
    /// `placing[option]` is `cell * N + (digit - 1)` for the options that place a digit in a
    /// cell, which come first; the cage options follow.
    pub placing: Vec<u32>,
    /// The option placing a digit in a cell, by `cell * N + (digit - 1)`: `None` when a cage
    /// rules the digit out there.
    pub option_placing: Vec<Option<OptionId>>,
    /// The cages the problem holds, drawn or implied: a solution chooses one cage option for
    /// each.
    pub cage_count: usize,
}

impl Rules {
    /// The exact-cover problem of an empty grid under these rules, to write out or inspect:
    /// for classic rules the classic encoding's (cells `p<row>,<col>`, unit-digit items
    /// `r<row>#<digit>`, `c<col>#<digit>`, `b<box>#<digit>`), otherwise the variant encoding's
    /// (see the module documentation), Killer's cages as sets of digits. Option
    /// `cell * N + (digit - 1)` places `digit` in `cell` (before any cage option).
    ///
    /// ```
    /// use dlx_puzzles::sudoku::variant::Rules;
    /// use dlx_puzzles::sudoku::Shape;
    /// use dlx_engine::{Engine, EngineKind};
    ///
    /// let problem = Rules::classic(Shape::new(2, 2).unwrap()).exact_cover();
    /// assert_eq!((problem.primary_count(), problem.option_count()), (64, 64));
    /// // Every 4x4 Sudoku grid, counted by the engine alone.
    /// let mut engine = EngineKind::Auto.load(&problem).unwrap();
    /// let count = engine.count_solutions(None).answer;
    /// assert_eq!(count.to_string(), "288");
    /// ```
    pub fn exact_cover(&self) -> Problem {
        if self.is_classic() {
            crate::sudoku::layout::sudoku_problem(self.shape())
        } else {
            variant_problem(self).problem
        }
    }
}

/// The exact-cover problem of an empty grid under `rules` (see the module documentation for its
/// items and options), Killer's cages in the default encoding.
pub(crate) fn variant_problem(rules: &Rules) -> VariantProblem {
    variant_problem_with(rules, KillerEncoding::default())
}

/// [`variant_problem`] with Killer's cages in the given encoding. Items are declared in the
/// order the module documentation gives (cells, regions, pairs, then the cages' items), the
/// cell-digit options first, then the cage options.
pub(crate) fn variant_problem_with(rules: &Rules, encoding: KillerEncoding) -> VariantProblem {
    let mut builder = ProblemBuilder::new();
    let grid = GridItems::declare(&mut builder, rules);
    let colours = encoding == KillerEncoding::Colours;
    let cages = CageItems::declare(&mut builder, rules, colours);
    let (placing, option_placing) = add_placing_options(&mut builder, rules, &grid, &cages);
    cages.add_cage_options(&mut builder, rules.side());
    VariantProblem {
        problem: builder.build(),
        placing,
        option_placing,
        cage_count: cages.sums.len(),
    }
}

/// Declares an item the encoding names; the names are made distinct by construction.
fn declare(builder: &mut ProblemBuilder, name: String, primary: bool) -> ItemId {
    let declared = if primary {
        builder.primary(&name)
    } else {
        builder.secondary(&name)
    };
    declared.expect("generated item names are distinct and well formed")
}

/// The items of the grid's cells, regions and forbidden pairs, and which regions and pairs
/// each cell is in.
struct GridItems {
    cells: Vec<ItemId>,
    /// `regions[region * N + d]`, `d` 0-based.
    regions: Vec<ItemId>,
    /// `pairs[pair * N + d]`, `d` 0-based.
    pairs: Vec<ItemId>,
    regions_of: Vec<Vec<usize>>,
    pairs_of: Vec<Vec<usize>>,
}

impl GridItems {
    fn declare(builder: &mut ProblemBuilder, rules: &Rules) -> GridItems {
        let shape = rules.shape();
        let side = rules.side();
        let cell_count = shape.cell_count();
        let cells: Vec<ItemId> = (0..cell_count)
            .map(|cell| {
                let name = item_name('p', &[shape.row_of(cell), shape.col_of(cell)], ",");
                declare(builder, name, true)
            })
            .collect();
        let mut regions = Vec::with_capacity(rules.regions().len() * side);
        for region in 0..rules.regions().len() {
            for d in 1..=side {
                regions.push(declare(builder, item_name('u', &[region, d], "#"), true));
            }
        }
        let mut pairs = Vec::with_capacity(rules.pairs().len() * side);
        for &(a, b) in rules.pairs() {
            for d in 1..=side {
                pairs.push(declare(builder, item_name('x', &[a, b, d], "-#"), false));
            }
        }
        let mut regions_of: Vec<Vec<usize>> = vec![Vec::new(); cell_count];
        for (region, members) in rules.regions().iter().enumerate() {
            for &cell in members {
                regions_of[cell].push(region);
            }
        }
        let mut pairs_of: Vec<Vec<usize>> = vec![Vec::new(); cell_count];
        for (pair, &(a, b)) in rules.pairs().iter().enumerate() {
            pairs_of[a].push(pair);
            pairs_of[b].push(pair);
        }
        GridItems {
            cells,
            regions,
            pairs,
            regions_of,
            pairs_of,
        }
    }
}

/// A Killer's sums to meet (the drawn cages, then, in the digit-set encoding, those they
/// imply), with their items and the digits each cell may still hold.
struct CageItems {
    sums: Vec<SumCage>,
    colours: bool,
    /// Each cage's sets of digits.
    digit_sets: Vec<Vec<DigitSet>>,
    /// The digits each cell may hold: those of some set of each of its cages.
    allowed: Vec<DigitSet>,
    /// The cages each cell is in.
    cages_of: Vec<Vec<usize>>,
    /// `items[cage]`.
    items: Vec<ItemId>,
    /// `digit_items[cage * N + d]` for a digit some set of the cage holds (digit sets: a digit
    /// no set holds is in no cell of the cage, and every set's option would cover its item).
    digit_items: Vec<Option<ItemId>>,
    /// `cell_colour_items[cell]` for a cell in a drawn cage (colours).
    cell_colour_items: Vec<Option<ItemId>>,
}

impl CageItems {
    fn declare(builder: &mut ProblemBuilder, rules: &Rules, colours: bool) -> CageItems {
        let side = rules.side();
        let cell_count = rules.shape().cell_count();
        let cages = rules.cages();
        let mut sums: Vec<SumCage> = cages.map_or_else(Vec::new, |cages| {
            let drawn = cages.cells_by_cage().into_iter().enumerate();
            drawn
                .map(|(cage, cells)| SumCage {
                    cells,
                    sum: cages.sum(cage),
                })
                .collect()
        });
        if let (Some(cages), false) = (cages, colours) {
            sums.extend(implied_cages(cages, rules.regions()));
        }
        let digit_sets: Vec<Vec<DigitSet>> = sums.iter().map(|cage| sets_of(cage, side)).collect();
        let unions: Vec<DigitSet> = digit_sets
            .iter()
            .map(|sets| sets.iter().fold(DigitSet::EMPTY, |union, &set| union | set))
            .collect();
        let mut allowed = vec![DigitSet::all(side); cell_count];
        let mut cages_of: Vec<Vec<usize>> = vec![Vec::new(); cell_count];
        for (cage, sum_cage) in sums.iter().enumerate() {
            for &cell in &sum_cage.cells {
                allowed[cell] &= unions[cage];
                cages_of[cell].push(cage);
            }
        }
        let items: Vec<ItemId> = (0..sums.len())
            .map(|cage| declare(builder, item_name('k', &[cage], ""), true))
            .collect();
        let mut digit_items: Vec<Option<ItemId>> = vec![None; sums.len() * side];
        if !colours {
            for (cage, union) in unions.iter().enumerate() {
                for digit in union.iter() {
                    let item = declare(builder, item_name('k', &[cage, digit.into()], "#"), true);
                    digit_items[cage * side + usize::from(digit) - 1] = Some(item);
                }
            }
        }
        let cell_colour_items: Vec<Option<ItemId>> = (0..cell_count)
            .map(|cell| {
                cages
                    .and_then(|cages| cages.cage_of(cell))
                    .filter(|_| colours)
                    .map(|_| declare(builder, item_name('c', &[cell], ""), false))
            })
            .collect();
        CageItems {
            sums,
            colours,
            digit_sets,
            allowed,
            cages_of,
            items,
            digit_items,
            cell_colour_items,
        }
    }

    /// One option per way of meeting each cage's sum: an ordered filling that colours the
    /// cells' items (colours), or a set of digits that covers the cage's items of the digits
    /// outside it (digit sets).
    fn add_cage_options(&self, builder: &mut ProblemBuilder, side: usize) {
        let mut option: Vec<(ItemId, Option<Colour>)> = Vec::new();
        for (cage, sum_cage) in self.sums.iter().enumerate() {
            let members = &sum_cage.cells;
            if self.colours {
                for_each_filling(members.len(), sum_cage.sum, side, &mut |digits| {
                    option.clear();
                    option.push((self.items[cage], None));
                    for (&cell, &digit) in members.iter().zip(digits) {
                        let item = self.cell_colour_items[cell].expect("a cage's cells have items");
                        option.push((item, Some(Colour(u32::from(digit)))));
                    }
                    builder
                        .coloured_option(&option)
                        .expect("a cage's cells are distinct items");
                });
            } else {
                for &set in &self.digit_sets[cage] {
                    option.clear();
                    option.push((self.items[cage], None));
                    let outside = (0..side).filter_map(|d| match set.contains(d as u8 + 1) {
                        false => self.digit_items[cage * side + d],
                        true => None,
                    });
                    option.extend(outside.map(|item| (item, None)));
                    builder
                        .coloured_option(&option)
                        .expect("a cage's digits are distinct items");
                }
            }
        }
    }
}

/// The sets of digits that meet a cage's sum (none when the sum is out of reach).
fn sets_of(cage: &SumCage, side: usize) -> Vec<DigitSet> {
    let mut sets = Vec::new();
    let (least, most) = sum_range(cage.cells.len(), side);
    if (least..=most).contains(&cage.sum) {
        // The enumeration gives digit `d` bit `d`; a `DigitSet` gives it bit `d - 1`.
        let visit = &mut |bits: u64| sets.push(DigitSet::from_bits(bits >> 1));
        for_each_digit_set(cage.cells.len(), cage.sum, side, visit);
    }
    sets
}

/// The options placing a digit in a cell, cell by cell and digit by digit, each covering its
/// cell's item, its regions' and pairs' items for the digit and, with cages, its cell's colour
/// or its cages' items for the digit; a digit no set of a cell's cage holds gets none. Gives
/// what each option places (`cell * N + d`) and the option placing each.
fn add_placing_options(
    builder: &mut ProblemBuilder,
    rules: &Rules,
    grid: &GridItems,
    cages: &CageItems,
) -> (Vec<u32>, Vec<Option<OptionId>>) {
    let side = rules.side();
    let cell_count = rules.shape().cell_count();
    let mut placing = Vec::with_capacity(cell_count * side);
    let mut option_placing = vec![None; cell_count * side];
    let mut option: Vec<(ItemId, Option<Colour>)> = Vec::new();
    for cell in 0..cell_count {
        for d in 0..side {
            if !cages.allowed[cell].contains(d as u8 + 1) {
                continue;
            }
            option_placing[cell * side + d] = Some(OptionId(placing.len() as u32));
            placing.push((cell * side + d) as u32);
            option.clear();
            option.push((grid.cells[cell], None));
            let regions = grid.regions_of[cell].iter();
            option.extend(regions.map(|&r| (grid.regions[r * side + d], None)));
            let pairs = grid.pairs_of[cell].iter();
            option.extend(pairs.map(|&p| (grid.pairs[p * side + d], None)));
            if let Some(item) = cages.cell_colour_items[cell] {
                option.push((item, Some(Colour(d as u32 + 1))));
            }
            if !cages.colours {
                let held = cages.cages_of[cell]
                    .iter()
                    .map(|&cage| cages.digit_items[cage * side + d]);
                option.extend(held.map(|item| (item.expect("an allowed digit has items"), None)));
            }
            builder
                .coloured_option(&option)
                .expect("a cell's regions and pairs are distinct items");
        }
    }
    (placing, option_placing)
}

/// An item's name: `prefix`, then the numbers, the `i`-th separator before the `i+1`-th number
/// (`item_name('x', &[3, 12, 5], "-#")` is `x3-12#5`). Written by hand: `format!` took a tenth
/// of the time of a Killer puzzle, whose problem is built anew for its cages.
fn item_name(prefix: char, numbers: &[usize], separators: &str) -> String {
    fn push_number(name: &mut String, n: usize) {
        if n >= 10 {
            push_number(name, n / 10);
        }
        name.push(char::from(b'0' + (n % 10) as u8));
    }
    let mut name = String::with_capacity(16);
    name.push(prefix);
    let mut separators = separators.chars();
    for (i, &n) in numbers.iter().enumerate() {
        if i > 0 {
            name.extend(separators.next());
        }
        push_number(&mut name, n);
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::{Variant, Variants};
    use crate::sudoku::{Grid, Shape, SudokuSolver};
    use dlx_engine::Count;

    fn solver(shape: Shape, variants: &[Variant]) -> SudokuSolver {
        SudokuSolver::with_rules(Rules::new(shape, &Variants::of(variants).unwrap(), None).unwrap())
    }

    #[test]
    fn item_names_put_each_separator_between_its_numbers() {
        assert_eq!(item_name('x', &[3, 12, 5], "-#"), "x3-12#5");
        assert_eq!(item_name('p', &[0, 10], ","), "p0,10");
        assert_eq!(item_name('k', &[107], ""), "k107");
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

    #[test]
    fn a_variant_count_reports_a_fraction_that_rises_to_one() {
        use crate::sudoku::solvers::tests::{assert_rises_to_one, Reports};
        use crate::sudoku::{Boxes, Record};
        // Every 6x6 X-Sudoku (8,640, some 265,000 nodes of Algorithm X), and the 6x6 grids
        // with the first row given and a cage of two cells adding up to 9 below it, the cage
        // coloured (13,056, some 130,000 nodes of Algorithm M).
        let shape = Shape::new(2, 3).unwrap();
        let x = solver(shape, &[Variant::X]);
        let killer = Variants::parse("killer").unwrap();
        let cage = format!("......AA{}", ".".repeat(28));
        let line = format!("123456{} {cage} 9", ".".repeat(30));
        let caged = Record::parse_variant_line(&line, 1, &killer, None, Boxes::Usual).unwrap();
        let rules = caged.rules(&killer, None).unwrap();
        let coloured = SudokuSolver::with_encoding(rules, KillerEncoding::Colours).unwrap();
        for (mut solver, puzzle, solutions) in [
            (x, Grid::empty(shape), 8_640),
            (coloured, caged.grid().clone(), 13_056),
        ] {
            let reports = Reports::default();
            let outcome = solver.count_reporting(&puzzle, None, None, &reports);
            assert_eq!(outcome.answer, Count::exactly(solutions));
            assert_rises_to_one(&reports.take(), outcome.stats.nodes);
            let quiet = solver.count_solutions(&puzzle, None);
            assert_eq!((quiet.answer, quiet.stats), (outcome.answer, outcome.stats));
        }
    }
}
