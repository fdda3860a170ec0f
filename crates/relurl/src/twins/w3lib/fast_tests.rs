//! The fast path against the twin's steps (its oracle): wherever it takes a URL, the same
//! answer, on every link of the corpus and on generated URLs around the edges of its case.

use std::borrow::Cow;

use proptest::prelude::*;

use super::canonicalize_into;
use crate::twins::urllib::{Lenient, Urllib};
use crate::twins::w3lib::{canonicalize, Encoding, Options};

/// The fast path's answer, if it takes `url`.
fn fast(url: &str, options: &Options<'_>) -> Option<String> {
    let mut out = String::new();
    let taken = canonicalize_into(url, options, &mut out);
    assert!(taken || out.is_empty(), "{url:?}: {out:?} written, then not taken");
    taken.then_some(out)
}

/// Asserts that the fast path, where it takes `url`, answers as the twin's steps; whether it
/// took it.
fn check(url: &str, options: &Options<'_>) -> bool {
    let Some(quick) = fast(url, options) else { return false };
    let full = canonicalize(|_| Ok(Cow::Borrowed(url)), options);
    assert_eq!(full.as_deref(), Ok(quick.as_str()), "{url:?} with {options:?}");
    true
}

fn option_sets() -> [Options<'static>; 3] {
    [
        Options::default(),
        Options { keep_fragments: true, ..Options::default() },
        Options { keep_blank_values: false, keep_fragments: true, ..Options::default() },
    ]
}

#[test]
fn the_twin_on_every_corpus_link() {
    let path = format!("{}/../../../shared/corpus/links.jsonl", env!("CARGO_MANIFEST_DIR"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {path} is absent");
        return;
    };
    let urllib = Urllib::cpython(3, 11, 0);
    let (mut joined, mut taken) = (0, 0);
    for line in text.lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let (base, href) = (row["base"].as_str().expect("base"), row["href"].as_str().expect("href"));
        for options in &option_sets() {
            check(base, options);
            check(href, options);
        }
        if let Ok(url) = urllib.urljoin(base, href, true, &mut Lenient) {
            joined += 1;
            taken += usize::from(check(&url, &Options::default()));
            for options in &option_sets()[1..] {
                check(&url, options);
            }
        }
    }
    // The case the fast path is for: nine links in ten at least (99.9% when written).
    assert!(joined > 10_000 && taken * 10 > joined * 9, "{taken} of {joined}");
}

#[test]
fn edges() {
    let cases = [
        ("HTTP://Www.EX.com:0080/a/%7e%2f%2e%2E/./b;p;q?b=2&a=1&a=&c#F", "http://www.ex.com:80/a/~%2F../b;p;q?a=&a=1&b=2&c="),
        ("http://a:/?", "http://a/"),
        ("http://a:000/x?&&=&a", "http://a:0/x?=&a="),
        ("https://a/%zz%4|%41%25%3b%3F|[]{}^`<>\"'?'=\"&+%2B=%20", "https://a/%zz%4|A%25%3B%3F|[]%7B%7D%5E%60%3C%3E%22'?+%2B=+&%27=%22"),
        ("ws://a/b/%2E%2E/c/.well-known/..", "ws://a/c/"),
        ("ftp://a;b/c", "ftp://a;b/c"),
        // Special schemes in any case, in URLs of fewer than eight bytes too.
        ("ws://a", "ws://a/"),
        ("ftp://A", "ftp://a/"),
        ("hTTp://a/", "http://a/"),
        ("HTTPS://a:0443/", "https://a:443/"),
        // Schemes that are not special, with or without an authority.
        ("mailto:a", "mailto:a"),
        ("mailto:?subject=a%20b&body=%7e", "mailto:/?body=~&subject=a+b"),
        ("whatsapp://send?text=a%20b", "whatsapp://send/?text=a+b"),
        ("foo:/.//x", "foo:////x"),
        ("javascript:void(0)", "javascript:void(0)"),
        // Non-ASCII text (UTF-8) in a path, query and fragment.
        ("http://a/\u{e9}/%C3%A9?q=\u{e9}&\u{e9}=1#\u{e9}", "http://a/%C3%A9/%C3%A9?q=%C3%A9&%C3%A9=1"),
        ("data:image/png;base64,AAA=", "data:image/png;base64,AAA="),
        // Spaces inside a path, query or fragment (`_strip` takes them off the ends only).
        ("http://a/b c/?q=a b&p=+ %20#f g", "http://a/b%20c/?p=+++&q=a+b"),
        ("whatsapp://send?text=a%20b c", "whatsapp://send/?text=a+b+c"),
    ];
    let options = Options::default();
    for (url, expected) in cases {
        assert_eq!(fast(url, &options).as_deref(), Some(expected), "{url}");
        assert!(check(url, &options));
    }
    // More fields than the stack holds.
    let fields: Vec<String> = (0..20).rev().map(|i| format!("f{i:02}")).collect();
    let sorted: Vec<String> = (0..20).map(|i| format!("f{i:02}=")).collect();
    let url = format!("http://a/?{}", fields.join("&"));
    assert_eq!(fast(&url, &options), Some(format!("http://a/?{}", sorted.join("&"))));
    // Not taken: the twin's steps answer (or raise).
    for url in [
        "http://u@a/",
        "http://[::1]/",
        "http://a%41/",
        "http://a:65536/",
        "http://a:8a/",
        "http://:80/",
        "http:/a",
        "file:///a",
        "http://\u{e9}/",
        "http://a.\u{e9}:80/",
        "http://a\\b",
        " http://a/",
        "http://a/ ",
        "http://a/? ",
        "http://a b/",
        "MAILTO:a",
        "WS://a",
        "foo:///a",
    ] {
        assert_eq!(fast(url, &options), None, "{url}");
    }
    assert_eq!(fast("http://a/?b;a", &Options { query_separator: ";", ..Options::default() }), None);
    // Another encoding: non-ASCII text only in the path.
    let latin1 = Options { encoding: Encoding::Latin1, keep_fragments: true, ..Options::default() };
    assert_eq!(fast("http://a/\u{e9}?q", &latin1).as_deref(), Some("http://a/%C3%A9?q="));
    assert_eq!(fast("http://a/?q=\u{e9}", &latin1), None);
    assert_eq!(fast("http://a/#\u{e9}", &latin1), None);
}

