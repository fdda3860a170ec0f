//! Target `whatwg`: relurl's URL Standard parser (`relurl::whatwg`) against two independent
//! implementations of the same Standard, ada (the C++ parser, through the `ada-url` crate)
//! and the `url` crate (Servo's).
//!
//! Input: `base NUL reference` as in the resolve targets (lossy UTF-8; the reference may
//! hold further NULs, which are data); without a NUL, the whole input is a reference
//! against RFC 3986 §5.4's base `http://a/b/c/d;p?q`.

use std::collections::{HashMap, HashSet};
use std::fs::OpenOptions;
use std::io::Write;
use std::panic;
use std::sync::Mutex;

use relurl::whatwg::{self, WhatwgUrl};

use crate::common::{split, RFC3986_BASE};

/// Where the cases that ada and `url` answer differently are listed (one line each, the
/// first time this process sees them): `fuzz/work/disagreements.txt`, git-ignored, or the
/// file named by `RELURL_FUZZ_DISAGREEMENTS`.
pub const DISAGREEMENTS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/work/disagreements.txt");

/// At most this many disagreements are written per process (the fuzzer finds the same
/// difference in many shapes; the first ones are enough to read).
const MAX_LISTED: usize = 2_000;

/// At most this many per class of disagreement (see `list_disagreement`).
const PER_CLASS: usize = 20;

/// The href of a join, or `None` for failure.
type Answer = Option<String>;

/// Target `whatwg`: `base NUL reference`, parsed by the URL Standard's basic URL parser
/// (§4.4) with the base URL `base` parsed first.
///
/// - no entry point of `relurl::whatwg` panics: `parse` of both inputs, `parse_with_base`
///   with and without a base, `join`, `join_into`, `resolve`, every getter and `origin`;
/// - `join_into` (appending to a non-empty buffer, left alone on failure), `join`,
///   `parse_with_base` and `resolve` give the same answer;
/// - a URL relurl returns serializes to an href that parses to itself (§4.5 and §4.4: the
///   serializer writes what the parser reads back as the same URL, by design of the
///   Standard since its `/.` path prefix; WPT has no case where it does not);
/// - the answer (the href, or failure) is ada's and the `url` crate's when those two agree;
///   when they disagree (or `url` panics: `servo_join`) the case is only listed
///   ([`DISAGREEMENTS_FILE`]), not a failure.
pub fn check_whatwg(data: &[u8]) {
    let (base, reference) = split(data, RFC3986_BASE);
    let (base, reference): (&str, &str) = (&base, &reference);
    let ctx = |what: &str| format!("WHATWG: {base:?} + {reference:?}: {what}");

    let parsed_base = WhatwgUrl::parse(base);
    if let Ok(b) = &parsed_base {
        check_url(b, base);
    }
    if let Ok(r) = WhatwgUrl::parse(reference) {
        check_url(&r, reference);
    }
    let without_base = WhatwgUrl::parse_with_base(reference, None);
    assert_eq!(without_base, WhatwgUrl::parse(reference), "{}", ctx("parse_with_base(None) is not parse"));

    let joined: Answer = match &parsed_base {
        Ok(b) => {
            let joined = b.join(reference);
            assert_eq!(WhatwgUrl::parse_with_base(reference, Some(b)), joined, "{}", ctx("parse_with_base is not join"));
            let mut out = String::from("prefix");
            let into = b.join_into(reference, &mut out);
            match &joined {
                Ok(url) => {
                    assert!(into.is_ok(), "{}", ctx(&format!("join_into fails ({into:?}) where join gives {:?}", url.href())));
                    assert_eq!(&out["prefix".len()..], url.href(), "{}", ctx("join_into is not join"));
                    check_url(url, reference);
                }
                Err(e) => {
                    assert!(into.is_err(), "{}", ctx(&format!("join_into gives {out:?} where join fails ({e:?})")));
                    assert_eq!(out, "prefix", "{}", ctx("join_into wrote to the buffer and failed"));
                }
            }
            joined.ok().map(String::from)
        }
        Err(_) => None,
    };
    assert_eq!(whatwg::resolve(base, reference).ok(), joined, "{}", ctx("resolve is not join"));

    let ada: Answer = ada_url::Url::parse(reference, Some(base)).ok().map(|u| u.href().to_owned());
    match servo_join(base, reference) {
        Some(servo) if servo == ada && !(ada.is_none() && joined.is_some() && newer_unicode(base, reference)) => {
            assert_eq!(joined, ada, "{}", ctx("relurl differs from ada and url, which agree"));
        }
        Some(servo) => list_disagreement(base, reference, &joined, &ada, &servo, false),
        None => list_disagreement(base, reference, &joined, &ada, &None, true),
    }
}

/// Whether `base` or `reference` holds a code point that ada refuses as a host on its own
/// (`http://c/`) and relurl accepts: one assigned in a newer Unicode version than ada's
/// IDNA tables know (relurl's domain to ASCII is the `idna` crate's, on ICU4X's data: U+058B
/// is a letter since Unicode 17). ada's failure there is the age of its tables; when `url`
/// fails too it is for another reason (`url` 2.5.8 fails `///host/` against a special base:
/// WPT's `///test`, where the Standard and ada give `http://test/`), so the case is listed,
/// not a finding.
fn newer_unicode(base: &str, reference: &str) -> bool {
    base.chars().chain(reference.chars()).filter(|c| !c.is_ascii()).any(|c| {
        let host = format!("http://{c}/");
        ada_url::Url::parse(&host, None).is_err() && WhatwgUrl::parse(&host).is_ok()
    })
}

