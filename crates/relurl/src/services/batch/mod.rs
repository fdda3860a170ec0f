//! Resolving a whole batch of references at once: one base for all of them, or one base
//! per reference, split across threads.
//!
//! Each row goes through the same path as a single resolution (parse by §2.4 or RFC 3986
//! Appendix B, then RFC 1808 §4 or RFC 3986 §5.2); what the batch adds is that a base equal
//! to the previous row's is not parsed again, that the results are written one after the
//! other into one buffer per thread (Arrow's layout: a text buffer and offsets), and that
//! bad rows are recorded with their index instead of stopping the batch.
//!
//! The one scheduler ([`scheduler`]) serves every kind of input; the bindings only hand it
//! columns ([`StrColumn`]):
//!
//! - [`resolve_batch`] / [`resolve_batch_with`]: one column, one contiguous range of rows
//!   per thread, joined into one buffer ([`Resolved::into_contiguous`]: one Arrow array);
//! - [`resolve_in_order`]: one column in tasks of [`Tuning::rows_per_task`] rows, each
//!   task's results handed to the caller in order on the calling thread while the other
//!   threads work ahead (a Python list: the caller makes `str`s of a task's rows);
//! - [`resolve_chunks`]: a column cut into chunks (a chunked Arrow array), one result per
//!   chunk, with the rows counted in the whole column;
//! - [`map_chunks`]: the same for a function of each row alone ([`MapRow`]: [`Normalize`],
//!   the twins of w3lib's `canonicalize_url` and of `surt`): the same scheduler, row loop
//!   and output, only the function of a row differs.
//!
//! Every one of them stops at the first failed row when asked
//! ([`BatchOptions::stop_at_first_error`]; the lowest failed row is still reported), and asks
//! an [`Interrupt`] between tasks on the calling thread (Ctrl-C in Python).

mod buffer_pool;
mod columns;
mod counts;
mod map;
mod options;
mod output;
mod rows;
pub mod scheduler;

use core::num::NonZeroUsize;
use core::ops::ControlFlow;

pub use buffer_pool::recycle;
pub use columns::{chunk_starts, Cell, Chunks, Repeated, StrColumn};
pub use map::{MapFailure, MapRow, Normalize};
pub use options::{max_threads, BatchOptions, Input, RowError, Tuning};
pub use output::{Contiguous, Resolved, Row, RowOffsets};
pub use scheduler::{Interrupt, Interrupted, Never};

use columns::Window;
use rows::{part_for, write_rows, BaseCache, Join, Map, RowSource};

/// Resolves `references[i]` against `bases[i]` for every row `i`, by the rules of
/// `options.spec` (RFC 1808 §4 or RFC 3986 §5.2), on `options.threads` threads (at most
/// [`max_threads`], one per [`Tuning::min_rows_per_thread`] rows), each writing one
/// contiguous range of rows.
///
/// A row whose base or reference is null is [`Row::Null`]. A row fails (an entry in
/// [`Resolved::errors`], one per row: its base's error first) when an input is
/// [`Cell::Invalid`], is longer than `u32::MAX` bytes or, with `options.strict`, does not
/// conform to the RFC 1808 §2.2 BNF. Equal consecutive bases are
/// parsed (and checked) once, so one base per page costs one parse per page.
///
/// # Panics
/// If `bases` and `references` differ in length.
///
/// # Example
/// ```
/// use relurl::batch::{resolve_batch, BatchOptions, Repeated, Row};
/// let refs: &[&str] = &["g", "../h", "mailto:x@y"];
/// let base = Repeated::new(Some("http://a/b/c/d;p?q#f"), refs.len());
/// let resolved = resolve_batch(&base, refs, BatchOptions::default());
/// let rows: Vec<Row<'_>> = resolved.rows().collect();
/// assert_eq!(rows, [Row::Text("http://a/b/c/g"), Row::Text("http://a/b/h"), Row::Text("mailto:x@y")]);
/// ```
pub fn resolve_batch<B, R>(bases: &B, references: &R, options: BatchOptions) -> Resolved
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    // `Never` does not interrupt.
    resolve_batch_with(bases, references, options, &Never).unwrap_or_else(|Interrupted| Resolved::new(Vec::new(), 0, 0))
}

/// [`resolve_batch`], asking `interrupt` between steps of [`Tuning::rows_per_step`] rows on
/// the calling thread (and every few milliseconds while it waits for the other threads).
///
/// # Panics
/// If `bases` and `references` differ in length.
///
/// # Errors
/// [`Interrupted`] when `interrupt` said stop: the threads end after their current step.
pub fn resolve_batch_with<B, R>(
    bases: &B,
    references: &R,
    options: BatchOptions,
    interrupt: &dyn Interrupt,
) -> Result<Resolved, Interrupted>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    assert_eq!(bases.len(), references.len(), "one base per reference");
    split_batch(&Join { bases, references, options }, 0, options, interrupt)
}

