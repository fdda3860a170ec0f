//! What a language binding needs beyond the URL functions: the objects, tables, names and
//! choices every binding would otherwise re-implement, kept here so that a binding only
//! converts (as rust-url keeps its `quirks` module for the browser's binding).
//!
//! - [`MultiUrl`] is a URL object that answers by several grammars: the text split by
//!   RFC 1808 and RFC 3986 up front and parsed by the URL Standard when first asked for,
//!   with its own grammar's components, text and login parts (Python's `relurl.URL`).
//! - [`surt`]: the keyword options of `surt.surt` (names, defaults, the fields they set, the
//!   refused `public_suffix=True`), the canonicalizer names and the key of no URL (`"-"`).
//! - [`urllib`]: how to tell which CPython `urllib.parse` is running: the probes to run in
//!   it, the [`Dialect`](crate::urllib::Dialect) their answers make, and the pairs that check
//!   the twin against it once.
//! - [`unicode`]: the Unicode version the twins follow for a reported
//!   `unicodedata.unidata_version`, with the fallback for one without tables.
//! - [`components`]: the names of a parsed URL's components, by grammar, in the order
//!   bindings give them.
//! - [`arrow`]: Arrow's string columns read from their raw buffers: the layouts accepted,
//!   each array's check (structure, UTF-8) before any row is read, the messages.
//! - [`arguments`]: the other arguments' rules and messages: `encoding=` with its spec, the
//!   grammar a column of bases resolves by, a row-at-a-time `errors=`, the names of a base's
//!   source and of a link's kind.
//! - [`batch`]: a batch's `errors=` and `threads=` (names, default, limits, messages) and
//!   the rule of a column of bases (one per reference).
//!
//! Nothing here calls a URL function of a binding's language: a binding runs what the table
//! says in its interpreter and hands the answers back.

pub mod arguments;
pub mod arrow;
pub mod batch;
pub mod components;
mod multi_url;
pub mod surt;
pub mod unicode;
pub mod urllib;

pub use multi_url::{MultiUrl, Port, Recombined};
