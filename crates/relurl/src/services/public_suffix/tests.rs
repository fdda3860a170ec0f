//! The list's own test file (publicsuffix/list `tests/test_psl.txt`, pinned in
//! tests/data/public_suffix with its source) and the edges relurl decides.

use super::{MatchedRule, PublicSuffixList, RuleKind, Section, Sections};

/// `checkPublicSuffix(host, registered_domain)` lines of the test file.
fn cases() -> Vec<(Option<String>, Option<String>)> {
    let arg = |text: &str| -> Option<String> {
        let text = text.trim();
        (text != "null").then(|| text.trim_matches('\'').to_owned())
    };
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/public_suffix/test_psl.txt"))
        .lines()
        .filter_map(|line| line.strip_prefix("checkPublicSuffix(")?.strip_suffix(");"))
        .map(|args| {
            let (host, expected) = args.split_once(',').unwrap_or((args, "null"));
            (arg(host), arg(expected))
        })
        .collect()
}

#[test]
fn the_list_s_own_tests() {
    let list = PublicSuffixList::bundled();
    let cases = cases();
    assert_eq!(cases.len(), 78); // and 4 lines commented out in the file (".local")
    for (host, expected) in cases {
        let Some(host) = host else { continue }; // `null` input: no host, no answer
        assert_eq!(list.registered_domain(&host).unwrap().as_deref(), expected.as_deref(), "{host}");
    }
}

#[test]
fn suffixes_forms_and_edges() {
    let list = PublicSuffixList::bundled();
    let suffix = |host: &str| list.public_suffix(host).unwrap().map(std::borrow::Cow::into_owned);
    assert_eq!(suffix("www.Example.CO.uk").as_deref(), Some("co.uk"));
    assert_eq!(suffix("example.unlisted").as_deref(), Some("unlisted"));
    assert_eq!(suffix("a.b.c.mm").as_deref(), Some("c.mm"));
    assert_eq!(suffix("www.ck").as_deref(), Some("ck"));
    assert_eq!(suffix("食狮.xn--55qx5d.cn").as_deref(), Some("xn--55qx5d.cn"));
    // A final dot is dropped, as publicsuffixlist and tldextract drop it.
    assert_eq!(suffix("example.com.").as_deref(), Some("com"));
    assert_eq!(list.registered_domain("www.Example.com.").unwrap().as_deref(), Some("example.com"));
    assert_eq!(list.registered_domain("com.").unwrap(), None);
    for none in [
        "",
        ".",
        "..",
        "com..",
        "a..com",
        "a.com..",
        ".com",
        "127.0.0.1",
        "0x7f.1",
        "1.2.3.999",
        "[::1]",
        "::1",
        "fe80::1%eth0",
        "%31%32%37.0.0.1",
        "１２７.0.0.1",
        "①②⑦.0.0.1",
        "0x7F.0.0.1.",
        // Bad IPv4 addresses once ASCII, as `1.2.3.999`, `a.1`, `x.1.2.3.4` are.
        "１.２.３.９９９",
        "a.１",
        "x.１.２.３.４",
        "a.２１３０７０６４３３",
        "a.%31",
    ] {
        assert_eq!(suffix(none), None, "{none:?}");
    }
    assert_eq!(list.registered_domain("foo.blogspot.com").unwrap().as_deref(), Some("foo.blogspot.com"));
    assert_eq!(list.registered_domain_in("foo.blogspot.com", Sections::Icann).unwrap().as_deref(), Some("blogspot.com"));
    assert!(list.len() > 9000);
}

#[test]
fn a_host_is_lower_cased_whole() {
    // `Σ` is `ς` at a word's end, after a cased letter (the dot between labels skipped), else
    // `σ`: a label is lower-cased in its host, so the registered domain ends with the public
    // suffix, and both are the host lower-cased whole (Python's `str.lower()` too).
    let list = PublicSuffixList::bundled();
    for (host, suffix, domain) in [
        ("a.Σ", "ς", Some("a.ς")),
        ("Σ.Σ", "ς", Some("σ.ς")),
        ("Σ.a", "a", Some("σ.a")),
        ("x.ΣΑΣ.Kco", "kco", Some("σασ.kco")),
        ("b.a.Σ.", "ς", Some("a.ς")),
        ("Σ", "σ", None),
    ] {
        assert_eq!(list.public_suffix(host).unwrap().as_deref(), Some(suffix), "{host}");
        assert_eq!(list.registered_domain(host).unwrap().as_deref(), domain, "{host}");
    }
    for host in ["a.Σ", "-ⅰ.Σ.Kco", "Σ'.x.Σ", "ΑΣ.ΣΑ.b.gr", "x.Σ\u{301}.com", "ΣΣ.co.uk"] {
        let whole = host.to_lowercase();
        let whole = whole.strip_suffix('.').unwrap_or(&whole);
        let suffix = list.public_suffix(host).unwrap().unwrap();
        assert!(whole.ends_with(&*suffix), "{host}: {suffix}");
        if let Some(domain) = list.registered_domain(host).unwrap() {
            assert!(whole.ends_with(&*domain) && domain.ends_with(&format!(".{suffix}")), "{host}: {domain}");
        }
    }
}

