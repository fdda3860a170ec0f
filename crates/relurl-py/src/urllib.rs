//! `relurl.urljoin`, `relurl.urlsplit`, `relurl.urlparse`: twins of `urllib.parse`'s, run by
//! the core's [`relurl::urllib`] for exact `str` and `bytes` arguments.
//!
//! Whatever the core does not take is handed to urllib's own function, so that the answer
//! (or the exception) is urllib's: `str`/`bytes` subclasses, `bytearray` and other types, a
//! `str` with lone surrogates, non-ASCII `bytes` (urllib's `UnicodeDecodeError`), an
//! `allow_fragments` that is not a `bool`, a `b''` scheme with a `str` URL, and every call
//! when probing found a urllib this module does not know.

mod state;

use std::cell::RefCell;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyString, PyTuple};

use super::errors::urllib_error as to_py;
use super::resolve::release_if_huge;
use relurl::urllib::Joined;
pub(crate) use state::{Active, PyChecks, Twin};

thread_local! {
    /// The output buffer each thread reuses for its joins.
    static BUFFER: RefCell<String> = const { RefCell::new(String::new()) };
}

/// An optional argument as given: urllib reads `None` as false, so a missing argument and an
/// explicit `None` must differ.
pub enum Arg<'py> {
    /// Not passed: urllib's default.
    Missing,
    /// Passed, any object.
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Arg<'py> {
    type Error = std::convert::Infallible;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> Result<Self, Self::Error> {
        Ok(Self::Given(obj.to_owned()))
    }
}

impl<'py> Arg<'py> {
    /// `allow_fragments`: `Some` for a missing one (`True`) or an exact `bool`.
    fn flag(&self) -> Option<bool> {
        match self {
            Self::Missing => Some(true),
            Self::Given(value) => value.cast_exact::<PyBool>().ok().map(PyBoolMethods::is_true),
        }
    }

    /// The object to hand to urllib: `default` when missing.
    fn or(&self, default: Bound<'py, PyAny>) -> Bound<'py, PyAny> {
        match self {
            Self::Missing => default,
            Self::Given(value) => value.clone(),
        }
    }
}

/// Whether an argument is text (`str`) or ASCII `bytes`, urllib's two kinds of input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Str,
    Bytes,
}

/// An exact `str` (valid UTF-8) or an exact, all-ASCII `bytes`, borrowed as `&str`.
struct Text<'a> {
    kind: Kind,
    text: &'a str,
}

impl<'a> Text<'a> {
    /// `None` for anything urllib must see itself.
    #[inline]
    fn of(obj: &'a Bound<'_, PyAny>) -> Option<Self> {
        if let Ok(s) = obj.cast_exact::<PyString>() {
            return s.to_str().ok().map(|text| Self { kind: Kind::Str, text });
        }
        let bytes = obj.cast_exact::<PyBytes>().ok()?.as_bytes();
        if !bytes.is_ascii() {
            return None;
        }
        std::str::from_utf8(bytes).ok().map(|text| Self { kind: Kind::Bytes, text })
    }

    /// `text` as a new object of this kind, or `obj` itself when that is the same text.
    fn object<'py>(&self, obj: &Bound<'py, PyAny>, text: &str) -> Bound<'py, PyAny> {
        if std::ptr::eq(text, self.text) || text == self.text {
            return obj.clone();
        }
        new_object(obj.py(), self.kind, text)
    }
}

fn new_object<'py>(py: Python<'py>, kind: Kind, text: &str) -> Bound<'py, PyAny> {
    match kind {
        Kind::Str => PyString::new(py, text).into_any(),
        Kind::Bytes => PyBytes::new(py, text.as_bytes()).into_any(),
    }
}

fn true_object(py: Python<'_>) -> Bound<'_, PyAny> {
    PyBool::new(py, true).to_owned().into_any()
}

fn mix_error() -> PyErr {
    PyTypeError::new_err("Cannot mix str and non-str arguments")
}

/// `urllib.parse.urljoin(base, url, allow_fragments=True)`, run in Rust: joins a base URL and
/// a possibly relative one exactly as urllib of the running Python does (RFC 3986 with
/// urllib's quirks), `str` to `str` and `bytes` to `bytes`.
#[pyfunction]
#[pyo3(signature = (base, url, allow_fragments = Arg::Missing), text_signature = "(base, url, allow_fragments=True)")]
#[allow(clippy::needless_pass_by_value)] // pyo3 passes extracted arguments by value
pub fn urljoin<'py>(base: &Bound<'py, PyAny>, url: &Bound<'py, PyAny>, allow_fragments: Arg<'py>) -> PyResult<Bound<'py, PyAny>> {
    let py = base.py();
    let twin = Twin::get(py)?;
    let delegate = || twin.urljoin.bind(py).call1((base, url, allow_fragments.or(true_object(py))));
    let (false, Some(allow)) = (twin.delegate_all, allow_fragments.flag()) else { return delegate() };
    // `if not base: return url`, `if not url: return base`, then `_coerce_args`.
    let Some(b) = Text::of(base) else { return delegate() };
    if b.text.is_empty() {
        return Ok(url.clone());
    }
    let Some(u) = Text::of(url) else { return delegate() };
    if u.text.is_empty() {
        return Ok(base.clone());
    }
    if b.kind != u.kind {
        return Err(mix_error());
    }
    let urllib = twin.active(py);
    let mut checks = twin.checks(py);
    let mut join = |buffer: &mut String| {
        buffer.clear();
        match urllib.urljoin_into(b.text, u.text, allow, &mut checks, buffer).map_err(to_py)? {
            Joined::Url => Ok(url.clone()),
            Joined::Base => Ok(base.clone()),
            Joined::Written if buffer == u.text => Ok(url.clone()),
            Joined::Written => Ok(new_object(py, u.kind, buffer)),
        }
    };
    // A check calls Python, which may call back here: then the buffer is taken.
    BUFFER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffer) => {
            let joined = join(&mut buffer);
            release_if_huge(&mut buffer);
            joined
        }
        Err(_) => join(&mut String::new()),
    })
}

