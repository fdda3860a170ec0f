//! The converters at the bottom of the bindings, used by every entry point: `str`
//! arguments borrowed as UTF-8 without copying (with clear errors for what is not), the
//! one scan for lone surrogates, a base given as `str` or `URL`, a page's text, and message
//! headers. Uses only `errors.rs` and `url_data.rs` (a `URL`'s text).

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyDict, PyString};

use super::errors::url_error;
use super::url_data::PyUrl;

/// A `str` argument and its UTF-8 text, borrowed from the object (no copy).
pub(crate) struct StrArg<'a, 'py> {
    pub object: &'a Bound<'py, PyString>,
    pub text: &'a str,
}

/// Borrows `obj` as `&str`: a `TypeError` naming `arg` if it is not a `str`, a `URLError` at
/// the first lone surrogate if it cannot be encoded as UTF-8.
#[inline]
pub(crate) fn borrow_str<'a>(obj: &'a Bound<'_, PyAny>, arg: &str) -> PyResult<&'a str> {
    Ok(str_arg(obj, || arg.to_owned())?.text)
}

/// [`borrow_str`] keeping the `str` object too, with the argument's name built only when
/// there is an error.
#[inline]
pub(crate) fn str_arg<'a, 'py>(obj: &'a Bound<'py, PyAny>, arg: impl FnOnce() -> String) -> PyResult<StrArg<'a, 'py>> {
    let Ok(object) = obj.cast::<PyString>() else {
        return Err(type_error(obj, &arg()));
    };
    let text = object.to_str().map_err(|_| surrogate_error(object))?;
    Ok(StrArg { object, text })
}

/// Like [`borrow_str`], keeping a reference to the Python object so the text can outlive
/// the call (a parsed `URL` holds one). The object kept is always an exact `str`: a
/// subclass instance is copied into one, so that none of its overrides (`__eq__`,
/// `__hash__`, `__str__`, ...) is ever called on the kept text.
pub(crate) fn backed_str(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<PyBackedStr> {
    let s = as_pystring(obj, arg)?;
    let exact = exact_str(s, s.to_str().map_err(|_| surrogate_error(s))?);
    PyBackedStr::try_from(exact).map_err(|_| surrogate_error(s))
}

#[inline]
fn as_pystring<'a, 'py>(obj: &'a Bound<'py, PyAny>, arg: &str) -> PyResult<&'a Bound<'py, PyString>> {
    obj.cast::<PyString>().map_err(|_| type_error(obj, arg))
}

#[cold]
#[inline(never)]
pub(crate) fn type_error(obj: &Bound<'_, PyAny>, arg: &str) -> PyErr {
    wrong_type(obj, arg, "str")
}

/// The `TypeError` for an argument `arg` that is not what it must be (`expected`, as
/// words: "str or URL"), naming the type it has.
#[cold]
#[inline(never)]
pub(crate) fn wrong_type(obj: &Bound<'_, PyAny>, arg: &str, expected: &str) -> PyErr {
    let type_name = obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
    PyTypeError::new_err(format!("{arg} must be {expected}, not {type_name}"))
}

/// A piece of the 'surrogatepass' UTF-8 of a `str`: text (valid UTF-8), or one lone
/// surrogate (its UTF-16 code unit).
enum Piece<'a> {
    Text(&'a [u8]),
    Surrogate(u16),
}

/// The one scan for lone surrogates: the 'surrogatepass' encoding of a `str` (`bytes`), cut
/// into text and lone surrogates, in order. 'surrogatepass' writes a surrogate as the 3 bytes
/// ED A0..BF xx (0xED is never a continuation byte); everything else is valid UTF-8.
fn pieces(bytes: &[u8]) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = bytes;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let piece = match rest.windows(2).position(|w| w[0] == 0xED && w[1] >= 0xA0) {
            Some(0) => {
                let byte = |i: usize| u32::from(rest.get(i).map_or(0, |&b| b & 0x3F));
                let unit = (u32::from(rest[0] & 0x0F) << 12) | (byte(1) << 6) | byte(2);
                rest = &rest[rest.len().min(3)..];
                // A unit of three bytes ED A0..BF xx is at most 0xDFFF: it fits.
                Piece::Surrogate(u16::try_from(unit).unwrap_or(u16::MAX))
            }
            at => {
                let (text, after) = rest.split_at(at.unwrap_or(rest.len()));
                rest = after;
                Piece::Text(text)
            }
        };
        Some(piece)
    })
}