#[test]
fn hostile_hosts_take_linear_time() {
    let list = PublicSuffixList::bundled();
    let many = "a.".repeat(1_000_000) + "co.uk";
    assert_eq!(list.registered_domain(&many).unwrap().as_deref(), Some("a.co.uk"));
    let long = "x".repeat(100_000) + ".com";
    assert_eq!(list.registered_domain(&long).unwrap().map(|d| d.len()), Some(100_004));
    let puny = format!("{}.xn--{}", "a", "b".repeat(100_000));
    assert!(list.public_suffix(&puny).unwrap().is_some());
    assert_eq!(list.public_suffix(&".".repeat(100_000)).unwrap(), None);
}

#[test]
fn lists_of_their_own() {
    let list = PublicSuffixList::from_text("uk\nco.uk\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nxn--85x722f.uk\n").unwrap();
    assert_eq!(list.len(), 5);
    assert_eq!(list.public_suffix("a.食狮.uk").unwrap().as_deref(), Some("食狮.uk"));
    assert_eq!(list.public_suffix_in("a.食狮.uk", Sections::Icann).unwrap().as_deref(), Some("uk"));
    assert_eq!(list.registered_domain("a.b.ck").unwrap().as_deref(), Some("a.b.ck"));
    assert!(PublicSuffixList::from_text("a..b").is_err());
    assert!(PublicSuffixList::from_text("").unwrap().is_empty());
}

#[test]
fn lookups_say_the_prevailing_rule() {
    let list = PublicSuffixList::bundled();
    let rule = |host: &str, sections| list.match_host(host, sections).unwrap().unwrap().rule();
    let plain = |section, labels| Some(MatchedRule { kind: RuleKind::Normal, section, labels });
    assert_eq!(rule("www.example.co.uk", Sections::All), plain(Section::Icann, 2));
    assert_eq!(rule("foo.blogspot.com", Sections::All), plain(Section::Private, 2));
    assert_eq!(rule("foo.blogspot.com", Sections::Icann), plain(Section::Icann, 1));
    assert_eq!(rule("a.b.c.mm", Sections::All), Some(MatchedRule { kind: RuleKind::Wildcard, section: Section::Icann, labels: 2 }));
    assert_eq!(rule("a.www.ck", Sections::All), Some(MatchedRule { kind: RuleKind::Exception, section: Section::Icann, labels: 2 }));
    // No rule: the implicit `*` rule.
    let unlisted = list.match_host("a.b.example", Sections::All).unwrap().unwrap();
    assert_eq!((unlisted.rule(), unlisted.suffix_labels(), unlisted.label_count()), (None, 1, 3));
    assert_eq!(unlisted.registered_domain().as_deref(), Some("b.example"));
    let suffix = list.match_host("blogspot.com.", Sections::All).unwrap().unwrap();
    assert!(suffix.is_public_suffix() && suffix.is_private());
    assert_eq!((suffix.public_suffix(), suffix.registered_domain()), ("blogspot.com".into(), None));
    assert!(list.match_host("127.0.0.1", Sections::All).unwrap().is_none());
}

#[test]
fn either_form_matches_either_form() {
    // A rule in Unicode, one in `xn--`, hosts in both forms and mixing them.
    let list = PublicSuffixList::from_text("cn\n公司.cn\nxn--fiqs8s\n*.XN--85X722F.xn--fiqs8s\n").unwrap();
    for (host, suffix) in [
        ("a.b.xn--55qx5d.cn", "xn--55qx5d.cn"),
        ("a.b.公司.cn", "公司.cn"),
        ("a.b.XN--55QX5D.CN", "xn--55qx5d.cn"),
        ("a.b.中国", "中国"),
        ("a.b.食狮.xn--fiqs8s", "b.食狮.xn--fiqs8s"),
        ("a.b.xn--85x722f.中国", "b.xn--85x722f.中国"),
        // Not the canonical Punycode of a rule's label: no match.
        ("a.b.xn--55qx5d-.cn", "cn"),
        ("a.b.xn--.cn", "cn"),
    ] {
        assert_eq!(list.public_suffix(host).unwrap().as_deref(), Some(suffix), "{host}");
    }
}

