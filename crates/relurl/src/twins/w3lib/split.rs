//! w3lib's own URL splitter (`w3lib/_url.py`: `_strip`, `_urlsplit` and its checks
//! `_check_bracketed_netloc`, `_check_bracketed_host`, `_checknetloc`, and
//! `_SplitResult.__post_init__`). w3lib 2.5 no longer calls `urllib.parse.urlsplit`: its
//! reimplementation differs (a `\` ends the authority of a special scheme, brackets count
//! only inside the authority, the NFKC check also rejects `\`, the port is checked at
//! once), so this is a twin of that code, not of urllib's.

use std::borrow::Cow;

use super::ip::{ip_address, IpAddress};
use super::unicode::{nfkc_current, py_lower};
use super::W3libError;
use crate::twins::idna2003::UnicodeVersion;

/// The special schemes of the URL Standard (`_SPECIAL_SCHEMES`).
pub(crate) fn is_special(scheme: &str) -> bool {
    matches!(scheme, "ftp" | "file" | "http" | "https" | "ws" | "wss")
}

const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

fn c0_or_space(c: char) -> bool {
    c <= ' '
}

/// Whether `s` has no C0 control or space (counted without short-circuit, so that the loop
/// is vector code).
fn s_has_no_c0(s: &str) -> bool {
    !super::quote::any_byte(s.as_bytes(), |b| b <= b' ')
}

/// `_strip(s)`: when `s` holds a C0 control or space, strip them from both ends and delete
/// every tab and newline.
pub(crate) fn strip(s: &str) -> Cow<'_, str> {
    if s_has_no_c0(s) {
        return s.into();
    }
    s.trim_matches(c0_or_space).chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect::<String>().into()
}

/// A `_SplitResult`: the five components, and the net_loc's parts.
#[derive(Debug, Default)]
pub(crate) struct Split<'a> {
    pub scheme: Cow<'a, str>,
    /// The net_loc as split (`_SplitResult.netloc`).
    pub netloc: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    pub fragment: &'a str,
    pub username: Option<&'a str>,
    pub password: Option<&'a str>,
    /// Lower-cased before any `%` (`__post_init__`); `None` only for an empty URL.
    pub hostname: Option<Cow<'a, str>>,
    pub port: Option<u16>,
}

fn value_error(reason: &str) -> W3libError {
    W3libError::Value(reason.to_owned())
}

/// The length of the scheme `^([a-zA-Z][a-zA-Z0-9+\-.]*):` matches, if it does.
pub(crate) fn scheme_len(url: &str) -> Option<usize> {
    let b = url.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let end = b.iter().position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))).unwrap_or(b.len());
    (b.get(end) == Some(&b':')).then_some(end)
}

/// Whether a special scheme's URL has a `\` before its query and fragment (w3lib turns
/// those into `/`).
fn has_backslash(url: &str) -> bool {
    // Most URLs have none: one pass says so.
    if memchr::memchr(b'\\', url.as_bytes()).is_none() {
        return false;
    }
    let Some(len) = scheme_len(url) else { return false };
    let rest = &url.as_bytes()[len + 1..];
    let cut = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
    memchr::memchr(b'\\', &rest[..cut]).is_some() && SPECIAL.iter().any(|s| s.eq_ignore_ascii_case(&url[..len]))
}

