//! `WhatwgUrl::join_into` (with its fast path) against the full state machine
//! (`WhatwgUrl::parse_with_base`): the same href, or both an error (and `out` untouched),
//! for every input of the WPT data against its own base and a set of bases, and for a list
//! of tricky references.

use relurl::whatwg::WhatwgUrl;
use serde_json::Value;

const BASES: &[&str] = &[
    "http://example.com/a/b/c?q#f",
    "https://user:pw@example.org:8443/dir/page.html?x=1",
    "http://a/",
    "http://a",
    "https://EXAMPLE.com/%2e/x/",
    "ftp://h/a/b",
    "ws://h:80/",
    "file:///C:/dir/file",
    "sc://host/a/b",
    "mailto:x@y",
];

const TRICKY: &[&str] = &[
    "",
    "#",
    "?",
    "/",
    "//",
    "///",
    "//h",
    "//H.Example.COM/x",
    "//h:80/x",
    "//h:0080/x",
    "//h:65536/x",
    "//h:/x",
    "//1.2.3.4/",
    "//a.1/",
    "//a.0x/",
    "//a.09./",
    "//u@h/",
    "//h_x/",
    "//xn--a/",
    "http://h",
    "http:/h",
    "http:h",
    "HTTP://H/",
    "https://h?q#f",
    "ws://h:80",
    "wss://h:443/a",
    "ftp://h:21/../x",
    "file:///x",
    "foo:bar",
    "a:b",
    "a/b:c",
    "./a:b",
    "..",
    "../",
    "../..",
    "../../../x",
    ".",
    "./",
    "./.",
    "a/./b/../c",
    "a/../../b",
    "a/..",
    "a/.",
    "a//b",
    "%2e/x",
    "%2E%2e/x",
    ".%2e",
    "%2x",
    "a%20b",
    "a b",
    " a",
    "a\tb",
    "a\\b",
    "a|b",
    "c:/x",
    "C|/x",
    "a?b?c#d#e",
    "?a'b",
    "#a'b",
    "a^b",
    "a{b}",
    "é",
    "/a/b/../../..",
    "//h/a/../../b/./c/..",
    "//h?x",
    "//h#x",
    "?#",
    "#?",
    "//h:00000000000080/x",
    "//h:0/x",
    "//h:65535/x",
    "//h:99999999999/x",
    "//h:8a/x",
    "//h:80?q",
    "//h:#x",
    "//h:1:2/",
    "HtTpS://H:443/x",
    "hTTp:/x",
    "https:h",
    "httpx://h/",
    "http//h/",
    "http://a.B1/",
    "http://a.1./",
    "http://a../",
    "http://0x/",
    "http://a.0X1/",
    "http://a/.well-known/x",
    "http://a/b/.././c?d#e",
    "https://a/b%2E/c",
    "https://a/b?%2e",
    "JavaScript:void(0)",
    "data:,",
    "data:text/html,<b>",
    "about:",
    "x:?q#f",
    "x:/y",
    "x://h/y",
    "FILE:x",
    "file:x",
    "hTtP:x",
    "tel:+1-2",
    "mailto:a@b?subject=%2E",
    " http://h/a ",
    "\u{0}\u{1f}/a\u{7f}",
    "\n/a\t",
    " \t a",
    "   ",
];

fn check(base: &WhatwgUrl, reference: &str, wrong: &mut Vec<String>) {
    let expected = WhatwgUrl::parse_with_base(reference, Some(base)).map(|url| url.as_str().to_owned());
    let mut out = String::from("<");
    let got = base.join_into(reference, &mut out).map(|()| out.get(1..).unwrap_or("").to_owned());
    let agree = match (&expected, &got) {
        (Ok(e), Ok(g)) => e == g,
        (Err(e), Err(g)) => e == g && out == "<",
        _ => false,
    };
    if !agree {
        wrong.push(format!("{base} + {reference:?}: join_into {got:?}, parser {expected:?}"));
    }
}

#[test]
fn join_into_equals_the_parser() {
    let data = crate::files::test_data_json("whatwg/urltestdata.json");
    let cases: Vec<&Value> = data.as_array().expect("a list").iter().filter(|row| row.is_object()).collect();
    let bases: Vec<WhatwgUrl> = BASES.iter().map(|b| WhatwgUrl::parse(b).expect("a base")).collect();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let input = case["input"].as_str().expect("input");
        if let Some(base) = case["base"].as_str().and_then(|b| WhatwgUrl::parse(b).ok()) {
            check(&base, input, &mut wrong);
            checked += 1;
        }
        for base in &bases {
            check(base, input, &mut wrong);
            checked += 1;
        }
    }
    for reference in TRICKY {
        for base in &bases {
            check(base, reference, &mut wrong);
            checked += 1;
        }
    }
    assert!(checked > 9000, "only {checked} checked");
    assert!(wrong.is_empty(), "{} disagree:\n{}", wrong.len(), wrong.join("\n"));
}
