//! `relurl._relurl._ScrapyLinks`, the native half of `relurl.scrapy.LinkExtractor`: the
//! core's per-page pipeline of Scrapy's link extractor ([`relurl::scrapy::Extractor`]). The
//! Python half walks lxml's tree and applies the regular expressions; this module only
//! converts the arguments, calls `process_value` for the core (and relurl's
//! `safe_url_string` on what it returns when that is not text), and converts the errors.

use std::borrow::Cow;
use std::collections::HashSet;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use relurl::scrapy::{Domains, Extractor, Hooks, LinkError, Page, Processed};
use relurl::w3lib::{CodecFailure, SafeOptions};

use super::arguments::Truth;
use super::errors::{urllib_error, w3lib_error};
use super::urllib::Twin;
use super::w3lib::{chosen, schemes, Arguments, Separator};

/// The filters of one `LinkExtractor`: `strip`, `allow_domains`, `deny_domains`,
/// `deny_extensions` (each with its leading `.`) and `canonicalize`.
#[pyclass(name = "_ScrapyLinks", module = "relurl._relurl", frozen)]
pub struct PyScrapyLinks {
    extractor: Extractor,
}

/// The hooks: urllib's checks, `process_value`.
struct PyHooks<'a, 'py> {
    py: Python<'py>,
    checks: super::urllib::PyChecks<'a, 'py>,
    process_value: Option<&'a Bound<'py, PyAny>>,
    encoding: &'a str,
}

impl PyHooks<'_, '_> {
    /// `safe_url_string(url, encoding=encoding)` of what `process_value` returned (bytes, ...),
    /// `None` for a `ValueError`.
    fn safe(&self, url: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        match super::safe_url_string::safe_url_string(self.py, url, self.encoding, "utf8", Truth(true)) {
            Ok(safe) => Ok(Some(safe.to_str()?.to_owned())),
            Err(e) if e.is_instance_of::<PyValueError>(self.py) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

impl<'a, 'py> Hooks for PyHooks<'a, 'py> {
    type Error = PyErr;
    type Checks = super::urllib::PyChecks<'a, 'py>;

    fn checks(&mut self) -> &mut Self::Checks {
        &mut self.checks
    }

    fn is_value_error(&self, error: &PyErr) -> bool {
        error.is_instance_of::<PyValueError>(self.py)
    }

    fn process_value(&mut self, url: &str) -> Option<PyResult<Processed>> {
        let process_value = self.process_value?;
        Some(process_value.call1((url,)).and_then(|value| {
            if value.is_none() {
                return Ok(Processed::Skip);
            }
            match value.cast::<PyString>().map(|text| text.to_str().map(str::to_owned)) {
                Ok(Ok(text)) => Ok(Processed::Text(text)),
                // Bytes, a `str` with a lone surrogate, anything else: w3lib's answer.
                _ => Ok(Processed::Safe(self.safe(&value)?)),
            }
        }))
    }

    fn codec_value_error(&self, failure: &CodecFailure) -> bool {
        failure.0.downcast_ref::<PyErr>().is_none_or(|e| e.is_instance_of::<PyValueError>(self.py))
    }
}

#[pymethods]
impl PyScrapyLinks {
    #[new]
    #[pyo3(signature = (strip, allow_domains, deny_domains, deny_extensions, canonicalize, unique))]
    #[allow(clippy::needless_pass_by_value)] // pyo3 passes extracted arguments by value
    fn new(
        py: Python<'_>,
        strip: bool,
        allow_domains: Vec<String>,
        deny_domains: Vec<String>,
        deny_extensions: Vec<String>,
        canonicalize: bool,
        unique: bool,
    ) -> Self {
        let unicode = super::idna::python_unicode(py);
        let extractor = Extractor {
            strip,
            allow_domains: Domains::new(allow_domains.iter().map(String::as_str), unicode),
            deny_domains: Domains::new(deny_domains.iter().map(String::as_str), unicode),
            deny_extensions: deny_extensions.into_iter().collect::<HashSet<_>>(),
            canonicalize,
            unique,
        };
        Self { extractor }
    }

    /// The values of one page (`str`s) that Scrapy keeps: `index, url, link_url` for each,
    /// in order, in one flat list; `url` is what `allow`/`deny` search, `link_url` the link's URL (the
    /// canonical one with `canonicalize`); with `unique`, each `url` once. The exception
    /// Scrapy raises, if any.
    #[pyo3(signature = (values, base_url, response_url, encoding, process_value))]
    fn page<'py>(
        &self,
        py: Python<'py>,
        values: &Bound<'py, PyList>,
        base_url: &str,
        response_url: &str,
        encoding: &str,
        process_value: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let twin = Twin::get(py)?;
        let urllib = twin.active(py);
        let texts: Vec<Bound<'py, PyString>> =
            values.iter().map(|v| v.cast_into::<PyString>().map_err(PyErr::from)).collect::<PyResult<_>>()?;
        let strs: Vec<&str> = texts.iter().map(|t| t.to_str()).collect::<PyResult<_>>()?;
        let mut hooks = PyHooks { py, checks: twin.checks(py), process_value, encoding };
        let arguments = Arguments::new(py, true, false, None, Separator::ampersand())?;
        let mut options = arguments.options(py);
        options.int_max_str_digits = super::int_limit::int_max_str_digits(py)?;
        let chosen = chosen(py, Some(encoding))?;
        let safe = SafeOptions {
            encoding: chosen.encoding(),
            path_encoding: relurl::w3lib::Encoding::Utf8,
            quote_path: true,
            schemes: Cow::Borrowed(schemes(py)),
            unicode: options.unicode,
            int_max_str_digits: options.int_max_str_digits,
            // The values are text from lxml, never a lone surrogate.
            stand_ins: false,
        };
        let page = Page { base_url, response_url, safe };
        let kept = self.extractor.page_links(&urllib, &options, &page, strs.iter().copied(), &mut hooks).map_err(|e| match e {
            LinkError::Hook(e) => e,
            LinkError::Urllib(e) => urllib_error(e),
            LinkError::W3lib(e) => w3lib_error(&e),
        })?;
        // One flat list rather than a tuple per link: fewer objects for the garbage collector.
        let out = PyList::empty(py);
        for k in kept {
            // A URL the pipeline gave back unchanged is the value's own `str`.
            let url = match (&k.url, texts.get(k.index)) {
                (Cow::Borrowed(_), Some(text)) => text.clone(),
                _ => PyString::new(py, &k.url),
            };
            let link_url = match &k.canonical {
                Some(c) => PyString::new(py, c),
                None => url.clone(),
            };
            out.append(k.index)?;
            out.append(url)?;
            out.append(link_url)?;
        }
        Ok(out)
    }

    /// Whether a link's `url` passes the scheme, domain and extension filters (the part of
    /// `_link_allowed` before the regular expressions).
    fn url_allowed(&self, py: Python<'_>, url: &str) -> PyResult<bool> {
        let twin = Twin::get(py)?;
        let urllib = twin.active(py);
        let unicode = super::idna::python_unicode(py);
        self.extractor.url_allowed(&urllib, url, unicode, &mut twin.checks(py)).map_err(urllib_error)
    }

    /// Whether `url` passes the domain filters (the first half of `matches`).
    fn domains_match(&self, py: Python<'_>, url: &str) -> PyResult<bool> {
        let python = (super::idna::python_unicode(py), super::int_limit::int_max_str_digits(py)?);
        self.extractor.domains_match(url, python).map_err(|e| w3lib_error(&e))
    }
}
