"""`relurl.scrapy.OffsiteMiddleware` and `relurl.DomainSet` against the installed Scrapy's offsite
downloader middleware (`scrapy.downloadermiddlewares.offsite.OffsiteMiddleware`; 2.19.0, and the
older versions of tests/scrapy_versions.py):

- Scrapy's own tests/test_downloadermiddleware_offsite.py, run from the installed version's
  sdist (tests/peer_suites.py) with relurl's class in place of Scrapy's;
- membership differential: `host in DomainSet(domains)` against Scrapy's own host regex
  (`get_host_regex`) for every host of the link corpus and generated hosts, under allowed
  sets drawn from the corpus and generated ones: 0 differences;
- decisions differential: both middlewares on the same requests (generated and from the
  corpus): the same allowed / IgnoreRequest (and its message), log records, stats and
  `domains_seen`.
"""

from __future__ import annotations

import logging
import pickle
import random
import re
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

import pytest
import relurl
from conftest import link_corpus_urls
from peer_suites import run_suite, sdist, unpack
from scrapy_versions import expected_for

scrapy = pytest.importorskip("scrapy")

from relurl.scrapy import OffsiteMiddleware  # noqa: E402
from scrapy import Request, Spider  # noqa: E402
from scrapy.downloadermiddlewares.offsite import OffsiteMiddleware as ScrapyOffsite  # noqa: E402
from scrapy.exceptions import IgnoreRequest  # noqa: E402
from scrapy.utils.misc import build_from_crawler  # noqa: E402
from scrapy.utils.test import get_crawler  # noqa: E402

# Puts relurl's class in place of Scrapy's before the test module imports it (`from
# scrapy.downloadermiddlewares.offsite import OffsiteMiddleware`), and says which it is.
PLUGIN = """
import scrapy.downloadermiddlewares.offsite
from relurl.scrapy import OffsiteMiddleware

scrapy.downloadermiddlewares.offsite.OffsiteMiddleware = OffsiteMiddleware


def pytest_report_header(config):
    return "OffsiteMiddleware under test: " + scrapy.downloadermiddlewares.offsite.OffsiteMiddleware.__module__
"""


def test_scrapy_s_own_offsite_tests_pass_with_relurl_s_middleware() -> None:
    # The tests of Scrapy's internals rather than its answers are tests/scrapy_versions.py's
    # `not_applicable`, each with its reason.
    version, expected = expected_for("offsite")
    directory = unpack(sdist("scrapy", version))
    module = "tests/test_downloadermiddleware_offsite.py"
    deselect = [arg for name in expected.not_applicable for arg in ("--deselect", f"{module}::{name}")]
    report = run_suite(directory, [module], plugin=PLUGIN, args=deselect)
    assert report.returncode == 0, report.text[-6000:]
    assert "OffsiteMiddleware under test: relurl.scrapy._offsite" in report.text, report.text[:2000]
    assert len(report.passed) == expected.passed, report.text[-6000:]
    assert len(report.outcomes("SKIPPED")) == expected.skipped, report.text[-6000:]
    assert not report.outcomes("FAILED")
    assert not any(name in " ".join(report.passed) for name in expected.not_applicable)


# --- DomainSet against Scrapy's regex -------------------------------------------------------


def scrapy_regex(domains: Any) -> re.Pattern[str]:
    """Scrapy's own host regex for `allowed_domains = domains`."""
    return ScrapyOffsite(None).get_host_regex(SimpleNamespace(allowed_domains=domains))  # type: ignore[arg-type]


def membership_differences(domains: list[str], hosts: list[str]) -> list[tuple[str, bool, bool]]:
    regex = scrapy_regex(domains)
    domain_set = relurl.DomainSet(domains)
    out = []
    for host in hosts:
        expected = bool(regex.search(host))
        got = host in domain_set
        if expected != got:
            out.append((host, expected, got))
    return out


def corpus_hosts() -> list[str]:
    """Every host of the link corpus's URLs as urllib's `hostname` gives it (`""` for none)."""
    hosts: dict[str, None] = {}
    for url in link_corpus_urls():
        try:
            host = urlsplit(url).hostname
        except ValueError:
            continue
        hosts[host or ""] = None
    return list(hosts)


def parents(host: str) -> list[str]:
    """`host` and every domain above it, at each `.`."""
    labels = host.split(".")
    return [".".join(labels[i:]) for i in range(len(labels))]