/// `urllib.parse.urlsplit(url, scheme='', allow_fragments=True)`, run in Rust: the five
/// components, as urllib's own `SplitResult` (or `SplitResultBytes` for `bytes`), so
/// `.hostname`, `.port`, `.username`, `.password` and `.geturl()` are urllib's.
#[pyfunction]
#[pyo3(signature = (url, scheme = Arg::Missing, allow_fragments = Arg::Missing), text_signature = "(url, scheme='', allow_fragments=True)")]
#[allow(clippy::needless_pass_by_value)] // pyo3 passes extracted arguments by value
pub fn urlsplit<'py>(url: &Bound<'py, PyAny>, scheme: Arg<'py>, allow_fragments: Arg<'py>) -> PyResult<Bound<'py, PyAny>> {
    split_or_parse(false, url, &scheme, &allow_fragments)
}

/// `urllib.parse.urlparse(url, scheme='', allow_fragments=True)`, run in Rust: the six
/// components, as urllib's own `ParseResult` (or `ParseResultBytes` for `bytes`).
#[pyfunction]
#[pyo3(signature = (url, scheme = Arg::Missing, allow_fragments = Arg::Missing), text_signature = "(url, scheme='', allow_fragments=True)")]
#[allow(clippy::needless_pass_by_value)] // pyo3 passes extracted arguments by value
pub fn urlparse<'py>(url: &Bound<'py, PyAny>, scheme: Arg<'py>, allow_fragments: Arg<'py>) -> PyResult<Bound<'py, PyAny>> {
    split_or_parse(true, url, &scheme, &allow_fragments)
}

fn split_or_parse<'py>(parse: bool, url: &Bound<'py, PyAny>, scheme: &Arg<'py>, allow_fragments: &Arg<'py>) -> PyResult<Bound<'py, PyAny>> {
    let py = url.py();
    let twin = Twin::get(py)?;
    let delegate = || {
        let function = if parse { &twin.urlparse } else { &twin.urlsplit };
        function.bind(py).call1((url, scheme.or(PyString::new(py, "").into_any()), allow_fragments.or(true_object(py))))
    };
    let (false, Some(allow)) = (twin.delegate_all, allow_fragments.flag()) else { return delegate() };
    let Some(u) = Text::of(url) else { return delegate() };
    // `_coerce_args(url, scheme)`: an empty scheme of the other kind is allowed, but a `b''`
    // scheme with a `str` URL fails later, in urllib's `scheme.strip(...)`.
    let default_scheme = match scheme {
        Arg::Missing => "",
        Arg::Given(obj) => match Text::of(obj) {
            Some(s) if s.kind == u.kind => s.text,
            Some(s) if !s.text.is_empty() => return Err(mix_error()),
            Some(_) if u.kind == Kind::Bytes => "",
            _ => return delegate(),
        },
    };
    // `urlsplit` reads no scheme list (`urlparse` reads `uses_params`): the lists' check is
    // for `urlparse` alone.
    let urllib = if parse { twin.active(py) } else { Active::Captured(&twin.urllib) };
    let mut checks = twin.checks(py);
    let component = |text: &str| u.object(url, text);
    let parts: Bound<'py, PyTuple> = if parse {
        let p = urllib.urlparse(u.text, default_scheme, allow, &mut checks).map_err(to_py)?;
        let parts = [&p.scheme, &p.netloc, &p.path, &p.params, &p.query, &p.fragment];
        PyTuple::new(py, parts.map(|c| component(c)))?
    } else {
        let s = urllib.urlsplit(u.text, default_scheme, allow, &mut checks).map_err(to_py)?;
        let parts = [&s.scheme, &s.netloc, &s.path, &s.query, &s.fragment];
        PyTuple::new(py, parts.map(|c| component(c)))?
    };
    let result_type = &twin.result_types[usize::from(parse) * 2 + usize::from(u.kind == Kind::Bytes)];
    twin.tuple_new.bind(py).call1((result_type.bind(py), parts))
}

/// What the twins found out about the running `urllib.parse` (for tests and bug reports);
/// the first call captures urllib.
#[pyfunction]
pub fn _urllib_dialect(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    Twin::get(py)?.describe(py)
}
