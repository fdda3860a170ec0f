"""relurl.extract_links: which links, which base, which values (the HTML standard's rules),
the special-link flags, and the Link object."""

from __future__ import annotations

import pickle
import threading
import warnings
from pathlib import Path

import pytest
import relurl
from conftest import OverridingStr
from hypothesis import given, settings
from hypothesis import strategies as st
from relurl import Link

PAGE = "http://example.com/dir/page.html"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def urls(html: str | bytes, url: str = PAGE, **kwargs: object) -> list[str]:
    return [link.url for link in relurl.extract_links(html, url, **kwargs)]  # type: ignore[arg-type]


def triples(html: str | bytes, url: str = PAGE) -> list[tuple[str, str, str]]:
    return [(link.tag, link.attr, link.url) for link in relurl.extract_links(html, url)]


# --- which elements and attributes ---

EVERY_RULE = """
<a href="a">x</a> <area href="area"> <link rel=stylesheet href="link">
<img src="img" srcset="img1 1x, img2 2x"> <script src="script"></script> <iframe src="iframe"></iframe>
<frame src="frame"> <embed src="embed"> <picture><source src="source" srcset="s1 100w"></picture>
<audio src="audio"></audio> <video src="video"><track src="track"></video> <input type=image src="input">
<form action="form"></form> <blockquote cite="blockquote"></blockquote> <q cite="q"></q>
<ins cite="ins"></ins> <del cite="del"></del> <object data="object"></object>
<meta http-equiv="refresh" content="5; url=meta">
"""


def test_every_element_and_attribute_of_the_issue() -> None:
    got = [(t, a, u.rsplit("/", 1)[1]) for t, a, u in triples(EVERY_RULE)]
    assert got == [
        ("a", "href", "a"), ("area", "href", "area"), ("link", "href", "link"),
        ("img", "src", "img"), ("img", "srcset", "img1"), ("img", "srcset", "img2"),
        ("script", "src", "script"), ("iframe", "src", "iframe"), ("frame", "src", "frame"),
        ("embed", "src", "embed"), ("source", "src", "source"), ("source", "srcset", "s1"),
        ("audio", "src", "audio"), ("video", "src", "video"), ("track", "src", "track"),
        ("input", "src", "input"), ("form", "action", "form"), ("blockquote", "cite", "blockquote"),
        ("q", "cite", "q"), ("ins", "cite", "ins"), ("del", "cite", "del"),
        ("object", "data", "object"), ("meta", "content", "meta"),
    ]  # fmt: skip


def test_other_attributes_are_not_links() -> None:
    # (video poster and button formaction were here: links since issue 13, see below.)
    html = """<base href="/b/"><div href="x" src="y" poster="p.jpg" formaction="f" imagesrcset="i"></div>
    <p style="background: url(bg.png)"></p><img data-src="lazy.png">
    <meta name="description" content="http://not/a/link"><meta http-equiv="refresh-ish" content="0; url=x">"""
    assert urls(html) == []


ISSUE_13_RULES = """
<link rel=preload as=image href="l" imagesrcset="l1 1x, l2 2x"> <video src="v" poster="p"></video>
<input type=submit formaction="i"> <input type=image src="s" formaction="f"> <button formaction="b">x</button>
<form action="form"><button>no formaction</button></form> <video poster="only"></video> <link imagesrcset="x.png">
"""


def test_the_attributes_of_issue_13() -> None:
    got = [(t, a, u.rsplit("/", 1)[1]) for t, a, u in triples(ISSUE_13_RULES)]
    assert got == [
        ("link", "href", "l"), ("link", "imagesrcset", "l1"), ("link", "imagesrcset", "l2"),
        ("video", "src", "v"), ("video", "poster", "p"), ("input", "formaction", "i"),
        ("input", "src", "s"), ("input", "formaction", "f"), ("button", "formaction", "b"),
        ("form", "action", "form"), ("video", "poster", "only"), ("link", "imagesrcset", "x.png"),
    ]  # fmt: skip
    # imagesrcset is a srcset: invalid candidates are dropped, commas in a URL kept.
    assert urls('<link imagesrcset="a.png?x=1,2 2x, b.png 0w, c.png">') == [
        "http://example.com/dir/a.png?x=1,2",
        "http://example.com/dir/c.png",
    ]


