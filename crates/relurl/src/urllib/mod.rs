//! A twin of CPython's `urllib.parse`: [`Urllib::urljoin`], [`Urllib::urlsplit`],
//! [`Urllib::urlparse`], [`Urllib::urlunsplit`] and [`Urllib::urlunparse`] give exactly what
//! the functions of the same name in `Lib/urllib/parse.py` give, quirks included, for the
//! CPython version (3.9 to 3.14) that a [`Dialect`] describes.
//!
//! urllib follows none of the RFCs to the letter (its docstring: RFC 3986 "is considered the
//! current standard", but "some parsing quirks from older RFCs are retained", and WHATWG's
//! stripping rules were added on top). This module copies urllib, not an RFC: every rule
//! below names the line of `parse.py` it reproduces.
//!
//! - [`Dialect`]: the behaviour switches that changed between CPython releases, each with the
//!   CPython change that introduced it; [`Dialect::for_python`] maps a version to them.
//! - [`Schemes`]: `uses_relative`, `uses_netloc`, `uses_params`, the scheme lists urllib
//!   consults (mutable module globals in Python, so they are data here).
//! - [`Checks`]: the two checks urllib delegates to Python's own libraries
//!   (`_check_bracketed_host` uses `ipaddress`, `_checknetloc` uses `unicodedata`'s NFKC).
//!   The core calls them where urllib does and passes their error through; [`Lenient`]
//!   accepts everything, for callers without a Python at hand.
//!
//! Text is never copied where urllib keeps it: components are slices of the input (a copy is
//! made only when the input holds `\t`, `\r` or `\n`, which urllib deletes, or when an
//! upper-case scheme is lowered), and a join writes into one output `String`. A join runs in
//! linear time, however many `..` segments there are.
//!
//! ```
//! use relurl::urllib::{Lenient, Urllib};
//! let urllib = Urllib::cpython(3, 11, 7);
//! let joined = urllib.urljoin("http://a/b/c/d;p?q", "../g", true, &mut Lenient).unwrap();
//! assert_eq!(joined, "http://a/b/g");
//! let split = urllib.urlsplit("HTTP://Host:80/p?q#f", "", true, &mut Lenient).unwrap();
//! assert_eq!((&*split.scheme, &*split.netloc, &*split.path), ("http", "Host:80", "/p"));
//! ```

mod dialect;
mod join;
mod split;
mod unsplit;

use std::borrow::Cow;
use std::convert::Infallible;
use std::fmt;

pub use dialect::{Brackets, Dialect, JoinRule, SchemeList, Schemes, Unsplit};

/// An error of a urllib function: `ValueError("Invalid IPv6 URL")`, raised by the core
/// itself, or the error of one of the [`Checks`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrllibError<E> {
    /// urllib's `ValueError("Invalid IPv6 URL")`: the net_loc has a `[` without a `]` or the
    /// reverse (`urlsplit`), or, from gh-105704 on ([`Brackets::Netloc`]), text before the
    /// `[` or between the `]` and the port's `:`.
    InvalidIpv6Url,
    /// What a [`Checks`] method returned.
    Check(E),
}

impl<E: fmt::Display> fmt::Display for UrllibError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidIpv6Url => f.write_str("Invalid IPv6 URL"),
            Self::Check(e) => e.fmt(f),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for UrllibError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InvalidIpv6Url => None,
            Self::Check(e) => Some(e),
        }
    }
}

/// The checks `urlsplit` leaves to Python's libraries, called exactly where urllib calls
/// them, in the same order: the bracketed host first, then the net_loc.
pub trait Checks {
    /// What a failed check returns; passed through as [`UrllibError::Check`].
    type Error;

    /// urllib's `_check_bracketed_host(hostname)` (gh-103848): `hostname` must be an IPv6
    /// address or an IPvFuture (`v1.x`). Called when the net_loc holds both `[` and `]`, as
    /// the [`Dialect`]'s [`Brackets`] says.
    ///
    /// # Errors
    /// The check's own error when `hostname` is not acceptable.
    fn bracketed_host(&mut self, hostname: &str) -> Result<(), Self::Error>;

