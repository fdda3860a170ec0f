#![no_main]
//! Fuzz target `parse`: see `relurl_fuzz::check_parse` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_parse(data));
