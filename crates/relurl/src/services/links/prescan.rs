//! The HTML standard's "prescan a byte stream to determine its encoding" (§13.2.3.2), with
//! its "get an attribute" and "get an XML encoding", and the "algorithm for extracting a
//! character encoding from a meta element" (HTML, "Fetching resources": "extracting
//! character encodings from meta elements"; used by the prescan, and by the tree builder for
//! a `<meta http-equiv=content-type>`).
//!
//! Every loop moves the position forward and never back, so a scan is linear in the bytes
//! it is given; [`prescan`] is given at most [`PRESCAN_LIMIT`] bytes. Running out of bytes
//! anywhere ends the scan without an answer from the `<meta>` elements (a `<meta>` cut at
//! the limit is not read), and then only an XML declaration at the start can answer.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// How many bytes the prescan reads: "User agents are encouraged to only prescan the first
/// 1024 bytes" (§13.2.3.2, step 5 of determining the character encoding).
pub(crate) const PRESCAN_LIMIT: usize = 1024;

/// The encoding a `<meta>` (or an XML declaration) in the first [`PRESCAN_LIMIT`] bytes of
/// `bytes` declares, as the prescan finds it; `None` if none does.
pub(crate) fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let bytes = bytes.get(..PRESCAN_LIMIT).unwrap_or(bytes);
    scan(bytes).or_else(|| xml_encoding(bytes))
}

/// ASCII whitespace (the Infra standard's, which the prescan spells out): HT, LF, FF, CR,
/// SP.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// The prescan's steps; `None` when the bytes run out.
fn scan(b: &[u8]) -> Option<&'static Encoding> {
    // Prescan for UTF-16 XML declarations ('<?x' in UTF-16LE and UTF-16BE).
    if b.starts_with(&[0x3C, 0, 0x3F, 0, 0x78, 0]) {
        return Some(UTF_16LE);
    }
    if b.starts_with(&[0, 0x3C, 0, 0x3F, 0, 0x78]) {
        return Some(UTF_16BE);
    }
    let mut pos = 0;
    // Loop.
    while pos < b.len() {
        let rest = &b[pos..];
        if rest.starts_with(b"<!--") {
            // To the first '>' preceded by two '-' after the '<' (the two may be those of
            // '<!--': "<!-->" ends there).
            pos += 2 + find(&rest[2..], b"-->")? + 2;
        } else if rest.len() >= 6 && rest[0] == b'<' && rest[1..5].eq_ignore_ascii_case(b"meta") && (is_space(rest[5]) || rest[5] == b'/') {
            pos += 5;
            if let Some(found) = meta(b, &mut pos).ok()? {
                return Some(found);
            }
        } else if rest[0] == b'<' && starts_tag(&rest[1..]) {
            // A tag: to the next space or '>', then every attribute.
            pos += rest.iter().position(|&c| is_space(c) || c == b'>')?;
            while attribute(b, &mut pos).ok()?.is_some() {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            // To the first '>' after the '<'.
            pos += rest.iter().position(|&c| c == b'>')?;
        }
        // Next byte.
        pos += 1;
    }
    None
}

/// After '<', an optional '/' and an ASCII letter.
fn starts_tag(rest: &[u8]) -> bool {
    let rest = rest.strip_prefix(b"/").unwrap_or(rest);
    rest.first().is_some_and(u8::is_ascii_alphabetic)
}

/// The first occurrence of `needle` in `hay` (`needle` of three bytes: linear).
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The `<meta>` steps, `pos` at the space or '/' after `<meta`: `Ok(Some(encoding))` to
/// return, `Ok(None)` to go on with the next byte.
fn meta(b: &[u8], pos: &mut usize) -> Result<Option<&'static Encoding>, OutOfBytes> {
    // Attribute list: of the names that matter, which were seen.
    let (mut seen_http_equiv, mut seen_content, mut seen_charset) = (false, false, false);
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    let mut charset = Charset::Null;
    while let Some((name, value)) = attribute(b, pos)? {
        match name.as_slice() {
            b"http-equiv" if !seen_http_equiv => {
                seen_http_equiv = true;
                if value == b"content-type" {
                    got_pragma = true;
                }
            }
            b"content" if !seen_content => {
                seen_content = true;
                if let Some(found) = extract_from_meta_content(&value) {
                    if charset == Charset::Null {
                        charset = Charset::Found(found);
                        need_pragma = Some(true);
                    }
                }
            }
            b"charset" if !seen_charset => {
                seen_charset = true;
                charset = Encoding::for_label(&value).map_or(Charset::Failure, Charset::Found);
                need_pragma = Some(false);
            }
            _ => {}
        }
    }
    // Processing.
    let Some(need_pragma) = need_pragma else { return Ok(None) };
    if need_pragma && !got_pragma {
        return Ok(None);
    }
    let Charset::Found(charset) = charset else { return Ok(None) };
    Ok(Some(declared(charset)))
}

/// The `charset` of the `<meta>` steps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Charset {
    /// Null: none seen yet.
    Null,
    /// Failure: a `charset` attribute whose value is no label.
    Failure,
    /// An encoding.
    Found(&'static Encoding),
}

