//! The rules of a Sudoku variant as plain data: the regions that must hold every digit once
//! (rows, columns, boxes or jigsaw regions, diagonals, windows) and the pairs of cells that may
//! not hold the same digit (a king's or a knight's move apart). Every variant, and any
//! combination of them, is one [`Rules`]; the encoding and the tests' checkers read only this.

use super::cages::{digit_set_bound, digit_set_count, Cages, MAX_CAGE_OPTIONS};
use super::regions::Regions;
use crate::sudoku::grid::Shape;
use std::fmt;
use thiserror::Error;

/// One extra rule on top of Sudoku's rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Both main diagonals hold every digit once. Any shape.
    X,
    /// The four extra 3x3 windows at rows and columns 2-4 and 6-8 (1-based) hold every digit
    /// once. 9x9 only: the windows are defined for that grid alone.
    Windoku,
    /// No two cells a king's move apart (diagonal neighbours) hold the same digit. Any shape.
    AntiKing,
    /// No two cells a knight's move apart hold the same digit. Any shape.
    AntiKnight,
    /// Irregular regions, one layout given with the puzzle, replace the boxes. Any side.
    Jigsaw,
    /// Cages given with the puzzle: the digits of a cage are distinct and add up to its sum.
    /// Any shape.
    Killer,
}

impl Variant {
    /// Every variant, in the order they are listed in messages.
    pub const ALL: [Variant; 6] = [
        Variant::X,
        Variant::Windoku,
        Variant::AntiKing,
        Variant::AntiKnight,
        Variant::Jigsaw,
        Variant::Killer,
    ];

    /// The name the variant is given on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::AntiKing => "anti-king",
            Variant::AntiKnight => "anti-knight",
            Variant::Jigsaw => "jigsaw",
            Variant::Killer => "killer",
        }
    }

    /// The shapes the variant accepts, said in messages.
    pub fn accepted_shapes(self) -> &'static str {
        match self {
            Variant::Windoku => "the 9x9 grid with 3x3 boxes only",
            Variant::Jigsaw => "any side, the regions given by a layout",
            Variant::Killer => "every shape, the cages given with each puzzle",
            Variant::X | Variant::AntiKing | Variant::AntiKnight => "every box shape",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count of options as messages write it: [`u64::MAX`] stands for every count past it.
fn option_count_text(options: u64) -> String {
    if options == u64::MAX {
        format!("{options} or more")
    } else {
        options.to_string()
    }
}

/// A combination of variants, such as `x,anti-knight`: each named once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants(Vec<Variant>);

/// Why a list of variants, or the rules it makes on a grid, cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A name that is no variant.
    #[error(
        "found the variant \"{found}\" at position {position} of the list, expected one of \
         x, windoku, anti-king, anti-knight, jigsaw, killer (comma-separated)"
    )]
    UnknownVariant {
        /// The name found.
        found: String,
        /// Its place in the list, 1-based.
        position: usize,
    },
    /// A variant named twice.
    #[error("the variant {variant} is named twice in the list")]
    Repeated {
        /// The variant.
        variant: Variant,
    },
    /// A variant on a grid it is not defined for (windoku off 9x9).
    #[error("the variant {variant} does not fit a {side}x{side} grid: it takes {}", variant.accepted_shapes())]
    ShapeNotAccepted {
        /// The variant.
        variant: Variant,
        /// The grid's side.
        side: usize,
    },
    /// Jigsaw without a layout.
    #[error("the variant jigsaw needs a layout of regions (a second field, or --regions FILE)")]
    MissingRegions,
    /// A layout without jigsaw.
    #[error("a layout of regions was given, but the variants do not include jigsaw")]
    UnusedRegions,
    /// Killer without cages.
    #[error("the variant killer needs cages and their sums (two fields after the givens)")]
    MissingCages,
    /// Cages without killer.
    #[error("cages were given, but the variants do not include killer")]
    UnusedCages,
    /// Cages for another side than the grid's.
    #[error("the cages are for a {found}x{found} grid, expected {expected}x{expected}")]
    CagesSide {
        /// The cages' side.
        found: usize,
        /// The grid's side.
        expected: usize,
    },
    /// Cages that would give the exact-cover problem more options than the solver takes.
    #[error("the cages give {} options (sets of digits, or fillings in the colour encoding), more than the {most} the solver takes (smaller cages, or sums nearer the least or greatest, give fewer)", option_count_text(*.options))]
    TooManyCageOptions {
        /// The options of every cage, summed.
        options: u64,
        /// The most the solver takes (500,000).
        most: u64,
    },
    /// A solver or pass that knows only rows, columns and boxes, asked to work under rules it
    /// does not know (a jigsaw's regions, a variant's extra regions, pairs or cages).
    #[error("{what} knows only rows, columns and boxes, not these rules")]
    ClassicOnly {
        /// The solver or pass.
        what: &'static str,
    },
    /// A layout of another side than the grid's.
    #[error("the layout is for a {found}x{found} grid, expected {expected}x{expected}")]
    RegionsSide {
        /// The layout's side.
        found: usize,
        /// The grid's side.
        expected: usize,
    },
    /// The engine named cannot take these rules' exact-cover problem.
    #[error("{0}")]
    Engine(dlx_engine::DlxError),
}

