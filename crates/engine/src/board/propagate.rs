//! What the board deduces between two guesses: an option taken (its conflicts removed, each
//! removal counted off its items), the items left with one live option taken in turn, and the
//! item-domination rule ([`crate::domination`] has the rule, and the reference pass the tests
//! hold this one to) run until nothing more follows or an item has no option left.

use super::{Board, Level, Pending, Tables, COVERED, COVERED_FLOOR};
use crate::problem::OptionId;

/// The most live options of an item the domination pass looks at, whatever the limit asked.
pub(super) const MOST_DOMINANT: u16 = 16;

/// What a domination pass did.
enum Pass {
    /// Nothing: the level is settled.
    Quiet,
    /// It removed options: the forced items they left are to be taken, and the pass run again.
    Removed,
    /// An item has no live option left.
    Dead,
}

/// A level's state, borrowed from the board: its live options and its items' counts.
struct State<'a> {
    tables: &'a Tables,
    live: &'a mut [u64],
    counts: &'a mut [u16],
    pending: &'a mut Pending,
}

impl Board {
    /// Makes room for the state of `level` (the levels grow with the deepest path met).
    #[inline(always)]
    pub(super) fn ensure_level(&mut self, level: usize) {
        let tables = &*self.tables;
        if self.path.len() <= level {
            self.path.resize(level + 1, Default::default());
            self.live.resize((level + 1) * tables.words, 0);
            self.counts.resize((level + 1) * tables.primaries, 0);
        }
    }

    /// Lays the root out (the kept options, their items' counts) and deduces what follows
    /// from it; `true` when the root is a dead end.
    pub(super) fn start(&mut self) -> bool {
        self.ensure_level(0);
        self.taken.clear();
        let tables = &*self.tables;
        self.pending.forced.clear();
        self.pending.changed.clear();
        // Every item is new at the root.
        self.pending
            .changed
            .resize(tables.primaries.div_ceil(64), u64::MAX);
        if !tables.primaries.is_multiple_of(64) {
            if let Some(last) = self.pending.changed.last_mut() {
                *last = (1 << (tables.primaries % 64)) - 1;
            }
        }
        self.live[..tables.words].copy_from_slice(&self.root);
        if !self.preset.is_empty() {
            return self.start_from_preset();
        }
        self.counts[..tables.primaries].copy_from_slice(&tables.full_counts);
        // The options left out are counted off their items: a puzzle's givens leave out a few
        // dozen of Sudoku's 729, where counting every item's list would look at all of them.
        let pending = &mut self.pending;
        let mut state = State::of(tables, &mut self.live, &mut self.counts, pending, 0);
        for (at, &kept) in self.root.iter().enumerate() {
            let mut left_out = !kept & tables.option_mask(at);
            while left_out != 0 {
                state.count_off(at as u32 * 64 + left_out.trailing_zeros());
                left_out &= left_out - 1;
            }
        }
        // Whatever count_off queued is queued again here, with the items of one option.
        let mut dead = false;
        for (item, &count) in state.counts.iter().enumerate() {
            match count {
                0 => dead = true,
                1 => state.pending.forced.push(item as u32),
                _ => {}
            }
        }
        dead || !self.propagate(0)
    }

    /// [`Board::start`] with options taken first ([`Board::take_first`]): their items covered
    /// and their conflicts removed a word at a time, then the items left counted from their
    /// lists; `true` at a dead end.
    fn start_from_preset(&mut self) -> bool {
        let tables = &*self.tables;
        let live = &mut self.live[..tables.words];
        let counts = &mut self.counts[..tables.primaries];
        counts.fill(0);
        for &option in &self.preset {
            if !is_live(live, option) {
                return true;
            }
            for &item in tables.primaries_of(option) {
                counts[item as usize] = COVERED;
            }
            let (words, bits) = tables.conflicts_of(option);
            for (&word, &conflicts) in words.iter().zip(bits) {
                live[word as usize] &= !conflicts;
            }
            self.taken.push(OptionId(option));
        }
        let mut dead = false;
        for (item, count) in counts.iter_mut().enumerate() {
            if *count == COVERED {
                continue;
            }
            let options = tables.options_of(item as u32).iter();
            let alive = options.filter(|entry| is_live(live, entry.at)).count();
            // At most MOST_OPTIONS: the tables refuse an item of more.
            *count = alive as u16;
            match alive {
                0 => dead = true,
                1 => self.pending.forced.push(item as u32),
                _ => {}
            }
        }
        dead || !self.propagate(0)
    }

