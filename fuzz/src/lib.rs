//! The properties the fuzz targets check, one `check_*` function per target.
//!
//! Each function takes the fuzzer's raw bytes and panics when a property fails (libFuzzer
//! reports a panic as a crash). The same functions replay the seed corpora and the
//! regressions in `tests/replay.rs`, so a finding stays a test.
//!
//! Input mapping (the same for every target, so seeds and findings are plain files):
//! - bytes become text with `String::from_utf8_lossy` (invalid UTF-8 becomes U+FFFD, so
//!   every input exercises the code and non-ASCII text is common);
//! - the two resolve targets split the bytes at the first NUL: `base NUL reference` (the
//!   reference may hold further NULs, which are data). Input without a NUL is a reference
//!   against the RFC's own example base (RFC 1808 §5 `http://a/b/c/d;p?q#f`, RFC 3986 §5.4
//!   `http://a/b/c/d;p?q`).

use std::borrow::Cow;

use relurl::{
    max_resolved_len, parse, parse_rfc3986, resolve, resolve_by_spec_into, resolve_into, resolve_parsed,
    resolve_rfc3986, resolve_rfc3986_into, unchanged, validate, validate_parsed, ErrorKind, Spec, Unchanged,
    Url,
};

/// RFC 1808 §5's base.
pub const RFC1808_BASE: &str = "http://a/b/c/d;p?q#f";
/// RFC 3986 §5.4's base.
pub const RFC3986_BASE: &str = "http://a/b/c/d;p?q";

/// The fuzzer's bytes as text.
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// `base NUL reference`; without a NUL, the whole input is the reference against
/// `default_base`.
pub fn split<'a>(data: &'a [u8], default_base: &'static str) -> (Cow<'a, str>, Cow<'a, str>) {
    match data.iter().position(|&b| b == 0) {
        Some(nul) => (text(&data[..nul]), text(&data[nul + 1..])),
        None => (Cow::Borrowed(default_base), text(data)),
    }
}

/// The components of a URL, `None` when the delimiter is absent (`Some("")` when it stands
/// with nothing after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts<'a> {
    pub scheme: Option<&'a str>,
    pub netloc: Option<&'a str>,
    pub path: &'a str,
    pub params: Option<&'a str>,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    /// What the parser gave.
    pub fn of<S: AsRef<str>>(u: &'a Url<S>) -> Self {
        Parts {
            scheme: u.has_scheme().then(|| u.scheme()),
            netloc: u.netloc_if_defined(),
            path: u.path(),
            params: u.has_params_delimiter().then(|| u.params()),
            query: u.query_if_defined(),
            fragment: u.fragment_if_defined(),
        }
    }

    /// The components written back with all their delimiters: the input, exactly.
    pub fn reassemble(&self) -> String {
        let mut s = String::new();
        if let Some(scheme) = self.scheme {
            s.push_str(scheme);
            s.push(':');
        }
        if let Some(netloc) = self.netloc {
            s.push_str("//");
            s.push_str(netloc);
        }
        s.push_str(self.path);
        for (delimiter, value) in [(';', self.params), ('?', self.query), ('#', self.fragment)] {
            if let Some(value) = value {
                s.push(delimiter);
                s.push_str(value);
            }
        }
        s
    }

    /// RFC 1808 §2.4.1, §2.4.4 and §2.4.5: an empty fragment, query or params is the same
    /// as none.
    fn without_empty(self) -> Self {
        let drop_empty = |c: Option<&'a str>| c.filter(|v| !v.is_empty());
        Parts { params: drop_empty(self.params), query: drop_empty(self.query), fragment: drop_empty(self.fragment), ..self }
    }

    fn has_empty_delimited(&self) -> bool {
        [self.params, self.query, self.fragment].contains(&Some(""))
    }
}

fn is_scheme_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')
}

