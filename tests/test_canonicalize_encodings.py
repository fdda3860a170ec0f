"""relurl.canonicalize_url's `encoding=` and `query_separator=` against w3lib 2.5.0's:
every codec CPython has (UTF-8, Latin-1 and ASCII built into the core, the others asked of
CPython's codecs), on str and bytes URLs with non-ASCII hosts, paths, queries and fragments,
in the scalar and the Arrow forms; the answers equal, and the exceptions equal in type and
arguments (issue 22, items 2 and 4)."""

from __future__ import annotations

import codecs
import encodings
import pkgutil
import random
from typing import Any

import pytest
import relurl
from hypothesis import given, settings
from hypothesis import strategies as st
from test_canonicalize import corpus_urls, make_url
from test_canonicalize import differences as compared

w3lib_url = pytest.importorskip("w3lib.url")


def outcome(f: Any, url: Any, **kwargs: Any) -> tuple[Any, ...]:
    """The answer, or the exception's type and arguments (a ValueError's type only: its
    message quotes a host as Python's repr does, which relurl does not reproduce, issue 22
    item 2 is not about it)."""
    try:
        return ("ok", f(url, **kwargs))
    except ValueError as e:
        if isinstance(e, UnicodeError):
            return ("error", type(e), e.args)
        return ("error", type(e))
    except Exception as e:
        return ("error", type(e), e.args)


def differences(urls: list[Any], **kwargs: Any) -> list[tuple[Any, ...]]:
    """`test_canonicalize.differences`, exceptions compared by `outcome` (their arguments)."""
    return compared(urls, judge=outcome, **kwargs)


def python_codecs() -> list[str]:
    """Every module of the `encodings` package that is a codec (text or not), by its name."""
    names = []
    for module in sorted(m.name for m in pkgutil.iter_modules(encodings.__path__)):
        try:
            codecs.lookup(module)
        except LookupError:
            continue
        names.append(module)
    return names


# Aliases as users write them, the issue's among them.
ALIASES = ["cp1251", "windows-1251", "iso2022jp", "ISO-2022-JP", "shift_jis", "SJIS", "euc-kr", "gb18030"]
ALIASES += ["cp437", "utf-16", "UTF-16LE", "utf-32", "utf8", "UTF-8", "latin1", "iso-8859-1", "L1", "US-ASCII"]
ALIASES += ["koi8-r", "big5", "utf-7", "idna", "punycode", "unicode_escape", "rot13", "hex", "base64"]
ALIASES += ["no-such-codec", "", "utf_8_sig", "mbcs"]
ENCODINGS = sorted(set(python_codecs()) | set(ALIASES))

TEXTS = ["\u00e9", "\u0436\u0443\u043a", "\u3042\u30a2\u4e9c", "\ud55c", "\u20ac", "\u2603", "\U0001f600", "\u00ff~"]
STR_URLS = ["http://h/", "http://h/?", "http://h/#", "http://h/?a=1&b", "http://h/p?b=2&a=1#f", "mailto:a@b?x"]
for text in TEXTS:
    STR_URLS += [
        f"http://h/?q={text}",
        f"http://h/{text}?q={text}&a=%E9#{text}",
        f"https://h/p#{text}",
        f"http://{text}.com/?{text}",
        f"HTTP://u:{text}@H:80/{text}/../x?{text}=1&{text}",
        f"foo:{text}?a+b={text}",
    ]


def bytes_urls(encoding: str) -> list[bytes]:
    """The URLs as the page of that encoding gives them (where it can), and raw bytes."""
    out = [b"http://h/?q=\xe9\xff", b"http://h/\x82\xa0?\x82\xa0&\x1b$B\x00", b"http://h/?a=\x00\x80#\xfe"]
    for url in STR_URLS:
        try:
            out.append(url.encode(encoding))
        except (UnicodeError, LookupError, TypeError):
            out.append(url.encode("utf-8", "replace"))
    return out


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_python_codec(encoding: str) -> None:
    urls = STR_URLS + bytes_urls(encoding)
    assert differences(urls, encoding=encoding) == []
    assert differences(urls[::3], encoding=encoding, keep_fragments=True, keep_blank_values=False) == []


