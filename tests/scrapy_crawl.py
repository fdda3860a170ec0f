"""A real Scrapy crawl of the corpus pages, for tests/test_scrapy_crawl.py and the crawl
benchmark: run as a script (a Twisted reactor cannot be restarted, so each crawl is a process).

    python tests/scrapy_crawl.py --impl scrapy --proxy http://127.0.0.1:PORT --out crawl.json

The pages are served by tests/test_scrapy_crawl.py's HTTP server, which Scrapy reaches as an
HTTP proxy (`http_proxy`): the server answers `GET http://host/path` with the corpus page of
that URL (`https://` links rewritten to `http://`, so that no TLS tunnel is needed), or 404.
No name is resolved and nothing leaves 127.0.0.1.

The spider is a `CrawlSpider` with one `Rule(LinkExtractor(...), follow=True)`, the corpus
pages' hosts as `allowed_domains`, depth 2. With `--impl relurl` it uses relurl's classes
(`relurl.scrapy.LinkExtractor`, `RequestFingerprinter`, `OffsiteMiddleware`); with
`--impl scrapy`, Scrapy's. The output (JSON) is what a user sees of the crawl: the URLs that
reached the downloader, the items, and the stats about duplicates and offsite requests.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any
from urllib.parse import urlsplit


def page_urls(pages_tsv: str) -> list[str]:
    """The corpus pages' URLs as the server serves them (`http://`)."""
    import csv

    with open(pages_tsv, encoding="utf-8", newline="") as f:
        return [as_http(row["url"]) for row in csv.DictReader(f, delimiter="\t")]


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
        from relurl.scrapy import LinkExtractor, OffsiteMiddleware, RequestFingerprinter

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
        "CONCURRENT_REQUESTS": 16,
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
    args = parser.parse_args()
    result = crawl(args.impl, page_urls(args.pages), args.proxy)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)
    sys.exit(0)


if __name__ == "__main__":
    main()
