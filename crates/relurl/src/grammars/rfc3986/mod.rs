//! RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax": Appendix B parsing and
//! §5.2 resolution (strict), by the same names as [`crate::rfc1808`].
//!
//! - [`parse`](fn@parse) splits a URI reference into the five components of Appendix B's regular
//!   expression, as offsets into the input (no allocation); a component is *defined* when
//!   its delimiter is present, even if empty (§5.2.1);
//! - [`resolve`](fn@resolve) / [`resolve_parsed`] / [`resolve_into`] resolve a reference against a base
//!   by §5.2.2, `remove_dot_segments` (§5.2.4) done as a segment stack, and recompose by §5.3
//!   (one allocation: the output); [`unchanged`] says when the answer is the reference as
//!   given.
//!
//! Every function takes and gives [`Url`](crate::Url)s of the grammar [`Rfc3986`].
//!
//! ```
//! use relurl::rfc3986;
//! let base = rfc3986::parse("http://a/b/c/d;p?q").unwrap();
//! let reference = rfc3986::parse("../../../g").unwrap();
//! assert_eq!(rfc3986::resolve_parsed(&base, &reference), "http://a/g");
//! ```

pub(crate) mod parse;
pub(crate) mod resolve;

pub use crate::common::resolver_output::{max_resolved_len, Unchanged};
pub use crate::common::spec::Rfc3986;
pub use parse::parse;
pub use resolve::{resolve, resolve_into, resolve_parsed, unchanged};
