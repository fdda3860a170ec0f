//! `relurl.safe_url_string`: the core's twin of `w3lib.url.safe_url_string`
//! ([`relurl::w3lib::safe_url_string`]); this module only converts the arguments (the
//! encodings as `relurl.canonicalize_url` takes them: built in, or CPython's codec) and the
//! errors.

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use relurl::w3lib::{has_stand_in, surrogate_of, Part, SafeOptions, W3libError, STAND_INS};

use super::arguments::Truth;
use super::errors::{nfkc_error, w3lib_error};
use super::w3lib::{chosen, same_code_points, schemes, unencodable};

/// A core error as the exception w3lib raises. For text an encoding cannot encode, the
/// exception is Python's own: the codec named as the caller named it is asked to encode the
/// text again, which raises the very `UnicodeEncodeError` w3lib's `str.encode` raises.
/// `stand_ins`: the URL had lone surrogates, which the text carries as the core's stand-ins
/// (put back); otherwise the text is the URL's own (a U+F0001 stays U+F0001).
fn error(py: Python<'_>, err: &W3libError, encoding: &str, path_encoding: &str, stand_ins: bool) -> PyErr {
    let W3libError::Unencodable { part, text } = err else {
        if let (true, W3libError::NfkcNetloc(netloc)) = (stand_ins, err) {
            // The net_loc as w3lib shows it: with its lone surrogates.
            return with_surrogates(py, netloc).map_or_else(|e| e, |netloc| nfkc_error(&netloc));
        }
        return w3lib_error(err);
    };
    let name = match part {
        Part::Path => path_encoding,
        Part::Query | Part::Fragment => encoding,
        Part::UserInfo | Part::Host => "utf-8",
        // A bytes URL that decodes to a lone surrogate, which w3lib fails to encode.
        Part::Url => return PyUnicodeEncodeError::new_err(("utf-8", String::new(), 0, 0, "surrogates not allowed")),
    };
    let text_with_surrogates = if stand_ins {
        match with_surrogates(py, text) {
            Ok(text) => text,
            Err(e) => return e,
        }
    } else {
        PyString::new(py, text)
    };
    match text_with_surrogates.call_method1("encode", (name,)) {
        Err(e) => e,
        Ok(_) => PyUnicodeEncodeError::new_err((name.to_owned(), text.clone(), 0, text.chars().count(), "cannot encode")),
    }
}

/// `w3lib.url.safe_url_string(url, encoding='utf8', path_encoding='utf8', quote_path=True)`
/// for a `str` or `bytes` URL. `quote_path` is read for its truth, as w3lib's `if quote_path:`
/// reads it (`1`, `0`, `None` too).
#[pyfunction]
#[pyo3(
    signature = (url, encoding = "utf8", path_encoding = "utf8", quote_path = Truth(true)),
    text_signature = "(url, encoding='utf8', path_encoding='utf8', quote_path=True)"
)]
pub fn safe_url_string<'py>(
    py: Python<'py>,
    url: &Bound<'_, PyAny>,
    encoding: &str,
    path_encoding: &str,
    quote_path: Truth,
) -> PyResult<Bound<'py, PyString>> {
    let Truth(quote_path) = quote_path;
    let (chosen_encoding, chosen_path) = (chosen(py, Some(encoding))?, chosen(py, Some(path_encoding))?);
    let options = SafeOptions {
        encoding: chosen_encoding.encoding(),
        path_encoding: chosen_path.encoding(),
        quote_path,
        schemes: Cow::Borrowed(schemes(py)),
        unicode: crate::idna::python_unicode(py),
        int_max_str_digits: relurl::int_limit::DEFAULT,
        stand_ins: false,
    };
    let too_many = |e: &W3libError| matches!(e, W3libError::TooManyDigits(_));
    let with_limit = |limit| SafeOptions { int_max_str_digits: limit, ..options.clone() };
    let to_py = |e: W3libError| error(py, &e, encoding, path_encoding, false);
    if let Ok(s) = url.cast::<PyString>() {
        match s.to_str() {
            Ok(text) => {
                let safe = crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string(text, &with_limit(l)), too_many)?;
                // A URL that is its own answer is given back as it is (a `str` is immutable;
                // a subclass's instance is not, as w3lib gives a `str`).
                Ok(match safe.map_err(to_py)? {
                    Cow::Borrowed(_) if s.is_exact_instance_of::<PyString>() => s.clone().unbind().into_bound(py),
                    safe => PyString::new(py, &safe),
                })
            }
            Err(encode_error) => {
                // Lone surrogates, which the core takes as stand-ins (STAND_INS) and gives
                // back in the answer where w3lib keeps them (an unquoted path).
                let wtf8 = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
                let Some(text) = stand_ins(wtf8.cast::<PyBytes>()?.as_bytes()) else {
                    // The text has characters of STAND_INS of its own (never seen in a URL):
                    // w3lib fails to encode a surrogate unless its split raised `ValueError`
                    // first, which the text with U+FFFD in their place tells.
                    let lossy = crate::convert::page_text(s)?;
                    let safe = crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string(&lossy, &with_limit(l)), too_many)?;
                    return unencodable(encode_error, safe.map(Cow::into_owned), |netloc| same_code_points(s, &lossy, netloc))
                        .map(|text| PyString::new(py, &text));
                };
                let with_stand_ins = |l| SafeOptions { stand_ins: true, ..with_limit(l) };
                let safe = crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string(&text, &with_stand_ins(l)), too_many)?;
                with_surrogates(py, &safe.map_err(|e| error(py, &e, encoding, path_encoding, true))?)
            }
        }
    } else if let Ok(b) = url.cast::<PyBytes>() {
        let safe = crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string_bytes(b.as_bytes(), &with_limit(l)), too_many)?;
        Ok(PyString::new(py, &safe.map_err(to_py)?))
    } else {
        Err(PyTypeError::new_err(format!("to_unicode must receive bytes or str, got {}", url.get_type().name()?)))
    }
}

