//! The arguments shared by the entry points, converted and checked: `spec`, `encoding`,
//! `strict`, the `bool` flags, and the grammar a `URL` argument brings.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::convert::wrong_type;
use super::errors::argument_error;
use super::url_data::PyUrl;
use relurl::bindings::arguments::EncodingError;
use relurl::whatwg::Encoding;
use relurl::Spec;

/// The `spec` argument, converted by every entry point that takes one: a `str` naming a
/// [`Spec`], else a `ValueError` naming the choices; `None`, where the argument is not
/// optional (`Option<SpecArg>`, whose `None` means the base's own spec), is the default,
/// RFC 1808 (so that a wrapper may pass its own `spec=None` on); any other type is a
/// `TypeError` that names the argument itself (PyO3 names it only in an exception note,
/// which CPython 3.10 lacks).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SpecArg(pub Spec);

impl SpecArg {
    /// RFC 1808, the default of `spec` where it has one.
    pub(crate) const DEFAULT: Self = Self(Spec::Rfc1808);
}

impl<'a, 'py> FromPyObject<'a, 'py> for SpecArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(Self::DEFAULT);
        }
        let Ok(name) = obj.cast::<PyString>() else {
            let type_name = obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
            return Err(pyo3::exceptions::PyTypeError::new_err(format!("spec must be a str or None, not {type_name}")));
        };
        let name = name.to_cow()?;
        name.parse::<Spec>().map(Self).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }
}

/// A flag read for its truth, as Python's `if flag:` reads it (`1`, `0`, `None`, any object
/// with `__bool__` or `__len__`): the twins' flags that their peers test that way
/// (`safe_url_string`'s `quote_path`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Truth(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Truth {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        obj.is_truthy().map(Self)
    }
}

/// The grammar to resolve by: `spec` when given, else the grammar the first parsed `URL`
/// among `bases` was parsed with, else RFC 1808 (`str` bases and columns): the bases of a
/// batch, the page URL of `extract_links`, the layers of `establish_base`.
pub(crate) fn followed_spec<'a, 'py: 'a>(spec: Option<SpecArg>, bases: impl IntoIterator<Item = &'a Bound<'py, PyAny>>) -> Spec {
    spec.map_or_else(
        || bases.into_iter().find_map(|base| base.cast::<PyUrl>().ok().map(|u| u.get().own().spec())).unwrap_or(Spec::Rfc1808),
        |SpecArg(spec)| spec,
    )
}

/// The `encoding` argument with the `spec` it goes with, by the core's rule
/// ([`relurl::bindings::arguments::encoding`]: a label of the Encoding Standard, only with
/// `"whatwg"`). An unknown label is a `LookupError` (as Python's codecs raise); with a
/// `spec` other than `"whatwg"` a `ValueError`.
pub(crate) fn encoding_with(encoding: Option<&str>, spec: Spec) -> PyResult<Option<&'static Encoding>> {
    let Some(label) = encoding else { return Ok(None) };
    relurl::bindings::arguments::encoding(label, spec).map(Some).map_err(|e| match e {
        EncodingError::NeedsWhatwg(_) => pyo3::exceptions::PyValueError::new_err(e.to_string()),
        EncodingError::UnknownLabel(_) => pyo3::exceptions::PyLookupError::new_err(e.to_string()),
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

/// The `bases` argument of a batch (`resolve_many`, `URL.resolve_many`, `relurl.arrow.resolve`),
/// sorted: `None` (every row's base), one base for every row (a `str`, or a `URL` as the
/// text it was parsed from), or anything else, a column, which each caller reads as its kind
/// (a sequence of Python objects, an Arrow array).
pub(crate) enum BasesArg<'py> {
    /// `None`.
    Null,
    /// One `str`, or the text of one `URL`.
    One(Bound<'py, PyString>),
    /// Anything else.
    Column,
}

impl<'py> BasesArg<'py> {
    /// Sorts `bases`.
    pub(crate) fn of(bases: &Bound<'py, PyAny>) -> Self {
        if bases.is_none() {
            Self::Null
        } else if let Ok(one) = bases.cast::<PyString>() {
            Self::One(one.clone())
        } else if let Ok(url) = bases.cast::<PyUrl>() {
            Self::One(url.get().text(bases.py()))
        } else {
            Self::Column
        }
    }
}
