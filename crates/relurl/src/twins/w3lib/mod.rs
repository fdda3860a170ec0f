//! Twins of w3lib's `canonicalize_url` (`w3lib.url.canonicalize_url` of w3lib 2.5.0, the
//! key Scrapy's request fingerprints are made of) and `safe_url_string`: the same answer, or the same error, for
//! every URL.
//!
//! Its pieces, each named after the w3lib function it reproduces:
//! - `split.rs`: `_strip` and w3lib's own splitter `_urlsplit` (with its checks); w3lib 2.5
//!   does not call `urllib.parse` to split, so neither does this twin;
//! - `safe_url_split` below: `_safe_url_split`, which re-encodes the user info, the host
//!   (IDNA 2003 by [`crate::idna2003`], after the NFKC of the running Python, falling back
//!   to the host as it is when the codec fails), the port, the path, query and fragment;
//! - `safe_url_string.rs`: `safe_url_string` ([`safe_url_string_into`]), the same
//!   `_safe_url_split` joined back by `_urlunsplit`, with `path_encoding` and `quote_path`;
//! - `quote.rs`: `_quote`, `_unquote`, `_parse_qsl`, `_urlencode`, `_unquotepath`,
//!   `_remove_dot_segments`;
//! - `fast.rs`: the common case (no control or space, a plain ASCII host, if any) in one
//!   pass that writes the answer at once, built from the same helpers; every other URL
//!   takes the steps above;
//! - `codec.rs`: the `encoding` ([`Encoding`]): `str.encode` and `bytes.decode(...,
//!   "percentencode")`, built in for UTF-8, Latin-1 and ASCII, else by a [`Codec`] of the
//!   caller's (the Python bindings pass CPython's codec of that name);
//! - `ip.rs`: the `ipaddress` calls (`_check_bracketed_host`, `_normalize_ipv6_host`);
//! - [`Options`] as a [`MapRow`](crate::batch::MapRow): a column on several threads
//!   ([`crate::batch::map_chunks`]);
//! - `unicode.rs`: `unicodedata.normalize("NFKC")` and `str.lower()` of the Python w3lib
//!   runs on, over tables generated from it (see `tables.txt`).
//!
//! ```
//! use relurl::w3lib::{canonicalize_url, Options};
//! let options = Options::default();
//! let key = canonicalize_url("http://www.Example.com/do?c=3&b=5&b=2&a=50", &options).unwrap();
//! assert_eq!(key, "http://www.example.com/do?a=50&b=2&b=5&c=3");
//! ```

mod codec;
mod fast;
mod ip;
mod quote;
mod safe_url_string;
mod split;
mod unicode;

use std::borrow::Cow;
use std::fmt;

use crate::twins::idna2003::UnicodeVersion;
use crate::twins::urllib::Schemes;
use quote::{quote_into, PATH_SAFEST, SPECIAL_QUERY_SAFEST, USERINFO_SAFEST};

pub use codec::{percent_encode_undecodable, Codec, CodecError, CodecFailure, Encoding};
pub(crate) use ip::{ip_address, IpAddress};
pub(crate) use safe_url_string::{safe_parts, SafeParts};
pub use safe_url_string::{safe_url_string, safe_url_string_bytes, safe_url_string_into, SafeOptions};
pub(crate) use unicode::py_lower;

/// `w3lib.url.parse_url(url).netloc` of a `str` URL (w3lib's own `_urlparse`), for
/// Scrapy's `url_is_from_any_domain`; `python`: the running Python's Unicode version and
/// `int_max_str_digits`.
///
/// # Errors
/// w3lib's `ValueError` (a bad port or bracketed host, ...).
pub(crate) fn parse_url_netloc(url: &str, python: (UnicodeVersion, usize)) -> Result<String, W3libError> {
    let mut scratch = String::new();
    Ok(split::urlsplit(url, python, &mut scratch)?.netloc.to_owned())
}

