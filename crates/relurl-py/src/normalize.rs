//! `relurl.normalize`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::arguments::SpecArg;
use super::convert::{exact_str, str_arg};
use super::errors::from_core;

/// The normal form of `url` by the grammar of `spec` (RFC 3986 §6.2.2 syntax-based and
/// §6.2.3 scheme-based normalization; with `spec="whatwg"`, the URL Standard's
/// serialization): relurl's key for "the same URL".
#[pyfunction]
#[pyo3(signature = (url, *, spec = SpecArg::DEFAULT), text_signature = "(url, *, spec='rfc1808')")]
pub fn normalize<'py>(url: &Bound<'py, PyAny>, spec: SpecArg) -> PyResult<Bound<'py, PyString>> {
    let url = str_arg(url, || "url".to_owned())?;
    let normal = relurl::normalize(url.text, spec.0).map_err(|e| from_core(url.object.py(), &e, url.text))?;
    // Most URLs are already normal: the caller's `str` itself.
    if normal == url.text {
        return Ok(exact_str(url.object, url.text));
    }
    Ok(PyString::new(url.object.py(), &normal))
}
