//! The host side of a lookup: which texts are host names at all (no character that no host
//! has), which hosts have a public suffix (not an IP address, not empty, no empty label),
//! their labels from the right, and an answer's text.

// The lookup's hot path (`#[inline(always)]` below): left to LLVM, it is outlined in the
// extension module and a lookup takes more instructions (benches/test_bench_psl.py).
#![allow(clippy::inline_always)]

use std::borrow::Cow;

use super::host_name::not_a_host_name;
use crate::grammars::whatwg::host::{ends_in_a_number, parse_host, HostKind};
use crate::grammars::whatwg::Failure;
use crate::services::label_trie::{half, word};
use crate::Error;

/// What [`scan`] finds in a host's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools, reason = "independent findings of one pass over the bytes, each a flag")]
struct Scan {
    /// A byte that needs lower-casing or decoding: upper-case ASCII, or not ASCII.
    not_plain: bool,
    /// A `%` or `[` (the IP check must parse).
    special: bool,
    /// A byte that may be one no host name has ([`not_a_host_name`] tells): below `!`, `#`,
    /// `/`, `:` to `@`, `[` to `^`, `|` to DEL.
    suspect: bool,
    /// Two dots in a row (an empty label): no public suffix.
    refused: bool,
    /// Bit `i` for a dot at byte `i`, of the first 64 bytes.
    dots: u64,
}

/// A byte's value in each of a word's 8 bytes.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that is zero, and no other bit (exact: no carry from
/// one byte into the next, as the usual `(x - ONES) & !x` has).
#[inline]
fn zero_bytes(word: u64) -> u64 {
    !(((word & !HIGH) + !HIGH) | word | !HIGH)
}

/// The high bit of each byte of `word` that is `byte`.
#[inline]
fn bytes_equal(word: u64, byte: u8) -> u64 {
    zero_bytes(word ^ (ONES * u64::from(byte)))
}

/// The bit of each dot of a word (of the high bits [`zero_bytes`] gives, one per byte),
/// gathered into the word's byte of a mask whose bit `i` is byte `i`, placed at `at` (a word's
/// first byte; nothing beyond the first 64 bytes).
#[inline(always)]
fn dot_bits(dots: u64, at: u32) -> u64 {
    gathered(dots).checked_shl(at).unwrap_or(0)
}

