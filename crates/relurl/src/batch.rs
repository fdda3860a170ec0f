//! Resolving a whole batch of references at once: one base for all of them, or one base
//! per reference, split across threads.
//!
//! Each row goes through the same path as a single resolution (parse by §2.4 or RFC 3986
//! Appendix B, then RFC 1808 §4 or RFC 3986 §5.2); what the batch adds is that a base equal
//! to the previous row's is not parsed again, that the results are written one after the
//! other into one buffer per thread (Arrow's layout: a text buffer and offsets), and that
//! bad rows are recorded with their index instead of stopping the batch.

use core::num::NonZeroUsize;
use core::ops::Range;
use std::sync::OnceLock;

use crate::any::AnyUrl;
use crate::error::Error;
use crate::resolved::Unchanged;

use crate::spec::Spec;

/// One row of a [`StrColumn`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell<'a> {
    /// A null row: the batch's answer for it is null.
    Null,
    /// The row's text.
    Text(&'a str),
    /// A row that has no text, with the error to report for it: bytes that are not UTF-8
    /// ([`crate::ErrorKind::InvalidUtf8`], from [`Error::check_utf8`]) or any error the column
    /// found. The batch records the row as failed ([`RowError`]), like a row that fails to
    /// parse.
    Invalid(Error),
}

impl<'a> From<Option<&'a str>> for Cell<'a> {
    #[inline]
    fn from(text: Option<&'a str>) -> Self {
        text.map_or(Self::Null, Self::Text)
    }
}

/// A column of strings, some of them null or unreadable: a Python list, an Arrow array, a
/// slice.
pub trait StrColumn: Sync {
    /// The number of rows.
    fn len(&self) -> usize;
    /// Whether the column has no rows.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Row `row`: its text, a null, or the error that makes it unreadable. `row < self.len()`.
    fn get(&self, row: usize) -> Cell<'_>;
    /// The total length in bytes of the rows `rows`, if known without reading them (Arrow
    /// offsets); it sizes the output buffer once instead of growing it.
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        let _ = rows;
        None
    }
}

impl StrColumn for [&str] {
    fn len(&self) -> usize {
        <[&str]>::len(self)
    }
    fn get(&self, row: usize) -> Cell<'_> {
        Cell::Text(self[row])
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        self[rows].iter().try_fold(0usize, |total, s| total.checked_add(s.len()))
    }
}

impl StrColumn for [Option<&str>] {
    fn len(&self) -> usize {
        <[Option<&str>]>::len(self)
    }
    fn get(&self, row: usize) -> Cell<'_> {
        self[row].into()
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        self[rows].iter().try_fold(0usize, |total, s| total.checked_add(s.map_or(0, str::len)))
    }
}

/// A column of cells (a list of strings that may hold nulls and unreadable rows).
impl StrColumn for [Cell<'_>] {
    fn len(&self) -> usize {
        <[Cell<'_>]>::len(self)
    }
    fn get(&self, row: usize) -> Cell<'_> {
        self[row]
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        self[rows].iter().try_fold(0usize, |total, cell| total.checked_add(if let Cell::Text(s) = cell { s.len() } else { 0 }))
    }
}

/// One cell repeated `len` times: a single base for every reference (a text, a null, or an
/// unreadable base, which fails every row that has a reference).
#[derive(Debug, Clone, Copy)]
pub struct Repeated<'a> {
    /// The cell of every row.
    pub cell: Cell<'a>,
    /// The number of rows.
    pub len: usize,
}

impl<'a> Repeated<'a> {
    /// `cell` (a [`Cell`], or an `Option<&str>`: `None` is a null) repeated `len` times.
    pub fn new(cell: impl Into<Cell<'a>>, len: usize) -> Self {
        Self { cell: cell.into(), len }
    }
}

impl StrColumn for Repeated<'_> {
    fn len(&self) -> usize {
        self.len
    }
    fn get(&self, _row: usize) -> Cell<'_> {
        self.cell
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        let text = if let Cell::Text(s) = self.cell { s.len() } else { 0 };
        text.checked_mul(rows.len())
    }
}

