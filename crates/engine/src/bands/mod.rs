//! Exact cover on bands: the representation of the bitboard Sudoku solvers (JCZSolve's, fsss2's)
//! for the one problem they solve, Sudoku's 9x9 matrix, found in the problem itself
//! ([`geometry`]).
//!
//! An option is a digit in a cell; the live options of one digit in one band (three rows of
//! the grid) are a 27-bit word, so that a level's state is 27 such words and the open cells of
//! each band: 120 bytes, copied whole for each level below. Taking an option clears its peers
//! from its digit's word of its band, its column from the digit's two other bands and its cell
//! from the eight other digits' words: a dozen word operations. Between two guesses the engine
//! takes what is forced, as Algorithm X would one node at a time, in two passes:
//!
//! - *Each changed band of each digit*: the band's rows and boxes are six items of which the
//!   digit covers each once, so its live cells lie in some of the band's nine minirows (a row's
//!   three cells in one box), and a cover of the band picks one minirow in each row and each box.
//!   A table ([`tables::PLACEABLE`]) gives, for the live minirows, the cells of those in some such
//!   pick; the others go. That is the domination rule on the band's items (Sudoku's locked
//!   candidates, pointing and claiming alike) and more, in two lookups and an AND. A row left
//!   with one live cell is a hidden single and is taken (a box with one lies, after the AND, in a
//!   row with one); a band with no pick left ends the node.
//! - *Each band's cells*: counted across the nine digits with ANDs and ORs, an open cell left
//!   with one digit is a naked single and is taken; one with none ends the node.
//!
//! When these change nothing, and the node is not near the end of its search (45 open cells or
//! more: below, they cost more than they save), the band rule turned a quarter (on each stack's
//! columns and boxes), then the *triad rule*: a minirow's three cells hold three different digits, as do a
//! minicolumn's, so three digits confined to one push the others out of it, and three digits
//! alone live in one are confined to it (tdoku's triads, which no rule on one digit sees).
//!
//! When nothing changes any more the engine branches on a cell of two live options if there is
//! one, the one whose options rule out the most others (near the end, the first found; else one
//! of fewest), trying its digits in the planes' order.

mod geometry;
mod propagate;
mod search;
mod tables;
#[cfg(test)]
mod tests;

use crate::engine::EngineKind;
use crate::error::DlxError;
use crate::guesses::Deductions;
use crate::problem::{OptionId, Problem};
use geometry::{CELLS, DIGITS, OPTIONS};
use std::sync::Arc;

/// Exact cover on bands (see the module's note).
///
/// # Invariant
/// The state of level `l + 1` is that of level `l` after the option chosen at `l` and what
/// follows from it: a function of the level above and the path alone, so that a subtree can be
/// replayed from its path on any copy. A taken option's cell is closed and its bit stays set in
/// its digit's word, the only live one of its row, column and box there.
#[derive(Clone, Debug)]
pub struct Bands {
    tables: Arc<Tables>,
    /// The live options at the root: every option, or those [`Bands::keep_only`] kept.
    root: State,
    /// The options every search starts with taken ([`Bands::take_first`]).
    preset: Vec<u32>,
    /// Each level's state.
    states: Vec<State>,
    /// Each level's branch.
    path: Vec<Level>,
    /// The options taken so far, forced and chosen, in order: a solution when all is covered.
    taken: Vec<OptionId>,
    /// What the deductions did since the search loop last took them.
    deductions: Deductions,
    /// What the last search deduced ([`Engine::figures`]).
    last_deductions: Deductions,
}

/// The problem's options by place, shared by the copies a split search makes.
#[derive(Debug)]
struct Tables {
    /// The option of each digit at each cell (`digit * 81 + 9 * row + column`).
    option_at: Box<[u32; OPTIONS]>,
    /// The digit and cell of each option, as `digit * 81 + 9 * row + column`.
    place_of: Box<[u16]>,
}

