//! Reading a whole input, from a named file or from standard input (`-` or no name).

use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// An input's bytes and the name to use for it in messages.
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Reads `path`, or standard input when it is `None` or `-`.
pub fn read_all(path: Option<&Path>) -> anyhow::Result<Input> {
    match path {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => {
            if p.is_dir() {
                anyhow::bail!("{}: is a directory, expected a file", p.display());
            }
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            Ok(Input {
                name: p.display().to_string(),
                bytes,
            })
        }
    }
}

fn read_stdin() -> anyhow::Result<Input> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    Ok(Input {
        name: "<stdin>".to_string(),
        bytes,
    })
}
