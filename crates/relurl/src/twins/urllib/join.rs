//! `urljoin`: the two algorithms of [`JoinRule`], and the RFC 3986 §5.2 path merge as urllib
//! writes it (a segment list), done on the output string as a stack.

use std::borrow::Cow;

use super::dialect::{JoinRule, Unsplit};
use super::split::{prepare_url, split, splitparams, Parts};
use super::types::{Checks, Joined, Refusing, Urllib, UrllibError};
use super::unsplit::{authority_for_empty_netloc, write_defined, write_unparse, Components, Head};
use crate::common::recombine::write_tail_non_empty;

/// `urljoin(base, url, allow_fragments)`.
pub(crate) fn urljoin<C: Checks>(
    urllib: &Urllib,
    base: &str,
    url: &str,
    allow_fragments: bool,
    checks: &mut C,
    out: &mut String,
) -> Result<Joined, UrllibError<C::Error>> {
    // `if not base: return url`, `if not url: return base` (before any parsing).
    if base.is_empty() {
        return Ok(Joined::Url);
    }
    if url.is_empty() {
        return Ok(Joined::Base);
    }
    let dialect = *urllib.dialect();
    let base = prepare_url(dialect, base);
    let b = split(dialect, &base, allow_fragments, checks)?;
    join_split(urllib, &b, url, allow_fragments, checks, out)
}

/// The rest of `urljoin` once the base is split: the URL's split, then the join.
fn join_split<C: Checks>(
    urllib: &Urllib,
    b: &Parts<'_>,
    url: &str,
    allow_fragments: bool,
    checks: &mut C,
    out: &mut String,
) -> Result<Joined, UrllibError<C::Error>> {
    let dialect = *urllib.dialect();
    let url = prepare_url(dialect, url);
    let r = split(dialect, &url, allow_fragments, checks)?;
    Ok(match dialect.join {
        JoinRule::Parse => join_parsed(urllib, b, &r, out),
        JoinRule::Defined => join_defined(urllib, b, &r, out),
    })
}

/// A base URL split once for many joins (urllib splits it again on each call): kept only when
/// its split needs neither a copy (no `\t`, `\r`, `\n` to delete) nor one of the [`Checks`]
/// (no bracket, an ASCII net_loc), so that a join against it calls the same checks, in the
/// same order, as `urljoin(base, url)` does.
#[derive(Debug, Clone)]
pub(crate) struct SplitBase<'a> {
    parts: Parts<'a>,
}

impl<'a> SplitBase<'a> {
    /// `base` split as `urljoin(base, url, allow_fragments)` splits it; `None` when the base
    /// is empty (`urljoin` then returns `url` unsplit) or is not kept (see [`SplitBase`]).
    pub(crate) fn new(urllib: &Urllib, base: &'a str, allow_fragments: bool) -> Option<Self> {
        if base.is_empty() {
            return None;
        }
        let dialect = *urllib.dialect();
        let Cow::Borrowed(base) = prepare_url(dialect, base) else { return None };
        split(dialect, base, allow_fragments, &mut Refusing).ok().map(|parts| Self { parts })
    }
}

/// `urljoin(base, url, allow_fragments)` against a base split already (with the same
/// `allow_fragments`): [`urljoin`] without the base's split. `Joined::Base` stands for the
/// base's own text.
pub(crate) fn urljoin_split<C: Checks>(
    urllib: &Urllib,
    base: &SplitBase<'_>,
    url: &str,
    allow_fragments: bool,
    checks: &mut C,
    out: &mut String,
) -> Result<Joined, UrllibError<C::Error>> {
    if url.is_empty() {
        return Ok(Joined::Base);
    }
    join_split(urllib, &base.parts, url, allow_fragments, checks, out)
}

