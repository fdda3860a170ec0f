//! Arrow's string columns, read from their raw buffers (the Arrow columnar format, with no
//! Arrow library): the layouts a binding accepts, each array's check before any value is
//! read, and the messages of a column that cannot be read. A binding hands over the
//! buffers its Arrow library holds (offsets, text, views, data buffers) and reads the rows
//! the check let through.
//!
//! An imported Arrow array (the C Data Interface) is checked by nothing, and a producer may
//! label any bytes `string` (pyarrow's `binary` array viewed as `string` is allowed and
//! zero-copy), so every array is checked once ([`check_offsets`], [`check_views`]):
//!
//! - its structure: offsets that do not decrease and stay within the text buffer, views whose
//!   buffer and range exist ([`BrokenArray`] if not: the array is broken, the whole call
//!   fails);
//! - its text, for UTF-8 (RFC 3629 §4): one SIMD pass (`simdutf8`) over the text buffer
//!   (string_view: over each data buffer, and each inline value on its own), plus a check
//!   that every row starts on a character boundary (a buffer can be UTF-8 as a whole while
//!   an offset splits a character). Only when that fails is each row checked on its own, to
//!   find the bad rows, each listed with an [`ErrorKind::InvalidUtf8`] error at the byte
//!   offset of the first invalid byte within the value (a row that fails like any bad row).
//!
//! [`ErrorKind::InvalidUtf8`]: crate::ErrorKind::InvalidUtf8

use core::fmt;

use crate::Error;

/// The string layouts a column may have: Arrow's `string` (`i32` offsets), `large_string`
/// (`i64` offsets) and `string_view` (16-byte views).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StringLayout {
    /// `string`: `i32` offsets into one text buffer.
    Utf8,
    /// `large_string`: `i64` offsets into one text buffer.
    LargeUtf8,
    /// `string_view`: a view per row, inline or a range of a data buffer.
    Utf8View,
}

impl StringLayout {
    /// Every layout, in the order the message of another type lists them.
    pub const ALL: [Self; 3] = [Self::Utf8, Self::LargeUtf8, Self::Utf8View];

    /// The layout's name in Arrow's type names: `"string"`, `"large_string"`, `"string_view"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Utf8 => "string",
            Self::LargeUtf8 => "large_string",
            Self::Utf8View => "string_view",
        }
    }

    /// The message for a column `name` whose type (`found`, as the binding's Arrow library
    /// writes it) is none of the layouts: `"urls must be an Arrow string, large_string or
    /// string_view array, not Int64"`.
    pub fn wrong_type(name: &str, found: impl fmt::Display) -> String {
        let [first, second, last] = Self::ALL.map(Self::name);
        format!("{name} must be an Arrow {first}, {second} or {last} array, not {found}")
    }
}

/// The message of chunks whose lengths add up past `usize::MAX` (a broken producer).
pub const TOO_MANY_ROWS: &str = "the chunks have more than usize::MAX rows in all";

/// An array whose offsets or views point outside its buffers: what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenArray(pub String);

impl BrokenArray {
    /// The message for the column `name`: `"references is not a valid Arrow array: ..."`.
    pub fn named(&self, name: &str) -> String {
        format!("{name} is not a valid Arrow array: {}", self.0)
    }
}

/// The rows of an array that are not UTF-8, in order, with their errors (empty when the
/// whole array is UTF-8).
pub type InvalidRows = Vec<(usize, Error)>;

/// An offset of a `string` (`i32`) or `large_string` (`i64`) array.
pub trait Offset: Copy + fmt::Debug {
    /// The offset as an index, if it is one (not negative, not past `usize`).
    fn index(self) -> Option<usize>;
}

