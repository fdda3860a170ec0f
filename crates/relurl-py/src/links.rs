//! `relurl.extract_links` and `relurl.Link`, over the core's [`relurl::links`].

use std::sync::Arc;

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use super::arguments::{followed_spec, skip_special_flag, SpecArg};
use super::convert::{base_str, header_pairs, page_text, type_error, wrong_type};
use super::errors::{base_header_skipped, url_error, url_warning};
use relurl::links::{extract_links as extract_from_str, extract_links_from_bytes, Link, Options, PageLinks, Special};

/// Pages at least this long are read with the GIL released (the work takes about a
/// millisecond per 250 KB).
const DETACH_FROM_BYTES: usize = 32 * 1024;

/// One link of a page: the absolute `url`, the element (`tag`) and attribute (`attr`) it
/// came from, its `raw` value, `special`: `None`, or `"javascript"`, `"mailto"`, `"data"`
/// or `"fragment"` for links a crawler usually skips, and `rel`: the element's `rel` tokens,
/// a tuple of `str`.
#[pyclass(name = "Link", module = "relurl", frozen)]
pub struct PyLink {
    /// The absolute URL: `raw` resolved against the page's base.
    #[pyo3(get)]
    url: Py<PyString>,
    /// The element the link came from, lower-cased (`"a"`, `"img"`, ...).
    #[pyo3(get)]
    tag: Py<PyString>,
    /// The attribute the link came from, lower-cased (`"href"`, `"src"`, ...).
    #[pyo3(get)]
    attr: Py<PyString>,
    /// The value as the page has it (character references decoded; one candidate's URL of a
    /// `srcset`, the URL part of a refresh).
    #[pyo3(get)]
    raw: Py<PyString>,
    special: Option<Special>,
    /// The `rel` tokens, a tuple of exact `str`s.
    #[pyo3(get)]
    rel: Py<PyTuple>,
}

#[pymethods]
impl PyLink {
    /// Each field must be a `str` (a subclass's value is taken as a plain `str`); `special`
    /// one of the names of [`Special`] or `None`; `rel` an iterable of `str` (kept as given,
    /// as a tuple). Unpickling comes here too.
    #[new]
    #[pyo3(signature = (url, tag, attr, raw, special = None, rel = None))]
    fn new(
        url: &Bound<'_, PyAny>,
        tag: &Bound<'_, PyAny>,
        attr: &Bound<'_, PyAny>,
        raw: &Bound<'_, PyAny>,
        special: Option<&Bound<'_, PyAny>>,
        rel: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let py = url.py();
        let rel = match rel {
            None => PyTuple::empty(py).unbind(),
            Some(value) if value.is_instance_of::<PyString>() => return Err(wrong_type(value, "rel", "an iterable of str")),
            Some(value) => {
                let tokens = value.try_iter().map_err(|_| wrong_type(value, "rel", "an iterable of str"))?;
                let tokens = tokens.map(|t| plain_str(&t?, "rel[i]")).collect::<PyResult<Vec<_>>>()?;
                PyTuple::new(py, tokens)?.unbind()
            }
        };
        let special = match special {
            None => None,
            Some(value) if value.is_none() => None,
            Some(value) => Some(special_arg(value)?),
        };
        Ok(Self {
            url: plain_str(url, "url")?,
            tag: plain_str(tag, "tag")?,
            attr: plain_str(attr, "attr")?,
            raw: plain_str(raw, "raw")?,
            special,
            rel,
        })
    }

    /// `None`, or `"javascript"`, `"mailto"`, `"data"` or `"fragment"`.
    #[getter]
    fn special<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.special.map(|s| PyString::intern(py, s.name()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let [url, tag, attr, raw] = [&self.url, &self.tag, &self.attr, &self.raw].map(|s| s.bind(py).repr());
        let special = self.special.map_or_else(|| "None".to_owned(), |s| format!("'{}'", s.name()));
        // `rel` is shown when the element has one.
        let rel = self.rel.bind(py);
        let rel = if rel.is_empty() { String::new() } else { format!(", rel={}", rel.repr()?) };
        Ok(format!("Link(url={}, tag={}, attr={}, raw={}, special={special}{rel})", url?, tag?, attr?, raw?))
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

    /// Pickles as `Link(url, tag, attr, raw, special, rel)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        PyTuple::new(py, [slf.get_type().into_any(), slf.get().fields(py)?.into_any()])
    }
}

impl PyLink {
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let special = self.special(py).map_or_else(|| py.None(), |s| s.into_any().unbind());
        PyTuple::new(
            py,
            [
                self.url.clone_ref(py).into_any(),
                self.tag.clone_ref(py).into_any(),
                self.attr.clone_ref(py).into_any(),
                self.raw.clone_ref(py).into_any(),
                special,
                self.rel.clone_ref(py).into_any(),
            ],
        )
    }

    /// `link`, with `rel` its `rel` tokens ([`rel_tuple`]).
    fn from_core(py: Python<'_>, link: &Link, rel: Py<PyTuple>) -> Self {
        let raw = PyString::new(py, &link.raw).unbind();
        // An absolute link is, most often, its raw value: one str object for both.
        let url = if link.url == link.raw { raw.clone_ref(py) } else { PyString::new(py, &link.url).unbind() };
        Self {
            url,
            tag: PyString::intern(py, link.tag).unbind(),
            attr: PyString::intern(py, link.attr).unbind(),
            raw,
            special: link.special,
            rel,
        }
    }
}

