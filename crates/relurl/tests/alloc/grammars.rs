//! Heap allocation counts of the public API, by a counting global allocator
//! (`counting_alloc.rs`), the same tests run for each grammar (the modules `rfc1808` and
//! `rfc3986` below, made by [`per_grammar`] over the same names of `relurl::rfc1808` and
//! `relurl::rfc3986`):
//!
//! - `parse` (RFC 1808 §2.4, RFC 3986 Appendix B) keeps offsets into its input: 0
//!   allocations;
//! - `resolve_into` (RFC 1808 §4, RFC 3986 §5.2) into a `String` reserved to
//!   `max_resolved_len`: 0 allocations, so the output always fits the bound (RFC 1808 step 6
//!   and RFC 3986 §5.2.4 never lengthen a path; each adds at most one `/` after a net_loc);
//!   a `String` reused across calls, reserved each time: 0 allocations too;
//! - `resolve_parsed` allocates its output once, with room for the longest possible result:
//!   exactly 1 allocation (no reallocation);
//! - `resolve` (parse both, then resolve) allocates its output once: exactly 1 allocation,
//!   counted from before the call, parsing included;
//! - `validate` (RFC 1808 §2.2) on valid input: 0 allocations.
//!
//! Checked on every row of each RFC's example table (RFC 1808 §5 and the documented
//! choices, RFC 3986 §5.4), on long inputs (10 000 `../` segments: step 6 as a segment
//! stack in the output string), and on 10 000 generated pairs per grammar.

use crate::common;
use crate::counting_alloc;

use counting_alloc::allocations;

/// Long and non-ASCII URLs, parsed by both grammars.
fn long_urls() -> Vec<String> {
    vec![
        "http://a/b/c/d;p?q#f".to_string(),
        "g;x?y#s".to_string(),
        String::new(),
        "file:///etc/passwd".to_string(),
        "h://wörld/ü;ä?ö#ß".to_string(),
        format!("http://example.com/{}?{}#{}", "segment/".repeat(10_000), "k=v&".repeat(1000), "f".repeat(1000)),
        "../".repeat(10_000),
        "日本語/パス;パラメタ?クエリ#断片".repeat(100),
    ]
}

/// The RFC 1808 §5 rows and the documented choices, and a long reference, as
/// `(base, reference, expected)`, read before any counting.
fn rows_rfc1808() -> Vec<(String, String, String)> {
    let mut rows = Vec::new();
    for key in ["examples", "choices"] {
        rows.extend(common::triples("rfc1808_examples.json", key));
    }
    assert!(rows.len() >= 39);
    // §4 step 6 rule c: the first two `..` remove `c` and `b`, the rest stay.
    rows.push(("http://a/b/c/d;p?q#f".to_string(), format!("{}g", "../".repeat(10_000)), format!("http://a/{}g", "../".repeat(9_998))));
    rows
}

/// The §5.4 rows of `tests/data/rfc3986_examples.json`, long inputs and the shapes the
/// merge treats apart, as `(base, reference, expected)`, read before any counting.
fn rows_rfc3986() -> Vec<(String, String, String)> {
    let mut rows = common::triples("rfc3986_examples.json", "examples");
    assert!(rows.len() >= 42, "23 normal and 19 abnormal examples");
    let base = "http://a/b/c/d;p?q".to_string();
    rows.extend([
        (base.clone(), format!("{}g", "../".repeat(10_000)), "http://a/g".to_string()),
        (base.clone(), format!("{}g", "a/".repeat(10_000)), format!("http://a/b/c/{}g", "a/".repeat(10_000))),
        (base, format!("{}g", "./".repeat(10_000)), "http://a/b/c/g".to_string()),
        ("s:a".to_string(), format!("{}g", "x/../".repeat(10_000)), "s:/g".to_string()),
        ("http://a".to_string(), "g".to_string(), "http://a/g".to_string()),
        ("http://a".to_string(), "..".to_string(), "http://a/".to_string()),
        ("http://a".to_string(), String::new(), "http://a".to_string()),
        (String::new(), String::new(), String::new()),
        ("s:a".to_string(), "x/..".to_string(), "s:/".to_string()),
        ("h://wörld/ü;ä?ö#ß".to_string(), "日本語/../パス?クエリ#断片".to_string(), "h://wörld/パス?クエリ#断片".to_string()),
    ]);
    rows
}

