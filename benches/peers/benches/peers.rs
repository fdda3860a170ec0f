//! relurl's URL Standard join against its RFC 3986 resolution and its peers, on the shared
//! link corpus (`../shared/corpus/links.jsonl` relative to the repository root, loaded by the
//! core benches' `common` module), in one criterion run:
//! `cargo bench --manifest-path benches/peers/Cargo.toml`.
//!
//! Every benchmark goes through all the links of the corpus once per iteration, page by page,
//! each page's base parsed once per page (inside the loop):
//!
//! - `whatwg_join_into`: `WhatwgUrl::join_into(href, &mut out)` into one reused `String`;
//! - `rfc3986_resolve_into`: `rfc3986::parse(href)` then `rfc3986::resolve_into` into one
//!   reused `String`;
//! - `ada_parse_with_base`: `ada_url::Url::parse(href, Some(base))`. The `ada-url` crate
//!   takes the base as text (its C API, `ada_parse_with_base`, has no parsed base), so ada
//!   parses the base again for every link; each result is a new `ada_url::Url`;
//! - `url_join`: `url::Url::join(&base, href)`, a new `url::Url` per link.
//!
//! Besides criterion's report it prints the median time per link of each over 100 rounds that
//! time one pass of every benchmark in turn (so that a shared machine's load weighs on all
//! alike), and the ratios of relurl's URL Standard join to the others.

#![allow(clippy::cast_precision_loss)] // ns figures for humans

#[path = "../../../crates/relurl/benches/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{load_corpus, median_ns_per_link, url_crate_join_all, whatwg_join_into_all, Page};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use relurl::rfc3986;
use relurl::whatwg::WhatwgUrl;

fn rfc3986_all(pages: &[Page], out: &mut String) -> usize {
    let mut total = 0;
    for page in pages {
        let base = rfc3986::parse(&page.base).expect("parse never fails below 4 GiB");
        for href in &page.hrefs {
            let reference = rfc3986::parse(href).expect("parse never fails below 4 GiB");
            out.clear();
            rfc3986::resolve_into(&base, &reference, out);
            total += black_box(out.as_str()).len();
        }
    }
    total
}

fn ada_all(pages: &[Page]) -> usize {
    let mut total = 0;
    for page in pages {
        for href in &page.hrefs {
            if let Ok(url) = ada_url::Url::parse(href.as_str(), Some(&page.base)) {
                total += black_box(url.href()).len();
            }
        }
    }
    total
}

/// The hrefs (or failures) of relurl, ada and `url` on every link: the number of links where
/// relurl differs from ada, and from `url`.
fn differences(pages: &[Page]) -> (usize, usize) {
    let (mut vs_ada, mut vs_url) = (0, 0);
    for page in pages {
        let base = WhatwgUrl::parse(&page.base).ok();
        let servo_base = url::Url::parse(&page.base).ok();
        for href in &page.hrefs {
            let relurl = base.as_ref().and_then(|b| b.join(href).ok()).map(String::from);
            let ada = ada_url::Url::parse(href.as_str(), Some(&page.base)).ok().map(|u| u.href().to_owned());
            let servo = servo_base.as_ref().and_then(|b| b.join(href).ok()).map(String::from);
            if relurl != ada {
                vs_ada += 1;
                eprintln!("differs from ada: {:?} + {href:?}: relurl {relurl:?}, ada {ada:?}", page.base);
            }
            if relurl != servo {
                vs_url += 1;
                eprintln!("differs from url: {:?} + {href:?}: relurl {relurl:?}, url {servo:?}", page.base);
            }
        }
    }
    (vs_ada, vs_url)
}

/// Interleaved timed passes of each benchmark.
const ROUNDS: usize = 100;

/// One pass over the corpus, returning the total length of the results.
type Pass<'a> = Box<dyn FnMut() -> usize + 'a>;

fn benches(c: &mut Criterion) {
    let Some(pages) = load_corpus() else { return };
    let n_links: usize = pages.iter().map(|p| p.hrefs.len()).sum();
    let href_bytes: u64 = pages.iter().flat_map(|p| &p.hrefs).map(|h| h.len() as u64).sum();
    let (vs_ada, vs_url) = differences(&pages);
    println!(
        "corpus: {} pages, {n_links} links, {href_bytes} bytes of hrefs; relurl's URL Standard join differs from ada on \
         {vs_ada}, from url on {vs_url}\n",
        pages.len()
    );

    let mut group = c.benchmark_group("peers");
    group
        .throughput(Throughput::Bytes(href_bytes))
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let (mut buffer, mut buffer3986) = (String::with_capacity(4096), String::with_capacity(4096));
    let mut passes: Vec<(&str, Pass<'_>)> = vec![
        ("whatwg_join_into", Box::new(|| whatwg_join_into_all(&pages, &mut buffer))),
        ("rfc3986_resolve_into", Box::new(|| rfc3986_all(&pages, &mut buffer3986))),
        ("ada_parse_with_base", Box::new(|| ada_all(&pages))),
        ("url_join", Box::new(|| url_crate_join_all(&pages))),
    ];
    for (name, pass) in &mut passes {
        group.bench_function(*name, |b| b.iter(&mut *pass));
    }
    group.finish();

    // The ns per link of each, interleaved: 100 rounds, each timing one pass of every
    // benchmark in turn, so that the load of a shared machine weighs on all of them alike.
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); passes.len()];
    for _ in 0..ROUNDS {
        for ((_, pass), samples) in passes.iter_mut().zip(&mut times) {
            samples.push(median_ns_per_link(n_links, 1, &mut *pass));
        }
    }
    let ns: Vec<(&str, f64)> = passes
        .iter()
        .zip(&mut times)
        .map(|((name, _), samples)| {
            samples.sort_by(f64::total_cmp);
            (*name, samples[samples.len() / 2])
        })
        .collect();
    println!("\nns per link, median of {ROUNDS} interleaved passes:");
    let whatwg = ns[0].1;
    println!("{:<22} {:>12} {:>22}", "", "ns per link", "whatwg time / this");
    for (name, per_link) in &ns {
        println!("{name:<22} {per_link:>12.1} {:>22.2}", whatwg / per_link);
    }
}

criterion_group!(peers, benches);
criterion_main!(peers);