    /// urllib's `_checknetloc(netloc)`: no character of the net_loc may turn into one of
    /// `/?#@:` under NFKC normalization. Called only for a net_loc with a non-ASCII
    /// character (urllib returns at once for an ASCII one).
    ///
    /// # Errors
    /// The check's own error when `netloc` is not acceptable.
    fn netloc(&mut self, netloc: &str) -> Result<(), Self::Error>;
}

/// [`Checks`] that accept every host and net_loc: urllib's results wherever its
/// `ipaddress`/NFKC checks would pass.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lenient;

impl Checks for Lenient {
    type Error = Infallible;

    fn bracketed_host(&mut self, _hostname: &str) -> Result<(), Infallible> {
        Ok(())
    }

    fn netloc(&mut self, _netloc: &str) -> Result<(), Infallible> {
        Ok(())
    }
}

/// What `urljoin` returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Joined {
    /// The `url` argument itself, as given (`if not base: return url`, or a scheme that
    /// `uses_relative` does not list, or another scheme than the base's).
    Url,
    /// The `base` argument itself, as given (`if not url: return base`).
    Base,
    /// The joined URL, appended to the output string.
    Written,
}

/// `urlsplit`'s five components (a `SplitResult`): `""` for an absent one, except the
/// scheme, which is then the `scheme` argument.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SplitResult<'a> {
    /// Lower-cased when taken from the URL; the default `scheme` argument as given otherwise.
    pub scheme: Cow<'a, str>,
    /// After `//`, up to the first `/`, `?` or `#`.
    pub netloc: Cow<'a, str>,
    /// The path, with its leading `/` if any.
    pub path: Cow<'a, str>,
    /// After the first `?` (that is not in the net_loc or the fragment).
    pub query: Cow<'a, str>,
    /// After the first `#`, when fragments are allowed.
    pub fragment: Cow<'a, str>,
}

/// `urlparse`'s six components (a `ParseResult`): [`SplitResult`] with the params of the
/// path's last segment apart, for the schemes of `uses_params`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct ParseResult<'a> {
    /// As [`SplitResult::scheme`].
    pub scheme: Cow<'a, str>,
    /// As [`SplitResult::netloc`].
    pub netloc: Cow<'a, str>,
    /// The path without its params.
    pub path: Cow<'a, str>,
    /// After the first `;` of the path's last segment (`_splitparams`).
    pub params: Cow<'a, str>,
    /// As [`SplitResult::query`].
    pub query: Cow<'a, str>,
    /// As [`SplitResult::fragment`].
    pub fragment: Cow<'a, str>,
}

/// One CPython `urllib.parse`: its [`Dialect`] and its scheme lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Urllib {
    dialect: Dialect,
    schemes: Schemes,
}

impl Urllib {
    /// A urllib with these behaviour switches and scheme lists.
    pub fn new(dialect: Dialect, schemes: Schemes) -> Self {
        Self { dialect, schemes }
    }

    /// The urllib of CPython `major.minor.micro` as released: [`Dialect::for_python`] and
    /// [`Schemes::for_python`].
    pub fn cpython(major: u8, minor: u8, micro: u8) -> Self {
        Self::new(Dialect::for_python(major, minor, micro), Schemes::for_python(major, minor))
    }

    /// The behaviour switches.
    pub fn dialect(&self) -> &Dialect {
        &self.dialect
    }

    /// The scheme lists.
    pub fn schemes(&self) -> &Schemes {
        &self.schemes
    }

