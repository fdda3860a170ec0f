//! A twin of the Internet Archive's `surt` package (version 0.3.1): [`surt`] gives exactly
//! what `surt.surt(url, canonicalizer, **options)` gives, byte for byte, for every input.
//!
//! SURT (Sort-friendly URI Reordering Transform) is the key web archives index captures by
//! (Heritrix, the Wayback Machine, pywb, CDX files): `http://www.Example.com/a?b=1&a=2`
//! becomes `com,example)/a?a=2&b=1`. pywb calls `surt.surt(url)` with the default options:
//! [`Options::default`] is that call.
//!
//! The package is a port of archive-commons' Java classes, one module each, and so is this
//! folder, a file per module, each function naming the one it twins:
//!
//! - `handyurl.rs`: `surt/handyurl.py` (the parser, `handyurl.parse`, and the writer,
//!   `handyurl.geturl_bytes`);
//! - `google.rs`: `surt/GoogleURLCanonicalizer.py` (percent-encoding, IDNA, IP address
//!   forms, dot segments);
//! - `ia.rs`: `surt/IAURLCanonicalizer.py` (case, `www` prefixes, default ports, session
//!   ids, query order);
//! - `transform.rs`: `surt/URLRegexTransformer.py` (the session id patterns, `hostToSURT`).
//!
//! [`Options`] is a [`MapRow`](crate::batch::MapRow): the batch module keys a whole column on
//! several threads ([`crate::batch::map_chunks`], `relurl.arrow.surt`).
//!
//! `DefaultIAURLCanonicalizer.canonicalize` is the Google canonicalizer and then the IA one
//! ([`Canonicalizer::Default`]).
//!
//! Two things surt does by calling out are done here without it, with the same answers:
//!
//! - A host of digits and dots (`GoogleURLCanonicalizer.attemptIPFormats`) goes to
//!   `socket.gethostbyname_ex`, which answers an address that glibc's `inet_aton` reads
//!   (`1.2.3` is `1.2.0.3`, `010.1` is `8.0.0.1`) without asking DNS; any other such name is
//!   looked up in DNS, which has no all-numeric names, so surt keeps it as a name: so does
//!   this module, without a lookup.
//! - A host that is not ASCII is encoded with CPython's `idna` codec (IDNA 2003):
//!   [`crate::idna2003`]'s twin of it.
//!
//! surt's `public_suffix` option is meant to give the registered domain by the Public Suffix
//! List, through `tldextract`; but surt hands tldextract the host as `bytes`, which it
//! refuses, so every URL with a host raises `TypeError` ([`SurtError::PublicSuffixTakesStr`]),
//! and so does this twin. (relurl's own registered domain is another function.)
//!
//! ```
//! use relurl::surt::{surt, Options};
//! let key = surt(b"http://www.Example.com:80/a/./b/../c?b=1&a=2#f", &Options::default()).unwrap();
//! assert_eq!(&*key, b"com,example)/a/c?a=2&b=1");
//! ```

mod google;
mod handyurl;
mod ia;
mod transform;

use std::borrow::Cow;
use std::fmt;

use crate::twins::idna2003::UnicodeVersion;

/// Which of surt's canonicalizers runs (surt's `canonicalizer` argument).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Canonicalizer {
    /// `DefaultIAURLCanonicalizer.canonicalize` (surt's default, `canonicalizer=None`): the
    /// Google canonicalizer, then the IA one.
    #[default]
    Default,
    /// `GoogleURLCanonicalizer.canonicalize` alone.
    Google,
    /// `IAURLCanonicalizer.canonicalize` alone.
    Ia,
}

