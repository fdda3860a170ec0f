"""The whole crawl of tests/test_scrapy_crawl.py as a benchmark: a `CrawlSpider` over the
corpus pages served from 127.0.0.1 (tests/scrapy_crawl.py), with Scrapy's classes and with
relurl's, alternated; prints pages (responses) per second for each and the speed-up, then one
profiled crawl of each, and the share of its time spent in URL work.

    python benches/report_scrapy_crawl.py              # 3 crawls of each, then the profiles
    python benches/report_scrapy_crawl.py --rounds 5 --no-profile

URL work, in a profile: the time spent inside (own time, cProfile's `tottime`) functions of
urllib.parse, w3lib.url, scrapy.utils.url, scrapy.utils.request, scrapy.linkextractors,
relurl (Python and native) and Scrapy's `Request` URL setter; the rest is Twisted, the
downloader, lxml's parse, the scheduler, the spider.
"""

from __future__ import annotations

import argparse
import json
import pstats
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from corpus import CORPUS_DIR, PAGES_FILE  # noqa: E402
from scrapy_crawl import CorpusProxy  # noqa: E402

URL_MODULES = (
    "urllib/parse.py",
    "w3lib/url.py",
    "w3lib/_url.py",
    "w3lib/util.py",
    "scrapy/utils/url.py",
    "scrapy/utils/request.py",
    "scrapy/linkextractors/",
    "relurl/",
)


def crawl(impl: str, proxy: CorpusProxy, profile: Path | None = None) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.json"
        command = [sys.executable, str(ROOT / "tests" / "scrapy_crawl.py"), "--impl", impl, "--proxy", proxy.url]
        command += ["--pages", str(PAGES_FILE), "--out", str(out)]
        if profile is not None:
            command += ["--profile", str(profile)]
        subprocess.run(command, check=True)
        result: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
        return result


def is_url_work(file: str, name: str) -> bool:
    if any(part in file for part in URL_MODULES):
        return True
    if file == "~":  # a built-in: relurl's native functions are named by their module
        return "relurl" in name
    return file.endswith("scrapy/http/request/__init__.py") and name in ("_set_url", "url")


def url_share(profile: Path) -> tuple[float, float]:
    """(seconds of URL work, total seconds) in a profile."""
    stats = pstats.Stats(str(profile))
    total = url = 0.0
    for (file, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        total += tottime
        if is_url_work(file, name):
            url += tottime
    return url, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    rates: dict[str, list[float]] = {"scrapy": [], "relurl": []}
    responses = 0
    with CorpusProxy(CORPUS_DIR) as proxy:
        for _ in range(args.rounds):
            for impl in rates:
                result = crawl(impl, proxy)
                responses = int(result["pages"])  # type: ignore[call-overload]
                rates[impl].append(float(result["pages"]) / float(result["seconds"]))  # type: ignore[arg-type]
                print(f"{impl}: {result['pages']} responses in {result['seconds']:.2f} s", file=sys.stderr)
        print(
            f"| crawl ({responses:,} responses, {len(proxy.pages)} pages with links) | responses per second | speed-up |"
        )
        print("|---|---:|---:|")
        base = statistics.median(rates["scrapy"])
        for impl, values in rates.items():
            rate = statistics.median(values)
            print(f"| {impl} | {rate:,.0f} | {rate / base:.2f}x |")
        if not args.no_profile:
            with tempfile.TemporaryDirectory() as tmp:
                for impl in rates:
                    profile = Path(tmp) / f"{impl}.prof"
                    crawl(impl, proxy, profile)
                    url, total = url_share(profile)
                    print(f"\n{impl}, profiled: URL work {url:.2f} s of {total:.2f} s ({100 * url / total:.1f}%)")


if __name__ == "__main__":
    main()
