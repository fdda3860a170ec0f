//! `relurl.PublicSuffixList`, `relurl.public_suffix` and `relurl.registered_domain`: the
//! core's [`relurl::public_suffix`] (the list's own algorithm); this module only converts.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::OnceLock;

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyModule, PyString, PyTuple};
use relurl::public_suffix::{PublicSuffixList, Sections};
use relurl::tldextract::{Extractor, NoRules};

use super::errors::from_core;
use super::safe_url_string::{text_with_stand_ins, with_surrogates};

/// The rules a [`PyPublicSuffixList`] holds.
enum Source {
    /// The bundled list (the core's, read once per process).
    Bundled,
    /// A list of the caller's.
    Own(Box<OwnList>),
}

/// A list of the caller's, with its text (which tldextract's reading of it needs).
struct OwnList {
    list: PublicSuffixList,
    text: String,
    extractor: OnceLock<Result<Extractor, NoRules>>,
    /// The hash of `text`, made on the first `hash()`.
    hash: OnceLock<u64>,
}

/// The hash of the bundled list's text, made on the first `hash()` of the bundled list.
static BUNDLED_HASH: OnceLock<u64> = OnceLock::new();

/// The hash of a list's text (of some 250 KB for the bundled list: made once per list).
fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// A Public Suffix List: the one bundled in relurl (`PublicSuffixList.bundled()`, see
/// docs/crawler.md for its date and source), or a newer one read from a file or a text in the
/// list's format, for `psl=` of `public_suffix`, `registered_domain` and `tldextract`. No
/// network access, ever. `len()` is its number of rules; two lists are equal (and hash
/// alike) when read from the same text.
#[pyclass(name = "PublicSuffixList", module = "relurl", frozen)]
pub struct PyPublicSuffixList {
    source: Source,
}

impl PyPublicSuffixList {
    /// The core's list.
    pub(crate) fn list(&self) -> &PublicSuffixList {
        match &self.source {
            Source::Bundled => PublicSuffixList::bundled(),
            Source::Own(own) => &own.list,
        }
    }

    /// tldextract's reading of this list (`ValueError` for a text without rules, as
    /// tldextract's).
    pub(crate) fn extractor(&self) -> PyResult<&Extractor> {
        match &self.source {
            Source::Bundled => Ok(relurl::tldextract::bundled()),
            Source::Own(own) => own
                .extractor
                .get_or_init(|| Extractor::from_list_text(&own.text))
                .as_ref()
                .map_err(|e| PyValueError::new_err(e.to_string())),
        }
    }

    /// The text the list was read from (the bundled list's own, for the bundled one).
    fn text(&self) -> &str {
        match &self.source {
            Source::Bundled => relurl::public_suffix::BUNDLED_LIST,
            Source::Own(own) => &own.text,
        }
    }

    fn own(py: Python<'_>, text: String) -> PyResult<Self> {
        let list = py
            .detach(|| PublicSuffixList::from_text(&text))
            .map_err(|e| PyValueError::new_err(format!("not a Public Suffix List: {e}")))?;
        Ok(Self { source: Source::Own(Box::new(OwnList { list, text, extractor: OnceLock::new(), hash: OnceLock::new() })) })
    }
}

#[pymethods]
impl PyPublicSuffixList {
    /// `PublicSuffixList()`: the list bundled in relurl, as `bundled()`.
    #[new]
    fn new() -> Self {
        Self::bundled()
    }

    /// The list bundled in relurl.
    #[staticmethod]
    fn bundled() -> Self {
        Self { source: Source::Bundled }
    }

