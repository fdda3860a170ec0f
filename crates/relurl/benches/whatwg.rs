//! Criterion benchmarks of the URL Standard parser (`relurl::whatwg`) on the shared link
//! corpus, with the `url` crate (servo's rust-url, the same Standard) as the reference point.
//!
//! `cargo bench -p relurl --bench whatwg`. Reads `../shared/corpus/links.jsonl` relative to
//! the repository root (as `benches/resolve.rs` does); if it is absent, says so and exits.
//! Every benchmark goes through all the links of the corpus once per iteration, in page
//! order, each page's base parsed once per page; throughput is the bytes of the hrefs.
//!
//! - `whatwg/relurl_join_into`: `WhatwgUrl::join_into` into one reused `String` (the batch
//!   path: the fast path for clean references, no `WhatwgUrl` built for them);
//! - `whatwg/relurl_join`: `WhatwgUrl::join`, a `WhatwgUrl` per link;
//! - `whatwg/url_crate_join`: `url::Url::join`, a `Url` per link.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{bench_one, load_corpus, url_crate_join_all, whatwg_join_into_all, Page};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use relurl::whatwg::WhatwgUrl;

fn relurl_join_all(pages: &[Page]) -> usize {
    let mut total = 0;
    for page in pages {
        let Ok(base) = WhatwgUrl::parse(&page.base) else { continue };
        for href in &page.hrefs {
            if let Ok(url) = base.join(href) {
                total += black_box(url).as_str().len();
            }
        }
    }
    total
}

fn benches(c: &mut Criterion) {
    let Some(pages) = load_corpus() else { return };
    let n_links: usize = pages.iter().map(|p| p.hrefs.len()).sum();
    let href_bytes: u64 = pages.iter().flat_map(|p| &p.hrefs).map(|h| h.len() as u64).sum();
    println!("corpus: {} pages, {n_links} links, {href_bytes} bytes of hrefs\n", pages.len());

    // join_into gives join's href, and how often the url crate agrees (it may lag the
    // Standard, so this is reported, not asserted).
    let (mut agree, mut disagree) = (0usize, Vec::new());
    let mut out = String::new();
    for page in &pages {
        let (Ok(base), Ok(theirs)) = (WhatwgUrl::parse(&page.base), url::Url::parse(&page.base)) else { continue };
        for href in &page.hrefs {
            out.clear();
            let ours = base.join_into(href, &mut out).map(|()| out.clone());
            assert_eq!(ours.as_deref().ok(), base.join(href).ok().as_ref().map(WhatwgUrl::as_str));
            if ours.as_deref().ok() == theirs.join(href).ok().as_ref().map(url::Url::as_str) {
                agree += 1;
            } else {
                disagree.push(href.clone());
            }
        }
    }
    println!(
        "url crate agrees on {agree} of {n_links} links; differs on {}: {:?}\n",
        disagree.len(),
        disagree.iter().take(5).collect::<Vec<_>>()
    );

    let mut group = c.benchmark_group("whatwg");
    group
        .throughput(Throughput::Bytes(href_bytes))
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    let mut buffer = String::with_capacity(4096);
    bench_one(&mut group, "relurl_join_into", n_links, href_bytes, || whatwg_join_into_all(&pages, &mut buffer));
    bench_one(&mut group, "relurl_join", n_links, href_bytes, || relurl_join_all(&pages));
    bench_one(&mut group, "url_crate_join", n_links, href_bytes, || url_crate_join_all(&pages));
    group.finish();
}

criterion_group!(whatwg, benches);
criterion_main!(whatwg);
