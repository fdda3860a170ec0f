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
//!
//! A batch one thread does (one thread asked, or too few rows to share: a page's links) runs
//! on the calling thread alone, as a plain loop: no thread is started, and no lock or
//! condition variable is touched, so the batch makes no system call of its own. A batch
//! threads share starts its other threads once; a thread sleeps only when it has nothing to
//! do, and is notified only when it sleeps (a `std` condition variable's notification is a
//! system call even when no thread waits). [`counted`] counts all this, for the tests.

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

/// The tasks of an ordered run shared by threads, and who sleeps waiting for them.
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
    /// The calling thread sleeps on [`Ordered::result`], waiting for task `consumed` (set by
    /// it, cleared by the thread that wakes it or by itself when its wait times out).
    caller_asleep: bool,
    /// The other threads that sleep on [`Ordered::room`], waiting for room ahead of
    /// `consume`, and have not been woken yet (a spurious wake-up may leave one counted
    /// twice: then one wake-up more, never one less).
    helpers_asleep: usize,
}

/// An ordered run's shared state: the queue, the two conditions its threads sleep on, and
/// the counting of [`counted`].
struct Ordered<T> {
    queue: Mutex<Queue<T>>,
    /// Task `consumed`'s result is ready, or the run is over: the calling thread's wait.
    result: Condvar,
    /// There is room to run ahead again, or the run is over: the other threads' wait.
    room: Condvar,
    counter: Counter,
}

impl<T> Ordered<T> {
    /// Wakes the calling thread if it sleeps (`q` is the queue, locked). Nothing when it
    /// does not: a notification is a system call even when no thread waits.
    fn wake_caller(&self, q: &mut Queue<T>) {
        if q.caller_asleep {
            q.caller_asleep = false;
            self.counter.notify_one(&self.result);
        }
    }

    /// Wakes every thread that sleeps waiting for room (`q` locked), if one does.
    fn wake_helpers(&self, q: &mut Queue<T>) {
        if q.helpers_asleep > 0 {
            q.helpers_asleep = 0;
            self.counter.notify_all(&self.room);
        }
    }

    /// Records task `index`'s result (`q` locked), and the end of the run if `flow` says the
    /// tasks after it are not needed; wakes the calling thread if it waits for this one.
    fn finish(&self, q: &mut Queue<T>, index: usize, flow: ControlFlow<()>, value: T) {
        if flow.is_break() {
            q.end = q.end.min(index + 1);
        }
        q.ready.insert(index, value);
        // The calling thread waits only for task `consumed`: any other result finished
        // earlier than it is needed lets it sleep on.
        if index == q.consumed {
            self.wake_caller(q);
        }
    }
}

/// Ends the run when dropped: at the end of the calling thread's part of the run however it
/// ends, or of another thread's by a panic, so that no thread waits for it for ever. The
/// threads that sleep are woken, and no other.
struct StopOnDrop<'q, T> {
    run: &'q Ordered<T>,
    /// Only the calling thread's end, or a panic, stops the others.
    always: bool,
}

impl<T> Drop for StopOnDrop<'_, T> {
    fn drop(&mut self) {
        if self.always || std::thread::panicking() {
            let mut q = lock(&self.run.queue);
            q.stop = true;
            self.run.wake_caller(&mut q);
            self.run.wake_helpers(&mut q);
        }
    }
}

