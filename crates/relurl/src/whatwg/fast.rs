//! The fast path of [`super::WhatwgUrl::join_into`]: the references real pages hold
//! (`/a/b?c`, `../x`, `page.html#f`, `?q`, `#h`, `https://host/path`), resolved against a
//! special, non-`file` base without building a [`WhatwgUrl`].
//!
//! It takes a reference only when the state machine (§4.4) would do nothing to it but split
//! it and resolve its dot segments: every byte printable ASCII (no C0 control, space, tab or
//! newline: nothing to trim or remove), no `\`, nothing any percent-encode set (§1.3) of the
//! path, special query or fragment holds, no `%2e` (a dot segment in disguise), and a host
//! (if any) of ASCII letters, digits, `-`, `.` and `_` that does not end in a number, with
//! no userinfo. Then the answer is the base's serialization up to the right offset, and the
//! path resolved over the shared segment stack (`src/segments.rs`, RFC 3986 §5.2.4's rules,
//! which build exactly what the path state's "shorten a URL's path" and "append to url's
//! path" steps build here), in the output itself. Anything else returns
//! `false` and goes to the state machine. `tests/it/whatwg_join.rs` checks the two agree.

use super::host::ends_in_a_number;
use super::{default_port, WhatwgUrl};
use crate::scan::may_have_dot_segment;
use crate::segments::remove_dot_segments_into;

/// What [`scan`] learns of a reference from each byte: bits set for the ordinary bytes, so
/// that AND-ing the classes of every byte leaves a bit set only if no byte cleared it. A
/// table: one load per byte.
static CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0x21;
    while b <= 0x7E {
        table[b] = match b as u8 {
            b'"' | b'\'' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'}' => 0,
            b'%' => CLEAN | NO_QUERY_OR_FRAGMENT,
            b'?' | b'#' => CLEAN | NO_PERCENT,
            _ => CLEAN | NO_PERCENT | NO_QUERY_OR_FRAGMENT,
        };
        b += 1;
    }
    table
};
/// Printable ASCII outside the path, special-query and fragment percent-encode sets (§1.3),
/// and not `\`: a byte the fast path may copy as it is.
const CLEAN: u8 = 1;
/// Not `%` (so no `%2e` to look for).
const NO_PERCENT: u8 = 2;
/// Not `?` or `#` (so a path runs to the end of the reference).
const NO_QUERY_OR_FRAGMENT: u8 = 4;

/// The AND of the [`CLASS`]es of every byte of `bytes`: eight at a time without branches,
/// then the rest; it stops early once a byte is not [`CLEAN`].
fn scan(bytes: &[u8]) -> u8 {
    let mut summary = CLEAN | NO_PERCENT | NO_QUERY_OR_FRAGMENT;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        summary = chunk.iter().fold(summary, |summary, &b| summary & CLASS[usize::from(b)]);
        if summary & CLEAN == 0 {
            return summary;
        }
    }
    chunks.remainder().iter().fold(summary, |summary, &b| summary & CLASS[usize::from(b)])
}

/// Appends the href of `reference` against `base` to `out` and returns `true`, or returns
/// `false` with `out` untouched when the reference needs the state machine.
pub(super) fn join_into(base: &WhatwgUrl, reference: &str, out: &mut String) -> bool {
    // §4.4 step 1: leading and trailing C0 controls and spaces go (step 2's tabs and
    // newlines inside are not [`CLEAN`], and go to the state machine).
    let reference = reference.trim_matches(|c| c <= ' ');
    let bytes = reference.as_bytes();
    if !base.fast_base || base.serialization.len().saturating_add(bytes.len()) > u32::MAX as usize / 2 {
        return false;
    }
    let summary = scan(bytes);
    if summary & CLEAN == 0 || (summary & NO_PERCENT == 0 && has_encoded_dot(bytes)) {
        return false;
    }
    // Whether the path (if any) runs to the end: no `?` or `#` to look for.
    let plain = summary & NO_QUERY_OR_FRAGMENT != 0;
    let scheme = base.scheme();
    let start = out.len();
    let ok = match bytes.first() {
        // §4.4 relative state with EOF, `?` or `#`: the base up to its fragment (or query).
        None => {
            out.push_str(base.slice(0, base.fragment_start.unwrap_or_else(|| base.len32())));
            true
        }
        Some(b'#') => {
            out.push_str(base.slice(0, base.fragment_start.unwrap_or_else(|| base.len32())));
            out.push_str(reference);
            true
        }
        Some(b'?') => {
            out.push_str(base.slice(0, base.path_end()));
            out.push_str(reference);
            true
        }
        Some(b'/') if bytes.get(1) == Some(&b'/') => authority(out, scheme, reference.get(2..).unwrap_or(""), plain),
        Some(b'/') => {
            // Relative slash state, then path state (the path start is the `/`).
            out.push_str(base.slice(0, base.path_start));
            path_and_rest(out, "", reference, plain);
            true
        }
        Some(_) => {
            if let Some((lower, after)) = http_prefix(bytes) {
                authority(out, lower, reference.get(after..).unwrap_or(""), plain)
            } else if let Some(colon) = split_scheme(bytes) {
                let ref_scheme = reference.get(..colon).unwrap_or("");
                let rest = reference.get(colon + 1..).unwrap_or("");
                match (lower_special(ref_scheme), strip_two_slashes(rest)) {
                    (Some(lower), Some(after)) => authority(out, lower, after, plain),
                    (Some(_), None) => false,
                    (None, _) => opaque(out, ref_scheme, rest),
                }
            } else {
                // Relative state: the base's path, shortened (up to its last `/`), then the
                // path state.
                out.push_str(base.slice(0, base.path_start));
                let path = base.pathname();
                let dir = path.get(..path.rfind('/').map_or(0, |slash| slash + 1)).unwrap_or("");
                path_and_rest(out, dir, reference, plain);
                true
            }
        }
    };
    if !ok {
        out.truncate(start);
    }
    ok
}

