//! `relurl.parse` and the `relurl.URL` it builds.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::arguments::{strict_flag, strict_with, SpecArg};
use super::convert::{backed_str, borrow_str};
use super::errors::from_core;
use super::url_data::PyUrl;
use relurl::bindings::{MultiUrl, Recombined};
use relurl::Spec;

/// Parses `url` into its components by the grammar of `spec`: RFC 1808 §2.4 (the default),
/// RFC 3986 Appendix B, or the URL Standard's basic URL parser (`spec="whatwg"`, which
/// raises `URLError` for a URL it rejects). With `strict=True` (RFC 1808 only), first checks it
/// against the §2.2 BNF and raises `URLError` if it does not conform.
#[pyfunction]
#[pyo3(signature = (url, *, spec = SpecArg::DEFAULT, strict = false), text_signature = "(url, *, spec='rfc1808', strict=False)")]
pub fn parse(url: &Bound<'_, PyAny>, spec: SpecArg, #[pyo3(from_py_with = strict_flag)] strict: bool) -> PyResult<PyUrl> {
    let SpecArg(spec) = spec;
    if strict_with(strict, spec)? {
        super::validate::validate(url)?;
    }
    parse_url(url, "url", spec)
}

/// `obj` (a `str`, else `TypeError` naming `arg`) parsed by `spec` as a `relurl.URL`
/// ([`MultiUrl::parse`]). A `str` subclass is read as its exact `str` value: no method of it
/// is ever called again.
fn parse_url(obj: &Bound<'_, PyAny>, arg: &str, spec: Spec) -> PyResult<PyUrl> {
    let py = obj.py();
    let text = backed_str(obj, arg)?;
    let url = match MultiUrl::parse(text, spec, |text| text.clone_ref(py)) {
        Ok(url) => url,
        Err(e) => return Err(from_core(py, &e, borrow_str(obj, arg)?)),
    };
    let recombined = match url.recombined() {
        Recombined::AsGiven => url.holder().as_py_str().clone_ref(py),
        Recombined::Rewritten(text) => PyString::new(py, &text).unbind(),
    };
    Ok(PyUrl { url, recombined })
}