/// How a batch runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchOptions {
    /// The rules for parsing and resolving.
    pub spec: Spec,
    /// Check every base and reference against the RFC 1808 §2.2 BNF first
    /// ([`crate::parse_checked`]); a row that does not conform fails. RFC 1808 only: with
    /// [`Spec::Rfc3986`] every row with a base and a reference fails with
    /// [`ErrorKind::StrictUnavailable`](crate::ErrorKind::StrictUnavailable).
    pub strict: bool,
    /// Stop each thread at its first failed row (the caller raises; the rest is not needed).
    pub stop_at_first_error: bool,
    /// Write the text of rows whose answer is an input as given ([`Unchanged`]); without it
    /// such rows are [`Row::Reference`] / [`Row::Base`] and the caller reuses its input.
    pub copy_unchanged: bool,
    /// The number of threads, at most [`max_threads`] (a larger number counts as that); the
    /// rows are split into this many contiguous ranges.
    pub threads: NonZeroUsize,
}

/// The most threads a batch runs on: the machine's available parallelism
/// ([`std::thread::available_parallelism`], read once per process), or 1 when it cannot be
/// known. More threads than cores would only add threads to schedule (and a huge `threads`
/// one OS thread per range, until spawning fails).
pub fn max_threads() -> NonZeroUsize {
    static MAX: OnceLock<NonZeroUsize> = OnceLock::new();
    *MAX.get_or_init(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN))
}

impl Default for BatchOptions {
    fn default() -> Self {
        Self { spec: Spec::Rfc1808, strict: false, stop_at_first_error: false, copy_unchanged: true, threads: NonZeroUsize::MIN }
    }
}

/// Which input of a row an error was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// The row's base.
    Base,
    /// The row's reference.
    Reference,
}

impl Input {
    /// `"base"` or `"reference"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Base => "base",
            Self::Reference => "reference",
        }
    }
}

/// A row that failed: its index, which input, and the error found in that input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowError {
    /// The row's index in the batch.
    pub row: usize,
    /// The input the error is in.
    pub input: Input,
    /// The error, with its byte offset into that input ([`Error::offset`]).
    pub error: Error,
}

/// What became of one row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row<'a> {
    /// The resolved URL.
    Text(&'a str),
    /// The answer is the row's reference exactly as given (only without
    /// [`BatchOptions::copy_unchanged`]).
    Reference,
    /// The answer is the row's base exactly as given (only without
    /// [`BatchOptions::copy_unchanged`]).
    Base,
    /// The base or the reference is null.
    Null,
    /// The row failed (see [`Resolved::errors`]), or was not reached after a failure with
    /// [`BatchOptions::stop_at_first_error`].
    Failed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Text,
    Reference,
    Base,
    Null,
    Failed,
}

/// Arrow-style offsets of rows in one text buffer (row `i` is `text[get(i)..get(i + 1)]`),
/// written in the width Arrow takes as it is: `i32` (the `string` layout) while the text is
/// at most `i32::MAX` bytes, widened once to `i64` (`large_string`) when it grows past.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOffsets {
    /// The offsets of a text of at most `i32::MAX` bytes.
    I32(Vec<i32>),
    /// The offsets of a longer text.
    I64(Vec<i64>),
}

impl RowOffsets {
    fn with_capacity(capacity: usize) -> Self {
        Self::I32(Vec::with_capacity(capacity))
    }

    /// Appends `offset` (a byte length: at most `isize::MAX`), widening to `i64` if need be.
    #[inline]
    fn push(&mut self, offset: usize) {
        match self {
            Self::I32(offsets) => {
                if let Ok(offset) = i32::try_from(offset) {
                    offsets.push(offset);
                } else {
                    let mut wide: Vec<i64> = Vec::with_capacity(offsets.capacity());
                    wide.extend(offsets.iter().map(|&o| i64::from(o)));
                    wide.push(i64::try_from(offset).unwrap_or(i64::MAX));
                    *self = Self::I64(wide);
                }
            }
            Self::I64(offsets) => offsets.push(i64::try_from(offset).unwrap_or(i64::MAX)),
        }
    }

    /// The number of offsets (one more than the rows).
    pub fn len(&self) -> usize {
        match self {
            Self::I32(offsets) => offsets.len(),
            Self::I64(offsets) => offsets.len(),
        }
    }

    /// Whether there are no offsets.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Offset `i`, `i < self.len()`.
    #[inline]
    pub fn get(&self, i: usize) -> usize {
        match self {
            Self::I32(offsets) => usize::try_from(offsets[i]).unwrap_or(0),
            Self::I64(offsets) => usize::try_from(offsets[i]).unwrap_or(0),
        }
    }

    /// The byte range of row `row` in the text.
    #[inline]
    pub fn row(&self, row: usize) -> Range<usize> {
        self.get(row)..self.get(row + 1)
    }

