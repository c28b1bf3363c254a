//! Exact cover on planes of bits: the representation of the fastest Sudoku solvers, for every
//! exact-cover problem of the Sudoku matrix's shape, found in the problem itself.
//!
//! That shape: some primary items, the *cells*, split the options between them (each option
//! covers exactly one cell), and the other items split them into *planes* (each item's options
//! lie in one plane), a cell having at most one option in each plane. An option is then a cell
//! of a plane (Sudoku's digit in a cell), and every other item is a set of cells of one plane
//! (a row, column or box of one digit; a diagonal, window or king's-move pair of one digit for
//! the variants). The live options of a plane are one bitset over the cells; an option taken
//! clears its cell in every plane and its *peers* (the cells of its plane sharing an item with
//! it) in its own: a few word operations, whatever the problem.
//!
//! Between two guesses the engine takes what is forced, as Algorithm X would one node at a
//! time: a cell left in one plane (a naked single, counted across the planes with a few ANDs
//! and ORs), an item left with one cell (a hidden single); a cell or an item left with none
//! ends the node. At the root it also applies the [item-domination](crate::domination) rule
//! (Sudoku's locked candidates): when every live option of an item lies in another item, the
//! other item's remaining options go. Then it branches on an item of fewest live options (a
//! cell of two first), trying its options in plane or cell order. Each level owns a copy of
//! its state (two bitsets a plane: about 300 bytes on Sudoku's matrix), so that backing up is
//! going back to the level above.
//!
//! The shape is recognised by [`Planes::try_new`]: the cells are the primary items whose
//! options share no other item, taken in input order while they cover options not yet covered;
//! the planes are the groups of options the other items join. Whatever found them, the result
//! is checked (each option in one cell, each cell at most once a plane, each item in one
//! plane), so a problem either has the shape or is refused. It holds at most 128 cells (a
//! plane is one 128-bit word) and 64 planes.

mod propagate;
mod search;
#[cfg(test)]
mod tests;

use crate::engine::EngineKind;
use crate::error::DlxError;
use crate::guesses::Deductions;
use crate::problem::{ItemId, ItemKind, OptionId, Problem};
use std::sync::Arc;

/// Exact cover on planes of bits (see the module's note).
///
/// # Invariant
/// The state of level `l + 1` is that of level `l` after the option chosen at `l` and what
/// follows from it: a function of the level above and the path alone, so that a subtree can be
/// replayed from its path on any copy. A plane's live cells are always open cells.
#[derive(Clone, Debug)]
pub struct Planes {
    tables: Arc<Tables>,
    /// The live cells of each plane at the root: every option, or those [`Planes::keep_only`]
    /// kept.
    root: Vec<u128>,
    /// The options every search starts with taken ([`Planes::take_first`]).
    preset: Vec<u32>,
    /// Each level's state, [`Tables::stride`] words a level: each plane's live cells, each
    /// plane's taken cells, the open cells.
    states: Vec<u128>,
    /// Each level's branch.
    path: Vec<Level>,
    /// The options taken so far, forced and chosen, in order: a solution when all is covered.
    taken: Vec<OptionId>,
    /// The houses of each plane (one bit each) that lost a cell since they were last looked
    /// at, while a level is settled: only they can have become forced or dead.
    pending: Vec<u64>,
    /// What the deductions did since the search loop last took them.
    deductions: Deductions,
    /// What the last search deduced ([`Engine::figures`]).
    last_deductions: Deductions,
}

