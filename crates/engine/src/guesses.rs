//! The search of the engines that deduce between guesses (the board, the planes), written
//! once: one iterative loop over the levels, each entered settled (its forced options taken),
//! which pushes solutions to a visitor; and its cut for the split driver, a subtree named by
//! the options chosen at its levels (not those deduced) and searched by taking them again from
//! the root, with the same deductions. Each level's state is a function of the level above
//! and the option taken alone, so a split search's figures are the one-thread search's
//! exactly.

use crate::engine::Engine;
use crate::gate::{none_asked, Gate};
use crate::outcome::{Outcome, SearchStats};
use crate::problem::OptionId;
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};
use crate::subtrees::{StopRequest, Subtrees, TopWalk, VisitPiece, WalkEnd};
use std::ops::ControlFlow;

/// What an engine that deduces between guesses gives the loop: its levels, each with a
/// settled state and a branch.
pub(crate) trait Guesses {
    /// Sets the root's state up and settles it: `true` if the root is a dead end.
    fn start(&mut self) -> bool;

    /// Chooses the branch of the settled `level` and records it as the level's, giving its
    /// number of options; `None` when everything is covered (a solution: [`Guesses::taken`]).
    fn branch(&mut self, level: usize) -> Option<u32>;

    /// The next option of `level`'s branch, counted as tried; `None` when all were.
    fn next_option(&mut self, level: usize) -> Option<u32>;

    /// Takes `option` at `level` on a copy of its state, as the state of `level + 1`, and
    /// settles it: `false` if that is a dead end.
    fn descend(&mut self, level: usize, option: u32) -> bool;

    /// The options taken so far, forced and chosen, in order.
    fn taken(&self) -> &[OptionId];

    /// Forgets the options taken below `level`'s choice: back to what its branch saw.
    fn back_to(&mut self, level: usize);

    /// Which of its options `level`'s choice is (from 1), and how many it had.
    fn choice(&self, level: usize) -> (u32, u32);

    /// Records `level` as a level of a replayed path: one option of one, so that a subtree's
    /// progress is its own.
    fn replayed(&mut self, level: usize);

    /// The deductions made since the loop last took them, which it moves into its figures.
    fn deductions(&mut self) -> &mut Deductions;

    /// The deductions of the last search from the root, or of the last split search: what
    /// [`Engine::figures`] reports.
    fn last_deductions(&mut self) -> &mut Deductions;
}

/// What the deductions between guesses did: counted by the engine as it settles a level,
/// moved into the search's figures ([`SearchStats::forced`], [`SearchStats::pruned`]) by the
/// loop and the walk above the cut, so that a split search sums them as it sums the nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Deductions {
    /// Options taken because an item had no other live option (singles).
    pub(crate) forced: u64,
    /// What the domination rule removed (see [`SearchStats::pruned`]).
    pub(crate) pruned: u64,
}

impl Deductions {
    /// The deductions a search's figures carry.
    pub(crate) fn of(stats: &SearchStats) -> Deductions {
        Deductions {
            forced: stats.forced,
            pruned: stats.pruned,
        }
    }

    /// Moves the deductions counted so far into `stats`, leaving none.
    fn move_into(&mut self, stats: &mut SearchStats) {
        let moved = std::mem::take(self);
        stats.forced += moved.forced;
        stats.pruned += moved.pruned;
    }
}

/// [`Engine::search`] of an engine that deduces between guesses: the root set up and settled,
/// then the loop; the deductions it made are kept for [`Engine::figures`].
pub(crate) fn search_from_the_root<G: Guesses + ?Sized, V: Visitor + ?Sized>(
    engine: &mut G,
    limits: SearchLimits,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    *engine.deductions() = Deductions::default();
    let root_dead = engine.start();
    let outcome = run(engine, 0, root_dead, limits, visitor);
    *engine.last_deductions() = Deductions::of(&outcome.stats);
    outcome
}

/// Where the loop goes next.
#[derive(Clone, Copy)]
enum Step {
    /// Enter the node at the current level, settled, or a dead end if `dead`.
    Enter { dead: bool },
    /// Try the next option of the current level's branch, or back up.
    Next,
}

