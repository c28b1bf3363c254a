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
//! The classic solver ([`crate::sudoku::SudokuSolver`]) prunes a problem per puzzle after its
//! own deductions, which know only rows, columns and boxes; here the full problem is built once
//! per rules and each puzzle's givens are imposed with [`Dlx::select`] and released after the
//! search, which works for any regions and pairs alike.

use super::cages::{
    filling_count, for_each_digit_set, for_each_filling, sum_range, MAX_CAGE_OPTIONS,
};
use super::innies::{implied_cages, SumCage};
use super::rules::{Rules, RulesError};
use crate::sudoku::grid::Grid;
use crate::sudoku::solve::{questions_without_the_trait, Solve};
use dlx_engine::{
    self, ChoiceRule, Colour, Count, Dlx, ItemId, OptionId, Outcome, Problem, ProblemBuilder,
    ProgressSink, Reporting, SearchLimits, Shard, SplitReport, SplitSettings, StopFlag, Stoppable,
    Uniqueness, Visitor,
};
use std::ops::ControlFlow;

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
    /// use dlx_engine::{ChoiceRule, Dlx};
    ///
    /// let problem = Rules::classic(Shape::new(2, 2).unwrap()).exact_cover();
    /// assert_eq!((problem.primary_count(), problem.option_count()), (64, 64));
    /// // Every 4x4 Sudoku grid, counted by the engine alone.
    /// let count = Dlx::new(&problem).count_solutions(ChoiceRule::Mrv, None).answer;
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

