#![no_main]
//! Fuzz target `validate`: see `relurl_fuzz::check_validate` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_validate(data));