/// Runs tasks `0..tasks` on `threads` threads (the calling thread one of them; at most
/// [`max_threads`], and no more than `tasks`), and gives each result to `consume` on the
/// calling thread, in task order. The threads run at most `2 * threads` tasks ahead of
/// `consume`.
///
/// On one thread (one asked, or one task) the run is a plain loop on the calling thread:
/// no thread started, no lock, no condition variable, no system call of its own. On more,
/// the other threads are started once for the run and take tasks as they go; a thread
/// sleeps only when it has nothing to do (the calling thread waiting for the next result in
/// order, another thread waiting for room ahead), is woken only then, and a thread that
/// ran out of room is woken once half the room is back (several tasks for one wake-up).
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
    if threads == 1 {
        for index in 0..tasks {
            // Asked between tasks: not before the first nor after the last.
            if index > 0 && interrupt.interrupted() {
                return Err(Interrupted);
            }
            let (value, flow) = work(index);
            if consume(index, value).is_break() || flow.is_break() {
                break;
            }
        }
        return Ok(());
    }
    let ahead = threads.saturating_mul(2);
    let run = Ordered {
        queue: Mutex::new(Queue {
            next: 0,
            consumed: 0,
            end: tasks,
            ready: BTreeMap::new(),
            stop: false,
            caller_asleep: false,
            helpers_asleep: 0,
        }),
        result: Condvar::new(),
        room: Condvar::new(),
        counter: Counter::current(),
    };
    let run = &run;
    std::thread::scope(|scope| {
        for _ in 1..threads {
            run.counter.spawned();
            scope.spawn(move || {
                let _guard = StopOnDrop { run, always: false };
                let mut q = lock(&run.queue);
                loop {
                    if q.stop || q.next >= q.end {
                        return;
                    }
                    if q.next >= q.consumed.saturating_add(ahead) {
                        q.helpers_asleep += 1;
                        q = run.counter.wait(&run.room, q);
                        continue;
                    }
                    let index = q.next;
                    q.next += 1;
                    drop(q);
                    let (value, flow) = work(index);
                    q = lock(&run.queue);
                    run.finish(&mut q, index, flow, value);
                }
            });
        }
        let _guard = StopOnDrop { run, always: true };
        // Asked between tasks: not before the first nor after the last.
        let mut between = false;
        loop {
            if between {
                let done = {
                    let q = lock(&run.queue);
                    q.consumed >= q.end
                };
                if done {
                    return Ok(());
                }
                if interrupt.interrupted() {
                    return Err(Interrupted);
                }
            }
            between = true;
            let mut q = lock(&run.queue);
            if q.consumed >= q.end {
                return Ok(());
            }
            let index = q.consumed;
            if let Some(value) = q.ready.remove(&index) {
                q.consumed += 1;
                // The threads that ran out of room go on once half of it is back: each of
                // them finds a task, and none is woken for every task consumed.
                if q.consumed.saturating_add(ahead).saturating_sub(q.next) >= threads {
                    run.wake_helpers(&mut q);
                }
                drop(q);
                if consume(index, value).is_break() {
                    return Ok(());
                }
            } else if q.next < q.end && q.next < q.consumed.saturating_add(ahead) {
                let mine = q.next;
                q.next += 1;
                drop(q);
                let (value, flow) = work(mine);
                run.finish(&mut lock(&run.queue), mine, flow, value);
            } else if q.stop {
                // Another thread panicked: the scope passes its panic on.
                return Ok(());
            } else {
                q.caller_asleep = true;
                q = run.counter.wait_timeout(&run.result, q, POLL);
                q.caller_asleep = false;
            }
        }
    })
}

/// The calling thread's wait in [`split`]: the threads still running, and whether the
/// calling thread sleeps waiting for them.
struct Running {
    left: usize,
    caller_asleep: bool,
}

/// Counts a worker's end in [`split`] (a panic too) and wakes the calling thread if it
/// sleeps.
struct Done<'a>(&'a Mutex<Running>, &'a Condvar, &'a Counter);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        let mut running = lock(self.0);
        running.left -= 1;
        if running.caller_asleep {
            running.caller_asleep = false;
            self.2.notify_one(self.1);
        }
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
/// Returns the states in range order. One range is the calling thread's alone: no thread
/// started, no lock, no condition variable; with more, the calling thread, once its range
/// is done, sleeps until the others end, woken by each one that ends while it sleeps.
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
    // The calling thread's question: `interrupt`, and a stop it said is a stop for all.
    let ask = || {
        let stopped = interrupt.interrupted();
        if stopped {
            halt.store(true, Ordering::Relaxed);
        }
        stopped || halt.load(Ordering::Relaxed)
    };
    if rest.is_empty() {
        // One range: the calling thread's alone, no thread started, no lock, no condition.
        let first = first_state.map(|state| run(0, ranges[0].clone(), state, &ask));
        return if halt.load(Ordering::Relaxed) { Err(Interrupted) } else { Ok(first.into_iter().collect()) };
    }
    let running = Mutex::new(Running { left: rest.len(), caller_asleep: false });
    let (done, counter) = (Condvar::new(), Counter::current());
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
        let first = first_state.map(|state| run(0, ranges[0].clone(), state, &ask));
        let mut r = lock(running);
        while r.left > 0 && !halt.load(Ordering::Relaxed) {
            r.caller_asleep = true;
            r = counter.wait_timeout(done, r, POLL);
            r.caller_asleep = false;
            if r.left > 0 {
                drop(r);
                ask();
                r = lock(running);
            }
        }
        drop(r);
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
