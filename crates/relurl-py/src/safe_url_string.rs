//! `relurl.safe_url_string`: the core's twin of `w3lib.url.safe_url_string`
//! ([`relurl::w3lib::safe_url_string`]); this module only converts the arguments (the
//! encodings as `relurl.canonicalize_url` takes them: built in, or CPython's codec) and the
//! errors.

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use relurl::w3lib::{Part, SafeOptions, W3libError};

use super::errors::w3lib_error;
use super::w3lib::{chosen, schemes};

/// A core error as the exception w3lib raises. For text an encoding cannot encode, the
/// exception is Python's own: the codec named as the caller named it is asked to encode the
/// text again, which raises the very `UnicodeEncodeError` w3lib's `str.encode` raises.
fn error(py: Python<'_>, err: &W3libError, encoding: &str, path_encoding: &str) -> PyErr {
    let W3libError::Unencodable { part, text } = err else { return w3lib_error(err) };
    let name = match part {
        Part::Path => path_encoding,
        Part::Query | Part::Fragment => encoding,
        // A bytes URL that decodes to a lone surrogate, which w3lib fails to encode.
        Part::Url => return PyUnicodeEncodeError::new_err(("utf-8", String::new(), 0, 0, "surrogates not allowed")),
    };
    match PyString::new(py, text).call_method1("encode", (name,)) {
        Err(e) => e,
        Ok(_) => PyUnicodeEncodeError::new_err((name.to_owned(), text.clone(), 0, text.chars().count(), "cannot encode")),
    }
}

/// `w3lib.url.safe_url_string(url, encoding='utf8', path_encoding='utf8', quote_path=True)`
/// for a `str` or `bytes` URL.
#[pyfunction]
#[pyo3(
    signature = (url, encoding = "utf8", path_encoding = "utf8", quote_path = true),
    text_signature = "(url, encoding='utf8', path_encoding='utf8', quote_path=True)"
)]
pub fn safe_url_string(py: Python<'_>, url: &Bound<'_, PyAny>, encoding: &str, path_encoding: &str, quote_path: bool) -> PyResult<String> {
    let (chosen_encoding, chosen_path) = (chosen(py, Some(encoding))?, chosen(py, Some(path_encoding))?);
    let options = SafeOptions {
        encoding: chosen_encoding.encoding(),
        path_encoding: chosen_path.encoding(),
        quote_path,
        schemes: Cow::Borrowed(schemes(py)),
        unicode: crate::idna::python_unicode(py),
        int_max_str_digits: relurl::int_limit::DEFAULT,
    };
    let too_many = |e: &W3libError| matches!(e, W3libError::TooManyDigits(_));
    let with_limit = |limit| SafeOptions { int_max_str_digits: limit, ..options.clone() };
    let to_py = |e: W3libError| error(py, &e, encoding, path_encoding);
    if let Ok(s) = url.cast::<PyString>() {
        match s.to_str() {
            Ok(text) => {
                crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string(text, &with_limit(l)), too_many)?.map_err(to_py)
            }
            Err(encode_error) => {
                // A lone surrogate: w3lib fails to encode it wherever it is, unless its split
                // raised `ValueError` first, which the text with U+FFFD in its place tells.
                let lossy = s.to_string_lossy();
                match crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string(&lossy, &with_limit(l)), too_many)? {
                    Err(e @ (W3libError::Value(_) | W3libError::TooManyDigits(_))) => Err(w3lib_error(&e)),
                    _ => Err(encode_error),
                }
            }
        }
    } else if let Ok(b) = url.cast::<PyBytes>() {
        crate::int_limit::with_int_limit(py, |l| relurl::w3lib::safe_url_string_bytes(b.as_bytes(), &with_limit(l)), too_many)?
            .map_err(to_py)
    } else {
        Err(PyTypeError::new_err(format!("to_unicode must receive bytes or str, got {}", url.get_type().name()?)))
    }
}
