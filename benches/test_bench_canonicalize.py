"""relurl.canonicalize_url against w3lib.url.canonicalize_url on the corpus (pytest-benchmark).

Not part of the test run; run it explicitly::

    python -m pytest benches/test_bench_canonicalize.py --benchmark-columns=mean,rounds

Every benchmark does the same work per round: the canonical form of every resolved link of
``../shared/corpus/links.jsonl`` (the distinct ``urljoin(base, href)``, about 8,700 URLs),
once each. Per call: a Python loop calling ``relurl.canonicalize_url`` or w3lib's; as a
column: ``relurl.arrow.canonicalize_url`` of a pyarrow array (GIL released; one thread, the
default, and two) against the same w3lib loop building a list. w3lib caches ``_urlsplit`` per URL
(``functools.lru_cache(128)``): the URLs are distinct, so its cache does not help a round.
The ratios are printed by ``test_ratios`` (in its ``extra_info`` and on standard output).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
w3lib_url = pytest.importorskip("w3lib.url")
pa = pytest.importorskip("pyarrow")

import relurl  # noqa: E402
import relurl.arrow  # noqa: E402
from corpus import LINKS_FILE, resolved_urls, skip_module_without  # noqa: E402
from timing import best_of  # noqa: E402

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="canonicalize-corpus")


def _urls() -> list[str]:
    urls = resolved_urls()
    # Only the URLs w3lib accepts, so that no contestant spends its time on exceptions.
    good = []
    for u in sorted(urls):
        try:
            w3lib_url.canonicalize_url(u)
        except ValueError:
            continue
        good.append(u)
    return good


URLS = _urls()
COLUMN = pa.array(URLS)


def loop(f: Callable[[str], str]) -> Callable[[], list[str]]:
    def run() -> list[str]:
        return [f(u) for u in URLS]

    return run


CONTESTANTS: dict[str, Callable[[], Any]] = {
    "w3lib.url.canonicalize_url": loop(w3lib_url.canonicalize_url),
    "relurl.canonicalize_url": loop(relurl.canonicalize_url),
    "relurl.arrow.canonicalize_url": lambda: relurl.arrow.canonicalize_url(COLUMN),
    "relurl.arrow.canonicalize_url(threads=2)": lambda: relurl.arrow.canonicalize_url(COLUMN, threads=2),
}


def test_results_agree() -> None:
    expected = CONTESTANTS["w3lib.url.canonicalize_url"]()
    assert CONTESTANTS["relurl.canonicalize_url"]() == expected
    assert pa.array(CONTESTANTS["relurl.arrow.canonicalize_url"]()).to_pylist() == expected
    assert pa.array(CONTESTANTS["relurl.arrow.canonicalize_url(threads=2)"]()).to_pylist() == expected


@pytest.mark.parametrize("name", list(CONTESTANTS))
def test_canonicalize(benchmark: Any, name: str) -> None:
    benchmark.extra_info["urls"] = len(URLS)
    benchmark.pedantic(CONTESTANTS[name], rounds=10, warmup_rounds=1)


def test_ratios(benchmark: Any) -> None:
    """The rows of docs/benchmarks.md: nanoseconds per URL and the ratios to w3lib (best of 7 rounds)."""
    times = {name: best_of(f, collect=False) for name, f in CONTESTANTS.items()}
    w3lib_time = times["w3lib.url.canonicalize_url"]
    for name, t in times.items():
        per_url = t / len(URLS) * 1e9
        ratio = w3lib_time / t
        benchmark.extra_info[name] = {"ns_per_url": round(per_url), "x_w3lib": round(ratio, 1)}
        print(f"{name:43} {per_url:9.0f} ns/URL  {ratio:6.1f}x w3lib")
    benchmark.pedantic(lambda: None, rounds=1)
