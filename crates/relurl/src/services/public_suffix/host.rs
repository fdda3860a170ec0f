//! The host side of a lookup: which hosts have a public suffix at all (not an IP address, not
//! empty, no empty label), their labels from the right, and an answer's text.

use std::borrow::Cow;

use crate::grammars::whatwg::host::{ends_in_a_number, parse_host, HostKind};

/// What each byte is, for [`Host::of`]'s one pass: a dot, a byte that needs lower-casing or
/// decoding (upper case, not ASCII), a `%` or `[` (the IP check must parse), a `:`.
const DOT: u8 = 1;
const NOT_PLAIN: u8 = 2;
const SPECIAL: u8 = 4;
const COLON: u8 = 8;
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b'.' => DOT,
            b'A'..=b'Z' | 0x80.. => NOT_PLAIN,
            b'%' | b'[' => SPECIAL,
            b':' => COLON,
            _ => 0,
        };
        b += 1;
    }
    class
};

/// A host that has a public suffix, without its final dot: not empty, no empty label, not an
/// IP address. Its labels are read from the right by the lookup itself
/// ([`Host::label_before`]), as far as the lookup goes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Host<'h> {
    /// The host without its final dot.
    pub(super) body: &'h str,
    /// Whether it is lower-case ASCII (its labels are keys as they are: no lower-casing).
    plain: bool,
    /// Where its last label starts.
    pub(super) last_label: usize,
}

impl<'h> Host<'h> {
    /// `host` when it has a public suffix: `None` for an empty host, one with an empty label
    /// (a leading dot, `a..b`; a single final dot is dropped first: `example.com.` is
    /// `example.com`), one with a `:` (an IPv6 address without brackets, as urllib's
    /// `hostname` gives it) and an IP address ([`is_ip_address`]). One pass over the bytes
    /// (a table, no branch per byte), then the IP check, which reads the last label alone
    /// unless it starts with a digit.
    #[inline]
    pub(super) fn of(host: &'h str) -> Option<Self> {
        let body = host.strip_suffix('.').unwrap_or(host);
        let bytes = body.as_bytes();
        let (mut flags, mut empty_label, mut previous) = (0u8, 0u8, DOT);
        for &b in bytes {
            let class = CLASS[usize::from(b)];
            // A dot after a dot (or first): an empty label.
            empty_label |= class & previous;
            previous = class & DOT;
            flags |= class;
        }
        if empty_label != 0 || previous != 0 || flags & COLON != 0 {
            return None;
        }
        let plain = flags & NOT_PLAIN == 0;
        let last_label = label_before(bytes, bytes.len());
        if is_ip_address(host, &body[last_label..], plain && flags & SPECIAL == 0) {
            return None;
        }
        Some(Self { body, plain, last_label })
    }

    /// A label of this host as the trie's key: lower-cased.
    #[inline]
    pub(super) fn key(&self, label: &'h str) -> Cow<'h, str> {
        if self.plain {
            Cow::Borrowed(label)
        } else {
            lowered(label)
        }
    }

    /// Where the label that ends at `end` (the host's length, or a dot's position) starts.
    #[inline]
    pub(super) fn label_before(&self, end: usize) -> usize {
        label_before(self.body.as_bytes(), end)
    }

    /// How many labels from `start` (a label's start) to the end.
    pub(super) fn labels_from(&self, start: usize) -> usize {
        1 + memchr::memchr_iter(b'.', &self.body.as_bytes()[start..]).count()
    }

    /// The host from `start` (a label's start) on, lower-cased.
    #[inline]
    pub(super) fn text_from(&self, start: usize) -> Cow<'h, str> {
        self.key(&self.body[start..])
    }
}

/// Where the label of `host` that ends at `end` starts (a scan back to the dot before it:
/// labels are short, and a lookup reads only the last few).
#[inline]
fn label_before(host: &[u8], end: usize) -> usize {
    host[..end].iter().rposition(|&b| b == b'.').map_or(0, |dot| dot + 1)
}

/// `text` lower-cased (Unicode `toLowercase`), borrowed where it is already.
pub(super) fn lowered(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            return Cow::Owned(text.to_ascii_lowercase());
        }
        return Cow::Borrowed(text);
    }
    let lower = text.to_lowercase();
    if lower == text {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(lower)
    }
}

/// Whether `host` is an IP address: in brackets (IPv6), or one the URL Standard's host parser
/// takes for an IPv4 or IPv6 address (after its percent-decoding and domain to ASCII, so
/// `%31%32%37.0.0.1` and full-width digits too), or whose last label is a number (the
/// parser's "ends in a number": an IPv4 address, or a host the parser fails as a bad one,
/// such as `1.2.3.999`). `last_label`: its last label (without the final dot); `plain`:
/// lower-case ASCII without `%` or `[`.
pub(super) fn is_ip_address(host: &str, last_label: &str, plain: bool) -> bool {
    if host.starts_with('[') {
        return true;
    }
    if plain || (host.is_ascii() && !host.contains('%')) {
        // Every IPv4 number (decimal, `0x` hex, `0` octal) starts with an ASCII digit.
        if !last_label.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            return false;
        }
        return ends_in_a_number(&if plain { Cow::Borrowed(host) } else { lowered(host) });
    }
    let mut out = String::new();
    match parse_host(host, false, &mut out) {
        Ok(HostKind::Ipv4 | HostKind::Ipv6) => true,
        Ok(_) => false,
        Err(_) => ends_in_a_number(&host.to_lowercase()),
    }
}
