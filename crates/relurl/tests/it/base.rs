//! RFC 1808 §3: the base URL by its four layers, and the §3.1 `Base` header.

use relurl::links::{extract_links, Options, Special};
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
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, html_base_href: Some(" \t\n"), encapsulating_base: Some("") };
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
        assert!(matches!(err.kind(), ErrorKind::BadBaseHeader { .. }), "{value:?}");
        assert_eq!((err.offset(), err.reason().as_str()), (*index, *reason), "{value:?}");
    }
    let headers = [("Base", "http://not-bracketed/")];
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, ..BaseInputs::default() };
    assert!(establish_base(&inputs, Spec::Rfc1808).is_err());
}

/// A layer naming a URL with an opaque path (a scheme, no net_loc, a path not starting with
/// `/`) defines no base: the next outer layer does, in both specs.
#[test]
fn a_base_with_an_opaque_path_defines_no_base() {
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        let establish = |inputs: &BaseInputs<'_>| {
            let base = establish_base(inputs, spec).unwrap();
            (base.url, base.source)
        };
        let page = BaseInputs { retrieval_url: Some("http://a/p"), ..BaseInputs::default() };
        for opaque in [
            "javascript:alert(1)//",
            " JavaScript:x ",
            "data:text/html,<p>",
            "mailto:me@example.com",
            "about:blank",
            "urn:isbn:0451450523",
            "http:foo",
            "javascript:",
        ] {
            let html = BaseInputs { html_base_href: Some(opaque), ..page };
            assert_eq!(establish(&html), ("http://a/p".to_owned(), BaseSource::Retrieval), "{spec}: {opaque:?}");
            let location = [("Content-Location", opaque)];
            let header = BaseInputs { headers: &location, ..page };
            assert_eq!(establish(&header), ("http://a/p".to_owned(), BaseSource::Retrieval), "{spec}: {opaque:?}");
            let enclosed = BaseInputs { encapsulating_base: Some(opaque), ..page };
            assert_eq!(establish(&enclosed), ("http://a/p".to_owned(), BaseSource::Retrieval), "{spec}: {opaque:?}");
            // An opaque retrieval URL and nothing else: the empty base (section 3.4).
            let alone = BaseInputs { retrieval_url: Some(opaque), ..BaseInputs::default() };
            assert_eq!(establish(&alone), (String::new(), BaseSource::Empty), "{spec}: {opaque:?}");
        }
        // The next header down serves when a more specific one defines no base.
        let headers = [("Base", "<URL:javascript:x>"), ("Content-Base", "data:,x"), ("Content-Location", "/loc/")];
        let inputs = BaseInputs { headers: &headers, html_base_href: Some("mailto:x"), ..page };
        assert_eq!(establish(&inputs), ("http://a/loc/".to_owned(), BaseSource::ContentLocation), "{spec}");
        // A net_loc or a path from the root is a base, whatever the scheme.
        for base in ["javascript://x/", "mailto:/x/", "data:///x", "file:///etc/"] {
            let inputs = BaseInputs { html_base_href: Some(base), ..page };
            assert_eq!(establish(&inputs), (base.to_owned(), BaseSource::HtmlBase), "{spec}: {base:?}");
        }
    }
}

/// An empty header value defines nothing, so the next header serves.
#[test]
fn an_empty_header_lets_the_next_one_serve() {
    let headers = [("Content-Base", "  "), ("Content-Location", "/loc/")];
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, ..BaseInputs::default() };
    assert_eq!(establish(&inputs), ("http://example.com/loc/".to_owned(), BaseSource::ContentLocation));
}

#[test]
fn links_against_an_opaque_base_resolve_against_the_next_layer() {
    let html = r#"<base href="javascript:alert(1)//"><a href="x"></a><img src="data:,y">"#;
    let page = extract_links(html, "http://a/p", &[], Options::default()).unwrap();
    assert_eq!((page.base.url.as_str(), page.base.source), ("http://a/p", BaseSource::Retrieval));
    let got: Vec<(&str, Option<Special>)> = page.links.iter().map(|l| (l.url.as_str(), l.special)).collect();
    assert_eq!(got, [("http://a/x", None), ("data:,y", Some(Special::Data))]);
    let headers = [("Content-Location", "javascript:alert(1)//")];
    let page = extract_links("<a href=x>", "http://a/p", &headers, Options::default()).unwrap();
    assert_eq!(page.links[0].url, "http://a/x");
}

/// `special` follows the resolved URL: a relative link against a `javascript:` base with a
/// net_loc is a `javascript:` URL, flagged, and left out by `skip_special`.
#[test]
fn special_follows_the_resolved_url() {
    let html = r#"<base href="javascript://x/"><a href="g"><a href="//h/i"><a href="http://ok/">"#;
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        let page = extract_links(html, "http://a/p", &[], Options { spec, skip_special: false }).unwrap();
        let got: Vec<(&str, Option<Special>)> = page.links.iter().map(|l| (l.url.as_str(), l.special)).collect();
        assert_eq!(
            got,
            [("javascript://x/g", Some(Special::Javascript)), ("javascript://h/i", Some(Special::Javascript)), ("http://ok/", None)]
        );
        let kept = extract_links(html, "http://a/p", &[], Options { spec, skip_special: true }).unwrap();
        assert_eq!(kept.links.iter().map(|l| l.url.as_str()).collect::<Vec<_>>(), ["http://ok/"]);
    }
    let page = extract_links(r#"<base href="mailto:/x/"><a href="y">"#, "http://a/p", &[], Options::default()).unwrap();
    assert_eq!((page.links[0].url.as_str(), page.links[0].special), ("mailto:/x/y", Some(Special::Mailto)));
}

/// For link extraction a malformed `Base` header is skipped (the next header or layer
/// defines the base) and its error comes with the links; `establish_base` still fails.
#[test]
fn extract_links_skips_a_malformed_base_header() {
    let headers = [("Base", "http://b/"), ("Content-Location", "/loc/")];
    let page = extract_links("<a href=g>", PAGE, &headers, Options::default()).unwrap();
    assert_eq!((page.base.url.as_str(), page.base.source), ("http://example.com/loc/", BaseSource::ContentLocation));
    assert_eq!(page.links[0].url, "http://example.com/loc/g");
    let err = page.skipped_base_header.expect("the skipped header's error");
    assert_eq!((err.offset(), err.reason().as_str()), (0, "expected '<URL:' to open the base header"));
    let page = extract_links("<a href=g>", PAGE, &headers[..1], Options::default()).unwrap();
    assert_eq!((page.base.source, page.links[0].url.as_str()), (BaseSource::Retrieval, "http://example.com/dir/g"));
    let good = [("Base", "<URL:http://b/>")];
    assert_eq!(extract_links("<a href=g>", PAGE, &good, Options::default()).unwrap().skipped_base_header, None);
    let inputs = BaseInputs { retrieval_url: Some(PAGE), headers: &headers, ..BaseInputs::default() };
    assert!(matches!(establish_base(&inputs, Spec::Rfc1808).unwrap_err().kind(), ErrorKind::BadBaseHeader { .. }));
}
