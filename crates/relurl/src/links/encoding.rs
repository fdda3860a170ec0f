//! The character encoding of a page given as bytes: a subset of the HTML standard's
//! "determining the character encoding" (§13.2.3.2), with the Encoding Standard's decoders
//! ([`encoding_rs`]).
//!
//! In order: a byte order mark (UTF-8, UTF-16LE, UTF-16BE); else the `charset` parameter of
//! a `Content-Type` header; else the first `<meta charset>` (or `<meta http-equiv=
//! "Content-Type" content="...; charset=...">`), switched to where the tokenizer meets it;
//! else UTF-8. Every decoder replaces malformed sequences with U+FFFD, as a browser does,
//! so no input is an error.
//!
//! Not done: the 1024-byte prescan before parsing and a re-parse when the `<meta>` comes
//! after non-ASCII bytes (only bytes before the `<meta>` are decoded differently), and
//! guessing an encoding from the content (step 9 of the standard: here, UTF-8).

use encoding_rs::{Encoding, UTF_8};

/// How the tokenizer is to read a page.
pub(crate) enum Input<'a> {
    /// Bytes in an ASCII-compatible encoding, read by the tokenizer as they are.
    /// `from_meta`: the encoding is the default, and a `<meta>` charset may change it.
    Bytes { bytes: &'a [u8], encoding: &'static Encoding, from_meta: bool },
    /// Text decoded up front (a UTF-16 page, or an encoding the tokenizer cannot read).
    Decoded(String),
}

/// Chooses how to read `bytes`, given the message `headers` (for `Content-Type`).
pub(crate) fn sniff<'a>(bytes: &'a [u8], headers: &[(&str, &str)]) -> Input<'a> {
    let (encoding, body, from_meta) = if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        (encoding, &bytes[bom_len..], false)
    } else if let Some(encoding) = header_charset(headers) {
        (encoding, bytes, false)
    } else {
        (UTF_8, bytes, true)
    };
    // The tokenizer reads an encoding byte by byte only if every ASCII byte stands for its
    // ASCII character (not UTF-16, ISO-2022-JP or the replacement encoding).
    if encoding.is_ascii_compatible() {
        Input::Bytes { bytes: body, encoding, from_meta }
    } else {
        Input::Decoded(encoding.decode_without_bom_handling(body).0.into_owned())
    }
}

/// The encoding named by the `charset` parameter of the first `Content-Type` header
/// (RFC 9110 §8.3: `type/subtype *( OWS ";" OWS parameter )`, the value a token or a
/// quoted string), if the Encoding Standard knows its label.
fn header_charset(headers: &[(&str, &str)]) -> Option<&'static Encoding> {
    let (_, value) = headers.iter().find(|(name, _)| name.trim().eq_ignore_ascii_case("content-type"))?;
    value.split(';').skip(1).find_map(|parameter| {
        let (name, value) = parameter.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case("charset") {
            return None;
        }
        let value = value.trim();
        let value = value.strip_prefix('"').map_or(value, |v| v.split('"').next().unwrap_or(v));
        Encoding::for_label(value.as_bytes())
    })
}

#[cfg(test)]
mod tests {
    use super::{header_charset, sniff, Input};

    fn describe(input: &Input<'_>) -> (String, bool) {
        match input {
            Input::Bytes { encoding, from_meta, .. } => (encoding.name().to_owned(), *from_meta),
            Input::Decoded(text) => (format!("decoded:{text}"), false),
        }
    }

    #[test]
    fn bom_then_header_then_meta() {
        assert_eq!(describe(&sniff(b"\xEF\xBB\xBFx", &[("Content-Type", "text/html; charset=latin1")])), ("UTF-8".into(), false));
        assert_eq!(describe(&sniff(b"\xFF\xFEa\0", &[])), ("decoded:a".into(), false));
        assert_eq!(describe(&sniff(b"\xFE\xFF\0a", &[])), ("decoded:a".into(), false));
        assert_eq!(describe(&sniff(b"x", &[("content-type", "text/html;charset=\"ISO-8859-1\"")])), ("windows-1252".into(), false));
        assert_eq!(describe(&sniff(b"x", &[("Content-Type", "text/html")])), ("UTF-8".into(), true));
        assert_eq!(describe(&sniff(b"x", &[("Content-Type", "text/html; charset=nonsense")])), ("UTF-8".into(), true));
        assert_eq!(describe(&sniff(b"x", &[])), ("UTF-8".into(), true));
        // An encoding the tokenizer cannot read byte by byte is decoded first.
        assert_eq!(describe(&sniff(b"a\0", &[("Content-Type", "text/html; charset=utf-16le")])), ("decoded:a".into(), false));
    }

    #[test]
    fn charset_parameter() {
        let charset = |value| header_charset(&[("Content-Type", value)]).map(encoding_rs::Encoding::name);
        assert_eq!(charset("text/html; charset=utf-8"), Some("UTF-8"));
        assert_eq!(charset("text/html ; foo=bar ; CHARSET = Shift_JIS "), Some("Shift_JIS"));
        assert_eq!(charset("text/html"), None);
        assert_eq!(charset("charset=utf-8"), None);
    }
}
