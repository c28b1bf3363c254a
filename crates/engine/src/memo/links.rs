//! DLX6's dancing links: Knuth's DLX2 arena changed so that a secondary item's length counts
//! only the options still active, and an item whose length drops to zero leaves the list of
//! active secondary items. That makes the set of active items, with the colour each active
//! secondary item was purified to, exactly the state of the remaining subproblem: the key the
//! memo cache files each subproblem's count under.
//!
//! Its own small arena rather than the engine's [`Dlx`](crate::Dlx): the engine's arena leaves a
//! purified item's nodes in place (DLX2's shortcut), which the key cannot afford.

use crate::problem::{Colour, ItemKind, Problem};

/// One node: an item's header (`itm` unused), an option's entry (`itm` its item) or a spacer
/// (`itm` zero or less: minus the number of options before it, as DLX6 numbers them).
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    itm: i32,
    /// 0 without colour; else the colour's small number within its item (1, 2, ...); -1 while
    /// the item is purified to this colour (the entry needs no purifying then).
    color: i32,
}

/// Where an item's part of the key lies: its word and the shift within it.
#[derive(Clone, Copy, Debug, Default)]
struct KeySlot {
    word: u32,
    shift: u32,
}

/// The arena: items `1..=primaries` then the secondary ones, headers `nd[1..last_itm]`, the
/// secondary items' list head at `last_itm`, options after it separated by spacers.
pub(crate) struct Links {
    nd: Vec<Node>,
    /// Each header's active length (DLX6's `len`): -1 marks a purified item that lost every
    /// other option, for `unpurify` to put back.
    len: Vec<i32>,
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The colour each secondary item is purified to (0: none).
    item_color: Vec<i32>,
    second: u32,
    last_itm: u32,
    slots: Vec<KeySlot>,
    key_words: usize,
    /// Knuth's figures: items covered plus nodes hidden; colours imposed plus nodes of the
    /// same colour satisfied.
    pub(crate) updates: u64,
    pub(crate) cleansings: u64,
}

const ROOT: u32 = 0;

impl Links {
    /// Lays out a problem without bounds: its items in declaration order (primary before
    /// secondary, as Knuth's format declares them), each item's options in the problem's order.
    pub(crate) fn new(problem: &Problem) -> Links {
        let primaries: Vec<_> = problem
            .items()
            .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
            .collect();
        let secondaries: Vec<_> = problem
            .items()
            .filter(|&i| problem.item_kind(i) == ItemKind::Secondary)
            .collect();
        let mut header = vec![0u32; problem.item_count()];
        for (k, &item) in primaries.iter().chain(&secondaries).enumerate() {
            header[item.index()] = k as u32 + 1;
        }
        let second = primaries.len() as u32 + 1;
        let last_itm = problem.item_count() as u32 + 1;
        let total = last_itm as usize + 1 + problem.entry_count() + problem.option_count();
        let mut nd = vec![Node::default(); total];
        let items = last_itm as usize + 1;
        let (mut prev, mut next) = (vec![0u32; items], vec![0u32; items]);
        for k in 0..last_itm {
            nd[k as usize].up = k;
            nd[k as usize].down = k;
        }
        // Two circular lists: the primary items after the root, the secondary ones after
        // their head `last_itm`.
        link_circle(&mut prev, &mut next, ROOT, 1..second);
        link_circle(&mut prev, &mut next, last_itm, second..last_itm);
        let mut len = vec![0i32; last_itm as usize + 1];
        let mut color_numbers: Vec<Vec<Colour>> = vec![Vec::new(); last_itm as usize + 1];
        let mut at = last_itm as usize; // the first spacer
        nd[at].itm = 0;
        for (number, option) in problem.options().enumerate() {
            let first = at + 1;
            for (item, colour) in problem
                .option_items(option)
                .iter()
                .zip(problem.option_colours(option))
            {
                at += 1;
                let k = header[item.index()];
                nd[at].itm = k as i32;
                nd[at].color = match colour {
                    None => 0,
                    Some(c) => {
                        let known = &mut color_numbers[k as usize];
                        let index = known.iter().position(|&x| x == c).unwrap_or_else(|| {
                            known.push(c);
                            known.len() - 1
                        });
                        index as i32 + 1
                    }
                };
                let bottom = nd[k as usize].up;
                nd[at].up = bottom;
                nd[at].down = k;
                nd[bottom as usize].down = at as u32;
                nd[k as usize].up = at as u32;
                len[k as usize] += 1;
            }
            at += 1;
            nd[at].itm = -(number as i32 + 1);
            nd[at].up = first as u32;
            nd[first - 1].down = (at - 1) as u32;
        }
        let mut links = Links {
            nd,
            len,
            prev,
            next,
            item_color: vec![0; last_itm as usize + 1],
            second,
            last_itm,
            slots: vec![KeySlot::default(); last_itm as usize + 1],
            key_words: 0,
            updates: 0,
            cleansings: 0,
        };
        links.lay_out_key(&color_numbers);
        links
    }

