//! A literal, test-only oracle for RFC 1808 §4, checked against `relurl::resolve`.
//!
//! The oracle shares no code with the crate. It parses by §2.4 with `str::find`, in the
//! RFC's order (§2.4.1 fragment, §2.4.2 scheme, §2.4.3 `net_loc`, §2.4.4 query, §2.4.5 params,
//! §2.4.6 path), and does §4 step 6 as the RFC words it, by string pattern removal (rules
//! a–d), on the path *without* its initial slash (§2.4.6: "the initial slash is not part of
//! the URL path"); the base's slash is put back afterwards. The crate does step 6 as a
//! segment stack (`src/common/segments.rs`), which §4 allows ("a pair of segment stacks being
//! merged"); this file checks the two agree.
//!
//! Where the RFC is silent the oracle takes the crate's documented choices
//! (`src/grammars/rfc1808/resolve.rs`, `src/common/segments.rs`, `src/common/recombine.rs`, `tests/data/rfc1808_examples.json`):
//! - step 1: an empty base *string* means the reference, recombined, is the answer;
//! - step 2a: "entirely empty" means the reference string is `""`;
//! - step 6: when the base has `//` but its path has no leading `/` and the merged path is
//!   non-empty, a `/` is put before it (§2.2 `net_path = "//" net_loc [ abs_path ]`);
//! - step 7: `scheme ":"` when the scheme is non-empty, `"//" net_loc` when `//` was present
//!   (even with an empty `net_loc`), the path, then `";" params`, `"?" query`, `"#" fragment`
//!   only when non-empty.

use crate::common;

use common::{base, url};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

/// The six components of §2.1, as the naive §2.4 parse finds them.
#[derive(Debug, Default)]
struct Parts {
    scheme: String,
    /// `None` when the URL has no `//`.
    netloc: Option<String>,
    /// The path with its initial slash, if any (§2.4.6).
    path: String,
    params: String,
    query: String,
    fragment: String,
}

fn is_scheme_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-')
}

/// §2.4: each rule removes its match from the "parse string" before the next one runs.
fn parse(url: &str) -> Parts {
    let mut s = url;
    let mut p = Parts::default();
    // §2.4.1: after the first '#'.
    if let Some(i) = s.find('#') {
        p.fragment = s[i + 1..].to_string();
        s = &s[..i];
    }
    // §2.4.2: a ':' after the first character and before any non-scheme character.
    if let Some(i) = s.find(':') {
        if i > 0 && s[..i].chars().all(is_scheme_char) {
            p.scheme = s[..i].to_string();
            s = &s[i + 1..];
        }
    }
    // §2.4.3: "//" then up to, not including, the next '/' (or the whole rest).
    if let Some(rest) = s.strip_prefix("//") {
        let end = rest.find('/').unwrap_or(rest.len());
        p.netloc = Some(rest[..end].to_string());
        s = &rest[end..];
    }
    // §2.4.4: after the first '?'.
    if let Some(i) = s.find('?') {
        p.query = s[i + 1..].to_string();
        s = &s[..i];
    }
    // §2.4.5: after the first ';'.
    if let Some(i) = s.find(';') {
        p.params = s[i + 1..].to_string();
        s = &s[..i];
    }
    // §2.4.6: what is left.
    p.path = s.to_string();
    p
}

/// §4 step 7, with the crate's choices: empty params, query and fragment are not written,
/// and a '/' separates a net_loc from a relative or empty path that something follows.
fn recombine(p: &Parts) -> String {
    let mut out = String::new();
    if !p.scheme.is_empty() {
        out += &p.scheme;
        out += ":";
    }
    if p.netloc.is_none() && p.path.starts_with("//") {
        out += "/."; // the crate's choice: keep a path beginning "//" from reading as a net_loc
    }
    if let Some(netloc) = &p.netloc {
        out += "//";
        out += netloc;
        let followed = !p.path.is_empty() || !p.params.is_empty() || !p.query.is_empty();
        if followed && !p.path.starts_with('/') {
            out += "/";
        }
    }
    out += &p.path;
    for (delimiter, value) in [(";", &p.params), ("?", &p.query), ("#", &p.fragment)] {
        if !value.is_empty() {
            out += delimiter;
            out += value;
        }
    }
    out
}

/// Whether `p[i..]` starts a complete path segment: at the start or right after a '/'.
fn at_segment_start(p: &str, i: usize) -> bool {
    i == 0 || p.as_bytes()[i - 1] == b'/'
}

/// §4 step 6 rules a–d, literally, on a path without its initial slash.
fn step6_rules(path: &str) -> String {
    let mut p = path.to_string();
    // a) All occurrences of "./", where "." is a complete path segment, are removed.
    //    (A removal leaves a '/' or the start before what followed, so removing them all at
    //    once or one by one is the same.)
    let mut kept = String::new();
    let mut i = 0;
    while i < p.len() {
        if at_segment_start(&p, i) && p[i..].starts_with("./") {
            i += 2;
        } else {
            let c = p[i..].chars().next().unwrap();
            kept.push(c);
            i += c.len_utf8();
        }
    }
    p = kept;
    // b) If the path ends with "." as a complete path segment, that "." is removed.
    if p.ends_with('.') && at_segment_start(&p, p.len() - 1) {
        p.pop();
    }
    // c) All occurrences of "<segment>/../", <segment> a complete segment not equal to "..",
    //    are removed, iteratively, the leftmost matching pattern on each iteration.
    'again: loop {
        for i in 0..=p.len() {
            if !p.is_char_boundary(i) || !at_segment_start(&p, i) {
                continue;
            }
            let Some(len) = p[i..].find('/') else { continue };
            let segment = &p[i..i + len];
            if segment != ".." && p[i + len..].starts_with("/../") {
                p.replace_range(i..i + len + 4, "");
                continue 'again;
            }
        }
        break;
    }
    // d) If the path ends with "<segment>/..", <segment> a complete segment not equal to
    //    "..", that "<segment>/.." is removed.
    if let Some(head) = p.strip_suffix("/..") {
        let start = head.rfind('/').map_or(0, |j| j + 1);
        if &head[start..] != ".." {
            p.truncate(start);
        }
    }
    p
}

