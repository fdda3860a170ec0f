"""A real Scrapy crawl of the corpus pages, for tests/test_scrapy_crawl.py and the crawl
benchmark: run as a script (a Twisted reactor cannot be restarted, so each crawl is a process).

    python tests/scrapy_crawl.py --impl scrapy --proxy http://127.0.0.1:PORT --out crawl.json

The pages are served by `CorpusProxy` below (started by the test or the benchmark, in their
own process), which Scrapy reaches as an HTTP proxy (`http_proxy`): the server answers `GET http://host/path` with the corpus page of
that URL (`https://` links rewritten to `http://`, so that no TLS tunnel is needed), or 404.
No name is resolved and nothing leaves 127.0.0.1.

The spider is a `CrawlSpider` with one `Rule(LinkExtractor(...), follow=True)`, the corpus
pages' hosts as `allowed_domains`, depth 2. With `--impl relurl` it uses relurl's classes
(`relurl.scrapy.LinkExtractor`, `RequestFingerprinter`, `OffsiteMiddleware`, and
`relurl.scrapy.install()` for every `Request`); with
`--impl scrapy`, Scrapy's. The output (JSON) is what a user sees of the crawl: the URLs that
reached the downloader, the items, and the stats about duplicates and offsite requests.
"""

from __future__ import annotations

import argparse
import csv
import http.server
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


def page_urls(pages_tsv: str) -> list[str]:
    """The corpus pages' URLs as the server serves them (`http://`)."""
    with open(pages_tsv, encoding="utf-8", newline="") as f:
        return [as_http(row["url"]) for row in csv.DictReader(f, delimiter="\t")]


def served_pages(corpus: Path) -> dict[str, bytes]:
    """URL (http form) -> the page's bytes with `https://` links made `http://`."""
    pages = {}
    with (corpus / "pages.tsv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            body = (corpus / "pages" / row["file"]).read_bytes().replace(b"https://", b"http://")
            pages[as_http(row["url"])] = body
    return pages


class CorpusProxy(http.server.ThreadingHTTPServer):
    """The corpus pages as an HTTP proxy on 127.0.0.1 (a free port): `GET http://host/path`
    is answered with that page, or 404. `served` counts the requests per URL. Use it as a
    context manager: it serves from a thread until the block ends."""

    def __init__(self, corpus: Path) -> None:
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        self.pages = served_pages(corpus)
        self.served: dict[str, int] = {}
        self.lock = threading.Lock()
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The proxy's address, for `http_proxy`."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    def __enter__(self) -> CorpusProxy:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()


class _ProxyHandler(http.server.BaseHTTPRequestHandler):
    server: CorpusProxy
    # Keep-alive (every answer has its Content-Length): one connection for many requests.
    protocol_version = "HTTP/1.1"

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


def as_http(url: str) -> str:
    """`url` with an `https:` scheme turned into `http:` (how the test server serves it)."""
    return "http:" + url[len("https:") :] if url.startswith("https:") else url


def crawl(impl: str, start_urls: list[str], proxy: str) -> dict[str, Any]:
    """Runs the crawl to its end; returns what it did."""
    os.environ["http_proxy"] = proxy
    os.environ.pop("no_proxy", None)
    from scrapy.crawler import CrawlerProcess
    from scrapy.spiders import CrawlSpider, Rule

    if impl == "relurl":
        import relurl.scrapy
        from relurl.scrapy import LinkExtractor, OffsiteMiddleware, RequestFingerprinter

        relurl.scrapy.install()  # every Request's URL by relurl.safe_url_string

        settings_extra: dict[str, Any] = {
            "REQUEST_FINGERPRINTER_CLASS": RequestFingerprinter,
            "DOWNLOADER_MIDDLEWARES": {
                "scrapy.downloadermiddlewares.offsite.OffsiteMiddleware": None,
                OffsiteMiddleware: 50,
            },
        }
    else:
        from scrapy.linkextractors import LinkExtractor

        settings_extra = {}

    reached: list[str] = []
    items: list[dict[str, Any]] = []
    hosts = sorted({urlsplit(u).hostname or "" for u in start_urls})

    class CorpusSpider(CrawlSpider):
        name = "corpus"
        allowed_domains = hosts
        rules = (Rule(LinkExtractor(deny_extensions=[]), callback="parse_page", follow=True),)

        async def start(self):  # type: ignore[no-untyped-def]
            from scrapy import Request

            for url in start_urls:
                yield Request(url)

        def parse_start_url(self, response):  # type: ignore[no-untyped-def]
            return self.parse_page(response)

        def parse_page(self, response):  # type: ignore[no-untyped-def]
            links = LinkExtractor(unique=False, canonicalize=True).extract_links(response)
            return {"url": response.url, "status": response.status, "links": [link.url for link in links]}

    def on_request(request, spider):  # type: ignore[no-untyped-def]
        reached.append(request.url)

    def on_item(item, response, spider):  # type: ignore[no-untyped-def]
        items.append(dict(item))

    settings = {
        "LOG_LEVEL": "WARNING",
        "ROBOTSTXT_OBEY": False,
        "TELNETCONSOLE_ENABLED": False,
        "RETRY_ENABLED": False,
        "DEPTH_LIMIT": 2,
        # One request at a time: which of two URLs with the same fingerprint (`http://h` and
        # `http://h/`, from two pages) reaches the downloader first, and which is filtered as
        # the duplicate, then depends on the scheduler's order alone, not on which response
        # the reactor happens to handle first (with 16, the crawls differed now and then).
        "CONCURRENT_REQUESTS": 1,
        "HTTPERROR_ALLOW_ALL": False,
        "COOKIES_ENABLED": False,
        **settings_extra,
    }
    process = CrawlerProcess(settings)
    crawler = process.create_crawler(CorpusSpider)
    from scrapy import signals

    crawler.signals.connect(on_request, signal=signals.request_reached_downloader)
    crawler.signals.connect(on_item, signal=signals.item_scraped)
    started = time.perf_counter()
    process.crawl(crawler)
    process.start()
    seconds = time.perf_counter() - started
    assert crawler.stats is not None
    stats = crawler.stats.get_stats()
    return {
        "impl": impl,
        "reached": sorted(reached),
        "items": sorted(items, key=lambda item: item["url"]),
        "stats": {key: stats[key] for key in sorted(stats) if key.startswith(("dupefilter/", "offsite/", "item_"))}
        | {"responses": stats.get("downloader/response_count", 0)},
        "seconds": seconds,
        "pages": stats.get("downloader/response_count", 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=["scrapy", "relurl"], required=True)
    parser.add_argument("--proxy", required=True)
    parser.add_argument("--pages", required=True, help="the corpus's pages.tsv")
    parser.add_argument("--out", required=True)
    parser.add_argument("--profile", help="write a cProfile of the crawl to this file")
    args = parser.parse_args()
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        result = profiler.runcall(crawl, args.impl, page_urls(args.pages), args.proxy)
        profiler.dump_stats(args.profile)
    else:
        result = crawl(args.impl, page_urls(args.pages), args.proxy)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    sys.exit(0)


if __name__ == "__main__":
    main()
