//! RFC 1808 §2.4 parsing and the §2.2 check (the §5 examples and the documented choices
//! are checked beside RFC 3986's in `tables.rs`).

#[test]
fn parse_splits_in_rfc_order() {
    let cases: &[(&str, [&str; 6])] = &[
        ("http://a/b/c/d;p?q#f", ["http", "a", "/b/c/d", "p", "q", "f"]),
        ("g;x?y#s", ["", "", "g", "x", "y", "s"]),
        ("//g", ["", "g", "", "", "", ""]),
        ("http:g", ["http", "", "g", "", "", ""]),
        ("#s/./x", ["", "", "", "", "", "s/./x"]),
        ("g#a#b", ["", "", "g", "", "", "a#b"]),
        ("g?a?b;c", ["", "", "g", "", "a?b;c", ""]),
        ("g;a;b?c", ["", "", "g", "a;b", "c", ""]),
        ("//a;b?c/d;e", ["", "a;b?c", "/d", "e", "", ""]),
        ("1+2.3-4:x", ["1+2.3-4", "", "x", "", "", ""]),
        (":x", ["", "", ":x", "", "", ""]),
        ("./this:that", ["", "", "./this:that", "", "", ""]),
        ("a#b:c", ["", "", "a", "", "", "b:c"]),
        ("", ["", "", "", "", "", ""]),
        ("héllo://wörld/ü", ["", "", "héllo://wörld/ü", "", "", ""]),
        ("h://wörld/ü;ä?ö#ß", ["h", "wörld", "/ü", "ä", "ö", "ß"]),
    ];
    for (input, want) in cases {
        let u = relurl::parse(input).unwrap();
        assert!(u.check_invariants(), "{input}");
        let got = [u.scheme(), u.netloc(), u.path(), u.params(), u.query(), u.fragment()];
        assert_eq!(&got, want, "{input}");
    }
}

#[test]
fn parse_remembers_delimiters() {
    let u = relurl::parse("file:///x;?#").unwrap();
    assert!(u.has_netloc() && u.netloc().is_empty());
    assert!(u.has_params_delimiter() && u.has_query_delimiter() && u.has_fragment_delimiter());
    assert!(!u.recombines_losslessly());
    assert_eq!(u.to_string(), "file:///x");
    let v = relurl::parse("http://a/b;p?q#f").unwrap();
    assert!(v.recombines_losslessly());
    assert_eq!(v.to_string(), "http://a/b;p?q#f");
}

#[test]
fn validate_reports_first_offender() {
    let ok = ["http://a/b/c/d;p?q#f", "http://a//b", "g;x?y#s", "", "/", "//", "mailto:x@y", "g%20h", "ftp://a/b;type=d", "news:a/b//c"];
    for u in ok {
        assert!(relurl::validate(u).is_ok(), "{u}: {:?}", relurl::validate(u));
    }
    let bad: &[(&str, usize, &str)] = &[
        ("http://a/b c", 10, "space is not allowed in a path"),
        ("http://a/b%2x", 10, "'%' not followed by two hex digits in a path"),
        ("http://a/b%2", 10, "'%' not followed by two hex digits in a path"),
        ("http://a b/", 8, "space is not allowed in a net_loc"),
        ("g?a b", 3, "space is not allowed in a query"),
        ("g#a#b", 3, "'#' is not allowed in a fragment"),
        ("g;a b", 3, "space is not allowed in a params"),
        ("//a//b", 4, "a path cannot begin with an empty segment ('//' after the net_loc)"),
        ("a\0b", 1, "NUL (U+0000) is not allowed in a path"),
        ("a\u{7f}", 1, "control character U+007F is not allowed in a path"),
        ("/é", 1, "non-ASCII character 'é' (U+00E9) is not allowed in a path"),
        ("~user", 0, "'~' is not allowed in a path"),
    ];
    for (u, index, reason) in bad {
        let err = relurl::validate(u).unwrap_err();
        assert_eq!((err.offset(), err.reason().as_str()), (*index, *reason), "{u}");
    }
    // Every character before the first offender is ASCII, so byte and character indexes agree.
    let err = relurl::validate("/aé").unwrap_err();
    assert_eq!((err.offset(), err.char_index("/aé")), (2, 2));
}
