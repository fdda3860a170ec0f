"""URL parts (issue 13): `URL.username`, `.password`, `.hostname`, `.port` for the RFC specs,
differential against urllib.parse (CPython 3.10 to 3.13 split a netloc the same way), and
the `hostname` and `port` fields of `relurl.arrow.parse`.

urllib's answers are the properties of its `SplitResult` given the same netloc: on the
corpus through `urlsplit(u)` itself (where relurl's netloc is urlsplit's), on generated
netlocs through `SplitResult("http", netloc, "/", "", "")` (urlsplit would refuse some of
them, such as a `[` without `]`, before any property is read). A bad port is a ValueError in
urllib and a `relurl.URLError` (a ValueError) of kind "bad_port" in relurl.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, urlsplit

import pytest
import relurl
from hypothesis import given, settings
from hypothesis import strategies as st

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "links.jsonl"
SPECS = ("rfc1808", "rfc3986")


def _answer(get: Any) -> tuple[str, object]:
    """("ok", value) or ("ValueError", None): what a property gives."""
    try:
        return ("ok", get())
    except ValueError:
        return ("ValueError", None)


def urllib_parts(split: SplitResult) -> tuple[object, ...]:
    return (
        split.username,
        split.password,
        split.hostname,
        _answer(lambda: split.port),
    )


def relurl_parts(url: relurl.URL) -> tuple[object, ...]:
    def port() -> object:
        try:
            return url.port
        except relurl.URLError as e:
            assert e.kind == "bad_port", e
            raise

    return (url.username, url.password, url.hostname, _answer(port))


def _corpus_urls() -> list[str]:
    if not CORPUS.is_file():
        pytest.skip(f"corpus not found: {CORPUS}")
    urls: set[str] = set()
    with CORPUS.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            urls.update((row["page"], row["base"], row["href"]))
    return sorted(urls)


@pytest.mark.parametrize("spec", SPECS)
def test_the_corpus_has_urllib_s_parts(spec: relurl._relurl._Spec) -> None:
    compared = differences = hosts = 0
    urls = _corpus_urls()
    for u in urls:
        ours = relurl.URL(u, spec)
        try:
            theirs = urlsplit(u)
        except ValueError:
            continue
        if ours.netloc != theirs.netloc:
            continue
        compared += 1
        hosts += theirs.hostname is not None
        differences += relurl_parts(ours) != urllib_parts(theirs)
        assert relurl_parts(ours) == urllib_parts(theirs), u
    # relurl's netloc is urlsplit's for nearly every corpus URL: RFC 1808's net_loc runs to
    # the first '/' (urlsplit's also ends at '?' and '#'); urlsplit deletes tabs and
    # newlines and strips leading spaces and C0 controls.
    print(f"{spec}: {compared} of {len(urls)} corpus URLs compared ({hosts} with a host), {differences} differences")
    assert compared >= 0.99 * len(urls)
    assert len(urls) > 8500 and hosts > 4000
    assert differences == 0


def _resolved_corpus_links() -> list[str]:
    """The corpus's pages, bases, hrefs and its links resolved by both RFCs."""
    links = set(_corpus_urls())
    with CORPUS.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            links.update(relurl.resolve(row["base"], row["href"], spec=spec) for spec in SPECS)
    return sorted(links)


def test_a_query_in_an_rfc_1808_net_loc_is_not_login() -> None:
    """Issue 22: real pages link like this; urllib (and every user) reads the host before the
    '?', while RFC 1808's net_loc, which runs to the first '/', keeps it."""
    for u in (
        "http://www.spreeblick.com?stylesheet=devkit-custom&ver=5.3",
        "whatsapp://send?text=An%20Illusionist%20in%20Skyrim:%20Part",
        "http://u:p@H:81?x@y:z#f",
        "http://[::1]?q=]:x",
        "//?u@h:1",
    ):
        theirs = urllib_parts(urlsplit(u))
        for spec in SPECS:
            assert relurl_parts(relurl.URL(u, spec)) == theirs, (u, spec)
    url = relurl.URL("http://www.spreeblick.com?stylesheet=devkit-custom&ver=5.3")
    assert url.netloc == "www.spreeblick.com?stylesheet=devkit-custom&ver=5.3"
    assert (url.hostname, url.port, url.query) == ("www.spreeblick.com", None, "")