#[test]
fn rules_of_equal_length_and_exceptions() {
    let list = PublicSuffixList::from_text("*.a\n// ===BEGIN PRIVATE DOMAINS===\nb.a\n!c.a\n!x.c.a\n").unwrap();
    // `*.a` and `b.a` both match `z.b.a`: the plain rule names the suffix and its section.
    let b = list.match_host("z.b.a", Sections::All).unwrap().unwrap();
    assert_eq!((b.public_suffix(), b.rule().map(|r| (r.kind, r.section))), ("b.a".into(), Some((RuleKind::Normal, Section::Private))));
    assert_eq!(list.match_host("z.b.a", Sections::Icann).unwrap().unwrap().rule().map(|r| r.kind), Some(RuleKind::Wildcard));
    // Of two exception rules, the longest.
    assert_eq!(list.public_suffix("y.x.c.a").unwrap().as_deref(), Some("c.a"));
    assert_eq!(list.public_suffix("y.c.a").unwrap().as_deref(), Some("a"));
    assert_eq!(list.public_suffix_in("y.c.a", Sections::Icann).unwrap().as_deref(), Some("c.a"));
    assert_eq!(PublicSuffixList::from_text("com\n!com").unwrap_err().line, 2);
}

#[test]
fn the_registered_domain_s_label_wherever_the_walk_ended() {
    // The walk keeps the first KEPT_STARTS label starts: a rule of more labels than that
    // finds the registered domain's label by a scan back instead.
    let deep = (1..=10).map(|i| format!("l{i}")).collect::<Vec<_>>().join(".");
    let list = PublicSuffixList::from_text(&format!("{deep}\n*.w\n!x.y.w\ny.w\na.b\n")).unwrap();
    let cases = [
        (format!("z.q.{deep}"), Some(format!("q.{deep}"))),
        (format!("q.{deep}"), Some(format!("q.{deep}"))),
        (deep.clone(), None),
        ("l9.l10".to_owned(), Some("l9.l10".to_owned())),
        // The wildcard's label is where the walk ended; the domain's label is left of it.
        ("c.b.v.w".to_owned(), Some("b.v.w".to_owned())),
        ("v.w".to_owned(), None),
        // An exception: the domain's label is the rule's first, already read.
        ("p.x.y.w".to_owned(), Some("x.y.w".to_owned())),
        ("x.y.w".to_owned(), Some("x.y.w".to_owned())),
        ("p.z.y.w".to_owned(), Some("z.y.w".to_owned())),
        // Read past the suffix (`a` has no rule of its own, `b` does: the walk went on).
        ("q.a.b".to_owned(), Some("q.a.b".to_owned())),
        ("r.q.b".to_owned(), Some("q.b".to_owned())),
        ("a.b".to_owned(), None),
    ];
    for (host, domain) in cases {
        assert_eq!(list.registered_domain(&host).unwrap().map(std::borrow::Cow::into_owned), domain, "{host}");
        let found = list.match_host(&host, Sections::All).unwrap().unwrap();
        assert_eq!(found.is_public_suffix(), domain.is_none(), "{host}");
        assert_eq!(found.suffix_labels(), found.public_suffix().split('.').count(), "{host}");
    }
}

