"""One error model: every URLError has `kind`, `reason`, `position` (characters), and in a
batch `index` and `input`; and the keywords `strict`, `spec`, `bases=None` and URL bases
work the same at every entry point."""

from __future__ import annotations

import pickle
import struct
from collections.abc import Callable
from typing import Any

import pyarrow as pa
import pytest
import relurl
import relurl.arrow

BASE = "http://a/b/c/d;p?q#f"


def _error(call: Callable[..., object], *args: Any, **kwargs: Any) -> relurl.URLError:
    """The URLError that `call(*args, **kwargs)` raises."""
    with pytest.raises(relurl.URLError) as info:
        call(*args, **kwargs)
    return info.value


def _not_utf8() -> Any:
    """A `string` array whose second row is the byte 0xFF (Arrow producers do not check)."""
    return pa.StringArray.from_buffers(2, pa.py_buffer(struct.pack("<3i", 0, 2, 3)), pa.py_buffer(b"ok\xff"))


@pytest.mark.parametrize(
    ("call", "kind", "position"),
    [
        (lambda: relurl.validate("http://a/b c"), "invalid_character", 10),
        (lambda: relurl.validate("http://a/%zz"), "bad_escape", 9),
        (lambda: relurl.validate("//a//b"), "empty_first_segment", 4),
        (lambda: relurl.parse("g\ud800"), "lone_surrogate", 1),
        (lambda: relurl.resolve("http://é/\udc80", "g"), "lone_surrogate", 9),
        (lambda: relurl.base_from_header("http://a/"), "bad_base_header", 0),
        (lambda: relurl.establish_base(headers={"Base": "<URL:http://a/"}), "bad_base_header", 14),
        (lambda: relurl.parse("http://a/", spec="rfc3986", strict=True), "strict_unavailable", None),
        (lambda: relurl.resolve("http://a/", "g", spec="rfc3986", strict=True), "strict_unavailable", None),
        (lambda: relurl.URL("http://a/").resolve("g", spec="rfc3986", strict=True), "strict_unavailable", None),
        (lambda: relurl.resolve_many(BASE, ["g"], spec="rfc3986", strict=True), "strict_unavailable", None),
        (lambda: relurl.arrow.resolve(BASE, pa.array(["g"]), spec="whatwg", strict=True), "strict_unavailable", None),
        (lambda: relurl.arrow.parse(pa.array(["x"]), spec="rfc3986", strict=True), "strict_unavailable", None),
        (lambda: relurl.arrow.parse(_not_utf8()), "invalid_utf8", 0),
    ],
)
def test_every_error_has_its_kind(call: Callable[[], object], kind: str, position: int | None) -> None:
    with pytest.raises(relurl.URLError) as info:
        call()
    error = info.value
    assert (error.kind, error.position) == (kind, position)
    assert isinstance(error, ValueError) and error.reason in str(error)
    if position is None:
        # Issue 22 item 20: an argument error names no position (no character is at fault).
        assert str(error) == error.reason and "position" not in str(error)
    else:
        assert str(error).endswith(f"{error.reason} (at position {position})")


def test_batch_errors_carry_the_row_and_the_input() -> None:
    _, failures = relurl.resolve_many(["http://a/", "http://a b/"], ["c d", "e"], strict=True, errors="report")
    assert [(f.kind, f.index, f.input, f.position) for f in failures] == [
        ("invalid_character", 0, "reference", 1),
        ("invalid_character", 1, "base", 8),
    ]
    assert (_error(relurl.parse, "a b", strict=True).index, _error(relurl.parse, "a b", strict=True).input) == (
        None,
        None,
    )


def test_arrow_parse_raises_a_url_error_with_the_global_row() -> None:
    """The row is counted across chunks, like relurl.arrow.resolve's."""
    urls = pa.chunked_array([["http://a/", "http://b/"], ["ok", "a b", "c d"]])
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.parse(urls, strict=True)
    error = info.value
    assert (error.kind, error.index, error.input, error.position) == ("invalid_character", 3, None, 1)
    assert str(error) == "item 3: space is not allowed in a path (at position 1)"
    _, failures = relurl.arrow.parse(urls, strict=True, errors="report")
    assert [f.index for f in failures] == [3, 4]
    # Without strict, parsing never fails on content.
    assert pa.chunked_array(relurl.arrow.parse(urls)).null_count == 0


