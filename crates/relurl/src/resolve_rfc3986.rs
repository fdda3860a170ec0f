//! Resolving a reference against a base by RFC 3986 §5.2 (strict), recomposed by §5.3.

use crate::error::Error;
use crate::parse::Url;
use crate::scan::may_have_dot_segment;
use crate::segments::remove_dot_segments_into;
use crate::spec::Spec;

/// Resolves `reference` against `base` by RFC 3986 §5.2.2 (strict: a reference with a
/// scheme is absolute) and returns the target URI, recomposed by §5.3.
///
/// Both strings are parsed by Appendix B ([`crate::parse_rfc3986`]).
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when either input is longer than `u32::MAX` bytes.
///
/// # Example
/// ```
/// assert_eq!(relurl::resolve_rfc3986("http://a/b/c/d;p?q", "../../../g").unwrap(), "http://a/g");
/// assert_eq!(relurl::resolve_rfc3986("http://a/b/c/d;p?q", "?").unwrap(), "http://a/b/c/d;p?");
/// ```
pub fn resolve_rfc3986(base: &str, reference: &str) -> Result<String, Error> {
    let base = Url::parse_owned_as(base, Spec::Rfc3986)?;
    let reference = Url::parse_owned_as(reference, Spec::Rfc3986)?;
    let mut out = String::with_capacity(crate::max_resolved_len(&base, &reference));
    resolve_rfc3986_into(&base, &reference, &mut out);
    Ok(out)
}

/// Whether the target URI is the reference exactly as given: it has a scheme (so §5.2.2
/// takes it whole) and no `.` or `..` segment for `remove_dot_segments` to remove.
#[inline]
pub(crate) fn reference_is_target<R: AsRef<str>>(reference: &Url<R>) -> bool {
    reference.has_scheme() && !may_have_dot_segment(reference.path().as_bytes())
}

/// Appends the target URI of `reference` against `base` (RFC 3986 §5.2.2, strict) to
/// `out`. Both must be parsed by the RFC 3986 grammar ([`Url::parse_owned_as`] with
/// [`Spec::Rfc3986`]); allocates only if `out` lacks room.
pub fn resolve_rfc3986_into<B: AsRef<str>, R: AsRef<str>>(base: &Url<B>, reference: &Url<R>, out: &mut String) {
    debug_assert!(base.spec() == Spec::Rfc3986 && reference.spec() == Spec::Rfc3986);
    let r = reference;
    if r.has_scheme() {
        write_head(out, Some(r.scheme()), r.netloc_if_defined());
        remove_dot_segments_into(out, "", r.path());
        return write_tail(out, r.query_if_defined(), r.fragment_if_defined());
    }
    let scheme = base.has_scheme().then(|| base.scheme());
    if r.has_netloc() {
        write_head(out, scheme, r.netloc_if_defined());
        remove_dot_segments_into(out, "", r.path());
        return write_tail(out, r.query_if_defined(), r.fragment_if_defined());
    }
    write_head(out, scheme, base.netloc_if_defined());
    let path = r.path();
    if path.is_empty() {
        out.push_str(base.path());
        let query = r.query_if_defined().or_else(|| base.query_if_defined());
        return write_tail(out, query, r.fragment_if_defined());
    }
    if path.starts_with('/') {
        remove_dot_segments_into(out, "", path);
    } else {
        remove_dot_segments_into(out, merge_prefix(base), path);
    }
    write_tail(out, r.query_if_defined(), r.fragment_if_defined());
}

/// The base's part of the §5.2.3 merge: `"/"` for a base with an authority and an empty
/// path, else the base path up to and including its last `/` (empty if it has none).
fn merge_prefix<B: AsRef<str>>(base: &Url<B>) -> &str {
    let path = base.path();
    if base.has_netloc() && path.is_empty() {
        "/"
    } else {
        path.rfind('/').map_or("", |last| &path[..=last])
    }
}

/// §5.3: appends the defined components with their delimiters, even when empty.
pub(crate) fn recompose(
    out: &mut String,
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) {
    write_head(out, scheme, authority);
    out.push_str(path);
    write_tail(out, query, fragment);
}

fn write_head(out: &mut String, scheme: Option<&str>, authority: Option<&str>) {
    if let Some(scheme) = scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
}

fn write_tail(out: &mut String, query: Option<&str>, fragment: Option<&str>) {
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
}
