//! The size of a search tree before searching it: Knuth's Monte Carlo estimate (TAOCP 7.2.2,
//! "estimating the running time", after Hall and Knuth, and Knuth 1975).
//!
//! A probe walks from the root to a leaf as the search would, choosing at each node the item
//! the search's choice rule chooses and one of its `d` options uniformly at random. If the
//! degrees along the path are `d1, d2, ..., dL`, the tree has `1 + d1 + d1 d2 + ... + d1 ... dL`
//! nodes as far as this probe can tell, and `d1 ... dL` solutions if the leaf is a solution
//! (none if it is a dead end). Each probe's figure is an unbiased estimate: its expected value
//! over the random choices is the tree's exact figure. Updates are estimated the same way, each
//! node counting the updates of covering its item plus `d` times those of the option chosen.
//!
//! The mean of many probes converges slowly on trees whose subtrees differ wildly in size, so
//! the estimate comes with its spread: the standard error of the mean, and the least and
//! greatest single probes. Memory stays the same however many probes are made: only running
//! sums are kept (Welford's method).
//!
//! Problems with colours are estimated too (each option of the chosen item is a branch, as in
//! plain exact cover). Problems with multiplicities are not: their branches tweak options one
//! after another and end with a null move, so a branch cannot be reached on its own without
//! replaying the ones before it.

use super::arena::{Dlx, Mode};
use crate::choice_rule::ChoiceRule;
use crate::error::DlxError;
use crate::node::{Link, COVERED};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The running mean and spread of one figure over the probes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    count: u64,
    mean: f64,
    /// The sum of squared differences from the mean (Welford).
    squares: f64,
    least: f64,
    most: f64,
}

impl Spread {
    /// Adds one probe's figure.
    fn add(&mut self, value: f64) {
        self.count += 1;
        let delta = value - self.mean;
        self.mean += delta / self.count as f64;
        self.squares += delta * (value - self.mean);
        if self.count == 1 {
            (self.least, self.most) = (value, value);
        } else {
            self.least = self.least.min(value);
            self.most = self.most.max(value);
        }
    }

    /// The estimate: the mean over the probes (0 before any).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The standard error of the mean: the probes' standard deviation over the square root of
    /// their number (0 with fewer than two probes).
    pub fn standard_error(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        (self.squares / (n - 1.0)).max(0.0).sqrt() / n.sqrt()
    }

    /// The least single probe's figure.
    pub fn least(&self) -> f64 {
        self.least
    }

    /// The greatest single probe's figure.
    pub fn most(&self) -> f64 {
        self.most
    }
}

/// What the probes estimate: the search's figures (as [`crate::SearchStats`] counts them) and
/// the depth of the probes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The probes made: fewer than asked when stopped.
    pub probes: u64,
    /// Whether `stop_requested` ended the probes early.
    pub stopped: bool,
    /// Search-tree nodes, solutions included.
    pub nodes: Spread,
    /// Solutions.
    pub solutions: Spread,
    /// Updates (DLX1's, or DLX2's on problems with colours).
    pub updates: Spread,
    /// Cleansings (problems with colours; 0 otherwise).
    pub cleansings: Spread,
    /// Levels from the root to the probe's leaf.
    pub depth: Spread,
}

/// A probe's figures, as they add up along its path.
#[derive(Default)]
struct Probe {
    nodes: f64,
    solutions: f64,
    updates: f64,
    cleansings: f64,
    depth: u64,
}

/// A probe on its way down.
struct Walk<'a> {
    /// The source of the random draws.
    random: &'a mut Pcg64Mcg,
    /// The node of each option taken, from the root down.
    path: &'a mut Vec<u32>,
    /// Its figures so far.
    probe: Probe,
    /// The nodes the current depth stands for: the product of the degrees on the path.
    breadth: f64,
    /// Whether every option drawn so far was its item's first: the nodes of that path are the
    /// ones the search numbers as it reaches them, which some choice rules look at.
    first_options: bool,
}

/// Knuth's estimate of one arena's search tree under one rule, as [`Dlx::estimate`] makes it:
/// random probes from the root down, each undone before the next.
pub(super) struct Estimator<'a, L: Link> {
    dlx: &'a mut Dlx<L>,
    rule: ChoiceRule,
}

impl<'a, L: Link> Estimator<'a, L> {
    /// The estimate of `dlx`'s tree (not spent) under `rule`.
    pub(super) fn new(dlx: &'a mut Dlx<L>, rule: ChoiceRule) -> Self {
        Estimator { dlx, rule }
    }

