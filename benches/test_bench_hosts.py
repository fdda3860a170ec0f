"""The host name of every corpus URL: relurl's `URL(u).hostname` and `relurl.parse(u).hostname`
against `urllib.parse.urlsplit(u).hostname` (pytest-benchmark; issue 13's target: at least
5x), and the `hostname` field of `relurl.arrow.parse` for the whole column.

Not part of the test run (pyproject's testpaths is ``tests``); run it explicitly::

    python -m pytest benches/test_bench_hosts.py

Each round takes the host name of every distinct URL of ``../shared/corpus/links.jsonl``
(the pages, bases and hrefs, where relurl's netloc is urlsplit's: about 9,000 URLs), one
after the other, parsed by the default spec (RFC 1808); the answers are checked
once, outside the timing, to be urllib's. urlsplit's own cache (``functools.lru_cache``, 128
entries in CPython 3.11) never hits: the URLs cycle through a list 70 times its size, as a
crawler's URLs do.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")

import relurl
from corpus import LINKS_FILE, link_rows, skip_module_without

skip_module_without(LINKS_FILE, "corpus")

pytestmark = pytest.mark.benchmark(group="hostname-corpus")


def _urls() -> list[str]:
    urls: set[str] = set()
    for row in link_rows():
        urls.update((row["page"], row["base"], row["href"]))
    # The URLs urlsplit takes and splits as relurl does (nearly all: see tests/test_hosts.py).
    return [u for u in sorted(urls) if _urlsplit_netloc(u) == relurl.URL(u).netloc]


def _urlsplit_netloc(u: str) -> str | None:
    try:
        return urlsplit(u).netloc
    except ValueError:
        return None


URLS = _urls()


def by_urllib() -> list[str | None]:
    return [urlsplit(u).hostname for u in URLS]


def by_url() -> list[str | None]:
    url = relurl.URL
    return [url(u).hostname for u in URLS]


def by_parse() -> list[str | None]:
    parse = relurl.parse
    return [parse(u).hostname for u in URLS]


def _run(
    benchmark: pytest.FixtureRequest, work: Callable[[], object], answers: Callable[[], object] | None = None
) -> None:
    assert (answers or work)() == by_urllib()
    benchmark.extra_info["urls"] = len(URLS)  # type: ignore[attr-defined]
    benchmark.pedantic(work, rounds=30, warmup_rounds=2)  # type: ignore[attr-defined]


def test_urlsplit_hostname(benchmark: pytest.FixtureRequest) -> None:
    _run(benchmark, by_urllib)


def test_relurl_url_hostname(benchmark: pytest.FixtureRequest) -> None:
    _run(benchmark, by_url)


def test_relurl_parse_hostname(benchmark: pytest.FixtureRequest) -> None:
    _run(benchmark, by_parse)


def test_relurl_arrow_parse_hostname(benchmark: pytest.FixtureRequest) -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    column = pa.array(URLS)

    def work() -> object:
        return relurl.arrow.parse(column)

    def answers() -> object:
        return pa.array(work()).field("hostname").to_pylist()

    _run(benchmark, work, answers)
