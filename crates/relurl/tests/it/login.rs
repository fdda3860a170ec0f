//! Issue 13: the net_loc's parts ([`relurl::Login`], urllib's answers) through every way to a
//! parsed URL, and the links' `rel` tokens and new attributes.

use relurl::links::{extract_links, Options};
use relurl::{AnyUrl, ErrorKind, Spec};

#[test]
fn login_follows_the_grammar_s_net_loc() {
    // RFC 1808's net_loc runs to the first '/'; RFC 3986's authority also ends at '?'.
    let rfc1808 = relurl::parse("http://u@H?q:80/p").unwrap();
    assert_eq!(rfc1808.login().netloc(), "u@H?q:80");
    assert_eq!(rfc1808.login().hostname().as_deref(), Some("h?q"));
    assert_eq!(rfc1808.login().port(), Ok(Some(80)));
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
}
