//! The grammars: each parses a URL and resolves a reference against a base by one
//! specification's rules, under the same names (`parse`, `resolve`, `resolve_parsed`,
//! `resolve_into`, `unchanged`).
//!
//! - [`rfc1808`]: RFC 1808, relurl's default (§2.4 parsing, §4 resolution, the §2.2 BNF);
//! - [`rfc3986`]: RFC 3986 (Appendix B parsing, §5.2 resolution);
//! - [`whatwg`]: the WHATWG URL Standard's basic URL parser and serializer.
//!
//! A grammar uses only what the grammars share ([`crate::common`]), never a service or a twin.

pub mod rfc1808;
pub mod rfc3986;
pub mod whatwg;