/// The high bits of a word's bytes (and no other bit) gathered into the low byte: bit `i` for
/// byte `i`.
#[inline(always)]
fn gathered(high_bits: u64) -> u64 {
    // Each lands on bit 56 + its byte's index; no two products meet there.
    (high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// `step` of each 8 bytes of `bytes` as a little-endian word, and of its last bytes as the low
/// bytes of a word whose other bytes are zero (none is a dot or any byte looked for but a
/// byte below `!`: `valid`, the high bit of each of the word's bytes that is the host's, tells
/// those), with where the word starts (saturating at `u32::MAX`).
#[inline(always)]
fn for_each_word(bytes: &[u8], mut step: impl FnMut(u64, u32, u64)) {
    let mut at = 0u32;
    let mut words = bytes.chunks_exact(8);
    for chunk in &mut words {
        step(word(chunk, 0), at, HIGH);
        at = at.saturating_add(8);
    }
    let rest = words.remainder().len();
    if rest > 0 {
        // The last 8 bytes shifted, or for a host shorter than 8, bytes read so that each is
        // read at least once (a byte read twice is the same byte).
        let len = bytes.len();
        let last = if len >= 8 {
            word(bytes, len - 8) >> (8 * (8 - rest))
        } else if len >= 4 {
            half(bytes, 0) | half(bytes, len - 4) << (8 * (len - 4))
        } else {
            u64::from(bytes[0]) | u64::from(bytes[len / 2]) << (8 * (len / 2)) | u64::from(bytes[len - 1]) << (8 * (len - 1))
        };
        step(last, at, HIGH >> (8 * (8 - rest)));
    }
}

/// The dots of a usual host (bit `i` for a dot at byte `i`): one of at most 64 bytes, each
/// `-`, `.`, a digit or from `_` to `z` (`_`, `` ` `` and lower-case ASCII),
/// without two dots in a row, whose [`Scan`] is then plain, not special, not suspect, not
/// refused. `None` for any other host, whose [`scan_any`] tells. Half the work of
/// [`scan_any`] a word, for the hosts a parsed URL gives (lower-cased): with the high bits
/// ruled out, each test is exact within a byte with fewer steps (no sum carries into the next
/// byte), and two dots in a row are two neighbouring bits of the dots' mask, tested once.
#[inline(always)]
fn usual_dots(bytes: &[u8]) -> Option<u64> {
    if bytes.len() > 64 {
        return None;
    }
    let (mut unusual, mut dot_bits_all) = (0u64, 0u64);
    for_each_word(bytes, |word, at, valid| {
        // Each sum stays within its byte while no byte has its high bit (which is unusual
        // anyway): the bytes from `-` (0x2D) to `9` (0x39) or from `_` (0x5F) to `z` (0x7A),
        // but `/` (0x2F). The zero bytes after a host's last are not its own (`valid`).
        let from = |first: u8| word.wrapping_add(ONES * u64::from(0x80 - first));
        let usual_bytes = (from(b'-') & !from(b'9' + 1)) | (from(b'_') & !from(b'z' + 1));
        let slash = from(b'/') & !from(b'0');
        unusual |= word | (!usual_bytes & valid) | slash;
        // A byte equal to `.` (below 0x80): `word ^ b` is zero there, and only there is
        // neither it nor it plus 0x7F at 0x80 or above.
        let t = word ^ (ONES * u64::from(b'.'));
        // `at` is below 64: the host has at most 64 bytes.
        dot_bits_all |= gathered(!(t.wrapping_add(ONES * 0x7F) | t) & HIGH) << at;
    });
    (unusual & HIGH == 0 && dot_bits_all & (dot_bits_all >> 1) == 0).then_some(dot_bits_all)
}

/// [`Scan`] of `bytes`, 8 bytes at a time (with a table lookup per byte instead, a lookup
/// took 4% longer: `cargo bench -p relurl --bench public_suffix`). A usual host
/// ([`usual_dots`]) takes the shorter way.
#[inline(always)]
fn scan(bytes: &[u8]) -> Scan {
    match usual_dots(bytes) {
        Some(dots) => Scan { not_plain: false, special: false, suspect: false, refused: false, dots },
        None => scan_any(bytes),
    }
}

/// [`Scan`] of any host, exact for every byte.
#[cold]
#[inline(never)]
fn scan_any(bytes: &[u8]) -> Scan {
    let (mut not_plain, mut special, mut suspect, mut two_dots, mut dot_before) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut dot_bits_all = 0u64;
    for_each_word(bytes, |word, at, valid| {
        // Ranges of the low 7 bits (the sums stay within each byte), of the bytes without the
        // high bit (`ascii`).
        let low = word & !HIGH;
        let ascii = !word & valid;
        let from = |first: u8| low + ONES * u64::from(0x80 - first);
        let upper = from(b'A') & !from(b'Z' + 1);
        not_plain |= (upper | word) & HIGH;
        special |= bytes_equal(word, b'%') | bytes_equal(word, b'[');
        let ranges = !from(b'!') | (from(b':') & !from(b'@' + 1)) | (from(b'[') & !from(b'^' + 1)) | from(b'|');
        suspect |= (ranges & ascii) | bytes_equal(word, b'#') | bytes_equal(word, b'/');
        let dots = bytes_equal(word, b'.');
        // A dot after a dot: the byte before in this word, or the last byte of the one before.
        two_dots |= dots & ((dots << 8) | dot_before);
        dot_before = dots >> 56;
        dot_bits_all |= dot_bits(dots, at);
    });
    Scan { not_plain: not_plain != 0, special: special != 0, suspect: suspect != 0, refused: two_dots != 0, dots: dot_bits_all }
}

/// A host that has a public suffix, without its final dot: not empty, no empty label, not an
/// IP address. Its labels are read from the right by the lookup itself
/// ([`Host::label_before`]), as far as the lookup goes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Host<'h> {
    /// The host without its final dot.
    pub(super) body: &'h str,
    /// Whether it is lower-case ASCII (its labels are keys as they are: no lower-casing).
    pub(super) plain: bool,
    /// Where its last label starts.
    pub(super) last_label: usize,
    /// Bit `i` for a dot at byte `i` of [`Host::body`], when it has at most 64 bytes.
    dots: u64,
    /// Whether it has a `Σ` (U+03A3), which lower-cases by its context (Unicode's Final_Sigma:
    /// `ς` after a cased letter and not before one, the dots between labels skipped): an
    /// answer's text is then the host's labels lower-cased as a whole ([`Host::text_with_sigma`]).
    pub(super) sigma: bool,
}

impl<'h> Host<'h> {
    /// `host` when it has a public suffix: `None` for an empty host, one with an empty label
    /// (a leading dot, `a..b`; a single final dot is dropped first: `example.com.` is
    /// `example.com`) and an IP address ([`is_ip_address`]: in brackets, or an IPv6 address
    /// without them, as urllib's `hostname` gives it). One pass over the bytes, a word at a
    /// time ([`scan`]), then the IP check, which reads the last label alone unless it starts
    /// with a digit.
    ///
    /// # Errors
    /// [`ErrorKind::NotAHostName`](crate::ErrorKind::NotAHostName) for a text that no host is ([`not_a_host_name`]).
    #[inline(always)]
    pub(super) fn of(host: &'h str) -> Result<Option<Self>, Error> {
        let body = host.strip_suffix('.').unwrap_or(host);
        let bytes = body.as_bytes();
        let scan = scan(bytes);
        if (scan.suspect || scan.not_plain) && not_a_host_name(body)? {
            return Ok(None);
        }
        if bytes.first().is_none_or(|&b| b == b'.') || bytes.last() == Some(&b'.') || scan.refused {
            return Ok(None);
        }
        let plain = !scan.not_plain;
        let sigma = !plain && has_sigma(bytes);
        let mut found = Self { body, plain, last_label: 0, dots: scan.dots, sigma };
        found.last_label = found.label_before(bytes.len());
        // A plain host whose last label starts with a letter is no IP address, without the
        // call (most hosts: one test instead of a call, fewer instructions per lookup).
        let usual = plain && !scan.special;
        let last_label = &body[found.last_label..];
        let may_be_ip = !usual || last_label.as_bytes().first().is_some_and(u8::is_ascii_digit);
        if may_be_ip && is_ip_address(host, last_label, usual) {
            return Ok(None);
        }
        Ok(Some(found))
    }

    /// The label from `start` to `end` of a host that is not plain as the trie's key:
    /// lower-cased (a plain host's label is its bytes as they are).
    #[inline]
    pub(super) fn lowered_key(&self, start: usize, end: usize) -> Cow<'h, [u8]> {
        match lowered(&self.body[start..end]) {
            Cow::Borrowed(label) => Cow::Borrowed(label.as_bytes()),
            Cow::Owned(label) => Cow::Owned(label.into_bytes()),
        }
    }

    /// Where the label that ends at `end` (the host's length, or a dot's position) starts.
    #[inline]
    pub(super) fn label_before(&self, end: usize) -> usize {
        if self.body.len() > 64 {
            return label_before(self.body.as_bytes(), end);
        }
        // The highest dot below `end`, from the scan's bits.
        let below = self.dots & 1u64.checked_shl(end as u32).map_or(u64::MAX, |bit| bit - 1);
        64 - below.leading_zeros() as usize
    }

    /// How many labels from `start` (a label's start) to the end.
    pub(super) fn labels_from(&self, start: usize) -> usize {
        1 + memchr::memchr_iter(b'.', &self.body.as_bytes()[start..]).count()
    }

    /// The host from `start` (a label's start) on, lower-cased (a host with a `Σ`: lower-cased
    /// whole, [`Host::text_with_sigma`]).
    #[inline]
    pub(super) fn text_from(&self, start: usize) -> Cow<'h, str> {
        let text = &self.body[start..];
        if self.plain {
            Cow::Borrowed(text)
        } else if self.sigma {
            self.text_with_sigma(start)
        } else {
            lowered(text)
        }
    }

    /// [`Host::text_from`] of a host with a `Σ`: those labels of the host lower-cased whole.
    #[cold]
    #[inline(never)]
    fn text_with_sigma(&self, start: usize) -> Cow<'h, str> {
        let lowered = self.body.to_lowercase();
        let at = last_labels_start(&lowered, self.labels_from(start));
        Cow::Owned(lowered[at..].to_owned())
    }
}

