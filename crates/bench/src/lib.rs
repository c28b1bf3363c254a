//! The measuring harness of `dlx bench` and of the criterion benches, kept out of the library
//! crates' API: timing a solver over a collection under its rules (classic Sudoku's, or a
//! variant's) with every answer validated, and (with the `peers` feature, which only the
//! benches ask for) the other crates' solvers behind one interface.

#![warn(missing_docs)]

mod command;
mod contender;
mod measure;
mod measurement;
#[cfg(feature = "peers")]
pub mod peers;

pub use command::{kill_running_command, PeerCommand};
pub use contender::Contender;
pub use measure::{measure, Collection, Refused};
pub use measurement::Measurement;
