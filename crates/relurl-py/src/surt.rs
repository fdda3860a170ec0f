//! `relurl.surt`: the twin of `surt.surt` (the core's [`relurl::surt`]).

use pyo3::exceptions::{PyAttributeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use relurl::surt::{Canonicalizer, IaOptions, Options, SurtError};

/// An option as surt reads it: any object, by its truth value (`if surt:`).
#[derive(Clone, Copy)]
pub(crate) struct Flag(pub(crate) bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        obj.is_truthy().map(Self)
    }
}

/// The `canonicalizer` argument: `None` or `"default"` (surt's
/// `DefaultIAURLCanonicalizer`), `"google"` (`GoogleURLCanonicalizer`), `"ia"`
/// (`IAURLCanonicalizer`).
#[derive(Clone, Copy)]
pub(crate) struct CanonicalizerArg(pub(crate) Canonicalizer);

impl<'a, 'py> FromPyObject<'a, 'py> for CanonicalizerArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let Ok(name) = obj.cast::<PyString>() else {
            let type_name = obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!("canonicalizer must be None or one of 'default', 'google', 'ia', not {type_name}")));
        };
        match &*name.to_cow()? {
            "default" => Ok(Self(Canonicalizer::Default)),
            "google" => Ok(Self(Canonicalizer::Google)),
            "ia" => Ok(Self(Canonicalizer::Ia)),
            other => Err(PyValueError::new_err(format!("canonicalizer must be None or one of 'default', 'google', 'ia', not {other:?}"))),
        }
    }
}

/// The Python exception surt raises for `error`.
pub(crate) fn surt_error(error: &SurtError) -> PyErr {
    match error {
        SurtError::NoScheme => PyAttributeError::new_err(error.to_string()),
        // `Decode` is Python's `UnicodeDecodeError` (a `ValueError`), which no input has been
        // seen to reach (`relurl::surt::surt_str`).
        SurtError::Port(_) | SurtError::TooManyDigits { .. } | SurtError::Decode { .. } => PyValueError::new_err(error.to_string()),
    }
}

/// The options of a `surt` call, as the core's [`Options`]; `public_suffix=True` refused.
#[allow(clippy::fn_params_excessive_bools, clippy::too_many_arguments)]
pub(crate) fn options(
    py: Python<'_>,
    canonicalizer: Option<CanonicalizerArg>,
    surt: Flag,
    with_scheme: Flag,
    trailing_comma: Flag,
    reverse_ipaddr: Flag,
    public_suffix: Flag,
    ia: IaOptions,
) -> PyResult<Options> {
    if public_suffix.0 {
        return Err(PyValueError::new_err(
            "public_suffix=True needs the Public Suffix List (surt reads it with tldextract, which downloads it); relurl.surt does not offer it",
        ));
    }
    Ok(Options {
        canonicalizer: canonicalizer.map_or(Canonicalizer::Default, |c| c.0),
        surt: surt.0,
        with_scheme: with_scheme.0,
        trailing_comma: trailing_comma.0,
        reverse_ipaddr: reverse_ipaddr.0,
        ia,
        int_max_str_digits: Options::default().int_max_str_digits,
        unicode: crate::idna::python_unicode(py),
    })
}

