//! Private bindings of the core's [`relurl::idna2003`] for the differential tests
//! (`tests/test_idna2003.py`): `str.encode("idna")` and `ucd_3_2_0.normalize("NFKC", ...)`;
//! and the running CPython's Unicode version, which the twins follow.

use std::sync::OnceLock;

use pyo3::exceptions::PyUnicodeError;
use pyo3::prelude::*;
use relurl::idna2003::UnicodeVersion;

/// The Unicode version the twins follow in the running CPython (read once): the core's
/// choice for its `unicodedata.unidata_version`
/// ([`relurl::bindings::unicode::unicode_version_for`], which falls back to the nearest
/// version with tables).
pub(crate) fn python_unicode(py: Python<'_>) -> UnicodeVersion {
    static VERSION: OnceLock<UnicodeVersion> = OnceLock::new();
    *VERSION.get_or_init(|| {
        let version = py.import("unicodedata").and_then(|m| m.getattr("unidata_version")).and_then(|v| v.extract::<String>());
        relurl::bindings::unicode::unicode_version_for(&version.unwrap_or_default())
    })
}

/// `unicodedata.unidata_version` as the twins read it (the tables they use).
#[pyfunction]
pub fn _unicode_version(py: Python<'_>) -> &'static str {
    python_unicode(py).name()
}

/// `domain.encode("idna")` by the core, as `str`; `UnicodeError` with the codec's message.
#[pyfunction]
pub fn _idna2003_encode(py: Python<'_>, domain: &str) -> PyResult<String> {
    relurl::idna2003::to_ascii(domain, python_unicode(py))
        .map(std::borrow::Cow::into_owned)
        .map_err(|e| PyUnicodeError::new_err(e.to_string()))
}

/// `unicodedata.ucd_3_2_0.normalize("NFKC", s)` by the core.
#[pyfunction]
pub fn _nfkc_3_2(py: Python<'_>, s: &str) -> String {
    relurl::idna2003::nfkc_3_2(s, python_unicode(py))
}
