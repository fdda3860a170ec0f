//! `relurl.URL`: a parsed URL (RFC 1808 §2.4) that resolves references against itself.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyString, PyTuple};

use super::batch::{resolve_rows, BatchArgs, Bases, Column};
use super::errors::from_core;
use super::resolving::{resolve_to_py, spec_arg};
use super::strings::{backed_str, borrow_str, str_arg};
use crate::{Spec, Url};

/// A URL split into its six RFC 1808 components; immutable, hashable, picklable.
#[pyclass(name = "URL", module = "relurl", frozen, sequence)]
pub struct PyUrl {
    /// The components by RFC 1808 §2.4 (what the attributes show).
    url: Url<PyBackedStr>,
    /// The same text split by RFC 3986 Appendix B, for `resolve(..., spec="rfc3986")`.
    url_rfc3986: Url<PyBackedStr>,
    /// The §4 step 7 recombination; the input itself unless it has an empty `;`, `?`, `#`.
    recombined: Py<PyString>,
}

impl PyUrl {
    /// Parses `obj` (a `str`, else `TypeError` naming `arg`).
    pub(crate) fn parse(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<Self> {
        let py = obj.py();
        let text = backed_str(obj, arg)?;
        let parsed = Url::parse_owned(text.clone_ref(py)).and_then(|url| Ok((url, Url::parse_owned_as(text, Spec::Rfc3986)?)));
        let (url, url_rfc3986) = match parsed {
            Ok(both) => both,
            Err(e) => {
                let s = borrow_str(obj, arg)?;
                return Err(from_core(py, &e, s));
            }
        };
        let recombined = if url.recombines_losslessly() {
            url.holder().as_py_str().clone_ref(py)
        } else {
            PyString::new(py, &url.to_string()).unbind()
        };
        Ok(Self { url, url_rfc3986, recombined })
    }
}

#[pymethods]
impl PyUrl {
    /// `URL(url)` is `relurl.parse(url)`.
    #[new]
    fn new(url: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::parse(url, "url")
    }

    /// `<scheme>` (RFC 1808 §2.4.2), `''` when absent.
    #[getter]
    fn scheme(&self) -> &str {
        self.url.scheme()
    }

    /// `<net_loc>` (§2.4.3), `''` when absent.
    #[getter]
    fn netloc(&self) -> &str {
        self.url.netloc()
    }

    /// `<path>` with its leading `/` if any (§2.4.6).
    #[getter]
    fn path(&self) -> &str {
        self.url.path()
    }

    /// `<params>` (§2.4.5), `''` when absent.
    #[getter]
    fn params(&self) -> &str {
        self.url.params()
    }

    /// `<query>` (§2.4.4), `''` when absent.
    #[getter]
    fn query(&self) -> &str {
        self.url.query()
    }

    /// `<fragment>` (§2.4.1), `''` when absent.
    #[getter]
    fn fragment(&self) -> &str {
        self.url.fragment()
    }

    /// Resolves `reference` against this URL by RFC 1808 §4 (or RFC 3986 §5.2).
    #[pyo3(signature = (reference, *, spec = "rfc1808"))]
    fn resolve<'py>(&self, reference: &Bound<'py, PyAny>, spec: &str) -> PyResult<Bound<'py, PyString>> {
        let base = self.url_for(spec_arg(spec)?);
        let reference = str_arg(reference, || "reference".to_owned())?;
        resolve_to_py(base, base.holder().as_py_str().bind(reference.object.py()), &reference)
    }

    /// Resolves every reference of `references` against this URL, in order, with the GIL
    /// released (see `relurl.resolve_many`).
    #[pyo3(signature = (references, *, spec = "rfc1808", strict = false, errors = "raise", threads = None))]
    fn resolve_many<'py>(
        &self,
        references: &Bound<'py, PyAny>,
        spec: &str,
        strict: bool,
        errors: &str,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = references.py();
        let args = BatchArgs::new(spec, strict, errors, threads)?;
        let references = Column::collect(references, "references")?;
        resolve_rows(py, Bases::One(self.text(py)), &references, &args)
    }

    fn __str__(&self, py: Python<'_>) -> Py<PyString> {
        self.recombined.clone_ref(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("URL({})", self.recombined.bind(py).repr()?))
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.recombined.bind(py).hash()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyUrl>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        let same = self.recombined.bind(py).as_any().eq(other.recombined.bind(py))?;
        let answer = match op {
            CompareOp::Eq => same,
            CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    #[allow(clippy::unused_self)]
    fn __len__(&self) -> usize {
        6
    }

    /// The six components in `urllib.parse.urlparse` order.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.components(py)?.into_any().try_iter().map(Bound::into_any)
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        self.components(py)?.get_item(usize::try_from(if index < 0 { index + 6 } else { index }).unwrap_or(6))
    }

    /// Pickles as `URL(original_text)`, for every pickle protocol.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let args = PyTuple::new(py, [slf.get().url.holder().as_py_str().clone_ref(py)])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

impl PyUrl {
    /// The text this URL was parsed from, as the `str` object given.
    pub(crate) fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.url.holder().as_py_str().bind(py).clone()
    }

    /// This URL as parsed by the grammar of `spec`.
    fn url_for(&self, spec: Spec) -> &Url<PyBackedStr> {
        match spec {
            Spec::Rfc1808 => &self.url,
            Spec::Rfc3986 => &self.url_rfc3986,
        }
    }

    fn components<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let u = &self.url;
        PyTuple::new(py, [u.scheme(), u.netloc(), u.path(), u.params(), u.query(), u.fragment()])
    }
}
