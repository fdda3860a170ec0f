#![no_main]
//! Fuzz target `domains`: see `relurl_fuzz::check_domains` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_domains(data));
