//! Which texts are host names at all, for the Public Suffix List's lookup
//! ([`super::host::Host::of`]): a character no host has (the URL Standard's forbidden host
//! code points, controls, white space, and what UTS #46 maps to one of them) makes a text
//! that is not one, outside an IPv6 address (in brackets or not, with its zone or not).

use std::cmp::Ordering;

use crate::grammars::whatwg::host::{parse_host, HostKind};
use crate::{Error, ErrorKind, NotAHostHint};

/// Whether `body` (a host without its final dot, with a byte the host's scan finds suspect,
/// or not plain) is an IP address with a character no host name has: an IPv6 address in brackets
/// or without them (`::1`, as urllib's `hostname` gives it; with its zone or without,
/// RFC 6874: `fe80::1%eth0`, `[fe80::1%25eth0]`); else `false` when it is a host name after
/// all (its suspect bytes are `!`, `;`, `=`, `}`, `~` and the like, or it is only upper-case).
///
/// # Errors
/// [`ErrorKind::NotAHostName`] for a character no host name has ([`offends`]): the first
/// that is not a `:` (a URL's `/` rather than its scheme's `:`, a CIDR's `/` rather than the
/// address's `:`), else the first `:` (after an IPv6 address in brackets, its port's), with
/// what it likely means ([`NotAHostHint`]).
#[cold]
#[inline(never)]
pub(super) fn not_a_host_name(body: &str) -> Result<bool, Error> {
    let colons = body.bytes().filter(|&b| b == b':').count();
    let first_other = body.char_indices().find(|&(_, c)| c != ':' && offends(c));
    let (at, ch) = match first_other {
        None if colons == 0 => return Ok(false),
        None if is_ipv6(body) => return Ok(true),
        None => (body.find(':').unwrap_or(0), ':'),
        Some((0, '[')) => match body[1..].split_once(']') {
            Some((inside, "")) if is_ipv6(inside) || is_ipvfuture(inside) => return Ok(true),
            // An address in brackets and its port: the port's `:`.
            Some((inside, after)) if is_ipv6(inside) && after.starts_with(':') => (inside.len() + 2, ':'),
            _ => (0, '['),
        },
        Some(found) => found,
    };
    let url = body.contains("//");
    let hint = match ch {
        '/' | '?' | '#' | '@' | '\\' => NotAHostHint::Url,
        ':' if url => NotAHostHint::Url,
        ':' if colons == 1 || body.starts_with('[') => NotAHostHint::Port,
        _ => NotAHostHint::None,
    };
    Err(Error::new(ErrorKind::NotAHostName { ch, hint }, at))
}

/// Whether no host name has `c`: the URL Standard's forbidden host code points (`#`, `/`,
/// `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`, space, tab, line feed, carriage return,
/// NUL), the other C0 controls and DEL (forbidden domain code points; a `%` is read by the IP
/// check), and beyond ASCII, white space and controls (Unicode's White_Space and Cc: a
/// no-break space, an ideographic space, NEL) and what UTS #46 maps to a forbidden host code
/// point ([`MAPPED_TO_FORBIDDEN`]: the URL Standard's domain to ASCII would meet it).
pub(super) fn offends(c: char) -> bool {
    if c.is_ascii() {
        let b = c as u8;
        return b < 0x21 || b == 0x7F || b"#/:<>?@[\\]^|".contains(&b);
    }
    c.is_whitespace() || c.is_control() || MAPPED_TO_FORBIDDEN.binary_search_by(|&(first, last)| compare(first, last, c)).is_ok()
}

