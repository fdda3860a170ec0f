//! Percent-encoding (URL Standard §1.3 "Percent-encoded bytes") and the code point classes
//! of the parser.

/// A percent-encode set (§1.3) as a bit mask over ASCII; every code point above U+007E is
/// in every set, so only ASCII needs a table.
#[derive(Clone, Copy)]
pub(super) struct EncodeSet(u128);

/// Builds a set from the C0 control percent-encode set plus `extra`.
const fn c0_plus(extra: &[u8]) -> EncodeSet {
    // C0 controls (U+0000 to U+001F) and U+007F DELETE ("code points greater than U+007E").
    let mut bits: u128 = (1 << 0x20) - 1;
    bits |= 1 << 0x7F;
    let mut i = 0;
    while i < extra.len() {
        bits |= 1 << extra[i];
        i += 1;
    }
    EncodeSet(bits)
}

/// The empty set (for masks of delimiters).
const EMPTY: EncodeSet = EncodeSet(0);

/// §1.3 C0 control percent-encode set.
pub(super) const C0_CONTROL: EncodeSet = c0_plus(b"");
/// §1.3 fragment percent-encode set: C0 control set and space, `"`, `<`, `>`, `` ` ``.
pub(super) const FRAGMENT: EncodeSet = c0_plus(b" \"<>`");
/// §1.3 query percent-encode set: C0 control set and space, `"`, `#`, `<`, `>`.
pub(super) const QUERY: EncodeSet = c0_plus(b" \"#<>");
/// §1.3 special-query percent-encode set: the query set and `'`.
pub(super) const SPECIAL_QUERY: EncodeSet = c0_plus(b" \"#<>'");
/// §1.3 path percent-encode set: the query set and `?`, `^`, `` ` ``, `{`, `}`.
pub(super) const PATH: EncodeSet = c0_plus(b" \"#<>?^`{}");
/// §1.3 userinfo percent-encode set: the path set and `/`, `:`, `;`, `=`, `@`, `[` to `^`,
/// `|`.
pub(super) const USERINFO: EncodeSet = c0_plus(b" \"#<>?^`{}/:;=@[\\]|");

/// The ASCII bytes that end a scheme (§4.4 scheme state): all but ASCII alphanumerics, `+`,
/// `-` and `.`.
pub(super) const SCHEME_STOP: EncodeSet = {
    let mut bits = 0u128;
    let mut b = 0u8;
    while b < 0x80 {
        if !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) {
            bits |= 1 << b;
        }
        b += 1;
    }
    EncodeSet(bits)
};

impl EncodeSet {
    /// The set plus the ASCII bytes of `extra`.
    #[inline]
    pub(super) const fn with(self, extra: &[u8]) -> Self {
        let mut bits = self.0;
        let mut i = 0;
        while i < extra.len() {
            bits |= 1 << extra[i];
            i += 1;
        }
        Self(bits)
    }

