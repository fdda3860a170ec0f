//! `relurl.validate`.

use pyo3::prelude::*;

use super::convert::borrow_str;
use super::errors::from_core;

/// Checks `url` against the RFC 1808 §2.2 BNF; raises `URLError` with the position of the
/// first offending character and the reason.
#[pyfunction]
pub fn validate(url: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = borrow_str(url, "url")?;
    relurl::validate(text).map_err(|e| from_core(url.py(), &e, text))
}
