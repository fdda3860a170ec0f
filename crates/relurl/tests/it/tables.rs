//! The example tables of both RFCs, read from `tests/data/` (pytest reads them too): RFC 1808
//! §5 and the documented choices, RFC 3986 §5.4. One check per grammar, the same for both
//! (made by `check_rows!` over the same names of `relurl::rfc1808` and `relurl::rfc3986`):
//! every row gives its expected result through every entry point (`resolve`,
//! `resolve_parsed`, `resolve_into`, `AnyUrl` and `resolve_by_spec`), its inputs parse with
//! consistent offsets, and a result resolved again against the base is itself (it is
//! absolute, or the base had no scheme).

use crate::common;
use relurl::{AnyUrl, Spec};

/// `check_$grammar(rows)`: the checks above for each `(base, reference, expected)` row,
/// collecting the rows whose result is not the expected one.
macro_rules! check_rows {
    ($check:ident, $grammar:ident, $spec:expr) => {
        fn $check(rows: &[(String, String, String)]) {
            use relurl::$grammar as grammar;
            let mut failures = Vec::new();
            for (base, reference, expected) in rows {
                let got = grammar::resolve(base, reference).unwrap();
                let (b, r) = (grammar::parse(base).unwrap(), grammar::parse(reference).unwrap());
                assert!(b.check_invariants() && r.check_invariants(), "{base:?} + {reference:?}");
                assert_eq!(got, grammar::resolve_parsed(&b, &r), "{base:?} + {reference:?}: resolve_parsed");
                let mut into = String::from("prefix:");
                grammar::resolve_into(&b, &r, &mut into);
                assert_eq!(into.strip_prefix("prefix:"), Some(got.as_str()), "{base:?} + {reference:?}: resolve_into");
                let any_base = AnyUrl::parse_owned(base.as_str(), $spec).unwrap();
                let via_spec = any_base.join(reference).unwrap();
                assert_eq!(got, via_spec, "{base:?} + {reference:?}: AnyUrl");
                assert_eq!(got, relurl::resolve_by_spec(base, reference, $spec).unwrap(), "{base:?} + {reference:?}: resolve_by_spec");
                if &got != expected {
                    failures.push(format!("{base:?} + {reference:?}: got {got:?}, expected {expected:?}"));
                }
                // A resolved URL is absolute (or the base had no scheme): resolving it again is a no-op.
                assert_eq!(grammar::resolve(base, &got).unwrap(), got, "{base:?} + {got:?}");
            }
            assert!(failures.is_empty(), "{}", failures.join("\n"));
        }
    };
}

check_rows!(check_rfc1808, rfc1808, Spec::Rfc1808);
check_rows!(check_rfc3986, rfc3986, Spec::Rfc3986);

#[test]
fn rfc1808_section_5_examples_hold() {
    let rows = common::triples("rfc1808_examples.json", "examples");
    assert_eq!(rows.len(), 39, "24 normal (5.1) and 15 abnormal (5.2) examples");
    check_rfc1808(&rows);
}

#[test]
fn rfc1808_documented_choices_hold() {
    let rows = common::triples("rfc1808_examples.json", "choices");
    assert!(rows.len() >= 10);
    check_rfc1808(&rows);
}

#[test]
fn rfc3986_section_5_4_examples_hold() {
    let rows = common::quadruples("rfc3986_examples.json", "examples");
    assert_eq!(rows.iter().filter(|r| r.0 == "5.4.1").count(), 23);
    assert_eq!(rows.iter().filter(|r| r.0 == "5.4.2").count(), 19);
    let rows: Vec<_> = rows.into_iter().map(|(_, base, reference, expected)| (base, reference, expected)).collect();
    check_rfc3986(&rows);
}