impl Variants {
    /// Reads a comma-separated list such as `x,anti-knight` (spaces around names ignored; an
    /// empty list is classic Sudoku).
    pub fn parse(list: &str) -> Result<Variants, RulesError> {
        let mut variants = Vec::new();
        for (index, name) in list.split(',').map(str::trim).enumerate() {
            if name.is_empty() && list.trim().is_empty() {
                break;
            }
            let variant = Variant::ALL
                .into_iter()
                .find(|v| v.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| RulesError::UnknownVariant {
                    found: name.to_string(),
                    position: index + 1,
                })?;
            if variants.contains(&variant) {
                return Err(RulesError::Repeated { variant });
            }
            variants.push(variant);
        }
        Ok(Variants(variants))
    }

    /// The variants from a list of them, each once, in the given order.
    pub fn of(list: &[Variant]) -> Result<Variants, RulesError> {
        let mut variants = Vec::new();
        for &variant in list {
            if variants.contains(&variant) {
                return Err(RulesError::Repeated { variant });
            }
            variants.push(variant);
        }
        Ok(Variants(variants))
    }

    /// Whether a variant is among them.
    pub fn contains(&self, variant: Variant) -> bool {
        self.0.contains(&variant)
    }

    /// The variants in the order given.
    pub fn iter(&self) -> impl Iterator<Item = Variant> + '_ {
        self.0.iter().copied()
    }

    /// No variant: classic Sudoku.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Variants {
    /// The list as it is written on the command line (`classic` when empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("classic");
        }
        for (k, variant) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            f.write_str(variant.name())?;
        }
        Ok(())
    }
}

/// The rules of one grid: what its solutions must meet, as regions and forbidden pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    shape: Shape,
    /// Each region's cells (N of them): rows, then columns, then boxes or jigsaw regions, then
    /// diagonals and windows.
    regions: Vec<Vec<usize>>,
    /// Pairs of cells (lower first) that may not hold the same digit and share no region.
    pairs: Vec<(usize, usize)>,
    /// Killer's cages, whose digits are distinct and add up to their sums.
    cages: Option<Cages>,
}

/// King's moves that reach cells no row, column or box of the cell already holds: the four
/// diagonal neighbours (the pairs are listed once each, so two directions suffice).
const KING_DIAGONALS: [(isize, isize); 2] = [(1, -1), (1, 1)];
/// Knight's moves, each pair of cells listed once: the four moves going down.
const KNIGHT_MOVES: [(isize, isize); 4] = [(1, -2), (1, 2), (2, -1), (2, 1)];

impl Rules {
    /// The rules of `variants` on a grid of `shape`; `regions` is the jigsaw layout (needed
    /// with jigsaw, refused without). For a jigsaw, `shape` gives only the side.
    pub fn new(
        shape: Shape,
        variants: &Variants,
        regions: Option<&Regions>,
    ) -> Result<Rules, RulesError> {
        Rules::with_cages(shape, variants, regions, None)
    }

