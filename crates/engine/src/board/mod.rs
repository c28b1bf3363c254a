//! Exact cover on a board of option bits, the representation of the fastest Sudoku solvers
//! carried over to any exact-cover problem: the live options are one bit each, every primary
//! item keeps the number of its live options, and each level of the search owns a copy of both
//! (a few hundred bytes on Sudoku's matrix), so that backing up is going back to the level
//! above and nothing is undone.
//!
//! Between two choices the engine deduces what it can, as the bitboard solvers do between two
//! guesses: an item with one live option left is covered by it at once (a *forced* item:
//! Sudoku's naked and hidden singles), an item with none ends the node, and, when asked
//! ([`Board::set_dominant_limit`]), the [item-domination](crate::domination) rule removes the
//! options it rules out (Sudoku's locked candidates). Only when nothing more follows does it branch, on the item of fewest live
//! options (the first in input order on ties), trying them in input order as Algorithm X
//! does. Its tree is therefore its own: a node is a guess, and the deductions are figures of
//! their own ([`Engine::figures`]), beside nodes and solutions.
//!
//! A choice removes the options that share a primary item or an uncoloured secondary item with
//! it, and those that give one of its coloured secondary items another colour (Algorithm C's
//! purification), a word of its conflicts at a time, and counts each option that was still live
//! off its items: the work of a choice is the words it touches and the options it removes,
//! where the bitset engine (`crate::bits::Bits`) pays a row of every item at every node.

mod propagate;
mod search;
#[cfg(test)]
mod tests;

use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::guesses::Deductions;
use crate::problem::{ItemKind, OptionId, Problem};
use propagate::MOST_DOMINANT;
use std::sync::Arc;

/// Exact cover on a board of option bits (see the module's note).
///
/// # Invariant
/// The state of level `l + 1` (its live options and its items' counts) is that of level `l`
/// after the option chosen at `l` and everything deduced from it: a function of the level above
/// and the path alone, so a subtree can be replayed from its path on any copy, and the levels
/// above the current one are never written. An uncovered primary item's count is the number of
/// its live options; a covered one's is far above any (see `COVERED`).
#[derive(Clone, Debug)]
pub struct Board {
    tables: Arc<Tables>,
    /// The live options at the root: every option, or those [`Board::keep_only`] kept.
    root: Vec<u64>,
    /// The options every search starts with taken ([`Board::take_first`]).
    preset: Vec<u32>,
    /// The live options of each level entered so far, `words` a level, the root's first.
    live: Vec<u64>,
    /// The count of each primary item at each level, `primaries` a level.
    counts: Vec<u16>,
    /// Each level's branch: its item, where its options stand, the choice made.
    path: Vec<Level>,
    /// The options taken so far, forced and chosen, in order: a solution when all is covered.
    taken: Vec<OptionId>,
    /// What is left to deduce at the level being settled.
    pending: Pending,
    /// What the deductions did since the search loop last took them.
    deductions: Deductions,
    /// What the last search deduced ([`Engine::figures`]).
    last_deductions: Deductions,
}

/// The problem, laid out for the engine; shared by the copies a split search makes.
#[derive(Debug)]
struct Tables {
    /// Words of a row of options.
    words: usize,
    /// Primary items; the items are renumbered so that they come first.
    primaries: usize,
    /// Where each item's options start in `item_options` (one more entry than items).
    item_start: Box<[u32]>,
    /// Each item's options, in input order, with the colour each gives it (0: none).
    item_options: Box<[Entry]>,
    /// Where each option's items start in `option_items` (one more entry than options).
    option_start: Box<[u32]>,
    /// Each option's items (renumbered) with their colours, its primary items first.
    option_items: Box<[Entry]>,
    /// Where each option's primary items start in `primary_items` (one more entry than
    /// options), and the items: a removal counts the option off each.
    primary_start: Box<[u32]>,
    primary_items: Box<[u32]>,
    /// The number of primary items of every option when they all have the same number, else
    /// 0.
    arity: usize,
    /// Each option's conflicts (the options it rules out, itself included) as the nonzero
    /// words of a row of options. On Sudoku's 9x9 matrix an option's 29
    /// conflicts lie in 9 to 12 words of 12, so that taking it is a dozen AND NOTs and a
    /// count off the few options that were still live.
    conflicts: Conflicts,
    /// Each primary item's options: its count at the root when every option is kept.
    full_counts: Box<[u16]>,
}

