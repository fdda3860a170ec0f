//! Target `resolve_rfc3986`: RFC 3986 §5.2 resolution, strict ([`check_resolve_rfc3986`]).

use relurl::{max_resolved_len, resolve_by_spec, rfc3986, AnyUrl, Spec, Unchanged};

use crate::common::{check_rfc1808_agrees_with_rfc3986, split, RFC3986_BASE};

/// Target `resolve_rfc3986`: `base NUL reference` resolved by RFC 3986 §5.2 (strict).
///
/// - every entry point gives the same answer, and it is at most `max_resolved_len`;
/// - `unchanged` (a reference with a scheme and no dot segment) means the reference as
///   given;
/// - when the reference has a path and the base or the reference a scheme, the result's
///   path has no `.` or `..` segment (§5.2.4 removed them all; an empty reference path
///   takes the base's as it is);
/// - the result resolved again against a base with a scheme is itself (the result has a
///   scheme, so §5.2.2 takes it whole and `remove_dot_segments` finds nothing to remove;
///   when `..` made an authority-less path start with `//` (`s:/a` + `..//g` = `s://g`)
///   the result reads back with an authority, but as the same string), except when the
///   reference is empty or only a query and/or fragment and the base path has dot segments:
///   §5.2.2 copies the base path without removing them, the second resolution removes them;
/// - [`check_rfc1808_agrees_with_rfc3986`].
pub fn check_resolve_rfc3986(data: &[u8]) {
    let (base, reference) = split(data, RFC3986_BASE);
    let (base, reference): (&str, &str) = (&base, &reference);
    let result = rfc3986::resolve(base, reference).expect("resolve never fails below 4 GiB");
    let b = rfc3986::parse(base).expect("parse");
    let r = rfc3986::parse(reference).expect("parse");
    let ctx = || format!("RFC 3986: {base:?} + {reference:?} = {result:?}");

    assert!(result.len() <= max_resolved_len(&b, &r), "{}: longer than max_resolved_len {}", ctx(), max_resolved_len(&b, &r));
    assert_eq!(rfc3986::resolve_parsed(&b, &r), result, "{}: rfc3986::resolve_parsed differs", ctx());
    let mut out = String::from("prefix");
    rfc3986::resolve_into(&b, &r, &mut out);
    assert_eq!(&out["prefix".len()..], result, "{}: rfc3986::resolve_into differs", ctx());
    let mut out = String::from("prefix");
    let any = AnyUrl::Rfc3986(b);
    if let Some(unchanged) = any.join_into(reference, false, &mut out).expect("join_into never fails below 4 GiB") {
        out.push_str(unchanged.text(base, reference));
    }
    assert_eq!(&out["prefix".len()..], result, "{}: AnyUrl::join_into differs", ctx());
    assert_eq!(any.join(reference).as_deref(), Ok(&*result), "{}: AnyUrl::join differs", ctx());
    assert_eq!(resolve_by_spec(base, reference, Spec::Rfc3986).as_deref(), Ok(&*result), "{}: resolve_by_spec differs", ctx());

    match rfc3986::unchanged(&b, &r) {
        Some(Unchanged::Reference) => assert_eq!(result, reference, "{}: not the reference as given", ctx()),
        Some(Unchanged::Base) => panic!("{}: RFC 3986 never answers with the base as given", ctx()),
        None => {}
    }

    let p = rfc3986::parse(&result).expect("parse");
    assert!(p.check_invariants());
    // (Read back, so only with a scheme in front: against a scheme-less base, which RFC
    // 3986 does not define (§5.1: the base is absolute), `q` + `../p:x` gives `p:x`, which
    // reads back with the scheme `p`.)
    if !r.path().is_empty() && (b.has_scheme() || r.has_scheme()) {
        assert!(!has_dot_segment(p.path()), "{}: a dot segment is left", ctx());
    }

    // §5.2.2 takes an empty reference path's target path from the base *without*
    // remove_dot_segments (`T.path = Base.path`), so dot segments of the base path survive
    // into the result, and the second resolution (the result has a scheme) removes them:
    // `s:/a/../b` + `` = `s:/a/../b`, but `s:/a/../b` + `s:/a/../b` = `s:/b`.
    let base_dots_kept = !r.has_scheme() && !r.has_netloc() && r.path().is_empty() && has_dot_segment(b.path());
    if b.has_scheme() && !base_dots_kept {
        let again = rfc3986::resolve(base, &result).expect("resolve");
        assert_eq!(again, result, "{}: resolving the result again gives {again:?}", ctx());
    }

    check_rfc1808_agrees_with_rfc3986(base, reference);
}

fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|segment| segment == "." || segment == "..")
}
