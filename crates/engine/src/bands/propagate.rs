//! What the bands deduce between two guesses, and the branch they take when nothing more
//! follows (see the module's note).

use super::geometry::{CELLS, DIGITS};
use super::tables::{
    columns_of, live_minirows, COLUMN_AT, CONFINED, MINIROW_CELLS, OTHERS_IN_ROW, PEERS, PLACEABLE,
    PLACEABLE_MINIROWS, SPREAD,
};
use super::{digit_and_band, word, word_and_bit, Bands, Deductions, Level, State, Tables};
use crate::problem::OptionId;

/// A level's state being settled, with the digit bands whose words changed since they were
/// last looked at (bit `9 * band + digit`, as [`word`] numbers them).
struct Settling<'a> {
    state: &'a mut State,
    changed: u32,
    /// The digits that lost a live cell since their columns were last looked at (bit
    /// `digit`).
    touched: u32,
    /// The digits that lost a live cell since the stack rule last looked at them.
    unstacked: u32,
    tables: &'a Tables,
    taken: &'a mut Vec<OptionId>,
    deductions: &'a mut Deductions,
}

impl Settling<'_> {
    /// Takes `digit` at `cell` of `band` (a live, open cell): its peers leave the digit's word
    /// of the band, and [`Settling::close`] does the rest.
    #[inline(always)]
    fn take(&mut self, digit: usize, band: usize, cell: u32) {
        let word = word(digit, band);
        let live = self.state.live[word];
        self.state.live[word] = live & !PEERS[cell as usize];
        self.changed |= 1 << word;
        self.close(digit, band, 1 << cell);
    }

    /// Closes `cells` of `band`, taken with `digit`, whose peers in the digit's word of the band
    /// are gone: they leave the other digits' words, their columns the digit's two other
    /// bands; each word that loses a cell is looked at again.
    #[inline(always)]
    fn close(&mut self, digit: usize, band: usize, cells: u32) {
        self.shut(digit, band, cells);
        let first = digit * CELLS + 27 * band;
        let mut left = cells;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            self.taken
                .push(OptionId(self.tables.option_at[first + cell]));
        }
    }

    /// [`Settling::close`] without recording the options taken.
    #[inline(always)]
    fn shut(&mut self, digit: usize, band: usize, cells: u32) {
        let live = &mut self.state.live;
        let columns = columns_of(cells);
        let spread = columns | columns << 9 | columns << 18;
        for other in [(band + 1) % 3, (band + 2) % 3] {
            let word = word(digit, other);
            let before = live[word];
            live[word] = before & !spread;
            self.changed |= u32::from(live[word] != before) << word;
        }
        // The digit's own word keeps the cells: it is left out of the loop's losses. The band's
        // nine words lie side by side, one pass over them.
        let own = live[word(digit, band)];
        let words = &mut live[word(0, band)..=word(DIGITS - 1, band)];
        let mut lost = clear(words.try_into().expect("a band's nine words"), cells);
        live[word(digit, band)] = own;
        lost &= !(1 << digit);
        self.changed |= lost << word(0, band);
        self.touched |= lost | 1 << digit;
        self.state.open[band] &= !cells;
    }

    /// Settles the state: the band rule on every changed band of every digit, then the
    /// columns of every digit that lost a cell, then the naked singles, then the stack rule and
    /// the triad rule, until nothing changes. `false` if the node is a dead end. With the
    /// `popcnt` instruction when the processor has it: a node counts its open cells and its
    /// singles, and the portable count costs a few percent of the search.
    fn settle(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the instruction the function is compiled for.
            return unsafe { self.settle_with_popcnt() };
        }
        self.settle_anywhere()
    }

    /// [`Settling::settle_anywhere`] compiled for processors with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn settle_with_popcnt(&mut self) -> bool {
        self.settle_anywhere()
    }

    /// [`Settling::settle`], on any processor.
    #[inline(always)]
    fn settle_anywhere(&mut self) -> bool {
        loop {
            while self.changed != 0 {
                let word = self.changed.trailing_zeros() as usize;
                self.changed &= self.changed - 1;
                if !self.narrow(word) {
                    return false;
                }
            }
            while self.touched != 0 {
                let digit = self.touched.trailing_zeros() as usize;
                self.touched &= self.touched - 1;
                self.unstacked |= 1 << digit;
                if !self.columns(digit) {
                    return false;
                }
            }
            if self.changed != 0 {
                continue;
            }
            for band in 0..3 {
                if !self.naked_singles(band) {
                    return false;
                }
            }
            if self.changed != 0 {
                continue;
            }
            // The stack rule and the triad rule last: they cost more than the singles, and are
            // seldom what is left; near the end of a search, never.
            if near_the_end(self.state) {
                return true;
            }
            while self.unstacked != 0 {
                let digit = self.unstacked.trailing_zeros() as usize;
                self.unstacked &= self.unstacked - 1;
                if !self.stacks(digit) {
                    return false;
                }
            }
            if self.changed != 0 {
                continue;
            }
            if !self.triads() {
                return false;
            }
            if self.changed == 0 {
                return true;
            }
        }
    }

    /// The band rule on one digit's band, and its rows of one live open cell taken: `false`
    /// if the digit has no placement left in the band. A row of one cell leaves its box's
    /// other rows no pick but another box, so the rule has already cleared the cell's peers in
    /// the band.
    #[inline(always)]
    fn narrow(&mut self, word: usize) -> bool {
        let (digit, band) = digit_and_band(word);
        let before = self.state.live[word];
        let live = before & PLACEABLE[live_minirows(before)];
        if live == 0 {
            return false;
        }
        if live != before {
            self.state.live[word] = live;
            self.deductions.pruned += 1;
            self.touched |= 1 << digit;
        }
        let mut alone = 0;
        for row in 0..3 {
            let cells = live & 0x1FF << (9 * row);
            if cells & cells.wrapping_sub(1) == 0 {
                alone |= cells;
            }
        }
        let new = alone & self.state.open[band];
        if new != 0 {
            self.deductions.forced += u64::from(new.count_ones());
            self.close(digit, band, new);
        }
        true
    }

    /// Takes the cells of `digit` alone in their column: `false` if a column has none.
    #[inline(always)]
    fn columns(&mut self, digit: usize) -> bool {
        let (mut once, mut twice, mut taken) = (0u32, 0u32, 0u32);
        let mut in_band = [0u32; 3];
        for (band, columns) in in_band.iter_mut().enumerate() {
            let live = self.state.live[word(digit, band)];
            let rows = [live & 0x1FF, live >> 9 & 0x1FF, live >> 18];
            *columns = rows[0] | rows[1] | rows[2];
            twice |= once & *columns | rows[0] & rows[1] | rows[0] & rows[2] | rows[1] & rows[2];
            once |= *columns;
            let closed = live & !self.state.open[band];
            taken |= closed | closed >> 9 | closed >> 18;
        }
        if once != 0x1FF {
            return false;
        }
        let mut singles = once & !twice & !taken & 0x1FF;
        while singles != 0 {
            let column = singles.trailing_zeros();
            singles &= singles - 1;
            let band = in_band
                .iter()
                .position(|c| c & 1 << column != 0)
                .unwrap_or(0);
            let live = self.state.live[word(digit, band)];
            let cells = live & super::tables::COLUMN[column as usize];
            // A take of this round may have removed it, or closed its cell.
            if cells == 0 || self.state.open[band] & cells == 0 {
                continue;
            }
            self.take(digit, band, cells.trailing_zeros());
            self.deductions.forced += 1;
        }
        true
    }

    /// The band rule turned a quarter: a stack's three columns and three boxes are six items
    /// the digit covers once each, so a cover picks one *minicolumn* (a column's three cells in
    /// one band) in each column and each band of the stack, and the minicolumns in no such pick
    /// lose the digit. `false` if a stack has no pick left.
    #[inline(always)]
    fn stacks(&mut self, digit: usize) -> bool {
        let in_band = [0, 1, 2].map(|band| columns_of(self.state.live[word(digit, band)]));
        let mut cut = [0u32; 3];
        for stack in 0..3 {
            let shift = 3 * stack;
            // Bit `3 * column + band`: the transpose of a band's minirow bits.
            let live = SPREAD[(in_band[0] >> shift & 7) as usize]
                | SPREAD[(in_band[1] >> shift & 7) as usize] << 1
                | SPREAD[(in_band[2] >> shift & 7) as usize] << 2;
            let keep = PLACEABLE_MINIROWS[live as usize];
            if keep == 0 {
                return false;
            }
            let gone = live & !keep;
            for (band, columns) in cut.iter_mut().enumerate() {
                let bits = gone >> band & 0o111;
                *columns |= ((bits | bits >> 2 | bits >> 4) & 7) << shift;
            }
        }
        for (band, columns) in cut.into_iter().enumerate() {
            let word = word(digit, band);
            let before = self.state.live[word];
            self.state.live[word] &= !(columns | columns << 9 | columns << 18);
            if self.state.live[word] != before {
                self.changed |= 1 << word;
                self.touched |= 1 << digit;
                self.deductions.pruned += 1;
            }
        }
        true
    }

    /// The triad rule: a minirow's three cells hold three digits, one each, and so does a
    /// minicolumn's (a column's three cells in one band, in one box). Where three digits are
    /// each confined to one (in its row, or its column, they are live there alone), the others
    /// leave it; where only three digits are live in one, each is confined to it and leaves
    /// the rest of its row, or column. `false` if one has fewer than three live digits, or more
    /// than three confined.
    #[inline(always)]
    fn triads(&mut self) -> bool {
        const ALL: u32 = (1 << 27) - 1;
        let live = &self.state.live;
        // Per digit, 27 bits: a band's nine minirows, or its nine minicolumns, at `9 * band`.
        let mut rows = [[0u32; 2]; DIGITS];
        let mut columns = [[0u32; 2]; DIGITS];
        // How many digits are live in each (at least one, two, three, four): minirows,
        // confined minirows, minicolumns, confined minicolumns.
        let mut counts = [[0u32; 4]; 4];
        for digit in 0..DIGITS {
            let words = [0, 1, 2].map(|band| live[word(digit, band)]);
            let mut minirows = 0;
            let mut confined = 0;
            for (band, &word) in words.iter().enumerate() {
                let here = live_minirows(word);
                minirows |= (here as u32) << (9 * band);
                confined |= CONFINED[here] << (9 * band);
            }
            let in_band = words.map(columns_of);
            let minicolumns = in_band[0] | in_band[1] << 9 | in_band[2] << 18;
            let alone = [
                in_band[0] & !in_band[1] & !in_band[2],
                in_band[1] & !in_band[0] & !in_band[2],
                in_band[2] & !in_band[0] & !in_band[1],
            ];
            let confined_columns = alone[0] | alone[1] << 9 | alone[2] << 18;
            rows[digit] = [minirows, confined];
            columns[digit] = [minicolumns, confined_columns];
            for (counts, bits) in
                counts
                    .iter_mut()
                    .zip([minirows, confined, minicolumns, confined_columns])
            {
                counts[3] |= counts[2] & bits;
                counts[2] |= counts[1] & bits;
                counts[1] |= counts[0] & bits;
                counts[0] |= bits;
            }
        }
        let [row_counts, confined_counts, column_counts, confined_column_counts] = counts;
        if row_counts[2] != ALL
            || column_counts[2] != ALL
            || confined_counts[3] | confined_column_counts[3] != 0
        {
            return false;
        }
        // Three confined and a fourth live; three live and not all confined yet.
        let row_full = confined_counts[2] & row_counts[3];
        let row_tight = row_counts[2] & !row_counts[3] & !confined_counts[2];
        let column_full = confined_column_counts[2] & column_counts[3];
        let column_tight = column_counts[2] & !column_counts[3] & !confined_column_counts[2];
        if row_full | row_tight | column_full | column_tight == 0 {
            return true;
        }
        for digit in 0..DIGITS {
            let [minirows, confined] = rows[digit];
            let [minicolumns, confined_columns] = columns[digit];
            let crowded = row_full & minirows & !confined;
            let tight = row_tight & minirows;
            let crowded_columns = column_full & minicolumns & !confined_columns;
            let tight_columns = column_tight & minicolumns;
            let tight_in = [0, 1, 2].map(|band| tight_columns >> (9 * band) & 0x1FF);
            for band in 0..3 {
                let shift = 9 * band;
                let minirows_gone =
                    crowded >> shift & 0x1FF | OTHERS_IN_ROW[(tight >> shift & 0x1FF) as usize];
                let columns_gone = crowded_columns >> shift & 0x1FF
                    | tight_in[(band + 1) % 3]
                    | tight_in[(band + 2) % 3];
                let cut = MINIROW_CELLS[minirows_gone as usize]
                    | columns_gone
                    | columns_gone << 9
                    | columns_gone << 18;
                let word = word(digit, band);
                let before = self.state.live[word];
                if before & cut != 0 {
                    self.state.live[word] = before & !cut;
                    self.changed |= 1 << word;
                    self.touched |= 1 << digit;
                    self.deductions.pruned += 1;
                }
            }
        }
        true
    }

    /// Takes the open cells of `band` left with one digit: `false` if one is left with none.
    #[inline(always)]
    fn naked_singles(&mut self, band: usize) -> bool {
        let open = self.state.open[band];
        if open == 0 {
            return true;
        }
        let (once, twice) = once_and_twice(self.state, band);
        if open & !once != 0 {
            return false;
        }
        let mut singles = open & !twice;
        while singles != 0 {
            let cell = singles.trailing_zeros();
            singles &= singles - 1;
            let bit = 1 << cell;
            let Some(digit) = (0..DIGITS).find(|&d| self.state.live[word(d, band)] & bit != 0)
            else {
                // Another single of this round took its last digit.
                return false;
            };
            self.take(digit, band, cell);
            self.deductions.forced += 1;
        }
        true
    }
}

