//! Item names, stored for problems of millions of items: end to end in one string, and found
//! by name through an open-addressing table of item numbers.
//!
//! A `Vec<String>` of names and a `HashMap<String, ItemId>` beside it take two allocations and
//! some 130 bytes an item; a problem file of five million one-option items (88 MB) took almost
//! a gigabyte and 14 seconds to read, most of it in the allocator and in the map's cache
//! misses. Here an item costs its name's bytes, its end (8 bytes) and two to four 8-byte
//! slots, and a lookup compares a name's text only when 32 bits of its hash already match.

use super::problem::ItemId;
use std::hash::BuildHasher;

/// The names of the items, in item order, end to end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Names {
    text: String,
    /// Where each name ends in `text`; name `k` starts where name `k - 1` ends.
    ends: Vec<usize>,
}

impl Names {
    /// The number of names.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Name `index`.
    pub(super) fn get(&self, index: usize) -> &str {
        let start = match index {
            0 => 0,
            _ => self.ends[index - 1],
        };
        &self.text[start..self.ends[index]]
    }

    /// Adds a name after the others.
    pub(super) fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len());
    }
}

/// A free slot of [`NameIndex`].
const FREE: u64 = u64::MAX;

/// Finds an item by its name: a table of slots, each an item number (low 32 bits) and the top
/// 32 bits of its name's hash, probed linearly and kept at most half full. The hasher is
/// foldhash, seeded at random per process, so a file of crafted names cannot make the probes
/// long.
#[derive(Clone, Default)]
pub(super) struct NameIndex {
    slots: Vec<u64>,
    hasher: foldhash::fast::RandomState,
    len: usize,
}

impl std::fmt::Debug for NameIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NameIndex")
            .field("names", &self.len)
            .field("slots", &self.slots.len())
            .finish()
    }
}

/// Where a name is in the table, or the free slot where it would go.
enum Probe {
    Found(ItemId),
    Free(usize),
}

impl NameIndex {
    /// The item named `name` among `names`, if any.
    pub(super) fn get(&self, names: &Names, name: &str) -> Option<ItemId> {
        match self.probe(names, name, self.hasher.hash_one(name)) {
            Probe::Found(id) => Some(id),
            Probe::Free(_) => None,
        }
    }

    /// Records that item `id`, the next after those of `names`, is named `name` (which the
    /// caller then adds to `names`), unless an item of that name is there already: then that
    /// item, and nothing changes.
    pub(super) fn insert(&mut self, names: &Names, name: &str, id: ItemId) -> Result<(), ItemId> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(names);
        }
        let hash = self.hasher.hash_one(name);
        match self.probe(names, name, hash) {
            Probe::Found(existing) => Err(existing),
            Probe::Free(slot) => {
                self.slots[slot] = slot_of(id, hash);
                self.len += 1;
                Ok(())
            }
        }
    }

    fn probe(&self, names: &Names, name: &str, hash: u64) -> Probe {
        if self.slots.is_empty() {
            return Probe::Free(0);
        }
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut at = hash as usize & mask;
        loop {
            let slot = self.slots[at];
            if slot == FREE {
                return Probe::Free(at);
            }
            let id = slot as u32;
            if slot >> 32 == tag && names.get(id as usize) == name {
                return Probe::Found(ItemId(id));
            }
            at = (at + 1) & mask;
        }
    }

    /// Doubles the table (16 slots at first) and puts every item back.
    fn grow(&mut self, names: &Names) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![FREE; size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|&slot| slot != FREE) {
            let id = slot as u32;
            let hash = self.hasher.hash_one(names.get(id as usize));
            let mut at = hash as usize & mask;
            while self.slots[at] != FREE {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
        }
    }
}

/// A slot holding item `id` whose name hashes to `hash`. Item numbers are below 2^31 (the
/// problem's node limit), so no slot is [`FREE`].
fn slot_of(id: ItemId, hash: u64) -> u64 {
    (hash >> 32) << 32 | u64::from(id.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_by_their_text_and_only_them() {
        let mut names = Names::default();
        let mut index = NameIndex::default();
        let count = 10_000u32;
        for k in 0..count {
            let name = format!("n{k}");
            assert_eq!(index.insert(&names, &name, ItemId(k)), Ok(()));
            names.push(&name);
        }
        assert_eq!(names.len(), count as usize);
        for k in 0..count {
            assert_eq!(names.get(k as usize), format!("n{k}"));
            assert_eq!(index.get(&names, &format!("n{k}")), Some(ItemId(k)));
        }
        assert_eq!(index.get(&names, "n10000"), None);
        assert_eq!(index.get(&names, ""), None);
        assert_eq!(index.get(&names, "n"), None);
        // A second item of a name already there: the first is named, nothing is added.
        assert_eq!(index.insert(&names, "n7", ItemId(count)), Err(ItemId(7)));
        assert!(index.slots.len() >= 2 * index.len, "at most half full");
        assert_eq!(index.len, count as usize);
    }

    #[test]
    fn an_empty_index_finds_nothing() {
        let names = Names::default();
        assert_eq!(NameIndex::default().get(&names, "A"), None);
    }
}