    /// Every offset, as `usize`.
    pub fn to_vec(&self) -> Vec<usize> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }

    /// Pads with `value` to `len` offsets.
    fn pad(&mut self, len: usize, value: usize) {
        while self.len() < len {
            self.push(value);
        }
    }
}

/// The results of one contiguous range of rows, written by one thread.
#[derive(Debug)]
struct Part {
    /// The texts of the rows, one after the other.
    text: String,
    /// `count + 1` offsets into `text`.
    offsets: RowOffsets,
    outcomes: Vec<Outcome>,
    errors: Vec<RowError>,
}

/// The results of a batch, in row order.
#[derive(Debug)]
pub struct Resolved {
    parts: Vec<Part>,
    len: usize,
}

/// The results of a batch in one buffer with Arrow-style offsets: row `i` is
/// `text[offsets[i]..offsets[i + 1]]`, and `valid[i]` is false for a null or failed row
/// (whose text is empty); `valid` is `None` when no row is null or failed.
#[derive(Debug)]
pub struct Contiguous {
    /// The results, one after the other: UTF-8, each row a whole string.
    pub text: Vec<u8>,
    /// `len + 1` offsets into `text`, starting at 0, in the width Arrow takes (no copy).
    pub offsets: RowOffsets,
    /// Whether each row has a result; `None` when every row has one.
    pub valid: Option<Vec<bool>>,
    /// The failed rows, in row order.
    pub errors: Vec<RowError>,
}

impl Resolved {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the batch had no rows.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The failed rows, in row order (with [`BatchOptions::stop_at_first_error`], at most one
    /// per thread: the first is the batch's first).
    pub fn errors(&self) -> impl Iterator<Item = &RowError> {
        self.parts.iter().flat_map(|p| p.errors.iter())
    }

    /// The first failed row, if any.
    pub fn first_error(&self) -> Option<&RowError> {
        self.errors().next()
    }

    /// Every row's result, in order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.parts.iter().flat_map(|part| {
            part.outcomes.iter().enumerate().map(move |(i, &outcome)| match outcome {
                Outcome::Text => Row::Text(&part.text[part.offsets.row(i)]),
                Outcome::Reference => Row::Reference,
                Outcome::Base => Row::Base,
                Outcome::Null => Row::Null,
                Outcome::Failed => Row::Failed,
            })
        })
    }

    /// Joins the threads' buffers into one. With one thread, its buffer and offsets are the
    /// result (no copy); with several, each thread's text is copied into its place in a new
    /// buffer, by as many threads, so that the copy and its page faults are shared out too,
    /// and the offsets are written once more, shifted to their place.
    pub fn into_contiguous(self) -> Contiguous {
        let all_text = self.parts.iter().all(|p| p.outcomes.iter().all(|&o| o == Outcome::Text));
        let valid = (!all_text).then(|| self.parts.iter().flat_map(|p| p.outcomes.iter().map(|&o| o == Outcome::Text)).collect());
        let errors = self.parts.iter().flat_map(|p| p.errors.iter().copied()).collect();
        match <[Part; 1]>::try_from(self.parts) {
            Ok([only]) => Contiguous { text: only.text.into_bytes(), offsets: only.offsets, valid, errors },
            Err(parts) => {
                let mut offsets = RowOffsets::with_capacity(self.len + 1);
                offsets.push(0);
                let mut shift = 0;
                for part in &parts {
                    for i in 1..part.offsets.len() {
                        offsets.push(part.offsets.get(i) + shift);
                    }
                    shift += part.text.len();
                }
                Contiguous { text: concatenate(&parts, shift), offsets, valid, errors }
            }
        }
    }
}

/// The texts of `parts` one after the other (`total` bytes), copied in parallel.
fn concatenate(parts: &[Part], total: usize) -> Vec<u8> {
    // Zeroed by the allocator (fresh pages from the kernel for a large buffer: not written
    // here), then each thread's text is copied into its own slice.
    let mut text = vec![0u8; total];
    std::thread::scope(|scope| {
        let mut rest = text.as_mut_slice();
        for part in parts {
            let (slot, tail) = rest.split_at_mut(part.text.len());
            rest = tail;
            scope.spawn(move || slot.copy_from_slice(part.text.as_bytes()));
        }
    });
    text
}

/// Resolves `references[i]` against `bases[i]` for every row `i`, by the rules of
/// `options.spec` (RFC 1808 §4 or RFC 3986 §5.2), on `options.threads` threads (at most
/// [`max_threads`]).
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
    let len = references.len();
    assert_eq!(bases.len(), len, "one base per reference");
    let ranges = split_rows(len, options.threads.get().min(max_threads().get()));
    let parts = if ranges.len() <= 1 {
        vec![resolve_range(bases, references, 0..len, options)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> =
                ranges.into_iter().map(|range| scope.spawn(move || resolve_range(bases, references, range, options))).collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
        })
    };
    Resolved { parts, len }
}

