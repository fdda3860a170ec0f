#![no_main]
//! Fuzz target `base_header`: see `relurl_fuzz::check_base_header` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_base_header(data));
