"""relurl.safe_url_string against w3lib.url.safe_url_string (w3lib 2.5.0) on the corpus
(pytest-benchmark).

Not part of the test run; run it explicitly (after ``maturin develop --release``)::

    python -m pytest benches/test_bench_scrapy_safe_url.py --benchmark-columns=mean,rounds -s

Every round makes safe every URL Scrapy hands the function: the raw hrefs of
``../shared/corpus/links.jsonl`` (what the link extractor passes, with the page's encoding)
and the distinct ``urljoin(base, href)`` (what ``Request()`` passes), 10,893 URLs, one
call each (those w3lib takes in both encodings), with the default arguments and with ``encoding="cp1251"`` (a codec relurl asks
CPython for). The ratios are printed by ``test_ratios``.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
import relurl
from corpus import LINKS_FILE, link_rows, skip_module_without
from timing import best_of

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
w3lib_url = pytest.importorskip("w3lib.url")

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="scrapy-safe-url-corpus")


def _urls() -> list[str]:
    urls: dict[str, None] = {}
    for row in link_rows():
        urls[row["href"]] = None
        try:
            urls[urllib.parse.urljoin(row["base"], row["href"])] = None
        except ValueError:
            pass
    good = []
    for url in urls:
        try:
            w3lib_url.safe_url_string(url)
            w3lib_url.safe_url_string(url, "cp1251")
        except Exception:
            continue
        good.append(url)
    return good


URLS = _urls()

CONTESTANTS: dict[str, tuple[Callable[..., str], tuple[Any, ...]]] = {
    "w3lib safe_url_string": (w3lib_url.safe_url_string, ()),
    "relurl.safe_url_string": (relurl.safe_url_string, ()),
    "w3lib safe_url_string cp1251": (w3lib_url.safe_url_string, ("cp1251",)),
    "relurl.safe_url_string cp1251": (relurl.safe_url_string, ("cp1251",)),
}


def run(f: Callable[..., str], args: tuple[Any, ...]) -> Callable[[], list[str]]:
    def each() -> list[str]:
        return [f(url, *args) for url in URLS]

    return each


def test_results_agree() -> None:
    for encoding in ((), ("cp1251",)):
        assert run(relurl.safe_url_string, encoding)() == run(w3lib_url.safe_url_string, encoding)()


@pytest.mark.parametrize("name", list(CONTESTANTS))
def test_safe_url_string(benchmark: Any, name: str) -> None:
    benchmark.extra_info["urls"] = len(URLS)
    benchmark.pedantic(run(*CONTESTANTS[name]), rounds=10, warmup_rounds=1)


def test_ratios(benchmark: Any) -> None:
    """The row of docs/scrapy.md: microseconds per call and the ratio to w3lib's (best of 7
    rounds)."""
    times = {name: best_of(run(*c)) for name, c in CONTESTANTS.items()}
    for name, t in times.items():
        w3lib_time = times[name.replace("relurl.safe_url_string", "w3lib safe_url_string")]
        per_call = t / len(URLS) * 1e6
        ratio = w3lib_time / t
        benchmark.extra_info[name] = {"us_per_call": round(per_call, 3), "x_w3lib": round(ratio, 1)}
        print(f"{name:32} {per_call:7.3f} us/call  {ratio:6.1f}x w3lib")
    benchmark.pedantic(lambda: None, rounds=1)
