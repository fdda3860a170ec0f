//! The properties the fuzz targets check, one `check_*` function per target.
//!
//! Each function takes the fuzzer's raw bytes and panics when a property fails (libFuzzer
//! reports a panic as a crash). The same functions replay the seed corpora and the
//! regressions in `tests/replay.rs`, so a finding stays a test.
//!
//! Input mapping (the same for every target, so seeds and findings are plain files):
//! - bytes become text with `String::from_utf8_lossy` (invalid UTF-8 becomes U+FFFD, so
//!   every input exercises the code and non-ASCII text is common);
//! - the two resolve targets split the bytes at the first NUL: `base NUL reference` (the
//!   reference may hold further NULs, which are data). Input without a NUL is a reference
//!   against the RFC's own example base (RFC 1808 §5 `http://a/b/c/d;p?q#f`, RFC 3986 §5.4
//!   `http://a/b/c/d;p?q`).
//! - `urljoin` and `base_header` read a first byte that chooses the variant (the CPython
//!   version and `allow_fragments`; the spec and which `BaseInputs` layers are given), then
//!   text as above: `urljoin` splits it like the resolve targets (`base NUL url`, default
//!   base RFC 3986 §5.4's), `base_header` into NUL-separated fields.
//! - `whatwg` (in `whatwg.rs`) splits like the resolve targets (default base RFC 3986
//!   §5.4's) and compares relurl's URL Standard parser with ada's and the `url` crate's.
//! - `extract_links` reads the whole input as the page: as bytes for
//!   `extract_links_from_bytes`, as lossy UTF-8 text for `extract_links`.
//! - `scrapy_links` reads a first byte that chooses the CPython version and the extractor's
//!   options, then NUL-separated fields: the base (and `response.url`) and the values.
//! - `domains` reads a first byte that chooses the Public Suffix List's sections, then the
//!   text: a host (or anything), and for the `DomainSet`, its lines (members, then a host).
//!
//! One module per target, named as in `fuzz_targets/`, and `common` for what they share
//! (the input mapping, the components of a URL and the independent readings of them, the
//! agreement of the two resolve RFCs, the RFC string API by spec):
//!
//! - `parse`: [`check_parse`];
//! - `roundtrip`: [`check_roundtrip`];
//! - `validate`: [`check_validate`];
//! - `resolve_rfc1808`: [`check_resolve_rfc1808`];
//! - `resolve_rfc3986`: [`check_resolve_rfc3986`];
//! - `urljoin`: [`check_urljoin`] (and [`check_urlsplit`]);
//! - `base_header`: [`check_base_header`] (and [`check_base_from_header`]);
//! - `extract_links`: [`check_extract_links`] (and [`check_page`]);
//! - `whatwg`: [`check_whatwg`];
//! - `keys`: [`check_keys`];
//! - `scrapy_links`: [`check_scrapy_links`];
//! - `domains`: [`check_domains`].
//!
//! `tests/replay.rs` runs each target's `check_*` on its corpus and regressions, and fails
//! when a target of `fuzz_targets/` has inputs that it does not replay.

mod common;

mod base_header;
mod domains;
mod extract_links;
mod keys;
mod parse;
mod resolve_rfc1808;
mod resolve_rfc3986;
mod roundtrip;
mod scrapy_links;
mod urljoin;
mod validate;
mod whatwg;

pub use base_header::{check_base_from_header, check_base_header, oracle_base_header};
pub use common::{check_rfc1808_agrees_with_rfc3986, oracle_rfc1808, oracle_rfc3986, split, text, Parts, RFC1808_BASE, RFC3986_BASE};
pub use domains::check_domains;
pub use extract_links::{check_extract_links, check_page, PAGE_URL};
pub use keys::check_keys;
pub use parse::check_parse;
pub use resolve_rfc1808::check_resolve_rfc1808;
pub use resolve_rfc3986::check_resolve_rfc3986;
pub use roundtrip::check_roundtrip;
pub use scrapy_links::check_scrapy_links;
pub use urljoin::{check_urljoin, check_urlsplit, URLLIB_VERSIONS};
pub use validate::check_validate;
pub use whatwg::{check_whatwg, DISAGREEMENTS_FILE};
