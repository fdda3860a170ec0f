"""The RFCs' own resolution examples, for each grammar relurl implements, from the tables
cargo test reads too:

- spec="rfc1808" (the default): every RFC 1808 section 5 example (5.1 normal, 5.2
  abnormal) and the documented choices where the RFC is silent,
  tests/data/rfc1808_examples.json;
- spec="rfc3986": every RFC 3986 section 5.4 example (5.4.1 normal, 5.4.2 abnormal),
  tests/data/rfc3986_examples.json;

then the spec argument itself (where the two grammars differ, its type and its values)."""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest
import relurl
from conftest import DATA

Spec = Literal["rfc1808", "rfc3986"]
SPECS: tuple[Spec, ...] = ("rfc1808", "rfc3986")
DEFAULT_SPEC: Spec = "rfc1808"

# Each grammar's table file, the table keys whose rows are checked, and how many examples
# each section of the RFC gives (the table must hold all of them).
TABLE_FILES: dict[Spec, str] = {"rfc1808": "rfc1808_examples.json", "rfc3986": "rfc3986_examples.json"}
ROW_KEYS: dict[Spec, tuple[str, ...]] = {"rfc1808": ("examples", "choices"), "rfc3986": ("examples",)}
SECTION_COUNTS: dict[Spec, dict[str, int]] = {
    "rfc1808": {"5.1": 24, "5.2": 15},
    "rfc3986": {"5.4.1": 23, "5.4.2": 19},
}


def _load(spec: Spec) -> dict[str, Any]:
    with open(DATA / TABLE_FILES[spec], encoding="utf-8") as f:
        table: dict[str, Any] = json.load(f)
    return table


TABLES = {spec: _load(spec) for spec in SPECS}
# (spec, base, reference, expected) for every row of every grammar's table.
ROWS = [
    pytest.param(spec, r["base"], r["reference"], r["expected"], id=f"{spec}-{i}")
    for spec in SPECS
    for i, r in enumerate(r for key in ROW_KEYS[spec] for r in TABLES[spec][key])
]


def _examples(spec: Spec) -> list[tuple[str, str, str]]:
    """The RFC's own examples (no documented choices), in the table's order."""
    return [(r["base"], r["reference"], r["expected"]) for r in TABLES[spec]["examples"]]


@pytest.mark.parametrize("spec", SPECS)
def test_table_has_every_example_of_the_rfc(spec: Spec) -> None:
    for section, count in SECTION_COUNTS[spec].items():
        assert sum(r["section"] == section for r in TABLES[spec]["examples"]) == count, section


@pytest.mark.parametrize(("spec", "base", "reference", "expected"), ROWS)
def test_resolve(spec: Spec, base: str, reference: str, expected: str) -> None:
    assert relurl.resolve(base, reference, spec=spec) == expected
    if spec == DEFAULT_SPEC:
        assert relurl.resolve(base, reference) == expected


@pytest.mark.parametrize(("spec", "base", "reference", "expected"), ROWS)
def test_parsed_base_resolve(spec: Spec, base: str, reference: str, expected: str) -> None:
    assert relurl.parse(base).resolve(reference, spec=spec) == expected
    if spec == DEFAULT_SPEC:
        assert relurl.parse(base).resolve(reference) == expected


@pytest.mark.parametrize("spec", SPECS)
def test_resolve_many_matches_table_in_order(spec: Spec) -> None:
    examples = _examples(spec)
    # Every example of each RFC is against one base (RFC 3986's table names it too).
    assert {b for b, _, _ in examples} == {examples[0][0]}
    if "base" in TABLES[spec]:
        assert TABLES[spec]["base"] == examples[0][0]
    base = relurl.parse(examples[0][0])
    refs = [reference for _, reference, _ in examples]
    assert base.resolve_many(refs, spec=spec) == [expected for _, _, expected in examples]
    if spec == DEFAULT_SPEC:
        assert base.resolve_many(refs) == [expected for _, _, expected in examples]
    assert base.resolve_many(iter(refs), spec=spec) == base.resolve_many(tuple(refs), spec=spec)
    assert base.resolve_many([], spec=spec) == []


