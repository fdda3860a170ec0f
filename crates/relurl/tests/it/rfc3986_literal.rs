//! A literal, test-only oracle for RFC 3986 §5.2 (strict), checked against
//! `relurl::rfc3986::resolve` and `relurl::rfc3986::parse`.
//!
//! The oracle shares no code with the crate and does each step as the RFC words it:
//! - parse: the Appendix B regular expression
//!   `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, matched by hand with
//!   `str::find`; a component is *defined* (`Some`) when its delimiter is present (§5.2.1),
//!   the path is always defined;
//! - §5.2.2: the transform pseudocode, strict (a reference with a scheme is absolute);
//! - §5.2.3: merge;
//! - §5.2.4: `remove_dot_segments` with two string buffers, rules A–E tried in order on
//!   each turn of the loop, the input buffer edited at its front (quadratic, on purpose);
//! - §5.3: recomposition.
//!
//! The crate does §5.2.4 as a segment stack written into the output string
//! (`src/common/segments.rs`), which §5.2.4 allows ("two segment stacks rather than strings");
//! this file checks the two agree, including the rootless quirks of rule C (`a/..` gives
//! `/`) and the paths §5.2.2 gives without `remove_dot_segments` (an empty reference path
//! takes the base path as it is).

use crate::common;

use common::{base_rfc3986, path_rfc3986, url_rfc3986};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

/// The five components of §3, as Appendix B finds them: `None` is *undefined*.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Components {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

/// Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, left to right.
///
/// Each group is greedy and the next one starts where it stopped; an optional group that
/// cannot match is skipped. (`.` in `(.*)` is taken to match every character: the RFC's
/// regex is for a URI reference, which has no line breaks.)
fn parse(uri: &str) -> Components {
    let mut rest = uri;
    // $1 = (([^:/?#]+):)? : a non-empty run of characters other than ":/?#", then ':'.
    let run_end = rest.find([':', '/', '?', '#']);
    let scheme = match run_end {
        Some(i) if i > 0 && rest[i..].starts_with(':') => {
            let scheme = rest[..i].to_string();
            rest = &rest[i + 1..];
            Some(scheme)
        }
        _ => None,
    };
    // $3 = (//([^/?#]*))? : "//" then a run of characters other than "/?#".
    let authority = rest.strip_prefix("//").map(|after| {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        rest = &after[end..];
        after[..end].to_string()
    });
    // $5 = ([^?#]*) : always matches, possibly empty.
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let path = rest[..end].to_string();
    rest = &rest[end..];
    // $6 = (\?([^#]*))?
    let query = rest.strip_prefix('?').map(|after| {
        let end = after.find('#').unwrap_or(after.len());
        rest = &after[end..];
        after[..end].to_string()
    });
    // $8 = (#(.*))?
    let fragment = rest.strip_prefix('#').map(|after| {
        rest = "";
        after.to_string()
    });
    assert!(rest.is_empty(), "Appendix B matches the whole of {uri:?}");
    Components { scheme, authority, path, query, fragment }
}

/// The §5.2.4 rule applied on one turn of the loop, for the traces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    A,
    B,
    C,
    D,
    E,
}

/// §5.2.4 step 2C: "remove the last segment and its preceding "/" (if any) from the output
/// buffer". The last segment is what follows the rightmost '/', or the whole buffer.
fn remove_last_segment(output: &mut String) {
    match output.rfind('/') {
        Some(slash) => output.truncate(slash),
        None => output.clear(),
    }
}

