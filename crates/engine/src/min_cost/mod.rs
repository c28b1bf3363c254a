//! The cheapest covers: minimum-cost exact cover with colours, as Knuth's DLX5 finds them.
//!
//! Each option has a cost (`|n` in Knuth's format, [`Problem::option_cost`]), and the search
//! looks for the solutions whose options cost the least in total, or for the `k` best costs.
//! It is dancing links with three changes, each DLX5's:
//!
//! - **Taxes.** Each primary item is taxed the least cost of its options, and every option's
//!   cost becomes its *net* cost, less the taxes of its items. Every solution covers each
//!   primary item once, so every solution's net cost is its cost less the same total tax:
//!   the order of solutions by cost is unchanged, but an option of large net cost now says
//!   early that it cannot be part of a cheap solution.
//! - **Item lists sorted by net cost**, cheapest first (ties in input order). A list is then
//!   tried, covered and hidden only as far as an option can still beat the `k`-th best cost
//!   found so far (the *cutoff*): past it, every option costs too much.
//! - **The choice of item**: the item with fewest options under the cutoff (counting at most
//!   [`LOOKAHEAD`] of them, the list's length beyond), and among those the one whose cheapest
//!   option costs the most, since that cost must be paid somehow.
//!
//! The search is DLX5's node for node (its figures are checked against DLX5's on the problems
//! of `tests/data/xc/`), but written for itself: an iterative loop whose levels keep their
//! thresholds, on an arena of its own with DLX5's nodes and lists (a cost in each node, the item
//! lists sorted by it), the nodes' fields kept in columns.
//!
//! Every solution the search meets is cheaper than the cutoff of its moment, and is handed
//! to the visitor: the improving solutions DLX5 prints with `m1`, the last of them (with
//! `k = 1`) a cheapest one. Its figures are DLX5's: nodes (a solution is a node), updates (an
//! item covered, an option hidden from an item) and cleansings (a colour imposed, an option of
//! that colour then satisfied).
//!
//! For a count of the cheapest solutions ([`MinCost::counting_ties`]), the cutoff lets an
//! option through when it can *equal* the best cost, not only beat it: every solution of the
//! least cost is then met (and more, before the least is known).

mod cheapest;
mod search;
mod split;
#[cfg(test)]
mod tests;

pub use cheapest::Cheapest;

use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::outcome::Outcome;
use crate::problem::{ItemKind, OptionId, Problem};
use crate::search::{SearchLimits, Visitor};
use crate::stop_flag::StopFlag;
use crate::subtrees::Shard;

/// How many options under the cutoff the choice of item counts in a list before it takes the
/// list's length instead (DLX5's `h`, by default 10).
pub(crate) const LOOKAHEAD: u32 = 10;

// The choice of item reads the first three options of a list before it counts on.
const _: () = assert!(LOOKAHEAD >= 3);

/// The most costs `k` a search keeps (DLX5's `maxk`).
pub(crate) const MOST_BEST: usize = 15_000;

/// A cost no option reaches: the cutoff before `k` solutions are known.
const NO_CUTOFF: u64 = u64::MAX;

/// The cost of an item's header, no less than any cutoff or budget.
const HEADER_COST: u64 = u64::MAX;

/// One node of the arena: an item's header, an option's entry, or the spacer between options.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// The neighbours in the item's list (for a spacer: the first node of the option before it,
    /// and the last of the option after it).
    up: u32,
    down: u32,
    /// The item, from 1 (a header's own number); 0 or below for a spacer (minus its option's
    /// number, from 1).
    item: i32,
    /// The colour the entry gives its secondary item, from 1 (0: none); -1 once a colour
    /// imposed on the item has satisfied it (the entry is then left alone).
    colour: i32,
    /// The net cost of the entry's option.
    cost: u64,
}

/// The arena's nodes as columns, a field an array: covering writes links into nodes all
/// over the arena, and the links alone are a third of a [`Node`]'s bytes, so that far more
/// of them stay in the first-level cache. On the 6x10 pentominoes with costs (the cache of
/// this machine simulated by cachegrind, 48 KiB) that cache missed 64.7 million times with
/// DLX5's 24-byte nodes and misses 46.6 million times with the columns; the search runs in
/// about four fifths of the time.
#[derive(Clone, Debug)]
struct Columns {
    links: Vec<Link>,
    item: Vec<i32>,
    ring: Vec<Ring>,
    /// The entry before each entry in its option (the first's: the last), for uncovering an
    /// option's items right to left.
    back: Vec<u32>,
    colour: Vec<i32>,
    cost: Vec<u64>,
}

/// A node's neighbours in its item's list (for a spacer: the first node of the option before
/// it, and the last of the option after it), read and written together.
#[derive(Clone, Copy, Debug)]
struct Link {
    up: u32,
    down: u32,
}

/// An entry's item beside the next entry of its option (the last's: the first), read
/// together: a hide goes round the option by these links alone, with no test for the spacer,
/// so that its loop runs as many rounds for every entry of an option of one length.
#[derive(Clone, Copy, Debug, Default)]
struct Ring {
    item: i32,
    next: u32,
}

