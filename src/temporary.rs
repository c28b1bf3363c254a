//! Temporary files that must not outlive the process, however it ends.
//!
//! An `--output` is written to a temporary file beside its target (see [`super::output`]); the
//! `tempfile` crate removes it when the run ends without a commit, but only on the ways out
//! that run destructors. A second SIGINT, SIGTERM or SIGHUP ends the process at once from the signal
//! handler, and a panic aborts it (the release profile): neither unwinds. So each temporary
//! file is also named here while it exists, and [`remove_all`] unlinks every one named, from a
//! signal handler (it only reads atomics and calls `unlink`, both async-signal-safe) or from the
//! panic hook.

use std::ffi::{c_char, CString};
use std::path::Path;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

/// How many temporary files can be named at once: a run writes one output, `bench` a chart.
const SLOTS: usize = 4;

/// The paths named, as C strings owned by their [`Registration`] (null: a free slot).
static PATHS: [AtomicPtr<c_char>; SLOTS] = [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];

/// How many callers of [`remove_all`] are reading [`PATHS`]: a path is freed only when none is,
/// so a signal handler never reads a freed string.
static READERS: AtomicUsize = AtomicUsize::new(0);

/// A temporary file named for [`remove_all`] while this lives; dropping it forgets the name
/// (the file itself is removed, or renamed into place, by its owner).
#[derive(Debug)]
pub struct Registration {
    slot: Option<usize>,
}

/// Names `path` for [`remove_all`]. With every slot taken (never, in one run) the file is
/// still removed on the ordinary ways out, as before.
pub fn register(path: &Path) -> Registration {
    use std::os::unix::ffi::OsStrExt;
    let Ok(name) = CString::new(path.as_os_str().as_bytes()) else {
        return Registration { slot: None };
    };
    let name = name.into_raw();
    for (slot, entry) in PATHS.iter().enumerate() {
        let free = entry.compare_exchange(
            std::ptr::null_mut(),
            name,
            Ordering::SeqCst,
            Ordering::SeqCst,
        );
        if free.is_ok() {
            return Registration { slot: Some(slot) };
        }
    }
    // SAFETY: `name` came from `CString::into_raw` above and was stored nowhere.
    drop(unsafe { CString::from_raw(name) });
    Registration { slot: None }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let Some(slot) = self.slot else {
            return;
        };
        let name = PATHS[slot].swap(std::ptr::null_mut(), Ordering::SeqCst);
        // A handler that read the pointer before the swap may still be unlinking it; it ends
        // the process right after, so this wait is short or never ends.
        while READERS.load(Ordering::SeqCst) != 0 {
            std::hint::spin_loop();
        }
        if !name.is_null() {
            // SAFETY: `name` came from `CString::into_raw` in `register`, and no reader holds it.
            drop(unsafe { CString::from_raw(name) });
        }
    }
}

/// Unlinks every temporary file named. Async-signal-safe; for a process about to end.
pub fn remove_all() {
    READERS.fetch_add(1, Ordering::SeqCst);
    for entry in &PATHS {
        let name = entry.load(Ordering::SeqCst);
        if !name.is_null() {
            // SAFETY: a non-null entry is a C string that lives while READERS is raised.
            unsafe { libc::unlink(name) };
        }
    }
    READERS.fetch_sub(1, Ordering::SeqCst);
}

/// Has a panic remove the temporary files before the default report (and the abort of the
/// release profile). Once per process, however often it is called.
pub fn remove_on_panic() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            remove_all();
            report(info);
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_file_is_removed_and_a_forgotten_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let named = dir.path().join("named");
        let forgotten = dir.path().join("forgotten");
        std::fs::write(&named, "x").unwrap();
        std::fs::write(&forgotten, "x").unwrap();
        let kept = register(&named);
        drop(register(&forgotten));
        remove_all();
        assert!(!named.exists());
        assert!(forgotten.exists());
        drop(kept);
    }
}
