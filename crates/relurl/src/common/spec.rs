//! Which specification's rules to follow: RFC 1808 (relurl's default), RFC 3986 or the
//! WHATWG URL Standard, by name at run time ([`Spec`]); the two RFCs also as a type
//! ([`Grammar`]: [`Rfc1808`], [`Rfc3986`]; a URL Standard URL is a
//! [`WhatwgUrl`](crate::whatwg::WhatwgUrl)).

use core::fmt;
use core::str::FromStr;

use crate::common::error::{Error, ErrorKind};

/// The rule set for parsing and resolving.
///
/// | | [`Spec::Rfc1808`] | [`Spec::Rfc3986`] | [`Spec::Whatwg`] |
/// |---|---|---|---|
/// | parse | §2.4: six components, params at the first `;`, net_loc up to the next `/` | Appendix B: five components, `;` is part of the path, authority up to `/`, `?` or `#` | §4.4 basic URL parser: the text is rewritten (host lower-cased, IDNA, IPv4 forms, percent-encoding, tabs and newlines removed, `\` as `/` in special URLs) and may fail |
/// | empty `?`, `#` | the same as absent (§2.4.1, §2.4.4) | defined and kept (§5.3) | kept |
/// | `..` above the root | kept (`http://a/../g`, §5.2) | removed (`http://a/g`, §5.2.4) | removed |
/// | dot segments in an absolute path or reference | kept (§4 step 4) | removed (§5.2.2) | removed (`%2e` too) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Spec {
    /// RFC 1808, "Relative Uniform Resource Locators" (§2.4 and §4).
    #[default]
    Rfc1808,
    /// RFC 3986, "URI Generic Syntax" (Appendix B and §5.2, strict).
    Rfc3986,
    /// The WHATWG URL Standard (§4.4 basic URL parser): what browsers and most fetchers
    /// read ([`crate::whatwg`]).
    Whatwg,
}

impl Spec {
    /// Every spec, in the order their names are listed ([`Spec::NAMES`], the message of an
    /// [`UnknownSpec`]).
    pub const ALL: [Self; 3] = [Self::Rfc1808, Self::Rfc3986, Self::Whatwg];

    /// The names that choose a spec ([`Spec::name`] of each of [`Spec::ALL`]): what every
    /// binding's `spec=` takes, the one list (Python's `relurl._specs.SPECS` reads it).
    pub const NAMES: [&'static str; 3] = [Self::ALL[0].name(), Self::ALL[1].name(), Self::ALL[2].name()];

    /// The name used to choose it: `"rfc1808"`, `"rfc3986"` or `"whatwg"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Rfc1808 => "rfc1808",
            Self::Rfc3986 => "rfc3986",
            Self::Whatwg => "whatwg",
        }
    }
}

impl Spec {
    /// Whether the strict check ([`crate::parse_checked`]: the RFC 1808 §2.2 BNF) can go with
    /// this spec: always without `strict`; with it, only for [`Spec::Rfc1808`].
    ///
    /// # Errors
    /// [`ErrorKind::StrictUnavailable`] (at offset 0) for `strict` with [`Spec::Rfc3986`] or
    /// [`Spec::Whatwg`] (whose parser has its own failures).
    pub const fn check_strict(self, strict: bool) -> Result<(), Error> {
        match self {
            Self::Rfc3986 | Self::Whatwg if strict => Err(Error::new(ErrorKind::StrictUnavailable, 0)),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the [`Spec`]s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSpec(pub String);

impl fmt::Display for UnknownSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not ...", from the one list.
        let [first, second, last] = Spec::NAMES;
        write!(f, "spec must be '{first}', '{second}' or '{last}', not {:?}", self.0)?;
        match self.meant() {
            Some(spec) => write!(f, " (did you mean '{}'?)", spec.name()),
            None => Ok(()),
        }
    }
}

impl UnknownSpec {
    /// The spec whose name this one is but for case, `-`, `_`, `.` and spaces (`"WHATWG"`,
    /// `"RFC-3986"`), which the error message suggests.
    pub fn meant(&self) -> Option<Spec> {
        let folded: String = self.0.chars().filter(|c| !matches!(c, '-' | '_' | '.' | ' ')).map(|c| c.to_ascii_lowercase()).collect();
        Spec::ALL.into_iter().find(|spec| spec.name() == folded)
    }
}

impl std::error::Error for UnknownSpec {}

impl FromStr for Spec {
    type Err = UnknownSpec;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|spec| spec.name() == name).ok_or_else(|| UnknownSpec(name.to_owned()))
    }
}