/// The problem, laid out for the engine; shared by the copies a split search makes.
#[derive(Debug)]
struct Tables {
    planes: usize,
    /// Every cell, one bit each.
    all_cells: u128,
    /// The option at each cell of each plane (`plane * 128 + cell`), or [`NO_OPTION`].
    option_at: Box<[u32]>,
    /// The plane and cell of each option.
    place_of: Box<[(u8, u8)]>,
    /// The peers of each cell of each plane (`plane * 128 + cell`): the cells of the plane an
    /// option there rules out, its own included.
    peers: Box<[u128]>,
    /// The cells of each primary item other than the cells, grouped by plane
    /// ([`Tables::house_start`]): an item whose cells must hold exactly one option.
    houses: Box<[u128]>,
    /// Where each plane's houses start (one more entry than planes).
    house_start: Box<[u32]>,
    /// The houses of each cell of each plane (`plane * 128 + cell`), one bit each by their
    /// place among the plane's: those to look at again when the cell loses its option.
    houses_at: Box<[u64]>,
    /// For each house, the items of its plane it may lie in ([`Overlap`]), from
    /// `overlap_start[house]`.
    overlaps: Box<[Overlap]>,
    overlap_start: Box<[u32]>,
    /// A primary item no option covers: no solution.
    unsolvable: bool,
}

/// Another item of a house's plane sharing two cells or more with it: when the house's live
/// cells all lie in `within`, the cells of `removes` (the other item's cells outside the house)
/// lose their option in the plane.
#[derive(Clone, Copy, Debug)]
struct Overlap {
    within: u128,
    removes: u128,
}

/// No option at this cell of this plane.
const NO_OPTION: u32 = u32::MAX;

/// The most cells: one 128-bit word a plane.
const MOST_CELLS: usize = 128;

/// The most planes.
const MOST_PLANES: usize = 64;

/// The most primary items of a plane other than the cells: one bit each in a word.
const MOST_HOUSES: usize = 64;

/// The most pairs of a house and another item of its plane compared to make the domination
/// rule's table: it bounds the time of recognising the shape, which the chooser asks of every
/// problem. A 9x9 Sudoku has 6,561 such pairs (27 houses by 27 items in each of 9 planes), its
/// anti-knight variant 61,011 (the pairs of cells a knight's move apart are items too).
const MOST_PAIRS: usize = 1 << 22;

/// The most entries of the domination rule's table ([`Overlap`]): it bounds the table's memory
/// and the root's settling, which goes over the table once for each option it removes, to
/// about 10^8 word operations (8,192 options by 16,384 entries), a tenth of a second: short
/// enough to need no look at the stop flag. A 9x9 Sudoku has 972 (a row or column meets 3
/// boxes, a box 6 lines, in each of 9 planes).
const MOST_OVERLAPS: usize = 1 << 14;

/// A level's branch: an open cell, tried in each plane it is live in, or a house, tried at
/// each of its live cells.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The house's plane, or [`CELL_BRANCH`] for a cell.
    plane: u32,
    /// The cell branched on (a cell branch).
    cell: u32,
    /// What is left to try: planes (a cell branch) or cells (a house branch), one bit each.
    rest: u128,
    /// How many options the item had (`d`) and which is being tried (`k`, from 1).
    degree: u32,
    tried: u32,
    /// How many options were taken above this level's choice.
    taken: u32,
}

/// [`Level::plane`] of a branch on a cell.
const CELL_BRANCH: u32 = u32::MAX;

impl Planes {
    /// Loads a problem of the planes' shape (see the module's note), or says why not.
    pub fn try_new(problem: &Problem) -> Result<Planes, DlxError> {
        let tables = Tables::recognise(problem).map_err(|what| DlxError::Unsupported {
            engine: "planes",
            what,
        })?;
        let mut planes = Planes {
            root: vec![0; tables.planes],
            preset: Vec::new(),
            states: Vec::new(),
            path: Vec::new(),
            taken: Vec::new(),
            pending: vec![0; tables.planes],
            deductions: Deductions::default(),
            last_deductions: Deductions::default(),
            tables: Arc::new(tables),
        };
        planes.keep_only(|_| true);
        Ok(planes)
    }

    /// Whether the planes are the engine to choose for `problem` (what `auto` does): whether
    /// it has their shape. On Sudoku's matrices, classic and its variants, they run more
    /// puzzles a second than links and the board (docs/benchmarks.md).
    pub fn preferred_for(problem: &Problem) -> bool {
        Tables::recognise(problem).is_ok()
    }

