//! `relurl.establish_base`, `relurl.base_from_header` and `relurl.EstablishedBase`
//! (RFC 1808 §3), over the core's [`relurl::establish_base`](relurl::rfc1808::establish_base).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

use super::arguments::{followed_spec, SpecArg};
use super::convert::{base_str, borrow_str, header_pairs, page_text, wrong_type};
use super::errors::{establish_base_error, from_core, url_error};
use relurl::{BaseInputs, BaseSource};

/// A document's base URL and the RFC 1808 §3 layer it came from.
#[pyclass(name = "EstablishedBase", module = "relurl", frozen, eq, hash)]
#[derive(PartialEq, Eq, Hash)]
pub struct PyEstablishedBase {
    /// The base URL (`''` for the §3.4 empty base).
    #[pyo3(get)]
    url: String,
    source: BaseSource,
}

#[pymethods]
impl PyEstablishedBase {
    /// `url` must be a `str` and `source` one of the names of [`BaseSource`]. Unpickling
    /// comes here too.
    #[new]
    fn new(url: &Bound<'_, PyAny>, source: &Bound<'_, PyAny>) -> PyResult<Self> {
        let url = borrow_str(url, "url")?.to_owned();
        let name = borrow_str(source, "source")?;
        let shown = || PyString::new(source.py(), name).repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
        let source = relurl::bindings::arguments::base_source(name, shown).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Self { url, source })
    }

    /// `"html"`, `"base-header"`, `"content-base"`, `"content-location"`,
    /// `"encapsulating"`, `"retrieval"` or `"empty"`.
    #[getter]
    fn source(&self) -> &'static str {
        self.source.name()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let url = PyString::new(py, &self.url).repr()?;
        Ok(format!("EstablishedBase(url={url}, source='{}')", self.source.name()))
    }

    /// Pickles as `EstablishedBase(url, source)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let args = PyTuple::new(py, [this.url.as_str(), this.source.name()])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

/// Establishes a document's base URL by the precedence of RFC 1808 §3: the first HTML
/// `<base href>` (given as `html_base_href`, or found in the page `html`, `str` or `bytes`,
/// by `relurl.extract_links`' tokenizer), then the `Base`, `Content-Base` or `Content-Location` header, then the
/// encapsulating entity's base, then the retrieval URL, else the empty base. Relative
/// values resolve against the next outer layer; a layer that is empty, or names a URL with
/// an opaque path (`javascript:...`, `data:...`, `mailto:...`), defines no base. Unlike
/// `extract_links`, a malformed `Base` header raises `URLError` (this is the strict §3 API).
/// Without `spec`, the grammar of the first of `retrieval_url`, `encapsulating_base` and
/// `html_base_href` given as a parsed `URL` (as `extract_links` follows its `url`'s), else
/// RFC 1808.
#[pyfunction]
#[pyo3(signature = (*, retrieval_url = None, headers = None, html = None, html_base_href = None, encapsulating_base = None, spec = None))]
pub fn establish_base(
    py: Python<'_>,
    retrieval_url: Option<&Bound<'_, PyAny>>,
    headers: Option<&Bound<'_, PyAny>>,
    html: Option<&Bound<'_, PyAny>>,
    html_base_href: Option<&Bound<'_, PyAny>>,
    encapsulating_base: Option<&Bound<'_, PyAny>>,
    spec: Option<SpecArg>,
) -> PyResult<PyEstablishedBase> {
    let spec = followed_spec(spec, [retrieval_url, encapsulating_base, html_base_href].into_iter().flatten());
    // Each a `str` or a parsed `URL`.
    let optional =
        |obj: Option<&Bound<'_, PyAny>>, name: &str| obj.map(|o| base_str(o, name).map(std::borrow::Cow::into_owned)).transpose();
    let retrieval_url = optional(retrieval_url, "retrieval_url")?;
    let mut html_base_href = optional(html_base_href, "html_base_href")?;
    let encapsulating_base = optional(encapsulating_base, "encapsulating_base")?;
    let headers = header_pairs(headers)?;
    let header_refs: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    if let (None, Some(html)) = (&html_base_href, html) {
        html_base_href = first_base_href(html, &header_refs)?;
    }
    let inputs = BaseInputs {
        retrieval_url: retrieval_url.as_deref(),
        headers: &header_refs,
        html_base_href: html_base_href.as_deref(),
        encapsulating_base: encapsulating_base.as_deref(),
    };
    match relurl::establish_base(&inputs, spec) {
        Ok(base) => Ok(PyEstablishedBase { url: base.url, source: base.source }),
        Err(e) => Err(establish_base_error(py, &e, &header_refs)),
    }
}

/// Parses one RFC 1808 §3.1 `Base` header (`<URL:http://...>`, or the whole field
/// `Base: <URL:...>`), whitespace inside the brackets ignored; returns the URL.
#[pyfunction]
pub fn base_from_header<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    let text = borrow_str(value, "value")?;
    match relurl::base_from_header(text) {
        Ok(url) => Ok(PyString::new(value.py(), &url)),
        Err(e) => Err(from_core(value.py(), &e, text)),
    }
}

/// The first `<base href>` of `html` (`str` or `bytes`, decoded as `extract_links` does:
/// a lone surrogate of a `str` is one U+FFFD).
fn first_base_href(html: &Bound<'_, PyAny>, headers: &[(&str, &str)]) -> PyResult<Option<String>> {
    let py = html.py();
    let found = if let Ok(bytes) = html.cast::<PyBytes>() {
        relurl::links::first_base_href_from_bytes(bytes.as_bytes(), headers)
    } else if let Ok(text) = html.cast::<PyString>() {
        relurl::links::first_base_href(&page_text(text)?)
    } else {
        return Err(wrong_type(html, "html", "str or bytes"));
    };
    found.map_err(|e| url_error(py, &e, 0))
}
