"""relurl.scrapy.OffsiteMiddleware against Scrapy 2.19's offsite downloader middleware, per
request, with 10, 1,000 and 100,000 allowed domains (pytest-benchmark).

Not part of the test run; run it explicitly (with a release build of relurl)::

    python -m pytest benches/test_bench_scrapy_offsite.py -s --benchmark-columns=mean,rounds

Every round asks each middleware's `should_follow(request, spider)` (the decision: Scrapy's
re-read of `allowed_domains`, then its regex search or relurl's `DomainSet` lookup) for the
same 2,000 requests made from resolved links of ``../shared/corpus/links.jsonl``. The URLs
are parsed once before the rounds (`urlparse_cached`, shared by both). The allowed domains
are corpus domains, then made-up ones (``d1.example17.com``) up to the size; about a third
of the requests are on site. Scrapy's middleware and relurl's with a list re-compare the
spider's list on every request, as Scrapy does (it may change while the spider runs; Scrapy
copies it first); relurl's with a tuple skips that (a tuple cannot change). ``test_ratios``
prints the rows of docs/scrapy.md, with the time to build Scrapy's regex and relurl's set.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
pytest.importorskip("scrapy")

import relurl
from corpus import LINKS_FILE, resolved_urls, skip_module_without
from relurl.scrapy import OffsiteMiddleware
from scrapy import Request, Spider
from scrapy.downloadermiddlewares.offsite import OffsiteMiddleware as ScrapyOffsite
from scrapy.utils.httpobj import urlparse_cached
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler
from timing import best_of

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="scrapy-offsite")

SIZES = (10, 1_000, 100_000)


def _requests() -> list[Request]:
    urls = [url for url in resolved_urls() if url.startswith(("http://", "https://"))]
    requests = []
    for url in list(urls)[::3][:2000]:
        try:
            requests.append(Request(url))
        except ValueError:
            continue
    for request in requests:
        urlparse_cached(request)
    return requests


REQUESTS = _requests()
HOSTS = sorted({urlparse_cached(r).hostname or "" for r in REQUESTS})


def allowed_domains(size: int) -> list[str]:
    """Corpus domains (every other host's parent, so that some requests are on site), then
    made-up ones, `size` in all."""
    corpus = sorted({h.split(".", 1)[-1] for h in HOSTS[::2] if h.count(".") >= 2})
    made_up = (f"d{i}.example{i % 97}.com" for i in range(size))
    return (corpus[: size // 2] + list(made_up))[:size]


def middleware(cls: type, domains: Any) -> tuple[Any, Spider]:
    crawler = get_crawler(Spider)
    crawler.spider = crawler._create_spider(name="a", allowed_domains=domains)
    mw = build_from_crawler(cls, crawler)
    mw.spider_opened(crawler.spider)
    return mw, crawler.spider


def decisions(mw: Any, spider: Spider) -> Callable[[], list[bool]]:
    should_follow = mw.should_follow

    def run() -> list[bool]:
        return [should_follow(r, spider) for r in REQUESTS]

    return run


_built: dict[tuple[str, int], tuple[Any, Spider]] = {}


def contestant(name: str, size: int) -> Callable[[], list[bool]]:
    if (name, size) not in _built:
        domains = allowed_domains(size)
        kinds = {
            "scrapy": (ScrapyOffsite, domains),
            "relurl": (OffsiteMiddleware, domains),
            "relurl-tuple": (OffsiteMiddleware, tuple(domains)),
        }
        _built[(name, size)] = middleware(*kinds[name])
    return decisions(*_built[(name, size)])


NAMES = ("scrapy", "relurl", "relurl-tuple")


@pytest.mark.parametrize("size", SIZES)
def test_results_agree(size: int) -> None:
    expected = contestant("scrapy", size)()
    assert 0 < sum(expected) < len(expected)
    for name in NAMES[1:]:
        assert contestant(name, size)() == expected


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", NAMES)
def test_offsite(benchmark: Any, name: str, size: int) -> None:
    benchmark.extra_info["requests"] = len(REQUESTS)
    benchmark.pedantic(
        contestant(name, size), rounds=3 if name == "scrapy" and size == 100_000 else 10, warmup_rounds=1
    )


def test_ratios(benchmark: Any) -> None:
    """The rows of docs/scrapy.md: ns per request (best of 5 rounds, 3 for Scrapy at
    100,000) and the ratio to Scrapy, then the build times."""
    for size in SIZES:
        domains = allowed_domains(size)
        start = time.perf_counter()
        ScrapyOffsite(None).get_host_regex(type("S", (), {"allowed_domains": domains})())  # type: ignore[arg-type]
        compiled = time.perf_counter() - start
        start = time.perf_counter()
        relurl.DomainSet(domains)
        built = time.perf_counter() - start
        times = {
            name: best_of(contestant(name, size), 3 if name == "scrapy" and size == 100_000 else 5, collect=False)
            for name in NAMES
        }
        for name, t in times.items():
            per = t / len(REQUESTS) * 1e9
            ratio = times["scrapy"] / t
            benchmark.extra_info[f"{name}-{size}"] = {"ns_per_request": round(per), "x_scrapy": round(ratio, 1)}
            print(f"{size:>7} domains  {name:13} {per:11,.0f} ns/request  {ratio:7.1f}x Scrapy")
        print(
            f"{size:>7} domains  Scrapy's regex compiled in {compiled * 1e3:,.1f} ms, relurl's DomainSet built in {built * 1e3:,.1f} ms"
        )
    benchmark.pedantic(lambda: None, rounds=1)