/// Fewer open cells than this, and a node is near the end of its search: the rules that cut
/// a big tree (the stack rule, the triad rule, the branch on the cell of two whose options rule
/// out the most) cost more there than the few nodes they save, and are left out. Below 45 the
/// collections of many solutions a puzzle (serg's, whose roots leave 31 to 47 cells open)
/// search 1.4x to 1.7x as many puzzles a second, the hard collections within the noise, with
/// 5% to 30% more nodes (docs/benchmarks.md).
const NEAR_THE_END: u32 = 45;

/// Whether `state` has fewer than [`NEAR_THE_END`] open cells.
#[inline(always)]
fn near_the_end(state: &State) -> bool {
    state
        .open
        .iter()
        .map(|cells| cells.count_ones())
        .sum::<u32>()
        < NEAR_THE_END
}

/// Clears `cells` from a band's nine words, giving the digits (bit `digit`) whose word held
/// one of them: on x86-64, four words at a time in SSE2, which every such processor has.
#[inline(always)]
fn clear(words: &mut [u32; DIGITS], cells: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
            _mm_loadu_si128, _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128, _mm_storeu_si128,
        };
        // SAFETY: SSE2 is part of the x86-64 baseline; the two unaligned loads and stores of
        // four words each cover words 0 to 7 of the nine, within the array.
        unsafe {
            let mask = _mm_set1_epi32(cells as i32);
            let at = words.as_mut_ptr().cast::<__m128i>();
            let (low, high) = (_mm_loadu_si128(at), _mm_loadu_si128(at.add(1)));
            let missed = |four| {
                let none = _mm_cmpeq_epi32(_mm_and_si128(four, mask), _mm_setzero_si128());
                _mm_movemask_ps(_mm_castsi128_ps(none)) as u32
            };
            let lost = (missed(low) | missed(high) << 4) ^ 0xFF;
            _mm_storeu_si128(at, _mm_andnot_si128(mask, low));
            _mm_storeu_si128(at.add(1), _mm_andnot_si128(mask, high));
            let last = words[DIGITS - 1];
            words[DIGITS - 1] = last & !cells;
            lost | u32::from(last & cells != 0) << (DIGITS - 1)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut lost = 0;
        for (digit, live) in words.iter_mut().enumerate() {
            lost |= u32::from(*live & cells != 0) << digit;
            *live &= !cells;
        }
        lost
    }
}

