//! A twin of `w3lib.url.safe_url_string(url, encoding="utf8", path_encoding="utf8",
//! quote_path=True)` of w3lib 2.5.0, which Scrapy calls for every `Request` and every
//! extracted link. w3lib's function is `_urlunsplit(*_safe_url_split(...))`, the same
//! `_safe_url_split` its `canonicalize_url` starts with, so this twin is the core's
//! `safe_url_split` (see the module above) joined back by `_urlunsplit`:
//!
//! - a `bytes` URL is decoded by `encoding`, each undecodable byte as `%HH` (w3lib's
//!   `percentencode` error handler); a `str` URL is taken as it is;
//! - `_strip` (C0 controls and spaces at both ends, tabs and newlines anywhere), then w3lib's
//!   `_urlsplit` (its own splitter, with `ValueError` for a bad port or IPv6 host);
//! - the user name and password unquoted and quoted again (`_USERINFO_SAFEST_CHARS`), the host
//!   by the `idna` codec (IDNA 2003, after the running Python's NFKC), or, where that codec
//!   fails (an empty label, one over 63 characters, ...), as it is; an IPv6 host in brackets;
//!   the port as `str(int(port))`;
//! - the path encoded by `path_encoding` and quoted (`_PATH_SAFEST_CHARS`) when `quote_path`,
//!   else left as it is; the query (always) and a fragment (when not empty) encoded by
//!   `encoding` and quoted (`'` is quoted in the query of a special scheme only);
//! - `/` for an empty path before a query of a special scheme.
//!
//! Unlike `canonicalize_url`, w3lib does not start again in UTF-8 when an encoding cannot
//! encode the text: the `UnicodeEncodeError` is raised ([`W3libError::Unencodable`]).
//!
//! ```
//! use relurl::w3lib::{safe_url_string, SafeOptions};
//! let safe = safe_url_string("http://www.exämple.com/a b?q=ü#ä", &SafeOptions::default());
//! assert_eq!(safe.unwrap(), "http://www.xn--exmple-cua.com/a%20b?q=%C3%BC#%C3%A4");
//! ```

use std::borrow::Cow;
use std::ops::Range;

use super::quote::{PATH_SAFEST, SPECIAL_QUERY_SAFEST};
use super::{safe_url_split, urlunparse_into, Encoding, PathEncoding, SafeSplit, SplitError, W3libError};
use crate::twins::idna2003::UnicodeVersion;
use crate::twins::urllib::Schemes;

/// The arguments of `safe_url_string` after the URL, and the running Python's settings.
#[derive(Debug, Clone)]
pub struct SafeOptions<'a> {
    /// `encoding` (default `"utf8"`): how a `bytes` URL decodes, and how the query and the
    /// fragment encode before they are quoted.
    pub encoding: Encoding<'a>,
    /// `path_encoding` (default `"utf8"`): how the path encodes before it is quoted.
    pub path_encoding: Encoding<'a>,
    /// `quote_path` (default `true`); `false` leaves the path as it is.
    pub quote_path: bool,
    /// urllib's `uses_netloc` of the Python w3lib runs on (`_urlunsplit` reads it);
    /// [`Schemes::for_python`] gives it.
    pub schemes: Cow<'a, Schemes>,
    /// The Unicode version of the running Python (its NFKC and the `idna` codec).
    pub unicode: UnicodeVersion,
    /// The running Python's `sys.get_int_max_str_digits()` (0: no limit), for `int(port)`.
    pub int_max_str_digits: usize,
    /// Whether [`STAND_INS`](super::STAND_INS) characters in the URL stand for lone surrogates (default
    /// `false`): text that holds one then fails to encode wherever w3lib encodes it, as
    /// Python's codecs fail on a lone surrogate ([`W3libError::Unencodable`]); the path when
    /// `quote_path` is false is copied, stand-ins and all, for the caller to turn back.
    pub stand_ins: bool,
}

impl Default for SafeOptions<'_> {
    /// w3lib's defaults (UTF-8, UTF-8, `quote_path=True`), with the scheme lists and the
    /// Unicode version of CPython 3.11.
    fn default() -> Self {
        Self {
            encoding: Encoding::Utf8,
            path_encoding: Encoding::Utf8,
            quote_path: true,
            schemes: Cow::Owned(Schemes::for_python(3, 11)),
            unicode: UnicodeVersion::default(),
            int_max_str_digits: crate::common::int_limit::DEFAULT,
            stand_ins: false,
        }
    }
}