def test_rel_tokens() -> None:
    html = """<link rel=" StyleSheet\tALTERNATE\nstylesheet " href="s.css"><a rel="NoFollow noopener" href="a">
    <area rel=nofollow href="area"><a href="plain"><a rel="" href="empty"><img rel=nofollow src="img">
    <link rel=preload imagesrcset="p1 1x, p2 2x"><a rel="x\u00a0y İcon" href="u"><form rel=external action="f">"""
    got = [(link.tag, link.attr, link.rel) for link in relurl.extract_links(html, PAGE)]
    assert got == [
        ("link", "href", ("stylesheet", "alternate")),
        ("a", "href", ("nofollow", "noopener")),
        ("area", "href", ("nofollow",)),
        ("a", "href", ()),
        ("a", "href", ()),
        ("img", "src", ()),  # rel is read for a, area and link only
        ("link", "imagesrcset", ("preload",)),
        ("link", "imagesrcset", ("preload",)),
        ("a", "href", ("x\u00a0y", "İcon")),  # ASCII whitespace splits, ASCII letters are lowered
        ("form", "action", ()),
    ]
    assert all(type(t) is str for link in relurl.extract_links(html, PAGE) for t in link.rel)
    (canonical,) = relurl.extract_links('<link rel=canonical href="/c">', PAGE)
    assert canonical.rel == ("canonical",)
    assert repr(canonical) == (
        "Link(url='http://example.com/c', tag='link', attr='href', raw='/c', special=None, rel=('canonical',))"
    )
    assert pickle.loads(pickle.dumps(canonical)) == canonical
    assert canonical == Link("http://example.com/c", "link", "href", "/c", None, ["canonical"])
    assert canonical != Link("http://example.com/c", "link", "href", "/c")
    assert hash(canonical) == hash(Link("http://example.com/c", "link", "href", "/c", rel=("canonical",)))
    assert Link("u", "a", "href", "r").rel == ()
    with pytest.raises(TypeError, match="rel must be an iterable of str, not str"):
        Link("u", "a", "href", "r", rel="nofollow")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rel\[i\] must be str, not int"):
        Link("u", "a", "href", "r", rel=[1])  # type: ignore[list-item]
    link = Link("u", "a", "href", "r", rel=[OverridingStr("nofollow")])
    assert type(link.rel[0]) is str and link.rel == ("nofollow",)


def test_a_hostile_rel_costs_linear_time_and_one_tuple_per_element() -> None:
    # 100,000 distinct tokens (each twice, in two cases) on an element with 2,000 srcset
    # candidates: every token once, in order, and one tuple for the element's links (a
    # token list per candidate grew as tokens x candidates; a search per token was quadratic).
    tokens = [f"r{i}" for i in range(100_000)]
    rel = " ".join(f"{t} {t.upper()}" for t in tokens)
    srcset = ", ".join(f"i{i}.png {i + 1}w" for i in range(2_000))
    links = relurl.extract_links(f'<link rel="{rel}" href=a imagesrcset="{srcset}"><a rel=x href=b>', PAGE)
    assert len(links) == 2_002
    assert links[0].rel == tuple(tokens)
    assert all(link.rel is links[0].rel for link in links[:2_001])
    assert links[-1].rel == ("x",)


def test_the_url_standard_without_a_base_keeps_the_absolute_links() -> None:
    html = '<a href="HTTP://X/a/../b"><a href=g><a href="mailto:M">'
    for page in ("http://[::1", "", "mailto:x"):
        assert [link.url for link in relurl.extract_links(html, page, spec="whatwg")] == ["http://x/b", "mailto:M"]
    with pytest.warns(relurl.URLWarning, match="the base URL '' has no scheme"):
        assert [link.url for link in relurl.extract_links(html, "", spec="rfc3986")] == ["HTTP://X/b", "g", "mailto:M"]


