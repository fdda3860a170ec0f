//! `relurl.URL`'s methods: a parsed URL (RFC 1808 §2.4, RFC 3986 Appendix B, or the URL
//! Standard's basic URL parser) that resolves references against itself. Its data is
//! [`PyUrl`] (`url_data.rs`); its constructor is `relurl.parse` (`parse.rs`).

use std::borrow::Cow;

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::arguments::{encoding_with, strict_flag, strict_with, strip_flag, SpecArg};
use super::batch::{resolve_rows, Bases, BatchArgs, Column};
use super::convert::{str_arg, type_error};
use super::errors::{from_core, of_input};
use super::int_limit::with_int_limit;
use super::resolve::resolve_to_py;
use super::url_data::PyUrl;
use relurl::batch::Input;
use relurl::bindings::Port;
use relurl::Spec;

impl PyUrl {
    /// This URL by the URL Standard, for a URL parsed with `spec="whatwg"`; else an
    /// `AttributeError` saying that `name` is the Standard's.
    fn standard(&self, name: &str) -> PyResult<&relurl::whatwg::WhatwgUrl> {
        self.url.standard().ok_or_else(|| {
            PyAttributeError::new_err(format!(
                "{name} is a URL Standard component: only a URL parsed with spec='whatwg' has it (this one: spec='{}')",
                self.url.spec().name()
            ))
        })
    }

    /// The `spec` argument of a method: the given name, or (for `None`) this URL's grammar.
    fn spec_or_own(&self, spec: Option<SpecArg>) -> Spec {
        spec.map_or(self.url.spec(), |s| s.0)
    }
}

#[pymethods]
impl PyUrl {
    /// `URL(url, spec="rfc1808", *, strict=False)` is `relurl.parse(url, spec=spec,
    /// strict=strict)` (`spec` may be given by position: pickles do).
    #[new]
    #[pyo3(signature = (url, spec = SpecArg::DEFAULT, *, strict = false), text_signature = "(url, spec='rfc1808', *, strict=False)")]
    fn new(url: &Bound<'_, PyAny>, spec: SpecArg, #[pyo3(from_py_with = strict_flag)] strict: bool) -> PyResult<Self> {
        super::parse::parse(url, spec, strict)
    }

