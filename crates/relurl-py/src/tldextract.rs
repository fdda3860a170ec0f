//! `relurl.tldextract` and `relurl.ExtractResult`: the core's twin of tldextract 5.4.0's
//! `extract` ([`relurl::tldextract`]); this module only converts.

use std::borrow::Cow;

use pyo3::exceptions::{PyAttributeError, PyDeprecationWarning, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyTuple};
use relurl::tldextract::{bundled, ExtractResult, Extractor};

use super::idna::python_unicode;
use super::public_suffix::PyPublicSuffixList;
use super::safe_url_string::{text_with_stand_ins, with_surrogates};

/// tldextract's `ExtractResult`: a URL's host as `subdomain`, `domain` and `suffix` (together,
/// the host), whether the suffix is a private rule of the list (`is_private`) and the suffix by
/// the ICANN rules alone (`registry_suffix`), with tldextract's properties. Compared and
/// ordered field by field, like tldextract's dataclass; not hashable, like it.
#[pyclass(name = "ExtractResult", module = "relurl", eq, ord)]
#[derive(PartialEq, PartialOrd)]
pub struct PyExtractResult {
    /// The fields, with the core's stand-ins for lone surrogates.
    result: ExtractResult,
}

impl PyExtractResult {
    fn text<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyString>> {
        with_surrogates(py, text)
    }
}

/// A `str` as the core's text, owned (lone surrogates as stand-ins).
fn core_text(text: &Bound<'_, PyString>) -> PyResult<String> {
    text_with_stand_ins(text).map(Cow::into_owned)
}

#[pymethods]
impl PyExtractResult {
    #[new]
    #[pyo3(signature = (subdomain, domain, suffix, is_private, registry_suffix))]
    fn new(
        subdomain: &Bound<'_, PyString>,
        domain: &Bound<'_, PyString>,
        suffix: &Bound<'_, PyString>,
        is_private: bool,
        registry_suffix: &Bound<'_, PyString>,
    ) -> PyResult<Self> {
        Ok(Self {
            result: ExtractResult {
                subdomain: core_text(subdomain)?,
                domain: core_text(domain)?,
                suffix: core_text(suffix)?,
                is_private,
                registry_suffix: core_text(registry_suffix)?,
            },
        })
    }