    /// Makes the state of the level below `level` with `option` taken, and deduces what
    /// follows; `false` when it is a dead end.
    #[inline(always)]
    pub(super) fn descend(&mut self, level: usize, option: u32) -> bool {
        self.ensure_level(level + 1);
        let tables = &*self.tables;
        let (words, primaries) = (tables.words, tables.primaries);
        let (above, below) = self.live.split_at_mut((level + 1) * words);
        below[..words].copy_from_slice(&above[level * words..]);
        let (above, below) = self.counts.split_at_mut((level + 1) * primaries);
        below[..primaries].copy_from_slice(&above[level * primaries..]);
        self.taken.push(OptionId(option));
        let pending = &mut self.pending;
        pending.changed.fill(0);
        let mut state = State::of(tables, &mut self.live, &mut self.counts, pending, level + 1);
        state.take(option) && self.propagate(level + 1)
    }

    /// Takes the forced items of `level` and runs the domination pass, in turn, until neither
    /// finds anything; `false` at a dead end.
    #[inline(always)]
    fn propagate(&mut self, level: usize) -> bool {
        let limit = self.pending.limit;
        let tables = &*self.tables;
        let pending = &mut self.pending;
        let mut state = State::of(tables, &mut self.live, &mut self.counts, pending, level);
        loop {
            while let Some(item) = state.pending.forced.pop() {
                if state.counts[item as usize] != 1 {
                    // Covered since it was queued.
                    continue;
                }
                let option = state.only_option(item);
                self.taken.push(OptionId(option));
                self.deductions.forced += 1;
                if !state.take(option) {
                    state.pending.forced.clear();
                    return false;
                }
            }
            if limit < 2 {
                return true;
            }
            match state.dominate(limit, &mut self.deductions.pruned) {
                Pass::Quiet => return true,
                Pass::Removed => {}
                Pass::Dead => {
                    state.pending.forced.clear();
                    return false;
                }
            }
        }
    }

    /// The item to branch on at `level`, with its count: the uncovered primary item of fewest
    /// live options, the first on ties; `None` when every primary item is covered.
    #[inline(always)]
    pub(super) fn least(&self, level: usize) -> Option<(u32, u32)> {
        let primaries = self.tables.primaries;
        let counts = &self.counts[level * primaries..(level + 1) * primaries];
        // Two passes the compiler vectorizes: the least count, then where it first is.
        let least = counts.iter().copied().min().unwrap_or(COVERED);
        if least >= COVERED_FLOOR {
            return None;
        }
        let item = counts.iter().position(|&count| count == least)?;
        Some((item as u32, u32::from(least)))
    }

    /// The branch of the settled `level`: the item of fewest live options (the first in input
    /// order on ties), its options tried in input order; `None` when every item is covered.
    #[inline(always)]
    pub(super) fn branch(&self, level: usize) -> Option<Level> {
        let (item, degree) = self.least(level)?;
        Some(Level {
            item,
            next: 0,
            degree,
            tried: 0,
            taken: self.taken.len() as u32,
        })
    }

    /// The next live option of `branch`'s item at `level`, past those tried.
    #[inline(always)]
    pub(super) fn option_of(&self, level: usize, branch: &mut Level) -> Option<u32> {
        let words = self.tables.words;
        let live = &self.live[level * words..(level + 1) * words];
        let options = self.tables.options_of(branch.item);
        let at = (branch.next as usize..options.len()).find(|&at| is_live(live, options[at].at))?;
        branch.next = at as u32 + 1;
        Some(options[at].at)
    }
}

/// Whether `option` is live in a row of options.
#[inline(always)]
fn is_live(live: &[u64], option: u32) -> bool {
    live[option as usize / 64] >> (option % 64) & 1 == 1
}

