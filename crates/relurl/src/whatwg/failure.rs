//! The URL Standard's validation errors that make the basic URL parser return failure
//! (URL Standard §1.2 "Validation", the table of validation errors marked "Failure").
//!
//! Validation errors that are not failures (a backslash in a special URL, a missing `//`, a
//! non-URL code point, ...) do not raise: the parser goes on as the Standard says.

use core::fmt;

/// The validation error that made the URL Standard's basic URL parser (§4.4) return
/// failure, named as the Standard's table of validation errors (§1.2) names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Failure {
    /// "missing-scheme-non-relative-URL": the input has no scheme (it does not begin with an
    /// ASCII alpha followed by scheme code points and `:`), and either no base URL was given
    /// or the base URL has an opaque path (`mailto:x`, `data:,`), so it cannot be a base.
    MissingSchemeNonRelativeUrl,
    /// "host-missing": a special URL (or one with credentials) whose host is empty
    /// (`http://`, `http://user@/`, `http://:80`).
    HostMissing,
    /// "host-invalid-code-point": an opaque host (§3.5 opaque-host parser) holds a
    /// forbidden host code point (`sc://a b/`, `sc://a<b`).
    HostInvalidCodePoint,
    /// "domain-invalid-code-point": after domain to ASCII, the domain holds a forbidden
    /// domain code point (`http://a%20b/`, `http://a|b/`).
    DomainInvalidCodePoint,
    /// "domain-to-ASCII": UTS #46 ToASCII (§3.3 domain to ASCII) failed, or gave the empty
    /// string (`http://xn--a/`, `http://%C2%AD/`).
    DomainToAscii,
    /// "IPv4-too-many-parts": a host that ends in a number has more than four parts
    /// (`http://1.2.3.4.5/`).
    Ipv4TooManyParts,
    /// "IPv4-non-numeric-part": a host that ends in a number has a part that is not a
    /// number (`http://foo.1/`).
    Ipv4NonNumericPart,
    /// "IPv4-out-of-range-part": a part of an IPv4 address is too large
    /// (`http://256.256.256.256/`, `http://4294967296/`).
    Ipv4OutOfRangePart,
    /// "IPv6-unclosed": `[` without the closing `]`.
    Ipv6Unclosed,
    /// "IPv6-invalid-compression": an IPv6 address starting with a single `:`.
    Ipv6InvalidCompression,
    /// "IPv6-too-many-pieces": more than eight pieces.
    Ipv6TooManyPieces,
    /// "IPv6-multiple-compression": `::` twice.
    Ipv6MultipleCompression,
    /// "IPv6-invalid-code-point": a code point that is not a hex digit, `:` or `.`, or a
    /// trailing single `:`.
    Ipv6InvalidCodePoint,
    /// "IPv6-too-few-pieces": fewer than eight pieces and no `::`.
    Ipv6TooFewPieces,
    /// "IPv4-in-IPv6-too-many-pieces": an embedded IPv4 address after more than six pieces.
    Ipv4InIpv6TooManyPieces,
    /// "IPv4-in-IPv6-invalid-code-point": a bad code point in an embedded IPv4 address (an
    /// empty part, a leading zero, a code point that is not a digit or `.`).
    Ipv4InIpv6InvalidCodePoint,
    /// "IPv4-in-IPv6-out-of-range-part": a part of an embedded IPv4 address above 255.
    Ipv4InIpv6OutOfRangePart,
    /// "IPv4-in-IPv6-too-few-parts": an embedded IPv4 address with fewer than four parts.
    Ipv4InIpv6TooFewParts,
    /// "port-out-of-range": a port above 65535.
    PortOutOfRange,
    /// "port-invalid": a port with a code point that is not an ASCII digit.
    PortInvalid,
}

impl Failure {
    /// Every failure, in the order of the Standard's table.
    pub const ALL: [Self; 20] = [
        Self::MissingSchemeNonRelativeUrl,
        Self::HostMissing,
        Self::HostInvalidCodePoint,
        Self::DomainInvalidCodePoint,
        Self::DomainToAscii,
        Self::Ipv4TooManyParts,
        Self::Ipv4NonNumericPart,
        Self::Ipv4OutOfRangePart,
        Self::Ipv6Unclosed,
        Self::Ipv6InvalidCompression,
        Self::Ipv6TooManyPieces,
        Self::Ipv6MultipleCompression,
        Self::Ipv6InvalidCodePoint,
        Self::Ipv6TooFewPieces,
        Self::Ipv4InIpv6TooManyPieces,
        Self::Ipv4InIpv6InvalidCodePoint,
        Self::Ipv4InIpv6OutOfRangePart,
        Self::Ipv4InIpv6TooFewParts,
        Self::PortOutOfRange,
        Self::PortInvalid,
    ];

    /// The stable `snake_case` name (the Standard's name with `-` as `_`, lower case): the
    /// value of [`crate::ErrorKind::name`] for [`crate::ErrorKind::UrlStandard`], whose
    /// table of names holds these too.
    pub const fn name(self) -> &'static str {
        crate::ErrorKind::UrlStandard(self).name()
    }

    /// The failure as a sentence.
    const fn describe(self) -> &'static str {
        match self {
            Self::MissingSchemeNonRelativeUrl => {
                "the URL has no scheme, and there is no base URL it could be relative to (none was given, or the base has an opaque path)"
            }
            Self::HostMissing => "the URL needs a host and has an empty one",
            Self::HostInvalidCodePoint => "the host contains a forbidden host code point",
            Self::DomainInvalidCodePoint => "the domain contains a forbidden domain code point",
            Self::DomainToAscii => "the domain is not valid by UTS #46 (domain to ASCII failed)",
            Self::Ipv4TooManyParts => "the IPv4 address has more than four parts",
            Self::Ipv4NonNumericPart => "the host ends in a number but a part of it is not a number",
            Self::Ipv4OutOfRangePart => "a part of the IPv4 address is out of range",
            Self::Ipv6Unclosed => "the IPv6 address is missing its closing ']'",
            Self::Ipv6InvalidCompression => "the IPv6 address begins with a single ':'",
            Self::Ipv6TooManyPieces => "the IPv6 address has more than eight pieces",
            Self::Ipv6MultipleCompression => "the IPv6 address has '::' more than once",
            Self::Ipv6InvalidCodePoint => "the IPv6 address contains an invalid code point",
            Self::Ipv6TooFewPieces => "the IPv6 address has fewer than eight pieces and no '::'",
            Self::Ipv4InIpv6TooManyPieces => "the IPv6 address has more than six pieces before its embedded IPv4 address",
            Self::Ipv4InIpv6InvalidCodePoint => "the IPv4 address embedded in the IPv6 address is malformed",
            Self::Ipv4InIpv6OutOfRangePart => "a part of the IPv4 address embedded in the IPv6 address is above 255",
            Self::Ipv4InIpv6TooFewParts => "the IPv4 address embedded in the IPv6 address has fewer than four parts",
            Self::PortOutOfRange => "the port is above 65535",
            Self::PortInvalid => "the port contains a character that is not an ASCII digit",
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}
