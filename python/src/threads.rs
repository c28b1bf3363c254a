//! The `threads=` keyword, checked once for every call that takes it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The most threads a call starts, as the `dlx` program allows (`--threads` 1 to 1023): each
/// thread is an operating-system thread with a copy of the search's state, so a larger number
/// would only spend memory.
pub(crate) const MAX_THREADS: usize = 1023;

/// `threads` as given, `default()` for `None` or 0, or a `ValueError` past [`MAX_THREADS`].
pub(crate) fn threads_or(
    threads: Option<usize>,
    default: impl FnOnce() -> usize,
) -> PyResult<usize> {
    match threads {
        Some(n) if n > MAX_THREADS => Err(PyValueError::new_err(format!(
            "threads={n}: expected at most {MAX_THREADS}"
        ))),
        Some(n) if n > 0 => Ok(n),
        _ => Ok(default()),
    }
}

/// One thread for every core the process may use.
pub(crate) fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
