//! SIGINT, SIGTERM and SIGHUP (the terminal closed): the first asks the run to stop taking new work, write the whole records
//! it has, print its summary and exit with 128 + the signal's number; a second one exits at
//! once, removing the temporary files of the outputs first (see [`super::temporary`]). The
//! handlers are `signal-hook`'s, and do only what is async-signal-safe: set atomics, `unlink`,
//! `_exit`.

use dlx_engine::StopFlag;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

struct Flags {
    /// Set by the first signal.
    requested: Arc<AtomicBool>,
    /// The number of the signal that set it.
    signal: Arc<AtomicUsize>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

/// Installs the handlers before any work starts; once only, however often it is called (the
/// `cli` fuzz target runs many commands in one process).
pub fn install() -> std::io::Result<()> {
    if FLAGS.get().is_some() {
        return Ok(());
    }
    let flags = Flags {
        requested: Arc::new(AtomicBool::new(false)),
        signal: Arc::new(AtomicUsize::new(0)),
    };
    // SIGHUP too: its default action would end the process without the cleanup, leaving an
    // output's temporary file behind.
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        // Registered first, so it sees the flag as the previous signal left it: a second
        // signal ends the process at once, leaving no temporary file behind.
        let requested = Arc::clone(&flags.requested);
        let second = move || {
            if requested.load(Ordering::SeqCst) {
                super::temporary::remove_all();
                dlx_bench::kill_running_command();
                signal_hook::low_level::exit(128 + signal);
            }
        };
        // SAFETY: the action only loads atomics, unlinks files, kills a process group and
        // calls `_exit`, all async-signal-safe.
        unsafe { signal_hook::low_level::register(signal, second) }?;
        signal_hook::flag::register_usize(signal, Arc::clone(&flags.signal), signal as usize)?;
        signal_hook::flag::register(signal, Arc::clone(&flags.requested))?;
    }
    let _ = FLAGS.set(flags);
    Ok(())
}

/// The flag the first signal sets, for loops to poll (never set when no handler is installed).
pub fn flag() -> &'static AtomicBool {
    static NEVER: AtomicBool = AtomicBool::new(false);
    FLAGS.get().map_or(&NEVER, |flags| &flags.requested)
}

/// A wait that a signal ended before the run could start its work (an `--output` FIFO with no
/// reader yet): the run ends with 128 + the signal's number, having written nothing.
#[derive(Debug, thiserror::Error)]
#[error("interrupted by {} while {what}: nothing was written", signal_name(*.signal))]
pub struct Interrupted {
    /// The signal received.
    pub signal: i32,
    /// What the run was waiting for.
    pub what: String,
}

impl Interrupted {
    /// The error for a wait (`what`) that the signal received ended, if one did.
    pub fn check(what: impl FnOnce() -> String) -> Result<(), Interrupted> {
        match signal() {
            Some(signal) => Err(Interrupted {
                signal,
                what: what(),
            }),
            None => Ok(()),
        }
    }
}

/// `SIGINT`, `SIGTERM` or `SIGHUP`, as messages name them.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        signal_hook::consts::SIGTERM => "SIGTERM",
        signal_hook::consts::SIGHUP => "SIGHUP",
        _ => "SIGINT",
    }
}

/// The same flag as the library's solvers take it, so their searches end between two nodes.
pub fn stop_flag() -> StopFlag {
    FLAGS.get().map_or_else(StopFlag::never, |flags| {
        StopFlag::new(Arc::clone(&flags.requested))
    })
}

/// Whether a signal asked the run to stop.
pub fn requested() -> bool {
    flag().load(Ordering::Relaxed)
}

/// The signal received, if any (SIGINT, SIGTERM or SIGHUP).
pub fn signal() -> Option<i32> {
    let flags = FLAGS.get()?;
    if !flags.requested.load(Ordering::Relaxed) {
        return None;
    }
    Some(flags.signal.load(Ordering::Relaxed) as i32)
}
