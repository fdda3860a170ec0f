//! The parts of Python's `ipaddress` that w3lib's canonicalization calls (CPython 3.11's
//! `Lib/ipaddress.py`): `ip_address(text)` (an IPv4 address first, then an IPv6 one) and
//! the text of an IPv6 address (`str(IPv6Address)`, RFC 5952 §4 compression).

/// What `ipaddress.ip_address(text)` returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum IpAddress<'a> {
    /// An `IPv4Address`.
    V4,
    /// An `IPv6Address`: its 128 bits and its scope id (after `%`).
    V6(u128, Option<&'a str>),
}

/// `ipaddress.ip_address(text)`; `None` where it raises `ValueError`.
pub(crate) fn ip_address(text: &str) -> Option<IpAddress<'_>> {
    if text.contains('/') {
        return None;
    }
    if ipv4(text).is_some() {
        return Some(IpAddress::V4);
    }
    // `_split_scope_id`: the scope id must be non-empty and hold no other `%`.
    let (addr, scope) = match text.split_once('%') {
        None => (text, None),
        Some((_, s)) if s.is_empty() || s.contains('%') => return None,
        Some((a, s)) => (a, Some(s)),
    };
    ipv6(addr).map(|bits| IpAddress::V6(bits, scope))
}

/// `IPv4Address._ip_int_from_string`: four decimal octets, no leading zero, each to 255.
fn ipv4(text: &str) -> Option<u32> {
    let mut n = 0u32;
    let mut count = 0;
    for octet in text.split('.') {
        count += 1;
        if count > 4 || octet.is_empty() || octet.len() > 3 || !octet.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if octet.len() > 1 && octet.starts_with('0') {
            return None;
        }
        let v: u32 = octet.parse().ok()?;
        if v > 255 {
            return None;
        }
        n = n << 8 | v;
    }
    (count == 4).then_some(n)
}

/// `IPv6Address._ip_int_from_string`.
fn ipv6(text: &str) -> Option<u128> {
    if text.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = text.split(':').map(str::to_owned).collect();
    if parts.len() < 3 {
        return None;
    }
    if parts.last().is_some_and(|p| p.contains('.')) {
        let v4 = ipv4(&parts.pop()?)?;
        parts.push(format!("{:x}", v4 >> 16));
        parts.push(format!("{:x}", v4 & 0xFFFF));
    }
    if parts.len() > 9 {
        return None;
    }
    let mut skip = None;
    for (i, p) in parts.iter().enumerate().take(parts.len() - 1).skip(1) {
        if p.is_empty() {
            if skip.is_some() {
                return None;
            }
            skip = Some(i);
        }
    }
    let (hi, lo, skipped) = if let Some(skip) = skip {
        let (mut hi, mut lo) = (skip, parts.len() - skip - 1);
        if parts[0].is_empty() {
            hi -= 1;
            if hi > 0 {
                return None;
            }
        }
        if parts[parts.len() - 1].is_empty() {
            lo -= 1;
            if lo > 0 {
                return None;
            }
        }
        let skipped = 8usize.checked_sub(hi + lo).filter(|&s| s >= 1)?;
        (hi, lo, skipped)
    } else {
        if parts.len() != 8 || parts[0].is_empty() || parts[7].is_empty() {
            return None;
        }
        (8, 0, 0)
    };
    let hextet = |p: &str| -> Option<u128> {
        if p.is_empty() || p.len() > 4 || !p.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u128::from_str_radix(p, 16).ok()
    };
    let mut n = 0u128;
    for p in &parts[..hi] {
        n = n << 16 | hextet(p)?;
    }
    n = n.checked_shl(16 * skipped as u32).unwrap_or(0);
    for p in &parts[parts.len() - lo..] {
        n = n << 16 | hextet(p)?;
    }
    Some(n)
}

/// `str(IPv6Address)`: lower-case hextets without leading zeros, the first longest run of
/// two or more zero hextets as `::`, then `%scope`.
pub(crate) fn ipv6_to_string(bits: u128, scope: Option<&str>) -> String {
    let hextets: Vec<u16> = (0..8).rev().map(|i| (bits >> (16 * i)) as u16).collect();
    let (mut best, mut best_len, mut start, mut len) = (0, 0, 0, 0);
    for (i, &h) in hextets.iter().enumerate() {
        if h == 0 {
            if len == 0 {
                start = i;
            }
            len += 1;
            if len > best_len {
                (best, best_len) = (start, len);
            }
        } else {
            len = 0;
        }
    }
    let hex = |hs: &[u16]| hs.iter().map(|h| format!("{h:x}")).collect::<Vec<_>>().join(":");
    let mut out = if best_len > 1 { format!("{}::{}", hex(&hextets[..best]), hex(&hextets[best + best_len..])) } else { hex(&hextets) };
    if let Some(scope) = scope {
        out.push('%');
        out.push_str(scope);
    }
    out
}
