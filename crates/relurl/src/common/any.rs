//! A grammar chosen at run time: [`AnyUrl`], a URL parsed by the grammar a [`Spec`] names,
//! and the resolution that follows that grammar.
//!
//! For callers that pick the grammar by name (`spec="whatwg"`): batches, link extraction,
//! base establishment, the Python bindings. Code that knows its grammar when it is written
//! uses [`crate::rfc1808`], [`crate::rfc3986`] or [`crate::whatwg`].

use crate::common::error::Error;
use crate::common::login::Login;
use crate::common::resolver_output::Unchanged;
use crate::common::spec::{Rfc1808, Rfc3986, Spec};
use crate::common::url::Url;
use crate::grammars::rfc1808::resolve as rfc1808;
use crate::grammars::rfc1808::validate::validate_parsed;
use crate::grammars::rfc3986::resolve as rfc3986;
use crate::grammars::whatwg::{Encoding, WhatwgUrl};

/// A URL parsed by the grammar of a [`Spec`] chosen at run time: RFC 1808 §2.4, RFC 3986
/// Appendix B, or the URL Standard's basic URL parser.
///
/// # Example
/// ```
/// use relurl::{AnyUrl, Spec};
/// let spec: Spec = "rfc3986".parse().unwrap();
/// let base = AnyUrl::parse_owned("http://a/b/c/d;p?q", spec).unwrap();
/// assert_eq!(base.join("../../../g").unwrap(), "http://a/g");
/// let base = AnyUrl::parse_owned("HTTP://A/b/c", Spec::Whatwg).unwrap();
/// assert_eq!(base.as_str(), "http://a/b/c");
/// assert_eq!(base.join("..\\g").unwrap(), "http://a/g");
/// ```
#[derive(Debug, Clone)]
pub enum AnyUrl<S: AsRef<str>> {
    /// Parsed by RFC 1808 §2.4.
    Rfc1808(Url<S, Rfc1808>),
    /// Parsed by RFC 3986 Appendix B.
    Rfc3986(Url<S, Rfc3986>),
    /// Parsed by the URL Standard (§4.4): the text it was parsed from, and the URL (boxed:
    /// the RFC variants, parsed once per row of a batch, stay three words of offsets).
    Whatwg(S, Box<WhatwgUrl>),
}

