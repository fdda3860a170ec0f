//! The URL Standard parser's failures: the kind names (the table of docs/errors.md), the messages,
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
fn names_are_distinct_snake_case_and_in_the_docs() {
    // docs/errors.md, "Bad input": the page of the docs site with the table of the kinds.
    let page = crate::files::repo_file("docs/errors.md");
    let mut names: Vec<&str> = Failure::ALL.iter().map(|&f| ErrorKind::UrlStandard(f).name()).collect();
    for (&failure, name) in Failure::ALL.iter().zip(&names) {
        assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'), "{name}");
        let row = format!("| `{name}` |");
        assert!(page.contains(&row), "docs/errors.md lists {row}");
        let reason = ErrorKind::UrlStandard(failure).to_string();
        assert!(page.contains(&reason), "docs/errors.md shows the reason {reason:?}");
    }
    // None is also the name of another kind.
    names.extend(["too_long", "invalid_character", "bad_escape", "empty_first_segment", "invalid_utf8"]);
    names.extend(["lone_surrogate", "bad_base_header", "html_tokenizer", "strict_unavailable", "bad_port"]);
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count);
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
