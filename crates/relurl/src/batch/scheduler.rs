//! The batch scheduler: work cut into tasks, run on a few threads (the calling thread one of
//! them), results taken in order, a stop at the first failure, and a check for an
//! interruption (Ctrl-C in Python) between tasks on the calling thread.
//!
//! Two shapes of work:
//!
//! - [`in_order`]: tasks `0..n` handed out one at a time to whichever thread is free, their
//!   results given to the caller's `consume` on the calling thread, in task order, while the
//!   other threads work ahead (at most a few tasks: the results wait in memory). A Python
//!   list batch makes each task's rows into `str`s there; a chunked Arrow array takes each
//!   chunk's array.
//! - [`split`]: rows `0..len` cut into one contiguous range per thread, each thread writing
//!   its range's results into one buffer of its own, a step at a time: one Arrow array, whose
//!   buffers are joined at the end (with one thread, its buffer is the result).

use core::num::NonZeroUsize;
use core::ops::{ControlFlow, Range};
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::counts::Counter;
pub use super::counts::{counted, Counts};
use super::options::max_threads;

/// How long the calling thread waits for another thread's result before it checks for an
/// interruption again.
const POLL: Duration = Duration::from_millis(10);

/// A check, made between tasks on the calling thread, of whether the batch should stop (in
/// Python: a pending `KeyboardInterrupt`). Any `Fn() -> bool + Sync` is one (`true`: stop).
pub trait Interrupt: Sync {
    /// Whether to stop the batch now.
    fn interrupted(&self) -> bool;
}

impl<F: Fn() -> bool + Sync> Interrupt for F {
    fn interrupted(&self) -> bool {
        self()
    }
}

/// The check that never stops a batch.
#[derive(Debug, Clone, Copy, Default)]
pub struct Never;

impl Interrupt for Never {
    fn interrupted(&self) -> bool {
        false
    }
}

/// The outcome of a batch stopped by its [`Interrupt`] before the end: its results are
/// incomplete (and dropped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

impl core::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the batch was interrupted")
    }
}

impl std::error::Error for Interrupted {}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The tasks of an ordered run, shared by its threads.
struct Queue<T> {
    /// The next task to hand out.
    next: usize,
    /// The tasks given to `consume` so far (the next one to give is this one).
    consumed: usize,
    /// One past the last task needed: `tasks`, or lower once a task said it is the last.
    end: usize,
    /// Finished tasks waiting for their turn.
    ready: BTreeMap<usize, T>,
    /// The run is over (finished, stopped by the caller, interrupted, or a thread panicked).
    stop: bool,
}

/// Sets `stop` and wakes every thread when dropped: at the end of a thread's part of the
/// run, however it ends (a panic too), so that no thread waits for it for ever.
struct StopOnDrop<'q, T> {
    queue: &'q Mutex<Queue<T>>,
    changed: &'q Condvar,
    counter: &'q Counter,
    /// Only the calling thread's end, or a panic, stops the others.
    always: bool,
}

impl<T> Drop for StopOnDrop<'_, T> {
    fn drop(&mut self) {
        if self.always || std::thread::panicking() {
            lock(self.queue).stop = true;
            self.counter.notify_all(self.changed);
        }
    }
}

