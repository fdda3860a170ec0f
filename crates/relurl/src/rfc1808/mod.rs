//! RFC 1808, "Relative Uniform Resource Locators": relurl's default grammar.
//!
//! - [`parse`] splits a URL into the six components of §2.1 by the rules of §2.4, as
//!   offsets into the input (no allocation);
//! - [`resolve`] / [`resolve_parsed`] / [`resolve_into`] resolve a reference against a base
//!   by §4, with step 6 done as a segment stack (one allocation: the output); [`unchanged`]
//!   says when the answer is an input as given (steps 1, 2a, 2b);
//! - [`validate`] / [`validate_parsed`] check a URL against the §2.2 BNF;
//! - [`establish_base`] finds a document's base URL by the layers of §3, and
//!   [`base_from_header`] reads a §3.1 `Base` header.
//!
//! Every function takes and gives [`Url`](crate::Url)s of the grammar [`Rfc1808`]; the same
//! names in [`crate::rfc3986`] follow RFC 3986. The crate root re-exports this module's
//! parsing and resolution as `relurl::parse`, `relurl::resolve` and so on.
//!
//! ```
//! use relurl::rfc1808;
//! let base = rfc1808::parse("http://a/b/c/d;p?q#f").unwrap();
//! let reference = rfc1808::parse("g;x?y#s").unwrap();
//! assert_eq!(rfc1808::resolve_parsed(&base, &reference), "http://a/b/c/g;x?y#s");
//! ```

pub(crate) mod base;
pub(crate) mod parse;
pub(crate) mod resolve;
pub(crate) mod validate;

pub use crate::resolved::{max_resolved_len, Unchanged};
pub use crate::spec::Rfc1808;
pub use base::{base_from_header, establish_base, relative_base_warning, strip_ascii_whitespace, BaseInputs, BaseSource, EstablishedBase};
pub use parse::parse;
pub use resolve::{resolve, resolve_into, resolve_parsed, unchanged};
pub use validate::{validate, validate_parsed};
