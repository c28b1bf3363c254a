//! What the planes deduce between two guesses, and the branch they take when nothing more
//! follows: forced cells and items taken, dead ones found, and at the root the domination
//! rule applied.

use super::{bits, Level, Planes, Tables, CELL_BRANCH, MOST_CELLS};
use crate::problem::OptionId;

/// One level's state, borrowed: each plane's live cells, each plane's taken cells, the open
/// cells (see [`Tables::stride`]).
struct State<'a> {
    words: &'a mut [u128],
    planes: usize,
    /// The houses to look at again, a word a plane ([`Planes::pending`]).
    pending: &'a mut [u64],
}

impl State<'_> {
    #[inline(always)]
    fn live(&self, plane: usize) -> u128 {
        self.words[plane]
    }

    #[inline(always)]
    fn taken(&self, plane: usize) -> u128 {
        self.words[self.planes + plane]
    }

    #[inline(always)]
    fn open(&self) -> u128 {
        self.words[2 * self.planes]
    }

    /// The open cells live in at least one plane, and those live in two or more.
    #[inline(always)]
    fn once_and_twice(&self) -> (u128, u128) {
        let (mut once, mut twice) = (0u128, 0u128);
        for &live in &self.words[..self.planes] {
            twice |= once & live;
            once |= live;
        }
        (once, twice)
    }

    /// Takes the option at `cell` of `plane`: the cell leaves every plane, its peers leave its
    /// plane.
    #[inline(always)]
    fn take(&mut self, tables: &Tables, plane: usize, cell: usize, taken: &mut Vec<OptionId>) {
        let bit = 1u128 << cell;
        for (other, live) in self.words[..self.planes].iter_mut().enumerate() {
            if *live & bit != 0 {
                *live &= !bit;
                self.pending[other] |= tables.houses_at[other * MOST_CELLS + cell];
            }
        }
        let peers = self.words[plane] & tables.peers[plane * MOST_CELLS + cell];
        self.words[plane] &= !peers;
        for peer in bits(peers) {
            self.pending[plane] |= tables.houses_at[plane * MOST_CELLS + peer];
        }
        self.words[self.planes + plane] |= bit;
        self.words[2 * self.planes] &= !bit;
        taken.push(OptionId(tables.option_at[plane * MOST_CELLS + cell]));
    }
}

impl Planes {
    /// Sets the root's state up from the options kept and those taken first, and settles it:
    /// `true` if the root is a dead end.
    pub(super) fn start(&mut self) -> bool {
        let tables = Arc::clone(&self.tables);
        let stride = tables.stride();
        if self.states.len() < stride {
            self.states.resize(stride, 0);
        }
        self.taken.clear();
        let words = &mut self.states[..stride];
        words[..tables.planes].copy_from_slice(&self.root);
        words[tables.planes..].fill(0);
        words[2 * tables.planes] = tables.all_cells;
        // Every house is looked at once at the root.
        for (plane, pending) in self.pending.iter_mut().enumerate() {
            let houses = tables.house_start[plane + 1] - tables.house_start[plane];
            *pending = u64::MAX.checked_shr(64 - houses).unwrap_or(0);
        }
        let mut state = State {
            words,
            planes: tables.planes,
            pending: &mut self.pending,
        };
        if tables.unsolvable {
            return true;
        }
        for &option in &self.preset {
            let (plane, cell) = tables.place_of[option as usize];
            let (plane, cell) = (usize::from(plane), usize::from(cell));
            if state.live(plane) & 1 << cell == 0 {
                return true;
            }
            state.take(&tables, plane, cell, &mut self.taken);
        }
        let mut deductions = self.deductions;
        let alive = settle(&tables, &mut state, &mut self.taken, &mut deductions, true);
        self.deductions = deductions;
        !alive
    }

    /// Takes `option` at `level` on a copy of its state as the state of `level + 1`, and
    /// settles it: `false` if that is a dead end.
    pub(super) fn descend(&mut self, level: usize, option: u32) -> bool {
        let tables = &*self.tables;
        let stride = tables.stride();
        let below = (level + 2) * stride;
        if self.states.len() < below {
            self.states.resize(below, 0);
        }
        let (above, here) = self.states.split_at_mut((level + 1) * stride);
        let words = &mut here[..stride];
        words.copy_from_slice(&above[level * stride..]);
        // What a dead end left to look at is no business of this node's.
        self.pending.fill(0);
        let mut state = State {
            words,
            planes: tables.planes,
            pending: &mut self.pending,
        };
        let (plane, cell) = tables.place_of[option as usize];
        state.take(
            tables,
            usize::from(plane),
            usize::from(cell),
            &mut self.taken,
        );
        settle(
            tables,
            &mut state,
            &mut self.taken,
            &mut self.deductions,
            false,
        )
    }

