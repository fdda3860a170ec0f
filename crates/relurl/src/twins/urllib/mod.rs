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
pub(crate) mod join;
mod split;
mod types;
mod unsplit;

use std::borrow::Cow;

pub use dialect::{Brackets, Dialect, JoinRule, SchemeList, Schemes, Unsplit};
pub use types::{Checks, Joined, Lenient, ParseResult, Refusing, SplitResult, Urllib, UrllibError};

impl Urllib {
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

    /// `urljoin(base, url, allow_fragments)` for many `url`s against one `base`, which is
    /// split once (when it can be: see [`SplitBase`](join::SplitBase)); the same answers and
    /// [`Checks`] calls as [`Urllib::urljoin_into`] with that base.
    ///
    /// # Errors
    /// As [`Urllib::urljoin_into`].
    pub(crate) fn urljoin_many_into<C: Checks>(
        &self,
        base: &str,
        split_base: Option<&join::SplitBase<'_>>,
        url: &str,
        allow_fragments: bool,
        checks: &mut C,
        out: &mut String,
    ) -> Result<Joined, UrllibError<C::Error>> {
        match split_base {
            Some(split) => join::urljoin_split(self, split, url, allow_fragments, checks, out),
            None => join::urljoin(self, base, url, allow_fragments, checks, out),
        }
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