def test_case_and_valueless_and_duplicate_attributes() -> None:
    html = '<A HREF="upper"><a href><a href=""><a href="first" href="second">'
    assert urls(html) == ["http://example.com/dir/upper", PAGE, PAGE, "http://example.com/dir/first"]


# --- the base: the first <base href>, wherever it stands ---


def test_base_after_the_first_4_kb_counts() -> None:
    """Scrapy's get_base_url() reads only the first 4 KB of the page."""
    html = (
        "<html><head>" + "<meta name=x content=y>" * 300 + '<base href="http://cdn.example.net/x/"></head><a href="g">'
    )
    assert html.index("<base") > 4096
    assert urls(html) == ["http://cdn.example.net/x/g"]


def test_the_first_base_counts_not_the_last() -> None:
    """lxml's resolve_base_href() takes the last <base href>; HTML takes the first."""
    html = '<base href="http://first/"><base href="http://second/"><a href="g">'
    assert urls(html) == ["http://first/g"]


def test_base_applies_to_links_before_it() -> None:
    assert urls('<a href="g"></a><base href="http://b/c/">') == ["http://b/c/g"]


def test_base_href_is_stripped_and_resolved_against_the_url() -> None:
    assert urls('<base href="\n  ../base/ \t"><a href="g">') == ["http://example.com/base/g"]


def test_which_base_elements_count() -> None:
    # A <base> without href is skipped; one in <template> or in SVG is not the document's.
    assert urls('<base target=_top><base href="http://b/"><a href=g>') == ["http://b/g"]
    assert urls('<template><base href="http://t/"></template><a href=g>') == ["http://example.com/dir/g"]
    assert urls('<svg><base href="http://svg/"></svg><a href=g>') == ["http://example.com/dir/g"]
    # An empty (or all-whitespace) href defines no base (RFC 1808 section 3: the next layer).
    assert urls('<base href="  "><a href=g>') == ["http://example.com/dir/g"]


def test_headers_are_the_next_layer() -> None:
    headers = {"Content-Location": "http://example.com/moved/"}
    assert urls("<a href=g>", headers=headers) == ["http://example.com/moved/g"]
    assert urls('<base href="/b/"><a href=g>', headers=headers) == ["http://example.com/b/g"]
    assert urls("<a href=g>", headers=[("Base", "<URL:http://hdr/x/>")]) == ["http://hdr/x/g"]


def test_a_malformed_base_header_is_skipped_with_a_warning() -> None:
    """A real-world `Base: http://b/` (no <URL:...>): the next layer defines the base, and a
    relurl.URLWarning says which header was skipped, why and where."""
    message = r"^Base header skipped: expected '<URL:' to open the base header \(at position 0\)$"
    with pytest.warns(relurl.URLWarning, match=message) as record:
        assert urls("<a href=g>", headers={"Base": "http://b/"}) == ["http://example.com/dir/g"]
    assert len(record) == 1 and record[0].filename == __file__
    with pytest.warns(relurl.URLWarning, match=r"missing '>' to close the base header \(at position 13\)"):
        got = urls("<a href=g>", headers=[("Base", "<URL:http://b"), ("Content-Location", "/loc/")])
    assert got == ["http://example.com/loc/g"]
    # As an error when warnings are errors; the strict API still raises.
    with warnings.catch_warnings():
        warnings.simplefilter("error", relurl.URLWarning)
        with pytest.raises(relurl.URLWarning):
            relurl.extract_links("<a href=g>", PAGE, headers={"Base": "no brackets"})
        assert urls("<a href=g>", headers={"Base": "<URL:http://b/>"}) == ["http://b/g"]  # no warning
    with pytest.raises(relurl.URLError, match="base header") as info:
        relurl.establish_base(retrieval_url=PAGE, headers={"Base": "http://b/"})
    assert info.value.kind == "bad_base_header"
    assert issubclass(relurl.URLWarning, UserWarning) and "URLWarning" in relurl.__all__


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_a_base_with_an_opaque_path_defines_no_base(spec: str) -> None:
    """A relative link never resolves against javascript:, data:, mailto:... (the URL
    Standard's opaque path): the next layer of RFC 1808 section 3 is the base."""
    for opaque in ["javascript:alert(1)//", "data:text/html,x", "mailto:a@b", "about:blank", "urn:x:y"]:
        html = f'<base href="{opaque}"><a href="x">'
        for skip_special in (False, True):
            links = relurl.extract_links(html, "http://a/p", spec=spec, skip_special=skip_special)  # type: ignore[arg-type]
            assert [(link.url, link.special) for link in links] == [("http://a/x", None)]
        headers = {"Content-Location": opaque}
        assert urls("<a href=x>", "http://a/p", headers=headers, spec=spec) == ["http://a/x"]
        with pytest.warns(relurl.URLWarning, match="the base URL '' has no scheme"):
            assert urls("<a href=x>", opaque, spec=spec) == ["x"]  # the empty base: x as it is


