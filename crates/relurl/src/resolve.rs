//! Resolving a reference against a base, RFC 1808 §4 steps 1 to 7.

use crate::error::Error;
use crate::parse::{parse, Url};
use crate::recombine::{write, write_head, write_tail, Parts};
use crate::resolve_rfc3986::{reference_is_target, resolve_rfc3986_into};
use crate::segments::{merge_into, Context};
use crate::spec::Spec;

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
/// assert_eq!(relurl::resolve("http://a/b/c/d;p?q#f", "../g").unwrap(), "http://a/b/g");
/// assert_eq!(relurl::resolve("http://a/b/c/d;p?q#f", "../../../g").unwrap(), "http://a/../g");
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, Error> {
    Ok(resolve_parsed(&parse(base)?, &parse(reference)?))
}

/// Resolves a parsed reference against a parsed base; the base is parsed once for many
/// references. Performs exactly one heap allocation: the returned `String`.
pub fn resolve_parsed<B: AsRef<str>, R: AsRef<str>>(base: &Url<B>, reference: &Url<R>) -> String {
    let mut out = String::with_capacity(max_resolved_len(base, reference));
    resolve_into(base, reference, &mut out);
    out
}

/// An upper bound on the length of the resolution of `reference` against `base`: every
/// byte of the result is copied from one of the two inputs, with its delimiter, except one
/// `/` that §4 step 6 may add after a net_loc.
pub fn max_resolved_len<B: AsRef<str>, R: AsRef<str>>(base: &Url<B>, reference: &Url<R>) -> usize {
    base.as_str().len() + reference.as_str().len() + 1
}

/// Which input is the whole answer, when §4 ends before step 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unchanged {
    /// The reference, as it was given: the base is empty (step 1) or the reference has a
    /// scheme (step 2b).
    Reference,
    /// The base, as it was given, fragment included: the reference is empty (step 2a).
    Base,
}

/// Says whether the resolution is one of the inputs exactly as given, and which, by the
/// rules of the reference's [`Spec`].
///
/// RFC 1808: §4 steps 1, 2a and 2b end with "we are done": the answer is that URL as it
/// was given, not recombined, so `javascript:f();` keeps its `;` and `http://x/?` its `?`.
/// RFC 3986: a reference with a scheme and no dot segment is its own target (§5.2.2, §5.3).
/// Callers that hold the inputs as shared strings can return them without copying.
#[inline]
pub fn unchanged<B: AsRef<str>, R: AsRef<str>>(base: &Url<B>, reference: &Url<R>) -> Option<Unchanged> {
    if reference.spec() == Spec::Rfc3986 {
        return reference_is_target(reference).then_some(Unchanged::Reference);
    }
    if base.as_str().is_empty() || reference.has_scheme() {
        Some(Unchanged::Reference)
    } else if reference.as_str().is_empty() {
        Some(Unchanged::Base)
    } else {
        None
    }
}

/// Appends the resolution of `reference` against `base` to `out`, by the rules of the
/// [`Spec`] both were parsed with: [`resolve_into`] or [`resolve_rfc3986_into`].
pub fn resolve_by_spec_into<B: AsRef<str>, R: AsRef<str>>(base: &Url<B>, reference: &Url<R>, out: &mut String) {
    debug_assert_eq!(base.spec(), reference.spec());
    match reference.spec() {
        Spec::Rfc1808 => resolve_into(base, reference, out),
        Spec::Rfc3986 => resolve_rfc3986_into(base, reference, out),
    }
}

/// Appends the resolution of `reference` against `base` (RFC 1808 §4) to `out`.
///
/// Allocates only if `out` lacks room; with `out` reserved to [`max_resolved_len`] (or
/// reused across calls) it allocates nothing.
pub fn resolve_into<B: AsRef<str>, R: AsRef<str>>(base: &Url<B>, reference: &Url<R>, out: &mut String) {
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
        return write(
            out,
            &Parts { scheme, netloc: Some(r.netloc()), path: r.path(), params: r.params(), query: r.query(), fragment: r.fragment() },
        );
    }
    let netloc = base.has_netloc().then(|| base.netloc());
    let path = r.path();
    // Step 4: a path preceded by "/" is not relative.
    if path.starts_with('/') {
        return write(out, &Parts { scheme, netloc, path, params: r.params(), query: r.query(), fragment: r.fragment() });
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
        return write(out, &Parts { scheme, netloc, path: base.path(), params, query, fragment: r.fragment() });
    }
    // Step 6: merge the paths as segment stacks; Step 7: recombine.
    write_head(out, scheme, netloc);
    let context =
        Context { has_scheme: !scheme.is_empty(), has_netloc: netloc.is_some(), followed: !r.params().is_empty() || !r.query().is_empty() };
    merge_into(out, base.path(), path, context);
    write_tail(out, r.params(), r.query(), r.fragment());
}
