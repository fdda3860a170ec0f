"""`relurl.scrapy.LinkExtractor().extract_links` against Scrapy 2.19's `LinkExtractor` on the
corpus pages (pytest-benchmark, group ``scrapy-linkextractor``).

Not part of the test run; run it explicitly (after ``maturin develop --release``)::

    python -m pytest benches/test_bench_scrapy_linkextractor.py --benchmark-columns=mean,rounds -s

One round goes through every corpus page (../shared/corpus/pages, 55 pages): a fresh
`HtmlResponse` from the page's bytes, then `extract_links(response)`, so lxml's parse (which
the first `response.selector` does) and `get_base_url` are counted on both sides. The
extractors are built once, with the default options (as in a `Rule`). Both give the same links
(checked once, outside the timing). `test_ratios` prints the milliseconds per page and the
ratio (best of 7 rounds each, in the same run).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
pytest.importorskip("scrapy")

from corpus import PAGES_FILE, pages, skip_module_without
from relurl.scrapy import LinkExtractor
from scrapy.http import HtmlResponse
from scrapy.linkextractors import LinkExtractor as ScrapyLinkExtractor
from scrapy.utils.response import get_base_url
from timing import best_of

skip_module_without(PAGES_FILE, "corpus")

pytestmark = pytest.mark.benchmark(group="scrapy-linkextractor")


PAGES = pages()

CONTESTANTS: dict[str, Any] = {
    "scrapy LinkExtractor": ScrapyLinkExtractor(),
    "relurl.scrapy.LinkExtractor": LinkExtractor(),
}


def run(extractor: Any) -> Callable[[], int]:
    def each() -> int:
        return sum(len(extractor.extract_links(HtmlResponse(url, body=body))) for url, body in PAGES)

    return each


def test_results_agree() -> None:
    for url, body in PAGES:
        expected = CONTESTANTS["scrapy LinkExtractor"].extract_links(HtmlResponse(url, body=body))
        assert CONTESTANTS["relurl.scrapy.LinkExtractor"].extract_links(HtmlResponse(url, body=body)) == expected


@pytest.mark.parametrize("name", list(CONTESTANTS))
def test_extract_links(benchmark: Any, name: str) -> None:
    benchmark.extra_info["pages"] = len(PAGES)
    benchmark.pedantic(run(CONTESTANTS[name]), rounds=10, warmup_rounds=1)


def parsed_best_of(extractor: Any, rounds: int = 7) -> float:
    """`extract_links` alone: each round on fresh responses parsed (and their base URL read)
    before the timed part."""
    best = float("inf")
    for _ in range(rounds):
        responses = [HtmlResponse(url, body=body) for url, body in PAGES]
        for response in responses:
            _ = response.selector
            get_base_url(response)
        gc.collect()
        start = time.perf_counter()
        for response in responses:
            extractor.extract_links(response)
        best = min(best, time.perf_counter() - start)
    return best


def test_ratios(benchmark: Any) -> None:
    """The rows of docs/scrapy.md: milliseconds per page and the ratio to Scrapy's, with the
    parse (a fresh `HtmlResponse` per page) and without it (responses parsed beforehand); and
    the parse alone."""
    links = run(CONTESTANTS["scrapy LinkExtractor"])()
    times = {name: best_of(run(extractor)) for name, extractor in CONTESTANTS.items()}
    scrapy_time = times["scrapy LinkExtractor"]
    for name, t in times.items():
        per_page = t / len(PAGES) * 1e3
        ratio = scrapy_time / t
        benchmark.extra_info[name] = {"ms_per_page": round(per_page, 3), "x_scrapy": round(ratio, 2)}
        print(
            f"{name:30} {per_page:7.3f} ms/page  {len(PAGES) / t * links / len(PAGES):9.0f} links/s  {ratio:5.2f}x Scrapy"
        )
    parse = best_of(lambda: sum(len(HtmlResponse(url, body=body).selector.root) for url, body in PAGES))
    print(f"{'the lxml parse alone':30} {parse / len(PAGES) * 1e3:7.3f} ms/page")
    parsed = {name: parsed_best_of(extractor) for name, extractor in CONTESTANTS.items()}
    for name, t in parsed.items():
        ratio = parsed["scrapy LinkExtractor"] / t
        print(f"{name + ', parsed':30} {t / len(PAGES) * 1e3:7.3f} ms/page  {ratio:5.2f}x Scrapy")
    benchmark.pedantic(lambda: None, rounds=1)
