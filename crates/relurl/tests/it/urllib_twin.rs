//! The urllib twin (`relurl::urllib`) against what CPython's urllib.parse answered, for every
//! version stored in tests/data/urljoin_cases.json (written by tests/gen_urllib_cases.py from
//! real interpreters: inputs from CPython's test_urlparse.py plus pinned extras).

use std::collections::HashMap;

use relurl::urllib::{Checks, Dialect, JoinRule, Lenient, ParseResult, SchemeList, Schemes, SplitResult, Unsplit, Urllib, UrllibError};
use serde_json::Value;

fn data() -> Value {
    crate::files::test_data_json("urljoin_cases.json")
}

fn version(key: &str) -> (u8, u8, u8) {
    let v: Vec<u8> = key.split('.').map(|p| p.parse().expect("a version number")).collect();
    (v[0], v[1], v[2])
}

fn list(value: &Value) -> SchemeList {
    value.as_array().expect("a list").iter().map(|s| s.as_str().expect("a scheme")).collect()
}

/// The checks urllib delegates to Python, answered from what the real ones answered (every
/// argument urllib passed them was recorded); a call urllib never made fails the test.
struct Recorded {
    bracketed_host: HashMap<String, Option<String>>,
    netloc: HashMap<String, Option<String>>,
}

fn answer(table: &HashMap<String, Option<String>>, what: &str, arg: &str) -> Result<(), String> {
    match table.get(arg) {
        Some(None) => Ok(()),
        Some(Some(message)) => Err(message.clone()),
        None => panic!("{what}({arg:?}) called, but urllib never calls it with that argument"),
    }
}

impl Checks for Recorded {
    type Error = String;
    fn bracketed_host(&mut self, hostname: &str) -> Result<(), String> {
        answer(&self.bracketed_host, "_check_bracketed_host", hostname)
    }
    fn netloc(&mut self, netloc: &str) -> Result<(), String> {
        answer(&self.netloc, "_checknetloc", netloc)
    }
}

fn table(value: &Value) -> HashMap<String, Option<String>> {
    let object = value.as_object().expect("an object");
    object.iter().map(|(k, v)| (k.clone(), v.as_str().map(str::to_owned))).collect()
}

/// The expected value as `Ok(text or components)` or `Err(message)` (a ValueError).
fn expected(value: &Value) -> Result<Vec<String>, String> {
    if let Some(error) = value.get("error") {
        assert_eq!(error, "ValueError", "{value}");
        return Err(value["message"].as_str().expect("a message").to_owned());
    }
    Ok(match value {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items.iter().map(|i| i.as_str().expect("a string").to_owned()).collect(),
        other => panic!("unexpected {other}"),
    })
}

fn got<T>(result: Result<T, UrllibError<String>>, parts: impl FnOnce(T) -> Vec<String>) -> Result<Vec<String>, String> {
    match result {
        Ok(value) => Ok(parts(value)),
        Err(UrllibError::InvalidIpv6Url) => Err("Invalid IPv6 URL".to_owned()),
        Err(UrllibError::Check(message)) => Err(message),
    }
}

fn split_parts(s: SplitResult<'_>) -> Vec<String> {
    [s.scheme, s.netloc, s.path, s.query, s.fragment].map(std::borrow::Cow::into_owned).to_vec()
}

fn parse_parts(p: ParseResult<'_>) -> Vec<String> {
    [p.scheme, p.netloc, p.path, p.params, p.query, p.fragment].map(std::borrow::Cow::into_owned).to_vec()
}

fn strings(row: &Value) -> Vec<&str> {
    row.as_array().expect("a row").iter().filter_map(Value::as_str).collect()
}