// Repeated entries make the fast path's case likelier (see `the_generator_reaches_the_fast_path`).
const SCHEMES: &[&str] = &[
    "http", "http", "http", "http", "https", "https", "https", "HTTP", "https", "hTTpS", "ftp", "ws", "wss", "file", "foo", "mailto", "h",
    "httpss",
];
const AFTER_SCHEME: &[&str] = &["://", "://", "://", "://", "://", "://", ":/", ":", ":///", ":\\\\"];
const HOSTS: &[&str] =
    &["a", "a", "a", "B", "B", "ex.COM", "", "-", "a b", "_", "a.b.", "x--n", "u@a", "u:p@a", "[::1]", "[::1", "a%41", "!$&'()*+,;=", "~"];
const PORTS: &[&str] =
    &["", "", "", "", "", "", ":", ":80", ":080", ":0", ":000", ":65535", ":065535", ":65536", ":99999", ":123456", ":8a", "::", ":-1"];
const PATH: &[&str] = &[
    "/", "/", "a", "B", ".", "..", "%2e", "%2E", "%41", "%7e", "%7E", "%2f", "%2F", "%3B", "%3b", "%3f", "%25", "%", "%g", "%zz", "%4",
    "%c3%a9", "%FF", ";", "=", "+", "|", "[", "]", "'", "\"", "<", "^", "`", "{", "}", " ", "\u{e9}", "\\", "\t", "~", "!", "$", "(", "*",
    ",", ":", "@", "&", "\u{7f}",
];
const QUERY: &[&str] = &[
    "&", "&", "&&", "=", "==", "a", "b", "A", "a", "+", "%20", "%2B", "%2b", "%26", "%3D", "%", "%zz", "%e9", "%7E", "'", "\"", "\u{e9}",
    ";", "/", "?", " ", "~", "*", "|", "[", "<", "`", "\\", ".",
];
const FRAGMENT: &[&str] = &["a", "#", "%41", "%", "|", " ", "'", "?", "/", "[", "\u{e9}", "`"];

fn pieces(tokens: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(tokens), 0..max).prop_map(|v| v.concat())
}

prop_compose! {
    fn urls()(
        scheme in prop::sample::select(SCHEMES),
        after in prop::sample::select(AFTER_SCHEME),
        host in prop::sample::select(HOSTS),
        port in prop::sample::select(PORTS),
        path in prop::option::of(pieces(PATH, 8)),
        query in prop::option::of(pieces(QUERY, 10)),
        fragment in prop::option::of(pieces(FRAGMENT, 4)),
    ) -> String {
        // Mostly a path after the authority (the tokens alone would often join the port).
        let path = path.map_or(String::new(), |p| format!("/{p}"));
        let query = query.map_or(String::new(), |q| format!("?{q}"));
        let fragment = fragment.map_or(String::new(), |f| format!("#{f}"));
        format!("{scheme}{after}{host}{port}{path}{query}{fragment}")
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn the_twin_near_the_edges(
        url in urls(),
        keep_blank_values: bool,
        keep_fragments: bool,
        encoding in prop::sample::select(vec![Encoding::Utf8, Encoding::Utf8, Encoding::Latin1, Encoding::Ascii]),
    ) {
        check(&url, &Options { keep_blank_values, keep_fragments, encoding, ..Options::default() });
    }
}

#[test]
fn the_generator_reaches_the_fast_path() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = urls();
    let options = Options::default();
    let taken = (0..2000).filter(|_| fast(&strategy.new_tree(&mut runner).expect("a URL").current(), &options).is_some()).count();
    // One case in ten at least, so that some thousands of the 20,000 cases above reach it.
    assert!(taken > 200, "{taken} of 2000");
}