/// §5.2.4, with the state of both buffers after each turn of the loop.
fn remove_dot_segments_traced(path: &str) -> (String, Vec<(Rule, String, String)>) {
    // 1. The input buffer holds the path; the output buffer is empty.
    let mut input = path.to_string();
    let mut output = String::new();
    let mut trace = Vec::new();
    // 2. While the input buffer is not empty, loop:
    while !input.is_empty() {
        let rule = if input.starts_with("../") {
            // A. a prefix "../" or "./" is removed;
            input.replace_range(..3, "");
            Rule::A
        } else if input.starts_with("./") {
            input.replace_range(..2, "");
            Rule::A
        } else if input.starts_with("/./") {
            // B. a prefix "/./" or "/." ("." a complete segment) is replaced by "/";
            input.replace_range(..3, "/");
            Rule::B
        } else if input == "/." {
            input.replace_range(..2, "/");
            Rule::B
        } else if input.starts_with("/../") {
            // C. a prefix "/../" or "/.." (".." a complete segment) is replaced by "/", and
            //    the last segment and its preceding "/" (if any) leave the output buffer;
            input.replace_range(..4, "/");
            remove_last_segment(&mut output);
            Rule::C
        } else if input == "/.." {
            input.replace_range(..3, "/");
            remove_last_segment(&mut output);
            Rule::C
        } else if input == "." || input == ".." {
            // D. an input buffer of only "." or ".." is emptied;
            input.clear();
            Rule::D
        } else {
            // E. the first segment, with its initial "/" if any, up to (not including) the
            //    next "/" or the end, moves to the end of the output buffer.
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |i| from + i);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
            Rule::E
        };
        trace.push((rule, output.clone(), input.clone()));
    }
    // 3. The output buffer is the result.
    (output, trace)
}

fn remove_dot_segments(path: &str) -> String {
    remove_dot_segments_traced(path).0
}

/// §5.2.3.
fn merge(base: &Components, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{reference_path}")
    } else {
        let kept = base.path.rfind('/').map_or("", |slash| &base.path[..=slash]);
        format!("{kept}{reference_path}")
    }
}

/// §5.2.2, strict, word for word.
fn transform(base: &Components, r: &Components) -> Components {
    let mut t = Components::default();
    if r.scheme.is_some() {
        t.scheme.clone_from(&r.scheme);
        t.authority.clone_from(&r.authority);
        t.path = remove_dot_segments(&r.path);
        t.query.clone_from(&r.query);
    } else {
        if r.authority.is_some() {
            t.authority.clone_from(&r.authority);
            t.path = remove_dot_segments(&r.path);
            t.query.clone_from(&r.query);
        } else {
            if r.path.is_empty() {
                t.path.clone_from(&base.path);
                if r.query.is_some() {
                    t.query.clone_from(&r.query);
                } else {
                    t.query.clone_from(&base.query);
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = merge(base, &r.path);
                    t.path = remove_dot_segments(&t.path);
                }
                t.query.clone_from(&r.query);
            }
            t.authority.clone_from(&base.authority);
        }
        t.scheme.clone_from(&base.scheme);
    }
    t.fragment.clone_from(&r.fragment);
    t
}

/// §5.3.
fn recompose(c: &Components) -> String {
    let mut result = String::new();
    if let Some(scheme) = &c.scheme {
        result += scheme;
        result += ":";
    }
    if let Some(authority) = &c.authority {
        result += "//";
        result += authority;
    }
    result += &c.path;
    if let Some(query) = &c.query {
        result += "?";
        result += query;
    }
    if let Some(fragment) = &c.fragment {
        result += "#";
        result += fragment;
    }
    result
}

/// The target URI of `reference` against `base`.
fn resolve_literal(base: &str, reference: &str) -> String {
    recompose(&transform(&parse(base), &parse(reference)))
}

/// The crate's `remove_dot_segments`, reached through a reference with a scheme
/// (§5.2.2: `T.path = remove_dot_segments(R.path)`): `s:<path>`, and also `s://h<path>`
/// for a path that starts with '/' (the only way to give a path beginning "//", which
/// after `s:` alone would read as an authority). `path` must not hold '?' or '#'.
fn crate_remove_dot_segments(path: &str) -> String {
    assert!(!path.contains(['?', '#']));
    let through = |prefix: &str| {
        let target = relurl::rfc3986::resolve("b:", &format!("{prefix}{path}")).unwrap();
        target.strip_prefix(prefix).expect("the reference's scheme and authority").to_string()
    };
    let rootless = (!path.starts_with("//")).then(|| through("s:"));
    let rooted = path.starts_with('/').then(|| through("s://h"));
    match (rootless, rooted) {
        (Some(a), Some(b)) => {
            assert_eq!(a, b, "{path:?} with and without an authority");
            a
        }
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => unreachable!("a path starting with \"//\" starts with '/'"),
    }
}

const BASE: &str = "http://a/b/c/d;p?q";

