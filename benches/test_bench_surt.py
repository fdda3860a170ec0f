"""SURT keys of corpus URLs: relurl.surt against surt.surt (pytest-benchmark).

Not part of the test run (pyproject's testpaths is ``tests``); run it explicitly::

    python -m pytest benches/test_bench_surt.py

Every benchmark of the group ``surt-corpus`` does the same work per round: the SURT key (pywb's
call, default options) of every resolved link of ``../shared/corpus/links.jsonl`` (the
11,512 (base, href) pairs resolved by ``relurl.resolve``), one call per URL, in corpus
order. The keys are checked to be equal outside the timing; ``extra_info`` holds the number
of URLs and the time per call. ``test_ratio`` prints relurl's speed-up per call.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import relurl
from corpus import LINKS_FILE, link_rows, skip_module_without

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
surt_package = pytest.importorskip("surt", reason="the surt package is needed: pip install surt")

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="surt-corpus")


def _urls() -> list[str]:
    return [relurl.resolve(row["base"], row["href"]) for row in link_rows()]


URLS = _urls()
CONTESTANTS: dict[str, Any] = {"relurl.surt": relurl.surt, "surt.surt": surt_package.surt}
#: Seconds per call, by contestant, as measured (for test_ratio).
PER_CALL: dict[str, float] = {}


def _run(function: Any) -> None:
    for url in URLS:
        function(url)


@pytest.mark.parametrize("name", list(CONTESTANTS))
def test_surt_corpus(benchmark: Any, name: str) -> None:
    function = CONTESTANTS[name]
    assert [function(url) for url in URLS] == [surt_package.surt(url) for url in URLS]
    rounds = 5 if name == "surt.surt" else 40
    benchmark.pedantic(_run, args=(function,), rounds=rounds, warmup_rounds=1)
    PER_CALL[name] = benchmark.stats.stats.min / len(URLS)
    benchmark.extra_info.update(urls=len(URLS), ns_per_call=round(PER_CALL[name] * 1e9, 1))


def test_ratio() -> None:
    """relurl.surt's speed-up per call over surt.surt (best rounds), printed and checked."""
    if len(PER_CALL) < 2:
        pytest.skip("run with the two benchmarks")
    ratio = PER_CALL["surt.surt"] / PER_CALL["relurl.surt"]
    print(
        f"\nsurt-corpus: {len(URLS)} URLs; relurl.surt {PER_CALL['relurl.surt'] * 1e9:.0f} ns/call, "
        f"surt.surt {PER_CALL['surt.surt'] * 1e9:.0f} ns/call: {ratio:.1f}x ({time.strftime('%Y-%m-%d')})"
    )
    assert ratio >= 20
