//! Borrowing `str` arguments as UTF-8 without copying, with clear errors for what is not.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyString};

use super::errors::url_error;
use super::resolving::exact_str;

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

/// A `URLError` at the first lone surrogate (U+D800 to U+DFFF) of `s`.
#[cold]
#[inline(never)]
pub(crate) fn surrogate_error(s: &Bound<'_, PyString>) -> PyErr {
    let py = s.py();
    // 'surrogatepass' writes a surrogate as the 3 bytes ED A0..BF xx; count the characters
    // before the first such sequence.
    let encoded = s.call_method1("encode", ("utf-8", "surrogatepass"));
    let Ok(encoded) = encoded else { return encoded.unwrap_err() };
    let Ok(bytes) = encoded.cast::<PyBytes>() else {
        return url_error(py, &NOT_UTF8, 0);
    };
    let bytes = bytes.as_bytes();
    let mut position = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == 0xED && bytes.get(i + 1).is_some_and(|&n| n >= 0xA0) {
            let unit =
                (u32::from(b & 0x0F) << 12) | (u32::from(bytes[i + 1] & 0x3F) << 6) | u32::from(bytes.get(i + 2).map_or(0, |&n| n & 0x3F));
            // A unit of three bytes ED A0..BF xx is at most 0xDFFF: it fits.
            let unit = u16::try_from(unit).unwrap_or(u16::MAX);
            return url_error(py, &relurl::Error::new(relurl::ErrorKind::LoneSurrogate { unit }, 0), position);
        }
        i += match b {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        position += 1;
    }
    url_error(py, &NOT_UTF8, position)
}

/// The error of a `str` that `to_str` refused but whose 'surrogatepass' encoding shows no
/// surrogate (not expected: CPython refuses only surrogates).
const NOT_UTF8: relurl::Error = relurl::Error::new(relurl::ErrorKind::InvalidUtf8 { byte: 0xED }, 0);

/// A base URL argument: a `str` (borrowed as [`borrow_str`] does) or a parsed `relurl.URL`
/// (the text it was parsed from); anything else is a `TypeError` naming `arg`.
pub(crate) fn base_str<'a>(obj: &'a Bound<'_, PyAny>, arg: &str) -> PyResult<std::borrow::Cow<'a, str>> {
    if let Ok(url) = obj.cast::<super::url::PyUrl>() {
        return Ok(std::borrow::Cow::Owned(url.get().own().as_str().to_owned()));
    }
    let Ok(object) = obj.cast::<PyString>() else {
        return Err(base_type_error(obj, arg));
    };
    object.to_str().map(std::borrow::Cow::Borrowed).map_err(|_| surrogate_error(object))
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
