//! The surt twin (`relurl::surt`): surt 0.3.1's answers for inputs that each exercise one of
//! its rules, from `tests/data/surt_examples.json` (which `tests/test_surt.py` reads too, and
//! checks against the package itself, beside its differential tests).

use relurl::surt::{surt, surt_str, Canonicalizer, Options, SurtError};

fn key(url: &str, options: &Options) -> String {
    String::from_utf8(surt(url.as_bytes(), options).unwrap().into_owned()).unwrap()
}

/// A row's `options`, `surt.surt`'s keyword arguments, as the core's [`Options`] (named as
/// the bindings name them: the writer's options, `canonicalizer` and the IA canonicalizer's).
fn options(row: &serde_json::Value) -> Options {
    let mut options = Options::default();
    for (name, value) in row.as_object().unwrap_or_else(|| panic!("options are an object: {row}")) {
        if name == "canonicalizer" {
            options.canonicalizer = match value {
                serde_json::Value::Null => Canonicalizer::Default,
                serde_json::Value::String(s) if s == "default" => Canonicalizer::Default,
                serde_json::Value::String(s) if s == "google" => Canonicalizer::Google,
                serde_json::Value::String(s) if s == "ia" => Canonicalizer::Ia,
                other => panic!("canonicalizer {other}: not one of null, default, google, ia"),
            };
            continue;
        }
        let flag = value.as_bool().unwrap_or_else(|| panic!("{name}: {value} is not a boolean"));
        let ia = &mut options.ia;
        *match name.as_str() {
            "surt" => &mut options.surt,
            "with_scheme" => &mut options.with_scheme,
            "trailing_comma" => &mut options.trailing_comma,
            "reverse_ipaddr" => &mut options.reverse_ipaddr,
            "host_lowercase" => &mut ia.host_lowercase,
            "host_massage" => &mut ia.host_massage,
            "port_strip_default" => &mut ia.port_strip_default,
            "path_strip_empty" => &mut ia.path_strip_empty,
            "path_lowercase" => &mut ia.path_lowercase,
            "path_strip_session_id" => &mut ia.path_strip_session_id,
            "path_strip_trailing_slash_unless_empty" => &mut ia.path_strip_trailing_slash_unless_empty,
            "query_lowercase" => &mut ia.query_lowercase,
            "query_strip_session_id" => &mut ia.query_strip_session_id,
            "query_strip_empty" => &mut ia.query_strip_empty,
            "query_alpha_reorder" => &mut ia.query_alpha_reorder,
            _ => panic!("{name}: not an option of relurl::surt::Options"),
        } = flag;
    }
    options
}

