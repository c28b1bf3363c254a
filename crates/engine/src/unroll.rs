//! Walks over an option unrolled by step.
//!
//! A hide walks the other nodes of option after option, and the options of one hide often have
//! the same shape: the item at each step from the starting node is the same, or of the same
//! kind, from one option to the next (the across words through a cell of a word rectangle, a
//! piece's cells walked by place). With one loop body, every step shares its branches, loads
//! and stores, and the processor's predictors, which key on an instruction's address, see the
//! steps' patterns mixed. A copy of the body for each of the first steps lets them learn each
//! step's own pattern: dancing cells ran the 4x5 word rectangles 10% faster, links the
//! pentominoes by place 4% faster, with more instructions (docs/benchmarks.md). Where the steps
//! had no pattern to learn (a Sudoku's four-item options walked through their spacer), the copies
//! cost 5%, and that walk keeps its loop.

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