/// `w3lib.url.safe_url_string(url, ...)` of a `str` URL.
///
/// # Errors
/// w3lib's exceptions as [`W3libError`]: `Value` and `TooManyDigits` (`ValueError` of the
/// split or the port), `UnicodeEncode` (an IPv6 zone id that is not ASCII), `Unencodable`
/// (a path, query or fragment its encoding cannot encode), `Codec` (any other failure of a
/// caller's codec, such as Python's `LookupError`). The URL itself, borrowed, when it is its
/// own answer (most links are).
pub fn safe_url_string<'u>(url: &'u str, options: &SafeOptions<'_>) -> Result<Cow<'u, str>, W3libError> {
    if already_safe(url, options) {
        return Ok(Cow::Borrowed(url));
    }
    let mut out = String::with_capacity(url.len() + url.len() / 4 + 8);
    safe_url_string_into(url, options, &mut out)?;
    Ok(Cow::Owned(out))
}

/// [`safe_url_string`] appended to `out` (the call the link extractor makes per link); `out`
/// is unchanged on an error.
///
/// # Errors
/// As [`safe_url_string`].
pub fn safe_url_string_into(url: &str, options: &SafeOptions<'_>, out: &mut String) -> Result<(), W3libError> {
    if already_safe(url, options) {
        out.push_str(url);
        return Ok(());
    }
    let mut buffers = Default::default();
    let path = if options.quote_path { PathEncoding::Quote(options.path_encoding) } else { PathEncoding::AsIs };
    let python = (options.unicode, options.int_max_str_digits);
    let split = safe_url_split(url, options.encoding, path, (python, options.stand_ins), &mut buffers).map_err(|e| match e {
        SplitError::Unencodable(part, text) => W3libError::Unencodable { part, text },
        SplitError::Error(error) => error,
    })?;
    let SafeSplit { scheme, netloc, path, query, fragment } = split;
    urlunparse_into(&options.schemes, [&scheme, &netloc, &path, "", &query, &fragment], out);
    Ok(())
}

/// Whether `url` is its own answer ([`safe_parts`] finds its parts).
pub(crate) fn already_safe(url: &str, options: &SafeOptions<'_>) -> bool {
    safe_parts(url, options).is_some()
}

/// Where the host and the path of an already safe URL are ([`safe_parts`]), as byte ranges
/// of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SafeParts {
    /// The host, which is all of the net_loc (there is no user info and no port).
    pub(crate) host: Range<usize>,
    /// The path: up to the first `?` or `#` after the host. urllib's `urlsplit(url).path`
    /// and w3lib's `_urlsplit(url).path` both, since nothing in the URL is stripped or
    /// deleted.
    pub(crate) path: Range<usize>,
}

/// The byte classes of [`safe_parts`]: bits of [`CLASSES`].
const HOST: u8 = 1;
/// [`PATH_SAFEST`] without `?` (which ends the path).
const PATH: u8 = 2;
/// [`SPECIAL_QUERY_SAFEST`] (which holds `?` and not `#`).
const QUERY: u8 = 4;
/// [`PATH_SAFEST`] (a fragment may hold `?`).
const FRAGMENT: u8 = 8;

/// Each byte's classes.
const CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0;
        if byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'.' || byte == b'-' {
            class |= HOST;
        }
        if PATH_SAFEST.contains(byte) && byte != b'?' {
            class |= PATH;
        }
        if SPECIAL_QUERY_SAFEST.contains(byte) {
            class |= QUERY;
        }
        if PATH_SAFEST.contains(byte) {
            class |= FRAGMENT;
        }
        table[b] = class;
        b += 1;
    }
    table
};

/// The end of the run of bytes of `class` in `bytes` from `at`.
#[inline]
fn run_end(bytes: &[u8], mut at: usize, class: u8) -> usize {
    while at < bytes.len() && CLASSES[bytes[at] as usize] & class != 0 {
        at += 1;
    }
    at
}

