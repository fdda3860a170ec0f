//! `relurl.resolve`, and the one path from two Python `str`s to the resolved `str` (RFC
//! 1808 §4, RFC 3986 §5.2 or the URL Standard), shared by `relurl.resolve` and
//! `URL.resolve`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::arguments::{encoding_with, strict_flag, strict_with, strip_flag, SpecArg};
use super::convert::{base_type_error, exact_str, str_arg, type_error, StrArg};
use super::errors::{from_core, of_input};
use super::url_data::PyUrl;
use relurl::batch::Input;
use relurl::whatwg::Encoding;
use relurl::{parse_checked, AnyUrl, Spec, Unchanged};

/// Resolves `reference` against `base` (a `str`, or a parsed `URL`) by RFC 1808 §4 or, with
/// `spec="rfc3986"`, RFC 3986 §5.2, or with `spec="whatwg"`, the URL Standard's basic URL
/// parser, and returns the absolute URL. Without `spec`, a `URL` base is resolved by the
/// grammar it was parsed with, a `str` by RFC 1808. With `strict=True` (RFC 1808 only), the
/// base and then the reference are first checked against the §2.2 BNF, as `resolve_many`
/// checks each row.
/// With `strip=True`, HTML's ASCII whitespace (TAB, LF, FF, CR, SPACE) is stripped from
/// both ends of the reference first, as `extract_links` does to an href.
/// With `encoding` (a label of the Encoding Standard; `spec="whatwg"` only), the query of a
/// special URL is percent-encoded in that encoding, as a browser does for a link on a page
/// in it.
#[pyfunction]
#[pyo3(signature = (base, reference, *, spec = None, strict = false, strip = false, encoding = None))]
pub fn resolve<'py>(
    base: &Bound<'py, PyAny>,
    reference: &Bound<'py, PyAny>,
    spec: Option<SpecArg>,
    #[pyo3(from_py_with = strict_flag)] strict: bool,
    #[pyo3(from_py_with = strip_flag)] strip: bool,
    encoding: Option<&str>,
) -> PyResult<Bound<'py, PyString>> {
    let py = base.py();
    if let Ok(url) = base.cast::<PyUrl>() {
        let url = url.get();
        let spec = spec.map_or(url.own().spec(), |s| s.0);
        let encoding = encoding_with(encoding, spec)?;
        let strict = strict_with(strict, spec)?;
        if !reference.is_instance_of::<PyString>() {
            return Err(type_error(reference, "reference"));
        }
        let parsed_base = url.checked_for(py, spec, strict).map_err(|e| of_input(py, e, Input::Base))?;
        let reference = str_arg(reference, || "reference".to_owned()).map_err(|e| of_input(py, e, Input::Reference))?;
        return resolve_to_py(parsed_base, &url.text(py), &reference, (strict, strip), encoding);
    }
    let spec = spec.map_or(Spec::Rfc1808, |s| s.0);
    let encoding = encoding_with(encoding, spec)?;
    let strict = strict_with(strict, spec)?;
    if !base.is_instance_of::<PyString>() {
        return Err(base_type_error(base, "base"));
    }
    let base = str_arg(base, || "base".to_owned()).map_err(|e| of_input(py, e, Input::Base))?;
    // The arguments' types, then the base, then the reference's text (a lone surrogate): the
    // order of a batch's row, whose base is looked at first.
    if !reference.is_instance_of::<PyString>() {
        return Err(type_error(reference, "reference"));
    }
    let parsed_base = parse_checked(base.text, spec, strict).map_err(|e| of_input(py, from_core(py, &e, base.text), Input::Base))?;
    let reference = str_arg(reference, || "reference".to_owned()).map_err(|e| of_input(py, e, Input::Reference))?;
    resolve_to_py(&parsed_base, base.object, &reference, (strict, strip), encoding)
}

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
    match resolved.map_err(|e| of_input(py, from_core(py, &e, reference.text), Input::Reference))? {
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

#[allow(clippy::inline_always)] // measured: its result is read where it is made, not copied
#[inline(always)]
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
