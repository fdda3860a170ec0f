//! tldextract's host of a URL-like string (`tldextract/remote.py`: `lenient_netloc`,
//! `_schemeless_url`, `_host_from_authority`): more lenient than urllib, the host's case and
//! an IPv6 address's brackets kept.

/// `str.isspace()`: the characters CPython's `str.strip()` (and `re`'s `\s`) take for
/// whitespace (Unicode's bidirectional classes WS, B and S, and the category Zs; the same set
/// from CPython 3.7 to 3.13).
pub(super) const fn is_py_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\u{1C}'..='\u{20}'
            | '\u{85}'
            | '\u{A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
    )
}

/// `urllib.parse.scheme_chars`: ASCII letters, digits, `+`, `-` and `.`.
const fn is_scheme_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')
}

/// `lenient_netloc(url)`: the host of `url` (a slice of it), without user info, port and
/// trailing dots (`.` and the ideographic full stops U+3002, U+FF0E, U+FF61).
pub(super) fn lenient_netloc(url: &str) -> &str {
    let rest = schemeless(url);
    // ASCII bytes, searched as bytes (in UTF-8 they stand only for themselves).
    let end = memchr::memchr3(b'/', b'?', b'#', rest.as_bytes()).unwrap_or(rest.len());
    host_from_authority(&rest[..end])
}

/// `_schemeless_url(url)`: what follows `//` when a scheme of `scheme_chars` (not empty) and
/// `:` come before it, or when the URL starts with `//`; else the URL.
fn schemeless(url: &str) -> &str {
    match memchr::memmem::find(url.as_bytes(), b"//") {
        Some(0) => &url[2..],
        Some(start) if start >= 2 && url[..start].ends_with(':') && url[..start - 1].chars().all(is_scheme_char) => &url[start + 2..],
        _ => url,
    }
}

/// `_host_from_authority(authority)`: after the last `@`; a bracketed IPv6 address with its
/// brackets; else up to the first `:`, stripped of whitespace (`str.strip()`) and of trailing
/// dots.
pub(super) fn host_from_authority(authority: &str) -> &str {
    let after_userinfo = memchr::memrchr(b'@', authority.as_bytes()).map_or(authority, |at| &authority[at + 1..]);
    if after_userinfo.starts_with('[') {
        if let Some(end) = memchr::memchr(b']', after_userinfo.as_bytes()) {
            return &after_userinfo[..=end];
        }
    }
    let host_end = memchr::memchr(b':', after_userinfo.as_bytes()).unwrap_or(after_userinfo.len());
    let hostname = after_userinfo[..host_end].trim_matches(is_py_space);
    hostname.trim_end_matches(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
}

#[cfg(test)]
mod tests {
    use super::lenient_netloc;

    #[test]
    fn as_tldextract() {
        // tldextract.remote.lenient_netloc on tldextract 5.4.0.
        let cases = [
            ("http://forums.news.cnn.com/", "forums.news.cnn.com"),
            ("https://user:pw@Www.Example.CO.uk:8080/a?b#c", "Www.Example.CO.uk"),
            ("//example.com/x", "example.com"),
            ("example.com/x", "example.com"),
            ("1http://x.com/", "x.com"),
            ("ht tp://x.com", "ht tp"),
            ("a://x.com", "x.com"),
            (":://x.com", ""),
            ("ab://x.com", "x.com"),
            ("http://[::1]:80/", "[::1]"),
            ("http://[::1/", "["),
            ("http://a@b@c.com/", "c.com"),
            ("http://example.com.../", "example.com"),
            ("http://example.com\u{3002}/", "example.com"),
            ("http:// \u{A0}example.com\t:80", "example.com"),
            ("mailto:a@b.com", "b.com"),
            ("", ""),
            ("http://?q", ""),
        ];
        for (url, host) in cases {
            assert_eq!(lenient_netloc(url), host, "{url:?}");
        }
    }
}