def test_special_follows_the_resolved_url() -> None:
    """No link whose url is a javascript:/data:/mailto: URL has special=None."""
    html = '<base href="javascript://x/"><a href="g"><a href="//h/"><a href="http://ok/"><a href="#f">'
    links = relurl.extract_links(html, PAGE)
    assert [(link.url, link.special) for link in links] == [
        ("javascript://x/g", "javascript"), ("javascript://h/", "javascript"), ("http://ok/", None),
        ("javascript://x/#f", "fragment"),
    ]  # fmt: skip
    assert urls(html, skip_special=True) == ["http://ok/"]
    assert [link.special for link in relurl.extract_links('<base href="mailto:/x/"><a href=y>', PAGE)] == ["mailto"]


def test_established_base_matches_establish_base() -> None:
    html = '<a href="g"></a><base href=" /b/ ">'
    base = relurl.establish_base(retrieval_url=PAGE, html_base_href=" /b/ ")
    assert urls(html) == [relurl.resolve(base.url, "g")]


# --- values: the DOM's, stripped of ASCII whitespace before resolution ---


def test_whitespace_around_the_value_is_stripped_not_joined_as_a_path() -> None:
    (link,) = relurl.extract_links('<a href="\n\t ../x.html \r\n">', PAGE)
    assert link.url == "http://example.com/x.html"
    assert link.raw == "\n\t ../x.html \n"  # the DOM value: CR LF is LF
    # Only ASCII whitespace: a no-break space is part of the URL.
    assert urls('<a href="\u00a0x">') == ["http://example.com/dir/\u00a0x"]


def test_character_references_are_decoded_as_in_attribute_values() -> None:
    html = '<a href="?a=1&amp;b=2"><a href="?x&copy=1&copy;&amp"><a href="&#x2F;abs&#47;p"><a href="&#0;">'
    assert [link.raw for link in relurl.extract_links(html, PAGE)] == ["?a=1&b=2", "?x&copy=1©&", "/abs/p", "\ufffd"]


def test_markup_that_is_not_markup() -> None:
    html = """<script>document.write('<a href="no1">')</script><style>a{}</style><!-- <a href=no2> -->
    <title><a href=no3></title><textarea><a href=no4></textarea><noscript><img src="yes1"></noscript>
    <template><a href="no5"></template><a href="yes2">"""
    assert [u.rsplit("/", 1)[1] for u in urls(html)] == ["yes1", "yes2"]


# --- malformed HTML never raises: it gives what a browser sees ---


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<a href=unquoted/path?x=1>t", ["unquoted/path?x=1"]),
        ("<div><a href='x'><p><a href=y>", ["x", "y"]),
        ("<a href='unclosed", []),  # a tag cut off at the end of the input is dropped
        ('<a href="a\x00b">', ["a\ufffdb"]),
        ("\x00<a href=x\x00y>", ["x\ufffdy"]),
        ("<a\x00 href=x>", []),  # the element is "a\ufffd", not "a"
        ("<a href=x></a href=end-tag-attributes-are-ignored>", ["x"]),
        ("<<a href=x>>", ["x"]),
        ("<a href=a=b=c>", ["a=b=c"]),
        ("</a><a/href=x>", ["x"]),
        ("<a href=`x`>", ["`x`"]),
        ("", []),
    ],
)
def test_malformed_html(html: str, expected: list[str]) -> None:
    assert [link.raw for link in relurl.extract_links(html, PAGE)] == expected


