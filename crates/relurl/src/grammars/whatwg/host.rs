//! Hosts: URL Standard §3.5 host parsing (IPv4, IPv6, opaque hosts, domains through UTS #46)
//! and §3.6 host serializing.

use core::fmt::Write as _;

use super::encode::{self, hex_value};
use super::Failure;

/// What kind of host a URL has (URL Standard §3.1 "host").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum HostKind {
    /// No host (null).
    None,
    /// A domain, ASCII after §3.3 domain to ASCII.
    Domain,
    /// An IPv4 address, serialized dotted-decimal.
    Ipv4,
    /// An IPv6 address, serialized between `[` and `]`.
    Ipv6,
    /// An opaque host (non-special URLs), percent-encoded.
    Opaque,
    /// The empty host (`file:///`, `sc:///`).
    Empty,
}

/// §3.5 host parser: parses `input` (not special: `is_opaque`) and appends the host's §3.6
/// serialization to `out`.
pub(crate) fn parse_host(input: &str, is_opaque: bool, out: &mut String) -> Result<HostKind, Failure> {
    // 1. "If input starts with U+005B ([), then: if input does not end with U+005D (]),
    //    IPv6-unclosed validation error, return failure; return the result of IPv6 parsing
    //    input with its leading U+005B ([) and trailing U+005D (]) removed."
    if let Some(rest) = input.strip_prefix('[') {
        let inner = rest.strip_suffix(']').ok_or(Failure::Ipv6Unclosed)?;
        let address = parse_ipv6(inner.as_bytes())?;
        out.push('[');
        serialize_ipv6(&address, out);
        out.push(']');
        return Ok(HostKind::Ipv6);
    }
    // 2. "If isOpaque is true, then return the result of opaque-host parsing input."
    if is_opaque {
        return parse_opaque_host(input, out);
    }
    // 4. "Let domain be the result of running UTF-8 decode without BOM on the
    //    percent-decoding of input."
    let decoded = crate::common::percent::decode(input.as_bytes(), false);
    // 5. "Let asciiDomain be the result of running domain to ASCII with domain and false."
    //    (§3.3: an ASCII domain is ASCII-lowercased, with no UTS #46 processing, so
    //    `xn--a`, whose Punycode is invalid, stays; other domains go through UTS #46
    //    ToASCII, which idna decodes from UTF-8 itself, ill-formed sequences as U+FFFD,
    //    which UTS #46 disallows.)
    // 6. "If asciiDomain contains a forbidden domain code point,
    //    domain-invalid-code-point validation error, return failure."
    let ascii = domain_to_ascii(&decoded)?;
    // 7. "If asciiDomain ends in a number, then return the result of IPv4 parsing
    //    asciiDomain."
    if ends_in_a_number(&ascii) {
        let address = parse_ipv4(&ascii)?;
        serialize_ipv4(address, out);
        return Ok(HostKind::Ipv4);
    }
    // 8. "Return asciiDomain."
    out.push_str(&ascii);
    Ok(HostKind::Domain)
}

/// §3.3 domain to ASCII (beStrict false) followed by §3.5 step 6, the forbidden domain code
/// point check.
fn domain_to_ascii(domain: &[u8]) -> Result<std::borrow::Cow<'_, str>, Failure> {
    if domain.is_ascii() {
        if domain.iter().any(|&b| encode::is_forbidden_domain(b)) {
            return Err(Failure::DomainInvalidCodePoint);
        }
        let text = core::str::from_utf8(domain).map_err(|_| Failure::DomainToAscii)?;
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            return Ok(std::borrow::Cow::Owned(text.to_ascii_lowercase()));
        }
        return Ok(std::borrow::Cow::Borrowed(text));
    }
    match super::uts46::to_ascii(domain) {
        Some(ascii) if ascii.is_empty() => Err(Failure::DomainToAscii),
        Some(ascii) if ascii.bytes().any(encode::is_forbidden_domain) => Err(Failure::DomainInvalidCodePoint),
        Some(ascii) => Ok(std::borrow::Cow::Owned(ascii)),
        None => {
            // Which check failed: a forbidden code point among the ASCII, or UTS #46 itself.
            let forbidden = domain.iter().any(|&b| b < 0x80 && encode::is_forbidden_domain(b));
            Err(if forbidden { Failure::DomainInvalidCodePoint } else { Failure::DomainToAscii })
        }
    }
}

