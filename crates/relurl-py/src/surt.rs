//! `relurl.surt`: the twin of `surt.surt` (the core's [`relurl::surt`]).

use pyo3::exceptions::{PyAttributeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use relurl::bindings::surt as keywords;
use relurl::surt::{Canonicalizer, Options, SurtError};

use super::errors::surt_error;

/// A keyword option of a `surt` call as given: absent (its default stays), or any object by
/// its truth value (`if surt:`), as surt reads it.
#[derive(Clone, Copy)]
pub(crate) enum Given {
    /// Not passed: the option keeps its default.
    Absent,
    /// Passed: the object's truth value.
    Value(bool),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Given {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        obj.is_truthy().map(Self::Value)
    }
}

impl Given {
    /// The core's reading: `None` when absent, else the truth value.
    const fn truth(self) -> Option<bool> {
        match self {
            Self::Absent => None,
            Self::Value(value) => Some(value),
        }
    }
}

/// `[$name, ...]`, the keyword parameters of `relurl.surt` as the core's
/// [`keywords::Given`]: the build fails unless they are the core's [`keywords::KEYWORDS`]'
/// names, all of them, in its order.
macro_rules! keywords {
    ($($name:ident),* $(,)?) => {{
        const _: () = assert!(keywords::are_keywords(&[$(stringify!($name)),*]), "relurl.surt's keyword parameters are not the core's KEYWORDS, in its order");
        let given: keywords::Given = [$($name.truth()),*];
        given
    }};
}

/// What to do instead of passing surt a canonicalizer object (a callable, a module, a list
/// of them): relurl names the canonicalizers it runs; docs/crawler.md says the same.
const NOT_CALLED: &str = "relurl does not call Python canonicalizers (surt calls canonicalizer(handyurl, **options)): \
name surt's own ('default' for DefaultIAURLCanonicalizer, 'google' for GoogleURLCanonicalizer, 'ia' for IAURLCanonicalizer); \
for none (surt's `lambda url, **options: url`), 'ia' with every IA option False (the docs' SURT section lists them); \
for one of your own, call surt.surt";

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
            return Err(PyTypeError::new_err(format!(
                "canonicalizer must be {}, not {type_name}: {NOT_CALLED}",
                keywords::canonicalizer_choices()
            )));
        };
        let name = name.to_cow()?;
        keywords::canonicalizer(&name).map(Self).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// The options of a `surt` call, as the core's [`Options`]: the defaults but for the
