//! `relurl.tldextract` and `relurl.ExtractResult`: the core's twin of tldextract 5.4.0's
//! `extract` ([`relurl::tldextract`]); this module only converts.

use std::borrow::Cow;
use std::cmp::Ordering;

use pyo3::exceptions::{PyAttributeError, PyDeprecationWarning, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyTuple};
use relurl::tldextract::{bundled, ExtractResult, Extractor};
use relurl::w3lib::{has_stand_in, surrogate_of};

use super::idna::python_unicode;
use super::public_suffix::PyPublicSuffixList;
use super::safe_url_string::{text_with_stand_ins, with_surrogates};

/// tldextract's `ExtractResult`: a URL's host as `subdomain`, `domain` and `suffix` (together,
/// the host), whether the suffix is a private rule of the list (`is_private`) and the suffix by
/// the ICANN rules alone (`registry_suffix`), with tldextract's properties. Compared and
/// ordered field by field, like tldextract's dataclass (by code points, lone surrogates
/// included); not hashable, like it.
#[pyclass(name = "ExtractResult", module = "relurl", eq, ord)]
pub struct PyExtractResult {
    /// The fields, with the core's stand-ins ([`STAND_INS`](relurl::w3lib::STAND_INS)) for
    /// lone surrogates when `surrogates`.
    result: ExtractResult,
    /// Whether the stand-ins in the fields stand for lone surrogates (the URL or a field
    /// given had some); otherwise they are themselves (a U+F0001 in a URL without lone
    /// surrogates stays U+F0001). False when no field holds one.
    surrogates: bool,
}

impl PyExtractResult {
    /// A result of the core's; `surrogates`: its input had lone surrogates.
    fn of(result: ExtractResult, surrogates: bool) -> Self {
        let mut this = Self { result, surrogates };
        this.surrogates &= this.fields().iter().any(|field| has_stand_in(field));
        this
    }

    /// The text fields, in the dataclass's order.
    fn fields(&self) -> [&str; 4] {
        let r = &self.result;
        [&r.subdomain, &r.domain, &r.suffix, &r.registry_suffix]
    }

    /// `text` (a field, or text made of fields) as the `str` Python sees.
    fn text<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyString>> {
        if self.surrogates {
            with_surrogates(py, text)
        } else {
            Ok(PyString::new(py, text))
        }
    }

    /// The code points of `text` (a field) as Python sees them.
    fn code_points<'a>(&self, text: &'a str) -> impl Iterator<Item = u32> + 'a {
        let surrogates = self.surrogates;
        text.chars().map(move |c| surrogate_of(c).filter(|_| surrogates).unwrap_or(u32::from(c)))
    }

    /// A result of four texts (`subdomain`, `domain`, `suffix`, `registry_suffix`), each with
    /// whether its stand-ins are lone surrogates: one result holds lone surrogates or
    /// U+F0000..U+F07FF characters, not both (the core carries the one as the other).
    fn from_texts(texts: [(String, bool); 4], is_private: bool) -> PyResult<Self> {
        let surrogates = texts.iter().any(|(_, surrogates)| *surrogates);
        if surrogates && texts.iter().any(|(text, surrogates)| !surrogates && has_stand_in(text)) {
            return Err(PyValueError::new_err("an ExtractResult holds lone surrogates or U+F0000..U+F07FF characters, not both"));
        }
        let [subdomain, domain, suffix, registry_suffix] = texts.map(|(text, _)| text);
        Ok(Self::of(ExtractResult { subdomain, domain, suffix, is_private, registry_suffix }, surrogates))
    }

    /// Sets the text field at `index` (of [`PyExtractResult::fields`]) to `value`.
    fn set(&mut self, index: usize, value: &Bound<'_, PyString>) -> PyResult<()> {
        let mut texts = self.fields().map(|field| (field.to_owned(), self.surrogates && has_stand_in(field)));
        texts[index] = core_text(value)?;
        *self = Self::from_texts(texts, self.result.is_private)?;
        Ok(())
    }
}

impl PartialEq for PyExtractResult {
    fn eq(&self, other: &Self) -> bool {
        self.cmp_fields(other) == Ordering::Equal
    }
}

impl PartialOrd for PyExtractResult {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp_fields(other))
    }
}