HTML_PIECES = st.sampled_from(
    ["<a href=", "<img srcset='", "<base href=", "<meta http-equiv=refresh content='0;url=", "<noscript>",
     "</noscript>", "<template>", "</template>", "<script>", "</script>", "<svg>", "<!--", "-->", "'", '"', ">",
     "&amp;", "&#x", "\x00", "\r", " ", ",", "x", "#", "javascript:", "\u00e9", "\ud800", "<", "/"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(HTML_PIECES, max_size=40).map("".join), st.binary(max_size=200))
def test_any_input_gives_links_never_an_error(text: str, noise: bytes) -> None:
    for html in (text, text.encode("utf-8", "surrogatepass") + noise, noise):
        for link in relurl.extract_links(html, PAGE):
            assert isinstance(link.url, str) and link.tag and link.attr


def test_bytes_decoding() -> None:
    assert urls(b"<a href='caf\xc3\xa9'>") == ["http://example.com/dir/caf\u00e9"]
    # Broken UTF-8: U+FFFD for each malformed sequence, as the UTF-8 decoder of a browser.
    assert urls(b"<a href='x\xff\xc3y'>\xe9<a href=z>") == [
        "http://example.com/dir/x\ufffd\ufffdy",
        "http://example.com/dir/z",
    ]
    # A byte order mark, a Content-Type charset, a <meta charset>.
    assert urls(b"\xef\xbb\xbf<a href='\xc3\xa9'>") == ["http://example.com/dir/\u00e9"]
    assert urls("<a href='\u00e9'>".encode("utf-16"), PAGE) == ["http://example.com/dir/\u00e9"]
    latin = {"Content-Type": "text/html; charset=ISO-8859-1"}
    assert urls(b"<a href='\xe9'>", headers=latin) == ["http://example.com/dir/\u00e9"]
    assert urls(b"<meta charset=windows-1252><a href='\xe9\x80'>") == ["http://example.com/dir/\u00e9\u20ac"]


def test_bytes_charset_by_the_prescan() -> None:
    """HTML's prescan: x-user-defined is windows-1252, a <meta> for ISO-2022-JP is followed, an
    http-equiv content with charset only counts, and a late <meta> has the page read again."""
    assert urls(b"<meta charset='x-user-defined'><a href='\xe9'>") == ["http://example.com/dir/\u00e9"]
    jp = "<a href='\uff21'>".encode("iso-2022-jp")
    assert urls(b"<meta charset='iso-2022-jp'>" + jp) == ["http://example.com/dir/\uff21"]
    meta = b"<meta http-equiv=content-type content='charset=windows-1251'>"
    assert urls(meta + "<a href='\u0416'>".encode("cp1251")) == ["http://example.com/dir/\u0416"]
    late = "<a href='\u0416'>" + " " * 1100 + "<meta charset=windows-1251>"
    assert urls(late.encode("cp1251")) == ["http://example.com/dir/\u0416"]


def test_str_and_bytes_agree_and_lone_surrogates_do_not_raise() -> None:
    html = (EXAMPLES / "links.html").read_text(encoding="utf-8")
    assert relurl.extract_links(html, PAGE) == relurl.extract_links(html.encode(), PAGE)
    # One U+FFFD per lone surrogate (as "replace" decoding of each would give), also for a
    # high and a low surrogate that stand side by side (two code points of a str).
    html = "<a href='x\ud800y'><a href='\udfff'><a href='\ud83d\ude00z'><a href='\U0001f600'>"
    assert [link.raw for link in relurl.extract_links(html, PAGE)] == [
        "x\ufffdy",
        "\ufffd",
        "\ufffd\ufffdz",
        "\U0001f600",
    ]
    assert relurl.establish_base(retrieval_url=PAGE, html="<base href='/\ud800/'>").url == "http://example.com/\ufffd/"


def test_noscript_at_any_depth() -> None:
    """No depth cap: the links of every level of 30 nested <noscript>, in document order."""
    html = "".join(f"<noscript><a href=l{i}>" for i in range(30)) + "</noscript>" * 30 + "<a href=end>"
    assert [link.raw for link in relurl.extract_links(html, PAGE)] == [f"l{i}" for i in range(30)] + ["end"]
    assert [link.raw for link in relurl.extract_links("<noscript>" * 5000 + "<a href=deep>", PAGE)] == ["deep"]


# --- srcset (HTML "parse a srcset attribute") and refresh ("shared declarative refresh steps") ---


@pytest.mark.parametrize(
    ("srcset", "expected"),
    [
        ("a.png", ["a.png"]),
        ("a.png 1x, b.png 2x", ["a.png", "b.png"]),
        ("a.png 100w, b.png 200w 300h", ["a.png", "b.png"]),
        ("img.png?x=1,2 1x, b.png", ["img.png?x=1,2", "b.png"]),  # a URL runs to whitespace
        ("a.png,b.png", ["a.png,b.png"]),
        ("a.png,, b.png", ["a.png", "b.png"]),  # trailing commas end a candidate
        ("data:image/png;base64,AA== 1x", ["data:image/png;base64,AA=="]),
        ("a.png 0w, b.png 1x 2x, c.png 1q, d.png 10h, e.png 1.5x", ["e.png"]),  # invalid descriptors drop one
        ("a.png (1, 2) 1x, b.png", ["b.png"]),
        (" , ", []),
    ],
)
def test_srcset(srcset: str, expected: list[str]) -> None:
    assert [link.raw for link in relurl.extract_links(f'<img srcset="{srcset}">', PAGE)] == expected


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("5; url=/next", ["/next"]),
        ("0;URL='/quoted' tail", ["/quoted"]),
        ('0; Url = "/dq"', ["/dq"]),
        ("1, /comma", ["/comma"]),
        ("1 /space", ["/space"]),
        (".5; url=/x", ["/x"]),
        ("0; url=", [""]),
        ("5", []),  # the page reloads itself: no link
        ("soon; url=/x", []),
        ("5x; url=/x", []),
    ],
)
def test_meta_refresh(content: str, expected: list[str]) -> None:
    escaped = content.replace('"', "&quot;")
    html = f'<meta http-equiv=REFRESH content="{escaped}">'
    assert [link.raw for link in relurl.extract_links(html, PAGE)] == expected