def test_strict_on_resolve_checks_the_base_then_the_reference() -> None:
    assert relurl.resolve("http://a/b c", "g d") == "http://a/g d"
    for base in ("http://a/b c", relurl.URL("http://a/b c")):
        with pytest.raises(relurl.URLError) as info:
            relurl.resolve(base, "g d", strict=True)
        assert (info.value.kind, info.value.position) == ("invalid_character", 10)
    with pytest.raises(relurl.URLError) as info:
        relurl.resolve("http://a/b", "g d", strict=True)
    assert (info.value.kind, info.value.position) == ("invalid_character", 1)
    assert relurl.resolve("http://a/b", "g", strict=True) == "http://a/g"
    with pytest.raises(relurl.URLError, match="not available with spec='rfc3986'"):
        relurl.resolve("http://a/b", "g", spec="rfc3986", strict=True)
    # A URL parsed by RFC 3986 resolves by it, so strict is refused without a spec too.
    with pytest.raises(relurl.URLError) as info:
        relurl.resolve(relurl.URL("http://a/b", "rfc3986"), "g", strict=True)
    assert info.value.kind == "strict_unavailable"


def test_a_single_resolution_names_the_input_that_failed() -> None:
    """`.input` and the message say whether the base or the reference failed (found by a
    new user's walk: a base without a scheme under the URL Standard read as if no base had
    been given)."""
    cases: list[tuple[Callable[[], object], str, str, int]] = [
        (lambda: relurl.resolve("/a/b", "../g", spec="whatwg"), "base", "missing_scheme_non_relative_url", 0),
        (lambda: relurl.resolve("http://a/", "http://[::1", spec="whatwg"), "reference", "ipv6_unclosed", 7),
        (lambda: relurl.resolve("http://[::1", "g", spec="whatwg"), "base", "ipv6_unclosed", 7),
        (lambda: relurl.resolve("http://a b/", "g", strict=True), "base", "invalid_character", 8),
        (lambda: relurl.resolve("http://a/", "a b", strict=True), "reference", "invalid_character", 1),
        (lambda: relurl.URL("http://a b/").resolve("g", strict=True), "base", "invalid_character", 8),
        (lambda: relurl.URL("http://a/", spec="whatwg").resolve("http://[::1"), "reference", "ipv6_unclosed", 7),
        # A lone surrogate, which the str conversion finds (found by a review).
        (lambda: relurl.resolve("http://a/\ud800", "x", spec="whatwg"), "base", "lone_surrogate", 9),
        (lambda: relurl.resolve("http://a/", "x\ud800"), "reference", "lone_surrogate", 1),
        (lambda: relurl.URL("http://a/").resolve("x\ud800"), "reference", "lone_surrogate", 1),
    ]
    for call, input_name, kind, position in cases:
        with pytest.raises(relurl.URLError) as info:
            call()
        error = info.value
        assert (error.input, error.index, error.kind, error.position) == (input_name, None, kind, position)
        assert str(error) == f"{input_name}: {error.reason} (at position {position})"


def test_strict_on_url_resolve_and_url() -> None:
    url = relurl.URL("http://a/b c")
    assert url.resolve("g") == "http://a/g"
    assert _error(url.resolve, "g", strict=True).position == 10
    good = relurl.URL("http://a/b/c", strict=True)
    assert good.resolve("d", strict=True) == "http://a/b/d"
    assert _error(good.resolve, "d e", strict=True).position == 1
    with pytest.raises(relurl.URLError) as info:
        relurl.URL("http://a/b c", strict=True)
    assert (info.value.kind, info.value.position) == ("invalid_character", 10)
    assert _error(relurl.URL, "x", "rfc3986", strict=True).kind == "strict_unavailable"
    # The strict check does not change what is parsed, nor how it pickles.
    assert pickle.loads(pickle.dumps(good)) == good == relurl.URL("http://a/b/c")


