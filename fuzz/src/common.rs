//! What the targets share: the input mapping (`text`, `split`, the RFCs' example bases),
//! the components of a URL and the two independent readings of them (RFC 1808 §2.4, RFC 3986
//! Appendix B), the agreement of the two resolve targets' RFCs, and the RFC string API by spec.

use std::borrow::Cow;

use relurl::{parse, resolve, rfc3986, AnyUrl, Grammar, Spec, Url};

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
    pub(crate) fn without_empty(self) -> Self {
        let drop_empty = |c: Option<&'a str>| c.filter(|v| !v.is_empty());
        Parts { params: drop_empty(self.params), query: drop_empty(self.query), fragment: drop_empty(self.fragment), ..self }
    }

    pub(crate) fn has_empty_delimited(&self) -> bool {
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

/// Whether `url` has a scheme and neither a net_loc nor a path starting with `/`: the URL
/// Standard's opaque path, against which no relative reference resolves.
pub(crate) fn has_opaque_path(url: &str, spec: Spec) -> bool {
    let p = AnyUrl::parse_owned(url, spec).expect("parse");
    p.has_scheme() && !p.has_netloc() && !p.path().starts_with('/')
}

/// `reference` resolved against `base` by `spec`'s string API.
pub(crate) fn resolve_by(spec: Spec, base: &str, reference: &str) -> String {
    match spec {
        Spec::Rfc1808 => resolve(base, reference),
        Spec::Rfc3986 => rfc3986::resolve(base, reference),
        Spec::Whatwg => unreachable!("the RFC targets only; the URL Standard has the `whatwg` target"),
    }
    .expect("resolve never fails below 4 GiB")
}