impl Offset for i32 {
    fn index(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
}

impl Offset for i64 {
    fn index(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
}

/// The longest string_view value stored inline in its view (Arrow columnar format).
const MAX_INLINE: usize = 12;

/// Whether `byte` continues a character (10xxxxxx) rather than starting one.
#[inline]
fn continues(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// The bytes of row `row` of a `string` / `large_string` array (`offsets` and `values`
/// its buffers), read with bounds checks: empty when out of bounds (never, once checked).
pub fn offset_bytes<'a, O: Offset>(offsets: &[O], values: &'a [u8], row: usize) -> &'a [u8] {
    let range = offsets.get(row).and_then(|s| s.index()).zip(offsets.get(row + 1).and_then(|e| e.index()));
    range.and_then(|(start, end)| values.get(start..end)).unwrap_or_default()
}

/// Checks a `string` / `large_string` array of `rows` rows (its `offsets` and text
/// `values`; `is_valid(row)` whether a row is not null): the rows that are not UTF-8.
///
/// # Errors
/// [`BrokenArray`] for offsets that are not one more than the rows, that decrease, or that
/// point past the text.
pub fn check_offsets<O: Offset>(
    offsets: &[O],
    values: &[u8],
    rows: usize,
    is_valid: impl Fn(usize) -> bool,
) -> Result<InvalidRows, BrokenArray> {
    if rows == 0 {
        return Ok(Vec::new());
    }
    if offsets.len() != rows + 1 {
        return Err(BrokenArray(format!("{} offsets for {rows} rows", offsets.len())));
    }
    let offset = |o: O| {
        o.index()
            .filter(|&o| o <= values.len())
            .ok_or_else(|| BrokenArray(format!("offset {o:?} outside the {} bytes of text", values.len())))
    };
    let (start, end) = (offset(offsets[0])?, offset(offsets[rows])?);
    // One pass over the offsets: in order, in bounds, and each row's start a character
    // boundary (the region's own start and end are checked with its text).
    let mut boundaries = true;
    let mut previous = start;
    for &o in &offsets[1..] {
        let o = offset(o)?;
        if o < previous {
            return Err(BrokenArray(format!("offsets decrease ({previous} then {o})")));
        }
        boundaries &= o >= end || !continues(values[o]);
        previous = o;
    }
    if boundaries && simdutf8::basic::from_utf8(&values[start..end]).is_ok() {
        return Ok(Vec::new());
    }
    Ok(bad_rows(rows, is_valid, |row| offset_bytes(offsets, values, row)))
}

/// Each non-null row checked on its own: the rows that are not UTF-8, with their errors.
fn bad_rows<'a>(rows: usize, is_valid: impl Fn(usize) -> bool, bytes: impl Fn(usize) -> &'a [u8]) -> InvalidRows {
    (0..rows)
        .filter(|&row| is_valid(row))
        .filter_map(|row| {
            let bytes = bytes(row);
            simdutf8::basic::from_utf8(bytes).is_err().then(|| Error::check_utf8(bytes).err()).flatten().map(|e| (row, e))
        })
        .collect()
}

/// A `string_view` array's buffers: its views (16 bytes a row) and its data buffers.
#[derive(Debug, Clone, Copy)]
pub struct Views<'a, 'b> {
    /// The views, 16 bytes a row (length, then the inline value or prefix, buffer index
    /// and offset, little-endian).
    pub views: &'a [u8],
    /// The data buffers the views' ranges point into.
    pub buffers: &'b [&'a [u8]],
}

impl<'a> Views<'a, '_> {
    /// The 16 bytes of row `row`'s view.
    fn view(self, row: usize) -> Option<&'a [u8]> {
        let start = row.checked_mul(16)?;
        self.views.get(start..start.checked_add(16)?)
    }

    /// A view's length, and for a value not inline its buffer and offset.
    fn parts(view: &[u8]) -> Option<(usize, usize, usize)> {
        let word = |at: usize| view.get(at..at + 4).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes).map(|w| w as usize);
        Some((word(0)?, word(8)?, word(12)?))
    }

    /// Row `row`'s bytes: inline in its view, or a range of a data buffer; `None` when the
    /// view points outside the buffers.
    pub fn bytes(self, row: usize) -> Option<&'a [u8]> {
        let view = self.view(row)?;
        let (len, buffer, offset) = Self::parts(view)?;
        if len <= MAX_INLINE {
            return view.get(4..4 + len);
        }
        self.buffers.get(buffer)?.get(offset..offset.checked_add(len)?)
    }

    /// The byte just after a non-inline view's range in its buffer, if any.
    fn after(self, row: usize) -> Option<u8> {
        let (len, buffer, offset) = Self::parts(self.view(row)?)?;
        self.buffers.get(buffer)?.get(offset.checked_add(len)?).copied()
    }
}