/// 3.5 to 3.13: `urlparse(base, '')` and `urlparse(url, bscheme)`, absent components `''`,
/// results through `urlunparse`.
fn join_parsed(urllib: &Urllib, b: &Parts<'_>, r: &Parts<'_>, out: &mut String) -> Joined {
    let schemes = urllib.schemes();
    let bscheme = b.scheme_or_empty();
    let scheme = r.scheme.as_deref().unwrap_or(bscheme);
    let (bpath, bparams) = params_of(urllib, bscheme, b.path);
    let (path, params) = params_of(urllib, scheme, r.path);
    let (query, fragment) = (r.query.unwrap_or(""), r.fragment.unwrap_or(""));

    if !same(scheme, bscheme) || !schemes.uses_relative.contains(scheme) {
        return Joined::Url;
    }
    let rule = urllib.dialect().unsplit;
    let mut netloc = r.netloc.unwrap_or("");
    if schemes.uses_netloc.contains(scheme) {
        if !netloc.is_empty() {
            let c = Components { scheme, netloc, path, params, query, fragment };
            write_unparse(out, rule, &schemes.uses_netloc, &c);
            return Joined::Written;
        }
        netloc = b.netloc.unwrap_or("");
    }
    if path.is_empty() && params.is_empty() {
        let query = if query.is_empty() { b.query.unwrap_or("") } else { query };
        let c = Components { scheme, netloc, path: bpath, params: bparams, query, fragment };
        write_unparse(out, rule, &schemes.uses_netloc, &c);
        return Joined::Written;
    }

    // The merge's output is written in place; `urlunparse`'s `//` comes before it.
    push_scheme(out, scheme);
    let netloc_written = !netloc.is_empty();
    if netloc_written {
        out.push_str("//");
        out.push_str(netloc);
    }
    let start = out.len();
    merge_paths(out, bpath, path);
    let head = Head::of(&out[start..], "");
    if netloc_written {
        slash_before_relative_path(out, start, head);
    } else {
        let netloc_scheme = !scheme.is_empty() && schemes.uses_netloc.contains(scheme);
        if authority_for_empty_netloc(rule, netloc_scheme, head, head) {
            out.insert_str(start, "//");
            if rule == Unsplit::AddAuthority {
                slash_before_relative_path(out, start + 2, head);
            }
        }
    }
    write_tail_non_empty(out, params, query, fragment);
    Joined::Written
}

/// `urlparse`: `if scheme in uses_params and ';' in url: url, params = _splitparams(url)`.
fn params_of<'a>(urllib: &Urllib, scheme: &str, path: &'a str) -> (&'a str, &'a str) {
    if urllib.schemes().uses_params.contains(scheme) && memchr::memchr(b';', path.as_bytes()).is_some() {
        splitparams(path)
    } else {
        (path, "")
    }
}

/// 3.14: `_urlsplit(base, None)` and `_urlsplit(url, None)`, absent components `None`,
/// results through `_urlunsplit`.
fn join_defined(urllib: &Urllib, b: &Parts<'_>, r: &Parts<'_>, out: &mut String) -> Joined {
    let schemes = urllib.schemes();
    let bscheme = b.scheme.as_deref();
    // `if scheme is None: scheme = bscheme`
    let scheme = r.scheme.as_deref().or(bscheme);
    // `if scheme != bscheme or (scheme and scheme not in uses_relative): return url`
    let truthy = scheme.filter(|s| !s.is_empty());
    let same_scheme = match (scheme, bscheme) {
        (Some(a), Some(b)) => same(a, b),
        (a, b) => a.is_none() && b.is_none(),
    };
    if !same_scheme || truthy.is_some_and(|s| !schemes.uses_relative.contains(s)) {
        return Joined::Url;
    }
    let mut netloc = r.netloc;
    // `if not scheme or scheme in uses_netloc:`
    if truthy.is_none_or(|s| schemes.uses_netloc.contains(s)) {
        if netloc.is_some_and(|n| !n.is_empty()) {
            write_defined(out, scheme, netloc, r.path, r.query, r.fragment);
            return Joined::Written;
        }
        netloc = b.netloc;
    }
    if r.path.is_empty() {
        // `if query is None: query = bquery; if fragment is None: fragment = bfragment`
        let (query, fragment) = match r.query {
            None => (b.query, r.fragment.or(b.fragment)),
            Some(_) => (r.query, r.fragment),
        };
        write_defined(out, scheme, netloc, b.path, query, fragment);
        return Joined::Written;
    }

    if let Some(scheme) = truthy {
        push_scheme(out, scheme);
    }
    if let Some(netloc) = netloc {
        out.push_str("//");
        out.push_str(netloc);
    }
    let start = out.len();
    merge_paths(out, b.path, r.path);
    let head = Head::of(&out[start..], "");
    if netloc.is_some() {
        slash_before_relative_path(out, start, head);
    } else if head.double_slash {
        out.insert_str(start, "//");
    }
    if let Some(query) = r.query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        out.push('#');
        out.push_str(fragment);
    }
    Joined::Written
}

