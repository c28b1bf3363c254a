//! Killer cages: groups of cells whose digits are distinct and add up to the cage's sum. Read
//! from two fields of a record: the cage of each cell (N·N symbols, `.` for a cell in no cage,
//! each other symbol naming one cage, connected or not) and the sums, comma-separated, in the
//! order the cages first appear row by row.

use super::field_error::FieldErrorKind;
use crate::sudoku::parse_error::{ParseError, ParseErrorKind};

/// The symbol of a cell in no cage.
pub(crate) const NO_CAGE: char = '.';

/// The cages of one grid, numbered `0..` in the order their symbols first appear, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cages {
    side: usize,
    /// The cage of each cell, if any.
    cage_of: Vec<Option<u16>>,
    symbols: Vec<char>,
    sums: Vec<u32>,
}

/// The symbols [`Cages::to_fields`] names cages with, in order: enough for the cages of a 9x9
/// grid made by the generator.
const WRITTEN_SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The least and greatest sums of `cells` distinct digits from 1 to `side`.
pub(crate) fn sum_range(cells: usize, side: usize) -> (u32, u32) {
    let k = cells as u32;
    let n = side as u32;
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

/// The most options a Killer's cages may give the exact-cover problem (sets of digits, or
/// ordered fillings in the colour encoding), which bounds its memory: a 9x9 cage of nine cells
/// alone has 362,880 fillings, and a 25x25 cage of twelve cells 110,780 sets of sum 156.
pub(crate) const MAX_CAGE_OPTIONS: u64 = 500_000;

/// Calls `visit` with every ordered way of filling `cells` cells with distinct digits from 1 to
/// `side` that add up to `sum`, in increasing order of the digits read left to right.
pub(crate) fn for_each_filling(cells: usize, sum: u32, side: usize, visit: &mut dyn FnMut(&[u8])) {
    fn extend(
        digits: &mut Vec<u8>,
        used: u64,
        left: u32,
        cells: usize,
        side: usize,
        visit: &mut dyn FnMut(&[u8]),
    ) {
        let remaining = cells - digits.len();
        if remaining == 0 {
            if left == 0 {
                visit(digits);
            }
            return;
        }
        for digit in 1..=side as u32 {
            if used >> digit & 1 == 1 || digit > left {
                continue;
            }
            // The other cells need at least 1+2+... of what is left; a loose bound, but cheap.
            let after = left - digit;
            let (least, most) = sum_range(remaining - 1, side);
            if after < least || after > most {
                continue;
            }
            digits.push(digit as u8);
            extend(digits, used | 1 << digit, after, cells, side, visit);
            digits.pop();
        }
    }
    let mut digits = Vec::with_capacity(cells);
    extend(&mut digits, 0, sum, cells, side, visit);
}

/// Calls `visit` with every set of `cells` distinct digits from 1 to `side` that adds up to
/// `sum`, as a bit mask (bit `d` for digit `d`), in increasing order of the digits.
pub(crate) fn for_each_digit_set(cells: usize, sum: u32, side: usize, visit: &mut dyn FnMut(u64)) {
    fn extend(
        from: u32,
        mask: u64,
        count: usize,
        left: u32,
        cells: usize,
        side: u32,
        visit: &mut dyn FnMut(u64),
    ) {
        if count == cells {
            if left == 0 {
                visit(mask);
            }
            return;
        }
        let after = (cells - count - 1) as u32;
        for digit in from..=side.min(left) {
            // The other digits, all above this one: at least the next `after` of them, at most
            // the top `after`; past the least, every larger digit only raises it.
            let least = after * digit + after * (after + 1) / 2;
            let most = after * side - after * after.saturating_sub(1) / 2;
            if left - digit < least {
                break;
            }
            if left - digit > most {
                continue;
            }
            extend(
                digit + 1,
                mask | 1 << digit,
                count + 1,
                left - digit,
                cells,
                side,
                visit,
            );
        }
    }
    extend(1, 0, 0, sum, cells, side as u32, visit);
}

/// How many ordered fillings [`for_each_filling`] visits, counted without visiting them:
/// the sets of distinct digits with the sum, times the orders of each. [`u64::MAX`] stands for
/// every count beyond it (a cage of 21 cells or more has more than 20! orders).
pub(crate) fn filling_count(cells: usize, sum: u32, side: usize) -> u64 {
    let orders = (1..=cells as u64)
        .try_fold(1u64, |product, k| product.checked_mul(k))
        .unwrap_or(u64::MAX);
    digit_set_count(cells, sum, side).saturating_mul(orders)
}

/// The most sets of `cells` distinct digits from 1 to `side` any sum can have: the binomial
/// coefficient, as any set has some sum. A cheap bound checked before [`digit_set_count`],
/// whose table costs thousands of instructions a cage (on 9x9 the bound is at most 126).
pub(crate) fn digit_set_bound(cells: usize, _sum: u32, side: usize) -> u64 {
    if cells > side {
        return 0;
    }
    let k = cells.min(side - cells) as u64;
    (0..k).fold(1u64, |product, i| product * (side as u64 - i) / (i + 1))
}

/// How many sets [`for_each_digit_set`] visits, counted without visiting them.
pub(crate) fn digit_set_count(cells: usize, sum: u32, side: usize) -> u64 {
    // sets[k][s]: sets of k distinct digits (among those seen so far) adding up to s.
    let most = sum as usize;
    let mut sets = vec![vec![0u64; most + 1]; cells + 1];
    sets[0][0] = 1;
    for digit in 1..=side {
        for k in (1..=cells).rev() {
            for s in (digit..=most).rev() {
                sets[k][s] += sets[k - 1][s - digit];
            }
        }
    }
    sets[cells][most]
}

/// What a line's cage field says.
struct CageField {
    /// Each cell's cage, `None` for none.
    cage_of: Vec<Option<u16>>,
    /// The cages' symbols in the order they first appear.
    symbols: Vec<char>,
    /// Each cage's size.
    counts: Vec<usize>,
}

/// The cage field of a line: each cell's cage (`None`: none), the cages' symbols in the order
/// they first appear and their sizes. `at` places an error at a column of the line.
fn read_cage_field(
    side: usize,
    cages_column: usize,
    cages: &str,
    at: &dyn Fn(usize, FieldErrorKind) -> ParseError,
) -> Result<CageField, ParseError> {
    let mut symbols: Vec<char> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut cage_of = Vec::with_capacity(side * side);
    for (index, symbol) in cages.chars().enumerate() {
        let column = cages_column + index;
        if index >= side * side {
            break;
        }
        if !symbol.is_ascii_graphic() {
            let found = symbol.to_string();
            return Err(at(column, FieldErrorKind::BadSymbol { found }));
        }
        if symbol == NO_CAGE {
            cage_of.push(None);
            continue;
        }
        let cage = match symbols.iter().position(|&s| s == symbol) {
            Some(cage) => cage,
            None => {
                symbols.push(symbol);
                counts.push(0);
                symbols.len() - 1
            }
        };
        counts[cage] += 1;
        if counts[cage] > side {
            let kind = FieldErrorKind::CageTooLarge {
                found: symbol,
                count: cages.chars().filter(|&s| s == symbol).count(),
                side,
            };
            return Err(at(column, kind));
        }
        cage_of.push(Some(cage as u16));
    }
    let found = cages.chars().count();
    if found != side * side {
        let expected = side * side;
        return Err(at(
            cages_column,
            FieldErrorKind::WrongLength { found, expected },
        ));
    }
    if symbols.is_empty() {
        return Err(at(cages_column, FieldErrorKind::NoCages));
    }
    Ok(CageField {
        cage_of,
        symbols,
        counts,
    })
}

/// The sums field of a line (at `sums_column`): one sum for each cage of `symbols`, each
/// within reach of its cage's `counts` cells. `at` places an error at a column of the line.
fn read_sums_field(
    side: usize,
    sums_column: usize,
    sums_text: &str,
    symbols: &[char],
    counts: &[usize],
    at: &dyn Fn(usize, FieldErrorKind) -> ParseError,
) -> Result<Vec<u32>, ParseError> {
    let expected = symbols.len();
    let mut sums = Vec::with_capacity(expected);
    let mut column = sums_column;
    for (index, piece) in sums_text.split(',').enumerate() {
        if piece.is_empty() {
            // The comma after it for the first sum, else the comma before it.
            let comma = if index == 0 { column } else { column - 1 };
            return Err(at(comma, FieldErrorKind::EmptySum));
        }
        if index == expected {
            let found = sums_text.split(',').count();
            return Err(at(column, FieldErrorKind::SumCount { found, expected }));
        }
        let sum: u32 = match piece.parse() {
            Ok(sum) if !piece.starts_with('+') => sum,
            _ => {
                let found = piece.to_string();
                return Err(at(column, FieldErrorKind::BadSum { found }));
            }
        };
        let (least, most) = sum_range(counts[index], side);
        if !(least..=most).contains(&sum) {
            let kind = FieldErrorKind::ImpossibleSum {
                cage: symbols[index],
                cells: counts[index],
                sum,
                least,
                most,
                side,
            };
            return Err(at(column, kind));
        }
        sums.push(sum);
        column += piece.chars().count() + 1;
    }
    if sums.len() != expected {
        let found = sums.len();
        return Err(at(
            sums_column,
            FieldErrorKind::SumCount { found, expected },
        ));
    }
    Ok(sums)
}

impl Cages {
    /// Reads the cages of a grid of side `side` from the cage field (at `cages_column`) and
    /// the sums field (at `sums_column`, `None` when the line has none), both on line `line`.
    pub fn parse(
        side: usize,
        line: usize,
        cages_field: Option<(usize, &str)>,
        sums_field: Option<(usize, &str)>,
    ) -> Result<Cages, ParseError> {
        let at = |column: usize, kind: FieldErrorKind| kind.at(line, column);
        let (cages_column, cages) = cages_field.ok_or(at(1, FieldErrorKind::MissingCages))?;
        let CageField {
            cage_of,
            symbols,
            counts,
        } = read_cage_field(side, cages_column, cages, &at)?;
        let expected = symbols.len();
        let found = cages.chars().count();
        let (sums_column, sums_text) = sums_field.ok_or(at(
            cages_column + found,
            FieldErrorKind::MissingSums { expected },
        ))?;
        let sums = read_sums_field(side, sums_column, sums_text, &symbols, &counts, &at)?;
        Ok(Cages {
            side,
            cage_of,
            symbols,
            sums,
        })
    }

    /// Cages from the cage of each cell (`None`: in no cage; cages numbered from 0 in the order
    /// they first appear) and their sums, as the generator makes them. Refuses what
    /// [`Cages::parse`] refuses, and more cages than can be written back.
    pub fn from_parts(
        side: usize,
        cage_of: &[Option<usize>],
        sums: &[u32],
    ) -> Result<Cages, FieldErrorKind> {
        let most = WRITTEN_SYMBOLS.len();
        if sums.len() > most {
            return Err(FieldErrorKind::TooManyCages {
                found: sums.len(),
                most,
            });
        }
        let symbols: Vec<char> = WRITTEN_SYMBOLS.chars().take(sums.len()).collect();
        let cages: String = cage_of
            .iter()
            .map(|cage| cage.map_or(NO_CAGE, |c| symbols.get(c).copied().unwrap_or('?')))
            .collect();
        let sums_text: Vec<String> = sums.iter().map(u32::to_string).collect();
        Cages::parse(side, 1, Some((1, &cages)), Some((1, &sums_text.join(",")))).map_err(|error| {
            match error.kind {
                ParseErrorKind::Field(kind) => kind,
                other => unreachable!("the cages' parser faults only its fields, not {other}"),
            }
        })
    }

    /// The side N of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// How many cages there are.
    pub fn count(&self) -> usize {
        self.sums.len()
    }

    /// The cage of a cell, if it is in one.
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        self.cage_of[cell].map(usize::from)
    }

    /// The sum of a cage.
    pub fn sum(&self, cage: usize) -> u32 {
        self.sums[cage]
    }

    /// The symbol that names a cage in the record.
    pub fn symbol(&self, cage: usize) -> char {
        self.symbols[cage]
    }

    /// The options of all cages together: `per_cage(cells, sum, side)` summed.
    pub fn option_count(&self, per_cage: fn(usize, u32, usize) -> u64) -> u64 {
        self.cells_by_cage()
            .iter()
            .enumerate()
            .map(|(cage, cells)| per_cage(cells.len(), self.sum(cage), self.side))
            .fold(0, u64::saturating_add)
    }

    /// Each cage's cells, row-major, cages in order.
    pub fn cells_by_cage(&self) -> Vec<Vec<usize>> {
        let mut cages = vec![Vec::new(); self.count()];
        for (cell, cage) in self.cage_of.iter().enumerate() {
            if let Some(cage) = cage {
                cages[usize::from(*cage)].push(cell);
            }
        }
        cages
    }

    /// The same cages on a grid whose cells are renamed, cell `c` becoming `to[c]` (a
    /// permutation of the cells), numbered again in the order they first appear.
    pub fn with_cells_moved(&self, to: &[usize]) -> Cages {
        let mut moved = vec![None; self.cage_of.len()];
        for (cell, &cage) in self.cage_of.iter().enumerate() {
            moved[to[cell]] = cage;
        }
        let mut renumbered: Vec<Option<u16>> = vec![None; self.sums.len()];
        let (mut symbols, mut sums) = (Vec::new(), Vec::new());
        for cage in moved.iter_mut().flatten() {
            let old = usize::from(*cage);
            *cage = *renumbered[old].get_or_insert_with(|| {
                symbols.push(self.symbols[old]);
                sums.push(self.sums[old]);
                (sums.len() - 1) as u16
            });
        }
        Cages {
            side: self.side,
            cage_of: moved,
            symbols,
            sums,
        }
    }

    /// The two fields of the record, as they are read: the cage symbols and the sums.
    pub fn to_fields(&self) -> (String, String) {
        let cages = self
            .cage_of
            .iter()
            .map(|cage| cage.map_or(NO_CAGE, |c| self.symbols[usize::from(c)]))
            .collect();
        let sums: Vec<String> = self.sums.iter().map(u32::to_string).collect();
        (cages, sums.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(cages: &str, sums: &str) -> Result<Cages, ParseError> {
        Cages::parse(4, 2, Some((18, cages)), Some((35, sums)))
    }

    #[test]
    fn cages_read_in_order_of_appearance_with_their_sums() {
        let cages = parse("AABB..BCDDEC.DEE", "3,9,3,7,8").unwrap();
        assert_eq!(cages.count(), 5);
        assert_eq!(cages.cells_by_cage()[1], [2, 3, 6]);
        assert_eq!((cages.symbol(1), cages.sum(1)), ('B', 9));
        assert_eq!(cages.cage_of(4), None);
        let (symbols, sums) = cages.to_fields();
        assert_eq!(parse(&symbols, &sums).unwrap(), cages);
    }

    #[test]
    fn every_fault_is_placed() {
        let place = |cages: &str, sums: &str| {
            let error = parse(cages, sums).unwrap_err();
            (error.column, error.field_kind().clone())
        };
        let (column, kind) = place("AAAAA...........", "10");
        assert_eq!(column, 18 + 4);
        assert!(matches!(
            kind,
            FieldErrorKind::CageTooLarge {
                found: 'A',
                count: 5,
                side: 4
            }
        ));
        let (column, kind) = place("AABB", "3,3");
        assert_eq!(column, 18);
        assert!(matches!(
            kind,
            FieldErrorKind::WrongLength {
                found: 4,
                expected: 16
            }
        ));
        let (column, kind) = place("AABB............", "3,x");
        assert_eq!(column, 37);
        assert!(matches!(kind, FieldErrorKind::BadSum { .. }));
        let (column, kind) = place("AABB............", "3,8");
        assert_eq!(column, 37);
        assert!(matches!(
            kind,
            FieldErrorKind::ImpossibleSum {
                cage: 'B',
                least: 3,
                most: 7,
                ..
            }
        ));
        let (_, kind) = place("AABB............", "3");
        assert!(matches!(
            kind,
            FieldErrorKind::SumCount {
                found: 1,
                expected: 2
            }
        ));
        let (column, kind) = place("AABB............", "3,4,5");
        assert_eq!(column, 39);
        assert!(matches!(
            kind,
            FieldErrorKind::SumCount {
                found: 3,
                expected: 2
            }
        ));
        let (_, kind) = place("AAB\u{7}............", "3,4");
        assert!(matches!(kind, FieldErrorKind::BadSymbol { .. }));
        let error = Cages::parse(4, 2, Some((18, "AABB............")), None).unwrap_err();
        assert_eq!(error.column, 34);
        assert!(
            error.to_string().contains("expected 2 cage sums"),
            "{error}"
        );
    }

    #[test]
    fn a_cage_field_of_dots_alone_and_an_empty_sum_are_named_as_such() {
        // Every cell in no cage: said so, at the cage field, whatever follows.
        for sums in [None, Some((35, "5")), Some((35, ","))] {
            let error = Cages::parse(4, 2, Some((18, &".".repeat(16))), sums).unwrap_err();
            assert_eq!(
                (error.column, error.field_kind()),
                (18, &FieldErrorKind::NoCages)
            );
            assert!(error.to_string().contains("found no cage"), "{error}");
        }
        // A trailing comma is no ninth sum: the error names the comma. Sums at column 35.
        for (sums, comma) in [("3,4,", 38), ("3,,4", 36), (",3,4", 35), ("3,4,,", 38)] {
            let error = parse("AABB............", sums).unwrap_err();
            assert_eq!(
                (error.column, error.field_kind()),
                (comma, &FieldErrorKind::EmptySum),
                "{sums}"
            );
            assert!(error.to_string().contains("comma with no sum"), "{error}");
        }
    }

    #[test]
    fn the_count_of_fillings_saturates_instead_of_wrapping() {
        // 20! fits in a u64, 21! does not: one set of 21 (or 25) digits has every order.
        assert_eq!(filling_count(20, 210, 20), 2_432_902_008_176_640_000);
        assert_eq!(filling_count(21, 231, 21), u64::MAX);
        assert_eq!(filling_count(25, 325, 25), u64::MAX);
        // 24 cells of a 25x25 grid leaving out the 15: 24! orders of that one set.
        assert_eq!(filling_count(24, 310, 25), u64::MAX);
    }

    #[test]
    fn the_set_bound_is_the_count_of_sets_over_every_sum() {
        for side in [4, 6, 9, 16] {
            for cells in 0..=side {
                let (least, most) = sum_range(cells, side);
                let total: u64 = (least..=most)
                    .map(|sum| digit_set_count(cells, sum, side))
                    .sum();
                assert_eq!(digit_set_bound(cells, 0, side), total, "{cells} of {side}");
            }
        }
    }

    #[test]
    fn fillings_are_every_order_of_every_set_of_distinct_digits_with_the_sum() {
        for (cells, sum, side) in [(2, 10, 9), (3, 15, 9), (1, 4, 4), (4, 10, 4), (5, 25, 9)] {
            let mut seen = Vec::new();
            for_each_filling(cells, sum, side, &mut |digits| seen.push(digits.to_vec()));
            // Every tuple of digits, checked against the definition.
            let mut expected = Vec::new();
            let tuples = side.pow(cells as u32);
            for mut code in 0..tuples {
                let mut digits = Vec::new();
                for _ in 0..cells {
                    digits.push((code % side) as u8 + 1);
                    code /= side;
                }
                let mut sorted = digits.clone();
                sorted.sort_unstable();
                sorted.dedup();
                let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                if sorted.len() == cells && total == sum {
                    expected.push(digits);
                }
            }
            expected.sort();
            assert_eq!(seen, expected, "{cells} cells, sum {sum}");
            let mut sets = Vec::new();
            for_each_digit_set(cells, sum, side, &mut |mask| sets.push(mask));
            let mut expected_sets: Vec<u64> = expected
                .iter()
                .map(|digits| digits.iter().fold(0, |mask, &d| mask | 1 << d))
                .collect();
            expected_sets.sort_unstable();
            expected_sets.dedup();
            sets.sort_unstable();
            assert_eq!(sets, expected_sets, "{cells} cells, sum {sum}");
            assert_eq!(filling_count(cells, sum, side), expected.len() as u64);
            assert_eq!(digit_set_count(cells, sum, side), sets.len() as u64);
            assert!(digit_set_bound(cells, sum, side) >= sets.len() as u64);
        }
        assert_eq!(filling_count(9, 45, 9), 362_880);
    }

    #[test]
    fn sum_ranges_are_those_of_distinct_digits() {
        assert_eq!(sum_range(1, 9), (1, 9));
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(3, 4), (6, 9));
    }
}