/// `len` rows as `threads` contiguous ranges of nearly equal size (fewer when there are
/// fewer rows than threads).
fn split_rows(len: usize, threads: usize) -> Vec<Range<usize>> {
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

/// The last base parsed (or rejected), kept while the next rows have the same text.
struct BaseCache<'a> {
    base: Option<(&'a str, Result<AnyUrl<&'a str>, Error>)>,
}

impl<'a> BaseCache<'a> {
    fn get(&mut self, text: &'a str, options: BatchOptions) -> Result<&AnyUrl<&'a str>, Error> {
        let (_, parsed) = match self.base.take() {
            Some((cached, parsed)) if same_text(cached, text) => self.base.insert((cached, parsed)),
            _ => self.base.insert((text, parse_checked(text, options))),
        };
        parsed.as_ref().map_err(|e| *e)
    }
}

/// Equal strings; the same memory is checked first (a repeated base, one Python object).
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && (core::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

#[inline]
fn parse_checked(text: &str, options: BatchOptions) -> Result<AnyUrl<&str>, Error> {
    crate::parse_checked(text, options.spec, options.strict)
}

fn resolve_range<B, R>(bases: &B, references: &R, rows: Range<usize>, options: BatchOptions) -> Part
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    let count = rows.len();
    // Every byte of a result comes from its base or its reference, but for one `/` (see
    // `max_resolved_len`): room for that, when the inputs' sizes are known, means the
    // buffer never grows (pages that stay unused are never touched).
    // (Reserved with `try_reserve`: a size that cannot be had, as a long base repeated for
    // every row may ask, leaves the buffer to grow as it is written.)
    let capacity = match (bases.byte_len(rows.clone()), references.byte_len(rows.clone())) {
        (Some(b), Some(r)) => b.checked_add(r).and_then(|n| n.checked_add(count)).unwrap_or(0),
        _ => 0,
    };
    let mut text = String::new();
    let _ = text.try_reserve(capacity);
    let mut part = Part { text, offsets: RowOffsets::with_capacity(count + 1), outcomes: Vec::with_capacity(count), errors: Vec::new() };
    part.offsets.push(0);
    let mut cache = BaseCache { base: None };
    for row in rows {
        let outcome = match resolve_row(bases, references, row, options, &mut cache, &mut part.text) {
            Ok(outcome) => outcome,
            Err((input, error)) => {
                part.errors.push(RowError { row, input, error });
                if options.stop_at_first_error {
                    break;
                }
                Outcome::Failed
            }
        };
        part.offsets.push(part.text.len());
        part.outcomes.push(outcome);
    }
    // Rows after a stop are failed too (never looked at by a caller that raises).
    let end = part.text.len();
    part.offsets.pad(count + 1, end);
    part.outcomes.resize(count, Outcome::Failed);
    part
}

#[inline]
fn resolve_row<'a, B, R>(
    bases: &'a B,
    references: &'a R,
    row: usize,
    options: BatchOptions,
    cache: &mut BaseCache<'a>,
    out: &mut String,
) -> Result<Outcome, (Input, Error)>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    // A null input makes the row null; otherwise the base is read (and parsed) first, so a
    // row whose inputs both fail has one error, its base's.
    let (base, reference) = (bases.get(row), references.get(row));
    if matches!(base, Cell::Null) || matches!(reference, Cell::Null) {
        return Ok(Outcome::Null);
    }
    let base = match base {
        Cell::Text(text) => cache.get(text, options),
        Cell::Invalid(error) => Err(error),
        Cell::Null => return Ok(Outcome::Null),
    };
    let base = base.map_err(|e| (Input::Base, e))?;
    let reference = match reference {
        Cell::Text(text) => parse_checked(text, options),
        Cell::Invalid(error) => Err(error),
        Cell::Null => return Ok(Outcome::Null),
    };
    let reference = reference.map_err(|e| (Input::Reference, e))?;
    let outcome = match base.unchanged(&reference) {
        Some(Unchanged::Reference) if !options.copy_unchanged => Outcome::Reference,
        Some(Unchanged::Base) if !options.copy_unchanged => Outcome::Base,
        _ => {
            base.resolve_into(&reference, out);
            Outcome::Text
        }
    };
    Ok(outcome)
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