# --- special links and spec ---


def test_special_links_are_flagged_and_skippable() -> None:
    html = """<a href="javascript:void(0)"><a href=" JavaScript:go()"><a href="java&#10;script:x">
    <a href="mailto:a@b"><img src="data:,x"><a href="#top"><a href="  #"><a href="g#frag"><a href="tel:1">"""
    links = relurl.extract_links(html, PAGE)
    assert [link.special for link in links] == [
        "javascript", "javascript", "javascript", "mailto", "data", "fragment", "fragment", None, None,
    ]  # fmt: skip
    assert links[5].url == PAGE + "#top"
    assert [link.raw for link in relurl.extract_links(html, PAGE, skip_special=True)] == ["g#frag", "tel:1"]


def test_spec() -> None:
    html = '<a href="../../../g"><a href="?">'
    assert urls(html, "http://a/b/c/d;p?q") == ["http://a/../g", "http://a/b/c/d;p?q"]
    assert urls(html, "http://a/b/c/d;p?q", spec="rfc3986") == ["http://a/g", "http://a/b/c/d;p?"]
    with pytest.raises(ValueError, match="spec must be"):
        relurl.extract_links("", PAGE, spec="rfc2396")  # type: ignore[arg-type]


# --- the Link object and the arguments ---


def test_link_object() -> None:
    (link,) = relurl.extract_links('<a href=" g ">', PAGE)
    assert link == Link("http://example.com/dir/g", "a", "href", " g ")
    assert link != Link("http://example.com/dir/g", "a", "href", " g ", "fragment")
    assert hash(link) == hash(Link("http://example.com/dir/g", "a", "href", " g ", None))
    assert repr(link) == "Link(url='http://example.com/dir/g', tag='a', attr='href', raw=' g ', special=None)"
    assert pickle.loads(pickle.dumps(link)) == link
    assert link != ("http://example.com/dir/g",)
    with pytest.raises(AttributeError):
        link.url = "x"  # type: ignore[misc]