/// One level's state: each digit's live cells in each band (at [`word`]), and each band's
/// open cells.
#[derive(Clone, Copy, Debug, Default)]
struct State {
    live: [u32; 3 * DIGITS],
    open: [u32; 3],
}

/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;

/// A level's branch: a cell, tried with each digit left in `rest`.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The cell's band and its bit in the band.
    band: u8,
    cell: u8,
    /// The digits left to try, one bit each.
    rest: u16,
    /// How many options the cell had (`d`) and which is being tried (`k`, from 1).
    degree: u32,
    tried: u32,
    /// How many options were taken above this level's choice.
    taken: u32,
}

impl Bands {
    /// Loads Sudoku's 9x9 matrix (see the module's note), or says why `problem` is not it.
    pub fn try_new(problem: &Problem) -> Result<Bands, DlxError> {
        let option_at = geometry::recognise(problem).map_err(|what| DlxError::Unsupported {
            engine: "bands",
            what,
        })?;
        let mut place_of = vec![0u16; OPTIONS];
        for (place, &option) in option_at.iter().enumerate() {
            place_of[option as usize] = place as u16;
        }
        let mut bands = Bands {
            tables: Arc::new(Tables {
                option_at,
                place_of: place_of.into(),
            }),
            root: State::default(),
            preset: Vec::new(),
            states: Vec::new(),
            path: Vec::new(),
            taken: Vec::new(),
            deductions: Deductions::default(),
            last_deductions: Deductions::default(),
        };
        bands.keep_only(|_| true);
        Ok(bands)
    }

    /// Whether the bands are the engine to choose for `problem` (what `auto` does): whether it
    /// is Sudoku's 9x9 matrix, on which they run more puzzles a second than every other engine
    /// (docs/benchmarks.md).
    pub fn preferred_for(problem: &Problem) -> bool {
        geometry::recognise(problem).is_ok()
    }

    /// Searches only among the options `keep` keeps, from the next search on: `keep(OptionId)`
    /// is asked once for each option, in order. Clears what [`Bands::take_first`] set.
    pub fn keep_only(&mut self, mut keep: impl FnMut(OptionId) -> bool) {
        self.preset.clear();
        self.root = State {
            live: [0; 3 * DIGITS],
            open: [BAND; 3],
        };
        for (option, &place) in self.tables.place_of.iter().enumerate() {
            if keep(OptionId(option as u32)) {
                let (word, bit) = word_and_bit(usize::from(place));
                self.root.live[word] |= 1 << bit;
            }
        }
    }

    /// Starts every search from now on with `options` taken, as if a path from the root had
    /// chosen them (they begin every solution, and they are no node). An option not kept, or
    /// ruled out by another one here, makes the root a dead end.
    pub fn take_first(&mut self, options: impl IntoIterator<Item = OptionId>) {
        self.preset.clear();
        self.preset
            .extend(options.into_iter().map(|option| option.0));
    }
}

/// The word of `digit` in `band`: a band's nine words side by side, so that a cell taken
/// leaves the nine digits' words in one pass over them.
#[inline(always)]
fn word(digit: usize, band: usize) -> usize {
    DIGITS * band + digit
}

/// The digit and the band of a word (see [`word`]).
#[inline(always)]
fn digit_and_band(word: usize) -> (usize, usize) {
    (word % DIGITS, word / DIGITS)
}

/// The word (see [`word`]) and the bit in it of a place `digit * 81 + 9 * row + column`.
#[inline(always)]
fn word_and_bit(place: usize) -> (usize, u32) {
    let (digit, cell) = (place / CELLS, place % CELLS);
    (word(digit, cell / 27), (cell % 27) as u32)
}

crate::guesses::engine_that_guesses!(
    Bands,
    EngineKind::Bands,
    "narrowed",
    /// `forced`: options taken because their cell, or a row of their digit, had no other
    /// (singles); `narrowed`: times a band of a digit lost live cells to the band rule (locked
    /// candidates and more) or the triad rule.
);
