//! The batch scheduler (src/services/batch/scheduler.rs) and the three ways the bindings use it:
//! results in order whatever thread made them, no more threads than asked or than the
//! machine has, the lowest failed row reported when stopping at the first, every failed row
//! with its index otherwise, chunked columns with the rows of the whole column, and an
//! interruption that stops a batch early with its own outcome.

use core::ops::ControlFlow;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use relurl::batch::scheduler::{counted, in_order, split, Counts};
use relurl::batch::{
    max_threads, resolve_batch, resolve_batch_with, resolve_chunks, resolve_in_order, BatchOptions, Cell, Chunks, Input, Interrupted,
    Never, Repeated, Resolved, Row, StrColumn, Tuning,
};

use super::batch::{fine, threads};

/// A column that counts the rows read from it (to see how far a batch went).
struct Counting<'a> {
    rows: &'a [&'a str],
    read: AtomicUsize,
}

impl<'a> Counting<'a> {
    fn new(rows: &'a [&'a str]) -> Self {
        Self { rows, read: AtomicUsize::new(0) }
    }
}

impl StrColumn for Counting<'_> {
    fn len(&self) -> usize {
        self.rows.len()
    }
    fn get(&self, row: usize) -> Cell<'_> {
        self.read.fetch_add(1, Ordering::Relaxed);
        Cell::Text(self.rows[row])
    }
}

