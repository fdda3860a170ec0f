//! The twins: ports of other libraries that give, quirks included, the answers the library
//! itself gives (its results, and its errors as its own exceptions' messages).
//!
//! - [`urllib`]: CPython's `urllib.parse`;
//! - [`w3lib`]: w3lib's `canonicalize_url` (Scrapy's fingerprint key);
//! - [`scrapy`]: Scrapy's request fingerprint (`scrapy.utils.request.fingerprint`);
//! - [`surt`]: the Internet Archive's `surt` package (web archives' SURT keys);
//! - [`tldextract`]: tldextract's `extract` (subdomain, domain and public suffix);
//! - [`idna2003`]: CPython's `str.encode("idna")` (RFC 3490 ToASCII, RFC 3491 nameprep).
//!
//! They follow the running CPython's Unicode version and `int()` digit limit, read by
//! [`crate::common`] (`unicode`, [`int_limit`](crate::int_limit)).

pub mod idna2003;
pub mod scrapy;
pub mod surt;
pub mod tldextract;
pub mod urllib;
pub mod w3lib;
