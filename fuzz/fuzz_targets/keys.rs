#![no_main]
//! Fuzz target `keys`: see `relurl_fuzz::check_keys` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_keys(data));
