//! `relurl.surt`: the twin of `surt.surt` (the core's [`relurl::surt`]).

use pyo3::exceptions::{PyAttributeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
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

/// What a keyword option of surt does.
#[derive(Clone, Copy)]
enum Effect {
    /// Sets a field of the core's [`Options`]; its default is the core's
    /// ([`Options::default`]).
    Field(fn(&mut Options) -> &mut bool),
    /// Accepted and changes nothing, as in surt (`auth_strip_user`, `auth_strip_pass`,
    /// `hash_strip`); surt's default.
    Ignored(bool),
    /// `public_suffix` (default false): true needs the Public Suffix List and is refused.
    PublicSuffix,
}

/// surt's keyword options, in the order of `relurl.surt`'s signature: the one list of their
/// names, of the fields they set and of their defaults, read by `relurl.surt`,
/// `relurl.arrow.surt`'s `**options` and `_relurl._SURT_OPTIONS` (which tests compare with
/// `relurl.surt`'s signature and the stub).
const KEYWORDS: [(&str, Effect); 19] = [
    ("surt", Effect::Field(|o| &mut o.surt)),
    ("with_scheme", Effect::Field(|o| &mut o.with_scheme)),
    ("trailing_comma", Effect::Field(|o| &mut o.trailing_comma)),
    ("reverse_ipaddr", Effect::Field(|o| &mut o.reverse_ipaddr)),
    ("public_suffix", Effect::PublicSuffix),
    ("host_lowercase", Effect::Field(|o| &mut o.ia.host_lowercase)),
    ("host_massage", Effect::Field(|o| &mut o.ia.host_massage)),
    ("auth_strip_user", Effect::Ignored(true)),
    ("auth_strip_pass", Effect::Ignored(true)),
    ("port_strip_default", Effect::Field(|o| &mut o.ia.port_strip_default)),
    ("path_strip_empty", Effect::Field(|o| &mut o.ia.path_strip_empty)),
    ("path_lowercase", Effect::Field(|o| &mut o.ia.path_lowercase)),
    ("path_strip_session_id", Effect::Field(|o| &mut o.ia.path_strip_session_id)),
    ("path_strip_trailing_slash_unless_empty", Effect::Field(|o| &mut o.ia.path_strip_trailing_slash_unless_empty)),
    ("query_lowercase", Effect::Field(|o| &mut o.ia.query_lowercase)),
    ("query_strip_session_id", Effect::Field(|o| &mut o.ia.query_strip_session_id)),
    ("query_strip_empty", Effect::Field(|o| &mut o.ia.query_strip_empty)),
    ("query_alpha_reorder", Effect::Field(|o| &mut o.ia.query_alpha_reorder)),
    ("hash_strip", Effect::Ignored(true)),
];

/// The keyword options given to a `surt` call, in [`KEYWORDS`]' order.
pub(crate) type Keywords = [Given; KEYWORDS.len()];

/// No keyword option given.
pub(crate) const NONE_GIVEN: Keywords = [Given::Absent; KEYWORDS.len()];

/// Whether `names` are [`KEYWORDS`]' names, in its order (for the build's check in
/// `keywords!`).
const fn are_keywords(names: &[&str]) -> bool {
    if names.len() != KEYWORDS.len() {
        return false;
    }
    let mut i = 0;
    while i < names.len() {
        let (name, known) = (names[i].as_bytes(), KEYWORDS[i].0.as_bytes());
        if name.len() != known.len() {
            return false;
        }
        let mut j = 0;
        while j < name.len() {
            if name[j] != known[j] {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// `[$name, ...]`, the keyword parameters of `relurl.surt` as [`Keywords`]: the build fails
/// unless they are [`KEYWORDS`]' names, all of them, in its order.
macro_rules! keywords {
    ($($name:ident),* $(,)?) => {{
        const _: () = assert!(are_keywords(&[$(stringify!($name)),*]), "relurl.surt's keyword parameters are not KEYWORDS, in its order");
        let given: Keywords = [$($name),*];
        given
    }};
}

/// The index in [`KEYWORDS`] (and [`Keywords`]) of the option `name`.
pub(crate) fn keyword_index(name: &str) -> Option<usize> {
    KEYWORDS.iter().position(|(known, _)| *known == name)
}

/// `_relurl._SURT_OPTIONS`: each keyword option's name and default, in [`KEYWORDS`]' order.
pub(crate) fn keyword_defaults() -> Vec<(&'static str, bool)> {
    let mut defaults = Options::default();
    KEYWORDS
        .iter()
        .map(|&(name, effect)| match effect {
            Effect::Field(field) => (name, *field(&mut defaults)),
            Effect::Ignored(default) => (name, default),
            Effect::PublicSuffix => (name, false),
        })
        .collect()
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
                "canonicalizer must be None or one of 'default', 'google', 'ia', not {type_name}: {NOT_CALLED}"
            )));
        };
        match &*name.to_cow()? {
            "default" => Ok(Self(Canonicalizer::Default)),
            "google" => Ok(Self(Canonicalizer::Google)),
            "ia" => Ok(Self(Canonicalizer::Ia)),
            other => Err(PyValueError::new_err(format!("canonicalizer must be None or one of 'default', 'google', 'ia', not {other:?}"))),
        }
    }
}

/// The options of a `surt` call, as the core's [`Options`]: the defaults but for the
/// keywords `given`; `public_suffix=True` refused.
pub(crate) fn options(py: Python<'_>, canonicalizer: Option<CanonicalizerArg>, given: &Keywords) -> PyResult<Options> {
    let mut options = Options {
        canonicalizer: canonicalizer.map_or(Canonicalizer::Default, |c| c.0),
        unicode: crate::idna::python_unicode(py),
        ..Options::default()
    };
    for (&(_, effect), &given) in KEYWORDS.iter().zip(given) {
        let Given::Value(value) = given else { continue };
        match effect {
            Effect::Field(field) => *field(&mut options) = value,
            Effect::PublicSuffix if value => {
                return Err(PyValueError::new_err(
                    "public_suffix=True needs the Public Suffix List (surt reads it with tldextract, which downloads it); relurl.surt does not offer it",
                ))
            }
            Effect::Ignored(_) | Effect::PublicSuffix => {}
        }
    }
    Ok(options)
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
/// nothing, as in surt. `public_suffix=True` (which needs the Public Suffix List) raises
/// `ValueError`, and an unknown keyword `TypeError` (surt ignores it).
///
/// Hosts of digits and dots are read as glibc's `inet_aton` reads them, as surt's
/// `socket.gethostbyname_ex` does, but without any DNS lookup.
#[pyfunction]
// The defaults are `KEYWORDS`' (`Given::Absent` keeps them); the text signature shows them
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
    let options = options(py, canonicalizer, &given)?;
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

/// `key(options)`, the core's key of a URL, under the running Python's
/// `sys.get_int_max_str_digits()` (read only where a host or port has more digits than
/// every Python reads: [`crate::int_limit::with_int_limit`]).
fn with_int_limit<T>(py: Python<'_>, options: Options, key: impl Fn(&Options) -> Result<T, SurtError>) -> PyResult<T> {
    let run = |limit| key(&Options { int_max_str_digits: limit, ..options });
    crate::int_limit::with_int_limit(py, run, |e| matches!(e, SurtError::TooManyDigits(_)))?.map_err(|e| surt_error(&e))
}