    /// Gives each item its bits of the key: one for a primary item; for a secondary item used
    /// with `c` colours, enough for the codes 1 (not purified) to `c + 1` (purified to the
    /// last). A secondary item no option uses leaves the list, as in DLX6. No part straddles
    /// two words.
    fn lay_out_key(&mut self, colours: &[Vec<Colour>]) {
        let (mut word, mut shift) = (0u32, 0u32);
        for k in 1..self.last_itm {
            let bits = if k < self.second {
                1
            } else {
                if self.len[k as usize] == 0 {
                    let (p, n) = (self.prev[k as usize], self.next[k as usize]);
                    self.next[p as usize] = n;
                    self.prev[n as usize] = p;
                    continue;
                }
                let codes = colours[k as usize].len() as u32 + 1;
                32 - codes.leading_zeros()
            };
            if shift + bits > 64 {
                word += 1;
                shift = 0;
            }
            self.slots[k as usize] = KeySlot { word, shift };
            shift += bits;
        }
        self.key_words = word as usize + 1;
    }

    /// The words of every key.
    pub(crate) fn key_words(&self) -> usize {
        self.key_words
    }

    /// Writes the key of the current state into `key` (of [`Links::key_words`] words): a bit
    /// per active primary item, and per active secondary item 1 + the colour it is purified to.
    pub(crate) fn write_key(&self, key: &mut [u64]) {
        key.fill(0);
        let mut k = self.next[ROOT as usize];
        while k != ROOT {
            let slot = self.slots[k as usize];
            key[slot.word as usize] |= 1 << slot.shift;
            k = self.next[k as usize];
        }
        let mut k = self.next[self.last_itm as usize];
        while k != self.last_itm {
            if self.len[k as usize] != 0 {
                let slot = self.slots[k as usize];
                let code = 1 + self.item_color[k as usize] as u64;
                key[slot.word as usize] |= code << slot.shift;
            }
            k = self.next[k as usize];
        }
    }

    /// Whether every primary item is covered: a solution.
    pub(crate) fn all_covered(&self) -> bool {
        self.next[ROOT as usize] == ROOT
    }

    /// The primary item with the fewest active options, the first on ties; the scan stops at
    /// an empty one (DLX6's rule, so its trees are ours).
    pub(crate) fn best_item(&self) -> u32 {
        let mut best = ROOT;
        let mut least = i32::MAX;
        let mut k = self.next[ROOT as usize];
        while k != ROOT && least != 0 {
            let l = self.len[k as usize];
            if l < least {
                best = k;
                least = l;
            }
            k = self.next[k as usize];
        }
        best
    }

    /// The number of options in an item's list: for an item covered by a level of the search,
    /// how many it had to choose from.
    pub(crate) fn active_len(&self, item: u32) -> u32 {
        self.len[item as usize].max(0) as u32
    }

    /// The first option node of an item's list (the item itself when it is empty).
    pub(crate) fn first_option(&self, item: u32) -> u32 {
        self.nd[item as usize].down
    }

    /// The next option node after `node` in its item's list.
    pub(crate) fn next_option(&self, node: u32) -> u32 {
        self.nd[node as usize].down
    }

    /// The item an option node belongs to.
    pub(crate) fn item_of(&self, node: u32) -> u32 {
        self.nd[node as usize].itm as u32
    }

