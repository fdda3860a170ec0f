"""The web-platform-tests URL data through the Python API: every case of
tests/data/whatwg/urltestdata.json and IdnaTestV2.json (their source:
tests/data/whatwg/SOURCE.md) with spec="whatwg" (the Rust twin:
crates/relurl/tests/it/whatwg_wpt.rs).

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


#: The rows of IdnaTestV2.json (UTS #46 16.0) that Unicode 18.0 changed: U+3E8AC, unassigned until
#: then (V7, a failure), is a letter of the Seal script, valid in UTS #46 18.0.
CHANGED_BY_UNICODE_18 = {
    "\U0003e8ac\u3002\u0729\u3002\ucbd95": "xn--t92s.xn--znb.xn--5-y88f",
    "\U0003e8ac\u3002\u0729\u3002\u110d\u1173\u11ac5": "xn--t92s.xn--znb.xn--5-y88f",
}


def test_every_row_of_idna_test_v2() -> None:
    # As IdnaTestV2.window.js: the input is the host of https://{input}/x, with the code points
    # that end a host percent-encoded; an empty input is not tested; a null output is a failure.
    with open(DATA / "whatwg" / "IdnaTestV2.json", encoding="utf-8") as f:
        rows = [row for row in json.load(f) if isinstance(row, dict) and row["input"]]
    assert len(rows) > 2500
    changed = [row for row in rows if row["input"] in CHANGED_BY_UNICODE_18]
    assert len(changed) == 2 and all(row["output"] is None for row in changed)
    wrong = []
    for row in rows:
        expected = CHANGED_BY_UNICODE_18.get(row["input"], row["output"])
        host = "".join(f"%{ord(c):02X}" if c in ":/?#\\" else c for c in row["input"])
        try:
            url = relurl.parse(f"https://{host}/x", spec="whatwg")
            got = (
                url.host
                if (url.hostname, url.pathname, url.href) == (url.host, "/x", f"https://{url.host}/x")
                else url.href
            )
        except relurl.URLError:
            got = None
        if got != expected:
            wrong.append(f"{row['input']!r}: got {got!r}, expected {expected!r}")
    assert not wrong, f"{len(wrong)} of {len(rows)} rows differ:\n" + "\n".join(wrong[:30])
