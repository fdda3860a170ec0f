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
//! - `urljoin` and `base_header` read a first byte that chooses the variant (the CPython
//!   version and `allow_fragments`; the spec and which `BaseInputs` layers are given), then
//!   text as above: `urljoin` splits it like the resolve targets (`base NUL url`, default
//!   base RFC 3986 §5.4's), `base_header` into NUL-separated fields.
//! - `whatwg` (in `whatwg.rs`) splits like the resolve targets (default base RFC 3986
//!   §5.4's) and compares relurl's URL Standard parser with ada's and the `url` crate's.
//! - `extract_links` reads the whole input as the page: as bytes for
//!   `extract_links_from_bytes`, as lossy UTF-8 text for `extract_links`.

mod keys;
mod whatwg;

use std::borrow::Cow;
use std::convert::Infallible;
use std::sync::LazyLock;

use relurl::links::{extract_links, extract_links_from_bytes, first_base_href, first_base_href_from_bytes, Options, PageLinks, Special};
use relurl::urllib::{Brackets, Checks, Joined, Lenient, ParseResult, SplitResult, Unsplit, Urllib, UrllibError};
use relurl::{
    base_from_header, establish_base, max_resolved_len, parse, resolve, resolve_by_spec, resolve_into, resolve_parsed, rfc3986,
    strip_ascii_whitespace, unchanged, validate, validate_parsed, AnyUrl, BaseInputs, BaseSource, ErrorKind, Grammar, Rfc1808, Rfc3986,
    Spec, Unchanged, Url,
};