def test_the_issue_s_encodings() -> None:
    # Once refused (NotImplementedError); now w3lib's answers.
    assert relurl.canonicalize_url("http://h/?q=\u0436", encoding="cp1251") == "http://h/?q=%E6"
    assert relurl.canonicalize_url("http://h/?q=\u3042", encoding="shift_jis") == "http://h/?q=%82%A0"
    assert relurl.canonicalize_url("http://h/?q=\u3042", encoding="iso2022jp") == "http://h/?q=%1B%24B%24%22%1B%28B"
    # A character the encoding lacks (Thai): the whole query and fragment in UTF-8 (w3lib's
    # fallback).
    url = "http://h/?q=\u3042\u0e01#\u3042"
    assert relurl.canonicalize_url(url, encoding="shift_jis", keep_fragments=True) == (
        "http://h/?q=%E3%81%82%E0%B8%81#%E3%81%82"
    )
    assert differences([url], encoding="shift_jis", keep_fragments=True) == []
    # A codec that encodes even an empty query (a byte order mark), as w3lib's.
    assert relurl.canonicalize_url("http://h/", encoding="utf-16") == "http://h/?%FF%FE="
    # An unknown codec raises where w3lib uses it: after a bad port, before an answer.
    with pytest.raises(ValueError, match="Port"):
        relurl.canonicalize_url("http://h:99999/", encoding="no-such-codec")
    with pytest.raises(LookupError, match="unknown encoding: no-such-codec"):
        relurl.canonicalize_url("http://h/", encoding="no-such-codec")


def test_w3lib_s_unicode_query_string_test() -> None:
    # w3lib's test_canonicalize_url_unicode_query_string, which failed with relurl's function.
    cases = [
        ("http://www.example.com/r\u00e9sum\u00e9?country=\u0420\u043e\u0441\u0441\u0438\u044f", {}),
        (
            "http://www.example.com/r\u00e9sum\u00e9?country=\u0420\u043e\u0441\u0441\u0438\u044f",
            {"encoding": "cp1251"},
        ),
        ("http://www.example.com/r\u00e9sum\u00e9?currency=\u20ac", {"encoding": "latin1"}),
        (
            "http://www.example.com/r\u00e9sum\u00e9?country=\u0420\u043e\u0441\u0441\u0438\u044f",
            {"encoding": "latin1"},
        ),
    ]
    for url, kwargs in cases:
        assert differences([url], **kwargs) == []
    assert relurl.canonicalize_url(cases[1][0], encoding="cp1251") == (
        "http://www.example.com/r%C3%A9sum%C3%A9?country=%D0%EE%F1%F1%E8%FF"
    )


NON_ASCII = [u for u in corpus_urls() if not u.isascii()]


@pytest.mark.parametrize("encoding", ["cp1251", "shift_jis", "iso2022jp", "euc-kr", "gb18030", "cp437", "utf-16"])
def test_corpus_non_ascii_urls(encoding: str) -> None:
    urls = NON_ASCII[:400]
    assert len(urls) > 10
    assert differences(urls, encoding=encoding, keep_fragments=True) == []
    assert differences([u.encode(encoding, "replace") for u in urls[::2]], encoding=encoding) == []