    /// Searches only among the options `keep` keeps, from the next search on: `keep(OptionId)`
    /// is asked once for each option, in order. Clears what [`Planes::take_first`] set.
    pub fn keep_only(&mut self, mut keep: impl FnMut(OptionId) -> bool) {
        self.preset.clear();
        self.root.fill(0);
        for (option, &(plane, cell)) in self.tables.place_of.iter().enumerate() {
            if keep(OptionId(option as u32)) {
                self.root[usize::from(plane)] |= 1 << cell;
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

/// A problem as the planes lay it out (its cells, its planes and each plane's primary items
/// other than the cells), for an engine made for one shape of it: the bands take Sudoku's 9x9
/// matrix from it.
pub(crate) struct PlanesLayout(Tables);

impl PlanesLayout {
    /// The layout of `problem`, or what keeps it from the planes' shape.
    pub(crate) fn of(problem: &Problem) -> Result<PlanesLayout, &'static str> {
        Tables::recognise(problem).map(PlanesLayout)
    }

    pub(crate) fn planes(&self) -> usize {
        self.0.planes
    }

    pub(crate) fn cells(&self) -> usize {
        self.0.all_cells.count_ones() as usize
    }

    /// The option at `cell` of `plane`, if there is one.
    pub(crate) fn option_at(&self, plane: usize, cell: usize) -> Option<u32> {
        let option = self.0.option_at[plane * MOST_CELLS + cell];
        (option != NO_OPTION).then_some(option)
    }

    /// The primary items of `plane` other than the cells, as their cells.
    pub(crate) fn houses(&self, plane: usize) -> &[u128] {
        self.0.houses_of(plane)
    }
}

impl Tables {
    /// The words of a level's state: each plane's live and taken cells, and the open cells.
    fn stride(&self) -> usize {
        2 * self.planes + 1
    }

    /// The problem's cells, planes and items as bits, or what keeps it from the planes' shape.
    fn recognise(problem: &Problem) -> Result<Tables, &'static str> {
        if problem.has_colours() || problem.has_bounds() {
            return Err("colours or multiplicities: the planes take plain exact cover");
        }
        // Each option is a cell of a plane: more options than places cannot be the shape (and
        // a huge problem is turned away before any table is made for it).
        if problem.option_count() > MOST_CELLS * MOST_PLANES {
            return Err("more options than 128 cells of 64 planes: not the planes' shape");
        }
        let lists = ItemLists::new(problem);
        // The cells are found greedily in input order, which can mix two families of items
        // that would each do (a Latin square's cells, rows or columns) when one of another
        // family comes first: then the greedy starts again at each item of the first option.
        let first_option = problem
            .options()
            .next()
            .map(|first| problem.option_items(first));
        let starts = first_option.unwrap_or(&[]).iter().map(|item| item.index());
        let mut refusal = None;
        for start in std::iter::once(0).chain(starts.take(MOST_CELL_STARTS)) {
            match Tables::lay_out(problem, &lists, start) {
                Err(what) if what == MIXED_PLANES || what == TOO_MANY_PLANES => {
                    refusal.get_or_insert(what);
                }
                laid_out => return laid_out,
            }
        }
        Err(refusal.unwrap_or(MIXED_PLANES))
    }

    /// [`Tables::recognise`] with the cells looked for from the item `start` on, round to it.
    fn lay_out(problem: &Problem, lists: &ItemLists, start: usize) -> Result<Tables, &'static str> {
        let (cell_of, is_cell) = find_cells(problem, lists, start)?;
        let plane_of = find_planes(problem, lists, &is_cell)?;
        let planes = plane_of.iter().map(|&p| p as usize + 1).max().unwrap_or(0);
        let mut option_at = vec![NO_OPTION; planes * MOST_CELLS];
        let mut place_of = Vec::with_capacity(problem.option_count());
        for option in problem.options() {
            let (plane, cell) = (plane_of[option.index()], cell_of[option.index()]);
            let at = &mut option_at[usize::from(plane) * MOST_CELLS + usize::from(cell)];
            if *at != NO_OPTION {
                return Err(MIXED_PLANES);
            }
            *at = option.0;
            place_of.push((plane, cell));
        }
        let mut peers = vec![0u128; planes * MOST_CELLS];
        for (at, peer) in peers.iter_mut().enumerate() {
            *peer = 1 << (at % MOST_CELLS);
        }
        let mut houses: Vec<Vec<u128>> = vec![Vec::new(); planes];
        let mut others: Vec<Vec<u128>> = vec![Vec::new(); planes];
        let mut unsolvable = false;
        for item in problem.items() {
            let list = lists.of(item.index());
            let primary = problem.item_kind(item) == ItemKind::Primary;
            if is_cell[item.index()] {
                continue;
            }
            let Some(&first) = list.first() else {
                unsolvable |= primary;
                continue;
            };
            let plane = usize::from(plane_of[first as usize]);
            let mask = list
                .iter()
                .fold(0u128, |mask, &option| mask | 1 << cell_of[option as usize]);
            for cell in bits(mask) {
                peers[plane * MOST_CELLS + cell] |= mask;
            }
            others[plane].push(mask);
            if primary {
                houses[plane].push(mask);
            }
        }
        if houses.iter().any(|plane| plane.len() > MOST_HOUSES) {
            return Err("a plane of more than 64 primary items: the planes hold 64 a plane");
        }
        // Items of the same cells rule out the same options: one overlap serves them all.
        for plane in &mut others {
            plane.sort_unstable();
            plane.dedup();
        }
        let pairs: usize = houses
            .iter()
            .zip(&others)
            .map(|(h, o)| h.len() * o.len())
            .sum();
        if pairs > MOST_PAIRS {
            return Err("too many items in a plane to compare them (the domination rule's table)");
        }
        let mut houses_at = vec![0u64; planes * MOST_CELLS];
        for (plane, plane_houses) in houses.iter().enumerate() {
            for (place, &house) in plane_houses.iter().enumerate() {
                for cell in bits(house) {
                    houses_at[plane * MOST_CELLS + cell] |= 1 << place;
                }
            }
        }
        let mut house_start = vec![0u32];
        let mut overlap_start = vec![0u32];
        let (mut flat, mut overlaps) = (Vec::new(), Vec::new());
        for (plane_houses, plane_others) in houses.iter().zip(&others) {
            for &house in plane_houses {
                flat.push(house);
                overlaps.extend(plane_others.iter().filter_map(|&other| {
                    let shared = (house & other).count_ones();
                    let removes = other & !house;
                    (shared >= 2 && removes != 0).then_some(Overlap {
                        within: other,
                        removes,
                    })
                }));
                if overlaps.len() > MOST_OVERLAPS {
                    return Err("items overlapping too much for the domination rule's table");
                }
                overlap_start.push(overlaps.len() as u32);
            }
            house_start.push(flat.len() as u32);
        }
        let cells = cell_of.iter().map(|&c| u32::from(c) + 1).max().unwrap_or(0);
        Ok(Tables {
            planes,
            all_cells: u128::MAX.checked_shr(128 - cells).unwrap_or(0),
            option_at: option_at.into(),
            place_of: place_of.into(),
            peers: peers.into(),
            houses: flat.into(),
            house_start: house_start.into(),
            houses_at: houses_at.into(),
            overlaps: overlaps.into(),
            overlap_start: overlap_start.into(),
            unsolvable,
        })
    }
}

/// Each item's options, one list after another (one allocation, not one an item: the
/// chooser asks every problem whether it has the planes' shape).
struct ItemLists {
    start: Vec<u32>,
    options: Vec<u32>,
}

impl ItemLists {
    fn new(problem: &Problem) -> ItemLists {
        let mut start = vec![0u32; problem.item_count() + 1];
        for option in problem.options() {
            for item in problem.option_items(option) {
                start[item.index() + 1] += 1;
            }
        }
        for at in 1..start.len() {
            start[at] += start[at - 1];
        }
        let mut next = start.clone();
        let mut options = vec![0u32; problem.entry_count()];
        for option in problem.options() {
            for item in problem.option_items(option) {
                let at = &mut next[item.index()];
                options[*at as usize] = option.0;
                *at += 1;
            }
        }
        ItemLists { start, options }
    }

