//! The Arrow string columns `relurl.arrow` reads: each array checked once, then read in
//! place as the core's [`StrColumn`].
//!
//! The C Data Interface import (arrow-rs `from_ffi`) checks nothing, and a pyarrow `string`
//! array may hold any bytes (`pa.array([b"\x80"], pa.binary()).view(pa.string())` is
//! allowed and zero-copy), while arrow-rs reads a value as `&str` without looking. So every
//! array is checked before any value is read ([`Layout::check`]):
//!
//! - its structure: offsets that do not decrease and stay within the text buffer, views whose
//!   buffer and range exist (a `ValueError` for the whole call if not: the array is broken);
//! - its text, for UTF-8 (RFC 3629 §4): one SIMD pass (`simdutf8`) over the text buffer
//!   (string_view: over each data buffer, and each inline value on its own), plus a check
//!   that every row starts on a character boundary (a buffer can be UTF-8 as a whole while
//!   an offset splits a character). Only when that fails is each row checked on its own, to
//!   find the bad rows; each becomes [`Cell::Invalid`] with an [`ErrorKind::InvalidUtf8`]
//!   error at the byte offset of the first invalid byte within the value.
//!
//! [`ErrorKind::InvalidUtf8`]: relurl::ErrorKind::InvalidUtf8

use core::ops::Range;

use arrow_array::cast::AsArray;
use arrow_array::{Array, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray, StringViewArray};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
use pyo3::PyResult;

use relurl::batch::{Cell, StrColumn};
use relurl::Error;

/// The longest string_view value stored inline in its view (Arrow columnar format).
const MAX_INLINE: usize = 12;

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
            other => Err(PyTypeError::new_err(format!("{name} must be an Arrow string, large_string or string_view array, not {other}"))),
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

    /// Checks the array (see the module's text) and returns it as a column; an `Err` (the
    /// message, naming `name`) when its offsets or views point outside its buffers.
    pub(super) fn check(self, name: &str) -> Result<Strings<'a>, String> {
        let invalid = match self {
            Self::Utf8(a) => offsets_layout(a, self),
            Self::LargeUtf8(a) => offsets_layout(a, self),
            Self::View(a) => view_layout(a),
        };
        let invalid = invalid.map_err(|what| format!("{name} is not a valid Arrow array: {what}"))?;
        Ok(Strings { layout: self, invalid })
    }

    /// The bytes of row `row`, read with bounds checks (for a checked array, in bounds).
    fn bytes(self, row: usize) -> &'a [u8] {
        match self {
            Self::Utf8(a) => offset_bytes(a, row),
            Self::LargeUtf8(a) => offset_bytes(a, row),
            Self::View(a) => view_bytes(a, row).unwrap_or_default(),
        }
    }
}

