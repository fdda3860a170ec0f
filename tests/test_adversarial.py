"""Adversarial input, each family through every entry point, each answer asserted exactly.

For every case of the table: `relurl.resolve` under both specs, `URL.resolve` and
`URL.resolve_many` on a parsed base (both specs), `relurl.urljoin` (which must give
exactly what `urllib.parse.urljoin` gives, value and type), `relurl.validate` and
`relurl.parse`. Resolution is total on `str`: the only errors are a lone surrogate
(`relurl.URLError` with the character position) and, for `validate`, what breaks the
RFC 1808 §2.2 grammar. docs/errors.md, "Bad input", is the prose for this table; the timing of the
same families at two sizes is benches/linearity.py.
"""

from __future__ import annotations

import functools
import sys
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, TypeVar

import pytest
import relurl

BASE = "http://a/b/c/d;p?q#f"
MEGA = 1_000_000


@dataclass(frozen=True)
class Raises:
    """A `relurl.URLError` at `position` (in characters) with `reason`."""

    position: int
    reason: str


Answer = str | Raises
Components = tuple[str, str, str, str, str, str] | Raises


@dataclass(frozen=True)
class Case:
    """`reference` resolved against BASE. Big strings are built when the test runs."""

    name: str
    reference: Callable[[], str]
    rfc1808: Callable[[str], Answer]
    rfc3986: Callable[[str], Answer]
    validate: Raises | None
    parse: Callable[[str], Components]


def path_only(ref: str) -> Components:
    return ("", "", ref, "", "", "")


def made(build: Callable[[], str]) -> Callable[[], str]:
    return cache(build)


def small(text: str) -> Callable[[], str]:
    return lambda: text


T = TypeVar("T")
Spec = Literal["rfc1808", "rfc3986"]
SPECS: tuple[Spec, Spec] = ("rfc1808", "rfc3986")


def same(answer: T) -> Callable[[str], T]:
    return lambda _ref: answer


def appended(prefix: str) -> Callable[[str], Answer]:
    return lambda ref: prefix + ref


def surrogate(position: int, unit: str) -> Raises:
    return Raises(position, f"lone surrogate U+{unit} cannot be encoded as UTF-8")


def non_ascii(char_shown: str | None, code: str, component: str = "path") -> Raises:
    shown = f" U+{code}" if char_shown is None else f" '{char_shown}' (U+{code})"
    return Raises(1, f"non-ASCII character{shown} is not allowed in a {component}")


# One character of every Unicode plane, as the strict check shows it in its reason: quoted
# when printable, else (None) by its code point only. Plane 0 three times (2-byte, 3-byte,
# private use).
PLANES: list[tuple[int, str | None]] = [
    (0x0080, None),
    (0x0800, "\u0800"),
    (0xE000, None),  # BMP private use area
    (0x10000, "\U00010000"),
    (0x20000, "\U00020000"),
    (0x30000, "\U00030000"),
    *[(plane << 16, None) for plane in range(4, 14)],  # unassigned planes
    (0xE0000, None),
    (0xF0000, None),  # supplementary private use area A
    (0x100000, None),  # supplementary private use area B
    (0x10FFFF, None),
]

CONTROLS = [
    ("NUL", "\x00", "NUL (U+0000) is not allowed in a path"),
    ("tab", "\t", "tab (U+0009) is not allowed in a path"),
    ("newline", "\n", "line feed (U+000A) is not allowed in a path"),
    ("carriage return", "\r", "carriage return (U+000D) is not allowed in a path"),
    ("DEL", "\x7f", "control character U+007F is not allowed in a path"),
]

