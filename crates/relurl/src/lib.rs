//! relurl: RFC 1808 relative URLs, parsed without copying and resolved in linear time.
//!
//! - [`parse`] splits a URL into the six components of RFC 1808 §2.1 by the rules of §2.4,
//!   as offsets into the input (no allocation).
//! - [`resolve`] / [`resolve_parsed`] / [`resolve_into`] resolve a reference against a base
//!   by §4, with step 6 done as a segment stack (one allocation: the output).
//! - [`validate`] checks a URL against the §2.2 BNF and reports the first offending
//!   character and why.
//! - [`batch::resolve_batch`] resolves a column of references against one base or a base
//!   per row, on several threads, recording bad rows by index instead of stopping.
//! - [`links::extract_links`] reads an HTML page with a tokenizer and resolves every link
//!   against the page's base (§3, the first `<base href>`), parsed once.
//!
//! ```
//! let base = relurl::parse("http://a/b/c/d;p?q#f").unwrap();
//! let reference = relurl::parse("g;x?y#s").unwrap();
//! assert_eq!(relurl::resolve_parsed(&base, &reference), "http://a/b/c/g;x?y#s");
//! ```
//!
//! The core knows nothing of Python: the bindings are the `relurl-py` crate of this
//! workspace, which only converts. Link extraction is behind the default `links` feature.
#![forbid(unsafe_code)]

mod base;
pub mod batch;
mod error;
#[cfg(feature = "links")]
pub mod links;
mod parse;
mod recombine;
mod resolve;
mod resolve_rfc3986;
mod scan;
mod segments;
mod spec;
pub mod urllib;
mod validate;

pub use base::{base_from_header, establish_base, strip_ascii_whitespace, BaseInputs, BaseSource, EstablishedBase};
pub use error::{Component, Error, ErrorKind};
pub use parse::{parse, parse_rfc3986, Offsets, Url};
pub use resolve::{max_resolved_len, resolve, resolve_by_spec_into, resolve_into, resolve_parsed, unchanged, Unchanged};
pub use resolve_rfc3986::{resolve_rfc3986, resolve_rfc3986_into};
pub use spec::{Spec, UnknownSpec};
pub use validate::{parse_checked, validate, validate_parsed};
