"""RFC 1808 section 5 (every normal and abnormal example) and the documented choices where
the RFC is silent, from tests/data/rfc1808_examples.json (shared with cargo test)."""

from __future__ import annotations

import pytest
import relurl
from conftest import load_table

TABLE = load_table()
EXAMPLES = [(r["base"], r["reference"], r["expected"]) for r in TABLE["examples"]]
CHOICES = [(r["base"], r["reference"], r["expected"]) for r in TABLE["choices"]]


def test_table_has_every_section_5_example() -> None:
    assert sum(r["section"] == "5.1" for r in TABLE["examples"]) == 24
    assert sum(r["section"] == "5.2" for r in TABLE["examples"]) == 15


@pytest.mark.parametrize(("base", "reference", "expected"), EXAMPLES + CHOICES)
def test_resolve(base: str, reference: str, expected: str) -> None:
    assert relurl.resolve(base, reference) == expected


@pytest.mark.parametrize(("base", "reference", "expected"), EXAMPLES + CHOICES)
def test_parsed_base_resolve(base: str, reference: str, expected: str) -> None:
    assert relurl.parse(base).resolve(reference) == expected


def test_resolve_many_matches_table_in_order() -> None:
    base = relurl.parse(EXAMPLES[0][0])
    refs = [reference for _, reference, _ in EXAMPLES]
    assert base.resolve_many(refs) == [expected for _, _, expected in EXAMPLES]
    assert base.resolve_many(iter(refs)) == base.resolve_many(tuple(refs))
    assert base.resolve_many([]) == []


@pytest.mark.parametrize(("base", "reference", "expected"), EXAMPLES + CHOICES)
def test_result_is_a_fixed_point(base: str, reference: str, expected: str) -> None:
    """An absolute result resolves to itself against the same base (section 4 step 2b)."""
    assert relurl.resolve(base, relurl.resolve(base, reference)) == expected


def test_dot_segments_never_change_the_netloc() -> None:
    base = relurl.parse("http://a/b/c/d;p?q#f")
    for depth in range(1, 8):
        result = relurl.parse(base.resolve("../" * depth + "g"))
        assert result.netloc == "a"
