//! The walk over an option unrolled by step.
//!
//! A hide walks the other nodes of option after option, and the options of one hide often have
//! the same shape: in a purification, the across words through a cell of a word rectangle hold
//! the same items at the same steps from the cell's node. With one loop body, every step shares
//! its branches, loads and stores, and the processor's predictors, which key on an
//! instruction's address, see the steps' patterns mixed. A copy of the body for each of the
//! first steps lets them learn each step's own pattern: the 4x5 word rectangles ran 10% faster,
//! with more instructions (docs/benchmarks.md).
//!
//! Links' walks keep their loops. Through the spacer (a Sudoku's four-item options) the copies
//! cost the Sudoku collections 5%; by place they gave the pentominoes 4%, but links' hides are
//! inlined into every instance of their search loops, and the copies added a minute to building
//! the fuzz targets on one core, which CI's fifteen minutes cannot spare.

/// Runs `$step` seven times in a row, then over and over: a walk's step, a block that leaves
/// the walk with `return` when it is done. Seven copies cover the options of up to eight
/// items; five or ten measured the same.
macro_rules! unrolled {
    ($step:block) => {{
        $step
        $step
        $step
        $step
        $step
        $step
        $step
        loop $step
    }};
}

pub(crate) use unrolled;
