//! An exact-cover problem nobody here wrote, read from Knuth's text format and solved: every
//! solution printed as its options, items by name, as DLX1 prints them.
//!
//! `cargo run --example knuth_format -- FILE` (default: Knuth's toy problem as
//! `tests/data/xc/toy.dlx` holds it); CI runs it. The format: the first line names the items,
//! primary then `|` then secondary; each further line is an option; `|` starts a comment.

use dlx_engine::Engine;
use dlx_engine::{Dlx, OptionId, Problem, SearchLimits};
use std::ops::ControlFlow;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xc/toy.dlx").to_string()
    });
    let text = std::fs::read_to_string(&path)?;
    // A fault in the file is an error naming its line and column.
    let problem = Problem::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let mut dlx = Dlx::new(&problem);
    let mut shown = 0;
    let outcome = dlx.search(SearchLimits::default(), &mut |options: &[OptionId]| {
        shown += 1;
        println!("solution {shown}:");
        for &option in options {
            let names: Vec<&str> = problem
                .option_items(option)
                .iter()
                .map(|&item| problem.item_name(item))
                .collect();
            println!("  {}", names.join(" "));
        }
        ControlFlow::Continue(())
    });
    println!(
        "{} solutions, {} nodes, {} updates",
        outcome.stats.solutions, outcome.stats.nodes, outcome.stats.updates
    );
    // The same parser refuses a broken file with the fault's place.
    let broken = Problem::parse("A B\nA C\n").expect_err("C is no item");
    println!("a broken file: {broken}");
    Ok(())
}