/// `_urlsplit(url)`: the components borrow `url`, or `scratch` when w3lib changes the
/// text first (tabs and newlines deleted, `\` as `/` in a special URL).
/// A port of more digits than `int_max_str_digits` is refused as `int(port)` refuses it.
pub(crate) fn urlsplit<'a>(
    url: &'a str,
    (unicode, int_max_str_digits): (UnicodeVersion, usize),
    scratch: &'a mut String,
) -> Result<Split<'a>, W3libError> {
    if url.is_empty() {
        return Ok(Split::default());
    }
    // Without C0 controls and spaces (no tab, no newline, nothing to trim), as `_strip`
    // leaves most URLs, the text is split as it is unless it has a `\\` to turn.
    let plain = s_has_no_c0(url);
    let has_tab = !plain && memchr::memchr3(b'\t', b'\n', b'\r', url.as_bytes()).is_some();
    let trimmed = if plain { url } else { url.trim_start_matches(c0_or_space) };
    let url: &'a str = if has_tab || has_backslash(trimmed) {
        let filtered: String = url.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
        let mut text = filtered.trim_start_matches(c0_or_space).to_owned();
        if has_backslash(&text) {
            let len = scheme_len(&text).unwrap_or(0) + 1;
            let cut = text[len..].find(['?', '#']).map_or(text.len(), |i| i + len);
            text = text[..cut].replace('\\', "/") + &text[cut..];
        }
        *scratch = text;
        scratch.as_str()
    } else {
        trimmed
    };
    let (scheme, url) = match scheme_len(url) {
        Some(len) => {
            let s = &url[..len];
            (if s.bytes().any(|b| b.is_ascii_uppercase()) { Cow::Owned(s.to_ascii_lowercase()) } else { Cow::Borrowed(s) }, &url[len + 1..])
        }
        None => (Cow::Borrowed(""), url),
    };
    let has_netloc = url.starts_with("//");
    let from = if has_netloc { 2 } else { 0 };
    let find = |c: u8| url.as_bytes().get(from..).and_then(|s| memchr::memchr(c, s)).map(|i| i + from);
    let (slash, mut question, mut hash) = (find(b'/'), find(b'?'), find(b'#'));
    let mut netloc = "";
    let mut bracketed = false;
    let mut rest = url;
    if has_netloc {
        let delim = [slash, question, hash].into_iter().flatten().min().unwrap_or(url.len());
        // Brackets count only inside the authority.
        let authority = &url.as_bytes()[2..delim];
        let (open, close) = (memchr::memchr(b'[', authority).is_some(), memchr::memchr(b']', authority).is_some());
        if open != close {
            return Err(value_error("Invalid IPv6 URL"));
        }
        netloc = &url[2..delim];
        if open {
            check_bracketed_netloc(netloc)?;
            bracketed = true;
        }
        rest = &url[delim..];
        question = question.map(|q| q - delim);
        hash = hash.map(|h| h - delim);
    }
    checknetloc(netloc, unicode)?;
    let mut path = rest;
    let mut fragment = "";
    let mut query = "";
    if let Some(h) = hash {
        fragment = &path[h + 1..];
        path = &path[..h];
    }
    if let Some(q) = question {
        query = path.get(q + 1..).unwrap_or("");
        path = path.get(..q).unwrap_or(path);
    }
    let (userinfo, hostinfo) = match memchr::memrchr(b'@', netloc.as_bytes()) {
        Some(at) => (Some(&netloc[..at]), &netloc[at + 1..]),
        None => (None, netloc),
    };
    let (username, password) = match userinfo {
        Some(u) => match u.split_once(':') {
            Some((user, pass)) => (Some(user), Some(pass)),
            None => (Some(u), None),
        },
        None => (None, None),
    };
    let (hostname, port) = if bracketed {
        let after_open = hostinfo.split_once('[').map_or("", |(_, r)| r);
        let (host, after) = after_open.split_once(']').unwrap_or((after_open, ""));
        (host, after.split_once(':').map_or("", |(_, p)| p))
    } else {
        hostinfo.split_once(':').unwrap_or((hostinfo, ""))
    };
    let hostname = match hostname.split_once('%') {
        Some((h, zone)) => Cow::Owned(format!("{}%{zone}", py_lower(h, unicode))),
        None => py_lower(hostname, unicode),
    };
    let port = if port.is_empty() {
        None
    } else if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Err(W3libError::Value(format!("Port could not be cast to integer value as {port}")));
    } else {
        // `int(port)`, then `port in range(65535 + 1)`.
        crate::common::int_limit::check(port.len(), int_max_str_digits).map_err(W3libError::TooManyDigits)?;
        let digits = port.trim_start_matches('0');
        let value = if digits.is_empty() { Some(0) } else { digits.parse::<u16>().ok() };
        Some(value.ok_or_else(|| value_error("Port out of range 0-65535"))?)
    };
    Ok(Split { scheme, netloc, path, query, fragment, username, password, hostname: Some(hostname), port })
}

/// `_check_bracketed_netloc(netloc)` (a backport of CPython gh-105704).
fn check_bracketed_netloc(netloc: &str) -> Result<(), W3libError> {
    let host_and_port = netloc.rfind('@').map_or(netloc, |at| &netloc[at + 1..]);
    let host = match host_and_port.split_once('[') {
        Some((before, bracketed)) => {
            if !before.is_empty() {
                return Err(value_error("Invalid IPv6 URL"));
            }
            let (host, port) = bracketed.split_once(']').unwrap_or((bracketed, ""));
            if !port.is_empty() && !port.starts_with(':') {
                return Err(value_error("Invalid IPv6 URL"));
            }
            host
        }
        None => host_and_port.split_once(':').map_or(host_and_port, |(h, _)| h),
    };
    check_bracketed_host(host)
}

/// `_check_bracketed_host(hostname)`: an IPvFuture (`v` hex `.` anything) or an IPv6 address.
fn check_bracketed_host(host: &str) -> Result<(), W3libError> {
    if host.starts_with(['v', 'V']) {
        // `\Av[a-fA-F0-9]+\..+\Z`
        let ok = host.strip_prefix('v').is_some_and(|r| {
            let hex = r.bytes().take_while(u8::is_ascii_hexdigit).count();
            hex > 0 && r[hex..].strip_prefix('.').is_some_and(|tail| !tail.is_empty() && !tail.contains('\n'))
        });
        return if ok { Ok(()) } else { Err(value_error("IPvFuture address is invalid")) };
    }
    match ip_address(host) {
        Some(IpAddress::V6(..)) => Ok(()),
        Some(IpAddress::V4) => Err(value_error("An IPv4 address cannot be in brackets")),
        None => Err(W3libError::Value(format!("'{host}' does not appear to be an IPv4 or IPv6 address"))),
    }
}

/// `_checknetloc(netloc)`: a non-ASCII net_loc whose NFKC form (without `@:#?`) differs
/// and holds one of `/?#@:\` is rejected.
fn checknetloc(netloc: &str, unicode: UnicodeVersion) -> Result<(), W3libError> {
    if netloc.is_ascii() {
        return Ok(());
    }
    let cleaned: String = netloc.chars().filter(|c| !matches!(c, '@' | ':' | '#' | '?')).collect();
    let normalized = nfkc_current(&cleaned, unicode);
    if cleaned != normalized && normalized.contains(['/', '?', '#', '@', ':', '\\']) {
        return Err(W3libError::NfkcNetloc(netloc.to_owned()));
    }
    Ok(())
}

/// w3lib's `_idna(hostname)`: an ASCII host as it is; any other, without `@:#?`, through
/// NFKC and `str.encode("idna")` ([`crate::idna2003::to_ascii`]); `None` where that fails.
pub(crate) fn idna(hostname: &str, unicode: UnicodeVersion) -> Option<Cow<'_, str>> {
    if hostname.is_ascii() {
        return Some(hostname.into());
    }
    let cleaned: String = hostname.chars().filter(|c| !matches!(c, '@' | ':' | '#' | '?')).collect();
    crate::twins::idna2003::to_ascii(&nfkc_current(&cleaned, unicode), unicode).ok().map(|a| a.into_owned().into())
}