/// The accessors of [`Url`], each the same on [`AnyUrl`]; `$whatwg` gives the answer for a
/// URL Standard URL (`u`).
macro_rules! delegate {
    ($($(#[$doc:meta])* $name:ident -> $ty:ty, |$u:ident| $whatwg:expr;)*) => {
        $(
            $(#[$doc])*
            #[inline]
            pub fn $name(&self) -> $ty {
                match self {
                    Self::Rfc1808(url) => url.$name(),
                    Self::Rfc3986(url) => url.$name(),
                    Self::Whatwg(_, $u) => $whatwg,
                }
            }
        )*
    };
}

impl<S: AsRef<str>> AnyUrl<S> {
    /// Parses `input` by the grammar of `spec` ([`crate::rfc1808::parse`](fn@crate::rfc1808::parse),
    /// [`crate::rfc3986::parse`](fn@crate::rfc3986::parse) or [`WhatwgUrl::parse`]), keeping `input` (of any string
    /// type) inside the result.
    ///
    /// # Errors
    /// [`crate::ErrorKind::TooLong`] when `input` is longer than `u32::MAX` bytes; with
    /// [`Spec::Whatwg`], the parser's failures ([`crate::ErrorKind::UrlStandard`]).
    #[inline]
    pub fn parse_owned(input: S, spec: Spec) -> Result<Self, Error> {
        Ok(match spec {
            Spec::Rfc1808 => Self::Rfc1808(Url::parse_owned(input)?),
            Spec::Rfc3986 => Self::Rfc3986(Url::parse_owned(input)?),
            Spec::Whatwg => {
                let url = WhatwgUrl::parse(input.as_ref())?;
                Self::Whatwg(input, Box::new(url))
            }
        })
    }

    /// The grammar the URL was parsed by.
    #[inline]
    pub fn spec(&self) -> Spec {
        match self {
            Self::Rfc1808(_) => Spec::Rfc1808,
            Self::Rfc3986(_) => Spec::Rfc3986,
            Self::Whatwg(..) => Spec::Whatwg,
        }
    }

    /// The string holder the URL was parsed from.
    #[inline]
    pub fn holder(&self) -> &S {
        match self {
            Self::Rfc1808(url) => url.holder(),
            Self::Rfc3986(url) => url.holder(),
            Self::Whatwg(input, _) => input,
        }
    }

    /// The URL Standard URL, for a URL parsed by it.
    #[inline]
    pub fn whatwg(&self) -> Option<&WhatwgUrl> {
        match self {
            Self::Whatwg(_, url) => Some(url),
            _ => None,
        }
    }

    /// [`Url::login`]: the net_loc's user name, password, host name and port, with urllib's
    /// answers; `None` for the URL Standard, whose URL has its own (`WhatwgUrl::username`,
    /// `hostname`, `port`, ...).
    #[inline]
    pub fn login(&self) -> Option<Login<'_>> {
        match self {
            Self::Rfc1808(url) => Some(url.login()),
            Self::Rfc3986(url) => Some(url.login()),
            Self::Whatwg(..) => None,
        }
    }

    delegate! {
        /// [`Url::as_str`]: the whole input, exactly as given; for the URL Standard, the
        /// href (§4.5: the input as the parser rewrote it).
        as_str -> &str, |u| u.href();
        /// [`Url::scheme`].
        scheme -> &str, |u| u.scheme();
        /// [`Url::has_scheme`]: always for the URL Standard.
        has_scheme -> bool, |_u| true;
        /// [`Url::netloc`] (RFC 3986 and the URL Standard: the authority).
        netloc -> &str, |u| u.authority();
        /// [`Url::has_netloc`] (the URL Standard: the host is not null).
        has_netloc -> bool, |u| u.has_host();
        /// [`Url::path`] (the URL Standard: the path serialized, `pathname`).
        path -> &str, |u| u.pathname();
        /// [`Url::params`]: always `""` under RFC 3986 and the URL Standard.
        params -> &str, |_u| "";
        /// [`Url::query`].
        query -> &str, |u| u.query().unwrap_or("");
        /// [`Url::fragment`].
        fragment -> &str, |u| u.fragment().unwrap_or("");
        /// [`Url::recombines_losslessly`]: always for the URL Standard (its text is the href).
        recombines_losslessly -> bool, |_u| true;
    }

    /// Says whether the resolution of `reference` against this base is one of the inputs
    /// exactly as given, by this base's grammar ([`crate::rfc1808::unchanged`] or
    /// [`crate::rfc3986::unchanged`]; a reference parsed by the other RFC is split again by
    /// the base's). Never for the URL Standard, whose parser rewrites what it reads.
    #[inline]
    pub fn unchanged<R: AsRef<str>>(&self, reference: &AnyUrl<R>) -> Option<Unchanged> {
        match (self, reference) {
            (Self::Rfc1808(base), AnyUrl::Rfc1808(reference)) => rfc1808::unchanged(base, reference),
            (Self::Rfc3986(base), AnyUrl::Rfc3986(reference)) => rfc3986::unchanged(base, reference),
            (Self::Rfc1808(base), AnyUrl::Rfc3986(reference)) => rfc1808::unchanged(base, &reference.reparse()),
            (Self::Rfc3986(base), AnyUrl::Rfc1808(reference)) => rfc3986::unchanged(base, &reference.reparse()),
            (Self::Whatwg(..), _) | (_, AnyUrl::Whatwg(..)) => None,
        }
    }

    /// Resolves the text `reference` against this base by this base's grammar, and appends
    /// the result to `out`, unless it is one of the inputs exactly as given
    /// ([`AnyUrl::unchanged`]; for the URL Standard, a result equal to the reference's text:
    /// `Some`, and `out` is left as it was, for the caller to reuse its input). The one path
    /// from a reference's text to its resolution, for every grammar:
    ///
    /// - RFC 1808 and RFC 3986: the reference is parsed by the base's grammar (with
    ///   `strict`, checked against the RFC 1808 §2.2 BNF first: [`parse_checked`]), then
    ///   resolved by §4 ([`crate::rfc1808::resolve_into`]) or §5.2
    ///   ([`crate::rfc3986::resolve_into`]);
    /// - the URL Standard: the reference is parsed with this URL as its base
    ///   ([`WhatwgUrl::join_into`]).
    ///
    /// With `out` reserved to [`AnyUrl::max_resolved_len`], an RFC resolution allocates
    /// nothing.
    ///
    /// # Errors
    /// The reference's: [`crate::ErrorKind::TooLong`], with `strict` its first offending
    /// character (or [`crate::ErrorKind::StrictUnavailable`] for a grammar other than RFC
    /// 1808), the URL Standard's failures. `out` is then left as it was.
    #[inline]
    pub fn join_into(&self, reference: &str, strict: bool, out: &mut String) -> Result<Option<Unchanged>, Error> {
        // The reference is parsed by the base's grammar (as `parse_checked` would, without
        // the run-time choice: this is every row of a batch).
        match self {
            Self::Rfc1808(base) => {
                let reference = rfc1808_checked(reference, strict)?;
                if let Some(unchanged) = rfc1808::unchanged(base, &reference) {
                    return Ok(Some(unchanged));
                }
                rfc1808::resolve_into(base, &reference, out);
            }
            Self::Rfc3986(base) => {
                Spec::Rfc3986.check_strict(strict)?;
                let reference = Url::<&str, Rfc3986>::parse_inlined(reference)?;
                if let Some(unchanged) = rfc3986::unchanged(base, &reference) {
                    return Ok(Some(unchanged));
                }
                rfc3986::resolve_into(base, &reference, out);
            }
            Self::Whatwg(_, base) => return whatwg_join_into(base, reference, strict, None, out),
        }
        Ok(None)
    }

    /// [`AnyUrl::join_into`], with `strip`: HTML's "strip leading and trailing ASCII
    /// whitespace" ([`crate::strip_ascii_whitespace`], as [`crate::links`] does to every
    /// URL attribute) applied to `reference` first, for raw hrefs read from a page's DOM.
    /// `encoding` as in [`AnyUrl::join_into_with_encoding`] (`None`: UTF-8).
    /// The answer is that of the stripped reference; an error's offset counts in
    /// `reference` as given; and a stripped reference that is the answer as it is is
    /// written to `out` (`None`): `Some(Unchanged::Reference)` always means `reference`
    /// exactly as given.
    ///
    /// ```
    /// use relurl::{AnyUrl, Spec};
    /// let base = AnyUrl::parse_owned("http://a/b/c", Spec::Rfc1808).unwrap();
    /// let mut out = String::new();
    /// assert_eq!(base.join_stripped_into("\n ../g\t", false, true, None, &mut out), Ok(None));
    /// assert_eq!(out, "http://a/g");
    /// out.clear();
    /// assert_eq!(base.join_stripped_into(" http://x/ ", false, true, None, &mut out), Ok(None));
    /// assert_eq!(out, "http://x/");
    /// let e = base.join_stripped_into("  a b", true, true, None, &mut out).unwrap_err();
    /// assert_eq!(e.offset(), 3);
    /// ```
    ///
    /// # Errors
    /// As [`AnyUrl::join_into`].
    #[inline]
    pub fn join_stripped_into(
        &self,
        reference: &str,
        strict: bool,
        strip: bool,
        encoding: Option<&'static Encoding>,
        out: &mut String,
    ) -> Result<Option<Unchanged>, Error> {
        // One call of the join (inlined into the caller: a single `resolve` is this call).
        let stripped = if strip { crate::common::scan::strip_ascii_whitespace(reference) } else { reference };
        let answer = match encoding {
            None => self.join_into(stripped, strict, out),
            Some(encoding) => self.join_into_with_encoding(stripped, strict, encoding, out),
        };
        if stripped.len() == reference.len() {
            return answer;
        }
        match answer {
            Ok(Some(Unchanged::Reference)) => {
                out.push_str(stripped);
                Ok(None)
            }
            Ok(answer) => Ok(answer),
            Err(e) => {
                // `stripped` is a slice of `reference`: its leading whitespace is what was cut.
                let lead = reference.len() - reference.trim_start_matches(crate::common::scan::is_ascii_whitespace).len();
                Err(Error::new(e.kind(), e.offset() + lead))
            }
        }
    }

    /// [`AnyUrl::join_into`] with an encoding for the URL Standard (HTML's "encoding-parse a
    /// URL" with the document's encoding): the query of a special URL is percent-encoded in
    /// `encoding` ([`WhatwgUrl::parse_with_encoding`]). RFC 1808 and RFC 3986 have no
    /// encoding (a resolution keeps the reference's characters): for them it is
    /// [`AnyUrl::join_into`].
    ///
    /// # Errors
    /// As [`AnyUrl::join_into`].
    pub fn join_into_with_encoding(
        &self,
        reference: &str,
        strict: bool,
        encoding: &'static Encoding,
        out: &mut String,
    ) -> Result<Option<Unchanged>, Error> {
        match self {
            Self::Whatwg(_, base) => whatwg_join_into(base, reference, strict, Some(encoding), out),
            _ => self.join_into(reference, strict, out),
        }
    }

    /// The resolution of the text `reference` against this base ([`AnyUrl::join_into`]),
    /// an unchanged input included, in a `String` allocated once.
    ///
    /// # Errors
    /// As [`AnyUrl::join_into`] without `strict`.
    pub fn join(&self, reference: &str) -> Result<String, Error> {
        let mut out = String::with_capacity(self.max_resolved_len(reference));
        if let Some(unchanged) = self.join_into(reference, false, &mut out)? {
            out.push_str(unchanged.text(self.as_str(), reference));
        }
        Ok(out)
    }

    /// [`AnyUrl::join`] with an encoding ([`AnyUrl::join_into_with_encoding`]).
    ///
    /// # Errors
    /// As [`AnyUrl::join_into`] without `strict`.
    pub fn join_with_encoding(&self, reference: &str, encoding: &'static Encoding) -> Result<String, Error> {
        let mut out = String::with_capacity(self.max_resolved_len(reference));
        if let Some(unchanged) = self.join_into_with_encoding(reference, false, encoding, &mut out)? {
            out.push_str(unchanged.text(self.as_str(), reference));
        }
        Ok(out)
    }

    /// [`crate::max_resolved_len`]: an upper bound on the length of an RFC resolution of
    /// `reference` against this base (for the URL Standard, whose percent-encoding may
    /// triple a reference, a first guess).
    #[inline]
    pub fn max_resolved_len(&self, reference: &str) -> usize {
        self.as_str().len() + reference.len() + 1
    }
}

impl<S: AsRef<str>> core::fmt::Display for AnyUrl<S> {
    /// The recombination of [`Url::write_recombined`], by the URL's grammar; the href for
    /// the URL Standard.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Rfc1808(url) => url.fmt(f),
            Self::Rfc3986(url) => url.fmt(f),
            Self::Whatwg(_, url) => url.fmt(f),
        }
    }
}

