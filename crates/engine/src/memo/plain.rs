//! The plain count a memoized count falls back to when its cache does not pay: the engine's
//! own search ([`Dlx`]), faster per node than DLX6's arena, which must keep the lengths of
//! secondary items up to date for the key.

use super::MemoResult;
use crate::outcome::{Outcome, Stop};
use crate::problem::{OptionId, Problem};
use crate::search::{SearchLimits, Visitor};
use crate::stop_flag::StopFlag;
use crate::ChoiceRule;
use crate::Dlx;
use std::ops::ControlFlow;

/// Counts, naming no option.
struct Counter;

impl Visitor for Counter {
    type Break = ();

    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn wants_options(&self) -> bool {
        false
    }
}

/// Counts `problem` with the engine's search, after the memoized search's `prefix` (whose
/// figures are added in: the work done is both).
pub(crate) fn count(
    problem: &Problem,
    stop: &StopFlag,
    prefix: Outcome<MemoResult>,
) -> Outcome<MemoResult> {
    let mut dlx = Dlx::new(problem);
    let plain = dlx.search_until(ChoiceRule::Mrv, SearchLimits::default(), stop, &mut Counter);
    let mut stats = prefix.stats;
    stats += plain.stats;
    stats.solutions = plain.stats.solutions;
    let mut cache = prefix.answer.cache;
    cache.caching_stopped = true;
    Outcome {
        answer: MemoResult {
            solutions: u128::from(plain.stats.solutions),
            cache,
            zdd: None,
        },
        stats,
        stop: match plain.stop {
            Stop::Exhausted => Stop::Exhausted,
            _ => Stop::Interrupted,
        },
    }
}
