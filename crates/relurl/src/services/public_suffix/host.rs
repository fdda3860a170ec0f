//! The host side of a lookup: which hosts have a public suffix at all (not an IP address, not
//! empty, no empty label), their labels from the right, and an answer's text.

use std::borrow::Cow;

use crate::grammars::whatwg::host::{ends_in_a_number, parse_host, HostKind};

/// How many dot positions a [`Host`] keeps (the last ones): a host of more labels finds the
/// others when asked ([`Host::label_start`]).
const KEPT_DOTS: usize = 15;

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
/// IP address.
#[derive(Debug, Clone, Copy)]
pub(super) struct Host<'h> {
    /// The host without its final dot.
    pub(super) body: &'h str,
    /// How many labels.
    pub(super) count: usize,
    /// Whether it is lower-case ASCII (its labels are keys as they are: no lower-casing).
    plain: bool,
    /// The positions of its last [`KEPT_DOTS`] dots, in order (`dots[..kept]`).
    dots: [u32; KEPT_DOTS],
    kept: usize,
}

impl<'h> Host<'h> {
    /// `host` when it has a public suffix: `None` for an empty host, one with an empty label
    /// (a leading dot, `a..b`; a single final dot is dropped first: `example.com.` is
    /// `example.com`), one with a `:` (an IPv6 address without brackets, as urllib's
    /// `hostname` gives it) and an IP address ([`is_ip_address`]). One pass over the bytes
    /// (a table, no branch per byte), then the IP check, which reads the last label alone
    /// unless it starts with a digit.
    pub(super) fn of(host: &'h str) -> Option<Self> {
        let body = host.strip_suffix('.').unwrap_or(host);
        let bytes = body.as_bytes();
        let (mut flags, mut previous_dot, mut empty_label, mut count) = (0u8, true, false, 1usize);
        let (mut dots, mut kept) = ([0u32; KEPT_DOTS], 0usize);
        for (i, &b) in bytes.iter().enumerate() {
            let class = CLASS[usize::from(b)];
            let dot = class & DOT != 0;
            empty_label |= dot & previous_dot;
            previous_dot = dot;
            flags |= class;
            if dot {
                count += 1;
                // The last KEPT_DOTS dots, as a ring: put in order below.
                dots[kept % KEPT_DOTS] = u32::try_from(i).unwrap_or(u32::MAX);
                kept += 1;
            }
        }
        if empty_label || previous_dot || flags & COLON != 0 {
            return None;
        }
        let plain = flags & NOT_PLAIN == 0;
        if is_ip_address(host, plain && flags & SPECIAL == 0) {
            return None;
        }
        if kept > KEPT_DOTS {
            dots.rotate_left(kept % KEPT_DOTS);
            kept = KEPT_DOTS;
        }
        Some(Self { body, count, plain, dots, kept })
    }

    /// A label of this host as the trie's key: lower-cased.
    pub(super) fn key(&self, label: &'h str) -> Cow<'h, str> {
        if self.plain {
            Cow::Borrowed(label)
        } else {
            lowered(label)
        }
    }

    /// Where the `n`-th label from the right starts (`n` from 1 to `count`).
    fn label_start(&self, n: usize) -> usize {
        if n >= self.count {
            return 0;
        }
        // The dot before it is the `n`-th dot from the right.
        match self.kept.checked_sub(n) {
            Some(index) => self.dots[index] as usize + 1,
            None => memchr::memrchr_iter(b'.', self.body.as_bytes()).nth(n - 1).map_or(0, |i| i + 1),
        }
    }

    /// The labels from the right.
    pub(super) fn labels(&self) -> impl Iterator<Item = &'h str> + '_ {
        let body = self.body;
        let mut end = body.len();
        (1..=self.count).map(move |n| {
            let start = self.label_start(n);
            let label = &body[start..end];
            end = start.saturating_sub(1);
            label
        })
    }

    /// The last `n` labels (at least one), lower-cased.
    pub(super) fn last(&self, n: usize) -> Cow<'h, str> {
        self.key(&self.body[self.label_start(n)..])
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
        let last = memchr::memrchr(b'.', body.as_bytes()).map_or(body, |dot| &body[dot + 1..]);
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
