//! The fast path of [`super::WhatwgUrl::join_into`]: the references real pages hold
//! (`/a/b?c`, `../x`, `page.html#f`, `?q`, `#h`, `https://host/path`, `mailto:x`),
//! resolved against a special, non-`file` base without building a [`WhatwgUrl`].
//!
//! It takes a reference only when the state machine (§4.4) would do nothing to it but trim
//! it (step 1), split it and resolve its dot segments: after the trim, every byte printable
//! ASCII (no C0 control, space, tab or newline), no `\`, nothing any percent-encode set
//! (§1.3) of the path, special query or fragment holds, no `%2e` (a dot segment in
//! disguise), and a host (if any) of ASCII letters, digits, `-`, `.` and `_` that does not
//! end in a number, with no userinfo; or a non-special scheme with an opaque path. One
//! vector scan of the reference ([`scan`]) finds all that needs a look at every byte. Then
//! the answer is the base's serialization up to the right offset, and the path resolved
//! over the shared segment stack (`src/common/segments.rs`, RFC 3986 §5.2.4's rules, which build
//! exactly what the path state's "shorten a URL's path" and "append to url's path" steps
//! build here), in the output itself. Anything else returns `false` and goes to the state
//! machine. `tests/it/whatwg_join.rs` checks the two agree.

use super::host::ends_in_a_number;
use super::{default_port, WhatwgUrl};
use crate::common::segments::remove_dot_segments_into;

/// A byte the fast path may not copy as it is: not printable ASCII (C0 controls, space,
/// tab, newline, DEL, non-ASCII), `\`, or in the path, special-query or fragment
/// percent-encode set (§1.3).
const UNCLEAN: u8 = 1;
/// A `%` (then the reference may hold `%2e`, a dot segment in disguise).
const PERCENT: u8 = 2;
/// A `?` or `#` (else a path runs to the end of the reference).
const QUERY_OR_FRAGMENT: u8 = 4;
/// A `.` at the start or after a `/`: maybe a `.` or `..` segment (in the path, or in a
/// query, where it is harmless: the segment stack then finds nothing to remove).
const DOT_SEGMENT: u8 = 8;

/// What `b` is, of [`UNCLEAN`], [`PERCENT`] and [`QUERY_OR_FRAGMENT`], and [`DOT_SEGMENT`]
/// if `b` is `/` and `next` is `.`; comparisons only, so that [`add_block`] is vector code.
#[inline]
#[allow(clippy::needless_bitwise_bool, reason = "`|` and `&` on purpose: no branches, so vector code")]
fn flags(b: u8, next: u8) -> u8 {
    let unclean = (b.wrapping_sub(0x21) > 0x7E - 0x21)
        | (b == b'"')
        | (b == b'\'')
        | (b == b'<')
        | (b == b'>')
        | (b == b'\\')
        | (b == b'^')
        | (b == b'`')
        | (b == b'{')
        | (b == b'}');
    u8::from(unclean) | u8::from(b == b'%') << 1 | u8::from((b == b'?') | (b == b'#')) << 2 | u8::from((b == b'/') & (next == b'.')) << 3
}

/// Adds to `found` the [`flags`] of the first 16 bytes of `window` (the 17th is the last
/// one's `next`), byte by byte: vector code, reduced once at the end of [`scan`].
#[inline]
fn add_block(found: &mut [u8; 16], window: &[u8; 17]) {
    for (k, slot) in found.iter_mut().enumerate() {
        *slot |= flags(window[k], window[k + 1]);
    }
}