    /// The publicsuffix/list commit the bundled list is from (`scripts/refresh_psl.py`
    /// writes it with the list).
    #[classattr]
    #[allow(non_snake_case)] // a constant of the class, as Python names them
    fn BUNDLED_COMMIT() -> &'static str {
        relurl::public_suffix::BUNDLED_COMMIT
    }

    /// The date of that commit, `YYYY-MM-DD`.
    #[classattr]
    #[allow(non_snake_case)]
    fn BUNDLED_DATE() -> &'static str {
        relurl::public_suffix::BUNDLED_DATE
    }

    /// The list of `text`, in the list's format (a rule per line, `//` comments, the
    /// `===BEGIN PRIVATE DOMAINS===` section). `ValueError` naming the line of a rule that
    /// cannot be used (an empty label, a misplaced `*`, an exception rule of one label, an
    /// `xn--` label that is not Punycode).
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &str) -> PyResult<Self> {
        Self::own(py, text.to_owned())
    }

    /// The list in the UTF-8 file at `path` (a `str`, `bytes` or path-like object, as `open`
    /// takes; `public_suffix_list.dat` from publicsuffix.org or a checkout of
    /// publicsuffix/list); `OSError` when it cannot be read (with `errno` and `filename`, as
    /// `open` raises it: `FileNotFoundError`, `IsADirectoryError`, ...), `ValueError` when it
    /// is not UTF-8, and as `from_text`.
    #[staticmethod]
    fn from_file(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<Self> {
        let os = py.import("os")?;
        // `open`'s reading of a path: `TypeError` for what is not one.
        let given = os.call_method1("fspath", (path,))?;
        let file: PathBuf = os.call_method1("fsdecode", (&given,))?.extract()?;
        let bytes = py.detach(|| std::fs::read(&file)).map_err(|e| os_error(&os, &e, &given))?;
        let text = String::from_utf8(bytes).map_err(|e| PyValueError::new_err(format!("not a Public Suffix List: not UTF-8: {e}")))?;
        Self::own(py, text)
    }

    fn __len__(&self) -> usize {
        self.list().len()
    }

    /// Two lists are equal when they were read from the same text (`PublicSuffixList()`,
    /// `bundled()` and `from_text` of the bundled text are equal; two texts with the same
    /// rules in another order or with other comments are not); `NotImplemented` for what is
    /// not a `PublicSuffixList`.
    fn __eq__(&self, other: &Bound<'_, Self>) -> bool {
        let other = other.get();
        std::ptr::eq(self, other) || self.text() == other.text()
    }

    /// The hash of the list's text (made once per list): equal lists hash alike.
    fn __hash__(&self) -> u64 {
        match &self.source {
            Source::Bundled => *BUNDLED_HASH.get_or_init(|| text_hash(relurl::public_suffix::BUNDLED_LIST)),
            Source::Own(own) => *own.hash.get_or_init(|| text_hash(&own.text)),
        }
    }

    /// Pickles as `PublicSuffixList.bundled()` or `PublicSuffixList.from_text(text)` (the
    /// list's text: what a Spark executor or a worker process reads it from again).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let class = slf.get_type();
        let (make, args) = match &slf.get().source {
            Source::Bundled => (class.getattr("bundled")?, PyTuple::empty(py)),
            Source::Own(own) => (class.getattr("from_text")?, PyTuple::new(py, [own.text.as_str()])?),
        };
        PyTuple::new(py, [make, args.into_any()])
    }

    fn __repr__(&self) -> String {
        let which = if matches!(self.source, Source::Bundled) { "bundled" } else { "own" };
        format!("<PublicSuffixList ({which}): {} rules>", self.list().len())
    }

    /// `relurl.public_suffix(host, psl=self)`.
    #[pyo3(signature = (host, *, icann_only = false))]
    fn public_suffix<'py>(
        &self,
        py: Python<'py>,
        host: Option<&Bound<'py, PyAny>>,
        icann_only: bool,
    ) -> PyResult<Option<Bound<'py, PyString>>> {
        answer(py, self.list(), host, icann_only, PublicSuffixList::public_suffix_in)
    }

    /// `relurl.registered_domain(host, psl=self)`.
    #[pyo3(signature = (host, *, icann_only = false))]
    fn registered_domain<'py>(
        &self,
        py: Python<'py>,
        host: Option<&Bound<'py, PyAny>>,
        icann_only: bool,
    ) -> PyResult<Option<Bound<'py, PyString>>> {
        answer(py, self.list(), host, icann_only, PublicSuffixList::registered_domain_in)
    }
}

/// `e` as Python's `OSError(errno, strerror, filename)`, which is the subclass of the errno
/// (`FileNotFoundError`, ...), as `open` raises it; an error without an errno, its message.
fn os_error(os: &Bound<'_, PyModule>, e: &std::io::Error, filename: &Bound<'_, PyAny>) -> PyErr {
    let Some(code) = e.raw_os_error() else { return PyOSError::new_err(e.to_string()) };
    match os.call_method1("strerror", (code,)) {
        Ok(message) => PyOSError::new_err((code, message.unbind(), filename.clone().unbind())),
        Err(err) => err,
    }
}

