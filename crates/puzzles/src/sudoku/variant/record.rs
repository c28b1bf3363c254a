//! One variant puzzle per line: the givens (N·N symbols), then, for a jigsaw without a layout
//! given for every puzzle, the layout (N·N region symbols) as a second field, then for a Killer
//! the cages (N·N cage symbols) and their sums (comma-separated); whatever follows is a
//! comment. The variant is named by the caller, never guessed from the line. The line reads
//! into a [`Record`], the one record type of every puzzle: its layout and cages are the
//! variant's part of it.

use super::cages::Cages;
use super::field_error::FieldErrorKind;
use super::regions::Regions;
use super::rules::{Rules, RulesError, Variant, Variants};
use crate::sudoku::boxes::Boxes;
use crate::sudoku::grid::{Grid, Shape, MAX_SIDE};
use crate::sudoku::parse_error::{ParseError, ParseErrorKind};
use crate::sudoku::record::{Givens, Label, Record};
use crate::sudoku::symbols::{expected_symbols, symbol_value};

impl Record {
    /// Reads one line of a variant collection (`line_number` 1-based, for messages) into a
    /// record whose givens are digits, with the line's layout and cages and its comment as the
    /// label. With
    /// `variants` holding jigsaw and `shared_regions` absent, the second field is the layout;
    /// otherwise anything after the givens is a comment. A jigsaw's side may be any from 2 to
    /// [`Shape::MAX_SIDE`] (its regions replace the boxes); other variants need a side with boxes.
    ///
    /// `boxes` gives the box shape (see [`Boxes`]); a jigsaw's regions replace its boxes, so
    /// only its side must fit a shape given.
    pub fn parse_variant_line(
        text: &str,
        line_number: usize,
        variants: &Variants,
        shared_regions: Option<&Regions>,
        boxes: Boxes,
    ) -> Result<Record, ParseError> {
        let jigsaw = variants.contains(Variant::Jigsaw);
        let mut fields = fields_with_columns(text);
        let at = |column: usize, kind| ParseError {
            line: line_number,
            column,
            kind,
        };
        let (givens_column, givens) = fields.next().ok_or(at(1, ParseErrorKind::NoPuzzle))?;
        let length = givens.chars().count();
        if length > MAX_SIDE * MAX_SIDE {
            return Err(at(
                givens_column,
                ParseErrorKind::LineTooLong { found: length },
            ));
        }
        let side = (length as f64).sqrt().round() as usize;
        let shape = match boxes {
            _ if side * side != length || side < 2 => None,
            Boxes::Given(_) => boxes.shape_for_side(side),
            Boxes::Usual if jigsaw => Shape::for_side(side).or_else(|_| Shape::new(1, side)).ok(),
            Boxes::Usual => Shape::for_side(side).ok(),
        }
        .ok_or(at(
            givens_column,
            crate::sudoku::line::no_shape_for_length(length, boxes),
        ))?;
        let mut cells = Vec::with_capacity(length);
        for (index, symbol) in givens.chars().enumerate() {
            match symbol_value(symbol, side) {
                Some(value) if usize::from(value) <= side => cells.push(value),
                _ => {
                    let kind = ParseErrorKind::BadSymbol {
                        found: symbol,
                        expected: expected_symbols(side),
                    };
                    return Err(at(givens_column + index, kind));
                }
            }
        }
        let grid = Grid::from_cells(shape, cells).expect("the cells were counted and checked");
        let regions = match (jigsaw, shared_regions) {
            (true, None) => {
                let (column, layout) = fields
                    .next()
                    .ok_or(at(1, ParseErrorKind::Rules(RulesError::MissingRegions)))?;
                Some(Regions::parse(layout, line_number, column, Some(side))?)
            }
            _ => None,
        };
        let cages = if variants.contains(Variant::Killer) {
            // A missing field is placed just past the end of the line.
            let cages = fields.next().ok_or(at(
                text.chars().count() + 1,
                ParseErrorKind::Field(FieldErrorKind::MissingCages),
            ))?;
            Some(Cages::parse(side, line_number, Some(cages), fields.next())?)
        } else {
            None
        };
        let label = fields.next().map(|(column, _)| {
            let start = text
                .char_indices()
                .nth(column - 1)
                .map_or(text.len(), |(at, _)| at);
            let before = &text[..start];
            Label::Trailing {
                separator: before[before.trim_end().len()..].to_string(),
                text: text[start..].trim_end().to_string(),
            }
        });
        let mut puzzle = Record::new(line_number, Ok(Givens::Digits(grid)));
        puzzle.label = label;
        puzzle.regions = regions;
        puzzle.cages = cages;
        // Refuse here what the rules refuse (windoku off 9x9, a layout of another side), so the
        // error carries the line.
        puzzle
            .rules(variants, shared_regions)
            .map_err(|error| at(1, ParseErrorKind::Rules(error)))?;
        Ok(puzzle)
    }

