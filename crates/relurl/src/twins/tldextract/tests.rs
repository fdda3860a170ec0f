//! tldextract 5.4.0's answers, computed with tldextract itself (loaded with [`LIST`] from a
//! `file://` URL, no cache, no snapshot) and written here.

use super::{ExtractResult, Extractor};

/// A small list with each kind of rule: ICANN, wildcard, exception, Unicode, punycode, private.
const LIST: &str = "com\nuk\nco.uk\njp\nkawasaki.jp\n*.kawasaki.jp\n!city.kawasaki.jp\n*.ck\n!www.ck\n中国\nxn--p1ai\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n*.compute.amazonaws.com\nbar.baz.uk\n";

/// url, include_psl_private_domains, [subdomain, domain, suffix, registry_suffix], is_private,
/// [fqdn, ipv4, ipv6, top_domain_under_public_suffix, top_domain_under_registry_suffix,
/// reverse_domain_name].
type Case = (&'static str, bool, [&'static str; 4], bool, [&'static str; 6]);

#[rustfmt::skip]
const CASES: &[Case] = &[
    ("http://forums.news.Example.co.uk:8080/a", false, ["forums.news", "Example", "co.uk", "co.uk"], false, ["forums.news.Example.co.uk", "", "", "Example.co.uk", "Example.co.uk", "co.uk.Example.news.forums"]),
    ("http://forums.news.Example.co.uk:8080/a", true, ["forums.news", "Example", "co.uk", "co.uk"], false, ["forums.news.Example.co.uk", "", "", "Example.co.uk", "Example.co.uk", "co.uk.Example.news.forums"]),
    ("a.b.city.kawasaki.jp", false, ["a.b", "city", "kawasaki.jp", "kawasaki.jp"], false, ["a.b.city.kawasaki.jp", "", "", "city.kawasaki.jp", "city.kawasaki.jp", "kawasaki.jp.city.b.a"]),
    ("a.b.city.kawasaki.jp", true, ["a.b", "city", "kawasaki.jp", "kawasaki.jp"], false, ["a.b.city.kawasaki.jp", "", "", "city.kawasaki.jp", "city.kawasaki.jp", "kawasaki.jp.city.b.a"]),
    ("x.y.kawasaki.jp", false, ["", "x", "y.kawasaki.jp", "y.kawasaki.jp"], false, ["x.y.kawasaki.jp", "", "", "x.y.kawasaki.jp", "x.y.kawasaki.jp", "y.kawasaki.jp.x"]),
    ("x.y.kawasaki.jp", true, ["", "x", "y.kawasaki.jp", "y.kawasaki.jp"], false, ["x.y.kawasaki.jp", "", "", "x.y.kawasaki.jp", "x.y.kawasaki.jp", "y.kawasaki.jp.x"]),
    ("www.ck", false, ["", "www", "ck", "ck"], false, ["www.ck", "", "", "www.ck", "www.ck", "ck.www"]),
    ("www.ck", true, ["", "www", "ck", "ck"], false, ["www.ck", "", "", "www.ck", "www.ck", "ck.www"]),
    ("a.www.ck", false, ["a", "www", "ck", "ck"], false, ["a.www.ck", "", "", "www.ck", "www.ck", "ck.www.a"]),
    ("a.www.ck", true, ["a", "www", "ck", "ck"], false, ["a.www.ck", "", "", "www.ck", "www.ck", "ck.www.a"]),
    ("b.other.ck", false, ["", "b", "other.ck", "other.ck"], false, ["b.other.ck", "", "", "b.other.ck", "b.other.ck", "other.ck.b"]),
    ("b.other.ck", true, ["", "b", "other.ck", "other.ck"], false, ["b.other.ck", "", "", "b.other.ck", "b.other.ck", "other.ck.b"]),
    ("waiterrant.blogspot.com", false, ["waiterrant", "blogspot", "com", "com"], false, ["waiterrant.blogspot.com", "", "", "blogspot.com", "blogspot.com", "com.blogspot.waiterrant"]),
    ("waiterrant.blogspot.com", true, ["", "waiterrant", "blogspot.com", "com"], true, ["waiterrant.blogspot.com", "", "", "waiterrant.blogspot.com", "blogspot.com", "blogspot.com.waiterrant"]),
    ("blogspot.com", false, ["", "blogspot", "com", "com"], false, ["blogspot.com", "", "", "blogspot.com", "blogspot.com", "com.blogspot"]),
    ("blogspot.com", true, ["", "", "blogspot.com", "com"], true, ["blogspot.com", "", "", "", "", "blogspot.com"]),
    ("a.b.c.compute.amazonaws.com", false, ["a.b.c.compute", "amazonaws", "com", "com"], false, ["a.b.c.compute.amazonaws.com", "", "", "amazonaws.com", "amazonaws.com", "com.amazonaws.compute.c.b.a"]),
    ("a.b.c.compute.amazonaws.com", true, ["a", "b", "c.compute.amazonaws.com", "com"], true, ["a.b.c.compute.amazonaws.com", "", "", "b.c.compute.amazonaws.com", "amazonaws.com", "c.compute.amazonaws.com.b.a"]),
    ("localhost", false, ["", "localhost", "", ""], false, ["", "", "", "", "", "localhost"]),
    ("localhost", true, ["", "localhost", "", ""], false, ["", "", "", "", "", "localhost"]),
    ("127.0.0.1", false, ["", "127.0.0.1", "", ""], false, ["", "127.0.0.1", "", "", "", "127.0.0.1"]),
    ("127.0.0.1", true, ["", "127.0.0.1", "", ""], false, ["", "127.0.0.1", "", "", "", "127.0.0.1"]),
    ("127.0.0.01", false, ["127.0.0", "01", "", ""], false, ["", "", "", "", "", "01.0.0.127"]),
    ("127.0.0.01", true, ["127.0.0", "01", "", ""], false, ["", "", "", "", "", "01.0.0.127"]),
    ("1.2.3.4.5", false, ["1.2.3.4", "5", "", ""], false, ["", "", "", "", "", "5.4.3.2.1"]),
    ("1.2.3.4.5", true, ["1.2.3.4", "5", "", ""], false, ["", "", "", "", "", "5.4.3.2.1"]),
    ("http://[::1]/", false, ["", "[::1]", "", ""], false, ["", "", "::1", "", "", "[::1]"]),
    ("http://[::1]/", true, ["", "[::1]", "", ""], false, ["", "", "::1", "", "", "[::1]"]),
    ("[::1]", false, ["", "[::1]", "", ""], false, ["", "", "::1", "", "", "[::1]"]),
    ("[::1]", true, ["", "[::1]", "", ""], false, ["", "", "::1", "", "", "[::1]"]),
    ("[x]", false, ["", "[x]", "", ""], false, ["", "", "", "", "", "[x]"]),
    ("[x]", true, ["", "[x]", "", ""], false, ["", "", "", "", "", "[x]"]),
    ("example.XN--FIQS8S", false, ["", "example", "XN--FIQS8S", "XN--FIQS8S"], false, ["example.XN--FIQS8S", "", "", "example.XN--FIQS8S", "example.XN--FIQS8S", "XN--FIQS8S.example"]),
    ("example.XN--FIQS8S", true, ["", "example", "XN--FIQS8S", "XN--FIQS8S"], false, ["example.XN--FIQS8S", "", "", "example.XN--FIQS8S", "example.XN--FIQS8S", "XN--FIQS8S.example"]),
    ("example.xn---fiqs8s", false, ["example", "xn---fiqs8s", "", ""], false, ["", "", "", "", "", "xn---fiqs8s.example"]),
    ("example.xn---fiqs8s", true, ["example", "xn---fiqs8s", "", ""], false, ["", "", "", "", "", "xn---fiqs8s.example"]),
    ("a.xn--p1ai", false, ["a", "xn--p1ai", "", ""], false, ["", "", "", "", "", "xn--p1ai.a"]),
    ("a.xn--p1ai", true, ["a", "xn--p1ai", "", ""], false, ["", "", "", "", "", "xn--p1ai.a"]),
    ("a.co.UK.", false, ["", "a", "co.UK", "co.UK"], false, ["a.co.UK", "", "", "a.co.UK", "a.co.UK", "co.UK.a"]),
    ("a.co.UK.", true, ["", "a", "co.UK", "co.UK"], false, ["a.co.UK", "", "", "a.co.UK", "a.co.UK", "co.UK.a"]),
    ("", false, ["", "", "", ""], false, ["", "", "", "", "", ""]),
    ("", true, ["", "", "", ""], false, ["", "", "", "", "", ""]),
    (".", false, ["", "", "", ""], false, ["", "", "", "", "", ""]),
    (".", true, ["", "", "", ""], false, ["", "", "", "", "", ""]),
    ("a..com", false, ["a", "", "com", "com"], false, ["", "", "", "", "", "com.a"]),
    ("a..com", true, ["a", "", "com", "com"], false, ["", "", "", "", "", "com.a"]),
    ("com", false, ["", "", "com", "com"], false, ["", "", "", "", "", "com"]),
    ("com", true, ["", "", "com", "com"], false, ["", "", "", "", "", "com"]),
    ("a.bar.baz.uk", false, ["a.bar", "baz", "uk", "uk"], false, ["a.bar.baz.uk", "", "", "baz.uk", "baz.uk", "uk.baz.bar.a"]),
    ("a.bar.baz.uk", true, ["", "a", "bar.baz.uk", "uk"], true, ["a.bar.baz.uk", "", "", "a.bar.baz.uk", "baz.uk", "bar.baz.uk.a"]),
    ("bar.baz.uk", false, ["bar", "baz", "uk", "uk"], false, ["bar.baz.uk", "", "", "baz.uk", "baz.uk", "uk.baz.bar"]),
    ("bar.baz.uk", true, ["", "", "bar.baz.uk", "uk"], true, ["bar.baz.uk", "", "", "", "", "bar.baz.uk"]),
    ("foo.baz.uk", false, ["foo", "baz", "uk", "uk"], false, ["foo.baz.uk", "", "", "baz.uk", "baz.uk", "uk.baz.foo"]),
    ("foo.baz.uk", true, ["foo", "baz", "uk", "uk"], false, ["foo.baz.uk", "", "", "baz.uk", "baz.uk", "uk.baz.foo"]),
    ("http://user@b.com。", false, ["", "b", "com", "com"], false, ["b.com", "", "", "b.com", "b.com", "com.b"]),
    ("http://user@b.com。", true, ["", "b", "com", "com"], false, ["b.com", "", "", "b.com", "b.com", "com.b"]),
    ("中国", false, ["", "", "中国", "中国"], false, ["", "", "", "", "", "中国"]),
    ("中国", true, ["", "", "中国", "中国"], false, ["", "", "", "", "", "中国"]),
    ("x.中国", false, ["", "x", "中国", "中国"], false, ["x.中国", "", "", "x.中国", "x.中国", "中国.x"]),
    ("x.中国", true, ["", "x", "中国", "中国"], false, ["x.中国", "", "", "x.中国", "x.中国", "中国.x"]),
    ("http://www.example.com.au/", false, ["www.example.com", "au", "", ""], false, ["", "", "", "", "", "au.com.example.www"]),
    ("http://www.example.com.au/", true, ["www.example.com", "au", "", ""], false, ["", "", "", "", "", "au.com.example.www"]),
    ("https://[2001:db8::1%eth0]:443/", false, ["", "[2001:db8::1%eth0]", "", ""], false, ["", "", "2001:db8::1%eth0", "", "", "[2001:db8::1%eth0]"]),
    ("https://[2001:db8::1%eth0]:443/", true, ["", "[2001:db8::1%eth0]", "", ""], false, ["", "", "2001:db8::1%eth0", "", "", "[2001:db8::1%eth0]"]),
    ("256.1.1.1", false, ["256.1.1", "1", "", ""], false, ["", "", "", "", "", "1.1.1.256"]),
    ("256.1.1.1", true, ["256.1.1", "1", "", ""], false, ["", "", "", "", "", "1.1.1.256"]),
    ("1.2.3", false, ["1.2", "3", "", ""], false, ["", "", "", "", "", "3.2.1"]),
    ("1.2.3", true, ["1.2", "3", "", ""], false, ["", "", "", "", "", "3.2.1"]),
    ("a.kawasaki.jp", false, ["", "", "a.kawasaki.jp", "a.kawasaki.jp"], false, ["", "", "", "", "", "a.kawasaki.jp"]),
    ("a.kawasaki.jp", true, ["", "", "a.kawasaki.jp", "a.kawasaki.jp"], false, ["", "", "", "", "", "a.kawasaki.jp"]),
    ("kawasaki.jp", false, ["", "", "kawasaki.jp", "kawasaki.jp"], false, ["", "", "", "", "", "kawasaki.jp"]),
    ("kawasaki.jp", true, ["", "", "kawasaki.jp", "kawasaki.jp"], false, ["", "", "", "", "", "kawasaki.jp"]),
];

#[test]
fn every_case_as_tldextract() {
    let extractor = Extractor::from_list_text(LIST).unwrap();
    for &(url, private, [subdomain, domain, suffix, registry_suffix], is_private, properties) in CASES {
        let r = extractor.extract(url, private, crate::twins::idna2003::UnicodeVersion::default());
        let expected = ExtractResult {
            subdomain: subdomain.to_owned(),
            domain: domain.to_owned(),
            suffix: suffix.to_owned(),
            is_private,
            registry_suffix: registry_suffix.to_owned(),
        };
        assert_eq!(r, expected, "{url:?} private={private}");
        let got = [
            r.fqdn(),
            r.ipv4().to_owned(),
            r.ipv6().to_owned(),
            r.top_domain_under_public_suffix(),
            r.top_domain_under_registry_suffix(),
            r.reverse_domain_name(),
        ];
        assert_eq!(got, properties.map(str::to_owned), "{url:?} private={private}");
    }
}

#[test]
fn no_rules_is_tldextract_s_error() {
    assert_eq!(Extractor::from_list_text("// nothing\n\n").unwrap_err().to_string(), "No tlds set. Cannot proceed without tlds.");
    assert!(Extractor::from_list_text("// ===BEGIN PRIVATE DOMAINS===\nblogspot.com").is_ok());
}

#[test]
fn hostile_hosts_take_linear_time() {
    let extractor = Extractor::from_list_text(LIST).unwrap();
    let many_labels = "a.".repeat(1_000_000) + "co.uk";
    let r = extractor.extract(&many_labels, false, crate::twins::idna2003::UnicodeVersion::default());
    assert_eq!((r.suffix.as_str(), r.domain.as_str(), r.subdomain.len()), ("co.uk", "a", 1_999_997));
    let long_label = format!("xn--{}.com", "a".repeat(100_000));
    assert_eq!(extractor.extract(&long_label, false, crate::twins::idna2003::UnicodeVersion::default()).suffix, "com");
    let digits = format!("xn--{}.com", "9".repeat(100_000));
    assert_eq!(extractor.extract(&digits, false, crate::twins::idna2003::UnicodeVersion::default()).suffix, "com");
}