/// Where the last `labels` labels of `host` (without its final dot; `labels` at least 1 and at
/// most its labels) start.
fn last_labels_start(host: &str, labels: usize) -> usize {
    memchr::memrchr_iter(b'.', host.as_bytes()).nth(labels - 1).map_or(0, |dot| dot + 1)
}

/// Whether `bytes` hold a `Σ` (U+03A3, `CE A3`): asked only of a host that is not plain, out of
/// the way of the plain hosts' lookup.
#[cold]
#[inline(never)]
fn has_sigma(bytes: &[u8]) -> bool {
    memchr::memmem::find(bytes, "Σ".as_bytes()).is_some()
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

/// Whether `host` (without a `[`: a host in brackets is an IP address or no host name,
/// which [`not_a_host_name`] decides before) is an IP address: one the URL Standard's host parser
/// takes for an IPv4 or IPv6 address (after its percent-decoding and domain to ASCII, so
/// `%31%32%37.0.0.1` and full-width digits too), or whose last label is a number (the
/// parser's "ends in a number": an IPv4 address, or a host the parser fails as a bad one,
/// such as `1.2.3.999`). `last_label`: its last label (without the final dot); `plain`:
/// lower-case ASCII without `%` or `[`.
pub(super) fn is_ip_address(host: &str, last_label: &str, plain: bool) -> bool {
    if plain || (host.is_ascii() && !host.contains('%')) {
        // Every IPv4 number (decimal, `0x` hex, `0` octal) starts with an ASCII digit.
        if !last_label.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            return false;
        }
        return ends_in_a_number(&if plain { Cow::Borrowed(host) } else { lowered(host) });
    }
    is_ip_address_once_parsed(host)
}

