//! Criterion benchmark of the core half of `relurl.scrapy.LinkExtractor`: Scrapy 2.19's
//! per-value URL pipeline (`relurl::scrapy::Extractor::page_links`) with the extractor's
//! default options (`strip`, `unique`, Scrapy's 91 `IGNORED_EXTENSIONS`), one call per page of
//! the shared link corpus (each page's hrefs, its base as both `get_base_url` and
//! `response.url`).
//!
//! `cargo bench -p relurl --bench scrapy_links`. Reads `../shared/corpus/links.jsonl`
//! relative to the repository root; if it is absent, says so and exits.

mod common;

use std::hint::black_box;

use common::{bench_one, load_corpus};
use criterion::{criterion_group, criterion_main, Criterion};
use relurl::scrapy::{Domains, Extractor, LenientHooks, Page};
use relurl::urllib::Urllib;
use relurl::w3lib::{Options, SafeOptions};

/// `scrapy.linkextractors.IGNORED_EXTENSIONS` of Scrapy 2.19.0
/// (scrapy/scrapy, `scrapy/linkextractors/__init__.py`), the default `deny_extensions`.
const IGNORED_EXTENSIONS: &str = "7z 7zip bz2 rar tar tar.gz xz zip mng pct bmp gif jpg jpeg png pst psp tif tiff ai drw \
     dxf eps ps svg cdr ico webp mp3 wma ogg wav ra aac mid au aiff 3gp asf asx avi mov mp4 mpg qt rm swf wmv m4a m4v flv \
     webm xls xlsm xlsx xltm xltx potm potx ppt pptm pptx pps doc docb docm docx dotm dotx odt ods odg odp css pdf exe bin \
     rss dmg iso apk jar sh rb js hta bat cpl msi msp py";

fn benches(c: &mut Criterion) {
    let Some(pages) = load_corpus() else { return };
    let n_links: usize = pages.iter().map(|p| p.hrefs.len()).sum();
    let href_bytes: u64 = pages.iter().flat_map(|p| &p.hrefs).map(|h| h.len() as u64).sum();
    let extractor = Extractor {
        strip: true,
        allow_domains: Domains::default(),
        deny_domains: Domains::default(),
        deny_extensions: IGNORED_EXTENSIONS.split(' ').map(|e| format!(".{e}")).collect(),
        canonicalize: false,
        unique: true,
    };
    let urllib = Urllib::cpython(3, 11, 7);
    let options = Options::default();
    let safe = SafeOptions::default();
    let mut group = c.benchmark_group("scrapy_links");
    bench_one(&mut group, "page_links", n_links, href_bytes, || {
        let mut kept = 0;
        for page in &pages {
            let p = Page { base_url: &page.base, response_url: &page.base, safe: safe.clone() };
            let values = page.hrefs.iter().map(|h| black_box(h.as_str()));
            if let Ok(links) = extractor.page_links(&urllib, &options, &p, values, &mut LenientHooks::default()) {
                kept += links.len();
            }
        }
        kept
    });
    group.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