/// `surt.surt(url, canonicalizer=None, **options)` exactly (the Internet Archive's surt
/// package, version 0.3.1): the SURT key web archives index by.
///
/// `relurl.surt("http://www.Example.com:80/a/./b/../c?b=1&a=2#f")` is
/// `"com,example)/a/c?a=2&b=1"`, as pywb's `surt.surt(url)` gives it. str in, str out;
/// bytes in, bytes out; `None` or `""` gives `"-"`; a URL starting with `filedesc` is
/// returned as it is. The same exceptions as surt: `ValueError` for a port urllib refuses
/// (or a host of more digits than `sys.get_int_max_str_digits()`), `AttributeError` for a
/// blank URL.
///
/// `canonicalizer`: `None` or `"default"` (surt's `DefaultIAURLCanonicalizer`),
/// `"google"` (`GoogleURLCanonicalizer` alone) or `"ia"` (`IAURLCanonicalizer` alone).
/// The options are surt's keywords, read by truth value like surt: `surt` (True: the host
/// reversed, `com,example)`), `with_scheme` (False), `trailing_comma` (False),
/// `reverse_ipaddr` (True), `host_massage` (True: no `www.`), and the IA canonicalizer's
/// `host_lowercase`, `port_strip_default`, `path_strip_empty` (False), `path_lowercase`,
/// `path_strip_session_id`, `path_strip_trailing_slash_unless_empty`, `query_lowercase`,
/// `query_strip_session_id`, `query_strip_empty`, `query_alpha_reorder` (True unless
/// said); `auth_strip_user`, `auth_strip_pass` and `hash_strip` are accepted and change
/// nothing, as in surt. `public_suffix=True` (which needs the Public Suffix List) raises
/// `ValueError`, and an unknown keyword `TypeError` (surt ignores it).
///
/// Hosts of digits and dots are read as glibc's `inet_aton` reads them, as surt's
/// `socket.gethostbyname_ex` does, but without any DNS lookup.
#[pyfunction]
#[pyo3(signature = (
    url, canonicalizer = None, *, surt = Flag(true), with_scheme = Flag(false), trailing_comma = Flag(false),
    reverse_ipaddr = Flag(true), public_suffix = Flag(false), host_lowercase = Flag(true), host_massage = Flag(true),
    auth_strip_user = Flag(true), auth_strip_pass = Flag(true), port_strip_default = Flag(true),
    path_strip_empty = Flag(false), path_lowercase = Flag(true), path_strip_session_id = Flag(true),
    path_strip_trailing_slash_unless_empty = Flag(true), query_lowercase = Flag(true),
    query_strip_session_id = Flag(true), query_strip_empty = Flag(true), query_alpha_reorder = Flag(true),
    hash_strip = Flag(true)
), text_signature = "(url, canonicalizer=None, *, surt=True, with_scheme=False, trailing_comma=False, reverse_ipaddr=True, public_suffix=False, host_lowercase=True, host_massage=True, auth_strip_user=True, auth_strip_pass=True, port_strip_default=True, path_strip_empty=False, path_lowercase=True, path_strip_session_id=True, path_strip_trailing_slash_unless_empty=True, query_lowercase=True, query_strip_session_id=True, query_strip_empty=True, query_alpha_reorder=True, hash_strip=True)")]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools, unused_variables)]
pub fn surt<'py>(
    url: &Bound<'py, PyAny>,
    canonicalizer: Option<CanonicalizerArg>,
    surt: Flag,
    with_scheme: Flag,
    trailing_comma: Flag,
    reverse_ipaddr: Flag,
    public_suffix: Flag,
    host_lowercase: Flag,
    host_massage: Flag,
    auth_strip_user: Flag,
    auth_strip_pass: Flag,
    port_strip_default: Flag,
    path_strip_empty: Flag,
    path_lowercase: Flag,
    path_strip_session_id: Flag,
    path_strip_trailing_slash_unless_empty: Flag,
    query_lowercase: Flag,
    query_strip_session_id: Flag,
    query_strip_empty: Flag,
    query_alpha_reorder: Flag,
    hash_strip: Flag,
) -> PyResult<Bound<'py, PyAny>> {
    let py = url.py();
    let ia = IaOptions {
        host_lowercase: host_lowercase.0,
        host_massage: host_massage.0,
        port_strip_default: port_strip_default.0,
        path_strip_empty: path_strip_empty.0,
        path_lowercase: path_lowercase.0,
        path_strip_session_id: path_strip_session_id.0,
        path_strip_trailing_slash_unless_empty: path_strip_trailing_slash_unless_empty.0,
        query_lowercase: query_lowercase.0,
        query_strip_session_id: query_strip_session_id.0,
        query_strip_empty: query_strip_empty.0,
        query_alpha_reorder: query_alpha_reorder.0,
    };
    let options = options(py, canonicalizer, surt, with_scheme, trailing_comma, reverse_ipaddr, public_suffix, ia)?;
    if let Ok(text) = url.cast::<PyString>() {
        let text = text.to_str()?;
        let key = with_int_limit(py, options, |options| relurl::surt::surt_str(text, options))?;
        return Ok(PyString::new(py, &key).into_any());
    }
    if let Ok(bytes) = url.cast::<PyBytes>() {
        let key = with_int_limit(py, options, |options| relurl::surt::surt(bytes.as_bytes(), options))?;
        return Ok(PyBytes::new(py, &key).into_any());
    }
    if url.is_none() {
        // surt.surt(None) is "-", as for an empty URL.
        return Ok(PyString::new(py, "-").into_any());
    }
    let type_name = url.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
    Err(PyAttributeError::new_err(format!("'{type_name}' object has no attribute 'encode'")))
}

/// `key(options)`, the core's key of a URL. Where it finds more digits than Python reads by
/// default, the running Python's `sys.get_int_max_str_digits()` decides (read only then).
fn with_int_limit<T>(py: Python<'_>, mut options: Options, key: impl Fn(&Options) -> Result<T, SurtError>) -> PyResult<T> {
    match key(&options) {
        Err(SurtError::TooManyDigits { .. }) => {
            options.int_max_str_digits = int_max_str_digits(py)?;
            key(&options).map_err(|e| surt_error(&e))
        }
        result => result.map_err(|e| surt_error(&e)),
    }
}

/// The running Python's `sys.get_int_max_str_digits()`.
pub(crate) fn int_max_str_digits(py: Python<'_>) -> PyResult<usize> {
    py.import("sys")?.call_method0("get_int_max_str_digits")?.extract()
}
