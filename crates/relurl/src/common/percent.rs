//! Percent-decoding, the one implementation for every grammar and twin: RFC 3986 §2.1's
//! `%` HEXDIG HEXDIG, the URL Standard's §1.3 "percent-decode", and CPython's
//! `urllib.parse.unquote_to_bytes` (with `+` as a space: `unquote_plus`), which agree: a `%`
//! followed by two hex digits (either case) is that byte, anything else stays as it is.

use std::borrow::Cow;

/// The value of an ASCII hex digit.
#[inline]
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte of the `%XX` at the start of `bytes`, if it is one.
#[inline]
pub(crate) fn decoded_at(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', high, low, ..] => Some(hex_value(*high)? << 4 | hex_value(*low)?),
        _ => None,
    }
}

/// `input` with each `%XX` decoded, and with `plus` each `+` as a space; borrowed when
/// there is nothing to decode.
pub(crate) fn decode(input: &[u8], plus: bool) -> Cow<'_, [u8]> {
    let first = if plus { memchr::memchr2(b'%', b'+', input) } else { memchr::memchr(b'%', input) };
    let Some(first) = first else { return Cow::Borrowed(input) };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    out.extend(decoded_bytes(&input[first..], plus));
    Cow::Owned(out)
}

/// The bytes [`decode`] gives, one by one (to compare or re-encode decoded text without
/// writing it).
pub(crate) fn decoded_bytes(input: &[u8], plus: bool) -> impl Iterator<Item = u8> + '_ {
    let mut rest = input;
    core::iter::from_fn(move || {
        if let Some(byte) = decoded_at(rest) {
            rest = &rest[3..];
            return Some(byte);
        }
        let (&b, tail) = rest.split_first()?;
        rest = tail;
        Some(if plus && b == b'+' { b' ' } else { b })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_what_urllib_decodes() {
        assert_eq!(decode(b"a%41%4a%4G%%2+b%", false), &b"aAJ%4G%%2+b%"[..]);
        assert_eq!(decode(b"a+%2B%20", true), &b"a + "[..]);
        assert!(matches!(decode(b"plain+", false), Cow::Borrowed(_)));
        assert!(decoded_bytes(b"%41+%2", true).eq(*b"A %2"));
        assert_eq!(decoded_at(b"%e9x"), Some(0xE9));
        assert_eq!(decoded_at(b"%e"), None);
    }
}