/// The arguments of `canonicalize_url` after the URL.
#[derive(Debug, Clone)]
pub struct Options<'a> {
    /// `keep_blank_values` (default `true`): keep query fields without a value.
    pub keep_blank_values: bool,
    /// `keep_fragments` (default `false`).
    pub keep_fragments: bool,
    /// `encoding` (default `None`, that is UTF-8): how a `bytes` URL decodes, and how the
    /// query and fragment encode (w3lib falls back to UTF-8 where they do not).
    pub encoding: Encoding<'a>,
    /// `query_separator` (default `"&"`).
    pub query_separator: &'a str,
    /// `urllib.parse.uses_params` and `uses_netloc` of the Python w3lib runs on (it reads them
    /// from urllib); [`Schemes::for_python`] gives them.
    pub schemes: Cow<'a, Schemes>,
    /// The Unicode version of the CPython w3lib runs in (`unicodedata.unidata_version`): its
    /// NFKC and `str.lower`, and the `idna` codec's combining classes.
    pub unicode: UnicodeVersion,
    /// The running Python's `sys.get_int_max_str_digits()` (0: no limit): a port of more
    /// digits is refused as w3lib's `int(port)` refuses it ([`crate::int_limit`]).
    pub int_max_str_digits: usize,
}

impl Default for Options<'_> {
    /// w3lib's defaults, with the scheme lists and the Unicode version of CPython 3.11.
    fn default() -> Self {
        Self {
            keep_blank_values: true,
            keep_fragments: false,
            encoding: Encoding::Utf8,
            query_separator: "&",
            schemes: Cow::Owned(Schemes::for_python(3, 11)),
            unicode: UnicodeVersion::default(),
            int_max_str_digits: crate::common::int_limit::DEFAULT,
        }
    }
}

/// Why `canonicalize_url` fails: the Python exception w3lib raises.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum W3libError {
    /// `ValueError` with this message: a bad IPv6 or IPvFuture host, a port that is not a
    /// number up to 65535.
    Value(String),
    /// `ValueError`: this net_loc, which NFKC turns into delimiters (w3lib's `_checknetloc`).
    /// w3lib's message shows it as Python's `repr` (`netloc "a'b℀" contains invalid characters
    /// under NFKC normalization`), which the bindings make; [`fmt::Display`] shows it as Rust's
    /// `{:?}`.
    NfkcNetloc(String),
    /// `ValueError('empty separator')`: an empty `query_separator` for a URL with a query
    /// (w3lib uses the separator only then).
    EmptySeparator,
    /// A failure of the [`Codec`] of `encoding` other than text it cannot encode (Python's
    /// `LookupError` for an unknown codec, ...), which w3lib raises.
    Codec(CodecFailure),
    /// `ValueError` of `int(port)`: a port of more digits than
    /// [`Options::int_max_str_digits`] (Python's message).
    TooManyDigits(crate::common::int_limit::TooManyDigits),
    /// `UnicodeEncodeError` of `safe_url_string`: the text of this part of the URL, which its
    /// encoding (`path_encoding` for the path, `encoding` for the query and fragment) cannot
    /// encode (`canonicalize_url` never returns it: it starts again in UTF-8).
    Unencodable {
        /// Which part.
        part: Part,
        /// Its text (as split; for [`Part::Url`], empty).
        text: String,
    },
    /// `UnicodeEncodeError`: an IPv6 host whose zone id is not ASCII (`ascii`), as Python's
    /// codec raises it: the text it was encoding, and the first run of characters it cannot
    /// encode (`start..end`, in characters).
    UnicodeEncode {
        /// The codec's name (`"ascii"`).
        encoding: &'static str,
        /// The text being encoded (for a host, the host without its brackets).
        object: String,
        /// The index of the first character that cannot be encoded.
        start: usize,
        /// The index after the run of such characters that starts there.
        end: usize,
    },
}