/// The `rel` tokens as a tuple of interned `str`s (a page repeats a few link types).
fn rel_tuple(py: Python<'_>, rel: &[String]) -> Py<PyTuple> {
    if rel.is_empty() {
        return PyTuple::empty(py).unbind();
    }
    let tokens = rel.iter().map(|token| PyString::intern(py, token));
    // A tuple of `str`s cannot fail to build but for memory errors: then no `rel`.
    PyTuple::new(py, tokens).map_or_else(|_| PyTuple::empty(py).unbind(), Bound::unbind)
}

/// `obj` as a plain `str`: itself if it is one, the `str` value of a subclass instance
/// (through `str.__str__`, never the subclass's own methods), else a `TypeError` naming
/// `arg`.
fn plain_str(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<Py<PyString>> {
    let s = obj.cast::<PyString>().map_err(|_| type_error(obj, arg))?;
    if s.is_exact_instance_of::<PyString>() {
        return Ok(s.clone().unbind());
    }
    let plain = obj.py().get_type::<PyString>().call_method1("__str__", (s,))?;
    Ok(plain.cast_into::<PyString>()?.unbind())
}

/// The `special` argument of `Link`: one of the names of [`Special`].
fn special_arg(value: &Bound<'_, PyAny>) -> PyResult<Special> {
    let Ok(text) = value.cast::<PyString>() else {
        return Err(wrong_type(value, "special", "None or str"));
    };
    let shown = || text.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
    // A `str` with a lone surrogate names no kind: the core's message all the same.
    let name = text.to_str().unwrap_or_default();
    relurl::bindings::arguments::special(name, shown).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Every link of the HTML page `html` (a `str`, or `bytes` in the page's encoding),
/// retrieved from `url`, resolved against the page's base (RFC 1808 §3: the first `<base
/// href>`, else the `Base`, `Content-Base` or `Content-Location` header, else `url`), by
/// RFC 1808 or, with `spec="rfc3986"`, RFC 3986, or with `spec="whatwg"`, the URL
/// Standard. With `skip_special=True`, `javascript:`, `mailto:`, `data:` and fragment-only
/// links are left out. A malformed `Base` header is
/// skipped with a `relurl.URLWarning` (the next layer defines the base); a lone surrogate in
/// a `str` page is read as one U+FFFD. Without `spec`, a `URL` `url` gives the grammar it
/// was parsed with, a `str` RFC 1808 (as `relurl.resolve`). A base without a scheme (`url`
/// not absolute, and no absolute `<base href>` or header) leaves the links relative: a
/// `relurl.URLWarning` says so.
#[pyfunction]
#[pyo3(signature = (html, url, *, headers = None, spec = None, skip_special = false))]
pub fn extract_links<'py>(
    html: &Bound<'py, PyAny>,
    url: &Bound<'py, PyAny>,
    headers: Option<&Bound<'py, PyAny>>,
    spec: Option<SpecArg>,
    #[pyo3(from_py_with = skip_special_flag)] skip_special: bool,
) -> PyResult<Bound<'py, PyList>> {
    let py = html.py();
    let options = Options { spec: followed_spec(spec, [url]), skip_special };
    let url = base_str(url, "url")?;
    let url: &str = &url;
    let headers = header_pairs(headers)?;
    let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    let page = if let Ok(bytes) = html.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        run(py, bytes.len(), || extract_links_from_bytes(bytes, url, &headers, options))
    } else if let Ok(text) = html.cast::<PyString>() {
        let text = page_text(text)?;
        let text: &str = &text;
        run(py, text.len(), || extract_from_str(text, url, &headers, options))
    } else {
        return Err(wrong_type(html, "html", "str or bytes"));
    };
    let page = page.map_err(|e| url_error(py, &e, 0))?;
    if let Some(e) = &page.skipped_base_header {
        base_header_skipped(py, e, &headers)?;
    }
    if !page.links.is_empty() {
        if let Some(warning) = relurl::relative_base_warning(&page.base.url, options.spec, "the base URL", "links resolve") {
            url_warning(py, &warning)?;
        }
    }
    // The links of one element share its `rel` list: and so one tuple (a long `rel` on an
    // element of many srcset candidates is not copied for each).
    let mut previous: Option<(&Arc<[String]>, Py<PyTuple>)> = None;
    let links = page.links.iter().map(|link| {
        let rel = match &previous {
            Some((rel, tuple)) if Arc::ptr_eq(rel, &link.rel) => tuple.clone_ref(py),
            _ => rel_tuple(py, &link.rel),
        };
        previous = Some((&link.rel, rel.clone_ref(py)));
        PyLink::from_core(py, link, rel)
    });
    PyList::new(py, links)
}

/// The warning for a base without a scheme ([`relurl::relative_base_warning`]), for the
/// command line's `BASE`: `None` when `url` has a scheme.
#[pyfunction]
#[pyo3(signature = (url, spec, what, against))]
pub fn _relative_base_warning(url: &str, spec: SpecArg, what: &str, against: &str) -> Option<String> {
    relurl::relative_base_warning(url, spec.0, what, against)
}

/// Runs `work`, with the GIL released for a page of at least [`DETACH_FROM_BYTES`].
fn run<F>(py: Python<'_>, len: usize, work: F) -> Result<PageLinks, relurl::Error>
where
    F: FnOnce() -> Result<PageLinks, relurl::Error> + Send,
{
    if len >= DETACH_FROM_BYTES {
        py.detach(work)
    } else {
        work()
    }
}