    fn of(&self, item: usize) -> &[u32] {
        &self.options[self.start[item] as usize..self.start[item + 1] as usize]
    }
}

/// What [`Tables::lay_out`] says when the items other than the cells join two options of a cell.
const MIXED_PLANES: &str = "two options of one cell in one plane: not the planes' shape";

/// What [`find_planes`] says past [`MOST_PLANES`].
const TOO_MANY_PLANES: &str = "more than 64 planes: the planes hold at most 64";

/// How many items of the first option the search for cells starts again from.
const MOST_CELL_STARTS: usize = 4;

/// The cell of each option, and which items are the cells: primary items whose options share
/// no other item, taken in input order from the item `start` on (round to it) as long as none
/// of their options has a cell yet; refused unless every option gets one and they are at most
/// [`MOST_CELLS`].
fn find_cells(
    problem: &Problem,
    lists: &ItemLists,
    start: usize,
) -> Result<(Vec<u8>, Vec<bool>), &'static str> {
    const NONE: u8 = u8::MAX;
    let mut cell_of = vec![NONE; problem.option_count()];
    let mut seen_with = vec![u32::MAX; problem.item_count()];
    let mut cells = 0usize;
    let mut is_cell = vec![false; problem.item_count()];
    let count = problem.item_count();
    for at in (start..count).chain(0..start.min(count)) {
        let item = ItemId(at as u32);
        let list = lists.of(item.index());
        if problem.item_kind(item) != ItemKind::Primary || list.is_empty() {
            continue;
        }
        if list.iter().any(|&option| cell_of[option as usize] != NONE) {
            continue;
        }
        let mut apart = true;
        'options: for &option in list {
            for other in problem.option_items(OptionId(option)) {
                if *other == item {
                    continue;
                }
                if seen_with[other.index()] == item.0 {
                    apart = false;
                    break 'options;
                }
                seen_with[other.index()] = item.0;
            }
        }
        if !apart {
            continue;
        }
        if cells == MOST_CELLS {
            return Err("more than 128 cells: the planes hold a cell a bit of one word");
        }
        for &option in list {
            cell_of[option as usize] = cells as u8;
        }
        is_cell[item.index()] = true;
        cells += 1;
    }
    if cell_of.contains(&NONE) {
        return Err("an option in no cell (no primary item splits the options between them)");
    }
    Ok((cell_of, is_cell))
}

