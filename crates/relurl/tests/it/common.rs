//! Generators shared by the property tests: URL-like strings built from the characters
//! RFC 1808 §2.4 and §4 give a meaning to.

#![allow(dead_code)] // each test crate uses a part of this module

use proptest::prelude::*;

/// One row of a resolution table of `tests/data/` (the tables pytest reads too).
#[derive(Debug, Clone)]
pub struct Example {
    /// The RFC section the row comes from (RFC 3986 tables only; else empty).
    pub section: String,
    pub base: String,
    pub reference: String,
    pub expected: String,
}

/// The rows under `key` of the JSON table `tests/data/{file}`.
pub fn examples(file: &str, key: &str) -> Vec<Example> {
    let data = crate::files::test_data_json(file);
    let field = |row: &serde_json::Value, k: &str| row[k].as_str().map(str::to_owned);
    data[key]
        .as_array()
        .unwrap_or_else(|| panic!("{file} has a list {key:?}"))
        .iter()
        .map(|row| Example {
            section: field(row, "section").unwrap_or_default(),
            base: field(row, "base").expect("a base"),
            reference: field(row, "reference").expect("a reference"),
            expected: field(row, "expected").expect("an expected result"),
        })
        .collect()
}

/// `(base, reference, expected)` of [`examples`].
pub fn triples(file: &str, key: &str) -> Vec<(String, String, String)> {
    examples(file, key).into_iter().map(|e| (e.base, e.reference, e.expected)).collect()
}

/// `(section, base, reference, expected)` of [`examples`].
pub fn quadruples(file: &str, key: &str) -> Vec<(String, String, String, String)> {
    examples(file, key).into_iter().map(|e| (e.section, e.base, e.reference, e.expected)).collect()
}

/// Tokens rich in the characters §2.4 and §4 step 6 give a meaning to.
const TOKENS: &[&str] = &["/", ".", "..", "./", "../", ";", "?", "#", ":", "a", "b", "g", "//", "http:", "x:", "é"];
/// Path characters only, so that more references reach step 6.
const PATH_TOKENS: &[&str] = &["/", ".", "..", "./", "../", "a", "b", "g", "//"];

pub fn url() -> impl Strategy<Value = String> {
    let tokens = prop_oneof![
        2 => proptest::sample::select(TOKENS),
        1 => proptest::sample::select(PATH_TOKENS),
    ];
    proptest::collection::vec(tokens, 0..12).prop_map(|tokens| tokens.concat())
}

pub fn base() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => Just("http://a/b/c/d;p?q#f".to_string()),
        1 => url().prop_map(|u| format!("http://a{u}")),
        4 => url(),
    ]
}

/// RFC 3986 tokens: the ones above plus `%2e`, an encoded `.` that §5.2.4 must not take for
/// a dot segment (§6.2.2.2 decoding is a normalization, not part of resolution).
const TOKENS_3986: &[&str] = &["/", ".", "..", "./", "../", ";", "?", "#", ":", "a", "b", "g", "//", "http:", "x:", "é", "%2e"];
/// Path characters only, for `remove_dot_segments` and the §5.2.3 merge.
const PATH_TOKENS_3986: &[&str] = &["/", ".", "..", "./", "../", "a", "b", "g", "//", ";", "é", "%2e"];

/// A URI reference for RFC 3986 (Appendix B parses every string).
#[allow(dead_code)]
pub fn url_rfc3986() -> impl Strategy<Value = String> {
    let tokens = prop_oneof![
        2 => proptest::sample::select(TOKENS_3986),
        1 => proptest::sample::select(PATH_TOKENS_3986),
    ];
    proptest::collection::vec(tokens, 0..12).prop_map(|tokens| tokens.concat())
}

/// A path made of path tokens only (no `?` or `#`).
#[allow(dead_code)]
pub fn path_rfc3986() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PATH_TOKENS_3986), 0..12).prop_map(|tokens| tokens.concat())
}

/// A base for RFC 3986: the §5.4 base, bases with an authority (possibly with an empty
/// path), rootless bases with a scheme (`s:a/b`), and anything at all.
#[allow(dead_code)]
pub fn base_rfc3986() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => Just("http://a/b/c/d;p?q".to_string()),
        1 => url_rfc3986().prop_map(|u| format!("http://a{u}")),
        1 => path_rfc3986().prop_map(|p| format!("s:{p}")),
        4 => url_rfc3986(),
    ]
}