/// A reference with a scheme that is not special (§4.4 scheme state): with a `rest` that
/// does not start with `/` (and is not `file`), the opaque path state, whose encode set
/// (C0 controls), and the non-special query and fragment sets, hold no [`CLEAN`] byte; so
/// the href is the scheme lower-cased, `:` and the rest as it is (`mailto:`, `javascript:`,
/// `data:`, `tel:` links). `false` for the rest.
fn opaque(out: &mut String, scheme: &str, rest: &str) -> bool {
    if rest.starts_with('/') || scheme.eq_ignore_ascii_case("file") {
        return false;
    }
    let start = out.len();
    out.push_str(scheme);
    if let Some(scheme) = out.get_mut(start..) {
        scheme.make_ascii_lowercase();
    }
    out.push(':');
    out.push_str(rest);
    true
}

/// `http://` or `https://` at the start of `bytes`, ASCII case-insensitively: the scheme
/// and the offset after its `//` (most absolute references on real pages; other schemes go
/// through [`split_scheme`]). `| 0x20` lower-cases a letter, and gives `h`, `t` or `p` for
/// no byte but that letter's two cases.
fn http_prefix(bytes: &[u8]) -> Option<(&'static str, usize)> {
    let [a, b, c, d, rest @ ..] = bytes else { return None };
    if u32::from_le_bytes([*a, *b, *c, *d]) | 0x2020_2020 != u32::from_le_bytes(*b"http") {
        return None;
    }
    match rest {
        [b':', b'/', b'/', ..] => Some(("http", 7)),
        [s, b':', b'/', b'/', ..] if *s | 0x20 == b's' => Some(("https", 8)),
        _ => None,
    }
}

/// Whether `bytes` holds `%2e` or `%2E`.
fn has_encoded_dot(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'%', bytes).any(|i| bytes.get(i + 1) == Some(&b'2') && matches!(bytes.get(i + 2), Some(b'e' | b'E')))
}

/// The offset of the `:` ending a scheme (§4.4 scheme start and scheme states), if the
/// reference begins with one.
fn split_scheme(bytes: &[u8]) -> Option<usize> {
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = bytes.iter().position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (bytes.get(end) == Some(&b':')).then_some(end)
}

/// `rest` after a leading `//` (byte tests: `strip_prefix` calls `memcmp`).
fn strip_two_slashes(rest: &str) -> Option<&str> {
    match rest.as_bytes() {
        [b'/', b'/', ..] => rest.get(2..),
        _ => None,
    }
}

/// The special, non-`file` scheme `scheme` is, ASCII case-insensitively.
fn lower_special(scheme: &str) -> Option<&'static str> {
    ["http", "https", "ws", "wss", "ftp"].into_iter().find(|s| s.eq_ignore_ascii_case(scheme))
}

/// Host bytes the fast path takes: ASCII letters, digits, `-`, `.` and `_` ([`HOST_BYTE`]),
/// upper-case letters also [`UPPER`]; 0 for every other byte.
static HOST: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b'A'..=b'Z' => HOST_BYTE | UPPER,
            b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => HOST_BYTE,
            _ => 0,
        };
        b += 1;
    }
    table
};
/// A byte a fast-path host may hold.
const HOST_BYTE: u8 = 1;
/// An upper-case letter, which the host parser lower-cases (domain to ASCII, §3.3).
const UPPER: u8 = 2;

