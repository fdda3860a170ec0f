//! RFC 1808 §3: the base URL by its four layers, and the §3.1 `Base` header.

use relurl::{base_from_header, establish_base, BaseInputs, BaseSource, ErrorKind, Spec};

fn establish(inputs: &BaseInputs<'_>) -> (String, BaseSource) {
    let base = establish_base(inputs, Spec::Rfc1808).unwrap();
    (base.url, base.source)
}

const PAGE: &str = "http://example.com/dir/page.html";

#[test]
fn each_layer_wins_over_the_ones_outside_it() {
    let none = BaseInputs::default();
    assert_eq!(establish(&none), (String::new(), BaseSource::Empty));

    let retrieval = BaseInputs { retrieval_url: Some(PAGE), ..none };
    assert_eq!(establish(&retrieval), (PAGE.to_owned(), BaseSource::Retrieval));

    let enclosed = BaseInputs { encapsulating_base: Some("http://mail.example/msg/"), ..retrieval };
    assert_eq!(establish(&enclosed), ("http://mail.example/msg/".to_owned(), BaseSource::Encapsulating));

    let location = [("Content-Location", "http://cdn.example/x/")];
    let with_header = BaseInputs { headers: &location, ..enclosed };
    assert_eq!(establish(&with_header), ("http://cdn.example/x/".to_owned(), BaseSource::ContentLocation));

    let html = BaseInputs { html_base_href: Some("http://html.example/base/"), ..with_header };
    assert_eq!(establish(&html), ("http://html.example/base/".to_owned(), BaseSource::HtmlBase));
}

#[test]
fn headers_by_precedence_and_case_insensitive_names() {
    let headers = [
        ("content-location", "http://c/l/"),
        ("CONTENT-BASE", "http://c/b/"),
        ("base", "<URL:http://b/h/>"),
        ("Base", "<URL:http://second/ignored/>"),
    ];
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, ..BaseInputs::default() };
    assert_eq!(establish(&inputs), ("http://b/h/".to_owned(), BaseSource::BaseHeader));
    let inputs = BaseInputs { headers: &headers[..2], ..inputs };
    assert_eq!(establish(&inputs), ("http://c/b/".to_owned(), BaseSource::ContentBase));
    let inputs = BaseInputs { headers: &headers[..1], ..inputs };
    assert_eq!(establish(&inputs), ("http://c/l/".to_owned(), BaseSource::ContentLocation));
    let unrelated = [("Content-Type", "text/html"), ("Location", "http://elsewhere/")];
    let inputs = BaseInputs { headers: &unrelated, ..inputs };
    assert_eq!(establish(&inputs), (PAGE.to_owned(), BaseSource::Retrieval));
}

#[test]
fn relative_values_resolve_against_the_next_outer_base() {
    // cc-pyspark's failure: a relative Content-Location left unresolved.
    let headers = [("Content-Location", "../other/")];
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, ..BaseInputs::default() };
    assert_eq!(establish(&inputs), ("http://example.com/other/".to_owned(), BaseSource::ContentLocation));
    // A relative <base href> against the header's base, after stripping whitespace.
    let inputs = BaseInputs { html_base_href: Some("\n\t sub/index.html \r\n"), ..inputs };
    assert_eq!(establish(&inputs), ("http://example.com/other/sub/index.html".to_owned(), BaseSource::HtmlBase));
    // With nothing outside it, a relative value stays as it is (§4 step 1).
    let alone = BaseInputs { html_base_href: Some("sub/"), ..BaseInputs::default() };
    assert_eq!(establish(&alone), ("sub/".to_owned(), BaseSource::HtmlBase));
    // RFC 3986 rules when asked.
    let dots = BaseInputs { retrieval_url: Some("http://a/b/c"), html_base_href: Some("../../../x/"), ..BaseInputs::default() };
    assert_eq!(establish_base(&dots, Spec::Rfc1808).unwrap().url, "http://a/../../x/");
    assert_eq!(establish_base(&dots, Spec::Rfc3986).unwrap().url, "http://a/x/");
}

#[test]
fn empty_values_define_nothing() {
    let headers = [("Content-Location", "  ")];
    let inputs = BaseInputs {
        retrieval_url: Some(PAGE),
        headers: &headers,
        html_base_href: Some(" \t\n"),
        encapsulating_base: Some(""),
    };
    assert_eq!(establish(&inputs), (PAGE.to_owned(), BaseSource::Retrieval));
}

#[test]
fn base_header_forms() {
    let ok: &[(&str, &str)] = &[
        ("<URL:http://www.ics.uci.edu/Test/a/b/c>", "http://www.ics.uci.edu/Test/a/b/c"),
        ("Base: <URL:http://www.ics.uci.edu/Test/a/b/c>", "http://www.ics.uci.edu/Test/a/b/c"),
        ("BASE:<url:http://a/b>", "http://a/b"),
        ("  <URL:http://a/very/\r\n   long/path>  ", "http://a/very/long/path"),
        ("< URL : http://a / b >", "http://a/b"),
        ("<URL:ftp://h/x;type=d>", "ftp://h/x;type=d"),
    ];
    for (value, url) in ok {
        assert_eq!(base_from_header(value).unwrap(), *url, "{value:?}");
    }
}

#[test]
fn malformed_base_headers_say_where_and_why() {
    let bad: &[(&str, usize, &str)] = &[
        ("http://a/b", 0, "expected '<URL:' to open the base header"),
        ("Base: http://a/b", 6, "expected '<URL:' to open the base header"),
        ("<URL:http://a/b", 15, "missing '>' to close the base header"),
        ("<URL:http://a/b> extra", 17, "text after the closing '>'"),
        ("<http://a/b>", 1, "expected 'URL:' after '<'"),
        ("<URL:>", 5, "the base header names no URL"),
        ("<URL:/relative/path>", 1, "the base URL must be absolute (RFC 1808 section 3.1: absoluteURL)"),
    ];
    for (value, index, reason) in bad {
        let err = base_from_header(value).unwrap_err();
        assert!(matches!(err.kind, ErrorKind::BadBaseHeader { .. }), "{value:?}");
        assert_eq!((err.index, err.reason().as_str()), (*index, *reason), "{value:?}");
    }
    let headers = [("Base", "http://not-bracketed/")];
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, ..BaseInputs::default() };
    assert!(establish_base(&inputs, Spec::Rfc1808).is_err());
}
