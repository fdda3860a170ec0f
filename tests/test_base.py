"""relurl.establish_base and relurl.base_from_header: RFC 1808 section 3 from Python."""

from __future__ import annotations

import http.client
import io
import pickle

import pytest
import relurl

PAGE = "http://example.com/dir/page.html"


def test_layers_in_order_of_precedence() -> None:
    assert relurl.establish_base() == relurl.establish_base(retrieval_url=None)
    empty = relurl.establish_base()
    assert (empty.url, empty.source) == ("", "empty")
    got = relurl.establish_base(retrieval_url=PAGE)
    assert (got.url, got.source) == (PAGE, "retrieval")
    got = relurl.establish_base(retrieval_url=PAGE, encapsulating_base="http://mail/x/")
    assert (got.url, got.source) == ("http://mail/x/", "encapsulating")
    got = relurl.establish_base(retrieval_url=PAGE, headers={"Content-Location": "/other/"})
    assert (got.url, got.source) == ("http://example.com/other/", "content-location")
    got = relurl.establish_base(retrieval_url=PAGE, headers={"content-base": "http://cb/"})
    assert (got.url, got.source) == ("http://cb/", "content-base")
    got = relurl.establish_base(retrieval_url=PAGE, headers=[("BASE", "<URL:http://b/>")])
    assert (got.url, got.source) == ("http://b/", "base-header")
    got = relurl.establish_base(retrieval_url=PAGE, headers={"Base": "<URL:http://b/>"}, html_base_href=" ../h/ ")
    assert (got.url, got.source) == ("http://b/../h/", "html")  # RFC 1808 keeps ".." above the root


def test_rfc3986_spec() -> None:
    got = relurl.establish_base(retrieval_url="http://a/b/c", html_base_href="../../../x/", spec="rfc3986")
    assert got.url == "http://a/x/"
    assert relurl.establish_base(retrieval_url="http://a/b/c", html_base_href="../../../x/").url == "http://a/../../x/"


def test_headers_from_an_http_message() -> None:
    raw = b"Content-Type: text/html\r\nContent-Location: sub/\r\n\r\n"
    message = http.client.parse_headers(io.BytesIO(raw))
    assert relurl.establish_base(retrieval_url=PAGE, headers=message).url == "http://example.com/dir/sub/"


def test_result_object() -> None:
    got = relurl.establish_base(retrieval_url=PAGE)
    assert repr(got) == f"EstablishedBase(url='{PAGE}', source='retrieval')"
    assert got == relurl.establish_base(retrieval_url=PAGE) and hash(got) == hash(
        relurl.establish_base(retrieval_url=PAGE)
    )
    with pytest.raises(AttributeError):
        got.url = "x"  # type: ignore[misc]


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="retrieval_url must be str or URL, not bytes"):
        relurl.establish_base(retrieval_url=b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"headers\[0\] must be a \(name, value\) pair of str"):
        relurl.establish_base(headers=["Base: x"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="headers must be str, not int"):
        relurl.establish_base(headers=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="spec must be"):
        relurl.establish_base(spec="rfc2396")  # type: ignore[arg-type]
    with pytest.raises(relurl.URLError) as info:
        relurl.establish_base(retrieval_url=PAGE, headers={"Base": "  http://a/"})
    # The same error as base_from_header gives for the value: the kind says it is the header's.
    assert (info.value.kind, info.value.position) == ("bad_base_header", 2)
    assert info.value.reason == "expected '<URL:' to open the base header"


@pytest.mark.parametrize(
    ("value", "url"),
    [
        ("<URL:http://www.ics.uci.edu/Test/a/b/c>", "http://www.ics.uci.edu/Test/a/b/c"),
        ("Base: <URL:http://www.ics.uci.edu/Test/a/b/c>", "http://www.ics.uci.edu/Test/a/b/c"),
        ("base:<url:http://a/b>", "http://a/b"),
        ("<URL:http://a/very/\r\n  long>", "http://a/very/long"),
    ],
)
def test_base_from_header(value: str, url: str) -> None:
    assert relurl.base_from_header(value) == url


@pytest.mark.parametrize(
    ("value", "position", "reason"),
    [
        ("http://a/b", 0, "expected '<URL:' to open the base header"),
        ("<URL:http://a/b", 15, "missing '>' to close the base header"),
        ("<URL:http://a/b> x", 17, "text after the closing '>'"),
        ("<URL:/relative>", 1, "the base URL must be absolute (RFC 1808 section 3.1: absoluteURL)"),
    ],
)
def test_base_from_header_errors(value: str, position: int, reason: str) -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.base_from_header(value)
    assert (info.value.position, info.value.reason) == (position, reason)


def test_base_found_in_the_page() -> None:
    page = (
        b"<html><head><title>t</title></head><body>"
        + b"x" * 5000
        + b'<base href=" /late/ "><base href="/second/"></body>'
    )
    got = relurl.establish_base(retrieval_url=PAGE, html=page)
    assert (got.url, got.source) == ("http://example.com/late/", "html")
    assert relurl.establish_base(retrieval_url=PAGE, html=page.decode()) == got
    assert relurl.establish_base(retrieval_url=PAGE, html="<p>no base</p>").source == "retrieval"
    # An explicit html_base_href wins over the page.
    assert (
        relurl.establish_base(retrieval_url=PAGE, html=page, html_base_href="/given/").url
        == "http://example.com/given/"
    )
    with pytest.raises(TypeError, match="html must be str or bytes, not int"):
        relurl.establish_base(html=5)  # type: ignore[arg-type]


def test_established_base_pickles_with_every_protocol() -> None:
    for got in (relurl.establish_base(retrieval_url=PAGE, html_base_href="/b/"), relurl.establish_base()):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(got, protocol))
            assert type(again) is relurl.EstablishedBase
            assert again == got and (again.url, again.source) == (got.url, got.source)
    assert relurl.EstablishedBase("http://a/", "html") == relurl.establish_base(html_base_href="http://a/")