class _CraftedPickle:
    """Pickles as a call of relurl.Link with a bogus special."""

    def __reduce__(self) -> tuple[type[Link], tuple[str, ...]]:
        return (Link, ("http://a/", "a", "href", "x", "bogus"))


def test_link_validates_its_fields() -> None:
    with pytest.raises(
        ValueError, match=r"special must be None, 'javascript', 'mailto', 'data' or 'fragment', not 'bogus'"
    ):
        Link("http://a/", "a", "href", "x", "bogus")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="special must be None or str, not int"):
        Link("http://a/", "a", "href", "x", 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="special must be"):
        pickle.loads(pickle.dumps(_CraftedPickle()))
    for special in ("javascript", "mailto", "data", "fragment", None):
        link = Link("http://a/", "a", "href", "x", special)
        assert link.special == special and pickle.loads(pickle.dumps(link)) == link
    with pytest.raises(TypeError, match="raw must be str, not bytes"):
        Link("http://a/", "a", "href", b"x")  # type: ignore[arg-type]
    # A str subclass is taken by its plain str value: no user override reaches the Link.
    link = Link(OverridingStr("http://good/"), OverridingStr("a"), "href", OverridingStr("x"), OverridingStr("data"))  # type: ignore[arg-type]
    assert type(link.url) is str and type(link.tag) is str and type(link.raw) is str
    assert link.url == "http://good/" and link.special == "data"
    assert link != Link("http://other/", "a", "href", "x", "data")


def test_argument_errors() -> None:
    with pytest.raises(TypeError, match="html must be str or bytes, not int"):
        relurl.extract_links(1, PAGE)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="url must be str"):
        relurl.extract_links("", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        relurl.extract_links("", PAGE, headers=[("only-a-name",)])  # type: ignore[list-item]


def test_large_pages_in_threads() -> None:
    """Pages over 32 KB are read without the GIL; threads get the same answers."""
    html = (EXAMPLES / "links.html").read_bytes() * 20
    expected = relurl.extract_links(html, PAGE)
    results: list[list[Link]] = []
    threads = [threading.Thread(target=lambda: results.append(relurl.extract_links(html, PAGE))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [expected] * 4 and len(expected) == 20 * 27  # 26 before issue 13's video poster


# Issue 22 item 18: a base without a scheme leaves the links relative: extract_links warns
# (relurl.URLWarning), with the text the command line prints.
def test_a_base_without_a_scheme_is_warned_about() -> None:
    message = (
        r"^the base URL 'example\.com/d/page' has no scheme; links resolve against it as a relative URL "
        r"\(did you mean http://example\.com/d/page\?\)$"
    )
    with pytest.warns(relurl.URLWarning, match=message) as record:
        links = relurl.extract_links('<a href="../x">', "example.com/d/page")
    assert [link.url for link in links] == ["example.com/x"] and len(record) == 1
    assert record[0].filename == __file__
    with pytest.warns(relurl.URLWarning, match=r"^the base URL 'not a url' has no scheme;.*relative URL$"):
        assert [link.url for link in relurl.extract_links("<a href=g>", "not a url")] == ["g"]
    with pytest.warns(relurl.URLWarning, match="the base URL '/docs/' has no scheme"):
        relurl.extract_links('<base href="/docs/"><a href=g>', "", spec="rfc3986")
    # No warning when the links come out absolute: an absolute url, <base href> or header;
    # nor for a page without links.
    with warnings.catch_warnings():
        warnings.simplefilter("error", relurl.URLWarning)
        assert urls("<a href=g>") == ["http://example.com/dir/g"]
        assert [link.url for link in relurl.extract_links('<base href="http://b/"><a href=g>', "x/y")] == ["http://b/g"]
        got = relurl.extract_links("<a href=g>", "x/y", headers={"Content-Location": "http://c/d/"})
        assert [link.url for link in got] == ["http://c/d/g"]
        assert relurl.extract_links("<p>no links</p>", "not a url") == []
        with pytest.raises(relurl.URLWarning):
            relurl.extract_links("<a href=g>", "not a url")
