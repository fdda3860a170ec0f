"""Extracting and resolving every link of the corpus pages: relurl against Python's HTML
pipelines (pytest-benchmark).

Not part of the test run (pyproject's testpaths is ``tests``); run it explicitly::

    python -m pytest benches/test_bench_links.py
    python benches/report_links.py     # runs this file and prints the table of docs/benchmarks.md

Every benchmark of the group ``links-corpus`` does one page after the other, for all the
pages of ``../shared/corpus/pages/`` (55 pages, 7.1 MB) per round, from the bytes as read
from disk (read once, outside the timing) to the absolute URLs (discarded):

- relurl: ``relurl.extract_links(html, url)``: tokenizing, the first ``<base href>``, the
  link attributes of the issue's table (``srcset`` split, refresh parsed), RFC 1808;
- lxml: ``lxml.html.fromstring(html)``, ``make_links_absolute(url)``, ``iterlinks()``
  (lxml's own link set: it also reads CSS ``url()``, style attributes, ``<base>``... and no
  ``srcset``);
- selectolax: ``LexborHTMLParser(html)`` (a full HTML5 tree), the first ``base[href]``,
  one CSS query for the same elements and attributes as relurl (but ``srcset`` and
  refresh values taken whole, not parsed: less work than relurl), values stripped of ASCII
  whitespace, then joined by ``urllib.parse.urljoin`` or by ``can_ada`` with the base
  parsed once per page (``(base + value).href``, failures caught and counted).

Checked once per benchmark, outside the timing (``extra_info``): links per round, and for
selectolax how many of its absolute URLs differ from relurl's for the same values.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

import pytest

pytest.importorskip("pytest_benchmark", reason="pytest-benchmark is needed: pip install pytest-benchmark")

import relurl
from corpus import PAGES_FILE, pages, skip_module_without

skip_module_without(PAGES_FILE, "corpus")

pytestmark = pytest.mark.benchmark(group="links-corpus")

TARGET_SECONDS = 2.0
MIN_ROUNDS = 10
MAX_ROUNDS = 200


def _load() -> list[tuple[bytes, str]]:
    return [(html, url) for url, html in pages()]


PAGES = _load()
N_PAGES = len(PAGES)
N_BYTES = sum(len(html) for html, _ in PAGES)

ASCII_WHITESPACE = "\t\n\x0c\r "
#: tag -> the attributes relurl reads (selectolax reads the same).
ATTRIBUTES = {
    "a": ("href",), "area": ("href",), "link": ("href",), "img": ("src", "srcset"), "script": ("src",),
    "iframe": ("src",), "frame": ("src",), "embed": ("src",), "source": ("src", "srcset"), "audio": ("src",),
    "video": ("src",), "track": ("src",), "input": ("src",), "form": ("action",), "blockquote": ("cite",),
    "q": ("cite",), "ins": ("cite",), "del": ("cite",), "object": ("data",), "meta": ("content",),
}  # fmt: skip
#: One query for the elements (Lexbor returns an element once per matching selector of a
#: list, so `img[src],img[srcset]` would give an <img> with both twice).
SELECTOR = ",".join(ATTRIBUTES)


# --- the contestants: each goes through every page once and returns the links it found ---


def run_relurl() -> int:
    extract = relurl.extract_links
    return sum(len(extract(html, url)) for html, url in PAGES)


def run_lxml() -> int:
    import lxml.html

    found = 0
    for html, url in PAGES:
        doc = lxml.html.fromstring(html)
        doc.make_links_absolute(url)
        found += sum(1 for _ in doc.iterlinks())
    return found


def _selectolax_values(html: bytes, url: str, names: bool = False) -> tuple[str, list[Any]]:
    """The base (the first base[href], joined to url) and the values stripped of ASCII
    whitespace, in document order; with `names`, as (tag, attr, value) triples."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(html)
    base = url
    node = tree.css_first("base[href]")
    if node is not None:
        href = (node.attributes.get("href") or "").strip(ASCII_WHITESPACE)
        if href:
            base = urljoin(url, href)
    values: list[Any] = []
    for node in tree.css(SELECTOR):
        attributes = node.attributes
        tag = node.tag or ""
        if tag == "meta":
            if (attributes.get("http-equiv") or "").lower() != "refresh":
                continue
            attrs: tuple[str, ...] = ("content",)
        else:
            attrs = ATTRIBUTES[tag]
        for attr in attrs:
            if attr in attributes:
                value = (attributes[attr] or "").strip(ASCII_WHITESPACE)
                values.append((tag, attr, value) if names else value)
    return base, values


def run_selectolax_urljoin() -> int:
    found = 0
    for html, url in PAGES:
        base, values = _selectolax_values(html, url)
        for value in values:
            urljoin(base, value)
        found += len(values)
    return found


def run_selectolax_can_ada() -> int:
    import can_ada

    found = 0
    for html, url in PAGES:
        base, values = _selectolax_values(html, url)
        parsed = can_ada.parse(base)
        for value in values:
            try:
                (parsed + value).href
            except ValueError:
                pass
        found += len(values)
    return found


def _rounds_for(fn: Callable[[], int]) -> int:
    start = time.perf_counter()
    fn()
    once = time.perf_counter() - start
    return max(MIN_ROUNDS, min(MAX_ROUNDS, math.ceil(TARGET_SECONDS / max(once, 1e-9))))


def _bench(benchmark: Any, contestant: str, fn: Callable[[], int]) -> None:
    found = fn()
    info = benchmark.extra_info
    info.update(contestant=contestant, pages=N_PAGES, bytes=N_BYTES, links=found)
    assert benchmark.pedantic(fn, rounds=_rounds_for(fn), iterations=1, warmup_rounds=1) == found


def test_relurl(benchmark: Any) -> None:
    _bench(benchmark, "relurl.extract_links", run_relurl)


def test_lxml(benchmark: Any) -> None:
    pytest.importorskip("lxml.html")
    _bench(benchmark, "lxml.html make_links_absolute + iterlinks", run_lxml)


def test_selectolax_urljoin(benchmark: Any) -> None:
    pytest.importorskip("selectolax.lexbor")
    _differences(benchmark, urljoin)
    _bench(benchmark, "selectolax + urljoin", run_selectolax_urljoin)


def test_selectolax_can_ada(benchmark: Any) -> None:
    pytest.importorskip("selectolax.lexbor")
    can_ada = pytest.importorskip("can_ada")

    def join(base: str, value: str) -> str | None:
        try:
            return str((can_ada.parse(base) + value).href)
        except ValueError:
            return None

    _differences(benchmark, join)
    _bench(benchmark, "selectolax + can_ada (base parsed once)", run_selectolax_can_ada)


def _differences(benchmark: Any, join: Callable[[str, str], str | None]) -> None:
    """How many of the peer's absolute URLs differ from relurl's, as multisets, for the
    plain URL attributes (srcset and refresh, which the peers do not parse, left out), and
    how many fail."""
    differing = failed = compared = 0
    for html, url in PAGES:
        ours = Counter(link.url for link in relurl.extract_links(html, url) if link.attr not in ("srcset", "content"))
        base, triples = _selectolax_values(html, url, names=True)
        theirs = [join(base, value) for _, attr, value in triples if attr not in ("srcset", "content")]
        compared += len(theirs)
        failed += theirs.count(None)
        differing += sum((Counter(t for t in theirs if t is not None) - ours).values())
    benchmark.extra_info.update(compared=compared, differs_from_relurl=differing, failures=failed)
