//! Opening and reading the inputs: the files named on the command line, standard input, or a
//! puzzle given as an argument; streamed with every line ending turned into `\n`, or read whole
//! within a size limit; their first lines read ahead to detect a format.

use anyhow::Context;
use dlx_engine::batch;
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

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

/// One input, opened for streaming.
pub struct Source {
    pub name: String,
    pub reader: Box<dyn BufRead + Send>,
    /// The size in bytes, when known (a file), for the progress bar.
    pub size: Option<u64>,
    /// Whether the input is a puzzle given as an argument: one line of the line format.
    pub argument: bool,
    /// Whether the input is a terminal: someone types it, a line at a time, and each line is
    /// answered as it comes.
    pub terminal: bool,
}

/// How a command reads an argument that is no existing path: `Ok` when it is a puzzle the
/// command reads, else why it is not one (said only when the argument looks like a puzzle
/// gone wrong rather than a file name).
pub type PuzzleArgument<'a> = &'a (dyn Fn(&str) -> Result<(), String> + 'a);

/// An input named on the command line that cannot be read: its name and why.
#[derive(Debug)]
pub struct Unreadable {
    pub name: String,
    pub error: anyhow::Error,
}

/// Opens the inputs named on the command line (standard input for none or `-`); the first
/// that cannot be read is the error, for a command that needs them all.
pub fn sources(files: &[PathBuf]) -> anyhow::Result<Vec<Source>> {
    each_source(files)
        .into_iter()
        .map(|opened| opened.map_err(|unreadable| unreadable.error))
        .collect()
}

/// Opens the inputs named on the command line (standard input for none or `-`), each on its
/// own: one that cannot be read costs only itself.
pub fn each_source(files: &[PathBuf]) -> Vec<Result<Source, Unreadable>> {
    sources_or_puzzles(files, None)
}

/// Opens the inputs named on the command line (standard input for none or `-`), each on its
/// own; with `puzzle`, an argument that is no existing path but is a puzzle (as `puzzle` says)
/// is that puzzle, named `argument K` (its place among the inputs). A path that exists always
/// wins.
pub fn sources_or_puzzles(
    files: &[PathBuf],
    puzzle: Option<PuzzleArgument<'_>>,
) -> Vec<Result<Source, Unreadable>> {
    if files.is_empty() {
        return vec![Ok(stdin_source())];
    }
    files
        .iter()
        .enumerate()
        .map(|(index, path)| {
            open_source(index, path, puzzle).map_err(|error| Unreadable {
                name: path.display().to_string(),
                error,
            })
        })
        .collect()
}

/// Opens the `index`-th input, `path` (or the puzzle it is, see [`sources_or_puzzles`]).
fn open_source(
    index: usize,
    path: &Path,
    puzzle: Option<PuzzleArgument<'_>>,
) -> anyhow::Result<Source> {
    if path == Path::new("-") {
        return Ok(stdin_source());
    }
    if path.is_dir() {
        anyhow::bail!("{}: is a directory, expected a file", path.display());
    }
    // A dangling symlink exists too: it is a file that cannot be read, not a puzzle.
    let exists = std::fs::symlink_metadata(path).is_ok();
    let text = path
        .to_str()
        .filter(|text| !exists && !text.contains(['\n', '\r']));
    let as_puzzle = text.zip(puzzle).map(|(text, puzzle)| puzzle(text));
    if let (Some(text), Some(Ok(()))) = (text, &as_puzzle) {
        return Ok(argument_source(index + 1, text));
    }
    let file = File::open(path).map_err(|error| {
        let name = path.display();
        match (text, &as_puzzle) {
            (Some(text), Some(Err(why))) if looks_like_a_puzzle(text) => {
                anyhow::anyhow!("cannot read {name}: {error}; nor is it a puzzle: {why}")
            }
            _ => anyhow::Error::new(error).context(format!("cannot read {name}")),
        }
    })?;
    let size = file.metadata().ok().map(|m| m.len());
    Ok(Source {
        name: path.display().to_string(),
        reader: Box::new(BufReader::with_capacity(1 << 16, LineEnds::new(file))),
        size,
        argument: false,
        terminal: false,
    })
}

/// Whether an argument that is neither a path nor a puzzle was meant as a puzzle, so that
/// saying why it is none helps: its first field is 16 symbols or more, letters, digits and
/// dots only, at least half of them dots or digits (a file name has letters and one dot).
fn looks_like_a_puzzle(text: &str) -> bool {
    let field = text.split_whitespace().next().unwrap_or("");
    let symbols = field.chars().count();
    let empty_or_digit = field
        .chars()
        .filter(|c| *c == '.' || c.is_ascii_digit())
        .count();
    symbols >= 16
        && field.chars().all(|c| c == '.' || c.is_ascii_alphanumeric())
        && 2 * empty_or_digit >= symbols
}

/// The puzzle given as the `place`-th input: one line.
fn argument_source(place: usize, text: &str) -> Source {
    let line = format!("{text}\n");
    Source {
        name: format!("argument {place}"),
        reader: Box::new(std::io::Cursor::new(line.into_bytes())),
        size: None,
        argument: true,
        terminal: false,
    }
}

fn stdin_source() -> Source {
    use std::io::IsTerminal;
    let terminal = std::io::stdin().is_terminal();
    let stdin: Box<dyn Read + Send> = if terminal {
        Box::new(TerminalInput)
    } else {
        Box::new(std::io::stdin())
    };
    Source {
        name: "<stdin>".to_string(),
        reader: Box::new(BufReader::with_capacity(1 << 16, LineEnds::new(stdin))),
        size: None,
        argument: false,
        terminal,
    }
}

/// Standard input when it is a terminal: a read that waits for the next line also watches for
/// SIGINT and SIGTERM, and ends the input when one comes. The signal handlers restart an
/// interrupted read, so a plain read would wait on, past the first Ctrl-C, for a line.
struct TerminalInput;

impl TerminalInput {
    /// How long a wait for input lasts before the stop flag is looked at again.
    const POLL_MILLISECONDS: i32 = 50;
}

impl Read for TerminalInput {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if super::interrupt::requested() {
                return Ok(0);
            }
            let mut ready = libc::pollfd {
                fd: libc::STDIN_FILENO,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll reads and writes the one pollfd it is given.
            let polled = unsafe { libc::poll(&mut ready, 1, Self::POLL_MILLISECONDS) };
            if polled < 0 {
                let error = std::io::Error::last_os_error();
                if error.kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(error);
            }
            if polled > 0 {
                // Read from the descriptor itself: what `Stdin` buffered, poll would not see.
                // SAFETY: read writes at most `buf.len()` bytes into `buf`.
                let read =
                    unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
                if read >= 0 {
                    return Ok(read as usize);
                }
                let error = std::io::Error::last_os_error();
                if error.kind() != std::io::ErrorKind::Interrupted {
                    return Err(error);
                }
            }
        }
    }
}

