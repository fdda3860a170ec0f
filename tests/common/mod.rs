//! Generators shared by the property tests: URL-like strings built from the characters
//! RFC 1808 §2.4 and §4 give a meaning to.

use proptest::prelude::*;

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
const TOKENS_3986: &[&str] =
    &["/", ".", "..", "./", "../", ";", "?", "#", ":", "a", "b", "g", "//", "http:", "x:", "é", "%2e"];
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