GENERATED_ENCODINGS = ["cp1251", "shift_jis", "iso2022jp", "euc-kr", "gb18030", "cp437", "utf-16", "big5", "koi8-r"]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64), st.sampled_from(GENERATED_ENCODINGS), st.booleans())
def test_hypothesis_urls_in_other_encodings(seed: int, encoding: str, keep: bool) -> None:
    """Generated URLs (non-ASCII hosts, paths, queries, fragments; controls, bad ports),
    as str and as bytes in the encoding."""
    rnd = random.Random(seed)
    urls: list[Any] = [make_url(rnd) for _ in range(6)]
    urls += [u.encode(encoding, "replace") for u in urls[:3]] + [rnd.randbytes(8) + b"?" + rnd.randbytes(8)]
    assert differences(urls, encoding=encoding, keep_fragments=keep, keep_blank_values=keep) == []


def test_separator_is_checked_where_w3lib_encodes_it() -> None:
    """Item 4: w3lib encodes `query_separator` only for a URL with a query, after splitting
    and encoding the URL."""
    cases: list[tuple[Any, str]] = [
        ("http://h/", "\ud800"),
        ("http://h/?a=1", "\ud800"),
        ("http://h/?a=1", "&\udfff;"),
        ("http://h/?\ud800", ""),
        ("http://h/?a", ""),
        ("http://h/", ""),
        ("http://h:x/?a", "\ud800"),
        ("http://h:x/?a", ""),
        (b"http://h/?a=\xff", "\ud800"),
    ]
    for url, separator in cases:
        expected = outcome(w3lib_url.canonicalize_url, url, query_separator=separator)
        got = outcome(relurl.canonicalize_url, url, query_separator=separator)
        if url == "http://h/?\ud800":
            # w3lib's UnicodeEncodeError names the query, relurl's the URL: the same type.
            assert (expected[:2], got[:2]) == (("error", UnicodeEncodeError), ("error", UnicodeEncodeError))
        else:
            assert got == expected, (url, separator)
    assert relurl.canonicalize_url("http://h/", query_separator="\ud800") == "http://h/"


def test_arrow_takes_every_encoding() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    urls = [*STR_URLS, *NON_ASCII[:200], "http://h:x/", None]
    for encoding in ["cp1251", "shift_jis", "iso2022jp", "utf-16", "idna", "latin1"]:
        expected = []
        for url in urls:
            result = None if url is None else outcome(w3lib_url.canonicalize_url, url, encoding=encoding)
            expected.append(result[1] if result and result[0] == "ok" else None)
        for threads in (1, 2):
            got = relurl.arrow.canonicalize_url(pa.array(urls), encoding=encoding, errors="null", threads=threads)
            assert pa.array(got).to_pylist() == expected, encoding
    # An exception of the codec comes out as it is, at its row.
    _, failures = relurl.arrow.canonicalize_url(
        pa.array(["http://h:x/", "http://h/"]), encoding="no-such-codec", errors="report"
    )
    assert [(f.index, type(f), f.args) for f in failures] == [  # type: ignore[attr-defined]
        (0, ValueError, ("item 0: Port could not be cast to integer value as x",)),
        (1, LookupError, ("item 1: unknown encoding: no-such-codec",)),
    ]
    _, failures = relurl.arrow.canonicalize_url(
        pa.array(["http://h/?a", "http://h/"]), query_separator="\ud800", errors="report"
    )
    assert [(f.index, type(f)) for f in failures] == [(0, UnicodeEncodeError)]  # type: ignore[attr-defined]


