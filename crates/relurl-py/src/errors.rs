//! `relurl.URLError` and the one mapping from the core's [`relurl::Error`] to it, and
//! `relurl.URLWarning`.

use std::ffi::CString;

use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    relurl,
    URLError,
    PyValueError,
    "A URL was rejected. `position` is the index (in characters) of the first offending \
     character and `reason` says why. A subclass of ValueError."
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

/// Builds a `URLError` with `position` and `reason` attributes.
#[cold]
#[inline(never)]
pub(crate) fn url_error(py: Python<'_>, reason: &str, position: usize) -> PyErr {
    let err = URLError::new_err(format!("{reason} (at position {position})"));
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for memory errors;
    // if it does, that error is the one to raise.
    if let Err(e) = value.setattr("position", position).and_then(|()| value.setattr("reason", reason)) {
        return e;
    }
    err
}

/// Converts a core error found in `input` into a `URLError` (character position).
#[cold]
#[inline(never)]
pub(crate) fn from_core(py: Python<'_>, err: &relurl::Error, input: &str) -> PyErr {
    url_error(py, &err.reason(), err.char_index(input))
}
