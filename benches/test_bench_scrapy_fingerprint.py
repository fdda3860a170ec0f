"""relurl.scrapy.fingerprint against Scrapy 2.19's scrapy.utils.request.fingerprint on the
corpus (pytest-benchmark).

Not part of the test run; run it explicitly (after ``maturin develop --release``)::

    python -m pytest benches/test_bench_scrapy_fingerprint.py --benchmark-columns=mean,rounds -s

Every round fingerprints one fresh ``scrapy.Request`` per resolved link of
``../shared/corpus/links.jsonl`` (the distinct ``urljoin(base, href)`` that ``Request`` takes,
about 8,700), with the default arguments, as Scrapy's duplicate filter does. The requests are
built before the round (``Request()`` is not timed) and are new each round, so that no answer
comes from the per-request cache (which both functions share: Scrapy's
``_fingerprint_cache``). The fingerprinters (``RequestFingerprinter().fingerprint``, what
Scrapy's components call) are timed too. The ratios are printed by ``test_ratios``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
pytest.importorskip("scrapy")

import relurl.scrapy
from corpus import LINKS_FILE, resolved_urls, skip_module_without
from scrapy import Request
from scrapy.utils import request as scrapy_request

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="scrapy-fingerprint-corpus")


def _urls() -> list[str]:
    urls = resolved_urls()
    good = []
    for url in urls:
        try:
            Request(url)
        except Exception:  # a URL that Request refuses has no fingerprint
            continue
        good.append(url)
    return good


URLS = _urls()


def requests() -> list[Request]:
    return [Request(url) for url in URLS]


CONTESTANTS: dict[str, Callable[[Request], bytes]] = {
    "scrapy.utils.request.fingerprint": scrapy_request.fingerprint,
    "relurl.scrapy.fingerprint": relurl.scrapy.fingerprint,
    "scrapy RequestFingerprinter": scrapy_request.RequestFingerprinter().fingerprint,
    "relurl.scrapy.RequestFingerprinter": relurl.scrapy.RequestFingerprinter().fingerprint,
}


def run(f: Callable[[Request], bytes]) -> Callable[[list[Request]], list[bytes]]:
    def each(batch: list[Request]) -> list[bytes]:
        return [f(r) for r in batch]

    return each


def test_results_agree() -> None:
    expected = run(scrapy_request.fingerprint)(requests())
    for f in CONTESTANTS.values():
        assert run(f)(requests()) == expected


@pytest.mark.parametrize("name", list(CONTESTANTS))
def test_fingerprint(benchmark: Any, name: str) -> None:
    benchmark.extra_info["requests"] = len(URLS)
    benchmark.pedantic(run(CONTESTANTS[name]), setup=lambda: ((requests(),), {}), rounds=10, warmup_rounds=1)


def best_of(f: Callable[[Request], bytes], rounds: int = 7) -> float:
    best = float("inf")
    each = run(f)
    for _ in range(rounds):
        batch = requests()
        gc.collect()
        start = time.perf_counter()
        each(batch)
        best = min(best, time.perf_counter() - start)
        del batch
    return best


def test_ratios(benchmark: Any) -> None:
    """The row of docs/scrapy.md: microseconds per request and the ratios to Scrapy's (best of 7
    rounds, fresh requests each)."""
    times = {name: best_of(f) for name, f in CONTESTANTS.items()}
    scrapy_time = times["scrapy.utils.request.fingerprint"]
    for name, t in times.items():
        per_request = t / len(URLS) * 1e6
        ratio = scrapy_time / t
        benchmark.extra_info[name] = {"us_per_request": round(per_request, 2), "x_scrapy": round(ratio, 1)}
        print(f"{name:38} {per_request:7.2f} us/request  {ratio:6.1f}x Scrapy")
    benchmark.pedantic(lambda: None, rounds=1)