/// The options of `IAURLCanonicalizer.canonicalize`, with its defaults.
///
/// `auth_strip_user`, `auth_strip_pass` and `hash_strip` are accepted by surt but change
/// nothing (its parser never fills in the user name or password, and `hash_strip` is read
/// nowhere), so they are not fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // surt's keyword arguments, one field each
pub struct IaOptions {
    /// `host_lowercase` (true): the host in ASCII lower case.
    pub host_lowercase: bool,
    /// `host_massage` (true): a leading `www.` (or `www2.`, any digits) removed from the
    /// host, unless the scheme is `dns`.
    pub host_massage: bool,
    /// `port_strip_default` (true): port 80 for `http`, 443 for `https` removed.
    pub port_strip_default: bool,
    /// `path_strip_empty` (false): a path `/` removed.
    pub path_strip_empty: bool,
    /// `path_lowercase` (true): the path in ASCII lower case.
    pub path_lowercase: bool,
    /// `path_strip_session_id` (true): ASP.NET session ids removed from the path.
    pub path_strip_session_id: bool,
    /// `path_strip_trailing_slash_unless_empty` (true): a trailing `/` removed unless the
    /// path is `/`.
    pub path_strip_trailing_slash_unless_empty: bool,
    /// `query_lowercase` (true): the query in ASCII lower case.
    pub query_lowercase: bool,
    /// `query_strip_session_id` (true): `jsessionid`, `phpsessid`, `sid`, `ASPSESSIONID`
    /// and `cfid`/`cftoken` parameters removed.
    pub query_strip_session_id: bool,
    /// `query_strip_empty` (true): an empty query (and a lone trailing `?`) removed.
    pub query_strip_empty: bool,
    /// `query_alpha_reorder` (true): the query's `&`-separated parameters sorted.
    pub query_alpha_reorder: bool,
}

impl Default for IaOptions {
    fn default() -> Self {
        Self {
            host_lowercase: true,
            host_massage: true,
            port_strip_default: true,
            path_strip_empty: false,
            path_lowercase: true,
            path_strip_session_id: true,
            path_strip_trailing_slash_unless_empty: true,
            query_lowercase: true,
            query_strip_session_id: true,
            query_strip_empty: true,
            query_alpha_reorder: true,
        }
    }
}

/// The options of `surt.surt`, with the defaults it passes (`surt=True`,
/// `with_scheme=False`) and those of `handyurl.geturl_bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // surt's keyword arguments, one field each
pub struct Options {
    /// `canonicalizer` (`None`: the default IA canonicalizer).
    pub canonicalizer: Canonicalizer,
    /// `surt` (true): the host reversed (`com,example`) and closed by `)`; false gives the
    /// canonicalized URL in its usual order.
    pub surt: bool,
    /// `with_scheme` (false): the key starts with `scheme://(`.
    pub with_scheme: bool,
    /// `trailing_comma` (false): a `,` after the reversed host (`com,example,)`).
    pub trailing_comma: bool,
    /// `reverse_ipaddr` (true): an IPv4 address host reversed too; false keeps it as it is.
    pub reverse_ipaddr: bool,
    /// `public_suffix` (false): true makes surt call `tldextract.extract(host)` with the host
    /// as `bytes`, which tldextract (5.4.0, and every release since Python 2) cannot take:
    /// every URL with a host then raises [`SurtError::PublicSuffixTakesStr`].
    pub public_suffix: bool,
    /// The IA canonicalizer's options.
    pub ia: IaOptions,
    /// Python's `sys.get_int_max_str_digits()` (4,300 unless set; 0 for no limit): the
    /// longest run of digits surt's `int()` calls read (a host of digits, a port;
    /// [`crate::int_limit`]).
    pub int_max_str_digits: usize,
    /// The Unicode version of the CPython surt runs in (its `idna` codec's normalization
    /// reads that database's combining classes).
    pub unicode: UnicodeVersion,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            canonicalizer: Canonicalizer::Default,
            surt: true,
            with_scheme: false,
            trailing_comma: false,
            reverse_ipaddr: true,
            public_suffix: false,
            ia: IaOptions::default(),
            int_max_str_digits: crate::common::int_limit::DEFAULT,
            unicode: UnicodeVersion::default(),
        }
    }
}