/// The host and path of `url` when it is its own answer, checked in one pass: the common
/// case of an already safe link (`http://` or `https://` in lower case, a host of lower-case
/// ASCII letters, digits, `.` and `-` without user info or port, then a path, a query and a
/// fragment of bytes their quoting keeps, the query and fragment not empty when their `?` and
/// `#` are there, and a path before a query), with encodings that keep ASCII as it is. On
/// such a URL `_strip` and `_urlsplit` change nothing, the `idna` codec gives an ASCII host
/// back as it is (or fails, and w3lib keeps it as it is), and every quoting keeps its part's
/// bytes. Any other URL takes the twin's steps.
pub(crate) fn safe_parts(url: &str, options: &SafeOptions<'_>) -> Option<SafeParts> {
    let host_start = if url.starts_with("http://") {
        7
    } else if url.starts_with("https://") {
        8
    } else {
        return None;
    };
    if !options.encoding.ascii_compatible() || (options.quote_path && !options.path_encoding.ascii_compatible()) {
        return None;
    }
    let bytes = url.as_bytes();
    let host_end = run_end(bytes, host_start, HOST);
    if host_end == host_start {
        return None;
    }
    let path_end = if bytes.get(host_end) == Some(&b'/') { run_end(bytes, host_end, PATH) } else { host_end };
    let mut at = path_end;
    if bytes.get(at) == Some(&b'?') {
        // A query after a path, not empty.
        let end = run_end(bytes, at + 1, QUERY);
        if path_end == host_end || end == at + 1 {
            return None;
        }
        at = end;
    }
    if bytes.get(at) == Some(&b'#') {
        let end = run_end(bytes, at + 1, FRAGMENT);
        if end == at + 1 {
            return None;
        }
        at = end;
    }
    (at == bytes.len()).then_some(SafeParts { host: host_start..host_end, path: host_end..path_end })
}

/// `w3lib.url.safe_url_string(url, ...)` of a `bytes` URL: decoded by `options.encoding`,
/// undecodable bytes as `%HH` (w3lib's `percentencode` error handler), then as a `str` URL.
///
/// # Errors
/// As [`safe_url_string`]; [`W3libError::Unencodable`] of [`super::Part::Url`] for bytes
/// that decode to a lone surrogate.
pub fn safe_url_string_bytes(url: &[u8], options: &SafeOptions<'_>) -> Result<String, W3libError> {
    // ASCII bytes decode to the same text in every ASCII-compatible encoding.
    if let Some(text) = (url.is_ascii() && options.encoding.ascii_compatible()).then(|| std::str::from_utf8(url).ok()).flatten() {
        return safe_url_string(text, options).map(Cow::into_owned);
    }
    let text = options.encoding.decode(url).map_err(|e| match SplitError::from(e) {
        SplitError::Unencodable(part, text) => W3libError::Unencodable { part, text },
        SplitError::Error(error) => error,
    })?;
    safe_url_string(&text, options).map(Cow::into_owned)
}

#[cfg(test)]
mod tests {
    use super::super::Part;
    use super::*;

    fn safe(url: &str) -> String {
        safe_url_string(url, &SafeOptions::default()).unwrap().into_owned()
    }

    fn with(url: &str, encoding: Encoding<'_>, path_encoding: Encoding<'_>, quote_path: bool) -> Result<String, W3libError> {
        safe_url_string(url, &SafeOptions { encoding, path_encoding, quote_path, ..SafeOptions::default() }).map(Cow::into_owned)
    }

    #[test]
    fn w3lib_examples() {
        // Answers of w3lib 2.5.0.
        assert_eq!(safe("http://www.example.com/£"), "http://www.example.com/%C2%A3");
        assert_eq!(safe("  http://www.example.com/\t a\nb "), "http://www.example.com/%20ab");
        assert_eq!(safe("http://www.example.com/?q=a b&'x"), "http://www.example.com/?q=a%20b&%27x");
        assert_eq!(safe("foo://h/?'"), "foo://h/?'");
        assert_eq!(safe("http://example.com?a=b"), "http://example.com/?a=b");
        assert_eq!(safe("http://us er:p@ss@host:080/"), "http://us%20er:p%40ss@host:80/");
        assert_eq!(safe("http://.example.com/"), "http://.example.com/");
        assert_eq!(safe("http://[::1]:8080/x"), "http://[::1]:8080/x");
        assert_eq!(safe("http://www.例子.com/%20%zz"), "http://www.xn--fsqu00a.com/%20%zz");
        assert_eq!(safe(""), "");
        assert_eq!(safe("/a b"), "/a%20b");
    }

