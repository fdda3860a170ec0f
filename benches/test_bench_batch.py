"""Batch and column resolution on 10^6 links (issue 6), pytest-benchmark group ``batch-1M``.

Not part of the test run; run it explicitly::

    python -m pytest benches/test_bench_batch.py
    python benches/report_batch.py     # runs this file, the interleaved check and the RSS run

Every benchmark resolves the same rows, the (base, href) pairs of
``../shared/corpus/links.jsonl`` repeated to at least 10^6 rows (in page order), and keeps
all the results (a list of str, or an Arrow array turned into a pyarrow array):

- ``test_urljoin_loop``: ``[urljoin(b, h) for b, h in pairs]``, the peer;
- ``test_url_resolve_many``: per page, ``relurl.parse(base).resolve_many(hrefs)``;
- ``test_url_resolve_many_60``: per page, ``relurl.parse(base)``, then ``.resolve_many``
  on its links 60 at a time (a page's last call has the rest: 54 references per call on
  average), the many small calls of a crawler: the cost of a call, not of a link;
- ``test_resolve_many`` / ``_threads2``: one ``relurl.resolve_many(bases, hrefs)`` call;
- ``test_arrow_resolve`` / ``_threads2``: ``pyarrow.array(relurl.arrow.resolve(bases,
  hrefs))`` on two pyarrow ``string`` arrays built beforehand (not timed);
- ``test_arrow_chunked`` / ``_threads2``: the same on chunked arrays of 65,536-row chunks
  (as Parquet row groups or Spark's Arrow batches come), ``pyarrow.chunked_array(...)``;
- ``test_arrow_check_only``: ``relurl.arrow.resolve(None, hrefs)``: a null base makes every
  row null, so this is the import of the column, its UTF-8 check (one SIMD pass over the
  text and one over the offsets) and an all-null result: the fixed cost under every Arrow
  row above, the check's share of it shown by running it on a build without the check.

Each contestant's results are checked against ``relurl.resolve`` one pair at a time before
timing (``extra_info["matches"]`` must be true).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from urllib.parse import urljoin

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install '.[bench]'")
pa = pytest.importorskip("pyarrow", reason="pyarrow is needed: pip install '.[bench]'")

import relurl  # noqa: E402
import relurl.arrow  # noqa: E402
from corpus import LINKS_FILE, link_rows, skip_module_without  # noqa: E402

skip_module_without(LINKS_FILE)

pytestmark = pytest.mark.benchmark(group="batch-1M")
MIN_ROWS = 1_000_000


def load() -> tuple[list[str], list[str]]:
    rows = link_rows()
    copies = -(-MIN_ROWS // len(rows))
    # Fresh str objects per copy, as rows read from a file would be.
    bases = [row["base"][:] + "" for _ in range(copies) for row in rows]
    hrefs = [row["href"] for _ in range(copies) for row in rows]
    return bases, hrefs


BASES, HREFS = load()
ROWS = len(HREFS)
PAGES = [
    (base, [h for _, h in group])
    for base, group in itertools.groupby(zip(BASES, HREFS, strict=False), key=lambda p: p[0])
]
# A page's links 60 at a time (the last call of a page has the rest).
PER_CALL = 60
PAGE_CALLS = [(base, [hrefs[i : i + PER_CALL] for i in range(0, len(hrefs), PER_CALL)]) for base, hrefs in PAGES]
ARROW_BASES, ARROW_HREFS = pa.array(BASES, pa.string()), pa.array(HREFS, pa.string())
CHUNK = 65_536
CHUNKED_BASES = pa.chunked_array([BASES[i : i + CHUNK] for i in range(0, ROWS, CHUNK)], pa.string())
CHUNKED_HREFS = pa.chunked_array([HREFS[i : i + CHUNK] for i in range(0, ROWS, CHUNK)], pa.string())
EXPECTED = [relurl.resolve(b, h) for b, h in zip(BASES, HREFS, strict=False)]


def urljoin_loop() -> list[str]:
    return [urljoin(b, h) for b, h in zip(BASES, HREFS, strict=False)]


def url_resolve_many() -> list[str]:
    parse = relurl.parse
    out: list[str] = []
    for base, hrefs in PAGES:
        out += parse(base).resolve_many(hrefs)
    return out


def url_resolve_many_60() -> list[str]:
    parse = relurl.parse
    out: list[str] = []
    for base, calls in PAGE_CALLS:
        url = parse(base)
        for hrefs in calls:
            out += url.resolve_many(hrefs)
    return out


def resolve_many(threads: int = 1) -> list[str]:
    return relurl.resolve_many(BASES, HREFS, threads=threads)


def arrow_resolve(threads: int = 1) -> object:
    return pa.array(relurl.arrow.resolve(ARROW_BASES, ARROW_HREFS, threads=threads))


def arrow_resolve_whatwg(threads: int = 1) -> object:
    return pa.array(relurl.arrow.resolve(ARROW_BASES, ARROW_HREFS, spec="whatwg", threads=threads))


def arrow_check_only() -> object:
    return pa.array(relurl.arrow.resolve(None, ARROW_HREFS))


def arrow_chunked(threads: int = 1) -> object:
    return pa.chunked_array(relurl.arrow.resolve(CHUNKED_BASES, CHUNKED_HREFS, threads=threads))


CONTESTANTS: dict[str, Callable[[], object]] = {
    "test_urljoin_loop": urljoin_loop,
    "test_url_resolve_many": url_resolve_many,
    "test_url_resolve_many_60": url_resolve_many_60,
    "test_resolve_many": resolve_many,
    "test_resolve_many_threads2": lambda: resolve_many(2),
    "test_arrow_resolve": arrow_resolve,
    "test_arrow_resolve_threads2": lambda: arrow_resolve(2),
    "test_arrow_chunked": arrow_chunked,
    "test_arrow_chunked_threads2": lambda: arrow_chunked(2),
    "test_arrow_check_only": arrow_check_only,
    "test_arrow_resolve_whatwg": arrow_resolve_whatwg,
    "test_arrow_resolve_whatwg_threads2": lambda: arrow_resolve_whatwg(2),
}


def whatwg_expected() -> list[object]:
    """ada's answers (ada_url.join_url) for every row: what a spec="whatwg" contestant must
    give (the corpus has no link ada rejects)."""
    ada = pytest.importorskip("ada_url")
    cache: dict[tuple[str, str], str] = {}
    return [cache.setdefault((b, h), ada.join_url(b, h)) for b, h in zip(BASES, HREFS, strict=False)]


def as_list(result: object) -> list[object]:
    return result if isinstance(result, list) else result.to_pylist()  # type: ignore[attr-defined]


def run(benchmark: object, name: str, rounds: int) -> None:
    function = CONTESTANTS[name]
    got = as_list(function())
    # urljoin differs from RFC 1808 on some links (docs/semantics.md, "Which semantics?"): it is
    # compared with itself, as the peer; every relurl contestant must match exactly.
    if name == "test_arrow_check_only":
        expected: list[object] = [None] * ROWS
    elif "whatwg" in name:
        expected = whatwg_expected()
    else:
        expected = urljoin_loop() if name == "test_urljoin_loop" else EXPECTED  # type: ignore[assignment]
    matches = got == expected
    benchmark.extra_info.update(rows=ROWS, matches=matches)  # type: ignore[attr-defined]
    assert matches, name
    benchmark.pedantic(function, rounds=rounds, warmup_rounds=1)  # type: ignore[attr-defined]


def test_urljoin_loop(benchmark: object) -> None:
    run(benchmark, "test_urljoin_loop", rounds=3)


@pytest.mark.parametrize(
    "name",
    [
        "test_url_resolve_many",
        "test_url_resolve_many_60",
        "test_resolve_many",
        "test_resolve_many_threads2",
        "test_arrow_resolve",
        "test_arrow_resolve_threads2",
        "test_arrow_chunked",
        "test_arrow_chunked_threads2",
        "test_arrow_check_only",
        "test_arrow_resolve_whatwg",
        "test_arrow_resolve_whatwg_threads2",
    ],
)
def test_relurl(benchmark: object, name: str) -> None:
    benchmark.name = name  # type: ignore[attr-defined]
    run(benchmark, name, rounds=15)
