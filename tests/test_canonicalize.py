"""relurl.canonicalize_url against w3lib.url.canonicalize_url (the installed w3lib, 2.5.0):
every URL of the shared corpus (bases, hrefs, resolved links) and hypothesis-generated
URLs with every option, compared answer for answer and exception type for exception type;
0 differences allowed."""

from __future__ import annotations

import json
import random
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
import relurl
from hypothesis import given, settings
from hypothesis import strategies as st

w3lib_url = pytest.importorskip("w3lib.url")

LINKS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "links.jsonl"


def outcome(f: Any, url: Any, **kwargs: Any) -> tuple[str, Any]:
    try:
        return ("ok", f(url, **kwargs))
    except Exception as e:
        return ("error", type(e))


def differences(urls: list[Any], *, judge: Any = outcome, **kwargs: Any) -> list[tuple[Any, ...]]:
    """The URLs whose outcome (`judge`: the answer, or what of the exception is compared)
    differs between w3lib and relurl, with `kwargs` for both."""
    out = []
    for url in urls:
        expected = judge(w3lib_url.canonicalize_url, url, **kwargs)
        got = judge(relurl.canonicalize_url, url, **kwargs)
        if expected != got:
            out.append((url, kwargs, expected, got))
    return out


def corpus_urls() -> list[str]:
    if not LINKS.exists():  # pragma: no cover
        pytest.skip("the shared corpus is not there")
    urls: set[str] = set()
    for line in LINKS.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        urls.update((row["base"], row["href"], row["page"]))
        try:
            urls.add(urllib.parse.urljoin(row["base"], row["href"]))
        except ValueError:
            pass
    return sorted(urls)


def test_examples() -> None:
    assert relurl.canonicalize_url("http://www.example.com/do?c=3&b=5&b=2&a=50") == (
        "http://www.example.com/do?a=50&b=2&b=5&c=3"
    )
    assert relurl.canonicalize_url("http://www.example.com/r\u00e9sum\u00e9") == (
        "http://www.example.com/r%C3%A9sum%C3%A9"
    )
    assert relurl.canonicalize_url("http://[::0:1]/a/../b") == "http://[::1]/b"
    assert relurl.canonicalize_url(b"HTTP://B\xc3\xbccher.DE/%7e?b=&a") == "http://xn--bcher-kva.de/~?a=&b="
    assert relurl.canonicalize_url("http://a/?b=&a", keep_blank_values=False) == "http://a/"
    assert relurl.canonicalize_url("http://a/#f", keep_fragments=True) == "http://a/#f"
    assert relurl.canonicalize_url("http://a/?c=3;a=1", query_separator=";") == "http://a/?a=1;c=3"
    with pytest.raises(ValueError):
        relurl.canonicalize_url("http://a:99999/")
    with pytest.raises(ValueError):
        relurl.canonicalize_url("http://[::1/")
    assert relurl.canonicalize_url("http://a/?\u20ac", encoding="cp1252") == "http://a/?%80="
    with pytest.raises(LookupError):
        relurl.canonicalize_url("http://a/", encoding="no-such-codec")
    with pytest.raises(TypeError):
        relurl.canonicalize_url(1)  # type: ignore[arg-type]


def test_a_non_ascii_ipv6_zone_is_w3lib_s_unicode_encode_error() -> None:
    # The exception's arguments (codec, text, start, end, reason: its message) as w3lib's.
    for url in ["http://[::1%\u00e9]/", "http://[FE80::1%25\u00fc\u00fcx\u00fc]:80/p", "http://u@[::1%a\u4e00]/?q"]:
        with pytest.raises(UnicodeEncodeError) as expected:
            w3lib_url.canonicalize_url(url)
        with pytest.raises(UnicodeEncodeError) as info:
            relurl.canonicalize_url(url)
        assert info.value.args == expected.value.args, url
    assert (info.value.object, info.value.start, info.value.end) == ("::1%a\u4e00", 5, 6)
    with pytest.raises(UnicodeEncodeError) as info:
        relurl.canonicalize_url("http://[::1%\u00e9]/")
    assert str(info.value) == "'ascii' codec can't encode character '\\xe9' in position 4: ordinal not in range(128)"


def test_lone_surrogates() -> None:
    urls = [
        "http://a:x/\ud800",
        "http://a/\ud800",
        "http://[::1/\udc00",
        "http://\ud800.com/",
        "http://a/#\ud800",
        "\ud800",
    ]
    urls += ["http://[fe80::1%25\ud800]/", "http://u\ud800@a/", "http://a/?q=\ud800", "http://a\uff03\ud800/"]
    assert differences(urls) == []  # type: ignore[arg-type]


def test_corpus() -> None:
    urls = corpus_urls()
    assert len(urls) > 5000
    assert differences(urls) == []  # type: ignore[arg-type]
    assert differences(urls[::7], keep_blank_values=False, keep_fragments=True) == []  # type: ignore[arg-type]
    assert differences([u.encode() for u in urls[::5]], encoding="latin-1") == []  # type: ignore[misc]


