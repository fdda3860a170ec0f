//! The results of a batch: one text buffer per thread with Arrow-style offsets, an outcome
//! per row, the failed rows; read row by row ([`Resolved::rows`]) or joined into one buffer
//! ([`Resolved::into_contiguous`]).

use core::ops::Range;

use super::options::RowError;
use crate::common::error::Error;

/// What became of one row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row<'a> {
    /// The resolved URL.
    Text(&'a str),
    /// The answer is the row's reference exactly as given (only without
    /// [`super::BatchOptions::copy_unchanged`]).
    Reference,
    /// The answer is the row's base exactly as given (only without
    /// [`super::BatchOptions::copy_unchanged`]).
    Base,
    /// The base or the reference is null.
    Null,
    /// The row failed (see [`Resolved::errors`]), or was not reached after a failure with
    /// [`super::BatchOptions::stop_at_first_error`].
    Failed,
}

/// What became of one row, as a part stores it (its text is in the part's buffer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
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
    pub(super) fn with_capacity(capacity: usize) -> Self {
        Self::I32(Vec::with_capacity(capacity))
    }

    /// Appends `offset` (a byte length: at most `isize::MAX`), widening to `i64` if need be.
    #[allow(clippy::inline_always)] // measured (benches/compare_builds.py pages60)
    #[inline(always)] // once per row of every batch: the common case is one compare and a push
    pub(super) fn push(&mut self, offset: usize) {
        match self {
            Self::I32(offsets) => match i32::try_from(offset) {
                Ok(offset) => offsets.push(offset),
                Err(_) => self.widen_and_push(offset),
            },
            Self::I64(offsets) => offsets.push(i64::try_from(offset).unwrap_or(i64::MAX)),
        }
    }

    /// [`RowOffsets::push`] of the first offset past `i32::MAX`: the offsets widened to `i64`.
    #[cold]
    #[inline(never)]
    fn widen_and_push(&mut self, offset: usize) {
        if let Self::I32(offsets) = self {
            let mut wide: Vec<i64> = Vec::with_capacity(offsets.capacity());
            wide.extend(offsets.iter().map(|&o| i64::from(o)));
            *self = Self::I64(wide);
        }
        if let Self::I64(offsets) = self {
            offsets.push(i64::try_from(offset).unwrap_or(i64::MAX));
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

    /// Makes room for `more` offsets.
    pub(super) fn reserve(&mut self, more: usize) {
        match self {
            Self::I32(offsets) => offsets.reserve(more),
            Self::I64(offsets) => offsets.reserve(more),
        }
    }

    /// Pads with `value` to `len` offsets.
    pub(super) fn pad(&mut self, len: usize, value: usize) {
        while self.len() < len {
            self.push(value);
        }
    }
}

/// The results of one contiguous range of rows, written by one thread.
#[derive(Debug)]
pub(super) struct Part<E = Error> {
    /// The texts of the rows, one after the other.
    pub text: String,
    /// `count + 1` offsets into `text`.
    pub offsets: RowOffsets,
    pub outcomes: Vec<Outcome>,
    pub errors: Vec<RowError<E>>,
}

impl<E> Part<E> {
    /// An empty part for `count` rows, with room for `capacity` bytes of text (when that
    /// much can be had: a long base repeated for every row may ask too much, and then the
    /// buffer grows as it is written).
    pub fn new(count: usize, capacity: usize) -> Self {
        // An empty buffer is UTF-8.
        let text = super::buffer_pool::take(capacity).and_then(|buffer| String::from_utf8(buffer).ok()).unwrap_or_default();
        let mut offsets = RowOffsets::with_capacity(count + 1);
        offsets.push(0);
        Self { text, offsets, outcomes: Vec::with_capacity(count), errors: Vec::new() }
    }

    /// Ends the part at `count` rows: rows after a stop are failed (never looked at by a
    /// caller that raises) and empty.
    pub fn finish(&mut self, count: usize) {
        let end = self.text.len();
        self.offsets.pad(count + 1, end);
        self.outcomes.resize(count, Outcome::Failed);
    }
}

/// The results of a batch (or of one task of it), in row order.
#[derive(Debug)]
pub struct Resolved<E = Error> {
    parts: Vec<Part<E>>,
    /// The first row, counted in the whole batch.
    start: usize,
    len: usize,
}

/// The results of a batch in one buffer with Arrow-style offsets: row `i` is
/// `text[offsets[i]..offsets[i + 1]]`, and `valid[i]` is false for a null or failed row
/// (whose text is empty); `valid` is `None` when no row is null or failed.
#[derive(Debug)]
pub struct Contiguous<E = Error> {
    /// The results, one after the other: UTF-8, each row a whole string.
    pub text: Vec<u8>,
    /// `len + 1` offsets into `text`, starting at 0, in the width Arrow takes (no copy).
    pub offsets: RowOffsets,
    /// Whether each row has a result; `None` when every row has one.
    pub valid: Option<Vec<bool>>,
    /// The failed rows, in row order.
    pub errors: Vec<RowError<E>>,
}

impl<E: Clone + Sync> Resolved<E> {
    pub(super) fn new(parts: Vec<Part<E>>, start: usize, len: usize) -> Self {
        Self { parts, start, len }
    }

    /// The first row of these results, counted in the whole batch (0 for a whole batch; a
    /// task's first row for the results of one task of [`resolve_in_order`](super::resolve_in_order)).
    /// [`Resolved::rows`] starts there; [`RowError::row`] counts in the whole batch.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the batch had no rows.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The failed rows, in row order (with [`super::BatchOptions::stop_at_first_error`], at
    /// most one per thread: the first is the batch's first).
    pub fn errors(&self) -> impl Iterator<Item = &RowError<E>> {
        self.parts.iter().flat_map(|p| p.errors.iter())
    }

    /// The first failed row, if any.
    pub fn first_error(&self) -> Option<&RowError<E>> {
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
    /// result (no copy). With several: when the first thread's buffer has room for every
    /// row (a split batch sizes it so), the others' texts and shifted offsets are appended
    /// to it; else each thread's text is copied into its place in a new buffer, by as many
    /// threads, so that the copy and its page faults are shared out too. The other buffers
    /// are kept for the next batch ([`recycle`](super::recycle)).
    pub fn into_contiguous(self) -> Contiguous<E> {
        let all_text = self.parts.iter().all(|p| p.outcomes.iter().all(|&o| o == Outcome::Text));
        let valid = (!all_text).then(|| self.parts.iter().flat_map(|p| p.outcomes.iter().map(|&o| o == Outcome::Text)).collect());
        let errors = self.parts.iter().flat_map(|p| p.errors.iter().cloned()).collect();
        let total: usize = self.parts.iter().map(|p| p.text.len()).sum();
        match <[Part<E>; 1]>::try_from(self.parts) {
            Ok([only]) => Contiguous { text: only.text.into_bytes(), offsets: only.offsets, valid, errors },
            Err(mut parts) if parts[0].text.capacity() >= total => {
                // The first part has room for all (its buffer was sized for the batch, its
                // pages likely mapped by an earlier one): the others are appended to it.
                let (first, rest) = parts.split_at_mut(1);
                let first = &mut first[0];
                first.offsets.reserve(self.len + 1 - first.offsets.len());
                for part in rest.iter_mut() {
                    let shift = first.text.len();
                    first.text.push_str(&part.text);
                    for i in 1..part.offsets.len() {
                        first.offsets.push(part.offsets.get(i) + shift);
                    }
                    super::buffer_pool::recycle(core::mem::take(&mut part.text).into_bytes());
                }
                let first = parts.swap_remove(0);
                Contiguous { text: first.text.into_bytes(), offsets: first.offsets, valid, errors }
            }
            Err(parts) => {
                let (text, offsets) = concatenate(&parts, self.len);
                for part in parts {
                    super::buffer_pool::recycle(part.text.into_bytes());
                }
                Contiguous { text, offsets, valid, errors }
            }
        }
    }
}

/// The texts of `parts` one after the other, and their `len + 1` offsets shifted to their
/// places: each part's text and offsets are copied by a thread of their own (the calling
/// thread takes the first), so that the copy and its page faults are shared out too.
fn concatenate<E: Sync>(parts: &[Part<E>], len: usize) -> (Vec<u8>, RowOffsets) {
    let total: usize = parts.iter().map(|p| p.text.len()).sum();
    // Zeroed by the allocator (fresh pages from the kernel for a large buffer: not written
    // here), then each thread writes its own slices.
    let mut text = vec![0u8; total];
    let offsets = if i32::try_from(total).is_ok() {
        let mut offsets = vec![0i32; len + 1];
        copy_parts(parts, &mut text, &mut offsets, |o| i32::try_from(o).unwrap_or(i32::MAX));
        RowOffsets::I32(offsets)
    } else {
        let mut offsets = vec![0i64; len + 1];
        copy_parts(parts, &mut text, &mut offsets, |o| i64::try_from(o).unwrap_or(i64::MAX));
        RowOffsets::I64(offsets)
    };
    (text, offsets)
}

/// Copies each part's text into its place in `text`, and its offsets (but the first, 0),
/// shifted to their place and converted by `convert`, into `offsets[1..]`: one thread per
/// part.
fn copy_parts<O: Send, E: Sync>(parts: &[Part<E>], text: &mut [u8], offsets: &mut [O], convert: fn(usize) -> O) {
    let copy = |part: &Part<E>, slot: &mut [u8], shift: usize, out: &mut [O]| {
        slot.copy_from_slice(part.text.as_bytes());
        for (i, o) in out.iter_mut().enumerate() {
            *o = convert(part.offsets.get(i + 1) + shift);
        }
    };
    std::thread::scope(|scope| {
        let (mut text, mut offsets) = (text, offsets.get_mut(1..).unwrap_or_default());
        let mut shift = 0;
        let mut first = None;
        for part in parts {
            let (slot, rest) = core::mem::take(&mut text).split_at_mut(part.text.len());
            let (out, tail) = core::mem::take(&mut offsets).split_at_mut(part.outcomes.len());
            (text, offsets) = (rest, tail);
            if first.is_none() {
                first = Some((part, slot, shift, out));
            } else {
                scope.spawn(move || copy(part, slot, shift, out));
            }
            shift += part.text.len();
        }
        if let Some((part, slot, shift, out)) = first {
            copy(part, slot, shift, out);
        }
    });
}