def test_bases_none_gives_none_rows_as_in_arrow() -> None:
    assert relurl.resolve_many(None, ["g", None, "h"]) == [None, None, None]
    assert relurl.resolve_many(None, ["a b"], strict=True, errors="report") == ([None], [])
    arrow = relurl.arrow.resolve(None, pa.array(["g", None, "h"]))
    assert pa.array(arrow).to_pylist() == [None, None, None]


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_a_url_base_is_taken_wherever_a_str_base_is_and_keeps_its_spec(spec: Any) -> None:
    base = relurl.URL(BASE, spec)
    refs = ["g", "../../../g", "g?", "#"]
    expected = [relurl.resolve(BASE, r, spec=spec) for r in refs]
    assert [relurl.resolve(base, r) for r in refs] == expected
    assert relurl.resolve_many(base, refs) == expected
    assert pa.array(relurl.arrow.resolve(base, pa.array(refs))).to_pylist() == expected
    html = "".join(f'<a href="{r}">x</a>' for r in refs)
    assert [link.url for link in relurl.extract_links(html, base)] == expected
    assert relurl.establish_base(retrieval_url=base).url == BASE
    # spec= still wins over the URL's own grammar.
    other = "rfc3986" if spec == "rfc1808" else "rfc1808"
    assert pa.array(relurl.arrow.resolve(base, pa.array(refs), spec=other)).to_pylist() == [
        relurl.resolve(BASE, r, spec=other) for r in refs
    ]
    assert [link.url for link in relurl.extract_links(html, base, spec=other)] == [
        relurl.resolve(BASE, r, spec=other) for r in refs
    ]


# Issue 22 item 13: a non-bool strict= / skip_special= / strip= is named in the message
# itself (not only in an exception note, which CPython 3.10 lacks).
@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda v: relurl.parse("http://a/", strict=v), "strict"),
        (lambda v: relurl.URL("http://a/", strict=v), "strict"),
        (lambda v: relurl.resolve("http://a/", "g", strict=v), "strict"),
        (lambda v: relurl.resolve("http://a/", "g", strip=v), "strip"),
        (lambda v: relurl.URL("http://a/").resolve("g", strict=v), "strict"),
        (lambda v: relurl.URL("http://a/").resolve("g", strip=v), "strip"),
        (lambda v: relurl.resolve_many("http://a/", ["g"], strict=v), "strict"),
        (lambda v: relurl.resolve_many("http://a/", ["g"], strip=v), "strip"),
        (lambda v: relurl.URL("http://a/").resolve_many(["g"], strict=v), "strict"),
        (lambda v: relurl.arrow.resolve("http://a/", pa.array(["g"]), strict=v), "strict"),
        (lambda v: relurl.arrow.resolve("http://a/", pa.array(["g"]), strip=v), "strip"),
        (lambda v: relurl.arrow.parse(pa.array(["g"]), strict=v), "strict"),
        (lambda v: relurl.extract_links("<a href=g>", "http://a/", skip_special=v), "skip_special"),
    ],
)
@pytest.mark.parametrize(("value", "type_name"), [(1, "int"), ("yes", "str"), (None, "NoneType")])
def test_a_non_bool_flag_is_named_in_the_message(
    call: Callable[[Any], object], name: str, value: Any, type_name: str
) -> None:
    with pytest.raises(TypeError) as info:
        call(value)
    assert str(info.value) == f"{name} must be a bool, not {type_name}"
    call(True)  # a bool is taken


# Issue 22 item 20: a wrong keyword on relurl.arrow's functions names the public function.
@pytest.mark.parametrize("name", ["resolve", "parse", "normalize", "surt", "canonicalize_url"])
def test_arrow_functions_are_named_by_their_public_names(name: str) -> None:
    function = getattr(relurl.arrow, name)
    assert function.__name__ == name
    with pytest.raises(TypeError) as info:
        function("http://a/", pa.array(["g"]), no_such_keyword=1) if name == "resolve" else function(
            pa.array(["g"]), no_such_keyword=1
        )
    assert "arrow_" not in str(info.value)
    if name != "surt":  # surt takes **options: its own message names the option
        assert str(info.value).startswith(f"{name}() got an unexpected keyword argument")
