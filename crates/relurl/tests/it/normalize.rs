//! `relurl::normalize` (RFC 3986 §6.2.2 and §6.2.3): the RFC's own examples, what each
//! rule does, and the property that makes it a key: normalizing a normal form changes
//! nothing, for every grammar (proptest, with URL-shaped tokens: case, percent-encodings,
//! ports, dot segments, delimiters).

use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use relurl::{normalize, Spec};

const SPECS: [Spec; 3] = [Spec::Rfc1808, Spec::Rfc3986, Spec::Whatwg];

#[test]
fn each_rule() {
    let cases: &[(&str, Spec, &str)] = &[
        // §6.2.2.1 case of the scheme, the host and the percent-encodings; not the userinfo.
        ("HTTP://User:PW@WWW.Example.COM/%c3%a9?Q=%e2#F", Spec::Rfc3986, "http://User:PW@www.example.com/%C3%A9?Q=%E2#F"),
        // §6.2.2.2 unreserved characters decoded everywhere, reserved ones kept encoded.
        ("http://a/%41%2d%2E%5f%7E%2F?%61=%3d#%62", Spec::Rfc3986, "http://a/A-._~%2F?a=%3D#b"),
        ("http://%41.com/", Spec::Rfc3986, "http://a.com/"),
        // A `%` without two hex digits is kept.
        ("http://a/%g1%4", Spec::Rfc3986, "http://a/%g1%4"),
        // §6.2.2.3 dot segments, by each grammar's rules.
        ("http://a/b/c/./../../g", Spec::Rfc3986, "http://a/g"),
        ("http://a/../g", Spec::Rfc3986, "http://a/g"),
        ("http://a/../g", Spec::Rfc1808, "http://a/../g"),
        ("http://a/b/%2e%2E/c", Spec::Rfc3986, "http://a/c"),
        // ... not in a relative reference.
        ("../a/./b", Spec::Rfc3986, "../a/./b"),
        // A path that would start with `//` without an authority keeps a `.` first.
        ("s:/a/..//b", Spec::Rfc3986, "s:/.//b"),
        ("s:/a/..//b", Spec::Rfc1808, "s:/.//b"),
        // §6.2.3 empty and default ports, empty path.
        ("http://a:80", Spec::Rfc3986, "http://a/"),
        ("https://a:443/x", Spec::Rfc1808, "https://a/x"),
        ("https://a:0443/x", Spec::Rfc3986, "https://a/x"),
        ("http://a:8080", Spec::Rfc3986, "http://a:8080/"),
        ("ftp://a:21/", Spec::Rfc3986, "ftp://a/"),
        ("foo://a:/", Spec::Rfc3986, "foo://a/"),
        ("foo://a", Spec::Rfc3986, "foo://a"),
        ("http://[::1]:80/", Spec::Rfc3986, "http://[::1]/"),
        ("http://[::1]/", Spec::Rfc3986, "http://[::1]/"),
        // The port after §6.2.2.2 (issue 22): its encoded digits are decoded in the same
        // pass that drops a default port, so the key is its own key.
        ("http://h:%38%30/", Spec::Rfc1808, "http://h/"),
        ("http://h:%38%30/", Spec::Rfc3986, "http://h/"),
        ("https://h:%34%34%33/", Spec::Rfc3986, "https://h/"),
        ("ftp://h:%32%31/", Spec::Rfc1808, "ftp://h/"),
        ("ws://h:8%30", Spec::Rfc3986, "ws://h/"),
        ("http://h:%3080/", Spec::Rfc1808, "http://h/"),
        ("http://[::1]:%38%30/", Spec::Rfc3986, "http://[::1]/"),
        ("HTTP://U@H:%38%31/", Spec::Rfc3986, "http://U@h:81/"),
        ("foo://h:%38%30/", Spec::Rfc3986, "foo://h:80/"),
        ("http://h:%38%30?q", Spec::Rfc1808, "http://h?q"),
        // Not a port: an encoding that is not a digit, or a stray `%`.
        ("http://h:%3A80/", Spec::Rfc3986, "http://h:%3A80/"),
        ("http://h:%%38%30/", Spec::Rfc3986, "http://h:%%380/"),
        // Delimiters: RFC 3986 keeps an empty query or fragment, RFC 1808 has none.
        ("http://a/b?#", Spec::Rfc3986, "http://a/b?#"),
        ("http://a/b?#", Spec::Rfc1808, "http://a/b"),
        ("http://a/b;%70?q", Spec::Rfc1808, "http://a/b;p?q"),
        // RFC 1808's net_loc runs to the first `/`: the query it may hold is kept as written
        // (not lower-cased, no `/` after it, never userinfo or a port), the host before it
        // normalized.
        ("http://Example.COM?Q=ABC", Spec::Rfc1808, "http://example.com?Q=ABC"),
        ("HTTP://A.com:80?Mail=X@Y.COM:8080&%7e=%41", Spec::Rfc1808, "http://a.com?Mail=X@Y.COM:8080&~=A"),
        ("http://Example.COM?Q=ABC", Spec::Rfc3986, "http://example.com/?Q=ABC"),
        // The URL Standard: its own serialization.
        ("HTTP://Example.COM:80/a/../%41", Spec::Whatwg, "http://example.com/%41"),
    ];
    for (input, spec, expected) in cases {
        assert_eq!(normalize(input, *spec).unwrap(), *expected, "{input:?} by {spec:?}");
    }
    assert!(normalize("http://a:99999/", Spec::Whatwg).is_err());
}

#[test]
fn corpus_urls_are_fixed_points_once_normalized() {
    let path = crate::files::corpus_path("links.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    let mut checked = 0;
    for line in text.lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("JSON");
        for key in ["base", "href"] {
            let url = row[key].as_str().expect("a string");
            for spec in SPECS {
                if let Ok(once) = normalize(url, spec) {
                    assert_eq!(normalize(&once, spec).as_ref(), Ok(&once), "{url:?} by {spec:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 60_000, "{checked}");
}

const TOKENS: &[&str] = &[
    "http:",
    "HTTP:",
    "s:",
    "//",
    "/",
    ".",
    "..",
    "%2e",
    "%2E",
    "%41",
    "%7e",
    "%7E",
    "%2f",
    "%c3%a9",
    "%",
    "%g",
    "a",
    "B",
    "@",
    ":",
    ":80",
    ":0443",
    ":",
    "[::1]",
    "?",
    "#",
    ";",
    "é",
    // Percent-encoded ports and their digits (issue 22), for every scheme with a default port.
    "https:",
    "ftp:",
    "ws:",
    ":%38%30",
    ":%34%34%33",
    ":8%30",
    ":%3080",
    ":%32%31",
    "%38",
    "%30",
    "8",
    "0",
    "%3A",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, ..ProptestConfig::default() })]

    /// Idempotence: the normal form is its own normal form, by every grammar.
    #[test]
    fn normalizing_twice_is_normalizing_once(tokens in proptest::collection::vec(proptest::sample::select(TOKENS), 0..14)) {
        let url = tokens.concat();
        for spec in SPECS {
            if let Ok(once) = normalize(&url, spec) {
                let twice = normalize(&once, spec);
                prop_assert_eq!(twice.as_ref(), Ok(&once), "{:?} by {:?}", url, spec);
            }
        }
    }
}