/// The cells of `band` live in at least one digit, and those live in two or more.
#[inline(always)]
fn once_and_twice(state: &State, band: usize) -> (u32, u32) {
    let (mut once, mut twice) = (0, 0);
    for digit in 0..DIGITS {
        let live = state.live[word(digit, band)];
        twice |= once & live;
        once |= live;
    }
    (once, twice)
}

impl Bands {
    /// Sets the root's state up from the options kept and those taken first, and settles it:
    /// `true` if the root is a dead end.
    pub(super) fn start(&mut self) -> bool {
        let tables = &*self.tables;
        self.taken.clear();
        if self.states.is_empty() {
            self.states.push(State::default());
        }
        self.states[0] = self.root;
        let mut settling = Settling {
            state: &mut self.states[0],
            changed: (1 << (3 * DIGITS)) - 1,
            touched: (1 << DIGITS) - 1,
            unstacked: 0,
            tables,
            taken: &mut self.taken,
            deductions: &mut self.deductions,
        };
        // The options taken first, a digit's in a band together: a given is a root with some
        // thirty options taken, and a word at a time costs half of taking them one by one.
        let mut first = [0u32; 3 * DIGITS];
        for &option in &self.preset {
            let (word, bit) = word_and_bit(usize::from(tables.place_of[option as usize]));
            if first[word] & 1 << bit != 0 {
                // Taken twice: its cell is closed the second time.
                return true;
            }
            first[word] |= 1 << bit;
            settling.taken.push(OptionId(option));
        }
        for (word, &cells) in first.iter().enumerate() {
            if cells == 0 {
                continue;
            }
            let (digit, band) = digit_and_band(word);
            let mut peers = 0;
            let mut left = cells;
            while left != 0 {
                peers |= PEERS[left.trailing_zeros() as usize];
                left &= left - 1;
            }
            // Each cell open and live, and none a peer of another: as if taken one by one, each
            // before the next was looked at.
            let state = &mut *settling.state;
            if state.open[band] & cells != cells
                || state.live[word] & cells != cells
                || peers & cells != 0
            {
                return true;
            }
            state.live[word] &= !peers;
            settling.changed |= 1 << word;
            settling.shut(digit, band, cells);
        }
        !settling.settle()
    }

