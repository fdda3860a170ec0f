"""RFC 3986 mode (spec="rfc3986"): every section 5.4 example, from
tests/data/rfc3986_examples.json (shared with cargo test), and the spec argument."""

from __future__ import annotations

import json

import pytest
import relurl
from conftest import DATA

with open(DATA / "rfc3986_examples.json", encoding="utf-8") as f:
    TABLE = json.load(f)
EXAMPLES = [(r["base"], r["reference"], r["expected"]) for r in TABLE["examples"]]


def test_table_has_every_section_5_4_example() -> None:
    assert sum(r["section"] == "5.4.1" for r in TABLE["examples"]) == 23
    assert sum(r["section"] == "5.4.2" for r in TABLE["examples"]) == 19


@pytest.mark.parametrize(("base", "reference", "expected"), EXAMPLES)
def test_resolve_rfc3986(base: str, reference: str, expected: str) -> None:
    assert relurl.resolve(base, reference, spec="rfc3986") == expected
    assert relurl.parse(base).resolve(reference, spec="rfc3986") == expected


def test_resolve_many_rfc3986_in_order() -> None:
    base = relurl.parse(TABLE["base"])
    refs = [reference for _, reference, _ in EXAMPLES]
    assert base.resolve_many(refs, spec="rfc3986") == [expected for _, _, expected in EXAMPLES]


@pytest.mark.parametrize(
    ("reference", "rfc1808", "rfc3986"),
    [
        ("?", "http://a/b/c/d;p?q", "http://a/b/c/d;p?"),
        ("#", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q#"),
        ("", "http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q"),
        ("../../../g", "http://a/../g", "http://a/g"),
        ("/./g", "http://a/./g", "http://a/g"),
        (";x", "http://a/b/c/d;x", "http://a/b/c/;x"),
        ("http://x/./y/../z", "http://x/./y/../z", "http://x/z"),
    ],
)
def test_the_two_specs_differ_where_the_rfcs_do(reference: str, rfc1808: str, rfc3986: str) -> None:
    base = "http://a/b/c/d;p?q#f"
    assert relurl.resolve(base, reference) == rfc1808
    assert relurl.resolve(base, reference, spec="rfc1808") == rfc1808
    assert relurl.resolve(base, reference, spec="rfc3986") == rfc3986
    assert relurl.parse(base).resolve(reference, spec="rfc3986") == rfc3986


def test_rfc3986_returns_an_absolute_reference_object_when_it_is_the_target() -> None:
    absolute = "https://example.com/a/b?q#f"
    assert relurl.resolve("http://a/", absolute, spec="rfc3986") is absolute
    assert relurl.resolve("http://a/", "https://e/./x", spec="rfc3986") == "https://e/x"


@pytest.mark.parametrize("bad", ["RFC3986", "rfc2396", "", "whatwg"])
def test_unknown_spec_is_a_value_error_naming_the_choices(bad: str) -> None:
    for call in (
        lambda: relurl.resolve("http://a/", "g", spec=bad),  # type: ignore[arg-type]
        lambda: relurl.parse("http://a/").resolve("g", spec=bad),  # type: ignore[arg-type]
        lambda: relurl.parse("http://a/").resolve_many(["g"], spec=bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert "spec must be 'rfc1808' or 'rfc3986', not" in str(info.value)
        assert repr(bad)[1:-1] in str(info.value)


def test_spec_is_keyword_only_and_typed() -> None:
    with pytest.raises(TypeError):
        relurl.resolve("http://a/", "g", "rfc3986")  # type: ignore[misc]
    with pytest.raises(TypeError, match="spec"):
        relurl.resolve("http://a/", "g", spec=3986)  # type: ignore[arg-type]