def test_domain_set_matches_scrapy_s_regex_on_the_corpus() -> None:
    hosts = corpus_hosts()
    assert len(hosts) > 100
    candidates = sorted({d for h in hosts for d in parents(h)})
    rng = random.Random(24)
    sets = [candidates, *[rng.sample(candidates, k) for k in (1, 1, 2, 5, 20, 100, 500) for _ in range(5)]]
    probes = hosts + [d for h in hosts for d in (f"not{h}", f"{h}.", f"x.{h}", h.upper(), f"{h}:80", f".{h}")]
    assert len(probes) > 1000
    for domains in sets:
        assert membership_differences(domains, probes) == []
    # Every corpus host is allowed by the set of all of them and by its own parent domain.
    every = relurl.DomainSet(hosts)
    assert all(h in every for h in hosts)


LABELS = ["", "a", "b", "A", "com", "example", "Example", "xn--bcher-kva", "bücher", "İ", "ß", "\udcff", "80", "1", "-"]


def generated_name(rng: random.Random) -> str:
    labels = [rng.choice(LABELS) for _ in range(rng.randint(1, 5))]
    name = ".".join(labels)
    extra = rng.random()
    if extra < 0.1:
        name += ":" + str(rng.randint(0, 99999))
    elif extra < 0.15:
        name = "http://" + name
    elif extra < 0.2:
        name = "[::1]"
    elif extra < 0.25:
        name = ".".join(str(rng.randint(0, 300)) for _ in range(4))
    return name


def test_domain_set_matches_scrapy_s_regex_on_generated_hosts() -> None:
    # Hosts without a line feed: the regex's `.` stops at one and its `$` matches before a
    # final one, and urllib's hostname never has one (it strips \t \r \n from a URL).
    rng = random.Random(1808)
    for _ in range(300):
        domains = [generated_name(rng) for _ in range(rng.randint(1, 12))]
        hosts = [generated_name(rng) for _ in range(100)]
        hosts += [prefix + d + suffix for d in domains for prefix in ("", "x.", "not", ".") for suffix in ("", ".")]
        hosts += [d.lower() for d in domains] + [""]
        assert membership_differences(domains, hosts) == [], domains
    assert urlsplit("http://exa\nmple.com\n/").hostname == "example.com"


def test_domain_set_edges() -> None:
    assert membership_differences([""], ["", ".", "a.", "a", "..", "a.b."]) == []
    assert (
        membership_differences(["a..b", ".c", "d."], ["a..b", "x.a..b", "a.b", "c", "x..c", ".c", "d.", "x.d.", "d"])
        == []
    )
    assert "example.com" not in relurl.DomainSet([])
    domain_set = relurl.DomainSet(["b.com", "a.com", "b.com"])
    assert len(domain_set) == 2 and list(domain_set) == ["b.com", "a.com"]
    assert repr(domain_set) == "DomainSet(['b.com', 'a.com'])"
    assert repr(relurl.DomainSet(str(i) for i in range(7))) == "DomainSet(['0', '1', '2', '3', '4', ... 2 more])"
    again = pickle.loads(pickle.dumps(relurl.DomainSet(["a.\udcff", "b"])))
    assert list(again) == ["a.\udcff", "b"] and "x.a.\udcff" in again
    assert list(relurl.DomainSet(domain_set)) == ["b.com", "a.com"]
    with pytest.raises(TypeError, match="domains must be an iterable of str, not str"):
        relurl.DomainSet("example.com")
    with pytest.raises(TypeError, match=r"domains\[1\] must be str, not NoneType"):
        relurl.DomainSet(["a", None])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        b"a" in domain_set  # type: ignore[operator]  # noqa: B015


def test_domain_set_hostile_input_is_linear() -> None:
    deep = "a." * 1_000_000 + "a"
    domain_set = relurl.DomainSet([deep, "b"])
    assert deep in domain_set and f"x.{deep}" in domain_set and deep[2:] not in domain_set
    assert "." * 1_000_000 not in domain_set
    assert "." * 1_000_000 in relurl.DomainSet([""])
    assert "x" * 10_000_000 + ".b" in domain_set
    many = relurl.DomainSet(f"d{i}.example" for i in range(100_000))
    assert len(many) == 100_000 and "www.d99999.example" in many and "d100000.example" not in many
    # Long labels that share their first and last bytes (generated names): linear too.
    shared = relurl.DomainSet(f"customer-{i:06d}-production.example" for i in range(100_000))
    assert len(shared) == 100_000 and "a.customer-099999-production.example" in shared
    assert "customer-100000-production.example" not in shared


