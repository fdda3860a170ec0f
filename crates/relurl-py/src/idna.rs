//! Private bindings of the core's [`relurl::idna2003`] for the differential tests
//! (`tests/test_idna2003.py`): `str.encode("idna")` and `ucd_3_2_0.normalize("NFKC", ...)`.

use pyo3::exceptions::PyUnicodeError;
use pyo3::prelude::*;

/// `domain.encode("idna")` by the core, as `str`; `UnicodeError` with the codec's message.
#[pyfunction]
pub fn _idna2003_encode(domain: &str) -> PyResult<String> {
    relurl::idna2003::to_ascii(domain).map(std::borrow::Cow::into_owned).map_err(|e| PyUnicodeError::new_err(e.to_string()))
}

/// `unicodedata.ucd_3_2_0.normalize("NFKC", s)` by the core.
#[pyfunction]
pub fn _nfkc_3_2(s: &str) -> String {
    relurl::idna2003::nfkc_3_2(s)
}
