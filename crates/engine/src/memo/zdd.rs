//! The ZDD of all solutions, as DLX6 builds it: each node names an option and has two
//! branches, `lo` (the solutions without it, from the other options tried at the same level)
//! and `hi` (those with it: the rest of each such solution). Node 0 is the empty family, node
//! 1 the family of the empty solution. Counted once, it gives the number of solutions, the
//! k-th solution and uniformly random ones without enumerating any.

use crate::problem::OptionId;
use rand_core::Rng;
use std::io::{self, Write};

/// One node of the diagram: an option (numbered from 1 in the problem's order, DLX6's numbers)
/// and the nodes of the solutions without it (`lo`) and with it (`hi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ZddNode {
    pub(crate) option: u32,
    pub(crate) lo: u32,
    pub(crate) hi: u32,
}

/// The zero-suppressed decision diagram of every solution of a problem: made by
/// [`Memo::zdd`](crate::Memo::zdd), read by [`Zdd::count`], [`Zdd::nth`] and
/// [`Zdd::random_solution`], written for Knuth's `zddread` by [`Zdd::write_knuth`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zdd {
    /// Nodes 2, 3, ... in the order they were made (each after its branches).
    nodes: Vec<ZddNode>,
    /// The node of all solutions (0: none; 1: only the empty one).
    root: u32,
    /// The number of solutions below each node, nodes 0 and 1 included.
    counts: Vec<u128>,
}

impl Zdd {
    /// A diagram of `nodes` (numbered from 2) whose solutions are those of `root`; `None` when
    /// a count passes `u128`.
    pub(crate) fn new(nodes: Vec<ZddNode>, root: u32) -> Option<Zdd> {
        let mut counts = Vec::with_capacity(nodes.len() + 2);
        counts.extend([0u128, 1]);
        for node in &nodes {
            let sum = counts[node.lo as usize].checked_add(counts[node.hi as usize])?;
            counts.push(sum);
        }
        Some(Zdd {
            nodes,
            root,
            counts,
        })
    }

    /// The number of solutions.
    pub fn count(&self) -> u128 {
        self.counts[self.root as usize]
    }

    /// The number of nodes, the two sinks not included (DLX6 reports this plus 2).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The `k`-th solution (from 0) in the diagram's order, which is the order a search
    /// choosing items as DLX6 does finds them; `None` when `k` is not below [`Zdd::count`].
    pub fn nth(&self, mut k: u128) -> Option<Vec<OptionId>> {
        if k >= self.count() {
            return None;
        }
        let mut solution = Vec::new();
        let mut at = self.root;
        while at > 1 {
            let node = self.nodes[at as usize - 2];
            let without = self.counts[node.lo as usize];
            if k < without {
                at = node.lo;
            } else {
                k -= without;
                solution.push(OptionId(node.option - 1));
                at = node.hi;
            }
        }
        Some(solution)
    }

    /// A solution drawn uniformly at random (each one equally likely), or `None` when there
    /// is none.
    pub fn random_solution<R: Rng + ?Sized>(&self, random: &mut R) -> Option<Vec<OptionId>> {
        let count = self.count();
        (count > 0)
            .then(|| uniform_below(random, count))
            .and_then(|k| self.nth(k))
    }

    /// Writes the diagram as DLX6 does, for Knuth's `zddread`: a line `id: (~option?lo:hi)`
    /// per node (ids in hexadecimal, the option in decimal), then a dummy root of option 0
    /// whose `hi` branch is the root of the solutions.
    pub fn write_knuth<W: Write>(&self, out: &mut W) -> io::Result<()> {
        for (at, node) in self.nodes.iter().enumerate() {
            writeln!(
                out,
                "{:x}: (~{}?{:x}:{:x})",
                at + 2,
                node.option,
                node.lo,
                node.hi
            )?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }
}

/// A number drawn uniformly from `0..n` (`n > 0`): the least power-of-two mask above `n - 1`,
/// drawing again past `n`.
fn uniform_below<R: Rng + ?Sized>(random: &mut R, n: u128) -> u128 {
    if n == 1 {
        return 0;
    }
    let mask = u128::MAX >> (n - 1).leading_zeros();
    loop {
        let draw = ((u128::from(random.next_u64()) << 64) | u128::from(random.next_u64())) & mask;
        if draw < n {
            return draw;
        }
    }
}
