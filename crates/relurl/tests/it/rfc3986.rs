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
        let got = relurl::rfc3986::resolve(base, reference).unwrap();
        let b = relurl::rfc3986::parse(base).unwrap();
        let r = relurl::rfc3986::parse(reference).unwrap();
        assert_eq!(got, relurl::rfc3986::resolve_parsed(&b, &r));
        let mut via_spec = String::new();
        let any_base = relurl::AnyUrl::parse_owned(base.as_str(), relurl::Spec::Rfc3986).unwrap();
        any_base.resolve_into(&relurl::AnyUrl::parse_owned(reference.as_str(), relurl::Spec::Rfc3986).unwrap(), &mut via_spec);
        assert_eq!(got, via_spec);
        assert_eq!(got, relurl::resolve_by_spec(base, reference, relurl::Spec::Rfc3986).unwrap());
        if &got != expected {
            failures.push(format!("{reference:?}: got {got:?}, expected {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn undefined_and_empty_components_differ() {
    let base = "http://a/b/c/d;p?q#f";
    assert_eq!(relurl::rfc3986::resolve(base, "?").unwrap(), "http://a/b/c/d;p?");
    assert_eq!(relurl::rfc3986::resolve(base, "#").unwrap(), "http://a/b/c/d;p?q#");
    assert_eq!(relurl::rfc3986::resolve(base, "").unwrap(), "http://a/b/c/d;p?q");
    assert_eq!(relurl::rfc3986::resolve("http://a/b?", "#s").unwrap(), "http://a/b?#s");
    assert_eq!(relurl::rfc3986::resolve("http://a", "g").unwrap(), "http://a/g");
    assert_eq!(relurl::rfc3986::resolve("http://a", "").unwrap(), "http://a");
    // Dot segments are removed from absolute references and absolute paths too (§5.2.2).
    assert_eq!(relurl::rfc3986::resolve(base, "http://x/y/../z/./w").unwrap(), "http://x/z/w");
    assert_eq!(relurl::rfc3986::resolve(base, "//x/../y").unwrap(), "http://x/y");
    // A rootless base path (no authority): §5.2.4 rule C keeps the '/' after a removed first segment.
    assert_eq!(relurl::rfc3986::resolve("s:a/b", "../c").unwrap(), "s:/c");
    assert_eq!(relurl::rfc3986::resolve("s:a", "g").unwrap(), "s:g");
}

#[test]
fn appendix_b_parse() {
    let u = relurl::rfc3986::parse("http://a?b/c;d?e#f#g").unwrap();
    assert!(u.check_invariants());
    let got = (u.scheme(), u.netloc(), u.path(), u.params(), u.query(), u.fragment());
    assert_eq!(got, ("http", "a", "", "", "b/c;d?e", "f#g"));
    let v = relurl::rfc3986::parse("a b:c").unwrap();
    assert_eq!((v.scheme(), v.path()), ("a b", "c"), "Appendix B takes any scheme characters");
    assert_eq!(relurl::rfc3986::parse("x?#").unwrap().to_string(), "x?#");
    assert_eq!(relurl::parse("x?#").unwrap().to_string(), "x");
}

#[test]
fn spec_names() {
    assert_eq!("rfc1808".parse::<relurl::Spec>(), Ok(relurl::Spec::Rfc1808));
    assert_eq!("rfc3986".parse::<relurl::Spec>(), Ok(relurl::Spec::Rfc3986));
    let err = "RFC3986".parse::<relurl::Spec>().unwrap_err();
    assert_eq!(err.to_string(), "spec must be 'rfc1808' or 'rfc3986', not \"RFC3986\"");
}
