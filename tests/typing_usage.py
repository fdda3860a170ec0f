"""Type-checked by `mypy --strict` against the stubs (.ci/run); also run as a test, so the
usage it shows is known to work."""

from __future__ import annotations

from urllib.parse import ParseResult, ParseResultBytes, SplitResult, SplitResultBytes

import relurl
from relurl import URL, Link, URLError


def crawler_loop(page_url: str, hrefs: list[str]) -> list[str]:
    base: URL = relurl.parse(page_url)
    first: str = base.resolve(hrefs[0])
    rest: list[str] = base.resolve_many(hrefs[1:])
    return [first, *rest]


def components(url: str) -> tuple[str, str, str, str, str, str]:
    scheme, netloc, path, params, query, fragment = relurl.parse(url)
    u = URL(url)
    assert (u.scheme, u.netloc, u.path, u.params, u.query, u.fragment) == (
        scheme,
        netloc,
        path,
        params,
        query,
        fragment,
    )
    return scheme, netloc, path, params, query, fragment


def strict(url: str) -> tuple[int | None, str] | None:
    try:
        relurl.validate(url)
    except URLError as err:
        # None for an argument error, where no character is at fault.
        position: int | None = err.position
        reason: str = err.reason
        return position, reason
    return None


def error_kind(base: str, href: str) -> tuple[str, int | None, str | None] | None:
    """The same keywords at every entry point; the error's kind is one stable word."""
    try:
        relurl.resolve(relurl.parse(base), href, strict=True)
        relurl.resolve_many(None, [href], strict=True)
    except URLError as err:
        kind: str = err.kind
        return kind, err.index, err.input
    return None


def urllib_twins(page_url: str, href: str) -> tuple[str, bytes, str | None, int | None, str, str]:
    """The drop-in twins of urllib.parse: str in, str out; bytes in, bytes out."""
    absolute: str = relurl.urljoin(page_url, href)
    absolute_bytes: bytes = relurl.urljoin(page_url.encode(), href.encode(), allow_fragments=False)
    split: SplitResult = relurl.urlsplit(absolute)
    host: str | None = split.hostname
    port: int | None = split.port
    parsed: ParseResult = relurl.urlparse(absolute, scheme="http")
    raw: SplitResultBytes = relurl.urlsplit(absolute_bytes)
    parsed_bytes: ParseResultBytes = relurl.urlparse(absolute_bytes, b"http", True)
    assert raw.netloc.decode() == split.netloc and parsed_bytes.params.decode() == parsed.params
    return absolute, absolute_bytes, host, port, parsed.params, split.geturl()


def page_links(html: bytes, page_url: str) -> list[tuple[str, str, str, str]]:
    """A crawler's loop over a fetched page: bytes and headers in, absolute links out."""
    links: list[Link] = relurl.extract_links(html, page_url, headers={"Content-Type": "text/html"}, skip_special=True)
    text_links = relurl.extract_links(html.decode(), page_url, headers=[("Content-Location", "/x/")], spec="rfc3986")
    assert all(link.special in (None, "javascript", "mailto", "data", "fragment") for link in text_links)
    nofollow: list[str] = [link.url for link in links if "nofollow" in link.rel]
    assert all(isinstance(url, str) for url in nofollow)
    return [(link.url, link.tag, link.attr, link.raw) for link in links]


def host_and_port(url: str) -> tuple[str | None, int | str | None]:
    """A politeness queue's key: the host name and port (urllib's answers)."""
    u = relurl.parse(url)
    user: str | None = u.username
    assert user is None or isinstance(user, str)
    return u.hostname, u.port


def on_site(domains: list[str], hosts: list[str]) -> tuple[int, list[str], list[bool]]:
    allowed = relurl.DomainSet(domains)
    return len(allowed), list(allowed), [host in allowed for host in hosts]


def test_typing_usage() -> None:
    assert crawler_loop("http://a/b/c/d;p?q#f", ["g", "../g"]) == ["http://a/b/c/g", "http://a/b/g"]
    assert components("http://a/b;p?q#f") == ("http", "a", "/b", "p", "q", "f")
    assert host_and_port("http://u@Example.COM:8080/") == ("example.com", 8080)
    assert strict("http://a/b c") == (10, "space is not allowed in a path")
    assert strict("http://a/b") is None
    assert error_kind("http://a/b", "c d") == ("invalid_character", None, None)
    assert error_kind("http://a/b", "c") is None
    assert relurl.resolve("http://a/b", "c") == "http://a/c"
    assert isinstance(str(relurl.parse("http://a/")), str)
    assert isinstance(hash(relurl.parse("http://a/")), int)
    assert isinstance(relurl.__version__, str)
    assert urllib_twins("http://a/b/c/d;p?q#f", "//H:8080/g;x") == (
        "http://H:8080/g;x",
        b"http://H:8080/g;x",
        "h",
        8080,
        "x",
        "http://H:8080/g;x",
    )
    assert page_links(b'<base href="/b/"><a href=" g ">x</a><a href="#top">', "http://a/p") == [
        ("http://a/b/g", "a", "href", " g ")
    ]
    assert on_site(["example.com", "example.com"], ["www.example.com", "notexample.com"]) == (
        1,
        ["example.com"],
        [True, False],
    )