/// Checks a `string_view` array of `rows` rows (`is_valid(row)` whether a row is not null):
/// the rows that are not UTF-8.
///
/// # Errors
/// [`BrokenArray`] for views that are not one per row, or that point outside the buffers.
pub fn check_views(views: Views<'_, '_>, rows: usize, is_valid: impl Fn(usize) -> bool) -> Result<InvalidRows, BrokenArray> {
    if views.views.len() / 16 != rows || !views.views.len().is_multiple_of(16) {
        return Err(BrokenArray(format!("{} views for {rows} rows", views.views.len() / 16)));
    }
    // The data buffers, each in one SIMD pass; then per row, an inline value on its own
    // (at most 12 bytes, ASCII seen a word at a time) or a range's two ends.
    let whole = views.buffers.iter().all(|b| simdutf8::basic::from_utf8(b).is_ok());
    let mut invalid = Vec::new();
    for row in (0..rows).filter(|&row| is_valid(row)) {
        let bytes = views.bytes(row).ok_or_else(|| BrokenArray(format!("the view of row {row} points outside its data buffers")))?;
        let fine = if bytes.len() <= MAX_INLINE {
            bytes.is_ascii() || core::str::from_utf8(bytes).is_ok()
        } else if whole {
            !continues(bytes[0]) && views.after(row).is_none_or(|b| !continues(b))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        assert_eq!(StringLayout::wrong_type("urls", "Int64"), "urls must be an Arrow string, large_string or string_view array, not Int64");
        assert_eq!(BrokenArray("x".to_owned()).named("bases"), "bases is not a valid Arrow array: x");
    }

    #[test]
    fn offsets_are_checked() {
        let values = b"abc\xffd";
        assert_eq!(check_offsets(&[0i32, 3, 5], values, 2, |_| true).unwrap().iter().map(|r| r.0).collect::<Vec<_>>(), [1]);
        assert_eq!(check_offsets(&[0i32, 3, 5], values, 2, |row| row == 0), Ok(Vec::new()));
        assert_eq!(check_offsets(&[0i64, 3, 2], values, 2, |_| true), Err(BrokenArray("offsets decrease (3 then 2)".to_owned())));
        assert_eq!(check_offsets(&[0i32, 9], values, 1, |_| true), Err(BrokenArray("offset 9 outside the 5 bytes of text".to_owned())));
        assert_eq!(check_offsets(&[0i32], values, 1, |_| true), Err(BrokenArray("1 offsets for 1 rows".to_owned())));
        assert_eq!(offset_bytes(&[0i32, 3, 5], values, 0), b"abc");
    }

    #[test]
    fn views_are_checked() {
        let mut views = [0u8; 32];
        views[0] = 2;
        views[4..6].copy_from_slice(b"hi");
        views[16] = 13; // 13 bytes at offset 0 of buffer 0
        let text: &[u8] = b"http://a/b/cd";
        let buffers = [text];
        let v = Views { views: &views, buffers: &buffers };
        assert_eq!(check_views(v, 2, |_| true), Ok(Vec::new()));
        assert_eq!(v.bytes(0), Some(&b"hi"[..]));
        assert_eq!(v.bytes(1), Some(text));
        assert_eq!(check_views(v, 3, |_| true), Err(BrokenArray("2 views for 3 rows".to_owned())));
        let short = [&text[..5]];
        let broken = Views { views: &views, buffers: &short };
        assert_eq!(check_views(broken, 2, |_| true), Err(BrokenArray("the view of row 1 points outside its data buffers".to_owned())));
    }
}
