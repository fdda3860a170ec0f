"""Registered domains: `relurl.registered_domain(host)` against
`tldextract.extract(host).top_domain_under_public_suffix` (tldextract 5.4.0), and
`relurl.tldextract` against `tldextract.extract`, per call; and the first call of each in a
fresh process (pytest-benchmark, group ``psl``).

Not part of the test run; run it explicitly (after ``maturin develop --release``)::

    python -m pytest benches/test_bench_psl.py -s --benchmark-columns=median,rounds

One round looks up every distinct host name of ``../shared/corpus/links.jsonl`` (its pages,
bases and resolved links: about 960), 12 times over (a crawler meets its hosts again and
again; neither library caches answers; about 11,500 calls a round, so that a round is long
beside the collection before it).
tldextract reads relurl's bundled list from a ``file://`` URL (no cache, no network), so
both answer from the same rules. ``test_ratios`` prints the ratios of one run; and the first
call of each in a fresh interpreter (relurl reads its bundled list, tldextract its own
snapshot), the median of 5 processes each. ``test_ratio_by_pairs`` (``-k pairs``) times the
two side by side, tldextract's best of 3 rounds between relurl's best of 3 before and after, 25
times, and prints the
median of the pairs' ratios: steadier on a machine whose speed swings for seconds at a time
(to compare two builds, run it with each in turn). ``test_where_the_time_goes`` prints what
a Python call costs beside the lookup (``-k where``).
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")
tldextract = pytest.importorskip("tldextract")

import relurl  # noqa: E402
from corpus import link_rows, resolved_urls, skip_module_without  # noqa: E402
from timing import best_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LIST_FILE = ROOT / "crates/relurl/src/services/public_suffix/public_suffix_list.dat"
skip_module_without()

pytestmark = pytest.mark.benchmark(group="psl")


def _hosts() -> list[str]:
    """The distinct host names of the corpus's pages, bases and resolved links (about 960),
    each 12 times (about 11,500 calls a round)."""
    hosts: dict[str, None] = {}
    urls = [u for row in link_rows() for u in (row["page"], row["base"])] + resolved_urls()
    for url in urls:
        try:
            host = urlsplit(url).hostname
        except ValueError:
            continue
        if host:
            hosts[host] = None
    return list(hosts) * 12


HOSTS = _hosts()
PEER = tldextract.TLDExtract(suffix_list_urls=(LIST_FILE.as_uri(),), cache_dir=None, fallback_to_snapshot=False)


def by_tldextract() -> list[str]:
    return [PEER(host).top_domain_under_public_suffix for host in HOSTS]


def by_relurl() -> list[str | None]:
    registered_domain = relurl.registered_domain
    return [registered_domain(host) for host in HOSTS]


def twin_by_tldextract() -> list[Any]:
    return [PEER(host) for host in HOSTS]


def twin_by_relurl() -> list[Any]:
    extract = relurl.tldextract
    return [extract(host) for host in HOSTS]


CONTESTANTS: dict[str, Callable[[], list[Any]]] = {
    "tldextract(host).top_domain_under_public_suffix": by_tldextract,
    "relurl.registered_domain(host)": by_relurl,
    "tldextract(host)": twin_by_tldextract,
    "relurl.tldextract(host)": twin_by_relurl,
}


def test_answers() -> None:
    # tldextract's default leaves the private rules out: so does icann_only=True. The same
    # registered domain wherever tldextract has one (it has none for a host under no rule,
    # where the list's algorithm applies its implicit `*` rule).
    ours = [relurl.registered_domain(host, icann_only=True) for host in HOSTS]
    for mine, theirs in zip(ours, by_tldextract(), strict=True):
        if theirs:
            assert mine == theirs.lower()
    assert [(r.subdomain, r.domain, r.suffix) for r in twin_by_relurl()] == [
        (r.subdomain, r.domain, r.suffix) for r in twin_by_tldextract()
    ]


@pytest.mark.parametrize("name", list(CONTESTANTS))
def test_per_call(benchmark: Any, name: str) -> None:
    benchmark.extra_info["calls"] = len(HOSTS)
    benchmark.pedantic(CONTESTANTS[name], rounds=10, warmup_rounds=1)


FIRST_CALL = {
    "relurl": "import relurl\nt = time.perf_counter()\nrelurl.registered_domain('a.example.co.uk')",
    "tldextract": (
        "import tldextract\nt = time.perf_counter()\n"
        "tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)('a.example.co.uk').top_domain_under_public_suffix"
    ),
}


def first_call(name: str, with_import: bool = False) -> float:
    """The first call's milliseconds in a fresh interpreter (the import counted or not)."""
    code = FIRST_CALL[name]
    if with_import:
        code = "t = time.perf_counter()\n" + code.replace("\nt = time.perf_counter()", "", 1)
    code = "import time\n" + code + "\nprint((time.perf_counter() - t) * 1e3)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def test_arrow_column(benchmark: Any) -> None:
    """relurl.arrow.registered_domain on a column of 10^5 hosts (the same hosts, repeated)
    against the tldextract loop: printed as a ratio of the best of 5 runs each."""
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    hosts = (HOSTS * (100_000 // len(HOSTS) + 1))[:100_000]
    column = pa.array(hosts)
    theirs = best_of(lambda: [PEER(host).top_domain_under_public_suffix for host in hosts], rounds=3)
    ours = best_of(lambda: relurl.arrow.registered_domain(column), rounds=5)
    two = best_of(lambda: relurl.arrow.registered_domain(column, threads=2), rounds=5)
    print(
        f"\n10^5 hosts: tldextract loop {theirs * 1e3:.1f} ms, relurl.arrow.registered_domain {ours * 1e3:.2f} ms "
        f"({theirs / ours:.0f}x), threads=2 {two * 1e3:.2f} ms ({theirs / two:.0f}x)"
    )
    benchmark.pedantic(lambda: relurl.arrow.registered_domain(column), rounds=5)


def test_where_the_time_goes(benchmark: Any) -> None:
    """What one Python call costs beside the lookup, per call over the benchmark's hosts: the
    loop with a C call, a C method that makes a new `str`, `registered_domain(None)` (the
    call alone), a host whose answer is the host itself (the same `str` back, no new one), a
    host whose answer is a new `str`, and the corpus hosts. The difference between the last
    rows and `registered_domain(None)` is the core's lookup inside a Python loop."""
    rd = relurl.registered_domain
    n = len(HOSTS)
    rows: dict[str, Callable[[], list[Any]]] = {
        "len(host) (the loop and a C call)": lambda: [len(h) for h in HOSTS],
        "host.lower() (a C method, a new str)": lambda: [h.lower() for h in HOSTS],
        "registered_domain(None) (the call alone)": lambda: [rd(None) for _ in HOSTS],
        "registered_domain('example.com') (the same str back)": lambda: [rd("example.com") for _ in HOSTS],
        "registered_domain('www.example.com') (a new str)": lambda: [rd("www.example.com") for _ in HOSTS],
        "registered_domain(host), the corpus hosts": lambda: [rd(h) for h in HOSTS],
    }
    print()
    for name, f in rows.items():
        print(f"{name:55} {best_of(f) / n * 1e9:6.1f} ns/call")
    benchmark.pedantic(lambda: None, rounds=1)


def test_ratio_by_pairs(benchmark: Any) -> None:
    """relurl.registered_domain against tldextract by pairs: each tldextract time (the best of
    3 rounds) beside the relurl times just before and after it (the best of 3 rounds each), so
    that both are timed at one speed of the machine; the median and quartiles of 25 pairs'
    ratios."""

    def timed(f: Callable[[], object]) -> float:
        start = time.perf_counter()
        f()
        return time.perf_counter() - start

    by_relurl()
    by_tldextract()
    ratios, fastest = [], float("inf")
    gc.disable()
    try:
        for _ in range(25):
            before = min(timed(by_relurl) for _ in range(3))
            theirs = min(timed(by_tldextract) for _ in range(3))
            after = min(timed(by_relurl) for _ in range(3))
            ratios.append(theirs / ((before + after) / 2))
            fastest = min(fastest, before, after)
    finally:
        gc.enable()
    low, _, high = statistics.quantiles(ratios, n=4)
    print(
        f"\nregistered_domain by pairs: {statistics.median(ratios):.1f}x tldextract (quartiles {low:.1f}x-{high:.1f}x), "
        f"relurl's fastest round {fastest / len(HOSTS) * 1e9:.0f} ns/call"
    )
    benchmark.pedantic(lambda: None, rounds=1)


def test_ratios(benchmark: Any) -> None:
    times = {name: best_of(f) for name, f in CONTESTANTS.items()}
    pairs = [
        ("relurl.registered_domain(host)", "tldextract(host).top_domain_under_public_suffix"),
        ("relurl.tldextract(host)", "tldextract(host)"),
    ]
    print()
    for ours, theirs in pairs:
        per_call = {n: times[n] / len(HOSTS) * 1e9 for n in (ours, theirs)}
        print(f"{theirs:50} {per_call[theirs]:8.0f} ns/call")
        print(f"{ours:50} {per_call[ours]:8.0f} ns/call  {times[theirs] / times[ours]:6.1f}x")
    firsts = {name: statistics.median(first_call(name) for _ in range(5)) for name in FIRST_CALL}
    print(f"first call in a fresh process: relurl {firsts['relurl']:.1f} ms, tldextract {firsts['tldextract']:.1f} ms")
    firsts = {name: statistics.median(first_call(name, with_import=True) for _ in range(5)) for name in FIRST_CALL}
    print(f"import and first call: relurl {firsts['relurl']:.1f} ms, tldextract {firsts['tldextract']:.1f} ms")
    benchmark.pedantic(lambda: None, rounds=1)
