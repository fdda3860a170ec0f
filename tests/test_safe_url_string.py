"""`relurl.safe_url_string` against `w3lib.url.safe_url_string` (w3lib 2.5.0), the oracle:
the same answer or the same exception type, on every corpus URL (raw hrefs and resolved
against their base) and on 20,000 seeded generated URLs (non-ASCII in every component, IDN
hosts and hosts IDNA refuses, percent signs, spaces, controls, `bytes`, lone surrogates), under
several encodings, a `path_encoding` other than `encoding`, and `quote_path=False`."""

from __future__ import annotations

import random
import sys
import time
from typing import Any
from urllib.parse import urljoin

import pytest
import relurl
from conftest import corpus_pairs

w3lib_url = pytest.importorskip("w3lib.url")

ENCODINGS = ["utf-8", "latin-1", "cp1251", "shift_jis", "gb18030", "euc-kr"]

# (encoding, path_encoding, quote_path): each encoding for both, mixed, and unquoted paths.
OPTION_SETS: list[tuple[str, str, bool]] = [
    *((e, e, True) for e in ENCODINGS),
    ("latin-1", "utf-8", True),
    ("utf-8", "cp1251", True),
    ("shift_jis", "euc-kr", True),
    ("utf-8", "utf-8", False),
    ("cp1251", "ascii", False),
    ("gb18030", "latin-1", True),
]


def outcome(f: Any, url: Any, *args: Any) -> tuple[Any, ...]:
    """What `f(url, *args)` gives: the answer, or the exception's type."""
    try:
        return ("ok", f(url, *args))
    except Exception as e:
        return ("error", type(e))


def differences(urls: list[Any], options: tuple[str, str, bool]) -> list[tuple[Any, ...]]:
    """The URLs on which relurl and w3lib differ under `options`, with both outcomes."""
    found = []
    for url in urls:
        mine, theirs = outcome(relurl.safe_url_string, url, *options), outcome(w3lib_url.safe_url_string, url, *options)
        if mine != theirs:
            found.append((url, mine, theirs))
    return found


def corpus_urls() -> list[str]:
    """Every distinct raw href of the corpus and every href resolved against its base."""
    urls: dict[str, None] = {}
    for base, href in corpus_pairs():
        urls[href] = None
        urls[urljoin(base, href)] = None
    return list(urls)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o[0]}-{o[1]}-{o[2]}")
def test_corpus(options: tuple[str, str, bool]) -> None:
    urls = corpus_urls()
    assert len(urls) > 1000
    assert differences(urls, options) == []


# Pieces of generated URLs: each component gets ASCII, non-ASCII (Latin, Cyrillic, CJK,
# Korean, emoji: some each encoding cannot encode), percent signs (good and bad escapes),
# spaces, controls, and the delimiters w3lib's split cares about.
SCHEMES = ["http", "https", "HTTP", "ftp", "ws", "file", "mailto", "foo", "a+b", "1x", "", "javascript"]
ATOMS = [
    "a",
    "Z",
    "0",
    "-",
    ".",
    "_",
    "~",
    "é",
    "ß",
    "ж",
    "Ω",
    "日本",
    "中文",
    "한",
    "€",
    "🎉",
    "\u00a0",
    "%",
    "%2",
    "%41",
    "%zz",
    "%E2%82%AC",
    "%25",
    " ",
    "\t",
    "\n",
    "\r",
    "\x00",
    "\x1f",
    "\x7f",
    "\\",
    "'",
    '"',
    "<",
    ">",
    "`",
    "{",
    "}",
    "|",
    "^",
    "[",
    "]",
    "@",
    ":",
    ";",
    "=",
    "&",
    "+",
    ",",
    "!",
    "$",
    "(",
    ")",
    "*",
    "/",
    "?",
    "#",
    "\ufeff",
    "\u200b",
    "\ufffd",
    "ﬁ",
    "Ⅻ",
    "\uff0e",
    "。",
]
HOSTS = [
    "example.com",
    "EXAMPLE.com",
    "例子.测试",
    "bücher.de",
    "xn--bcher-kva.de",
    "xn--zz.com",
    "a" * 64 + ".com",
    ".example.com",
    "example..com",
    "ex ample.com",
    "[::1]",
    "[::1",
    "[v1.x]",
    "[fe80::1%25eth0]",
    "127.0.0.1",
    "1.2.3.256",
    "\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25.com",
    "ex%41mple.com",
    "",
    "ß.de",
    "\u200d.com",
    "a\u0301.com",
    "-a-.com",
    "ab--c.com",
    "\U0001f600.com",
    "a.b.c.d.e",
]
PORTS = ["", ":", ":80", ":080", ":65535", ":65536", ":x", ":-1", ": 1", ":\uff18\uff10"]
USERINFO = ["", "user@", "us er:pa ss@", "u:p@ss@", "ü:é@", "%41:%zz@", ":@", "a:b:c@", "@"]


