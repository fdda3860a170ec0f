//! The data of a `relurl.URL` ([`PyUrl`]): the text it was parsed from, split by each
//! grammar, and what the converters below the API read of it (its text, its grammar, its
//! parse by a grammar). Its Python methods are in `url.rs`, its constructor in `parse.rs`:
//! this module uses only `errors.rs`, so every converter can check for a `URL` without a
//! circle.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyString;

use super::errors::from_core;
use relurl::{AnyUrl, Spec};

/// A URL split into its six components by the grammar it was parsed with; immutable,
/// hashable, picklable. Its net_loc's user name, password, host name and port are
/// [`relurl::Login`]'s (urllib's answers); a URL Standard URL has the Standard's.
///
/// Two URLs are equal when they were parsed from the same text by the same grammar: then
/// every method gives the same answer for both (`str()`, the step 7 recombination, may be
/// equal for unequal URLs: `http://a/b?` and `http://a/b`).
#[pyclass(name = "URL", module = "relurl", frozen, sequence)]
pub struct PyUrl {
    /// The text split by RFC 1808 §2.4.
    pub(crate) url: AnyUrl<PyBackedStr>,
    /// The same text split by RFC 3986 Appendix B.
    pub(crate) url_rfc3986: AnyUrl<PyBackedStr>,
    /// The same text parsed by the URL Standard (which may fail): at once for a URL of
    /// `spec="whatwg"`, else when first asked for (`resolve(..., spec="whatwg")`).
    pub(crate) url_whatwg: OnceLock<Result<AnyUrl<PyBackedStr>, relurl::Error>>,
    /// The grammar it was parsed with: its attributes, `str()` and the default `spec` of
    /// `resolve` follow it.
    pub(crate) spec: Spec,
    /// `str()`: for RFC 1808 the §4 step 7 recombination (the input itself unless it has an
    /// empty `;`, `?` or `#`); for RFC 3986 the input (§5.3 recomposition is lossless); for
    /// the URL Standard the href (§4.5).
    pub(crate) recombined: Py<PyString>,
}

impl PyUrl {
    /// The text this URL was parsed from, as an exact `str`.
    pub(crate) fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.url.holder().as_py_str().bind(py).clone()
    }

    /// This URL as parsed by its own grammar.
    pub(crate) fn own(&self) -> &AnyUrl<PyBackedStr> {
        match (self.spec, self.url_whatwg.get()) {
            (Spec::Whatwg, Some(Ok(url))) => url,
            // A URL of spec="whatwg" has its parse from the start: not reached.
            (Spec::Rfc3986, _) => &self.url_rfc3986,
            _ => &self.url,
        }
    }

    /// This URL as parsed by the grammar of `spec`; with `strict` (already checked to go
    /// with `spec`: `strict_with`), first checked against the RFC 1808 §2.2 BNF, a
    /// `URLError` if it does not conform; by the URL Standard, a `URLError` if it fails to
    /// parse.
    pub(crate) fn checked_for(&self, py: Python<'_>, spec: Spec, strict: bool) -> PyResult<&AnyUrl<PyBackedStr>> {
        if strict {
            relurl::validate(self.url.as_str()).map_err(|e| from_core(py, &e, self.url.as_str()))?;
        }
        match spec {
            Spec::Rfc1808 => Ok(&self.url),
            Spec::Rfc3986 => Ok(&self.url_rfc3986),
            Spec::Whatwg => self
                .url_whatwg
                .get_or_init(|| AnyUrl::parse_owned(self.url.holder().clone_ref(py), Spec::Whatwg))
                .as_ref()
                .map_err(|e| from_core(py, e, self.url.as_str())),
        }
    }
}