/// `a == b` for short strings without a call to `memcmp` (which costs more than the
/// comparison for a scheme of a few bytes).
#[inline]
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

fn push_scheme(out: &mut String, scheme: &str) {
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
}

/// `if url and url[:1] != '/': url = '/' + url`, for the path written from `start`.
fn slash_before_relative_path(out: &mut String, start: usize, head: Head) {
    if !head.empty && !head.slash {
        out.insert(start, '/');
    }
}

/// The resolved path, a stack of segments joined by `/` in `out[start..]` (`count` of them:
/// `[]` and `[""]` both read as `""`). A segment holds no `/`, so popping one truncates at
/// the last `/`; each byte is pushed once and popped at most once: linear time.
struct Stack<'o> {
    out: &'o mut String,
    start: usize,
    count: usize,
}

impl Stack<'_> {
    /// `resolved_path.append(seg)`
    fn push(&mut self, segment: &str) {
        if self.count > 0 {
            self.out.push('/');
        }
        self.out.push_str(segment);
        self.count += 1;
    }

    /// `resolved_path.pop()`, where an `IndexError` is ignored.
    fn pop(&mut self) {
        match self.count {
            0 => return,
            1 => self.out.truncate(self.start),
            _ => {
                let last = memchr::memrchr(b'/', &self.out.as_bytes()[self.start..]).unwrap_or(0);
                self.out.truncate(self.start + last);
            }
        }
        self.count -= 1;
    }

    /// One turn of urljoin's loop: `..` pops, `.` is skipped, anything else is pushed.
    fn apply(&mut self, segment: &str) {
        match segment.as_bytes() {
            [b'.', b'.'] => self.pop(),
            [b'.'] => {}
            _ => self.push(segment),
        }
    }
}

/// `text.split('/')` (`None`: no segments at all), scanning bytes: segments are short.
struct Segments<'a>(Option<&'a str>);

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let text = self.0?;
        if let Some(i) = text.bytes().position(|b| b == b'/') {
            self.0 = Some(&text[i + 1..]);
            Some(&text[..i])
        } else {
            self.0 = None;
            Some(text)
        }
    }
}