/// The loop from level `floor` (0: the root, started; a subtree's depth once its path is
/// replayed), whose state is settled, or a dead end if `dead`, until it backs up to the floor:
/// enter a node, branch, try the branch's options in turn, each on a copy of the level's state
/// with the option taken and what follows deduced.
pub(crate) fn run<G: Guesses + ?Sized, V: Visitor + ?Sized>(
    engine: &mut G,
    floor: usize,
    dead: bool,
    limits: SearchLimits,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    if limits.max_solutions == Some(0) {
        return none_asked();
    }
    let mut stats = SearchStats::default();
    let mut gate = Gate::new(limits, visitor);
    let mut level = floor;
    let mut step = Step::Enter { dead };
    let halt = loop {
        match step {
            Step::Enter { dead } => {
                let position = |stats: &SearchStats| position(engine, level, stats);
                if let Err(halt) = gate.enter(visitor, &mut stats, position) {
                    break halt;
                }
                if !dead {
                    if engine.branch(level).is_some() {
                        step = Step::Next;
                        continue;
                    }
                    if let Err(halt) = gate.hand_on(visitor, &mut stats, engine.taken()) {
                        break halt;
                    }
                }
                if level == floor {
                    break gate.exhausted(visitor, &stats);
                }
                level -= 1;
                step = Step::Next;
            }
            Step::Next => {
                engine.back_to(level);
                let Some(option) = engine.next_option(level) else {
                    if level == floor {
                        break gate.exhausted(visitor, &stats);
                    }
                    level -= 1;
                    continue;
                };
                let alive = engine.descend(level, option);
                level += 1;
                step = Step::Enter { dead: !alive };
            }
        }
    };
    engine.deductions().move_into(&mut stats);
    Outcome {
        answer: halt.broke_with,
        stats,
        stop: halt.stop,
    }
}

/// Where the search stands with `level` levels chosen (see [`TreePosition`]).
fn position<G: Guesses + ?Sized>(engine: &G, level: usize, stats: &SearchStats) -> TreePosition {
    let mut at = TreePosition::at_root(level, stats);
    for above in 0..level {
        let (tried, degree) = engine.choice(above);
        at.descend(tried, degree);
    }
    at
}

/// Every engine that deduces between guesses is cut the same way.
impl<G: Guesses + Engine + Clone + Send + Sync> Subtrees for G {
    fn walk_pieces(
        &mut self,
        depth: usize,
        stop_requested: StopRequest<'_>,
        visit: &mut VisitPiece<'_>,
    ) -> WalkEnd {
        walk_pieces(self, depth, stop_requested, visit)
    }

    fn search_subtree<V: Visitor + ?Sized>(
        &mut self,
        path: &[u32],
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        search_subtree(self, path, limits, visitor)
    }
}

/// [`Subtrees::walk_pieces`] for an engine that deduces between guesses.
fn walk_pieces<G: Guesses + ?Sized>(
    engine: &mut G,
    depth: usize,
    stop_requested: StopRequest<'_>,
    visit: &mut VisitPiece<'_>,
) -> WalkEnd {
    let mut walk = TopWalk::new(depth, stop_requested);
    *engine.deductions() = Deductions::default();
    let dead = engine.start();
    engine.deductions().move_into(&mut walk.pending);
    let flow = walk_level(engine, 0, dead, &mut walk, visit);
    walk.end(flow)
}

/// [`Subtrees::search_subtree`] for an engine that deduces between guesses.
fn search_subtree<G: Guesses + ?Sized, V: Visitor + ?Sized>(
    engine: &mut G,
    path: &[u32],
    limits: SearchLimits,
    visitor: &mut V,
) -> Outcome<Option<V::Break>> {
    let mut alive = !engine.start();
    let mut level = 0;
    for &option in path {
        if !alive {
            break;
        }
        engine.replayed(level);
        alive = engine.descend(level, option);
        level += 1;
    }
    // The walk above the cut counted the path's deductions once already.
    *engine.deductions() = Deductions::default();
    run(engine, level, !alive, limits, visitor)
}

