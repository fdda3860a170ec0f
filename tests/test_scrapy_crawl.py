"""A real crawl, twice: a `CrawlSpider` with `Rule(LinkExtractor(...), follow=True)` over the
corpus pages, served from 127.0.0.1 by the HTTP server below, once with Scrapy's classes and
once with relurl's (tests/scrapy_crawl.py runs each crawl in its own process). Both must
request the same URLs, filter the same duplicates and offsite requests, and scrape the same
items.

The server is an HTTP proxy for Scrapy (`http_proxy`): it answers `GET http://host/path` with
the corpus page of that URL, its `https://` links rewritten to `http://` (no TLS tunnel), and
404 for every other URL. It counts what it served."""

from __future__ import annotations

import csv
import http.server
import json
import os
import subprocess
import sys
import threading
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
from scrapy_crawl import as_http  # noqa: E402


def served_pages() -> dict[str, bytes]:
    """URL (http form) -> the page's bytes with `https://` links made `http://`."""
    pages = {}
    with (CORPUS / "pages.tsv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            body = (CORPUS / "pages" / row["file"]).read_bytes().replace(b"https://", b"http://")
            pages[as_http(row["url"])] = body
    return pages


class Server(http.server.ThreadingHTTPServer):
    """The corpus as an HTTP proxy; `served` counts the requests per URL."""

    def __init__(self, pages: dict[str, bytes]) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.pages = pages
        self.served: dict[str, int] = {}
        self.lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    server: Server

    def do_GET(self) -> None:
        with self.server.lock:
            self.server.served[self.path] = self.server.served.get(self.path, 0) + 1
        body = self.server.pages.get(self.path)
        if body is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    httpd = Server(served_pages())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()


def run_crawl(impl: str, server: Server, tmp_path: Path) -> dict[str, object]:
    out = tmp_path / f"{impl}.json"
    proxy = f"http://127.0.0.1:{server.server_address[1]}"
    command = [sys.executable, str(HERE / "scrapy_crawl.py"), "--impl", impl, "--proxy", proxy]
    command += ["--pages", str(CORPUS / "pages.tsv"), "--out", str(out)]
    with server.lock:
        server.served.clear()
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-6000:]
    result: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    with server.lock:
        result["served"] = dict(sorted(server.served.items()))
    return result


def test_relurl_s_classes_crawl_exactly_as_scrapy_s(server: Server, tmp_path: Path) -> None:
    stock = run_crawl("scrapy", server, tmp_path)
    ours = run_crawl("relurl", server, tmp_path)
    # The crawl did real work: every corpus page fetched, links followed past the start pages.
    assert len(stock["items"]) == len(server.pages)  # type: ignore[arg-type]
    assert len(stock["reached"]) > 2 * len(server.pages)  # type: ignore[arg-type]
    assert stock["stats"]["dupefilter/filtered"] > 0  # type: ignore[index]
    assert stock["stats"]["offsite/filtered"] > 0  # type: ignore[index]
    for key in ("reached", "served", "items", "stats"):
        assert ours[key] == stock[key], key