/// The rows of `source` split into one range per thread; a failed row's index is its row
/// plus `first_row`.
fn split_batch<S: RowSource>(
    source: &S,
    first_row: usize,
    options: BatchOptions,
    interrupt: &dyn Interrupt,
) -> Result<Resolved<S::Error>, Interrupted> {
    let len = source.len();
    let threads = options.threads_for(len);
    // The first range's buffer is sized for every row: the other ranges' texts are appended
    // to it at the end (`Resolved::into_contiguous`).
    let start = |range: core::ops::Range<usize>| {
        let sized_for = if range.start == 0 && threads.get() > 1 { 0..len } else { range.clone() };
        (part_for(source, range.len(), sized_for), S::Cache::default(), range.len())
    };
    let stop = options.stop_at_first_error;
    let states = scheduler::split(len, threads, options.tuning.rows_per_step, interrupt, &start, &|(part, cache, _), rows| {
        write_rows(source, rows, first_row, stop, cache, part)
    })?;
    let parts = states
        .into_iter()
        .map(|(mut part, _, count)| {
            part.finish(count);
            part
        })
        .collect();
    Ok(Resolved::new(parts, first_row, len))
}

/// Resolves `references[i]` against `bases[i]` for every row `i` (as [`resolve_batch`]) in
/// tasks of [`Tuning::rows_per_task`] rows, on `options.threads` threads, the calling thread
/// one of them, and hands each task's results ([`Resolved::start`] is its first row) to
/// `consume` on the calling thread, in row order, while the other threads resolve the
/// tasks ahead. `consume` returning `Break` ends the batch. With
/// [`BatchOptions::stop_at_first_error`], the task holding the first failed row is the last
/// one consumed.
///
/// # Panics
/// If `bases` and `references` differ in length.
///
/// # Errors
/// [`Interrupted`] when `interrupt`, asked between tasks on the calling thread, said stop.
pub fn resolve_in_order<B, R>(
    bases: &B,
    references: &R,
    options: BatchOptions,
    interrupt: &dyn Interrupt,
    consume: &mut dyn FnMut(Resolved) -> ControlFlow<()>,
) -> Result<(), Interrupted>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    let len = references.len();
    assert_eq!(bases.len(), len, "one base per reference");
    let size = options.tuning.rows_per_task.get();
    let work = |task: usize| {
        let start = task * size;
        let rows = start..len.min(start.saturating_add(size));
        let join = Join { bases, references, options };
        let mut part = part_for(&join, rows.len(), rows.clone());
        let flow = write_rows(&join, rows.clone(), 0, options.stop_at_first_error, &mut BaseCache::default(), &mut part);
        part.finish(rows.len());
        (Resolved::new(vec![part], start, rows.len()), flow)
    };
    scheduler::in_order(len.div_ceil(size), options.threads_for(len), interrupt, &work, &mut |_, resolved| consume(resolved))
}

/// Resolves a column of references cut into chunks (`references`: each chunk a column of
/// its own; a chunked Arrow array) against `bases`, a column of the whole length (its rows
/// counted in the whole column: [`Chunks`] reads chunked bases so), and gives one result
/// per chunk: `finish` of the chunk's [`Resolved`] (whose rows and errors count in the whole
/// column), run on the thread that resolved it.
///
/// With at least as many chunks as threads, whole chunks are handed out to the threads
/// ([`scheduler::in_order`]); with fewer, each chunk is split across the threads in turn. With
/// [`BatchOptions::stop_at_first_error`], the chunks after the first failed one are left
/// out of the result. `interrupt` is asked between chunks (and between steps of a split
/// chunk) on the calling thread.
///
/// # Panics
/// If `bases` is not as long as the chunks together.
///
/// # Errors
/// [`Interrupted`] when `interrupt` said stop.
pub fn resolve_chunks<B, R, T>(
    bases: &B,
    references: &[R],
    options: BatchOptions,
    interrupt: &dyn Interrupt,
    finish: &(dyn Fn(Resolved) -> T + Sync),
) -> Result<Vec<T>, Interrupted>
where
    B: StrColumn + ?Sized,
    R: StrColumn,
    T: Send,
{
    let (starts, len) = chunk_starts(references.iter().map(StrColumn::len)).unwrap_or_default();
    assert_eq!(bases.len(), len, "one base per reference");
    let window = |chunk: usize| Window { column: bases, start: starts[chunk], len: references[chunk].len() };
    // The window is made in the closure and borrowed for the chunk's run only.
    run_chunks(
        &starts,
        len,
        options,
        interrupt,
        &|chunk, options, interrupt| {
            split_batch(&Join { bases: &window(chunk), references: &references[chunk], options }, starts[chunk], options, interrupt)
        },
        finish,
    )
}