CASES: list[Case] = [
    Case(
        "10^6 '../' segments",
        made(lambda: "../" * MEGA + "g"),
        # RFC 1808 keeps the '..' that would climb above the root (section 5.2): /b/c/ absorbs two.
        lambda _ref: "http://a/" + "../" * (MEGA - 2) + "g",
        same("http://a/g"),
        None,
        path_only,
    ),
    Case(
        "10^6 './' segments",
        made(lambda: "./" * MEGA + "g"),
        same("http://a/b/c/g"),
        same("http://a/b/c/g"),
        None,
        path_only,
    ),
    Case(
        "10^6 empty segments in a relative path",
        made(lambda: "x" + "/" * MEGA + "g"),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        None,
        path_only,
    ),
    Case(
        "10^6 empty segments after an empty net_loc",
        made(lambda: "/" * MEGA + "g"),
        # '//' + empty net_loc: the base's net_loc is inherited (step 3), the path is absolute.
        lambda ref: "http://a" + ref[2:],
        # RFC 3986: the reference's (empty) authority is used.
        lambda ref: "http:" + ref,
        Raises(3, "a path cannot begin with an empty segment ('//' after the net_loc)"),
        lambda ref: ("", "", ref[2:], "", "", ""),
    ),
    Case(
        "10 MB href, one segment",
        made(lambda: "x" * 10 * MEGA),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        None,
        path_only,
    ),
    Case(
        "10 MB href, 5*10^6 segments",
        made(lambda: "a/" * 5 * MEGA),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        None,
        path_only,
    ),
    Case(
        "10 MB href with a space at the end",
        made(lambda: "x" * 10 * MEGA + " "),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        Raises(10 * MEGA, "space is not allowed in a path"),
        path_only,
    ),
    Case(
        "10^5 ';'",
        made(lambda: ";" * 100_000),
        # RFC 1808: params from the first ';' (section 2.4.5), non-empty, so the base's path
        # is kept and nothing after it (section 4 step 5a). RFC 3986: ';' is path data.
        appended("http://a/b/c/d"),
        appended("http://a/b/c/"),
        None,
        lambda ref: ("", "", "", ref[1:], "", ""),
    ),
    Case(
        "10^5 '?'",
        made(lambda: "?" * 100_000),
        appended("http://a/b/c/d;p"),
        appended("http://a/b/c/d;p"),
        None,
        lambda ref: ("", "", "", "", ref[1:], ""),
    ),
    Case(
        "10^5 ';' then 10^5 '?' after a segment",
        made(lambda: "g" + ";" * 100_000 + "?" * 100_000),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        None,
        lambda ref: ("", "", "g", ";" * 99_999, "?" * 99_999, ""),
    ),
    *[
        Case(
            f"{name} in a path",
            small("g" + char + "h"),
            appended("http://a/b/c/"),
            appended("http://a/b/c/"),
            Raises(1, reason),
            path_only,
        )
        for name, char, reason in CONTROLS
    ],
    Case(
        "NUL in a query",
        made(lambda: "g?a\x00b"),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        Raises(3, "NUL (U+0000) is not allowed in a query"),
        same(("", "", "g", "", "a\x00b", "")),
    ),
    Case(
        "lone surrogate D800 in a path",
        made(lambda: "g\ud800"),
        same(surrogate(1, "D800")),
        same(surrogate(1, "D800")),
        surrogate(1, "D800"),
        same(surrogate(1, "D800")),
    ),
    Case(
        "lone surrogate DFFF alone",
        made(lambda: "\udfff"),
        same(surrogate(0, "DFFF")),
        same(surrogate(0, "DFFF")),
        surrogate(0, "DFFF"),
        same(surrogate(0, "DFFF")),
    ),
    Case(
        "lone surrogate DC80 in a query, after astral characters (positions count characters)",
        made(lambda: "\U0001f600/\U0010ffff?\udc80"),
        same(surrogate(4, "DC80")),
        same(surrogate(4, "DC80")),
        surrogate(4, "DC80"),
        same(surrogate(4, "DC80")),
    ),
    *[
        Case(
            f"U+{code:04X} in a path",
            small("g" + chr(code)),
            appended("http://a/b/c/"),
            appended("http://a/b/c/"),
            non_ascii(shown, f"{code:04X}"),
            path_only,
        )
        for code, shown in PLANES
    ],
    Case(
        "U+10FFFF in a fragment",
        made(lambda: "g#\U0010ffff"),
        appended("http://a/b/c/"),
        appended("http://a/b/c/"),
        Raises(2, "non-ASCII character U+10FFFF is not allowed in a fragment"),
        same(("", "", "g", "", "", "\U0010ffff")),
    ),
]


