//! The character encoding of a page given as bytes: the HTML standard's "determining the
//! character encoding" (§13.2.3.2) and "changing the encoding while parsing" (§13.2.3.5),
//! with the Encoding Standard's decoders ([`encoding_rs`]).
//!
//! In order: a byte order mark (UTF-8, UTF-16LE, UTF-16BE), certain; else the `charset`
//! parameter of a `Content-Type` header, certain; else the prescan of the first 1024 bytes
//! (`links/prescan.rs`: `<meta charset>`, `<meta http-equiv=content-type content>`, an
//! XML declaration), tentative; else UTF-8, tentative. With a tentative encoding, the first
//! `<meta>` the tokenizer meets that declares an encoding ends the guess: if it names
//! another encoding (UTF-16 read as UTF-8, `x-user-defined` as windows-1252), the page is
//! read again, whole, in that one, as a browser navigates again (so at most two passes).
//! Every decoder replaces malformed sequences with U+FFFD, as a browser does, so no input
//! is an error.
//!
//! Not done: guessing an encoding from the content (step 8 of the standard: here, UTF-8).

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};

use super::prescan::{declared, prescan};

/// The encoding to read a page in, and the bytes it covers.
pub(crate) struct Sniffed<'a> {
    /// The page without its byte order mark.
    pub body: &'a [u8],
    /// The encoding.
    pub encoding: &'static Encoding,
    /// Whether a `<meta>` met while parsing may still change it (confidence tentative).
    pub tentative: bool,
}

/// Chooses the encoding of `bytes`, given the message `headers` (for `Content-Type`).
pub(crate) fn sniff<'a>(bytes: &'a [u8], headers: &[(&str, &str)]) -> Sniffed<'a> {
    if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        Sniffed { body: &bytes[bom_len..], encoding, tentative: false }
    } else if let Some(encoding) = header_charset(headers) {
        Sniffed { body: bytes, encoding, tentative: false }
    } else {
        Sniffed { body: bytes, encoding: prescan(bytes).unwrap_or(UTF_8), tentative: true }
    }
}

/// "Change the encoding" (§13.2.3.5) while reading in `current` with a tentative
/// confidence, when a `<meta>` declares `new`: the encoding to read the page again in, or
/// `None` to keep reading (the confidence is then certain either way).
pub(crate) fn change_to(current: &'static Encoding, new: &'static Encoding) -> Option<&'static Encoding> {
    // 1. A page read as UTF-16 stays so.
    if current == UTF_16BE || current == UTF_16LE {
        return None;
    }
    // 2-3. UTF-16 is UTF-8, x-user-defined is windows-1252. 4. The same one: certain.
    let new = declared(new);
    (new != current).then_some(new)
}

/// The text of `body` in `encoding`: borrowed if the tokenizer can read the bytes as they
/// are (every ASCII byte stands for its ASCII character: not UTF-16, ISO-2022-JP or the
/// replacement encoding), else decoded up front.
pub(crate) fn readable<'a>(body: &'a [u8], encoding: &'static Encoding) -> Result<&'a [u8], String> {
    if encoding.is_ascii_compatible() {
        Ok(body)
    } else {
        Err(encoding.decode_without_bom_handling(body).0.into_owned())
    }
}

/// The encoding named by the `charset` parameter of the first `Content-Type` header
/// (RFC 9110 §8.3: `type/subtype *( OWS ";" OWS parameter )`, the value a token or a
/// quoted string), if the Encoding Standard knows its label.
fn header_charset(headers: &[(&str, &str)]) -> Option<&'static Encoding> {
    let value = crate::services::headers::find_header(headers, "Content-Type")?;
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
    use super::{change_to, header_charset, sniff};
    use encoding_rs::{Encoding, UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252, X_USER_DEFINED};

    fn describe(bytes: &[u8], headers: &[(&str, &str)]) -> (&'static str, usize, bool) {
        let sniffed = sniff(bytes, headers);
        (sniffed.encoding.name(), bytes.len() - sniffed.body.len(), sniffed.tentative)
    }

    #[test]
    fn bom_then_header_then_prescan() {
        let latin1 = [("Content-Type", "text/html; charset=latin1")];
        assert_eq!(describe(b"\xEF\xBB\xBFx", &latin1), ("UTF-8", 3, false));
        assert_eq!(describe(b"\xFF\xFEa\0", &[]), ("UTF-16LE", 2, false));
        assert_eq!(describe(b"\xFE\xFF\0a", &[]), ("UTF-16BE", 2, false));
        assert_eq!(describe(b"x", &[("content-type", "text/html;charset=\"ISO-8859-1\"")]), ("windows-1252", 0, false));
        assert_eq!(describe(b"<meta charset=koi8-r>", &latin1), ("windows-1252", 0, false));
        assert_eq!(describe(b"<meta charset=koi8-r>", &[("Content-Type", "text/html")]), ("KOI8-R", 0, true));
        assert_eq!(describe(b"<meta charset=koi8-r>", &[("Content-Type", "text/html; charset=nonsense")]), ("KOI8-R", 0, true));
        assert_eq!(describe(b"x", &[]), ("UTF-8", 0, true));
        assert_eq!(describe(b"<meta charset=x-user-defined>", &[]), ("windows-1252", 0, true));
    }

    #[test]
    fn changing_the_encoding() {
        assert_eq!(change_to(UTF_8, WINDOWS_1251), Some(WINDOWS_1251));
        assert_eq!(change_to(UTF_8, UTF_16LE), None);
        assert_eq!(change_to(WINDOWS_1251, UTF_16LE), Some(UTF_8));
        assert_eq!(change_to(UTF_8, X_USER_DEFINED), Some(WINDOWS_1252));
        assert_eq!(change_to(WINDOWS_1252, X_USER_DEFINED), None);
        assert_eq!(change_to(UTF_16LE, WINDOWS_1251), None);
    }

    #[test]
    fn charset_parameter() {
        let charset = |value| header_charset(&[("Content-Type", value)]).map(Encoding::name);
        assert_eq!(charset("text/html; charset=utf-8"), Some("UTF-8"));
        assert_eq!(charset("text/html ; foo=bar ; CHARSET = Shift_JIS "), Some("Shift_JIS"));
        assert_eq!(charset("text/html"), None);
        assert_eq!(charset("charset=utf-8"), None);
    }
}
