//! Reading a whole input, from a named file or from standard input (`-` or no name).

use super::batch::read_text;
use anyhow::Context;
use std::path::Path;

/// An input's bytes and the name to use for it in messages.
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Reads `path`, or standard input when it is `None` or `-`: text of at most `max_bytes`
/// bytes, with no NUL byte (a larger input, or one holding a NUL, is refused as it arrives).
pub fn read_all(path: Option<&Path>, max_bytes: u64) -> anyhow::Result<Input> {
    match path {
        None => read_stdin(max_bytes),
        Some(p) if p == Path::new("-") => read_stdin(max_bytes),
        Some(p) => {
            if p.is_dir() {
                anyhow::bail!("{}: is a directory, expected a file", p.display());
            }
            let name = p.display().to_string();
            let mut file = std::fs::File::open(p).with_context(|| format!("cannot read {name}"))?;
            let bytes = read_text(&mut file, &name, max_bytes, true)?;
            Ok(Input { name, bytes })
        }
    }
}

fn read_stdin(max_bytes: u64) -> anyhow::Result<Input> {
    let name = "<stdin>".to_string();
    let bytes = read_text(&mut std::io::stdin().lock(), &name, max_bytes, true)?;
    Ok(Input { name, bytes })
}
