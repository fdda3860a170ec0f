//! What a batch did with threads and with the kernel's means of waiting, counted for the
//! batches run inside [`counted`]: the threads it started, and the notifications and waits
//! of its condition variables (a notification of a `std` condition variable is a system call
//! whether or not a thread waits on it; a wait puts a thread to sleep).
//!
//! Outside [`counted`] nothing is counted: a batch looks once, on the calling thread, at a
//! thread-local slot that is empty.

use core::cell::RefCell;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, MutexGuard, PoisonError};
use std::time::Duration;

/// What the batches run inside [`counted`] did, on all their threads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Threads started (the calling thread, which takes part in every batch, not counted).
    pub spawned: usize,
    /// Notifications of a condition variable (each one a system call).
    pub notified: usize,
    /// Waits on a condition variable (each one a thread put to sleep, for a while at most).
    pub waited: usize,
}

/// The counters shared by the threads of the batches run inside one [`counted`].
#[derive(Default)]
struct Tally {
    spawned: AtomicUsize,
    notified: AtomicUsize,
    waited: AtomicUsize,
}

thread_local! {
    /// The tally of the innermost [`counted`] running on this thread.
    static COUNTING: RefCell<Option<Arc<Tally>>> = const { RefCell::new(None) };
}

/// Runs `f` and returns its result with what the batches it ran on this thread did
/// ([`Counts`]): a diagnostic, and the way the tests check that a batch one thread does
/// starts no thread and touches no condition variable, and that a shared batch notifies
/// only threads that wait.
///
/// # Example
/// ```
/// use relurl::batch::scheduler::{counted, Counts};
/// use relurl::batch::{resolve_batch, BatchOptions, Repeated};
/// let refs: &[&str] = &["g", "../h"];
/// let (resolved, counts) = counted(|| resolve_batch(&Repeated::new(Some("http://a/b/c"), 2), refs, BatchOptions::default()));
/// assert_eq!(resolved.len(), 2);
/// assert_eq!(counts, Counts::default());
/// ```
pub fn counted<R>(f: impl FnOnce() -> R) -> (R, Counts) {
    /// Puts the outer tally back, however `f` ends.
    struct Restore(Option<Arc<Tally>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            COUNTING.with(|slot| *slot.borrow_mut() = outer);
        }
    }
    let tally = Arc::new(Tally::default());
    let outer = COUNTING.with(|slot| slot.borrow_mut().replace(Arc::clone(&tally)));
    let restore = Restore(outer);
    let result = f();
    drop(restore);
    let counts = Counts {
        spawned: tally.spawned.load(Ordering::Relaxed),
        notified: tally.notified.load(Ordering::Relaxed),
        waited: tally.waited.load(Ordering::Relaxed),
    };
    (result, counts)
}

/// The counting of one batch, taken on its calling thread and shared with its threads:
/// nothing outside [`counted`].
#[derive(Default)]
pub(super) struct Counter(Option<Arc<Tally>>);

impl Counter {
    /// The counter of a batch starting on this thread.
    pub(super) fn current() -> Self {
        Self(COUNTING.with(|slot| slot.borrow().clone()))
    }

    fn add(&self, field: fn(&Tally) -> &AtomicUsize) {
        if let Some(tally) = &self.0 {
            field(tally).fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts a thread started.
    pub(super) fn spawned(&self) {
        self.add(|t| &t.spawned);
    }

    /// `condvar.notify_one()`, counted.
    pub(super) fn notify_one(&self, condvar: &Condvar) {
        self.add(|t| &t.notified);
        condvar.notify_one();
    }

    /// `condvar.notify_all()`, counted.
    pub(super) fn notify_all(&self, condvar: &Condvar) {
        self.add(|t| &t.notified);
        condvar.notify_all();
    }

    /// `condvar.wait(guard)`, counted (a poisoned lock is taken as it is).
    pub(super) fn wait<'a, T>(&self, condvar: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
        self.add(|t| &t.waited);
        condvar.wait(guard).unwrap_or_else(PoisonError::into_inner)
    }

    /// `condvar.wait_timeout(guard, timeout)`, counted (a poisoned lock is taken as it is).
    pub(super) fn wait_timeout<'a, T>(&self, condvar: &Condvar, guard: MutexGuard<'a, T>, timeout: Duration) -> MutexGuard<'a, T> {
        self.add(|t| &t.waited);
        condvar.wait_timeout(guard, timeout).unwrap_or_else(PoisonError::into_inner).0
    }
}
