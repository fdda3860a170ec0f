//! Target `urljoin`: the urllib.parse twin in eight CPython dialects ([`check_urljoin`],
//! [`check_urlsplit`]).

use std::convert::Infallible;
use std::sync::LazyLock;

use relurl::urllib::{Brackets, Checks, Joined, Lenient, ParseResult, Refusing, SplitResult, Unsplit, Urllib, UrllibError};

use crate::common::{split, RFC3986_BASE};

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
    let rejected = urllib.urljoin(base, url, allow, &mut Refusing);
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