/// A `str` as the core's text: itself when it is UTF-8; with lone surrogates, the text with
/// the core's [`STAND_INS`] in their place ([`stand_ins`]; [`with_surrogates`] puts them
/// back), or the `UnicodeEncodeError` of `to_str` when it holds a stand-in of its own.
#[inline]
pub(crate) fn text_with_stand_ins<'a>(text: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    match text.to_str() {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(error) => text_with_surrogates(text, error).map(Cow::Owned),
    }
}

/// [`text_with_stand_ins`] of a `str` that is not UTF-8 (`error`, `to_str`'s), out of the way
/// of the usual text.
#[cold]
#[inline(never)]
fn text_with_surrogates(text: &Bound<'_, PyString>, error: PyErr) -> PyResult<String> {
    let wtf8 = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
    stand_ins(wtf8.cast::<PyBytes>()?.as_bytes()).ok_or(error)
}

/// Python's `str.encode("utf-8", "surrogatepass")` of a `str` with lone surrogates as text
/// with the core's [`STAND_INS`] in their place; `None` when the text holds a stand-in of its
/// own (which would be taken for a surrogate).
pub(crate) fn stand_ins(wtf8: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(wtf8.len());
    let mut rest = wtf8;
    loop {
        let (valid, after) = match std::str::from_utf8(rest) {
            Ok(valid) => (valid, &[][..]),
            Err(e) => (std::str::from_utf8(&rest[..e.valid_up_to()]).ok()?, &rest[e.valid_up_to()..]),
        };
        if has_stand_in(valid) {
            return None;
        }
        out.push_str(valid);
        if after.is_empty() {
            return Some(out);
        }
        // A surrogate is ED A0..=BF 80..=BF: 0xD800 and its 11 low bits.
        let [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, ..] = *after else { return None };
        out.push(char::from_u32(u32::from(*STAND_INS.start()) + ((u32::from(b1 & 0x1F) << 6) | u32::from(b2 & 0x3F)))?);
        rest = &after[3..];
    }
}

/// `text` as a Python `str`, each [`STAND_INS`] character as the lone surrogate it stands for.
pub(crate) fn with_surrogates<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyString>> {
    if !has_stand_in(text) {
        return Ok(PyString::new(py, text));
    }
    let mut wtf8 = Vec::with_capacity(text.len());
    for c in text.chars() {
        if let Some(point) = surrogate_of(c) {
            // The surrogate in UTF-8's three-byte form (`surrogatepass`'s; each part below 256).
            let byte = |bits: u32| u8::try_from(bits).unwrap_or(0);
            wtf8.extend([byte(0xE0 | point >> 12), byte(0x80 | (point >> 6) & 0x3F), byte(0x80 | point & 0x3F)]);
        } else {
            wtf8.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    Ok(PyBytes::new(py, &wtf8).call_method1("decode", ("utf-8", "surrogatepass"))?.cast_into::<PyString>()?)
}