/// [`variant_problem`] with Killer's cages in the given encoding.
pub(crate) fn variant_problem_with(rules: &Rules, encoding: KillerEncoding) -> VariantProblem {
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
            let name = item_name('p', &[shape.row_of(cell), shape.col_of(cell)], ",");
            declare(&mut builder, name, true)
        })
        .collect();
    // `region_items[region * N + d]`, `pair_items[pair * N + d]`, `d` 0-based.
    let mut region_items = Vec::with_capacity(rules.regions().len() * side);
    for region in 0..rules.regions().len() {
        for d in 1..=side {
            region_items.push(declare(
                &mut builder,
                item_name('u', &[region, d], "#"),
                true,
            ));
        }
    }
    let mut pair_items = Vec::with_capacity(rules.pairs().len() * side);
    for &(a, b) in rules.pairs() {
        for d in 1..=side {
            pair_items.push(declare(
                &mut builder,
                item_name('x', &[a, b, d], "-#"),
                false,
            ));
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
    // Killer: the sums to meet, the drawn cages first, then (digit sets) those they imply.
    let cages = rules.cages();
    let colours = encoding == KillerEncoding::Colours;
    let mut sum_cages: Vec<SumCage> = cages.map_or_else(Vec::new, |cages| {
        let drawn = cages.cells_by_cage().into_iter().enumerate();
        drawn
            .map(|(cage, cells)| SumCage {
                cells,
                sum: cages.sum(cage),
            })
            .collect()
    });
    if let (Some(cages), false) = (cages, colours) {
        sum_cages.extend(implied_cages(cages, rules.regions()));
    }
    // Each cage's sets of digits; the digits a cell may hold, those of some set of each of its
    // cages.
    let digit_sets: Vec<Vec<u64>> = sum_cages
        .iter()
        .map(|cage| {
            let mut sets = Vec::new();
            let (least, most) = sum_range(cage.cells.len(), side);
            if (least..=most).contains(&cage.sum) {
                let visit = &mut |set| sets.push(set);
                for_each_digit_set(cage.cells.len(), cage.sum, side, visit);
            }
            sets
        })
        .collect();
    let unions: Vec<u64> = digit_sets
        .iter()
        .map(|sets| sets.iter().fold(0, |union, set| union | set))
        .collect();
    let mut allowed = vec![u64::MAX; cells];
    let mut cages_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (cage, sum_cage) in sum_cages.iter().enumerate() {
        for &cell in &sum_cage.cells {
            allowed[cell] &= unions[cage];
            cages_of[cell].push(cage);
        }
    }
    // `cage_items[cage]`; `cell_colour_items[cell]` for a cell in a drawn cage (colours) or
    // `digit_items[cage * N + d]` for a digit some set of the cage holds (digit sets: a digit
    // no set holds is in no cell of the cage, and every set's option would cover its item).
    let cage_items: Vec<ItemId> = (0..sum_cages.len())
        .map(|cage| declare(&mut builder, item_name('k', &[cage], ""), true))
        .collect();
    let mut digit_items: Vec<Option<ItemId>> = vec![None; sum_cages.len() * side];
    if !colours {
        for (cage, union) in unions.iter().enumerate() {
            for d in (0..side).filter(|d| union >> (d + 1) & 1 == 1) {
                let item = declare(&mut builder, item_name('k', &[cage, d + 1], "#"), true);
                digit_items[cage * side + d] = Some(item);
            }
        }
    }
    let cell_colour_items: Vec<Option<ItemId>> = (0..cells)
        .map(|cell| {
            cages
                .and_then(|cages| cages.cage_of(cell))
                .filter(|_| colours)
                .map(|_| declare(&mut builder, item_name('c', &[cell], ""), false))
        })
        .collect();
    let mut placing = Vec::with_capacity(cells * side);
    let mut option_placing = vec![None; cells * side];
    let mut option: Vec<(ItemId, Option<Colour>)> = Vec::new();
    for cell in 0..cells {
        for d in 0..side {
            if allowed[cell] >> (d + 1) & 1 == 0 {
                continue;
            }
            option_placing[cell * side + d] = Some(OptionId(placing.len() as u32));
            placing.push((cell * side + d) as u32);
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
            if !colours {
                let held = cages_of[cell]
                    .iter()
                    .map(|&cage| digit_items[cage * side + d]);
                option.extend(held.map(|item| (item.expect("an allowed digit has items"), None)));
            }
            builder
                .coloured_option(&option)
                .expect("a cell's regions and pairs are distinct items");
        }
    }
    for (cage, sum_cage) in sum_cages.iter().enumerate() {
        let members = &sum_cage.cells;
        if colours {
            for_each_filling(members.len(), sum_cage.sum, side, &mut |digits| {
                option.clear();
                option.push((cage_items[cage], None));
                for (&cell, &digit) in members.iter().zip(digits) {
                    let item = cell_colour_items[cell].expect("a cage's cells have items");
                    option.push((item, Some(Colour(u32::from(digit)))));
                }
                builder
                    .coloured_option(&option)
                    .expect("a cage's cells are distinct items");
            });
        } else {
            for &set in &digit_sets[cage] {
                option.clear();
                option.push((cage_items[cage], None));
                let outside = (0..side).filter_map(|d| match set >> (d + 1) & 1 {
                    0 => digit_items[cage * side + d],
                    _ => None,
                });
                option.extend(outside.map(|item| (item, None)));
                builder
                    .coloured_option(&option)
                    .expect("a cage's digits are distinct items");
            }
        }
    }
    VariantProblem {
        problem: builder.build(),
        placing,
        option_placing,
        cage_count: sum_cages.len(),
    }
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

/// The solver of one variant's puzzles: the full problem of its rules in an arena built once,
/// each puzzle's givens selected on it. Keep one per thread and rules.
#[derive(Clone, Debug)]
pub(crate) struct RulesSolver {
    rules: Rules,
    dlx: Dlx,
    placing: Vec<u32>,
    option_placing: Vec<Option<OptionId>>,
    cage_count: usize,
    max_nodes: Option<u64>,
    /// Raised to end a search between two nodes (a signal): the answer is then undecided.
    stop: StopFlag,
}

impl RulesSolver {
    /// A solver for the rules.
    pub fn new(rules: Rules) -> RulesSolver {
        RulesSolver::build(rules, KillerEncoding::default())
    }

    /// A solver for the rules, Killer's cages in the given encoding. The colour encoding
    /// refuses cages of more than [`MAX_CAGE_OPTIONS`] fillings (the rules checked the sets).
    pub fn with_encoding(
        rules: Rules,
        encoding: KillerEncoding,
    ) -> Result<RulesSolver, RulesError> {
        if let (Some(cages), KillerEncoding::Colours) = (rules.cages(), encoding) {
            let options = cages.option_count(filling_count);
            if options > MAX_CAGE_OPTIONS {
                let most = MAX_CAGE_OPTIONS;
                return Err(RulesError::TooManyCageOptions { options, most });
            }
        }
        Ok(RulesSolver::build(rules, encoding))
    }

    fn build(rules: Rules, encoding: KillerEncoding) -> RulesSolver {
        let built = variant_problem_with(&rules, encoding);
        RulesSolver {
            rules,
            dlx: Dlx::new(&built.problem),
            placing: built.placing,
            option_placing: built.option_placing,
            cage_count: built.cage_count,
            max_nodes: None,
            stop: StopFlag::never(),
        }
    }

    /// Gives up after `max_nodes` search-tree nodes per puzzle (`None`: never).
    pub fn with_node_budget(mut self, max_nodes: Option<u64>) -> RulesSolver {
        self.max_nodes = max_nodes;
        self
    }

    /// The node budget per puzzle (`None`: none).
    pub fn node_budget(&self) -> Option<u64> {
        self.max_nodes
    }

    /// Sets the node budget per puzzle (`None`: none).
    pub fn set_node_budget(&mut self, max_nodes: Option<u64>) {
        self.max_nodes = max_nodes;
    }

    /// Ends each search between two nodes once `stop` is raised
    /// ([`dlx_engine::Stop::Interrupted`]: what was found so far, the question undecided).
    pub fn with_stop_flag(mut self, stop: StopFlag) -> RulesSolver {
        self.stop = stop;
        self
    }

    /// The rules this solver solves under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many options a search chooses to solve `puzzle`: one per empty cell and one per
    /// cage, drawn or implied (the givens are selected before it). A search that finds the one
    /// solution in this many nodes plus one (the solution's) never had to guess: each step had
    /// an item with one option left, a single of some region, pair or cage.
    pub fn solution_options(&self, puzzle: &Grid) -> u64 {
        let empty = puzzle.cells().iter().filter(|&&digit| digit == 0).count();
        (empty + self.cage_count) as u64
    }

    /// The number of solutions of `puzzle`, counting stopped at `limit` if given, as
    /// [`Solve::count_solutions`] counts them, telling `progress` where the search stands every
    /// so many nodes (see [`Reporting`]) when its [`ProgressSink::begin`] takes this search:
    /// the bar of one long count.
    pub fn count_reporting(
        &mut self,
        puzzle: &Grid,
        limit: Option<u64>,
        progress: &dyn ProgressSink,
    ) -> Outcome<Count> {
        dlx_engine::count_reporting(limit, progress, |max, progress, visit| {
            self.search_reporting(puzzle, max, progress, visit)
        })
    }

    /// [`Solve::search`], its position told to `progress` when given (a sink that has begun
    /// this search). Panics if the puzzle's side is not the rules': that is the caller's bug,
    /// not input. Givens that break a rule (two alike in a region or a forbidden pair) mean no
    /// solution.
    fn search_reporting(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        progress: Option<&dyn ProgressSink>,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        let side = self.rules.side();
        let outcome = if !self.select_givens(puzzle) {
            Outcome::default()
        } else {
            let limits = SearchLimits {
                max_solutions: Some(max_solutions),
                max_nodes: self.max_nodes,
            };
            let mut solution = puzzle.clone();
            let placing = &self.placing;
            let mut visit = |options: &[OptionId]| {
                // The cell-digit options tell the grid; a Killer's cage options agree with them.
                for option in options {
                    if let Some(&at) = placing.get(option.index()) {
                        let (cell, d) = (at as usize / side, at as usize % side);
                        solution.set(cell, d as u8 + 1);
                    }
                }
                visitor(&solution);
                ControlFlow::<()>::Continue(())
            };
            let rule = ChoiceRule::MrvStopAtOne;
            let mut stoppable = Stoppable::new(&self.stop, &mut visit);
            let searched = match progress {
                None => self.dlx.search(rule, limits, &mut stoppable),
                Some(sink) => search_reporting(&mut self.dlx, rule, limits, sink, &mut stoppable),
            };
            stoppable.outcome(searched).map(|_| ())
        };
        self.dlx.unselect_all();
        outcome
    }
}

impl RulesSolver {
    /// Counts the completions of `puzzle` with the search split into subtrees (see
    /// [`Dlx::search_split_reporting`]) on the current rayon pool, or only `shard`'s share of
    /// them: the classic solver's split count, under any rules. The node budget does not apply.
    pub(crate) fn count_split_reporting(
        &mut self,
        puzzle: &Grid,
        shard: Shard,
        limit: Option<u64>,
        stop_requested: &(dyn Fn() -> bool + Sync),
        progress: Option<&dyn ProgressSink>,
    ) -> SplitReport<()> {
        let report = if self.select_givens(puzzle) {
            let settings = SplitSettings {
                rule: ChoiceRule::MrvStopAtOne,
                max_solutions: limit,
                shard,
                min_subtrees: SplitSettings::subtrees_for(shard.count),
                count_only: true,
            };
            let mut none = |_: &[OptionId]| ControlFlow::Continue(());
            self.dlx
                .search_split_reporting(settings, stop_requested, progress, &mut none)
        } else {
            SplitReport::default()
        };
        self.dlx.unselect_all();
        report
    }

    /// Selects the options of the givens of `puzzle` on the arena: `false` when they clash
    /// (two alike in a region or a forbidden pair, or a digit a cage rules out). Panics if the
    /// puzzle's side is not the rules': that is the caller's bug, not input.
    fn select_givens(&mut self, puzzle: &Grid) -> bool {
        let side = self.rules.side();
        assert_eq!(puzzle.shape().side(), side, "a solver solves its own side");
        !puzzle
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &digit)| digit != 0)
            .any(
                |(cell, &digit)| match self.option_placing[cell * side + usize::from(digit) - 1] {
                    Some(option) => self.dlx.select(option).is_err(),
                    None => true,
                },
            )
    }
}

