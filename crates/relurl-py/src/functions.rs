//! Module-level functions: `parse`, `resolve`, `validate`, `normalize`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::errors::from_core;
use super::resolving::{encoding_with, resolve_to_py, strict_flag, strict_with, strip_flag, SpecArg};
use super::strings::{base_type_error, borrow_str, str_arg};
use super::url::PyUrl;
use relurl::{parse_checked, Spec};

/// Parses `url` into its six components by the grammar of `spec`: RFC 1808 §2.4 (the
/// default) or RFC 3986 Appendix B. With `strict=True` (RFC 1808 only), first checks it
/// against the §2.2 BNF and raises `URLError` if it does not conform.
#[pyfunction]
#[pyo3(signature = (url, *, spec = SpecArg::DEFAULT, strict = false), text_signature = "(url, *, spec='rfc1808', strict=False)")]
pub fn parse(url: &Bound<'_, PyAny>, spec: SpecArg, #[pyo3(from_py_with = strict_flag)] strict: bool) -> PyResult<PyUrl> {
    let SpecArg(spec) = spec;
    if strict_with(strict, spec)? {
        validate(url)?;
    }
    PyUrl::parse(url, "url", spec)
}

/// Resolves `reference` against `base` (a `str`, or a parsed `URL`) by RFC 1808 §4 or, with
/// `spec="rfc3986"`, RFC 3986 §5.2, and returns the absolute URL. Without `spec`, a `URL`
/// base is resolved by the grammar it was parsed with, a `str` by RFC 1808. With
/// `strict=True` (RFC 1808 only), the base and then the reference are first checked
/// against the §2.2 BNF ([`relurl::parse_checked`]), as `resolve_many` checks each row.
/// With `strip=True`, HTML's ASCII whitespace (TAB, LF, FF, CR, SPACE) is stripped from
/// both ends of the reference first, as `extract_links` does to an href.
/// With `encoding` (a label of the Encoding Standard; `spec="whatwg"` only), the query of a
/// special URL is percent-encoded in that encoding, as a browser does for a link on a page
/// in it ([`relurl::AnyUrl::join_into_with_encoding`]).
#[pyfunction]
#[pyo3(signature = (base, reference, *, spec = None, strict = false, strip = false, encoding = None))]
pub fn resolve<'py>(
    base: &Bound<'py, PyAny>,
    reference: &Bound<'py, PyAny>,
    spec: Option<SpecArg>,
    #[pyo3(from_py_with = strict_flag)] strict: bool,
    #[pyo3(from_py_with = strip_flag)] strip: bool,
    encoding: Option<&str>,
) -> PyResult<Bound<'py, PyString>> {
    let py = base.py();
    if let Ok(url) = base.cast::<PyUrl>() {
        let url = url.get();
        let spec = spec.map_or(url.own().spec(), |s| s.0);
        let encoding = encoding_with(encoding, spec)?;
        let parsed_base = url.checked_for(py, spec, strict)?;
        let reference = str_arg(reference, || "reference".to_owned())?;
        return resolve_to_py(parsed_base, &url.text(py), &reference, (strict, strip), encoding);
    }
    let spec = spec.map_or(Spec::Rfc1808, |s| s.0);
    let encoding = encoding_with(encoding, spec)?;
    let strict = strict_with(strict, spec)?;
    if !base.is_instance_of::<PyString>() {
        return Err(base_type_error(base, "base"));
    }
    let base = str_arg(base, || "base".to_owned())?;
    let reference = str_arg(reference, || "reference".to_owned())?;
    let parsed_base = parse_checked(base.text, spec, strict).map_err(|e| from_core(py, &e, base.text))?;
    resolve_to_py(&parsed_base, base.object, &reference, (strict, strip), encoding)
}

/// Checks `url` against the RFC 1808 §2.2 BNF; raises `URLError` with the position of the
/// first offending character and the reason.
#[pyfunction]
pub fn validate(url: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = borrow_str(url, "url")?;
    relurl::validate(text).map_err(|e| from_core(url.py(), &e, text))
}

/// The normal form of `url` by the grammar of `spec` (RFC 3986 §6.2.2 syntax-based and
/// §6.2.3 scheme-based normalization; with `spec="whatwg"`, the URL Standard's
/// serialization): relurl's key for "the same URL" ([`relurl::normalize`]).
#[pyfunction]
#[pyo3(signature = (url, *, spec = SpecArg::DEFAULT), text_signature = "(url, *, spec='rfc1808')")]
pub fn normalize<'py>(url: &Bound<'py, PyAny>, spec: SpecArg) -> PyResult<Bound<'py, PyString>> {
    let url = str_arg(url, || "url".to_owned())?;
    let normal = relurl::normalize(url.text, spec.0).map_err(|e| from_core(url.object.py(), &e, url.text))?;
    // Most URLs are already normal: the caller's `str` itself.
    if normal == url.text {
        return Ok(super::resolving::exact_str(url.object, url.text));
    }
    Ok(PyString::new(url.object.py(), &normal))
}
