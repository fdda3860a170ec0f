//! Which specification's rules to follow: RFC 1808 (relurl's default) or RFC 3986.

use core::fmt;
use core::str::FromStr;

use crate::error::{Error, ErrorKind};

/// The rule set for parsing and resolving.
///
/// | | [`Spec::Rfc1808`] | [`Spec::Rfc3986`] |
/// |---|---|---|
/// | parse | §2.4: six components, params at the first `;`, net_loc up to the next `/` | Appendix B: five components, `;` is part of the path, authority up to `/`, `?` or `#` |
/// | empty `?`, `#` | the same as absent (§2.4.1, §2.4.4) | defined and kept (§5.3) |
/// | `..` above the root | kept (`http://a/../g`, §5.2) | removed (`http://a/g`, §5.2.4) |
/// | dot segments in an absolute path or reference | kept (§4 step 4) | removed (§5.2.2) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Spec {
    /// RFC 1808, "Relative Uniform Resource Locators" (§2.4 and §4).
    #[default]
    Rfc1808,
    /// RFC 3986, "URI Generic Syntax" (Appendix B and §5.2, strict).
    Rfc3986,
}

impl Spec {
    /// The name used to choose it: `"rfc1808"` or `"rfc3986"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Rfc1808 => "rfc1808",
            Self::Rfc3986 => "rfc3986",
        }
    }
}

impl Spec {
    /// Whether the strict check ([`crate::parse_checked`]: the RFC 1808 §2.2 BNF) can go with
    /// this spec: always without `strict`; with it, only for [`Spec::Rfc1808`].
    ///
    /// # Errors
    /// [`ErrorKind::StrictUnavailable`] (at offset 0) for `strict` with [`Spec::Rfc3986`].
    pub const fn check_strict(self, strict: bool) -> Result<(), Error> {
        match self {
            Self::Rfc3986 if strict => Err(Error::new(ErrorKind::StrictUnavailable, 0)),
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
        write!(f, "spec must be 'rfc1808' or 'rfc3986', not {:?}", self.0)
    }
}

impl std::error::Error for UnknownSpec {}

impl FromStr for Spec {
    type Err = UnknownSpec;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name {
            "rfc1808" => Ok(Self::Rfc1808),
            "rfc3986" => Ok(Self::Rfc3986),
            other => Err(UnknownSpec(other.to_owned())),
        }
    }
}