impl Columns {
    /// The columns of `nodes`, whose options start at node `spacer` (the first spacer, after
    /// the root and the headers, which have no ring).
    fn of(nodes: &[Node], spacer: usize) -> Columns {
        // Each option's entries lie between two spacers (an item of 0 or below).
        let (mut ring, mut back) = (vec![Ring::default(); nodes.len()], vec![0u32; nodes.len()]);
        let mut first = spacer + 1;
        for node in spacer..nodes.len() {
            let item = nodes[node].item;
            if item <= 0 {
                first = node + 1;
                continue;
            }
            let last = nodes.get(node + 1).is_none_or(|after| after.item <= 0);
            let next = if last { first } else { node + 1 };
            ring[node] = Ring {
                item,
                next: next as u32,
            };
            back[next] = node as u32;
        }
        Columns {
            links: nodes
                .iter()
                .map(|node| Link {
                    up: node.up,
                    down: node.down,
                })
                .collect(),
            item: nodes.iter().map(|node| node.item).collect(),
            ring,
            back,
            colour: nodes.iter().map(|node| node.colour).collect(),
            cost: nodes.iter().map(|node| node.cost).collect(),
        }
    }
}

/// A minimum-cost search of one problem, laid out as DLX5 lays it out.
#[derive(Clone, Debug)]
pub struct MinCost {
    nodes: Columns,
    /// The active primary items (a circular list through the root, 0), and each item's
    /// neighbours in it.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The number of options in each primary item's list.
    len: Vec<u32>,
    /// Items `1..second` are primary.
    second: u32,
    /// The taxes of all primary items, added up: a solution costs its net cost plus this.
    total_tax: u64,
    /// How many of the best costs the cutoff keeps (DLX5's `k`).
    best: usize,
    /// Whether an option may equal the cutoff (a count of the cheapest solutions).
    ties: bool,
    /// Whether some entry gives its item a colour.
    coloured: bool,
    /// Each option's cost, as the problem gives it.
    costs: Vec<u64>,
}

impl MinCost {
    /// Lays `problem` out for a search of its cheapest solution (DLX5 with `k = 1`). Refused:
    /// a problem with multiplicities, which DLX5 does not take.
    pub fn try_new(problem: &Problem) -> Result<MinCost, DlxError> {
        if problem.has_bounds() {
            return Err(DlxError::Unsupported {
                engine: "min-cost",
                what: "multiplicities (a:b|item): DLX5 takes exact cover with colours",
            });
        }
        Ok(lay_out(problem))
    }

    /// Keeps the `best` cheapest costs met instead of one (DLX5's `k`, from 1 to 15,000, its
    /// `maxk`): a solution is met when it is cheaper than the `best`-th cheapest met
    /// before it, so the last `best` met hold the `best` cheapest costs (with repeats).
    pub fn keeping(mut self, best: usize) -> Result<MinCost, DlxError> {
        if !(1..=MOST_BEST).contains(&best) {
            return Err(DlxError::Unsupported {
                engine: "min-cost",
                what: "a number of best costs outside 1 to 15000 (DLX5's bounds)",
            });
        }
        self.best = best;
        Ok(self)
    }

    /// Lets the search meet every solution of the least cost, for a count of them: an option
    /// goes on when it can equal the best cost met, not only beat it. The figures are then no
    /// longer DLX5's.
    pub fn counting_ties(mut self) -> MinCost {
        self.best = 1;
        self.ties = true;
        self
    }

    /// Searches for the cheapest solutions (with [`MinCost::keeping`], the `k` cheapest; with
    /// [`MinCost::counting_ties`], the least cost and how many solutions have it), ending early
    /// after about `max_nodes` nodes or once `stop` is raised.
    ///
    /// Without a `shard`, on one thread (or under a node budget), this is DLX5's search: its
    /// figures, and among solutions of one cost the first it meets. On more `threads`, or for
    /// a `shard` of the tree (even the one shard of one), the top of the tree is cut into
    /// subtrees searched in parallel with one cutoff that every thread tightens; the answer is
    /// then the first `k` in the order of (cost, options in increasing order), the same for
    /// every number of threads and on every machine, and a shard's answer is its own part's
    /// first `k` in that order, so that the first `k` of all shards' are the whole's. A shard
    /// under a node budget searches its subtrees on one thread, each under what is left of
    /// the budget, so that it is never passed.
    ///
    /// ```
    /// use dlx_engine::{MinCost, Problem, StopFlag};
    ///
    /// let problem = Problem::parse("A B C\nA B |3\nC |1\nA |1\nB C |2\n").unwrap();
    /// let mut engine = MinCost::try_new(&problem).unwrap().keeping(2).unwrap();
    /// for threads in [1, 2] {
    ///     let found = engine.cheapest(threads, None, None, &StopFlag::never());
    ///     let costs: Vec<u64> = found.solutions.iter().map(|(cost, _)| *cost).collect();
    ///     assert_eq!(costs, [3, 4]);
    /// }
    /// ```
    pub fn cheapest(
        &mut self,
        threads: usize,
        shard: Option<Shard>,
        max_nodes: Option<u64>,
        stop: &StopFlag,
    ) -> Cheapest {
        split::cheapest(self, threads, shard, max_nodes, stop)
    }

