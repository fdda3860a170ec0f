//! The data of a `relurl.URL` ([`PyUrl`]): the core's [`MultiUrl`] (the text it was parsed
//! from, split by each grammar, and what each grammar answers) and its `str()`, and what the
//! converters below the API read of it (its text, its grammar, its parse by a grammar). Its Python
//! methods are in `url.rs`, its constructor in `parse.rs`: this module uses only `errors.rs`,
//! so every converter can check for a `URL` without a circle.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyString;

use super::errors::from_core;
use relurl::bindings::MultiUrl;
use relurl::{AnyUrl, Spec};

/// A URL split into its six components by the grammar it was parsed with; immutable,
/// hashable, picklable. Its net_loc's user name, password, host name and port are
/// urllib's answers; a URL Standard URL has the Standard's.
///
/// Two URLs are equal when they were parsed from the same text by the same grammar: then
/// every method gives the same answer for both (`str()`, the step 7 recombination, may be
/// equal for unequal URLs: `http://a/b?` and `http://a/b`).
#[pyclass(name = "URL", module = "relurl", frozen, sequence)]
pub struct PyUrl {
    /// The text parsed by each grammar, and what each grammar answers
    /// ([`relurl::bindings::MultiUrl`]).
    pub(crate) url: MultiUrl<PyBackedStr>,
    /// `str()`, made once: [`MultiUrl::recombined`] (the text as given, or the text rewritten).
    pub(crate) recombined: Py<PyString>,
}

impl PyUrl {
    /// The text this URL was parsed from, as an exact `str`.
    pub(crate) fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.url.holder().as_py_str().bind(py).clone()
    }

    /// This URL as parsed by its own grammar.
    pub(crate) fn own(&self) -> &AnyUrl<PyBackedStr> {
        self.url.own()
    }

    /// This URL as parsed by the grammar of `spec` ([`MultiUrl::for_spec`]; `strict` is
    /// already checked to go with `spec`: `strict_with`), its error a `URLError`.
    pub(crate) fn checked_for(&self, py: Python<'_>, spec: Spec, strict: bool) -> PyResult<&AnyUrl<PyBackedStr>> {
        self.url.for_spec(spec, strict, |text| text.clone_ref(py)).map_err(|e| from_core(py, &e, self.url.as_str()))
    }
}
