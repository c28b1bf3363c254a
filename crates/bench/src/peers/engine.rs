//! The exact-cover crates `dlx` 0.8, `exact-covers` 0.3 and `dancing-links` 0.3 on our
//! engine's problems. Each takes the very items and options of our [`Problem`] (primary items
//! first, secondary ones after), counts every solution, and in the checking run validates each
//! one as an exact cover of the problem.
//!
//! All three express secondary items, so all three run every problem here. `exact-covers`'
//! dancing-cells solver (`DcSolver`) is `todo!()` in 0.3 (a panic), so its `DlSolver` runs;
//! it consumes itself when solving, so its matrix is built in each timed run (not measured
//! apart; small beside searches of 0.3 to 150 ms), as is `dancing-links`' (it builds its grid
//! when its solver starts, asking its `satisfies` of every option and item). The `dlx` crate's matrix
//! is built once and searched again, as ours is.

use dlx_engine::{ItemKind, Problem};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// A peer exact-cover crate, by the name the bench gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    DlxCrate,
    ExactCovers,
    DancingLinks,
}

impl Peer {
    pub const ALL: [Peer; 3] = [Peer::DlxCrate, Peer::ExactCovers, Peer::DancingLinks];

    pub fn name(self) -> &'static str {
        match self {
            Peer::DlxCrate => "dlx-crate",
            Peer::ExactCovers => "exact-covers",
            Peer::DancingLinks => "dancing-links",
        }
    }
}

/// A problem as plain numbers: items `0..primary` are primary, `primary..items` secondary.
pub struct Plain {
    primary: usize,
    items: usize,
    /// Each option's items, sorted.
    options: Vec<Vec<usize>>,
}

impl Plain {
    pub fn new(problem: &Problem) -> Plain {
        // Our item ids, renumbered primary first, each kind in declaration order.
        let mut number = vec![0; problem.item_count()];
        let primary: Vec<_> = problem
            .items()
            .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
            .collect();
        let secondary = problem
            .items()
            .filter(|&i| problem.item_kind(i) == ItemKind::Secondary);
        for (k, item) in primary.iter().copied().chain(secondary).enumerate() {
            number[item.index()] = k;
        }
        let options = problem
            .options()
            .map(|o| {
                let mut items: Vec<usize> = problem
                    .option_items(o)
                    .iter()
                    .map(|i| number[i.index()])
                    .collect();
                items.sort_unstable();
                items
            })
            .collect();
        Plain {
            primary: primary.len(),
            items: problem.item_count(),
            options,
        }
    }

    /// Whether the options form an exact cover: every primary item once, every secondary item
    /// at most once.
    pub fn is_exact_cover(&self, chosen: impl IntoIterator<Item = usize>) -> bool {
        let mut covered = vec![0u32; self.items];
        for option in chosen {
            for &item in &self.options[option] {
                covered[item] += 1;
            }
        }
        covered[..self.primary].iter().all(|&n| n == 1)
            && covered[self.primary..].iter().all(|&n| n <= 1)
    }
}

/// A peer made ready to search one problem.
pub enum Prepared<'p> {
    DlxCrate(&'p Plain, dlx_crate::x::Problem),
    ExactCovers(&'p Plain, Vec<usize>),
    DancingLinks(PlainCover<'p>),
}

impl<'p> Prepared<'p> {
    pub fn new(peer: Peer, plain: &'p Plain) -> Prepared<'p> {
        match peer {
            Peer::DlxCrate => {
                let options: Vec<Vec<dlx_crate::Uint>> = plain
                    .options
                    .iter()
                    .map(|o| o.iter().map(|&i| i as dlx_crate::Uint).collect())
                    .collect();
                let problem = dlx_crate::x::make_problem(
                    plain.primary as dlx_crate::Uint,
                    (plain.items - plain.primary) as dlx_crate::Uint,
                    &options,
                    dlx_crate::OptOrder::Seq,
                );
                Prepared::DlxCrate(plain, problem)
            }
            Peer::ExactCovers => Prepared::ExactCovers(plain, (0..plain.items).collect()),
            Peer::DancingLinks => Prepared::DancingLinks(PlainCover {
                plain,
                options: (0..plain.options.len()).collect(),
                items: (0..plain.items).collect(),
            }),
        }
    }

    /// Every solution, counted; with `validate`, each checked as an exact cover (a wrong one
    /// panics).
    pub fn count(&mut self, validate: bool) -> u64 {
        let mut solutions = 0;
        match self {
            Prepared::DlxCrate(plain, problem) => {
                use dlx_crate::choose::{mrv_chooser, no_tiebreak, prefer_any};
                let mut solver = dlx_crate::Solver::new(problem);
                let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
                while solver.next_solution(&mut chooser) {
                    solutions += 1;
                    if validate {
                        // The crate numbers options from 0 in the order given.
                        let chosen = solver.fmt_solution().iter().map(|&o| o as usize);
                        assert!(plain.is_exact_cover(chosen), "dlx-crate: a wrong cover");
                    }
                }
            }
            Prepared::ExactCovers(plain, labels) => {
                use exact_covers::Solver as _;
                let (primary, secondary) = labels.split_at(plain.primary);
                let mut solver: exact_covers::DlSolver<usize, ()> =
                    exact_covers::DlSolver::new(primary, secondary);
                for option in &plain.options {
                    let (p, s) = option.split_at(option.partition_point(|&i| i < plain.primary));
                    let s: Vec<(usize, Option<()>)> = s.iter().map(|&i| (i, None)).collect();
                    solver.add_option(p, s);
                }
                // Each option by its items, to name the options of a solution.
                let numbers: HashMap<&[usize], usize> = match validate {
                    true => (plain.options.iter().enumerate())
                        .map(|(k, o)| (o.as_slice(), k))
                        .collect(),
                    false => HashMap::new(),
                };
                let mut items = Vec::new();
                solver.solve(|mut solution| {
                    solutions += 1;
                    if validate {
                        let mut chosen = Vec::new();
                        while solution.next(&mut items) {
                            let mut option: Vec<usize> = items.iter().map(|&(&i, _)| i).collect();
                            option.sort_unstable();
                            let number = numbers.get(option.as_slice());
                            chosen.push(*number.expect("a solution's option is the problem's"));
                        }
                        assert!(plain.is_exact_cover(chosen), "exact-covers: a wrong cover");
                    }
                    ControlFlow::Continue(())
                });
            }
            Prepared::DancingLinks(cover) => {
                use dancing_links::ExactCover;
                for solution in cover.solver() {
                    solutions += 1;
                    if validate {
                        let chosen = solution.into_iter().copied();
                        assert!(
                            cover.plain.is_exact_cover(chosen),
                            "dancing-links: a wrong cover"
                        );
                    }
                }
            }
        }
        solutions
    }
}

/// A [`Plain`] problem in `dancing-links`' terms: possibilities are option numbers,
/// constraints item numbers, the secondary items optional.
pub struct PlainCover<'p> {
    plain: &'p Plain,
    options: Vec<usize>,
    items: Vec<usize>,
}

impl dancing_links::ExactCover for PlainCover<'_> {
    type Possibility = usize;
    type Constraint = usize;

    fn satisfies(&self, option: &usize, item: &usize) -> bool {
        self.plain.options[*option].binary_search(item).is_ok()
    }

    fn is_optional(&self, item: &usize) -> bool {
        *item >= self.plain.primary
    }

    fn possibilities(&self) -> &[usize] {
        &self.options
    }

    fn constraints(&self) -> &[usize] {
        &self.items
    }
}
