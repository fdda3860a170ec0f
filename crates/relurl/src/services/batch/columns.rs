//! The inputs of a batch: columns of cells (a Python list, an Arrow array, a slice), one cell
//! repeated, and a column cut into chunks of its own (a chunked Arrow array), read with the
//! rows of the whole column.

use core::ops::Range;

use crate::common::error::Error;

/// One row of a [`StrColumn`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell<'a> {
    /// A null row: the batch's answer for it is null.
    Null,
    /// The row's text.
    Text(&'a str),
    /// A row that has no text, with the error to report for it: bytes that are not UTF-8
    /// ([`crate::ErrorKind::InvalidUtf8`], from [`Error::check_utf8`]) or any error the column
    /// found. The batch records the row as failed ([`RowError`](super::RowError)), like a row
    /// that fails to parse.
    Invalid(Error),
}

impl<'a> From<Option<&'a str>> for Cell<'a> {
    #[inline]
    fn from(text: Option<&'a str>) -> Self {
        text.map_or(Self::Null, Self::Text)
    }
}

impl Cell<'_> {
    /// The length in bytes of the row's text (0 for a null or unreadable row).
    #[inline]
    pub fn text_len(&self) -> usize {
        if let Self::Text(text) = self {
            text.len()
        } else {
            0
        }
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

impl<C: StrColumn + ?Sized> StrColumn for &C {
    fn len(&self) -> usize {
        (**self).len()
    }
    #[inline]
    fn get(&self, row: usize) -> Cell<'_> {
        (**self).get(row)
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        (**self).byte_len(rows)
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
        self[rows].iter().try_fold(0usize, |total, cell| total.checked_add(cell.text_len()))
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
        self.cell.text_len().checked_mul(rows.len())
    }
}

/// Rows `start..start + len` of a column made of chunks (a chunked Arrow array: each chunk
/// its own column), read with the row indices of that window: the chunk of a row is found
/// by a binary search over the first rows of the chunks the window overlaps.
#[derive(Debug)]
pub struct Chunks<'c, C> {
    parts: &'c [C],
    /// The first row of each chunk, counted in the whole column.
    starts: &'c [usize],
    /// The row (in the whole column) this window starts at, and its length.
    start: usize,
    len: usize,
}

impl<C> Clone for Chunks<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Chunks<'_, C> {}

/// The first row of each of `chunks` (whose lengths are `lens`), and the number of rows;
/// `None` when the lengths add up past `usize::MAX` (lengths a broken producer claims).
pub fn chunk_starts(lens: impl IntoIterator<Item = usize>) -> Option<(Vec<usize>, usize)> {
    let lens = lens.into_iter();
    let mut starts = Vec::with_capacity(lens.size_hint().0);
    let mut rows = 0usize;
    for len in lens {
        starts.push(rows);
        rows = rows.checked_add(len)?;
    }
    Some((starts, rows))
}

impl<'c, C: StrColumn> Chunks<'c, C> {
    /// The whole column of `chunks`, whose first rows are `starts` (from [`chunk_starts`])
    /// and whose rows number `len` in all.
    pub fn new(chunks: &'c [C], starts: &'c [usize], len: usize) -> Self {
        Self { parts: chunks, starts, start: 0, len }
    }

    /// Rows `start..start + len` of this window, with only the chunks that overlap them: two
    /// binary searches, so that no row's lookup walks the other chunks.
    #[must_use]
    pub fn window(&self, start: usize, len: usize) -> Self {
        let from = self.start + start;
        let to = from + len;
        let first = self.starts.partition_point(|&s| s <= from).saturating_sub(1);
        let last = self.starts.partition_point(|&s| s < to).max(first);
        Self { parts: &self.parts[first..last], starts: &self.starts[first..last], start: from, len }
    }

    /// The chunk holding row `row` of this window, and the row's index in that chunk.
    #[inline]
    pub fn locate(&self, row: usize) -> (&'c C, usize) {
        let row = self.start + row;
        let chunk = self.starts.partition_point(|&s| s <= row) - 1;
        (&self.parts[chunk], row - self.starts[chunk])
    }
}

impl<C: StrColumn> StrColumn for Chunks<'_, C> {
    fn len(&self) -> usize {
        self.len
    }
    #[inline]
    fn get(&self, row: usize) -> Cell<'_> {
        let (chunk, row) = self.locate(row);
        chunk.get(row)
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        let (start, end) = (self.start + rows.start, self.start + rows.end);
        let first = self.starts.partition_point(|&s| s <= start).saturating_sub(1);
        let mut total = 0usize;
        for (chunk, &chunk_start) in self.parts[first..].iter().zip(&self.starts[first..]) {
            if chunk_start >= end {
                break;
            }
            let (from, to) = (start.max(chunk_start), end.min(chunk_start + chunk.len()));
            if from < to {
                total = total.checked_add(chunk.byte_len(from - chunk_start..to - chunk_start)?)?;
            }
        }
        Some(total)
    }
}

/// Rows `start..start + len` of a column, with the indices of that range (row 0 is `start`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Window<'c, C: ?Sized> {
    pub column: &'c C,
    pub start: usize,
    pub len: usize,
}

impl<C: StrColumn + ?Sized> StrColumn for Window<'_, C> {
    fn len(&self) -> usize {
        self.len
    }
    #[inline]
    fn get(&self, row: usize) -> Cell<'_> {
        self.column.get(self.start + row)
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        self.column.byte_len(self.start + rows.start..self.start + rows.end)
    }
}
