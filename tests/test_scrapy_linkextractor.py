"""`relurl.scrapy.LinkExtractor` against Scrapy 2.19's `LxmlLinkExtractor` (the oracle): every
corpus page (../shared/corpus) under 18 option sets (each constructor keyword at least once,
`process_value` included, responses in several encodings), and seeded generated pages of
hostile values: the same `Link` lists (url, text, fragment, nofollow, order), or the same
exception, with 0 differences. Also pickling, `matches` and `_link_allowed`."""

from __future__ import annotations

import csv
import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

scrapy = pytest.importorskip("scrapy")

from relurl.scrapy import LinkExtractor  # noqa: E402
from scrapy.http import HtmlResponse, XmlResponse  # noqa: E402
from scrapy.link import Link  # noqa: E402
from scrapy.linkextractors import LinkExtractor as ScrapyLinkExtractor  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _rows() -> list[dict[str, str]]:
    if not (CORPUS / "pages.tsv").is_file():  # pragma: no cover
        return []
    with (CORPUS / "pages.tsv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


ROWS = _rows()


def process_value(value: str) -> Any:
    """A `process_value` that drops, rewrites, returns bytes and passes values through."""
    m = re.search(r"javascript:\s*\w+\('([^']*)'", value)
    if m:
        return m.group(1)
    if "login" in value or value.endswith("/"):
        return None
    if "?" in value:
        return value.replace("?", "?x=ä&", 1)
    if len(value) % 7 == 0:
        return value.encode("utf-8")
    if len(value) % 5 == 0:
        return "  ../relative/" + value[-6:] + "  "
    return value


OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "not-unique": {"unique": False},
    "canonicalize": {"canonicalize": True},
    "canonicalize-not-unique": {"canonicalize": True, "unique": False},
    "allow-deny": {"allow": [r"/[a-z]+/", re.compile(r"\.html?$")], "deny": r"\d{4}"},
    "domains": {
        "allow_domains": ["de", "COM", "org", "www.Wikipedia.org", "info", "net"],
        "deny_domains": ["google.com", "facebook.com", "Twitter.com", "de:443"],
    },
    "restrict-xpaths-css": {"restrict_xpaths": ["//body//div", "//nav"], "restrict_css": "footer, p, li"},
    "wildcards": {"tags": "*", "attrs": "*", "deny_tags": ["script", "style"], "deny_attrs": ("class", "id", "style")},
    "tags-attrs": {
        "tags": ("a", "area", "link", "img", "script", "iframe", "source"),
        "attrs": ["href", "src", "srcset"],
    },
    "no-tags": {"tags": None, "deny_tags": "a"},
    "no-attrs": {"attrs": (), "tags": "*"},
    "process-value": {"process_value": process_value, "unique": False},
    "process-value-canonical": {"process_value": process_value, "canonicalize": True},
    "no-deny-extensions": {"deny_extensions": []},
    "deny-extensions": {"deny_extensions": ["html", "PHP", "tar.gz", "", "de/"]},
    "no-strip": {"strip": False, "tags": "*", "attrs": ["href", "src", "content"]},
    "restrict-text": {"restrict_text": [r"[A-Z]\w+", re.compile(r"^\s*$")], "unique": False},
    "mixed": {
        "allow": "https?://",
        "canonicalize": True,
        "unique": False,
        "strip": False,
        "deny_domains": "example.com",
    },
}

#: Each page under each option set is also read in one of these encodings (a page that is
#: not in it decodes with replacement characters, which `safe_url_string` encodes back).
ENCODINGS = [None, "cp1252", "latin-1", "shift_jis", "utf-8", "koi8-r", "gb18030"]


def outcome(make: Callable[[], Any]) -> Any:
    try:
        links = make()
    except Exception as e:
        return ("raised", type(e), str(e))
    assert all(type(link) is Link for link in links)
    return [(link.url, link.text, link.fragment, link.nofollow) for link in links]


def compare(response_for: Callable[[], HtmlResponse], options: dict[str, Any]) -> None:
    ours = outcome(lambda: LinkExtractor(**options).extract_links(response_for()))
    theirs = outcome(lambda: ScrapyLinkExtractor(**options).extract_links(response_for()))
    assert ours == theirs


@pytest.mark.skipif(not ROWS, reason="corpus not found")
@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_every_corpus_page_gives_scrapy_s_links(name: str) -> None:
    options = OPTION_SETS[name]
    compared = 0
    for i, row in enumerate(ROWS):
        body = (CORPUS / "pages" / row["file"]).read_bytes()
        encoding = ENCODINGS[(i + len(name)) % len(ENCODINGS)]
        kwargs = {"encoding": encoding} if encoding else {}
        compare(lambda: HtmlResponse(row["url"], body=body, **kwargs), options)
        compared += 1
    assert compared == len(ROWS) == 55