/// §3.5 opaque-host parser: failure on a forbidden host code point, else the input
/// UTF-8 percent-encoded with the C0 control percent-encode set.
fn parse_opaque_host(input: &str, out: &mut String) -> Result<HostKind, Failure> {
    if input.bytes().any(encode::is_forbidden_host) {
        return Err(Failure::HostInvalidCodePoint);
    }
    encode::push_str(out, input, encode::C0_CONTROL);
    Ok(if input.is_empty() { HostKind::Empty } else { HostKind::Opaque })
}

/// §3.5 "ends in a number checker".
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    // 1-2. Split on "."; a last part that is empty is removed (unless it is the only one).
    let body = strip_final_dot(input);
    if input.is_empty() {
        return false;
    }
    // 3. "Let last be the last item in parts."
    let last = memchr::memrchr(b'.', body.as_bytes()).map_or(body, |dot| body.get(dot + 1..).unwrap_or(""));
    // Steps 4 and 5 need a number, and every IPv4 number (decimal, `0x` hex, `0` octal)
    // starts with an ASCII digit: a host ending in a name is answered here.
    if !last.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    // 4. "If last is non-empty and contains only ASCII digits, then return true."
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // 5. "If parsing last as an IPv4 number does not return failure, then return true."
    parse_ipv4_number(last).is_some()
}

/// `input` without a final `.` (a byte test: `strip_suffix` calls `memcmp`, and this is on
/// the fast path of every absolute reference).
fn strip_final_dot(input: &str) -> &str {
    match input.as_bytes() {
        [.., b'.'] => input.get(..input.len() - 1).unwrap_or(input),
        _ => input,
    }
}

/// §3.5 IPv4 number parser: the value (saturated far above `u32::MAX`, which is out of
/// range anyway) and whether a validation error occurred (a `0x` or `0` prefix).
fn parse_ipv4_number(input: &str) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let bytes = input.as_bytes();
    let (digits, radix, flagged) = match bytes {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (bytes, 10, false),
    };
    let mut value: u64 = 0;
    for &b in digits {
        let digit = char::from(b).to_digit(radix)?;
        value = value.saturating_mul(u64::from(radix)).saturating_add(u64::from(digit)).min(1 << 40);
    }
    Some((value, flagged))
}

/// §3.5 IPv4 parser.
pub(super) fn parse_ipv4(input: &str) -> Result<u32, Failure> {
    // 1-2. Split on "."; an empty last part is removed.
    let body = strip_final_dot(input);
    // 3. "If parts's size is greater than 4, IPv4-too-many-parts validation error, return
    //    failure."
    if body.split('.').count() > 4 {
        return Err(Failure::Ipv4TooManyParts);
    }
    // 4-5. Each part as an IPv4 number, or IPv4-non-numeric-part.
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for (slot, part) in numbers.iter_mut().zip(body.split('.')) {
        *slot = parse_ipv4_number(part).ok_or(Failure::Ipv4NonNumericPart)?.0;
        count += 1;
    }
    let (init, last) = match numbers.get(..count) {
        Some([init @ .., last]) => (init, *last),
        _ => return Err(Failure::Ipv4NonNumericPart),
    };
    // 7. "If any but the last item in numbers is greater than 255, IPv4-out-of-range-part
    //    validation error, return failure."
    if init.iter().any(|&n| n > 255) {
        return Err(Failure::Ipv4OutOfRangePart);
    }
    // 8. "If the last item in numbers is greater than or equal to 256^(5 − numbers's size),
    //    then IPv4-out-of-range-part validation error, return failure."
    if last >= 1u64 << (8 * (5 - count)) {
        return Err(Failure::Ipv4OutOfRangePart);
    }
    // 9-12. The last number, plus each other shifted into its byte.
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    u32::try_from(ipv4).map_err(|_| Failure::Ipv4OutOfRangePart)
}

