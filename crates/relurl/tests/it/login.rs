//! Issue 13: the net_loc's parts ([`relurl::Login`], urllib's answers) through every way to a
//! parsed URL, and the links' `rel` tokens and new attributes.

use relurl::links::{extract_links, Options};
use relurl::{AnyUrl, ErrorKind, Spec};

#[test]
fn login_reads_the_net_loc_up_to_a_query() {
    // RFC 1808's net_loc runs to the first '/'; RFC 3986's authority (and urllib's netloc)
    // also ends at '?': the login parts are urllib's by both grammars (issue 22).
    let rfc1808 = relurl::parse("http://u@H?q:80/p").unwrap();
    assert_eq!(rfc1808.netloc(), "u@H?q:80");
    assert_eq!(rfc1808.login().netloc(), "u@H");
    assert_eq!(rfc1808.login().hostname().as_deref(), Some("h"));
    assert_eq!(rfc1808.login().port(), Ok(None));
    let rfc3986 = relurl::rfc3986::parse("http://u@H?q:80/p").unwrap();
    assert_eq!((rfc3986.login().username(), rfc3986.login().hostname().as_deref()), (Some("u"), Some("h")));
    assert_eq!(rfc3986.login().port(), Ok(None));
    assert_eq!(relurl::parse("g").unwrap().login().hostname(), None);
}

#[test]
fn any_url_has_a_login_but_by_the_url_standard() {
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        let url = AnyUrl::parse_owned("//[::1]:08080", spec).unwrap();
        let login = url.login().expect("an RFC URL");
        assert_eq!((login.hostname().as_deref(), login.port()), (Some("::1"), Ok(Some(8080))));
    }
    assert!(AnyUrl::parse_owned("http://a/", Spec::Whatwg).unwrap().login().is_none());
}

#[test]
fn a_bad_port_is_placed_in_the_url() {
    let url = relurl::parse("http://user:pw@host:8o/").unwrap();
    let e = url.login().port().unwrap_err();
    assert_eq!((e.kind().name(), e.offset()), ("bad_port", 20));
    assert!(matches!(e.kind(), ErrorKind::BadPort { .. }));
    assert_eq!(e.to_string(), "the port is not a decimal number (ASCII digits 0-9 only, RFC 1738 section 3.1) (at byte 20)");
    let e = relurl::parse("//h:65536").unwrap().login().port().unwrap_err();
    assert_eq!(e.to_string(), "the port is out of range 0-65535 (at byte 4)");
}

#[test]
fn links_carry_rel_and_the_new_attributes() {
    let html = r#"<link REL="Preload  preload" href=a imagesrcset="b 1x, c 2x"><a rel=nofollow href=d>
        <video poster=e></video><button formaction=f></button><input formaction=g><img rel=x src=h>"#;
    let page = extract_links(html, "http://x/", &[], Options::default()).unwrap();
    let got: Vec<(&str, &str, &str, Vec<&str>)> =
        page.links.iter().map(|l| (l.tag, l.attr, l.raw.as_str(), l.rel.iter().map(String::as_str).collect())).collect();
    assert_eq!(
        got,
        [
            ("link", "href", "a", vec!["preload"]),
            ("link", "imagesrcset", "b", vec!["preload"]),
            ("link", "imagesrcset", "c", vec!["preload"]),
            ("a", "href", "d", vec!["nofollow"]),
            ("video", "poster", "e", vec![]),
            ("button", "formaction", "f", vec![]),
            ("input", "formaction", "g", vec![]),
            ("img", "src", "h", vec![]),
        ]
    );
    // One list for the links of an element: the href and both srcset candidates.
    assert!(std::sync::Arc::ptr_eq(&page.links[0].rel, &page.links[1].rel));
    assert!(std::sync::Arc::ptr_eq(&page.links[1].rel, &page.links[2].rel));
}

#[test]
fn a_rel_of_many_tokens_is_read_once_each_in_order() {
    // 60,000 distinct tokens, each twice (the second time in upper case): a set, in order of
    // first appearance. (A search of the tokens kept for each new token took minutes here.)
    let tokens: Vec<String> = (0..60_000).map(|i| format!("t{i}")).collect();
    let value = tokens.iter().map(|t| format!("{t} {}", t.to_ascii_uppercase())).collect::<Vec<_>>().join("\t");
    let candidates = (0..50).map(|i| format!("u{i} 1x")).collect::<Vec<_>>().join(", ");
    let html = format!(r#"<link rel="{value}" imagesrcset="{candidates}">"#);
    let page = extract_links(&html, "http://x/", &[], Options::default()).unwrap();
    assert_eq!(page.links.len(), 50);
    assert_eq!(*page.links[0].rel, *tokens);
    assert!(page.links.iter().all(|l| std::sync::Arc::ptr_eq(&l.rel, &page.links[0].rel)));
}

#[test]
fn without_a_base_the_url_standard_keeps_the_absolute_links() {
    // No layer gives a base the URL Standard can parse: each link is parsed on its own.
    let options = Options { spec: Spec::Whatwg, ..Options::default() };
    let html = r#"<a href=" HTTP://X/a/../b"><a href=g><img src="//y/z"><a href="mailto:M">"#;
    for url in ["http://[::1", "", "mailto:x"] {
        let page = extract_links(html, url, &[], options).unwrap();
        let urls: Vec<&str> = page.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["http://x/b", "mailto:M"], "{url:?}");
        assert_eq!(page.base.url, "", "{url:?}");
    }
    // A base it can parse: every link resolved against it.
    let page = extract_links(html, "http://p/q/", &[], options).unwrap();
    let urls: Vec<&str> = page.links.iter().map(|l| l.url.as_str()).collect();
    assert_eq!(urls, ["http://x/b", "http://p/q/g", "http://y/z", "mailto:M"]);
}
