#![no_main]
//! Fuzz target `extract_links`: see `relurl_fuzz::check_extract_links` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_extract_links(data));