/// §5.4.1, transcribed from the RFC text.
const NORMAL: [(&str, &str); 23] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// §5.4.2, transcribed from the RFC text ("http:g" as a strict parser resolves it).
const ABNORMAL: [(&str, &str); 19] = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

/// `(section, base, reference, expected)` rows of `tests/data/rfc3986_examples.json`.
fn json_examples() -> Vec<(String, String, String, String)> {
    let rows = common::quadruples("rfc3986_examples.json", "examples");
    assert!(rows.iter().all(|row| row.1 == BASE), "every row has the RFC's base");
    rows
}

#[test]
fn oracle_gives_the_section_5_4_examples() {
    for (reference, expected) in NORMAL.iter().chain(&ABNORMAL) {
        assert_eq!(resolve_literal(BASE, reference), *expected, "oracle: {reference:?}");
        assert_eq!(relurl::rfc3986::resolve(BASE, reference).unwrap(), *expected, "crate: {reference:?}");
    }
}

/// The shared data file holds the same 23 + 19 rows as the RFC text above.
#[test]
fn data_file_matches_the_rfc_text() {
    let rows = json_examples();
    let pick = |section: &str| -> Vec<(String, String)> {
        rows.iter()
            .filter(|row| row.0 == section)
            .inspect(|row| assert_eq!(row.1, BASE))
            .map(|row| (row.2.clone(), row.3.clone()))
            .collect()
    };
    let owned = |table: &[(&str, &str)]| -> Vec<(String, String)> { table.iter().map(|&(r, e)| (r.to_owned(), e.to_owned())).collect() };
    assert_eq!(pick("5.4.1"), owned(&NORMAL));
    assert_eq!(pick("5.4.2"), owned(&ABNORMAL));
    for (_, base, reference, expected) in &rows {
        assert_eq!(&resolve_literal(base, reference), expected, "oracle: {base:?} + {reference:?}");
    }
}

/// The two traces of §5.2.4, step by step.
#[test]
fn oracle_follows_the_section_5_2_4_traces() {
    use Rule::{B, C, E};
    let (result, trace) = remove_dot_segments_traced("/a/b/c/./../../g");
    let expected = [
        (E, "/a", "/b/c/./../../g"),
        (E, "/a/b", "/c/./../../g"),
        (E, "/a/b/c", "/./../../g"),
        (B, "/a/b/c", "/../../g"),
        (C, "/a/b", "/../g"),
        (C, "/a", "/g"),
        (E, "/a/g", ""),
    ];
    let expected: Vec<_> = expected.iter().map(|&(r, o, i)| (r, o.to_string(), i.to_string())).collect();
    assert_eq!((result.as_str(), trace), ("/a/g", expected));

    let (result, trace) = remove_dot_segments_traced("mid/content=5/../6");
    let expected = [(E, "mid", "/content=5/../6"), (E, "mid/content=5", "/../6"), (C, "mid", "/6"), (E, "mid/6", "")];
    let expected: Vec<_> = expected.iter().map(|&(r, o, i)| (r, o.to_string(), i.to_string())).collect();
    assert_eq!((result.as_str(), trace), ("mid/6", expected));
}

/// `remove_dot_segments` on its own, the oracle and the crate, including what rules A–E do
/// to a rootless path: rule C leaves a '/' where the first segment was.
#[test]
fn remove_dot_segments_cases() {
    let cases = [
        ("/a/b/c/./../../g", "/a/g"),
        ("mid/content=5/../6", "mid/6"),
        ("a/..", "/"),
        ("a/../b", "/b"),
        ("a/b/../../c", "/c"),
        ("../a", "a"),
        (".", ""),
        ("..", ""),
        ("a//..", "a/"),
        ("/..", "/"),
        ("/a/..", "/"),
        ("", ""),
        ("/", "/"),
        ("./", ""),
        ("../", ""),
        ("../..", ""),
        ("./../a", "a"),
        (".././a", "a"),
        ("a/../../b", "/b"),
        ("a/b/../../..", "/"),
        ("a/./b", "a/b"),
        ("a/.", "a/"),
        ("a/..b/../c", "a/c"),
        ("a//../b", "a/b"),
        ("/a/..//b", "//b"),
        ("//a/../b", "//b"),
        ("//..", "/"),
        ("/./", "/"),
        ("/.", "/"),
        ("/.a", "/.a"),
        ("/..a/..", "/"),
        ("%2e/%2e%2e", "%2e/%2e%2e"),
        ("é/../é", "/é"),
        ("...", "..."),
        ("a;b/../c", "/c"),
    ];
    for (path, expected) in cases {
        assert_eq!(remove_dot_segments(path), expected, "oracle: {path:?}");
        assert_eq!(crate_remove_dot_segments(path), expected, "crate: {path:?}");
    }
}

