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
use crate::segments::remove_dot_segments_into;

/// Whether a byte may stand anywhere in a fast-path reference: printable ASCII outside the
/// path, special-query and fragment percent-encode sets, and not `\`. A table: one load
/// per byte.
static CLEAN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x21;
    while b <= 0x7E {
        table[b] = !matches!(b as u8, b'"' | b'\'' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'}');
        b += 1;
    }
    table
};

/// Whether every byte of `bytes` is [`CLEAN`]: eight at a time without branches, then the
/// rest.
fn all_clean(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        if !chunk.iter().fold(true, |clean, &b| clean & CLEAN[usize::from(b)]) {
            return false;
        }
    }
    chunks.remainder().iter().all(|&b| CLEAN[usize::from(b)])
}

/// Appends the href of `reference` against `base` to `out` and returns `true`, or returns
/// `false` with `out` untouched when the reference needs the state machine.
pub(super) fn join_into(base: &WhatwgUrl, reference: &str, out: &mut String) -> bool {
    let bytes = reference.as_bytes();
    if !base.fast_base
        || base.serialization.len().saturating_add(bytes.len()) > u32::MAX as usize / 2
        || !all_clean(bytes)
        || has_encoded_dot(bytes)
    {
        return false;
    }
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
        Some(b'/') if bytes.get(1) == Some(&b'/') => authority(out, scheme, reference.get(2..).unwrap_or("")),
        Some(b'/') => {
            // Relative slash state, then path state (the path start is the `/`).
            out.push_str(base.slice(0, base.path_start));
            path_and_rest(out, "", reference);
            true
        }
        Some(_) => {
            if let Some(colon) = split_scheme(bytes) {
                let ref_scheme = reference.get(..colon).unwrap_or("");
                let rest = reference.get(colon + 1..).unwrap_or("");
                match (lower_special(ref_scheme), strip_two_slashes(rest)) {
                    (Some(lower), Some(after)) => authority(out, lower, after),
                    _ => false,
                }
            } else {
                // Relative state: the base's path, shortened (up to its last `/`), then the
                // path state.
                out.push_str(base.slice(0, base.path_start));
                let path = base.pathname();
                let dir = path.get(..path.rfind('/').map_or(0, |slash| slash + 1)).unwrap_or("");
                path_and_rest(out, dir, reference);
                true
            }
        }
    };
    if !ok {
        out.truncate(start);
    }
    ok
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

/// `scheme://` and the authority at the start of `rest` (§4.4 authority, host and port
/// states), then the path, query and fragment; `false` if the authority needs the state
/// machine.
fn authority(out: &mut String, scheme: &str, rest: &str) -> bool {
    let end = memchr::memchr3(b'/', b'?', b'#', rest.as_bytes()).unwrap_or(rest.len());
    let (authority, after) = rest.split_at(end);
    let (host, port) = match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    if host.is_empty() || !host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_')) {
        return false;
    }
    let port = match port {
        None | Some("") => None,
        Some(digits) if digits.len() <= 5 && digits.bytes().all(|b| b.is_ascii_digit()) => match digits.parse::<u16>() {
            Ok(port) if Some(port) == default_port(scheme) => None,
            Ok(port) => Some(port),
            Err(_) => return false,
        },
        Some(_) => return false,
    };
    out.push_str(scheme);
    out.push_str("://");
    let host_start = out.len();
    out.push_str(host);
    if let Some(host) = out.get_mut(host_start..) {
        host.make_ascii_lowercase();
    }
    if out.get(host_start..).is_none_or(ends_in_a_number) {
        return false;
    }
    if let Some(port) = port {
        out.push(':');
        out.push_str(itoa(port, &mut [0; 5]));
    }
    // §4.4 path start state: `after` begins with the path's `/`, or there is no path.
    path_and_rest(out, "", after);
    true
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

/// The §4.4 path state over `rest` up to its `?` or `#`, after the path `dir` (the base's
/// path up to its last `/`, or `""`), then the query and fragment, which need no encoding
/// here. On the fast path (a special URL; no `%2e`, no `\`, no Windows drive letter rule)
/// the path state's "shorten a URL's path" and "append to url's path" steps build exactly
/// what RFC 3986 §5.2.4 `remove_dot_segments` makes of the merged path: `.` segments go, a
/// `..` removes the segment before it (none above the root), a final `.` or `..` leaves the
/// path ending in `/`. So it is the shared segment stack ([`remove_dot_segments_into`]);
/// an empty path is `/` (a special URL's path always has a segment).
fn path_and_rest(out: &mut String, dir: &str, rest: &str) {
    let end = memchr::memchr2(b'?', b'#', rest.as_bytes()).unwrap_or(rest.len());
    let (path, tail) = rest.split_at(end);
    if dir.is_empty() && path.is_empty() {
        out.push('/');
    } else {
        remove_dot_segments_into(out, dir, path);
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
        for reference in ["/a/b?c", "../x", "page.html#f", "?q", "#h", "", "https://host/path", "//cdn.example.com/x.js", "HTTP://Host:80/"]
        {
            let mut out = String::new();
            assert!(join_into(&base, reference, &mut out), "{reference:?} takes the fast path");
            assert_eq!(out, base.join(reference).unwrap().as_str(), "{reference:?}");
        }
        for reference in ["a b", "é", "a\\b", "%2e/x", "mailto:x", "http://[::1]/", "http://1.2.3.4/", "http://u@h/", "a\tb", "?'"] {
            let mut out = String::from("kept");
            assert!(!join_into(&base, reference, &mut out), "{reference:?} goes to the state machine");
            assert_eq!(out, "kept");
        }
        let file = WhatwgUrl::parse("file:///C:/x").unwrap();
        assert!(!join_into(&file, "y", &mut String::new()), "a file: base goes to the state machine");
    }
}