/// A `URLError` at the first lone surrogate (U+D800 to U+DFFF) of `s`.
#[cold]
#[inline(never)]
pub(crate) fn surrogate_error(s: &Bound<'_, PyString>) -> PyErr {
    let py = s.py();
    let encoded = s.call_method1("encode", ("utf-8", "surrogatepass"));
    let Ok(encoded) = encoded else { return encoded.unwrap_err() };
    let Ok(bytes) = encoded.cast::<PyBytes>() else {
        return url_error(py, &NOT_UTF8, 0);
    };
    // The position in characters: the text before the first surrogate, counted by its
    // lead bytes.
    let mut position = 0;
    for piece in pieces(bytes.as_bytes()) {
        match piece {
            Piece::Text(text) => position += text.iter().filter(|&&b| b & 0xC0 != 0x80).count(),
            Piece::Surrogate(unit) => {
                return url_error(py, &relurl::Error::new(relurl::ErrorKind::LoneSurrogate { unit }, 0), position);
            }
        }
    }
    url_error(py, &NOT_UTF8, position)
}

/// The bytes of a `str` as the core takes text that may hold lone surrogates: its UTF-8, or
/// for a `str` with a lone surrogate `str.encode("utf-8", "surrogatepass")` (which keeps
/// equality, and each ASCII character as its byte).
pub(crate) fn str_bytes<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(text) = s.to_str() {
        return Ok(Cow::Borrowed(text.as_bytes()));
    }
    let encoded = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
    Ok(Cow::Owned(encoded.cast::<PyBytes>()?.as_bytes().to_vec()))
}

/// The text of a page given as `str`: its UTF-8, or, when it holds lone surrogates (which
/// UTF-8 cannot encode), the same text with one U+FFFD in place of each.
pub(crate) fn page_text<'a>(text: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    if let Ok(text) = text.to_cow() {
        return Ok(text);
    }
    let encoded = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = encoded.cast::<PyBytes>()?.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    for piece in pieces(bytes) {
        match piece {
            Piece::Text(text) => out.extend_from_slice(text),
            Piece::Surrogate(_) => out.extend_from_slice("\u{FFFD}".as_bytes()),
        }
    }
    Ok(Cow::Owned(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())))
}

/// `object` itself if it is exactly a `str`; a plain `str` copy of a subclass instance.
#[inline]
pub(crate) fn exact_str<'py>(object: &Bound<'py, PyString>, text: &str) -> Bound<'py, PyString> {
    if object.is_exact_instance_of::<PyString>() {
        object.clone()
    } else {
        PyString::new(object.py(), text)
    }
}

/// The headers as (name, value) pairs: from a mapping (anything with `.items()`, such as a
/// `dict` or an `http.client.HTTPMessage`) or an iterable of pairs.
pub(crate) fn header_pairs(headers: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(headers) = headers else { return Ok(Vec::new()) };
    let pairs = if let Ok(dict) = headers.cast::<PyDict>() {
        dict.items().into_any()
    } else if headers.hasattr("items")? {
        headers.call_method0("items")?
    } else {
        headers.clone()
    };
    let iter = pairs.try_iter().map_err(|_| type_error(headers, "headers"))?;
    let mut out = Vec::new();
    for (index, item) in iter.enumerate() {
        let item = item?;
        let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
            item.extract().map_err(|_| PyTypeError::new_err(format!("headers[{index}] must be a (name, value) pair of str")))?;
        out.push((borrow_str(&name, "header name")?.to_owned(), borrow_str(&value, "header value")?.to_owned()));
    }
    Ok(out)
}

/// The error of a `str` that `to_str` refused but whose 'surrogatepass' encoding shows no
/// surrogate (not expected: CPython refuses only surrogates).
const NOT_UTF8: relurl::Error = relurl::Error::new(relurl::ErrorKind::InvalidUtf8 { byte: 0xED }, 0);

/// A base URL argument: a `str` (borrowed as [`borrow_str`] does) or a parsed `relurl.URL`
/// (the text it was parsed from); anything else is a `TypeError` naming `arg`.
pub(crate) fn base_str<'a>(obj: &'a Bound<'_, PyAny>, arg: &str) -> PyResult<Cow<'a, str>> {
    if let Ok(url) = obj.cast::<PyUrl>() {
        return Ok(Cow::Owned(url.get().own().as_str().to_owned()));
    }
    let Ok(object) = obj.cast::<PyString>() else {
        return Err(base_type_error(obj, arg));
    };
    object.to_str().map(Cow::Borrowed).map_err(|_| surrogate_error(object))
}

/// The `TypeError` for a base argument `arg` that is neither a `str` nor a `URL`.
#[cold]
pub(crate) fn base_type_error(obj: &Bound<'_, PyAny>, arg: &str) -> PyErr {
    wrong_type(obj, arg, "str or URL")
}

/// The core's cell for a `str` with a lone surrogate ([`relurl::batch::Cell::Invalid`]): its
/// 'surrogatepass' encoding starts a byte 0xED that is not UTF-8. The core only needs to
/// know that the row cannot be read; the bindings report such a row with
/// [`surrogate_error`] of its object (the surrogate and its position in characters), so
/// nothing here is computed per row.
pub(crate) const UNREADABLE_STR: relurl::batch::Cell<'static> =
    relurl::batch::Cell::Invalid(relurl::Error::new(relurl::ErrorKind::InvalidUtf8 { byte: 0xED }, 0));