def check(
    call: Callable[[], object], expected: object, batch_index: int | None = None, input_name: str | None = None
) -> None:
    """`call()` returns `expected`, or raises it; from a batch, naming the item `batch_index`;
    from a single resolution, naming the input that failed (`input_name`)."""
    if isinstance(expected, Raises):
        with pytest.raises(relurl.URLError) as info:
            call()
        assert type(info.value) is relurl.URLError
        assert (info.value.position, info.value.reason) == (expected.position, expected.reason)
        assert info.value.index == batch_index
        prefix = "" if batch_index is None else f"reference of item {batch_index}: "
        if input_name is not None:
            assert info.value.input == input_name
            prefix = f"{input_name}: "
        assert str(info.value) == f"{prefix}{expected.reason} (at position {expected.position})"
    else:
        got = call()
        assert type(got) is type(expected)
        assert got == expected  # (no pytest diff of 10 MB strings: compare lengths first below)


def check_text(call: Callable[[], object], expected: Answer) -> None:
    """`call()` (a resolution of the case's reference) returns `expected`, or raises it,
    naming the reference."""
    if isinstance(expected, str):
        got = call()
        assert isinstance(got, str) and type(got) is str
        assert len(got) == len(expected), (len(got), len(expected))
        assert got == expected, "same length, different text"
    else:
        check(call, expected, input_name="reference")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_resolve_both_specs(case: Case) -> None:
    ref = case.reference()
    check_text(lambda: relurl.resolve(BASE, ref), case.rfc1808(ref))
    check_text(lambda: relurl.resolve(BASE, ref, spec="rfc1808"), case.rfc1808(ref))
    check_text(lambda: relurl.resolve(BASE, ref, spec="rfc3986"), case.rfc3986(ref))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_url_resolve_and_resolve_many(case: Case) -> None:
    ref = case.reference()
    base = relurl.parse(BASE)
    answers: tuple[tuple[Spec, Answer], ...] = (("rfc1808", case.rfc1808(ref)), ("rfc3986", case.rfc3986(ref)))
    for spec, answer in answers:
        check_text(lambda: base.resolve(ref, spec=spec), answer)
        if isinstance(answer, str):
            got = base.resolve_many(["g", ref, ""], spec=spec)
            assert got[1] == answer
            assert got[0] == relurl.resolve(BASE, "g", spec=spec)
        else:
            check(lambda: base.resolve_many(["g", ref], spec=spec), answer, batch_index=1)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_urljoin_is_urllib(case: Case) -> None:
    ref = case.reference()
    expected = urllib.parse.urljoin(BASE, ref)
    got = relurl.urljoin(BASE, ref)
    assert type(got) is type(expected)
    assert len(got) == len(expected)
    assert got == expected
    # The same with the hostile text as the base.
    assert relurl.urljoin(ref, "g") == urllib.parse.urljoin(ref, "g")
    if ref.isascii():
        assert relurl.urljoin(BASE.encode(), ref.encode()) == urllib.parse.urljoin(BASE.encode(), ref.encode())


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_validate(case: Case) -> None:
    ref = case.reference()
    if case.validate is None:
        relurl.validate(ref)  # no exception
        assert tuple(relurl.parse(ref, strict=True)) == case.parse(ref)
    else:
        check(lambda: relurl.validate(ref), case.validate)
        check(lambda: relurl.parse(ref, strict=True), case.validate)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_parse(case: Case) -> None:
    ref = case.reference()
    expected = case.parse(ref)
    if isinstance(expected, Raises):
        check(lambda: relurl.parse(ref), expected)
        check(lambda: relurl.URL(ref), expected)
    else:
        url = relurl.parse(ref)
        assert tuple(url) == expected
        assert (url.scheme, url.netloc, url.path, url.params, url.query, url.fragment) == expected


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_text_as_the_base(case: Case) -> None:
    """The reference as a base: a surrogate still raises (position in the base); everything
    else resolves, and an empty reference gives the base back (section 4 step 2a)."""
    ref = case.reference()
    for spec in SPECS:
        answer = case.rfc1808(ref)
        if isinstance(answer, Raises):
            check(lambda: relurl.resolve(ref, "g", spec=spec), answer, input_name="base")
        else:
            assert isinstance(relurl.resolve(ref, "g", spec=spec), str)
            assert relurl.resolve(ref, "", spec=spec) == (ref if spec == "rfc1808" else ref.split("#")[0])