impl W3libError {
    /// The `UnicodeEncodeError` of encoding `text` with `encoding`, which encodes the
    /// characters for which `fits` is true: the first run of those it does not.
    fn encode(encoding: &'static str, text: &str, fits: impl Fn(char) -> bool) -> Self {
        let start = text.chars().position(|c| !fits(c)).unwrap_or(0);
        let end = start + text.chars().skip(start).take_while(|&c| !fits(c)).count();
        Self::UnicodeEncode { encoding, object: text.to_owned(), start, end }
    }
}

impl fmt::Display for W3libError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Value(reason) => f.write_str(reason),
            Self::NfkcNetloc(netloc) => write!(f, "netloc {netloc:?} {NFKC_REASON}"),
            Self::EmptySeparator => f.write_str("empty separator"),
            Self::Codec(failure) => failure.fmt(f),
            Self::TooManyDigits(e) => e.fmt(f),
            Self::Unencodable { part, text } => write!(f, "the encoding cannot encode the {part:?} {text:?}"),
            Self::UnicodeEncode { encoding, start, end, .. } => {
                write!(f, "'{encoding}' codec can't encode the characters in position {start}-{}", end.saturating_sub(1))
            }
        }
    }
}

impl std::error::Error for W3libError {}

/// The end of w3lib's message for [`W3libError::NfkcNetloc`], after the net_loc.
pub const NFKC_REASON: &str = "contains invalid characters under NFKC normalization";

/// `w3lib.url.canonicalize_url(url, ...)` of a `str` URL.
///
/// # Errors
/// w3lib's exceptions, as [`W3libError`].
pub fn canonicalize_url(url: &str, options: &Options<'_>) -> Result<String, W3libError> {
    // Room for a few escapes more than the URL has.
    let mut out = String::with_capacity(url.len() + url.len() / 4 + 8);
    if fast::canonicalize_into(url, options, &mut out) {
        return Ok(out);
    }
    canonicalize(|_| Ok(Cow::Borrowed(url)), options)
}

/// [`canonicalize_url`] appended to `out` (no allocation for most URLs); `out` is unchanged
/// on an error.
///
/// # Errors
/// As [`canonicalize_url`].
pub fn canonicalize_url_into(url: &str, options: &Options<'_>, out: &mut String) -> Result<(), W3libError> {
    if fast::canonicalize_into(url, options, out) {
        return Ok(());
    }
    out.push_str(&canonicalize(|_| Ok(Cow::Borrowed(url)), options)?);
    Ok(())
}

/// `w3lib.url.canonicalize_url(url, ...)` of a `urllib.parse.ParseResult` URL: its six
/// fields (`scheme, netloc, path, params, query, fragment`) joined back by w3lib's
/// `_urlunparse`, then canonicalized as a `str` URL.
///
/// # Errors
/// As [`canonicalize_url`].
///
/// ```
/// use relurl::w3lib::{canonicalize_parsed, Options};
/// let key = canonicalize_parsed(["http", "A.com", "/p", "x", "b=1&a=2", "f"], &Options::default());
/// assert_eq!(key.unwrap(), "http://a.com/p;x?a=2&b=1");
/// ```
pub fn canonicalize_parsed(fields: [&str; 6], options: &Options<'_>) -> Result<String, W3libError> {
    let [scheme, netloc, path, params, query, fragment] = fields;
    canonicalize_url(&urlunparse(&options.schemes, scheme, netloc, path, params, query, fragment), options)
}

/// `canonicalize_url` with these options, as a function of each row of a column of `str`
/// URLs ([`crate::batch::map_chunks`]; `relurl.arrow.canonicalize_url`).
impl crate::services::batch::MapRow for Options<'_> {
    type Error = W3libError;

    fn map_into(&self, text: &str, out: &mut String) -> Result<(), W3libError> {
        canonicalize_url_into(text, self, out)
    }
}