def test_arrow_in_domain_set() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    hosts = corpus_hosts()
    domains = relurl.DomainSet(sorted({d for h in hosts[::7] for d in parents(h)[1:2]}))
    column = pa.chunked_array([hosts[:100], [None, *hosts[100:]]])
    got = pa.chunked_array(relurl.arrow.in_domain_set(column, domains, threads=2))
    assert got.type == pa.bool_() and got.num_chunks == 2
    assert got.to_pylist() == [h in domains for h in hosts[:100]] + [None] + [h in domains for h in hosts[100:]]
    assert any(got.to_pylist()) and not all(v for v in got.to_pylist() if v is not None)
    single = pa.array(
        relurl.arrow.in_domain_set(pa.array(["a.example.com", "b.org", None]), relurl.DomainSet(["example.com"]))
    )
    assert single.to_pylist() == [True, False, None]
    bad = pa.Array.from_buffers(
        pa.string(), 1, [None, pa.py_buffer(b"\x00\x00\x00\x00\x01\x00\x00\x00"), pa.py_buffer(b"\xff")]
    )
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.in_domain_set(bad, domains)
    assert info.value.index == 0
    nulled = relurl.arrow.in_domain_set(bad, domains, errors="null")
    assert pa.array(nulled).to_pylist() == [None]


# --- the middleware's decisions against Scrapy's ---------------------------------------------

UNSET = object()


def run_middleware(cls: type, allowed: Any, requests: list[Request], caplog: pytest.LogCaptureFixture) -> list[Any]:
    """What `cls` does with `requests` for a spider with `allowed_domains = allowed`: each
    decision, then the log records, stats and `domains_seen`."""
    crawler = get_crawler(Spider)
    kwargs = {} if allowed is UNSET else {"allowed_domains": allowed}
    crawler.spider = crawler._create_spider(name="a", **kwargs)
    mw = build_from_crawler(cls, crawler)
    caplog.clear()
    out: list[Any] = []
    try:
        mw.spider_opened(crawler.spider)
    except Exception as e:
        return [("spider_opened", type(e))]
    for request in requests:
        try:
            out.append(mw.process_request(request))
        except IgnoreRequest as e:
            out.append(("ignored", str(e)))
        except Exception as e:
            out.append(("error", type(e)))
    records = [
        (r.name, r.levelno, r.getMessage())
        for r in caplog.records
        if r.name.startswith("scrapy.downloadermiddlewares.offsite")
    ]
    stats = {k: v for k, v in crawler.stats.get_stats().items() if k.startswith("offsite/")}
    return [out, records, stats, sorted(mw.domains_seen)]


def generated_requests(rng: random.Random, names: list[str]) -> list[Request]:
    requests = []
    for _ in range(200):
        host = rng.choice(names) if rng.random() < 0.6 else generated_name(rng)
        host = rng.choice(["", "www.", "not", "x.y."]) + host + rng.choice(["", "", ".", ":8080"])
        url = rng.choice(["http://", "https://", "HTTP://"]) + host + "/p?q=1"
        kwargs: dict[str, Any] = {}
        if rng.random() < 0.1:
            kwargs["dont_filter"] = True
        if rng.random() < 0.1:
            kwargs["meta"] = {"allow_offsite": rng.choice([True, False, 1, 0, None])}
        try:
            requests.append(Request(url, **kwargs))
        except ValueError:
            continue
    requests.append(Request("data:,x"))
    requests.append(Request("file:///etc/x"))
    return requests


