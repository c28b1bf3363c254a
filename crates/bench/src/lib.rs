//! The measuring harness of `dlx bench` and of the criterion benches, kept out of the library
//! crates' API: timing a solver over a collection with every answer validated, and (with the
//! `peers` feature, which only the benches ask for) the other crates' solvers behind one
//! interface.

#![warn(missing_docs)]

mod classic;
#[cfg(feature = "peers")]
pub mod peers;
mod variant;

pub use classic::{measure, Contender, Measurement};
pub use variant::{measure_variant, Refused, VariantContender};
