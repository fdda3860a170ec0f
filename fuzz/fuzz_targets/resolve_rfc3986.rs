#![no_main]
//! Fuzz target `resolve_rfc3986`: see `relurl_fuzz::check_resolve_rfc3986` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_resolve_rfc3986(data));
