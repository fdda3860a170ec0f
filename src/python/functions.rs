//! Module-level functions: `parse`, `resolve`, `validate`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::errors::from_core;
use super::strings::borrow_str;
use super::url::{with_buffer, PyUrl};
use crate::{resolve_into, Url};

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

/// Resolves `reference` against `base` by RFC 1808 §4 and returns the absolute URL.
#[pyfunction]
pub fn resolve<'py>(base: &Bound<'py, PyAny>, reference: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    let py = base.py();
    let base_text = borrow_str(base, "base")?;
    let reference_text = borrow_str(reference, "reference")?;
    let parsed_base = Url::parse_owned(base_text).map_err(|e| from_core(py, &e, base_text))?;
    let parsed_reference = Url::parse_owned(reference_text).map_err(|e| from_core(py, &e, reference_text))?;
    Ok(with_buffer(|buffer| {
        buffer.clear();
        resolve_into(&parsed_base, &parsed_reference, buffer);
        PyString::new(py, buffer)
    }))
}

/// Checks `url` against the RFC 1808 §2.2 BNF; raises `URLError` with the position of the
/// first offending character and the reason.
#[pyfunction]
pub fn validate(url: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = borrow_str(url, "url")?;
    crate::validate(text).map_err(|e| from_core(url.py(), &e, text))
}