/// A few resolutions outside §5.4 that exercise definedness and the merge.
#[test]
fn oracle_and_crate_on_edge_cases() {
    let cases = [
        ("http://a/b/c/d;p?q#f", "?", "http://a/b/c/d;p?"),
        ("http://a/b/c/d;p?q#f", "#", "http://a/b/c/d;p?q#"),
        ("http://a/b?", "#s", "http://a/b?#s"),
        ("http://a", "g", "http://a/g"),
        ("http://a", "", "http://a"),
        ("http://a", "..", "http://a/"),
        ("http://a?q", "?", "http://a?"),
        ("s:a/b", "../c", "s:/c"),
        ("s:a", "g", "s:g"),
        ("s:a", "x/..", "s:/"),
        ("s:a", "..", "s:"),
        ("s:/a/b/../c", "", "s:/a/b/../c"),
        ("s:/a/b/../c", "#f", "s:/a/b/../c#f"),
        ("s:", "g", "s:g"),
        ("", "a/../b", "/b"),
        ("//h", "g", "//h/g"),
        ("http://a/b/c/d;p?q", "http://x/y/../z/./w", "http://x/z/w"),
        ("http://a/b/c/d;p?q", "//x/../y", "http://x/y"),
        ("http://a/b/c/d;p?q", "s:a/..", "s:/"),
        ("http://a/b/c/d;p?q", "s:.", "s:"),
        ("http://a/b/c/d;p?q", "s://", "s://"),
        ("a b:c", "d", "a b:d"),
    ];
    for (base, reference, expected) in cases {
        assert_eq!(resolve_literal(base, reference), expected, "oracle: {base:?} + {reference:?}");
        assert_eq!(relurl::rfc3986::resolve(base, reference).unwrap(), expected, "crate: {base:?} + {reference:?}");
    }
}

#[test]
fn oracle_parses_like_appendix_b() {
    let c = parse("http://www.ics.uci.edu/pub/ietf/uri/#Related");
    let expected = Components {
        scheme: Some("http".into()),
        authority: Some("www.ics.uci.edu".into()),
        path: "/pub/ietf/uri/".into(),
        query: None,
        fragment: Some("Related".into()),
    };
    assert_eq!(c, expected);
    let c = parse("http://a?b/c;d?e#f#g");
    assert_eq!(
        (c.scheme.as_deref(), c.authority.as_deref(), c.path.as_str(), c.query.as_deref(), c.fragment.as_deref()),
        (Some("http"), Some("a"), "", Some("b/c;d?e"), Some("f#g"))
    );
    assert_eq!(parse(":a").scheme, None, "the scheme is one or more characters");
    assert_eq!(parse("a/b:c").scheme, None);
    assert_eq!(
        parse("x?#"),
        Components { path: "x".into(), query: Some(String::new()), fragment: Some(String::new()), ..Components::default() }
    );
    assert_eq!(parse("//"), Components { authority: Some(String::new()), ..Components::default() });
}

