//! Target `parse`: both grammars' parser against independent readings of RFC 1808 §2.4
//! and RFC 3986 Appendix B ([`check_parse`]).

use relurl::{parse, rfc3986, AnyUrl, Grammar, Rfc1808, Rfc3986, Url};

use crate::common::{oracle_rfc1808, oracle_rfc3986, text, Parts};

/// Target `parse`: both grammars. Parsing never fails (inputs are far below 4 GiB), the
/// offsets pass `check_invariants()`, the components are exactly those of an independent
/// step-by-step reading of RFC 1808 §2.4 / RFC 3986 Appendix B, and written back with
/// their delimiters they are the input, byte for byte.
pub fn check_parse(data: &[u8]) {
    let s = text(data);
    let s: &str = &s;
    check_parse_as::<Rfc1808>(s, oracle_rfc1808(s));
    check_parse_as::<Rfc3986>(s, oracle_rfc3986(s));
    assert_eq!(parse(s).expect("parse").offsets(), Url::<&str>::parse_owned(s).expect("parse").offsets());
    assert_eq!(rfc3986::parse(s).expect("parse").offsets(), Url::<&str, Rfc3986>::parse_owned(s).expect("parse").offsets());
}

/// [`check_parse`] for the grammar `G`, whose independent reading of `s` is `oracle`.
fn check_parse_as<G: Grammar>(s: &str, oracle: Parts<'_>) {
    let spec = G::SPEC;
    let u = Url::<&str, G>::parse_owned(s).expect("parse never fails below 4 GiB");
    assert!(u.check_invariants(), "{spec}: check_invariants() fails for {s:?}: {:?}", u.offsets());
    assert_eq!(u.spec(), spec);
    assert_eq!(u.as_str(), s);
    let parts = Parts::of(&u);
    assert_eq!(parts, oracle, "{spec}: components of {s:?}");
    assert_eq!(parts.reassemble(), s, "{spec}: components of {s:?} do not reassemble to it");
    assert_eq!(&s[u.path_range()], u.path());
    assert_eq!(u.has_scheme(), !u.scheme().is_empty());
    // An owned holder parses the same, and so does the run-time choice of the grammar.
    let owned = Url::<String, G>::parse_owned(s.to_owned()).expect("parse");
    assert_eq!(owned.offsets(), u.offsets());
    let any = AnyUrl::parse_owned(s, spec).expect("parse");
    assert_eq!((any.spec(), any.as_str(), any.path()), (spec, s, u.path()));
}
