//! `relurl.URLError` and `relurl.URLWarning`, and the one place where the core's errors
//! become Python exceptions: [`relurl::Error`] as a `URLError` ([`url_error`] and the
//! functions built on it), and the errors of the twins as the exceptions of the libraries
//! they twin ([`surt_error`], [`w3lib_error`], [`urllib_error`]).

use std::ffi::CString;

use pyo3::exceptions::{PyAttributeError, PyTypeError, PyUnicodeEncodeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use relurl::surt::SurtError;
use relurl::urllib::UrllibError;
use relurl::w3lib::W3libError;

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
    let prefix = match input {
        Some(input) => format!("{} of item {row}", input.name()),
        None => format!("item {row}"),
    };
    annotated(py, err, Some(row), input, &prefix)
}

/// Adds `input` (which input of a single resolution failed, `relurl.resolve`'s or
/// `URL.resolve`'s) to a `URLError` and names it in its message: `"base: ..."`,
/// `"reference: ..."`.
#[cold]
#[inline(never)]
pub(crate) fn of_input(py: Python<'_>, err: PyErr, input: relurl::batch::Input) -> PyErr {
    if !err.is_instance_of::<URLError>(py) {
        return err;
    }
    annotated(py, err, None, Some(input), input.name())
}

/// `err` with `index`, `input` and its message after `prefix` and `": "`.
fn annotated(py: Python<'_>, err: PyErr, index: Option<usize>, input: Option<relurl::batch::Input>, prefix: &str) -> PyErr {
    let value = err.value(py);
    let message = value.str().map(|s| s.to_string()).unwrap_or_default();
    let annotated = format!("{prefix}: {message}");
    let result = value
        .setattr("index", index)
        .and_then(|()| value.setattr("input", input.map(relurl::batch::Input::name)))
        .and_then(|()| value.setattr("args", (annotated,)));
    match result {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The `URLError` for an error of [`relurl::establish_base`] given `headers`: a malformed
/// `Base` header (kind `bad_base_header`, its position in the header's value, as
/// `base_from_header` gives it), else an input too long to parse (`too_long`, position 0).
#[cold]
pub(crate) fn establish_base_error(py: Python<'_>, e: &relurl::Error, headers: &[(&str, &str)]) -> PyErr {
    let value = match e.kind() {
        relurl::ErrorKind::BadBaseHeader { .. } => relurl::rfc1808::find_header(headers, "Base").unwrap_or(""),
        _ => "",
    };
    from_core(py, e, value)
}

/// The `URLWarning` of `extract_links` for a malformed `Base` header it skipped (`e`, found
/// in the `Base` header of `headers`): an error if warnings are made errors.
#[cold]
pub(crate) fn base_header_skipped(py: Python<'_>, e: &relurl::Error, headers: &[(&str, &str)]) -> PyResult<()> {
    let value = relurl::rfc1808::find_header(headers, "Base").unwrap_or("");
    url_warning(py, &format!("Base header skipped: {} (at position {})", e.reason(), e.char_index(value)))
}

/// The Python exception surt raises for `error`.
pub(crate) fn surt_error(error: &SurtError) -> PyErr {
    match error {
        SurtError::NoScheme => PyAttributeError::new_err(error.to_string()),
        SurtError::PublicSuffixTakesStr => PyTypeError::new_err(error.to_string()),
        // `Decode` is Python's `UnicodeDecodeError` (a `ValueError`), which no input has been
        // seen to reach (`relurl::surt::surt_str`).
        SurtError::Port(_) | SurtError::TooManyDigits(_) | SurtError::Decode { .. } => PyValueError::new_err(error.to_string()),
    }
}

/// A core error of `canonicalize_url` as the exception w3lib raises (a codec's own exception
/// as it is).
pub(crate) fn w3lib_error(err: &W3libError) -> PyErr {
    match err {
        W3libError::Value(reason) => PyValueError::new_err(reason.clone()),
        W3libError::NfkcNetloc(netloc) => Python::attach(|py| nfkc_error(&PyString::new(py, netloc))),
        W3libError::EmptySeparator => PyValueError::new_err("empty separator"),
        W3libError::TooManyDigits(e) => PyValueError::new_err(e.to_string()),
        W3libError::UnicodeEncode { encoding, object, start, end } => {
            let reason = if *encoding == "ascii" { "ordinal not in range(128)" } else { "ordinal not in range(256)" };
            PyUnicodeEncodeError::new_err((*encoding, object.clone(), *start, *end, reason))
        }
        // `relurl.safe_url_string` raises the codec's own exception instead.
        W3libError::Unencodable { text, .. } => {
            PyUnicodeEncodeError::new_err(("utf-8", text.clone(), 0, text.chars().count(), err.to_string()))
        }
        W3libError::Codec(failure) => match failure.0.downcast_ref::<PyErr>() {
            Some(error) => Python::attach(|py| error.clone_ref(py)),
            None => PyValueError::new_err(failure.to_string()),
        },
    }
}

/// w3lib's `ValueError` for a net_loc that NFKC turns into delimiters
/// ([`W3libError::NfkcNetloc`]): its f-string shows `netloc` as Python's `repr`. The one place
/// that message is made; the callers pass the net_loc as the caller gave it (with its lone
/// surrogates, where it had some).
pub(crate) fn nfkc_error(netloc: &Bound<'_, PyString>) -> PyErr {
    match netloc.repr() {
        Ok(shown) => PyValueError::new_err(format!("netloc {shown} {}", relurl::w3lib::NFKC_REASON)),
        Err(e) => e,
    }
}

/// A core error of the urllib twin as the exception urllib raises (a check's own exception
/// as it is).
pub(crate) fn urllib_error(err: UrllibError<PyErr>) -> PyErr {
    match err {
        UrllibError::InvalidIpv6Url => PyValueError::new_err("Invalid IPv6 URL"),
        UrllibError::Check(e) => e,
    }
}
