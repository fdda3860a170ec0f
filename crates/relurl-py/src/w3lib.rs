//! `relurl.canonicalize_url`: the core's twin of `w3lib.url.canonicalize_url`
//! ([`relurl::w3lib`]); this module only converts the arguments and the errors.

use std::borrow::Cow;
use std::sync::OnceLock;

use pyo3::exceptions::{PyNotImplementedError, PyTypeError, PyUnicodeEncodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use relurl::urllib::Schemes;
use relurl::w3lib::{Encoding, Options, W3libError};

/// urllib's scheme lists of the running Python, which w3lib reads.
fn schemes(py: Python<'_>) -> &'static Schemes {
    static SCHEMES: OnceLock<Schemes> = OnceLock::new();
    SCHEMES.get_or_init(|| {
        let v = py.version_info();
        Schemes::for_python(v.major, v.minor)
    })
}

/// The `encoding` argument as the core's [`Encoding`]: Python's codec registry names it
/// (`codecs.lookup`, so aliases and `LookupError` are Python's); a codec the core lacks is
/// refused with `NotImplementedError` rather than answered differently.
pub(crate) fn encoding(py: Python<'_>, name: Option<&str>) -> PyResult<Encoding> {
    let name = match name {
        None | Some("" | "utf8" | "utf-8") => return Ok(Encoding::Utf8),
        Some(name) => name,
    };
    let codec = py.import("codecs")?.call_method1("lookup", (name,))?.getattr("name")?;
    match codec.extract::<Cow<'_, str>>()?.as_ref() {
        "utf-8" => Ok(Encoding::Utf8),
        "iso8859-1" => Ok(Encoding::Latin1),
        "ascii" => Ok(Encoding::Ascii),
        other => Err(PyNotImplementedError::new_err(format!(
            "relurl.canonicalize_url supports the encodings utf-8, latin-1 and ascii, not {other:?}"
        ))),
    }
}

/// The options of a call, the scheme lists included.
pub(crate) fn options<'a>(
    py: Python<'_>,
    keep_blank_values: bool,
    keep_fragments: bool,
    encoding_name: Option<&str>,
    query_separator: &'a str,
) -> PyResult<Options<'a>> {
    Ok(Options {
        keep_blank_values,
        keep_fragments,
        encoding: encoding(py, encoding_name)?,
        query_separator,
        schemes: Cow::Borrowed(schemes(py)),
        unicode: crate::idna::python_unicode(py),
        // A batch reads the running Python's limit once; a single call through
        // [`with_int_limit`].
        int_max_str_digits: relurl::int_limit::DEFAULT,
    })
}

/// `canonicalize(options)` under the running Python's `sys.get_int_max_str_digits()` (read
/// only for a port of more digits than every Python reads: [`crate::int_limit`]).
fn with_int_limit<T>(
    py: Python<'_>,
    options: &Options<'_>,
    canonicalize: impl Fn(&Options<'_>) -> Result<T, W3libError>,
) -> PyResult<Result<T, W3libError>> {
    let run = |limit| canonicalize(&Options { int_max_str_digits: limit, ..options.clone() });
    crate::int_limit::with_int_limit(py, run, |e| matches!(e, W3libError::TooManyDigits(_)))
}

/// A core error as the exception w3lib raises (its own text: `_url`, the row's, is not
/// needed).
pub(crate) fn to_py_error(err: &W3libError, _url: &str) -> PyErr {
    match err {
        W3libError::Value(reason) => PyValueError::new_err(reason.clone()),
        W3libError::TooManyDigits(e) => PyValueError::new_err(e.to_string()),
        W3libError::UnicodeEncode { encoding, object, start, end } => {
            let reason = if *encoding == "ascii" { "ordinal not in range(128)" } else { "ordinal not in range(256)" };
            PyUnicodeEncodeError::new_err((*encoding, object.clone(), *start, *end, reason))
        }
    }
}

/// `w3lib.url.canonicalize_url(url, keep_blank_values, keep_fragments, encoding, *,
/// query_separator)` for a `str` or `bytes` URL.
#[pyfunction]
#[pyo3(signature = (url, keep_blank_values = true, keep_fragments = false, encoding = None, *, query_separator = "&"))]
pub fn canonicalize_url(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    keep_blank_values: bool,
    keep_fragments: bool,
    encoding: Option<&str>,
    query_separator: &str,
) -> PyResult<String> {
    let options = options(py, keep_blank_values, keep_fragments, encoding, query_separator)?;
    if let Ok(s) = url.cast::<PyString>() {
        match s.to_str() {
            Ok(text) => with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_url(text, o))?.map_err(|e| to_py_error(&e, text)),
            Err(encode_error) => {
                let lossy = s.to_string_lossy();
                unencodable(&lossy, encode_error, with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_url(&lossy, o))?)
            }
        }
    } else if let Ok(b) = url.cast::<PyBytes>() {
        with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_url_bytes(b.as_bytes(), o))?.map_err(|e| to_py_error(&e, ""))
    } else if url.is_instance(&parse_result(py)?)? {
        // w3lib: `url = _urlunparse(*url)`, then the str URL's path.
        let fields: Vec<Bound<'_, PyString>> = (0..6).map(|i| field(url, i)).collect::<PyResult<_>>()?;
        let texts: Vec<Result<&str, PyErr>> = fields.iter().map(|f| f.to_str()).collect();
        if let Some(Err(encode_error)) = texts.iter().find(|t| t.is_err()) {
            let lossy: Vec<Cow<'_, str>> = fields.iter().map(|f| f.to_string_lossy()).collect();
            let lossy: [&str; 6] = core::array::from_fn(|i| lossy[i].as_ref());
            let encode_error = encode_error.clone_ref(py);
            let canonical = with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_parsed(lossy, o))?;
            return unencodable(&lossy.concat(), encode_error, canonical);
        }
        let texts: [&str; 6] = core::array::from_fn(|i| texts[i].as_ref().map_or("", |t| t));
        with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_parsed(texts, o))?.map_err(|e| to_py_error(&e, &texts.concat()))
    } else {
        Err(PyTypeError::new_err(format!("to_unicode must receive bytes or str, got {}", url.get_type().name()?)))
    }
}

/// A URL with a lone surrogate (`text`: U+FFFD in its place): w3lib fails to encode it
/// (`UnicodeEncodeError`, `encode_error`) wherever it is, unless it raised `ValueError`
/// first (a bad port or host), which `canonical` (the answer for `text`) tells (no check of
/// w3lib sees the difference).
fn unencodable(text: &str, encode_error: PyErr, canonical: Result<String, W3libError>) -> PyResult<String> {
    match canonical {
        Err(e @ (W3libError::Value(_) | W3libError::TooManyDigits(_))) => Err(to_py_error(&e, text)),
        _ => Err(encode_error),
    }
}

/// `urllib.parse.ParseResult`.
fn parse_result(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py.import("urllib.parse")?.getattr("ParseResult")
}

/// Field `index` of a `ParseResult`, which must be a `str` (w3lib's `_urlunparse` joins them
/// as text; relurl refuses other types rather than guess what their f-string would be).
fn field<'py>(url: &Bound<'py, PyAny>, index: usize) -> PyResult<Bound<'py, PyString>> {
    let value = url.get_item(index)?;
    value.cast_into::<PyString>().map_err(|e| {
        PyTypeError::new_err(format!(
            "relurl.canonicalize_url needs a ParseResult of str fields; field {index} is {}",
            e.into_inner().get_type()
        ))
    })
}
