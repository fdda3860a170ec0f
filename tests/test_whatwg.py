"""spec="whatwg": the WHATWG URL Standard through every entry point that takes a spec.

The parser itself is proven by the WPT data (crates/relurl/tests/it/whatwg_wpt.rs) and by
ada (tests/test_whatwg_ada.py); this file checks what each entry point does with it.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from typing import Any

import pytest
import relurl
import relurl.arrow

try:
    import pyarrow as pa
except ImportError:  # the Arrow rows below need it (a test extra)
    pa = None

PAGE = "http://good.com/dir/page.html"

#: The crawler table of docs/semantics.md: what a browser requests for each href on PAGE, and what RFC
#: 1808 (relurl's default) gives.
CRAWLER_TABLE = [
    ("http:evil.com", "http://good.com/dir/evil.com", "http:evil.com"),
    ("\\\\evil.com/x", "http://evil.com/x", "http://good.com/dir/\\\\evil.com/x"),
    ("/\\evil.com/x", "http://evil.com/x", "http://good.com/\\evil.com/x"),
    ("/\t/evil.com", "http://evil.com/", "http://good.com/\t/evil.com"),
    ("ht\ntp://evil.com", "http://evil.com/", "http://good.com/dir/ht\ntp://evil.com"),
    ("http://evil.com\\@good.com/", "http://evil.com/@good.com/", "http://evil.com\\@good.com/"),
    ("http://0x7f.1/", "http://127.0.0.1/", "http://0x7f.1/"),
    ("http://2130706433/", "http://127.0.0.1/", "http://2130706433/"),
    ("http://\uff45\uff56\uff49\uff4c.com/", "http://evil.com/", "http://\uff45\uff56\uff49\uff4c.com/"),
    ("http://%65vil.com/", "http://evil.com/", "http://%65vil.com/"),
    ("../../../../g", "http://good.com/g", "http://good.com/../../../g"),
]


@pytest.mark.parametrize(("href", "browser", "rfc1808"), CRAWLER_TABLE)
def test_the_crawler_table(href: str, browser: str, rfc1808: str) -> None:
    assert relurl.resolve(PAGE, href, spec="whatwg") == browser
    assert relurl.parse(PAGE, spec="whatwg").resolve(href) == browser
    # RFC 1808 stays the default.
    assert relurl.resolve(PAGE, href) == rfc1808


def test_every_batch_entry_point_gives_the_single_answer() -> None:
    hrefs = [h for h, _, _ in CRAWLER_TABLE] + ["?q", "#f", "", "//h/x"]
    expected = [relurl.resolve(PAGE, h, spec="whatwg") for h in hrefs]
    assert relurl.resolve_many([PAGE] * len(hrefs), hrefs, spec="whatwg") == expected
    assert relurl.resolve_many(PAGE, hrefs, spec="whatwg", threads=2) == expected
    base = relurl.URL(PAGE, "whatwg")
    assert base.resolve_many(hrefs) == expected
    # A URL base keeps its grammar; spec= overrides it.
    assert relurl.resolve_many(base, hrefs) == expected
    assert relurl.parse(PAGE).resolve_many(hrefs, spec="whatwg") == expected
    assert relurl.resolve(base, "../../x") == "http://good.com/x"
    assert relurl.resolve(base, "../../x", spec="rfc1808") == "http://good.com/../x"
    # An absolute href the Standard leaves as it is comes back as the same object.
    href = "https://example.com/a?b#c"
    assert base.resolve(href) is href
    assert relurl.resolve_many(base, [href])[0] is href


def test_arrow_resolve_and_parse() -> None:
    pa = pytest.importorskip("pyarrow")
    hrefs = [h for h, _, _ in CRAWLER_TABLE] + [None, "http://[::1"]
    got = relurl.arrow.resolve(PAGE, pa.array(hrefs), spec="whatwg", errors="null")
    assert pa.array(got).to_pylist() == [b for _, b, _ in CRAWLER_TABLE] + [None, None]
    base = relurl.URL(PAGE, spec="whatwg")
    assert pa.array(relurl.arrow.resolve(base, pa.array(["../x"]))).to_pylist() == ["http://good.com/x"]
    urls = ["HTTPS://u:p@Example.COM:443/a/../b?q#f", "sc:opaque", None, "http://a:99999/"]
    parsed, failures = relurl.arrow.parse(pa.array(urls), spec="whatwg", errors="report")
    rows = pa.array(parsed).to_pylist()
    assert list(rows[0]) == [
        "href",
        "protocol",
        "username",
        "password",
        "host",
        "hostname",
        "port",
        "pathname",
        "search",
        "hash",
        "origin",
    ]
    assert rows[0] == {
        "href": "https://u:p@example.com/b?q#f", "protocol": "https:", "username": "u", "password": "p",
        "host": "example.com", "hostname": "example.com", "port": "", "pathname": "/b", "search": "?q",
        "hash": "#f", "origin": "https://example.com",
    }  # fmt: skip
    assert rows[1] is not None and (rows[1]["pathname"], rows[1]["origin"]) == ("opaque", "null")
    assert rows[2] is None and rows[3] is None
    assert [(e.index, e.kind) for e in failures] == [(3, "port_out_of_range")]
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.parse(pa.array(urls), spec="whatwg")
    assert (info.value.index, info.value.kind) == (3, "port_out_of_range")


def test_a_url_of_the_standard() -> None:
    url = relurl.URL("HTTP://u:p@\uff45vil.com:80/a/../b c?q#f", spec="whatwg")
    assert str(url) == url.href == "http://u:p@evil.com/b%20c?q#f"
    assert repr(url) == "URL('HTTP://u:p@\uff45vil.com:80/a/../b c?q#f', spec='whatwg')"
    assert url.spec == "whatwg"
    got = {name: getattr(url, name) for name in ("protocol", "username", "password", "host", "hostname", "port")}
    assert got == {"protocol": "http:", "username": "u", "password": "p", "host": "evil.com", "hostname": "evil.com",
                   "port": ""}  # fmt: skip
    assert (url.pathname, url.search, url.hash, url.origin) == ("/b%20c", "?q", "#f", "http://evil.com")
    # The six components, read from the href.
    assert tuple(url) == ("http", "u:p@evil.com", "/b%20c", "", "q", "f")
    assert pickle.loads(pickle.dumps(url)) == url
    assert url != relurl.URL("HTTP://u:p@\uff45vil.com:80/a/../b c?q#f")
    assert relurl.URL("http://a:8080/", spec="whatwg").port == "8080"
    assert relurl.URL("blob:https://a.b/x", spec="whatwg").origin == "https://a.b"


def test_domain_to_ascii_knows_unicode_17() -> None:
    # The note of docs/semantics.md: U+058B was assigned in Unicode 17 (ICU4X's data, which the idna
    # crate reads); ada 4.0.0's tables predate it and refuse it.
    assert relurl.resolve(PAGE, "//\u058b/x", spec="whatwg") == "http://xn--89a/x"
    assert relurl.resolve(PAGE, "///\u058b/x", spec="whatwg") == "http://xn--89a/x"


def test_domain_to_ascii_knows_unicode_18() -> None:
    # U+3E8AC, unassigned before Unicode 18.0, is a letter of the Seal script (U+3D000..U+3FC3F)
    # since: UTS #46 18.0 has it valid, so IdnaTestV2's older row "\U0003e8ac。ܩ。쯙5" (V7, a
    # failure) is stale (tests/test_whatwg_wpt.py). The next code point is still unassigned.
    assert relurl.resolve(PAGE, "//\U0003e8ac/x", spec="whatwg") == "http://xn--t92s/x"
    for unassigned in ("\U0003fc40", "\U0003fffd", "\U00040000", "\U000e0080"):
        with pytest.raises(relurl.URLError) as info:
            relurl.parse(f"http://a.{unassigned}/", spec="whatwg")
        assert info.value.kind == "domain_to_ascii"
    idna = pytest.importorskip("idna")
    tables = pytest.importorskip("idna.uts46data").__version__
    if int(tables.split(".")[0]) < 18:
        pytest.skip(f"the idna package's UTS #46 tables are {tables}")
    assert idna.uts46_remap("\U0003e8ac", std3_rules=False) == "\U0003e8ac"
    with pytest.raises(idna.InvalidCodepoint):
        idna.uts46_remap("\U0003fc40", std3_rules=False)


@pytest.mark.parametrize("n", [1000, 1001, 5000, 20_000])
def test_a_long_label_has_no_cap(n: int) -> None:
    # The Standard runs UTS #46 with VerifyDnsLength false: no length limit on a label (the idna
    # crate, relurl's former back end, refused one of 1,001 code points). Python's punycode codec,
    # RFC 3492 without a cap, is the oracle; ada agrees up to its own cap of 16 KiB of input.
    label = "\u00fc" * n
    expected = "xn--" + label.encode("punycode").decode("ascii")
    url = relurl.parse(f"http://{label}/", spec="whatwg")
    assert url.host == expected
    # The same host in Punycode: ASCII, only lowercased; beside a Unicode label, decoded, validated
    # and encoded again.
    assert relurl.parse(f"http://{expected.upper()}/", spec="whatwg").host == expected
    assert relurl.parse(f"http://\u00fc.{expected.upper()}/", spec="whatwg").host == f"xn--tda.{expected}"
    ada_url = pytest.importorskip("ada_url")
    if len(label.encode()) <= 16384:
        assert ada_url.URL(f"http://{label}/").host == expected


def test_long_labels_of_distinct_code_points() -> None:
    label = "".join(chr(0x4E00 + i) for i in range(3000))
    expected = "xn--" + label.encode("punycode").decode("ascii")
    assert relurl.parse(f"http://{label}/", spec="whatwg").host == expected
    assert relurl.parse(f"http://a.\u00fc.{expected}/", spec="whatwg").host == f"a.xn--tda.{expected}"
    # Invalid Punycode fails however long: 2,001 times U+0080, which UTS #46 disallows.
    with pytest.raises(relurl.URLError) as info:
        relurl.parse("http://\u00fc.xn--" + "a" * 2001 + "/", spec="whatwg")
    assert info.value.kind == "domain_to_ascii"


def test_punycode_that_decodes_to_an_xn_prefix_fails() -> None:
    # UTS #46 validity criterion 4 (CheckHyphens false): no label may begin with "xn--". ada agrees.
    ada_url = pytest.importorskip("ada_url")
    for host in ("\u00fc.xn--xn--tdaxn--zcaxn--1ug", "\u00fc.xn--xn---epa"):
        with pytest.raises(relurl.URLError):
            relurl.parse(f"http://{host}/", spec="whatwg")
        assert not ada_url.check_url(f"http://{host}/")
    assert relurl.parse("http://\u00fc.xn--xn--joa/", spec="whatwg").host == "xn--tda.xn--xn--joa"


def test_the_fast_path_s_references_trimmed_and_opaque() -> None:
    # Step 1's trim, and schemes with an opaque path, as the state machine reads them.
    cases = {
        " /a \n": "http://good.com/a",
        "\x00 https://X.com \x1f": "https://x.com/",
        "MailTo:Bob@x.com": "mailto:Bob@x.com",
        "javascript:void(0)": "javascript:void(0)",
        "data:,a/../b": "data:,a/../b",
        "   ": PAGE,
    }
    for href, expected in cases.items():
        assert relurl.resolve(PAGE, href, spec="whatwg") == expected, href
        assert relurl.URL(PAGE, spec="whatwg").resolve_many([href]) == [expected], href


def test_the_standard_s_components_are_its_own() -> None:
    # username, password, hostname and port were here: since issue 13 an RFC URL has them
    # too, with urllib's answers (tests/test_hosts.py).
    for name in ("href", "protocol", "host", "pathname", "search", "hash", "origin"):
        with pytest.raises(AttributeError, match=f"^{name} is a URL Standard component: only a URL parsed with"):
            getattr(relurl.URL("http://a/b"), name)


@pytest.mark.parametrize(
    ("url", "kind", "position"),
    [
        ("http://[::1", "ipv6_unclosed", 7),
        ("foo", "missing_scheme_non_relative_url", 0),
        ("http://a:99999/", "port_out_of_range", 9),
        ("http://1.2.3.4.5/", "ipv4_too_many_parts", 7),
        ("  http://a b/", "domain_invalid_code_point", 9),
    ],
)
def test_a_failure_is_a_url_error(url: str, kind: str, position: int) -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.parse(url, spec="whatwg")
    assert (info.value.kind, info.value.position) == (kind, position)
    assert str(info.value).startswith("invalid URL (URL Standard): ")
    with pytest.raises(relurl.URLError):
        relurl.resolve(url, "g", spec="whatwg")


def test_failures_in_batches_name_the_input() -> None:
    result, failures = relurl.resolve_many(["http://a/", "http://[/", "x:y"], ["//[", "g", "g"], spec="whatwg",
                                           errors="report")  # fmt: skip
    assert result == [None, None, None]
    assert [(e.index, e.input, e.kind) for e in failures] == [
        (0, "reference", "ipv6_unclosed"),
        (1, "base", "ipv6_unclosed"),
        (2, "reference", "missing_scheme_non_relative_url"),
    ]


def test_strict_is_not_the_standard_s() -> None:
    for call in (
        lambda: relurl.parse("http://a/", spec="whatwg", strict=True),
        lambda: relurl.resolve("http://a/", "g", spec="whatwg", strict=True),
        lambda: relurl.resolve_many(["http://a/"], ["g"], spec="whatwg", strict=True),
    ):
        with pytest.raises(relurl.URLError) as info:
            call()
        assert info.value.kind == "strict_unavailable"


def test_links_of_a_page_by_the_standard() -> None:
    html = """<base href="http://[bad"><a href="/\\evil.com/x">a</a><a href="http://a b/">bad</a>
              <img src=" ../../../../i.png "><a href="mailto:x@y">m</a>"""
    links = relurl.extract_links(html, PAGE, spec="whatwg")
    # The base href the Standard rejects defines no base; the link it rejects is left out.
    assert [link.url for link in links] == ["http://evil.com/x", "http://good.com/i.png", "mailto:x@y"]
    assert links[2].special == "mailto"
    base = relurl.establish_base(retrieval_url="HTTP://Good.com/a/", html_base_href="../b/", spec="whatwg")
    assert (base.url, base.source) == ("http://good.com/b/", "html")
    base = relurl.establish_base(retrieval_url=PAGE, html_base_href="http://[", spec="whatwg")
    assert (base.url, base.source) == (PAGE, "retrieval")


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "relurl", *args], input=stdin, capture_output=True, check=False)


def test_command_line() -> None:
    done = run("resolve", "--spec", "whatwg", PAGE, "/\\evil.com/x", "http://[")
    assert done.returncode == 1
    assert done.stdout.decode().split("\n") == ["http://evil.com/x", "", ""]
    assert "REF 2" in done.stderr.decode()
    done = run("parse", "--json", "--spec", "whatwg", "HTTP://A:80/b")
    assert done.returncode == 0, done.stderr
    row: dict[str, Any] = json.loads(done.stdout)
    assert (row["url"], row["href"], row["hostname"], row["origin"]) == ("HTTP://A:80/b", "http://a/b", "a", "http://a")
    done = run("links", "--spec", "whatwg", "--url", PAGE, "-", stdin=b'<a href="/\\evil.com/x">')
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().split("\t")[0].strip() == "http://evil.com/x"
    done = run("resolve", "--spec", "whatwg", "--strict", PAGE, "g")
    assert done.returncode == 2 and b"not available with --spec whatwg" in done.stderr


def _expected_query(text: str, codec: str) -> str:
    """The URL Standard's "percent-encode after encoding" with the special-query set,
    character by character with Python's codec (stateless encodings): the encoded bytes, each
    percent-encoded unless a printable ASCII byte outside the set; `%26%23N%3B` for a
    character the encoding lacks."""
    out = []
    for ch in text:
        try:
            encoded = ch.encode(codec)
        except UnicodeEncodeError:
            out.append(f"%26%23{ord(ch)}%3B")
            continue
        out += [chr(b) if 0x20 < b < 0x7F and chr(b) not in "\"#<>'" else f"%{b:02X}" for b in encoded]
    return "".join(out)


@pytest.mark.parametrize(
    ("label", "codec", "text"),
    [
        ("windows-1251", "cp1251", "\u0416\u20ac\u3042 '\"<>"),
        ("shift_jis", "cp932", "\u65e5\u672c\u8a9e\u30bd\u00e9"),
        ("euc-kr", "cp949", "\ud55c\uad6d\uc5b4\u0416"),
        ("gb18030", "gb18030", "\u4e2d\u6587\u20ac\U0001f600"),
        ("ISO-8859-2", "iso8859_2", "\u0141\u00e9\u20ac"),
    ],
)
def test_encoding_the_query_as_a_browser(label: str, codec: str, text: str) -> None:
    """Issue 22 item 6: `?q=` on a page in `label` is requested in that encoding; every entry
    point that resolves takes `encoding=`."""
    want = f"http://good.com/dir/x%D0%96?q={_expected_query(text, codec)}#%D0%96"
    ref = f"x\u0416?q={text}#\u0416"
    assert relurl.resolve(PAGE, ref, spec="whatwg", encoding=label) == want
    assert relurl.URL(PAGE, spec="whatwg").resolve(ref, encoding=label) == want
    assert relurl.resolve_many(PAGE, [ref, None], spec="whatwg", encoding=label) == [want, None]
    assert relurl.URL(PAGE, "whatwg").resolve_many([ref], encoding=label) == [want]
    assert relurl.resolve_many([PAGE], [ref], spec="whatwg", encoding=label, threads=2) == [want]
    if pa is not None:
        column = relurl.arrow.resolve(PAGE, pa.array([ref, None]), spec="whatwg", encoding=label)
        assert pa.array(column).to_pylist() == [want, None]
        bases = pa.chunked_array([[PAGE], [PAGE]])
        column = relurl.arrow.resolve(bases, pa.array([ref, ref]), spec="whatwg", encoding=label, threads=2)
        assert pa.chunked_array(column).to_pylist() == [want, want]


def test_encoding_leaves_the_rest_as_utf8() -> None:
    whatwg = {"spec": "whatwg", "encoding": "windows-1251"}
    utf8 = "%D0%96"
    assert relurl.resolve(PAGE, "foo://h/?\u0416", **whatwg) == f"foo://h/?{utf8}"  # type: ignore[arg-type]
    assert relurl.resolve(PAGE, "wss://h/?\u0416", **whatwg) == f"wss://h/?{utf8}"  # type: ignore[arg-type]
    for label in ("utf-16", "UTF-16BE", "replacement", "iso-2022-kr", " utf-8 "):
        assert relurl.resolve(PAGE, "?\u0416", spec="whatwg", encoding=label) == f"http://good.com/dir/page.html?{utf8}"
    # The base's query, already serialized, is kept.
    assert relurl.resolve("http://h/?\u0416", "#f", **whatwg) == f"http://h/?{utf8}#f"  # type: ignore[arg-type]
    # A stateful encoder: ISO-2022-JP's escapes around the character (Python's codec agrees).
    jp = "a\u0416b".encode("iso2022_jp")
    want = "".join(chr(b) if 0x20 < b < 0x7F and chr(b) not in "\"#<>'" else f"%{b:02X}" for b in jp)
    assert relurl.resolve(PAGE, "?a\u0416b", spec="whatwg", encoding="iso-2022-jp") == f"{PAGE}?{want}"


def test_encoding_errors() -> None:
    with pytest.raises(LookupError, match='unknown encoding: "nonsense"'):
        relurl.resolve(PAGE, "?q", spec="whatwg", encoding="nonsense")
    with pytest.raises(LookupError):
        relurl.resolve_many(PAGE, ["?q"], spec="whatwg", encoding="utf8x")
    for spec in ("rfc1808", "rfc3986"):
        with pytest.raises(ValueError, match="needs spec='whatwg'"):
            relurl.resolve(PAGE, "?q", spec=spec, encoding="windows-1251")
        with pytest.raises(ValueError, match="needs spec='whatwg'"):
            relurl.URL(PAGE, spec).resolve_many(["?q"], encoding="windows-1251")
        if pa is not None:
            with pytest.raises(ValueError, match="needs spec='whatwg'"):
                relurl.arrow.resolve(PAGE, pa.array(["?q"]), spec=spec, encoding="windows-1251")
    if pa is not None:
        with pytest.raises(LookupError, match='unknown encoding: "nonsense"'):
            relurl.arrow.resolve(PAGE, pa.array([], pa.string()), spec="whatwg", encoding="nonsense")
    # Without spec, a str base is RFC 1808.
    with pytest.raises(ValueError, match="not spec='rfc1808'"):
        relurl.resolve(PAGE, "?q", encoding="windows-1251")


def test_extract_links_requests_the_query_in_the_page_encoding() -> None:
    """Issue 22 item 6: a link's query as a browser requests it, by the page's encoding
    (a <meta>, the Content-Type header); the path and fragment are UTF-8."""
    page = "<meta charset=windows-1251><a href='\u0416?q=\u0416#\u0416'>".encode("cp1251")
    [link] = relurl.extract_links(page, PAGE, spec="whatwg")
    assert link.url == "http://good.com/dir/%D0%96?q=%C6#%D0%96"
    sjis = "<a href='?q=\u65e5\u672c'>".encode("cp932")
    [link] = relurl.extract_links(sjis, PAGE, headers={"Content-Type": "text/html; charset=Shift_JIS"}, spec="whatwg")
    assert link.url == f"{PAGE}?q={_expected_query(chr(0x65E5) + chr(0x672C), 'cp932')}"
    # A str page is UTF-8.
    [link] = relurl.extract_links("<meta charset=windows-1251><a href='?q=\u0416'>", PAGE, spec="whatwg")
    assert link.url == f"{PAGE}?q=%D0%96"