@pytest.mark.parametrize(("spec", "base", "reference", "expected"), ROWS)
def test_result_is_a_fixed_point(spec: Spec, base: str, reference: str, expected: str) -> None:
    """An absolute result resolves to itself against the same base (RFC 1808 section 4 step
    2b; RFC 3986 section 5.2.2, whose remove_dot_segments leaves a result without dot
    segments as it is)."""
    assert relurl.resolve(base, relurl.resolve(base, reference, spec=spec), spec=spec) == expected


@pytest.mark.parametrize("spec", SPECS)
def test_dot_segments_never_change_the_netloc(spec: Spec) -> None:
    base = relurl.parse("http://a/b/c/d;p?q#f")
    for depth in range(1, 8):
        result = relurl.parse(base.resolve("../" * depth + "g", spec=spec))
        assert result.netloc == "a"


# --- The spec argument ----------------------------------------------------------------


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


@pytest.mark.parametrize("bad", ["RFC3986", "rfc2396", "", "WHATWG"])
def test_unknown_spec_is_a_value_error_naming_the_choices(bad: str) -> None:
    for call in (
        lambda: relurl.resolve("http://a/", "g", spec=bad),  # type: ignore[arg-type]
        lambda: relurl.parse("http://a/").resolve("g", spec=bad),  # type: ignore[arg-type]
        lambda: relurl.parse("http://a/").resolve_many(["g"], spec=bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not" in str(info.value)
        assert repr(bad)[1:-1] in str(info.value)


def test_spec_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        relurl.resolve("http://a/", "g", "rfc3986")  # type: ignore[misc]


# The bindings name the argument themselves (PyO3 names it only in an exception note, which
# CPython 3.10 lacks): the 3.10 smoke run of scripts/wheel_check.sh checks it there.
def test_spec_of_another_type_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="spec"):
        relurl.resolve("http://a/", "g", spec=3986)  # type: ignore[arg-type]
    for call in (
        lambda: relurl.parse("http://a/", spec=1808),  # type: ignore[arg-type]
        lambda: relurl.URL("http://a/", 3986),  # type: ignore[arg-type]
        lambda: relurl.URL("http://a/").resolve("g", spec=b"rfc1808"),  # type: ignore[arg-type]
        lambda: relurl.resolve_many(["http://a/"], ["g"], spec=1808),  # type: ignore[arg-type]
        lambda: relurl.establish_base(retrieval_url="http://a/", spec=1808),  # type: ignore[arg-type]
        lambda: relurl.extract_links("<a href=g>", "http://a/", spec=1808),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=r"^spec must be a str or None, not "):
            call()


def test_spec_none_is_the_default_everywhere() -> None:
    """`spec=None` is RFC 1808 where `spec` has that default, and the base's own spec where
    it has none (`resolve`): a wrapper may pass its own `spec=None` on (found by a new user's
    walk)."""
    import pyarrow as pa
    import relurl.arrow

    url = "http://a/b/../c d"
    assert relurl.parse(url, spec=None) == relurl.parse(url)
    assert relurl.URL(url, None).spec == "rfc1808"
    assert relurl.normalize(url, spec=None) == relurl.normalize(url)
    column = pa.array([url])
    assert pa.array(relurl.arrow.normalize(column, spec=None)).to_pylist() == [relurl.normalize(url)]
    assert (
        pa.array(relurl.arrow.parse(column, spec=None)).to_pylist() == pa.array(relurl.arrow.parse(column)).to_pylist()
    )
    assert relurl.resolve(relurl.URL("http://a/b", "whatwg"), "c d", spec=None) == "http://a/c%20d"


def test_a_misspelt_spec_is_suggested() -> None:
    for given, meant in [("WHATWG", "whatwg"), ("RFC-3986", "rfc3986"), ("RFC 1808", "rfc1808")]:
        with pytest.raises(ValueError, match=rf"not \"{given}\" \(did you mean '{meant}'\?\)"):
            relurl.parse("http://a/", spec=given)  # type: ignore[arg-type]