/// Each option's conflicts, as the nonzero words of a row of options.
#[derive(Debug)]
struct Conflicts {
    /// Where each option's words start (one more entry than options).
    start: Box<[u32]>,
    /// Each word's place in the row.
    word: Box<[u32]>,
    /// Each word's bits.
    bits: Box<[u64]>,
}

/// An option in an item's list, or an item in an option's, with the colour the option gives
/// the item (0 for none, and for every primary item).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    at: u32,
    colour: u32,
}

/// A level's branch.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item branched on.
    item: u32,
    /// The next place in the item's list to look for an untried live option.
    next: u32,
    /// How many live options the item had (`d`) and which of them is being tried (`k`, from
    /// 1): where the search stands, for progress reports.
    degree: u32,
    tried: u32,
    /// How many options were taken above this level's choice.
    taken: u32,
}

/// What is left to deduce at the level being settled.
#[derive(Clone, Debug)]
struct Pending {
    /// Primary items whose count fell to one, to be taken.
    forced: Vec<u32>,
    /// The primary items whose count fell since the last domination pass, one bit each: only
    /// they can dominate anything new, since the level above was settled with every item
    /// looked at (an item whose options are the same dominates what it did there, and what it
    /// dominates has already lost its other options).
    changed: Vec<u64>,
    /// The largest item the domination pass looks at, by its live options (below 2: no
    /// pass); only the items at most this large are marked `changed`.
    limit: u16,
}

/// A primary item's count once it is covered: above every real count, so that the least
/// count of a level is its item to branch on. A covered item's count is still counted down
/// when its options go (a test the loop saves), and stays at [`COVERED_FLOOR`] or above: an
/// item has at most [`MOST_OPTIONS`] options.
const COVERED: u16 = u16::MAX;

/// The least count of a covered item.
const COVERED_FLOOR: u16 = COVERED - MOST_OPTIONS;

/// The most options of a primary item.
const MOST_OPTIONS: u16 = i16::MAX as u16;

/// The board with its item-domination pass on, looking at items of at most `limit` live
/// options: for the fuzz target and the measurements, which check and time the pass the
/// default leaves off. Not part of the interface: the board is reached by its [`EngineKind`].
pub fn with_domination(
    problem: &Problem,
    limit: u16,
) -> Result<impl Engine + std::fmt::Debug, DlxError> {
    let mut board = Board::try_new(problem)?;
    board.set_dominant_limit(limit);
    Ok(board)
}

impl Board {
    /// The most 64-bit words of state the engine may need (every level's live options and
    /// counts, at the deepest tree the problem allows): 32 MiB, past which a problem is
    /// refused. The 25x25 Sudoku matrix needs 2.2 million.
    pub const MAX_WORDS: u64 = 1 << 22;

    /// The largest item the domination pass looks at by default: none (see
    /// [`Board::set_dominant_limit`]). On the Sudoku collections the pass at 2 takes 17% to 27%
    /// fewer guesses on the hard ones (1% to 2% on 17-clue and serg) but runs 8% to 33% more
    /// instructions, once their solver has settled the givens' locked candidates on bitmasks;
    /// without that, it takes 68% to 72% fewer guesses on 17-clue and top1465
    /// (docs/benchmarks.md).
    pub const DEFAULT_DOMINANT_LIMIT: u16 = 0;