/// RFC 1808 §4 steps 1 to 7, literally.
fn resolve_literal(base: &str, reference: &str) -> String {
    // Step 1: "interpreted as an absolute URL and we are done": the reference as it is.
    if base.is_empty() {
        return reference.to_string();
    }
    // Step 2.
    let b = parse(base);
    let mut r = parse(reference);
    // a) An entirely empty reference inherits the entire base.
    if reference.is_empty() {
        return base.to_string();
    }
    // b) A reference with a scheme is absolute: "we are done", it stays as it is.
    if !r.scheme.is_empty() {
        return reference.to_string();
    }
    // c) Otherwise the scheme is inherited.
    r.scheme.clone_from(&b.scheme);
    // Step 3.
    if r.netloc.as_deref().is_some_and(|n| !n.is_empty()) {
        return recombine(&r);
    }
    r.netloc.clone_from(&b.netloc);
    // Step 4.
    if r.path.starts_with('/') {
        return recombine(&r);
    }
    // Step 5.
    if r.path.is_empty() {
        r.path.clone_from(&b.path);
        if r.params.is_empty() {
            r.params.clone_from(&b.params);
            if r.query.is_empty() {
                r.query.clone_from(&b.query);
            }
        }
        return recombine(&r);
    }
    // Step 6, on the paths without their initial slash.
    let (base_slash, base_path) = match b.path.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, b.path.as_str()),
    };
    let kept_base = base_path.rfind('/').map_or("", |j| &base_path[..=j]);
    let mut merged = step6_rules(&format!("{kept_base}{}", r.path));
    // The crate's choice: with no net_loc, a path whose first segment is empty is written
    // with a "." segment before it, so that it cannot read back as a net_loc.
    // Likewise with neither scheme nor net_loc, a first segment that reads as a scheme.
    let scheme_like = |p: &str| p.find(':').is_some_and(|i| i > 0 && p[..i].chars().all(is_scheme_char));
    if r.netloc.is_none() && (merged.starts_with('/') || (b.scheme.is_empty() && !base_slash && scheme_like(&merged))) {
        merged.insert_str(0, "./");
    }
    let slash = base_slash || (r.netloc.is_some() && !merged.is_empty());
    r.path = format!("{}{merged}", if slash { "/" } else { "" });
    // Step 7.
    recombine(&r)
}

/// The RFC 1808 §5 table (and the documented choices) from `tests/data/rfc1808_examples.json`.
fn table(key: &str) -> Vec<(String, String, String)> {
    common::triples("rfc1808_examples.json", key)
}

#[test]
fn oracle_gives_the_section_5_examples() {
    let rows = table("examples");
    assert_eq!(rows.len(), 39);
    for (base, reference, expected) in rows {
        assert_eq!(resolve_literal(&base, &reference), expected, "{base:?} + {reference:?}");
    }
}

#[test]
fn oracle_gives_the_documented_choices() {
    for (base, reference, expected) in table("choices") {
        assert_eq!(resolve_literal(&base, &reference), expected, "{base:?} + {reference:?}");
    }
}

#[test]
fn oracle_rules_a_to_d() {
    let cases = [
        ("./././g", "g"),
        ("a/.", "a/"),
        (".", ""),
        ("..", ".."),
        ("a/..", ""),
        ("a/b/../..", ""),
        ("../a/../b", "../b"),
        ("a/../../b", "../b"),
        ("x//../y", "x/y"),
        ("/../g", "g"),
        ("a/.../..", "a/"),
        ("a./../b", "b"),
        ("a/..b/../c", "a/c"),
    ];
    for (path, want) in cases {
        assert_eq!(step6_rules(path), want, "{path:?}");
    }
}

/// A base with neither `//` nor a leading `/` and a merged path of one byte: step 6 gives
/// the path `g`, and step 7 writes it.
#[test]
fn one_byte_merged_path_without_slash() {
    for (base, reference, expected) in [("http:x", "g", "http:g"), ("a", "g", "g"), ("x", ":", ":")] {
        assert_eq!(resolve_literal(base, reference), expected);
        assert_eq!(relurl::resolve(base, reference).unwrap(), expected, "{base:?} + {reference:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// The crate's segment stack gives what the literal rules a–d give.
    #[test]
    fn crate_matches_the_literal_oracle(base in base(), reference in url()) {
        let got = relurl::resolve(&base, &reference).unwrap();
        prop_assert_eq!(got, resolve_literal(&base, &reference), "base {:?}, reference {:?}", base, reference);
    }
}
