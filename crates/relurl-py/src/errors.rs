//! `relurl.URLError` and the one mapping from the core's [`relurl::Error`] to it, and
//! `relurl.URLWarning`.

use std::ffi::CString;

use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    relurl,
    URLError,
    PyValueError,
    "A URL was rejected. `kind` names why in one stable word (`ErrorKind::name` of the core: \
     'invalid_character', 'lone_surrogate', ...), `reason` says it as a sentence and \
     `position` is the position (in characters) of the first offending character. In a \
     batch, `index` is the failed row and `input` which of its inputs failed ('base', \
     'reference', or None when a row has one input); both are None for a single call. A \
     subclass of ValueError."
);

pyo3::create_exception!(
    relurl,
    URLWarning,
    PyUserWarning,
    "An input was skipped rather than rejected, such as a malformed Base header while \
     extracting links (the next layer of RFC 1808 section 3 defines the base). The message \
     names the input, the reason and the position. A subclass of UserWarning."
);

/// Issues a `URLWarning` with `message`, attributed to the caller (`stacklevel=1`). An
/// error if warnings are made errors (`-W error`).
pub(crate) fn url_warning(py: Python<'_>, message: &str) -> PyResult<()> {
    // The messages are made of our reasons and numbers: no NUL, but never panic on one.
    let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<URLWarning>(), &message, 1)
}

/// The one mapper from a core error to a `URLError`: `kind` ([`relurl::ErrorKind::name`]),
/// `reason` and `position` (in characters), and the message `"{reason} (at position N)"`.
/// Every `URLError` of the bindings is made here or, for an argument error without a
/// position, by [`argument_error`] (a batch's then gets its row from [`at_row`]).
#[cold]
#[inline(never)]
pub(crate) fn url_error(py: Python<'_>, err: &relurl::Error, position: usize) -> PyErr {
    let reason = err.reason();
    let error = URLError::new_err(format!("{reason} (at position {position})"));
    let value = error.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for memory errors;
    // if it does, that error is the one to raise.
    let set = value.setattr("kind", err.kind().name()).and_then(|()| value.setattr("position", position));
    if let Err(e) = set.and_then(|()| value.setattr("reason", reason)) {
        return e;
    }
    error
}

/// A `URLError` for an argument that cannot be used as given (`strict=True` with a grammar
/// other than RFC 1808): `kind` and `reason` as [`url_error`], `position` `None` and the
/// message the reason alone, as no character of a URL is at fault.
#[cold]
#[inline(never)]
pub(crate) fn argument_error(py: Python<'_>, err: &relurl::Error) -> PyErr {
    let reason = err.reason();
    let error = URLError::new_err(reason.clone());
    let value = error.value(py);
    let set = value.setattr("kind", err.kind().name()).and_then(|()| value.setattr("position", py.None()));
    if let Err(e) = set.and_then(|()| value.setattr("reason", reason)) {
        return e;
    }
    error
}

/// Converts a core error found in `input` into a `URLError` (its byte offset counted in
/// characters of `input`).
#[cold]
#[inline(never)]
pub(crate) fn from_core(py: Python<'_>, err: &relurl::Error, input: &str) -> PyErr {
    url_error(py, err, err.char_index(input))
}

/// Adds `index` (the row of a batch) and `input` (which input of the row failed: `"base"`,
/// `"reference"`, or `None` for a batch of one input, `relurl.arrow.parse`) to a `URLError`
/// and names both in its message: `"reference of item 6: ..."`, `"item 6: ..."`.
pub(crate) fn at_row(py: Python<'_>, err: PyErr, row: usize, input: Option<relurl::batch::Input>) -> PyErr {
    let value = err.value(py);
    let message = value.str().map(|s| s.to_string()).unwrap_or_default();
    let (name, annotated) = match input {
        Some(input) => (Some(input.name()), format!("{} of item {row}: {message}", input.name())),
        None => (None, format!("item {row}: {message}")),
    };
    let result = value.setattr("index", row).and_then(|()| value.setattr("input", name)).and_then(|()| value.setattr("args", (annotated,)));
    match result {
        Ok(()) => err,
        Err(e) => e,
    }
}