/// `w3lib.url.canonicalize_url(url, ...)` of a `bytes` URL: decoded by `options.encoding`,
/// undecodable bytes as `%HH` (w3lib's `percentencode` error handler).
///
/// # Errors
/// As [`canonicalize_url`].
pub fn canonicalize_url_bytes(url: &[u8], options: &Options<'_>) -> Result<String, W3libError> {
    // ASCII bytes decode to the same text in every ASCII-compatible encoding.
    if let Some(text) = (url.is_ascii() && options.encoding.ascii_compatible()).then(|| std::str::from_utf8(url).ok()).flatten() {
        return canonicalize_url(text, options);
    }
    canonicalize(|encoding| encoding.decode(url).map(Cow::Owned), options)
}

/// How `_safe_url_split` treats the path: `quote_path=True` and its `path_encoding`, or
/// `quote_path=False` (the path as it is, neither encoded nor quoted).
#[derive(Debug, Clone, Copy)]
enum PathEncoding<'a> {
    /// Encoded by this encoding, then quoted.
    Quote(Encoding<'a>),
    /// As it is.
    AsIs,
}

/// The part of the URL whose text an encoding could not encode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// The path (by `path_encoding`).
    Path,
    /// The query (by `encoding`).
    Query,
    /// The fragment (by `encoding`).
    Fragment,
    /// The user name or password (which w3lib encodes in UTF-8 to unquote it).
    UserInfo,
    /// The host (which w3lib encodes in UTF-8 where IDNA fails).
    Host,
    /// The whole URL: a `bytes` URL that decodes to text with a lone surrogate (which Rust
    /// text cannot hold; Python's `utf-7` decodes one).
    Url,
}

/// Why `_safe_url_split` fails.
enum SplitError {
    /// A path, query or fragment the encoding cannot encode (`UnicodeEncodeError`): which
    /// one, and its text.
    Unencodable(Part, String),
    /// w3lib's exception.
    Error(W3libError),
}

impl From<W3libError> for SplitError {
    fn from(error: W3libError) -> Self {
        Self::Error(error)
    }
}

impl SplitError {
    /// The failure of encoding `text`, the URL's `part`.
    fn at(error: CodecError, part: Part, text: &str) -> Self {
        match error {
            CodecError::Unencodable => Self::Unencodable(part, text.to_owned()),
            CodecError::Failed(failure) => Self::Error(W3libError::Codec(failure)),
        }
    }
}

impl From<CodecError> for SplitError {
    fn from(error: CodecError) -> Self {
        Self::at(error, Part::Url, "")
    }
}

impl SplitError {
    /// The error of the UTF-8 attempt, which cannot be `Unencodable` (UTF-8 encodes every
    /// `str`): said as a `ValueError` all the same rather than a panic.
    fn into_error(self) -> W3libError {
        match self {
            Self::Unencodable(..) => W3libError::Value("UTF-8 failed to encode text".to_owned()),
            Self::Error(error) => error,
        }
    }
}

