//! The one path from two Python `str`s to the resolved `str` (RFC 1808 §4 or RFC 3986
//! §5.2), shared by `relurl.resolve`, `URL.resolve` and `URL.resolve_many`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::errors::{argument_error, from_core};
use super::strings::{wrong_type, StrArg};
use relurl::whatwg::Encoding;
use relurl::{AnyUrl, Spec, Unchanged};

thread_local! {
    /// The output buffer each thread reuses for its resolutions.
    static BUFFER: core::cell::RefCell<String> = const { core::cell::RefCell::new(String::new()) };
}

/// Resolves `reference` against the parsed `base`, whose `str` object is `base_object`, by
/// the rules of the spec `base` was parsed with ([`AnyUrl::join_stripped_into`]); with
/// `strict`, the reference is checked first (the caller has checked the base); with `strip`,
/// HTML's ASCII whitespace is stripped from its ends first.
/// `encoding` (the URL Standard only) encodes the query of a special URL.
///
/// When the answer is one of the inputs as given ([`AnyUrl::unchanged`]: in RFC 1808 an
/// absolute reference, 70% of a typical page's links) it is that input object itself: no
/// copy. Otherwise the result is written into this thread's reused buffer and copied once
/// into a new `str`.
#[inline]
pub(crate) fn resolve_to_py<'py, B: AsRef<str>>(
    base: &AnyUrl<B>,
    base_object: &Bound<'py, PyString>,
    reference: &StrArg<'_, 'py>,
    (strict, strip): (bool, bool),
    encoding: Option<&'static Encoding>,
) -> PyResult<Bound<'py, PyString>> {
    let py = base_object.py();
    let resolved = BUFFER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffer) => {
            let resolved = write_str(py, base, reference.text, (strict, strip), encoding, &mut buffer);
            release_if_huge(&mut buffer);
            resolved
        }
        Err(_) => write_str(py, base, reference.text, (strict, strip), encoding, &mut String::new()),
    });
    match resolved.map_err(|e| from_core(py, &e, reference.text))? {
        Resolution::Text(text) => Ok(text),
        Resolution::Unchanged(Unchanged::Reference) => Ok(exact_str(reference.object, reference.text)),
        Resolution::Unchanged(Unchanged::Base) => Ok(exact_str(base_object, base.as_str())),
    }
}

/// What [`write_str`] came to.
enum Resolution<'py> {
    Text(Bound<'py, PyString>),
    Unchanged(Unchanged),
}

/// The most a thread's reused output buffer keeps between calls.
const KEPT_CAPACITY: usize = 1 << 20;

/// Frees a reused buffer that one huge result grew past [`KEPT_CAPACITY`], so that a 10 MB
/// href does not keep 10 MB per thread for the life of the thread.
pub(crate) fn release_if_huge(buffer: &mut String) {
    if buffer.capacity() > KEPT_CAPACITY {
        *buffer = String::new();
    }
}

fn write_str<'py, B: AsRef<str>>(
    py: Python<'py>,
    base: &AnyUrl<B>,
    reference: &str,
    (strict, strip): (bool, bool),
    encoding: Option<&'static Encoding>,
    buffer: &mut String,
) -> Result<Resolution<'py>, relurl::Error> {
    buffer.clear();
    Ok(match base.join_stripped_into(reference, strict, strip, encoding, buffer)? {
        Some(unchanged) => Resolution::Unchanged(unchanged),
        None => Resolution::Text(PyString::new(py, buffer)),
    })
}

/// `object` itself if it is exactly a `str`; a plain `str` copy of a subclass instance.
#[inline]
pub(crate) fn exact_str<'py>(object: &Bound<'py, PyString>, text: &str) -> Bound<'py, PyString> {
    if object.is_exact_instance_of::<PyString>() {
        object.clone()
    } else {
        PyString::new(object.py(), text)
    }
}

/// The `spec` argument, converted by every entry point that takes one: a `str` naming a
/// [`Spec`], else a `ValueError` naming the choices; any other type is a `TypeError` that
/// names the argument itself (PyO3 names it only in an exception note, which CPython 3.10
/// lacks).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SpecArg(pub Spec);

impl SpecArg {
    /// RFC 1808, the default of `spec` where it has one.
    pub(crate) const DEFAULT: Self = Self(Spec::Rfc1808);
}

impl<'a, 'py> FromPyObject<'a, 'py> for SpecArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let Ok(name) = obj.cast::<PyString>() else {
            let type_name = obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
            return Err(pyo3::exceptions::PyTypeError::new_err(format!("spec must be a str, not {type_name}")));
        };
        let name = name.to_cow()?;
        name.parse::<Spec>().map(Self).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }
}

/// The grammar to resolve by: `spec` when given, else the grammar the first parsed `URL`
/// among `bases` was parsed with, else RFC 1808 (`str` bases and columns): the bases of a
/// batch, the page URL of `extract_links`, the layers of `establish_base`.
pub(crate) fn followed_spec<'a, 'py: 'a>(spec: Option<SpecArg>, bases: impl IntoIterator<Item = &'a Bound<'py, PyAny>>) -> Spec {
    spec.map_or_else(
        || bases.into_iter().find_map(|base| base.cast::<super::url::PyUrl>().ok().map(|u| u.get().own().spec())).unwrap_or(Spec::Rfc1808),
        |SpecArg(spec)| spec,
    )
}

/// The `encoding` argument with the `spec` it goes with: a label of the Encoding Standard
/// ("get an encoding": ASCII case-insensitive, surrounding whitespace ignored, e.g.
/// `"windows-1251"`, `"shift_jis"`), the encoding the URL Standard percent-encodes the query
/// of a special URL in. An unknown label is a `LookupError` (as Python's codecs raise);
/// with a `spec` other than `"whatwg"` (RFC 1808 and RFC 3986 have no encoding) a
/// `ValueError`.
pub(crate) fn encoding_with(encoding: Option<&str>, spec: Spec) -> PyResult<Option<&'static Encoding>> {
    let Some(label) = encoding else { return Ok(None) };
    if spec != Spec::Whatwg {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "encoding= is the URL Standard's: it needs spec='whatwg', not spec='{}'",
            spec.name()
        )));
    }
    Encoding::for_label(label.as_bytes()).map(Some).ok_or_else(|| {
        pyo3::exceptions::PyLookupError::new_err(format!("unknown encoding: {label:?} is not a label of the Encoding Standard"))
    })
}

/// The `strict` argument with the `spec` it goes with ([`Spec::check_strict`]): the strict
/// check is the RFC 1808 §2.2 BNF, so `strict=True` with RFC 3986 is a `URLError` of kind
/// `strict_unavailable` (a `ValueError`), raised before any work.
pub(crate) fn strict_with(strict: bool, spec: Spec) -> PyResult<bool> {
    match spec.check_strict(strict) {
        Ok(()) => Ok(strict),
        Err(e) => Err(Python::attach(|py| argument_error(py, &e))),
    }
}

/// A `bool` argument, converted as PyO3 converts one; anything else is a `TypeError` whose
/// message names the argument (PyO3 names it only in an exception note, which CPython 3.10
/// lacks and many logs leave out).
fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.extract::<bool>().map_err(|_| wrong_type(obj, name, "a bool"))
}

/// The `strict` argument ([`flag`]).
pub(crate) fn strict_flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "strict")
}

/// The `strip` argument ([`flag`]).
pub(crate) fn strip_flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "strip")
}

/// The `skip_special` argument ([`flag`]).
pub(crate) fn skip_special_flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "skip_special")
}
