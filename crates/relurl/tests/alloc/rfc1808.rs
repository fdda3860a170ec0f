//! Heap allocation counts of the public API, by a counting global allocator.
//!
//! - `parse` (RFC 1808 §2.4) keeps offsets into its input: 0 allocations;
//! - `validate` (the §2.2 BNF) on valid input: 0 allocations;
//! - `resolve_parsed` (§4 steps 1–7) allocates its output once, with room for the longest
//!   possible result: exactly 1 allocation (no reallocation), for every §5 example and for
//!   10 000 `../` segments (§4 step 6 as a segment stack in the output string);
//! - `resolve_into` into a `String` reserved to `max_resolved_len`: 0 allocations.
//!
//! The allocator is `tests/support/counting_alloc.rs`.

use crate::common;
use crate::counting_alloc;

use counting_alloc::allocations;

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

#[test]
fn parse_allocates_nothing() {
    let urls = long_urls();
    for url in &urls {
        let (parsed, n) = allocations(|| relurl::parse(url).map(|u| (u.scheme().len(), u.path().len())));
        assert!(parsed.is_ok());
        assert_eq!(n, 0, "parse({url:.40})");
    }
}

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

/// The §5 rows and the documented choices, read and parsed before any counting.
fn table() -> Vec<(String, String)> {
    let mut rows = Vec::new();
    for key in ["examples", "choices"] {
        rows.extend(common::examples("rfc1808_examples.json", key).into_iter().map(|e| (e.base, e.reference)));
    }
    assert!(rows.len() >= 39);
    rows
}

#[test]
fn resolve_parsed_allocates_exactly_once() {
    let mut rows = table();
    rows.push(("http://a/b/c/d;p?q#f".to_string(), format!("{}g", "../".repeat(10_000))));
    for (base, reference) in &rows {
        let (b, r) = (relurl::parse(base).unwrap(), relurl::parse(reference).unwrap());
        let (resolved, n) = allocations(|| relurl::resolve_parsed(&b, &r));
        assert_eq!(n, 1, "{base:?} + {reference:.40} -> {resolved:.40}");
    }
}

#[test]
fn resolve_into_reserved_string_allocates_nothing() {
    let mut rows = table();
    rows.push(("http://a/b/c/d;p?q#f".to_string(), format!("{}g", "../".repeat(10_000))));
    let mut out = String::new();
    for (base, reference) in &rows {
        let (b, r) = (relurl::parse(base).unwrap(), relurl::parse(reference).unwrap());
        out.clear();
        out.reserve(relurl::max_resolved_len(&b, &r));
        let ((), n) = allocations(|| relurl::resolve_into(&b, &r, &mut out));
        assert_eq!(n, 0, "{base:?} + {reference:.40}");
        assert_eq!(out, relurl::resolve(base, reference).unwrap());
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