impl PyExtractResult {
    /// The dataclass's order: field by field (`subdomain`, `domain`, `suffix`, `is_private`,
    /// `registry_suffix`), each `str` by its code points.
    fn cmp_fields(&self, other: &Self) -> Ordering {
        let text = |a: &str, b: &str| self.code_points(a).cmp(other.code_points(b));
        let (a, b) = (&self.result, &other.result);
        text(&a.subdomain, &b.subdomain)
            .then_with(|| text(&a.domain, &b.domain))
            .then_with(|| text(&a.suffix, &b.suffix))
            .then_with(|| a.is_private.cmp(&b.is_private))
            .then_with(|| text(&a.registry_suffix, &b.registry_suffix))
    }
}

/// A `str` as the core's text, owned (lone surrogates as stand-ins), and whether it had lone
/// surrogates.
fn core_text(text: &Bound<'_, PyString>) -> PyResult<(String, bool)> {
    Ok(match text_with_stand_ins(text)? {
        Cow::Borrowed(text) => (text.to_owned(), false),
        Cow::Owned(text) => (text, true),
    })
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
        Self::from_texts([core_text(subdomain)?, core_text(domain)?, core_text(suffix)?, core_text(registry_suffix)?], is_private)
    }

    /// The labels before the domain, or empty.
    #[getter]
    fn subdomain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, &self.result.subdomain)
    }

    #[setter]
    fn set_subdomain(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.set(0, value)
    }

    /// The label before the suffix; without a suffix, the last label (an IP address, a
    /// single name such as `localhost`).
    #[getter]
    fn domain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, &self.result.domain)
    }

    #[setter]
    fn set_domain(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.set(1, value)
    }

    /// The public suffix (a private rule's too with `include_psl_private_domains=True`), or
    /// empty.
    #[getter]
    fn suffix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, &self.result.suffix)
    }

    #[setter]
    fn set_suffix(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.set(2, value)
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
        self.text(py, &self.result.registry_suffix)
    }

    /// Pickles (and copies) as `ExtractResult(subdomain, domain, suffix, is_private,
    /// registry_suffix)`, as tldextract's dataclass does.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let r = &this.result;
        let fields = (
            this.text(py, &r.subdomain)?,
            this.text(py, &r.domain)?,
            this.text(py, &r.suffix)?,
            r.is_private,
            this.text(py, &r.registry_suffix)?,
        );
        (slf.get_type(), fields).into_pyobject(py)
    }

    #[setter]
    fn set_registry_suffix(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.set(3, value)
    }

    /// The parts joined with dots when there are a suffix and a domain (or a private
    /// suffix), else empty.
    #[getter]
    fn fqdn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, &self.result.fqdn())
    }

    /// The domain when the host is an IPv4 address in dotted decimal, else empty.
    #[getter]
    fn ipv4<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, self.result.ipv4())
    }

    /// The address in the domain's brackets when the host is an IPv6 address, else empty.
    #[getter]
    fn ipv6<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, self.result.ipv6())
    }

    /// `domain` and `suffix` joined with a dot when there are both, else empty.
    #[getter]
    fn top_domain_under_public_suffix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, &self.result.top_domain_under_public_suffix())
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
        self.text(py, &self.result.top_domain_under_registry_suffix())
    }

    /// The suffix, the domain, then the subdomain's labels from the right, joined with dots.
    #[getter]
    fn reverse_domain_name<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        self.text(py, &self.result.reverse_domain_name())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let repr = |text: &str| -> PyResult<String> { Ok(self.text(py, text)?.repr()?.to_string()) };
        Ok(format!(
            "ExtractResult(subdomain={}, domain={}, suffix={}, is_private={})",
            repr(&self.result.subdomain)?,
            repr(&self.result.domain)?,
            repr(&self.result.suffix)?,
            if self.result.is_private { "True" } else { "False" }
        ))
    }
}

/// `tldextract.extract(url, include_psl_private_domains)` (tldextract 5.4.0; `None`, the
/// default, is `False` there too: the private section's suffixes not counted) with the
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
    let surrogates = matches!(text, Cow::Owned(_));
    Ok(PyExtractResult::of(extractor.extract(&text, include_private, python_unicode(py)), surrogates))
}