/// A reader that turns every line ending into `\n`: `\r\n` (Windows) and a lone `\r` (classic
/// Mac OS, some exports) as well, so every reader downstream splits lines on `\n` alone.
struct LineEnds<R> {
    inner: R,
    /// Whether the last byte handed out was a `\r` (turned into `\n`), so that a `\n` coming
    /// next is the second half of a CRLF and is dropped.
    after_cr: bool,
}

impl<R> LineEnds<R> {
    fn new(inner: R) -> Self {
        LineEnds {
            inner,
            after_cr: false,
        }
    }
}

impl<R: Read> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let read = self.inner.read(buf)?;
            if read == 0 {
                return Ok(0);
            }
            if !self.after_cr && !buf[..read].contains(&b'\r') {
                return Ok(read);
            }
            let mut kept = 0;
            for k in 0..read {
                let byte = buf[k];
                if byte == b'\n' && self.after_cr {
                    self.after_cr = false;
                    continue;
                }
                self.after_cr = byte == b'\r';
                buf[kept] = if self.after_cr { b'\n' } else { byte };
                kept += 1;
            }
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

/// Reads the rest of a source, refusing one of more than `max_bytes` bytes as the bytes arrive,
/// so memory stays bounded. A NUL byte in a line of text costs only its puzzle (the parsers
/// report it); a NUL in a line with no end within [`batch::BatchConfig::MAX_LINE_BYTES`] is
/// binary data (`/dev/zero`), refused there rather than read to the size limit.
pub fn read_rest(source: &mut Source, max_bytes: u64) -> anyhow::Result<Vec<u8>> {
    read_text(&mut source.reader, &source.name, max_bytes, false)
}

/// The place of the bytes read: the line and column (in characters) of the next byte, and the
/// place of the first NUL of the current line with how far it is behind.
struct Place {
    line: usize,
    column: usize,
    nul: Option<(usize, usize, usize)>,
}

impl Place {
    /// Moves past `byte`.
    fn follow(&mut self, byte: u8) {
        if let Some((_, _, behind)) = &mut self.nul {
            *behind += 1;
        }
        match byte {
            b'\n' => {
                self.line += 1;
                self.column = 1;
                self.nul = None;
            }
            0 if self.nul.is_none() => {
                self.nul = Some((self.line, self.column, 0));
                self.column += 1;
            }
            // One column per character: a UTF-8 continuation byte is part of the one before.
            _ if byte & 0xC0 != 0x80 => self.column += 1,
            _ => {}
        }
    }
}