fn refs(n: usize, bad: &[usize]) -> Vec<String> {
    (0..n).map(|i| if bad.contains(&i) { format!("bad ref {i}") } else { format!("../p{i}/q?{i}") }).collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Every row's text (None for null or failed), from results given in order.
fn texts(all: &[Resolved]) -> Vec<Option<String>> {
    all.iter()
        .flat_map(Resolved::rows)
        .map(|r| match r {
            Row::Text(t) => Some(t.to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn in_order_gives_each_result_in_task_order_whatever_thread_finished_first() {
    for n in [1, 2, 3, 8] {
        let used = Mutex::new(HashSet::new());
        // Uneven work: later tasks often finish before earlier ones.
        let work = |i: usize| {
            used.lock().unwrap().insert(std::thread::current().id());
            std::thread::sleep(Duration::from_micros(((i * 7) % 5) as u64 * 200));
            (i, ControlFlow::Continue(()))
        };
        let mut got = Vec::new();
        let outcome = in_order(60, threads(n), &Never, &work, &mut |index, value| {
            assert_eq!(index, value);
            got.push(value);
            ControlFlow::Continue(())
        });
        assert_eq!(outcome, Ok(()));
        assert_eq!(got, (0..60).collect::<Vec<_>>(), "threads={n}");
        // The thread cap: never more threads than asked, nor than the machine has.
        let used = used.lock().unwrap().len();
        assert!(used <= n.min(max_threads().get()), "threads={n}: {used} threads ran");
    }
}

#[test]
fn a_huge_thread_count_runs_at_most_max_threads() {
    let used = Mutex::new(HashSet::new());
    let work = |i: usize| {
        used.lock().unwrap().insert(std::thread::current().id());
        std::thread::sleep(Duration::from_millis(1));
        (i, ControlFlow::Continue(()))
    };
    in_order(50, threads(usize::MAX), &Never, &work, &mut |_, _| ControlFlow::Continue(())).unwrap();
    assert!(used.lock().unwrap().len() <= max_threads().get());
    let used = Mutex::new(HashSet::new());
    let states = split(10_000, threads(usize::MAX), threads(100), &Never, &|range| range, &|_, _| {
        used.lock().unwrap().insert(std::thread::current().id());
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(states.len() <= max_threads().get());
    assert!(used.lock().unwrap().len() <= max_threads().get());
    // The ranges cover every row once, in order.
    assert_eq!(states.iter().flat_map(Clone::clone).collect::<Vec<_>>(), (0..10_000).collect::<Vec<_>>());
}

#[test]
fn a_task_that_says_it_is_the_last_ends_the_run_after_it() {
    for n in [1, 2, 4] {
        let work = |i: usize| (i, if i == 13 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) });
        let mut got = Vec::new();
        in_order(100, threads(n), &Never, &work, &mut |_, v| {
            got.push(v);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(got, (0..=13).collect::<Vec<_>>(), "threads={n}");
    }
}

fn options(n: usize, task: usize) -> BatchOptions {
    let rows = threads(task);
    BatchOptions { threads: threads(n), tuning: Tuning { rows_per_task: rows, rows_per_step: rows, ..Tuning::FINEST }, ..fine() }
}

#[test]
fn ordered_batches_match_the_whole_batch_on_any_thread_count() {
    let refs = refs(5000, &[]);
    let refs = strs(&refs);
    let bases: Vec<String> = (0..5000).map(|i| format!("http://h{}/a/b/c", i / 100)).collect();
    let bases = strs(&bases);
    let whole = texts(&[resolve_batch(bases.as_slice(), refs.as_slice(), fine())]);
    for n in [1, 2, 3] {
        for task in [1, 7, 512, 10_000] {
            let mut all = Vec::new();
            let mut next_start = 0;
            resolve_in_order(bases.as_slice(), refs.as_slice(), options(n, task), &Never, &mut |resolved| {
                assert_eq!(resolved.start(), next_start);
                next_start += resolved.len();
                all.push(resolved);
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(texts(&all), whole, "threads={n} task={task}");
        }
    }
}

#[test]
fn stopping_at_the_first_failure_reports_the_lowest_failed_row() {
    let refs = refs(3000, &[2500, 1700, 1701, 2999]);
    let refs = strs(&refs);
    let base = Repeated::new(Some("http://a/b/c"), refs.len());
    for n in [1, 2, 3] {
        let stop = BatchOptions { strict: true, stop_at_first_error: true, ..options(n, 100) };
        // Ordered: the task holding row 1700 is the last one consumed.
        let mut all = Vec::new();
        resolve_in_order(&base, refs.as_slice(), stop, &Never, &mut |r| {
            all.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(all.iter().flat_map(Resolved::errors).next().map(|e| e.row), Some(1700), "threads={n}");
        assert_eq!(all.last().map(Resolved::start), Some(1700));
        // Split: the first error is the lowest, though a later range failed too.
        let split = resolve_batch(&base, refs.as_slice(), stop);
        assert_eq!(split.first_error().map(|e| (e.row, e.input)), Some((1700, Input::Reference)), "threads={n}");
        // Chunked: the same, with the rows of the whole column.
        let chunks: Vec<&[&str]> = refs.chunks(300).collect();
        let got = resolve_chunks(&base, &chunks, stop, &Never, &|r: Resolved| r.errors().map(|e| e.row).collect::<Vec<_>>()).unwrap();
        assert_eq!(got.iter().flatten().next(), Some(&1700), "threads={n}");
        assert!(got.len() <= 10, "the chunks after the failed one are left out");
    }
}

#[test]
fn without_stopping_every_failed_row_is_reported_with_its_index_and_the_rest_resolve() {
    let bad = [0, 99, 100, 101, 777, 2999];
    let refs = refs(3000, &bad);
    let refs = strs(&refs);
    let base = Repeated::new(Some("http://a/b/c"), refs.len());
    for n in [1, 2, 3] {
        let opts = BatchOptions { strict: true, ..options(n, 64) };
        let mut all = Vec::new();
        resolve_in_order(&base, refs.as_slice(), opts, &Never, &mut |r| {
            all.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
        let rows: Vec<usize> = all.iter().flat_map(Resolved::errors).map(|e| e.row).collect();
        assert_eq!(rows, bad, "threads={n}");
        let got = texts(&all);
        for (row, text) in got.iter().enumerate() {
            assert_eq!(text.is_none(), bad.contains(&row), "row {row}");
        }
        let whole = resolve_batch(&base, refs.as_slice(), opts);
        assert_eq!(whole.errors().map(|e| e.row).collect::<Vec<_>>(), bad);
    }
}

#[test]
fn chunked_columns_are_read_with_the_rows_of_the_whole_column() {
    let bad = [5, 640, 641, 1999];
    let refs = refs(2000, &bad);
    let refs = strs(&refs);
    let bases: Vec<String> = (0..2000).map(|i| format!("http://h{}/a/b", i / 3)).collect();
    let bases = strs(&bases);
    // Bases and references cut at different places.
    let ref_chunks: Vec<&[&str]> = refs.chunks(333).collect();
    let base_chunks: Vec<&[&str]> = bases.chunks(250).collect();
    let (starts, len) = relurl::batch::chunk_starts(base_chunks.iter().map(|c| <[&str]>::len(c))).unwrap();
    let base_column = Chunks::new(&base_chunks, &starts, len);
    assert_eq!(base_column.get(1999), Cell::Text(bases[1999]));
    assert_eq!(base_column.window(600, 10).get(3), Cell::Text(bases[603]));
    let opts = BatchOptions { strict: true, ..fine() };
    let whole = resolve_batch(bases.as_slice(), refs.as_slice(), opts);
    for n in [1, 2, 3, 8] {
        let got =
            resolve_chunks(&base_column, &ref_chunks, BatchOptions { threads: threads(n), ..opts }, &Never, &|r: Resolved| r).unwrap();
        assert_eq!(got.len(), ref_chunks.len());
        assert_eq!(got.iter().map(Resolved::start).collect::<Vec<_>>(), (0..2000).step_by(333).collect::<Vec<_>>());
        assert_eq!(texts(&got), texts(std::slice::from_ref(&whole)), "threads={n}");
        let rows: Vec<(usize, Input)> = got.iter().flat_map(Resolved::errors).map(|e| (e.row, e.input)).collect();
        assert_eq!(rows, bad.map(|r| (r, Input::Reference)), "threads={n}");
    }
}

#[test]
fn an_interruption_stops_each_kind_of_batch_early_with_its_own_outcome() {
    let refs = refs(200_000, &[]);
    let refs = strs(&refs);
    let base = Repeated::new(Some("http://a/b/c"), refs.len());
    for n in [1, 2] {
        // Says stop at the second question (the first is asked after the first task/step).
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 1;
        let column = Counting::new(&refs);
        let outcome = resolve_in_order(&base, &column, options(n, 1000), &stop, &mut |_| ControlFlow::Continue(()));
        assert_eq!(outcome, Err(Interrupted), "threads={n}");
        assert!(column.read.load(Ordering::Relaxed) < refs.len() / 4, "threads={n}: ordered batch went on");

        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 1;
        let column = Counting::new(&refs);
        let outcome = resolve_batch_with(&base, &column, options(n, 1000), &stop);
        assert!(matches!(outcome, Err(Interrupted)), "threads={n}");
        assert!(column.read.load(Ordering::Relaxed) < refs.len() / 4, "threads={n}: split batch went on");

        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 1;
        let chunks: Vec<Counting<'_>> = refs.chunks(1000).map(Counting::new).collect();
        let outcome = resolve_chunks(&base, &chunks, options(n, 1000), &stop, &|r: Resolved| r.len());
        assert_eq!(outcome, Err(Interrupted), "threads={n}");
        let read: usize = chunks.iter().map(|c| c.read.load(Ordering::Relaxed)).sum();
        assert!(read < refs.len() / 4, "threads={n}: chunked batch went on ({read} rows)");

        // A check that never says stop changes nothing; one step on one thread asks nothing
        // (10 rows are too few to share with the measured tuning, whatever `threads` says;
        // shared, the calling thread would ask while it waits for the other threads).
        let never = || false;
        let done = resolve_batch_with(&base, refs.as_slice(), options(n, 1000), &never).unwrap();
        assert_eq!(done.rows().count(), refs.len());
        let always = || true;
        let one_step = BatchOptions { threads: threads(n), ..BatchOptions::default() };
        let one = resolve_batch_with(&Repeated::new(Some("http://a/"), 10), &refs[..10], one_step, &always);
        assert_eq!(one.map(|r| r.len()), Ok(10));
    }
}

#[test]
fn a_panic_in_a_task_is_passed_on_and_no_thread_waits_for_ever() {
    for n in [1, 2] {
        let result = std::panic::catch_unwind(|| {
            let work = |i: usize| {
                assert!(i != 5, "task 5 fails");
                (i, ControlFlow::Continue(()))
            };
            in_order(50, threads(n), &Never, &work, &mut |_, _| ControlFlow::Continue(()))
        });
        assert!(result.is_err(), "threads={n}");
    }
}

/// A page's links: `URL.resolve_many` with 60 references, many times a second.
fn page(n: usize) -> (Vec<String>, Repeated<'static>) {
    (refs(n, &[]), Repeated::new(Some("http://a/b/c/d;p?q"), n))
}

#[test]
fn a_batch_one_thread_does_starts_no_thread_and_touches_no_condvar() {
    let (refs, base) = page(60);
    let refs = strs(&refs);
    let whole = texts(&[resolve_batch(&base, refs.as_slice(), fine())]);
    // Too few rows to share (the measured tuning), or one thread asked.
    for options in [BatchOptions::default(), BatchOptions { threads: threads(2), ..BatchOptions::default() }, options(1, 7)] {
        for stop in [false, true] {
            let options = BatchOptions { stop_at_first_error: stop, ..options };
            let (all, counts) = counted(|| {
                let mut all = Vec::new();
                resolve_in_order(&base, refs.as_slice(), options, &Never, &mut |r| {
                    all.push(r);
                    ControlFlow::Continue(())
                })
                .unwrap();
                all
            });
            assert_eq!(texts(&all), whole);
            assert_eq!(counts, Counts::default(), "ordered, {options:?}");
            let (got, counts) = counted(|| resolve_batch(&base, refs.as_slice(), options));
            assert_eq!(texts(&[got]), whole);
            assert_eq!(counts, Counts::default(), "split, {options:?}");
            let chunks: Vec<&[&str]> = refs.chunks(25).collect();
            let (got, counts) = counted(|| resolve_chunks(&base, &chunks, options, &Never, &|r: Resolved| r).unwrap());
            assert_eq!(texts(&got), whole);
            assert_eq!(counts, Counts::default(), "chunked, {options:?}");
        }
    }
    // The scheduler itself, on one thread: every task, in order, and a stop.
    for tasks in [0, 1, 2, 9] {
        let mut got = Vec::new();
        let ((), counts) = counted(|| {
            in_order(tasks, threads(1), &Never, &|i| (i, ControlFlow::Continue(())), &mut |_, v| {
                got.push(v);
                ControlFlow::Continue(())
            })
            .unwrap();
        });
        assert_eq!(got, (0..tasks).collect::<Vec<_>>());
        assert_eq!(counts, Counts::default(), "{tasks} tasks");
        let (states, counts) = counted(|| split(tasks * 10, threads(1), threads(3), &Never, &|r| r, &|_, _| ControlFlow::Continue(())));
        assert_eq!(states.unwrap().len(), 1);
        assert_eq!(counts, Counts::default(), "split of {tasks} rows");
    }
}

#[test]
fn a_shared_batch_notifies_only_threads_that_wait() {
    let n = max_threads().get().min(3);
    if n < 2 {
        return;
    }
    // Quick tasks and a quick consumer: the threads seldom wait, and are notified only then
    // (each wait ends with one notification at most, or with its timeout).
    let mut got = Vec::new();
    let ((), counts) = counted(|| {
        in_order(400, threads(n), &Never, &|i| (i, ControlFlow::Continue(())), &mut |_, v| {
            got.push(v);
            ControlFlow::Continue(())
        })
        .unwrap();
    });
    assert_eq!(got, (0..400).collect::<Vec<_>>());
    assert_eq!(counts.spawned, n - 1);
    assert!(counts.notified <= counts.waited, "{counts:?}");
    // A slow consumer: the other threads run ahead and wait for room; each is woken once the
    // window is half open again (several tasks for each wake), not once per task consumed.
    let ((), counts) = counted(|| {
        in_order(200, threads(n), &Never, &|i| (i, ControlFlow::Continue(())), &mut |_, _| {
            std::thread::sleep(Duration::from_micros(50));
            ControlFlow::Continue(())
        })
        .unwrap();
    });
    // Woken once per task consumed, they would be notified 200 times; once half the room is
    // back, at most 200 / n + 1 times (and the calling thread at most once per wait of its).
    assert!(counts.notified <= counts.waited, "{counts:?}");
    assert!(counts.notified <= 200 * 3 / 4, "{counts:?}");
    // A split batch: each thread is started once and no notification finds nobody waiting.
    let (states, counts) =
        counted(|| split(100_000, threads(n), threads(1000), &Never, &|r| r, &|_, _| ControlFlow::Continue(())).unwrap());
    assert_eq!(states.len(), n);
    assert_eq!(counts.spawned, n - 1);
    assert!(counts.notified <= counts.waited, "{counts:?}");
}