def text(rnd: random.Random, n: int) -> str:
    """`n` random atoms."""
    return "".join(rnd.choice(ATOMS) for _ in range(n))


def generated_url(rnd: random.Random) -> str | bytes:
    """A random URL: every component may be odd; some are bytes, some hold a lone surrogate."""
    scheme = rnd.choice(SCHEMES)
    url = f"{scheme}:" if scheme else ""
    if rnd.random() < 0.8:
        url += "//" + rnd.choice(USERINFO) + rnd.choice(HOSTS) + rnd.choice(PORTS)
    url += "/" * rnd.randint(0, 2) + text(rnd, rnd.randint(0, 6))
    if rnd.random() < 0.5:
        url += "?" + text(rnd, rnd.randint(0, 6))
    if rnd.random() < 0.4:
        url += "#" + text(rnd, rnd.randint(0, 4))
    if rnd.random() < 0.2:
        url = rnd.choice([" ", "\t", "\x00", "\n "]) + url + rnd.choice([" ", "\x1f", "\r\n"])
    roll = rnd.random()
    if roll < 0.03:
        i = rnd.randint(0, len(url))
        return url[:i] + rnd.choice(["\ud800", "\udfff", "\udc80"]) + url[i:]
    if roll < 0.25:
        data = url.encode(rnd.choice(["utf-8", "cp1251", "gb18030", "shift_jis"]), "replace")
        if rnd.random() < 0.3:  # bytes no codec decodes
            i = rnd.randint(0, len(data))
            data = data[:i] + bytes([rnd.randint(0x80, 0xFF)]) + data[i:]
        return data
    return url


def generated(seed: int, count: int) -> list[str | bytes]:
    rnd = random.Random(seed)
    return [generated_url(rnd) for _ in range(count)]


