"""`relurl.scrapy.fingerprint` against Scrapy 2.19's `scrapy.utils.request.fingerprint`: the
same 20 bytes, or the same exception (type and message), for every resolved link of the
corpus and for 20,000 generated requests (seeded: methods, bodies, headers with several
values, `include_headers` lists, `keep_fragments` both ways, `verbatim_url`, non-ASCII and
hostile URLs); and Scrapy's per-request cache kept as Scrapy keeps it.

Both functions share Scrapy's cache (`scrapy.utils.request._fingerprint_cache`), so each side
is given its own `Request` built from the same arguments: no answer here comes from the other
side's cache.
"""

from __future__ import annotations

import inspect
import random
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import corpus_pairs
from test_canonicalize import make_url

scrapy = pytest.importorskip("scrapy")

import relurl.scrapy  # noqa: E402
from relurl.scrapy import RequestFingerprinter, fingerprint  # noqa: E402
from scrapy import Request  # noqa: E402
from scrapy.http import Headers  # noqa: E402
from scrapy.utils import request as scrapy_request  # noqa: E402
from scrapy.utils.test import get_crawler  # noqa: E402

Spec = tuple[tuple[Any, ...], dict[str, Any]]


class Fresh:
    """An argument made anew for each call (an iterator: the first call would exhaust it)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make

    def __call__(self) -> Any:
        return self.make()


def outcome(f: Callable[..., bytes], request: Request, kwargs: dict[str, Any]) -> tuple[str, Any]:
    """The answer or the exception; a keyword argument given as a `Fresh` is called for it (an
    iterator, one per side)."""
    kwargs = {k: v() if isinstance(v, Fresh) else v for k, v in kwargs.items()}
    try:
        return ("ok", f(request, **kwargs))
    except Exception as e:  # the exception is the answer compared
        return (type(e).__name__, str(e))


def differences(
    specs: Iterator[tuple[Spec, dict[str, Any]]], limit: int | None = None
) -> tuple[int, list[tuple[Any, ...]]]:
    """(how many compared, the differences): each spec built twice, one `Request` per side
    (a spec whose `Request` Scrapy refuses is skipped), up to `limit` compared."""
    count, found = 0, []
    for (args, request_kwargs), kwargs in specs:
        if count == limit:
            break
        try:
            mine, theirs = Request(*args, **request_kwargs), Request(*args, **request_kwargs)
        except Exception:  # a Request that Scrapy refuses has no fingerprint
            continue
        count += 1
        expected = outcome(scrapy_request.fingerprint, theirs, kwargs)
        if (got := outcome(fingerprint, mine, kwargs)) != expected:
            found.append((args, request_kwargs, kwargs, got, expected))
    return count, found


def corpus_links() -> list[str]:
    links: dict[str, None] = {}
    for base, href in corpus_pairs():
        try:
            links[urllib.parse.urljoin(base, href)] = None
        except ValueError:
            pass
    return list(links)


def test_every_resolved_corpus_link() -> None:
    def specs() -> Iterator[tuple[Spec, dict[str, Any]]]:
        for url in corpus_links():
            yield ((url,), {}), {}
            yield ((url,), {}), {"keep_fragments": True}
            yield ((url,), {"meta": {"verbatim_url": True}}), {}

    count, found = differences(specs())
    # 8,683 distinct links, of which a few (`javascript:`, `mailto:`) no `Request` takes.
    assert count > 3 * 8_000
    assert found == []


METHODS = [
    "GET",
    "POST",
    "head",
    "Put",
    "DELETE",
    "OPTIONS",
    "g\u00e9t",
    "\u00df",
    "P\U0001f600",
    "G\udc80T",
    "",
    'A B\t"\\',
]
NAMES = ["Accept", "accept", "X-Id", "X-ID", "Cookie", "Content-Type", "x-\u00e9", "Absent", "SESSIONID", "a"]
VALUES: list[Any] = [b"1", b"two", "\u00e9", 3, b"", b"\xff\x00", 'a"b\\c', ["x", "y", "z"], [b"p", 7]]
BODIES: list[Any] = [None, b"", b"a", b"request body", "\u00e9t\u00e9", bytes(range(256)), b'{"k": ["v"]}', "x" * 300]
EXTRA_URLS = [
    "http://www.example.com/query?id=111&cat=222#frag",
    "http://www.example.com/hnnoticiaj1.aspx?78160,199",
    "https://b\u00fccher.de/\u00e9?q=\u20ac&a#\u00fc",
    "http://[::1]:8080/a/../b/./c?b=2&a=1",
    "data:text/plain,hello",
    "about:blank",
    "http://a:99999/",
    'http://a/"quoted"\\back\x7f\x01',
    "http://a/\udc80",
]


def generated(seed: int) -> Iterator[tuple[Spec, dict[str, Any]]]:
    rnd = random.Random(seed)
    links = corpus_links()
    while True:
        roll = rnd.random()
        if roll < 0.45:
            url = make_url(rnd)
            if "://" not in url:
                url = "http://" + url.lstrip()
        elif roll < 0.9:
            url = rnd.choice(links)
            if rnd.random() < 0.5:
                url += rnd.choice(["#f", "#\u00e9", "?b=2&a=1", "&z=\u00fc#x", "#", "?"])
        else:
            url = rnd.choice(EXTRA_URLS)
        request_kwargs: dict[str, Any] = {"method": rnd.choice(METHODS)}
        if rnd.random() < 0.5:
            request_kwargs["body"] = rnd.choice(BODIES)
        if rnd.random() < 0.5:
            request_kwargs["headers"] = {rnd.choice(NAMES): rnd.choice(VALUES) for _ in range(rnd.randint(1, 4))}
        if rnd.random() < 0.15:
            request_kwargs["meta"] = {"verbatim_url": rnd.choice([True, 1, "yes", False, 0, None])}
        if rnd.random() < 0.1:
            request_kwargs["encoding"] = rnd.choice(["latin-1", "cp1251", "utf-8"])
        kwargs: dict[str, Any] = {}
        if rnd.random() < 0.5:
            kwargs["keep_fragments"] = rnd.choice([True, False, 1, 0, "", "x", None])
        if rnd.random() < 0.5:
            names: list[Any] = rnd.sample(NAMES, rnd.randint(0, 4))
            if rnd.random() < 0.3:
                names = [n.encode() if rnd.random() < 0.5 and n.isascii() else n for n in names]
            kwargs["include_headers"] = rnd.choice(
                [names, tuple(names), set(names), Fresh(lambda names=names: iter(names)), None]
            )
        yield ((url,), request_kwargs), kwargs


def test_20000_generated_requests() -> None:
    count, found = differences(generated(seed=24), limit=20_000)
    assert count == 20_000
    assert found[:5] == []


def test_bad_input_raises_scrapy_s_exception() -> None:
    def with_attributes(url: str, **attributes: Any) -> Callable[[], Request]:
        def build() -> Request:
            request = Request(url)
            for name, value in attributes.items():
                object.__setattr__(request, name, value)
            return request

        return build

    cases: list[tuple[Callable[[], Request], dict[str, Any]]] = [
        (with_attributes("http://a/", method=b"GET"), {}),
        (with_attributes("http://a/", method=b"G\xffT"), {}),
        (with_attributes("http://a/", method=5), {}),
        (with_attributes("http://a/", _url="http://a:99999/"), {}),
        (with_attributes("http://a/", _url="http://[::1/"), {}),
        (with_attributes("http://a/", _url="http://a:99999/", method=5), {}),
        (with_attributes("http://a/", _body=bytearray(b"xy")), {}),
        (with_attributes("http://a/", _body=memoryview(b"xy")), {}),
        (with_attributes("http://a/", _body=7), {}),
        (with_attributes("http://a/", _url="http://a:99999/", _body=7), {}),
        (with_attributes("http://a/", _url=b"http://a/?b&a"), {}),
        (with_attributes("http://a/", _url=b"http://a/?b&a", _meta={"verbatim_url": True}), {}),
        (with_attributes("http://a/", _url=urllib.parse.urlparse("http://a/?b&a")), {}),
        (with_attributes("http://a/", _url=5), {}),
        (with_attributes("http://a/"), {"include_headers": ["a", b"b"]}),
        (with_attributes("http://a/"), {"include_headers": [5]}),
        (with_attributes("http://a/"), {"include_headers": ["\udc80"]}),
        (with_attributes("http://a/"), {"include_headers": 5}),
        (lambda: Request("http://a/", headers={"A": "1"}), {"include_headers": Fresh(lambda: (h for h in ["a", "A"]))}),
        (lambda: Request("http://a/", headers={"A": "1"}), {"include_headers": Fresh(lambda: (h for h in []))}),
    ]
    for build, kwargs in cases:
        assert outcome(fingerprint, build(), kwargs) == outcome(scrapy_request.fingerprint, build(), kwargs), kwargs
    # A URL with a lone surrogate (which `Request()` refuses: only set by hand): the same
    # exception type; its message's position is the whole URL's where w3lib's is the
    # component's (relurl.canonicalize_url's, see docs/scrapy.md).
    build = with_attributes("http://a/", _url="http://a/\udc80?b")
    assert (
        outcome(fingerprint, build(), {})[0]
        == outcome(scrapy_request.fingerprint, build(), {})[0]
        == "UnicodeEncodeError"
    )


def test_a_verbatim_url_that_is_not_a_str_is_written_as_json_writes_it() -> None:
    # Scrapy's json.dumps writes whatever `request.url` holds when `verbatim_url` is set (only
    # by hand: `Request()` makes the URL a str): a number, null, a list, a dict (keys sorted).
    values: list[Any] = [5, None, 1.5, float("nan"), True, ["a", 1], {"b": 1, "a": "\u00e9"}, (2,), b"x", {1, 2}]
    for value in values:

        def build(value: Any = value) -> Request:
            request = Request("http://a/", meta={"verbatim_url": True})
            object.__setattr__(request, "_url", value)
            return request

        for kwargs in ({}, {"keep_fragments": True}):
            ours = outcome(fingerprint, build(), kwargs)
            assert ours == outcome(scrapy_request.fingerprint, build(), kwargs), value
    assert outcome(fingerprint, build(5), {})[0] == "ok"  # a fingerprint, not an exception


def test_an_included_name_given_many_times_is_read_once() -> None:
    # include_headers=["a"] * k with a header of v values: Scrapy reads the v values k times;
    # the answer is one entry, so relurl reads them once (linear, not k * v).
    reads: list[bytes] = []

    class CountingHeaders(Headers):
        def getlist(self, key: Any, def_val: Any = None) -> list[bytes]:
            reads.append(key)
            return super().getlist(key, def_val)

    def build() -> Request:
        request = Request("http://a/")
        object.__setattr__(request, "headers", CountingHeaders({"A": [b"1", b"2"], "B": b"3"}))
        return request

    names = ["a", "A", "b", "a"] * 50
    assert fingerprint(build(), include_headers=names) == scrapy_request.fingerprint(build(), include_headers=names)
    assert len(reads) == 2 + 200  # relurl's two reads, then Scrapy's 200


def test_the_cache_is_scrapy_s() -> None:
    request = Request("http://www.example.com/?b=1&a=2#f", headers={"X-Id": "1"})
    first = fingerprint(request, include_headers=["X-ID"], keep_fragments=1)  # type: ignore[arg-type]
    assert scrapy_request._fingerprint_cache[request] == {((b"x-id",), 1, False): first}
    # A second call answers from the cache, as Scrapy's does, even after a change.
    request.method = "POST"
    assert fingerprint(request, include_headers=["x-id"], keep_fragments=True) == first
    assert scrapy_request.fingerprint(request, include_headers=["x-id"], keep_fragments=True) == first
    assert fingerprint(request) == scrapy_request.fingerprint(Request("http://www.example.com/?a=2&b=1", method="POST"))
    # Keys as Scrapy's: the names sorted as given, then lowered; keep_fragments as given.
    request = Request("http://a/")
    fingerprint(request, include_headers=["b", "A"], keep_fragments="")  # type: ignore[arg-type]
    fingerprint(request, include_headers=["a", "B"])
    assert set(scrapy_request._fingerprint_cache[request]) == {((b"a", b"b"), "", False), ((b"b", b"a"), False, False)}
    fingerprint(Request("http://a/", meta={"verbatim_url": True}), keep_fragments=True)
    verbatim = Request("http://a/#x", meta={"verbatim_url": "yes"})
    fingerprint(verbatim, keep_fragments=True)
    assert list(scrapy_request._fingerprint_cache[verbatim]) == [(None, False, True)]


def test_the_default_arguments_keep_scrapy_s_keys() -> None:
    # The default arguments on a plain request (relurl's shortest path): Scrapy's key, a
    # cached answer even after a change, and other falsy `keep_fragments` kept as given.
    request = Request("http://www.example.com/?b=1&a=2#f")
    first = fingerprint(request)
    assert scrapy_request._fingerprint_cache[request] == {(None, False, False): first}
    request.method = "POST"
    assert fingerprint(request) == first == scrapy_request.fingerprint(Request("http://www.example.com/?a=2&b=1"))
    request = Request("http://www.example.com/?b=1&a=2#f")
    for falsy in (False, 0, None, ""):
        assert fingerprint(request, keep_fragments=falsy) == first  # type: ignore[arg-type]
    assert list(scrapy_request._fingerprint_cache[request]) == [
        (None, False, False),
        (None, None, False),
        (None, "", False),
    ]
    # A method or body that is not what `Request` makes takes Scrapy's checks.
    for method in (b"GET", 5):

        def odd() -> Request:
            request = Request("http://a/")
            request.method = method  # type: ignore[assignment]
            return request

        ours = outcome(fingerprint, odd(), {})
        assert ours == outcome(scrapy_request.fingerprint, odd(), {}), method
        assert ours[0] == ("ok" if method == b"GET" else "TypeError")


def test_a_subclass_s_properties_are_read() -> None:
    # Scrapy's own `Request` is read through its attributes; a subclass through its properties.
    class Verbatim(Request):
        @property
        def meta(self) -> dict[str, Any]:
            return {"verbatim_url": True}

        @property
        def url(self) -> str:
            return "http://a/?b&a#f"

        @property
        def body(self) -> bytes:
            return b"overridden"

    def both(make: Callable[[], Request]) -> tuple[bytes, bytes]:
        return fingerprint(make()), scrapy_request.fingerprint(make())

    ours, theirs = both(lambda: Verbatim("http://z/"))
    assert ours == theirs
    assert ours != fingerprint(Request("http://z/"))
    for meta in ({"verbatim_url": 1}, {"verbatim_url": ""}, {}, None):
        ours, theirs = both(lambda: Request("http://z/?b&a", body=b"x", meta=meta))
        assert ours == theirs, meta
    plain = Request("http://z/")
    fingerprint(plain)
    assert plain.meta == {}


def test_request_fingerprinter() -> None:
    crawler = get_crawler(settings_dict={"REQUEST_FINGERPRINTER_CLASS": "relurl.scrapy.RequestFingerprinter"})
    assert type(crawler.request_fingerprinter) is RequestFingerprinter
    assert isinstance(crawler.request_fingerprinter, scrapy_request.RequestFingerprinter)
    request = Request("https://example.org?b=1&a#f", method="POST", body=b"x")
    expected = scrapy_request.RequestFingerprinter().fingerprint(
        Request("https://example.org?b=1&a#f", method="POST", body=b"x")
    )
    assert crawler.request_fingerprinter.fingerprint(request) == expected
    assert RequestFingerprinter.from_crawler(crawler).fingerprint(request) == expected
    assert RequestFingerprinter().fingerprint(request) == expected
    assert relurl.scrapy.__all__.count("fingerprint") == 1


def test_signatures_are_scrapy_s() -> None:
    def parameters(f: Callable[..., Any]) -> list[tuple[str, Any, Any]]:
        return [(p.name, p.kind, p.default) for p in inspect.signature(f).parameters.values()]

    assert parameters(fingerprint) == parameters(scrapy_request.fingerprint)
    assert parameters(RequestFingerprinter) == parameters(scrapy_request.RequestFingerprinter)
    assert parameters(RequestFingerprinter.from_crawler) == parameters(scrapy_request.RequestFingerprinter.from_crawler)