@pytest.mark.parametrize("spec", SPECS)
def test_resolved_corpus_links_have_urllib_s_parts(spec: relurl._relurl._Spec) -> None:
    """Every corpus link, resolved: the four parts of relurl.URL and the hostname and port of
    relurl.arrow.parse are urlsplit's, wherever urlsplit's netloc is relurl's net_loc up to
    its '?' (all but the few that urlsplit strips of spaces or newlines)."""
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    links = _resolved_corpus_links()
    compared = with_query = 0
    for u in links:
        ours = relurl.URL(u, spec)
        theirs = urlsplit(u)
        if ours.netloc.partition("?")[0] != theirs.netloc:
            assert u != u.strip(), u
            continue
        compared += 1
        with_query += "?" in ours.netloc
        assert relurl_parts(ours) == urllib_parts(theirs), u
    print(f"{spec}: {compared} of {len(links)} links compared, {with_query} with a '?' in the net_loc")
    assert compared >= len(links) - 10 and len(links) > 10_000
    assert with_query >= (20 if spec == "rfc1808" else 0)
    # The whole column parses (no port error stops it), with URL's answers.
    rows = pa.array(relurl.arrow.parse(pa.array(links), spec=spec)).to_pylist()
    assert [(r["netloc"], r["hostname"], r["port"]) for r in rows] == [
        (url.netloc, url.hostname, url.port) for url in (relurl.URL(u, spec) for u in links)
    ]


# -- generated netlocs ----------------------------------------------------------------------

#: Characters Python's unicodedata knows (so its str.lower() and Rust's to_lowercase, of a
#: newer Unicode version, agree), with the netloc delimiters left out.
NON_ASCII = st.characters(min_codepoint=0x80, max_codepoint=0x2FFFF, exclude_categories=("Cn", "Cs"))
ASCII = st.sampled_from("aZz09.-_~%!$&'()*+,;=:@[] \t\x7f")
TEXT = st.text(st.one_of(ASCII, ASCII, ASCII, NON_ASCII, st.sampled_from("ΣİẞÄǅ٣²")), max_size=12)
DIGITS = st.one_of(
    st.integers(0, 70000).map(str),
    st.integers(0, 10**25).map(str),
    st.builds(lambda z, n: "0" * z + str(n), st.integers(0, 20), st.integers(0, 99999)),
)
PORT = st.one_of(st.just(""), DIGITS, DIGITS, TEXT, st.builds(lambda d, t: d + t, DIGITS, TEXT))
HOST = st.one_of(
    TEXT,
    st.from_regex(r"[A-Za-z0-9.\-]{0,12}", fullmatch=True),
    st.builds(
        lambda h, z: f"[{h}{z}]",
        st.from_regex(r"[0-9A-Fa-f:.]{0,12}", fullmatch=True),
        st.sampled_from(["", "%eth0", "%ZoNe"]),
    ),
    st.builds(lambda h: f"[{h}", TEXT),
    st.builds(lambda a, b, c: f"{a}[{b}]{c}", TEXT, TEXT, TEXT),
)
USERINFO = st.one_of(st.none(), TEXT, st.builds(lambda u, p: f"{u}:{p}", TEXT, TEXT))
STRUCTURED = st.builds(
    lambda user, host, port: (f"{user}@" if user is not None else "") + host + (f":{port}" if port is not None else ""),
    USERINFO,
    HOST,
    st.one_of(st.none(), PORT),
)
NETLOC = st.one_of(STRUCTURED, STRUCTURED, TEXT)


@settings(max_examples=2000, deadline=None)
@given(NETLOC)
def test_generated_netlocs_have_urllib_s_parts(netloc: str) -> None:
    theirs = urllib_parts(SplitResult("http", netloc, "/p", "", ""))
    for spec in SPECS:
        url = relurl.URL(f"http://{netloc}/p", spec)
        assert url.netloc == netloc
        assert relurl_parts(url) == theirs
    assert relurl.parse(f"//{netloc}").hostname == theirs[2]


@settings(max_examples=1000, deadline=None)
@given(NETLOC, st.text(st.sampled_from("aZ09?@:[]%;=&"), max_size=8))
def test_generated_netlocs_with_a_query_have_urllib_s_parts(netloc: str, query: str) -> None:
    """RFC 1808's net_loc holds the query (issue 22): the parts are those of the netloc."""
    theirs = urllib_parts(SplitResult("http", netloc, "", query, ""))
    url = relurl.URL(f"http://{netloc}?{query}")
    assert url.netloc == f"{netloc}?{query}"
    assert relurl_parts(url) == theirs


# -- the answers, the errors, the URL Standard's own ----------------------------------------


