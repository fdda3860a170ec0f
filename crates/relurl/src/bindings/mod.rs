//! What a language binding needs beyond the URL functions: the tables, names and choices
//! every binding would otherwise re-implement, kept here so that a binding only converts
//! (as rust-url keeps its `quirks` module for the browser's binding).
//!
//! - [`surt`]: the keyword options of `surt.surt` (names, defaults, the fields they set, the
//!   refused `public_suffix=True`), the canonicalizer names and the key of no URL (`"-"`).
//! - [`urllib`]: how to tell which CPython `urllib.parse` is running: the probes to run in
//!   it, the [`Dialect`](crate::urllib::Dialect) their answers make, and the pairs that check
//!   the twin against it once.
//! - [`unicode`]: the Unicode version the twins follow for a reported
//!   `unicodedata.unidata_version`, with the fallback for one without tables.
//! - [`components`]: the names of a parsed URL's components, by grammar, in the order
//!   bindings give them.
//!
//! Nothing here calls a URL function of a binding's language: a binding runs what the table
//! says in its interpreter and hands the answers back.

pub mod components;
pub mod surt;
pub mod unicode;
pub mod urllib;
