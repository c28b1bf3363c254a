//! Where results go, and the one place a failed write gets its message.
//!
//! Standard output is written as it is; an `--output` file is written to a temporary file
//! beside it and renamed over it when the run ends ([`Output::commit`]), so a run that fails
//! before it answers anything leaves the earlier file as it was, and an input is never
//! truncated: an `--output` that is one of the inputs (every file the command reads: the
//! puzzle files, standard input when it is a file, a `--regions` layout) is refused before
//! anything is opened for writing. The temporary file comes from the `tempfile` crate (created
//! safely, removed if the run ends without a commit, and by [`super::temporary`] on the ways
//! out that run no destructor).
//!
//! A symbolic link is followed: the file at the end of its chain is replaced (the temporary
//! file made beside it), so the link stays a link. A target that is not a regular file (a
//! terminal, `/dev/null`, a FIFO, `/dev/stdout` on a pipe) is written in place, since renaming
//! over it would replace it; a FIFO is opened without blocking, so a signal ends the wait for
//! its reader, and one that is also an input is refused, since its reader would be the run.
//!
//! Every write error is turned into a [`WriteError`] naming the output (`writing standard
//! output: No space left on device`), so it is never taken for a fault of the input. A broken
//! pipe keeps its kind: the caller ends quietly on it (`dlx ... | head`).

use super::{interrupt, temporary};
use anyhow::Context;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileTypeExt;
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
        /// Names the temporary file for removal on an abrupt exit, while it exists.
        _registration: temporary::Registration,
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

    /// `--output FILE`, refused when it is one of `inputs` (same file or FIFO, symlinks
    /// followed; `-` is standard input, however the command came to read it).
    pub fn file(path: &Path, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        Output::file_for("--output", path, inputs)
    }

    /// As [`Output::file`], for the option `flag` (its messages name it: `--svg FILE ...`).
    pub fn file_for(flag: &str, path: &Path, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        let name = path.display().to_string();
        let existing = std::fs::metadata(path).ok();
        let sink = match &existing {
            Some(meta) if meta.is_dir() => {
                anyhow::bail!("{flag} {name} is a directory, expected a file")
            }
            // Written in place: nothing there can be destroyed, and a rename would replace
            // the device or the FIFO itself. A FIFO that is also read would wait for ever for
            // a reader that is the run itself.
            Some(meta) if !meta.is_file() => {
                let fifo = meta.file_type().is_fifo();
                if fifo {
                    refuse_inputs(flag, &name, meta, inputs)?;
                }
                Sink::InPlace(BufWriter::new(open_in_place(path, &name, fifo)?))
            }
            Some(target) => {
                refuse_inputs(flag, &name, target, inputs)?;
                let replaced = link_target(path)
                    .with_context(|| format!("cannot follow the symbolic link {name}"))?;
                // A link no path leads back to (`/proc/self/fd/1` on a deleted file) can only
                // be written through.
                if std::fs::metadata(&replaced).is_ok_and(|m| same_file(&m, target)) {
                    replacing(&replaced, &name, Some(target))?
                } else {
                    Sink::InPlace(BufWriter::new(
                        std::fs::OpenOptions::new()
                            .write(true)
                            .truncate(true)
                            .open(path)
                            .with_context(|| format!("cannot open {name} for writing"))?,
                    ))
                }
            }
            None => {
                // A dangling link makes its target.
                let created = link_target(path)
                    .with_context(|| format!("cannot follow the symbolic link {name}"))?;
                replacing(&created, &name, None)?
            }
        };
        Ok(Output { sink, name })
    }

    /// Flushes everything and, for an `--output` file, puts it in place of the target.
    pub fn commit(mut self) -> io::Result<()> {
        self.flush()?;
        if let Sink::Replacing { temp, path, .. } = self.sink {
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

/// Refuses an output that is one of `inputs` (`-`: standard input, when it is a file).
fn refuse_inputs(
    flag: &str,
    name: &str,
    target: &std::fs::Metadata,
    inputs: &[PathBuf],
) -> anyhow::Result<()> {
    for input in inputs {
        let (read, called) = if input.as_path() == Path::new("-") {
            (stdin_metadata(), "standard input".to_string())
        } else {
            (std::fs::metadata(input).ok(), input.display().to_string())
        };
        if read.is_some_and(|read| same_file(&read, target)) {
            anyhow::bail!(
                "{flag} {name} is the input {called}: refused, it would destroy the input"
            );
        }
    }
    Ok(())
}

/// What file descriptor 0 is, if it is open.
fn stdin_metadata() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let stdin = io::stdin();
    let fd = stdin.as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok()
}

/// The most symbolic links followed in a chain, as the kernel allows (`ELOOP` past it).
const MAX_LINKS: usize = 40;

/// The path a rename must replace to write `path`: `path` itself, or the end of its chain of
/// symbolic links (a file that exists or one to create), each link read relative to its own
/// directory as the kernel reads it.
fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::from_raw_os_error(libc::ELOOP))
}

/// A temporary file beside `path` (`existing`: the file it will replace, whose mode it takes),
/// to be renamed over `path` by [`Output::commit`].
fn replacing(
    path: &Path,
    name: &str,
    existing: Option<&std::fs::Metadata>,
) -> anyhow::Result<Sink> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // A new file gets the usual mode (0666 less the umask); a replaced one keeps its own.
    let permissions = match existing {
        Some(meta) => meta.permissions(),
        None => std::os::unix::fs::PermissionsExt::from_mode(0o666),
    };
    let temp = tempfile::Builder::new()
        .prefix(".dlx-output-")
        .permissions(permissions)
        .tempfile_in(dir)
        .with_context(|| format!("cannot create {name}"))?;
    let registration = temporary::register(temp.path());
    Ok(Sink::Replacing {
        temp: BufWriter::new(temp),
        path: path.to_path_buf(),
        _registration: registration,
    })
}

/// How often a wait for a FIFO's reader looks again (and at the stop flag).
const FIFO_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// Opens a target that is not a regular file for writing, in place. The open does not block:
/// a FIFO with no reader yet is tried again until one comes or a signal asks the run to stop
/// (an [`interrupt::Interrupted`] error); then the descriptor is made blocking again, for the
/// writes.
fn open_in_place(path: &Path, name: &str, fifo: bool) -> anyhow::Result<File> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let file = loop {
        let opened = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path);
        match opened {
            Ok(file) => break file,
            // No reader has the FIFO open yet.
            Err(e) if fifo && e.raw_os_error() == Some(libc::ENXIO) => {
                interrupt::Interrupted::check(|| {
                    format!("waiting for a reader of the FIFO {name}")
                })?;
                std::thread::sleep(FIFO_POLL);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(e).with_context(|| format!("cannot open {name} for writing"));
            }
        }
    };
    let fd = file.as_raw_fd();
    // SAFETY: F_GETFL and F_SETFL only read and set the status flags of a descriptor we own.
    let cleared = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        flags != -1 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) != -1
    };
    if !cleared {
        return Err(io::Error::last_os_error())
            .with_context(|| format!("cannot open {name} for writing"));
    }
    Ok(file)
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
