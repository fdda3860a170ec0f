//! The URL Standard parser on hostile input: linear time on huge inputs (each case under
//! the deadline of `deadline::within_deadline`, so a quadratic regression fails instead of
//! hanging), and no panic on arbitrary strings, where `join_into` (fast path included) must
//! still agree with the state machine.

use crate::deadline::within_deadline;
use proptest::prelude::*;
use relurl::whatwg::{self, WhatwgUrl};

const N: usize = 200_000;

/// Parses `input` against `base` within the deadline; the href or the error's kind name.
fn timed(base: &'static str, input: String) -> Result<String, &'static str> {
    within_deadline("whatwg parse", move || whatwg::resolve(base, &input).map_err(|e| e.kind().name()))
}

#[test]
fn huge_inputs_take_linear_time() {
    let b = "http://a/b/c";
    assert_eq!(timed(b, format!("{}g", "../".repeat(N))).as_deref(), Ok("http://a/g"));
    assert_eq!(timed(b, format!("{}g", "%2e%2E/".repeat(N))).as_deref(), Ok("http://a/g"));
    assert_eq!(timed(b, format!("{}g", "x/../".repeat(N))).map(|s| s.len()), Ok("http://a/b/g".len()));
    assert_eq!(timed(b, "a/".repeat(N)).map(|s| s.len()), Ok("http://a/b/".len() + 2 * N));
    assert_eq!(timed(b, format!("{}g", "x\\..\\".repeat(N))).as_deref(), Ok("http://a/b/g"));
    assert_eq!(timed(b, format!("http://{}h/", "u@".repeat(N))).map(|s| s.len()), Ok("http://".len() + 4 * N - 3 + "@h/".len()));
    assert_eq!(timed(b, format!("http://{}@h/", ":".repeat(N))).map(|s| s.len()), Ok("http://:@h/".len() + 3 * (N - 1)));
    assert_eq!(timed(b, format!("http://[{}]/", "1:".repeat(N))), Err("ipv6_too_many_pieces"));
    assert_eq!(timed(b, format!("http://{}/", "1.".repeat(N))), Err("ipv4_too_many_parts"));
    assert_eq!(timed(b, format!("http://{}/", "a.".repeat(N))).map(|s| s.len()), Ok("http:///".len() + 2 * N));
    assert_eq!(timed(b, format!("http://h:{}80/", "0".repeat(N))).as_deref(), Ok("http://h/"));
    assert_eq!(timed(b, format!("?{}", "é".repeat(N))).map(|s| s.len()), Ok("http://a/b/c?".len() + 6 * N));
    assert_eq!(timed(b, format!("sc:{}x", " ".repeat(N))).map(|s| s.len()), Ok("sc:x".len() + N));
    assert_eq!(timed(b, format!("g{}h", "\t\n".repeat(N))).as_deref(), Ok("http://a/b/gh"));
    assert_eq!(timed(b, format!("{}g{}", " ".repeat(N), "\u{1}".repeat(N))).as_deref(), Ok("http://a/b/g"));
    assert_eq!(timed("file:///C:/x", "C|/..".repeat(N)).map(|s| s.len() > 8), Ok(true));
    assert_eq!(timed("file:///C:/x", format!("{}g", "../".repeat(N))).as_deref(), Ok("file:///C:/g"));
    assert_eq!(timed(b, format!("{}:", "a".repeat(N))).map(|s| s.len()), Ok(N + 1));
    assert_eq!(timed(b, format!("{}/", "a".repeat(N))).map(|s| s.len()), Ok("http://a/b/".len() + N + 1));
    assert_eq!(timed(b, format!("https://{}/", "üa.".repeat(N / 10))).map(|s| s.starts_with("https://xn--")), Ok(true));
}

fn reference() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a",
        "B",
        ".",
        "..",
        "/",
        "//",
        "\\",
        "%",
        "%2e",
        "%2E",
        "%41",
        "?",
        "#",
        ":",
        "@",
        "[",
        "]",
        "::",
        "1",
        "0x",
        "255",
        ".",
        " ",
        "\t",
        "\n",
        "\u{0}",
        "\u{1F}",
        "é",
        "ü",
        "\u{FFFD}",
        "|",
        "C:",
        "c|",
        "^",
        "'",
        "\"",
        "<",
        "{",
        "`",
        "http:",
        "https:",
        "HTTP:",
        "file:",
        "sc:",
        "data:",
        "localhost",
        "xn--",
        "%C2%AD",
        "8080",
        "-",
    ]);
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

const BASES: &[&str] =
    &["http://example.com/a/b/c?q#f", "https://h:8443/d/", "file:///C:/x/y", "sc://h/p/q", "sc:/p", "mailto:a@b", "ws://h"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn no_panic_and_join_into_agrees(input in reference(), base_index in 0..BASES.len()) {
        let base = WhatwgUrl::parse(BASES[base_index]).unwrap();
        let parsed = WhatwgUrl::parse_with_base(&input, Some(&base));
        let mut out = String::new();
        let joined = base.join_into(&input, &mut out).map(|()| out.clone());
        prop_assert_eq!(parsed.as_ref().map(WhatwgUrl::as_str).map_err(|e| *e), joined.as_deref().map_err(|e| *e));
        if let Ok(url) = parsed {
            // Every getter slices within the href.
            let pieces = [url.protocol(), url.username(), url.password(), url.host(), url.hostname(), url.port(), url.pathname(), url.search(), url.hash()];
            for piece in pieces {
                prop_assert!(url.href().contains(piece));
            }
            let _ = url.origin();
            // The href parses again, to itself.
            let again = WhatwgUrl::parse(url.href());
            prop_assert_eq!(again.as_ref().map(WhatwgUrl::as_str).ok(), Some(url.href()));
        }
        let _ = WhatwgUrl::parse(&input);
    }
}