/// [`Dlx::search`], its position told to `sink`. Kept out of line and apart from the search
/// without reports, so that one is compiled, and inlined, as it was before there were any.
#[inline(never)]
fn search_reporting<V: Visitor + ?Sized>(
    dlx: &mut Dlx,
    rule: ChoiceRule,
    limits: SearchLimits,
    sink: &dyn ProgressSink,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    dlx.search(rule, limits, &mut Reporting::new(sink, visitor))
}

questions_without_the_trait!(RulesSolver);

impl Solve for RulesSolver {
    /// Panics if the puzzle's side is not the rules': that is the caller's bug, not input.
    /// Givens that break a rule (two alike in a region or a forbidden pair) mean no solution.
    fn search(
        &mut self,
        puzzle: &Grid,
        max_solutions: u64,
        visitor: &mut dyn FnMut(&Grid),
    ) -> Outcome<()> {
        self.search_reporting(puzzle, max_solutions, None, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::{Variant, Variants};
    use crate::sudoku::Shape;

    fn solver(shape: Shape, variants: &[Variant]) -> RulesSolver {
        RulesSolver::new(Rules::new(shape, &Variants::of(variants).unwrap(), None).unwrap())
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
        use crate::sudoku::variant::VariantPuzzle;
        // Every 6x6 X-Sudoku (8,640, some 265,000 nodes of Algorithm X), and the 6x6 grids
        // with the first row given and a cage of two cells adding up to 9 below it, the cage
        // coloured (13,056, some 130,000 nodes of Algorithm M).
        let shape = Shape::new(2, 3).unwrap();
        let x = solver(shape, &[Variant::X]);
        let killer = Variants::parse("killer").unwrap();
        let cage = format!("......AA{}", ".".repeat(28));
        let line = format!("123456{} {cage} 9", ".".repeat(30));
        let caged = VariantPuzzle::parse_line(&line, 1, &killer, None).unwrap();
        let rules = caged.rules(&killer, None).unwrap();
        let coloured = RulesSolver::with_encoding(rules, KillerEncoding::Colours).unwrap();
        for (mut solver, puzzle, solutions) in [
            (x, Grid::empty(shape), 8_640),
            (coloured, caged.grid, 13_056),
        ] {
            let reports = Reports::default();
            let outcome = solver.count_reporting(&puzzle, None, &reports);
            assert_eq!(outcome.answer, Count::exactly(solutions));
            assert_rises_to_one(&reports.take(), outcome.stats.nodes);
            let quiet = solver.count_solutions(&puzzle, None);
            assert_eq!((quiet.answer, quiet.stats), (outcome.answer, outcome.stats));
        }
    }
}