    #[test]
    fn encodings_and_quote_path() {
        let latin1 = Encoding::Latin1;
        assert_eq!(with("http://h/ñ?ñ#ñ", latin1, Encoding::Utf8, true).unwrap(), "http://h/%C3%B1?%F1#%F1");
        assert_eq!(with("http://h/ñ?ñ", Encoding::Utf8, latin1, true).unwrap(), "http://h/%F1?%C3%B1");
        assert_eq!(with("http://h/ñ b?x", Encoding::Utf8, Encoding::Utf8, false).unwrap(), "http://h/ñ b?x");
        assert_eq!(
            with("http://h/?€", latin1, Encoding::Utf8, true),
            Err(W3libError::Unencodable { part: Part::Query, text: "€".to_owned() })
        );
        assert_eq!(
            with("http://h/€", Encoding::Utf8, Encoding::Ascii, true),
            Err(W3libError::Unencodable { part: Part::Path, text: "/€".to_owned() })
        );
        // Not quoted, the path is not encoded either.
        assert_eq!(with("http://h/€", Encoding::Utf8, Encoding::Ascii, false).unwrap(), "http://h/€");
    }

    #[test]
    fn errors() {
        assert!(matches!(safe_url_string("http://h:99999/", &SafeOptions::default()), Err(W3libError::Value(_))));
        assert!(matches!(safe_url_string("http://[::1/", &SafeOptions::default()), Err(W3libError::Value(_))));
    }

    #[test]
    fn bytes() {
        let o = SafeOptions { encoding: Encoding::Latin1, ..SafeOptions::default() };
        assert_eq!(safe_url_string_bytes(b"http://h/\xf1?\xf1", &o).unwrap(), "http://h/%C3%B1?%F1");
        assert_eq!(safe_url_string_bytes(b"http://h/\xf1?\xff", &SafeOptions::default()).unwrap(), "http://h/%F1?%FF");
    }

    #[test]
    fn into_leaves_out_on_error() {
        let mut out = "x".to_owned();
        assert!(safe_url_string_into("http://h:x/", &SafeOptions::default(), &mut out).is_err());
        assert_eq!(out, "x");
        safe_url_string_into("http://h/", &SafeOptions::default(), &mut out).unwrap();
        assert_eq!(out, "xhttp://h/");
    }

    #[test]
    fn stand_ins() {
        let o = SafeOptions { stand_ins: true, quote_path: false, ..SafeOptions::default() };
        let s = '\u{F0001}';
        assert_eq!(safe_url_string(&format!("http://h/{s}"), &o).unwrap(), format!("http://h/{s}"));
        for (url, part) in
            [(format!("http://h/?{s}"), Part::Query), (format!("http://u{s}@h/"), Part::UserInfo), (format!("http://h{s}/"), Part::Host)]
        {
            assert!(matches!(safe_url_string(&url, &o), Err(W3libError::Unencodable { part: p, .. }) if p == part), "{url}");
        }
        let quoted = SafeOptions { stand_ins: true, ..SafeOptions::default() };
        assert!(matches!(safe_url_string(&format!("http://h/{s}"), &quoted), Err(W3libError::Unencodable { part: Part::Path, .. })));
        // Without the option, they are characters like others.
        assert_eq!(safe_url_string(&format!("http://h/?{s}"), &SafeOptions::default()).unwrap(), "http://h/?%F3%B0%80%81");
    }