/// §3.5 IPv6 parser (over the bytes between the brackets).
#[allow(clippy::too_many_lines)] // the Standard's algorithm, step by step
pub(super) fn parse_ipv6(input: &[u8]) -> Result<[u16; 8], Failure> {
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    let at = |i: usize| input.get(i).copied();

    // 5. A leading "::".
    if at(0) == Some(b':') {
        if at(1) != Some(b':') {
            return Err(Failure::Ipv6InvalidCompression);
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // 6. "While c is not the EOF code point".
    while let Some(c) = at(pointer) {
        if piece_index == 8 {
            return Err(Failure::Ipv6TooManyPieces);
        }
        if c == b':' {
            if compress.is_some() {
                return Err(Failure::Ipv6MultipleCompression);
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(digit) = at(pointer).and_then(hex_value) else { break };
            value = value * 0x10 + u16::from(digit);
            pointer += 1;
            length += 1;
        }
        match at(pointer) {
            Some(b'.') => {
                // An IPv4 address in the last two pieces.
                if length == 0 {
                    return Err(Failure::Ipv4InIpv6InvalidCodePoint);
                }
                pointer -= length;
                if piece_index > 6 {
                    return Err(Failure::Ipv4InIpv6TooManyPieces);
                }
                let mut numbers_seen = 0;
                while let Some(c) = at(pointer) {
                    let mut ipv4_piece: Option<u16> = None;
                    if numbers_seen > 0 {
                        if c == b'.' && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return Err(Failure::Ipv4InIpv6InvalidCodePoint);
                        }
                    }
                    if !at(pointer).is_some_and(|d| d.is_ascii_digit()) {
                        return Err(Failure::Ipv4InIpv6InvalidCodePoint);
                    }
                    while let Some(d) = at(pointer).filter(u8::is_ascii_digit) {
                        let number = u16::from(d - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return Err(Failure::Ipv4InIpv6InvalidCodePoint),
                            Some(piece) => Some(piece * 10 + number),
                        };
                        if ipv4_piece.is_some_and(|piece| piece > 255) {
                            return Err(Failure::Ipv4InIpv6OutOfRangePart);
                        }
                        pointer += 1;
                    }
                    if let Some(slot) = address.get_mut(piece_index) {
                        *slot = *slot * 0x100 + ipv4_piece.unwrap_or(0);
                    }
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return Err(Failure::Ipv4InIpv6TooFewParts);
                }
                break;
            }
            Some(b':') => {
                pointer += 1;
                if at(pointer).is_none() {
                    return Err(Failure::Ipv6InvalidCodePoint);
                }
            }
            Some(_) => return Err(Failure::Ipv6InvalidCodePoint),
            None => {}
        }
        if let Some(slot) = address.get_mut(piece_index) {
            *slot = value;
        }
        piece_index += 1;
    }
    // 7. Move the pieces after the compression to the end.
    if let Some(compress) = compress {
        let mut swaps = piece_index.saturating_sub(compress);
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            let other = compress + swaps - 1;
            if other < 8 {
                address.swap(piece_index, other);
            }
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        // 8. "Otherwise, if compress is null and pieceIndex is not 8, IPv6-too-few-pieces
        //    validation error, return failure."
        return Err(Failure::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// §3.6 host serializer for an IPv4 address: four decimal numbers joined by `.`.
pub(super) fn serialize_ipv4(address: u32, out: &mut String) {
    let [a, b, c, d] = address.to_be_bytes();
    let _ = write!(out, "{a}.{b}.{c}.{d}");
}

/// §3.6 IPv6 serializer: lower-case hex pieces, the first longest run of two or more zero
/// pieces compressed to `::`.
pub(super) fn serialize_ipv6(address: &[u16; 8], out: &mut String) {
    // 2. "Let compress be an index to the first IPv6 piece in the first longest sequences
    //    of address's IPv6 pieces that are 0."
    let mut compress = None;
    let mut best = 1;
    let mut i = 0;
    while i < 8 {
        if address[i] == 0 {
            let start = i;
            while i < 8 && address[i] == 0 {
                i += 1;
            }
            if i - start > best {
                best = i - start;
                compress = Some(start);
            }
        } else {
            i += 1;
        }
    }
    let mut ignore0 = false;
    for (index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(index) {
            out.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        let _ = write!(out, "{piece:x}");
        if index != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(input: &str) -> Result<String, Failure> {
        let mut out = String::new();
        parse_host(input, false, &mut out).map(|_| out)
    }

    #[test]
    fn ipv4_forms() {
        assert_eq!(host("0x7f.1").as_deref(), Ok("127.0.0.1"));
        assert_eq!(host("0177.0.0.1").as_deref(), Ok("127.0.0.1"));
        assert_eq!(host("2130706433").as_deref(), Ok("127.0.0.1"));
        assert_eq!(host("127.1").as_deref(), Ok("127.0.0.1"));
        assert_eq!(host("127.0.1").as_deref(), Ok("127.0.0.1"));
        assert_eq!(host("0x").as_deref(), Ok("0.0.0.0"));
        assert_eq!(host("1.2.3.4.").as_deref(), Ok("1.2.3.4"));
        assert_eq!(host("4294967295").as_deref(), Ok("255.255.255.255"));
        assert_eq!(host("4294967296"), Err(Failure::Ipv4OutOfRangePart));
        assert_eq!(host("1.2.3.4.5"), Err(Failure::Ipv4TooManyParts));
        assert_eq!(host("foo.09"), Err(Failure::Ipv4NonNumericPart));
        assert_eq!(host("256.0.0.1"), Err(Failure::Ipv4OutOfRangePart));
        assert_eq!(host("1.2.3.08"), Err(Failure::Ipv4NonNumericPart));
        assert_eq!(host("example.com").as_deref(), Ok("example.com"));
        assert_eq!(host("foo.0x").as_deref().map_err(|_| ()), Err(()));
    }

    #[test]
    fn ipv6_serialize() {
        assert_eq!(host("[0:0:0:0:0:0:0:1]").as_deref(), Ok("[::1]"));
        assert_eq!(host("[1:0:0:2:0:0:0:3]").as_deref(), Ok("[1:0:0:2::3]"));
        assert_eq!(host("[1:0:0:2:0:0:3:4]").as_deref(), Ok("[1::2:0:0:3:4]"));
        assert_eq!(host("[1:0:1:0:1:0:1:0]").as_deref(), Ok("[1:0:1:0:1:0:1:0]"));
        assert_eq!(host("[::ffff:192.168.0.1]").as_deref(), Ok("[::ffff:c0a8:1]"));
        assert_eq!(host("[ABCD::]").as_deref(), Ok("[abcd::]"));
        assert_eq!(host("[::]").as_deref(), Ok("[::]"));
        assert_eq!(host("[:1]"), Err(Failure::Ipv6InvalidCompression));
        assert_eq!(host("[1::2::3]"), Err(Failure::Ipv6MultipleCompression));
        assert_eq!(host("[1:2:3:4:5:6:7]"), Err(Failure::Ipv6TooFewPieces));
        assert_eq!(host("[1:2:3:4:5:6:7:8:9]"), Err(Failure::Ipv6TooManyPieces));
        assert_eq!(host("[::1.2.3]"), Err(Failure::Ipv4InIpv6TooFewParts));
        assert_eq!(host("[::1.2.3.256]"), Err(Failure::Ipv4InIpv6OutOfRangePart));
        assert_eq!(host("[::1.2.3.04]"), Err(Failure::Ipv4InIpv6InvalidCodePoint));
        assert_eq!(host("[1:2:3:4:5:6:7:1.2.3.4]"), Err(Failure::Ipv4InIpv6TooManyPieces));
        assert_eq!(host("[::1"), Err(Failure::Ipv6Unclosed));
        assert_eq!(host("[::1:]"), Err(Failure::Ipv6InvalidCodePoint));
    }
}