# -- Bases that are not absolute ----------------------------------------------------------------

# (base, reference, RFC 1808, RFC 3986). RFC 1808 section 4 step 1: an empty base leaves the
# reference as it is; otherwise the steps run on whatever components the base has. RFC 3986
# section 5.2.2 runs on them the same way (remove_dot_segments included), and
# urllib.parse.urljoin gives its own answer (compared below).
NOT_ABSOLUTE: list[tuple[str, str, str, str]] = [
    ("a/b", "g", "a/g", "a/g"),
    ("a/b", "../g", "g", "/g"),
    ("a/b", "", "a/b", "a/b"),
    ("a/b", "?y", "a/b?y", "a/b?y"),
    ("a/b", ";x", "a/b;x", "a/;x"),
    ("a/b", "#s", "a/b#s", "a/b#s"),
    ("a/b", "//g", "//g", "//g"),
    ("a/b", "/g", "/g", "/g"),
    ("//host", "g", "//host/g", "//host/g"),
    ("//host", "../g", "//host/../g", "//host/g"),
    ("//host", "", "//host", "//host"),
    ("//host", "?y", "//host/?y", "//host?y"),
    ("//host", ";x", "//host/;x", "//host/;x"),
    ("//host", "#s", "//host#s", "//host#s"),
    ("/x", "g", "/g", "/g"),
    ("/x", "../g", "/../g", "/g"),
    ("/x", "", "/x", "/x"),
    ("/x", "?y", "/x?y", "/x?y"),
    ("/x", ";x", "/x;x", "/;x"),
    ("", "g", "g", "g"),
    ("", "../g", "../g", "g"),
    ("", "", "", ""),
    ("", "?y", "?y", "?y"),
    ("", "#s", "#s", "#s"),
    ("", "//g", "//g", "//g"),
]

BASE_COMPONENTS = {
    "a/b": ("", "", "a/b", "", "", ""),
    "//host": ("", "host", "", "", "", ""),
    "/x": ("", "", "/x", "", "", ""),
    "": ("", "", "", "", "", ""),
}


@pytest.mark.parametrize(("base", "ref", "rfc1808", "rfc3986"), NOT_ABSOLUTE)
def test_base_that_is_not_absolute(base: str, ref: str, rfc1808: str, rfc3986: str) -> None:
    assert relurl.resolve(base, ref) == rfc1808
    assert relurl.resolve(base, ref, spec="rfc3986") == rfc3986
    parsed = relurl.parse(base)
    assert parsed.resolve(ref) == rfc1808
    assert parsed.resolve(ref, spec="rfc3986") == rfc3986
    assert parsed.resolve_many([ref, ref]) == [rfc1808, rfc1808]
    assert relurl.urljoin(base, ref) == urllib.parse.urljoin(base, ref)
    relurl.validate(base)  # each is a valid relativeURL (section 2.2): no exception
    assert tuple(parsed) == BASE_COMPONENTS[base]


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_a_huge_result_does_not_keep_its_buffer() -> None:
    # Each thread reuses one output buffer; after a 64 MB result it is given back, so the
    # memory returns once the result and the input are dropped (glibc returns large blocks).
    before = _rss_kib()
    for call in (relurl.resolve, relurl.urljoin):
        ref = "g" * (64 << 20)
        result = call(BASE, ref)
        assert len(result) > len(ref)
        del ref, result
    assert _rss_kib() - before < 32 << 10