/// Whether `byte` continues a character (10xxxxxx) rather than starting one.
#[inline]
fn continues(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

fn offset_bytes<O: OffsetSizeTrait>(array: &GenericStringArray<O>, row: usize) -> &[u8] {
    let offsets = array.value_offsets();
    let range = offsets.get(row).and_then(|s| s.to_usize()).zip(offsets.get(row + 1).and_then(|e| e.to_usize()));
    range.and_then(|(start, end)| array.values().get(start..end)).unwrap_or_default()
}

/// The non-null rows of a `string` / `large_string` array that are not UTF-8, in order.
fn offsets_layout<O: OffsetSizeTrait>(array: &GenericStringArray<O>, layout: Layout<'_>) -> Result<Vec<(usize, Error)>, String> {
    let (offsets, values) = (array.value_offsets(), array.values().as_slice());
    if array.is_empty() {
        return Ok(Vec::new());
    }
    if offsets.len() != array.len() + 1 {
        return Err(format!("{} offsets for {} rows", offsets.len(), array.len()));
    }
    let offset = |o: O| {
        o.to_usize().filter(|&o| o <= values.len()).ok_or_else(|| format!("offset {o:?} outside the {} bytes of text", values.len()))
    };
    let (start, end) = (offset(offsets[0])?, offset(offsets[array.len()])?);
    // One pass over the offsets: in order, in bounds, and each row's start a character
    // boundary (the region's own start and end are checked with its text).
    let mut boundaries = true;
    let mut previous = start;
    for &o in &offsets[1..] {
        let o = offset(o)?;
        if o < previous {
            return Err(format!("offsets decrease ({previous} then {o})"));
        }
        boundaries &= o >= end || !continues(values[o]);
        previous = o;
    }
    if boundaries && simdutf8::basic::from_utf8(&values[start..end]).is_ok() {
        return Ok(Vec::new());
    }
    Ok(bad_rows(layout, array.len()))
}

/// Each non-null row checked on its own: the rows that are not UTF-8, with their errors.
fn bad_rows(layout: Layout<'_>, len: usize) -> Vec<(usize, Error)> {
    (0..len)
        .filter(|&row| layout.is_valid(row))
        .filter_map(|row| {
            let bytes = layout.bytes(row);
            simdutf8::basic::from_utf8(bytes).is_err().then(|| Error::check_utf8(bytes).err()).flatten().map(|e| (row, e))
        })
        .collect()
}

/// The 16 bytes of row `row`'s view.
fn view_of(array: &StringViewArray, row: usize) -> Option<&[u8]> {
    let start = row.checked_mul(16)?;
    array.views().inner().as_slice().get(start..start.checked_add(16)?)
}

/// A string_view row's bytes: inline in its view, or a range of a data buffer; `None` when
/// the view points outside the buffers.
fn view_bytes(array: &StringViewArray, row: usize) -> Option<&[u8]> {
    let view = view_of(array, row)?;
    let len = u32::from_le_bytes(view[..4].try_into().ok()?) as usize;
    if len <= MAX_INLINE {
        return view.get(4..4 + len);
    }
    let buffer = u32::from_le_bytes(view[8..12].try_into().ok()?) as usize;
    let offset = u32::from_le_bytes(view[12..16].try_into().ok()?) as usize;
    array.data_buffers().get(buffer)?.as_slice().get(offset..offset.checked_add(len)?)
}

/// The non-null rows of a `string_view` array that are not UTF-8, in order.
fn view_layout(array: &StringViewArray) -> Result<Vec<(usize, Error)>, String> {
    if array.views().len() != array.len() {
        return Err(format!("{} views for {} rows", array.views().len(), array.len()));
    }
    let buffers = array.data_buffers();
    // The data buffers, each in one SIMD pass; then per row, an inline value on its own
    // (at most 12 bytes, ASCII seen a word at a time) or a range's two ends.
    let whole = buffers.iter().all(|b| simdutf8::basic::from_utf8(b.as_slice()).is_ok());
    let mut invalid = Vec::new();
    for row in (0..array.len()).filter(|&row| array.is_valid(row)) {
        let bytes = view_bytes(array, row).ok_or_else(|| format!("the view of row {row} points outside its data buffers"))?;
        let fine = if bytes.len() <= MAX_INLINE {
            bytes.is_ascii() || core::str::from_utf8(bytes).is_ok()
        } else if whole {
            let after = range_after(array, row);
            !continues(bytes[0]) && after.is_none_or(|b| !continues(b))
        } else {
            simdutf8::basic::from_utf8(bytes).is_ok()
        };
        if !fine {
            if let Err(e) = Error::check_utf8(bytes) {
                invalid.push((row, e));
            }
        }
    }
    Ok(invalid)
}

/// The byte just after a non-inline view's range in its buffer, if any.
fn range_after(array: &StringViewArray, row: usize) -> Option<u8> {
    let view = view_of(array, row)?;
    let len = u32::from_le_bytes(view[..4].try_into().ok()?) as usize;
    let buffer = u32::from_le_bytes(view[8..12].try_into().ok()?) as usize;
    let offset = u32::from_le_bytes(view[12..16].try_into().ok()?) as usize;
    array.data_buffers().get(buffer)?.as_slice().get(offset.checked_add(len)?).copied()
}

/// A checked Arrow string array: the core's [`StrColumn`], read in place.
pub(super) struct Strings<'a> {
    layout: Layout<'a>,
    /// The non-null rows that are not UTF-8, in order, with their errors; empty (nothing to
    /// look up per row) when the whole array is UTF-8.
    invalid: Vec<(usize, Error)>,
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
