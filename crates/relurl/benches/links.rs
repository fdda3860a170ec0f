//! Link extraction on the shared corpus pages, and the measurement that chose its tokenizer.
//!
//! `cargo bench --bench links` (no `python` feature needed). Reads every page of
//! `../shared/corpus/pages/` relative to the repository root; if the folder is absent, says
//! so and exits without benchmarking. Every benchmark goes through all the pages once per
//! iteration; throughput is the bytes of HTML. Besides criterion's report, each prints its
//! MB/s and pages/s, measured on its own (the best of 10 rounds).
//!
//! - `pages/html5ever_tokenizer`: html5ever's `Tokenizer` with the sink of
//!   `tests/support/html5ever_links.rs` (the oracle of `tests/it/links_tokenizer.rs`), which
//!   collects the link attributes of `relurl::links` (it decodes character references
//!   itself) outside `<template>` and switches to the raw text states for `script`, `style`,
//!   `textarea`, ... as a tree builder would;
//! - `pages/lol_html_tokenizer`: `lol_html`, one selector per element, collecting the same
//!   attributes (raw: no character reference decoding);
//! - `pages/extract_links`: `relurl::links::extract_links_from_bytes`, everything: lol_html,
//!   DOM values, srcset and refresh parsing, the base, resolution.

#![allow(clippy::cast_precision_loss)] // MB/s figures for humans

use std::cell::RefCell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../tests/support/files.rs"]
mod files;
#[path = "../tests/support/html5ever_links.rs"]
mod html5ever_links;

/// The element/attribute pairs `relurl::links` reads (and `base href`).
const ATTRIBUTES: html5ever_links::Attributes = &[
    ("a", "href"),
    ("area", "href"),
    ("link", "href"),
    ("base", "href"),
    ("img", "src"),
    ("img", "srcset"),
    ("script", "src"),
    ("iframe", "src"),
    ("frame", "src"),
    ("embed", "src"),
    ("source", "src"),
    ("source", "srcset"),
    ("audio", "src"),
    ("video", "src"),
    ("track", "src"),
    ("input", "src"),
    ("form", "action"),
    ("blockquote", "cite"),
    ("q", "cite"),
    ("ins", "cite"),
    ("del", "cite"),
    ("object", "data"),
    ("meta", "content"),
];

fn load_pages() -> Option<Vec<(Vec<u8>, String)>> {
    let tsv_path = files::corpus_path("pages.tsv");
    let tsv = match std::fs::read_to_string(&tsv_path) {
        Ok(tsv) => tsv,
        Err(e) => {
            eprintln!("corpus not found at {} ({e}); skipping the link extraction benchmarks.", tsv_path.display());
            return None;
        }
    };
    let mut pages = Vec::new();
    for row in tsv.lines().skip(1) {
        let mut columns = row.split('\t');
        let (Some(file), Some(url)) = (columns.next(), columns.next()) else { continue };
        let html = std::fs::read(files::corpus_path("pages").join(file)).ok()?;
        pages.push((html, url.to_owned()));
    }
    Some(pages)
}

/// The values html5ever's tokenizer gives for [`ATTRIBUTES`] (the oracle of
/// `tests/it/links_tokenizer.rs`, which also skips `<template>` contents as relurl does).
fn html5ever_values(html: &str) -> usize {
    html5ever_links::html5ever_values(html, ATTRIBUTES).len()
}

fn lol_html_values(html: &[u8]) -> usize {
    use lol_html::{ElementContentHandlers, HtmlRewriter, Settings};
    let values = RefCell::new(Vec::new());
    let mut settings = Settings::new().with_strict(false);
    for &(tag, attr) in ATTRIBUTES {
        let values = &values;
        let handler = ElementContentHandlers::default().element(move |el: &mut lol_html::html_content::Element<'_, '_>| {
            if let Some(value) = el.get_attribute(attr) {
                values.borrow_mut().push(value);
            }
            Ok(())
        });
        settings = settings.append_element_content_handler((std::borrow::Cow::Owned(tag.parse().unwrap()), handler));
    }
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    rewriter.write(html).unwrap();
    rewriter.end().unwrap();
    values.into_inner().len()
}

fn extract(html: &[u8], url: &str) -> usize {
    relurl::links::extract_links_from_bytes(html, url, &[], relurl::links::Options::default()).unwrap().links.len()
}

fn report(name: &str, bytes: usize, pages: usize, mut round: impl FnMut() -> usize) {
    let mut best = Duration::MAX;
    let mut found = 0;
    for _ in 0..10 {
        let start = Instant::now();
        found = black_box(round());
        best = best.min(start.elapsed());
    }
    let secs = best.as_secs_f64();
    println!("{name}: {:.1} MB/s, {:.0} pages/s ({found} values per round)", bytes as f64 / secs / 1e6, pages as f64 / secs);
}

fn bench_pages(c: &mut Criterion) {
    let Some(pages) = load_pages() else { return };
    let texts: Vec<String> = pages.iter().map(|(html, _)| String::from_utf8_lossy(html).into_owned()).collect();
    let bytes: usize = pages.iter().map(|(html, _)| html.len()).sum();
    let n = pages.len();
    report("html5ever tokenizer", bytes, n, || texts.iter().map(|t| html5ever_values(t)).sum());
    report("lol_html tokenizer", bytes, n, || pages.iter().map(|(h, _)| lol_html_values(h)).sum());
    report("relurl extract_links_from_bytes", bytes, n, || pages.iter().map(|(h, u)| extract(h, u)).sum());

    let mut group = c.benchmark_group("pages");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("html5ever_tokenizer", |b| b.iter(|| texts.iter().map(|t| html5ever_values(t)).sum::<usize>()));
    group.bench_function("lol_html_tokenizer", |b| b.iter(|| pages.iter().map(|(h, _)| lol_html_values(h)).sum::<usize>()));
    group.bench_function("extract_links", |b| b.iter(|| pages.iter().map(|(h, u)| extract(h, u)).sum::<usize>()));
    group.finish();
}

criterion_group!(benches, bench_pages);
criterion_main!(benches);