/// [`read_rest`] on any reader; with `refuse_nul`, refuses the input at its first NUL byte
/// (binary data, `/dev/zero`), for a format where no NUL can stand.
pub fn read_text(
    reader: &mut dyn Read,
    name: &str,
    max_bytes: u64,
    refuse_nul: bool,
) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut block = vec![0u8; 64 << 10];
    let mut place = Place {
        line: 1,
        column: 1,
        nul: None,
    };
    loop {
        let read = match reader.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {name}")),
        };
        for &byte in &block[..read] {
            place.follow(byte);
            match place.nul {
                Some((line, column, _)) if refuse_nul => anyhow::bail!(
                    "{name}: line {line}, column {column}: found a NUL byte, expected text"
                ),
                Some((line, column, behind)) if behind > batch::BatchConfig::MAX_LINE_BYTES => {
                    anyhow::bail!(
                        "{name}: line {line}, column {column}: found a NUL byte in a line with \
                         no end within {} bytes, expected text",
                        batch::BatchConfig::MAX_LINE_BYTES
                    )
                }
                _ => {}
            }
        }
        if (bytes.len() + read) as u64 > max_bytes {
            anyhow::bail!(
                "{name}: the input is larger than {max_bytes} bytes, the most read whole \
                 (--max-input-bytes N raises it)"
            );
        }
        bytes.extend_from_slice(&block[..read]);
    }
}

/// The start of a source without consuming it (at least the first line when it is shorter
/// than the reader's buffer), to detect its format.
pub fn peek(source: &mut Source) -> anyhow::Result<&[u8]> {
    source
        .reader
        .fill_buf()
        .with_context(|| format!("cannot read {}", source.name))
}

/// How far [`read_ahead`] read.
pub struct Ahead {
    /// Bytes read ahead.
    pub bytes: usize,
    /// Whether the source ended there.
    pub ended: bool,
}

/// Reads a source's first lines ahead without consuming them: line by line until `enough` says
/// so for the line just read (given with its ending), the source ends, `limit` bytes are read
/// or a line is longer than [`batch::BatchConfig::MAX_LINE_BYTES`] (then only that much of it is read).
/// Afterwards [`peek`] shows them all, and reading starts again at the first byte: they are put
/// back in front of the rest, so line numbers do not move.
pub fn read_ahead(
    source: &mut Source,
    limit: usize,
    mut enough: impl FnMut(&[u8]) -> bool,
) -> anyhow::Result<Ahead> {
    let mut rest = std::mem::replace(&mut source.reader, Box::new(std::io::empty()));
    let mut head = Vec::new();
    let mut ended = false;
    while head.len() < limit {
        let start = head.len();
        let read = (&mut rest)
            .take(batch::BatchConfig::MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut head)
            .with_context(|| format!("cannot read {}", source.name))?;
        if read == 0 {
            ended = true;
            break;
        }
        if read > batch::BatchConfig::MAX_LINE_BYTES || enough(&head[start..]) {
            break;
        }
    }
    let bytes = head.len();
    source.reader = Box::new(std::io::Cursor::new(head).chain(rest));
    Ok(Ahead { bytes, ended })
}

/// Moves past a UTF-8 byte order mark at the start of a source to be streamed: some editors
/// write one, and it is no part of the first line (the parsers of whole texts skip it too).
pub fn skip_bom(source: &mut Source) -> anyhow::Result<()> {
    const BOM: &[u8] = b"\xef\xbb\xbf";
    if peek(source)?.starts_with(BOM) {
        source.reader.consume(BOM.len());
    }
    Ok(())
}

/// Line `line` of the line format as text: bytes that are not UTF-8 are read as U+FFFD where
/// they are free text (a line `is_skipped`, a comment; or after the line's puzzle, when it
/// `puzzle_ends_within` the part before the first of them); within a puzzle they are an error,
/// naming the line and the column of the first of them.
pub fn line_text(
    bytes: &[u8],
    line: usize,
    is_skipped: fn(&str) -> bool,
    puzzle_ends_within: fn(&str) -> bool,
) -> Result<Cow<'_, str>, String> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(e) => {
            let lossy = String::from_utf8_lossy(bytes);
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("valid up to there");
            if is_skipped(&lossy) || puzzle_ends_within(valid) {
                Ok(lossy)
            } else {
                Err(format!(
                    "line {line}, column {}: found bytes that are not UTF-8, expected text",
                    valid.chars().count() + 1
                ))
            }
        }
    }
}