/// [`is_ip_address`] of a host that is not ASCII or has a `%`: by the URL Standard's host
/// parser (out of the way of the usual hosts' lookup).
#[cold]
#[inline(never)]
fn is_ip_address_once_parsed(host: &str) -> bool {
    let mut out = String::new();
    match parse_host(host, false, &mut out) {
        // An address, or a failure of the IPv4 parser (§3.5 step 7: the host, once ASCII, ends
        // in a number; full-width digits too: `a.１`, `１.２.３.９９９`).
        Ok(HostKind::Ipv4 | HostKind::Ipv6)
        | Err(Failure::Ipv4TooManyParts | Failure::Ipv4NonNumericPart | Failure::Ipv4OutOfRangePart) => true,
        Ok(_) => false,
        // Failed before, at domain to ASCII: by the host's own last label.
        Err(_) => ends_in_a_number(&host.to_lowercase()),
    }
}

#[cfg(test)]
mod tests {
    use super::{label_before, scan, scan_any, usual_dots, Host, Scan};

    /// What [`scan`] finds, byte by byte.
    fn scan_bytewise(bytes: &[u8]) -> Scan {
        Scan {
            not_plain: bytes.iter().any(|&b| b.is_ascii_uppercase() || !b.is_ascii()),
            special: bytes.iter().any(|&b| b == b'%' || b == b'['),
            suspect: bytes.iter().any(|&b| {
                b < b'!' || b"#/".contains(&b) || (b':'..=b'@').contains(&b) || (b'['..=b'^').contains(&b) || (b'|'..0x80).contains(&b)
            }),
            refused: bytes.windows(2).any(|w| w == b".."),
            dots: bytes.iter().take(64).enumerate().filter(|(_, &b)| b == b'.').fold(0, |bits, (i, _)| bits | 1 << i),
        }
    }

    #[test]
    fn the_word_scan_is_the_byte_scan() {
        // Every byte at every place of the first two words and the rest, alone and beside
        // dots, and every pair of bytes across the first word's end.
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for len in 0..=130usize {
            texts.push((0..len).map(|i| if i % 3 == 1 || i % 7 == 0 { b'.' } else { b'a' }).collect());
        }
        for b in 0..=255u8 {
            for len in 1..=19usize {
                for at in 0..len {
                    let mut plain = vec![b'a'; len];
                    plain[at] = b;
                    texts.push(plain);
                    let mut dotted = vec![b'.'; len];
                    dotted[at] = b;
                    texts.push(dotted);
                }
            }
            for c in 0..=255u8 {
                texts.push([b"abcdefg".as_slice(), &[b, c], b"xyz"].concat());
            }
        }
        // Two dots in a row, and one dot, at every place, up to beyond the 64 bytes whose dots
        // the usual host's mask holds.
        for len in 2..=70usize {
            for at in 0..len - 1 {
                let mut text = vec![b'a'; len];
                text[at] = b'.';
                texts.push(text.clone());
                text[at + 1] = b'.';
                texts.push(text);
            }
        }
        texts.push(Vec::new());
        for text in &texts {
            assert_eq!(scan(text), scan_bytewise(text), "{text:?}");
            assert_eq!(scan_any(text), scan_bytewise(text), "{text:?}");
            // The short way is taken for every usual host, and only for those.
            let usual = text.len() <= 64
                && text.iter().all(|&b| b"-.".contains(&b) || b.is_ascii_digit() || (b'_'..=b'z').contains(&b))
                && !text.windows(2).any(|pair| pair == b"..");
            assert_eq!(usual_dots(text).is_some(), usual, "{text:?}");
        }
    }

    #[test]
    fn labels_found_by_the_scan_s_dots() {
        for len in 1..=70usize {
            for step in 2..=5usize {
                let text: String = (0..len).map(|i| if i % step == step - 1 && i + 1 < len { '.' } else { 'a' }).collect();
                let host = Host::of(&text).unwrap().unwrap();
                for end in (0..=len).filter(|&end| end == len || text.as_bytes()[end] == b'.') {
                    assert_eq!(host.label_before(end), label_before(text.as_bytes(), end), "{text} {end}");
                }
            }
        }
    }
}