    /// Whether the ASCII byte `b` is in the set (non-ASCII bytes always are).
    #[inline]
    pub(super) const fn contains(self, b: u8) -> bool {
        b >= 0x80 || self.0 & (1 << b) != 0
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%XX` (upper-case hex, §1.3 "percent-encode a byte").
#[inline]
pub(super) fn push_byte(out: &mut String, b: u8) {
    out.push('%');
    out.push(char::from(HEX_UPPER[usize::from(b >> 4)]));
    out.push(char::from(HEX_UPPER[usize::from(b & 0xF)]));
}

/// §1.3 UTF-8 percent-encode a code point `c` using `set`, appended to `out`.
#[inline]
pub(super) fn push_char(out: &mut String, c: char, set: EncodeSet) {
    if c.is_ascii() && !set.contains(c as u8) {
        out.push(c);
    } else {
        let mut utf8 = [0; 4];
        for &b in c.encode_utf8(&mut utf8).as_bytes() {
            push_byte(out, b);
        }
    }
}

/// §1.3 UTF-8 percent-encode a string using `set`, appended to `out`: runs that need no
/// encoding are copied whole.
pub(super) fn push_str(out: &mut String, s: &str, set: EncodeSet) {
    let mut clean_from = 0;
    for (i, b) in s.bytes().enumerate() {
        if set.contains(b) {
            out.push_str(s.get(clean_from..i).unwrap_or(""));
            push_byte(out, b);
            clean_from = i + 1;
        }
    }
    out.push_str(s.get(clean_from..).unwrap_or(""));
}

/// A table of the bytes that stop a run of the parser's state machine: the ASCII bytes of
/// `stop`, and every non-ASCII byte if `non_ascii_stops`.
const fn stop_table(stop: EncodeSet, non_ascii_stops: bool) -> [bool; 256] {
    let mut table = [non_ascii_stops; 256];
    let mut b = 0u8;
    while b < 0x80 {
        table[b as usize] = stop.contains(b);
        b += 1;
    }
    table
}

// The runs of plain bytes of the §4.4 states: the bytes a state encodes and its delimiters
// stop them.
pub(super) static STOP_PATH_SPECIAL: [bool; 256] = stop_table(PATH.with(b"/\\"), true);
pub(super) static STOP_PATH: [bool; 256] = stop_table(PATH.with(b"/"), true);
pub(super) static STOP_OPAQUE_PATH: [bool; 256] = stop_table(C0_CONTROL.with(b"?# "), true);
pub(super) static STOP_SPECIAL_QUERY: [bool; 256] = stop_table(SPECIAL_QUERY, true);
pub(super) static STOP_QUERY: [bool; 256] = stop_table(QUERY, true);
pub(super) static STOP_FRAGMENT: [bool; 256] = stop_table(FRAGMENT, true);
pub(super) static STOP_SCHEME: [bool; 256] = stop_table(SCHEME_STOP, true);
pub(super) static STOP_AUTHORITY_SPECIAL: [bool; 256] = stop_table(EMPTY.with(b"@/?#\\"), false);
pub(super) static STOP_AUTHORITY: [bool; 256] = stop_table(EMPTY.with(b"@/?#"), false);
pub(super) static STOP_HOST_SPECIAL: [bool; 256] = stop_table(EMPTY.with(b":[]/?#\\"), false);
pub(super) static STOP_HOST: [bool; 256] = stop_table(EMPTY.with(b":[]/?#"), false);
pub(super) static STOP_FILE_HOST: [bool; 256] = stop_table(EMPTY.with(b"/\\?#"), false);

pub(super) use crate::common::percent::hex_value;

/// §3.1 forbidden host code point (ASCII only: none is above U+007F).
#[inline]
pub(super) const fn is_forbidden_host(b: u8) -> bool {
    matches!(b, 0 | b'\t' | b'\n' | b'\r' | b' ' | b'#' | b'/' | b':' | b'<' | b'>' | b'?' | b'@' | b'[' | b'\\' | b']' | b'^' | b'|')
}

/// §3.1 forbidden domain code point: a forbidden host code point, a C0 control, `%` or
/// U+007F DELETE.
#[inline]
pub(super) const fn is_forbidden_domain(b: u8) -> bool {
    is_forbidden_host(b) || b <= 0x1F || b == b'%' || b == 0x7F
}

/// §4.1 Windows drive letter: two code points, an ASCII alpha then `:` or `|`.
#[inline]
pub(super) fn is_windows_drive_letter(s: &str) -> bool {
    matches!(s.as_bytes(), [a, b':' | b'|'] if a.is_ascii_alphabetic())
}

/// §4.1 normalized Windows drive letter: a Windows drive letter whose second code point is
/// `:`.
#[inline]
pub(super) fn is_normalized_windows_drive_letter(s: &str) -> bool {
    matches!(s.as_bytes(), [a, b':'] if a.is_ascii_alphabetic())
}

/// §4.1 "starts with a Windows drive letter": the first two code points are a Windows
/// drive letter and the string ends there or goes on with `/`, `\`, `?` or `#`.
#[inline]
pub(super) fn starts_with_windows_drive_letter(s: &str) -> bool {
    match s.as_bytes() {
        [a, b':' | b'|'] => a.is_ascii_alphabetic(),
        [a, b':' | b'|', c, ..] => a.is_ascii_alphabetic() && matches!(c, b'/' | b'\\' | b'?' | b'#'),
        _ => false,
    }
}

/// §4.1 single-dot URL path segment: `.` or `%2e`, ASCII case-insensitively.
#[inline]
pub(super) fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// §4.1 double-dot URL path segment: `..`, `.%2e`, `%2e.` or `%2e%2e`, ASCII
/// case-insensitively.
#[inline]
pub(super) fn is_double_dot(s: &str) -> bool {
    match s.len() {
        2 => s == "..",
        4 => s.eq_ignore_ascii_case(".%2e") || s.eq_ignore_ascii_case("%2e."),
        6 => s.eq_ignore_ascii_case("%2e%2e"),
        _ => false,
    }
}

/// §1.3 "percent-encode after encoding": `s` encoded by `encoding`'s encoder (an output
/// encoding other than UTF-8), each byte in `set` percent-encoded, appended to `out`; a code
/// point the encoding cannot represent is written as an HTML numeric character reference,
/// percent-encoded: `%26%23`, its value in decimal, `%3B` (the encoder's "html" error mode,
/// as "encode or fail" reports it). `s` is encoded as one queue (a stateful encoder such as
/// ISO-2022-JP's returns to ASCII at its end).
pub(super) fn push_encoded(out: &mut String, s: &str, encoding: &'static encoding_rs::Encoding, set: EncodeSet) {
    use core::fmt::Write as _;
    use encoding_rs::EncoderResult;
    let mut encoder = encoding.new_encoder();
    let mut buffer = [0u8; 256];
    let mut rest = s;
    loop {
        let (result, read, written) = encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        for &b in buffer.get(..written).unwrap_or_default() {
            if set.contains(b) {
                push_byte(out, b);
            } else {
                out.push(char::from(b));
            }
        }
        rest = rest.get(read..).unwrap_or_default();
        match result {
            EncoderResult::InputEmpty => return,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                // Writing to a `String` does not fail.
                let _ = write!(out, "%26%23{}%3B", u32::from(c));
            }
        }
    }
}
