//! What a minimum-cost search keeps of the solutions it meets: the `k` cheapest, or the least
//! cost and how many solutions have it, and the answer it gives ([`Cheapest`]).

use crate::outcome::{SearchStats, Stop};
use crate::problem::OptionId;
use std::collections::BTreeSet;

/// The answer of a minimum-cost search ([`MinCost::cheapest`](super::MinCost::cheapest)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cheapest {
    /// The solutions kept, in increasing cost: each with its cost (its options' costs added
    /// up) and its options. On one thread, DLX5's: the `k` last met, of a cost in the order
    /// met, each with its options level by level. Split over threads or shards: the `k` first
    /// in the order of (cost, options in increasing order), each with its options in that
    /// order, the same whatever the number of threads.
    pub solutions: Vec<(u64, Vec<OptionId>)>,
    /// Counting ties: the least cost and how many solutions have it (`None`: no solution).
    pub least: Option<(u64, u64)>,
    /// The figures of the search: on one thread, DLX5's; split, those of every part added up,
    /// which depend on how fast each thread found its bounds.
    pub stats: SearchStats,
    /// How the search ended: anything but [`Stop::Exhausted`] leaves the answer unproven.
    pub stop: Stop,
}

impl Cheapest {
    /// The least cost found, if any solution was.
    pub fn least_cost(&self) -> Option<u64> {
        match self.least {
            Some((least, _)) => Some(least),
            None => self.solutions.first().map(|(cost, _)| *cost),
        }
    }
}

/// Counting ties: the least cost met and how many solutions had it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ties(pub(super) Option<(u64, u64)>);

impl Ties {
    pub(super) fn met(&mut self, cost: u64) {
        self.0 = match self.0 {
            Some((least, count)) if least == cost => Some((least, count + 1)),
            Some((least, count)) if least < cost => Some((least, count)),
            _ => Some((cost, 1)),
        };
    }

    /// Both parts' counts, for the least of their costs.
    pub(super) fn merge(self, other: Ties) -> Ties {
        Ties(match (self.0, other.0) {
            (Some((a, m)), Some((b, n))) if a == b => Some((a, m + n)),
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        })
    }
}

/// DLX5's keeping of the `keep` best on one thread: a solution is met only when it beats the
/// `keep`-th cheapest met before it, so the last `keep` met are the cheapest.
#[derive(Clone, Debug)]
pub(super) struct LastMet {
    keep: usize,
    kept: Vec<(u64, Vec<OptionId>)>,
}

impl LastMet {
    pub(super) fn new(keep: usize) -> LastMet {
        LastMet {
            keep,
            kept: Vec::with_capacity(keep.min(1024) + 1),
        }
    }

    pub(super) fn met(&mut self, cost: u64, options: &[OptionId]) {
        self.kept.push((cost, options.to_vec()));
        if self.kept.len() > self.keep {
            // The dearest goes, the latest met of its cost: the search met it under a cutoff it
            // could not beat, so it is one of the dearest kept.
            let worst = (0..self.kept.len())
                .rev()
                .max_by_key(|&k| self.kept[k].0)
                .unwrap_or(0);
            self.kept.remove(worst);
        }
    }

    /// The solutions kept in increasing cost, those of a cost in the order met.
    pub(super) fn into_sorted(self) -> Vec<(u64, Vec<OptionId>)> {
        let mut kept = self.kept;
        kept.sort_by_key(|(cost, _)| *cost);
        kept
    }
}

/// The `keep` first solutions in the order of (cost, options in increasing order): an order
/// that does not depend on the search's, so that threads meeting solutions in any order, and
/// shards merged, give one answer.
#[derive(Clone, Debug)]
pub(super) struct FirstInOrder {
    keep: usize,
    kept: BTreeSet<(u64, Vec<OptionId>)>,
}

impl FirstInOrder {
    pub(super) fn new(keep: usize) -> FirstInOrder {
        FirstInOrder {
            keep,
            kept: BTreeSet::new(),
        }
    }

    pub(super) fn met(&mut self, cost: u64, options: &[OptionId]) {
        if self.kept.len() == self.keep && self.kept.last().is_some_and(|(worst, _)| *worst < cost)
        {
            return;
        }
        let mut sorted = options.to_vec();
        sorted.sort_unstable();
        self.kept.insert((cost, sorted));
        if self.kept.len() > self.keep {
            self.kept.pop_last();
        }
    }

    /// The first `keep` of both.
    pub(super) fn merge(mut self, other: FirstInOrder) -> FirstInOrder {
        let (mut big, small) = match self.kept.len() >= other.kept.len() {
            true => (std::mem::take(&mut self.kept), other.kept),
            false => (other.kept, std::mem::take(&mut self.kept)),
        };
        for solution in small {
            big.insert(solution);
            if big.len() > self.keep {
                big.pop_last();
            }
        }
        FirstInOrder {
            keep: self.keep,
            kept: big,
        }
    }

    pub(super) fn into_sorted(self) -> Vec<(u64, Vec<OptionId>)> {
        self.kept.into_iter().collect()
    }
}