    /// The branch of the settled `level`, or `None` when every cell is covered (a solution):
    /// an item of fewest live options, an open cell of two first.
    pub(super) fn branch(&mut self, level: usize) -> Option<Level> {
        let tables = &*self.tables;
        let stride = tables.stride();
        let words = &mut self.states[level * stride..(level + 1) * stride];
        let state = State {
            words,
            planes: tables.planes,
            pending: &mut [],
        };
        let open = state.open();
        if open == 0 {
            return None;
        }
        let taken = self.taken.len() as u32;
        let cell_branch = |cell: usize| {
            let bit = 1u128 << cell;
            let rest = (0..tables.planes)
                .filter(|&plane| state.live(plane) & bit != 0)
                .fold(0u128, |rest, plane| rest | 1 << plane);
            Level {
                plane: CELL_BRANCH,
                cell: cell as u32,
                rest,
                degree: rest.count_ones(),
                tried: 0,
                taken,
            }
        };
        // An open cell of exactly two planes: the commonest least item on Sudoku's matrix.
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for plane in 0..tables.planes {
            let live = state.live(plane);
            thrice |= twice & live;
            twice |= once & live;
            once |= live;
        }
        let pairs = twice & !thrice;
        if pairs != 0 {
            return Some(cell_branch(pairs.trailing_zeros() as usize));
        }
        let mut best: Option<Level> = None;
        for plane in 0..tables.planes {
            let (live, taken_here) = (state.live(plane), state.taken(plane));
            for &house in tables.houses_of(plane) {
                if taken_here & house != 0 {
                    continue;
                }
                let cells = live & house;
                let degree = cells.count_ones();
                if best.is_none_or(|best| degree < best.degree) {
                    best = Some(Level {
                        plane: plane as u32,
                        cell: 0,
                        rest: cells,
                        degree,
                        tried: 0,
                        taken,
                    });
                    if degree == 2 {
                        return best;
                    }
                }
            }
        }
        for cell in bits(open) {
            let branch = cell_branch(cell);
            if best.is_none_or(|best| branch.degree < best.degree) {
                best = Some(branch);
            }
        }
        best
    }

    /// The next option of `branch` to try, taking it off what is left (the branch holds them
    /// all, whatever its level).
    #[inline(always)]
    pub(super) fn option_of(&self, _level: usize, branch: &mut Level) -> Option<u32> {
        if branch.rest == 0 {
            return None;
        }
        let at = branch.rest.trailing_zeros() as usize;
        branch.rest &= branch.rest - 1;
        let (plane, cell) = match branch.plane {
            CELL_BRANCH => (at, branch.cell as usize),
            plane => (plane as usize, at),
        };
        Some(self.tables.option_at[plane * MOST_CELLS + cell])
    }
}

use std::sync::Arc;

impl Tables {
    /// The primary items of `plane` other than the cells, as their cells.
    #[inline(always)]
    pub(super) fn houses_of(&self, plane: usize) -> &[u128] {
        let range = self.house_start[plane] as usize..self.house_start[plane + 1] as usize;
        &self.houses[range]
    }
}

/// Takes what is forced until nothing is: cells left in one plane, items left with one cell;
/// with `dominate`, also the domination rule. `false` when a cell or an item is left with no
/// option (the node is a dead end).
fn settle(
    tables: &Tables,
    state: &mut State<'_>,
    taken: &mut Vec<OptionId>,
    deductions: &mut super::Deductions,
    dominate: bool,
) -> bool {
    loop {
        let (once, twice) = state.once_and_twice();
        let open = state.open();
        if open & !once != 0 {
            return false;
        }
        let singles = once & !twice;
        if singles != 0 {
            for cell in bits(singles) {
                let bit = 1u128 << cell;
                let Some(plane) = (0..tables.planes).find(|&plane| state.live(plane) & bit != 0)
                else {
                    // Another single of this round took its last option.
                    return false;
                };
                state.take(tables, plane, cell, taken);
                deductions.forced += 1;
            }
            continue;
        }
        match hidden_singles(tables, state, taken, deductions) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        if dominate && apply_domination(tables, state, deductions) {
            continue;
        }
        return true;
    }
}

/// Takes every item of one live cell, plane by plane: `None` if an item has none left,
/// `Some(true)` if one was taken.
#[inline(always)]
fn hidden_singles(
    tables: &Tables,
    state: &mut State<'_>,
    taken: &mut Vec<OptionId>,
    deductions: &mut super::Deductions,
) -> Option<bool> {
    let mut found = false;
    for plane in 0..tables.planes {
        let houses = tables.houses_of(plane);
        while state.pending[plane] != 0 {
            let place = state.pending[plane].trailing_zeros() as usize;
            state.pending[plane] &= state.pending[plane] - 1;
            let house = houses[place];
            if state.taken(plane) & house != 0 {
                continue;
            }
            let cells = state.live(plane) & house;
            if cells == 0 {
                return None;
            }
            if cells & (cells - 1) == 0 {
                state.take(tables, plane, cells.trailing_zeros() as usize, taken);
                deductions.forced += 1;
                found = true;
            }
        }
    }
    Some(found)
}

/// The domination rule on every open item of every plane: when an item's live cells all lie
/// in another item of its plane, the other item's cells outside it lose their option. `true`
/// if an option went.
fn apply_domination(
    tables: &Tables,
    state: &mut State<'_>,
    deductions: &mut super::Deductions,
) -> bool {
    let mut removed = false;
    for plane in 0..tables.planes {
        let first = tables.house_start[plane] as usize;
        for (house, &cells) in tables.houses_of(plane).iter().enumerate() {
            if state.taken(plane) & cells != 0 {
                continue;
            }
            let at = first + house;
            let range = tables.overlap_start[at] as usize..tables.overlap_start[at + 1] as usize;
            for overlap in &tables.overlaps[range] {
                let live = state.live(plane);
                let gone = live & overlap.removes;
                if live & cells & !overlap.within == 0 && gone != 0 {
                    deductions.pruned += u64::from(gone.count_ones());
                    state.words[plane] &= !gone;
                    for cell in bits(gone) {
                        state.pending[plane] |= tables.houses_at[plane * MOST_CELLS + cell];
                    }
                    removed = true;
                }
            }
        }
    }
    removed
}
