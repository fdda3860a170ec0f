"""The web-platform-tests URL data through the Python API: every case of
tests/data/whatwg/urltestdata.json (its source: tests/data/whatwg/SOURCE.md) with
spec="whatwg" (the Rust twin: crates/relurl/tests/it/whatwg_wpt.rs).

A case without a base is `relurl.parse(input, spec="whatwg")`; with one, it is
`relurl.URL(base, spec="whatwg").resolve(input)` and the components of its result. A case
that expects failure must raise `URLError` (for a failing base too).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import relurl
from conftest import DATA

COMPONENTS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")


def cases() -> list[dict[str, Any]]:
    with open(DATA / "whatwg" / "urltestdata.json", encoding="utf-8") as f:
        return [case for case in json.load(f) if isinstance(case, dict)]


def outcome(case: dict[str, Any]) -> dict[str, str] | None:
    """What relurl gives for a case: its components, or None for a failure."""
    try:
        if case["base"] is None:
            url = relurl.parse(case["input"], spec="whatwg")
        else:
            href = relurl.URL(case["base"], spec="whatwg").resolve(case["input"])
            url = relurl.parse(href, spec="whatwg")
    except relurl.URLError:
        return None
    got = {name: getattr(url, name) for name in COMPONENTS}
    got["origin"] = url.origin
    return got


def test_every_case_of_the_wpt_data() -> None:
    all_cases = cases()
    assert len(all_cases) > 800
    wrong = []
    for case in all_cases:
        got = outcome(case)
        if case.get("failure"):
            if got is not None:
                wrong.append(f"{case['input']!r} (base {case['base']!r}): expected failure, got {got['href']!r}")
            continue
        expected = {name: case[name] for name in (*COMPONENTS, "origin") if name in case}
        if got is None:
            wrong.append(f"{case['input']!r} (base {case['base']!r}): failed, expected {expected['href']!r}")
        elif {name: got[name] for name in expected} != expected:
            wrong.append(f"{case['input']!r} (base {case['base']!r}): got {got}, expected {expected}")
    assert not wrong, f"{len(wrong)} of {len(all_cases)} cases differ:\n" + "\n".join(wrong[:30])


@pytest.mark.parametrize("case", [c for c in cases() if c.get("failure") and c["base"] is not None][:5])
def test_a_failure_is_a_url_error(case: dict[str, Any]) -> None:
    with pytest.raises(relurl.URLError):
        relurl.resolve(case["base"], case["input"], spec="whatwg")
