//! The list's own test file (`test_psl.txt`, publicsuffix/list `tests/test_psl.txt`; see
//! SOURCE.md) and the edges relurl decides.

use super::{PublicSuffixList, Sections};

/// `checkPublicSuffix(host, registered_domain)` lines of the test file.
fn cases() -> Vec<(Option<String>, Option<String>)> {
    let arg = |text: &str| -> Option<String> {
        let text = text.trim();
        (text != "null").then(|| text.trim_matches('\'').to_owned())
    };
    include_str!("test_psl.txt")
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
        assert_eq!(list.registered_domain(&host).as_deref(), expected.as_deref(), "{host}");
    }
}

#[test]
fn suffixes_forms_and_edges() {
    let list = PublicSuffixList::bundled();
    let suffix = |host: &str| list.public_suffix(host).map(std::borrow::Cow::into_owned);
    assert_eq!(suffix("www.Example.CO.uk").as_deref(), Some("co.uk"));
    assert_eq!(suffix("example.unlisted").as_deref(), Some("unlisted"));
    assert_eq!(suffix("a.b.c.mm").as_deref(), Some("c.mm"));
    assert_eq!(suffix("www.ck").as_deref(), Some("ck"));
    assert_eq!(suffix("食狮.xn--55qx5d.cn").as_deref(), Some("xn--55qx5d.cn"));
    assert_eq!(suffix("example.com.").as_deref(), Some("com."));
    assert_eq!(list.registered_domain("www.example.com.").as_deref(), Some("example.com."));
    for none in [
        "",
        ".",
        "..",
        "a..com",
        ".com",
        "127.0.0.1",
        "0x7f.1",
        "1.2.3.999",
        "[::1]",
        "::1",
        "fe80::1%eth0",
        "%31%32%37.0.0.1",
        "１２７.0.0.1",
    ] {
        assert_eq!(suffix(none), None, "{none:?}");
    }
    assert_eq!(list.registered_domain("foo.blogspot.com").as_deref(), Some("foo.blogspot.com"));
    assert_eq!(list.registered_domain_in("foo.blogspot.com", Sections::Icann).as_deref(), Some("blogspot.com"));
    assert!(list.len() > 9000);
}

#[test]
fn hostile_hosts_take_linear_time() {
    let list = PublicSuffixList::bundled();
    let many = "a.".repeat(1_000_000) + "co.uk";
    assert_eq!(list.registered_domain(&many).as_deref(), Some("a.co.uk"));
    let long = "x".repeat(100_000) + ".com";
    assert_eq!(list.registered_domain(&long).map(|d| d.len()), Some(100_004));
    let puny = format!("{}.xn--{}", "a", "b".repeat(100_000));
    assert!(list.public_suffix(&puny).is_some());
    assert_eq!(list.public_suffix(&".".repeat(100_000)), None);
}

#[test]
fn lists_of_their_own() {
    let list = PublicSuffixList::from_text("uk\nco.uk\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nxn--85x722f.uk\n").unwrap();
    assert_eq!(list.len(), 5);
    assert_eq!(list.public_suffix("a.食狮.uk").as_deref(), Some("食狮.uk"));
    assert_eq!(list.public_suffix_in("a.食狮.uk", Sections::Icann).as_deref(), Some("uk"));
    assert_eq!(list.registered_domain("a.b.ck").as_deref(), Some("a.b.ck"));
    assert!(PublicSuffixList::from_text("a..b").is_err());
    assert!(PublicSuffixList::from_text("").unwrap().is_empty());
}