/// The list of `psl=`: the bundled one when `None`.
pub(crate) fn list_of<'a>(psl: Option<&'a Bound<'_, PyPublicSuffixList>>) -> &'a PublicSuffixList {
    match psl {
        None => PublicSuffixList::bundled(),
        Some(psl) => psl.get().list(),
    }
}

/// One host's answer: `None` for `None`, a `str` (its lone surrogates kept) or `None`.
/// `lookup` is a function item (each caller's own copy of this function, with the lookup
/// inlined).
#[allow(clippy::inline_always, reason = "into each `#[pyfunction]`'s wrapper: fewer instructions per call, benches/test_bench_psl.py")]
#[inline(always)]
fn answer<'py>(
    py: Python<'py>,
    list: &PublicSuffixList,
    host: Option<&Bound<'py, PyAny>>,
    icann_only: bool,
    lookup: impl for<'h> Fn(&PublicSuffixList, &'h str, Sections) -> Result<Option<Cow<'h, str>>, relurl::Error>,
) -> PyResult<Option<Bound<'py, PyString>>> {
    let Some(host) = host else { return Ok(None) };
    let Ok(host) = host.cast::<PyString>() else {
        let name = host.get_type().name()?;
        return Err(PyTypeError::new_err(format!("host must be a str or None, not {name}")));
    };
    let sections = if icann_only { Sections::Icann } else { Sections::All };
    let text = text_with_stand_ins(host)?;
    match lookup(list, &text, sections).map_err(|e| from_core(py, &e, &text))? {
        None => Ok(None),
        // The whole host, as it was given: the same `str`.
        Some(Cow::Borrowed(answer)) if answer.len() == text.len() => Ok(Some(host.clone())),
        Some(answer) if matches!(text, Cow::Borrowed(_)) => Ok(Some(PyString::new(py, &answer))),
        Some(answer) => with_surrogates(py, &answer).map(Some),
    }
}

/// The public suffix of `host` by the Public Suffix List's own algorithm (publicsuffix.org:
/// the longest matching rule, exception rules, the implicit `*` rule), lower-cased, in the
/// host's own form (Unicode or `xn--` labels), without the host's final dot; `None` for an IP
/// address, an empty host or one with an empty label, and for `None`. `psl`: a
/// `PublicSuffixList` (the bundled one by default); `icann_only`: the ICANN rules alone. A
/// `URLError` (kind `not_a_host_name`, at the character) for a text that is not a host name:
/// a URL (`http://a.example/`), a host with its port (`a.example:8080`), a space, a control
/// character (IPv6 addresses, in brackets or not, are IP addresses: `None`).
#[pyfunction]
#[pyo3(signature = (host, *, psl = None, icann_only = false))]
pub fn public_suffix<'py>(
    py: Python<'py>,
    host: Option<&Bound<'py, PyAny>>,
    psl: Option<&Bound<'py, PyPublicSuffixList>>,
    icann_only: bool,
) -> PyResult<Option<Bound<'py, PyString>>> {
    answer(py, list_of(psl), host, icann_only, PublicSuffixList::public_suffix_in)
}

/// The registered (registrable) domain of `host`: its public suffix and one label more
/// (`public_suffix`), lower-cased, in the host's own form, without the host's final dot;
/// `None` where the host is a public suffix itself, an IP address, empty or has an empty
/// label, and for `None`; a `URLError` for a text that is not a host name, as
/// `public_suffix`.
#[pyfunction]
#[pyo3(signature = (host, *, psl = None, icann_only = false))]
pub fn registered_domain<'py>(
    py: Python<'py>,
    host: Option<&Bound<'py, PyAny>>,
    psl: Option<&Bound<'py, PyPublicSuffixList>>,
    icann_only: bool,
) -> PyResult<Option<Bound<'py, PyString>>> {
    answer(py, list_of(psl), host, icann_only, PublicSuffixList::registered_domain_in)
}

/// `relurl._relurl._testing._bundled_public_suffix_list()`: the text of the bundled list
/// (the tests hand it to tldextract and publicsuffixlist beside an installed wheel too).
#[pyfunction]
pub fn _bundled_public_suffix_list() -> &'static str {
    relurl::public_suffix::BUNDLED_LIST
}
