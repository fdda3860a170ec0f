"""relurl.urljoin / urlsplit / urlparse against the running Python's urllib.parse: the same
value of the same type, or the same exception type with the same message, for every input.

Differential throughout: every (base, href) pair of the link corpus (tests/data/corpus_pairs.json,
copied from ../shared/corpus/links.jsonl), the inputs of CPython's own test_urlparse.py
(tests/data/urljoin_cases.json), and at least 20,000 hypothesis cases per run.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
import relurl
from conftest import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from relurl._relurl import _testing

Outcome = tuple[Any, ...]

#: Hypothesis examples per test (each test checks that it ran that many).
FULL_EXAMPLES = {
    "join_str": 14000,
    "join_bytes": 4000,
    "join_bytes_non_ascii": 2000,
    "split_str": 15000,
    "split_bytes": 5000,
}
# At least 20,000 generated cases per run for urljoin, and as many for urlsplit/urlparse.
assert FULL_EXAMPLES["join_str"] + FULL_EXAMPLES["join_bytes"] + FULL_EXAMPLES["join_bytes_non_ascii"] >= 20_000
assert FULL_EXAMPLES["split_str"] + FULL_EXAMPLES["split_bytes"] >= 20_000
#: RELURL_HYPOTHESIS_SHARE=0.1 runs a tenth of them: CI's second pass over the suite, against
#: the installed wheel (scripts/wheel_check.sh), after the full count ran from the checkout.
SHARE = float(os.environ.get("RELURL_HYPOTHESIS_SHARE", "1"))
EXAMPLES = {name: max(100, int(count * SHARE)) for name, count in FULL_EXAMPLES.items()}

ATTRIBUTES = ("hostname", "port", "username", "password")


@pytest.fixture(autouse=True)
def twins_run_in_rust() -> None:
    """A twin that hands every call to urllib would pass any comparison: it must not."""
    assert _testing._urllib_dialect()["delegate_all"] is False


def outcome(function: Callable[..., Any], *args: Any) -> Outcome:
    """The result and its type, or the exception's type and message."""
    try:
        result = function(*args)
    except Exception as e:
        return ("raised", type(e), str(e))
    return ("returned", type(result), result)


def split_outcome(function: Callable[..., Any], *args: Any) -> Outcome:
    """As outcome(), plus the attributes a crawler reads (each may raise) and geturl()."""
    first = outcome(function, *args)
    if first[0] == "raised":
        return first
    result = first[2]
    attributes = tuple(outcome(getattr, result, name) for name in ATTRIBUTES)
    return (*first, tuple(result), attributes, outcome(result.geturl))


def join_differences(pairs: list[tuple[Any, ...]]) -> list[str]:
    return [
        f"urljoin{args!r}: urllib {want!r}, relurl {got!r}"
        for args in pairs
        if (want := outcome(urllib.parse.urljoin, *args)) != (got := outcome(relurl.urljoin, *args))
    ]


def split_differences(rows: list[tuple[Any, ...]]) -> list[str]:
    differences = []
    for args in rows:
        for name in ("urlsplit", "urlparse"):
            want = split_outcome(getattr(urllib.parse, name), *args)
            got = split_outcome(getattr(relurl, name), *args)
            if want != got:
                differences.append(f"{name}{args!r}: urllib {want!r}, relurl {got!r}")
    return differences


def assert_none(differences: list[str]) -> None:
    assert not differences, f"{len(differences)} differences, first ones:\n" + "\n".join(differences[:20])


# -- The link corpus -----------------------------------------------------------------------


def corpus() -> tuple[list[str], list[tuple[str, str]]]:
    with open(DATA / "corpus_pairs.json", encoding="utf-8") as f:
        data = json.load(f)
    bases: list[str] = data["bases"]
    return bases, [(bases[i], href) for i, href in data["pairs"]]


def test_corpus_urljoin_every_pair() -> None:
    _, pairs = corpus()
    assert len(pairs) == 8945
    assert_none(join_differences(list(pairs)))
    assert_none(join_differences([(b, h, False) for b, h in pairs]))


