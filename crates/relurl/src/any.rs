//! A grammar chosen at run time: [`AnyUrl`], a URL parsed by the grammar a [`Spec`] names,
//! and the resolution that follows that grammar.
//!
//! For callers that pick the grammar by name (`spec="rfc3986"`): batches, link extraction,
//! base establishment, the Python bindings. Code that knows its grammar when it is written
//! uses [`crate::rfc1808`] or [`crate::rfc3986`] and a [`Url`] of that grammar.

use crate::error::Error;
use crate::resolved::Unchanged;
use crate::rfc1808::resolve as rfc1808;
use crate::rfc1808::validate::validate_parsed;
use crate::rfc3986::resolve as rfc3986;
use crate::spec::{Rfc1808, Rfc3986, Spec};
use crate::url::Url;

/// A URL parsed by the grammar of a [`Spec`] chosen at run time: RFC 1808 §2.4 or RFC 3986
/// Appendix B.
///
/// # Example
/// ```
/// use relurl::{AnyUrl, Spec};
/// let spec: Spec = "rfc3986".parse().unwrap();
/// let base = AnyUrl::parse_owned("http://a/b/c/d;p?q", spec).unwrap();
/// let reference = AnyUrl::parse_owned("../../../g", base.spec()).unwrap();
/// let mut out = String::new();
/// base.resolve_into(&reference, &mut out);
/// assert_eq!(out, "http://a/g");
/// ```
#[derive(Debug, Clone, Copy)]
pub enum AnyUrl<S: AsRef<str>> {
    /// Parsed by RFC 1808 §2.4.
    Rfc1808(Url<S, Rfc1808>),
    /// Parsed by RFC 3986 Appendix B.
    Rfc3986(Url<S, Rfc3986>),
}

