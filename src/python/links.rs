//! `relurl.extract_links` and `relurl.Link`, over the core's [`crate::links`].

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use super::base::{base_error, header_pairs};
use super::errors::url_error;
use super::resolving::spec_arg;
use super::strings::borrow_str;
use crate::links::{extract_links as extract_from_str, extract_links_from_bytes, Link, Options, PageLinks};
use crate::ErrorKind;

/// Pages at least this long are read with the GIL released (the work takes about a
/// millisecond per 250 KB).
const DETACH_FROM_BYTES: usize = 32 * 1024;

/// One link of a page: the absolute `url`, the element (`tag`) and attribute (`attr`) it
/// came from, its `raw` value, and `special`: `None`, or `"javascript"`, `"mailto"`,
/// `"data"` or `"fragment"` for links a crawler usually skips.
#[pyclass(name = "Link", module = "relurl", frozen)]
pub struct PyLink {
    #[pyo3(get)]
    url: Py<PyString>,
    #[pyo3(get)]
    tag: Py<PyString>,
    #[pyo3(get)]
    attr: Py<PyString>,
    #[pyo3(get)]
    raw: Py<PyString>,
    #[pyo3(get)]
    special: Option<Py<PyString>>,
}

#[pymethods]
impl PyLink {
    #[new]
    #[pyo3(signature = (url, tag, attr, raw, special = None))]
    fn new(url: Py<PyString>, tag: Py<PyString>, attr: Py<PyString>, raw: Py<PyString>, special: Option<Py<PyString>>) -> Self {
        Self { url, tag, attr, raw, special }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let [url, tag, attr, raw] = [&self.url, &self.tag, &self.attr, &self.raw].map(|s| s.bind(py).repr());
        let special = self.special.as_ref().map_or(Ok("None".to_owned()), |s| s.bind(py).repr().map(|r| r.to_string()));
        Ok(format!("Link(url={}, tag={}, attr={}, raw={}, special={})", url?, tag?, attr?, raw?, special?))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyLink>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.fields(py)?.eq(other.get().fields(py)?)?;
        let answer = match op {
            CompareOp::Eq => same,
            CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.fields(py)?.hash()
    }

    /// Pickles as `Link(url, tag, attr, raw, special)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        PyTuple::new(py, [slf.get_type().into_any(), slf.get().fields(py)?.into_any()])
    }
}

impl PyLink {
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let special = self.special.as_ref().map_or_else(|| py.None(), |s| s.clone_ref(py).into_any());
        PyTuple::new(py, [self.url.clone_ref(py).into_any(), self.tag.clone_ref(py).into_any(), self.attr.clone_ref(py).into_any(), self.raw.clone_ref(py).into_any(), special])
    }

    fn from_core(py: Python<'_>, link: &Link) -> Self {
        let raw = PyString::new(py, &link.raw).unbind();
        // An absolute link is, most often, its raw value: one str object for both.
        let url = if link.url == link.raw { raw.clone_ref(py) } else { PyString::new(py, &link.url).unbind() };
        Self {
            url,
            tag: PyString::intern(py, link.tag).unbind(),
            attr: PyString::intern(py, link.attr).unbind(),
            raw,
            special: link.special.map(|s| PyString::intern(py, s.name()).unbind()),
        }
    }
}

/// Every link of the HTML page `html` (a `str`, or `bytes` in the page's encoding),
/// retrieved from `url`, resolved against the page's base (RFC 1808 §3: the first `<base
/// href>`, else the `Base`, `Content-Base` or `Content-Location` header, else `url`), by
/// RFC 1808 or, with `spec="rfc3986"`, RFC 3986. With `skip_special=True`, `javascript:`,
/// `mailto:`, `data:` and fragment-only links are left out.
#[pyfunction]
#[pyo3(signature = (html, url, *, headers = None, spec = "rfc1808", skip_special = false))]
pub fn extract_links<'py>(
    html: &Bound<'py, PyAny>,
    url: &Bound<'py, PyAny>,
    headers: Option<&Bound<'py, PyAny>>,
    spec: &str,
    skip_special: bool,
) -> PyResult<Bound<'py, PyList>> {
    let py = html.py();
    let options = Options { spec: spec_arg(spec)?, skip_special };
    let url = borrow_str(url, "url")?;
    let headers = header_pairs(headers)?;
    let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    let page = if let Ok(bytes) = html.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        run(py, bytes.len(), || extract_links_from_bytes(bytes, url, &headers, options))
    } else if let Ok(text) = html.cast::<PyString>() {
        // A str with lone surrogates (not UTF-8) is read with U+FFFD in their place.
        let text = match text.to_cow() {
            Ok(text) => text,
            Err(_) => std::borrow::Cow::Owned(text.to_string_lossy().into_owned()),
        };
        let text: &str = &text;
        run(py, text.len(), || extract_from_str(text, url, &headers, options))
    } else {
        let type_name = html.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!("html must be str or bytes, not {type_name}")));
    };
    let page = page.map_err(|e| match e.kind {
        ErrorKind::BadBaseHeader { .. } => base_error(py, &e, &headers),
        _ => url_error(py, &e.reason(), 0),
    })?;
    PyList::new(py, page.links.iter().map(|link| PyLink::from_core(py, link)))
}

/// Runs `work`, with the GIL released for a page of at least [`DETACH_FROM_BYTES`].
fn run<F>(py: Python<'_>, len: usize, work: F) -> Result<PageLinks, crate::Error>
where
    F: FnOnce() -> Result<PageLinks, crate::Error> + Send,
{
    if len >= DETACH_FROM_BYTES {
        py.detach(work)
    } else {
        work()
    }
}