/// The allocation tests of one grammar: `$grammar` is the module (`rfc1808` or `rfc3986`),
/// `$rows` its table, `$base` and `$reference` its generators.
macro_rules! per_grammar {
    ($grammar:ident, rows: $rows:path, bases: $base:path, references: $reference:path) => {
        mod $grammar {
            use super::{allocations, long_urls};
            use proptest::prelude::*;
            use proptest::test_runner::Config as ProptestConfig;
            use relurl::$grammar as grammar;

            const NAME: &str = stringify!($grammar);

            #[test]
            fn parse_allocates_nothing() {
                let rows = $rows();
                let urls =
                    long_urls().into_iter().chain(rows.into_iter().flat_map(|(base, reference, expected)| [base, reference, expected]));
                for url in urls {
                    let (parsed, n) = allocations(|| grammar::parse(&url).map(|u| (u.scheme().len(), u.path().len())));
                    assert!(parsed.is_ok());
                    assert_eq!(n, 0, "{NAME}::parse({url:.40})");
                }
            }

            /// Checks one pair: 0 allocations to parse, 0 to resolve into a reserved
            /// string (within the bound), 1 for `resolve_parsed` and 1 for `resolve`, and
            /// the three give the same answer, which it returns.
            fn check_pair(base: &str, reference: &str) -> String {
                let ((b, r), n) = allocations(|| (grammar::parse(base).unwrap(), grammar::parse(reference).unwrap()));
                assert_eq!(n, 0, "{NAME}::parse of {base:?} and {reference:.40}");
                let bound = grammar::max_resolved_len(&b, &r);
                let mut out = String::with_capacity(bound);
                let ((), n) = allocations(|| grammar::resolve_into(&b, &r, &mut out));
                assert_eq!(n, 0, "{NAME}::resolve_into {base:?} + {reference:.40} -> {out:.40} (bound {bound})");
                assert!(out.len() <= bound);
                let (parsed, n) = allocations(|| grammar::resolve_parsed(&b, &r));
                assert_eq!(n, 1, "{NAME}::resolve_parsed {base:?} + {reference:.40} -> {parsed:.40}");
                assert_eq!(parsed, out);
                let (resolved, n) = allocations(|| grammar::resolve(base, reference).unwrap());
                assert_eq!(n, 1, "{NAME}::resolve {base:?} + {reference:.40} -> {resolved:.40}");
                assert_eq!(resolved, out);
                out
            }

            #[test]
            fn resolve_into_reserved_string_allocates_nothing_and_resolve_once() {
                for (base, reference, expected) in &$rows() {
                    assert_eq!(&check_pair(base, reference), expected, "{base:?} + {reference:.40}");
                }
            }

            /// A `String` reused across calls, reserved to the bound each time: no
            /// allocation once the first reservation is made.
            #[test]
            fn resolve_into_reused_string_allocates_nothing() {
                let rows = $rows();
                let mut out = String::new();
                for (base, reference, expected) in &rows {
                    let (b, r) = (grammar::parse(base).unwrap(), grammar::parse(reference).unwrap());
                    out.clear();
                    out.reserve(grammar::max_resolved_len(&b, &r));
                    let ((), n) = allocations(|| grammar::resolve_into(&b, &r, &mut out));
                    assert_eq!(n, 0, "{base:?} + {reference:.40}");
                    assert_eq!(&out, expected);
                    assert_eq!(out, grammar::resolve(base, reference).unwrap());
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

                /// The same counts on generated pairs (the generators of `tests/it/common.rs`).
                #[test]
                fn generated_pairs_fit_the_bound(base in $base(), reference in $reference()) {
                    check_pair(&base, &reference);
                }
            }
        }
    };
}

per_grammar!(rfc1808, rows: super::rows_rfc1808, bases: crate::common::base, references: crate::common::url);
per_grammar!(rfc3986, rows: super::rows_rfc3986, bases: crate::common::base_rfc3986, references: crate::common::url_rfc3986);

#[test]
fn validate_allocates_nothing_on_valid_input() {
    let valid = [
        "http://a/b/c/d;p?q#f".to_string(),
        "ftp://a/b;type=d".to_string(),
        "mailto:x@y".to_string(),
        "g%20h".to_string(),
        String::new(),
        format!("http://example.com/{}?{}#{}", "segment/".repeat(10_000), "k=v&".repeat(1000), "f".repeat(1000)),
        "../".repeat(10_000),
    ];
    for url in &valid {
        let (result, n) = allocations(|| relurl::validate(url).is_ok());
        assert!(result, "{url:.40} is valid");
        assert_eq!(n, 0, "validate({url:.40})");
    }
}

#[test]
fn the_counter_counts() {
    let (s, n) = allocations(|| String::from("x"));
    assert_eq!((s.as_str(), n), ("x", 1));
    let (v, n) = allocations(|| {
        let mut v = Vec::with_capacity(1);
        v.extend([1u8, 2]);
        v
    });
    assert_eq!((v.len(), n), (2, 2), "an allocation and a reallocation");
}
