//! What a language binding needs beyond the URL functions: the policy of the objects a
//! binding shows its users, written once here so that the binding only converts (as
//! rust-url keeps `quirks` for the browser binding).
//!
//! - [`MultiUrl`] is a URL object that answers by several grammars: the text split by
//!   RFC 1808 and RFC 3986 up front and parsed by the URL Standard when first asked for,
//!   with its own grammar's components, text and login parts (Python's `relurl.URL`).

mod multi_url;

pub use multi_url::{MultiUrl, Port, Recombined};
