#![no_main]
//! Fuzz target `scrapy_links`: see `relurl_fuzz::check_scrapy_links` for the properties.

libfuzzer_sys::fuzz_target!(|data: &[u8]| relurl_fuzz::check_scrapy_links(data));
