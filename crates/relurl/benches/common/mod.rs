//! The link corpus of the criterion benches, shared by `benches/resolve.rs`,
//! `benches/whatwg.rs` and the peers bench (`benches/peers/` at the repository root, through
//! `#[path]`): the pages of `../shared/corpus/links.jsonl` (relative to the repository root)
//! with their hrefs, and the median-of-passes timer that prints ns per link beside
//! criterion's report.

#![allow(dead_code, clippy::cast_precision_loss)] // each bench uses a part; ns and MB/s figures for humans

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use criterion::BenchmarkGroup;

#[path = "../../tests/support/files.rs"]
mod files;

/// One page of the corpus: its effective base and its hrefs, in document order.
pub struct Page {
    pub base: String,
    pub hrefs: Vec<String>,
}

/// `../shared/corpus/links.jsonl` relative to the repository root.
pub fn corpus_file() -> PathBuf {
    files::corpus_path("links.jsonl")
}

/// Reads links.jsonl and groups consecutive links by page (they are stored in page order).
pub fn load_corpus() -> Option<Vec<Page>> {
    let path = corpus_file();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!(
                "link corpus not found at {} ({e}); expected ../shared/corpus/links.jsonl relative to the \
                 repository root. Skipping the corpus benchmarks.",
                path.display()
            );
            return None;
        }
    };
    let mut pages: Vec<Page> = Vec::new();
    let mut last_page = String::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{}:{}: bad JSON: {e}", path.display(), i + 1));
        let field = |k: &str| row[k].as_str().unwrap_or_else(|| panic!("{}:{}: no string {k:?}", path.display(), i + 1)).to_owned();
        let (page, base, href) = (field("page"), field("base"), field("href"));
        match pages.last_mut() {
            Some(p) if page == last_page => {
                assert_eq!(p.base, base, "page {page} has several bases");
                p.hrefs.push(href);
            }
            _ => {
                pages.push(Page { base, hrefs: vec![href] });
                last_page = page;
            }
        }
    }
    Some(pages)
}

/// Median of `rounds` timed passes over the corpus, in ns per link (printed beside criterion's report).
pub fn median_ns_per_link(n_links: usize, rounds: usize, mut pass: impl FnMut() -> usize) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            black_box(pass());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2] * 1e9 / n_links as f64
}

pub fn bench_one<M: criterion::measurement::Measurement>(
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

/// relurl's URL Standard join over the corpus, each page's base parsed once, into `out`
/// (reused); the total length of the hrefs (links that fail are skipped).
pub fn whatwg_join_into_all(pages: &[Page], out: &mut String) -> usize {
    let mut total = 0;
    for page in pages {
        let Ok(base) = relurl::whatwg::WhatwgUrl::parse(&page.base) else { continue };
        for href in &page.hrefs {
            out.clear();
            if base.join_into(href, out).is_ok() {
                total += black_box(out.as_str()).len();
            }
        }
    }
    total
}

/// The `url` crate's `base.join(href)` over the corpus, each page's base parsed once; the
/// total length of the hrefs.
pub fn url_crate_join_all(pages: &[Page]) -> usize {
    let mut total = 0;
    for page in pages {
        let Ok(base) = url::Url::parse(&page.base) else { continue };
        for href in &page.hrefs {
            if let Ok(url) = base.join(href) {
                total += black_box(url.as_str()).len();
            }
        }
    }
    total
}
