//! What every search loop (Algorithms X and M on dancing links, dancing cells, the bitsets) does
//! on entering a node and on finding a solution, whatever its data: the node budget, the
//! visitor's say, the counts, the progress report when one is due, the solution handed on and
//! the solution limit. One piece of code, inlined into each loop, so that the engines count
//! and stop alike.

use crate::outcome::{Outcome, SearchStats, Stop};
use crate::problem::OptionId;
use crate::progress::TreePosition;
use crate::search::{SearchLimits, Visitor};
use std::ops::ControlFlow;

/// Why a loop ends where it stands: how, and the value the visitor broke with, if it did.
pub(crate) struct Halt<B> {
    pub(crate) stop: Stop,
    pub(crate) broke_with: Option<B>,
}

/// The outcome of a run asked for no solution: the limit reached before the root, nothing
/// searched.
pub(crate) fn none_asked<B>() -> Outcome<Option<B>> {
    Outcome {
        answer: None,
        stats: SearchStats::default(),
        stop: Stop::SolutionLimit,
    }
}

/// The limits and the progress schedule of one run of a loop.
pub(crate) struct Gate {
    max_nodes: u64,
    max_solutions: u64,
    /// Asked of the visitor once: with the default `None` the reports are one untaken branch
    /// a node.
    progress_mask: Option<u64>,
    next_report: u64,
}

impl Gate {
    pub(crate) fn new<V: Visitor + ?Sized>(limits: SearchLimits, visitor: &V) -> Gate {
        Gate {
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
            progress_mask: visitor.progress_mask(),
            next_report: 0,
        }
    }

    /// Enters a node: stops at the node budget or when the visitor says so, else counts the
    /// node and reports where the search stands (`position`) when a report is due.
    #[inline(always)]
    pub(crate) fn enter<V: Visitor + ?Sized>(
        &mut self,
        visitor: &mut V,
        stats: &mut SearchStats,
        position: impl FnOnce(&SearchStats) -> TreePosition,
    ) -> Result<(), Halt<V::Break>> {
        if stats.nodes >= self.max_nodes {
            return Err(Halt {
                stop: Stop::NodeBudget,
                broke_with: None,
            });
        }
        if let ControlFlow::Break(value) = visitor.enter_node() {
            return Err(Halt {
                stop: Stop::Visitor,
                broke_with: Some(value),
            });
        }
        stats.nodes += 1;
        if let Some(mask) = self.progress_mask {
            if stats.nodes >= self.next_report {
                self.next_report = stats.nodes.saturating_add(mask).saturating_add(1);
                visitor.progress(&position(stats));
            }
        }
        Ok(())
    }

    /// Enters a node that is a solution without asking the visitor (dancing links count such
    /// a node, as DLX1 does, without a level of their loop): stops at the node budget, else
    /// counts the node.
    #[inline(always)]
    pub(crate) fn enter_leaf<B>(&self, stats: &mut SearchStats) -> Result<(), Halt<B>> {
        if stats.nodes >= self.max_nodes {
            return Err(Halt {
                stop: Stop::NodeBudget,
                broke_with: None,
            });
        }
        stats.nodes += 1;
        Ok(())
    }

    /// Counts a solution and hands it to the visitor (its options, if the visitor wants them,
    /// written into `solution`); stops when the visitor says so or at the solution limit.
    #[inline(always)]
    pub(crate) fn solution<V: Visitor + ?Sized>(
        &self,
        visitor: &mut V,
        stats: &mut SearchStats,
        solution: &mut Vec<OptionId>,
        options: impl Iterator<Item = OptionId>,
    ) -> Result<(), Halt<V::Break>> {
        solution.clear();
        if visitor.wants_options() {
            solution.extend(options);
        }
        self.hand_on(visitor, stats, solution)
    }

    /// Counts a solution whose options are at hand and hands them to the visitor; stops when
    /// the visitor says so or at the solution limit.
    #[inline(always)]
    pub(crate) fn hand_on<V: Visitor + ?Sized>(
        &self,
        visitor: &mut V,
        stats: &mut SearchStats,
        options: &[OptionId],
    ) -> Result<(), Halt<V::Break>> {
        stats.solutions += 1;
        if let ControlFlow::Break(value) = visitor.solution(options) {
            return Err(Halt {
                stop: Stop::Visitor,
                broke_with: Some(value),
            });
        }
        if stats.solutions >= self.max_solutions {
            return Err(Halt {
                stop: Stop::SolutionLimit,
                broke_with: None,
            });
        }
        Ok(())
    }

    /// The end of a run that saw the whole tree: the last progress report, if reports were
    /// asked for.
    pub(crate) fn exhausted<V: Visitor + ?Sized>(
        &self,
        visitor: &mut V,
        stats: &SearchStats,
    ) -> Halt<V::Break> {
        if self.progress_mask.is_some() {
            visitor.progress(&TreePosition::finished(stats));
        }
        Halt {
            stop: Stop::Exhausted,
            broke_with: None,
        }
    }
}
