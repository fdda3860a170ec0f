//! The w3lib twin and the IDNA 2003 twin on answers taken from w3lib 2.5.0 and CPython
//! 3.11 (the differential tests in `tests/test_canonicalize.py` and
//! `tests/test_idna2003.py` compare every case with them).

use std::borrow::Cow;

use relurl::idna2003::{Idna2003Error, UnicodeVersion};
use relurl::w3lib::{
    canonicalize_url, canonicalize_url_bytes, canonicalize_url_into, Codec, CodecError, CodecFailure, Encoding, Options, W3libError,
};

fn canon(url: &str) -> Result<String, W3libError> {
    canonicalize_url(url, &Options::default())
}

#[test]
fn answers_of_w3lib() {
    let cases = [
        ("http://www.example.com/do?c=3&b=5&b=2&a=50", "http://www.example.com/do?a=50&b=2&b=5&c=3"),
        ("http://www.example.com/r\u{e9}sum\u{e9}", "http://www.example.com/r%C3%A9sum%C3%A9"),
        ("http://[::0:1]/a/../b", "http://[::1]/b"),
        ("HTTP://B\u{fc}cher.DE:0080/a/./b/../%7e%2f?b=2&a=1&a=&c#F", "http://xn--bcher-kva.de:80/a/~%2F?a=&a=1&b=2&c="),
        ("http://[fe80::0:1%25ETH0]:8/", "http://[fe80::1%25eth0]:8/"),
        ("http://\u{130}stanbul.tr/", "http://xn--istanbul-o0e.tr/"),
        ("HTTP://user:P%41ss@Www.EX.com:/a;b/c;d?x=%e9+y", "http://user:PAss@www.ex.com/a;b/c;d?x=%E9+y"),
        ("foo:", "foo:/"),
        ("mailto:a/../b", "mailto:a/../b"),
        ("  http://a/\tb?q=%2", "http://a/b?q=%252"),
        ("http://a\\b/c?d\\e", "http://a/b/c?d%5Ce="),
    ];
    for (url, expected) in cases {
        assert_eq!(canon(url).as_deref(), Ok(expected), "{url}");
    }
}

#[test]
fn into_a_buffer() {
    let options = Options::default();
    let mut out = String::from("key: ");
    // The fast path's case, then the twin's steps (user info, a non-ASCII host).
    canonicalize_url_into("HTTP://A/b?y=2&x=1#f", &options, &mut out).unwrap();
    canonicalize_url_into(" http://u@B\u{fc}cher.de/", &options, &mut out).unwrap();
    assert_eq!(out, "key: http://a/b?x=1&y=2http://u@xn--bcher-kva.de/");
    // An error leaves the buffer as it was.
    assert!(canonicalize_url_into("http://a:99999/", &options, &mut out).is_err());
    assert!(canonicalize_url_into("http://a/\u{e9}?q", &Options { query_separator: "", ..Options::default() }, &mut out).is_err());
    assert_eq!(out, "key: http://a/b?x=1&y=2http://u@xn--bcher-kva.de/");
    assert_eq!(canonicalize_url_bytes(b"HTTP://A/?b&a", &options).as_deref(), Ok("http://a/?a=&b="));
}

#[test]
fn errors_of_w3lib() {
    for url in ["http://a:b", "http://a:99999/", "http://[::1/", "http://[1.2.3.4]/", "http://[v1]/"] {
        assert!(matches!(canon(url), Err(W3libError::Value(_))), "{url}");
    }
    // NFKC makes `＃` a `#`: the net_loc, which w3lib's message shows as Python's repr.
    assert_eq!(canon("http://a\u{ff03}b/"), Err(W3libError::NfkcNetloc("a\u{ff03}b".to_owned())));
    assert_eq!(
        canon("http://a\u{ff03}b/").unwrap_err().to_string(),
        "netloc \"a\u{ff03}b\" contains invalid characters under NFKC normalization"
    );
    let encode = |object: &str, start, end| Err(W3libError::UnicodeEncode { encoding: "ascii", object: object.to_owned(), start, end });
    assert_eq!(canon("http://[fe80::1%25\u{fc}]/"), encode("fe80::1%25\u{fc}", 10, 11));
    assert_eq!(canon("http://[::1%\u{e9}\u{e9}x\u{e9}]/"), encode("::1%\u{e9}\u{e9}x\u{e9}", 4, 6));
}

#[test]
fn options_and_bytes() {
    let mut options = Options { keep_blank_values: false, keep_fragments: true, query_separator: ";", ..Options::default() };
    assert_eq!(canonicalize_url("http://a/?c=3;a;b=#f", &options).as_deref(), Ok("http://a/?c=3#f"));
    options.encoding = Encoding::Latin1;
    assert_eq!(canonicalize_url_bytes(b"http://a/?q=\xe9", &options).as_deref(), Ok("http://a/?q=%E9"));
    // Not latin-1: w3lib falls back to UTF-8.
    assert_eq!(canonicalize_url("http://a/?q=\u{20ac}", &options).as_deref(), Ok("http://a/?q=%E2%82%AC"));
    assert_eq!(canonicalize_url_bytes(b"http://a/\xff", &Options::default()).as_deref(), Ok("http://a/%FF"));
    // An empty separator is refused where w3lib uses it: only for a URL with a query.
    let empty = Options { query_separator: "", ..Options::default() };
    assert_eq!(canonicalize_url("http://a/?q", &empty), Err(W3libError::EmptySeparator));
    assert_eq!(canonicalize_url("http://a/", &empty).as_deref(), Ok("http://a/"));
    assert!(matches!(canonicalize_url("http://a:x/?q", &empty), Err(W3libError::Value(_))));
}