/// Where `c` is beside the range `first..=last`.
fn compare(first: char, last: char, c: char) -> Ordering {
    if last < c {
        Ordering::Less
    } else if first > c {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// The code points beyond ASCII, neither white space nor controls, that UTS #46 maps (its
/// Processing 1-2, Map and Normalize, as the URL Standard's domain to ASCII runs it) to a text
/// with a forbidden host code point: `：` (U+FF1A) to `:`, `／` to `/`, `＠` to `@`, `¨` to a
/// space and a diaeresis, `℀` to `a/c`. Ranges, in order; the test below derives them from
/// the mapping of every code point (the Unicode data `idna_adapter` has), so that a newer
/// Unicode cannot make them wrong unnoticed.
const MAPPED_TO_FORBIDDEN: [(char, char); 46] = [
    ('\u{00A8}', '\u{00A8}'),
    ('\u{00AF}', '\u{00AF}'),
    ('\u{00B4}', '\u{00B4}'),
    ('\u{00B8}', '\u{00B8}'),
    ('\u{02D8}', '\u{02DD}'),
    ('\u{037A}', '\u{037A}'),
    ('\u{0384}', '\u{0385}'),
    ('\u{1FBD}', '\u{1FBD}'),
    ('\u{1FBF}', '\u{1FC1}'),
    ('\u{1FCD}', '\u{1FCF}'),
    ('\u{1FDD}', '\u{1FDF}'),
    ('\u{1FED}', '\u{1FEE}'),
    ('\u{1FFD}', '\u{1FFE}'),
    ('\u{2017}', '\u{2017}'),
    ('\u{203E}', '\u{203E}'),
    ('\u{2047}', '\u{2049}'),
    ('\u{2100}', '\u{2101}'),
    ('\u{2105}', '\u{2106}'),
    ('\u{2A74}', '\u{2A74}'),
    ('\u{309B}', '\u{309C}'),
    ('\u{FC5E}', '\u{FC63}'),
    ('\u{FDFA}', '\u{FDFB}'),
    ('\u{FE13}', '\u{FE13}'),
    ('\u{FE16}', '\u{FE16}'),
    ('\u{FE47}', '\u{FE4C}'),
    ('\u{FE55}', '\u{FE56}'),
    ('\u{FE5F}', '\u{FE5F}'),
    ('\u{FE64}', '\u{FE65}'),
    ('\u{FE68}', '\u{FE68}'),
    ('\u{FE6B}', '\u{FE6B}'),
    ('\u{FE70}', '\u{FE70}'),
    ('\u{FE72}', '\u{FE72}'),
    ('\u{FE74}', '\u{FE74}'),
    ('\u{FE76}', '\u{FE76}'),
    ('\u{FE78}', '\u{FE78}'),
    ('\u{FE7A}', '\u{FE7A}'),
    ('\u{FE7C}', '\u{FE7C}'),
    ('\u{FE7E}', '\u{FE7E}'),
    ('\u{FF03}', '\u{FF03}'),
    ('\u{FF0F}', '\u{FF0F}'),
    ('\u{FF1A}', '\u{FF1A}'),
    ('\u{FF1C}', '\u{FF1C}'),
    ('\u{FF1E}', '\u{FF20}'),
    ('\u{FF3B}', '\u{FF3E}'),
    ('\u{FF5C}', '\u{FF5C}'),
    ('\u{FFE3}', '\u{FFE3}'),
];

/// Whether `literal` (without brackets) is an RFC 3986 §3.2.2 `IPvFuture`: `v`, hex digits,
/// `.`, then unreserved characters, sub-delims and `:` (`[v1.x]`).
fn is_ipvfuture(literal: &str) -> bool {
    let Some(rest) = literal.strip_prefix(['v', 'V']) else { return false };
    let Some((version, address)) = rest.split_once('.') else { return false };
    let allowed = |b: u8| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:".contains(&b);
    !version.is_empty() && version.bytes().all(|b| b.is_ascii_hexdigit()) && !address.is_empty() && address.bytes().all(allowed)
}

/// Whether `address` (without brackets) is an IPv6 address, with its zone (RFC 6874, after a
/// `%`: unreserved characters and percent-encodings, `%25eth0` in brackets, `eth0` as urllib's
/// `hostname` gives it) or without.
fn is_ipv6(address: &str) -> bool {
    let (address, zone) = address.split_once('%').unwrap_or((address, ""));
    let zone_ok = zone.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b));
    let mut out = String::new();
    zone_ok && matches!(parse_host(&format!("[{address}]"), false, &mut out), Ok(HostKind::Ipv6))
}

#[cfg(test)]
mod tests {
    use super::{offends, MAPPED_TO_FORBIDDEN};
    use crate::grammars::whatwg::maps_to_ascii;

    #[test]
    fn the_mapped_code_points_are_the_mapping_s() {
        let forbidden = |mapped: char| mapped.is_ascii() && offends(mapped);
        let mapped: Vec<char> = (0x80..=0x10_FFFF)
            .filter_map(char::from_u32)
            .filter(|c| !c.is_whitespace() && !c.is_control() && maps_to_ascii(std::iter::once(*c), forbidden))
            .collect();
        let listed: Vec<char> = MAPPED_TO_FORBIDDEN.iter().flat_map(|&(first, last)| first..=last).collect();
        assert_eq!(listed, mapped);
        assert!(MAPPED_TO_FORBIDDEN.windows(2).all(|pair| pair[0].1 < pair[1].0));
        for c in ['\u{FF1A}', '\u{FE7E}', '\u{A8}', '\u{2100}', '\u{A0}', '\u{3000}', '\u{85}'] {
            assert!(offends(c), "{c:?}");
        }
        for c in ['食', 'é', 'ς', '\u{FE7D}', '\u{FF21}', '\u{FFFD}'] {
            assert!(!offends(c), "{c:?}");
        }
    }
}
