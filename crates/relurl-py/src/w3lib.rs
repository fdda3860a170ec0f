//! `relurl.canonicalize_url`: the core's twin of `w3lib.url.canonicalize_url`
//! ([`relurl::w3lib`]); this module only converts the arguments and the errors.

use std::borrow::Cow;
use std::sync::{Mutex, OnceLock};

use std::sync::Arc;

use pyo3::exceptions::{PyLookupError, PyTypeError, PyUnicodeEncodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use relurl::urllib::Schemes;

use super::arguments::Truth;
use super::batch::{escapes, Escaped};
use super::convert::page_text;
use super::errors::{nfkc_error, w3lib_error};
use relurl::w3lib::{Codec, CodecError, CodecFailure, Encoding, Options, W3libError};

/// urllib's scheme lists of the running Python, which w3lib reads.
pub(crate) fn schemes(py: Python<'_>) -> &'static Schemes {
    static SCHEMES: OnceLock<Schemes> = OnceLock::new();
    SCHEMES.get_or_init(|| {
        let v = py.version_info();
        Schemes::for_python(v.major, v.minor)
    })
}

/// The `encoding` argument: one the core has built in (by Python's codec registry, so
/// aliases are Python's: `codecs.lookup(name).name`), or CPython's codec of that name, which
/// the core asks through [`PyCodec`] (an unknown name included: its `LookupError` comes where
/// w3lib's does).
#[derive(Clone)]
pub(crate) enum Chosen {
    /// UTF-8, Latin-1 or ASCII.
    BuiltIn(Encoding<'static>),
    /// Any other codec (shared with the cache of names seen).
    Python(Arc<PyCodec>),
}

impl Chosen {
    /// The core's [`Encoding`].
    pub(crate) fn encoding(&self) -> Encoding<'_> {
        match self {
            Self::BuiltIn(encoding) => *encoding,
            Self::Python(codec) => Encoding::Codec(&**codec),
        }
    }
}

/// The encoding named `name` (`None`: w3lib's default, `"utf8"`). An empty name is a name
/// Python's codec registry does not know (w3lib's `str.encode("")` raises `LookupError`);
/// `canonicalize_url`, which reads `encoding or "utf8"`, passes `None` for it.
pub(crate) fn chosen(py: Python<'_>, name: Option<&str>) -> PyResult<Chosen> {
    // What a name was found to be, kept (as Python's codec registry keeps its lookups): the
    // codec's probe costs more than most calls. A few hundred names at most.
    static SEEN: Mutex<Vec<(String, Chosen)>> = Mutex::new(Vec::new());
    let name = match name {
        None | Some("utf8" | "utf-8") => return Ok(Chosen::BuiltIn(Encoding::Utf8)),
        Some(name) => name,
    };
    let seen = SEEN.lock().ok().and_then(|seen| seen.iter().find(|(n, _)| n == name).map(|(_, chosen)| chosen.clone()));
    if let Some(chosen) = seen {
        return Ok(chosen);
    }
    let chosen = look_up(py, name)?;
    if let Ok(mut seen) = SEEN.lock() {
        if seen.len() >= 256 {
            seen.clear();
        }
        seen.push((name.to_owned(), chosen.clone()));
    }
    Ok(chosen)
}

/// [`chosen`] of a name not seen yet: by Python's codec registry.
fn look_up(py: Python<'_>, name: &str) -> PyResult<Chosen> {
    let normalized = match py.import("codecs")?.call_method1("lookup", (name,)) {
        Ok(info) => info.getattr("name")?.extract::<String>()?,
        Err(e) if e.is_instance_of::<PyLookupError>(py) => String::new(),
        Err(e) => return Err(e),
    };
    Ok(match normalized.as_str() {
        "utf-8" => Chosen::BuiltIn(Encoding::Utf8),
        "iso8859-1" => Chosen::BuiltIn(Encoding::Latin1),
        "ascii" => Chosen::BuiltIn(Encoding::Ascii),
        _ => Chosen::Python(Arc::new(PyCodec::new(py, name)?)),
    })
}

/// The error handler [`PyCodec`] decodes with: w3lib's `percentencode`, under its name (which
/// some codecs' messages repeat). w3lib registers it when imported; relurl registers its own
/// (the same bytes as `%HH`) when there is none yet.
const PERCENTENCODE: &str = "percentencode";

/// w3lib's `percentencode` error handler: the bytes `error` could not decode as `%HH`
/// ([`relurl::w3lib::percent_encode_undecodable`]), and where to go on.
#[pyfunction]
fn percentencode(error: &Bound<'_, PyAny>) -> PyResult<(String, usize)> {
    let object = error.getattr("object")?;
    let (start, end): (usize, usize) = (error.getattr("start")?.extract()?, error.getattr("end")?.extract()?);
    let bytes = object.cast::<PyBytes>()?.as_bytes();
    let undecodable = bytes.get(start..end).ok_or_else(|| PyValueError::new_err("percentencode: a range outside the bytes"))?;
    Ok((relurl::w3lib::percent_encode_undecodable(undecodable), end))
}

/// CPython's codec `name` as the core's [`Codec`]: `str.encode(name)` and
/// `bytes.decode(name, "percentencode")`, with the GIL (taken on the thread that asks).
#[derive(Debug)]
pub(crate) struct PyCodec {
    /// The name as the caller wrote it (Python's messages repeat it).
    name: String,
    /// [`Codec::ascii_compatible`], asked of the codec once.
    ascii_compatible: bool,
    /// An exception that is not an `Exception`, raised by the codec during a batch.
    escaped: Arc<Escaped>,
}

impl PyCodec {
    /// The codec `name`; registers [`PERCENTENCODE`] the first time.
    fn new(py: Python<'_>, name: &str) -> PyResult<Self> {
        static REGISTERED: OnceLock<()> = OnceLock::new();
        if REGISTERED.get().is_none() {
            let codecs = py.import("codecs")?;
            if codecs.call_method1("lookup_error", (PERCENTENCODE,)).is_err() {
                codecs.call_method1("register_error", (PERCENTENCODE, wrap_pyfunction!(percentencode, py)?))?;
            }
            let _ = REGISTERED.set(());
        }
        // ASCII text and bytes both ways unchanged (and "" to b""), and the shift sequences
        // of Python's stateful codecs (ISO-2022's escapes, SO and SI, HZ's `~{`, UTF-7's `+`)
        // and the escapes of `raw_unicode_escape` decoded as they are; a codec that fails here (unknown, not a text encoding,
        // stateful) is asked for every text.
        let ascii: Vec<u8> = (0..128).collect();
        let text = PyString::new(py, std::str::from_utf8(&ascii).unwrap_or_default());
        let shifts: &[u8] = b"\x1b$B!!\x1b(B\x1b$A!!\x1b(B\x1b$(C!!\x1b(B\x1b$)C\x0e!!\x0f~{!!~}+AGE-\\u0041\\x41\\101";
        let decodes_as_is = |bytes: &[u8]| -> PyResult<bool> {
            let decoded = PyBytes::new(py, bytes).call_method1("decode", (name,))?;
            Ok(decoded.cast::<PyString>().is_ok_and(|d| d.to_str().is_ok_and(|d| d.as_bytes() == bytes)))
        };
        let round_trip = || -> PyResult<bool> {
            let encoded = text.call_method1("encode", (name,))?;
            let empty = PyString::new(py, "").call_method1("encode", (name,))?;
            Ok(encoded.cast::<PyBytes>().is_ok_and(|b| b.as_bytes() == ascii)
                && empty.cast::<PyBytes>().is_ok_and(|b| b.as_bytes().is_empty())
                && decodes_as_is(&ascii)?
                && decodes_as_is(shifts)?)
        };
        // A codec that fails the check is asked for every text; an exception that is not an
        // `Exception` (Ctrl-C's `KeyboardInterrupt` in a codec written in Python) is raised.
        let ascii_compatible = match round_trip() {
            Ok(compatible) => compatible,
            Err(e) if escapes(py, &e) => return Err(e),
            Err(_) => false,
        };
        Ok(Self { name: name.to_owned(), ascii_compatible, escaped: Arc::default() })
    }

    /// A Python exception as the core's [`CodecError`]: `UnicodeEncodeError` is text the
    /// codec cannot encode.
    fn error(&self, py: Python<'_>, error: PyErr) -> CodecError {
        self.escaped.keep(py, &error);
        if error.is_instance_of::<PyUnicodeEncodeError>(py) {
            CodecError::Unencodable
        } else {
            CodecError::Failed(CodecFailure(Arc::new(error)))
        }
    }
}

impl Codec for PyCodec {
    fn encode(&self, text: &str) -> Result<Vec<u8>, CodecError> {
        Python::attach(|py| {
            let encoded = PyString::new(py, text).call_method1("encode", (&self.name,)).map_err(|e| self.error(py, e))?;
            Ok(encoded.cast::<PyBytes>().map_err(|e| self.error(py, e.into()))?.as_bytes().to_vec())
        })
    }

    fn decode(&self, data: &[u8]) -> Result<String, CodecError> {
        Python::attach(|py| {
            let decoded = PyBytes::new(py, data).call_method1("decode", (&self.name, PERCENTENCODE)).map_err(|e| self.error(py, e))?;
            let decoded = decoded.cast_into::<PyString>().map_err(|e| self.error(py, e.into()))?;
            // Text with a lone surrogate (`utf-7` decodes one) fails to encode in UTF-8 in
            // w3lib's next step; so w3lib starts again in UTF-8.
            decoded.to_str().map(str::to_owned).map_err(|_| CodecError::Unencodable)
        })
    }

    fn ascii_compatible(&self) -> bool {
        self.ascii_compatible
    }
}

/// The `query_separator` argument: a `str`, as text, or the `UnicodeEncodeError` of a `str`
/// that does not encode in UTF-8 (a lone surrogate), which w3lib raises only where it uses
/// the separator.
pub(crate) struct Separator(Result<Cow<'static, str>, PyErr>);

impl Separator {
    /// w3lib's default, `'&'`.
    pub(crate) fn ampersand() -> Self {
        Self(Ok(Cow::Borrowed("&")))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Separator {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let Ok(separator) = obj.cast::<PyString>() else {
            let type_name = obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!("query_separator must be a str, not {type_name}")));
        };
        Ok(Self(separator.to_str().map(|s| Cow::Owned(s.to_owned()))))
    }
}

/// The arguments of a call after the URL, held for the core's [`Options`] to borrow.
pub(crate) struct Arguments {
    keep_blank_values: bool,
    keep_fragments: bool,
    chosen: Chosen,
    /// The separator, or "" when it does not encode in UTF-8 (a lone surrogate): the core
    /// refuses an empty separator where w3lib encodes it (only for a URL with a query), and
    /// [`Arguments::error`] then raises the separator's own `UnicodeEncodeError`, as w3lib.
    separator: Cow<'static, str>,
    /// The separator's `UnicodeEncodeError`.
    separator_error: Option<PyErr>,
}

impl Arguments {
    /// The arguments of `canonicalize_url`.
    pub(crate) fn new(
        py: Python<'_>,
        keep_blank_values: bool,
        keep_fragments: bool,
        encoding: Option<&str>,
        query_separator: Separator,
    ) -> PyResult<Self> {
        let (separator, separator_error) = match query_separator.0 {
            Ok(separator) => (separator, None),
            Err(error) => (Cow::Borrowed(""), Some(error)),
        };
        // w3lib's `encoding or "utf8"`: an empty name is UTF-8 here.
        let encoding = encoding.filter(|name| !name.is_empty());
        Ok(Self { keep_blank_values, keep_fragments, chosen: chosen(py, encoding)?, separator, separator_error })
    }

    /// The core's options, the scheme lists and the Unicode version of this Python included.
    pub(crate) fn options(&self, py: Python<'_>) -> Options<'_> {
        Options {
            keep_blank_values: self.keep_blank_values,
            keep_fragments: self.keep_fragments,
            encoding: self.chosen.encoding(),
            query_separator: &self.separator,
            schemes: Cow::Borrowed(schemes(py)),
            unicode: crate::idna::python_unicode(py),
            // A batch reads the running Python's limit once; a single call through
            // [`with_int_limit`].
            int_max_str_digits: relurl::int_limit::DEFAULT,
        }
    }

    /// Where the codec (one written in Python) keeps an exception that is not an `Exception`
    /// ([`Escaped`]); `None` for an encoding the core has.
    pub(crate) fn escaped(&self) -> Option<Arc<Escaped>> {
        match &self.chosen {
            Chosen::Python(codec) => Some(codec.escaped.clone()),
            Chosen::BuiltIn(_) => None,
        }
    }

    /// A core error as the exception w3lib raises.
    pub(crate) fn error(&self, err: &W3libError) -> PyErr {
        match (err, &self.separator_error) {
            (W3libError::EmptySeparator, Some(error)) => Python::attach(|py| error.clone_ref(py)),
            _ => w3lib_error(err),
        }
    }
}

/// `canonicalize(options)` under the running Python's `sys.get_int_max_str_digits()` (read
/// only for a port of more digits than every Python reads: [`crate::int_limit`]).
fn with_int_limit<T>(
    py: Python<'_>,
    options: &Options<'_>,
    canonicalize: impl Fn(&Options<'_>) -> Result<T, W3libError>,
) -> PyResult<Result<T, W3libError>> {
    let run = |limit| canonicalize(&Options { int_max_str_digits: limit, ..options.clone() });
    crate::int_limit::with_int_limit(py, run, |e| matches!(e, W3libError::TooManyDigits(_)))
}

/// `w3lib.url.canonicalize_url(url, keep_blank_values, keep_fragments, encoding, *,
/// query_separator)` for a `str` or `bytes` URL.
#[pyfunction]
#[pyo3(
    signature = (url, keep_blank_values = Truth(true), keep_fragments = Truth(false), encoding = None, *, query_separator = Separator::ampersand()),
    text_signature = "(url, keep_blank_values=True, keep_fragments=False, encoding=None, *, query_separator='&')"
)]
pub fn canonicalize_url(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    keep_blank_values: Truth,
    keep_fragments: Truth,
    encoding: Option<&str>,
    query_separator: Separator,
) -> PyResult<String> {
    let arguments = Arguments::new(py, keep_blank_values.0, keep_fragments.0, encoding, query_separator)?;
    let options = arguments.options(py);
    let error = |e: W3libError| arguments.error(&e);
    if let Ok(s) = url.cast::<PyString>() {
        match s.to_str() {
            Ok(text) => with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_url(text, o))?.map_err(error),
            Err(encode_error) => {
                let lossy = page_text(s)?;
                let canonical = with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_url(&lossy, o))?;
                unencodable(encode_error, canonical, |netloc| same_code_points(s, &lossy, netloc))
            }
        }
    } else if let Ok(b) = url.cast::<PyBytes>() {
        with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_url_bytes(b.as_bytes(), o))?.map_err(error)
    } else if url.is_instance(&parse_result(py)?)? {
        // w3lib: `url = _urlunparse(*url)`, then the str URL's path.
        let fields: Vec<Bound<'_, PyString>> = (0..6).map(|i| field(url, i)).collect::<PyResult<_>>()?;
        let texts: Vec<Result<&str, PyErr>> = fields.iter().map(|f| f.to_str()).collect();
        if let Some(Err(encode_error)) = texts.iter().find(|t| t.is_err()) {
            let lossy: Vec<Cow<'_, str>> = fields.iter().map(page_text).collect::<PyResult<_>>()?;
            let lossy: [&str; 6] = core::array::from_fn(|i| lossy[i].as_ref());
            let encode_error = encode_error.clone_ref(py);
            let canonical = with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_parsed(lossy, o))?;
            // The net_loc field, when it is the net_loc the split found.
            let netloc_field = |netloc: &str| (lossy[1] == netloc).then(|| fields[1].clone());
            return unencodable(encode_error, canonical, netloc_field);
        }
        let texts: [&str; 6] = core::array::from_fn(|i| texts[i].as_ref().map_or("", |t| t));
        with_int_limit(py, &options, |o| relurl::w3lib::canonicalize_parsed(texts, o))?.map_err(error)
    } else {
        Err(PyTypeError::new_err(format!("to_unicode must receive bytes or str, got {}", url.get_type().name()?)))
    }
}

