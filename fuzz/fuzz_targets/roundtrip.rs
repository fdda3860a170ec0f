#![no_main]
//! Fuzz target `roundtrip`: see `relurl_fuzz::check_roundtrip` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_roundtrip(data));
