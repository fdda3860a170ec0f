//! The common case of `canonicalize_url` written straight into the output: a URL without
//! C0 controls, DEL or `\`, with spaces only inside its path, query or fragment, with the
//! `&` separator, an ASCII-compatible encoding, non-ASCII text only in its path (and in its
//! query and fragment with the UTF-8 encoding), and either a special scheme (in any case but `file`'s) with an authority
//! whose host is ASCII without user info, spaces, brackets or `%` and whose port is valid,
//! or a scheme written in lower case (`mailto:`, `tel:`, `data:`, `whatsapp://`, ...) with
//! such an authority or none: 99.9% of the corpus's resolved links. Any other URL is "not
//! mine" and takes the twin's steps one by one ([`super::canonicalize`]).
//!
//! Why one pass gives the twin's answer on those URLs:
//! - `_strip` and `_urlsplit` change nothing (no C0 control, DEL or `\`, no space at either
//!   end), the scheme is lower-cased, and `_checknetloc` passes (an ASCII net_loc); a path
//!   is UTF-8 whatever the encoding, and the encoding of an ASCII query or fragment does not
//!   show;
//! - an ASCII host goes through `_idna` as it is, lower-cased; a port is written back as
//!   its number;
//! - the path, query and fragment quoting of `_safe_url_split` turns each byte outside its
//!   safe set into a `%HH` that the later unquoting (path, query) decodes back to that byte,
//!   and that cannot close an escape begun before it: so the path is
//!   [`quote::requote_path_into`] of the raw path, and the query is
//!   [`quote::canonical_query_into`] of the raw query (the fragment keeps that quoting: it is
//!   written by it);
//! - the dot segments (of a path starting with `/`), the params and `_urlunparse`'s `//`
//!   without a net_loc are the twin's, by the same helpers.

use super::quote::{self, PATH_SAFE, PATH_SAFEST};
use super::split;
use super::{Encoding, Options};

/// The special schemes (`_SPECIAL_SCHEMES` but `file`) as the twin writes them (from any
/// case).
const SCHEMES: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// A special scheme and its `:` as they begin a URL, each as the word of its bytes (the
/// first the lowest): the word, the mask of its bytes, and the bits that set the case of
/// its letters (`0x20` in each letter's byte).
const SCHEME_WORDS: [(u64, u64, u64); 5] = {
    let mut words = [(0, 0, 0); 5];
    let mut i = 0;
    while i < SCHEMES.len() {
        let scheme = SCHEMES[i].as_bytes();
        let (mut word, mut mask, mut case) = (0, 0, 0);
        let mut k = 0;
        while k <= scheme.len() {
            let b = if k < scheme.len() { scheme[k] } else { b':' };
            word |= (b as u64) << (8 * k);
            mask |= 0xFF << (8 * k);
            if b.is_ascii_lowercase() {
                case |= 0x20 << (8 * k);
            }
            k += 1;
        }
        words[i] = (word, mask, case);
        i += 1;
    }
    words
};

/// The special scheme `url` begins with (in any case, then a `:`): its length, its text as
/// the twin writes it, and whether `url` writes it so. Its first eight bytes compared as
/// one word with each scheme's.
fn special_scheme(url: &str) -> Option<(usize, &'static str, bool)> {
    let head = url.as_bytes().get(..8)?;
    let head = u64::from_le_bytes(<[u8; 8]>::try_from(head).ok()?);
    let i = SCHEME_WORDS.iter().position(|&(word, mask, case)| (head | case) & mask == word)?;
    let (word, mask, _) = SCHEME_WORDS[i];
    Some((SCHEMES[i].len(), SCHEMES[i], head & mask == word))
}

/// Byte classes, one bit each: not the fast path's (a C0 control, DEL or `\`); to decode or
/// encode in a path (`%` or outside [`PATH_SAFE`]: a space is); not in its hosts (a space and
/// non-ASCII included); upper case; `:`; `;`; `.`; non-ASCII; the end of an authority (`/`,
/// `?`, `#`); the end of a path (`?`, `#`).
const OUTSIDE: u16 = 1;
const REQUOTE: u16 = 2;
const NOT_HOST: u16 = 4;
const UPPER: u16 = 8;
const COLON: u16 = 16;
const SEMICOLON: u16 = 32;
const DOT: u16 = 64;
const NON_ASCII: u16 = 128;
const AUTHORITY_END: u16 = 256;
const PATH_END: u16 = 512;