impl<'a> State<'a> {
    /// The state of `level`, from the board's tables of every level.
    #[inline(always)]
    fn of(
        tables: &'a Tables,
        live: &'a mut [u64],
        counts: &'a mut [u16],
        pending: &'a mut Pending,
        level: usize,
    ) -> State<'a> {
        let (words, primaries) = (tables.words, tables.primaries);
        State {
            tables,
            live: &mut live[level * words..(level + 1) * words],
            counts: &mut counts[level * primaries..(level + 1) * primaries],
            pending,
        }
    }

    /// Takes `option`: its primary items covered, and every live option it rules out removed,
    /// a word of its conflicts at a time; `false` when an uncovered item is left with no
    /// option.
    #[inline(always)]
    fn take(&mut self, option: u32) -> bool {
        let tables = self.tables;
        for &item in tables.primaries_of(option) {
            self.counts[item as usize] = COVERED;
        }
        let (words, bits) = tables.conflicts_of(option);
        let mut alive = true;
        for (&word, &conflicts) in words.iter().zip(bits) {
            let live = &mut self.live[word as usize];
            let mut removed = *live & conflicts;
            *live &= !conflicts;
            while removed != 0 {
                let other = word * 64 + removed.trailing_zeros();
                removed &= removed - 1;
                alive &= self.count_off(other);
            }
        }
        alive
    }

    /// Removes `option` if it is live, counting it off its primary items; `false` when one of
    /// them, uncovered, is left with no option.
    #[inline(always)]
    fn remove(&mut self, option: u32) -> bool {
        let (word, bit) = (option as usize / 64, 1u64 << (option % 64));
        if self.live[word] & bit == 0 {
            return true;
        }
        self.live[word] &= !bit;
        self.count_off(option)
    }

    /// Counts a removed option off its primary items; `false` when an uncovered one is left
    /// with no option.
    #[inline(always)]
    fn count_off(&mut self, option: u32) -> bool {
        let mut alive = true;
        // The counts worth a second look: none, one, or small enough to dominate.
        let watched = self.pending.limit.max(1);
        for &item in self.tables.primaries_of(option) {
            let count = &mut self.counts[item as usize];
            *count -= 1;
            if *count <= watched {
                match *count {
                    0 => alive = false,
                    1 => self.pending.forced.push(item),
                    // Past the limit, the item is marked when it falls within it.
                    _ => self.pending.changed[item as usize / 64] |= 1 << (item % 64),
                }
            }
        }
        alive
    }

    /// The one live option of an item whose count is one.
    fn only_option(&self, item: u32) -> u32 {
        let options = self.tables.options_of(item);
        let live = options.iter().find(|entry| is_live(self.live, entry.at));
        live.expect("an item's count is its live options").at
    }

    /// One pass of the domination rule over the primary items of 2 to `limit` live options:
    /// for each, every item B that all of its live options cover alike (B's colour the same in
    /// each) loses its other options, those that would clash there.
    fn dominate(&mut self, limit: u16, removed: &mut u64) -> Pass {
        let mut pass = Pass::Quiet;
        for at in 0..self.pending.changed.len() {
            let mut changed = std::mem::take(&mut self.pending.changed[at]);
            while changed != 0 {
                let dominant = at as u32 * 64 + changed.trailing_zeros();
                changed &= changed - 1;
                if let Pass::Dead = self.dominate_from(dominant, limit, removed, &mut pass) {
                    return Pass::Dead;
                }
            }
        }
        pass
    }

    /// The domination rule from one item, if it has 2 to `limit` live options; `pass` becomes
    /// [`Pass::Removed`] if it removes any.
    #[inline(always)]
    fn dominate_from(
        &mut self,
        dominant: u32,
        limit: u16,
        removed: &mut u64,
        pass: &mut Pass,
    ) -> Pass {
        let tables = self.tables;
        let mut held = [0u32; MOST_DOMINANT as usize];
        let count = self.counts[dominant as usize];
        if count < 2 || count > limit {
            return Pass::Quiet;
        }
        let count = usize::from(count);
        let mut n = 0;
        for entry in tables.options_of(dominant) {
            if is_live(self.live, entry.at) {
                held[n] = entry.at;
                n += 1;
                if n == count {
                    break;
                }
            }
        }
        let held = &held[..n];
        for b in tables.items_of(held[0]) {
            let primary = (b.at as usize) < tables.primaries;
            // A primary item of no more live options than these has no other to lose.
            if b.at == dominant || primary && usize::from(self.counts[b.at as usize]) <= n {
                continue;
            }
            let covers_alike = |option: &u32| tables.items_of(*option).contains(b);
            if !held[1..].iter().all(covers_alike) {
                continue;
            }
            for other in tables.options_of(b.at) {
                let shares = b.colour != 0 && other.colour == b.colour;
                if shares || held.contains(&other.at) || !is_live(self.live, other.at) {
                    continue;
                }
                *removed += 1;
                *pass = Pass::Removed;
                if !self.remove(other.at) {
                    return Pass::Dead;
                }
            }
        }
        Pass::Quiet
    }
}
