//! dlx-solver: exact cover with Knuth's dancing links.
//!
//! - [`xc`]: the generic engine (problems, the DLX arena, Algorithm X, Knuth's text format).

pub mod xc;
