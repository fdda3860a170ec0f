"""Resolving every link of the shared corpus: relurl against its peers (pytest-benchmark).

Not part of the test run (pyproject's testpaths is ``tests``); run it explicitly::

    python -m pytest benches/test_bench_resolve.py
    python benches/report.py          # runs this file and prints the table of docs/benchmarks.md

Every benchmark of the group ``resolve-corpus`` does the same work per round: it resolves
all the (base, href) pairs of ``../shared/corpus/links.jsonl`` (11,512 of them), once each,
in page order, and discards the results. The contestants that take a parsed base parse it
once per page *inside* the timed function, as a crawler would (55 parses per round).

can_ada and ada-url implement the WHATWG URL standard and reject some hrefs that RFC 1808
accepts; those raise ``ValueError``, which is caught per link (and counted) so that every
contestant still goes through every link.

Checked once per benchmark, outside the timing (in ``extra_info``): the number of links,
the number of failures, and how many results differ from ``relurl.resolve``'s; for the
relurl variants ``matches_relurl_resolve`` must be true (the test fails otherwise).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")

import relurl
from corpus import LINKS_FILE, link_rows, skip_module_without

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="resolve-corpus")

#: Rough time budget (seconds) of the measured rounds of one benchmark.
TARGET_SECONDS = 1.0
MIN_ROUNDS = 10
MAX_ROUNDS = 400


def _load() -> tuple[list[tuple[str, str]], list[tuple[str, list[str]]]]:
    rows = link_rows()
    pairs = [(row["base"], row["href"]) for row in rows]
    # Links are stored in page order; one effective base per page (checked here).
    pages: list[tuple[str, list[str]]] = []
    for page, links in itertools.groupby(rows, key=lambda row: row["page"]):
        group = list(links)
        bases = {row["base"] for row in group}
        assert len(bases) == 1, f"page {page} has several bases: {bases}"
        pages.append((group[0]["base"], [row["href"] for row in group]))
    return pairs, pages


PAIRS, PAGES = _load()
N_LINKS = len(PAIRS)
assert N_LINKS == sum(len(hrefs) for _, hrefs in PAGES)

#: The reference results: relurl.resolve on every pair, in order.
EXPECTED = [relurl.resolve(base, href) for base, href in PAIRS]


# --- the contestants: each resolves all N_LINKS pairs once and returns its failure count ---


def run_urljoin() -> int:
    join = urljoin
    for base, href in PAIRS:
        join(base, href)
    return 0


def run_relurl_resolve() -> int:
    resolve = relurl.resolve
    for base, href in PAIRS:
        resolve(base, href)
    return 0


def run_relurl_url_resolve() -> int:
    parse = relurl.parse
    for base, hrefs in PAGES:
        resolve = parse(base).resolve
        for href in hrefs:
            resolve(href)
    return 0


def run_relurl_resolve_many() -> int:
    parse = relurl.parse
    for base, hrefs in PAGES:
        parse(base).resolve_many(hrefs)
    return 0


def run_relurl_urljoin() -> int:
    join = relurl.urljoin
    for base, href in PAIRS:
        join(base, href)
    return 0


def run_relurl_rfc3986_many() -> int:
    parse = relurl.parse
    for base, hrefs in PAGES:
        parse(base).resolve_many(hrefs, spec="rfc3986")
    return 0


def run_relurl_whatwg_url_resolve() -> int:
    url = relurl.URL
    failures = 0
    for base, hrefs in PAGES:
        resolve = url(base, "whatwg").resolve
        for href in hrefs:
            try:
                resolve(href)
            except relurl.URLError:
                failures += 1
    return failures


def run_relurl_whatwg_many() -> int:
    url = relurl.URL
    failures = 0
    for base, hrefs in PAGES:
        # errors="report": the failures come as a list (counting `None`s in the result
        # would add a Python comparison per link to the time).
        failures += len(url(base, "whatwg").resolve_many(hrefs, errors="report")[1])
    return failures


def run_can_ada() -> int:
    import can_ada

    parse = can_ada.parse
    failures = 0
    for base, hrefs in PAGES:
        parsed = parse(base)
        for href in hrefs:
            try:
                # `URL + str` joins (WHATWG "parse with base") and gives a URL; .href is the string.
                (parsed + href).href
            except ValueError:
                failures += 1
    return failures


def run_ada_url() -> int:
    import ada_url

    join = ada_url.join_url
    failures = 0
    for base, href in PAIRS:
        try:
            join(base, href)
        except ValueError:
            failures += 1
    return failures


# --- the same work, collecting the results, for the correctness check (not timed) ---

FAILED = object()


def results_urljoin() -> list[object]:
    return [urljoin(base, href) for base, href in PAIRS]


def results_relurl_resolve() -> list[object]:
    return [relurl.resolve(base, href) for base, href in PAIRS]


def results_relurl_url_resolve() -> list[object]:
    out: list[object] = []
    for base, hrefs in PAGES:
        parsed = relurl.parse(base)
        out.extend(parsed.resolve(href) for href in hrefs)
    return out


def results_relurl_resolve_many() -> list[object]:
    out: list[object] = []
    for base, hrefs in PAGES:
        out.extend(relurl.parse(base).resolve_many(hrefs))
    return out


def results_relurl_urljoin() -> list[object]:
    return [relurl.urljoin(base, href) for base, href in PAIRS]


def results_relurl_rfc3986_many() -> list[object]:
    out: list[object] = []
    for base, hrefs in PAGES:
        out.extend(relurl.parse(base).resolve_many(hrefs, spec="rfc3986"))
    return out


def results_relurl_whatwg_url_resolve() -> list[object]:
    out: list[object] = []
    for base, hrefs in PAGES:
        parsed = relurl.URL(base, "whatwg")
        for href in hrefs:
            try:
                out.append(parsed.resolve(href))
            except relurl.URLError:
                out.append(FAILED)
    return out


def results_relurl_whatwg_many() -> list[object]:
    out: list[object] = []
    for base, hrefs in PAGES:
        out.extend(FAILED if r is None else r for r in relurl.URL(base, "whatwg").resolve_many(hrefs, errors="null"))
    return out


def results_can_ada() -> list[object]:
    import can_ada

    out: list[object] = []
    for base, hrefs in PAGES:
        parsed = can_ada.parse(base)
        for href in hrefs:
            try:
                out.append((parsed + href).href)
            except ValueError:
                out.append(FAILED)
    return out


def results_ada_url() -> list[object]:
    import ada_url

    out: list[object] = []
    for base, href in PAIRS:
        try:
            out.append(ada_url.join_url(base, href))
        except ValueError:
            out.append(FAILED)
    return out


def _rounds_for(fn: Callable[[], int]) -> int:
    start = time.perf_counter()
    fn()
    once = time.perf_counter() - start
    return max(MIN_ROUNDS, min(MAX_ROUNDS, math.ceil(TARGET_SECONDS / max(once, 1e-9))))


def _bench(
    benchmark: Any,
    contestant: str,
    fn: Callable[[], int],
    collect: Callable[[], list[object]],
    *,
    relurl_variant: bool,
) -> None:
    results = collect()
    assert len(results) == N_LINKS
    failures = sum(1 for r in results if r is FAILED)
    mismatches = sum(1 for got, want in zip(results, EXPECTED, strict=False) if got is not FAILED and got != want)

    info = benchmark.extra_info
    info["contestant"] = contestant
    info["links"] = N_LINKS
    info["pages"] = len(PAGES)
    info["failures"] = failures
    info["differs_from_relurl_resolve"] = mismatches
    if relurl_variant:
        info["matches_relurl_resolve"] = failures == 0 and mismatches == 0

    timed_failures = benchmark.pedantic(fn, rounds=_rounds_for(fn), iterations=1, warmup_rounds=1)
    assert timed_failures == failures
    if relurl_variant:
        assert info["matches_relurl_resolve"], f"{contestant}: {mismatches} results differ from relurl.resolve"


def test_urljoin(benchmark: Any) -> None:
    _bench(benchmark, "urllib.parse.urljoin", run_urljoin, results_urljoin, relurl_variant=False)


def test_relurl_resolve(benchmark: Any) -> None:
    _bench(benchmark, "relurl.resolve", run_relurl_resolve, results_relurl_resolve, relurl_variant=True)


def test_relurl_url_resolve(benchmark: Any) -> None:
    _bench(
        benchmark,
        "relurl URL.resolve (base parsed once per page)",
        run_relurl_url_resolve,
        results_relurl_url_resolve,
        relurl_variant=True,
    )


def test_relurl_resolve_many(benchmark: Any) -> None:
    _bench(
        benchmark,
        "relurl URL.resolve_many (one call per page)",
        run_relurl_resolve_many,
        results_relurl_resolve_many,
        relurl_variant=True,
    )


def test_relurl_urljoin(benchmark: Any) -> None:
    """The urllib twin: its results must equal urllib.parse.urljoin's, every one."""
    twin, reference = results_relurl_urljoin(), results_urljoin()
    assert twin == reference, (
        f"{sum(a != b for a, b in zip(twin, reference, strict=False))} results differ from urllib.parse.urljoin"
    )
    benchmark.extra_info["matches_urljoin"] = True
    _bench(benchmark, "relurl.urljoin", run_relurl_urljoin, results_relurl_urljoin, relurl_variant=False)


