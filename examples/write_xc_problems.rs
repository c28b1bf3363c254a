//! Writes the classic exact-cover problems of `dlx_solver::xc::problems` to `tests/data/xc/`
//! (or to the directory given as the one argument), one file each in Knuth's format.
//!
//! `cargo run --example write_xc_problems`; the integration tests check that the committed
//! files are byte for byte what this writes.

use dlx_solver::xc::problems::{dlx1_suite, xcc_mcc_suite};
use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/xc"));
    std::fs::create_dir_all(&dir)?;
    for classic in dlx1_suite().into_iter().chain(xcc_mcc_suite()) {
        let mut bytes = Vec::new();
        classic.write(&mut bytes)?;
        let path = dir.join(classic.file);
        std::fs::write(&path, bytes)?;
        println!("{}", path.display());
    }
    Ok(())
}