def test_parts() -> None:
    url = relurl.URL("http://User:Pa:ss@WWW.Example.COM:08080/p")
    assert (url.username, url.password, url.hostname, url.port) == ("User", "Pa:ss", "www.example.com", 8080)
    url = relurl.URL("http://[FE80::1%Eth0]:80/", "rfc3986")
    assert (url.username, url.password, url.hostname, url.port) == (None, None, "fe80::1%Eth0", 80)
    for u in ("g", "mailto:a@b", "file:///etc", "http://:/", "http://@/"):
        assert relurl.URL(u).hostname is None and relurl.URL(u).port is None, u
    assert relurl.URL("http://@/").username == ""
    # RFC 1808's net_loc runs to the first '/': a '?' is part of it (RFC 3986's ends there),
    # but the login parts are read up to it, as urllib reads them (issue 22).
    assert relurl.URL("http://h?q").netloc == "h?q"
    assert relurl.URL("http://h?q").hostname == "h"
    assert relurl.URL("http://h?q", "rfc3986").hostname == "h"


@pytest.mark.parametrize(
    ("url", "position", "reason"),
    [
        ("http://a:x/", 9, "the port is not a decimal number (ASCII digits 0-9 only, RFC 1738 section 3.1)"),
        ("http://u:p@a:65536/", 13, "the port is out of range 0-65535"),
        ("http://ü@a:+1/", 11, "the port is not a decimal number (ASCII digits 0-9 only, RFC 1738 section 3.1)"),
        (
            "http://[::1]:\u0668\u0660/",
            13,
            "the port is not a decimal number (ASCII digits 0-9 only, RFC 1738 section 3.1)",
        ),
        ("http://a:99999999999999999999/", 9, "the port is out of range 0-65535"),
    ],
)
def test_a_bad_port_is_a_url_error(url: str, position: int, reason: str) -> None:
    with pytest.raises(ValueError):
        urlsplit(url).port  # noqa: B018
    for spec in SPECS:
        with pytest.raises(relurl.URLError) as info:
            relurl.URL(url, spec).port  # noqa: B018
        e = info.value
        assert (e.kind, e.position, e.reason) == ("bad_port", position, reason)
        assert str(e) == f"{reason} (at position {position})"
        assert isinstance(e, ValueError)
        # The other parts are there all the same.
        assert relurl.URL(url, spec).hostname is not None


def test_the_url_standard_keeps_its_own() -> None:
    url = relurl.URL("http://User:Pw@Example.COM:80/", spec="whatwg")
    assert (url.username, url.password, url.hostname, url.port) == ("User", "Pw", "example.com", "")
    url = relurl.URL("http://h:8080/", spec="whatwg")
    assert url.port == "8080"
    url = relurl.URL("http://h/", spec="whatwg")
    assert (url.username, url.password) == ("", "")
    # The other Standard components stay the Standard's only.
    with pytest.raises(AttributeError, match=r"^host is a URL Standard component"):
        relurl.URL("http://a/").host  # noqa: B018


# -- relurl.arrow.parse ---------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS)
def test_arrow_parse_has_hostname_and_port(spec: relurl._relurl._Spec) -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    urls = [u for u in _corpus_urls() if _answer(lambda u=u: relurl.URL(u, spec).port)[0] == "ok"]
    urls += ["http://A:1/", "g", "http://[::1]:/", "http://u@/", None]
    got = pa.array(relurl.arrow.parse(pa.array(urls), spec=spec))
    assert got.type.names == ["scheme", "netloc", "path", "params", "query", "fragment", "hostname", "port"]
    assert got.type.field("port").type == pa.int32()
    expected = [None if u is None else (relurl.URL(u, spec).hostname, relurl.URL(u, spec).port) for u in urls]
    rows = got.to_pylist()
    assert [None if r is None else (r["hostname"], r["port"]) for r in rows] == expected
    assert expected[-5:-1] == [("a", 1), (None, None), ("::1", None), (None, None)]


def test_arrow_parse_a_bad_port_follows_errors() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    urls = pa.chunked_array([["http://a/"], ["http://b:1/", "http://c:x/", "http://d:70000/"]])
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.parse(urls)
    e = info.value
    assert (e.kind, e.index, e.input, e.position) == ("bad_port", 2, None, 9)
    assert str(e).startswith("item 2: the port is not a decimal number")
    rows = pa.chunked_array(relurl.arrow.parse(urls, errors="null")).to_pylist()
    assert [r and (r["hostname"], r["port"]) for r in rows] == [("a", None), ("b", 1), None, None]
    result, failures = relurl.arrow.parse(urls, errors="report")
    assert [(f.index, f.kind) for f in failures] == [(2, "bad_port"), (3, "bad_port")]
    assert pa.chunked_array(result).to_pylist() == rows


def test_arrow_parse_whatwg_fields_are_unchanged() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    got = pa.array(relurl.arrow.parse(pa.array(["http://A:81/"]), spec="whatwg"))
    assert got.type.names == [
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin",
    ]  # fmt: skip
    assert got.to_pylist()[0]["port"] == "81"