#[test]
fn a_text_that_is_not_a_host_name_is_an_error() {
    use crate::{ErrorKind, NotAHostHint};
    use NotAHostHint::{None as No, Port, Url};
    let list = PublicSuffixList::bundled();
    for (text, ch, at, hint) in [
        // The first character that is not a `:`, else the first `:`.
        ("http://www.example.com/", '/', 5, Url),
        ("www.example.com:8080", ':', 15, Port),
        ("http:www.example.com", ':', 4, Port),
        ("www.example.com/path", '/', 15, Url),
        ("www.example.com?q", '?', 15, Url),
        ("www.example.com#f", '#', 15, Url),
        ("user@www.example.com", '@', 4, Url),
        ("a\\b.com", '\\', 1, Url),
        (" www.example.com", ' ', 0, No),
        ("www.example.com ", ' ', 15, No),
        ("a b//c.com", ' ', 1, No),
        ("a\tb.com", '\t', 1, No),
        ("a\nb.com", '\n', 1, No),
        ("a\0b.com", '\0', 1, No),
        ("a\u{7f}b.com", '\u{7f}', 1, No),
        ("a<b.com", '<', 1, No),
        ("a>b.com", '>', 1, No),
        ("a^b.com", '^', 1, No),
        ("a|b.com", '|', 1, No),
        ("a]b.com", ']', 1, No),
        // Brackets hold an IPv6 address, or are not allowed; after one, a port.
        ("[::1", '[', 0, No),
        ("[a b]", '[', 0, No),
        ("[http://x/]", '[', 0, No),
        ("[]", '[', 0, No),
        ("[v1.]", '[', 0, No),
        ("[v.x]", '[', 0, No),
        ("[v1.x y]", '[', 0, No),
        ("[::1]:80", ':', 5, Port),
        ("[::1]x", '[', 0, No),
        // A zone of unreserved characters only (found by fuzzing: `?#` in it).
        ("[::5%a?#]:80", '[', 0, No),
        ("::5%a?", '?', 5, Url),
        // A `:` outside an IPv6 address.
        ("1:2:3", ':', 1, No),
        ("1:2:3:4:5:6:7:8:9", ':', 1, No),
        ("fe80::1%eth0:80", ':', 4, No),
        ("2001:db8::1/64", '/', 11, Url),
        ("食.例:8080", ':', 7, Port),
        // Beyond ASCII: white space, controls, and what UTS #46 maps to a forbidden one.
        ("example.com\u{ff1a}8080", '\u{ff1a}', 11, No),
        ("\u{a0}a.com", '\u{a0}', 0, No),
        ("a\u{3000}b.com", '\u{3000}', 1, No),
        ("a\u{85}b.com", '\u{85}', 1, No),
        ("a\u{ff0f}b.com", '\u{ff0f}', 1, No),
        // The first such character, whatever comes before or after: empty labels too.
        ("..a b", ' ', 3, No),
        ("é.a/", '/', 4, Url),
    ] {
        for sections in [Sections::All, Sections::Icann] {
            let error = list.match_host(text, sections).map(|m| m.is_some()).expect_err(text);
            assert_eq!((error.kind(), error.offset()), (ErrorKind::NotAHostName { ch, hint }, at), "{text:?}");
            assert_eq!(list.public_suffix_in(text, sections), Err(error));
            assert_eq!(list.registered_domain_in(text, sections), Err(error));
        }
    }
    let error = list.registered_domain("a.com:8080").unwrap_err();
    assert_eq!(error.to_string(), "':' is not allowed in a host name (a port? look up the host alone) (at byte 5)");
    let error = list.registered_domain("https://a.com/x").unwrap_err();
    assert_eq!(error.reason(), "'/' is not allowed in a host name (a URL? look up its host)");
    assert_eq!(list.registered_domain("a b.com").unwrap_err().reason(), "space is not allowed in a host name");
    assert_eq!(
        list.registered_domain("a\u{ff1a}b").unwrap_err().reason(),
        "non-ASCII character '\u{ff1a}' (U+FF1A) is not allowed in a host name"
    );
    // Characters no host name forbids (the URL Standard's host parser takes them in a domain,
    // or they are rare but allowed), IDNs, and IP addresses with a `:` or brackets: answers.
    for (host, domain) in [
        ("a!$&'()*+,;=b.example.com", Some("example.com")),
        ("a_b.example.com", Some("example.com")),
        ("a{}~`.example.com", Some("example.com")),
        ("a\"b.com", Some("a\"b.com")),
        ("A.EXAMPLE.COM", Some("example.com")),
        ("www.食狮.公司.cn", Some("食狮.公司.cn")),
        ("ÉCOLE.fr", Some("école.fr")),
        ("::1", None),
        ("[::1]", None),
        ("fe80::1%eth0", None),
        ("[fe80::1%25eth0]", None),
        ("::ffff:1.2.3.4", None),
        ("[v1.x]", None),
        ("[V1F.a:b~]", None),
        ("%31%32%37.0.0.1", None),
    ] {
        assert_eq!(list.registered_domain(host).unwrap().as_deref(), domain, "{host:?}");
    }
}