    /// The grammar this URL was parsed with: `"rfc1808"`, `"rfc3986"` or `"whatwg"`.
    #[getter]
    fn spec(&self) -> &'static str {
        self.url.spec().name()
    }

    /// `<scheme>` (RFC 1808 §2.4.2), `''` when absent.
    #[getter]
    fn scheme(&self) -> &str {
        self.own().scheme()
    }

    /// `<net_loc>` (§2.4.3), `''` when absent.
    #[getter]
    fn netloc(&self) -> &str {
        self.own().netloc()
    }

    /// `<path>` with its leading `/` if any (§2.4.6).
    #[getter]
    fn path(&self) -> &str {
        self.own().path()
    }

    /// `<params>` (§2.4.5), `''` when absent.
    #[getter]
    fn params(&self) -> &str {
        self.own().params()
    }

    /// `<query>` (§2.4.4), `''` when absent.
    #[getter]
    fn query(&self) -> &str {
        self.own().query()
    }

    /// `<fragment>` (§2.4.1), `''` when absent.
    #[getter]
    fn fragment(&self) -> &str {
        self.own().fragment()
    }

    /// The URL Standard's §6.1 `href`: the URL serialized (§4.5), `str()` (a URL of
    /// `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn href(&self) -> PyResult<&str> {
        Ok(self.standard("href")?.href())
    }

    /// The URL Standard's §6.1 `protocol`: the scheme and `:` (a URL of `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn protocol(&self) -> PyResult<&str> {
        Ok(self.standard("protocol")?.protocol())
    }

    /// The user name: for spec="whatwg" the URL Standard's §6.1 `username`; for the RFCs
    /// `urllib.parse.urlsplit`'s (RFC 1738 §3.1 `user`: before the first `:` of what precedes
    /// the net_loc's last `@`), `None` without an `@`.
    #[getter]
    fn username(&self) -> Option<&str> {
        self.url.username()
    }

    /// The password: for spec="whatwg" the URL Standard's §6.1 `password`; for the RFCs
    /// `urllib.parse.urlsplit`'s (after the first `:` of the user information), `None`
    /// without an `@` or without that `:`.
    #[getter]
    fn password(&self) -> Option<&str> {
        self.url.password()
    }

    /// The URL Standard's §6.1 `host`: the host and `:port` when the port is not null; `''` without a host (a URL of `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn host(&self) -> PyResult<&str> {
        Ok(self.standard("host")?.host())
    }

    /// The host name: for spec="whatwg" the URL Standard's §6.1 `hostname` (the serialized
    /// host, §3.6, `''` without a host); for the RFCs `urllib.parse.urlsplit`'s:
    /// lower-cased (but an IPv6 zone after `%`), without an IPv6 address's brackets, `None`
    /// when empty.
    #[getter]
    fn hostname(&self) -> Option<Cow<'_, str>> {
        self.url.hostname()
    }

    /// The registered domain of `hostname` by the bundled Public Suffix List
    /// (`relurl.registered_domain(url.hostname)`): `None` without a host name, for an IP
    /// address, where the host is a public suffix itself, and where it is not a host name
    /// (RFC 1808 and RFC 3986 split any `net_loc`: `http://a b/` has the host `a b`).
    #[getter]
    fn registered_domain(&self) -> Option<String> {
        self.url.registered_domain(relurl::public_suffix::PublicSuffixList::bundled())
    }

    /// The port: for spec="whatwg" the URL Standard's §6.1 `port` (a `str`, `''` when none
    /// or the scheme's default); for the RFCs `urllib.parse.urlsplit`'s, an `int` or `None`
    /// (absent or empty), and a `URLError` of kind `bad_port` where urllib raises
    /// `ValueError` (not all ASCII digits, more digits than `sys.get_int_max_str_digits()`,
    /// or above 65535).
    #[getter]
    fn port<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let too_many_digits = |e: &relurl::Error| e.kind() == (relurl::ErrorKind::BadPort { reason: relurl::Login::PORT_TOO_MANY_DIGITS });
        match with_int_limit(py, |limit| self.url.port(limit), too_many_digits)? {
            Ok(Port::Number(port)) => Ok(port.into_pyobject(py)?.into_any()),
            Ok(Port::Text(port)) => Ok(PyString::new(py, port).into_any()),
            Err(e) => Err(from_core(py, &e, self.url.as_str())),
        }
    }

    /// The URL Standard's §6.1 `pathname`: the path serialized (a URL of `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn pathname(&self) -> PyResult<&str> {
        Ok(self.standard("pathname")?.pathname())
    }

    /// The URL Standard's §6.1 `search`: `''` or `?` and the query (a URL of `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn search(&self) -> PyResult<&str> {
        Ok(self.standard("search")?.search())
    }

    /// The URL Standard's §6.1 `hash`: `''` or `#` and the fragment (a URL of `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn hash(&self) -> PyResult<&str> {
        Ok(self.standard("hash")?.hash())
    }

    /// The URL Standard's §6.1 `origin`: the ASCII serialization of the URL's origin (§4.7),
    /// `'null'` for an opaque one (a URL of `spec="whatwg"` only: else `AttributeError`).
    #[getter]
    fn origin(&self) -> PyResult<String> {
        Ok(self.standard("origin")?.origin())
    }

    /// Resolves `reference` against this URL by RFC 1808 §4, RFC 3986 §5.2 or the URL
    /// Standard (§4.4 with this URL as the base) (`spec`; by default the grammar this URL was
    /// parsed with). With `strict=True` (RFC 1808 only),
    /// this URL and then the reference are first checked against the §2.2 BNF. With
    /// `strip=True`, HTML's ASCII whitespace is stripped from both ends of the reference
    /// first.
    /// With `encoding` (URL Standard only), the query of a special URL is percent-encoded in it.
    #[pyo3(signature = (reference, *, spec = None, strict = false, strip = false, encoding = None))]
    fn resolve<'py>(
        &self,
        reference: &Bound<'py, PyAny>,
        spec: Option<SpecArg>,
        #[pyo3(from_py_with = strict_flag)] strict: bool,
        #[pyo3(from_py_with = strip_flag)] strip: bool,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyString>> {
        let py = reference.py();
        let spec = self.spec_or_own(spec);
        let encoding = encoding_with(encoding, spec)?;
        let strict = strict_with(strict, spec)?;
        // The reference's type, then this URL, then the reference's text (as `relurl.resolve`).
        if !reference.is_instance_of::<PyString>() {
            return Err(type_error(reference, "reference"));
        }
        let base = self.checked_for(py, spec, strict).map_err(|e| of_input(py, e, Input::Base))?;
        let reference = str_arg(reference, || "reference".to_owned()).map_err(|e| of_input(py, e, Input::Reference))?;
        resolve_to_py(base, base.holder().as_py_str().bind(py), &reference, (strict, strip), encoding)
    }

    /// Resolves every reference of `references` against this URL, in order, with the GIL
    /// released (see `relurl.resolve_many`).
    #[pyo3(signature = (references, *, spec = None, strict = false, errors = "raise", threads = None, strip = false, encoding = None))]
    #[allow(clippy::too_many_arguments)]
    fn resolve_many<'py>(
        &self,
        references: &Bound<'py, PyAny>,
        spec: Option<SpecArg>,
        #[pyo3(from_py_with = strict_flag)] strict: bool,
        errors: &str,
        threads: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = strip_flag)] strip: bool,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = references.py();
        let args = BatchArgs::of(self.spec_or_own(spec), strict, errors, threads)?.stripping(strip).with_encoding(encoding)?;
        let references = Column::collect(references, "references", super::batch::REFERENCES)?;
        resolve_rows(py, Bases::One(self.text(py)), &references, &args)
    }

    fn __str__(&self, py: Python<'_>) -> Py<PyString> {
        self.recombined.clone_ref(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = self.text(py).repr()?;
        Ok(match self.url.spec() {
            Spec::Rfc1808 => format!("URL({text})"),
            spec => format!("URL({text}, spec='{}')", spec.name()),
        })
    }

    /// The hash of the text it was parsed from (an exact `str`).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.text(py).hash()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyUrl>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        // Equal text by the same grammar ([`relurl::bindings::MultiUrl`]'s `==`).
        let same = self.url == other.url;
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

    /// The components as a tuple indexes them: an `int` (negative from the end; out of
    /// range, however large, is an `IndexError`) or a slice.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.components(py)?.as_any().get_item(key)
    }

    /// Pickles as `URL(original_text)` (RFC 1808) or `URL(original_text, 'rfc3986')`, for
    /// every pickle protocol.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let url = slf.get();
        let text = url.text(py).into_any();
        let args = match url.url.spec() {
            Spec::Rfc1808 => PyTuple::new(py, [text])?,
            spec => PyTuple::new(py, [text, PyString::new(py, spec.name()).into_any()])?,
        };
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

impl PyUrl {
    /// The six components as a tuple ([`relurl::bindings::MultiUrl::components`]).
    fn components<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.url.components())
    }
}