#: Pieces of hostile attribute values for the generated pages.
# fmt: off
PIECES = [
    "http://", "https://", "HTTP://", "ftp://", "file:///", "mailto:", "javascript:", "data:,", "//", "/", "./", "../",
    "?", "#", "&", "=", ";", ":", "@", "[", "]", "[::1]", ":80", ":0", ":99999", ":8x", " ", "\t", "\n", "\x0c", "\r",
    "\x00", "\x7f", "ä", "é", "日本", "ß", "İ", "Σ", "\u200b", "\ufeff", "%", "%41", "%zz", "%e4", "a", "b", "x.y",
    "example.com", "EXAMPLE.org", "xn--bcher-kva.de", "bücher.de", ".pdf", ".PDF", ".tar.gz", ".html", "..", "'", '"',
    "<", ">", "\\", "|", "{", "}", "^", "`", "~", "+", "$", "!", "*", "(", ")", ",", "1", "0", "127.0.0.1", "user:pw@",
]
# fmt: on


def generated_page(rng: random.Random) -> bytes:
    parts = ["<html><head>"]
    if rng.random() < 0.3:
        base = "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 5)))
        parts.append(f'<base href="{base.replace(chr(34), "")}">')
    parts.append("</head><body>")
    for _ in range(rng.randrange(1, 25)):
        value = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 8)))
        value = value.replace('"', "&quot;").replace("<", "&lt;")
        tag = rng.choice(["a", "area", "link", "img", "div"])
        rel = rng.choice(["", ' rel="nofollow"', ' rel="NoFollow,external"', ' rel="x"'])
        parts.append(f'<{tag} href="{value}" src="{value[::-1]}"{rel}>t{rng.randrange(9)} <b>{value[:3]}</b></{tag}>')
    parts.append("</body></html>")
    return "".join(parts).encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_generated_pages_give_scrapy_s_links(name: str) -> None:
    rng = random.Random(f"linkextractor-{name}")
    options = OPTION_SETS[name]
    for i in range(150):
        body = generated_page(rng)
        url = rng.choice(
            ["http://example.com/a/b.html", "https://EXAMPLE.org:8443/x?y#z", "http://bücher.de/", "file:///tmp/x"]
        )
        encoding = ENCODINGS[i % len(ENCODINGS)] or "utf-8"
        compare(lambda: HtmlResponse(url, body=body, encoding=encoding), options)


def test_pickles_and_keeps_its_answers() -> None:
    extractor = LinkExtractor(allow="a", deny_domains="b.com", process_value=None, canonicalize=True)
    copy = pickle.loads(pickle.dumps(extractor))
    assert isinstance(copy, LinkExtractor)
    body = b'<a href="/a?b=1&a=2#f">x</a><a href="http://b.com/a">y</a>'
    response = HtmlResponse("http://example.com/", body=body)
    assert (
        copy.extract_links(response) == extractor.extract_links(response) == [Link("http://example.com/a?a=2&b=1", "x")]
    )


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_matches_and_link_allowed_as_scrapy(name: str) -> None:
    options = OPTION_SETS[name]
    ours, theirs = LinkExtractor(**options), ScrapyLinkExtractor(**options)
    rng = random.Random(f"matches-{name}")
    for _ in range(400):
        url = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 8)))
        text = rng.choice(["", "Abc", " ", "x"])
        assert outcome(lambda: [Link(url)] if ours.matches(url) else []) == outcome(
            lambda: [Link(url)] if theirs.matches(url) else []
        )
        link = Link(url, text)
        assert outcome(lambda: [link] if ours._link_allowed(link) else []) == outcome(
            lambda: [link] if theirs._link_allowed(link) else []
        )


def test_canonicalize_once_per_link_answer() -> None:
    body = b"".join(b'<a href="/p?b=2&a=1#f%d">x</a>' % i for i in range(10))
    response = HtmlResponse("https://example.com", body=body)
    assert LinkExtractor(canonicalize=True).extract_links(response) == [
        Link(url="https://example.com/p?a=1&b=2", text="x")
    ]


