"""Everything a `CrawlSpider` does with the links of a page, stock Scrapy 2.19 against relurl
(pytest-benchmark, group ``scrapy-pipeline``):

    python -m pytest benches/test_bench_scrapy_pipeline.py -s --benchmark-columns=median,rounds

One round goes through every corpus page (../shared/corpus/pages, 55 pages) from its bytes:
an `HtmlResponse` (so lxml parses it on both sides), `extract_links(response)` with the
default options, a `Request(link.url)` per link, and the fingerprint of each request.

- scrapy: `scrapy.linkextractors.LinkExtractor`, Scrapy's `Request` (w3lib's
  `safe_url_string`), `scrapy.utils.request.fingerprint`;
- relurl: `relurl.scrapy.LinkExtractor`, `Request` with `relurl.scrapy.install()` in effect
  (relurl's `safe_url_string`), `relurl.scrapy.fingerprint`.

The two give the same fingerprints (checked once, outside the timing). The speed-up is the
ratio of the two medians of the same run.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
pytest.importorskip("scrapy")

import relurl.scrapy
from corpus import PAGES_FILE, pages, skip_module_without
from scrapy import Request
from scrapy.http import HtmlResponse
from scrapy.linkextractors import LinkExtractor as ScrapyLinkExtractor
from scrapy.utils.request import fingerprint as scrapy_fingerprint
from scrapy.utils.response import get_base_url
from timing import best_of

skip_module_without(PAGES_FILE, "corpus")

pytestmark = pytest.mark.benchmark(group="scrapy-pipeline")


PAGES = pages()


def pipeline(extractor: object, fingerprint: Callable[[Request], bytes]) -> Callable[[], list[bytes]]:
    def run() -> list[bytes]:
        digests = []
        for url, body in PAGES:
            response = HtmlResponse(url, body=body, encoding="utf-8")
            for link in extractor.extract_links(response):  # type: ignore[attr-defined]
                digests.append(fingerprint(Request(link.url)))
        return digests

    return run


@pytest.fixture
def installed() -> Iterator[None]:
    relurl.scrapy.install()
    yield
    relurl.scrapy.uninstall()


def stock() -> Callable[[], list[bytes]]:
    return pipeline(ScrapyLinkExtractor(), scrapy_fingerprint)


def ours() -> Callable[[], list[bytes]]:
    return pipeline(relurl.scrapy.LinkExtractor(), relurl.scrapy.fingerprint)


def test_scrapy(benchmark) -> None:  # type: ignore[no-untyped-def]
    relurl.scrapy.uninstall()
    digests = benchmark.pedantic(stock(), rounds=5, warmup_rounds=1)
    benchmark.extra_info["requests per round"] = len(digests)


def test_relurl(benchmark, installed) -> None:  # type: ignore[no-untyped-def]
    run = ours()
    digests = benchmark.pedantic(run, rounds=20, warmup_rounds=1)
    benchmark.extra_info["requests per round"] = len(digests)
    relurl.scrapy.uninstall()
    assert digests == stock()(), "relurl's pipeline gives other fingerprints than Scrapy's"


def best_ms(f: Callable[[], object]) -> float:
    """The fastest of 9 runs of `f`, in milliseconds (a collection before each)."""
    return best_of(f, rounds=9) * 1e3


def test_where_the_time_goes(benchmark, installed) -> None:  # type: ignore[no-untyped-def]
    """The figures of docs/scrapy.md's "Speed, all together": each pipeline's best round, and
    the parts of relurl's round that are Scrapy's and lxml's own work (a fresh `HtmlResponse`,
    its parse and `get_base_url`; `Request()` alone), and the round without the garbage
    collector."""
    ours = best_ms(pipeline(relurl.scrapy.LinkExtractor(), relurl.scrapy.fingerprint))
    urls = [
        link.url
        for url, body in PAGES
        for link in relurl.scrapy.LinkExtractor().extract_links(HtmlResponse(url, body=body))
    ]

    def parse() -> None:
        for url, body in PAGES:
            response = HtmlResponse(url, body=body, encoding="utf-8")
            _ = response.selector
            get_base_url(response)

    parse_ms = best_ms(parse)
    request_ms = best_ms(lambda: [Request(url) for url in urls])
    gc.disable()
    try:
        no_gc = best_ms(pipeline(relurl.scrapy.LinkExtractor(), relurl.scrapy.fingerprint))
    finally:
        gc.enable()
    relurl.scrapy.uninstall()
    theirs = best_ms(stock())
    print(
        f"\nbest of 9 rounds of {len(PAGES)} pages, ms: Scrapy {theirs:.1f}, relurl {ours:.1f} ({theirs / ours:.2f}x)"
    )
    print(f"  in relurl's round: HtmlResponse + parse + get_base_url {parse_ms:.1f}, Request() alone {request_ms:.1f}")
    print(
        f"  relurl's round with gc.disable(): {no_gc:.1f}; a relurl costing nothing: {theirs / (parse_ms + request_ms):.1f}x"
    )
    benchmark.pedantic(lambda: None, rounds=1)