def test_corpus_urljoin_bytes() -> None:
    _, pairs = corpus()
    encoded = [(b.encode("utf-8"), h.encode("utf-8")) for b, h in pairs]
    assert_none(join_differences(encoded))  # non-ASCII ones raise urllib's UnicodeDecodeError


def test_corpus_urlsplit_urlparse_every_url() -> None:
    bases, pairs = corpus()
    urls = sorted(set(bases) | {h for _, h in pairs})
    assert len(urls) > 5000
    assert_none(split_differences([(u,) for u in urls]))
    assert_none(split_differences([(u, "", False) for u in urls]))


# -- CPython's own test inputs -------------------------------------------------------------


def cases() -> dict[str, Any]:
    with open(DATA / "urljoin_cases.json", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def test_cpython_test_suite_inputs() -> None:
    inputs = cases()["inputs"]
    assert_none(join_differences([tuple(row) for row in inputs["urljoin"]]))
    assert_none(split_differences([tuple(row) for row in inputs["urlsplit"] + inputs["urlparse"]]))


def test_stored_expectations_are_this_urllib() -> None:
    """The file's answers for this Python version (when it has them) are urllib's own."""
    data = cases()
    version = "{}.{}.{}".format(*sys.version_info[:3])
    if version not in data["expected"]:
        pytest.skip(f"no stored answers for Python {version}")
    answers = data["expected"][version]
    for function in ("urljoin", "urlsplit", "urlparse"):
        for row, want in zip(data["inputs"][function], answers[function], strict=False):
            got = outcome(getattr(urllib.parse, function), *row)
            got_json = {"error": got[1].__name__, "message": got[2]} if got[0] == "raised" else got[2]
            assert (list(got_json) if isinstance(got_json, tuple) else got_json) == want, (function, row)


# -- Hypothesis: inputs rich in delimiters -------------------------------------------------

TOKENS = [
    *["/", ".", "..", ";", "?", "#", ":", "@", "%", "\\", "//", "[", "]", "./", "../", "=", "&", "%2e", "%2E"],
    *[
        "http:",
        "https:",
        "ftp:",
        "file:",
        "mailto:",
        "javascript:",
        "data:",
        "x+y:",
        "HTTP:",
        "svn+ssh:",
        "1a:",
        "tel:",
    ],
    *["a", "b", "g", "h", "::1", "v1.x", "1.2.3.4", "user:pw@", ":80", ":x", "%25eth0"],
    *["\u00e9", "\u4e2d", "\uff0f", "\u2100", "\uff03", "\uff20"],
    *[" ", "\t", "\n", "\r", "\x00", "\x1f", "\x01"],
]
ASCII_TOKENS = [t for t in TOKENS if t.isascii()]
BASES = ["http://a/b/c/d;p?q#f", "https://h/x/y", "http://a", "file:///etc/x", "//h/p", "a/b", "/s/", "mailto:x@y", ""]


def urls(tokens: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(tokens), max_size=12).map("".join)


def bases(tokens: list[str]) -> st.SearchStrategy[str]:
    pinned = [b for b in BASES if all(c.isascii() for c in b)]
    return st.one_of(
        st.sampled_from(pinned), urls(tokens), st.tuples(st.sampled_from(pinned), urls(tokens)).map("".join)
    )


SCHEMES = st.one_of(st.sampled_from(["", "http", "HTTP", " x ", "\tftp\n", "mailto", "x+y"]), urls(ASCII_TOKENS))


def run_counted(name: str, check: Callable[..., None], *strategies: st.SearchStrategy[Any]) -> None:
    """Runs `check` on EXAMPLES[name] generated cases and checks that many were run."""
    count = 0

    @settings(max_examples=EXAMPLES[name], deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.tuples(*strategies))
    def counted(args: tuple[Any, ...]) -> None:
        nonlocal count
        count += 1
        check(*args)

    counted()
    assert count >= EXAMPLES[name]


def check_join(base: Any, url: Any, allow_fragments: bool) -> None:
    assert_none(join_differences([(base, url), (base, url, allow_fragments)]))


def test_hypothesis_urljoin_str() -> None:
    run_counted("join_str", check_join, bases(TOKENS), urls(TOKENS), st.booleans())


def test_hypothesis_urljoin_bytes() -> None:
    encode = st.builds(str.encode, bases(ASCII_TOKENS)), st.builds(str.encode, urls(ASCII_TOKENS))
    run_counted("join_bytes", check_join, *encode, st.booleans())


def test_hypothesis_urljoin_bytes_non_ascii() -> None:
    """Non-ASCII bytes: urllib's UnicodeDecodeError (or its early return), never a mix-up."""
    raw = st.lists(
        st.sampled_from([t.encode() for t in ASCII_TOKENS] + [b"\xff", b"\xc3\xa9", b"\x80", b"\xe4\xb8\xad"]),
        max_size=8,
    )
    data = raw.map(b"".join)
    run_counted("join_bytes_non_ascii", check_join, data, data, st.booleans())


def check_split(url: Any, scheme: Any, allow_fragments: bool) -> None:
    assert_none(split_differences([(url,), (url, scheme), (url, scheme, allow_fragments)]))


def test_hypothesis_urlsplit_urlparse_str() -> None:
    run_counted("split_str", check_split, urls(TOKENS), SCHEMES, st.booleans())


def test_hypothesis_urlsplit_urlparse_bytes() -> None:
    encode = st.builds(str.encode, urls(ASCII_TOKENS)), st.builds(str.encode, SCHEMES)
    run_counted("split_bytes", check_split, *encode, st.booleans())


# -- Arguments of every kind ---------------------------------------------------------------


class Text(str):
    pass


class Data(bytes):
    pass


ODD = [None, 0, 1, 1.5, "", b"", Text("g"), Data(b"g"), bytearray(b"g"), memoryview(b"g"), ["g"], object()]


@pytest.mark.parametrize("odd", ODD, ids=repr)
def test_odd_arguments_get_urllibs_answer(odd: object) -> None:
    joins: list[tuple[Any, ...]] = [
        (odd, "g"),
        (odd, b"g"),
        ("http://a/b", odd),
        (b"http://a/b", odd),
        (odd, odd),
        ("", odd),
        (odd, ""),
        ("http://a/b", "g", odd),
        ("http://a/b", "", odd),
    ]
    assert_none(join_differences(joins))
    splits: list[tuple[Any, ...]] = [
        (odd,),
        ("http://a/b", odd),
        (b"http://a/b", odd),
        ("http://a/b", "", odd),
        (odd, "", odd),
    ]
    assert_none(split_differences(splits))


def test_empty_none_and_mixed_types() -> None:
    assert_none(
        join_differences(
            [
                ("", "x"),
                ("x", ""),
                ("", ""),
                (b"", b""),
                (None, "x"),
                ("x", None),
                (None, None),
                (b"", "x"),
                ("x", b""),
                (b"http://a/", "x"),
                ("http://a/", b"x"),
                (b"\xff", "x"),
                ("x", b"\xff"),
                ("http://a/", "x\udc80"),
                ("http://a/\udc80", "x"),
                (b"http://a/", b"\xc3\xa9"),
            ]
        )
    )
    assert_none(
        split_differences(
            [
                (b"http://a", ""),
                ("http://a", b""),
                (b"http://a", "x"),
                ("http://a", b"x"),
                (b"a", b"x"),
                (b"\xff",),
                ("a\udc80",),
            ]
        )
    )


def test_unchanged_arguments_are_returned_themselves() -> None:
    url = "https://h/x"
    assert relurl.urljoin("", url) is url
    assert relurl.urljoin(url, "") is url
    assert relurl.urljoin("http://a/b", url) is url  # written out, equal to the input
    assert relurl.urljoin("http://a/b", "mailto:x" + url) == "mailto:x" + url
    data = b"mailto:x"
    assert relurl.urljoin(b"http://a/", data) is data


def test_results_are_urllibs_own_classes() -> None:
    for function, cls, cls_bytes in (
        (relurl.urlsplit, urllib.parse.SplitResult, urllib.parse.SplitResultBytes),
        (relurl.urlparse, urllib.parse.ParseResult, urllib.parse.ParseResultBytes),
    ):
        r = function("HTTP://User:Pw@[::1]:8080/p;x?q#f")
        assert type(r) is cls
        assert (r.hostname, r.port, r.username, r.password) == ("::1", 8080, "User", "Pw")
        assert type(function(b"http://h/")) is cls_bytes
        assert r.geturl() == "http://User:Pw@[::1]:8080/p;x?q#f"
        assert type(r._replace(scheme="x")) is cls


def test_scheme_list_changes_are_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = [("x+y://h/a/b", "c"), ("x+y:/a/b", "../c"), ("x+y://h/a;p", "b;q")]
    before = [relurl.urljoin(*p) for p in pairs]
    assert before == [urllib.parse.urljoin(*p) for p in pairs] == ["c", "../c", "b;q"]
    for name in ("uses_relative", "uses_netloc", "uses_params"):
        monkeypatch.setattr(urllib.parse, name, getattr(urllib.parse, name))  # restored afterwards
        getattr(urllib.parse, name).append("x+y")
    try:
        assert_none(join_differences(pairs))
        assert_none(split_differences([("x+y://h/a;p",)]))
        assert [relurl.urljoin(*p) for p in pairs] != before
    finally:
        for name in ("uses_relative", "uses_netloc", "uses_params"):
            getattr(urllib.parse, name).remove("x+y")
    assert [relurl.urljoin(*p) for p in pairs] == before


def test_scheme_list_changes_that_keep_a_length_are_followed() -> None:
    """An item replaced in place, or one removed and another appended (the same length):
    the twin reads the lists again, as urllib reads them on every call."""
    relative = urllib.parse.uses_relative
    saved = list(relative)
    pairs = [("http://a/b", "c"), ("zzz://a/b", "c")]
    try:
        relative.remove("http")
        relative.append("zzz")
        assert [relurl.urljoin(*p) for p in pairs] == [urllib.parse.urljoin(*p) for p in pairs] == ["c", "zzz:/c"]
        relative[relative.index("zzz")] = "http"
        assert [relurl.urljoin(*p) for p in pairs] == [urllib.parse.urljoin(*p) for p in pairs] == ["http://a/c", "c"]
    finally:
        relative[:] = saved
    assert [relurl.urljoin(*p) for p in pairs] == ["http://a/c", "c"]


def test_twins_can_replace_urllibs_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    real_join = urllib.parse.urljoin
    for name in ("urljoin", "urlsplit", "urlparse"):
        monkeypatch.setattr(urllib.parse, name, getattr(relurl, name))
    # urllib's own functions now call the twins, which hand odd input to urllib's own: no loop.
    odd: Any = bytearray(b"http://a/b")
    assert urllib.parse.urljoin(odd, b"c") == b"http://a/c"
    assert real_join(odd, b"c") == b"http://a/c"
    assert real_join("http://a/b/c;p?q", "../g;x") == "http://a/g;x"
    assert urllib.parse.urldefrag("http://a/b#c") == ("http://a/b", "c")
    assert urllib.parse.urlparse(Text("http://a/b;p")).params == "p"


def test_dialect_was_recognised() -> None:
    found = _testing._urllib_dialect()
    assert found["python"] == "{}.{}.{}".format(*sys.version_info[:3])
    assert found["delegate_all"] is False, found


def test_long_dot_segment_chains_are_linear() -> None:
    base = "http://a/" + "b/" * 200_000
    url = "../" * 200_000 + "g"
    assert relurl.urljoin(base, url) == urllib.parse.urljoin(base, url) == "http://a/g"


def test_the_extension_loaded_on_its_own_first_does_not_deadlock() -> None:
    # `relurl._relurl` executed before the `relurl` package: the twins' first call must not
    # import the package (whose __init__ calls back into the state being built).
    import subprocess
    import sys

    import relurl._relurl

    code = f"""
import importlib.machinery, importlib.util, sys
path = {relurl._relurl.__file__!r}
loader = importlib.machinery.ExtensionFileLoader("relurl._relurl", path)
spec = importlib.util.spec_from_file_location("relurl._relurl", path, loader=loader)
module = importlib.util.module_from_spec(spec)
sys.modules["relurl._relurl"] = module
spec.loader.exec_module(module)
print(module.urljoin("http://a/b/c", "../d"))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd="/")
    assert (out.returncode, out.stdout.strip()) == (0, "http://a/d"), out.stderr
