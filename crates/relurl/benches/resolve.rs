//! Criterion benchmarks of the Rust core on the shared link corpus.
//!
//! `cargo bench --bench resolve` (no `python` feature needed). Reads
//! `../shared/corpus/links.jsonl` relative to the repository root (this crate's manifest
//! directory); if it is absent, says so and exits without benchmarking.
//!
//! Every benchmark goes through all the links of the corpus (11,512) once per iteration, in
//! page order; throughput is the bytes of the hrefs. Besides criterion's report, each
//! benchmark prints its median time per link, measured on its own.
//!
//! - `corpus/resolve_parsed`: `resolve_parsed(&base, &parse(href))` with each page's base
//!   parsed once per page (inside the loop), one `String` allocated per link;
//! - `corpus/resolve_into_reused`: the same into one reused `String` (no allocation);
//! - `corpus/resolve_str`: `relurl::resolve(base, href)`, both parsed per link;
//! - `corpus/parse_href`: `parse(href)` only.

#![allow(clippy::cast_precision_loss)] // ns and MB/s figures for humans

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{load_corpus, median_ns_per_link, Page};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};

/// Resolves every link, page by page, base parsed once per page; returns the total output length.
fn resolve_parsed_all(pages: &[Page]) -> usize {
    let mut total = 0;
    for page in pages {
        let base = relurl::parse(&page.base).expect("base parses");
        for href in &page.hrefs {
            let reference = relurl::parse(href).expect("href parses");
            total += black_box(relurl::resolve_parsed(&base, &reference)).len();
        }
    }
    total
}

fn resolve_into_all(pages: &[Page], out: &mut String) -> usize {
    let mut total = 0;
    for page in pages {
        let base = relurl::parse(&page.base).expect("base parses");
        for href in &page.hrefs {
            let reference = relurl::parse(href).expect("href parses");
            out.clear();
            relurl::resolve_into(&base, &reference, out);
            total += black_box(out.as_str()).len();
        }
    }
    total
}

fn resolve_str_all(pages: &[Page]) -> usize {
    let mut total = 0;
    for page in pages {
        for href in &page.hrefs {
            total += black_box(relurl::resolve(&page.base, href).expect("resolves")).len();
        }
    }
    total
}

fn parse_all(pages: &[Page]) -> usize {
    let mut total = 0;
    for page in pages {
        for href in &page.hrefs {
            let url = relurl::parse(black_box(href.as_str())).expect("href parses");
            total += black_box(&url).path_range().end;
        }
    }
    total
}

fn bench_one<M: criterion::measurement::Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
    name: &str,
    n_links: usize,
    href_bytes: u64,
    mut pass: impl FnMut() -> usize,
) {
    group.bench_function(name, |b| b.iter(&mut pass));
    let ns = median_ns_per_link(n_links, 200, &mut pass);
    let bytes_per_s = href_bytes as f64 / (ns * n_links as f64 * 1e-9);
    println!(
        "corpus/{name}: {ns:.1} ns per link, {:.0} MiB/s ({:.0} MB/s) of hrefs (median of 200 passes)\n",
        bytes_per_s / (1024.0 * 1024.0),
        bytes_per_s / 1e6
    );
}

fn benches(c: &mut Criterion) {
    let Some(pages) = load_corpus() else { return };
    let n_links: usize = pages.iter().map(|p| p.hrefs.len()).sum();
    let href_bytes: u64 = pages.iter().flat_map(|p| &p.hrefs).map(|h| h.len() as u64).sum();
    println!("corpus: {} pages, {n_links} links, {href_bytes} bytes of hrefs\n", pages.len());

    // The reused-buffer variant must give the same strings as resolve_parsed and resolve.
    let mut out = String::new();
    for page in &pages {
        let base = relurl::parse(&page.base).unwrap();
        for href in &page.hrefs {
            let reference = relurl::parse(href).unwrap();
            out.clear();
            relurl::resolve_into(&base, &reference, &mut out);
            let parsed = relurl::resolve_parsed(&base, &reference);
            assert_eq!(out, parsed);
            assert_eq!(relurl::resolve(&page.base, href).unwrap(), parsed);
        }
    }

    let mut group = c.benchmark_group("corpus");
    group
        .throughput(Throughput::Bytes(href_bytes))
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    bench_one(&mut group, "resolve_parsed", n_links, href_bytes, || resolve_parsed_all(&pages));
    let mut buffer = String::with_capacity(4096);
    bench_one(&mut group, "resolve_into_reused", n_links, href_bytes, || resolve_into_all(&pages, &mut buffer));
    bench_one(&mut group, "resolve_str", n_links, href_bytes, || resolve_str_all(&pages));
    bench_one(&mut group, "parse_href", n_links, href_bytes, || parse_all(&pages));
    group.finish();
}

criterion_group!(corpus, benches);
criterion_main!(corpus);