pub use keys::check_keys;
pub use whatwg::{check_whatwg, DISAGREEMENTS_FILE};

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
    pub fn of<S: AsRef<str>, G: Grammar>(u: &'a Url<S, G>) -> Self {
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
            assert!(e.offset() <= s.len(), "error offset {} beyond the input {s:?} ({} bytes)", e.offset(), s.len());
            assert!(s.is_char_boundary(e.offset()), "error offset {} is not on a char boundary of {s:?}", e.offset());
            let rest = &s[e.offset()..];
            match e.kind() {
                ErrorKind::InvalidChar { ch, .. } => assert!(rest.starts_with(ch), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::BadEscape { .. } => assert!(rest.starts_with('%'), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::EmptyFirstSegment => assert!(rest.starts_with('/'), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::TooLong => panic!("TooLong for {} bytes", s.len()),
                _ => {}
            }
            assert_eq!(e.char_index(s), s[..e.offset()].chars().count());
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
    let (b3, r3) = (rfc3986::parse(base).expect("parse"), rfc3986::parse(reference).expect("parse"));
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
    let rfc3986 = rfc3986::resolve(base, reference).expect("resolve");
    assert_eq!(rfc1808, rfc3986, "{base:?} + {reference:?}: RFC 1808 and RFC 3986 disagree");
}

// --- urljoin: the urllib.parse twin ------------------------------------------------------

/// The CPython versions the `urljoin` target fuzzes, chosen by the low three bits of the
/// first byte: every combination of [`relurl::urllib::Dialect`] switches that a released
/// CPython has (3.9.0: no stripping at all; 3.9.18: stripping, no bracket check; 3.11.7:
/// the host check; 3.12.1 and 3.12.10: `AddAuthority` / `KeepPath` unsplit with the host /
/// net_loc check; 3.13.0; 3.14.0: the `Defined` join).
pub const URLLIB_VERSIONS: [(u8, u8, u8); 8] =
    [(3, 9, 0), (3, 9, 18), (3, 10, 13), (3, 11, 7), (3, 12, 1), (3, 12, 10), (3, 13, 0), (3, 14, 0)];

static URLLIBS: LazyLock<Vec<Urllib>> =
    LazyLock::new(|| URLLIB_VERSIONS.iter().map(|&(major, minor, micro)| Urllib::cpython(major, minor, micro)).collect());

/// [`Checks`] that accept everything and record what urllib asked.
#[derive(Default)]
struct Recording {
    bracketed_hosts: Vec<String>,
    netlocs: Vec<String>,
}

impl Checks for Recording {
    type Error = Infallible;
    fn bracketed_host(&mut self, hostname: &str) -> Result<(), Infallible> {
        self.bracketed_hosts.push(hostname.to_owned());
        Ok(())
    }
    fn netloc(&mut self, netloc: &str) -> Result<(), Infallible> {
        self.netlocs.push(netloc.to_owned());
        Ok(())
    }
}

/// [`Checks`] that reject everything they are asked.
struct Reject;

impl Checks for Reject {
    type Error = ();
    fn bracketed_host(&mut self, _: &str) -> Result<(), ()> {
        Err(())
    }
    fn netloc(&mut self, _: &str) -> Result<(), ()> {
        Err(())
    }
}

/// The error of a lenient call as one of any other [`Checks`] (a lenient call fails only
/// with `Invalid IPv6 URL`).
fn as_other<E>(e: &UrllibError<Infallible>) -> UrllibError<E> {
    match *e {
        UrllibError::InvalidIpv6Url => UrllibError::InvalidIpv6Url,
        UrllibError::Check(never) => match never {},
    }
}

/// Target `urljoin`: the urllib twin, `selector base NUL url` (without a NUL, `url` against
/// RFC 3986 §5.4's base). The selector's low three bits choose the CPython version of
/// [`URLLIB_VERSIONS`], bit 3 set means `allow_fragments=False`. Only properties that hold
/// for CPython's own `urllib.parse` (by its source, and checked on random inputs against
/// CPython 3.9.18, 3.10.13, 3.11.7, 3.12.1 and 3.13.0):
///
/// - `urljoin` and `urljoin_into` (appending to a non-empty buffer) agree; `Joined::Url` /
///   `Joined::Base` mean that argument as given; on an error the buffer is unchanged;
/// - `if not base: return url`, `if not url: return base`;
/// - `urljoin` fails exactly when `urlsplit(base)` or `urlsplit(url)` fails, with that
///   error (the base's first);
/// - the [`Checks`] are called as urllib calls them: `_checknetloc` only for a non-ASCII
///   net_loc, `_check_bracketed_host` only from 3.11.4 on; checks that reject everything
///   change the answer exactly when a check was called;
/// - on `base` and `url`: [`check_urlsplit`];
/// - from 3.12.4 on (`urlunsplit` keeps the path, gh-67693; not before: `http:////a`
///   became `http://a`), a joined URL that was written (not an argument returned as given)
///   against a base with a scheme and reads back with a scheme and a net_loc joins with
///   itself to itself, and any result joins with an empty reference to itself.
pub fn check_urljoin(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else { return };
    let version = URLLIB_VERSIONS[usize::from(selector & 7)];
    let urllib = &URLLIBS[usize::from(selector & 7)];
    let allow = selector & 8 == 0;
    let (base, url) = split(rest, RFC3986_BASE);
    let (base, url): (&str, &str) = (&base, &url);
    let result = urllib.urljoin(base, url, allow, &mut Lenient);
    let ctx = || format!("urllib {version:?} urljoin({base:?}, {url:?}, allow_fragments={allow}) = {result:?}");

    let mut out = String::from("prefix");
    let joined = urllib.urljoin_into(base, url, allow, &mut Lenient, &mut out);
    match (&joined, &result) {
        (Ok(Joined::Url), Ok(r)) => assert!(out == "prefix" && r == url, "{}: Joined::Url but not the url", ctx()),
        (Ok(Joined::Base), Ok(r)) => assert!(out == "prefix" && r == base, "{}: Joined::Base but not the base", ctx()),
        (Ok(Joined::Written), Ok(r)) => assert_eq!(&out["prefix".len()..], r, "{}: urljoin_into differs", ctx()),
        (Err(a), Err(b)) => assert!(a == b && out == "prefix", "{}: urljoin_into fails differently or wrote {out:?}", ctx()),
        _ => panic!("{}: urljoin_into gives {joined:?}", ctx()),
    }
    if base.is_empty() {
        assert_eq!(joined, Ok(Joined::Url), "{}: `if not base: return url`", ctx());
    } else if url.is_empty() {
        assert_eq!(joined, Ok(Joined::Base), "{}: `if not url: return base`", ctx());
    } else {
        let first_error =
            urllib.urlsplit(base, "", allow, &mut Lenient).err().or_else(|| urllib.urlsplit(url, "", allow, &mut Lenient).err());
        assert_eq!(result.as_ref().err(), first_error.as_ref(), "{}: not the error of urlsplit", ctx());
    }

    let mut recording = Recording::default();
    assert_eq!(urllib.urljoin(base, url, allow, &mut recording), result, "{}: other checks, other answer", ctx());
    assert!(
        recording.netlocs.iter().all(|n| !n.is_ascii()),
        "{}: _checknetloc called with an ASCII net_loc: {:?}",
        ctx(),
        recording.netlocs
    );
    if urllib.dialect().brackets == Brackets::None {
        assert!(recording.bracketed_hosts.is_empty(), "{}: _check_bracketed_host called before 3.11.4", ctx());
    }
    let called = !recording.netlocs.is_empty() || !recording.bracketed_hosts.is_empty();
    let rejected = urllib.urljoin(base, url, allow, &mut Reject);
    match (&result, called) {
        (Ok(r), false) => assert_eq!(rejected.as_deref().ok(), Some(&**r), "{}: no check was called, yet {rejected:?}", ctx()),
        (Ok(_), true) => assert_eq!(rejected, Err(UrllibError::Check(())), "{}: a check was called and rejected, yet {rejected:?}", ctx()),
        (Err(e), false) => assert_eq!(rejected, Err(as_other(e)), "{}: no check was called, yet {rejected:?}", ctx()),
        (Err(_), true) => assert!(rejected.is_err(), "{}: a check rejected, yet {rejected:?}", ctx()),
    }

    for input in [base, url] {
        check_urlsplit(urllib, version, input, allow);
    }

    if let (Ok(j), Ok(Joined::Written)) = (&result, &joined) {
        let rule = urllib.dialect().unsplit;
        // Only against a base with a scheme, so that the result was written from
        // components: against a base without one, a path merge can write a path that
        // only reads back as a URL, and not as itself: `/+` + `/../\x16http://h/` =
        // `\x16http://h/` (urlsplit strips the `\x16`), `+` + `/../HTTP://h` = `HTTP://h`
        // (the scheme is lowered), `+` + `/../http://h#x` = `http://h#x` with fragments
        // not allowed (the `#x` is a path, written back as `/#x`).
        let base_scheme = urllib.urlsplit(base, "", allow, &mut Lenient).is_ok_and(|b| !b.scheme.is_empty());
        if rule != Unsplit::AddAuthority && base_scheme {
            if let Ok(s) = urllib.urlsplit(j, "", allow, &mut Lenient) {
                if !s.scheme.is_empty() && !s.netloc.is_empty() {
                    let again = urllib.urljoin(j, j, allow, &mut Lenient);
                    assert_eq!(again.as_deref(), Ok(&**j), "{}: urljoin(result, result) differs", ctx());
                }
            }
        }
        assert_eq!(urllib.urljoin(j, "", allow, &mut Lenient).as_deref(), Ok(&**j), "{}: urljoin(result, '')", ctx());
    }
}

/// `urlsplit`, `urlparse`, `urlunsplit`, `urlunparse` of one input, as CPython's source
/// makes them:
///
/// - `urlparse` fails exactly when `urlsplit` does; otherwise it has the same scheme,
///   net_loc, query and fragment, and its path is `urlsplit`'s, or that path split at a `;`
///   (`_splitparams`) into path `;` params;
/// - the scheme is lower-case scheme characters; the net_loc holds no `/?#`, the path no
///   `?` (nor `#` with fragments allowed), the query no `#` with fragments allowed; from
///   3.9.5 on no component holds `\t`, `\r` or `\n`;
/// - with non-empty params, `urlunparse(urlparse(u)) == urlunsplit(urlsplit(u))` (not in
///   3.14, whose `urlunparse` looks at the path before adding `;params`);
/// - from 3.12.4 on (gh-67693), `urlunsplit(urlsplit(u))` splits again without an error
///   and is a fixed point of `urlunsplit(urlsplit(.))`; the same for `urlunparse` and
///   `urlparse`. (Not before: `////` writes back as `//`, which reads back as an empty
///   net_loc and writes back as ``; `////]` writes back as `//]`, an invalid IPv6 URL.)
pub fn check_urlsplit(urllib: &Urllib, version: (u8, u8, u8), input: &str, allow: bool) {
    let split = urllib.urlsplit(input, "", allow, &mut Lenient);
    let parsed = urllib.urlparse(input, "", allow, &mut Lenient);
    let ctx = || format!("urllib {version:?} urlsplit({input:?}, allow_fragments={allow}) = {split:?}");
    let (s, p) = match (&split, &parsed) {
        (Ok(s), Ok(p)) => (s, p),
        (Err(a), Err(b)) => return assert_eq!(a, b, "{}: urlparse fails differently", ctx()),
        _ => panic!("{}: urlparse gives {parsed:?}", ctx()),
    };
    assert_eq!(
        (&p.scheme, &p.netloc, &p.query, &p.fragment),
        (&s.scheme, &s.netloc, &s.query, &s.fragment),
        "{}: urlparse gives {p:?}",
        ctx()
    );
    assert!(
        (p.path == s.path && p.params.is_empty()) || format!("{};{}", p.path, p.params) == s.path,
        "{}: urlparse's path and params {:?} {:?}",
        ctx(),
        p.path,
        p.params
    );
    assert!(s.scheme.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.')), "{}: scheme", ctx());
    assert!(!s.netloc.contains(['/', '?', '#']), "{}: net_loc", ctx());
    assert!(!s.path.contains('?'), "{}: path", ctx());
    assert!(!allow || !s.path.contains('#'), "{}: path", ctx());
    assert!(!(allow && s.query.contains('#')), "{}: query", ctx());
    if urllib.dialect().remove_tab_newline {
        for c in [&s.scheme, &s.netloc, &s.path, &s.query, &s.fragment] {
            assert!(!c.contains(['\t', '\r', '\n']), "{}: a tab or newline is left", ctx());
        }
    }
    let rule = urllib.dialect().unsplit;
    if !p.params.is_empty() && rule != Unsplit::KeepPathBeforeParams {
        assert_eq!(urllib.urlunparse(p), urllib.urlunsplit(s), "{}: urlunparse and urlunsplit differ", ctx());
    }
    if rule != Unsplit::AddAuthority {
        let once = urllib.urlunsplit(s);
        let again: Result<SplitResult<'_>, _> = urllib.urlsplit(&once, "", allow, &mut Lenient);
        let again = again.unwrap_or_else(|e| panic!("{}: urlunsplit wrote {once:?}, which fails: {e:?}", ctx()));
        assert_eq!(urllib.urlunsplit(&again), once, "{}: urlunsplit wrote {once:?}, not a fixed point", ctx());
        let once = urllib.urlunparse(p);
        let again: Result<ParseResult<'_>, _> = urllib.urlparse(&once, "", allow, &mut Lenient);
        let again = again.unwrap_or_else(|e| panic!("{}: urlunparse wrote {once:?}, which fails: {e:?}", ctx()));
        assert_eq!(urllib.urlunparse(&again), once, "{}: urlunparse wrote {once:?}, not a fixed point", ctx());
    }
}

// --- base_header: RFC 1808 §3 base establishment ------------------------------------------

/// RFC 1808 §3.1's `Base` header read literally, as an independent oracle for
/// [`base_from_header`]: optional leading whitespace and `Base` `:` (case-insensitive),
/// `<`, up to the first `>` with every ASCII whitespace inside dropped, `URL:`
/// (case-insensitive), a non-empty URL with a scheme (§2.4.2), only whitespace after `>`.
pub fn oracle_base_header(s: &str) -> Option<String> {
    let ws = |c: char| c.is_ascii_whitespace();
    let mut t = s.trim_start_matches(ws);
    if t.len() >= 4 && t.as_bytes()[..4].eq_ignore_ascii_case(b"base") {
        if let Some(after) = t[4..].trim_start_matches(ws).strip_prefix(':') {
            t = after.trim_start_matches(ws);
        }
    }
    let (inside, after) = t.strip_prefix('<')?.split_once('>')?;
    if !after.trim_start_matches(ws).is_empty() {
        return None;
    }
    let compact: String = inside.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    if compact.len() < 4 || !compact.as_bytes()[..4].eq_ignore_ascii_case(b"URL:") {
        return None;
    }
    let url = &compact[4..];
    (!url.is_empty() && oracle_rfc1808(url).scheme.is_some()).then(|| url.to_owned())
}

/// `base_from_header` on one value: it answers as [`oracle_base_header`]; a URL is
/// non-empty, without ASCII whitespace or `>`, has a scheme, is the value's characters in
/// order (a slice of it when borrowed), and reads back from `<URL:url>` and `Base:
/// <URL:url>` as itself; an error is a `BadBaseHeader` whose index is within the value, on
/// a char boundary, and at what its reason names.
pub fn check_base_from_header(value: &str) {
    let got = base_from_header(value);
    let ctx = || format!("base_from_header({value:?}) = {got:?}");
    assert_eq!(got.as_deref().ok(), oracle_base_header(value).as_deref(), "{}: the literal reading differs", ctx());
    match &got {
        Ok(url) => {
            assert!(!url.is_empty() && !url.contains(|c: char| c.is_ascii_whitespace() || c == '>'), "{}", ctx());
            assert!(parse(url).expect("parse").has_scheme(), "{}: no scheme", ctx());
            let mut rest = value.chars();
            assert!(url.chars().all(|c| rest.any(|v| v == c)), "{}: not the value's characters in order", ctx());
            if let Cow::Borrowed(slice) = url {
                assert!(value.contains(slice), "{}: borrowed but not a slice", ctx());
            }
            for again in [format!("<URL:{url}>"), format!("Base: <URL:{url}>")] {
                assert_eq!(base_from_header(&again).as_deref(), Ok(&**url), "{}: {again:?} reads back differently", ctx());
            }
        }
        Err(e) => {
            let ErrorKind::BadBaseHeader { reason } = e.kind() else { panic!("{}: not a BadBaseHeader", ctx()) };
            assert!(e.offset() <= value.len() && value.is_char_boundary(e.offset()), "{}: offset {}", ctx(), e.offset());
            let (before, at) = value.split_at(e.offset());
            let fits = if reason.starts_with("expected '<URL:'") {
                !at.starts_with('<')
            } else if reason.starts_with("missing '>'") {
                at.is_empty()
            } else if reason.starts_with("text after") {
                at.starts_with(|c: char| !c.is_ascii_whitespace()) && before.contains('>')
            } else if reason.starts_with("expected 'URL:'") || reason.starts_with("the base URL must be absolute") {
                before.ends_with('<')
            } else if reason.starts_with("the base header names no URL") {
                at.starts_with('>')
            } else {
                true
            };
            assert!(fits, "{}: {reason:?} at {at:?}", ctx());
        }
    }
}

/// Target `base_header`: `flags` then NUL-separated fields. Bit 0 of `flags` chooses the
/// spec (RFC 1808, RFC 3986); bits 1, 2, 3 say whether the retrieval URL, the
/// encapsulating base and the HTML `<base href>` are given, each taking the next field in
/// that order; every other field is a header `name:value` (split at the first `:`).
///
/// - [`check_base_from_header`] on the whole text and on every field and header value;
/// - `establish_base` fails exactly when the first `Base` header is not of the §3.1 form,
///   with `base_from_header`'s error;
/// - otherwise its URL and source are those of the layers taken from the outside in
///   (retrieval, encapsulating, the most specific header that defines a base, HTML): a
///   layer defines the base when it is non-empty (after stripping ASCII whitespace) and,
///   resolved against the base so far with `resolve` / `rfc3986::resolve`, is not a URL with
///   an opaque path (a scheme, no net_loc, a path not starting with `/`);
/// - its URL never has an opaque path, and has the scheme of the innermost layer taken
///   that has one; in RFC 1808, it has none when no layer taken has one.
pub fn check_base_header(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else { return };
    let spec = if flags & 1 == 0 { Spec::Rfc1808 } else { Spec::Rfc3986 };
    let text = text(rest);
    let text: &str = &text;
    check_base_from_header(text);
    let mut fields = text.split('\0');
    let mut take = |bit: u8| if flags & bit != 0 { fields.next() } else { None };
    let retrieval_url = take(2);
    let encapsulating_base = take(4);
    let html_base_href = take(8);
    let headers: Vec<(&str, &str)> = fields.map(|f| f.split_once(':').unwrap_or((f, ""))).collect();
    if text.contains('\0') {
        for field in text.split('\0') {
            check_base_from_header(field);
        }
    }
    for (_, value) in &headers {
        check_base_from_header(value);
    }

    let inputs = BaseInputs { retrieval_url, headers: &headers, html_base_href, encapsulating_base };
    let result = establish_base(&inputs, spec);
    let ctx = || format!("{spec}: establish_base({inputs:?}) = {result:?}");

    let header = |name: &str| headers.iter().find(|(n, _)| n.trim().eq_ignore_ascii_case(name)).map(|(_, v)| *v);
    let base_header = match header("Base").map(base_from_header) {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(e)) => return assert_eq!(result, Err(e), "{}: not the Base header's error", ctx()),
    };
    // Groups of layers from the outside in; of each group, the first that defines a base.
    let groups: [Vec<(Cow<'_, str>, BaseSource)>; 4] = [
        retrieval_url.map(|v| (Cow::Borrowed(v), BaseSource::Retrieval)).into_iter().collect(),
        encapsulating_base.map(|v| (Cow::Borrowed(v), BaseSource::Encapsulating)).into_iter().collect(),
        [
            base_header.map(|v| (v, BaseSource::BaseHeader)),
            header("Content-Base").map(|v| (Cow::Borrowed(v), BaseSource::ContentBase)),
            header("Content-Location").map(|v| (Cow::Borrowed(v), BaseSource::ContentLocation)),
        ]
        .into_iter()
        .flatten()
        .collect(),
        html_base_href.map(|v| (Cow::Borrowed(v), BaseSource::HtmlBase)).into_iter().collect(),
    ];

    let (mut url, mut source, mut scheme) = (String::new(), BaseSource::Empty, None);
    for group in &groups {
        for (value, from) in group {
            let value = strip_ascii_whitespace(value);
            if value.is_empty() {
                continue;
            }
            let resolved = resolve_by(spec, &url, value);
            if has_opaque_path(&resolved, spec) {
                continue;
            }
            url = resolved;
            source = *from;
            let v = AnyUrl::parse_owned(value, spec).expect("parse");
            if v.has_scheme() {
                scheme = Some(v.scheme().to_owned());
            }
            break;
        }
    }
    let base = result.as_ref().unwrap_or_else(|e| panic!("{}: fails without a bad Base header: {e}", ctx()));
    assert_eq!((base.url.as_str(), base.source), (url.as_str(), source), "{}: not the layers resolved in turn", ctx());
    assert!(!has_opaque_path(&base.url, spec), "{}: a base with an opaque path", ctx());
    let p = AnyUrl::parse_owned(base.url.as_str(), spec).expect("parse");
    match &scheme {
        Some(s) => assert_eq!(p.scheme_if_any(), Some(s.as_str()), "{}: not the innermost scheme {s:?}", ctx()),
        None if spec == Spec::Rfc1808 => assert!(!p.has_scheme(), "{}: a scheme from no layer", ctx()),
        None => {}
    }
}

/// Whether `url` has a scheme and neither a net_loc nor a path starting with `/`: the URL
/// Standard's opaque path, against which no relative reference resolves.
fn has_opaque_path(url: &str, spec: Spec) -> bool {
    let p = AnyUrl::parse_owned(url, spec).expect("parse");
    p.has_scheme() && !p.has_netloc() && !p.path().starts_with('/')
}

/// `reference` resolved against `base` by `spec`'s string API.
fn resolve_by(spec: Spec, base: &str, reference: &str) -> String {
    match spec {
        Spec::Rfc1808 => resolve(base, reference),
        Spec::Rfc3986 => rfc3986::resolve(base, reference),
        Spec::Whatwg => unreachable!("the RFC targets only; the URL Standard has the `whatwg` target"),
    }
    .expect("resolve never fails below 4 GiB")
}

trait SchemeIfAny {
    fn scheme_if_any(&self) -> Option<&str>;
}

impl<S: AsRef<str>> SchemeIfAny for AnyUrl<S> {
    fn scheme_if_any(&self) -> Option<&str> {
        self.has_scheme().then(|| self.scheme())
    }
}

// --- extract_links: HTML link extraction -------------------------------------------------

/// The page URL of the `extract_links` target: RFC 3986 §5.4's base.
pub const PAGE_URL: &str = RFC3986_BASE;

/// The (element, attribute) pairs that `relurl::links` reports.
const LINK_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("a", &["href"]),
    ("area", &["href"]),
    ("link", &["href", "imagesrcset"]),
    ("img", &["src", "srcset"]),
    ("script", &["src"]),
    ("iframe", &["src"]),
    ("frame", &["src"]),
    ("embed", &["src"]),
    ("source", &["src", "srcset"]),
    ("audio", &["src"]),
    ("video", &["src", "poster"]),
    ("track", &["src"]),
    ("input", &["src", "formaction"]),
    ("button", &["formaction"]),
    ("form", &["action"]),
    ("blockquote", &["cite"]),
    ("q", &["cite"]),
    ("ins", &["cite"]),
    ("del", &["cite"]),
    ("object", &["data"]),
    ("meta", &["content"]),
];

/// Target `extract_links`: the input is a page retrieved from [`PAGE_URL`], without
/// headers. `extract_links` on it as lossy UTF-8 text in both specs and with
/// `skip_special`, `extract_links_from_bytes` on the bytes:
///
/// - neither fails (only a 4 GiB value or a failing tokenizer could);
/// - [`check_page`] for each;
/// - both specs find the same links (element, attribute, raw value, special);
/// - `skip_special` leaves out exactly the links flagged special;
/// - an ASCII page gives the same answer as text and as bytes (a `<meta charset>` can only
///   switch to an ASCII-compatible encoding).
pub fn check_extract_links(data: &[u8]) {
    let html = text(data);
    let html: &str = &html;
    let options = |spec, skip_special| Options { spec, skip_special };
    let extract = |spec, skip_special| {
        extract_links(html, PAGE_URL, &[], options(spec, skip_special)).unwrap_or_else(|e| panic!("extract_links fails on {html:?}: {e}"))
    };
    let base_href = first_base_href(html).expect("the tokenizer does not fail");
    let page = extract(Spec::Rfc1808, false);
    check_page(&page, Spec::Rfc1808, base_href.as_deref(), html);
    let page3 = extract(Spec::Rfc3986, false);
    check_page(&page3, Spec::Rfc3986, base_href.as_deref(), html);
    let what = |p: &PageLinks| p.links.iter().map(|l| (l.tag, l.attr, l.raw.clone(), l.special)).collect::<Vec<_>>();
    assert_eq!(what(&page), what(&page3), "{html:?}: RFC 1808 and RFC 3986 find different links");
    let skipped = extract(Spec::Rfc1808, true);
    assert_eq!(skipped.base, page.base, "{html:?}: skip_special changes the base");
    let kept: Vec<_> = page.links.iter().filter(|l| l.special.is_none()).cloned().collect();
    assert_eq!(skipped.links, kept, "{html:?}: skip_special does not leave out exactly the special links");

    let from_bytes = extract_links_from_bytes(data, PAGE_URL, &[], options(Spec::Rfc1808, false))
        .unwrap_or_else(|e| panic!("extract_links_from_bytes fails on {data:?}: {e}"));
    check_page(&from_bytes, Spec::Rfc1808, first_base_href_from_bytes(data, &[]).expect("the tokenizer does not fail").as_deref(), html);
    if data.is_ascii() {
        assert_eq!(from_bytes, page, "{html:?}: an ASCII page gives other links as bytes");
    }
}

/// One page's links: the base is `establish_base` of [`PAGE_URL`] and the first `<base
/// href>` (the `HtmlBase` when its href is not empty after stripping and does not resolve to
/// a URL with an opaque path, else the page URL); every link's URL is its raw value,
/// stripped of ASCII whitespace, resolved against that base by `resolve` /
/// `rfc3986::resolve`, and flagged as `Special::of` that value says, else as `Special::of`
/// its URL says (so a `javascript:`, `mailto:` or `data:` URL is always flagged);
/// every (element, attribute) is one of the table's; a `srcset` (or `imagesrcset`)
/// candidate is non-empty, without ASCII whitespace and not ending in `,`; a `content` is a
/// `<meta>`'s; `rel` tokens only on `a`, `area` and `link`, each non-empty, without ASCII
/// whitespace or upper case, and distinct.
pub fn check_page(page: &PageLinks, spec: Spec, base_href: Option<&str>, html: &str) {
    let inputs = BaseInputs { retrieval_url: Some(PAGE_URL), html_base_href: base_href, ..BaseInputs::default() };
    let base = establish_base(&inputs, spec).expect("no Base header");
    assert_eq!(page.base, base, "{spec}: {html:?}: the base is not that of the first <base href> {base_href:?}");
    let from_html =
        base_href.map(strip_ascii_whitespace).is_some_and(|h| !h.is_empty() && !has_opaque_path(&resolve_by(spec, PAGE_URL, h), spec));
    let expected_source = if from_html { BaseSource::HtmlBase } else { BaseSource::Retrieval };
    assert_eq!(base.source, expected_source, "{spec}: {html:?}: base {base:?} for <base href> {base_href:?}");
    for link in &page.links {
        let stripped = strip_ascii_whitespace(&link.raw);
        let ctx = || format!("{spec}: {html:?}: {link:?} against the base {:?}", page.base.url);
        assert_eq!(link.url, resolve_by(spec, &page.base.url, stripped), "{}: not its raw value resolved", ctx());
        assert_eq!(link.special, Special::of(stripped).or_else(|| Special::of(&link.url)), "{}: special", ctx());
        if Special::of(&link.url).is_some_and(|s| s != Special::Fragment) {
            assert!(link.special.is_some(), "{}: a javascript:, mailto: or data: URL unflagged", ctx());
        }
        assert!(
            LINK_ATTRIBUTES.iter().any(|(tag, attrs)| *tag == link.tag && attrs.contains(&link.attr)),
            "{}: an element or attribute not in the table",
            ctx()
        );
        assert!(link.rel.is_empty() || ["a", "area", "link"].contains(&link.tag), "{}: rel on another element", ctx());
        for (i, token) in link.rel.iter().enumerate() {
            let bad = token.is_empty() || token.contains(|c: char| c.is_ascii_whitespace() || c.is_ascii_uppercase());
            assert!(!bad && !link.rel[..i].contains(token), "{}: rel token {token:?}", ctx());
        }
        if link.attr.ends_with("srcset") {
            assert!(
                !link.raw.is_empty() && !link.raw.contains(|c: char| c.is_ascii_whitespace()) && !link.raw.ends_with(','),
                "{}: not a srcset candidate URL",
                ctx()
            );
        }
    }
}
