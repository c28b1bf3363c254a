//! Where results go, and the one place a failed write gets its message.
//!
//! Standard output is written as it is; an `--output` file is written to a temporary file
//! beside it and renamed over it when the run ends ([`Output::commit`]), so a run that fails
//! before it answers anything leaves the earlier file as it was, and an input is never
//! truncated: an `--output` that is one of the inputs is refused before anything is opened for
//! writing. The temporary file comes from the `tempfile` crate (created safely, removed if the
//! run ends without a commit).
//!
//! Every write error is turned into a [`WriteError`] naming the output (`writing standard
//! output: No space left on device`), so it is never taken for a fault of the input. A broken
//! pipe keeps its kind: the caller ends quietly on it (`dlx ... | head`).

use anyhow::Context;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// A write that failed, with the output's name.
#[derive(Debug, thiserror::Error)]
#[error("writing {target}: {cause}")]
pub struct WriteError {
    target: String,
    cause: io::Error,
}

/// Whether an error is a [`WriteError`] (already named, so no input is to blame).
pub fn is_write_error(error: &io::Error) -> bool {
    error.get_ref().is_some_and(|e| e.is::<WriteError>())
}

/// The results' destination.
pub struct Output {
    sink: Sink,
    /// `standard output` or the path, for messages.
    name: String,
}

enum Sink {
    Stdout(BufWriter<io::Stdout>),
    /// A temporary file beside `path`, renamed over it by `commit`.
    Replacing {
        temp: BufWriter<tempfile::NamedTempFile>,
        path: PathBuf,
    },
    /// An existing file that is not a regular file (`/dev/null`, a pipe, a terminal): written
    /// in place, since renaming over a device would replace the device.
    InPlace(BufWriter<File>),
}

impl Output {
    /// Standard output; an error if it was closed when the program started (`dlx ... >&-`):
    /// the standard library would quietly write to `/dev/null` in its place.
    pub fn stdout() -> io::Result<Output> {
        let name = "standard output".to_string();
        if STDOUT_CLOSED_AT_START.load(Ordering::Relaxed) {
            return Err(named(&name, io::Error::from_raw_os_error(libc::EBADF)));
        }
        Ok(Output {
            sink: Sink::Stdout(BufWriter::new(io::stdout())),
            name,
        })
    }

    /// `--output FILE`, refused when it is one of `inputs` (same file, symlinks followed).
    pub fn file(path: &Path, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        Output::file_for("--output", path, inputs)
    }

    /// As [`Output::file`], for the option `flag` (its messages name it: `--svg FILE ...`).
    pub fn file_for(flag: &str, path: &Path, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        let name = path.display().to_string();
        let existing = std::fs::metadata(path).ok();
        if let Some(target) = &existing {
            for input in inputs.iter().filter(|i| i.as_path() != Path::new("-")) {
                if std::fs::metadata(input).is_ok_and(|i| same_file(&i, target)) {
                    anyhow::bail!(
                        "{flag} {name} is the input {}: refused, it would destroy the input",
                        input.display()
                    );
                }
            }
        }
        if existing.as_ref().is_some_and(|meta| meta.is_dir()) {
            anyhow::bail!("{flag} {name} is a directory, expected a file");
        }
        let sink = match existing {
            Some(meta) if !meta.is_file() => Sink::InPlace(BufWriter::new(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(|| format!("cannot open {name} for writing"))?,
            )),
            _ => {
                let dir = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir,
                    _ => Path::new("."),
                };
                // A new file gets the usual mode (0666 less the umask); a replaced one keeps
                // its own.
                let permissions = match &existing {
                    Some(meta) => meta.permissions(),
                    None => std::os::unix::fs::PermissionsExt::from_mode(0o666),
                };
                let temp = tempfile::Builder::new()
                    .prefix(".dlx-output-")
                    .permissions(permissions)
                    .tempfile_in(dir)
                    .with_context(|| format!("cannot create {name}"))?;
                Sink::Replacing {
                    temp: BufWriter::new(temp),
                    path: path.to_path_buf(),
                }
            }
        };
        Ok(Output { sink, name })
    }

    /// Flushes everything and, for an `--output` file, puts it in place of the target.
    pub fn commit(mut self) -> io::Result<()> {
        self.flush()?;
        if let Sink::Replacing { temp, path } = self.sink {
            let temp = temp
                .into_inner()
                .map_err(|e| named(&self.name, e.into_error()))?;
            temp.persist(&path)
                .map_err(|e| named(&self.name, e.error))?;
        }
        Ok(())
    }

    /// The output's name in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn writer(&mut self) -> &mut dyn Write {
        match &mut self.sink {
            Sink::Stdout(w) => w,
            Sink::Replacing { temp, .. } => temp,
            Sink::InPlace(w) => w,
        }
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let result = self.writer().write(bytes);
        result.map_err(|e| named(&self.name, e))
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let result = self.writer().write_all(bytes);
        result.map_err(|e| named(&self.name, e))
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.writer().flush();
        result.map_err(|e| named(&self.name, e))
    }
}

/// `error`, saying which output it came from (once: an error already named is kept).
fn named(target: &str, error: io::Error) -> io::Error {
    if is_write_error(&error) {
        return error;
    }
    io::Error::new(
        error.kind(),
        WriteError {
            target: target.to_string(),
            cause: error,
        },
    )
}

fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// Whether file descriptor 1 was closed when the process started. Checked before `main`: the
/// standard library's start-up opens `/dev/null` on a closed standard descriptor, after which
/// a closed stdout and `>/dev/null` look alike.
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static CHECK_STDOUT_AT_START: extern "C" fn() = {
    extern "C" fn check_stdout() {
        // SAFETY: fcntl(F_GETFD) only queries the descriptor's flags.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT_CLOSED_AT_START.store(true, Ordering::Relaxed);
        }
    }
    check_stdout
};