    /// [`Dlx::estimate`]: `probes` probes seeded by `seed`, asking `stop_requested` at every
    /// level of every probe.
    pub(super) fn run(
        &mut self,
        probes: u64,
        seed: u64,
        stop_requested: &dyn Fn() -> bool,
    ) -> Result<Estimate, DlxError> {
        self.dlx.assert_not_spent();
        if self.dlx.mode == Mode::Bounded {
            return Err(DlxError::EstimateWithBounds);
        }
        let mut random = Pcg64Mcg::seed_from_u64(seed);
        let mut estimate = Estimate::default();
        // The path of one probe, reused: at most one entry per primary item.
        let mut path: Vec<u32> = Vec::new();
        let hints = (self.dlx.short_item, self.dlx.empty_item);
        while estimate.probes < probes {
            let probe = self.probe(&mut random, &mut path, stop_requested);
            (self.dlx.short_item, self.dlx.empty_item) = hints;
            let Some(probe) = probe else {
                estimate.stopped = true;
                break;
            };
            estimate.probes += 1;
            estimate.nodes.add(probe.nodes);
            estimate.solutions.add(probe.solutions);
            estimate.updates.add(probe.updates);
            estimate.cleansings.add(probe.cleansings);
            estimate.depth.add(probe.depth as f64);
        }
        Ok(estimate)
    }

    /// One probe from the root to a leaf, or `None` when stopped. Each level chooses an item
    /// and draws one of its options as the search would ([`Estimator::descend_plain`] on plain exact
    /// cover, [`Estimator::descend_coloured`] with colours); all is undone before returning.
    fn probe(
        &mut self,
        random: &mut Pcg64Mcg,
        path: &mut Vec<u32>,
        stop_requested: &dyn Fn() -> bool,
    ) -> Option<Probe> {
        path.clear();
        let mut walk = Walk {
            random,
            path,
            probe: Probe::default(),
            breadth: 1.0,
            first_options: true,
        };
        let stopped = loop {
            if stop_requested() {
                break true;
            }
            walk.probe.nodes += walk.breadth;
            let descended = match self.dlx.mode {
                Mode::Plain => self.descend_plain(&mut walk),
                _ => self.descend_coloured(&mut walk),
            };
            if !descended {
                break false;
            }
        };
        walk.probe.depth = walk.path.len() as u64;
        for &node in walk.path.iter().rev() {
            let item = self.dlx.node(node).top.get();
            match self.dlx.mode {
                Mode::Plain => {
                    self.dlx.uncover_others::<false, false>(node);
                    self.dlx.uncover::<false, false>(item);
                }
                _ => {
                    self.dlx.uncover_others_mcc(node);
                    self.dlx.uncover_mcc(item, true);
                    self.dlx.mcc.bound[item as usize] += 1;
                }
            }
        }
        (!stopped).then_some(walk.probe)
    }

    /// One level of Algorithm X's tree: covers the item chosen as the search does (X4), then
    /// the option drawn (X5), and says whether the probe went down; not at a leaf, a solution
    /// (nothing left to cover: at the root, the empty set of options, a tree of one node) or a
    /// dead end.
    fn descend_plain(&mut self, walk: &mut Walk) -> bool {
        if self.dlx.uncovered == 0 {
            walk.probe.solutions = walk.breadth;
            return false;
        }
        let node_number = if walk.first_options {
            walk.path.len() as u64 + 1
        } else {
            u64::MAX
        };
        let item = self.dlx.choose_item::<false>(self.rule, node_number);
        let mut cover_updates = 0;
        self.dlx
            .cover::<true, false, false>(item, &mut cover_updates);
        let d = self.dlx.len[item as usize] & !COVERED;
        if d == 0 {
            // A dead end: the search covers the item, finds no option and backs up.
            walk.probe.updates += walk.breadth * cover_updates as f64;
            self.dlx.uncover::<false, false>(item);
            return false;
        }
        let (drawn, node) = self.draw_option(item, d, walk.random);
        walk.first_options &= drawn == 0;
        let mut option_updates = 0;
        self.dlx
            .cover_others::<true, false, false>(node, &mut option_updates);
        walk.path.push(node);
        walk.probe.updates +=
            walk.breadth * (cover_updates as f64 + f64::from(d) * option_updates as f64);
        walk.breadth *= f64::from(d);
        true
    }

