"""A real crawl, twice: a `CrawlSpider` with `Rule(LinkExtractor(...), follow=True)` over the
corpus pages, served from 127.0.0.1 by tests/scrapy_crawl.py's `CorpusProxy`, once with
Scrapy's classes and once with relurl's (each crawl in its own process). Both must request
the same URLs, filter the same duplicates and offsite requests, and scrape the same items."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI") == "true"
if not IN_CI:
    pytest.importorskip("scrapy")

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / "shared" / "corpus"
if not (CORPUS / "pages.tsv").is_file():  # pragma: no cover
    if IN_CI:
        pytest.fail(f"corpus not found: {CORPUS}", pytrace=False)
    pytest.skip(f"corpus not found: {CORPUS}", allow_module_level=True)

sys.path.insert(0, str(HERE))
from scrapy_crawl import CorpusProxy  # noqa: E402


@pytest.fixture(scope="module")
def proxies() -> Iterator[tuple[CorpusProxy, CorpusProxy]]:
    """One server per crawl: the two crawls run at once, each counted by its own server."""
    with CorpusProxy(CORPUS) as stock, CorpusProxy(CORPUS) as ours:
        yield stock, ours


def start_crawl(impl: str, proxy: CorpusProxy, tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    """Starts a crawl (its own process, served by `proxy`); `finish_crawl` waits for it."""
    out = tmp_path / f"{impl}.json"
    command = [sys.executable, str(HERE / "scrapy_crawl.py"), "--impl", impl, "--proxy", proxy.url]
    command += ["--pages", str(CORPUS / "pages.tsv"), "--out", str(out)]
    with proxy.lock:
        proxy.served.clear()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return process, out


def finish_crawl(started: tuple[subprocess.Popen[str], Path], proxy: CorpusProxy) -> dict[str, object]:
    """What the crawl did (tests/scrapy_crawl.py's output) and what its server served."""
    process, out = started
    try:
        _, stderr = process.communicate(timeout=600)
    finally:
        process.kill()
    assert process.returncode == 0, stderr[-6000:]
    result: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    with proxy.lock:
        result["served"] = dict(sorted(proxy.served.items()))
    return result


def test_relurl_s_classes_crawl_exactly_as_scrapy_s(proxies: tuple[CorpusProxy, CorpusProxy], tmp_path: Path) -> None:
    # At once: each crawl is one request at a time (tests/scrapy_crawl.py), so its order
    # depends on its scheduler alone, however the two processes share the cores.
    started = start_crawl("scrapy", proxies[0], tmp_path), start_crawl("relurl", proxies[1], tmp_path)
    stock, ours = finish_crawl(started[0], proxies[0]), finish_crawl(started[1], proxies[1])
    # The crawl did real work: every corpus page fetched, links followed past the start pages,
    # duplicates and offsite requests filtered.
    assert len(stock["items"]) == len(proxies[0].pages)  # type: ignore[arg-type]
    assert len(stock["reached"]) > 2 * len(proxies[0].pages)  # type: ignore[arg-type]
    assert stock["stats"]["dupefilter/filtered"] > 0  # type: ignore[index]
    assert stock["stats"]["offsite/filtered"] > 0  # type: ignore[index]
    for key in ("reached", "served", "items", "stats"):
        assert ours[key] == stock[key], key
