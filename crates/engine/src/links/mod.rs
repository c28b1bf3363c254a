//! Dancing links: Knuth's DLX1, DLX2 and DLX3 (TAOCP 7.2.2.1), the engine whose arena the
//! others were measured against. The arena ([`Dlx`], `arena.rs`) and its primitives (cover,
//! hide, purify, tweak) are private to this folder: the loops (`search.rs` Algorithm X,
//! `mcc.rs` Algorithm M), the split's walk (`split.rs`), the estimate and the progress
//! position read its fields, nothing outside does.

mod arena;
mod choice_tree;
mod dlx;
mod estimate;
mod mcc;
mod mcc_state;
mod position;
mod search;
mod split;
mod walk;

pub use arena::Dlx;
pub use estimate::{Estimate, Spread};
