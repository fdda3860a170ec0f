//! relurl: RFC 1808 relative URLs, parsed without copying and resolved in linear time; and
//! RFC 3986 by the same names.
//!
//! A module per grammar, each with the same names:
//!
//! - [`rfc1808`] (the default, re-exported at the crate root): [`parse`] splits a URL into
//!   the six components of RFC 1808 §2.1 by the rules of §2.4, as offsets into the input (no
//!   allocation); [`resolve`] / [`resolve_parsed`] / [`resolve_into`] resolve a reference
//!   against a base by §4, with step 6 done as a segment stack (one allocation: the output);
//!   [`validate`] checks a URL against the §2.2 BNF and reports the first offending
//!   character and why; [`establish_base`] finds a document's base by §3.
//! - [`rfc3986`]: [`rfc3986::parse`] by Appendix B, [`rfc3986::resolve`] /
//!   [`rfc3986::resolve_parsed`] / [`rfc3986::resolve_into`] by §5.2.
//!
//! A [`Url`] carries its grammar in its type ([`Grammar`]: [`Rfc1808`], the default, or
//! [`Rfc3986`]), so a URL parsed by one grammar cannot be resolved by the other's rules by
//! mistake. A grammar chosen at run time by name is a [`Spec`], and a URL parsed by it an
//! [`AnyUrl`], which resolves by its own grammar.
//!
//! - [`Url::login`] reads a net_loc as RFC 1738 §3.1's `[user[:password]@]host[:port]`
//!   ([`Login`]: user name, password, host name, port), with urllib's answers.
//! - [`batch::resolve_batch`] resolves a column of references against one base or a base
//!   per row, on several threads, recording bad rows by index instead of stopping.
//! - [`links::extract_links`] reads an HTML page with a tokenizer and resolves every link
//!   against the page's base (RFC 1808 §3, the first `<base href>`), parsed once.
//! - [`idna2003`] is a twin of CPython's `str.encode("idna")` (RFC 3490 ToASCII, RFC 3491).
//! - [`urllib`] is a twin of CPython's `urllib.parse`, quirks included.
//! - [`surt`] is a twin of the Internet Archive's `surt` package: the SURT keys web
//!   archives index by.
//! - [`int_limit`] is Python's limit on the digits `int()` reads, which the twins' ports
//!   follow.
//! - [`w3lib`] is a twin of w3lib's `canonicalize_url` (Scrapy's fingerprint key).
//! - [`whatwg`] is the WHATWG URL Standard's parser ([`whatwg::WhatwgUrl`]): browsers'
//!   parsing and joining, with percent-encoding, IDNA and IP address hosts.
//!
//! ```
//! let base = relurl::parse("http://a/b/c/d;p?q#f").unwrap();
//! let reference = relurl::parse("g;x?y#s").unwrap();
//! assert_eq!(relurl::resolve_parsed(&base, &reference), "http://a/b/c/g;x?y#s");
//!
//! let base = relurl::rfc3986::parse("http://a/b/c/d;p?q").unwrap();
//! let reference = relurl::rfc3986::parse("g;x?y#s").unwrap();
//! assert_eq!(relurl::rfc3986::resolve_parsed(&base, &reference), "http://a/b/c/g;x?y#s");
//! ```
//!
//! The sources: a folder per grammar (`src/rfc1808/`, `src/rfc3986/`, `src/urllib/`,
//! `src/links/`), and beside them the pieces they share, each written once: the parsed URL
//! and the forward pass that splits it (`src/url.rs`), the segment stack (`src/segments.rs`),
//! recombination (`src/recombine.rs`), byte scanning (`src/scan.rs`), errors
//! (`src/error.rs`), the grammar names (`src/spec.rs`) and the run-time choice
//! (`src/any.rs`).
//!
//! The core knows nothing of Python: the bindings are the `relurl-py` crate of this
//! workspace, which only converts. Link extraction is behind the default `links` feature.
#![forbid(unsafe_code)]

mod any;
pub mod batch;
mod error;
pub mod idna2003;
pub mod int_limit;
#[cfg(feature = "links")]
pub mod links;
mod login;
mod normalize;
mod percent;
mod recombine;
mod resolved;
pub mod rfc1808;
pub mod rfc3986;
mod scan;
mod segments;
mod spec;
pub mod surt;
mod url;
pub mod urllib;
pub mod w3lib;
pub mod whatwg;

pub use any::{parse_checked, resolve_by_spec, AnyUrl};
pub use error::{Component, Error, ErrorKind};
pub use login::Login;
pub use normalize::{normalize, normalize_into};
pub use resolved::{max_resolved_len, Unchanged};
pub use rfc1808::{
    base_from_header, establish_base, parse, relative_base_warning, resolve, resolve_into, resolve_parsed, strip_ascii_whitespace,
    unchanged, validate, validate_parsed, BaseInputs, BaseSource, EstablishedBase,
};
pub use spec::{Grammar, Rfc1808, Rfc3986, Spec, UnknownSpec};
pub use url::{Offsets, Url};
pub use whatwg::Failure;
