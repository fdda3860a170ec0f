//! The services built on the grammars, for every grammar alike: a document's base URL by
//! RFC 1808 §3 ([`base`], its message headers looked up by [`headers::find_header`]),
//! relurl's normalization key ([`normalize`]), a compiled set of domains ([`domain_set`]),
//! the Public Suffix List's public suffixes and registered domains ([`public_suffix`]), batches of rows on several threads
//! ([`batch`]) and the links of an HTML page ([`links`], feature `links`); the flat trie of
//! domain labels that the domain set, the Public Suffix List and tldextract's twin share
//! ([`label_trie`]).

pub(crate) mod base;
pub mod batch;
pub mod domain_set;
pub(crate) mod headers;
pub(crate) mod label_trie;
#[cfg(feature = "links")]
pub mod links;
pub(crate) mod normalize;
pub mod public_suffix;
