//! The host side of a lookup: which hosts have a public suffix at all (not an IP address, not
//! empty, no empty label), their labels from the right, and an answer's text.

use std::borrow::Cow;

use crate::grammars::whatwg::host::{ends_in_a_number, parse_host, HostKind};

/// A host that has a public suffix, without its final dot: not empty, no empty label, not an
/// IP address.
#[derive(Debug, Clone, Copy)]
pub(super) struct Host<'h> {
    /// The host without its final dot.
    pub(super) body: &'h str,
    /// How many labels.
    pub(super) count: usize,
    /// Whether it is lower-case ASCII (its labels are keys as they are: no lower-casing).
    plain: bool,
}

impl<'h> Host<'h> {
    /// `host` when it has a public suffix: `None` for an empty host, one with an empty label
    /// (a leading dot, `a..b`; a single final dot is dropped first: `example.com.` is
    /// `example.com`), one with a `:` (an IPv6 address without brackets, as urllib's
    /// `hostname` gives it) and an IP address ([`is_ip_address`]). One pass over the bytes,
    /// then the IP check, which reads the last label alone unless it starts with a digit.
    pub(super) fn of(host: &'h str) -> Option<Self> {
        let body = host.strip_suffix('.').unwrap_or(host);
        let (mut after_dot, mut count, mut plain, mut special) = (true, 1, true, false);
        for &b in body.as_bytes() {
            match b {
                b'.' if after_dot => return None,
                b'.' => {
                    count += 1;
                    after_dot = true;
                    continue;
                }
                b':' => return None,
                b'A'..=b'Z' | 0x80.. => plain = false,
                b'%' | b'[' => special = true,
                _ => {}
            }
            after_dot = false;
        }
        if after_dot || is_ip_address(host, plain && !special) {
            return None;
        }
        Some(Self { body, count, plain })
    }

    /// A label of this host as the trie's key: lower-cased.
    pub(super) fn key(self, label: &'h str) -> Cow<'h, str> {
        if self.plain {
            Cow::Borrowed(label)
        } else {
            lowered(label)
        }
    }

    /// The labels from the right.
    pub(super) fn labels(self) -> std::str::RSplit<'h, char> {
        self.body.rsplit('.')
    }

    /// The last `n` labels (at least one), lower-cased.
    pub(super) fn last(self, n: usize) -> Cow<'h, str> {
        let start = memchr::memrchr_iter(b'.', self.body.as_bytes()).nth(n.wrapping_sub(1)).map_or(0, |i| i + 1);
        self.key(&self.body[start..])
    }
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
/// such as `1.2.3.999`). `plain`: lower-case ASCII without `%` or `[`.
pub(super) fn is_ip_address(host: &str, plain: bool) -> bool {
    if host.starts_with('[') {
        return true;
    }
    if plain || (host.is_ascii() && !host.contains('%')) {
        // Every IPv4 number (decimal, `0x` hex, `0` octal) starts with an ASCII digit.
        let body = host.strip_suffix('.').unwrap_or(host);
        let last = body.rsplit('.').next().unwrap_or("");
        if !last.as_bytes().first().is_some_and(u8::is_ascii_digit) {
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
