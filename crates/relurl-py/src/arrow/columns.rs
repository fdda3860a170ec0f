//! The Arrow string columns `relurl.arrow` reads: each array checked once by the core
//! ([`relurl::bindings::arrow`]: structure and UTF-8, on the array's raw buffers), then read
//! in place as the core's [`StrColumn`].

use core::ops::Range;

use arrow_array::cast::AsArray;
use arrow_array::{Array, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray, StringViewArray};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
use pyo3::PyResult;

use relurl::batch::{Cell, StrColumn};
use relurl::bindings::arrow::{check_offsets, check_views, offset_bytes, InvalidRows, StringLayout, Views};

/// One Arrow array, of any of the three string layouts, not yet checked.
#[derive(Clone, Copy)]
pub(super) enum Layout<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Layout<'a> {
    /// `array` as strings, or a `TypeError` naming `name` and the type it has.
    pub(super) fn of(array: &'a dyn Array, name: &str) -> PyResult<Self> {
        match array.data_type() {
            DataType::Utf8 => Ok(Self::Utf8(array.as_string::<i32>())),
            DataType::LargeUtf8 => Ok(Self::LargeUtf8(array.as_string::<i64>())),
            DataType::Utf8View => Ok(Self::View(array.as_string_view())),
            other => Err(PyTypeError::new_err(StringLayout::wrong_type(name, other))),
        }
    }

    fn len(self) -> usize {
        match self {
            Self::Utf8(a) => a.len(),
            Self::LargeUtf8(a) => a.len(),
            Self::View(a) => a.len(),
        }
    }

    fn is_valid(self, row: usize) -> bool {
        match self {
            Self::Utf8(a) => a.is_valid(row),
            Self::LargeUtf8(a) => a.is_valid(row),
            Self::View(a) => a.is_valid(row),
        }
    }

    /// Checks the array by the core ([`check_offsets`], [`check_views`]) and returns it as a
    /// column; an `Err` (the core's message, naming `name`) when its offsets or views point
    /// outside its buffers.
    pub(super) fn check(self, name: &str) -> Result<Strings<'a>, String> {
        let is_valid = |row| self.is_valid(row);
        let invalid = match self {
            Self::Utf8(a) => check_offsets(a.value_offsets(), a.values().as_slice(), a.len(), is_valid),
            Self::LargeUtf8(a) => check_offsets(a.value_offsets(), a.values().as_slice(), a.len(), is_valid),
            Self::View(a) => check_views(Views { views: view_bytes(a), buffers: &data_buffers(a) }, a.len(), is_valid),
        };
        let invalid = invalid.map_err(|broken| broken.named(name))?;
        Ok(Strings { layout: self, invalid })
    }

    /// The bytes of row `row`, read with bounds checks (for a checked array, in bounds).
    fn bytes(self, row: usize) -> &'a [u8] {
        match self {
            Self::Utf8(a) => offset_bytes(a.value_offsets(), a.values().as_slice(), row),
            Self::LargeUtf8(a) => offset_bytes(a.value_offsets(), a.values().as_slice(), row),
            Self::View(a) => Views { views: view_bytes(a), buffers: &data_buffers(a) }.bytes(row).unwrap_or_default(),
        }
    }
}

/// A string_view array's views, as bytes (16 a row).
fn view_bytes(array: &StringViewArray) -> &[u8] {
    array.views().inner().as_slice()
}

/// A string_view array's data buffers, as byte slices.
fn data_buffers(array: &StringViewArray) -> Vec<&[u8]> {
    array.data_buffers().iter().map(arrow_buffer::Buffer::as_slice).collect()
}

/// A checked Arrow string array: the core's [`StrColumn`], read in place.
pub(super) struct Strings<'a> {
    layout: Layout<'a>,
    /// The non-null rows that are not UTF-8, in order, with their errors; empty (nothing to
    /// look up per row) when the whole array is UTF-8.
    invalid: InvalidRows,
}

impl<'a> Strings<'a> {
    /// The bytes of rows `rows`, from the offsets (not known for string_view).
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        fn span<O: OffsetSizeTrait>(a: &GenericStringArray<O>, rows: Range<usize>) -> Option<usize> {
            let offsets = a.value_offsets();
            offsets.get(rows.end)?.to_usize()?.checked_sub(offsets.get(rows.start)?.to_usize()?)
        }
        match self.layout {
            Layout::Utf8(a) => span(a, rows),
            Layout::LargeUtf8(a) => span(a, rows),
            Layout::View(_) => None,
        }
    }

    /// Row `row`; `row < self.len()`.
    #[inline]
    pub(super) fn cell(&self, row: usize) -> Cell<'a> {
        if !self.invalid.is_empty() {
            if let Ok(i) = self.invalid.binary_search_by_key(&row, |&(r, _)| r) {
                return Cell::Invalid(self.invalid[i].1);
            }
        }
        // Checked by `Layout::check`: in bounds, and UTF-8 unless listed in `invalid`.
        match self.layout {
            Layout::Utf8(a) => a.is_valid(row).then(|| a.value(row)).into(),
            Layout::LargeUtf8(a) => a.is_valid(row).then(|| a.value(row)).into(),
            Layout::View(a) => a.is_valid(row).then(|| a.value(row)).into(),
        }
    }

    /// The text an error of row `row` was found in, for its position in characters: the
    /// row's text, or for a row that is not UTF-8 the valid part before its first bad byte.
    pub(super) fn error_text(&self, row: usize) -> &'a str {
        match self.cell(row) {
            Cell::Text(text) => text,
            Cell::Null => "",
            Cell::Invalid(e) => {
                let bytes = self.layout.bytes(row);
                bytes.get(..e.offset()).and_then(|valid| core::str::from_utf8(valid).ok()).unwrap_or("")
            }
        }
    }
}

impl StrColumn for Strings<'_> {
    fn len(&self) -> usize {
        self.layout.len()
    }
    fn byte_len(&self, rows: Range<usize>) -> Option<usize> {
        Strings::byte_len(self, rows)
    }
    #[inline]
    fn get(&self, row: usize) -> Cell<'_> {
        self.cell(row)
    }
}
