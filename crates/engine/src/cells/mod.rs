//! Dancing cells: Knuth's SSXCC (TAOCP 7.2.2.3), exact cover with colours on sparse sets
//! instead of doubly linked lists, beside the dancing-links arena [`Dlx`](crate::Dlx).
//!
//! Each item keeps its active options as a sparse set (a permutation and a size), and the
//! active items are one more; backtracking restores sizes saved on a trail instead of
//! relinking nodes. An item left with one option is a forced move, taken without saving
//! anything. The search branches on the active primary item of fewest options, the first in
//! input order on ties, and visits exactly SSXCC's tree: its `nodes` and `updates` equal
//! Knuth's program's (which counts them differently from DLX1 and DLX2: see `docs/engine.md`).
//!
//! Problems with multiplicities (bounds) are not for this engine: [`Cells::try_new`] refuses
//! them, and Algorithm M on links ([`Dlx`](crate::Dlx)) solves them.
//!
//! ```
//! use dlx_engine::{Cells, Engine, Problem};
//! let problem = Problem::parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n")
//!     .unwrap();
//! let mut cells = Cells::new(&problem);
//! assert_eq!(cells.count(), 1);
//! // SSXCC's figures for DLX2's own example: 3 nodes, 16 updates.
//! let stats = cells.count_solutions(None).stats;
//! assert_eq!((stats.nodes, stats.updates), (3, 16));
//! ```

/// Evaluates `$body` with `$sets` and `$pristine` bound to the search state and the state as
/// loaded of whichever width of word `$layout` has: the search is one generic code, compiled
/// for each width, and the width is chosen when the problem is loaded.
macro_rules! with_sets {
    ($layout:expr, |$sets:ident, $pristine:ident| $body:expr) => {
        match $layout {
            $crate::cells::Layout::Narrow($crate::cells::States {
                sets: $sets,
                pristine: $pristine,
            }) => $body,
            $crate::cells::Layout::Wide($crate::cells::States {
                sets: $sets,
                pristine: $pristine,
            }) => $body,
        }
    };
}

mod search;
mod sets;
mod split;
mod trail;
mod unroll;
mod word;

use crate::engine::{Engine, EngineKind};
use crate::error::DlxError;
use crate::outcome::{Outcome, SearchStats, Stop};
use crate::problem::{OptionId, Problem};
use crate::search::{SearchLimits, Visitor};
use search::Span;
use sets::SparseSets;
use std::ops::ControlFlow;
use std::sync::Arc;
use trail::Trail;
use word::Word;

/// Knuth's SSXCC on a problem without bounds: first solution, count, all solutions and
/// uniqueness over one search loop, with the same result model as [`Dlx`](crate::Dlx).
#[derive(Clone, Debug)]
pub struct Cells {
    /// The sparse sets, in 16-bit words when the problem fits them.
    layout: Layout,
    trail: Trail,
    /// The node chosen at each level.
    choice: Vec<u32>,
    /// The option of each node (see `SparseSets::new`), to name a solution's options.
    option_of: (u32, Vec<u32>),
    /// The solution handed to the visitor, reused.
    solution: Vec<OptionId>,
    /// A primary item has no option: no solution, and SSXCC searches nothing.
    uncoverable: bool,
    /// The deepest level the last search reached: SSXCC's `maxl`.
    deepest: usize,
    /// Options and entries, for SSXCC's memory figure.
    options: u64,
    entries: u64,
}

impl Cells {
    /// Loads a problem without bounds.
    ///
    /// # Panics
    /// If the problem has multiplicities (bounds), which this engine does not solve; use
    /// [`Cells::try_new`] to be told instead.
    pub fn new(problem: &Problem) -> Cells {
        match Cells::try_new(problem) {
            Ok(cells) => cells,
            Err(error) => panic!("{error}"),
        }
    }

    /// Loads a problem, or says why not: bounds (multiplicities) are refused, and a problem
    /// too large for `u32` indices.
    pub fn try_new(problem: &Problem) -> Result<Cells, DlxError> {
        if problem.has_bounds() {
            return Err(DlxError::BoundsOnCells);
        }
        // Every word of the layout is addressed by a `u32` that must also fit an `i32` (a
        // spacer stores minus its option's length): two header words an item, one set entry
        // an entry, three words a node and a spacer. Problems that fit 16-bit words get them
        // (`SparseSets::narrowed`).
        let words = 2 * problem.item_count() as u64
            + problem.entry_count() as u64
            + u64::from(sets::NODE)
                * (problem.entry_count() as u64 + problem.option_count() as u64 + 1);
        let limit = i32::MAX as u64;
        if words >= limit {
            return Err(DlxError::TooLarge {
                nodes: words,
                limit,
            });
        }
        let (sets, option_of, uncoverable) = SparseSets::new(problem);
        let layout = match sets.narrowed(option_of.0) {
            Some(narrow) => Layout::Narrow(States::new(narrow)),
            None => Layout::Wide(States::new(sets)),
        };
        Ok(Cells {
            layout,
            trail: Trail::default(),
            choice: Vec::new(),
            option_of,
            solution: Vec::new(),
            uncoverable,
            deepest: 0,
            options: problem.option_count() as u64,
            entries: problem.entry_count() as u64,
        })
    }

    /// [`Cells::new`] in 32-bit words whatever the problem's size, and with no pristine copy,
    /// as a layout too large to keep twice: the wide layout and its rebuild tested on problems
    /// small enough for the narrow one.
    #[cfg(test)]
    pub(crate) fn new_wide(problem: &Problem) -> Cells {
        let mut cells = Cells::new(problem);
        let (sets, _, _) = SparseSets::new(problem);
        cells.layout = Layout::Wide(States {
            sets,
            pristine: None,
        });
        cells
    }