/// Checks a `relurl::Url` parsed with `rfc3986::parse` against the oracle's Appendix B parse.
fn assert_components_match(input: &str) -> Result<(), TestCaseError> {
    let url = relurl::rfc3986::parse(input).unwrap();
    let c = parse(input);
    prop_assert!(url.check_invariants(), "{:?}", input);
    prop_assert_eq!(url.to_string(), input, "§5.3 recomposition of {:?}", input);
    let got = (
        url.has_scheme().then(|| url.scheme().to_string()),
        url.has_netloc().then(|| url.netloc().to_string()),
        url.path().to_string(),
        url.has_query_delimiter().then(|| url.query().to_string()),
        url.has_fragment_delimiter().then(|| url.fragment().to_string()),
    );
    prop_assert_eq!(got, (c.scheme.clone(), c.authority.clone(), c.path.clone(), c.query.clone(), c.fragment.clone()), "{:?}", input);
    // The `_if_defined` accessors say the same.
    prop_assert_eq!(url.netloc_if_defined(), c.authority.as_deref());
    prop_assert_eq!(url.query_if_defined(), c.query.as_deref());
    prop_assert_eq!(url.fragment_if_defined(), c.fragment.as_deref());
    // RFC 3986 has no params: ';' stays in the path.
    prop_assert!(!url.has_params_delimiter() && url.params().is_empty());
    prop_assert!(url.recombines_losslessly());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// The crate's segment stack gives what the two-buffer algorithm gives, through every
    /// entry point.
    #[test]
    fn crate_matches_the_literal_oracle(base in base_rfc3986(), reference in url_rfc3986()) {
        let expected = resolve_literal(&base, &reference);
        let got = relurl::rfc3986::resolve(&base, &reference).unwrap();
        prop_assert_eq!(&got, &expected, "base {:?}, reference {:?}", base, reference);
        let (b, r) = (relurl::rfc3986::parse(&base).unwrap(), relurl::rfc3986::parse(&reference).unwrap());
        let mut into = String::from("prefix:");
        relurl::rfc3986::resolve_into(&b, &r, &mut into);
        prop_assert_eq!(into.strip_prefix("prefix:"), Some(expected.as_str()), "rfc3986::resolve_into appends");
        prop_assert_eq!(&relurl::rfc3986::resolve_parsed(&b, &r), &expected, "rfc3986::resolve_parsed");
        let any_base = relurl::AnyUrl::parse_owned(base.as_str(), relurl::Spec::Rfc3986).unwrap();
        prop_assert_eq!(&any_base.join(&reference).unwrap(), &expected, "AnyUrl::join");
        prop_assert!(got.len() <= relurl::max_resolved_len(&b, &r));
    }

    /// `remove_dot_segments` alone, on paths dense in dot segments.
    #[test]
    fn remove_dot_segments_matches_the_oracle(path in path_rfc3986()) {
        prop_assert_eq!(crate_remove_dot_segments(&path), remove_dot_segments(&path), "{:?}", path);
    }

    /// Appendix B: the crate's offsets give the oracle's components, with definedness, and
    /// §5.3 recomposes the input exactly.
    #[test]
    fn parse_matches_appendix_b(input in url_rfc3986()) {
        assert_components_match(&input)?;
    }

    /// The same, on bases (`http://a…`, `s:…`).
    #[test]
    fn parse_matches_appendix_b_on_bases(input in base_rfc3986()) {
        assert_components_match(&input)?;
    }

    /// When `unchanged` says the reference is its own target, it is.
    #[test]
    fn unchanged_reference_is_the_target(base in base_rfc3986(), reference in url_rfc3986()) {
        let (b, r) = (relurl::rfc3986::parse(&base).unwrap(), relurl::rfc3986::parse(&reference).unwrap());
        let target = resolve_literal(&base, &reference);
        match relurl::rfc3986::unchanged(&b, &r) {
            Some(relurl::Unchanged::Reference) => prop_assert_eq!(&target, &reference, "base {:?}", base),
            Some(relurl::Unchanged::Base) => prop_assert_eq!(&target, &base, "reference {:?}", reference),
            None => {}
        }
    }

    /// `unchanged` on references with a scheme, which are the ones it can accept.
    #[test]
    fn unchanged_reference_with_scheme_is_the_target(base in base_rfc3986(), path in path_rfc3986(), tail in url_rfc3986()) {
        let reference = format!("s:{path}{tail}");
        let (b, r) = (relurl::rfc3986::parse(&base).unwrap(), relurl::rfc3986::parse(&reference).unwrap());
        let target = resolve_literal(&base, &reference);
        if relurl::rfc3986::unchanged(&b, &r) == Some(relurl::Unchanged::Reference) {
            prop_assert_eq!(&target, &reference);
        } else {
            prop_assert_eq!(relurl::rfc3986::unchanged(&b, &r), None);
        }
    }
}