/// The plane of each option: the groups of options that the items other than the cells join
/// (an item's options all in one plane), numbered in the order of their first option; refused
/// past [`MOST_PLANES`].
fn find_planes(
    problem: &Problem,
    lists: &ItemLists,
    is_cell: &[bool],
) -> Result<Vec<u8>, &'static str> {
    let mut parent: Vec<u32> = (0..problem.option_count() as u32).collect();
    fn root(parent: &mut [u32], mut at: u32) -> u32 {
        while parent[at as usize] != at {
            let up = parent[parent[at as usize] as usize];
            parent[at as usize] = up;
            at = up;
        }
        at
    }
    for item in problem.items() {
        let list = lists.of(item.index());
        if is_cell[item.index()] || list.len() < 2 {
            continue;
        }
        let first = root(&mut parent, list[0]);
        for &option in &list[1..] {
            let other = root(&mut parent, option);
            parent[other as usize] = first;
        }
    }
    let mut number = vec![u8::MAX; problem.option_count()];
    let mut planes = 0usize;
    let mut plane_of = Vec::with_capacity(problem.option_count());
    for option in 0..problem.option_count() as u32 {
        let top = root(&mut parent, option) as usize;
        if number[top] == u8::MAX {
            if planes == MOST_PLANES {
                return Err(TOO_MANY_PLANES);
            }
            number[top] = planes as u8;
            planes += 1;
        }
        plane_of.push(number[top]);
    }
    Ok(plane_of)
}

/// The places of the set bits of `mask`, lowest first.
fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let at = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            at
        })
    })
}

crate::guesses::engine_that_guesses!(
    Planes,
    EngineKind::Planes,
    "dominated",
    /// `forced`: options taken because their cell or item had no other (singles);
    /// `dominated`: options removed by the domination rule (locked candidates).
);
