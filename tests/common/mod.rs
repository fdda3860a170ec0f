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

