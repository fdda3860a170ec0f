//! Target `resolve_rfc1808`: RFC 1808 §4 resolution ([`check_resolve_rfc1808`]).

use relurl::{max_resolved_len, parse, resolve, resolve_by_spec, resolve_into, resolve_parsed, unchanged, AnyUrl, Spec, Unchanged};

use crate::common::{check_rfc1808_agrees_with_rfc3986, split, RFC1808_BASE};

/// Target `resolve_rfc1808`: `base NUL reference` resolved by RFC 1808 §4.
///
/// - every entry point gives the same answer, and it is at most `max_resolved_len`;
/// - steps 1, 2a, 2b (`unchanged`) give an input exactly as given; otherwise step 7 wrote
///   the result, and it is a fixed point of recombination;
/// - the result resolved again against a base with a scheme is itself;
/// - with a non-empty base and a non-empty reference without a scheme, the result has the
///   base's scheme, and its net_loc is the base's (`..` never changes the net_loc, §5.2)
///   unless the reference starts with `//` (then the reference's, when it is not empty);
/// - [`check_rfc1808_agrees_with_rfc3986`].
pub fn check_resolve_rfc1808(data: &[u8]) {
    let (base, reference) = split(data, RFC1808_BASE);
    let (base, reference): (&str, &str) = (&base, &reference);
    let result = resolve(base, reference).expect("resolve never fails below 4 GiB");
    let b = parse(base).expect("parse");
    let r = parse(reference).expect("parse");
    let ctx = || format!("RFC 1808: {base:?} + {reference:?} = {result:?}");

    assert!(result.len() <= max_resolved_len(&b, &r), "{}: longer than max_resolved_len {}", ctx(), max_resolved_len(&b, &r));
    assert_eq!(resolve_parsed(&b, &r), result, "{}: resolve_parsed differs", ctx());
    let mut out = String::from("prefix");
    resolve_into(&b, &r, &mut out);
    assert_eq!(&out["prefix".len()..], result, "{}: resolve_into differs", ctx());
    let mut out = String::from("prefix");
    let any = AnyUrl::Rfc1808(b);
    if let Some(unchanged) = any.join_into(reference, false, &mut out).expect("join_into never fails below 4 GiB") {
        out.push_str(unchanged.text(base, reference));
    }
    assert_eq!(&out["prefix".len()..], result, "{}: AnyUrl::join_into differs", ctx());
    assert_eq!(any.join(reference).as_deref(), Ok(&*result), "{}: AnyUrl::join differs", ctx());
    assert_eq!(resolve_by_spec(base, reference, Spec::Rfc1808).as_deref(), Ok(&*result), "{}: resolve_by_spec differs", ctx());

    let p = parse(&result).expect("parse");
    assert!(p.check_invariants());
    match unchanged(&b, &r) {
        Some(Unchanged::Reference) => assert_eq!(result, reference, "{}: not the reference as given", ctx()),
        Some(Unchanged::Base) => assert_eq!(result, base, "{}: not the base as given", ctx()),
        None => assert_eq!(p.to_string(), result, "{}: step 7 wrote a result that recombines differently", ctx()),
    }

    if b.has_scheme() {
        let again = resolve(base, &result).expect("resolve");
        assert_eq!(again, result, "{}: resolving the result again gives {again:?}", ctx());
    }

    if !base.is_empty() && !reference.is_empty() && !r.has_scheme() {
        assert_eq!(p.scheme(), b.scheme(), "{}: the scheme is not the base's", ctx());
        if !reference.starts_with("//") {
            assert_eq!(p.netloc_if_defined(), b.netloc_if_defined(), "{}: the net_loc is not the base's", ctx());
        } else if !r.netloc().is_empty() {
            assert_eq!(p.netloc(), r.netloc(), "{}: the net_loc is not the reference's", ctx());
        } else {
            // Step 3: an empty net_loc (`///g`) does not end the inheritance.
            assert_eq!(p.netloc(), b.netloc(), "{}: the net_loc is not the base's", ctx());
        }
        assert_eq!(p.fragment(), r.fragment(), "{}: the fragment is not the reference's", ctx());
    }

    check_rfc1808_agrees_with_rfc3986(base, reference);
}
