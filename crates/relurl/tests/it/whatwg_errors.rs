//! The URL Standard parser's failures: the kind names (the README's table), the messages,
//! and the offsets (counted in the caller's input, before trimming and tab removal).

use relurl::whatwg::{self, Failure, WhatwgUrl};
use relurl::ErrorKind;

#[test]
fn failure_names_and_offsets() {
    // (input, kind name, offset)
    let cases: &[(&str, &str, usize)] = &[
        ("foo", "missing_scheme_non_relative_url", 0),
        ("  foo", "missing_scheme_non_relative_url", 2),
        ("http://", "host_missing", 7),
        ("http://user@/", "host_missing", 12),
        ("http://:80/", "host_missing", 7),
        ("sc://a b/", "host_invalid_code_point", 5),
        ("http://a%20b/", "domain_invalid_code_point", 7),
        ("http://a<b/", "domain_invalid_code_point", 7),
        ("http://%C2%AD/", "domain_to_ascii", 7),
        ("http://1.2.3.4.5/", "ipv4_too_many_parts", 7),
        ("http://foo.1/", "ipv4_non_numeric_part", 7),
        ("http://256.0.0.1/", "ipv4_out_of_range_part", 7),
        ("http://[::1/", "ipv6_unclosed", 7),
        ("http://[:1]/", "ipv6_invalid_compression", 7),
        ("http://[1:2:3:4:5:6:7:8:9]/", "ipv6_too_many_pieces", 7),
        ("http://[1::2::3]/", "ipv6_multiple_compression", 7),
        ("http://[::1:]/", "ipv6_invalid_code_point", 7),
        ("http://[g::]/", "ipv6_invalid_code_point", 7),
        ("http://[1:2:3]/", "ipv6_too_few_pieces", 7),
        ("http://[1:2:3:4:5:6:7:1.2.3.4]/", "ipv4_in_ipv6_too_many_pieces", 7),
        ("http://[::1.2.3.04]/", "ipv4_in_ipv6_invalid_code_point", 7),
        ("http://[::1.2.3.256]/", "ipv4_in_ipv6_out_of_range_part", 7),
        ("http://[::1.2.3]/", "ipv4_in_ipv6_too_few_parts", 7),
        ("http://a:65536/", "port_out_of_range", 9),
        ("http://a:8x/", "port_invalid", 9),
        // Offsets count the removed tab and newline and the trimmed spaces.
        ("\t h\tttp://a:8x/", "port_invalid", 12),
        ("http://\n\n1.2.3.4.5/", "ipv4_too_many_parts", 9),
    ];
    let mut wrong = Vec::new();
    for &(input, name, offset) in cases {
        match whatwg::parse(input) {
            Ok(url) => wrong.push(format!("{input:?}: parsed as {url}")),
            Err(e) => {
                if e.kind().name() != name || e.offset() != offset {
                    wrong.push(format!("{input:?}: {} at {} (expected {name} at {offset})", e.kind().name(), e.offset()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn readme_lists_every_failure() {
    let readme = std::fs::read_to_string(format!("{}/../../README.md", env!("CARGO_MANIFEST_DIR"))).expect("README.md");
    for input in ["foo", "http://", "sc://a b/", "http://a<b/", "http://%C2%AD/", "http://1.2.3.4.5/", "http://a:65536/", "http://a:8x/"] {
        let e = whatwg::parse(input).unwrap_err();
        let row = format!("| `{}` |", e.kind().name());
        assert!(readme.contains(&row), "README.md lists {row}");
        assert!(readme.contains(&e.kind().to_string()), "README.md shows the reason {:?}", e.kind().to_string());
    }
}

#[test]
fn messages_and_bases() {
    let e = whatwg::parse("http://a:99999/").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UrlStandard(Failure::PortOutOfRange));
    assert_eq!(e.to_string(), "invalid URL (URL Standard): the port is above 65535 (at byte 9)");
    // A base with an opaque path cannot be a base, except for a fragment.
    let opaque = WhatwgUrl::parse("mailto:x@y").unwrap();
    assert_eq!(opaque.join("z").unwrap_err().kind().name(), "missing_scheme_non_relative_url");
    assert_eq!(opaque.join("#f").unwrap().as_str(), "mailto:x@y#f");
    let mut out = String::from("kept");
    assert!(opaque.join_into("z", &mut out).is_err());
    assert_eq!(out, "kept");
    assert_eq!(whatwg::resolve("http://a/b/c", "../d?e#f").unwrap(), "http://a/d?e#f");
    assert_eq!(whatwg::resolve("nope", "x").unwrap_err().kind().name(), "missing_scheme_non_relative_url");
}
