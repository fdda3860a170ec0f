//! `relurl._relurl._scrapy_fingerprint`, the native half of `relurl.scrapy.fingerprint`: the
//! core's twin of Scrapy's request fingerprint ([`relurl::scrapy::fingerprint`]). The Python
//! half reads the request (its cache, `verbatim_url`, the included headers' values); this
//! module only converts the arguments and the errors.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use relurl::scrapy::{Request, RequestUrl, Text};
use relurl::w3lib::{Options, W3libError};

use super::arguments::Truth;
use super::convert::str_bytes;
use super::errors::w3lib_error;
use super::w3lib::{canonicalize_url, Arguments, Separator};

/// The included headers the request has: each name (`bytes`) with its values.
type Headers<'py> = Vec<(Bound<'py, PyBytes>, Vec<Bound<'py, PyBytes>>)>;

/// The fingerprint of a request: `method` (`to_unicode(request.method)`), `url`
/// (`request.url`), `body` (`request.body or b""`), `headers` (each included header the
/// request has: its lowered name and `getlist` values; `None` for none), `keep_fragments`,
/// and `verbatim` (the request's `verbatim_url`: the URL is taken as it is). The 20 bytes of
/// the SHA-1 digest; canonicalize_url's exception for the URL. A verbatim URL that is not a
/// `str` (set by hand: `Request` makes it one) is written by `json.dumps`, or raises its
/// `TypeError`, as in Scrapy.
#[pyfunction]
#[pyo3(signature = (method, url, body, headers, keep_fragments, verbatim))]
pub fn _scrapy_fingerprint<'py>(
    py: Python<'py>,
    method: &Bound<'py, PyString>,
    url: &Bound<'py, PyAny>,
    body: &[u8],
    headers: Option<Headers<'py>>,
    keep_fragments: bool,
    verbatim: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let method = str_bytes(method)?;
    let headers = headers.unwrap_or_default();
    let values: Vec<Vec<&[u8]>> = headers.iter().map(|(_, values)| values.iter().map(PyBytesMethods::as_bytes).collect()).collect();
    let headers: Vec<(&[u8], &[&[u8]])> =
        headers.iter().zip(&values).map(|((name, _), values)| (name.as_bytes(), values.as_slice())).collect();
    // The URL: text to canonicalize, or text as it is (a verbatim URL, or one the
    // `canonicalize_url` binding has canonicalized: a URL that is not a UTF-8 `str`).
    let (held, canonical, json);
    let url = match url.cast::<PyString>() {
        Ok(text) if verbatim => {
            held = str_bytes(text)?;
            RequestUrl::AsIs(Text::from_surrogatepass(&held))
        }
        Err(_) if verbatim => {
            // Not text: Scrapy's `json.dumps` writes it (a number, `null`, a list) or raises
            // its `TypeError`; so does this call, the same text as within the dictionary.
            let kwargs = PyDict::new(py);
            kwargs.set_item("sort_keys", true)?;
            json = py.import("json")?.call_method("dumps", (url,), Some(&kwargs))?.extract::<String>()?;
            RequestUrl::Json(&json)
        }
        Ok(text) if text.to_str().is_ok() => RequestUrl::Canonicalize(text.to_str()?),
        _ => {
            canonical = canonicalize_url(py, url, Truth(true), Truth(keep_fragments), None, Separator::ampersand())?;
            RequestUrl::AsIs(Text::from(canonical.as_str()))
        }
    };
    let request = Request { method: Text::from_surrogatepass(&method), url, body, headers: &headers };
    let arguments = Arguments::new(py, true, keep_fragments, None, Separator::ampersand())?;
    let options = arguments.options(py);
    let run = |limit| relurl::scrapy::fingerprint(&request, &Options { int_max_str_digits: limit, ..options.clone() });
    let digest = crate::int_limit::with_int_limit(py, run, |e| matches!(e, W3libError::TooManyDigits(_)))?.map_err(|e| w3lib_error(&e))?;
    Ok(PyBytes::new(py, &digest))
}