/// Why surt raises: each case names the Python exception surt raises for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SurtError {
    /// `AttributeError`: the URL is nothing but whitespace, so `handyurl.parse` finds no
    /// scheme and calls `startswith` on `None`.
    NoScheme,
    /// `UnicodeDecodeError`: the key of a `str` URL is not UTF-8 ([`surt_str`]; not seen).
    Decode {
        /// The length of the key's valid UTF-8 start.
        valid_up_to: usize,
    },
    /// `ValueError`: urllib's `SplitResultBytes.port` rejects the port (the message is
    /// urllib's).
    Port(String),
    /// `ValueError`: a host or port of more digits than Python's `int()` reads
    /// ([`Options::int_max_str_digits`]; Python's message).
    TooManyDigits(crate::common::int_limit::TooManyDigits),
    /// `TypeError`: `public_suffix=True` on a URL with a host. `handyurl.getPublicSuffix`
    /// calls `tldextract.extract(self.host)` with `bytes`, and tldextract's first step
    /// (`url.find("//")`) refuses a `str` argument on `bytes` (the message is CPython's,
    /// 3.7 to 3.13).
    PublicSuffixTakesStr,
}

impl fmt::Display for SurtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoScheme => f.write_str("'NoneType' object has no attribute 'startswith'"),
            Self::Decode { valid_up_to } => write!(f, "'utf-8' codec can't decode the key at byte {valid_up_to}"),
            Self::Port(message) => f.write_str(message),
            Self::TooManyDigits(e) => e.fmt(f),
            Self::PublicSuffixTakesStr => f.write_str("argument should be integer or bytes-like object, not 'str'"),
        }
    }
}

impl std::error::Error for SurtError {}

/// `surt.surt(url, canonicalizer, **options)` of a `str` URL: the key of its UTF-8 bytes,
/// decoded back as surt does (`_surt_bytes(url.encode('utf-8'), ...).decode('utf-8')`).
///
/// # Errors
/// As [`surt`]; [`SurtError::Decode`] where that decode would fail, which no input has been
/// seen to reach: surt splits and rewrites the bytes at ASCII bytes only, so the key of
/// UTF-8 is UTF-8.
pub fn surt_str<'a>(url: &'a str, options: &Options) -> Result<Cow<'a, str>, SurtError> {
    let decode = |e: core::str::Utf8Error| SurtError::Decode { valid_up_to: e.valid_up_to() };
    match surt(url.as_bytes(), options)? {
        Cow::Borrowed(key) => core::str::from_utf8(key).map(Cow::Borrowed).map_err(decode),
        Cow::Owned(key) => String::from_utf8(key).map(Cow::Owned).map_err(|e| decode(e.utf8_error())),
    }
}

/// `surt.surt` with these options, as a function of each row of a column
/// ([`crate::batch::map_chunks`]; `relurl.arrow.surt`).
impl crate::services::batch::MapRow for Options {
    type Error = SurtError;

    fn map_into(&self, text: &str, out: &mut String) -> Result<(), SurtError> {
        out.push_str(&surt_str(text, self)?);
        Ok(())
    }
}

/// `surt.surt(url, canonicalizer, **options)` on bytes (`surt._surt_bytes`): the SURT key
/// of `url`. A `str` URL is its UTF-8 bytes, and the key is then valid UTF-8 too.
///
/// An empty URL gives `-`; a URL starting with `filedesc` is returned as it is.
///
/// # Errors
/// Where surt raises: see [`SurtError`].
pub fn surt<'a>(url: &'a [u8], options: &Options) -> Result<Cow<'a, [u8]>, SurtError> {
    if url.is_empty() {
        return Ok(Cow::Borrowed(b"-"));
    }
    if url.starts_with(b"filedesc") {
        return Ok(Cow::Borrowed(url));
    }
    let mut hurl = handyurl::HandyUrl::parse(url, options.int_max_str_digits)?;
    match options.canonicalizer {
        Canonicalizer::Default => {
            google::canonicalize(&mut hurl, options.int_max_str_digits, options.unicode)?;
            ia::canonicalize(&mut hurl, &options.ia);
        }
        Canonicalizer::Google => google::canonicalize(&mut hurl, options.int_max_str_digits, options.unicode)?,
        Canonicalizer::Ia => ia::canonicalize(&mut hurl, &options.ia),
    }
    if options.public_suffix && hurl.host.as_deref().is_some_and(|host| !host.is_empty()) {
        return Err(SurtError::PublicSuffixTakesStr);
    }
    Ok(Cow::Owned(hurl.geturl_bytes(options)))
}
