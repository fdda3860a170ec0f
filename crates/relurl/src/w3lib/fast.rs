//! The common case of `canonicalize_url` written straight into the output: a URL of
//! printable ASCII without `\`, a special scheme with an authority, a host without user
//! info, brackets or `%`, and a valid port (about 98.6% of the corpus's links). Any other
//! URL is "not mine" and takes the twin's steps one by one ([`super::canonicalize`]).
//!
//! Why one pass gives the twin's answer on those URLs:
//! - `_strip` and `_urlsplit` change nothing (no C0 control, space or `\`), the scheme is
//!   lower-cased, and `_checknetloc` passes (ASCII);
//! - an ASCII host goes through `_idna` as it is, lower-cased; a port is written back as
//!   its number;
//! - the path, query and fragment quoting of `_safe_url_split` turns each byte outside its
//!   safe set into a `%HH` that the later unquoting (path, query) decodes back to that byte,
//!   and that cannot close an escape begun before it: so the path is
//!   [`quote::requote_path_into`] of the raw path, and the query is `_parse_qsl` of the raw
//!   query (the fragment keeps that quoting: it is written by it);
//! - the dot segments and the params are those of the twin, by the same helpers.

use super::quote::{self, PATH_SAFEST};
use super::Options;

/// The special schemes (`_SPECIAL_SCHEMES` but `file`) as the twin writes them.
const SCHEMES: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// Appends the canonical form of `url` to `out` and returns `true`, or returns `false`
/// (with `out` holding part of an answer, to be cut) for a URL outside the common case.
pub(super) fn canonicalize_into(url: &str, options: &Options<'_>, out: &mut String) -> bool {
    let bytes = url.as_bytes();
    if options.query_separator != "&" || quote::any_byte(bytes, |b| b <= b' ' || b >= 0x7F || b == b'\\') {
        return false;
    }
    let Some(colon) = bytes.iter().take(6).position(|&b| b == b':') else { return false };
    let Some(&scheme) = SCHEMES.iter().find(|s| s.eq_ignore_ascii_case(&url[..colon])) else { return false };
    let Some(rest) = url[colon + 1..].strip_prefix("//") else { return false };
    let end = memchr::memchr3(b'/', b'?', b'#', rest.as_bytes()).unwrap_or(rest.len());
    let (authority, rest) = rest.split_at(end);
    if quote::any_byte(authority.as_bytes(), |b| matches!(b, b'@' | b'[' | b']' | b'%')) {
        return false;
    }
    let (host, port) = authority.split_once(':').unwrap_or((authority, ""));
    // `int(port)` as `str` gives it back; the twin raises for a port out of range.
    let digits = port.trim_start_matches('0');
    let port_ok = port.bytes().all(|b| b.is_ascii_digit()) && (digits.len() < 5 || (digits.len() == 5 && digits <= "65535"));
    if host.is_empty() || !port_ok {
        return false;
    }
    out.push_str(scheme);
    out.push_str("://");
    out.extend(host.chars().map(|c| c.to_ascii_lowercase()));
    if !port.is_empty() {
        out.push(':');
        out.push_str(if digits.is_empty() { "0" } else { digits });
    }
    let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    // `_split_params`: the last segment's `;params`, kept as quoted.
    let last = memchr::memrchr(b'/', path.as_bytes()).map_or(0, |i| i + 1);
    let (path, params) = match memchr::memchr(b';', &path.as_bytes()[last..]) {
        Some(i) if options.schemes.uses_params.contains(scheme) => (&path[..last + i], &path[last + i + 1..]),
        _ => (path, ""),
    };
    let start = out.len();
    if path.is_empty() {
        out.push('/');
    } else {
        quote::requote_path_into(path, out);
        if quote::has_dot_segment_start(&out[start..]) {
            let resolved = quote::remove_dot_segments(&out[start..]);
            out.truncate(start);
            out.push_str(&resolved);
        }
    }
    if !params.is_empty() {
        out.push(';');
        quote::quote_into(params.as_bytes(), &PATH_SAFEST, false, out);
    }
    if !query.is_empty() {
        let mut pairs = quote::parse_qsl(query.as_bytes(), options.keep_blank_values, b"&");
        if !pairs.is_empty() {
            pairs.sort();
            out.push('?');
            quote::urlencode(&pairs, "&", out);
        }
    }
    if options.keep_fragments && !fragment.is_empty() {
        out.push('#');
        quote::quote_into(fragment.as_bytes(), &PATH_SAFEST, false, out);
    }
    true
}

#[cfg(test)]
#[path = "fast_tests.rs"]
mod tests;