def test_established_base_validates_its_fields() -> None:
    with pytest.raises(ValueError, match=r"source must be 'html', .* or 'empty', not 'bogus'"):
        relurl.EstablishedBase("http://a/", "bogus")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="url must be str, not int"):
        relurl.EstablishedBase(1, "html")  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
@pytest.mark.parametrize(
    "opaque",
    ["javascript:alert(1)//", "data:text/html,x", "mailto:a@b", "about:blank", "urn:isbn:0451450523", "http:x"],
)
def test_a_value_with_an_opaque_path_defines_no_base(spec: str, opaque: str) -> None:
    """RFC 1808 section 3, the URL Standard's opaque path: nothing resolves against such a
    URL, so the layer defines no base and the next outer one does."""
    page = "http://a/p"
    for kwargs in (
        {"html_base_href": opaque},
        {"headers": {"Content-Location": opaque}},
        {"encapsulating_base": opaque},
    ):
        got = relurl.establish_base(retrieval_url=page, spec=spec, **kwargs)  # type: ignore[arg-type]
        assert (got.url, got.source) == (page, "retrieval")
    got = relurl.establish_base(retrieval_url=opaque, spec=spec)  # type: ignore[arg-type]
    assert (got.url, got.source) == ("", "empty")
    got = relurl.establish_base(retrieval_url=page, html=f'<base href="{opaque}">', headers={"Content-Base": "/cb/"})
    assert (got.url, got.source) == ("http://a/cb/", "content-base")
    # With a net_loc or a path from the root, any scheme is a base.
    got = relurl.establish_base(retrieval_url=page, html_base_href="javascript://x/", spec=spec)  # type: ignore[arg-type]
    assert (got.url, got.source) == ("javascript://x/", "html")


def test_each_header_is_a_layer() -> None:
    """The most specific header that defines a base serves: an empty or opaque one does not."""
    headers = [("Content-Base", " "), ("Content-Location", "/loc/")]
    assert relurl.establish_base(retrieval_url=PAGE, headers=headers).source == "content-location"
    headers = [("Base", "<URL:javascript:x>"), ("Content-Location", "/loc/")]
    assert relurl.establish_base(retrieval_url=PAGE, headers=headers).url == "http://example.com/loc/"


def test_without_spec_a_parsed_url_gives_its_grammar() -> None:
    # As extract_links follows its url's: the first layer given as a URL decides.
    html = '<base href="../../../x/">'
    page = relurl.URL("http://a/b", spec="whatwg")
    assert relurl.establish_base(html=html, retrieval_url=page).url == "http://a/x/"
    assert relurl.establish_base(html=html, retrieval_url=page).url == (
        relurl.extract_links(html + "<a href=g>", page)[0].url.removesuffix("g")
    )
    assert relurl.establish_base(html=html, retrieval_url="http://a/b").url == "http://a/../../../x/"
    assert relurl.establish_base(html=html, retrieval_url=page, spec="rfc1808").url == "http://a/../../../x/"
    assert relurl.establish_base(html=html, retrieval_url=page, spec=None).url == "http://a/x/"
    rfc3986_base = relurl.URL("http://e/f/g", spec="rfc3986")
    assert relurl.establish_base(html_base_href="../../../y/", encapsulating_base=rfc3986_base).url == "http://e/y/"
    assert (
        relurl.establish_base(html_base_href="../../../y/", encapsulating_base="http://e/f/g").url
        == "http://e/../../y/"
    )
