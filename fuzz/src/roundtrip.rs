//! Target `roundtrip`: RFC 3986 recomposition and RFC 1808 recombination
//! ([`check_roundtrip`]).

use relurl::{parse, rfc3986};

use crate::common::{text, Parts};

/// Target `roundtrip`: recombination. RFC 3986 §5.3 recomposition is the identity. RFC 1808
/// §4 step 7 recombination is a fixed point (recombining its output changes nothing), keeps
/// every component but the empty params, query and fragment it drops, and is lossless
/// exactly when `recombines_losslessly()` says so.
pub fn check_roundtrip(data: &[u8]) {
    let s = text(data);
    let s: &str = &s;

    let u3 = rfc3986::parse(s).expect("parse");
    assert_eq!(u3.to_string(), s, "RFC 3986: recomposition of {s:?} is not the input");
    assert!(u3.recombines_losslessly());

    let u = parse(s).expect("parse");
    let once = u.to_string();
    let mut appended = String::from("prefix");
    u.write_recombined(&mut appended);
    assert_eq!(&appended["prefix".len()..], once, "write_recombined and Display differ for {s:?}");
    assert_eq!(u.recombines_losslessly(), once == s, "RFC 1808: recombines_losslessly() is wrong for {s:?} (recombined: {once:?})");
    let v = parse(&once).expect("parse");
    assert!(v.check_invariants());
    assert_eq!(v.to_string(), once, "RFC 1808: recombination of {s:?} is not a fixed point");
    assert!(v.recombines_losslessly(), "RFC 1808: the recombination {once:?} of {s:?} is not lossless");
    assert_eq!(Parts::of(&v), Parts::of(&u).without_empty(), "RFC 1808: recombining {s:?} as {once:?} changed its components");
}