    /// Takes `option` at `level` on a copy of its state as the state of `level + 1`, and
    /// settles it: `false` if that is a dead end.
    pub(super) fn descend(&mut self, level: usize, option: u32) -> bool {
        if self.states.len() < level + 2 {
            self.states.resize(level + 2, State::default());
        }
        self.states[level + 1] = self.states[level];
        let tables = &*self.tables;
        let (word, bit) = word_and_bit(usize::from(tables.place_of[option as usize]));
        let mut settling = Settling {
            state: &mut self.states[level + 1],
            changed: 0,
            touched: 0,
            unstacked: 0,
            tables,
            taken: &mut self.taken,
            deductions: &mut self.deductions,
        };
        let (digit, band) = digit_and_band(word);
        settling.take(digit, band, bit);
        settling.settle()
    }

    /// The branch of the settled `level`, or `None` when every cell is covered (a solution): of
    /// the open cells of two live digits, the one whose options rule out the most live options
    /// (the first on ties; near the end of the search, the first), else the first of fewest; with the `popcnt` instruction when the
    /// processor has it, as the choice counts bits.
    pub(super) fn branch(&self, level: usize) -> Option<Level> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the instruction the function is compiled for.
            return unsafe { self.branch_with_popcnt(level) };
        }
        self.choose_branch(level)
    }

    /// [`Bands::choose_branch`] compiled for processors with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn branch_with_popcnt(&self, level: usize) -> Option<Level> {
        self.choose_branch(level)
    }

    /// [`Bands::branch`], on any processor.
    #[inline(always)]
    fn choose_branch(&self, level: usize) -> Option<Level> {
        let state = &self.states[level];
        let taken = self.taken.len() as u32;
        let branch = |band: usize, cell: u32| {
            let bit = 1 << cell;
            let rest = (0..DIGITS)
                .filter(|&digit| state.live[word(digit, band)] & bit != 0)
                .fold(0u16, |rest, digit| rest | 1 << digit);
            Level {
                band: band as u8,
                cell: cell as u8,
                rest,
                degree: rest.count_ones(),
                tried: 0,
                taken,
            }
        };
        // Of the cells with two live digits, the one whose options rule out the most others:
        // both of its subtrees start smaller. Against the first such cell, this halves the
        // guesses on the hardest collections (docs/benchmarks.md).
        let mut best_pair: Option<(u32, usize, u32)> = None;
        let near_the_end = near_the_end(state);
        let mut open_band = None;
        for band in 0..3 {
            let open = state.open[band];
            if open == 0 {
                continue;
            }
            open_band.get_or_insert(band);
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..DIGITS {
                let live = state.live[word(digit, band)];
                thrice |= twice & live;
                twice |= once & live;
                once |= live;
            }
            let pairs = twice & !thrice & open;
            if pairs == 0 {
                continue;
            }
            if near_the_end {
                return Some(branch(band, pairs.trailing_zeros()));
            }
            let mut conflicts = [0u32; 27];
            let (next, last) = ((band + 1) % 3, (band + 2) % 3);
            for digit in 0..DIGITS {
                let own = state.live[word(digit, band)];
                let mut here = own & pairs;
                if here == 0 {
                    continue;
                }
                let others = [state.live[word(digit, next)], state.live[word(digit, last)]];
                while here != 0 {
                    let cell = here.trailing_zeros() as usize;
                    here &= here - 1;
                    let column = COLUMN_AT[cell];
                    conflicts[cell] += (own & PEERS[cell]).count_ones()
                        + (others[0] & column).count_ones()
                        + (others[1] & column).count_ones();
                }
            }
            let mut left = pairs;
            while left != 0 {
                let cell = left.trailing_zeros();
                left &= left - 1;
                let conflicts = conflicts[cell as usize];
                if best_pair.is_none_or(|(most, _, _)| conflicts > most) {
                    best_pair = Some((conflicts, band, cell));
                }
            }
        }
        if let Some((_, band, cell)) = best_pair {
            return Some(branch(band, cell));
        }
        open_band?;
        let mut best: Option<Level> = None;
        for band in 0..3 {
            let mut open = state.open[band];
            while open != 0 {
                let cell = open.trailing_zeros();
                open &= open - 1;
                let here = branch(band, cell);
                if best.is_none_or(|best| here.degree < best.degree) {
                    best = Some(here);
                }
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
        let digit = branch.rest.trailing_zeros() as usize;
        branch.rest &= branch.rest - 1;
        let place = digit * CELLS + 27 * usize::from(branch.band) + usize::from(branch.cell);
        Some(self.tables.option_at[place])
    }
}

#[cfg(test)]
impl State {
    /// The triad rule alone, once, on this state: `false` if it finds a dead end.
    pub(super) fn after_the_triad_rule(&mut self) -> bool {
        let tables = Tables {
            option_at: Box::new([0; super::geometry::OPTIONS]),
            place_of: Box::new([]),
        };
        let mut settling = Settling {
            state: self,
            changed: 0,
            touched: 0,
            unstacked: 0,
            tables: &tables,
            taken: &mut Vec::new(),
            deductions: &mut Deductions::default(),
        };
        settling.triads()
    }
}