    /// The rules of this puzzle: the variants on its grid, with its own layout or else
    /// `shared_regions` (the one given for every puzzle). Panics on a record without givens,
    /// which [`Record::parse_variant_line`] never returns.
    pub fn rules(
        &self,
        variants: &Variants,
        shared_regions: Option<&Regions>,
    ) -> Result<Rules, RulesError> {
        Rules::with_cages(
            self.grid().shape(),
            variants,
            self.regions.as_ref().or(shared_regions),
            self.cages.as_ref(),
        )
    }
}

/// A 4x4 Killer of eight cages, for the tests of the variant modules: its record with
/// `givens` (16 symbols) and its rules.
#[cfg(test)]
pub(super) fn toy_killer(givens: &str) -> (Record, Rules) {
    let killer = Variants::parse("killer").expect("a known variant");
    let line = format!("{givens} AABBCDDBCEFFGEHH 3,9,5,5,4,7,4,3");
    let puzzle =
        Record::parse_variant_line(&line, 1, &killer, None, Boxes::Usual).expect("a valid record");
    let rules = puzzle.rules(&killer, None).expect("cages that fit");
    (puzzle, rules)
}

/// The whitespace-separated fields of a line, each with its 1-based column in characters.
fn fields_with_columns(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut fields = Vec::new();
    for (byte, symbol) in text.char_indices() {
        column += 1;
        match (symbol.is_whitespace(), start) {
            (false, None) => start = Some((byte, column)),
            (true, Some((from, at))) => {
                fields.push((at, &text[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, at)) = start {
        fields.push((at, &text[from..]));
    }
    fields.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::FieldErrorKind;

    #[test]
    fn a_line_keeps_its_comment_and_reads_with_the_boxes_given() {
        let x = Variants::parse("x").unwrap();
        let line = format!("{}  a 6x6 X, tall boxes ", ".".repeat(36));
        let tall = Shape::new(3, 2).unwrap();
        let puzzle = Record::parse_variant_line(&line, 1, &x, None, Boxes::Given(tall));
        let puzzle = puzzle.unwrap();
        assert_eq!(puzzle.grid().shape(), tall);
        assert_eq!(puzzle.comment(), Some("a 6x6 X, tall boxes"));
        let usual = Record::parse_variant_line(&line, 1, &x, None, Boxes::Usual).unwrap();
        assert_eq!(usual.grid().shape(), Shape::new(2, 3).unwrap());
        let error = Record::parse_variant_line(&".".repeat(81), 4, &x, None, Boxes::Given(tall))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 1: found a line of 81 symbols, expected 36 for boxes of 3x2 (a 6x6 grid)"
        );
    }

    #[test]
    fn a_jigsaw_line_gives_givens_and_layout_with_the_layouts_errors_placed() {
        let jigsaw = Variants::parse("jigsaw").unwrap();
        let puzzle = Record::parse_variant_line(
            "1............... AABBAABBCCDDCCDD  comment",
            3,
            &jigsaw,
            None,
            Boxes::Usual,
        )
        .unwrap();
        assert_eq!(puzzle.grid().get(0), 1);
        assert_eq!(puzzle.regions.as_ref().unwrap().side(), 4);
        let error = Record::parse_variant_line(
            "1............... AABBAABBCCDDCCDA",
            3,
            &jigsaw,
            None,
            Boxes::Usual,
        )
        .unwrap_err();
        assert_eq!((error.line, error.column), (3, 33));
        assert!(matches!(
            error.kind,
            ParseErrorKind::Field(FieldErrorKind::WrongRegionSize { found: 'A', .. })
        ));
        let missing =
            Record::parse_variant_line("1...............", 3, &jigsaw, None, Boxes::Usual)
                .unwrap_err();
        assert!(missing.to_string().starts_with("line 3: "), "{missing}");
    }

    #[test]
    fn a_five_by_five_jigsaw_has_no_boxes_but_reads() {
        let jigsaw = Variants::parse("jigsaw").unwrap();
        let line = ".".repeat(25) + " AAAAABBBBBCCCCCDDDDDEEEEE";
        let puzzle = Record::parse_variant_line(&line, 1, &jigsaw, None, Boxes::Usual).unwrap();
        assert_eq!(puzzle.grid().shape().side(), 5);
        let x = Variants::parse("x").unwrap();
        assert!(Record::parse_variant_line(&".".repeat(25), 1, &x, None, Boxes::Usual).is_err());
    }

    #[test]
    fn a_bad_given_is_placed_in_its_field() {
        let x = Variants::parse("x").unwrap();
        let error = Record::parse_variant_line("  12.5", 7, &x, None, Boxes::Usual).unwrap_err();
        assert!(error.to_string().starts_with("line 7, column 3"), "{error}");
        let error =
            Record::parse_variant_line("12.5............", 7, &x, None, Boxes::Usual).unwrap_err();
        assert!(error.to_string().starts_with("line 7, column 4"), "{error}");
    }
}