    /// The taxes of all primary items, added up: what a solution's net cost lacks of its cost.
    pub fn total_tax(&self) -> u64 {
        self.total_tax
    }
}

/// The arena of `problem`: headers, options with their net costs, item lists sorted by net
/// cost.
fn lay_out(problem: &Problem) -> MinCost {
    let items = problem.item_count();
    let second = problem
        .items()
        .filter(|&item| problem.item_kind(item) == ItemKind::Primary)
        .count();
    // Items numbered from 1, the primary ones first (a builder may declare them in any order).
    let mut number = vec![0u32; items];
    let (mut primary, mut secondary) = (1u32, second as u32 + 1);
    for item in problem.items() {
        let at = match problem.item_kind(item) {
            ItemKind::Primary => &mut primary,
            ItemKind::Secondary => &mut secondary,
        };
        number[item.index()] = *at;
        *at += 1;
    }
    let mut net: Vec<u64> = problem.options().map(|o| problem.option_cost(o)).collect();
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
    for option in problem.options() {
        for item in problem.option_items(option) {
            lists[number[item.index()] as usize].push(option.0);
        }
    }
    let mut total_tax = 0u64;
    for list in &lists[1..=second] {
        // An item of no option is never covered: the search's first node finds it.
        let Some(tax) = list.iter().map(|&o| net[o as usize]).min() else {
            continue;
        };
        if tax > 0 {
            total_tax += tax;
            for &option in list {
                net[option as usize] -= tax;
            }
        }
    }
    // Nodes: the root and the headers, then a spacer, each option's entries and a spacer.
    let mut nodes = vec![Node::default(); items + 1];
    nodes.reserve(problem.entry_count() + problem.option_count() + 1);
    nodes.push(Node::default());
    let mut start_of = Vec::with_capacity(problem.option_count());
    for option in problem.options() {
        let first = nodes.len() as u32;
        start_of.push(first);
        let cost = net[option.index()];
        for (item, colour) in problem
            .option_items(option)
            .iter()
            .zip(problem.option_colours(option))
        {
            nodes.push(Node {
                up: 0,
                down: 0,
                item: number[item.index()] as i32,
                colour: colour.map_or(0, |c| c.0 as i32 + 1),
                cost,
            });
        }
        let last = nodes.len() as u32 - 1;
        let spacer_before = first as usize - 1;
        nodes[spacer_before].down = last;
        nodes.push(Node {
            up: first,
            down: 0,
            item: -(option.0 as i32 + 1),
            colour: 0,
            cost: 0,
        });
    }
    // Each item's nodes, in input order, sorted stably by net cost and linked.
    let mut entries_of: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
    for (option, &first) in problem.options().zip(&start_of) {
        for (k, item) in problem.option_items(option).iter().enumerate() {
            entries_of[number[item.index()] as usize].push(first + k as u32);
        }
    }
    let mut len = vec![0u32; items + 1];
    for (item, list) in entries_of.iter_mut().enumerate().skip(1) {
        list.sort_by_key(|&node| nodes[node as usize].cost);
        len[item] = list.len() as u32;
        let mut above = item as u32;
        for &node in list.iter() {
            nodes[above as usize].down = node;
            nodes[node as usize].up = above;
            above = node;
        }
        nodes[above as usize].down = item as u32;
        nodes[item].up = above;
        nodes[item].item = item as i32;
        // A header costs more than any threshold or budget (an option's net cost is at most
        // `Problem::MAX_TOTAL_COST`): a walk down a sorted list ends at the first option too
        // dear or at the header, by one test.
        nodes[item].cost = HEADER_COST;
    }
    // The active list: the root, then the primary items.
    let count = second + 1;
    let prev = (0..count)
        .map(|k| ((k + count - 1) % count) as u32)
        .collect();
    let next = (0..count).map(|k| ((k + 1) % count) as u32).collect();
    MinCost {
        nodes: Columns::of(&nodes, items + 1),
        prev,
        next,
        len,
        second: second as u32 + 1,
        total_tax,
        best: 1,
        ties: false,
        coloured: problem.has_colours(),
        costs: problem.options().map(|o| problem.option_cost(o)).collect(),
    }
}

impl Engine for MinCost {
    /// Dancing links: DLX5 is DLX2 with costs, and its figures are theirs.
    fn kind(&self) -> EngineKind {
        EngineKind::Links
    }

    /// Runs the search, handing each solution met to `visitor` (its options, level by level):
    /// every one cheaper than the cutoff of its moment (with [`MinCost::counting_ties`], as
    /// cheap), so that the last met hold the best costs. A node is DLX5's.
    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        search::run(self, limits, visitor)
    }
}

/// The option of a node of the arena, given the arena's items: the one its spacer ends.
fn option_of(items: &[i32], mut node: u32) -> OptionId {
    while items[node as usize] > 0 {
        node += 1;
    }
    OptionId((-items[node as usize] - 1) as u32)
}