/// The twin step by step, for every URL (the fast path's fallback and its oracle in tests):
/// `text(encoding)` is the URL as text (`to_unicode`).
fn canonicalize<'u>(text: impl Fn(Encoding<'_>) -> Result<Cow<'u, str>, CodecError>, o: &Options<'_>) -> Result<String, W3libError> {
    // "If supplied `encoding` is not compatible with all characters in `url`, fallback to
    // UTF-8 as safety net."
    let first = text(o.encoding);
    let (mut buffers, mut fallback_buffers) = Default::default();
    let fallback;
    let python = (o.unicode, o.int_max_str_digits);
    let split = match &first {
        Ok(first) => safe_url_split(first, o.encoding, PathEncoding::Quote(Encoding::Utf8), (python, false), &mut buffers),
        Err(error) => Err(error.clone().into()),
    };
    let parts = match split {
        Ok(parts) => parts,
        Err(SplitError::Unencodable(..) | SplitError::Error(W3libError::UnicodeEncode { .. })) => {
            fallback = text(Encoding::Utf8).map_err(|e| SplitError::from(e).into_error())?;
            safe_url_split(&fallback, Encoding::Utf8, PathEncoding::Quote(Encoding::Utf8), (python, false), &mut fallback_buffers)
                .map_err(SplitError::into_error)?
        }
        Err(SplitError::Error(error)) => return Err(error),
    };
    let SafeSplit { scheme, netloc, path, query, fragment } = parts;
    // `_split_params(scheme, path)`
    let (path, params) = match memchr::memrchr(b'/', path.as_bytes()).map_or(0, |i| i + 1) {
        from if o.schemes.uses_params.contains(&scheme) => match path[from..].find(';') {
            Some(i) => (&path[..from + i], &path[from + i + 1..]),
            None => (&path[..], ""),
        },
        _ => (&path[..], ""),
    };
    let mut query_out = String::new();
    if !query.is_empty() {
        if o.query_separator.is_empty() {
            return Err(W3libError::EmptySeparator);
        }
        quote::canonical_query_into(&query, o.keep_blank_values, o.query_separator, &mut query_out);
    }
    let mut path_out: Cow<'_, str> = if path.is_empty() {
        Cow::Borrowed("/")
    } else {
        let mut requoted = String::with_capacity(path.len());
        quote::requote_path_into(path, &mut requoted);
        Cow::Owned(requoted)
    };
    if path_out.starts_with('/') && quote::has_dot_segment_start(&path_out) {
        path_out = Cow::Owned(quote::remove_dot_segments(&path_out));
    }
    let fragment = if o.keep_fragments { &fragment[..] } else { "" };
    // Lower-case the host and port, not the user info; drop a trailing ':'.
    let (userinfo, host) = memchr::memrchr(b'@', netloc.as_bytes()).map_or(("", &netloc[..]), |at| (&netloc[..=at], &netloc[at + 1..]));
    let lowered = unicode::py_lower(host, o.unicode);
    let host = lowered.strip_suffix(':').unwrap_or(&lowered);
    let netloc = if userinfo.is_empty() && !host.contains('[') {
        Cow::Borrowed(host)
    } else {
        Cow::Owned(normalize_ipv6_host(format!("{userinfo}{host}")))
    };
    Ok(urlunparse(&o.schemes, &scheme, &netloc, &path_out, params, &query_out, fragment))
}

/// `_normalize_ipv6_host(netloc)`: an IPv6 address in brackets as `str(IPv6Address)` gives it.
fn normalize_ipv6_host(netloc: String) -> String {
    let Some(start) = netloc.find('[') else { return netloc };
    let Some(end) = netloc[start..].find(']').map(|e| e + start) else { return netloc };
    match ip::ip_address(&netloc[start + 1..end]) {
        Some(ip::IpAddress::V6(bits, scope)) => format!("{}[{}]{}", &netloc[..start], ip::ipv6_to_string(bits, scope), &netloc[end + 1..]),
        _ => netloc,
    }
}

/// `_urlunparse(scheme, netloc, path, params, query, fragment)` (urllib's `urlunsplit` rules).
fn urlunparse(schemes: &Schemes, scheme: &str, netloc: &str, path: &str, params: &str, query: &str, fragment: &str) -> String {
    let mut out = String::with_capacity(scheme.len() + netloc.len() + path.len() + params.len() + query.len() + fragment.len() + 8);
    urlunparse_into(schemes, [scheme, netloc, path, params, query, fragment], &mut out);
    out
}

