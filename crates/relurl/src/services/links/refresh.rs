//! The URL of `<meta http-equiv="refresh" content="...">`, by the HTML standard's "shared
//! declarative refresh steps" (§4.2.5.3, the Refresh state;
//! <https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps>).

/// ASCII whitespace (HTML standard, from Infra): TAB, LF, FF, CR, SPACE.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// The URL that a refresh `content` value names, as a slice of it, or `None` when it
/// names none (`"5"`: the page reloads itself) or is not a refresh value (`"soon"`).
///
/// ```text
/// "5; url=/next"        -> "/next"
/// "0;URL='/a b'junk"    -> "/a b"     (quotes end the URL)
/// "1, /next"            -> "/next"    ("url=" is optional)
/// ".5 ; Url = /next"    -> "/next"
/// ```
pub(crate) fn refresh_url(content: &str) -> Option<&str> {
    let b = content.as_bytes();
    let skip_space = |mut pos: usize| {
        while pos < b.len() && is_space(b[pos]) {
            pos += 1;
        }
        pos
    };
    // Steps 1–6: the time, ASCII digits; without any, it must start with ".".
    let mut pos = skip_space(0);
    let digits = b[pos..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 && b.get(pos) != Some(&b'.') {
        return None;
    }
    pos += digits;
    // Step 7: the fractional part is collected and ignored.
    pos += b[pos..].iter().take_while(|&&c| c.is_ascii_digit() || c == b'.').count();
    // Step 10: the time must be followed by ";", "," or whitespace, then the URL.
    if pos >= b.len() {
        return None;
    }
    if !(b[pos] == b';' || b[pos] == b',' || is_space(b[pos])) {
        return None;
    }
    pos = skip_space(pos);
    if pos < b.len() && (b[pos] == b';' || b[pos] == b',') {
        pos += 1;
    }
    pos = skip_space(pos);
    if pos >= b.len() {
        return None;
    }
    // Step 11: an optional case-insensitive "URL", whitespace, "=", whitespace; when the
    // "URL=" prefix is incomplete, the URL is the rest of the value as it stands.
    let rest = pos;
    let after_url_prefix = (|| {
        let mut p = pos;
        if !b.get(p)?.eq_ignore_ascii_case(&b'u') {
            return Some(p); // straight to "skip quotes"
        }
        p += 1;
        if !b.get(p)?.eq_ignore_ascii_case(&b'r') || !b.get(p + 1)?.eq_ignore_ascii_case(&b'l') {
            return None;
        }
        p = skip_space(p + 2);
        if b.get(p) != Some(&b'=') {
            return None;
        }
        Some(skip_space(p + 1))
    })();
    let Some(mut pos) = after_url_prefix else {
        return Some(&content[rest..]);
    };
    // "Skip quotes": a leading ' or " is dropped, and the URL ends at the next one.
    let quote = b.get(pos).copied().filter(|&c| c == b'\'' || c == b'"');
    if quote.is_some() {
        pos += 1;
    }
    let url = &content[pos..];
    Some(match quote.and_then(|q| url.bytes().position(|c| c == q)) {
        Some(end) => &url[..end],
        None => url,
    })
}

#[cfg(test)]
mod tests {
    use super::refresh_url;

    #[test]
    fn refresh_values() {
        let cases: &[(&str, Option<&str>)] = &[
            ("5; url=/next", Some("/next")),
            ("5;url=/next", Some("/next")),
            ("0; URL=http://a/b", Some("http://a/b")),
            ("0;Url = 'http://a/b' trailing", Some("http://a/b")),
            ("0; url=\"/a'b\"", Some("/a'b")),
            ("0; url='/unclosed", Some("/unclosed")),
            ("1, /next", Some("/next")),
            ("1 /next", Some("/next")),
            ("  3 ;  /next?x=1 ", Some("/next?x=1 ")),
            (".5; url=/x", Some("/x")),
            ("1.5.5; url=/x", Some("/x")),
            ("0; u", Some("u")),
            ("0; ur=x", Some("ur=x")),
            ("0; urlx", Some("urlx")),
            ("0; url x", Some("url x")),
            ("0; url=", Some("")),
            ("0; 'quoted'", Some("quoted")),
            ("5", None),
            ("5;", None),
            ("5 ; ", None),
            ("", None),
            ("soon; url=/x", None),
            ("5x; url=/x", None),
            ("-1; url=/x", None),
        ];
        for (content, want) in cases {
            assert_eq!(refresh_url(content), *want, "{content:?}");
        }
    }
}