/// Runs tasks `0..tasks` on `threads` threads (the calling thread one of them; at most
/// [`max_threads`], and no more than `tasks`), and gives each result to `consume` on the calling thread, in
/// task order. The threads run at most `2 * threads` tasks ahead of `consume`.
///
/// `work(i)` returns task `i`'s result and whether the tasks after it are still needed
/// (`Break`: they are not, say after a failure when the batch stops at its first; tasks
/// already running finish, and only the tasks up to this one are consumed). `consume`
/// returning `Break` ends the run at once. Between tasks, and every few milliseconds while
/// it waits for another thread, the calling thread asks `interrupt`: when it says stop, no
/// more tasks start, the running ones finish, and the run ends with [`Interrupted`].
///
/// # Panics
/// A panic of `work` or `consume` is passed on, once every thread has stopped.
///
/// # Errors
/// [`Interrupted`] when `interrupt` stopped the run.
pub fn in_order<T: Send>(
    tasks: usize,
    threads: NonZeroUsize,
    interrupt: &dyn Interrupt,
    work: &(dyn Fn(usize) -> (T, ControlFlow<()>) + Sync),
    consume: &mut dyn FnMut(usize, T) -> ControlFlow<()>,
) -> Result<(), Interrupted> {
    let threads = threads.min(max_threads()).get().min(tasks).max(1);
    let ahead = threads.saturating_mul(2);
    let queue = Mutex::new(Queue { next: 0, consumed: 0, end: tasks, ready: BTreeMap::new(), stop: false });
    let changed = Condvar::new();
    let counter = Counter::current();
    let (queue, changed, counter) = (&queue, &changed, &counter);
    let finished = |index: usize, flow: ControlFlow<()>, value: T| {
        let mut q = lock(queue);
        if flow.is_break() {
            q.end = q.end.min(index + 1);
        }
        q.ready.insert(index, value);
        counter.notify_all(changed);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            counter.spawned();
            scope.spawn(move || {
                let _guard = StopOnDrop { queue, changed, counter, always: false };
                loop {
                    let index = {
                        let mut q = lock(queue);
                        loop {
                            if q.stop || q.next >= q.end {
                                return;
                            }
                            if q.next < q.consumed.saturating_add(ahead) {
                                break;
                            }
                            q = counter.wait(changed, q);
                        }
                        q.next += 1;
                        q.next - 1
                    };
                    let (value, flow) = work(index);
                    finished(index, flow, value);
                }
            });
        }
        let _guard = StopOnDrop { queue, changed, counter, always: true };
        // Asked between tasks: not before the first nor after the last (a batch of one task
        // asks nothing).
        let mut between = false;
        loop {
            let done = {
                let q = lock(queue);
                q.consumed >= q.end
            };
            if done {
                return Ok(());
            }
            if between && interrupt.interrupted() {
                return Err(Interrupted);
            }
            between = true;
            let mut q = lock(queue);
            if q.consumed >= q.end {
                return Ok(());
            }
            let index = q.consumed;
            if let Some(value) = q.ready.remove(&index) {
                q.consumed += 1;
                drop(q);
                counter.notify_all(changed);
                if consume(index, value).is_break() {
                    return Ok(());
                }
            } else if q.next < q.end && q.next < q.consumed.saturating_add(ahead) {
                q.next += 1;
                let mine = q.next - 1;
                drop(q);
                let (value, flow) = work(mine);
                finished(mine, flow, value);
            } else if q.stop {
                // Another thread panicked: the scope passes its panic on.
                return Ok(());
            } else {
                drop(counter.wait_timeout(changed, q, POLL));
            }
        }
    })
}

/// Counts a worker's end in [`split`] (a panic too) and wakes the calling thread.
struct Done<'a>(&'a Mutex<usize>, &'a Condvar, &'a Counter);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        *lock(self.0) -= 1;
        self.2.notify_all(self.1);
    }
}

/// `len` rows as `threads` contiguous ranges of nearly equal size (fewer when there are
/// fewer rows than threads).
pub(super) fn split_rows(len: usize, threads: usize) -> Vec<Range<usize>> {
    let threads = threads.clamp(1, len.max(1));
    let (size, extra) = (len / threads, len % threads);
    let mut start = 0;
    (0..threads)
        .map(|i| {
            let end = start + size + usize::from(i < extra);
            let range = start..end;
            start = end;
            range
        })
        .collect()
}

