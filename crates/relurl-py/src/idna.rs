//! Private bindings of the core's [`relurl::idna2003`] for the differential tests
//! (`tests/test_idna2003.py`): `str.encode("idna")` and `ucd_3_2_0.normalize("NFKC", ...)`;
//! and the running CPython's Unicode version, which the twins follow.

use std::sync::OnceLock;

use pyo3::exceptions::PyUnicodeError;
use pyo3::prelude::*;
use relurl::idna2003::UnicodeVersion;

/// The Unicode version of the running CPython's `unicodedata` (read once). A version
/// without tables in the core is read as the nearest one: 15.1 for a newer CPython (3.14
/// has 16.0: characters assigned in 16.0 are then treated as 15.1 treats them), 13.0 for
/// an older one.
pub(crate) fn python_unicode(py: Python<'_>) -> UnicodeVersion {
    static VERSION: OnceLock<UnicodeVersion> = OnceLock::new();
    *VERSION.get_or_init(|| {
        let version = py.import("unicodedata").and_then(|m| m.getattr("unidata_version")).and_then(|v| v.extract::<String>());
        let version = version.unwrap_or_default();
        UnicodeVersion::from_unidata_version(&version).unwrap_or_else(|| {
            let newer = version.split('.').next().and_then(|major| major.parse::<u32>().ok()).is_some_and(|major| major > 15);
            if newer {
                UnicodeVersion::V15_1
            } else {
                UnicodeVersion::V13_0
            }
        })
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
