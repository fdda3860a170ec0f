//! Module-level functions: `parse`, `resolve`, `validate`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::errors::from_core;
use super::resolving::{resolve_to_py, spec_arg};
use super::strings::{borrow_str, str_arg};
use super::url::PyUrl;
use crate::Url;

/// Parses `url` into its six RFC 1808 components (§2.4). With `strict=True`, first checks
/// it against the §2.2 BNF and raises `URLError` if it does not conform.
#[pyfunction]
#[pyo3(signature = (url, *, strict = false))]
pub fn parse(url: &Bound<'_, PyAny>, strict: bool) -> PyResult<PyUrl> {
    if strict {
        validate(url)?;
    }
    PyUrl::parse(url, "url")
}

/// Resolves `reference` against `base` by RFC 1808 §4 (or, with `spec="rfc3986"`, RFC 3986
/// §5.2) and returns the absolute URL.
#[pyfunction]
#[pyo3(signature = (base, reference, *, spec = "rfc1808"))]
pub fn resolve<'py>(base: &Bound<'py, PyAny>, reference: &Bound<'py, PyAny>, spec: &str) -> PyResult<Bound<'py, PyString>> {
    let spec = spec_arg(spec)?;
    let base = str_arg(base, || "base".to_owned())?;
    let reference = str_arg(reference, || "reference".to_owned())?;
    let parsed_base = Url::parse_owned_as(base.text, spec).map_err(|e| from_core(base.object.py(), &e, base.text))?;
    resolve_to_py(&parsed_base, base.object, &reference)
}

/// Checks `url` against the RFC 1808 §2.2 BNF; raises `URLError` with the position of the
/// first offending character and the reason.
#[pyfunction]
pub fn validate(url: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = borrow_str(url, "url")?;
    crate::validate(text).map_err(|e| from_core(url.py(), &e, text))
}