#[test]
fn every_stored_version_matches_its_urllib() {
    let data = data();
    let inputs = &data["inputs"];
    let versions = data["expected"].as_object().expect("versions");
    assert!(versions.len() >= 5, "expectations from several CPython versions");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (key, answers) in versions {
        let (major, minor, micro) = version(key);
        let schemes = &answers["schemes"];
        let urllib = Urllib::new(
            Dialect::for_python(major, minor, micro),
            Schemes {
                uses_relative: list(&schemes["uses_relative"]),
                uses_netloc: list(&schemes["uses_netloc"]),
                uses_params: list(&schemes["uses_params"]),
            },
        );
        let mut checks =
            Recorded { bracketed_host: table(&answers["checks"]["bracketed_host"]), netloc: table(&answers["checks"]["netloc"]) };
        let mut compare = |function: &str, row: &Value, want: &Value, have: Result<Vec<String>, String>| {
            checked += 1;
            if expected(want) != have {
                failures.push(format!("{key} {function}{row}: urllib {want}, twin {have:?}"));
            }
        };
        let rows = |f: &str| inputs[f].as_array().expect("inputs").iter().zip(answers[f].as_array().expect("answers"));
        for (row, want) in rows("urljoin") {
            let s = strings(row);
            let allow = row[2].as_bool().expect("allow_fragments");
            let have = got(urllib.urljoin(s[0], s[1], allow, &mut checks), |j| vec![j.into_owned()]);
            compare("urljoin", row, want, have);
        }
        for (row, want) in rows("urlsplit") {
            let s = strings(row);
            let allow = row[2].as_bool().expect("allow_fragments");
            compare("urlsplit", row, want, got(urllib.urlsplit(s[0], s[1], allow, &mut checks), split_parts));
        }
        for (row, want) in rows("urlparse") {
            let s = strings(row);
            let allow = row[2].as_bool().expect("allow_fragments");
            compare("urlparse", row, want, got(urllib.urlparse(s[0], s[1], allow, &mut checks), parse_parts));
        }
        for (row, want) in rows("urlunsplit") {
            let s = strings(row);
            let parts =
                SplitResult { scheme: s[0].into(), netloc: s[1].into(), path: s[2].into(), query: s[3].into(), fragment: s[4].into() };
            compare("urlunsplit", row, want, Ok(vec![urllib.urlunsplit(&parts)]));
        }
        for (row, want) in rows("urlunparse") {
            let s = strings(row);
            let parts = ParseResult {
                scheme: s[0].into(),
                netloc: s[1].into(),
                path: s[2].into(),
                params: s[3].into(),
                query: s[4].into(),
                fragment: s[5].into(),
            };
            compare("urlunparse", row, want, Ok(vec![urllib.urlunparse(&parts)]));
        }
    }
    assert!(checked > 5000, "{checked} comparisons");
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

/// No CPython 3.14 here: these follow 3.14's `urljoin`/`_urlsplit`/`_urlunsplit` source
/// (after the gh-125926 fix), one line of it per case.
#[test]
fn python_3_14_join_keeps_defined_components() {
    let urllib = Urllib::cpython(3, 14, 0);
    assert_eq!(urllib.dialect().join, JoinRule::Defined);
    let join = |base: &str, url: &str| urllib.urljoin(base, url, true, &mut Lenient).unwrap().into_owned();
    // `if query is None: query = bquery; if fragment is None: fragment = bfragment`
    assert_eq!(join("http://a/b?q#f", "#"), "http://a/b?q#");
    assert_eq!(join("http://a/b?q#f", "#g"), "http://a/b?q#g");
    assert_eq!(join("http://a/b?q#f", "?"), "http://a/b?");
    assert_eq!(join("http://a/b?q#f", "http:"), "http://a/b?q#f");
    assert_eq!(join("http://a/b?q", "?#"), "http://a/b?#");
    // `_urlsplit` does not split params: `.;x` is not a dot segment.
    assert_eq!(join("http://a/b/c/d;p?q", ".;x"), "http://a/b/c/.;x");
    assert_eq!(join("http://a/b/c/d;p?q", ";x"), "http://a/b/c/;x");
    // `if scheme is None: scheme = bscheme`, `(scheme and scheme not in uses_relative)`.
    assert_eq!(join("/static/", "admin/img/icon-addlink.svg"), "/static/admin/img/icon-addlink.svg");
    assert_eq!(join("a/b", "../../c"), "c");
    // `_urlunsplit` with `netloc is None` writes no `//`.
    assert_eq!(join("http:/a/b", "c"), "http:/a/c");
    assert_eq!(join("file:///a/b", "c"), "file:///a/c");
    assert_eq!(join("http:/a", "/.//c"), "http:////c");
    assert_eq!(join("http:a//b", "..//c"), "http:c");
    assert_eq!(join("mailto:x@y", "z"), "z");
    assert_eq!(join("http://a/b", "//"), "http://a/b");
    assert_eq!(join("http://a/b", "g"), "http://a/g");
    assert_eq!(join("http://a/b/c/d;p?q", "../../../g"), "http://a/g");
}

#[test]
fn python_3_14_unparse_looks_at_the_path_before_params() {
    let urllib = Urllib::cpython(3, 14, 1);
    assert_eq!(urllib.dialect().unsplit, Unsplit::KeepPathBeforeParams);
    let parts = ParseResult { scheme: "http".into(), params: "p".into(), ..ParseResult::default() };
    assert_eq!(urllib.urlunparse(&parts), "http:///;p");
    let split = SplitResult { scheme: "http".into(), path: "a".into(), ..SplitResult::default() };
    assert_eq!(urllib.urlunsplit(&split), "http:a");
    assert_eq!(Urllib::cpython(3, 13, 0).urlunparse(&parts), "http:;p");
    assert_eq!(Urllib::cpython(3, 11, 7).urlunparse(&parts), "http:///;p");
}

#[test]
fn version_table() {
    let d = Dialect::for_python(3, 11, 7);
    assert!(d.remove_tab_newline && d.strip_c0_space && d.scheme_starts_alpha);
    assert_eq!((d.unsplit, d.join), (Unsplit::AddAuthority, JoinRule::Parse));
    assert!(!Dialect::for_python(3, 9, 4).remove_tab_newline);
    assert!(!Dialect::for_python(3, 11, 3).strip_c0_space);
    assert!(!Dialect::for_python(3, 10, 19).scheme_starts_alpha);
    assert_eq!(Dialect::for_python(3, 8, 0), Dialect::for_python(3, 9, 0));
    assert_eq!(Dialect::for_python(3, 15, 0), Dialect::for_python(3, 14, 9));
    assert_eq!(Dialect::for_python(3, 12, 4).unsplit, Unsplit::KeepPath);
}

#[test]
fn a_million_dot_dot_segments_take_linear_time() {
    let urllib = Urllib::cpython(3, 11, 7);
    for rule in [JoinRule::Parse, JoinRule::Defined] {
        let mut dialect = *urllib.dialect();
        dialect.join = rule;
        let urllib = Urllib::new(dialect, urllib.schemes().clone());
        let base = format!("http://a/{}", "b/".repeat(1_000_000));
        let url = format!("{}g", "../".repeat(1_000_000));
        let start = std::time::Instant::now();
        assert_eq!(urllib.urljoin(&base, &url, true, &mut Lenient).unwrap(), "http://a/g");
        let mixed = "x/../".repeat(1_000_000);
        assert_eq!(urllib.urljoin("http://a/b", &mixed, true, &mut Lenient).unwrap(), "http://a/");
        assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
    }
}

#[test]
fn unchanged_arguments_are_borrowed() {
    let urllib = Urllib::cpython(3, 11, 7);
    let join = |base, url| urllib.urljoin(base, url, true, &mut Lenient).unwrap();
    assert!(matches!(join("", "x"), std::borrow::Cow::Borrowed("x")));
    assert!(matches!(join("http://a/", ""), std::borrow::Cow::Borrowed("http://a/")));
    assert!(matches!(join("http://a/", "mailto:x"), std::borrow::Cow::Borrowed("mailto:x")));
    let split = urllib.urlsplit("http://a/b?c#d", "", true, &mut Lenient).unwrap();
    assert!(matches!(split.path, std::borrow::Cow::Borrowed("/b")));
    let split = urllib.urlsplit("http://a/b\t?c", "", true, &mut Lenient).unwrap();
    assert_eq!((&*split.path, &*split.query), ("/b", "c"));
}