# -- Link extraction and the base of a document (relurl.extract_links, relurl.establish_base) --
#
# Each reference of CASES as the href of a page, and as each layer of establish_base, with
# BASE as the page's URL. A str page reads a lone surrogate as one U+FFFD (as the DOM has
# it) and NUL as U+FFFD (HTML's attribute value states); both never raise. The value is then
# stripped of ASCII whitespace and resolved: the answer is the table's for that value. In
# establish_base, a layer given as a str argument is borrowed as UTF-8, so a lone surrogate
# raises the table's URLError (at the same position in the header value).

ASCII_WHITESPACE = "\t\n\x0c\r "

#: The cases whose answer is a URLError for the surrogate: in a page, the surrogate is one
#: U+FFFD, and the value resolves like any relative path.
SURROGATE_CASES = {case.name for case in CASES if case.name.startswith("lone surrogate")}


def in_an_attribute(ref: str) -> str:
    """`ref` as a double-quoted attribute value whose DOM value is `ref` (as far as HTML can
    carry it: NUL cannot be, a lone surrogate cannot be encoded)."""
    return ref.replace("&", "&amp;").replace('"', "&quot;").replace("\r", "&#13;")


def dom_value(ref: str) -> str:
    """What the tokenizer gives back for in_an_attribute(ref) in a str page."""
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" or c == "\x00" else c for c in ref)


def answer_for(case: Case, spec: Spec, value: str) -> Answer:
    """The table's answer for `value` (a reference that has been through a page or a header)."""
    if case.name in SURROGATE_CASES and "\ufffd" in value:
        return "http://a/b/c/" + value
    return (case.rfc1808 if spec == "rfc1808" else case.rfc3986)(value)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_extract_links(case: Case) -> None:
    ref = case.reference()
    html = f'<a href="{in_an_attribute(ref)}">t</a>'
    raw = dom_value(ref)
    for spec in SPECS:
        expected = answer_for(case, spec, raw.strip(ASCII_WHITESPACE))
        assert isinstance(expected, str)
        (link,) = relurl.extract_links(html, BASE, spec=spec)
        assert (link.tag, link.attr, link.special) == ("a", "href", None)
        assert type(link.raw) is str and len(link.raw) == len(raw) and link.raw == raw
        check_text(functools.partial(getattr, link, "url"), expected)
        assert relurl.extract_links(html, BASE, spec=spec, skip_special=True) == [link]
    if ref.isascii() and "\x00" not in ref:
        assert relurl.extract_links(html.encode(), BASE) == relurl.extract_links(html, BASE)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_establish_base(case: Case) -> None:
    ref = case.reference()
    stripped = ref.strip(ASCII_WHITESPACE)
    for spec in SPECS:
        expected = answer_for(case, spec, stripped)
        layers: list[tuple[dict[str, object], str]] = [
            ({"html_base_href": ref}, "html"),
            ({"headers": {"Content-Location": ref}}, "content-location"),
            ({"headers": [("Content-Base", ref)]}, "content-base"),
            ({"encapsulating_base": ref}, "encapsulating"),
        ]
        for kwargs, source in layers:
            call = functools.partial(relurl.establish_base, retrieval_url=BASE, spec=spec, **kwargs)
            if isinstance(expected, Raises):
                check(call, expected)
            else:
                got = call()
                assert got.source == source
                check_text(functools.partial(getattr, got, "url"), expected)
        # Found in the page: the DOM value, as extract_links reads it.
        got = relurl.establish_base(retrieval_url=BASE, html=f'<base href="{in_an_attribute(ref)}">', spec=spec)
        assert got.source == "html"
        check_text(
            functools.partial(getattr, got, "url"), answer_for(case, spec, dom_value(ref).strip(ASCII_WHITESPACE))
        )
    # As the retrieval URL alone: RFC 1808 section 4 step 1, the value itself (stripped).
    if isinstance(case.rfc1808(ref), Raises):
        check(lambda: relurl.establish_base(retrieval_url=ref), case.rfc1808(ref))
    else:
        got = relurl.establish_base(retrieval_url=ref)
        assert got.source == "retrieval"
        check_text(lambda: got.url, stripped)


