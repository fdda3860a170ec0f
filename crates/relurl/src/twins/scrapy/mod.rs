//! Twins of Scrapy's own URL work (Scrapy 2.19), built on the [`w3lib`](crate::w3lib) twin.
//!
//! - `fingerprint.rs`: `scrapy.utils.request.fingerprint`, the request fingerprint Scrapy's
//!   duplicate filter, HTTP cache and `JOBDIR` key requests by ([`fn@fingerprint`]);
//! - `json.rs`: the strings of CPython's `json.dumps` (`ensure_ascii`), which the
//!   fingerprint's text is written with, over Python text ([`Text`]: lone surrogates too);
//! - `links.rs`: the per-value URL pipeline of `LxmlLinkExtractor`, one call per page
//!   ([`Extractor::page_links`]);
//! - `filters.rs`: its filters that need no regular expression (the scheme, [`Domains`],
//!   the extensions).
//!
//! ```
//! use relurl::scrapy::{fingerprint, Request, RequestUrl, Text};
//! use relurl::w3lib::Options;
//! let request = Request { method: Text::from("GET"), url: RequestUrl::Canonicalize("http://example.org"), body: b"", headers: &[] };
//! assert_eq!(fingerprint(&request, &Options::default()).unwrap().len(), 20);
//! ```

mod filters;
mod fingerprint;
mod json;
mod links;

pub use filters::{is_valid_url, Domains};
pub use fingerprint::{fingerprint, fingerprint_json, fingerprint_json_into, Header, Request, RequestUrl};
pub use json::Text;
pub use links::{Extractor, Hooks, Kept, LenientHooks, LinkError, Page, Processed};
