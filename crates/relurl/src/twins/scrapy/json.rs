//! The strings of CPython's `json.dumps` with its defaults (`ensure_ascii=True`): the C
//! encoder's `ascii_escape_unicode`, which the fingerprint's JSON text is made of.
//!
//! A `str` is written between double quotes; the printable ASCII characters (`' '` to `'~'`)
//! other than `"` and `\` as they are; `"`, `\`, backspace, form feed, line feed, carriage
//! return and tab as `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`; every other code point as
//! `\uXXXX` in lower-case hex, one above U+FFFF as its UTF-16 surrogate pair (`\ud83d\ude00`),
//! a lone surrogate as itself (`\udc80`). The text written is ASCII.

/// Text as a Python `str` holds it: code points, lone surrogates included, as the bytes
/// `str.encode("utf-8", "surrogatepass")` gives (UTF-8 that also encodes the surrogate code
/// points U+D800 to U+DFFF, each in three bytes). A Rust `&str` is such text.
///
/// ```
/// use relurl::scrapy::Text;
/// let text = Text::from_surrogatepass(b"a\xed\xb2\x80"); // 'a\udc80'
/// assert_eq!(text.as_bytes(), b"a\xed\xb2\x80");
/// assert_eq!(Text::from("abc").as_bytes(), b"abc");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Text<'a>(&'a [u8]);

impl<'a> Text<'a> {
    /// The text of `str.encode("utf-8", "surrogatepass")`'s bytes. Bytes that are not such
    /// an encoding (which that call never gives) are written in the JSON text as U+FFFD, one
    /// per byte that does not start a well-formed sequence.
    pub fn from_surrogatepass(bytes: &'a [u8]) -> Self {
        Self(bytes)
    }

    /// The bytes, as [`Text::from_surrogatepass`] takes them.
    pub fn as_bytes(self) -> &'a [u8] {
        self.0
    }
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(text: &'a str) -> Self {
        Self(text.as_bytes())
    }
}

/// Lower-case hex digits, as Python writes them (`bytes.hex()`, `json`'s `\u` escapes).
const HEX: &[u8; 16] = b"0123456789abcdef";

/// Whether the JSON writer copies `byte` as it is: printable ASCII other than `"` and `\`
/// (the C encoder's `S_CHAR`).
#[inline]
fn as_is(byte: u8) -> bool {
    (b' '..=b'~').contains(&byte) && byte != b'"' && byte != b'\\'
}

/// Appends `bytes.hex()` of `bytes` to `out`.
pub(super) fn push_hex(bytes: &[u8], out: &mut String) {
    out.reserve(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 0xf)]));
    }
}

/// Appends `json.dumps(text)` (quotes included) to `out`.
pub(super) fn write_str(text: Text<'_>, out: &mut String) {
    out.push('"');
    let bytes = text.0;
    let mut i = 0;
    while i < bytes.len() {
        // The run of bytes written as they are, at once.
        let run = bytes[i..].iter().position(|&b| !as_is(b)).unwrap_or(bytes.len() - i);
        if run > 0 {
            // Printable ASCII: one char per byte.
            out.extend(bytes[i..i + run].iter().map(|&b| char::from(b)));
            i += run;
            continue;
        }
        let (code_point, length) = decode(&bytes[i..]);
        escape(code_point, out);
        i += length;
    }
    out.push('"');
}

/// Whether `json.dumps` of this text needs an escape (when it does not, the JSON string is
/// the text between quotes).
pub(super) fn needs_escape(text: &[u8]) -> bool {
    !text.iter().all(|&b| as_is(b))
}

/// The code point `bytes` starts with and its length in bytes: a sequence of one to four
/// bytes of the generalized UTF-8 of [`Text`] (surrogates allowed, as
/// `surrogatepass` writes them), or U+FFFD for one byte that starts none.
fn decode(bytes: &[u8]) -> (u32, usize) {
    const REPLACEMENT: (u32, usize) = (0xfffd, 1);
    let lead = bytes[0];
    let (length, initial, least) = match lead {
        0x00..=0x7f => return (u32::from(lead), 1),
        0xc2..=0xdf => (2, u32::from(lead & 0x1f), 0x80),
        0xe0..=0xef => (3, u32::from(lead & 0x0f), 0x800),
        0xf0..=0xf4 => (4, u32::from(lead & 0x07), 0x1_0000),
        _ => return REPLACEMENT,
    };
    let Some(continuation) = bytes.get(1..length) else { return REPLACEMENT };
    if !continuation.iter().all(|&b| b & 0xc0 == 0x80) {
        return REPLACEMENT;
    }
    let code_point = continuation.iter().fold(initial, |c, &b| (c << 6) | u32::from(b & 0x3f));
    if code_point < least || code_point > 0x10_ffff {
        return REPLACEMENT;
    }
    (code_point, length)
}