def test_an_unknown_urllib_hands_every_call_to_scrapy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where relurl's urllib twin does not know the running urllib, the extractor gives
    Scrapy's answers by calling Scrapy's own class, built with the same options."""
    import relurl.scrapy._linkextractor as module

    monkeypatch.setattr(module, "_DELEGATE", True)
    for name, options in OPTION_SETS.items():
        extractor = LinkExtractor(**options)
        assert extractor._scrapy is not None, name
        assert pickle.loads(pickle.dumps(extractor))._scrapy is not None
        for row in ROWS[:5]:
            body = (CORPUS / "pages" / row["file"]).read_bytes()
            compare(lambda: HtmlResponse(row["url"], body=body), options)
        assert extractor.matches("http://a.de/x") == ScrapyLinkExtractor(**options).matches("http://a.de/x")


@pytest.mark.parametrize(
    "tags", [("a b", "a"), ("",), ("my-el",), ("A",), ("svg:a",), ("*",), ("{http://www.w3.org/1999/xhtml}a", "a")]
)
def test_odd_tag_names_as_scrapy(tags: tuple[str, ...]) -> None:
    body = b"<div><a href=x>1</a><my-el href=y>2</my-el><svg:a href=z>3</svg:a><A HREF=w>4</A></div>"
    compare(lambda: HtmlResponse("http://e.com/", body=body), {"tags": tags})
    xml = b'<r xmlns:h="http://www.w3.org/1999/xhtml" xmlns:s="urn:s"><h:a href="x">1</h:a><s:a href="y">2</s:a></r>'
    compare(lambda: XmlResponse("http://e.com/", body=xml), {"tags": tags})


#: Link texts that are more than one text node: comments and processing instructions (not part
#: of the string-value), nested and unclosed elements, scripts, entities, CDATA (in XML).
TEXT_PAGES = [
    (HtmlResponse, b'<a href="a">x<!-- no -->y<b>z<i>w</i></b>v</a><a href="b"><!--only--></a>'),
    (
        HtmlResponse,
        b'<a href="c">&amp;&nbsp;&#x1F600;&lt;<?pi no?>t</a><a href="d"><script>s()</script><style>p{}</style>u',
    ),
    (HtmlResponse, b'<a href="e">one<a href="f">two</a>three</a><area href="g">area text?</area><p><a href=h>open'),
    (
        HtmlResponse,
        b'<table><a href="i">in table<tr><td>cell</td></tr></a></table><a href="j"><img alt="no">\xc3\xa4</a>',
    ),
    (XmlResponse, b'<r><a href="k">x<![CDATA[ <cdata> ]]>y<!-- no --><b>z</b></a><a href="l"/></r>'),
    (XmlResponse, b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "ent">]><r><a href="m">&e;!</a></r>'),
    # Text and CDATA nodes only (no child element): lxml's `.text` of the element.
    (XmlResponse, b'<r><a href="n">x<![CDATA[y]]>z</a><a href="o"></a><a href="p"><![CDATA[]]></a></r>'),
    (HtmlResponse, b'<a href="q"></a><a href="r"> sp&#10;ace </a><a href="s">\xc3\xa4<!---->b</a>'),
]


@pytest.mark.parametrize(("cls", "body"), TEXT_PAGES)
def test_link_texts_are_scrapy_s_string_values(cls: type[HtmlResponse], body: bytes) -> None:
    def response() -> HtmlResponse:
        return cls("http://example.com/", body=body, encoding="utf-8")

    links = outcome(lambda: LinkExtractor().extract_links(response()))
    assert links == outcome(lambda: ScrapyLinkExtractor().extract_links(response()))
    assert isinstance(links, list)
    assert links, "each page has links with text"
    assert all(type(link.text) is str for link in LinkExtractor().extract_links(response()))


def test_found_by_a_probe_attributes_not_asked_for_are_never_read() -> None:
    """With several `attrs`, an attribute's value is read only when its name is asked for (as
    Scrapy reads them): a value that does not decode (an XML character reference to a
    surrogate) in an attribute not asked for failed the page; and lxml's `el.items()` made an
    element of n attributes cost n^2 (the time is benches/linearity.py's `linkextractor_attrs`)."""
    xml = b"<r><a href='/ok' title='&#xD800;'>x</a><a src='/s' href='/h'>y</a></r>"
    for attrs in [("href", "src"), ("src", "href", "title"), ()]:
        compare(lambda: XmlResponse("http://example.com/", body=xml, encoding="utf-8"), {"attrs": attrs})
    many = ("<a " + " ".join(f"d{i}=x" for i in range(2_000)) + " href=/p src=/q>x</a>").encode()
    for attrs in [("href", "src"), (), "*", ("d7", "d1999")]:
        compare(lambda: HtmlResponse("http://example.com/", body=many), {"attrs": attrs})


@pytest.mark.parametrize(
    "options",
    [
        {"attrs": b"href"},
        {"attrs": "{}href"},
        {"attrs": "\x00"},
        {"attrs": "href\x01"},
        {"attrs": "{x"},
        {"attrs": [1]},
        {"attrs": "h\u00e9f"},
        {"tags": ["a", "\udc80"]},
        {"tags": ["a\x00"]},
        {"tags": [b"a"]},
        {"tags": ["a", "{*}a"]},
        {"tags": None},
        {"tags": ()},
    ],
)
def test_found_by_a_probe_odd_option_names_are_compared_as_scrapy_compares_them(options: dict[str, Any]) -> None:
    """Scrapy compares tag and attribute names with `==`; lxml, which relurl asked by name,
    reads some names otherwise (`{}href` is `href`; bytes are text) or refuses them."""
    body = b'<a href="/a" h\xc3\xa9f="/e">x</a><area href="/b">'
    compare(lambda: HtmlResponse("http://example.com/", body=body, encoding="utf-8"), options)
    xml = b'<r><a href="/a">x</a></r>'
    compare(lambda: XmlResponse("http://example.com/", body=xml, encoding="utf-8"), options)


def test_found_by_a_probe_a_text_that_does_not_decode_is_scrapy_s_exception() -> None:
    """Scrapy reads each link's text before its filters: a text that does not decode raises,
    even on a link the filters drop (relurl read the kept links' texts only), after the
    `process_value` calls before it."""
    from scrapy.http import TextResponse

    xml = b"<r><a href='/first'>ok</a><a href='/x.pdf'>&#xD800;</a><a href='/ok'>ok</a></r>"
    calls: dict[str, list[str]] = {"ours": [], "theirs": []}

    def recording(who: str) -> Callable[[str], str]:
        def record(value: str) -> str:
            calls[who].append(value)
            return value

        return record

    def response() -> XmlResponse:
        return XmlResponse("http://example.com/", body=xml, encoding="utf-8")

    ours = outcome(lambda: LinkExtractor(process_value=recording("ours")).extract_links(response()))
    theirs = outcome(lambda: ScrapyLinkExtractor(process_value=recording("theirs")).extract_links(response()))
    assert ours == theirs and ours[0] == "raised"
    assert calls["ours"] == calls["theirs"]
    # An attribute value that does not decode, after a link (found by a review: relurl read
    # every value before the first `process_value` call); a bad text before a bad value.
    for body, attrs in [
        (b'<r><a href="/1">ok</a><a href="/2&#xD800;">t</a></r>', ("href",)),
        (b'<r><a href="/1" title="&#xD800;">ok</a><a href="/2">t</a></r>', ("href", "title")),
        (b'<r><a href="/1">&#xD800;</a><a href="/2&#xD800;">t</a></r>', ("href",)),
    ]:
        calls = {"ours": [], "theirs": []}
        make = lambda body=body: XmlResponse("http://example.com/", body=body, encoding="utf-8")  # noqa: E731
        ours = outcome(lambda: LinkExtractor(attrs=attrs, process_value=recording("ours")).extract_links(make()))
        theirs = outcome(
            lambda: ScrapyLinkExtractor(attrs=attrs, process_value=recording("theirs")).extract_links(make())
        )
        assert ours == theirs and ours[0] == "raised", body
        assert calls["ours"] == calls["theirs"], body
    for options in [{}, {"restrict_xpaths": ["//a[1]", "//a[2]"]}, {"attrs": ("href", "x")}]:
        compare(response, options)
    # A JSON response has no tree: Scrapy's walk fails on it, whatever the tags.
    json_page = lambda: TextResponse("http://example.com/", body=b'{"a": 1}', encoding="utf-8")  # noqa: E731
    for tags in [None, ("a",)]:
        compare(json_page, {"tags": tags})  # type: ignore[arg-type]


def test_the_fallback_is_scrapy_s_class_even_when_its_name_is_rebound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page handed to Scrapy's class (an XML text that does not decode) with Scrapy's name
    bound to relurl's class: Scrapy's class all the same, not relurl's again (found by a
    review: a RecursionError)."""
    import scrapy.linkextractors.lxmlhtml as lxmlhtml

    def response() -> XmlResponse:
        return XmlResponse("http://example.com/", body=b'<r><a href="/1">&#xD800;</a></r>', encoding="utf-8")

    theirs = outcome(lambda: ScrapyLinkExtractor().extract_links(response()))
    monkeypatch.setattr(lxmlhtml, "LxmlLinkExtractor", LinkExtractor)
    assert outcome(lambda: LinkExtractor().extract_links(response())) == theirs