/// [`urlunparse`] appended to `out`; without params, w3lib's `_urlunsplit`.
fn urlunparse_into(schemes: &Schemes, fields: [&str; 6], out: &mut String) {
    let [scheme, netloc, path, params, query, fragment] = fields;
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
    let url = if params.is_empty() { Cow::Borrowed(path) } else { Cow::Owned(format!("{path};{params}")) };
    if !netloc.is_empty() {
        out.push_str("//");
        out.push_str(netloc);
        if !url.is_empty() && !url.starts_with('/') {
            out.push('/');
        }
    } else if slashes_without_netloc(schemes, scheme, &url) {
        out.push_str("//");
    }
    out.push_str(&url);
    if !query.is_empty() {
        out.push('?');
        out.push_str(query);
    }
    if !fragment.is_empty() {
        out.push('#');
        out.push_str(fragment);
    }
}

/// Whether `_urlunparse` writes `//` before `url` (the path and params) without a net_loc.
fn slashes_without_netloc(schemes: &Schemes, scheme: &str, url: &str) -> bool {
    url.starts_with("//") || (!scheme.is_empty() && schemes.uses_netloc.contains(scheme) && (url.is_empty() || url.starts_with('/')))
}

/// What `_safe_url_split` returns: borrowed from the URL wherever nothing changes.
struct SafeSplit<'a> {
    scheme: Cow<'a, str>,
    netloc: Cow<'a, str>,
    path: Cow<'a, str>,
    query: Cow<'a, str>,
    fragment: Cow<'a, str>,
}

/// `text` quoted by `safe`, from its bytes in the encoding (`encoded`, borrowed when they are
/// `text`'s own): `text` itself when they are and every byte is safe.
// A `&Cow`: whether the bytes are borrowed (from `text`) is what this asks.
#[allow(clippy::ptr_arg)]
fn quoted<'a>(text: &'a str, encoded: &Cow<'_, [u8]>, safe: &quote::Safe) -> Cow<'a, str> {
    let own = matches!(encoded, Cow::Borrowed(_));
    if own && safe.all(text.as_bytes()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    quote_into(encoded.as_ref(), safe, false, &mut out);
    Cow::Owned(out)
}

/// `_safe_url_split(url, encoding)` of the decoded URL; `buffers` hold the text w3lib
/// rewrites before splitting (stripped, tabs and newlines deleted, `\\` as `/`); `python`
/// is the running Python's Unicode version and `int()` digit limit.
fn safe_url_split<'a>(
    url: &'a str,
    encoding: Encoding<'_>,
    path: PathEncoding<'_>,
    (python, stand_ins): ((UnicodeVersion, usize), bool),
    buffers: &'a mut (String, String),
) -> Result<SafeSplit<'a>, SplitError> {
    // Text with a stand-in for a lone surrogate fails to encode wherever w3lib encodes it.
    let check =
        |part: Part, text: &str| if stand_ins && has_stand_in(text) { Err(SplitError::Unencodable(part, text.to_owned())) } else { Ok(()) };
    let unicode = python.0;
    let (stripped_buf, scratch) = (&mut buffers.0, &mut buffers.1);
    let stripped: &'a str = match split::strip(url) {
        Cow::Borrowed(s) => s,
        Cow::Owned(s) => {
            *stripped_buf = s;
            stripped_buf.as_str()
        }
    };
    let parts = split::urlsplit(stripped, python, scratch)?;
    let netloc = match (&parts.hostname, parts.username, parts.port) {
        (Some(Cow::Borrowed(h)), None, None) if h.is_ascii() && !h.contains(':') => Cow::Borrowed(*h),
        _ => {
            for (part, text) in
                [(Part::UserInfo, parts.username), (Part::UserInfo, parts.password), (Part::Host, parts.hostname.as_deref())]
            {
                check(part, text.unwrap_or_default())?;
            }
            Cow::Owned(safe_netloc(&parts, unicode)?)
        }
    };
    let mut path = match path {
        PathEncoding::Quote(path_encoding) => {
            check(Part::Path, parts.path)?;
            quoted(parts.path, &path_encoding.encode(parts.path).map_err(|e| SplitError::at(e, Part::Path, parts.path))?, &PATH_SAFEST)
        }
        PathEncoding::AsIs => Cow::Borrowed(parts.path),
    };
    let safe = if split::is_special(&parts.scheme) { &SPECIAL_QUERY_SAFEST } else { &PATH_SAFEST };
    // The query is encoded even when empty (which a codec may encode to bytes: a BOM), a
    // fragment only when there is one.
    check(Part::Query, parts.query)?;
    check(Part::Fragment, parts.fragment)?;
    let query = quoted(parts.query, &encoding.encode(parts.query).map_err(|e| SplitError::at(e, Part::Query, parts.query))?, safe);
    let fragment = match parts.fragment {
        "" => Cow::Borrowed(""),
        fragment => quoted(fragment, &encoding.encode(fragment).map_err(|e| SplitError::at(e, Part::Fragment, fragment))?, &PATH_SAFEST),
    };
    if path.is_empty() && !query.is_empty() && split::is_special(&parts.scheme) {
        path = Cow::Borrowed("/");
    }
    Ok(SafeSplit { scheme: parts.scheme, netloc, path, query, fragment })
}