/// RFC 1808 §2.4 as the RFC words it, step by step on a shrinking string: an independent
/// oracle for the single-pass parser.
pub fn oracle_rfc1808(s: &str) -> Parts<'_> {
    // §2.4.1: everything after the first '#' is the fragment.
    let (rest, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    // §2.4.2: a ':' after the first character and before any non-scheme character.
    let (scheme, rest) = match rest.find(':') {
        Some(i) if i > 0 && rest.as_bytes()[..i].iter().all(|&c| is_scheme_char(c)) => (Some(&rest[..i]), &rest[i + 1..]),
        _ => (None, rest),
    };
    // §2.4.3: "//" then up to, not including, the next '/'.
    let (netloc, rest) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    // §2.4.4: after the first '?'.
    let (rest, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    // §2.4.5: after the first ';'.
    let (path, params) = match rest.find(';') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    Parts { scheme, netloc, path, params, query, fragment }
}

/// RFC 3986 Appendix B's regular expression,
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, by hand.
pub fn oracle_rfc3986(s: &str) -> Parts<'_> {
    let (scheme, rest) = match s.find([':', '/', '?', '#']) {
        Some(i) if i > 0 && s.as_bytes()[i] == b':' => (Some(&s[..i]), &s[i + 1..]),
        _ => (None, s),
    };
    let (netloc, rest) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let (path, rest) = rest.split_at(path_end);
    let (query, rest) = match rest.strip_prefix('?') {
        Some(after) => {
            let end = after.find('#').unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    let fragment = rest.strip_prefix('#');
    Parts { scheme, netloc, path, params: None, query, fragment }
}

/// Target `parse`: both grammars. Parsing never fails (inputs are far below 4 GiB), the
/// offsets pass `check_invariants()`, the components are exactly those of an independent
/// step-by-step reading of RFC 1808 §2.4 / RFC 3986 Appendix B, and written back with
/// their delimiters they are the input, byte for byte.
pub fn check_parse(data: &[u8]) {
    let s = text(data);
    let s: &str = &s;
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        let u = Url::parse_owned_as(s, spec).expect("parse never fails below 4 GiB");
        assert!(u.check_invariants(), "{spec}: check_invariants() fails for {s:?}: {:?}", u.offsets());
        assert_eq!(u.spec(), spec);
        assert_eq!(u.as_str(), s);
        let parts = Parts::of(&u);
        let oracle = if spec == Spec::Rfc1808 { oracle_rfc1808(s) } else { oracle_rfc3986(s) };
        assert_eq!(parts, oracle, "{spec}: components of {s:?}");
        assert_eq!(parts.reassemble(), s, "{spec}: components of {s:?} do not reassemble to it");
        assert_eq!(&s[u.path_range()], u.path());
        assert_eq!(u.has_scheme(), !u.scheme().is_empty());
        // An owned holder parses the same.
        let owned = Url::parse_owned_as(s.to_owned(), spec).expect("parse");
        assert_eq!(owned.offsets(), u.offsets());
    }
    assert_eq!(parse(s).expect("parse").offsets(), Url::parse_owned(s).expect("parse").offsets());
    assert_eq!(parse_rfc3986(s).expect("parse").offsets(), Url::parse_owned_as(s, Spec::Rfc3986).expect("parse").offsets());
}

/// Target `roundtrip`: recombination. RFC 3986 §5.3 recomposition is the identity. RFC 1808
/// §4 step 7 recombination is a fixed point (recombining its output changes nothing), keeps
/// every component but the empty params, query and fragment it drops, and is lossless
/// exactly when `recombines_losslessly()` says so.
pub fn check_roundtrip(data: &[u8]) {
    let s = text(data);
    let s: &str = &s;

    let u3 = parse_rfc3986(s).expect("parse");
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

/// Target `validate`: never panics; agrees with `validate_parsed`; an accepted URL is
/// ASCII; an error's index is within the input, on a char boundary, and at a character
/// that fits the reason (the character named, a `%`, or the `/` of an empty first segment).
pub fn check_validate(data: &[u8]) {
    let s = text(data);
    let s: &str = &s;
    let result = validate(s);
    assert_eq!(result, validate_parsed(&parse(s).expect("parse")));
    match result {
        Ok(()) => assert!(s.is_ascii(), "validate accepted non-ASCII {s:?}"),
        Err(e) => {
            assert!(e.index <= s.len(), "error index {} beyond the input {s:?} ({} bytes)", e.index, s.len());
            assert!(s.is_char_boundary(e.index), "error index {} is not on a char boundary of {s:?}", e.index);
            let rest = &s[e.index..];
            match e.kind {
                ErrorKind::InvalidChar { ch, .. } => assert!(rest.starts_with(ch), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::BadEscape { .. } => assert!(rest.starts_with('%'), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::EmptyFirstSegment => assert!(rest.starts_with('/'), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::TooLong => panic!("TooLong for {} bytes", s.len()),
                _ => {}
            }
            assert_eq!(e.char_index(s), s[..e.index].chars().count());
            assert!(!e.reason().is_empty());
            let _ = e.to_string();
        }
    }
}

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
    let mut out = String::new();
    resolve_by_spec_into(&b, &r, &mut out);
    assert_eq!(out, result, "{}: resolve_by_spec_into differs", ctx());

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
    let result = resolve_rfc3986(base, reference).expect("resolve never fails below 4 GiB");
    let b = parse_rfc3986(base).expect("parse");
    let r = parse_rfc3986(reference).expect("parse");
    let ctx = || format!("RFC 3986: {base:?} + {reference:?} = {result:?}");

    assert!(result.len() <= max_resolved_len(&b, &r), "{}: longer than max_resolved_len {}", ctx(), max_resolved_len(&b, &r));
    let mut out = String::from("prefix");
    resolve_rfc3986_into(&b, &r, &mut out);
    assert_eq!(&out["prefix".len()..], result, "{}: resolve_rfc3986_into differs", ctx());
    let mut out = String::new();
    resolve_by_spec_into(&b, &r, &mut out);
    assert_eq!(out, result, "{}: resolve_by_spec_into differs", ctx());

    match unchanged(&b, &r) {
        Some(Unchanged::Reference) => assert_eq!(result, reference, "{}: not the reference as given", ctx()),
        Some(Unchanged::Base) => panic!("{}: RFC 3986 never answers with the base as given", ctx()),
        None => {}
    }

    let p = parse_rfc3986(&result).expect("parse");
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
        let again = resolve_rfc3986(base, &result).expect("resolve");
        assert_eq!(again, result, "{}: resolving the result again gives {again:?}", ctx());
    }

    check_rfc1808_agrees_with_rfc3986(base, reference);
}

fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|segment| segment == "." || segment == "..")
}

/// RFC 1808 §4 and RFC 3986 §5.2 give the same answer when nothing that they treat
/// differently is in play. Every exclusion below is a real difference:
///
/// - an empty reference: RFC 1808 step 2a answers with the base *with* its fragment, RFC
///   3986 drops the fragment;
/// - `.` anywhere: dot segments (RFC 1808 keeps `..` above the root and the dots of an
///   absolute path; RFC 3986 removes them);
/// - `;` anywhere: params exist only in RFC 1808 (the base's are inherited by step 5);
/// - a `?`, `#` (or `;`) with nothing after it: RFC 1808 treats it as absent, RFC 3986 as
///   defined and empty;
/// - a reference with a scheme (in either grammar): RFC 1808 returns it as given, RFC 3986
///   removes its dot segments (and the two grammars' schemes differ: RFC 3986 allows any
///   character but `:/?#`);
/// - either input parsed differently by the two grammars (a net_loc holding `?`; a scheme
///   with a character RFC 1808 does not allow);
/// - a reference `//` with an empty net_loc (`///g`): RFC 1808 step 3 inherits the base's
///   net_loc, RFC 3986 keeps the empty authority;
/// - a base with a net_loc and an empty path, and a reference with only a query (and
///   fragment): RFC 1808 writes `http://a/?y` (`http://a?y` would read back with the
///   net_loc `a?y`), RFC 3986 `http://a?y`.
pub fn check_rfc1808_agrees_with_rfc3986(base: &str, reference: &str) {
    if reference.is_empty() || [base, reference].iter().any(|s| s.contains(['.', ';'])) {
        return;
    }
    let (b1, r1) = (parse(base).expect("parse"), parse(reference).expect("parse"));
    let (b3, r3) = (parse_rfc3986(base).expect("parse"), parse_rfc3986(reference).expect("parse"));
    let (pb, pr) = (Parts::of(&b1), Parts::of(&r1));
    if pb != Parts::of(&b3) || pr != Parts::of(&r3) || pb.has_empty_delimited() || pr.has_empty_delimited() {
        return;
    }
    if pr.scheme.is_some() || pr.netloc == Some("") {
        return;
    }
    if pb.netloc.is_some() && pb.path.is_empty() && pr.path.is_empty() && pr.query.is_some() {
        return;
    }
    let rfc1808 = resolve(base, reference).expect("resolve");
    let rfc3986 = resolve_rfc3986(base, reference).expect("resolve");
    assert_eq!(rfc1808, rfc3986, "{base:?} + {reference:?}: RFC 1808 and RFC 3986 disagree");
}