/// `url::Url::parse(base)?.join(reference)`, or `None` when the `url` crate panics: its own
/// `debug_assert!`s are on in a fuzz build (`-Cdebug-assertions`), and one fails on
/// `file:/\u{FFFD}//C:?b/a` + `..` (url 2.5.8, `parser.rs:1321`, `segment_start - 1` is not a
/// `/`). A bug of the oracle is no finding in relurl: the panic is caught, with a silent panic
/// hook for the call (libFuzzer's hook would abort the process before unwinding), and the
/// case is listed.
fn servo_join(base: &str, reference: &str) -> Option<Answer> {
    static HOOK: Mutex<()> = Mutex::new(());
    let _serial = HOOK.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let answer = panic::catch_unwind(|| url::Url::parse(base).and_then(|b| b.join(reference)).ok().map(String::from));
    panic::set_hook(hook);
    answer.ok()
}

/// Every getter and the origin of `url` (parsed from `input`), and its href read back.
fn check_url(url: &WhatwgUrl, input: &str) {
    let href = url.href();
    assert_eq!(url.as_str(), href);
    assert_eq!(url.to_string(), href);
    // The getters slice the href: each is a piece of it, in order.
    let pieces = [url.protocol(), url.username(), url.password(), url.host(), url.hostname(), url.port(), url.pathname()];
    for piece in pieces {
        assert!(href.contains(piece), "{input:?}: the getter value {piece:?} is not in the href {href:?}");
    }
    assert!(url.protocol().ends_with(':') && url.protocol()[..url.protocol().len() - 1] == *url.scheme());
    assert_eq!(url.search().is_empty(), url.query().is_none_or(str::is_empty), "{input:?}: search {:?}", url.search());
    assert_eq!(url.hash().is_empty(), url.fragment().is_none_or(str::is_empty), "{input:?}: hash {:?}", url.hash());
    assert_eq!(url.port().parse::<u16>().ok(), url.port_number(), "{input:?}: port {:?}", url.port());
    let _ = (url.authority(), url.has_host(), url.has_opaque_path());
    let origin = url.origin();
    assert!(origin == "null" || origin.contains("://"), "{input:?}: origin {origin:?}");

    let again = WhatwgUrl::parse(href).unwrap_or_else(|e| panic!("{input:?}: the href {href:?} does not parse: {e:?}"));
    assert_eq!(again.href(), href, "{input:?}: the href {href:?} reads back as {:?}", again.href());
    assert_eq!(&again, url, "{input:?}: the href {href:?} reads back with other components");
}

/// The cases listed so far (base, reference) and how many of each class.
type Seen = (HashSet<(String, String)>, HashMap<String, usize>);

/// Appends a case where ada and `url` disagree to [`DISAGREEMENTS_FILE`], the first time this
/// process sees it, and at most [`PER_CLASS`] per class (which of the three agree, which
/// failed, the base's special scheme or none), so that the fuzzer's many variants of one
/// difference leave room for the others.
fn list_disagreement(base: &str, reference: &str, relurl: &Answer, ada: &Answer, servo: &Answer, servo_panicked: bool) {
    static SEEN: Mutex<Option<Seen>> = Mutex::new(None);
    let agrees = if servo_panicked && relurl == ada {
        "ada (url panicked)"
    } else if servo_panicked {
        "neither (url panicked)"
    } else if relurl == ada {
        "ada"
    } else if relurl == servo {
        "url"
    } else {
        "neither"
    };
    // The base's scheme when it is special (§4.1), else only whether it is a URL.
    let base_kind = match WhatwgUrl::parse(base) {
        Ok(b) if matches!(b.scheme(), "http" | "https" | "ws" | "wss" | "ftp" | "file") => b.scheme().to_owned(),
        Ok(_) => "non-special".to_owned(),
        Err(_) => "not a URL".to_owned(),
    };
    let class = format!("relurl={agrees} ada_fails={} url_fails={} base={base_kind}", ada.is_none(), servo.is_none() && !servo_panicked);
    let mut seen = SEEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (inputs, classes) = seen.get_or_insert_with(Default::default);
    let in_class = classes.entry(class.clone()).or_insert(0);
    if inputs.len() >= MAX_LISTED || *in_class >= PER_CLASS || !inputs.insert((base.to_owned(), reference.to_owned())) {
        return;
    }
    *in_class += 1;
    let servo = if servo_panicked { "panic".to_owned() } else { format!("{servo:?}") };
    let line = format!("{class}\tbase={base:?}\treference={reference:?}\trelurl={relurl:?}\tada={ada:?}\turl={servo}\n");
    let path = std::env::var("RELURL_FUZZ_DISAGREEMENTS").unwrap_or_else(|_| DISAGREEMENTS_FILE.to_owned());
    if let Some(dir) = std::path::Path::new(&path).parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Ok(mut file) = OpenOptions::new().create(true).append(true).open(&path) {
        let _ = file.write_all(line.as_bytes());
    }
}
