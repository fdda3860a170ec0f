//! RFC 3986 §5.4 examples, from the table pytest reads too; and RFC 1808 §5 still holds
//! beside them (tests/rfc1808.rs).

use crate::common;

fn examples() -> Vec<(String, String, String, String)> {
    common::quadruples("rfc3986_examples.json", "examples")
}

#[test]
fn section_5_4_examples_hold() {
    let rows = examples();
    assert_eq!(rows.iter().filter(|r| r.0 == "5.4.1").count(), 23);
    assert_eq!(rows.iter().filter(|r| r.0 == "5.4.2").count(), 19);
    let mut failures = Vec::new();
    for (_, base, reference, expected) in &rows {
        let got = relurl::resolve_rfc3986(base, reference).unwrap();
        let b = relurl::parse_rfc3986(base).unwrap();
        let r = relurl::parse_rfc3986(reference).unwrap();
        let mut via_spec = String::new();
        relurl::resolve_by_spec_into(&b, &r, &mut via_spec);
        assert_eq!(got, via_spec);
        if &got != expected {
            failures.push(format!("{reference:?}: got {got:?}, expected {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn undefined_and_empty_components_differ() {
    let base = "http://a/b/c/d;p?q#f";
    assert_eq!(relurl::resolve_rfc3986(base, "?").unwrap(), "http://a/b/c/d;p?");
    assert_eq!(relurl::resolve_rfc3986(base, "#").unwrap(), "http://a/b/c/d;p?q#");
    assert_eq!(relurl::resolve_rfc3986(base, "").unwrap(), "http://a/b/c/d;p?q");
    assert_eq!(relurl::resolve_rfc3986("http://a/b?", "#s").unwrap(), "http://a/b?#s");
    assert_eq!(relurl::resolve_rfc3986("http://a", "g").unwrap(), "http://a/g");
    assert_eq!(relurl::resolve_rfc3986("http://a", "").unwrap(), "http://a");
    // Dot segments are removed from absolute references and absolute paths too (§5.2.2).
    assert_eq!(relurl::resolve_rfc3986(base, "http://x/y/../z/./w").unwrap(), "http://x/z/w");
    assert_eq!(relurl::resolve_rfc3986(base, "//x/../y").unwrap(), "http://x/y");
    // A rootless base path (no authority): §5.2.4 rule C keeps the '/' after a removed first segment.
    assert_eq!(relurl::resolve_rfc3986("s:a/b", "../c").unwrap(), "s:/c");
    assert_eq!(relurl::resolve_rfc3986("s:a", "g").unwrap(), "s:g");
}

#[test]
fn appendix_b_parse() {
    let u = relurl::parse_rfc3986("http://a?b/c;d?e#f#g").unwrap();
    assert!(u.check_invariants());
    let got = (u.scheme(), u.netloc(), u.path(), u.params(), u.query(), u.fragment());
    assert_eq!(got, ("http", "a", "", "", "b/c;d?e", "f#g"));
    let v = relurl::parse_rfc3986("a b:c").unwrap();
    assert_eq!((v.scheme(), v.path()), ("a b", "c"), "Appendix B takes any scheme characters");
    assert_eq!(relurl::parse_rfc3986("x?#").unwrap().to_string(), "x?#");
    assert_eq!(relurl::parse("x?#").unwrap().to_string(), "x");
}

#[test]
fn spec_names() {
    assert_eq!("rfc1808".parse::<relurl::Spec>(), Ok(relurl::Spec::Rfc1808));
    assert_eq!("rfc3986".parse::<relurl::Spec>(), Ok(relurl::Spec::Rfc3986));
    let err = "RFC3986".parse::<relurl::Spec>().unwrap_err();
    assert_eq!(err.to_string(), "spec must be 'rfc1808' or 'rfc3986', not \"RFC3986\"");
}
