//! The memo cache: the count (and ZDD node) of each subproblem met, filed under its key, in a
//! hash table whose memory never passes a bound. When it would, the whole table is forgotten
//! and filled again from empty: counts stay exact (a forgotten subproblem is searched again),
//! only the work grows.

/// What the cache holds for a subproblem: its number of solutions, the ZDD node of them (0
/// when it has none), and the nodes a search without the cache would have visited to find
/// them (what a hit saves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Subtotal {
    pub(crate) solutions: u128,
    pub(crate) zdd: u32,
    pub(crate) plain_nodes: u64,
}

/// A place in the cache, valid until the cache is next forgotten (its generation changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    entry: u32,
    generation: u32,
}

/// An open-addressing table (linear probing) of entries whose keys lie one after another in
/// one vector: no allocation per entry, and the bytes are easy to count.
pub(crate) struct Cache {
    key_words: usize,
    /// `(hash << 32) | (entry + 1)`, 0 for an empty slot.
    slots: Vec<u64>,
    keys: Vec<u64>,
    subtotals: Vec<Subtotal>,
    max_bytes: u64,
    generation: u32,
    /// Times the table was forgotten to stay within the bound.
    pub(crate) evictions: u64,
    /// The most entries held at once.
    pub(crate) peak_entries: u64,
}

/// The table starts with this many slots, and doubles when half full.
const FIRST_SLOTS: usize = 1 << 10;

impl Cache {
    /// An empty cache for keys of `key_words` words, or `None` when not even the smallest
    /// table fits in `max_bytes`.
    pub(crate) fn new(key_words: usize, max_bytes: u64) -> Option<Cache> {
        let cache = Cache {
            key_words,
            slots: Vec::new(),
            keys: Vec::new(),
            subtotals: Vec::new(),
            max_bytes,
            generation: 0,
            evictions: 0,
            peak_entries: 0,
        };
        (cache.bytes_for(FIRST_SLOTS) <= max_bytes).then(|| Cache {
            slots: vec![0; FIRST_SLOTS],
            ..cache
        })
    }

    /// The bytes a table of `slots` slots takes when full to its limit (half its slots).
    fn bytes_for(&self, slots: usize) -> u64 {
        let entry = self.key_words * 8 + std::mem::size_of::<Subtotal>();
        (slots * 8 + slots / 2 * entry) as u64
    }

    /// The bytes the cache may take now (its table, and its entries at the table's limit).
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes_for(self.slots.len())
    }

    /// Looks a key up: what was filed under it, or, when it is new, a place to file its
    /// result at (the key is entered now, with no solutions and no ZDD node).
    pub(crate) fn find_or_enter(&mut self, key: &[u64]) -> Result<Subtotal, Place> {
        let hash = hash_words(key);
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                break;
            }
            if (slot >> 32) as u32 == hash {
                let entry = (slot as u32 - 1) as usize;
                let stored = &self.keys[entry * self.key_words..(entry + 1) * self.key_words];
                if stored == key {
                    return Ok(self.subtotals[entry]);
                }
            }
            at = (at + 1) & mask;
        }
        if (self.subtotals.len() + 1) * 2 > self.slots.len() {
            self.make_room();
            return Err(self.enter(key, hash));
        }
        Err(self.enter_at(key, hash, at))
    }

    /// Files a subproblem's result at the place its lookup gave, unless the cache was
    /// forgotten since.
    pub(crate) fn file(&mut self, place: Place, memo: Subtotal) {
        if place.generation == self.generation {
            self.subtotals[place.entry as usize] = memo;
        }
    }

    /// Doubles the table if the bound allows, else forgets every entry.
    fn make_room(&mut self) {
        let doubled = self.slots.len() * 2;
        if self.bytes_for(doubled) <= self.max_bytes {
            let old = std::mem::replace(&mut self.slots, vec![0; doubled]);
            let mask = doubled - 1;
            for slot in old.into_iter().filter(|&s| s != 0) {
                let mut at = (slot >> 32) as usize & mask;
                while self.slots[at] != 0 {
                    at = (at + 1) & mask;
                }
                self.slots[at] = slot;
            }
        } else {
            self.slots.fill(0);
            self.keys.clear();
            self.subtotals.clear();
            self.generation = self.generation.wrapping_add(1);
            self.evictions += 1;
        }
    }

    /// Enters a key known to be absent.
    fn enter(&mut self, key: &[u64], hash: u32) -> Place {
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        self.enter_at(key, hash, at)
    }

    fn enter_at(&mut self, key: &[u64], hash: u32, at: usize) -> Place {
        let entry = self.subtotals.len() as u32;
        self.slots[at] = (u64::from(hash) << 32) | u64::from(entry + 1);
        self.keys.extend_from_slice(key);
        self.subtotals.push(Subtotal::default());
        self.peak_entries = self.peak_entries.max(self.subtotals.len() as u64);
        Place {
            entry,
            generation: self.generation,
        }
    }
}

/// A 32-bit hash of a key's words: each word folded in by a multiply, then the result mixed
/// by Murmur3's finalizer, so that keys differing only in their high bits (the last items,
/// which the cached subproblems share most) still spread over the table.
fn hash_words(key: &[u64]) -> u32 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
    for &word in key {
        h = (h ^ word)
            .wrapping_mul(0xBF58_476D_1CE4_E5B9)
            .rotate_left(29);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    h as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_entered_is_found_with_what_was_filed() {
        let mut cache = Cache::new(2, 1 << 20).unwrap();
        let place = cache.find_or_enter(&[5, 7]).unwrap_err();
        let memo = Subtotal {
            solutions: 42,
            zdd: 3,
            plain_nodes: 9,
        };
        cache.file(place, memo);
        assert_eq!(cache.find_or_enter(&[5, 7]), Ok(memo));
        assert!(cache.find_or_enter(&[7, 5]).is_err(), "another key is new");
    }

    #[test]
    fn the_cache_stays_within_its_bound_and_forgets_when_full() {
        let bound = 64 * 1024;
        let mut cache = Cache::new(1, bound).unwrap();
        for key in 0..100_000u64 {
            if let Err(place) = cache.find_or_enter(&[key]) {
                cache.file(
                    place,
                    Subtotal {
                        solutions: u128::from(key),
                        ..Subtotal::default()
                    },
                );
            }
            assert!(cache.bytes() <= bound);
        }
        assert!(cache.evictions > 0);
        let last = cache.find_or_enter(&[99_999]);
        assert_eq!(last.map(|m| m.solutions), Ok(99_999));
    }

    #[test]
    fn a_place_from_before_a_forgetting_files_nothing() {
        let mut cache = Cache::new(1, 64 * 1024).unwrap();
        let stale = cache.find_or_enter(&[u64::MAX]).unwrap_err();
        let mut key = 0;
        while cache.evictions == 0 {
            let _ = cache.find_or_enter(&[key]);
            key += 1;
        }
        cache.file(
            stale,
            Subtotal {
                solutions: 1,
                zdd: 1,
                plain_nodes: 1,
            },
        );
        assert!(cache.subtotals.iter().all(|m| m.solutions == 0));
    }

    #[test]
    fn a_bound_below_the_smallest_table_gives_no_cache() {
        assert!(Cache::new(1, 100).is_none());
    }
}
