//! `surt/GoogleURLCanonicalizer.py`: percent-encoding, the host's IDNA and IP address forms,
//! dot segments.

use crate::twins::idna2003::UnicodeVersion;
use std::borrow::Cow;

use super::handyurl::HandyUrl;
use super::SurtError;
use crate::common::percent;

/// `GoogleURLCanonicalizer.canonicalize(url)`: drop the fragment; the query percent-encoded
/// once; the host percent-decoded, IDNA-encoded if not ASCII, `..` made `.`, dots at the
/// ends removed, an IP address in any of its forms written as four decimals, else lower case
/// and percent-encoded; the path percent-decoded, its dot segments and empty segments
/// removed when there is a host, and percent-encoded once.
///
/// # Errors
/// [`SurtError::TooManyDigits`]: a host of more digits than `int_max_str_digits`.
pub(super) fn canonicalize(url: &mut HandyUrl, int_max_str_digits: usize, unicode: UnicodeVersion) -> Result<(), SurtError> {
    url.hash = None;
    if let Some(query) = url.query.as_mut().filter(|q| !q.is_empty()) {
        let unescaped = unescape_repeatedly(query);
        if let Cow::Owned(escaped) = escape_once(&unescaped) {
            *query = escaped;
        } else if let Cow::Owned(unescaped) = unescaped {
            *query = unescaped;
        }
    }
    if let Some(host) = url.host.as_deref().filter(|h| !h.is_empty()) {
        let mut host = unescape_repeatedly(host);
        if !host.is_ascii() {
            if let Some(encoded) = idna_encode(&host, unicode) {
                host = Cow::Owned(encoded);
            }
        }
        let single = replace_double_dots(&host);
        let host = strip_dots(&single);
        url.host = Some(match attempt_ip_formats(host, int_max_str_digits)? {
            Some(ip) => ip,
            None if host.iter().any(u8::is_ascii_uppercase) => escape_once(&host.to_ascii_lowercase()).into_owned(),
            None => escape_once(host).into_owned(),
        });
    }
    let has_host = url.host.as_ref().is_some_and(|h| !h.is_empty());
    if let Some(path) = url.path.as_deref() {
        let unescaped = unescape_repeatedly(path);
        let normalized = if has_host { normalize_path(&unescaped) } else { Cow::Borrowed(&*unescaped) };
        let escaped = escape_once(&normalized);
        // Unchanged when no step made a copy.
        if matches!((&unescaped, &normalized, &escaped), (Cow::Borrowed(_), Cow::Borrowed(_), Cow::Borrowed(_))) {
            return Ok(());
        }
        url.path = Some(escaped.into_owned());
    } else if has_host {
        url.path = Some(b"/".to_vec());
    }
    Ok(())
}

/// `host.decode('utf-8', 'ignore').encode('idna')`, or `None` where the codec raises
/// (`UnicodeError`, which `canonicalize` passes over, keeping the host as it was).
///
/// The bytes that are not UTF-8 are dropped as CPython's `ignore` handler drops them (each
/// maximal invalid subsequence, the same as Rust's `utf8_chunks`).
fn idna_encode(host: &[u8], unicode: UnicodeVersion) -> Option<Vec<u8>> {
    let text: String = host.utf8_chunks().map(|chunk| chunk.valid()).collect();
    crate::twins::idna2003::to_ascii(&text, unicode).ok().map(|ascii| ascii.into_owned().into_bytes())
}

/// `host.replace(b'..', b'.')`: each `..`, left to right without overlap, made `.`.
fn replace_double_dots(host: &[u8]) -> Cow<'_, [u8]> {
    if !host.windows(2).any(|w| w == b"..") {
        return Cow::Borrowed(host);
    }
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while let Some(&b) = host.get(i) {
        out.push(b);
        i += if b == b'.' && host.get(i + 1) == Some(&b'.') { 2 } else { 1 };
    }
    Cow::Owned(out)
}

/// `.strip(b'.')`.
fn strip_dots(host: &[u8]) -> &[u8] {
    let start = host.iter().position(|&b| b != b'.').unwrap_or(host.len());
    let end = host.iter().rposition(|&b| b != b'.').map_or(start, |i| i + 1);
    &host[start..end]
}

