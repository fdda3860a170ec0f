//! Criterion benchmarks of the Public Suffix List lookups (`relurl::public_suffix`) on the
//! host names of the shared link corpus (every resolved link's host, in page order, so a
//! crawler's repetition of hosts is kept).
//!
//! `cargo bench -p relurl --bench public_suffix`. Reads `../shared/corpus/links.jsonl`
//! relative to the repository root (as `benches/resolve.rs` does); if it is absent, says so
//! and exits.
//!
//! - `public_suffix/registered_domain`: `PublicSuffixList::registered_domain` per host;
//! - `public_suffix/match_host`: `PublicSuffixList::match_host` alone (no answer's text);
//! - `public_suffix/from_text`: reading the bundled list (what the first call costs).

mod common;

use std::hint::black_box;

use common::load_corpus;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use relurl::public_suffix::{PublicSuffixList, Sections, BUNDLED_LIST};
use relurl::whatwg::WhatwgUrl;

fn hosts() -> Option<Vec<String>> {
    let pages = load_corpus()?;
    let mut hosts = Vec::new();
    for page in &pages {
        let Ok(base) = WhatwgUrl::parse(&page.base) else { continue };
        for href in &page.hrefs {
            if let Ok(url) = base.join(href) {
                if !url.host().is_empty() {
                    hosts.push(url.host().to_owned());
                }
            }
        }
    }
    Some(hosts)
}

fn benches(c: &mut Criterion) {
    let Some(hosts) = hosts() else { return };
    let list = PublicSuffixList::bundled();
    println!("corpus: {} hosts\n", hosts.len());
    let mut group = c.benchmark_group("public_suffix");
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group.bench_function("registered_domain", |b| {
        b.iter(|| hosts.iter().filter_map(|h| list.registered_domain(black_box(h)).ok().flatten()).map(|d| d.len()).sum::<usize>());
    });
    group.bench_function("match_host", |b| {
        b.iter(|| {
            hosts
                .iter()
                .filter_map(|h| list.match_host(black_box(h), Sections::All).ok().flatten())
                .map(|m| m.suffix_labels())
                .sum::<usize>()
        });
    });
    group.finish();
    let mut group = c.benchmark_group("public_suffix_list");
    group.sample_size(10);
    group.bench_function("from_text", |b| b.iter(|| PublicSuffixList::from_text(black_box(BUNDLED_LIST)).map(|l| l.len())));
    group.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