    /// Loads a problem; panics where [`Board::try_new`] refuses it.
    #[cfg(test)]
    pub fn new(problem: &Problem) -> Board {
        Board::try_new(problem).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Loads a problem, or says why not: bounds (multiplicities) are refused, as are an item
    /// in 65,535 options or more and a problem whose state passes [`Board::MAX_WORDS`].
    pub fn try_new(problem: &Problem) -> Result<Board, DlxError> {
        if problem.has_bounds() {
            return Err(DlxError::Unsupported {
                engine: "board",
                what: "multiplicities (a:b|item), which Algorithm M on dancing links solves",
            });
        }
        let words = Board::words_needed(problem);
        if words > Board::MAX_WORDS {
            return Err(DlxError::TooLargeForBoard {
                words,
                limit: Board::MAX_WORDS,
            });
        }
        let tables = Tables::new(problem)?;
        let mut board = Board {
            root: vec![0; tables.words],
            preset: Vec::new(),
            live: Vec::new(),
            counts: Vec::new(),
            path: Vec::new(),
            taken: Vec::new(),
            pending: Pending {
                forced: Vec::new(),
                changed: Vec::new(),
                limit: Board::DEFAULT_DOMINANT_LIMIT,
            },
            deductions: Deductions::default(),
            last_deductions: Deductions::default(),
            tables: Arc::new(tables),
        };
        board.keep_only(|_| true);
        Ok(board)
    }

    /// Whether the board is the engine to choose for `problem` (what `auto` does): no colours
    /// or bounds, one the board surely holds ([`Board::try_new`]), and at least as many exclusions as primary
    /// items, an exclusion being a secondary item in
    /// exactly two options (at most one of the two in a solution: two cells a king's or a
    /// knight's move apart, not both the same digit). Each option taken then removes the
    /// options its exclusions rule out, and the board takes the items this leaves forced
    /// between guesses, where links branch on them one node at a time. By the measurements
    /// of docs/benchmarks.md: on anti-knight Sudoku (1,368 exclusions for 324 primary items)
    /// the board runs 2.25x as many puzzles a second as links, on anti-king (504) 1.49x; where
    /// exclusions are none (classic Sudoku, X, windoku, jigsaw, Killer: 0.65x to 1.05x) or
    /// items cover many options each (the diagonals of n queens), links stay ahead.
    pub fn preferred_for(problem: &Problem) -> bool {
        if problem.has_colours() || problem.has_bounds() {
            return false;
        }
        let mut options_of = vec![0u32; problem.item_count()];
        for option in problem.options() {
            for item in problem.option_items(option) {
                options_of[item.index()] = options_of[item.index()].saturating_add(1);
            }
        }
        let exclusions = problem
            .items()
            .filter(|&item| {
                problem.item_kind(item) == ItemKind::Secondary && options_of[item.index()] == 2
            })
            .count() as u64;
        let primaries = problem.primary_count() as u64;
        // What `try_new` refuses, bounded without laying the board out: a primary item in more
        // options than its 16-bit counts hold, and a table of conflicts past its bound (an
        // option's conflict words are at most the lengths of its items' lists, so the table's
        // are at most the sum of the lists' squares).
        let most_options = problem
            .items()
            .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
            .map(|item| options_of[item.index()])
            .max()
            .unwrap_or(0);
        let conflict_words: u64 = options_of.iter().map(|&n| u64::from(n).pow(2)).sum();
        primaries > 0
            && exclusions >= primaries
            && most_options <= u32::from(MOST_OPTIONS)
            && conflict_words <= Board::MAX_WORDS
            && Board::words_needed(problem) <= Board::MAX_WORDS
    }

    /// The words of state a problem may need: a level's live options and counts (four to a
    /// word) at each level, and the levels are at most the primary items plus the root.
    pub fn words_needed(problem: &Problem) -> u64 {
        let primaries = problem.primary_count() as u64;
        let level = (problem.option_count() as u64).div_ceil(64) + primaries.div_ceil(4);
        level * (primaries + 1)
    }

    /// Searches only among the options `keep` keeps, from the next search on: the problem with
    /// the others taken out, at the cost of a pass over the options instead of a new layout.
    /// A Sudoku solver loads the empty grid's problem once and keeps, for each puzzle, the
    /// options its givens allow. `keep(OptionId)` is asked once for each option, in order.
    /// Clears what [`Board::take_first`] set.
    pub fn keep_only(&mut self, mut keep: impl FnMut(OptionId) -> bool) {
        let options = self.tables.option_count();
        self.preset.clear();
        self.root.fill(0);
        for option in 0..options {
            if keep(OptionId(option as u32)) {
                self.root[option / 64] |= 1 << (option % 64);
            }
        }
    }

    /// Starts every search from now on with `options` taken, as if a path from the root had
    /// chosen them (they begin every solution, and they are no node): a puzzle solver that
    /// settled what its givens force on its own hands the board the rest, with no work for
    /// the options settled but marking their items covered and removing their conflicts. An
    /// option not kept ([`Board::keep_only`], which clears these), or ruled out by another
    /// one here, makes the root a dead end.
    pub fn take_first(&mut self, options: impl IntoIterator<Item = OptionId>) {
        self.preset.clear();
        self.preset
            .extend(options.into_iter().map(|option| option.0));
    }

    /// Has the domination pass look at the items of at most `limit` live options (below 2: no
    /// pass; at most 16). Larger items are seldom dominated and cost a look whenever their
    /// count falls; the default, [`Board::DEFAULT_DOMINANT_LIMIT`], is the fastest on the
    /// Sudoku collections (docs/benchmarks.md).
    pub fn set_dominant_limit(&mut self, limit: u16) -> &mut Board {
        self.pending.limit = limit.min(MOST_DOMINANT);
        self
    }
}

impl Tables {
    fn new(problem: &Problem) -> Result<Tables, DlxError> {
        // Primary items first, each kind in input order.
        let mut number = vec![0u32; problem.item_count()];
        let mut next = 0u32;
        for pass in [ItemKind::Primary, ItemKind::Secondary] {
            for item in problem
                .items()
                .filter(|&item| problem.item_kind(item) == pass)
            {
                number[item.index()] = next;
                next += 1;
            }
        }
        let primaries = problem.primary_count();
        let mut lists: Vec<Vec<Entry>> = vec![Vec::new(); problem.item_count()];
        let mut option_start = Vec::with_capacity(problem.option_count() + 1);
        let mut option_items = Vec::with_capacity(problem.entry_count());
        let mut primary_start = Vec::with_capacity(problem.option_count() + 1);
        let mut primary_items = Vec::with_capacity(problem.entry_count());
        for option in problem.options() {
            option_start.push(option_items.len() as u32);
            let first = option_items.len();
            for (at, &item) in problem.option_items(option).iter().enumerate() {
                let colour = problem.entry_colour(option, at).map_or(0, |c| c.0 + 1);
                let item = number[item.index()];
                lists[item as usize].push(Entry {
                    at: option.0,
                    colour,
                });
                option_items.push(Entry { at: item, colour });
            }
            option_items[first..].sort_by_key(|entry| entry.at);
            primary_start.push(primary_items.len() as u32);
            let primary = option_items[first..]
                .iter()
                .filter(|entry| (entry.at as usize) < primaries);
            primary_items.extend(primary.map(|entry| entry.at));
        }
        option_start.push(option_items.len() as u32);
        primary_start.push(primary_items.len() as u32);
        if lists[..primaries]
            .iter()
            .any(|list| list.len() > usize::from(MOST_OPTIONS))
        {
            return Err(DlxError::Unsupported {
                engine: "board",
                what:
                    "an item in more than 32,767 options (its counts are 16-bit): use links or cells",
            });
        }
        let mut item_start = Vec::with_capacity(lists.len() + 1);
        let mut item_options = Vec::with_capacity(problem.entry_count());
        for list in &lists {
            item_start.push(item_options.len() as u32);
            item_options.extend_from_slice(list);
        }
        item_start.push(item_options.len() as u32);
        let option_count = problem.option_count();
        let conflicts = conflicts(&lists, &option_start, &option_items, option_count)?;
        Ok(Tables {
            words: problem.option_count().div_ceil(64),
            primaries,
            item_start: item_start.into(),
            item_options: item_options.into(),
            option_start: option_start.into(),
            option_items: option_items.into(),
            full_counts: lists[..primaries]
                .iter()
                .map(|list| list.len() as u16)
                .collect(),
            arity: uniform_arity(&primary_start),
            primary_start: primary_start.into(),
            primary_items: primary_items.into(),
            conflicts,
        })
    }