/// The node at `level` of the walk above the cut, settled (or a dead end if `dead`), entered
/// as the search enters it: a solution handed on, a dead end left, or each option of its
/// branch in turn, the subtree below it handed on at the cut.
fn walk_level<G: Guesses + ?Sized>(
    engine: &mut G,
    level: usize,
    dead: bool,
    walk: &mut TopWalk<'_>,
    visit: &mut VisitPiece<'_>,
) -> ControlFlow<()> {
    if !walk.enter() {
        return ControlFlow::Break(());
    }
    if dead {
        return ControlFlow::Continue(());
    }
    let Some(degree) = engine.branch(level) else {
        return walk.solution(engine.taken(), visit);
    };
    let share = walk.share;
    walk.share /= f64::from(degree);
    let mut flow = ControlFlow::Continue(());
    loop {
        engine.back_to(level);
        let Some(option) = engine.next_option(level) else {
            break;
        };
        let alive = engine.descend(level, option);
        engine.deductions().move_into(&mut walk.pending);
        walk.path.push(option);
        flow = if level + 1 < walk.depth {
            walk_level(engine, level + 1, !alive, walk, visit)
        } else if !alive {
            // A dead end at the cut is a node of its own, met here as the search would.
            walk.pending.nodes += 1;
            ControlFlow::Continue(())
        } else if engine.branch(level + 1).is_none() {
            walk.pending.nodes += 1;
            walk.solution(engine.taken(), visit)
        } else {
            walk.subtree(visit)
        };
        walk.path.pop();
        if flow.is_break() {
            break;
        }
    }
    engine.back_to(level);
    walk.share = share;
    flow
}

/// The [`Guesses`] of an engine whose levels are a `path` of branches (`$level`: `Default`, with
/// `degree`, `tried` and `taken` fields), whose options taken are a `taken` list and whose
/// deductions are counted in `deductions` and `last_deductions`, given its `start`, `branch`
/// (the settled level's branch), `option_of` (the next option of a level's branch, taken off
/// it) and `descend`: the board, the planes and the bands, written once.
macro_rules! guesses_on_a_path {
    ($engine:ident, $level:ident) => {
        impl Guesses for $engine {
            fn start(&mut self) -> bool {
                $engine::start(self)
            }

            fn branch(&mut self, level: usize) -> Option<u32> {
                let branch = $engine::branch(self, level)?;
                self.set_level(level, branch);
                Some(branch.degree)
            }

            fn next_option(&mut self, level: usize) -> Option<u32> {
                let mut here = self.path[level];
                let option = self.option_of(level, &mut here)?;
                here.tried += 1;
                self.path[level] = here;
                Some(option)
            }

            fn descend(&mut self, level: usize, option: u32) -> bool {
                $engine::descend(self, level, option)
            }

            fn taken(&self) -> &[OptionId] {
                &self.taken
            }

            fn back_to(&mut self, level: usize) {
                self.taken.truncate(self.path[level].taken as usize);
            }

            fn choice(&self, level: usize) -> (u32, u32) {
                (self.path[level].tried, self.path[level].degree)
            }

            fn deductions(&mut self) -> &mut crate::guesses::Deductions {
                &mut self.deductions
            }

            fn last_deductions(&mut self) -> &mut crate::guesses::Deductions {
                &mut self.last_deductions
            }

            fn replayed(&mut self, level: usize) {
                let one = $level {
                    degree: 1,
                    tried: 1,
                    taken: self.taken.len() as u32,
                    ..$level::default()
                };
                self.set_level(level, one);
            }
        }

        impl $engine {
            /// Records the branch of `level`.
            fn set_level(&mut self, level: usize, branch: $level) {
                if self.path.len() <= level {
                    self.path.resize(level + 1, $level::default());
                }
                self.path[level] = branch;
            }
        }
    };
}
pub(crate) use guesses_on_a_path;

/// The [`Engine`] of an engine that deduces between guesses (see [`guesses_on_a_path`]): its
/// kind, its search from the root, and its figures, `forced` and the domination rule's under
/// the name `$pruned`, each described by the doc comment given.
macro_rules! engine_that_guesses {
    ($engine:ident, $kind:expr, $pruned:literal, $(#[$figures:meta])*) => {
        impl crate::engine::Engine for $engine {
            fn kind(&self) -> crate::engine::EngineKind {
                $kind
            }

            /// Runs the search, handing every solution to `visitor` (the options taken, forced
            /// and chosen, in the order taken), until the tree is exhausted, a limit is reached
            /// or the visitor says stop. A node is a guess (the root and each option tried);
            /// what the deductions did is [`Engine::figures`](crate::engine::Engine::figures).
            fn search<V: crate::search::Visitor + ?Sized>(
                &mut self,
                limits: crate::search::SearchLimits,
                visitor: &mut V,
            ) -> crate::outcome::Outcome<Option<V::Break>> {
                crate::guesses::search_from_the_root(self, limits, visitor)
            }

            $(#[$figures])*
            fn figures(&self) -> Vec<(&'static str, u64)> {
                vec![
                    ("forced", self.last_deductions.forced),
                    ($pruned, self.last_deductions.pruned),
                ]
            }
        }
    };
}
pub(crate) use engine_that_guesses;