#[test]
fn examples_table() {
    let data = crate::files::test_data_json("surt_examples.json");
    let rows = data["examples"].as_array().expect("a list \"examples\"");
    let mut failures = Vec::new();
    for row in rows {
        let url = row["url"].as_str().expect("a url");
        let expected = row["expected"].as_str().expect("an expected key");
        let options = options(&row["options"]);
        let got = key(url, &options);
        assert_eq!(surt_str(url, &options).unwrap(), got, "{url:?} {}: surt_str", row["options"]);
        if got != expected {
            failures.push(format!("{url:?} {}: got {got:?}, expected {expected:?}", row["options"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn errors_are_surt_exceptions() {
    let d = Options::default();
    assert_eq!(surt(b" \x0b", &d), Err(SurtError::NoScheme));
    assert_eq!(surt(b"http://x:99999/", &d), Err(SurtError::Port("Port out of range 0-65535".to_owned())));
    assert_eq!(surt(b"http://x:a'\xff/", &d), Err(SurtError::Port("Port could not be cast to integer value as b\"a'\\xff\"".to_owned())));
    let digits = format!("http://{}/", "1".repeat(4301));
    assert_eq!(surt(digits.as_bytes(), &d), Err(SurtError::TooManyDigits(relurl::int_limit::TooManyDigits { digits: 4301, limit: 4300 })));
    assert_eq!(key(&digits, &Options { int_max_str_digits: 0, ..d }), "199,113,28,199)/");
    assert_eq!(key(&digits, &Options { int_max_str_digits: 5000, ..d }), "199,113,28,199)/");
}

/// `options` with the canonicalizer `canonicalizer`.
fn with(canonicalizer: Canonicalizer) -> Options {
    Options { canonicalizer, ..Options::default() }
}

/// The key of `url` under `options`, within [`crate::deadline::DEADLINE`]: hostile input
/// of megabytes, on which a quadratic step takes hours, fails instead of hanging.
fn key_within_deadline(url: String, options: Options) -> String {
    crate::deadline::within_deadline("surt", move || key(&url, &options))
}

/// `unescapeRepeatedly` (surt decodes the host, the path and the query until nothing
/// changes) on a million nested encodings: `%2525...2541` is `A` after a million passes of
/// `unquote_to_bytes`, each over the whole text; the core reaches it in one.
#[test]
fn million_nested_percent_encodings() {
    let n = 1_000_000;
    let nested = format!("%{}41", "25".repeat(n));
    let cases = [
        (format!("http://a.com/{nested}"), "com,a)/a", "com,a)/A"),
        (format!("http://a{nested}.com/"), "com,aa)/", "com,aa)/"),
        (format!("http://a.com/?{nested}"), "com,a)/?a", "com,a)/?A"),
    ];
    for (url, default, google) in cases {
        assert_eq!(key_within_deadline(url.clone(), with(Canonicalizer::Default)), default, "{url:.30}…");
        assert_eq!(key_within_deadline(url, with(Canonicalizer::Google)), google);
    }
    // A million `%25` then `41`: each pass decodes them all, one `%` stays of each but the
    // last, which makes `%41`: `A`.
    let url = format!("http://a.com/{}41", "%25".repeat(n));
    assert!(key_within_deadline(url, with(Canonicalizer::Default)) == format!("com,a)/{}a", "%25".repeat(n - 1)));
}

/// `stripPathSessionID` on 100,000 segments that are ASP.NET session ids: each is followed
/// by no `.aspx`, so none is removed (the pattern's tail, `[^\?]+\.aspx.*`, is checked for
/// all of them in one pass, not by a scan from each).
#[test]
fn hundred_thousand_session_id_segments() {
    let n = 100_000;
    let id = "a".repeat(24);
    for segment in [format!("/({id})"), format!("/(a({id}))")] {
        let segments = segment.repeat(n);
        let url = format!("http://a.com/x.aspx{segments}/");
        for canonicalizer in [Canonicalizer::Default, Canonicalizer::Ia] {
            assert!(key_within_deadline(url.clone(), with(canonicalizer)) == format!("com,a)/x.aspx{segments}"));
        }
        // With an `.aspx` after them, the last is removed.
        let url = format!("http://a.com/x.aspx{segments}/y.aspx");
        let kept = segment.repeat(n - 1);
        assert!(key_within_deadline(url, with(Canonicalizer::Default)) == format!("com,a)/x.aspx{kept}/y.aspx"));
    }
}

/// `stripQuerySessionID`'s `cfid=[^&]+&cftoken=[^&]+` on a million `cfid=` without an `&`:
/// no match (each value's end, the next `&`, is known without a scan from each place).
#[test]
fn million_cfid_parameters() {
    let n = 1_000_000;
    let query = "cfid=".repeat(n);
    assert!(key_within_deadline(format!("http://a.com/?{query}"), with(Canonicalizer::Ia)) == format!("com,a)/?{query}"));
    // 100,000 whole `cfid=x&cftoken=y&` parameters: the rightmost is removed, the rest sorted.
    let m = 100_000;
    let url = format!("http://a.com/?{}", "cfid=x&cftoken=y&".repeat(m));
    let expected = format!("com,a)/?&{}{}", "cfid=x&".repeat(m - 1), "&cftoken=y".repeat(m - 1).trim_start_matches('&'));
    assert!(key_within_deadline(url, with(Canonicalizer::Default)) == expected);
}