    /// One level of Algorithm M's tree on a problem with colours and no bounds, where every
    /// primary item is covered once: choosing an item covers it, and each of its options is a
    /// branch, as in Algorithm X. Says whether the probe went down; not at a solution or a
    /// dead end.
    fn descend_coloured(&mut self, walk: &mut Walk) -> bool {
        let Some((item, score)) = self.dlx.choose_scored(self.rule) else {
            // Every primary item is covered: a solution.
            walk.probe.solutions = walk.breadth;
            return false;
        };
        if score <= 0 {
            // A dead end, where DLX2 covers the item before backing up: one update.
            walk.probe.updates += walk.breadth;
            return false;
        }
        let mut cover = super::arena::Counts::default();
        self.dlx.mcc.bound[item as usize] -= 1;
        self.dlx.cover_mcc(item, true, &mut cover);
        let d = self.dlx.len[item as usize];
        let (_, node) = self.draw_option(item, d, walk.random);
        let mut option = super::arena::Counts::default();
        self.dlx.cover_others_mcc(node, &mut option);
        walk.path.push(node);
        let d = f64::from(d);
        walk.probe.updates += walk.breadth * (cover.updates as f64 + d * option.updates as f64);
        walk.probe.cleansings +=
            walk.breadth * (cover.cleansings as f64 + d * option.cleansings as f64);
        walk.breadth *= d;
        true
    }

    /// One of the `d > 0` options of `item`, drawn uniformly at random: its place among them
    /// and its node in the item's list.
    fn draw_option(&self, item: u32, d: u32, random: &mut Pcg64Mcg) -> (u32, u32) {
        let drawn = below(random, d);
        let mut node = self.dlx.node(item).down.get();
        for _ in 0..drawn {
            node = self.dlx.node(node).down.get();
        }
        (drawn, node)
    }
}