/// The accessors of [`Url`], each the same on [`AnyUrl`].
macro_rules! delegate {
    ($($(#[$doc:meta])* $name:ident -> $ty:ty;)*) => {
        $(
            $(#[$doc])*
            #[inline]
            pub fn $name(&self) -> $ty {
                match self {
                    Self::Rfc1808(url) => url.$name(),
                    Self::Rfc3986(url) => url.$name(),
                }
            }
        )*
    };
}

impl<S: AsRef<str>> AnyUrl<S> {
    /// Parses `input` by the grammar of `spec` ([`crate::rfc1808::parse`] or
    /// [`crate::rfc3986::parse`]), keeping `input` (of any string type) inside the result.
    ///
    /// # Errors
    /// [`crate::ErrorKind::TooLong`] when `input` is longer than `u32::MAX` bytes.
    #[inline]
    pub fn parse_owned(input: S, spec: Spec) -> Result<Self, Error> {
        Ok(match spec {
            Spec::Rfc1808 => Self::Rfc1808(Url::parse_owned(input)?),
            Spec::Rfc3986 => Self::Rfc3986(Url::parse_owned(input)?),
        })
    }

    /// The grammar the URL was parsed by.
    #[inline]
    pub fn spec(&self) -> Spec {
        match self {
            Self::Rfc1808(_) => Spec::Rfc1808,
            Self::Rfc3986(_) => Spec::Rfc3986,
        }
    }

    /// The string holder the URL was parsed from.
    #[inline]
    pub fn holder(&self) -> &S {
        match self {
            Self::Rfc1808(url) => url.holder(),
            Self::Rfc3986(url) => url.holder(),
        }
    }

    delegate! {
        /// [`Url::as_str`]: the whole input, exactly as given.
        as_str -> &str;
        /// [`Url::scheme`].
        scheme -> &str;
        /// [`Url::has_scheme`].
        has_scheme -> bool;
        /// [`Url::netloc`] (RFC 3986: the authority).
        netloc -> &str;
        /// [`Url::has_netloc`].
        has_netloc -> bool;
        /// [`Url::path`].
        path -> &str;
        /// [`Url::params`]: always `""` under RFC 3986.
        params -> &str;
        /// [`Url::query`].
        query -> &str;
        /// [`Url::fragment`].
        fragment -> &str;
        /// [`Url::recombines_losslessly`].
        recombines_losslessly -> bool;
    }

    /// Says whether the resolution of `reference` against this base is one of the inputs
    /// exactly as given, by this base's grammar ([`crate::rfc1808::unchanged`] or
    /// [`crate::rfc3986::unchanged`]; see [`AnyUrl::resolve_into`] for a reference parsed by
    /// the other grammar).
    #[inline]
    pub fn unchanged<R: AsRef<str>>(&self, reference: &AnyUrl<R>) -> Option<Unchanged> {
        match (self, reference) {
            (Self::Rfc1808(base), AnyUrl::Rfc1808(reference)) => rfc1808::unchanged(base, reference),
            (Self::Rfc3986(base), AnyUrl::Rfc3986(reference)) => rfc3986::unchanged(base, reference),
            (Self::Rfc1808(base), AnyUrl::Rfc3986(reference)) => rfc1808::unchanged(base, &reference.reparse()),
            (Self::Rfc3986(base), AnyUrl::Rfc1808(reference)) => rfc3986::unchanged(base, &reference.reparse()),
        }
    }

    /// Appends the resolution of `reference` against this base to `out`, by this base's
    /// grammar: RFC 1808 §4 ([`crate::rfc1808::resolve_into`]) or RFC 3986 §5.2
    /// ([`crate::rfc3986::resolve_into`]). A reference parsed by the other grammar is split
    /// again by the base's (no allocation): the base's grammar decides.
    ///
    /// Allocates only if `out` lacks room; with `out` reserved to
    /// [`AnyUrl::max_resolved_len`] it allocates nothing.
    #[inline]
    pub fn resolve_into<R: AsRef<str>>(&self, reference: &AnyUrl<R>, out: &mut String) {
        match (self, reference) {
            (Self::Rfc1808(base), AnyUrl::Rfc1808(reference)) => rfc1808::resolve_into(base, reference, out),
            (Self::Rfc3986(base), AnyUrl::Rfc3986(reference)) => rfc3986::resolve_into(base, reference, out),
            (Self::Rfc1808(base), AnyUrl::Rfc3986(reference)) => rfc1808::resolve_into(base, &reference.reparse(), out),
            (Self::Rfc3986(base), AnyUrl::Rfc1808(reference)) => rfc3986::resolve_into(base, &reference.reparse(), out),
        }
    }

    /// [`crate::max_resolved_len`]: an upper bound on the length of the resolution of
    /// `reference` against this base, by either grammar.
    #[inline]
    pub fn max_resolved_len<R: AsRef<str>>(&self, reference: &AnyUrl<R>) -> usize {
        self.as_str().len() + reference.as_str().len() + 1
    }

    /// The resolution of `reference` against this base ([`AnyUrl::resolve_into`]), in a
    /// `String` allocated once.
    pub fn resolve_parsed<R: AsRef<str>>(&self, reference: &AnyUrl<R>) -> String {
        let mut out = String::with_capacity(self.max_resolved_len(reference));
        self.resolve_into(reference, &mut out);
        out
    }
}

impl<S: AsRef<str>> core::fmt::Display for AnyUrl<S> {
    /// The recombination of [`Url::write_recombined`], by the URL's grammar.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Rfc1808(url) => url.fmt(f),
            Self::Rfc3986(url) => url.fmt(f),
        }
    }
}

/// Resolves `reference` against `base`, both parsed by the grammar of `spec`, by that
/// grammar's rules: [`crate::rfc1808::resolve`] or [`crate::rfc3986::resolve`].
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when either input is longer than `u32::MAX` bytes.
///
/// # Example
/// ```
/// use relurl::Spec;
/// assert_eq!(relurl::resolve_by_spec("http://a/b/c/d;p?q", "../../../g", Spec::Rfc1808).unwrap(), "http://a/../g");
/// assert_eq!(relurl::resolve_by_spec("http://a/b/c/d;p?q", "../../../g", Spec::Rfc3986).unwrap(), "http://a/g");
/// ```
pub fn resolve_by_spec(base: &str, reference: &str, spec: Spec) -> Result<String, Error> {
    match spec {
        Spec::Rfc1808 => rfc1808::resolve(base, reference),
        Spec::Rfc3986 => rfc3986::resolve(base, reference),
    }
}

/// Parses `input` by `spec` ([`AnyUrl::parse_owned`]) and, with `strict`, checks it against
/// the RFC 1808 §2.2 BNF first ([`crate::validate_parsed`]): the one meaning of `strict` for
/// every entry point (single calls, batches, Arrow columns, the command line).
///
/// # Errors
/// [`ErrorKind::TooLong`](crate::ErrorKind::TooLong) as parsing; with `strict`, the first
/// offending character (as [`crate::validate`]), or
/// [`ErrorKind::StrictUnavailable`](crate::ErrorKind::StrictUnavailable) with
/// [`Spec::Rfc3986`]: the check is RFC 1808's grammar, not RFC 3986's (§2.2 would reject URIs
/// that RFC 3986 §3 allows, such as `http://[::1]/`), so the two are not combined.
///
/// # Example
/// ```
/// use relurl::{parse_checked, ErrorKind, Spec};
/// assert!(parse_checked("http://a/b c", Spec::Rfc1808, false).is_ok());
/// assert_eq!(parse_checked("http://a/b c", Spec::Rfc1808, true).unwrap_err().offset(), 10);
/// let refused = parse_checked("http://a/", Spec::Rfc3986, true).unwrap_err();
/// assert_eq!(refused.kind(), ErrorKind::StrictUnavailable);
/// ```
pub fn parse_checked(input: &str, spec: Spec, strict: bool) -> Result<AnyUrl<&str>, Error> {
    spec.check_strict(strict)?;
    let url = AnyUrl::parse_owned(input, spec)?;
    if let (true, AnyUrl::Rfc1808(parsed)) = (strict, &url) {
        validate_parsed(parsed)?;
    }
    Ok(url)
}
