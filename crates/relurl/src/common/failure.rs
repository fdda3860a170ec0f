//! The URL Standard's validation errors that make the basic URL parser return failure
//! (URL Standard §1.2 "Validation", the table of validation errors marked "Failure").
//!
//! Validation errors that are not failures (a backslash in a special URL, a missing `//`, a
//! non-URL code point, ...) do not raise: the parser goes on as the Standard says.

use core::fmt;

/// Writes the one table of the failures: each variant with its doc, its stable name and its
/// sentence, in the order of the Standard's table; gives the enum, [`Failure::ALL`],
/// [`Failure::name`] and the sentence [`Display`](fmt::Display) shows.
macro_rules! failures {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal, $message:literal;)*) => {
        /// The validation error that made the URL Standard's basic URL parser (§4.4) return
        /// failure, named as the Standard's table of validation errors (§1.2) names it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Failure {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Failure {
            /// Every failure, in the order of the Standard's table.
            pub const ALL: [Self; 20] = [$(Self::$variant),*];

            /// The stable `snake_case` name (the Standard's name with `-` as `_`, lower case):
            /// the value of [`ErrorKind::name`](crate::ErrorKind::name) for
            /// [`ErrorKind::UrlStandard`](crate::ErrorKind::UrlStandard).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)*
                }
            }

            /// The failure as a sentence.
            const fn describe(self) -> &'static str {
                match self {
                    $(Self::$variant => $message,)*
                }
            }
        }
    };
}

failures! {
    /// "missing-scheme-non-relative-URL": the input has no scheme (it does not begin with an
    /// ASCII alpha followed by scheme code points and `:`), and either no base URL was given
    /// or the base URL has an opaque path (`mailto:x`, `data:,`), so it cannot be a base.
    MissingSchemeNonRelativeUrl = "missing_scheme_non_relative_url", "the URL has no scheme, and there is no base URL it could be relative to (none was given, or the base has an opaque path)";
    /// "host-missing": a special URL (or one with credentials) whose host is empty
    /// (`http://`, `http://user@/`, `http://:80`).
    HostMissing = "host_missing", "the URL needs a host and has an empty one";
    /// "host-invalid-code-point": an opaque host (§3.5 opaque-host parser) holds a
    /// forbidden host code point (`sc://a b/`, `sc://a<b`).
    HostInvalidCodePoint = "host_invalid_code_point", "the host contains a forbidden host code point";
    /// "domain-invalid-code-point": after domain to ASCII, the domain holds a forbidden
    /// domain code point (`http://a%20b/`, `http://a|b/`).
    DomainInvalidCodePoint = "domain_invalid_code_point", "the domain contains a forbidden domain code point";
    /// "domain-to-ASCII": UTS #46 ToASCII (§3.3 domain to ASCII) failed, or gave the empty
    /// string (`http://xn--a/`, `http://%C2%AD/`).
    DomainToAscii = "domain_to_ascii", "the domain is not valid by UTS #46 (domain to ASCII failed)";
    /// "IPv4-too-many-parts": a host that ends in a number has more than four parts
    /// (`http://1.2.3.4.5/`).
    Ipv4TooManyParts = "ipv4_too_many_parts", "the IPv4 address has more than four parts";
    /// "IPv4-non-numeric-part": a host that ends in a number has a part that is not a
    /// number (`http://foo.1/`).
    Ipv4NonNumericPart = "ipv4_non_numeric_part", "the host ends in a number but a part of it is not a number";
    /// "IPv4-out-of-range-part": a part of an IPv4 address is too large
    /// (`http://256.256.256.256/`, `http://4294967296/`).
    Ipv4OutOfRangePart = "ipv4_out_of_range_part", "a part of the IPv4 address is out of range";
    /// "IPv6-unclosed": `[` without the closing `]`.
    Ipv6Unclosed = "ipv6_unclosed", "the IPv6 address is missing its closing ']'";
    /// "IPv6-invalid-compression": an IPv6 address starting with a single `:`.
    Ipv6InvalidCompression = "ipv6_invalid_compression", "the IPv6 address begins with a single ':'";
    /// "IPv6-too-many-pieces": more than eight pieces.
    Ipv6TooManyPieces = "ipv6_too_many_pieces", "the IPv6 address has more than eight pieces";
    /// "IPv6-multiple-compression": `::` twice.
    Ipv6MultipleCompression = "ipv6_multiple_compression", "the IPv6 address has '::' more than once";
    /// "IPv6-invalid-code-point": a code point that is not a hex digit, `:` or `.`, or a
    /// trailing single `:`.
    Ipv6InvalidCodePoint = "ipv6_invalid_code_point", "the IPv6 address contains an invalid code point";
    /// "IPv6-too-few-pieces": fewer than eight pieces and no `::`.
    Ipv6TooFewPieces = "ipv6_too_few_pieces", "the IPv6 address has fewer than eight pieces and no '::'";
    /// "IPv4-in-IPv6-too-many-pieces": an embedded IPv4 address after more than six pieces.
    Ipv4InIpv6TooManyPieces = "ipv4_in_ipv6_too_many_pieces", "the IPv6 address has more than six pieces before its embedded IPv4 address";
    /// "IPv4-in-IPv6-invalid-code-point": a bad code point in an embedded IPv4 address (an
    /// empty part, a leading zero, a code point that is not a digit or `.`).
    Ipv4InIpv6InvalidCodePoint = "ipv4_in_ipv6_invalid_code_point", "the IPv4 address embedded in the IPv6 address is malformed";
    /// "IPv4-in-IPv6-out-of-range-part": a part of an embedded IPv4 address above 255.
    Ipv4InIpv6OutOfRangePart = "ipv4_in_ipv6_out_of_range_part", "a part of the IPv4 address embedded in the IPv6 address is above 255";
    /// "IPv4-in-IPv6-too-few-parts": an embedded IPv4 address with fewer than four parts.
    Ipv4InIpv6TooFewParts = "ipv4_in_ipv6_too_few_parts", "the IPv4 address embedded in the IPv6 address has fewer than four parts";
    /// "port-out-of-range": a port above 65535.
    PortOutOfRange = "port_out_of_range", "the port is above 65535";
    /// "port-invalid": a port with a code point that is not an ASCII digit.
    PortInvalid = "port_invalid", "the port contains a character that is not an ASCII digit";
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}