# -- relurl.arrow: every case through relurl.arrow.resolve and relurl.arrow.parse ----------------
# (issue 10 item 23.) A Python str with a lone surrogate cannot go into an Arrow column; its
# Arrow counterpart is the same text encoded with 'surrogatepass', bytes that are not UTF-8
# (ED A0 80 ...), which fail at the same character position with the invalid-UTF-8 reason.

NOT_UTF8_AT_ED = "invalid UTF-8: byte 0xED is not part of a valid UTF-8 sequence"


def _arrow_column(text: str) -> Any:
    pa = pytest.importorskip("pyarrow")
    try:
        return pa.array([text], pa.string())
    except UnicodeEncodeError:
        return pa.array([text.encode("utf-8", "surrogatepass")], pa.binary()).view(pa.string())


def _arrow_expected(expected: T) -> T | Raises:
    if isinstance(expected, Raises) and expected.reason.startswith("lone surrogate"):
        return Raises(expected.position, NOT_UTF8_AT_ED)
    return expected


def _arrow_check(call: Callable[[], object], expected: object, prefix: str, input_: str | None) -> None:
    """`call()` gives the one-row column `[expected]`, or raises it naming row 0."""
    pa = pytest.importorskip("pyarrow")
    if isinstance(expected, Raises):
        with pytest.raises(relurl.URLError) as info:
            call()
        assert (info.value.position, info.value.reason) == (expected.position, expected.reason)
        assert (info.value.index, info.value.input) == (0, input_)
        assert str(info.value) == f"{prefix}{expected.reason} (at position {expected.position})"
        return
    (got,) = pa.array(call()).to_pylist()
    if isinstance(got, dict):
        got = tuple(got[name] for name in ("scheme", "netloc", "path", "params", "query", "fragment"))
    assert type(got) is type(expected)
    assert len(got) == len(expected)  # type: ignore[arg-type]
    assert got == expected, "same length, different value"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_arrow_resolve_and_parse(case: Case) -> None:
    import relurl.arrow

    ref = case.reference()
    column, g = _arrow_column(ref), _arrow_column("g")
    answers: tuple[tuple[Spec, Answer], ...] = (("rfc1808", case.rfc1808(ref)), ("rfc3986", case.rfc3986(ref)))
    for spec, answer in answers:
        expected = _arrow_expected(answer)

        def by_reference(spec: Spec = spec) -> object:
            return relurl.arrow.resolve(BASE, column, spec=spec)

        def by_base(spec: Spec = spec) -> object:
            return relurl.arrow.resolve(column, g, spec=spec)

        _arrow_check(by_reference, expected, "reference of item 0: ", "reference")
        # The hostile text as a column of bases: as relurl.resolve(ref, "g") answers.
        as_base: Answer = expected if isinstance(expected, Raises) else relurl.resolve(ref, "g", spec=spec)
        _arrow_check(by_base, as_base, "base of item 0: ", "base")
    strict = _arrow_expected(case.validate) if case.validate is not None else case.rfc1808(ref)
    _arrow_check(lambda: relurl.arrow.resolve(BASE, column, strict=True), strict, "reference of item 0: ", "reference")
    _arrow_check(lambda: relurl.arrow.parse(column), _arrow_expected(case.parse(ref)), "item 0: ", None)