def test_middleware_decisions_match_scrapy_s(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    rng = random.Random(63)
    fixed: list[Any] = [
        UNSET,
        None,
        [],
        (),
        [None],
        [""],
        ["example.com"],
        ("example.com", "b.a.example"),
        "example.com",
    ]
    fixed += [
        ["Example.com"],
        ["example.com:8080"],
        ["http://example.com"],
        ["bücher.de"],
        ["xn--bcher-kva.de"],
        ["a", 1],
        [b"a"],
    ]
    for allowed in fixed + [[generated_name(rng) for _ in range(rng.randint(1, 8))] for _ in range(60)]:
        names = [n for n in (allowed if isinstance(allowed, (list, tuple)) else []) if isinstance(n, str)]
        names += ["example.com", "bücher.de", "b.a.example", "127.0.0.1", "[::1]"]
        requests = generated_requests(rng, names)
        expected = run_middleware(ScrapyOffsite, allowed, requests, caplog)
        got = run_middleware(OffsiteMiddleware, allowed, requests, caplog)
        assert got == expected, allowed


def test_middleware_decisions_match_scrapy_s_on_the_corpus(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    hosts = corpus_hosts()
    urls = [f"https://{h}/x" for h in hosts if h and not h.startswith("[")]
    requests = []
    for url in urls:
        try:
            requests.append(Request(url))
        except ValueError:
            continue
    rng = random.Random(11)
    candidates = sorted({d for h in hosts for d in parents(h)})
    for k in (1, 10, 200):
        allowed = rng.sample(candidates, k)
        assert run_middleware(OffsiteMiddleware, allowed, requests, caplog) == run_middleware(
            ScrapyOffsite, allowed, requests, caplog
        )


def test_allowed_domains_changed_while_running(caplog: pytest.LogCaptureFixture) -> None:
    for kind in (list, tuple, relurl.DomainSet):
        crawler = get_crawler(Spider)
        spider: Any = crawler._create_spider(name="a", allowed_domains=kind(["a.example"]))
        crawler.spider = spider
        mw = build_from_crawler(OffsiteMiddleware, crawler)
        mw.spider_opened(spider)
        assert mw.process_request(Request("https://x.a.example")) is None
        with pytest.raises(IgnoreRequest):
            mw.process_request(Request("https://b.example"))
        spider.allowed_domains = kind(["b.example"])
        assert mw.process_request(Request("https://b.example")) is None
        with pytest.raises(IgnoreRequest):
            mw.process_request(Request("https://a.example"))
        spider.allowed_domains = kind([])
        assert mw.process_request(Request("https://a.example")) is None


def test_domain_set_is_built_once_per_change() -> None:
    # The relurl twin of Scrapy's test_dynamic_allowed_domains_caching.
    calls = 0

    class Tracking(OffsiteMiddleware):
        def get_domain_set(self, spider: Spider) -> relurl.DomainSet | None:
            nonlocal calls
            calls += 1
            return super().get_domain_set(spider)

    crawler = get_crawler(Spider)
    spider: Any = crawler._create_spider(name="a", allowed_domains=["a.example"])
    crawler.spider = spider
    mw = build_from_crawler(Tracking, crawler)
    mw.spider_opened(spider)
    for _ in range(3):
        mw.process_request(Request("https://a.example"))
    assert calls == 1
    spider.allowed_domains.append("b.example")
    assert mw.process_request(Request("https://b.example")) is None
    assert calls == 2
    spider.allowed_domains = ("a.example",)
    for _ in range(3):
        mw.process_request(Request("https://a.example"))
    assert calls == 3


def test_a_bad_domain_raises_on_every_request() -> None:
    crawler = get_crawler(Spider)
    spider: Any = crawler._create_spider(name="a", allowed_domains=["a.example"])
    crawler.spider = spider
    mw = build_from_crawler(OffsiteMiddleware, crawler)
    mw.spider_opened(spider)
    spider.allowed_domains.append(1)
    for _ in range(2):
        with pytest.raises(TypeError):
            mw.process_request(Request("https://b.example"))


def test_settings_swap_in_a_crawler() -> None:
    from scrapy.core.downloader.middleware import DownloaderMiddlewareManager

    ours = {"scrapy.downloadermiddlewares.offsite.OffsiteMiddleware": None, "relurl.scrapy.OffsiteMiddleware": 50}
    crawler = get_crawler(Spider, {"DOWNLOADER_MIDDLEWARES": ours})
    # 50 is Scrapy's own place for its middleware (DOWNLOADER_MIDDLEWARES_BASE): the first.
    assert (
        crawler.settings.getwithbase("DOWNLOADER_MIDDLEWARES_BASE")[
            "scrapy.downloadermiddlewares.offsite.OffsiteMiddleware"
        ]
        == 50
    )
    middlewares = DownloaderMiddlewareManager.from_crawler(crawler).middlewares
    assert type(middlewares[0]) is OffsiteMiddleware
    assert not any(type(m) is ScrapyOffsite for m in middlewares)


def test_the_one_difference_from_scrapy_s_regex_a_line_feed_in_the_host() -> None:
    """Documented in docs/crawler.md (found by a probe): the regex's `$` also matches before a
    final line feed and its `.` matches no line feed; the set reads the host as it is. urllib's
    `hostname`, which the middleware asks, never has one (it strips them from URLs)."""
    domains = ["example.com", "b.org"]
    regex, domain_set = scrapy_regex(domains), relurl.DomainSet(domains)
    assert bool(regex.search("example.com\n")) and "example.com\n" not in domain_set
    assert not regex.search("a\nb.example.com") and "a\nb.example.com" in domain_set
    for host in ["example.com", "a.example.com", "xexample.com", "b.org", "a.b.org.", "", "\nb.org"]:
        assert bool(regex.search(host)) == (host in domain_set), host
    assert urlsplit("http://exa\nmple.com\n/").hostname == "example.com"