/// A URL with a lone surrogate: w3lib fails to encode it (`UnicodeEncodeError`,
/// `encode_error`) wherever it is, unless it raised `ValueError` first (a bad port or host),
/// which `canonical` (the answer for the URL with U+FFFD in the surrogate's place) tells (no
/// check of w3lib sees the difference). Only a `ValueError` of the split counts: the separator is used
/// after the encoding, so it is not the cause.
///
/// The NFKC check's message shows the net_loc with its surrogates: `original_netloc` gives
/// the caller's text of the net_loc the core found in the text with U+FFFD in their place (or
/// `None`, and the message shows that text).
pub(crate) fn unencodable<'py>(
    encode_error: PyErr,
    canonical: Result<String, W3libError>,
    original_netloc: impl FnOnce(&str) -> Option<Bound<'py, PyString>>,
) -> PyResult<String> {
    match canonical {
        Err(W3libError::NfkcNetloc(netloc)) => match original_netloc(&netloc) {
            Some(original) => Err(nfkc_error(&original)),
            None => Err(w3lib_error(&W3libError::NfkcNetloc(netloc))),
        },
        Err(e @ (W3libError::Value(_) | W3libError::TooManyDigits(_))) => Err(w3lib_error(&e)),
        _ => Err(encode_error),
    }
}

