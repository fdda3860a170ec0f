//! `urlsplit` and its helpers (`_splitnetloc`, the bracket checks, `_splitparams`).

use std::borrow::Cow;

use super::dialect::{Brackets, Dialect};
use super::types::{Checks, SplitResult, Urllib, UrllibError};
use crate::common::scan::{find_byte, find_first_of2, find_first_of3, is_scheme_char};

/// A URL split as urllib's `_urlsplit(url, None, allow_fragments)` does (3.14), with `None`
/// for an absent component; every older `urlsplit` is this with `''` for `None`.
#[derive(Debug, Clone)]
pub(crate) struct Parts<'a> {
    /// `url[:i].lower()`, when the URL has a scheme.
    pub scheme: Option<Cow<'a, str>>,
    /// After `//`, when the URL has one.
    pub netloc: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl Parts<'_> {
    /// The scheme, `""` when absent.
    pub fn scheme_or_empty(&self) -> &str {
        self.scheme.as_deref().unwrap_or("")
    }
}

/// The first step of `urlsplit` on the URL: `url.lstrip(_WHATWG_C0_CONTROL_OR_SPACE)`, then
/// `url.replace(b, "")` for each of `\t`, `\r`, `\n` (as the [`Dialect`] has them).
#[inline]
pub(crate) fn prepare_url(dialect: Dialect, url: &str) -> Cow<'_, str> {
    let url = if dialect.strip_c0_space {
        // Every byte up to 0x20 is ASCII, so the first other byte starts a character.
        let start = url.bytes().position(|b| b > b' ').unwrap_or(url.len());
        &url[start..]
    } else {
        url
    };
    remove_tab_newline(dialect, url)
}

/// The same for the default scheme, which is stripped at both ends (`scheme.strip(...)`).
pub(crate) fn prepare_scheme(dialect: Dialect, scheme: &str) -> Cow<'_, str> {
    let scheme = if dialect.strip_c0_space { scheme.trim_matches(|c: char| c <= ' ') } else { scheme };
    remove_tab_newline(dialect, scheme)
}

fn remove_tab_newline(dialect: Dialect, s: &str) -> Cow<'_, str> {
    if dialect.remove_tab_newline && memchr::memchr3(b'\t', b'\r', b'\n', s.as_bytes()).is_some() {
        Cow::Owned(s.chars().filter(|c| !matches!(c, '\t' | '\r' | '\n')).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// The body of `urlsplit` after the preparation: scheme, net_loc (with its checks), then
/// fragment, query, and `_checknetloc` last.
pub(crate) fn split<'a, C: Checks>(
    dialect: Dialect,
    url: &'a str,
    allow_fragments: bool,
    checks: &mut C,
) -> Result<Parts<'a>, UrllibError<C::Error>> {
    let b = url.as_bytes();
    let mut rest = url;
    let mut scheme = None;
    // `i = url.find(':')`; `if i > 0 and url[0].isascii() and url[0].isalpha()`; every
    // character of `url[:i]` in `scheme_chars`: then `url[:i].lower()`. The same as scanning
    // the scheme characters from the start and finding a `:` right after them (a `:` is
    // not one of them), without reading the rest of the URL.
    let i = b.iter().position(|&c| !is_scheme_char(c)).unwrap_or(b.len());
    if i > 0 && b.get(i) == Some(&b':') && (!dialect.scheme_starts_alpha || b[0].is_ascii_alphabetic()) {
        scheme = Some(lower(&url[..i]));
        rest = &url[i + 1..];
    }
    // `if url[:2] == '//'`: `_splitnetloc(url, 2)`, the net_loc ends at the first of `/?#`.
    let mut netloc = None;
    if rest.starts_with("//") {
        let end = find_first_of3(rest.as_bytes(), 2, b'/', b'?', b'#');
        let n = &rest[2..end];
        rest = &rest[end..];
        check_brackets(dialect.brackets, n, checks)?;
        netloc = Some(n);
    }
    // `url.split('#', 1)` (when fragments are allowed), then `url.split('?', 1)`: the first
    // `?` or `#` decides, as a `?` after the `#` is in the fragment.
    let (mut query, mut fragment) = (None, None);
    let r = rest.as_bytes();
    let first = if allow_fragments { find_first_of2(r, 0, b'?', b'#') } else { find_byte(r, 0, b'?') };
    if first < r.len() {
        let after = &rest[first + 1..];
        if r[first] == b'#' {
            fragment = Some(after);
        } else {
            let hash = if allow_fragments { find_byte(after.as_bytes(), 0, b'#') } else { after.len() };
            query = Some(&after[..hash]);
            fragment = after.get(hash + 1..);
        }
        rest = &rest[..first];
    }
    // `_checknetloc(netloc)`: `if not netloc or netloc.isascii(): return`.
    if let Some(n) = netloc {
        if !n.is_ascii() {
            checks.netloc(n).map_err(UrllibError::Check)?;
        }
    }
    Ok(Parts { scheme, netloc, path: rest, query, fragment })
}

