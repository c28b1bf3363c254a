//! Algorithms X and C on bitsets, for small problems: every set of options is a row of bits,
//! one a option, so that a choice removes the options it rules out with one AND NOT a word,
//! and the size of an item's list is the popcount of its bits that are still live.
//!
//! Nothing is undone: each level keeps its own copy of the live options and of the primary
//! items left to cover, so backing up is going back to the level above. Each option's
//! *conflicts*, the options it rules out, are computed once: those that share a primary item
//! or an uncoloured secondary item with it, and those that give one of its coloured secondary
//! items another colour (Algorithm C's purification). The search chooses the item of fewest
//! live options, the first in input order on ties, and tries its options in input order: the
//! tree of dancing links under DLX1's rule (DLX1's on plain problems, DLX2's with colours),
//! node for node, solution for solution. Only the updates, which are moves of links, have no
//! counterpart here: the engine reports none.
//!
//! A node costs a popcount of every uncovered primary item's row, so the work grows with the
//! number of options times the number of primary items; on problems small enough that those
//! rows are a few dozen words (n queens, Langford pairs, the pentominoes, word rectangles) it
//! beats both other engines several times over (docs/benchmarks.md), and the memory it needs
//! grows with the square of the options: [`Bits::try_new`] refuses a problem past
//! [`Bits::MAX_WORDS`].

mod rows;
mod search;
mod split;
#[cfg(test)]
mod tests;

use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::outcome::Outcome;
use crate::problem::{ItemKind, Problem};
use crate::search::{SearchLimits, Visitor};
use rows::{Depth, OptionBit, Primary, Rows};
use std::sync::Arc;

/// Algorithms X and C on bitsets (see the module's note).
///
/// # Invariant
/// The rows of level `l + 1` are those of level `l` less what the option chosen at `l` rules
/// out (its conflicts from `live`, its primary items from `uncovered`): each level's rows are
/// a function of the level above and the path alone, so a subtree can be replayed from its
/// options on any copy, and the levels above the current one are never written.
#[derive(Clone, Debug)]
pub struct Bits {
    /// Each primary item's options, a row of options each (one bit an option, in input
    /// order). This and the next two never change: the copies a split search makes share them.
    items: Rows<Primary, Arc<[u64]>>,
    /// Each option's conflicts: the options it rules out, itself included.
    conflicts: Rows<OptionBit, Arc<[u64]>>,
    /// Each option's primary items, a row of items each (one bit a primary item).
    covers: Rows<OptionBit, Arc<[u64]>>,
    /// The live options at each level, the root's first.
    live: Rows<Depth, Vec<u64>>,
    /// The primary items left to cover at each level.
    uncovered: Rows<Depth, Vec<u64>>,
    /// At each level, the options of its item not tried yet.
    untried: Rows<Depth, Vec<u64>>,
    /// At each level, the option chosen, how many options its item had (`d`) and which of
    /// them the choice is (`k`, from 1): the path, and where it stands for progress reports.
    path: Vec<Level>,
}

/// A level of the path.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    option: u32,
    degree: u32,
    tried: u32,
}

impl Bits {
    /// The most 64-bit words of bitsets the engine holds: 32 MiB, past which a problem is
    /// refused; the problems it wins on take far fewer (the 6x10 pentominoes, 2,056 options
    /// and 72 primary items, take 77,000 words).
    pub const MAX_WORDS: u64 = 1 << 22;

