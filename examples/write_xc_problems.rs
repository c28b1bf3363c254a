//! Writes the classic exact-cover problems of `dlx_engine::problems` to `tests/data/xc/`
//! (or to the directory given as the one argument), one file each in Knuth's format.
//!
//! `cargo run --example write_xc_problems`; the integration tests check that the committed
//! files are byte for byte what this writes. With `--timing DIR` first, it writes the larger
//! problems of `problems::timing_suite` instead, for timing against Knuth's programs.

use dlx_engine::ReferenceProblem;
use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let mut args: Vec<_> = std::env::args_os().skip(1).collect();
    let timing = args.first().is_some_and(|a| a == "--timing");
    if timing {
        args.remove(0);
    }
    let dir = args
        .first()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/xc"));
    std::fs::create_dir_all(&dir)?;
    let suite = if timing {
        ReferenceProblem::timing_suite()
    } else {
        ReferenceProblem::dlx1_suite()
            .into_iter()
            .chain(ReferenceProblem::xcc_mcc_suite())
            .chain(ReferenceProblem::dlx5_suite())
            .collect()
    };
    for classic in suite {
        let mut bytes = Vec::new();
        classic.write(&mut bytes)?;
        let path = dir.join(classic.file);
        std::fs::write(&path, bytes)?;
        println!("{}", path.display());
    }
    Ok(())
}
