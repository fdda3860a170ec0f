//! relurl: RFC 1808 relative URLs, parsed without copying and resolved in linear time; and
//! RFC 3986 by the same names.
//!
//! A module per grammar, each with the same names:
//!
//! - [`rfc1808`] (the default, re-exported at the crate root): [`parse`](fn@parse) splits a URL into
//!   the six components of RFC 1808 §2.1 by the rules of §2.4, as offsets into the input (no
//!   allocation); [`resolve`](fn@resolve) / [`resolve_parsed`] / [`resolve_into`] resolve a reference
//!   against a base by §4, with step 6 done as a segment stack (one allocation: the output);
//!   [`validate`](fn@validate) checks a URL against the §2.2 BNF and reports the first offending
//!   character and why; [`establish_base`] finds a document's base by §3.
//! - [`rfc3986`]: [`rfc3986::parse`](fn@rfc3986::parse) by Appendix B, [`rfc3986::resolve`](fn@rfc3986::resolve) /
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
//! - [`domain_set::DomainSet`] is a set of domains: is a host one of them or under one
//!   (Scrapy's offsite rule), in time linear in the host whatever the number of members.
//! - [`links::extract_links`] reads an HTML page with a tokenizer and resolves every link
//!   against the page's base (RFC 1808 §3, the first `<base href>`), parsed once.
//! - [`idna2003`] is a twin of CPython's `str.encode("idna")` (RFC 3490 ToASCII, RFC 3491).
//! - [`urllib`] is a twin of CPython's `urllib.parse`, quirks included.
//! - [`surt`] is a twin of the Internet Archive's `surt` package: the SURT keys web
//!   archives index by.
//! - [`int_limit`] is Python's limit on the digits `int()` reads, which the twins' ports
//!   follow.
//! - [`w3lib`] is a twin of w3lib's `canonicalize_url` (Scrapy's fingerprint key) and
//!   `safe_url_string` (every Scrapy `Request`).
//! - [`scrapy`] is a twin of Scrapy's request fingerprint (`scrapy.utils.request.fingerprint`).
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
//! The sources, a folder per kind:
//!
//! - `src/grammars/`: the grammars (`rfc1808/`, `rfc3986/`, `whatwg/`), each parsing and
//!   resolving by one specification under the same names.
//! - `src/common/`: what the grammars share, each piece written once: the parsed URL and its
//!   forward pass, the segment stack, recombination, byte scanning, percent-decoding, errors,
//!   the grammar names and the run-time choice of one, the net_loc's login, Python's `int()`
//!   digit limit and the one reader of the generated Unicode tables.
//! - `src/services/`: what is built on the grammars for every grammar alike: the RFC 1808
//!   §3 base (`base.rs`), normalization (`normalize.rs`), sets of domains (`domain_set.rs`), batches on several threads
//!   (`batch/`) and the links of an HTML page (`links/`).
//! - `src/twins/`: the twins of other libraries, which give their answers and errors, quirks
//!   included: CPython's `urllib.parse` (`urllib/`), w3lib's `canonicalize_url` (`w3lib/`),
//!   the Internet Archive's `surt` (`surt/`) and CPython's `"idna"` codec (`idna2003/`).
//! - `src/bindings/` ([`bindings`]): what a language binding needs beyond the URL functions,
//!   so that the binding only converts: [`bindings::MultiUrl`], the URL object that answers
//!   by several grammars (Python's `relurl.URL`), and the tables, names and choices every
//!   binding would otherwise re-implement.
//!
//! A grammar uses only `common`; `common` reaches the grammars only to run the one chosen at
//! run time (`any.rs`); the services and `bindings` use both; the twins use `common` and the batch
//! scheduler. No module imports one that imports it back (`scripts/import_cycles.py`, run by
//! `tests/test_architecture.py`).
//!
//! The core knows nothing of Python: the bindings are the `relurl-py` crate of this
//! workspace, which only converts. Link extraction is behind the default `links` feature.
#![forbid(unsafe_code)]

pub mod bindings;
mod common;
mod grammars;
mod services;
mod twins;

pub use common::int_limit;
pub use grammars::{rfc3986, whatwg};
pub use services::batch;
pub use services::domain_set;
#[cfg(feature = "links")]
pub use services::links;
pub use services::public_suffix;
pub use twins::{idna2003, scrapy, surt, tldextract, urllib, w3lib};

// `relurl::rfc1808` keeps the grammar and the §3 base side by side, as it always had them;
// they meet here, as the grammar cannot re-export the base service (which runs the grammar
// chosen at run time) without an import circle.
pub mod rfc1808 {
    //! RFC 1808, "Relative Uniform Resource Locators": relurl's default grammar.
    //!
    //! - [`parse`](fn@parse) splits a URL into the six components of §2.1 by the rules of §2.4, as
    //!   offsets into the input (no allocation);
    //! - [`resolve`](fn@resolve) / [`resolve_parsed`] / [`resolve_into`] resolve a reference against a base
    //!   by §4, with step 6 done as a segment stack (one allocation: the output); [`unchanged`]
    //!   says when the answer is an input as given (steps 1, 2a, 2b);
    //! - [`validate`](fn@validate) / [`validate_parsed`] check a URL against the §2.2 BNF;
    //! - [`establish_base`] finds a document's base URL by the layers of §3, and
    //!   [`base_from_header`] reads a §3.1 `Base` header.
    //!
    //! Every function takes and gives [`Url`](crate::Url)s of the grammar [`Rfc1808`]; the same
    //! names in [`crate::rfc3986`] follow RFC 3986. The crate root re-exports this module's
    //! parsing and resolution as `relurl::parse`, `relurl::resolve` and so on. The grammar's
    //! sources are `src/grammars/rfc1808/`, the §3 base's `src/services/base.rs`.
    //!
    //! ```
    //! use relurl::rfc1808;
    //! let base = rfc1808::parse("http://a/b/c/d;p?q#f").unwrap();
    //! let reference = rfc1808::parse("g;x?y#s").unwrap();
    //! assert_eq!(rfc1808::resolve_parsed(&base, &reference), "http://a/b/c/g;x?y#s");
    //! ```

    pub use crate::common::scan::strip_ascii_whitespace;
    pub use crate::grammars::rfc1808::*;
    pub use crate::services::base::{base_from_header, establish_base, relative_base_warning, BaseInputs, BaseSource, EstablishedBase};
    pub use crate::services::headers::find_header;
}

pub use common::any::{parse_checked, resolve_by_spec, AnyUrl};
pub use common::error::{Component, Error, ErrorKind, NotAHostHint};
pub use common::failure::Failure;
pub use common::login::Login;
pub use common::resolver_output::{max_resolved_len, Unchanged};
pub use common::spec::{Grammar, Rfc1808, Rfc3986, Spec, UnknownSpec};
pub use common::url::{Offsets, Url};
pub use rfc1808::{
    base_from_header, establish_base, parse, relative_base_warning, resolve, resolve_into, resolve_parsed, strip_ascii_whitespace,
    unchanged, validate, validate_parsed, BaseInputs, BaseSource, EstablishedBase,
};
pub use services::normalize::{normalize, normalize_into};
