//! Where the benches find their puzzles. The public collections are read in place from
//! `$DLX_SHARED/puzzles/` or `../shared/puzzles/` beside the project (they are not ours to
//! copy into it); when they are absent a bench says so in one line and runs on the project's
//! own files in `puzzles/`, made by `dlx generate`.

#![allow(dead_code)]

use std::path::PathBuf;

/// The directory of the shared data: `$DLX_SHARED`, or `../shared` beside the project.
pub fn shared_root() -> PathBuf {
    std::env::var_os("DLX_SHARED").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        PathBuf::from,
    )
}

/// A file of the shared data (`relative` to its root), or `None` after one line on stderr
/// saying it is absent and what the bench runs on instead.
pub fn shared(relative: &str, instead: &str) -> Option<PathBuf> {
    let path = shared_root().join(relative);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("{} is absent: running on {instead} instead", path.display());
        None
    }
}

/// A file of the project's own collections, `puzzles/NAME`.
pub fn own(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}