    /// [`Rules::new`] with Killer's cages (needed with killer, refused without).
    pub fn with_cages(
        shape: Shape,
        variants: &Variants,
        regions: Option<&Regions>,
        cages: Option<&Cages>,
    ) -> Result<Rules, RulesError> {
        let side = shape.side();
        match (variants.contains(Variant::Killer), cages) {
            (true, None) => return Err(RulesError::MissingCages),
            (false, Some(_)) => return Err(RulesError::UnusedCages),
            (true, Some(cages)) if cages.side() != side => {
                return Err(RulesError::CagesSide {
                    found: cages.side(),
                    expected: side,
                })
            }
            (true, Some(cages)) => {
                let bound = cages.option_count(digit_set_bound);
                let options = match bound > MAX_CAGE_OPTIONS {
                    true => cages.option_count(digit_set_count),
                    false => bound,
                };
                if options > MAX_CAGE_OPTIONS {
                    let most = MAX_CAGE_OPTIONS;
                    return Err(RulesError::TooManyCageOptions { options, most });
                }
            }
            _ => {}
        }
        for variant in variants.iter() {
            if variant == Variant::Windoku && shape != Shape::CLASSIC {
                return Err(RulesError::ShapeNotAccepted { variant, side });
            }
        }
        let boxes: Vec<Vec<usize>> = match (variants.contains(Variant::Jigsaw), regions) {
            (true, None) => return Err(RulesError::MissingRegions),
            (false, Some(_)) => return Err(RulesError::UnusedRegions),
            (true, Some(layout)) if layout.side() != side => {
                return Err(RulesError::RegionsSide {
                    found: layout.side(),
                    expected: side,
                })
            }
            (true, Some(layout)) => layout.cells_by_region(),
            (false, None) => (0..side).map(|b| shape.box_cells(b).collect()).collect(),
        };
        let mut all = Vec::with_capacity(3 * side + 6);
        all.extend((0..side).map(|r| (0..side).map(|c| shape.cell(r, c)).collect()));
        all.extend((0..side).map(|c| (0..side).map(|r| shape.cell(r, c)).collect()));
        all.extend(boxes);
        if variants.contains(Variant::X) {
            all.push((0..side).map(|k| shape.cell(k, k)).collect());
            all.push((0..side).map(|k| shape.cell(k, side - 1 - k)).collect());
        }
        if variants.contains(Variant::Windoku) {
            for top in [1, 5] {
                for left in [1, 5] {
                    let window = (top..top + 3).flat_map(|r| (left..left + 3).map(move |c| (r, c)));
                    all.push(window.map(|(r, c)| shape.cell(r, c)).collect());
                }
            }
        }
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if variants.contains(Variant::AntiKing) {
            moves.extend(KING_DIAGONALS);
        }
        if variants.contains(Variant::AntiKnight) {
            moves.extend(KNIGHT_MOVES);
        }
        let mut rules = Rules {
            shape,
            regions: all,
            pairs: Vec::new(),
            cages: cages.cloned(),
        };
        rules.pairs = rules.pairs_apart(&moves);
        Ok(rules)
    }

