#![no_main]
//! Fuzz target `urljoin`: see `relurl_fuzz::check_urljoin` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_urljoin(data));