/// Appends `'/'.join(resolved_path) or '/'` for a non-empty relative `path` (or one with
/// params apart) against `bpath`:
///
/// ```python
/// base_parts = bpath.split('/')
/// if base_parts[-1] != '': del base_parts[-1]
/// if path[:1] == '/': segments = path.split('/')
/// else:
///     segments = base_parts + path.split('/')
///     segments[1:-1] = filter(None, segments[1:-1])
/// ```
///
/// then `..`, `.` and the `''` appended after a last `.` or `..`.
fn merge_paths(out: &mut String, bpath: &str, path: &str) {
    let start = out.len();
    out.reserve(bpath.len() + path.len() + 1);
    let mut stack = Stack { out, start, count: 0 };
    let mut last = "";
    if path.starts_with('/') {
        for segment in Segments(Some(path)) {
            stack.apply(segment);
            last = segment;
        }
    } else {
        // `base_parts`: `bpath.split('/')` without its last item unless that is `''`.
        let (dir, keep_last_empty) = match bpath.rfind('/') {
            Some(i) => (Some(&bpath[..i]), i + 1 == bpath.len()),
            None => (None, bpath.is_empty()),
        };
        let base_parts = Segments(dir).chain(keep_last_empty.then_some(""));
        // The filter keeps the first and the last segment even when empty.
        let mut first = true;
        for segment in base_parts {
            if first || !segment.is_empty() {
                stack.apply(segment);
            }
            first = false;
        }
        let mut segments = Segments(Some(path)).peekable();
        while let Some(segment) = segments.next() {
            let is_last = segments.peek().is_none();
            if first || is_last || !segment.is_empty() {
                stack.apply(segment);
            }
            first = false;
            last = segment;
        }
    }
    if matches!(last.as_bytes(), [b'.'] | [b'.', b'.']) {
        stack.push("");
    }
    if out.len() == start {
        out.push('/');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that record their calls and refuse a host or net_loc holding `!`.
    #[derive(Default)]
    struct Recorded(Vec<String>);

    impl Checks for Recorded {
        type Error = String;

        fn bracketed_host(&mut self, hostname: &str) -> Result<(), String> {
            self.0.push(format!("host {hostname}"));
            if hostname.contains('!') {
                Err(hostname.to_owned())
            } else {
                Ok(())
            }
        }

        fn netloc(&mut self, netloc: &str) -> Result<(), String> {
            self.0.push(format!("netloc {netloc}"));
            if netloc.contains('!') {
                Err(netloc.to_owned())
            } else {
                Ok(())
            }
        }
    }

    /// A base split once joins as `urljoin` does: the same answer, error and checks, for
    /// every dialect, including bases that cannot be split once (brackets, a non-ASCII
    /// net_loc, a tab) and empty arguments.
    #[test]
    fn a_split_base_joins_as_urljoin() {
        let bases = [
            "http://a/b/c/d;p?q#f",
            "https://example.com",
            "http://[::1]:80/x/",
            "http://[!]/x",
            "http://ä.com/x/y",
            "http://!ä/x",
            "http://a\t/b/c",
            "  http://a/b",
            "HTTP://A/b/",
            "mailto:x@y",
            "a/b/c",
            "//a/b",
            "",
            "http://a/b/c?q#",
        ];
        let urls = [
            "",
            "g",
            "../g",
            "/g",
            "//b/c",
            "?y",
            "#s",
            ";x",
            "http://o/p",
            "HTTPS://o",
            "mailto:q",
            "http:g",
            "..",
            ".",
            "g/..",
            "http://[::2]/",
            "http://[/",
            "//ä/",
            "//!ä/",
            "\tg",
            "g?q#f",
            "//",
        ];
        for (minor, micro) in (9..=14).flat_map(|minor| [(minor, 0), (minor, 20)]) {
            let urllib = Urllib::cpython(3, minor, micro);
            for base in bases {
                for allow_fragments in [true, false] {
                    let split = SplitBase::new(&urllib, base, allow_fragments);
                    for url in urls {
                        let (mut plain, mut once) = (Recorded::default(), Recorded::default());
                        let (mut a, mut b) = (String::new(), String::new());
                        let expected = urllib.urljoin_into(base, url, allow_fragments, &mut plain, &mut a);
                        let got = urllib.urljoin_many_into(base, split.as_ref(), url, allow_fragments, &mut once, &mut b);
                        let context = format!("3.{minor}.{micro} {base:?} {url:?} {allow_fragments}");
                        assert_eq!(got, expected, "{context}");
                        assert_eq!(b, a, "{context}");
                        assert_eq!(once.0, plain.0, "{context}");
                    }
                }
            }
        }
    }

    #[test]
    fn which_bases_are_split_once() {
        let urllib = Urllib::cpython(3, 11, 7);
        assert!(SplitBase::new(&urllib, "http://a/b", true).is_some());
        assert!(SplitBase::new(&urllib, "  http://a/b", true).is_some());
        for base in ["", "http://[::1]/", "http://ä/", "http://a/\tb"] {
            assert!(SplitBase::new(&urllib, base, true).is_none(), "{base:?}");
        }
    }
}