    /// Loads a problem; panics where [`Bits::try_new`] refuses it.
    #[cfg(test)]
    pub fn new(problem: &Problem) -> Bits {
        Bits::try_new(problem).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Loads a problem, or says why not: bounds (multiplicities) are refused, and a problem
    /// whose bitsets pass [`Bits::MAX_WORDS`].
    pub fn try_new(problem: &Problem) -> Result<Bits, DlxError> {
        if problem.has_bounds() {
            return Err(DlxError::BoundsOnBits);
        }
        let words = Bits::words_needed(problem);
        if words > Bits::MAX_WORDS {
            return Err(DlxError::TooLargeForBits {
                words,
                limit: Bits::MAX_WORDS,
            });
        }
        let options = problem.option_count();
        let primaries = problem.primary_count();
        let row = options.div_ceil(64);
        let item_row = primaries.div_ceil(64);
        // Each item's options with the colour each gives it, in input order.
        let mut lists: Vec<Vec<(usize, Option<u32>)>> = vec![Vec::new(); problem.item_count()];
        for option in problem.options() {
            for (at, item) in problem.option_items(option).iter().enumerate() {
                let colour = problem.entry_colour(option, at).map(|colour| colour.0);
                lists[item.index()].push((option.0 as usize, colour));
            }
        }
        let mut items = vec![0u64; primaries * row];
        let mut conflicts = vec![0u64; options * row];
        let mut covers = vec![0u64; options * item_row];
        let mut mask = vec![0u64; row];
        let mut same = vec![0u64; row];
        let mut primary = 0;
        for item in problem.items() {
            let list = &lists[item.index()];
            mask.fill(0);
            for &(option, _) in list {
                set(&mut mask, option);
            }
            if problem.item_kind(item) == ItemKind::Primary {
                items[primary * row..(primary + 1) * row].copy_from_slice(&mask);
                for &(option, _) in list {
                    set(
                        &mut covers[option * item_row..(option + 1) * item_row],
                        primary,
                    );
                }
                primary += 1;
            }
            for &(option, colour) in list {
                if colour.is_none() {
                    or_into(&mut conflicts[option * row..(option + 1) * row], &mask);
                }
            }
            // The options that give the item one colour may share it: each rules out the
            // item's options of the other colours, a group of one colour at a time.
            let mut coloured: Vec<(u32, usize)> = list
                .iter()
                .filter_map(|&(option, colour)| colour.map(|colour| (colour, option)))
                .collect();
            coloured.sort_unstable();
            for group in coloured.chunk_by(|a, b| a.0 == b.0) {
                same.fill(0);
                for &(_, option) in group {
                    set(&mut same, option);
                }
                for &(_, option) in group {
                    let conflict = &mut conflicts[option * row..(option + 1) * row];
                    for (word, (&all, &alike)) in conflict.iter_mut().zip(mask.iter().zip(&same)) {
                        *word |= all & !alike;
                    }
                }
            }
        }
        let levels = primaries + 2;
        let mut live = vec![0u64; levels * row];
        for option in 0..options {
            set(&mut live, option);
        }
        let mut uncovered = vec![0u64; levels * item_row];
        for item in 0..primaries {
            set(&mut uncovered, item);
        }
        Ok(Bits {
            items: Rows::new(items.into(), row),
            conflicts: Rows::new(conflicts.into(), row),
            covers: Rows::new(covers.into(), item_row),
            live: Rows::new(live, row),
            uncovered: Rows::new(uncovered, item_row),
            untried: Rows::new(vec![0u64; levels * row], row),
            path: vec![Level::default(); levels],
        })
    }

    /// The words of a search's own state, which each thread of a split count copies: the
    /// rows of every level.
    pub(crate) fn state_words(&self) -> u64 {
        (self.live.len() + self.untried.len() + self.uncovered.len()) as u64
    }

    /// The 64-bit words of bitsets `problem` needs: a row of options for each primary item and
    /// each option (its conflicts) and three a level (live, untried, and a row of primary items
    /// left), with a row of primary items an option; the levels are at most the primary items
    /// plus the root.
    pub fn words_needed(problem: &Problem) -> u64 {
        let options = problem.option_count() as u64;
        let primaries = problem.primary_count() as u64;
        let row = options.div_ceil(64);
        let item_row = primaries.div_ceil(64);
        let levels = primaries + 2;
        (primaries + options + 2 * levels) * row + (options + levels) * item_row
    }

    /// Whether the bitset engine is the one to choose for `problem` (what `dlx xc --engine
    /// auto` and the Python package do): no bounds, the bitsets within [`Bits::MAX_WORDS`], a
    /// node's work (a row of options for each primary item) at most [`Bits::PREFERRED_WORK`]
    /// words, and a primary item in at least one option in [`Bits::PREFERRED_SPARSITY`]. A
    /// node costs the bitsets a popcount of every row, where links and cells pay for each
    /// option a choice removes: the denser the problem, the more options a choice removes. By
    /// the measurements of docs/benchmarks.md: the bitsets beat both other engines 2x to 4x on
    /// n queens, Langford pairs, the pentominoes and word rectangles (one in 9 to 12), tie
    /// with cells on domino tilings (one in 32), and lose 3x to links on the empty Sudoku
    /// grid (one in 81).
    pub fn preferred_for(problem: &Problem) -> bool {
        let primaries = problem.primary_count() as u64;
        let options = problem.option_count() as u64;
        let work = primaries * options.div_ceil(64);
        let primary_entries: u64 = problem
            .options()
            .map(|option| {
                let items = problem.option_items(option).iter();
                items
                    .filter(|&&item| problem.item_kind(item) == ItemKind::Primary)
                    .count() as u64
            })
            .sum();
        !problem.has_bounds()
            && work <= Bits::PREFERRED_WORK
            && primary_entries * Bits::PREFERRED_SPARSITY >= primaries * options
            && Bits::words_needed(problem) <= Bits::MAX_WORDS
    }

    /// The most words of options rows a node may scan for [`Bits::preferred_for`] to choose
    /// this engine: the 6x10 pentominoes scan 2,376 (72 items, 33 words a row).
    pub const PREFERRED_WORK: u64 = 4096;

    /// The sparsest problem [`Bits::preferred_for`] chooses this engine for: a primary item
    /// in one option in this many, on average.
    pub const PREFERRED_SPARSITY: u64 = 24;
}

impl Engine for Bits {
    fn kind(&self) -> EngineKind {
        EngineKind::Bits
    }

    /// Runs the search, handing every solution to `visitor` (its options, level by level),
    /// until the tree is exhausted, a limit is reached or the visitor says stop; the outcome's
    /// answer is the value the visitor broke with, if it did. Each search starts afresh. The
    /// outcome's nodes and solutions are DLX1's (DLX2's with colours); its updates are 0.
    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        self.run(0, limits, visitor)
    }
}

/// Sets bit `index` of a row.
fn set(row: &mut [u64], index: usize) {
    row[index / 64] |= 1 << (index % 64);
}

/// `into |= from`, word by word.
fn or_into(into: &mut [u64], from: &[u64]) {
    for (word, &other) in into.iter_mut().zip(from) {
        *word |= other;
    }
}
