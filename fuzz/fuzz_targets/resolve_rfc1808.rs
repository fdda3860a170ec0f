#![no_main]
//! Fuzz target `resolve_rfc1808`: see `relurl_fuzz::check_resolve_rfc1808` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_resolve_rfc1808(data));