    /// Removes an item from its list and hides its options from every other list.
    pub(crate) fn cover(&mut self, c: u32) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        self.updates += 1;
        let mut rr = self.nd[c as usize].down;
        while rr > self.last_itm {
            self.hide(rr);
            rr = self.nd[rr as usize].down;
        }
    }

    /// Takes the option of `rr` out of every list but `rr`'s own.
    fn hide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.nd[nn as usize];
            if node.itm <= 0 {
                nn = node.up;
                continue;
            }
            if node.color >= 0 {
                self.nd[node.up as usize].down = node.down;
                self.nd[node.down as usize].up = node.up;
            }
            self.updates += 1;
            let cc = node.itm as usize;
            self.len[cc] -= 1;
            if self.len[cc] == 0 && cc as u32 >= self.second {
                let (l, r) = (self.prev[cc], self.next[cc]);
                self.next[l as usize] = r;
                self.prev[r as usize] = l;
            }
            nn += 1;
        }
    }

    /// Undoes [`Links::hide`].
    fn unhide(&mut self, rr: u32) {
        let mut nn = rr - 1;
        while nn != rr {
            let node = self.nd[nn as usize];
            if node.itm <= 0 {
                nn = node.down;
                continue;
            }
            if node.color >= 0 {
                self.nd[node.up as usize].down = nn;
                self.nd[node.down as usize].up = nn;
            }
            let cc = node.itm as usize;
            self.len[cc] += 1;
            if self.len[cc] == 1 && cc as u32 >= self.second {
                let (l, r) = (self.prev[cc], self.next[cc]);
                self.next[l as usize] = cc as u32;
                self.prev[r as usize] = cc as u32;
            }
            nn -= 1;
        }
    }

    /// Undoes [`Links::cover`].
    pub(crate) fn uncover(&mut self, c: u32) {
        let mut rr = self.nd[c as usize].up;
        while rr > self.last_itm {
            self.unhide(rr);
            rr = self.nd[rr as usize].up;
        }
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = c;
        self.prev[r as usize] = c;
    }

    /// Covers or purifies the other items of the option of `chosen`, left to right; an item
    /// already emptied by an earlier step is left alone (it left the lists already).
    pub(crate) fn commit_others(&mut self, chosen: u32) {
        let mut pp = chosen + 1;
        while pp != chosen {
            let node = self.nd[pp as usize];
            if node.itm <= 0 {
                pp = node.up;
                continue;
            }
            let cc = node.itm as u32;
            if cc < self.second || self.len[cc as usize] != 0 {
                if node.color == 0 {
                    self.cover(cc);
                } else if node.color > 0 {
                    self.purify(pp);
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`Links::commit_others`], right to left; returns the option's number (from 1, in
    /// the problem's order), read from the spacer before it.
    pub(crate) fn uncommit_others(&mut self, chosen: u32) -> u32 {
        let mut number = 0;
        let mut pp = chosen - 1;
        while pp != chosen {
            let node = self.nd[pp as usize];
            if node.itm <= 0 {
                number = (1 - node.itm) as u32;
                pp = node.down;
                continue;
            }
            let cc = node.itm as u32;
            if cc < self.second || self.len[cc as usize] != 0 {
                if node.color == 0 {
                    self.uncover(cc);
                } else if node.color > 0 {
                    self.unpurify(pp);
                }
            }
            pp -= 1;
        }
        number
    }

    /// Imposes the colour of node `p` on its secondary item: hides every option that gives the
    /// item another colour, marks those that agree (colour -1). An item left with no other
    /// option leaves the list, its length -1 telling `unpurify` to bring it back.
    fn purify(&mut self, p: u32) {
        let cc = self.nd[p as usize].itm as usize;
        let x = self.nd[p as usize].color;
        self.item_color[cc] = x;
        let mut remaining = self.len[cc];
        self.cleansings += 1;
        let mut rr = self.nd[cc].down;
        while rr > self.last_itm {
            if self.nd[rr as usize].color != x {
                remaining -= 1;
                self.hide(rr);
            } else {
                self.cleansings += 1;
                self.nd[rr as usize].color = -1;
            }
            rr = self.nd[rr as usize].down;
        }
        if remaining > 0 {
            self.len[cc] = remaining;
        } else {
            self.len[cc] = -1;
            let (l, r) = (self.prev[cc], self.next[cc]);
            self.next[l as usize] = r;
            self.prev[r as usize] = l;
        }
    }

    /// Undoes [`Links::purify`].
    fn unpurify(&mut self, p: u32) {
        let cc = self.nd[p as usize].itm as usize;
        let x = self.nd[p as usize].color;
        self.item_color[cc] = 0;
        let mut remaining = self.len[cc];
        if remaining < 0 {
            remaining = 0;
            let (l, r) = (self.prev[cc], self.next[cc]);
            self.next[l as usize] = cc as u32;
            self.prev[r as usize] = cc as u32;
        }
        let mut rr = self.nd[cc].up;
        while rr > self.last_itm {
            if self.nd[rr as usize].color < 0 {
                self.nd[rr as usize].color = x;
            } else {
                remaining += 1;
                self.unhide(rr);
            }
            rr = self.nd[rr as usize].up;
        }
        self.len[cc] = remaining;
    }
}

/// Makes `head, range...` one circular doubly linked list.
fn link_circle(prev: &mut [u32], next: &mut [u32], head: u32, range: std::ops::Range<u32>) {
    let mut last = head;
    for k in range {
        next[last as usize] = k;
        prev[k as usize] = last;
        last = k;
    }
    next[last as usize] = head;
    prev[head as usize] = last;
}