/// Rows `0..len` cut into `threads` contiguous ranges (at most [`max_threads`]), one per thread (the
/// calling thread takes the first): the calling thread makes every range's state with
/// `start(range)`, in range order, before any thread starts (so the first range, the one
/// a caller may size for the whole batch, is served first by a pool of buffers), then each
/// thread goes through its range in steps of `step_rows` rows, `step(&mut state, rows)`.
/// Returns the states in range order.
///
/// A step returning `Break` (a failure, when the batch stops at its first) ends its own
/// range and the ranges after it, never one before (whose failure would come first).
/// Between its steps, and every few milliseconds once its range is done, the calling thread
/// asks `interrupt`; when it says stop, every thread ends after its current step.
///
/// # Panics
/// A panic of `start` or `step` is passed on, once every thread has stopped.
///
/// # Errors
/// [`Interrupted`] when `interrupt` stopped the batch.
pub fn split<S: Send>(
    len: usize,
    threads: NonZeroUsize,
    step_rows: NonZeroUsize,
    interrupt: &dyn Interrupt,
    start: &(dyn Fn(Range<usize>) -> S + Sync),
    step: &(dyn Fn(&mut S, Range<usize>) -> ControlFlow<()> + Sync),
) -> Result<Vec<S>, Interrupted> {
    let ranges = split_rows(len, threads.min(max_threads()).get());
    let halt = AtomicBool::new(false);
    // The lowest range that ended at a failure: the ranges after it end too.
    let failed = AtomicUsize::new(usize::MAX);
    let (running, done) = (Mutex::new(ranges.len() - 1), Condvar::new());
    let counter = Counter::current();
    let run = |index: usize, range: Range<usize>, mut state: S, check: &dyn Fn() -> bool| -> S {
        let mut from = range.start;
        while from < range.end {
            // Asked between steps: not before the first.
            if (from > range.start && check()) || index > failed.load(Ordering::Relaxed) {
                break;
            }
            let to = range.end.min(from.saturating_add(step_rows.get()));
            if step(&mut state, from..to).is_break() {
                failed.fetch_min(index, Ordering::Relaxed);
                break;
            }
            from = to;
        }
        state
    };
    let mut states: Vec<S> = ranges.iter().map(|range| start(range.clone())).collect();
    let rest = states.split_off(1);
    let first_state = states.pop();
    std::thread::scope(|scope| {
        let (run, halt, running, done, counter) = (&run, &halt, &running, &done, &counter);
        let workers: Vec<_> = ranges[1..]
            .iter()
            .zip(rest)
            .enumerate()
            .map(|(i, (range, state))| {
                let range = range.clone();
                counter.spawned();
                scope.spawn(move || {
                    let _done = Done(running, done, counter);
                    run(i + 1, range, state, &|| halt.load(Ordering::Relaxed))
                })
            })
            .collect();
        // The calling thread: its range, then the wait for the others, asking `interrupt`.
        let ask = || {
            let stopped = interrupt.interrupted();
            if stopped {
                halt.store(true, Ordering::Relaxed);
            }
            stopped || halt.load(Ordering::Relaxed)
        };
        let first = first_state.map(|state| run(0, ranges[0].clone(), state, &ask));
        let mut left = lock(running);
        while *left > 0 && !halt.load(Ordering::Relaxed) {
            left = counter.wait_timeout(done, left, POLL);
            if *left > 0 {
                drop(left);
                ask();
                left = lock(running);
            }
        }
        drop(left);
        let mut states = Vec::with_capacity(ranges.len());
        states.extend(first);
        for worker in workers {
            states.push(worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        if halt.load(Ordering::Relaxed) {
            Err(Interrupted)
        } else {
            Ok(states)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_rows_covers_every_row_once() {
        for len in 0..20 {
            for threads in 1..6 {
                let ranges = split_rows(len, threads);
                let flat: Vec<usize> = ranges.iter().flat_map(Clone::clone).collect();
                assert_eq!(flat, (0..len).collect::<Vec<_>>());
                assert!(ranges.len() <= threads.max(1));
            }
        }
    }
}