/// keywords `given` ([`keywords::apply_keywords`]).
pub(crate) fn options(py: Python<'_>, canonicalizer: Option<CanonicalizerArg>, given: &keywords::Given) -> Options {
    let options = Options {
        canonicalizer: canonicalizer.map_or(Canonicalizer::Default, |c| c.0),
        unicode: crate::idna::python_unicode(py),
        ..Options::default()
    };
    keywords::apply_keywords(options, given)
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
/// `"google"` (`GoogleURLCanonicalizer` alone) or `"ia"` (`IAURLCanonicalizer` alone); a
/// canonicalizer surt would call (a function, a module, a list) is a `TypeError` that says
/// what to do instead. The options are surt's keywords, read by truth value like surt: `surt` (True: the host
/// reversed, `com,example)`), `with_scheme` (False), `trailing_comma` (False),
/// `reverse_ipaddr` (True), `host_massage` (True: no `www.`), and the IA canonicalizer's
/// `host_lowercase`, `port_strip_default`, `path_strip_empty` (False), `path_lowercase`,
/// `path_strip_session_id`, `path_strip_trailing_slash_unless_empty`, `query_lowercase`,
/// `query_strip_session_id`, `query_strip_empty`, `query_alpha_reorder` (True unless
/// said); `auth_strip_user`, `auth_strip_pass` and `hash_strip` are accepted and change
/// nothing, as in surt. `public_suffix=True` raises surt's `TypeError` for a URL with a
/// host (surt hands tldextract `bytes`), and an unknown keyword `TypeError` (surt ignores it).
///
/// Hosts of digits and dots are read as glibc's `inet_aton` reads them, as surt's
/// `socket.gethostbyname_ex` does, but without any DNS lookup.
#[pyfunction]
// The defaults are the core's `KEYWORDS`' (`Given::Absent` keeps them); the text signature shows them
// (tests/test_surt_options.py compares it with `_SURT_OPTIONS`).
#[pyo3(signature = (url, canonicalizer = None, *, surt = Given::Absent, with_scheme = Given::Absent, trailing_comma = Given::Absent, reverse_ipaddr = Given::Absent, public_suffix = Given::Absent, host_lowercase = Given::Absent, host_massage = Given::Absent, auth_strip_user = Given::Absent, auth_strip_pass = Given::Absent, port_strip_default = Given::Absent, path_strip_empty = Given::Absent, path_lowercase = Given::Absent, path_strip_session_id = Given::Absent, path_strip_trailing_slash_unless_empty = Given::Absent, query_lowercase = Given::Absent, query_strip_session_id = Given::Absent, query_strip_empty = Given::Absent, query_alpha_reorder = Given::Absent, hash_strip = Given::Absent), text_signature = "(url, canonicalizer=None, *, surt=True, with_scheme=False, trailing_comma=False, reverse_ipaddr=True, public_suffix=False, host_lowercase=True, host_massage=True, auth_strip_user=True, auth_strip_pass=True, port_strip_default=True, path_strip_empty=False, path_lowercase=True, path_strip_session_id=True, path_strip_trailing_slash_unless_empty=True, query_lowercase=True, query_strip_session_id=True, query_strip_empty=True, query_alpha_reorder=True, hash_strip=True)")]
#[allow(clippy::too_many_arguments)]
pub fn surt<'py>(
    url: &Bound<'py, PyAny>,
    canonicalizer: Option<CanonicalizerArg>,
    surt: Given,
    with_scheme: Given,
    trailing_comma: Given,
    reverse_ipaddr: Given,
    public_suffix: Given,
    host_lowercase: Given,
    host_massage: Given,
    auth_strip_user: Given,
    auth_strip_pass: Given,
    port_strip_default: Given,
    path_strip_empty: Given,
    path_lowercase: Given,
    path_strip_session_id: Given,
    path_strip_trailing_slash_unless_empty: Given,
    query_lowercase: Given,
    query_strip_session_id: Given,
    query_strip_empty: Given,
    query_alpha_reorder: Given,
    hash_strip: Given,
) -> PyResult<Bound<'py, PyAny>> {
    let py = url.py();
    let given = keywords![
        surt,
        with_scheme,
        trailing_comma,
        reverse_ipaddr,
        public_suffix,
        host_lowercase,
        host_massage,
        auth_strip_user,
        auth_strip_pass,
        port_strip_default,
        path_strip_empty,
        path_lowercase,
        path_strip_session_id,
        path_strip_trailing_slash_unless_empty,
        query_lowercase,
        query_strip_session_id,
        query_strip_empty,
        query_alpha_reorder,
        hash_strip,
    ];
    let options = options(py, canonicalizer, &given);
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
        return Ok(PyString::new(py, keywords::NO_URL_KEY).into_any());
    }
    let type_name = url.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
    Err(PyAttributeError::new_err(format!("'{type_name}' object has no attribute 'encode'")))
}

/// `key(options)`, the core's key of a URL, under the running Python's
/// `sys.get_int_max_str_digits()` (read only where a host or port has more digits than
/// every Python reads: [`crate::int_limit::with_int_limit`]).
fn with_int_limit<T>(py: Python<'_>, options: Options, key: impl Fn(&Options) -> Result<T, SurtError>) -> PyResult<T> {
    let run = |limit| key(&Options { int_max_str_digits: limit, ..options });
    crate::int_limit::with_int_limit(py, run, |e| matches!(e, SurtError::TooManyDigits(_)))?.map_err(|e| surt_error(&e))
}