    /// The pairs of cells one of `moves` apart that no region already keeps distinct.
    fn pairs_apart(&self, moves: &[(isize, isize)]) -> Vec<(usize, usize)> {
        let side = self.side() as isize;
        let shape = self.shape;
        let mut pairs = Vec::new();
        for cell in 0..shape.cell_count() {
            let (row, col) = (shape.row_of(cell) as isize, shape.col_of(cell) as isize);
            for &(dr, dc) in moves {
                let (r, c) = (row + dr, col + dc);
                if !(0..side).contains(&r) || !(0..side).contains(&c) {
                    continue;
                }
                let other = shape.cell(r as usize, c as usize);
                if !self.share_a_region(cell, other) {
                    pairs.push((cell.min(other), cell.max(other)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    fn share_a_region(&self, a: usize, b: usize) -> bool {
        self.regions
            .iter()
            .any(|region| region.contains(&a) && region.contains(&b))
    }

    /// The same rules on a grid whose cells are renamed, cell `c` becoming `to[c]` (a
    /// permutation of the cells): the exact-cover problem is the same up to the order of its
    /// items and options, which is all the rater wants to vary ([`crate::sudoku::Rater::rate_under`]).
    pub fn with_cells_moved(&self, to: &[usize]) -> Rules {
        assert_eq!(
            to.len(),
            self.shape.cell_count(),
            "a permutation of the cells"
        );
        let regions = self
            .regions
            .iter()
            .map(|region| {
                let mut moved: Vec<usize> = region.iter().map(|&cell| to[cell]).collect();
                moved.sort_unstable();
                moved
            })
            .collect();
        let mut pairs: Vec<(usize, usize)> = self
            .pairs
            .iter()
            .map(|&(a, b)| (to[a].min(to[b]), to[a].max(to[b])))
            .collect();
        pairs.sort_unstable();
        Rules {
            shape: self.shape,
            regions,
            pairs,
            cages: self.cages.as_ref().map(|cages| cages.with_cells_moved(to)),
        }
    }

    /// Whether these are classic Sudoku's rules: rows, columns and boxes, nothing more.
    pub fn is_classic(&self) -> bool {
        self.pairs.is_empty() && self.cages.is_none() && *self == Rules::classic(self.shape)
    }

    /// Whether these rules hold the boxes of their shape (every variant but jigsaw): then what
    /// rows, columns and boxes alone force (cross-hatching) holds under them too.
    pub fn has_boxes(&self) -> bool {
        let classic = Rules::classic(self.shape);
        classic
            .regions
            .iter()
            .all(|region| self.regions.contains(region))
    }

    /// Classic Sudoku's rules on a grid of `shape`: rows, columns and boxes.
    pub fn classic(shape: Shape) -> Rules {
        Rules::new(shape, &Variants::default(), None).expect("no variant needs nothing")
    }

    /// The grid's shape (for a jigsaw, only its side counts).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side N: digits, and cells per region.
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The regions that hold every digit once, each as its N cells.
    pub fn regions(&self) -> &[Vec<usize>] {
        &self.regions
    }

    /// Killer's cages, if the rules have them.
    pub fn cages(&self) -> Option<&Cages> {
        self.cages.as_ref()
    }

    /// The pairs of cells that may not hold the same digit, beyond the regions.
    pub fn pairs(&self) -> &[(usize, usize)] {
        &self.pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_refuse_with_their_position() {
        let variants = Variants::parse("x, anti-knight").unwrap();
        assert!(variants.contains(Variant::X) && variants.contains(Variant::AntiKnight));
        assert_eq!(variants.to_string(), "x,anti-knight");
        assert!(Variants::parse("").unwrap().is_empty());
        assert_eq!(
            Variants::parse("x,kiler"),
            Err(RulesError::UnknownVariant {
                found: "kiler".into(),
                position: 2
            })
        );
        assert_eq!(
            Variants::parse("x,X"),
            Err(RulesError::Repeated {
                variant: Variant::X
            })
        );
    }

    #[test]
    fn windoku_takes_only_the_classic_grid() {
        let windoku = Variants::of(&[Variant::Windoku]).unwrap();
        let error = Rules::new(Shape::new(2, 3).unwrap(), &windoku, None).unwrap_err();
        assert!(error.to_string().contains("9x9"), "{error}");
        let rules = Rules::new(Shape::CLASSIC, &windoku, None).unwrap();
        assert_eq!(rules.regions().len(), 27 + 4);
        assert_eq!(rules.regions()[27], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
    }

    #[test]
    fn anti_king_pairs_are_the_diagonal_neighbours_across_boxes() {
        let shape = Shape::new(2, 2).unwrap();
        let rules = Rules::new(shape, &Variants::of(&[Variant::AntiKing]).unwrap(), None).unwrap();
        // Cell 1 (r1c2) and cell 6 (r2c3) touch diagonally across the box border; cell 0 and
        // cell 5 share a box, so no pair is needed for them.
        assert!(rules.pairs().contains(&(1, 6)));
        assert!(!rules.pairs().contains(&(0, 5)));
        assert!(rules.pairs().iter().all(|&(a, b)| a < b));
    }
}
