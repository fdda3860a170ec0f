//! A bound on a test that must finish in linear time: the work runs on its own thread and
//! the test fails if it has not finished by a deadline, instead of hanging.
//!
//! The deadline is not a speed check (benches/linearity.py measures speed): it is two
//! orders of magnitude above what the linear code takes in a debug build on a slow, shared
//! machine, and far below the hours a quadratic regression takes on 10^6 segments.

use std::sync::mpsc;
use std::time::Duration;

/// How long one case may take before it counts as hung.
pub const DEADLINE: Duration = Duration::from_secs(120);

/// Runs `work` on a thread and returns its result; panics if it takes longer than
/// [`DEADLINE`] (the thread is left behind: the test process ends with the failure).
pub fn within_deadline<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    within(DEADLINE, what, work)
}

/// [`within_deadline`] with the deadline `limit`.
pub fn within<T: Send + 'static>(limit: Duration, what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        // The receiver is gone only after a timeout, when the result no longer matters.
        let _ = sender.send(work());
    });
    match receiver.recv_timeout(limit) {
        Ok(result) => result,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what} did not finish within {limit:?}: not linear time"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}