/// The [`flags`] of every byte of `bytes`, OR-ed (and [`DOT_SEGMENT`] for a leading `.`).
/// Sixteen bytes at a time; the bytes after the last whole block are covered by the last
/// 17 bytes again (OR-ing a byte twice changes nothing), and the final byte on its own; a
/// reference shorter than 17 bytes as one block padded with `a` (which has no flag).
fn scan(bytes: &[u8]) -> u8 {
    let mut found = [0; 16];
    let mut last = 0;
    if let (Some(window), Some(&final_byte)) = (bytes.last_chunk::<17>(), bytes.last()) {
        let mut rest = bytes;
        while let Some(window) = rest.first_chunk::<17>() {
            add_block(&mut found, window);
            rest = rest.get(16..).unwrap_or_default();
        }
        add_block(&mut found, window);
        last = flags(final_byte, b'a');
    } else {
        let mut padded = [b'a'; 17];
        if let Some(head) = padded.get_mut(..bytes.len()) {
            head.copy_from_slice(bytes);
        }
        add_block(&mut found, &padded);
    }
    let lead = if bytes.first() == Some(&b'.') { DOT_SEGMENT } else { 0 };
    found.iter().fold(lead | last, |all, &f| all | f)
}

/// Appends the href of `reference` against `base` to `out` and returns `true`, or returns
/// `false` with `out` untouched when the reference needs the state machine.
pub(super) fn join_into(base: &WhatwgUrl, reference: &str, out: &mut String) -> bool {
    // §4.4 step 1: leading and trailing C0 controls and spaces go (step 2's tabs and
    // newlines inside are [`UNCLEAN`], and go to the state machine).
    let reference = match reference.as_bytes() {
        [first, .., last] if *first > b' ' && *last > b' ' => reference,
        [only] if *only > b' ' => reference,
        _ => reference.trim_matches(|c| c <= ' '),
    };
    let bytes = reference.as_bytes();
    if !base.fast_base || base.serialization.len().saturating_add(bytes.len()) > u32::MAX as usize / 2 {
        return false;
    }
    let found = scan(bytes);
    if found & UNCLEAN != 0 || (found & PERCENT != 0 && has_encoded_dot(bytes)) {
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
        Some(b'/') if bytes.get(1) == Some(&b'/') => authority(out, scheme, reference.get(2..).unwrap_or(""), found),
        Some(b'/') => {
            // Relative slash state, then path state (the path start is the `/`).
            out.push_str(base.slice(0, base.path_start));
            path_and_rest(out, "", reference, found);
            true
        }
        Some(_) => {
            if let Some((lower, after)) = http_prefix(bytes) {
                authority(out, lower, reference.get(after..).unwrap_or(""), found)
            } else if let Some(colon) = split_scheme(bytes) {
                let ref_scheme = reference.get(..colon).unwrap_or("");
                let rest = reference.get(colon + 1..).unwrap_or("");
                match (lower_special(ref_scheme), strip_two_slashes(rest)) {
                    (Some(lower), Some(after)) => authority(out, lower, after, found),
                    (Some(_), None) => false,
                    (None, _) => opaque(out, ref_scheme, rest),
                }
            } else {
                // Relative state: the base's path, shortened (up to its last `/`), then the
                // path state.
                out.push_str(base.slice(0, base.path_start));
                let path = base.pathname();
                let dir = path.get(..path.rfind('/').map_or(0, |slash| slash + 1)).unwrap_or("");
                path_and_rest(out, dir, reference, found);
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
/// (C0 controls), and the non-special query and fragment sets, hold no byte that is not [`UNCLEAN`]; so
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
    let (head, rest) = bytes.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*head) | 0x2020_2020 != u32::from_le_bytes(*b"http") {
        return None;
    }
    match rest {
        [b':', b'/', b'/', ..] => Some(("http", 7)),
        [secure, b':', b'/', b'/', ..] if *secure | 0x20 == b's' => Some(("https", 8)),
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
fn authority(out: &mut String, scheme: &str, rest: &str, found: u8) -> bool {
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
    path_and_rest(out, "", rest.get(after..).unwrap_or(""), found);
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

/// The §4.4 path state over `rest` up to its `?` or `#` (none if `found`, the [`scan`] of
/// the reference, has no [`QUERY_OR_FRAGMENT`]), after the path `dir` (the base's path up
/// to its last `/`, or `""`), then the query and fragment, which need no encoding here. On
/// the fast path (a special URL; no `%2e`, no `\`, no Windows drive letter rule) the path
/// state's "shorten a URL's path" and "append to url's path" steps build exactly what RFC
/// 3986 §5.2.4 `remove_dot_segments` makes of the merged path: `.` segments go, a `..`
/// removes the segment before it (none above the root), a final `.` or `..` leaves the
/// path ending in `/`. So it is the shared segment stack ([`remove_dot_segments_into`]),
/// when there may be a dot segment ([`DOT_SEGMENT`]; the base's path has none, the parser
/// removed them); else the merged path as it is. An empty path is `/` (a special URL's
/// path always has a segment).
fn path_and_rest(out: &mut String, dir: &str, rest: &str, found: u8) {
    let end = match found & QUERY_OR_FRAGMENT {
        0 => rest.len(),
        _ => memchr::memchr2(b'?', b'#', rest.as_bytes()).unwrap_or(rest.len()),
    };
    let (path, tail) = rest.split_at(end);
    if dir.is_empty() && path.is_empty() {
        out.push('/');
    } else if found & DOT_SEGMENT != 0 {
        remove_dot_segments_into(out, dir, path);
    } else {
        out.push_str(dir);
        out.push_str(path);
    }
    out.push_str(tail);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`scan`] sees a byte at every position of references of every length around its
    /// block size (16), a `/.` pair across a block's edge included.
    #[test]
    fn scan_sees_every_position() {
        assert_eq!(scan(b""), 0);
        for len in 1..=60 {
            let plain = vec![b'a'; len];
            assert_eq!(scan(&plain), 0, "length {len}");
            for at in 0..len {
                for (byte, flag) in [
                    (b' ', UNCLEAN),
                    (0xC3, UNCLEAN),
                    (b'\\', UNCLEAN),
                    (b'%', PERCENT),
                    (b'?', QUERY_OR_FRAGMENT),
                    (b'#', QUERY_OR_FRAGMENT),
                ] {
                    let mut bytes = plain.clone();
                    bytes[at] = byte;
                    assert_eq!(scan(&bytes), flag, "{byte:#x} at {at} of {len}");
                }
                let mut dot = plain.clone();
                dot[at] = b'.';
                assert_eq!(scan(&dot), if at == 0 { DOT_SEGMENT } else { 0 }, "a lone `.` at {at} of {len}");
                if at + 1 < len {
                    dot[at] = b'/';
                    dot[at + 1] = b'.';
                    assert_eq!(scan(&dot), DOT_SEGMENT, "`/.` at {at} of {len}");
                }
            }
        }
    }

    /// The fast path takes the references real pages hold, and leaves the rest to the state
    /// machine (which `tests/it/whatwg_join.rs` checks it agrees with).
    #[test]
    fn takes_the_common_references() {
        let base = WhatwgUrl::parse("https://example.com/a/b/c?q#f").unwrap();
        for reference in [
            "/a/b?c",
            "../x",
            "page.html#f",
            "?q",
            "#h",
            "",
            "https://host/path",
            "//cdn.example.com/x.js",
            "HTTP://Host:80/",
            "mailto:x",
            " /a\n",
        ] {
            let mut out = String::new();
            assert!(join_into(&base, reference, &mut out), "{reference:?} takes the fast path");
            assert_eq!(out, base.join(reference).unwrap().as_str(), "{reference:?}");
        }
        for reference in
            ["a b", "é", "a\\b", "%2e/x", "sc://h/", "file:x", "http:x", "http://[::1]/", "http://1.2.3.4/", "http://u@h/", "a\tb", "?'"]
        {
            let mut out = String::from("kept");
            assert!(!join_into(&base, reference, &mut out), "{reference:?} goes to the state machine");
            assert_eq!(out, "kept");
        }
        let file = WhatwgUrl::parse("file:///C:/x").unwrap();
        assert!(!join_into(&file, "y", &mut String::new()), "a file: base goes to the state machine");
    }
}
