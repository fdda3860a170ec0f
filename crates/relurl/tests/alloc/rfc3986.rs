//! Heap allocation counts of the RFC 3986 API, by a counting global allocator (the pattern
//! of `tests/alloc.rs`).
//!
//! - `parse_rfc3986` (Appendix B) keeps offsets into its input: 0 allocations;
//! - `resolve_rfc3986_into` into a `String` reserved to `max_resolved_len`: 0 allocations,
//!   so the output always fits the bound (§5.2.4 never lengthens a path; the §5.2.3 merge
//!   adds at most the one `/` of a base with an authority and an empty path);
//! - `resolve_rfc3986` (parse both, then resolve) allocates its output once: exactly 1
//!   allocation, counted from before the call, parsing included.
//!
//! Checked on every §5.4 example, on long inputs, and on 10 000 generated pairs.
//!
//! The allocator is `tests/support/counting_alloc.rs`.

use crate::common;
use crate::counting_alloc;

use common::{base_rfc3986, url_rfc3986};
use counting_alloc::allocations;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

/// The §5.4 rows of `tests/data/rfc3986_examples.json` as `(base, reference, expected)`,
/// read before any counting.
fn examples() -> Vec<(String, String, String)> {
    let rows = common::triples("rfc3986_examples.json", "examples");
    assert!(rows.len() >= 42, "23 normal and 19 abnormal examples");
    rows
}

/// Long inputs and the shapes the merge treats apart, with their expected targets.
fn long_rows() -> Vec<(String, String, String)> {
    let base = "http://a/b/c/d;p?q".to_string();
    vec![
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
    ]
}

fn all_rows() -> Vec<(String, String, String)> {
    let mut rows = examples();
    rows.extend(long_rows());
    rows
}

#[test]
fn parse_rfc3986_allocates_nothing() {
    for (base, reference, expected) in &all_rows() {
        for url in [base, reference, expected] {
            let (parsed, n) = allocations(|| relurl::rfc3986::parse(url).map(|u| (u.scheme().len(), u.path().len())));
            assert!(parsed.is_ok());
            assert_eq!(n, 0, "parse_rfc3986({url:.40})");
        }
    }
}

/// Checks one pair: 0 allocations to parse, 0 to resolve into a reserved string, 1 for
/// `resolve_rfc3986`, and the two give the same target.
fn check_pair(base: &str, reference: &str) -> String {
    let ((b, r), n) = allocations(|| (relurl::rfc3986::parse(base).unwrap(), relurl::rfc3986::parse(reference).unwrap()));
    assert_eq!(n, 0, "parse_rfc3986 of {base:?} and {reference:.40}");
    let bound = relurl::max_resolved_len(&b, &r);
    let mut out = String::with_capacity(bound);
    let ((), n) = allocations(|| relurl::rfc3986::resolve_into(&b, &r, &mut out));
    assert_eq!(n, 0, "resolve_rfc3986_into {base:?} + {reference:.40} -> {out:.40} (bound {bound})");
    assert!(out.len() <= bound);
    let (resolved, n) = allocations(|| relurl::rfc3986::resolve(base, reference).unwrap());
    assert_eq!(n, 1, "resolve_rfc3986 {base:?} + {reference:.40} -> {resolved:.40}");
    assert_eq!(resolved, out);
    out
}

#[test]
fn resolve_rfc3986_into_reserved_string_allocates_nothing_and_resolve_once() {
    for (base, reference, expected) in &all_rows() {
        assert_eq!(&check_pair(base, reference), expected, "{base:?} + {reference:.40}");
    }
}

/// A `String` reused across calls, reserved to the bound each time: no allocation once
/// the first reservation is made.
#[test]
fn resolve_rfc3986_into_reused_string_allocates_nothing() {
    let rows = all_rows();
    let mut out = String::new();
    for (base, reference, expected) in &rows {
        let (b, r) = (relurl::rfc3986::parse(base).unwrap(), relurl::rfc3986::parse(reference).unwrap());
        out.clear();
        out.reserve(relurl::max_resolved_len(&b, &r));
        let ((), n) = allocations(|| relurl::rfc3986::resolve_into(&b, &r, &mut out));
        assert_eq!(n, 0, "{base:?} + {reference:.40}");
        assert_eq!(&out, expected);
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// The same counts on generated pairs (the generators of `tests/rfc3986_literal.rs`).
    #[test]
    fn generated_pairs_fit_the_bound(base in base_rfc3986(), reference in url_rfc3986()) {
        check_pair(&base, &reference);
    }
}