/// A number in `0..n` (`n > 0`), by Lemire's multiply-shift.
fn below(random: &mut Pcg64Mcg, n: u32) -> u32 {
    ((u64::from(random.next_u32()) * u64::from(n)) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::Problem;
    use crate::SearchStats;

    fn never() -> bool {
        false
    }

    /// The tree of `items` items, each with `width` options of its own (a secondary item each,
    /// so that no two options are alike): every node at depth `l` has `width` children, every
    /// leaf is a solution, and every probe walks a path like every other.
    fn uniform(items: usize, width: usize) -> Problem {
        let primary: Vec<String> = (0..items).map(|i| format!("i{i}")).collect();
        let secondary: Vec<String> = (0..items * width).map(|s| format!("s{s}")).collect();
        let mut text = format!("{} | {}\n", primary.join(" "), secondary.join(" "));
        for i in 0..items {
            for w in 0..width {
                text.push_str(&format!("i{i} s{}\n", i * width + w));
            }
        }
        Problem::parse(&text).unwrap()
    }

    #[test]
    fn on_a_uniform_tree_every_probe_gives_the_exact_figures() {
        for (items, width) in [(1, 1), (3, 2), (4, 3), (6, 5)] {
            let problem = uniform(items, width);
            let mut dlx = Dlx::new(&problem);
            let exact = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats;
            let estimate = dlx.estimate(ChoiceRule::Mrv, 50, 7, &never).unwrap();
            assert_eq!(estimate.probes, 50);
            for (spread, figure) in [
                (estimate.nodes, exact.nodes),
                (estimate.solutions, exact.solutions),
                (estimate.updates, exact.updates),
            ] {
                assert_eq!(
                    (spread.least(), spread.most()),
                    (figure as f64, figure as f64)
                );
                assert_eq!(spread.mean(), figure as f64);
                assert_eq!(spread.standard_error(), 0.0);
            }
            assert_eq!(estimate.depth.mean(), items as f64);
        }
    }

    #[test]
    fn a_problem_with_nothing_to_cover_is_one_solution_node() {
        let mut b = crate::ProblemBuilder::new();
        b.secondary("x").unwrap();
        let estimate = Dlx::new(&b.build())
            .estimate(ChoiceRule::Mrv, 3, 0, &never)
            .unwrap();
        assert_eq!(
            (estimate.nodes.mean(), estimate.solutions.mean()),
            (1.0, 1.0)
        );
    }

    /// The search's figures on `problem` under [`ChoiceRule::Mrv`], and the estimate of 40,000
    /// probes seeded by `seed`; checks that the probes leave the arena as found (the search
    /// walks the same tree again).
    fn searched_and_estimated(problem: &Problem, seed: u64) -> (SearchStats, Estimate) {
        let mut dlx = Dlx::new(problem);
        let exact = dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats;
        let estimate = dlx.estimate(ChoiceRule::Mrv, 40_000, seed, &never).unwrap();
        assert_eq!(
            dlx.set_rule(ChoiceRule::Mrv).count_solutions(None).stats,
            exact
        );
        (exact, estimate)
    }

    /// Checks that the estimate `spread` of the figure `what` lies within five standard errors
    /// of its exact value `figure`; gives the distance.
    fn assert_within_five_standard_errors(what: &str, spread: Spread, figure: u64) -> f64 {
        let error = (spread.mean() - figure as f64).abs();
        assert!(
            error <= 5.0 * spread.standard_error() + 1e-9,
            "{what}: {} against {figure} (standard error {})",
            spread.mean(),
            spread.standard_error()
        );
        error
    }

    /// The mean of many probes lands near the search's figures: each probe is unbiased.
    #[test]
    fn the_mean_of_many_probes_is_near_the_searchs_figures() {
        for problem in [
            Problem::toy(),
            Problem::queens(6),
            Problem::langford(5),
            Problem::pentominoes(3, 10),
        ] {
            let (exact, estimate) = searched_and_estimated(&problem, 1);
            for (what, spread, figure) in [
                ("nodes", estimate.nodes, exact.nodes),
                ("solutions", estimate.solutions, exact.solutions),
                ("updates", estimate.updates, exact.updates),
            ] {
                let error = assert_within_five_standard_errors(what, spread, figure);
                assert!(error <= 0.1 * figure as f64, "{what}: {error} off {figure}");
            }
        }
    }

    #[test]
    fn problems_with_colours_are_estimated_and_bounds_refused() {
        for seed in 1..=3 {
            let (exact, estimate) =
                searched_and_estimated(&Problem::random_xcc(seed, 10, 4, 40), 2);
            for (what, spread, figure) in [
                ("nodes", estimate.nodes, exact.nodes),
                ("solutions", estimate.solutions, exact.solutions),
                ("updates", estimate.updates, exact.updates),
                ("cleansings", estimate.cleansings, exact.cleansings),
            ] {
                assert_within_five_standard_errors(&format!("seed {seed}, {what}"), spread, figure);
            }
        }
        let mut dlx = Dlx::new(&Problem::random_mcc(1, 6, 3, 20));
        assert_eq!(
            dlx.estimate(ChoiceRule::Mrv, 10, 0, &never),
            Err(DlxError::EstimateWithBounds)
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_estimate_and_a_stop_ends_it() {
        let problem = Problem::queens(8);
        let mut dlx = Dlx::new(&problem);
        let first = dlx.estimate(ChoiceRule::Mrv, 500, 9, &never).unwrap();
        assert_eq!(
            dlx.estimate(ChoiceRule::Mrv, 500, 9, &never).unwrap(),
            first
        );
        assert_ne!(
            dlx.estimate(ChoiceRule::Mrv, 500, 10, &never).unwrap(),
            first
        );
        let asked = std::cell::Cell::new(0);
        let stop_soon = || {
            asked.set(asked.get() + 1);
            asked.get() > 30
        };
        let stopped = dlx.estimate(ChoiceRule::Mrv, 500, 9, &stop_soon).unwrap();
        assert!(stopped.stopped && stopped.probes < 30);
        let fresh = Dlx::new(&problem);
        assert_eq!((&dlx.nodes, &dlx.len), (&fresh.nodes, &fresh.len));
    }

    #[test]
    fn the_other_rules_are_estimated_closely() {
        let problem = Problem::queens(8);
        for rule in [
            ChoiceRule::MrvStopAtOne,
            ChoiceRule::MrvThenReach { from_node: 64 },
        ] {
            let mut dlx = Dlx::new(&problem);
            let exact = dlx.set_rule(rule).count_solutions(None).stats;
            let estimate = dlx.estimate(rule, 20_000, 3, &never).unwrap();
            let ratio = estimate.nodes.mean() / exact.nodes as f64;
            assert!((0.8..1.25).contains(&ratio), "{rule:?}: {ratio}");
            // Every solution is found whatever the rule: the solutions' estimate is unbiased.
            let error = (estimate.solutions.mean() - exact.solutions as f64).abs();
            assert!(
                error <= 5.0 * estimate.solutions.standard_error(),
                "{rule:?}"
            );
        }
    }
}