/// The part of `original` (a `str` with lone surrogates) that is `part` in `lossy` (its text
/// with one U+FFFD for each surrogate, [`page_text`]: the same code points): found at
/// its first place, which for a net_loc (non-ASCII: the NFKC check reads no other) is after
/// the ASCII scheme and `//`.
pub(crate) fn same_code_points<'py>(original: &Bound<'py, PyString>, lossy: &str, part: &str) -> Option<Bound<'py, PyString>> {
    let at = lossy.find(part)?;
    let start = lossy[..at].chars().count();
    let end = start + part.chars().count();
    let slice = pyo3::types::PySlice::new(original.py(), isize::try_from(start).ok()?, isize::try_from(end).ok()?, 1);
    original.get_item(slice).ok()?.cast_into::<PyString>().ok()
}

/// `urllib.parse.ParseResult`.
fn parse_result(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py.import("urllib.parse")?.getattr("ParseResult")
}

/// Field `index` of a `ParseResult`, which must be a `str` (w3lib's `_urlunparse` joins them
/// as text; relurl refuses other types rather than guess what their f-string would be).
fn field<'py>(url: &Bound<'py, PyAny>, index: usize) -> PyResult<Bound<'py, PyString>> {
    let value = url.get_item(index)?;
    value.cast_into::<PyString>().map_err(|e| {
        PyTypeError::new_err(format!(
            "relurl.canonicalize_url needs a ParseResult of str fields; field {index} is {}",
            e.into_inner().get_type()
        ))
    })
}