    /// `urljoin(base, url, allow_fragments)`: appends the joined URL to `out` and returns
    /// [`Joined::Written`], or says which argument urllib returns unchanged.
    ///
    /// # Errors
    /// As `urlsplit` on `base`, then on `url`; `out` is then unchanged.
    pub fn urljoin_into<C: Checks>(
        &self,
        base: &str,
        url: &str,
        allow_fragments: bool,
        checks: &mut C,
        out: &mut String,
    ) -> Result<Joined, UrllibError<C::Error>> {
        join::urljoin(self, base, url, allow_fragments, checks, out)
    }

    /// `urljoin(base, url, allow_fragments)` as a string: borrowed when urllib returns one
    /// of the arguments unchanged.
    ///
    /// # Errors
    /// As [`Urllib::urljoin_into`].
    pub fn urljoin<'a, C: Checks>(
        &self,
        base: &'a str,
        url: &'a str,
        allow_fragments: bool,
        checks: &mut C,
    ) -> Result<Cow<'a, str>, UrllibError<C::Error>> {
        let mut out = String::new();
        Ok(match self.urljoin_into(base, url, allow_fragments, checks, &mut out)? {
            Joined::Url => Cow::Borrowed(url),
            Joined::Base => Cow::Borrowed(base),
            Joined::Written => Cow::Owned(out),
        })
    }

    /// `urlsplit(url, scheme, allow_fragments)`.
    ///
    /// # Errors
    /// [`UrllibError::InvalidIpv6Url`] for unbalanced brackets in the net_loc, or what a
    /// [`Checks`] method returns.
    pub fn urlsplit<'a, C: Checks>(
        &self,
        url: &'a str,
        scheme: &'a str,
        allow_fragments: bool,
        checks: &mut C,
    ) -> Result<SplitResult<'a>, UrllibError<C::Error>> {
        split::urlsplit(self, url, scheme, allow_fragments, checks)
    }

    /// `urlparse(url, scheme, allow_fragments)`.
    ///
    /// # Errors
    /// As [`Urllib::urlsplit`].
    pub fn urlparse<'a, C: Checks>(
        &self,
        url: &'a str,
        scheme: &'a str,
        allow_fragments: bool,
        checks: &mut C,
    ) -> Result<ParseResult<'a>, UrllibError<C::Error>> {
        let s = self.urlsplit(url, scheme, allow_fragments, checks)?;
        let (path, params) = if self.schemes.uses_params.contains(&s.scheme) && s.path.contains(';') {
            match s.path {
                Cow::Borrowed(p) => {
                    let (path, params) = split::splitparams(p);
                    (Cow::Borrowed(path), Cow::Borrowed(params))
                }
                Cow::Owned(p) => {
                    let (path, params) = split::splitparams(&p);
                    (Cow::Owned(path.to_owned()), Cow::Owned(params.to_owned()))
                }
            }
        } else {
            (s.path, Cow::Borrowed(""))
        };
        Ok(ParseResult { scheme: s.scheme, netloc: s.netloc, path, params, query: s.query, fragment: s.fragment })
    }

    /// `urlunsplit((scheme, netloc, path, query, fragment))`.
    pub fn urlunsplit(&self, parts: &SplitResult<'_>) -> String {
        let mut out = String::new();
        unsplit::write_unparse(
            &mut out,
            self.dialect.unsplit,
            &self.schemes.uses_netloc,
            &unsplit::Components {
                scheme: &parts.scheme,
                netloc: &parts.netloc,
                path: &parts.path,
                params: "",
                query: &parts.query,
                fragment: &parts.fragment,
            },
        );
        out
    }

    /// `urlunparse((scheme, netloc, path, params, query, fragment))`.
    pub fn urlunparse(&self, parts: &ParseResult<'_>) -> String {
        let mut out = String::new();
        unsplit::write_unparse(
            &mut out,
            self.dialect.unsplit,
            &self.schemes.uses_netloc,
            &unsplit::Components {
                scheme: &parts.scheme,
                netloc: &parts.netloc,
                path: &parts.path,
                params: &parts.params,
                query: &parts.query,
                fragment: &parts.fragment,
            },
        );
        out
    }
}
