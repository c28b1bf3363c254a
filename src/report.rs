//! Messages on standard error that never end the run.
//!
//! `eprintln!` panics when standard error cannot be written (a pipe whose reader went away:
//! `dlx ... 2>&1 | head`), and the release profile aborts on a panic: the run would die with
//! SIGABRT, its exit code lost and an `--output` left unwritten. A message is a courtesy to
//! whoever reads stderr; when nobody does, the run goes on as if it had been read, so the
//! results and the exit code are those of a run whose stderr stayed open.

/// `eprintln!` that ignores a failed write: the same text, or nothing when stderr is closed.
macro_rules! report {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        // A message nobody can read is no reason to stop: the error is dropped on purpose.
        let _ = ::std::writeln!(::std::io::stderr().lock(), $($arg)*);
    }};
}

pub(crate) use report;