def test_relurl_rfc3986_many(benchmark: Any) -> None:
    _bench(
        benchmark,
        'relurl URL.resolve_many(spec="rfc3986") (one call per page)',
        run_relurl_rfc3986_many,
        results_relurl_rfc3986_many,
        relurl_variant=False,
    )


def _whatwg_bench(benchmark: Any, contestant: str, fn: Callable[[], int], collect: Callable[[], list[object]]) -> None:
    """A spec="whatwg" contestant: its results must equal ada's (ada_url.join_url), every one."""
    ada = pytest.importorskip("ada_url")

    def join(base: str, href: str) -> object:
        try:
            return ada.join_url(base, href)
        except ValueError:
            return FAILED

    got, reference = collect(), [join(base, href) for base, href in PAIRS]
    assert got == reference, f"{sum(a != b for a, b in zip(got, reference, strict=False))} results differ from ada's"
    benchmark.extra_info["matches_ada"] = True
    _bench(benchmark, contestant, fn, collect, relurl_variant=False)


def test_relurl_whatwg_url_resolve(benchmark: Any) -> None:
    _whatwg_bench(
        benchmark,
        'relurl URL(base, spec="whatwg").resolve (base parsed once per page)',
        run_relurl_whatwg_url_resolve,
        results_relurl_whatwg_url_resolve,
    )


def test_relurl_whatwg_many(benchmark: Any) -> None:
    _whatwg_bench(
        benchmark,
        'relurl URL(base, spec="whatwg").resolve_many (one call per page)',
        run_relurl_whatwg_many,
        results_relurl_whatwg_many,
    )


def test_can_ada(benchmark: Any) -> None:
    pytest.importorskip("can_ada")
    _bench(benchmark, "can_ada (base parsed once per page)", run_can_ada, results_can_ada, relurl_variant=False)


def test_ada_url(benchmark: Any) -> None:
    pytest.importorskip("ada_url")
    _bench(benchmark, "ada_url.join_url", run_ada_url, results_ada_url, relurl_variant=False)
