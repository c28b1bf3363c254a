//! What a loaded arena refuses: one error type for the [`Dlx`](super::Dlx)'s operations, with a
//! variant per refusal, so a caller matches on one type whatever it asked.

use super::problem::{ItemId, OptionId};
use thiserror::Error;

/// Why the arena refused to load a problem, select an option or estimate its tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DlxError {
    /// The problem has more nodes than the chosen link type can address.
    #[error("the problem needs {nodes} nodes, more than the {limit} these links address")]
    TooLarge {
        /// The nodes the problem needs: headers, option nodes and spacers.
        nodes: u64,
        /// The most nodes the link type can address.
        limit: u64,
    },
    /// An option selected before the search has an item covered already by an earlier
    /// selection.
    #[error("item {0:?} is covered already by an earlier selection")]
    Conflict(ItemId),
    /// No option has this id.
    #[error("no option {0:?} in this problem")]
    UnknownOption(OptionId),
    /// An option was selected before the search of a problem with bounds (multiplicities),
    /// where that is not supported: an option imposed on an item covered several times would
    /// have to leave the item's list as a tweak does, and be counted against its bounds.
    #[error("options can be selected before the search only in problems without bounds")]
    SelectWithBounds,
    /// The estimate was asked of a problem with multiplicities (bounds), whose branches are not
    /// estimated.
    #[error(
        "the estimate is for exact cover with or without colours; this problem has \
         multiplicities (a:b|item), whose branches (options tweaked one after another, then a \
         null move) a probe cannot take on their own"
    )]
    EstimateWithBounds,
    /// Dancing cells ([`Cells`](super::Cells)) were asked to solve a problem with
    /// multiplicities (bounds): that engine is SSXCC, exact cover with colours; Algorithm M on
    /// links ([`Dlx`](super::Dlx)) solves problems with bounds.
    #[error(
        "dancing cells solve exact cover with or without colours; this problem has \
         multiplicities (a:b|item), which Algorithm M on dancing links solves"
    )]
    BoundsOnCells,
    /// The bitset engine (`EngineKind::Bits`) was asked to solve a problem with
    /// multiplicities (bounds): it is Algorithms X and C; Algorithm M on links solves them.
    #[error(
        "the bitset engine solves exact cover with or without colours; this problem has \
         multiplicities (a:b|item), which Algorithm M on dancing links solves"
    )]
    BoundsOnBits,
    /// The bitset engine (`EngineKind::Bits`) was asked to load a problem whose bitsets
    /// (one bit an option, for every item and option) pass its memory bound: it is for small
    /// problems, where it is the fastest engine.
    #[error(
        "the problem needs {words} words of bitsets, more than the {limit} the bitset engine \
         allows (it is for small problems: use links or cells)"
    )]
    TooLargeForBits {
        /// The 64-bit words the engine would hold.
        words: u64,
        /// The most it holds.
        limit: u64,
    },
    /// The board (`EngineKind::Board`) was asked to load a problem whose state (a row of
    /// live options and the items' counts at every level the tree may reach) passes its
    /// memory bound: it is made for Sudoku's matrices and problems of their size.
    #[error(
        "the problem needs {words} words of state, more than the {limit} the board engine \
         allows (it is made for Sudoku-sized problems: use links or cells)"
    )]
    TooLargeForBoard {
        /// The 64-bit words the engine could need.
        words: u64,
        /// The most it holds.
        limit: u64,
    },
    /// A memoized count ([`Memo`](super::Memo)) was asked of a problem with multiplicities,
    /// whose subproblems DLX6's key does not describe.
    #[error("the memoized count is for exact cover with or without colours, not multiplicities (a:b|item)")]
    MemoWithBounds,
    /// A named engine was asked for what it does not do ([`EngineKind::choose`](super::EngineKind::choose)
    /// says which engine does).
    #[error("the {engine} engine does not take {what}")]
    Unsupported {
        /// The engine's name.
        engine: &'static str,
        /// What it does not take, and where to go instead.
        what: &'static str,
    },
    /// A search request asked for two things that do not go together
    /// ([`SearchRequest::check`](super::SearchRequest::check)).
    #[error("{what}")]
    Conflicting {
        /// What conflicts, and why.
        what: &'static str,
    },
    /// The worker threads of a split search could not be started.
    #[error("cannot start {threads} worker threads")]
    Threads {
        /// The threads asked for.
        threads: usize,
    },
    /// The number of solutions passed 2^128 - 1, the most a memoized count holds.
    #[error("the number of solutions passes 2^128 - 1")]
    CountOverflow,
    /// The ZDD being built passed the memory bound on its own.
    #[error("the ZDD needs more than the {bytes} bytes allowed (raise the memory bound)")]
    MemoryBound {
        /// The bound.
        bytes: u64,
    },
}
