//! RFC 3986: the difference between undefined and empty components, Appendix B parsing, the
//! grammar names, and the run-time choice of grammar (`AnyUrl`); the §5.4 examples are
//! checked beside RFC 1808's §5 in `tables.rs`.

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
    assert_eq!("whatwg".parse::<relurl::Spec>(), Ok(relurl::Spec::Whatwg));
    let err = "RFC3986".parse::<relurl::Spec>().unwrap_err();
    assert_eq!(err.to_string(), "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not \"RFC3986\" (did you mean 'rfc3986'?)");
    let err = "url".parse::<relurl::Spec>().unwrap_err();
    assert_eq!(err.to_string(), "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not \"url\"");
}

/// A grammar chosen at run time: `AnyUrl` parses by the `Spec` it is given, reads as that
/// grammar's `Url` reads, and resolves by its own grammar; a reference parsed by the other
/// grammar is split again by the base's (the base's grammar decides).
#[test]
fn any_url_resolves_by_the_base_grammar() {
    use relurl::{AnyUrl, Spec, Unchanged};
    let text = "http://a?b/c;d?e#f";
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        let any = AnyUrl::parse_owned(text, spec).unwrap();
        assert_eq!((any.spec(), any.as_str(), *any.holder()), (spec, text, text));
        let got = [any.scheme(), any.netloc(), any.path(), any.params(), any.query(), any.fragment()];
        let want = match spec {
            Spec::Rfc1808 => ["http", "a?b", "/c", "d", "e", "f"],
            Spec::Rfc3986 | Spec::Whatwg => ["http", "a", "", "", "b/c;d?e", "f"],
        };
        assert_eq!(relurl::parse(text).unwrap().params(), "d");
        assert_eq!(got, want, "{spec}");
        assert_eq!((any.has_scheme(), any.has_netloc()), (true, true));
    }
    assert_eq!(AnyUrl::parse_owned("x?#", Spec::Rfc1808).unwrap().to_string(), "x");
    assert_eq!(AnyUrl::parse_owned("x?#", Spec::Rfc3986).unwrap().to_string(), "x?#");
    // The URL Standard: its text is the href; the components are read from it.
    let any = AnyUrl::parse_owned("HTTP://u:p@A:80/b/../c;d?e#f", Spec::Whatwg).unwrap();
    assert_eq!((any.spec(), any.as_str(), *any.holder()), (Spec::Whatwg, "http://u:p@a/c;d?e#f", "HTTP://u:p@A:80/b/../c;d?e#f"));
    let got = [any.scheme(), any.netloc(), any.path(), any.params(), any.query(), any.fragment()];
    assert_eq!(got, ["http", "u:p@a", "/c;d", "", "e", "f"]);
    assert_eq!(any.to_string(), "http://u:p@a/c;d?e#f");
    assert!(any.whatwg().is_some_and(|u| u.hostname() == "a"));
    assert_eq!(any.join("..\\g"), Ok("http://u:p@a/g".to_owned()));
    assert_eq!(any.join_into("http://x/", true, &mut String::new()).unwrap_err().kind(), relurl::ErrorKind::StrictUnavailable);
    assert_eq!(any.join("http://[/").unwrap_err().kind().name(), "ipv6_unclosed");
    // A result equal to the reference's text is the reference as given (the caller reuses it).
    let mut out = String::from("kept");
    assert_eq!(any.join_into("http://x/y", false, &mut out), Ok(Some(Unchanged::Reference)));
    assert_eq!(any.join_into("HTTP://x/y", false, &mut out), Ok(None));
    assert_eq!(out, "kepthttp://x/y");
    assert!(!AnyUrl::parse_owned("x?#", Spec::Rfc1808).unwrap().recombines_losslessly());

    let base = "http://a/b/c/d;p?q#f";
    let reference = "../../../g;x?";
    let (b1808, b3986) = (AnyUrl::parse_owned(base, Spec::Rfc1808).unwrap(), AnyUrl::parse_owned(base, Spec::Rfc3986).unwrap());
    let by_1808 = relurl::resolve(base, reference).unwrap();
    let by_3986 = relurl::rfc3986::resolve(base, reference).unwrap();
    assert_eq!((by_1808.as_str(), by_3986.as_str()), ("http://a/../g;x", "http://a/g;x?"));
    for (b, expected) in [(&b1808, &by_1808), (&b3986, &by_3986)] {
        assert_eq!(&b.join(reference).unwrap(), expected, "{} base", b.spec());
        let mut out = String::from("prefix:");
        assert_eq!(b.join_into(reference, false, &mut out), Ok(None));
        assert_eq!(out.strip_prefix("prefix:"), Some(expected.as_str()));
        assert!(expected.len() <= b.max_resolved_len(reference));
    }
    assert_eq!(relurl::resolve_by_spec(base, reference, Spec::Rfc1808).unwrap(), by_1808);
    assert_eq!(relurl::resolve_by_spec(base, reference, Spec::Rfc3986).unwrap(), by_3986);
    // `unchanged` by the base's grammar too: RFC 1808 step 2a gives the base for an empty
    // reference, RFC 3986 never does; an absolute reference with a dot segment is RFC 1808's
    // answer as given, not RFC 3986's.
    let empty_1808 = AnyUrl::parse_owned("", Spec::Rfc1808).unwrap();
    let empty_3986 = AnyUrl::parse_owned("", Spec::Rfc3986).unwrap();
    assert_eq!((b1808.unchanged(&empty_1808), b1808.unchanged(&empty_3986)), (Some(Unchanged::Base), Some(Unchanged::Base)));
    assert_eq!((b3986.unchanged(&empty_3986), b3986.unchanged(&empty_1808)), (None, None));
    let dotted = AnyUrl::parse_owned("s:/a/../b", Spec::Rfc3986).unwrap();
    assert_eq!((b1808.unchanged(&dotted), b3986.unchanged(&dotted)), (Some(Unchanged::Reference), None));
}

/// `Url::reparse` splits the same text by another grammar (or the same), `Url::by_ref`
/// borrows the holder; neither changes the offsets of the grammar they are read by.
#[test]
fn reparse_and_by_ref() {
    use relurl::{Rfc1808, Rfc3986, Url};
    let text = "http://a?b/c;d?e#f".to_string();
    let owned = Url::<String>::parse_owned(text.clone()).unwrap();
    assert_eq!(owned.spec(), relurl::Spec::Rfc1808);
    assert_eq!(owned.by_ref().offsets(), owned.offsets());
    assert_eq!(owned.reparse::<Rfc1808>().offsets(), owned.offsets());
    let as_3986 = owned.reparse::<Rfc3986>();
    assert_eq!(as_3986.offsets(), relurl::rfc3986::parse(&text).unwrap().offsets());
    assert_eq!((as_3986.netloc(), as_3986.query()), ("a", "b/c;d?e"));
    assert_eq!((owned.netloc(), owned.path(), owned.params()), ("a?b", "/c", "d"));
}
