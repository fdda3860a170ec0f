//! The core's integration tests, one binary with a module per area (the allocation counts
//! are their own binary, `tests/alloc/`, because they install a counting global allocator).

mod common;
mod deadline;
mod errors;
#[path = "../support/files.rs"]
mod files;

mod base;
mod batch;
mod linear;
mod links_encoding;
mod links_tokenizer;
mod login;
mod map;
mod normalize;
mod ports;
mod properties;
mod rfc1808;
mod rfc3986;
mod rfc3986_literal;
mod scheduler;
mod step6_literal;
mod surt;
mod tables;
mod urllib_twin;
mod w3lib;
mod whatwg_encoding;
mod whatwg_errors;
mod whatwg_join;
mod whatwg_robust;
mod whatwg_wpt;
