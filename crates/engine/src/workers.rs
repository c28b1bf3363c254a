//! One copy of a search's state for each thread of the rayon pool, made on first use and kept
//! for the whole split search.
//!
//! A split search hands its subtrees to the pool a window at a time. Were each window to clone
//! its workers' states (as `map_init` does, once per rayon job), a problem with a large arena
//! and many small pieces (a million solutions one level down) would clone the arena once per
//! window: time and allocation quadratic in the problem's size. Kept per thread, the copies
//! are as many as the threads, however many windows the walk fills.

use std::sync::{Mutex, PoisonError};

/// The per-thread copies of `template`.
pub(crate) struct Workers<'t, T> {
    template: &'t T,
    /// Slot `i` is the copy of the pool's thread `i`, once it has needed one.
    copies: Vec<Mutex<Option<T>>>,
}

impl<'t, T: Clone> Workers<'t, T> {
    /// No copies yet of `template`, for the threads of the current rayon pool.
    pub(crate) fn new(template: &'t T) -> Self {
        let threads = rayon::current_num_threads().max(1);
        Workers {
            template,
            copies: (0..threads).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Runs `work` on the calling thread's copy, made from the template the first time. A
    /// thread outside the pool (which a split search never uses, but nothing forbids) works on
    /// a copy of its own for this call.
    pub(crate) fn with<R>(&self, work: impl FnOnce(&mut T) -> R) -> R {
        let slot = rayon::current_thread_index().and_then(|index| self.copies.get(index));
        match slot {
            Some(slot) => {
                // A thread holds its own slot only while `work` runs, and `work` (a subtree's
                // search) starts no nested pool job, so the lock is never contended; a panic
                // in an earlier `work` leaves a copy that is only ever searched from a clean
                // start, so a poisoned lock is taken as it is.
                let mut copy = slot.lock().unwrap_or_else(PoisonError::into_inner);
                work(copy.get_or_insert_with(|| self.template.clone()))
            }
            None => work(&mut self.template.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A value that counts its clones.
    struct Counted<'c>(&'c AtomicUsize);

    impl Clone for Counted<'_> {
        fn clone(&self) -> Self {
            self.0.fetch_add(1, Ordering::Relaxed);
            Counted(self.0)
        }
    }

    #[test]
    fn many_windows_clone_the_template_once_a_thread_at_most() {
        let clones = AtomicUsize::new(0);
        let template = Counted(&clones);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        pool.install(|| {
            let workers = Workers::new(&template);
            for _window in 0..1000 {
                (0..64).into_par_iter().for_each(|_| workers.with(|_| ()));
            }
        });
        assert!(clones.load(Ordering::Relaxed) <= 2, "{clones:?} clones");
    }
}