def test_without_w3lib_imported_relurl_registers_percentencode() -> None:
    """w3lib registers its `percentencode` error handler on import; without w3lib, relurl
    registers its own (same name: the `idna` codec's message repeats it), with the same bytes."""
    import json
    import subprocess
    import sys

    cases = [
        (b"http://h/?q=\xe9\xff\x82", "shift_jis"),
        (b"http://h/\x82\xa0?\xff", "cp932"),
        (b"http://\xff/", "idna"),
    ]
    cases += [(b"http://h/?\x00\xd8", "utf-16-le"), (b"http://h/?\x41-\x7e\xff", "ascii"), (b"\x1b$B\xff", "iso2022jp")]
    script = (
        "import json, sys, relurl\n"
        "out = []\n"
        "for url, encoding in json.loads(sys.stdin.read()):\n"
        "    try:\n"
        "        out.append(['ok', relurl.canonicalize_url(url.encode('latin-1'), encoding=encoding)])\n"
        "    except Exception as e:\n"
        "        out.append(['error', type(e).__name__, str(e)])\n"
        "assert 'w3lib' not in sys.modules\n"
        "print(json.dumps(out))\n"
    )
    payload = json.dumps([(url.decode("latin-1"), encoding) for url, encoding in cases])
    done = subprocess.run([sys.executable, "-c", script], input=payload, capture_output=True, text=True, check=True)
    expected = []
    for url, encoding in cases:
        try:
            expected.append(["ok", w3lib_url.canonicalize_url(url, encoding=encoding)])
        except Exception as e:
            expected.append(["error", type(e).__name__, str(e)])
    assert json.loads(done.stdout) == expected
    assert expected[2][0] == "error" and "percentencode" in expected[2][2]


def test_arrow_raises_what_is_not_an_exception_from_a_codec() -> None:
    """A codec written in Python runs the signal handlers: Ctrl-C inside it is its exception.
    A row's `Exception` is the row's failure (as `LookupError` above); `KeyboardInterrupt` and
    `SystemExit` stop the call whatever `errors=` says, and stop the batch at its next check
    (found by probes: they were rows, then raised only once every row had run)."""
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    raised: list[BaseException] = []
    calls = [0]

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        if text.isascii():  # ASCII as it is: the core then asks only for other text
            return text.encode("latin-1"), len(text)
        calls[0] += 1
        raise raised[-1]

    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        return bytes(data).decode("latin-1"), len(data)

    def search(name: str) -> codecs.CodecInfo | None:
        return codecs.CodecInfo(encode, decode, name="relurl-test-raising") if name == "relurl_test_raising" else None

    codecs.register(search)
    try:
        rows = 100_000
        urls = pa.array(["http://h/?q=\u0416", "http://h/"] * (rows // 2))
        for stop in (KeyboardInterrupt(), SystemExit(3)):
            raised.append(stop)
            for errors in ("null", "report", "raise"):
                calls[0] = 0
                with pytest.raises(type(stop)):
                    relurl.arrow.canonicalize_url(urls, encoding="relurl-test-raising", errors=errors)
                assert 0 < calls[0] < rows // 4, (errors, calls)
        # Any other exception is the row's failure, where w3lib raises it.
        raised.append(KeyError("k"))
        small = pa.array(["http://h/?q=\u0416", "http://h/"] * 50)
        result, failures = relurl.arrow.canonicalize_url(small, encoding="relurl-test-raising", errors="report")
        expected = [
            outcome(w3lib_url.canonicalize_url, url, encoding="relurl-test-raising") for url in small.to_pylist()
        ]
        assert [(f.index, type(f)) for f in failures] == [  # type: ignore[attr-defined]
            (row, e[1]) for row, e in enumerate(expected) if e[0] == "error"
        ]
        assert len(failures) == 50 and {type(f) for f in failures} == {KeyError}
        assert pa.array(result).to_pylist()[1] == "http://h/"
    finally:
        codecs.unregister(search)


def test_ctrl_c_while_a_codec_is_checked_is_raised() -> None:
    """A codec is checked once (does it write ASCII as it is?): Ctrl-C inside that check was
    taken for "no" and lost (found by a review); it is raised."""

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        raise KeyboardInterrupt

    def search(name: str) -> codecs.CodecInfo | None:
        if name != "relurl_test_interrupted":
            return None
        return codecs.CodecInfo(encode, lambda data, errors="strict": ("", 0), name="relurl-test-interrupted")

    codecs.register(search)
    try:
        with pytest.raises(KeyboardInterrupt):
            relurl.canonicalize_url("http://h/?q=\u0416", encoding="relurl-test-interrupted")
    finally:
        codecs.unregister(search)