/// `map` of every row of a column cut into chunks (`references`: each chunk a column of its
/// own; a chunked Arrow array), one result per chunk: `finish` of the chunk's [`Resolved`]
/// (whose rows and errors count in the whole column), run on the thread that mapped it; the
/// threads are shared out as [`resolve_chunks`] does. A null row is [`Row::Null`]; without
/// [`BatchOptions::copy_unchanged`], a row whose result is its text as it is is
/// [`Row::Reference`]. [`BatchOptions::spec`] and [`BatchOptions::strict`] are not read (a
/// [`MapRow`] carries its own options).
///
/// # Errors
/// [`Interrupted`] when `interrupt` said stop.
///
/// # Example
/// ```
/// use relurl::batch::{map_chunks, BatchOptions, Never, Normalize, Row};
/// use relurl::Spec;
/// let chunks: [&[&str]; 2] = [&["HTTP://A/./b"], &["http://a:80"]];
/// let keys = map_chunks(&chunks, &Normalize(Spec::Rfc3986), BatchOptions::default(), &Never, &|r| {
///     r.rows().map(|row| if let Row::Text(t) = row { t.to_owned() } else { String::new() }).collect::<Vec<_>>()
/// });
/// assert_eq!(keys.unwrap(), [vec!["http://a/b"], vec!["http://a/"]]);
/// ```
pub fn map_chunks<R, M, T>(
    references: &[R],
    map: &M,
    options: BatchOptions,
    interrupt: &dyn Interrupt,
    finish: &(dyn Fn(Resolved<MapFailure<M::Error>>) -> T + Sync),
) -> Result<Vec<T>, Interrupted>
where
    R: StrColumn,
    M: MapRow,
    T: Send,
{
    let (starts, len) = chunk_starts(references.iter().map(StrColumn::len)).unwrap_or_default();
    let copy_unchanged = options.copy_unchanged;
    run_chunks(
        &starts,
        len,
        options,
        interrupt,
        &|chunk, options, interrupt| {
            split_batch(&Map { references: &references[chunk], function: map, copy_unchanged }, starts[chunk], options, interrupt)
        },
        finish,
    )
}

/// A run of one chunk of [`run_chunks`]: `(chunk, options, interrupt)` to its results.
type RunChunk<'r, E> = dyn Fn(usize, BatchOptions, &dyn Interrupt) -> Result<Resolved<E>, Interrupted> + Sync + 'r;

/// The chunks starting at rows `starts` of a column of `len` rows, each run by `run(chunk,
/// options, interrupt)`: with at least as many chunks as threads, whole chunks handed out
/// to the threads ([`scheduler::in_order`], each chunk on one thread); with fewer, each
/// chunk split across the threads in turn. With [`BatchOptions::stop_at_first_error`], the
/// chunks after the first failed one are left out.
fn run_chunks<E, T>(
    starts: &[usize],
    len: usize,
    options: BatchOptions,
    interrupt: &dyn Interrupt,
    run: &RunChunk<'_, E>,
    finish: &(dyn Fn(Resolved<E>) -> T + Sync),
) -> Result<Vec<T>, Interrupted>
where
    E: Clone + Send + Sync,
    T: Send,
{
    let chunks = starts.len();
    let threads = options.threads_for(len);
    let mut out = Vec::with_capacity(chunks);
    if threads.get() > 1 && chunks >= threads.get() {
        let work = |chunk: usize| {
            let resolved = run(chunk, BatchOptions { threads: NonZeroUsize::MIN, ..options }, &Never)
                .unwrap_or_else(|Interrupted| Resolved::new(Vec::new(), starts[chunk], 0));
            let flow = if options.stop_at_first_error && resolved.first_error().is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
            (finish(resolved), flow)
        };
        scheduler::in_order(chunks, threads, interrupt, &work, &mut |_, result| {
            out.push(result);
            ControlFlow::Continue(())
        })?;
    } else {
        for chunk in 0..chunks {
            if chunk > 0 && interrupt.interrupted() {
                return Err(Interrupted);
            }
            let resolved = run(chunk, options, interrupt)?;
            let failed = resolved.first_error().is_some();
            out.push(finish(resolved));
            if options.stop_at_first_error && failed {
                break;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_widen_to_i64_past_i32_max() {
        let mut offsets = RowOffsets::with_capacity(3);
        offsets.push(0);
        offsets.push(i32::MAX as usize);
        assert!(matches!(offsets, RowOffsets::I32(_)));
        offsets.push(i32::MAX as usize + 1);
        assert_eq!(offsets, RowOffsets::I64(vec![0, i64::from(i32::MAX), i64::from(i32::MAX) + 1]));
        offsets.pad(5, 1 << 40);
        assert_eq!(offsets.to_vec(), [0, i32::MAX as usize, i32::MAX as usize + 1, 1 << 40, 1 << 40]);
    }
}