/// A grammar as a type: [`Rfc1808`] or [`Rfc3986`], the second parameter of
/// [`Url`](crate::Url).
///
/// A URL carries the grammar it was parsed by in its type, so each grammar's resolver takes
/// only URLs of its own grammar, and the mistake of resolving a URL split by one grammar by
/// the rules of the other does not compile:
///
/// ```compile_fail
/// let base = relurl::rfc3986::parse("http://a/b/c/d;p?q").unwrap();
/// let reference = relurl::rfc3986::parse("../g").unwrap();
/// // An RFC 3986 URL cannot reach the RFC 1808 resolver.
/// relurl::rfc1808::resolve_parsed(&base, &reference);
/// ```
///
/// ```
/// let base = relurl::rfc3986::parse("http://a/b/c/d;p?q").unwrap();
/// let reference = relurl::rfc3986::parse("../g").unwrap();
/// assert_eq!(relurl::rfc3986::resolve_parsed(&base, &reference), "http://a/b/g");
/// ```
///
/// The trait is sealed: the two grammars are the only ones. A grammar chosen at run time,
/// by name, is a [`Spec`], and a URL parsed by it an [`AnyUrl`](crate::AnyUrl).
pub trait Grammar: sealed::Rules + Copy + Default + fmt::Debug + Eq + core::hash::Hash + Send + Sync + 'static {
    /// The [`Spec`] this grammar is.
    const SPEC: Spec;
}

/// RFC 1808 as a type: §2.4 parsing and §4 resolution ([`crate::rfc1808`]). The default
/// grammar of [`Url`](crate::Url).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rfc1808;

/// RFC 3986 as a type: Appendix B parsing and §5.2 resolution ([`crate::rfc3986`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rfc3986;

impl Grammar for Rfc1808 {
    const SPEC: Spec = Spec::Rfc1808;
}

impl Grammar for Rfc3986 {
    const SPEC: Spec = Spec::Rfc3986;
}

pub(crate) mod sealed {
    /// Where a grammar's split of a URL differs from the other's; the forward pass that
    /// uses them is shared (`Url::parse_owned`). Each grammar implements them in its own
    /// `parse.rs`. Private: no type outside the crate can be a [`super::Grammar`].
    pub trait Rules {
        /// Whether the scheme scan goes on past `c` (a `:` after at least one such byte
        /// ends a scheme).
        fn continues_scheme(c: u8) -> bool;
        /// Where the net_loc (authority) that starts at `from` ends: the index of its
        /// delimiter, or `b.len()`.
        fn netloc_end(b: &[u8], from: usize) -> usize;
        /// Where the path that starts at `from` ends: the index of the first `;` (RFC
        /// 1808 only), `?` or `#`, or `b.len()`.
        fn path_end(b: &[u8], from: usize) -> usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_choose_their_spec_and_nothing_else() {
        assert_eq!(Spec::NAMES, ["rfc1808", "rfc3986", "whatwg"]);
        for spec in Spec::ALL {
            assert_eq!(spec.name().parse::<Spec>(), Ok(spec));
        }
        assert_eq!("RFC1808".parse::<Spec>(), Err(UnknownSpec("RFC1808".to_owned())));
        assert_eq!("".parse::<Spec>().unwrap_err().to_string(), "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not \"\"");
    }

    #[test]
    fn a_name_but_for_case_or_punctuation_is_suggested() {
        for (given, meant) in [("WHATWG", Some(Spec::Whatwg)), ("RFC-3986", Some(Spec::Rfc3986)), ("rfc_1808", Some(Spec::Rfc1808))] {
            assert_eq!(given.parse::<Spec>().unwrap_err().meant(), meant);
        }
        assert_eq!("url".parse::<Spec>().unwrap_err().meant(), None);
        assert_eq!(
            "RFC 3986".parse::<Spec>().unwrap_err().to_string(),
            "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not \"RFC 3986\" (did you mean 'rfc3986'?)"
        );
    }
}