/// What a `<meta>` declaring `encoding` means: UTF-16 is read as UTF-8 (a page that says
/// so in ASCII is not UTF-16), `x-user-defined` as windows-1252 (the prescan's steps 14
/// and 15, and steps 2 and 3 of "change the encoding", §13.2.3.5).
pub(crate) fn declared(encoding: &'static Encoding) -> &'static Encoding {
    if encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else if encoding == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        encoding
    }
}

/// An attribute name and value (ASCII lower-cased, as "get an attribute" makes them).
type Attribute = (Vec<u8>, Vec<u8>);

/// "Get an attribute": `None` if there is none (at a '>'). `pos` is left after the attribute (at the '>' that ends the tag, if any).
fn attribute(b: &[u8], pos: &mut usize) -> Result<Option<Attribute>, OutOfBytes> {
    // 1. Skip spaces and '/'.
    while is_space(at(b, *pos)?) || b[*pos] == b'/' {
        *pos += 1;
    }
    // 2. At '>': none.
    if b[*pos] == b'>' {
        return Ok(None);
    }
    // 3-5. The name.
    let mut name = Vec::new();
    let mut value = Vec::new();
    loop {
        let c = at(b, *pos)?;
        match c {
            b'=' if !name.is_empty() => {
                *pos += 1;
                break;
            }
            _ if is_space(c) => {
                // 6. Spaces. 7. Not '=': an attribute without a value.
                while is_space(at(b, *pos)?) {
                    *pos += 1;
                }
                if b[*pos] != b'=' {
                    return Ok(Some((name, value)));
                }
                // 8. Past the '='.
                *pos += 1;
                break;
            }
            b'/' | b'>' => return Ok(Some((name, value))),
            _ => name.push(c.to_ascii_lowercase()),
        }
        *pos += 1;
    }
    // 9. Value: skip spaces.
    while is_space(at(b, *pos)?) {
        *pos += 1;
    }
    // 10. The first byte of the value.
    let c = b[*pos];
    match c {
        b'"' | b'\'' => {
            let quote = c;
            loop {
                *pos += 1;
                let d = at(b, *pos)?;
                if d == quote {
                    *pos += 1;
                    return Ok(Some((name, value)));
                }
                value.push(d.to_ascii_lowercase());
            }
        }
        b'>' => return Ok(Some((name, value))),
        _ => {
            value.push(c.to_ascii_lowercase());
            *pos += 1;
        }
    }
    // 11-12. An unquoted value, to a space or '>'.
    loop {
        let d = at(b, *pos)?;
        if is_space(d) || d == b'>' {
            return Ok(Some((name, value)));
        }
        value.push(d.to_ascii_lowercase());
        *pos += 1;
    }
}

/// The bytes ran out: the scan ends.
struct OutOfBytes;

/// The byte at `pos`.
fn at(b: &[u8], pos: usize) -> Result<u8, OutOfBytes> {
    b.get(pos).copied().ok_or(OutOfBytes)
}

/// "Get an XML encoding": the `encoding` of an XML declaration `<?xml ...>` at the start
/// of `b`, UTF-16 read as UTF-8.
fn xml_encoding(b: &[u8]) -> Option<&'static Encoding> {
    if !b.starts_with(b"<?xml") {
        return None;
    }
    let end = b.iter().position(|&c| c == b'>')?;
    let b = &b[..end];
    let mut pos = find(b, b"encoding").map(|at| at + b"encoding".len())?;
    while *b.get(pos)? <= 0x20 {
        pos += 1;
    }
    if b[pos] != b'=' {
        return None;
    }
    pos += 1;
    while *b.get(pos)? <= 0x20 {
        pos += 1;
    }
    let quote = b[pos];
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    pos += 1;
    let len = b[pos..].iter().position(|&c| c == quote)?;
    let label = &b[pos..pos + len];
    if label.iter().any(|&c| c <= 0x20) {
        return None;
    }
    let encoding = Encoding::for_label(label)?;
    Some(if encoding == UTF_16BE || encoding == UTF_16LE { UTF_8 } else { encoding })
}

/// The "algorithm for extracting a character encoding from a meta element", on the value
/// of its `content` attribute: the label after the first `charset` (ASCII
/// case-insensitive) that is followed by '=' (ASCII whitespace around it allowed), quoted
/// or up to ASCII whitespace or ';'; `None` if there is none, it is unknown, or its quote is
/// unmatched.
pub(crate) fn extract_from_meta_content(s: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    loop {
        // Loop: the next "charset".
        let at = s.get(pos..)?.windows(7).position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        pos += at + 7;
        while s.get(pos).copied().is_some_and(is_space) {
            pos += 1;
        }
        if s.get(pos) == Some(&b'=') {
            pos += 1;
            break;
        }
        // Not '=': look again from here.
    }
    while s.get(pos).copied().is_some_and(is_space) {
        pos += 1;
    }
    let c = *s.get(pos)?;
    if c == b'"' || c == b'\'' {
        let len = s[pos + 1..].iter().position(|&d| d == c)?;
        return Encoding::for_label(&s[pos + 1..pos + 1 + len]);
    }
    let len = s[pos..].iter().position(|&d| is_space(d) || d == b';').unwrap_or(s.len() - pos);
    Encoding::for_label(&s[pos..pos + len])
}

#[cfg(test)]
#[path = "prescan_tests.rs"]
mod tests;
