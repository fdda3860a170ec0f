//! Resolving a reference against a base, RFC 1808 §4 steps 1 to 7.

use crate::common::error::Error;
use crate::common::recombine::{non_empty, write_head, write_rfc1808, write_tail_non_empty, Parts};
use crate::common::resolver_output::{max_resolved_len, Unchanged};
use crate::common::segments::{merge_into, Context};
use crate::common::spec::Rfc1808;
use crate::common::url::Url;
use crate::grammars::rfc1808::parse::parse;

/// Resolves `reference` against `base` by RFC 1808 §4 and returns the absolute URL.
///
/// Both strings are parsed by §2.4 ([`parse`]); the result is written into one `String`
/// allocated once, with room for the longest possible result.
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when either input is longer than `u32::MAX` bytes.
///
/// # Example
/// ```
/// assert_eq!(relurl::rfc1808::resolve("http://a/b/c/d;p?q#f", "../g").unwrap(), "http://a/b/g");
/// assert_eq!(relurl::rfc1808::resolve("http://a/b/c/d;p?q#f", "../../../g").unwrap(), "http://a/../g");
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, Error> {
    Ok(resolve_parsed(&parse(base)?, &parse(reference)?))
}

/// Resolves a parsed reference against a parsed base (§4); the base is parsed once for many
/// references. Performs exactly one heap allocation: the returned `String`.
pub fn resolve_parsed<B: AsRef<str>, R: AsRef<str>>(base: &Url<B, Rfc1808>, reference: &Url<R, Rfc1808>) -> String {
    let mut out = String::with_capacity(max_resolved_len(base, reference));
    resolve_into(base, reference, &mut out);
    out
}

/// Says whether the §4 resolution is one of the inputs exactly as given, and which.
///
/// §4 steps 1, 2a and 2b end with "we are done": the answer is that URL as it was given,
/// not recombined, so `javascript:f();` keeps its `;` and `http://x/?` its `?`. Callers that
/// hold the inputs as shared strings can return them without copying.
#[inline]
pub fn unchanged<B: AsRef<str>, R: AsRef<str>>(base: &Url<B, Rfc1808>, reference: &Url<R, Rfc1808>) -> Option<Unchanged> {
    if base.as_str().is_empty() || reference.has_scheme() {
        Some(Unchanged::Reference)
    } else if reference.as_str().is_empty() {
        Some(Unchanged::Base)
    } else {
        None
    }
}

/// Appends the resolution of `reference` against `base` (RFC 1808 §4) to `out`.
///
/// Allocates only if `out` lacks room; with `out` reserved to [`max_resolved_len`] (or
/// reused across calls) it allocates nothing.
pub fn resolve_into<B: AsRef<str>, R: AsRef<str>>(base: &Url<B, Rfc1808>, reference: &Url<R, Rfc1808>, out: &mut String) {
    let r = reference;
    match unchanged(base, r) {
        Some(Unchanged::Reference) => return out.push_str(r.as_str()),
        Some(Unchanged::Base) => return out.push_str(base.as_str()),
        None => {}
    }
    // Step 2c: the scheme is inherited.
    let scheme = base.scheme();
    // Step 3: a non-empty net_loc ends the inheritance; otherwise the base's is taken.
    if !r.netloc().is_empty() {
        return write_rfc1808(
            out,
            &Parts { scheme, netloc: Some(r.netloc()), path: r.path(), params: r.params(), query: r.query(), fragment: r.fragment() },
        );
    }
    let netloc = base.netloc_if_defined();
    let path = r.path();
    // Step 4: a path preceded by "/" is not relative.
    if path.starts_with('/') {
        return write_rfc1808(out, &Parts { scheme, netloc, path, params: r.params(), query: r.query(), fragment: r.fragment() });
    }
    // Step 5: an empty path inherits the base path, then params (5a) and query (5b).
    if path.is_empty() {
        let (params, query) = if !r.params().is_empty() {
            (r.params(), r.query())
        } else if !r.query().is_empty() {
            (base.params(), r.query())
        } else {
            (base.params(), base.query())
        };
        return write_rfc1808(out, &Parts { scheme, netloc, path: base.path(), params, query, fragment: r.fragment() });
    }
    // Step 6: merge the paths as segment stacks; Step 7: recombine.
    write_head(out, non_empty(scheme), netloc);
    let context =
        Context { has_scheme: !scheme.is_empty(), has_netloc: netloc.is_some(), followed: !r.params().is_empty() || !r.query().is_empty() };
    merge_into(out, base.path(), path, context);
    write_tail_non_empty(out, r.params(), r.query(), r.fragment());
}