/// A codec of the caller's: UTF-16LE with a byte order mark (as Python's `utf-16` on a
/// little-endian machine), which cannot encode `\u{20ac}` (to test the fallback), and fails
/// (an unknown codec, say) on `!`.
#[derive(Debug)]
struct Utf16;

impl Codec for Utf16 {
    fn encode(&self, text: &str) -> Result<Vec<u8>, CodecError> {
        if text.contains('!') {
            return Err(CodecError::Failed(CodecFailure(std::sync::Arc::new(std::fmt::Error))));
        }
        if text.contains('\u{20ac}') {
            return Err(CodecError::Unencodable);
        }
        Ok([0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect())
    }

    fn decode(&self, data: &[u8]) -> Result<String, CodecError> {
        let units: Vec<u16> =
            data.get(2..).unwrap_or_default().chunks(2).map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)])).collect();
        Ok(String::from_utf16_lossy(&units))
    }

    fn ascii_compatible(&self) -> bool {
        false
    }
}

#[test]
fn a_codec_of_the_caller_s() {
    // w3lib 2.5.0 with encoding="utf-16".
    let options = Options { encoding: Encoding::Codec(&Utf16), keep_fragments: true, ..Options::default() };
    assert_eq!(canonicalize_url("http://h/", &options).as_deref(), Ok("http://h/?%FF%FE="));
    assert_eq!(canonicalize_url("http://h/?a=1#\u{e9}", &options).as_deref(), Ok("http://h/?%FF%FEa%00=%001%00#%FF%FE%E9%00"));
    // Not encodable: the query and fragment in UTF-8.
    assert_eq!(canonicalize_url("http://h/?\u{20ac}", &options).as_deref(), Ok("http://h/?%E2%82%AC="));
    // The codec's own failure, as it is; after w3lib's own errors.
    assert!(matches!(canonicalize_url("http://h/?!", &options), Err(W3libError::Codec(_))));
    assert!(matches!(canonicalize_url("http://h:x/?!", &options), Err(W3libError::Value(_))));
    // A bytes URL decodes by the codec, even an ASCII one.
    assert_eq!(canonicalize_url_bytes(b"\xff\xfeh\x00:\x00/\x00", &options).as_deref(), Ok("h:/?%FF%FE="));
}

/// `str.encode("idna")` on CPython 3.11.
fn to_ascii(domain: &str) -> Result<Cow<'_, str>, Idna2003Error> {
    relurl::idna2003::to_ascii(domain, UnicodeVersion::V14_0)
}

#[test]
fn the_unicode_version_of_the_running_python_decides() {
    // U+1E030 (Unicode 15.0) is <super> U+0430: NFKC maps it on CPython 3.12 and 3.13 only.
    // U+2C2F (Unicode 14.0) lower-cases to U+2C5F from CPython 3.11 on.
    let key = |url: &str, unicode: UnicodeVersion| canonicalize_url(url, &Options { unicode, ..Options::default() }).unwrap();
    let super_a = "http://a\u{1e030}.com/";
    let plain_a = key("http://a\u{430}.com/", UnicodeVersion::V15_0);
    for (version, mapped) in
        [(UnicodeVersion::V13_0, false), (UnicodeVersion::V14_0, false), (UnicodeVersion::V15_0, true), (UnicodeVersion::V15_1, true)]
    {
        assert_eq!(key(super_a, version) == plain_a, mapped, "{version:?}");
    }
    let chri = |v| key("http://\u{2c2f}.com/", v);
    assert_ne!(chri(UnicodeVersion::V13_0), chri(UnicodeVersion::V14_0));
    assert_eq!(chri(UnicodeVersion::V14_0), key("http://\u{2c5f}.com/", UnicodeVersion::V14_0));
    assert_eq!(UnicodeVersion::from_unidata_version("15.1.0"), Some(UnicodeVersion::V15_1));
    assert_eq!(UnicodeVersion::from_unidata_version("16.0.0"), None);
    assert_eq!(Options::default().unicode, UnicodeVersion::V14_0);
}

#[test]
fn idna_2003() {
    assert_eq!(to_ascii("B\u{fc}cher.example").as_deref(), Ok("xn--bcher-kva.example"));
    assert_eq!(to_ascii("\u{ff25}\u{ff38}\u{3002}com").as_deref(), Ok("ex.com"));
    assert_eq!(to_ascii("a..b"), Err(Idna2003Error::LabelEmptyOrTooLong));
    assert_eq!(to_ascii(&"a".repeat(64)), Err(Idna2003Error::LabelTooLong));
    assert_eq!(to_ascii("\u{5d0}a"), Err(Idna2003Error::Bidi2));
    assert_eq!(to_ascii("xn--\u{fc}"), Err(Idna2003Error::AcePrefix));
    assert_eq!(to_ascii("a\u{2028}"), Err(Idna2003Error::InvalidCharacter('\u{2028}')));
}