SCHEMES = ["http", "https", "HTTP", "Https", "ftp", "file", "ws", "wss", "mailto", "foo", "sip", "tel", "", "a+b.c"]
HOSTS = [
    "example.com",
    "Www.Example.COM",
    "b\u00fccher.DE",
    "B\u00dcCHER.de",
    "\uff25\uff38.com",
    "xn--bcher-kva.de",
    "xn--\u00fc.de",
    "\u0627\u0644\u0639.eg",
    "\u05d0a.il",
    "a..b",
    ".",
    "",
    "a.",
    "\u00df.de",
    "\u03a3\u0391\u03a3.gr",
    "\u0130stanbul.tr",
    "\u2168.com",
    "a" * 64,
    "\u00fc" * 70,
    "\u3002a",
    "a\u200bb.com",
    "\ufb01.com",
    "[::1]",
    "[2001:DB8::0:1]",
    "[::ffff:1.2.3.4]",
    "[fe80::1%25eth0]",
    "[fe80::1%\u00fc]",
    "[v1.x]",
    "[V1.x]",
    "[1.2.3.4]",
    "[::1",
    "::1]",
    "a[::1]",
    "[::1]x",
    "[zz]",
    "127.0.0.1",
    "1.2.3.04",
    "a%41b",
    "a%zz",
    "\u00e9%41",
    "a b",
    "\u2100.com",
    "\uff0fx",
    "a\\b",
    "\u0301a",
    "\u1100\u1161.kr",
]
PORTS = ["", ":", ":80", ":0080", ":65535", ":65536", ":99999", ":x", ":\u0661", ":-1", ":+1", ":443"]
USERINFO = ["", "user@", "User:Pass@", "u%41:p%zz@", "\u00fc:\u00e9@", "a@b@", ":@", "@", "a;b=c@", "[x]@"]
PIECES = [
    *"aZ09-._~!$&'()*+,;=:@/?#[]|\\ %^`{}<>\"",
    "%2f",
    "%2F",
    "%3b",
    "%3B",
    "%3f",
    "%3F",
    "%25",
    "%41",
    "%7e",
    "%aa",
    "%E9",
    "%zz",
    "%",
    "%2",
    "..",
    ".",
    "./",
    "../",
    "\u00e9",
    "\u00fc",
    "\u20ac",
    "\U0001f600",
    "\t",
    "\n",
    "\x00",
    "\x7f",
    "\u00a0",
    "+",
    "%20",
    "%2B",
]
QUERY_PIECES = [
    *"abcAB019=&;+%",
    "%20",
    "%26",
    "%3D",
    "%e9",
    "%C3%A9",
    "%zz",
    "\u00e9",
    " ",
    "&&",
    "==",
    "a=",
    "=b",
    "\u20ac",
]


def make_url(rnd: random.Random) -> str:
    """A URL from the pieces above: scheme, separator, user info, host, port, path, query,
    fragment, with C0/space around it."""

    def joined(pieces: list[str], max_size: int) -> str:
        return "".join(rnd.choices(pieces, k=rnd.randint(0, max_size)))

    scheme = rnd.choice(SCHEMES)
    sep = rnd.choice(["://", "://", ":", "//", ":///", ":\\\\"])
    authority = rnd.choice(USERINFO) + rnd.choice(HOSTS) + rnd.choice(PORTS)
    if rnd.random() < 0.2:
        authority = "".join(chr(rnd.randint(0x20, 0x3000)) for _ in range(rnd.randint(1, 4))) + authority
    path = joined(PIECES, 10)
    query = rnd.choice(["", "?" + joined(QUERY_PIECES, 12)])
    fragment = rnd.choice(["", "", "#" + joined(PIECES, 4)])
    url = (scheme + sep if scheme or sep != ":" else "") + authority + path + query + fragment
    return rnd.choice([" ", "", "", "\t", "\x01"]) + url + rnd.choice(["", "", " ", "\n"])


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "keep_blank_values": st.booleans(),
        "keep_fragments": st.booleans(),
        "encoding": st.sampled_from(
            [None, "utf-8", "utf8", "latin-1", "ISO-8859-1", "ascii", "us-ascii", "cp1251", "shift_jis", "utf-16"]
        ),
        "query_separator": st.sampled_from(["&", ";", "&&", "=", "a"]),
    },
)


@settings(max_examples=4000, deadline=None)
@given(st.integers(0, 2**64), OPTIONS)
def test_hypothesis_urls(seed: int, options: dict[str, Any]) -> None:
    """40,000 generated URLs (10 per example, from a hypothesis-drawn seed)."""
    rnd = random.Random(seed)
    assert differences([make_url(rnd) for _ in range(10)], **options) == []  # type: ignore[arg-type]


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 2**64), OPTIONS)
def test_hypothesis_bytes(seed: int, options: dict[str, Any]) -> None:
    """2,500 generated bytes URLs: encoded as UTF-8 or latin-1 (where it can), or random bytes."""
    rnd = random.Random(seed)
    batch: list[bytes] = []
    for _ in range(5):
        url = make_url(rnd)
        batch.append(url.encode())
        batch.append(url.encode("latin-1", "replace"))
        batch.append(rnd.randbytes(rnd.randint(0, 12)) + url.encode()[: rnd.randint(0, 30)])
    assert differences(batch, **options) == []  # type: ignore[arg-type]