/// Resolves `reference` against `base`, both parsed by the grammar of `spec`, by that
/// grammar's rules: [`crate::rfc1808::resolve`](fn@crate::rfc1808::resolve), [`crate::rfc3986::resolve`](fn@crate::rfc3986::resolve) or
/// [`crate::whatwg::resolve`].
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when either input is longer than `u32::MAX` bytes; the URL
/// Standard's failures.
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
        Spec::Whatwg => crate::grammars::whatwg::resolve(base, reference),
    }
}

/// Parses `input` by `spec` ([`AnyUrl::parse_owned`]) and, with `strict`, checks it against
/// the RFC 1808 §2.2 BNF first ([`crate::validate_parsed`]): the one meaning of `strict` for
/// every entry point (single calls, batches, Arrow columns, the command line).
///
/// # Errors
/// [`ErrorKind::TooLong`](crate::ErrorKind::TooLong) as parsing; with `strict`, the first
/// offending character (as [`crate::validate`](fn@crate::validate)), or
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
    if spec == Spec::Rfc1808 {
        rfc1808_checked(input, strict).map(AnyUrl::Rfc1808)
    } else {
        spec.check_strict(strict)?;
        AnyUrl::parse_owned(input, spec)
    }
}

/// `input` parsed by RFC 1808 §2.4 and, with `strict`, checked against the §2.2 BNF: the
/// strict check of [`parse_checked`] and [`AnyUrl::join_into`].
#[allow(clippy::inline_always)] // measured: see `Url::parse_inlined`
#[inline(always)]
fn rfc1808_checked(input: &str, strict: bool) -> Result<Url<&str, Rfc1808>, Error> {
    let url = Url::parse_inlined(input)?;
    if strict {
        validate_parsed(&url)?;
    }
    Ok(url)
}

/// The URL Standard's arm of [`AnyUrl::join_into`]: `reference` parsed against `base`, with
/// `encoding` if one is given.
#[inline]
fn whatwg_join_into(
    base: &WhatwgUrl,
    reference: &str,
    strict: bool,
    encoding: Option<&'static Encoding>,
    out: &mut String,
) -> Result<Option<Unchanged>, Error> {
    Spec::Whatwg.check_strict(strict)?;
    let start = out.len();
    match encoding {
        None => base.join_into(reference, out)?,
        Some(encoding) => base.join_into_with_encoding(reference, encoding, out)?,
    }
    // An absolute reference the parser leaves as it is (most of a page's absolute links):
    // the caller may reuse its input (in Python: no new `str`).
    if out.get(start..) == Some(reference) {
        out.truncate(start);
        return Ok(Some(Unchanged::Reference));
    }
    Ok(None)
}
