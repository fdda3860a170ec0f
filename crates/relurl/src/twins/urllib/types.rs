//! The types of the urllib twin: [`Urllib`] itself, its results and its errors, and the
//! [`Checks`] it leaves to Python's libraries. Their functions are in the sibling modules
//! (`split.rs`, `join.rs`, `unsplit.rs`), which import this one; `mod.rs` joins the two.

use std::borrow::Cow;
use std::convert::Infallible;
use std::fmt;

use super::dialect::{Dialect, Schemes};

/// An error of a urllib function: `ValueError("Invalid IPv6 URL")`, raised by the core
/// itself, or the error of one of the [`Checks`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrllibError<E> {
    /// urllib's `ValueError("Invalid IPv6 URL")`: the net_loc has a `[` without a `]` or the
    /// reverse (`urlsplit`), or, from gh-105704 on ([`Brackets::Netloc`](super::Brackets::Netloc)), text before the
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
    /// the [`Dialect`]'s [`Brackets`](super::Brackets) says.
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

/// [`Checks`] that refuse every host and net_loc they are asked about: a call that needs no
/// check (no bracketed host, an ASCII net_loc) gives urllib's answer, any other fails with
/// [`UrllibError::Check`]. What a caller uses to learn whether a URL needs a check at all.
#[derive(Debug, Clone, Copy, Default)]
pub struct Refusing;

impl Checks for Refusing {
    type Error = ();

    fn bracketed_host(&mut self, _hostname: &str) -> Result<(), ()> {
        Err(())
    }

    fn netloc(&mut self, _netloc: &str) -> Result<(), ()> {
        Err(())
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
    pub(super) dialect: Dialect,
    pub(super) schemes: Schemes,
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
}