    #[test]
    fn the_already_safe_path_gives_the_steps_answer() {
        let o = SafeOptions::default();
        let urls = [
            "http://example.com",
            "http://example.com/",
            "https://a.b/c/d.html?x=1&y=2#f",
            "http://a..b/",
            "http://a.com?x",
            "http://a.com/?",
            "http://a.com/#",
            "http://a.com/?#",
            "http://a.com/p?q'",
            "http://a.com/p#'",
            "http://a.com/%zz%41",
            "http://xn--zz.com/",
            &format!("http://{}.com/", "a".repeat(70)),
            "http://1.2.3.256/",
            "http://a-.com/a:b@c",
        ];
        for url in urls {
            let fast = already_safe(url, &o).then(|| url.to_owned());
            let mut buffers = Default::default();
            let python = (o.unicode, o.int_max_str_digits);
            let split = safe_url_split(url, o.encoding, PathEncoding::Quote(o.path_encoding), (python, false), &mut buffers);
            let SafeSplit { scheme, netloc, path, query, fragment } = split.ok().unwrap();
            let mut steps = String::new();
            urlunparse_into(&o.schemes, [&scheme, &netloc, &path, "", &query, &fragment], &mut steps);
            if let Some(fast) = fast {
                assert_eq!(fast, steps, "{url}");
            }
        }
        assert!(already_safe("https://a.b/c/d.html?x=1&y=2#f", &o));
        assert!(!already_safe("http://a.com?x", &o));
        assert!(!already_safe("http://a.com/?", &o));
    }

    /// The definition [`safe_parts`] checks in one pass, written part by part.
    fn by_parts(url: &str) -> Option<(usize, usize)> {
        let scheme_len = if url.starts_with("http://") { 7 } else { 8 * usize::from(url.starts_with("https://")) };
        if scheme_len == 0 {
            return None;
        }
        let bytes = &url.as_bytes()[scheme_len..];
        let host_end = bytes.iter().position(|b| b"/?#".contains(b)).unwrap_or(bytes.len());
        let host_ok = host_end > 0 && bytes[..host_end].iter().all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b".-".contains(&b));
        let path_end = host_end + bytes[host_end..].iter().position(|b| b"?#".contains(b)).unwrap_or(bytes.len() - host_end);
        let path = &bytes[host_end..path_end];
        let query_end = path_end + bytes[path_end..].iter().position(|&b| b == b'#').unwrap_or(bytes.len() - path_end);
        let (query, fragment) = (&bytes[path_end..query_end], &bytes[query_end..]);
        let query_ok = query.is_empty() || (query.len() > 1 && !path.is_empty() && SPECIAL_QUERY_SAFEST.all(&query[1..]));
        let fragment_ok = fragment.is_empty() || (fragment.len() > 1 && PATH_SAFEST.all(&fragment[1..]));
        (host_ok && PATH_SAFEST.all(path) && query_ok && fragment_ok).then_some((scheme_len + host_end, scheme_len + path_end))
    }

    #[test]
    fn the_one_pass_is_the_definition_and_urllib_s_parts() {
        use crate::twins::urllib::{Lenient, Urllib};
        let o = SafeOptions::default();
        let urllib = Urllib::cpython(3, 11, 7);
        let alphabet = ["a", "0", ".", "-", "/", "?", "#", "%", "'", "A", " ", "[", ";", ":", "@", "\t", "é", "|"];
        let mut tails = vec![String::new()];
        let mut all = tails.clone();
        for _ in 0..4 {
            tails = tails.iter().flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}"))).collect();
            all.extend(tails.iter().cloned());
        }
        let mut safe = 0;
        for prefix in ["http://", "https://", "http://a", "https://ab.c/", "HTTP://a", "ftp://a/", "http:/", ""] {
            for tail in &all {
                let url = format!("{prefix}{tail}");
                let parts = safe_parts(&url, &o);
                assert_eq!(parts.as_ref().map(|p| (p.host.end, p.path.end)), by_parts(&url), "{url:?}");
                let Some(parts) = parts else { continue };
                safe += 1;
                let split = urllib.urlsplit(&url, "", true, &mut Lenient).unwrap();
                assert_eq!((&url[parts.host.clone()], &url[parts.path.clone()]), (&*split.netloc, &*split.path), "{url:?}");
                assert_eq!(safe_url_string(&url, &SafeOptions { encoding: Encoding::Latin1, ..o.clone() }).unwrap(), url);
            }
        }
        assert!(safe > 10_000, "{safe}");
    }

    #[test]
    fn long_input_is_linear() {
        let url = format!("http://h/{}?{}", "ä ".repeat(250_000), "%".repeat(250_000));
        let out = safe(&url);
        assert!(out.len() > url.len());
    }
}