def test_parse_results() -> None:
    """A urllib.parse.ParseResult URL (w3lib joins it back with its own _urlunparse): the
    corpus parsed by urlparse, generated URLs, and ParseResults built field by field."""
    urls = corpus_urls()[::3]
    rnd = random.Random(1808)
    urls += [make_url(rnd) for _ in range(2000)]
    parsed: list[Any] = []
    for url in urls:
        try:
            parsed.append(urllib.parse.urlparse(url))
        except ValueError:
            pass
    fields = ["", "http", "a.com", "/p", "p", "//x", "x;y", "b=1&a=2", "f", "[::1]", "\u00e9", "a:99999"]
    for _ in range(2000):
        parsed.append(urllib.parse.ParseResult(*rnd.choices(fields, k=6)))
    parsed += [
        urllib.parse.ParseResult("http", "a", "/\ud800", "", "", ""),
        urllib.parse.ParseResult("http", "a:x", "\ud800", "", "", ""),
    ]
    assert len(parsed) > 5000
    assert differences(parsed) == []
    assert differences(parsed[::5], keep_blank_values=False, keep_fragments=True, encoding="latin-1") == []
    # A field that is not a str: w3lib formats it into its f-strings; relurl refuses it.
    with pytest.raises(TypeError, match="field 2"):
        relurl.canonicalize_url(urllib.parse.ParseResult("http", "a", b"/p", "", "", ""))  # type: ignore[arg-type]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.text(max_size=25), min_size=6, max_size=6), OPTIONS)
def test_hypothesis_text(batch: list[str], options: dict[str, Any]) -> None:
    """3,000 arbitrary strings, and the same after http://."""
    assert differences(batch + ["http://" + t for t in batch], **options) == []  # type: ignore[arg-type]


def test_arrow_column_equals_the_function() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    urls = [*corpus_urls()[:3000], "http://a:x/", None, "http://[::1/", "HTTP://B\u00fccher.DE/?b&a"]
    expected = []
    for u in urls:
        try:
            expected.append(None if u is None else relurl.canonicalize_url(u))
        except ValueError:
            expected.append(None)
    for threads in (1, 2):
        got = pa.array(relurl.arrow.canonicalize_url(pa.array(urls), errors="null", threads=threads))
        assert got.to_pylist() == expected
    chunked = pa.chunked_array([urls[:1000], urls[1000:]])
    result, failures = relurl.arrow.canonicalize_url(chunked, errors="report", keep_fragments=True)
    assert [f.index for f in failures] == [3000, 3002]
    assert isinstance(failures[0], ValueError)
    assert pa.chunked_array(result).num_chunks == 2
    with pytest.raises(ValueError, match="item 3000") as raised:
        relurl.arrow.canonicalize_url(pa.array(urls))
    assert raised.value.index == 3000  # type: ignore[attr-defined]
    options: dict[str, Any] = {"keep_blank_values": False, "query_separator": ";"}
    sample = pa.array(["http://a/?b=1;a;c=", "http://a/?x"])
    assert pa.array(relurl.arrow.canonicalize_url(sample, **options)).to_pylist() == [
        w3lib_url.canonicalize_url("http://a/?b=1;a;c=", **options),
        w3lib_url.canonicalize_url("http://a/?x", **options),
    ]


def test_cli_streams_and_reports() -> None:
    import subprocess
    import sys

    lines = b"HTTP://Www.Example.COM:80/a/./b/../c?b=2&a=1#f\nhttp://a:x/\n\xff\nhttp://a/?b\n"
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "canonicalize"], input=lines, capture_output=True, check=False
    )
    assert done.stdout.decode().split("\n") == ["http://www.example.com:80/a/c?a=1&b=2", "", "", "http://a/?b=", ""]
    assert done.returncode == 1
    assert b"line 2:" in done.stderr and b"line 3: invalid UTF-8" in done.stderr
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "relurl",
            "canonicalize",
            "--keep-fragments",
            "--drop-blank-values",
            "http://a/?b&c=1#x",
        ],
        capture_output=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, b"http://a/?c=1#x\n")
    # `-` alone is standard input; with other URLs a usage error. An argument that is not
    # UTF-8 is reported as the other commands report it.
    command = [sys.executable, "-m", "relurl", "canonicalize"]
    done = subprocess.run([*command, "-"], input=b"http://B/\n", capture_output=True, check=False)
    assert (done.returncode, done.stdout) == (0, b"http://b/\n")
    done = subprocess.run([*command, "-", "http://a/"], capture_output=True, check=False)
    assert done.returncode == 2 and b"URL '-' (standard input) must be the only URL" in done.stderr
    done = subprocess.run([*command, b"http://a/?\xff=1", "http://B/"], capture_output=True, check=False)
    assert (done.returncode, done.stdout) == (1, b"\nhttp://b/\n")
    assert done.stderr == b"relurl: URL 1: invalid UTF-8 at byte 10: invalid start byte\n"