/// Each byte's classes.
const CLASSES: [u16; 256] = {
    let mut table = [0; 256];
    let mut b: u8 = 0;
    loop {
        let mut class = 0;
        if b < b' ' || b == 0x7F || b == b'\\' {
            class |= OUTSIDE;
        }
        if b >= 0x80 {
            class |= NON_ASCII | NOT_HOST;
        }
        if b == b'%' || !PATH_SAFE.contains(b) {
            class |= REQUOTE;
        }
        if matches!(b, b' ' | b'@' | b'[' | b']' | b'%') {
            class |= NOT_HOST;
        }
        if b.is_ascii_uppercase() {
            class |= UPPER;
        }
        if b == b':' {
            class |= COLON;
        }
        if b == b';' {
            class |= SEMICOLON;
        }
        if b == b'.' {
            class |= DOT;
        }
        if matches!(b, b'/' | b'?' | b'#') {
            class |= AUTHORITY_END;
        }
        if matches!(b, b'?' | b'#') {
            class |= PATH_END;
        }
        table[b as usize] = class;
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// The classes of the bytes of `text`, together.
fn classes(text: &str) -> u16 {
    crate::common::scan::classes_until(text.as_bytes(), &CLASSES, 0).1
}

/// `text` up to its first byte of class `end` (or all of it), the classes of that part's
/// bytes together, and the rest.
fn scan_until(text: &str, end: u16) -> (&str, u16, &str) {
    let (len, classes) = crate::common::scan::classes_until(text.as_bytes(), &CLASSES, end);
    // `len` is at an ASCII byte or the end: a character boundary.
    let (part, rest) = text.split_at(len);
    (part, classes, rest)
}

/// Whether `path` holds `/.`: every pair of bytes compared at once, without a branch (vector
/// code), as most paths with a dot have it in a file name, not after a `/`.
// `|` and `&`, not `||` and `&&`: a branch per pair would stop the vector code.
#[allow(clippy::needless_bitwise_bool)]
fn has_slash_dot(path: &str) -> bool {
    let b = path.as_bytes();
    b.iter().zip(b.iter().skip(1)).fold(false, |found, (&x, &y)| found | ((x == b'/') & (y == b'.')))
}

/// Appends the canonical form of `url` to `out` and returns `true`, or returns `false`
/// without writing for a URL outside the common case (every check comes before the first
/// write).
pub(super) fn canonicalize_into(url: &str, options: &Options<'_>, out: &mut String) -> bool {
    // The scheme as the twin writes it (lower case): a special one in any case (looked for
    // first: most URLs), another as it is written in lower case.
    let (colon, scheme, scheme_as_is) = match special_scheme(url) {
        Some(special) => special,
        // Another scheme written in lower case (or a special one in a URL of fewer than
        // eight bytes: the same text).
        None => match split::scheme_len(url) {
            Some(colon) if classes(&url[..colon]) & UPPER == 0 => (colon, &url[..colon], true),
            _ => return false,
        },
    };
    let (has_authority, authority, host_classes, rest) = match url[colon + 1..].strip_prefix("//") {
        Some(rest) => {
            let (authority, classes, rest) = scan_until(rest, AUTHORITY_END);
            (true, authority, classes, rest)
        }
        // Without an authority: only a scheme that is not special (`mailto:`, `tel:`, ...).
        None if !split::is_special(scheme) => (false, "", 0, &url[colon + 1..]),
        None => return false,
    };
    let (path, path_classes, rest) = scan_until(rest, PATH_END);
    // Non-ASCII text is UTF-8 in a path, and in the query and fragment with `encoding` UTF-8.
    let rest_classes = classes(rest);
    let rest_outside = if options.encoding == Encoding::Utf8 { OUTSIDE } else { OUTSIDE | NON_ASCII };
    // `_strip` takes a space off the end (a C0 control is `OUTSIDE`; the scheme begins the URL).
    // A codec that is not ASCII-compatible encodes even an ASCII (or empty) query.
    if options.query_separator != "&"
        || !options.encoding.ascii_compatible()
        || url.ends_with(' ')
        || (host_classes | path_classes) & OUTSIDE != 0
        || rest_classes & rest_outside != 0
        || host_classes & NOT_HOST != 0
    {
        return false;
    }
    let (host, port) = match host_classes & COLON {
        0 => (authority, ""),
        _ => authority.split_once(':').unwrap_or((authority, "")),
    };
    // `int(port)` as `str` gives it back; the twin raises for a port out of range, or of
    // more digits than some Python's `int()` reads (`int_limit::THRESHOLD`, under every limit).
    let digits = port.trim_start_matches('0');
    let port_ok = port.bytes().all(|b| b.is_ascii_digit())
        && port.len() <= crate::common::int_limit::THRESHOLD
        && (digits.len() < 5 || (digits.len() == 5 && digits <= "65535"));
    if (has_authority && host.is_empty()) || !port_ok {
        return false;
    }
    // `_split_params`: the last segment's `;params`, kept as quoted.
    let (path, params) = match path_classes & SEMICOLON {
        0 => (path, ""),
        _ => split_params(path, scheme, options),
    };
    // Most URLs are written as they are up to their query: then one copy writes that.
    let port_out = if digits.is_empty() { "0" } else { digits };
    let as_is = scheme_as_is && host_classes & UPPER == 0 && (host_classes & COLON == 0 || port == port_out);
    let head_end = if has_authority { colon + 3 + authority.len() } else { colon + 1 };
    let path_as_is = !path.is_empty() && path_classes & REQUOTE == 0;
    let start = if as_is && path_as_is && has_authority {
        out.push_str(&url[..head_end + path.len()]);
        out.len() - path.len()
    } else {
        if as_is {
            out.push_str(&url[..head_end]);
        } else {
            out.push_str(scheme);
            if has_authority {
                out.push_str("://");
                out.extend(host.chars().map(|c| c.to_ascii_lowercase()));
                if !port.is_empty() {
                    out.push(':');
                    out.push_str(port_out);
                }
            } else {
                out.push(':');
            }
        }
        let start = out.len();
        if path.is_empty() {
            out.push('/');
        } else if path_as_is {
            out.push_str(path);
        } else {
            quote::requote_path_into(path, out);
        }
        start
    };
    // A dot segment (`/.`, in a path that starts with `/`), also one that was `%2E` (the
    // only way to a dot besides a dot).
    let dot_segment = out[start..].starts_with('/')
        && match path_classes & (DOT | REQUOTE) {
            0 => false,
            DOT => has_slash_dot(path),
            _ => quote::has_dot_segment_start(&out[start..]),
        };
    if dot_segment {
        let resolved = quote::remove_dot_segments(&out[start..]);
        out.truncate(start);
        out.push_str(&resolved);
    }
    if !params.is_empty() {
        out.push(';');
        quote::quote_into(params.as_bytes(), &PATH_SAFEST, false, out);
    }
    // `_urlunparse` without a net_loc: `//` before some paths.
    if !has_authority && super::slashes_without_netloc(&options.schemes, scheme, &out[start..]) {
        out.insert_str(start, "//");
    }
    if !rest.is_empty() {
        query_and_fragment_into(rest, options, out);
    }
    true
}

/// The query (sorted and re-encoded) and, when kept, the fragment (quoted) of `rest`, the
/// URL from its `?` or `#` on.
fn query_and_fragment_into(rest: &str, options: &Options<'_>, out: &mut String) {
    let (query, fragment) = match rest.strip_prefix('?') {
        Some(rest) => rest.split_at(memchr::memchr(b'#', rest.as_bytes()).unwrap_or(rest.len())),
        None => ("", rest),
    };
    if !query.is_empty() {
        out.push('?');
        let before = out.len();
        quote::canonical_query_into(query, options.keep_blank_values, "&", out);
        if out.len() == before {
            out.pop();
        }
    }
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if options.keep_fragments && !fragment.is_empty() {
        out.push('#');
        quote::quote_into(fragment.as_bytes(), &PATH_SAFEST, false, out);
    }
}

/// `_split_params(scheme, path)`: the path and the `;params` of its last segment.
fn split_params<'a>(path: &'a str, scheme: &str, options: &Options<'_>) -> (&'a str, &'a str) {
    let last = memchr::memrchr(b'/', path.as_bytes()).map_or(0, |i| i + 1);
    match memchr::memchr(b';', &path.as_bytes()[last..]) {
        Some(i) if options.schemes.uses_params.contains(scheme) => (&path[..last + i], &path[last + i + 1..]),
        _ => (path, ""),
    }
}

#[cfg(test)]
#[path = "fast_tests.rs"]
mod tests;