/// `normalizePath(path)`: `.` segments removed, `..` segments pop the previous one (or are
/// kept when there is none), empty segments removed but the last; `/` for an empty path.
pub(super) fn normalize_path(path: &[u8]) -> Cow<'_, [u8]> {
    if path.is_empty() {
        return Cow::Borrowed(b"/");
    }
    // Nothing to remove: starts with `/`, no empty segment but the last, no dot segment.
    if path[0] == b'/' && !path.windows(2).any(|w| w == b"//" || w == b"/.") {
        return Cow::Borrowed(path);
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for p in path.split(|&b| b == b'/').skip(1) {
        match p {
            b"." => {}
            b".." if !kept.is_empty() => {
                kept.pop();
            }
            _ => kept.push(p),
        }
    }
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(b'/');
    if let Some((last, rest)) = kept.split_last() {
        for p in rest.iter().filter(|p| !p.is_empty()) {
            out.extend_from_slice(p);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    Cow::Owned(out)
}

/// A match of `re.match(pattern, host)` for `DECIMAL_IP`
/// (`^([1-9][0-9]*)(\.[0-9]+)?(\.[0-9]+)?(\.[0-9]+)?$`) or `OCTAL_IP`
/// (`^(0[0-7]*)(\.[0-7]+)?(\.[0-7]+)?(\.[0-7]+)?$`): one to four runs of digits separated by
/// dots, the first starting with `1`-`9` (decimal digits) or `0` (octal digits), before the
/// end or a final `\n` (Python's `$`).
fn matches_ip_pattern(host: &[u8]) -> bool {
    let host = host.strip_suffix(b"\n").unwrap_or(host);
    let octal = host.first() == Some(&b'0');
    let digit = |b: &u8| if octal { (b'0'..=b'7').contains(b) } else { b.is_ascii_digit() };
    let mut parts = 0;
    for (i, part) in host.split(|&b| b == b'.').enumerate() {
        parts += 1;
        let first_ok = i > 0 || part.first().is_some_and(|&b| b == b'0' || (b'1'..=b'9').contains(&b));
        if parts > 4 || part.is_empty() || !first_ok || !part.iter().all(digit) {
            return false;
        }
    }
    true
}

/// glibc's `inet_aton` on a string of digits and dots, as `__inet_aton_exact` reads it (what
/// `getaddrinfo` and `gethostbyname_r` do with a numeric name): one to four numbers, each
/// decimal, or octal with a leading `0`; all but the last at most 255, the last filling the
/// bytes left. `None` where it fails (a `\n`, an `8` in an octal number, a value too large).
fn inet_aton(host: &[u8]) -> Option<[u8; 4]> {
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    let mut values = Vec::with_capacity(4);
    for part in &parts {
        let (radix, digits) = match part {
            [b'0', rest @ ..] => (8, rest),
            _ => (10, *part),
        };
        let mut value: u64 = 0;
        for &d in digits {
            let d = char::from(d).to_digit(radix)?;
            value = value * u64::from(radix) + u64::from(d);
            if value > 0xFFFF_FFFF {
                return None;
            }
        }
        values.push(value);
    }
    let (&last, rest) = values.split_last()?;
    if rest.len() > 3 || rest.iter().any(|&v| v > 0xFF) {
        return None;
    }
    let max_last = [0xFFFF_FFFF, 0xFF_FFFF, 0xFFFF, 0xFF][rest.len()];
    if last > max_last {
        return None;
    }
    let mut word = u32::try_from(last).ok()?;
    for (i, &v) in rest.iter().enumerate() {
        word |= u32::try_from(v).ok()? << (24 - 8 * i);
    }
    Some(word.to_be_bytes())
}

/// `attemptIPFormats(host)`: a host of digits is a number, its lower 32 bits an IPv4
/// address; a host like `DECIMAL_IP` or `OCTAL_IP` is what `socket.gethostbyname_ex`
/// answers for it, which for such a name is glibc's `inet_aton` (see [`inet_aton`]; when
/// that fails it asks DNS, which has no all-numeric names: no address); else `None`.
///
/// # Errors
/// [`SurtError::TooManyDigits`]: more digits than `int()` reads (`int_max_str_digits`).
fn attempt_ip_formats(host: &[u8], int_max_str_digits: usize) -> Result<Option<Vec<u8>>, SurtError> {
    let address = if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        crate::common::int_limit::check(host.len(), int_max_str_digits).map_err(SurtError::TooManyDigits)?;
        let low = host.iter().fold(0u32, |v, &d| v.wrapping_mul(10).wrapping_add(u32::from(d - b'0')));
        Some(low.to_be_bytes())
    } else if matches_ip_pattern(host) {
        inet_aton(host)
    } else {
        None
    };
    Ok(address.map(|[a, b, c, d]| format!("{a}.{b}.{c}.{d}").into_bytes()))
}

/// `escapeOnce(input)`: `quote_from_bytes` with `safe` all of ASCII's printable characters
/// but `#` and `%`, so everything else is written `%XX` (upper-case hex).
pub(super) fn escape_once(input: &[u8]) -> Cow<'_, [u8]> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let is_safe = |b: u8| SAFE[usize::from(b)];
    let Some(first) = input.iter().position(|&b| !is_safe(b)) else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len() + 16);
    out.extend_from_slice(&input[..first]);
    for &b in &input[first..] {
        if is_safe(b) {
            out.push(b);
        } else {
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xF)]]);
        }
    }
    Cow::Owned(out)
}