@pytest.mark.parametrize("seed", range(len(OPTION_SETS)))
def test_generated(seed: int) -> None:
    """20,000 generated URLs in all, 1,667 under each option set."""
    urls = generated(seed, 20_000 // len(OPTION_SETS) + 1)
    found = differences(urls, OPTION_SETS[seed])
    assert found == [], found[:20]


def test_generated_cover_what_they_should() -> None:
    """The generator reaches the cases it is for (else the test above proves less)."""
    urls = [u for seed in range(len(OPTION_SETS)) for u in generated(seed, 20_000 // len(OPTION_SETS) + 1)]
    assert len(urls) >= 20_000
    assert sum(isinstance(u, bytes) for u in urls) > 2000
    assert sum(isinstance(u, str) and any("\ud800" <= c <= "\udfff" for c in u) for u in urls) > 200
    outcomes = [outcome(w3lib_url.safe_url_string, u, "latin-1", "utf-8", True)[0] for u in urls[:3000]]
    assert outcomes.count("error") > 100
    assert outcomes.count("ok") > 1000


@pytest.mark.parametrize(
    ("url", "args"),
    [
        ("http://h/€", ("utf-8", "ascii", True)),  # the path's encoding fails
        ("http://h/?€", ("latin-1", "utf-8", True)),  # the query's
        ("http://h/#€", ("cp1251", "utf-8", True)),  # the fragment's ('€' is in cp1251)
        ("http://h/#\U0001f600", ("euc-kr", "utf-8", True)),
        ("http://h/?x", ("no-such-codec", "utf-8", True)),  # LookupError
        ("http://h/x", ("utf-8", "no-such-codec", True)),
        ("http://h/x", ("utf-8", "no-such-codec", False)),  # not looked up: not used
        ("http://h/x", ("rot13", "utf-8", True)),  # not a text encoding
        ("http://[::1%ü]/", ("utf-8", "utf-8", True)),  # a zone id that is not ASCII
        ("http://h:99999999999999999999/", ("utf-8", "utf-8", True)),
        ("http://us\ud800er@h/", ("utf-8", "utf-8", True)),  # lone surrogates: in the user info
        ("http://h\udfff.com/", ("utf-8", "utf-8", False)),  # the host
        ("http://h/\ud800?\udc00", ("utf-8", "utf-8", False)),  # the query
        ("http://h/#\udbff", ("utf-8", "utf-8", False)),  # the fragment
        ("http://h/\ud800\udc00", ("utf-8", "utf-8", True)),  # the quoted path (two, not a pair)
        ("http://h/a\ud800 b\udfff", ("utf-8", "utf-8", False)),  # kept in an unquoted path
        ("\ud800:x", ("utf-8", "utf-8", False)),  # no scheme: a path
        ("http://h/\U000f0000\ud800", ("utf-8", "utf-8", True)),  # a stand-in of its own
        ("http://h:x/\ud800", ("utf-8", "utf-8", True)),  # ValueError first
        (b"http://h/\xff?\xfe", ("utf-8", "latin-1", True)),
        (b"http://h/+AGE-", ("utf-7", "utf-8", True)),
        (None, ("utf-8", "utf-8", True)),  # TypeError
        (42, ("utf-8", "utf-8", True)),
    ],
)
def test_errors_are_w3lib_s(url: Any, args: tuple[str, str, bool]) -> None:
    mine, theirs = outcome(relurl.safe_url_string, url, *args), outcome(w3lib_url.safe_url_string, url, *args)
    assert mine == theirs


def test_unencodable_text_raises_the_codec_s_own_error() -> None:
    for url, args in [("http://h/a€", ("utf-8", "ascii")), ("http://h/?x€", ("latin-1", "utf-8"))]:
        with pytest.raises(UnicodeEncodeError) as mine:
            relurl.safe_url_string(url, *args)
        with pytest.raises(UnicodeEncodeError) as theirs:
            w3lib_url.safe_url_string(url, *args)
        assert str(mine.value) == str(theirs.value)
        assert (mine.value.encoding, mine.value.object, mine.value.start) == (
            theirs.value.encoding,
            theirs.value.object,
            theirs.value.start,
        )


def test_surrogates_are_kept_where_w3lib_keeps_them() -> None:
    url = "http://h/a\ud800 b?c"
    assert relurl.safe_url_string(url, quote_path=False) == "http://h/a\ud800 b?c"
    with pytest.raises(UnicodeEncodeError) as mine:
        relurl.safe_url_string("http://h/?\udc80x")
    with pytest.raises(UnicodeEncodeError) as theirs:
        w3lib_url.safe_url_string("http://h/?\udc80x")
    assert str(mine.value) == str(theirs.value)


def test_the_one_difference_a_surrogate_and_a_plane_15_private_use_character() -> None:
    """Documented in docs/scrapy.md: the core takes U+F0000..U+F07FF as stand-ins for lone
    surrogates (Rust text cannot hold them); a URL with both kinds raises UnicodeEncodeError
    where w3lib returns a path left unquoted as it is, or fails on a path codec first."""
    url = "http://h/\U000f0000\ud800"
    assert w3lib_url.safe_url_string(url, quote_path=False) == url
    with pytest.raises(UnicodeEncodeError):
        relurl.safe_url_string(url, quote_path=False)
    # The same URL with a path codec w3lib fails to look up, or idna's: w3lib fails on the
    # codec first.
    for codec, theirs in [("bogus-enc", LookupError), ("hex", LookupError), ("idna", UnicodeError)]:
        with pytest.raises(theirs) as raised:
            w3lib_url.safe_url_string(url, path_encoding=codec)
        assert type(raised.value) is theirs
        with pytest.raises(UnicodeEncodeError):
            relurl.safe_url_string(url, path_encoding=codec)


@pytest.mark.parametrize("codec", ["utf-7", "unicode_escape", "raw_unicode_escape", "punycode"])
def test_the_codecs_that_encode_a_lone_surrogate(codec: str) -> None:
    """Documented in docs/scrapy.md: a codec that encodes lone surrogates, as a path's
    encoding: w3lib encodes the surrogate; relurl raises UnicodeEncodeError (the core has no
    text to hand such a codec). Without a surrogate, the same answer."""
    url = "\ud800[v1.x]"
    assert isinstance(w3lib_url.safe_url_string(url, path_encoding=codec), str)
    with pytest.raises(UnicodeEncodeError):
        relurl.safe_url_string(url, path_encoding=codec)
    assert relurl.safe_url_string("[v1.x]", path_encoding=codec) == w3lib_url.safe_url_string(
        "[v1.x]", path_encoding=codec
    )


@pytest.mark.parametrize(
    ("url", "kwargs"),
    [
        ("http://a/?q=\U000f0001", {"encoding": "cp1251"}),
        ("http://a/\U000f07ff", {"path_encoding": "latin-1"}),
        ("http://a/#\U000f0000", {"encoding": "ascii"}),
    ],
)
def test_a_plane_15_character_is_named_as_itself(url: str, kwargs: dict[str, str]) -> None:
    """U+F0000..U+F07FF in a URL without lone surrogates are themselves (the core's
    stand-ins for surrogates only where the URL had some): the codec's own error names them."""
    with pytest.raises(UnicodeEncodeError) as theirs:
        w3lib_url.safe_url_string(url, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(UnicodeEncodeError) as ours:
        relurl.safe_url_string(url, **kwargs)
    assert ours.value.args == theirs.value.args


@pytest.mark.parametrize(
    "url",
    [
        "http://a'b\u2100/",
        "http://a\u200b\u2100/",
        "http://\"a'\u2100/",
        "http://a\u00adb\u2100/",
        "http://x\ud800\u2100/",
    ],
)
def test_the_nfkc_error_shows_the_netloc_as_w3lib_does(url: str) -> None:
    """w3lib's `_checknetloc` message shows the net_loc as Python's repr (quotes chosen,
    escapes), in both functions."""
    for ours, theirs in [
        (relurl.safe_url_string, w3lib_url.safe_url_string),
        (relurl.canonicalize_url, w3lib_url.canonicalize_url),
    ]:
        with pytest.raises(ValueError) as expected:
            theirs(url)
        with pytest.raises(ValueError) as got:
            ours(url)  # type: ignore[operator]
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("quote_path", [1, 0, None, "", "yes", [], [0], 2.5])
def test_quote_path_is_read_for_its_truth(quote_path: object) -> None:
    """w3lib tests `if quote_path:`: any object, not only a bool."""
    for url in ("http://a/ b", "http://a/ü?q=ü"):
        assert relurl.safe_url_string(url, quote_path=quote_path) == w3lib_url.safe_url_string(
            url,
            quote_path=quote_path,  # type: ignore[arg-type]
        )


@pytest.mark.parametrize(
    ("url", "kwargs"),
    [
        ("http://a/b", {"encoding": ""}),
        ("http://a/b", {"path_encoding": ""}),
        (b"http://a/b?q=1", {"encoding": ""}),
        ("http://a/\u00fc?q=\u00fc", {"encoding": ""}),
    ],
)
def test_an_empty_encoding_name_is_unknown(url: str | bytes, kwargs: dict[str, str]) -> None:
    """`str.encode("")` raises LookupError: so does relurl, where w3lib encodes (not for an
    unquoted path, which w3lib never encodes). canonicalize_url reads `encoding or "utf8"`."""
    for safe in (w3lib_url.safe_url_string, relurl.safe_url_string):
        with pytest.raises(LookupError):
            safe(url, **kwargs)  # type: ignore[operator]
    assert relurl.safe_url_string("http://a/b", path_encoding="", quote_path=False) == "http://a/b"
    assert relurl.canonicalize_url("http://a/b?x=\u00fc", encoding="") == "http://a/b?x=%C3%BC"


def test_keywords_and_defaults() -> None:
    url = "http://h/ñ?ñ"
    assert relurl.safe_url_string(url) == w3lib_url.safe_url_string(url)
    kwargs = {"encoding": "latin-1", "path_encoding": "cp1252", "quote_path": True}
    assert relurl.safe_url_string(url, **kwargs) == w3lib_url.safe_url_string(url, **kwargs)
    assert relurl.safe_url_string(url, quote_path=False) == "http://h/ñ?%C3%B1"


@pytest.mark.parametrize(
    "url",
    [
        "http://h/" + "é" * 10**6,
        "http://h/?" + "%" * 10**6,
        "http://" + "a." * 500_000 + "com/",
        "http://" + "a" * 10**6 + "/",
        " " * 10**6 + "http://h/",
        "http://h/" + "\t" * 10**6,
        "http://[" + ":" * 10**6 + "]/",
        "http://h:" + "1" * 10**6 + "/",
        "\\" * 10**6,
        ("http://h/" + "ж" * 10**6).encode("cp1251"),
    ],
    ids=lambda u: repr(u[:12]) + f"..{len(u)}",
)
def test_hostile_input_is_linear_and_exact(url: str | bytes) -> None:
    start = time.perf_counter()
    mine = outcome(relurl.safe_url_string, url, "cp1251", "utf-8", True)
    elapsed = time.perf_counter() - start
    assert mine == outcome(w3lib_url.safe_url_string, url, "cp1251", "utf-8", True)
    # Linear: a million characters take milliseconds, not the seconds a quadratic step
    # would (generous, for a loaded machine; speed is otherwise never asserted).
    assert elapsed < 5, elapsed


def test_py_version() -> None:
    """The answers depend on the running Python's urllib lists and Unicode; this records it."""
    assert sys.version_info >= (3, 9)


class _Url(str):
    """A `str` subclass, as a caller may pass."""


@pytest.mark.parametrize("url", ["http://example.com/a?b=c#d", "http://example.com/a b"])
def test_the_answer_is_a_str_as_w3lib_s(url: str) -> None:
    # An already safe URL is given back as it is when it is a `str`; a subclass's instance
    # (or bytes) still gives a plain `str`, as w3lib.
    for value in (url, _Url(url), url.encode()):
        answer = relurl.safe_url_string(value)
        assert type(answer) is str
        assert answer == w3lib_url.safe_url_string(value)