    /// How many options there are.
    fn option_count(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The bits of the word `at` of a row of options that are options (all but the last
    /// word's tail).
    #[inline(always)]
    fn option_mask(&self, at: usize) -> u64 {
        let past = self.option_count().saturating_sub(at * 64);
        if past >= 64 {
            u64::MAX
        } else {
            (1 << past) - 1
        }
    }

    /// An option's conflicts: the places of their words in a row of options, and their bits.
    #[inline(always)]
    fn conflicts_of(&self, option: u32) -> (&[u32], &[u64]) {
        let option = option as usize;
        let conflicts = &self.conflicts;
        let range = conflicts.start[option] as usize..conflicts.start[option + 1] as usize;
        (&conflicts.word[range.clone()], &conflicts.bits[range])
    }

    /// An item's options, with the colour each gives it.
    #[inline(always)]
    fn options_of(&self, item: u32) -> &[Entry] {
        let item = item as usize;
        &self.item_options[self.item_start[item] as usize..self.item_start[item + 1] as usize]
    }

    /// An option's items, with their colours, its primary items first.
    #[inline(always)]
    fn items_of(&self, option: u32) -> &[Entry] {
        let option = option as usize;
        &self.option_items
            [self.option_start[option] as usize..self.option_start[option + 1] as usize]
    }

    /// An option's primary items.
    #[inline(always)]
    fn primaries_of(&self, option: u32) -> &[u32] {
        let option = option as usize;
        if self.arity != 0 {
            // Every option has `arity` primary items (Sudoku's four): no lookup of where.
            let start = option * self.arity;
            return &self.primary_items[start..start + self.arity];
        }
        &self.primary_items
            [self.primary_start[option] as usize..self.primary_start[option + 1] as usize]
    }
}

/// The number of primary items every option has, if all have the same (and some option has
/// any), from where each option's start; else 0.
fn uniform_arity(primary_start: &[u32]) -> usize {
    let first = primary_start.windows(2).next().map_or(0, |w| w[1] - w[0]);
    let uniform = primary_start.windows(2).all(|w| w[1] - w[0] == first);
    if uniform {
        first as usize
    } else {
        0
    }
}

/// Each option's conflicts, as [`Tables`] keeps them, from the items' lists and the options'
/// items: the options sharing a primary item or an uncoloured secondary item with it, and
/// those giving one of its coloured secondary items another colour. Refused past
/// [`Board::MAX_WORDS`] words.
fn conflicts(
    lists: &[Vec<Entry>],
    option_start: &[u32],
    option_items: &[Entry],
    options: usize,
) -> Result<Conflicts, DlxError> {
    let mut row = vec![0u64; options.div_ceil(64)];
    let mut touched: Vec<u32> = Vec::new();
    let (mut start, mut words, mut bits) =
        (Vec::with_capacity(options + 1), Vec::new(), Vec::new());
    for option in 0..options {
        start.push(words.len() as u32);
        let items = &option_items[option_start[option] as usize..option_start[option + 1] as usize];
        for own in items {
            for other in &lists[own.at as usize] {
                if own.colour != 0 && other.colour == own.colour {
                    continue;
                }
                let word = other.at as usize / 64;
                if row[word] == 0 {
                    touched.push(word as u32);
                }
                row[word] |= 1 << (other.at % 64);
            }
        }
        touched.sort_unstable();
        for &word in &touched {
            words.push(word);
            bits.push(std::mem::take(&mut row[word as usize]));
        }
        touched.clear();
        if words.len() as u64 > Board::MAX_WORDS {
            return Err(DlxError::TooLargeForBoard {
                words: words.len() as u64,
                limit: Board::MAX_WORDS,
            });
        }
    }
    start.push(words.len() as u32);
    Ok(Conflicts {
        start: start.into(),
        word: words.into(),
        bits: bits.into(),
    })
}

crate::guesses::engine_that_guesses!(
    Board,
    EngineKind::Board,
    "dominated",
    /// `forced`: options taken because their item had no other (singles); `dominated`:
    /// options removed by the domination rule (locked candidates).
);