/// `url[:i].lower()` of an all-ASCII scheme: borrowed unless it has an upper-case letter.
fn lower(scheme: &str) -> Cow<'_, str> {
    if scheme.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(scheme.to_ascii_lowercase())
    } else {
        Cow::Borrowed(scheme)
    }
}

/// `Invalid IPv6 URL` for an unbalanced `[`/`]`; then, when both are present, the checks of
/// the [`Brackets`] rule.
fn check_brackets<C: Checks>(rule: Brackets, netloc: &str, checks: &mut C) -> Result<(), UrllibError<C::Error>> {
    let open = memchr::memchr(b'[', netloc.as_bytes());
    let has_close = memchr::memchr(b']', netloc.as_bytes()).is_some();
    if open.is_some() != has_close {
        return Err(UrllibError::InvalidIpv6Url);
    }
    let Some(open) = open else { return Ok(()) };
    let host = match rule {
        Brackets::None => return Ok(()),
        // `netloc.partition('[')[2].partition(']')[0]`
        Brackets::Host => partition(&netloc[open + 1..], b']').0,
        // `_check_bracketed_netloc(netloc)`
        Brackets::Netloc => {
            let host_and_port = netloc.rfind('@').map_or(netloc, |at| &netloc[at + 1..]);
            if let Some(open) = host_and_port.find('[') {
                if open > 0 {
                    return Err(UrllibError::InvalidIpv6Url);
                }
                let (host, port) = partition(&host_and_port[1..], b']');
                if !port.is_empty() && !port.starts_with(':') {
                    return Err(UrllibError::InvalidIpv6Url);
                }
                host
            } else {
                partition(host_and_port, b':').0
            }
        }
    };
    checks.bracketed_host(host).map_err(UrllibError::Check)
}

/// Python's `s.partition(sep)` without the separator: the text before the first `sep` and
/// the text after it (`""` when there is none).
fn partition(s: &str, sep: u8) -> (&str, &str) {
    match memchr::memchr(sep, s.as_bytes()) {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    }
}

/// `_splitparams(url)` of a path that holds a `;`: params start at the first `;` after the
/// last `/` (anywhere when there is no `/`).
pub(crate) fn splitparams(path: &str) -> (&str, &str) {
    let from = path.rfind('/').unwrap_or(0);
    match path[from..].find(';') {
        Some(i) => (&path[..from + i], &path[from + i + 1..]),
        None => (path, ""),
    }
}

/// `urlsplit(url, scheme, allow_fragments)`.
pub(crate) fn urlsplit<'a, C: Checks>(
    urllib: &Urllib,
    url: &'a str,
    scheme: &'a str,
    allow_fragments: bool,
    checks: &mut C,
) -> Result<SplitResult<'a>, UrllibError<C::Error>> {
    let dialect = *urllib.dialect();
    let default_scheme = prepare_scheme(dialect, scheme);
    match prepare_url(dialect, url) {
        Cow::Borrowed(url) => {
            let p = split(dialect, url, allow_fragments, checks)?;
            Ok(SplitResult {
                scheme: p.scheme.unwrap_or(default_scheme),
                netloc: Cow::Borrowed(p.netloc.unwrap_or("")),
                path: Cow::Borrowed(p.path),
                query: Cow::Borrowed(p.query.unwrap_or("")),
                fragment: Cow::Borrowed(p.fragment.unwrap_or("")),
            })
        }
        Cow::Owned(url) => {
            let p = split(dialect, &url, allow_fragments, checks)?;
            let owned = |s: Option<&str>| Cow::Owned(s.unwrap_or("").to_owned());
            Ok(SplitResult {
                scheme: p.scheme.map_or(default_scheme, |s| Cow::Owned(s.into_owned())),
                netloc: owned(p.netloc),
                path: owned(Some(p.path)),
                query: owned(p.query),
                fragment: owned(p.fragment),
            })
        }
    }
}