    /// The labels before the domain, or empty.
    #[getter]
    fn subdomain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.subdomain)
    }

    #[setter]
    fn set_subdomain(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.result.subdomain = core_text(value)?;
        Ok(())
    }

    /// The label before the suffix; without a suffix, the last label (an IP address, a
    /// single name such as `localhost`).
    #[getter]
    fn domain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.domain)
    }

    #[setter]
    fn set_domain(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.result.domain = core_text(value)?;
        Ok(())
    }

    /// The public suffix (a private rule's too with `include_psl_private_domains=True`), or
    /// empty.
    #[getter]
    fn suffix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.suffix)
    }

    #[setter]
    fn set_suffix(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.result.suffix = core_text(value)?;
        Ok(())
    }

    /// Whether `suffix` is a rule of the list's private section.
    #[getter]
    fn is_private(&self) -> bool {
        self.result.is_private
    }

    #[setter]
    fn set_is_private(&mut self, value: bool) {
        self.result.is_private = value;
    }

    /// The suffix by the list's ICANN rules alone (`suffix` unless `is_private`).
    #[getter]
    fn registry_suffix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.registry_suffix)
    }

    /// Pickles (and copies) as `ExtractResult(subdomain, domain, suffix, is_private,
    /// registry_suffix)`, as tldextract's dataclass does.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let r = &this.result;
        let fields = (
            Self::text(py, &r.subdomain)?,
            Self::text(py, &r.domain)?,
            Self::text(py, &r.suffix)?,
            r.is_private,
            Self::text(py, &r.registry_suffix)?,
        );
        (slf.get_type(), fields).into_pyobject(py)
    }

    #[setter]
    fn set_registry_suffix(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.result.registry_suffix = core_text(value)?;
        Ok(())
    }

    /// The parts joined with dots when there are a suffix and a domain (or a private
    /// suffix), else empty.
    #[getter]
    fn fqdn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.fqdn())
    }

    /// The domain when the host is an IPv4 address in dotted decimal, else empty.
    #[getter]
    fn ipv4<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, self.result.ipv4())
    }

    /// The address in the domain's brackets when the host is an IPv6 address, else empty.
    #[getter]
    fn ipv6<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, self.result.ipv6())
    }

    /// `domain` and `suffix` joined with a dot when there are both, else empty.
    #[getter]
    fn top_domain_under_public_suffix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.top_domain_under_public_suffix())
    }

    /// Deprecated in tldextract 5.3 (a `DeprecationWarning`, as tldextract gives):
    /// `top_domain_under_public_suffix`.
    #[getter]
    fn registered_domain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"The 'registered_domain' property is deprecated and will be removed in the next major version. Use 'top_domain_under_public_suffix' instead, which has the same behavior but a more accurate name.",
            1,
        )?;
        self.top_domain_under_public_suffix(py)
    }

    /// The label before the registry suffix and that suffix (for a private suffix, its last
    /// labels), else empty.
    #[getter]
    fn top_domain_under_registry_suffix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.top_domain_under_registry_suffix())
    }

    /// The suffix, the domain, then the subdomain's labels from the right, joined with dots.
    #[getter]
    fn reverse_domain_name<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Self::text(py, &self.result.reverse_domain_name())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let repr = |text: &str| -> PyResult<String> { Ok(Self::text(py, text)?.repr()?.to_string()) };
        Ok(format!(
            "ExtractResult(subdomain={}, domain={}, suffix={}, is_private={})",
            repr(&self.result.subdomain)?,
            repr(&self.result.domain)?,
            repr(&self.result.suffix)?,
            if self.result.is_private { "True" } else { "False" }
        ))
    }
}

/// `tldextract.extract(url, include_psl_private_domains=False)` (tldextract 5.4.0) with the
/// bundled Public Suffix List, or `psl` (a `PublicSuffixList`, read as tldextract reads a
/// list): the host of `url` split into subdomain, domain and public suffix, with tldextract's
/// answers (a host under no rule has no suffix; see docs/crawler.md). No network, no cache.
/// `url` is a `str`; tldextract's exceptions for anything else.
#[pyfunction]
#[pyo3(signature = (url, include_psl_private_domains = None, *, psl = None))]
pub fn tldextract(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    include_psl_private_domains: Option<&Bound<'_, PyAny>>,
    psl: Option<&Bound<'_, PyPublicSuffixList>>,
) -> PyResult<PyExtractResult> {
    let include_private = include_psl_private_domains.map_or(Ok(false), Bound::is_truthy)?;
    match psl {
        None => extract_with(py, bundled(), url, include_private),
        Some(psl) => extract_with(py, psl.get().extractor()?, url, include_private),
    }
}

/// [`tldextract`] with `extractor`.
pub(crate) fn extract_with(
    py: Python<'_>,
    extractor: &Extractor,
    url: &Bound<'_, PyAny>,
    include_private: bool,
) -> PyResult<PyExtractResult> {
    let Ok(url) = url.cast::<PyString>() else {
        // tldextract's first step is `url.find("//")`.
        if url.is_instance_of::<PyBytes>() || url.is_instance_of::<PyByteArray>() {
            return Err(PyTypeError::new_err("argument should be integer or bytes-like object, not 'str'"));
        }
        let name = url.get_type().name()?;
        return Err(PyAttributeError::new_err(format!("'{name}' object has no attribute 'find'")));
    };
    // One URL, linear time: the GIL stays held (releasing and taking it back would cost more
    // than most calls), as for `registered_domain`.
    let text = text_with_stand_ins(url)?;
    Ok(PyExtractResult { result: extractor.extract(&text, include_private, python_unicode(py)) })
}