/// Appends the escape of `code_point` (one that is not written as it is).
fn escape(code_point: u32, out: &mut String) {
    let short = match code_point {
        0x22 => Some('"'),
        0x5c => Some('\\'),
        0x08 => Some('b'),
        0x0c => Some('f'),
        0x0a => Some('n'),
        0x0d => Some('r'),
        0x09 => Some('t'),
        _ => None,
    };
    if let Some(short) = short {
        out.push('\\');
        out.push(short);
    } else if code_point >= 0x1_0000 {
        let offset = code_point - 0x1_0000;
        escape_unit(0xd800 | (offset >> 10), out);
        escape_unit(0xdc00 | (offset & 0x3ff), out);
    } else {
        escape_unit(code_point, out);
    }
}

/// Appends `\uXXXX` for one UTF-16 code unit.
fn escape_unit(unit: u32, out: &mut String) {
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(char::from(HEX[((unit >> shift) & 0xf) as usize]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dumps(bytes: &[u8]) -> String {
        let mut out = String::new();
        write_str(Text::from_surrogatepass(bytes), &mut out);
        out
    }

    #[test]
    fn printable_ascii_is_written_as_it_is() {
        assert_eq!(dumps(b"GET"), "\"GET\"");
        assert_eq!(dumps(b"http://a/b?c=d&e=f#g ~"), "\"http://a/b?c=d&e=f#g ~\"");
        assert_eq!(dumps(b""), "\"\"");
    }

    #[test]
    fn short_escapes() {
        // json.dumps('"\\\b\f\n\r\t/')
        assert_eq!(dumps(b"\"\\\x08\x0c\n\r\t/"), r#""\"\\\b\f\n\r\t/""#);
    }

    #[test]
    fn control_characters_and_delete_as_u_escapes() {
        // json.dumps('\x00\x01\x1f\x7f')
        assert_eq!(dumps(b"\x00\x01\x1f\x7f"), r#""\u0000\u0001\u001f\u007f""#);
    }

    #[test]
    fn non_ascii_in_lower_case_hex() {
        // json.dumps('é€\uFFFF\xa0')
        assert_eq!(dumps("é€\u{ffff}\u{a0}".as_bytes()), r#""\u00e9\u20ac\uffff\u00a0""#);
    }

    #[test]
    fn astral_code_points_as_surrogate_pairs() {
        // json.dumps('\U0001F600\U0010FFFF')
        assert_eq!(dumps("😀\u{10ffff}".as_bytes()), r#""\ud83d\ude00\udbff\udfff""#);
    }

    #[test]
    fn lone_surrogates_as_python_writes_them() {
        // json.dumps('a\udc80b\ud800') with the text from 'a\udc80b\ud800'.encode('utf-8', 'surrogatepass')
        assert_eq!(dumps(b"a\xed\xb2\x80b\xed\xa0\x80"), r#""a\udc80b\ud800""#);
        // A pair of surrogates held as two code points is written as the astral character is.
        assert_eq!(dumps(b"\xed\xa0\xbd\xed\xb8\x80"), r#""\ud83d\ude00""#);
    }

    #[test]
    fn ill_formed_bytes_are_replacement_characters() {
        // Never given by `surrogatepass`; written without a panic.
        assert_eq!(dumps(b"\x80a\xff\xc3"), r#""\ufffda\ufffd\ufffd""#);
        assert_eq!(dumps(b"\xe0\x80\x80"), r#""\ufffd\ufffd\ufffd""#);
        assert_eq!(dumps(b"\xf4\x90\x80\x80"), r#""\ufffd\ufffd\ufffd\ufffd""#);
    }

    #[test]
    fn hex_is_lower_case() {
        let mut out = String::new();
        push_hex(b"\x00\xab\xff a", &mut out);
        assert_eq!(out, "00abff2061");
        assert!(needs_escape(b"a\"b"));
        assert!(!needs_escape(b"http://a/%22"));
    }
}