/// `scheme://` and the authority at the start of `rest` (§4.4 authority, host and port
/// states), then the path, query and fragment; `false` if the authority needs the state
/// machine (userinfo, an IPv6 or IPv4 host, a byte the host parser would map or refuse, a
/// port out of range or followed by something else). One pass over the host and port.
fn authority(out: &mut String, scheme: &str, rest: &str, plain: bool) -> bool {
    let bytes = rest.as_bytes();
    let (mut end, mut classes) = (0, 0);
    while let Some(&b) = bytes.get(end) {
        let class = HOST[usize::from(b)];
        if class == 0 {
            break;
        }
        classes |= class;
        end += 1;
    }
    let host = rest.get(..end).unwrap_or("");
    if host.is_empty() || (last_label_starts_with_digit(host.as_bytes()) && ends_in_a_number(host)) {
        return false;
    }
    // Port state: digits up to the path, query or fragment (none: no port).
    let (mut after, mut port) = (end, None);
    if bytes.get(end) == Some(&b':') {
        after += 1;
        let mut value = 0u32;
        while let Some(&digit) = bytes.get(after).filter(|d| d.is_ascii_digit()) {
            value = value * 10 + u32::from(digit - b'0');
            if value > u32::from(u16::MAX) {
                return false; // port out of range: the state machine's failure
            }
            after += 1;
        }
        let value = value as u16;
        if after > end + 1 && Some(value) != default_port(scheme) {
            port = Some(value);
        }
    }
    if !matches!(bytes.get(after), None | Some(b'/' | b'?' | b'#')) {
        return false;
    }
    out.push_str(scheme);
    out.push_str("://");
    let host_start = out.len();
    out.push_str(host);
    if classes & UPPER != 0 {
        if let Some(host) = out.get_mut(host_start..) {
            host.make_ascii_lowercase();
        }
    }
    if let Some(port) = port {
        out.push(':');
        out.push_str(itoa(port, &mut [0; 5]));
    }
    // §4.4 path start state: the rest begins with the path's `/`, or there is no path.
    path_and_rest(out, "", rest.get(after..).unwrap_or(""), plain);
    true
}

/// Whether the last label of `host` (after a final `.` is dropped) starts with an ASCII
/// digit, as every IPv4 number does: only then can the host end in a number (§3.5), which
/// [`ends_in_a_number`] then decides. Labels are short, so a backward loop.
fn last_label_starts_with_digit(host: &[u8]) -> bool {
    let body = match host {
        [body @ .., b'.'] => body,
        _ => host,
    };
    let start = body.iter().rposition(|&b| b == b'.').map_or(0, |dot| dot + 1);
    body.get(start).is_some_and(u8::is_ascii_digit)
}

/// The decimal digits of `n`.
fn itoa(mut n: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        if let Some(slot) = buf.get_mut(i) {
            *slot = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    core::str::from_utf8(buf.get(i..).unwrap_or(b"0")).unwrap_or("0")
}

/// The §4.4 path state over `rest` up to its `?` or `#` (`plain`: it has none), after the
/// path `dir` (the base's path up to its last `/`, or `""`), then the query and fragment,
/// which need no encoding here. On the fast path (a special URL; no `%2e`, no `\`, no
/// Windows drive letter rule) the path state's "shorten a URL's path" and "append to url's
/// path" steps build exactly what RFC 3986 §5.2.4 `remove_dot_segments` makes of the merged
/// path: `.` segments go, a `..` removes the segment before it (none above the root), a
/// final `.` or `..` leaves the path ending in `/`. So it is the shared segment stack
/// ([`remove_dot_segments_into`]); an empty path is `/` (a special URL's path always has a
/// segment).
fn path_and_rest(out: &mut String, dir: &str, rest: &str, plain: bool) {
    let end = if plain { rest.len() } else { memchr::memchr2(b'?', b'#', rest.as_bytes()).unwrap_or(rest.len()) };
    let (path, tail) = rest.split_at(end);
    if !dir.is_empty() {
        remove_dot_segments_into(out, dir, path);
    } else if path.is_empty() {
        out.push('/');
    } else if may_have_dot_segment(path.as_bytes()) {
        remove_dot_segments_into(out, "", path);
    } else {
        // A rooted path with no `.` or `..` segment: the stack would copy it as it is.
        out.push_str(path);
    }
    out.push_str(tail);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path takes the references real pages hold, and leaves the rest to the state
    /// machine (which `tests/it/whatwg_join.rs` checks it agrees with).
    #[test]
    fn takes_the_common_references() {
        let base = WhatwgUrl::parse("https://example.com/a/b/c?q#f").unwrap();
        for reference in ["/a/b?c", "../x", "page.html#f", "?q", "#h", "", "https://host/path", "//cdn.example.com/x.js", "HTTP://Host:80/", "mailto:x", " /a\n"]
        {
            let mut out = String::new();
            assert!(join_into(&base, reference, &mut out), "{reference:?} takes the fast path");
            assert_eq!(out, base.join(reference).unwrap().as_str(), "{reference:?}");
        }
        for reference in ["a b", "é", "a\\b", "%2e/x", "sc://h/", "file:x", "http:x", "http://[::1]/", "http://1.2.3.4/", "http://u@h/", "a\tb", "?'"] {
            let mut out = String::from("kept");
            assert!(!join_into(&base, reference, &mut out), "{reference:?} goes to the state machine");
            assert_eq!(out, "kept");
        }
        let file = WhatwgUrl::parse("file:///C:/x").unwrap();
        assert!(!join_into(&file, "y", &mut String::new()), "a file: base goes to the state machine");
    }
}
