//! The surt twin (`relurl::surt`): surt 0.3.1's answers for inputs that each exercise one of
//! its rules, from `tests/data/surt_examples.json` (which `tests/test_surt.py` reads too, and
//! checks against the package itself, beside its differential tests).

use crate::common;
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
    let data = common::data("surt_examples.json");
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