/// The characters that stand for the lone surrogates U+D800..=U+DFFF (in their order) in
/// text from a caller whose strings can hold them (Python's `str`), which Rust text cannot:
/// the plane-15 private use characters U+F0000..=U+F07FF ([`SafeOptions::stand_ins`]).
pub const STAND_INS: std::ops::RangeInclusive<char> = '\u{F0000}'..='\u{F07FF}';

/// The lone surrogate (U+D800..=U+DFFF, as a number) that `c` stands for, when `c` is one of
/// [`STAND_INS`].
///
/// ```
/// use relurl::w3lib::surrogate_of;
/// assert_eq!(surrogate_of('\u{F0000}'), Some(0xD800));
/// assert_eq!(surrogate_of('\u{F07FF}'), Some(0xDFFF));
/// assert_eq!(surrogate_of('\u{F0800}'), None);
/// assert_eq!(surrogate_of('a'), None);
/// ```
pub fn surrogate_of(c: char) -> Option<u32> {
    STAND_INS.contains(&c).then(|| 0xD800 + (u32::from(c) - u32::from(*STAND_INS.start())))
}

/// Whether `text` holds a [`STAND_INS`] character.
pub fn has_stand_in(text: &str) -> bool {
    // Their UTF-8 starts with F3 B0..=B0: a cheap byte test first.
    memchr::memchr(0xF3, text.as_bytes()).is_some() && text.chars().any(|c| STAND_INS.contains(&c))
}

/// The net_loc `_safe_url_split` builds: user info re-quoted, the host IDNA-encoded (or in
/// brackets), the port as a number.
fn safe_netloc(parts: &split::Split<'_>, unicode: UnicodeVersion) -> Result<String, W3libError> {
    let mut netloc = String::new();
    if let Some(username) = parts.username {
        quote_into(&quote::unquote(username.as_bytes()), &USERINFO_SAFEST, false, &mut netloc);
        if let Some(password) = parts.password {
            netloc.push(':');
            quote_into(&quote::unquote(password.as_bytes()), &USERINFO_SAFEST, false, &mut netloc);
        }
        netloc.push('@');
    }
    if let Some(hostname) = &parts.hostname {
        if hostname.contains(':') {
            if !hostname.is_ascii() {
                return Err(W3libError::encode("ascii", hostname, |c| c.is_ascii()));
            }
            netloc.push('[');
            netloc.push_str(hostname);
            netloc.push(']');
        } else {
            netloc.push_str(&split::idna(hostname, unicode).unwrap_or(Cow::Borrowed(hostname)));
        }
    }
    if let Some(port) = parts.port {
        netloc.push(':');
        netloc.push_str(&port.to_string());
    }
    Ok(netloc)
}