/// The bytes `escapeOnce` keeps: ASCII's printable characters but `#` and `%`.
static SAFE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x21;
    while b <= 0x7E {
        table[b] = b != 0x23 && b != 0x25;
        b += 1;
    }
    table
};

/// `unescapeRepeatedly(input)`: `unquote_to_bytes` until nothing changes, in one pass.
///
/// Each `unquote_to_bytes` pass rewrites `%XX` (two hex digits) to its byte, and a pass
/// changes the text exactly when it holds a `%XX`; so the loop ends at a text without one,
/// reached by such rewrites. Two `%XX` cannot overlap (a `%` is no hex digit), so the
/// rewrites do not compete: whatever their order, they end at the same text. Here they are
/// done as the bytes come: each byte is pushed onto the output, and while the output ends
/// with a `%XX`, that is replaced by its byte (which may end a new `%XX` with what is before
/// it: `%%34%31` is `%41`, then `A`). The output holds no `%XX` but at its end, so checking
/// its last three bytes suffices. Each replacement shortens the output by two: linear time,
/// where the loop of passes is quadratic on nested encodings (`%252525...41`).
pub(super) fn unescape_repeatedly(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = memchr::memchr_iter(b'%', input).find(|&i| percent::decoded_at(&input[i..]).is_some()) else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    for &b in &input[first..] {
        out.push(b);
        while let Some(byte) = out.len().checked_sub(3).and_then(|end| percent::decoded_at(&out[end..])) {
            out.truncate(out.len() - 3);
            out.push(byte);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `unescapeRepeatedly` as surt writes it: `unquote_to_bytes` until nothing changes.
    fn passes_until_unchanged(input: &[u8]) -> Vec<u8> {
        let mut text = input.to_vec();
        loop {
            let decoded = percent::decode(&text, false).into_owned();
            if decoded == text {
                return text;
            }
            text = decoded;
        }
    }

    #[test]
    fn surt_s_own_examples() {
        // surt's tests/test_surt.py, test_unescapeRepeatedly and test_GoogleURLCanonicalizer.
        for (input, expected) in [
            (&b"%!A%21%21%25"[..], &b"%!A!!%"[..]),
            (b"%", b"%"),
            (b"%2", b"%2"),
            (b"%25", b"%"),
            (b"%25%", b"%%"),
            (b"%2525", b"%"),
            (b"%252525", b"%"),
            (b"%25%32%35", b"%"),
            (b"%2525252525252525", b"%"),
            (b"%%%25%32%35asd%%", b"%%%asd%%"),
            (b"%%34%31", b"A"),
            (b"%%%3434%31", b"\xc41"),
        ] {
            assert_eq!(&*unescape_repeatedly(input), expected, "{:?}", String::from_utf8_lossy(input));
        }
        assert!(matches!(unescape_repeatedly(b"a%zz%4"), Cow::Borrowed(_)));
    }

    #[test]
    fn nested_encodings_in_one_pass() {
        let n = 1_000_000;
        let input = format!("%{}41", "25".repeat(n));
        assert_eq!(&*unescape_repeatedly(input.as_bytes()), b"A");
        let input = format!("{}41{}", "%25".repeat(n), "%".repeat(n));
        let expected = format!("{}A{}", "%".repeat(n - 1), "%".repeat(n));
        assert!(*unescape_repeatedly(input.as_bytes()) == *expected.as_bytes());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The same text as the passes, on the bytes that make and unmake escapes.
        #[test]
        fn same_as_passes_until_unchanged(input in proptest::collection::vec(proptest::sample::select(&b"%%%2254140aAfFg\xc3"[..]), 0..40)) {
            prop_assert_eq!(&*unescape_repeatedly(&input), &passes_until_unchanged(&input)[..]);
        }
    }
}
