//! The URL Standard's parser with an encoding other than UTF-8 (§4.4 query state, §1.3
//! "percent-encode after encoding"): only the query of a special URL (not `ws:`/`wss:`) is
//! encoded in it. Expected queries are Python's codecs (cp1251, cp932 for Shift_JIS, cp949
//! for EUC-KR, gb18030, iso2022_jp: the same bytes as the Encoding Standard's encoders for
//! these characters), each byte percent-encoded if in the special-query set, and
//! `%26%23` decimal `%3B` for a code point the encoding lacks.

use relurl::links::{extract_links_from_bytes, Options};
use relurl::whatwg::{Encoding, WhatwgUrl};
use relurl::{AnyUrl, Spec};

fn enc(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).unwrap()
}

fn parse(input: &str, label: &str) -> String {
    WhatwgUrl::parse_with_encoding(input, None, enc(label)).unwrap().as_str().to_owned()
}

#[test]
fn the_query_of_a_special_url_is_encoded() {
    assert_eq!(parse("http://h/?q=\u{416}\u{20ac}\u{3042}", "windows-1251"), "http://h/?q=%C6%88%26%2312354%3B");
    assert_eq!(parse("http://h/?\u{65e5}\u{672c}\u{8a9e}\u{30bd}", "shift_jis"), "http://h/?%93%FA%96{%8C%EA%83\\");
    assert_eq!(parse("https://h/?\u{d55c}\u{ad6d}\u{c5b4}", "euc-kr"), "https://h/?%C7%D1%B1%B9%BE%EE");
    assert_eq!(parse("ftp://h/?\u{4e2d}\u{6587}\u{20ac}", "gb18030"), "ftp://h/?%D6%D0%CE%C4%A2%E3");
    assert_eq!(parse("file:///x?\u{416}", "windows-1251"), "file:///x?%C6");
    // The special-query set still applies, to the encoded bytes.
    assert_eq!(parse("http://h/?a b'\"<>\u{416}", "windows-1251"), "http://h/?a%20b%27%22%3C%3E%C6");
    // A code point outside the BMP that the encoding lacks: one reference, its value.
    assert_eq!(parse("http://h/?\u{1f600}", "windows-1251"), "http://h/?%26%23128512%3B");
    // A stateful encoder: escapes in and out of JIS X 0208 around the character.
    assert_eq!(parse("http://h/?a\u{416}b", "iso-2022-jp"), "http://h/?a%1B$B%27(%1B(Bb");
}

#[test]
fn only_the_query_and_only_special_urls() {
    // The path and fragment are UTF-8.
    assert_eq!(parse("http://h/\u{416}?\u{416}#\u{416}", "windows-1251"), "http://h/%D0%96?%C6#%D0%96");
    // Not special, and ws/wss: UTF-8.
    assert_eq!(parse("foo://h/?\u{416}", "windows-1251"), "foo://h/?%D0%96");
    assert_eq!(parse("ws://h/?\u{416}", "windows-1251"), "ws://h/?%D0%96");
    assert_eq!(parse("wss://h/?\u{416}", "windows-1251"), "wss://h/?%D0%96");
    // UTF-16 and replacement are UTF-8 (get an output encoding).
    assert_eq!(parse("http://h/?\u{416}", "utf-16le"), "http://h/?%D0%96");
    assert_eq!(parse("http://h/?\u{416}", "utf-16be"), "http://h/?%D0%96");
    assert_eq!(parse("http://h/?\u{416}", "iso-2022-kr"), "http://h/?%D0%96");
    assert_eq!(parse("http://h/?\u{416}", "utf-8"), "http://h/?%D0%96");
}

#[test]
fn a_relative_reference_and_a_base_query() {
    let base = WhatwgUrl::parse("http://h/a/b?\u{416}").unwrap();
    let mut out = String::new();
    base.join_into_with_encoding("c?\u{416}", enc("windows-1251"), &mut out).unwrap();
    assert_eq!(out, "http://h/a/c?%C6");
    // A reference without a query keeps the base's, already serialized.
    out.clear();
    base.join_into_with_encoding("#f", enc("windows-1251"), &mut out).unwrap();
    assert_eq!(out, "http://h/a/b?%D0%96#f");
    // Through `AnyUrl`: the URL Standard's, not RFC 1808's.
    let any = AnyUrl::parse_owned("http://h/a/b", Spec::Whatwg).unwrap();
    assert_eq!(any.join_with_encoding("?\u{416}", enc("windows-1251")).unwrap(), "http://h/a/b?%C6");
    let rfc = AnyUrl::parse_owned("http://h/a/b", Spec::Rfc1808).unwrap();
    assert_eq!(rfc.join_with_encoding("?\u{416}", enc("windows-1251")).unwrap(), "http://h/a/b?\u{416}");
}

#[test]
fn extract_links_uses_the_page_encoding() {
    let whatwg = Options { spec: Spec::Whatwg, ..Options::default() };
    let urls = |html: &[u8], headers: &[(&str, &str)]| -> Vec<String> {
        let page = extract_links_from_bytes(html, "http://example.com/dir/p", headers, whatwg).unwrap();
        page.links.into_iter().map(|l| l.url).collect()
    };
    assert_eq!(urls(b"<meta charset=windows-1251><a href='?q=\xc6'>", &[]), ["http://example.com/dir/p?q=%C6"]);
    let sjis = [("Content-Type", "text/html; charset=shift_jis")];
    assert_eq!(urls(b"<a href='/\x83\x5c?\x83\x5c#\x83\x5c'>", &sjis), ["http://example.com/%E3%82%BD?%83\\#%E3%82%BD"]);
    // The `<base href>` too (HTML's frozen base URL): a link with no query keeps its query.
    let html = b"<meta charset=windows-1251><base href='/b?\xc6'><a href='#f'><a href='c?\xc7'>";
    assert_eq!(urls(html, &[]), ["http://example.com/b?%C6#f", "http://example.com/c?%C7"]);
    // A UTF-8 page, and a non-special link: UTF-8.
    assert_eq!(urls(b"<a href='?q=\xd0\x96'>", &[]), ["http://example.com/dir/p?q=%D0%96"]);
    assert_eq!(urls(b"<meta charset=windows-1251><a href='foo://h/?\xc6'>", &[]), ["foo://h/?%D0%96"]);
}
