#![no_main]
//! Fuzz target `whatwg`: see `relurl_fuzz::check_whatwg` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_whatwg(data));
