//! Resolving a reference against a base by RFC 3986 §5.2 (strict), recomposed by §5.3.

use crate::common::error::Error;
use crate::common::recombine::{write_head, write_tail};
use crate::common::resolver_output::{max_resolved_len, Unchanged};
use crate::common::scan::may_have_dot_segment;
use crate::common::segments::remove_dot_segments_into;
use crate::common::spec::Rfc3986;
use crate::common::url::Url;
use crate::grammars::rfc3986::parse::parse;

/// Resolves `reference` against `base` by RFC 3986 §5.2.2 (strict: a reference with a
/// scheme is absolute) and returns the target URI, recomposed by §5.3.
///
/// Both strings are parsed by Appendix B ([`parse`]); the result is written into one
/// `String` allocated once, with room for the longest possible result.
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when either input is longer than `u32::MAX` bytes.
///
/// # Example
/// ```
/// assert_eq!(relurl::rfc3986::resolve("http://a/b/c/d;p?q", "../../../g").unwrap(), "http://a/g");
/// assert_eq!(relurl::rfc3986::resolve("http://a/b/c/d;p?q", "?").unwrap(), "http://a/b/c/d;p?");
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, Error> {
    Ok(resolve_parsed(&parse(base)?, &parse(reference)?))
}

/// Resolves a parsed reference against a parsed base (§5.2.2); the base is parsed once for
/// many references. Performs exactly one heap allocation: the returned `String`.
pub fn resolve_parsed<B: AsRef<str>, R: AsRef<str>>(base: &Url<B, Rfc3986>, reference: &Url<R, Rfc3986>) -> String {
    let mut out = String::with_capacity(max_resolved_len(base, reference));
    resolve_into(base, reference, &mut out);
    out
}

/// Says whether the target URI is one of the inputs exactly as given: the reference, when it
/// has a scheme (so §5.2.2 takes it whole) and no `.` or `..` segment for
/// `remove_dot_segments` to remove (§5.2.4), recomposed losslessly (§5.3). Never the base:
/// an empty reference drops the base's fragment. Callers that hold the inputs as shared
/// strings can return them without copying.
#[inline]
pub fn unchanged<B: AsRef<str>, R: AsRef<str>>(base: &Url<B, Rfc3986>, reference: &Url<R, Rfc3986>) -> Option<Unchanged> {
    let _ = base;
    (reference.has_scheme() && !may_have_dot_segment(reference.path().as_bytes())).then_some(Unchanged::Reference)
}

/// Appends the target URI of `reference` against `base` (RFC 3986 §5.2.2, strict) to
/// `out`, recomposed by §5.3.
///
/// Allocates only if `out` lacks room; with `out` reserved to [`max_resolved_len`] (or
/// reused across calls) it allocates nothing.
pub fn resolve_into<B: AsRef<str>, R: AsRef<str>>(base: &Url<B, Rfc3986>, reference: &Url<R, Rfc3986>, out: &mut String) {
    let r = reference;
    if r.has_scheme() {
        write_head(out, Some(r.scheme()), r.netloc_if_defined());
        remove_dot_segments_into(out, "", r.path());
        return write_tail(out, None, r.query_if_defined(), r.fragment_if_defined());
    }
    let scheme = base.has_scheme().then(|| base.scheme());
    if r.has_netloc() {
        write_head(out, scheme, r.netloc_if_defined());
        remove_dot_segments_into(out, "", r.path());
        return write_tail(out, None, r.query_if_defined(), r.fragment_if_defined());
    }
    write_head(out, scheme, base.netloc_if_defined());
    let path = r.path();
    if path.is_empty() {
        out.push_str(base.path());
        let query = r.query_if_defined().or_else(|| base.query_if_defined());
        return write_tail(out, None, query, r.fragment_if_defined());
    }
    if path.starts_with('/') {
        remove_dot_segments_into(out, "", path);
    } else {
        remove_dot_segments_into(out, merge_prefix(base), path);
    }
    write_tail(out, None, r.query_if_defined(), r.fragment_if_defined());
}

/// The base's part of the §5.2.3 merge: `"/"` for a base with an authority and an empty
/// path, else the base path up to and including its last `/` (empty if it has none).
fn merge_prefix<B: AsRef<str>>(base: &Url<B, Rfc3986>) -> &str {
    let path = base.path();
    if base.has_netloc() && path.is_empty() {
        "/"
    } else {
        path.rfind('/').map_or("", |last| &path[..=last])
    }
}