    /// Whether the search state is the state as loaded, rebuilt (`true` when the layout keeps
    /// no pristine copy to compare with).
    #[cfg(test)]
    pub(crate) fn rebuild_matches_pristine(&mut self) -> bool {
        let first_spacer = self.option_of.0;
        with_sets!(&mut self.layout, |sets, pristine| {
            let mut rebuilt = sets.clone();
            rebuilt.rebuild(first_spacer);
            pristine.as_deref().is_none_or(|pristine| {
                // The hides' scratch buffer is written before it is read: not state.
                rebuilt.scratch.clone_from(&pristine.scratch);
                rebuilt == *pristine
            })
        })
    }

    /// Whether dancing cells are the engine to choose for `problem` (what `dlx xc --engine
    /// auto` and the Python package do): problems with colours, and those without whose
    /// secondary items are at most as many as their primary ones. Links win where many
    /// uncoloured secondary items (the diagonals of n queens) fill the active list that SSXCC's
    /// choice of item scans at every node; problems with bounds are for links alone. By the
    /// measurements of docs/benchmarks.md.
    pub fn preferred_for(problem: &Problem) -> bool {
        let secondary = problem.item_count() - problem.primary_count();
        !problem.has_bounds() && (problem.has_colours() || secondary <= problem.primary_count())
    }

    /// SSXCC's memory figure for the last search, in bytes, computed as Knuth's program
    /// computes it from its own layout (4-byte item and set entries, 16-byte nodes, 8 bytes a
    /// level and a trail entry), so the two can be compared: it grows with the deepest level
    /// reached and the trail's peak.
    pub fn ssxcc_bytes(&self) -> u64 {
        let items = with_sets!(&self.layout, |sets, _pristine| sets.item_count()) as u64;
        let set_length = 4 * items + self.entries;
        (items + set_length) * 4
            + (self.entries + self.options) * 16
            + 8 * self.deepest as u64
            + 8 * self.trail.peak as u64
    }

    /// The most `(item, size)` pairs the trail held at once in the last search: SSXCC's
    /// `maxsaveptr`.
    pub fn trail_peak(&self) -> usize {
        self.trail.peak
    }
}

#[cfg(test)]
pub(crate) mod tests;

/// The layout of a problem's sparse sets: 16-bit words when every offset fits them (up to
/// some 15,000 entries), else 32-bit.
#[derive(Clone, Debug)]
enum Layout {
    Narrow(States<u16>),
    Wide(States<u32>),
}

/// The search's state and the state as loaded: each search starts from a copy, so that every
/// search walks one tree.
#[derive(Clone, Debug)]
struct States<W> {
    sets: SparseSets<W>,
    /// The state as loaded, shared by the copies a split search makes; none for a layout of
    /// more than [`States::PRISTINE_WORDS`] words, which is rebuilt in place instead.
    pristine: Option<Arc<SparseSets<W>>>,
}

impl Engine for Cells {
    fn kind(&self) -> EngineKind {
        EngineKind::Cells
    }

    /// SSXCC's trail peak and its "bytes" figure ([`Cells::ssxcc_bytes`]).
    fn figures(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("trail peak", self.trail_peak() as u64),
            ("ssxcc bytes", self.ssxcc_bytes()),
        ]
    }

    /// Runs SSXCC, handing every solution to `visitor` (its options, level by level), until
    /// the tree is exhausted, a limit is reached or the visitor says stop; the outcome's
    /// answer is the value the visitor broke with, if it did. Each search starts afresh.
    fn search<V: Visitor + ?Sized>(
        &mut self,
        limits: SearchLimits,
        visitor: &mut V,
    ) -> Outcome<Option<V::Break>> {
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        self.deepest = 0;
        self.trail.clear();
        if max_solutions == 0 || self.uncoverable {
            let stop = if self.uncoverable {
                Stop::Exhausted
            } else {
                Stop::SolutionLimit
            };
            return Outcome {
                answer: None,
                stats: SearchStats::default(),
                stop,
            };
        }
        self.layout.reset(self.option_of.0);
        self.run(
            Span::below(0, limits),
            &mut |_, _| ControlFlow::Continue(()),
            visitor,
        )
    }
}

impl<W: Word> States<W> {
    /// The largest layout kept twice. Cloning the pristine copy is the fastest reset (a split
    /// search resets once a subtree), but it doubles the memory; past this size (64 MiB of
    /// 32-bit words) memory comes first, and a rebuild costs little beside the search of a
    /// problem that large.
    const PRISTINE_WORDS: usize = 1 << 24;

    fn new(sets: SparseSets<W>) -> States<W> {
        let pristine = (sets.words() <= Self::PRISTINE_WORDS).then(|| Arc::new(sets.clone()));
        States { sets, pristine }
    }

    /// Back to the state as loaded; `first_spacer` as `SparseSets::new` returned it.
    fn reset(&mut self, first_spacer: u32) {
        match &self.pristine {
            Some(pristine) => self.sets.clone_from(pristine),
            None => self.sets.rebuild(first_spacer),
        }
    }
}

impl Layout {
    /// Back to the state as loaded; `first_spacer` as `SparseSets::new` returned it.
    fn reset(&mut self, first_spacer: u32) {
        match self {
            Layout::Narrow(states) => states.reset(first_spacer),
            Layout::Wide(states) => states.reset(first_spacer),
        }
    }

    /// Whether the layout is the narrow one (tests check both are used).
    #[cfg(test)]
    fn is_narrow(&self) -> bool {
        matches!(self, Layout::Narrow(_))
    }
}
