"""The README's generated tables, produced by running the code (never typed by hand).

    python tests/readme_tables.py     # prints both tables, to paste between the README markers

tests/test_readme.py checks that the README holds exactly what these functions return.
"""

from __future__ import annotations

import json
import sys
import urllib.parse
from pathlib import Path
from typing import Any

import relurl

DATA = Path(__file__).resolve().parent / "data"
BASE_1808 = "http://a/b/c/d;p?q#f"
BASE_3986 = "http://a/b/c/d;p?q"
#: Beyond the two RFCs' own examples: the references crawlers meet that the semantics split on.
EXTRA_REFERENCES = [
    "\\g",
    " g",
    "g ",
    " g ",
    "\tg",
    "?",
    "#",
    "?#",
    "//g",
    "///g",
    "http:g",
    "HTTP:g",
    "g;",
    "g?",
    "g#",
]


def _load(name: str) -> dict[str, Any]:
    with open(DATA / name, encoding="utf-8") as f:
        table: dict[str, Any] = json.load(f)
    return table


def _cell(value: str) -> str:
    return "`" + repr(value).replace("|", "\\|") + "`"


def differences_table() -> str:
    """Markdown rows for every RFC 1808 section 5 example where `urllib.parse.urljoin` on
    the running Python gives another answer than RFC 1808 (and relurl)."""
    rows = _load("rfc1808_examples.json")["examples"]
    lines = [
        "| § | reference | RFC 1808 (`relurl.resolve`) | `urllib.parse.urljoin` |",
        "|---|---|---|---|",
    ]
    same = 0
    for row in rows:
        ours = relurl.resolve(row["base"], row["reference"])
        assert ours == row["expected"]
        theirs = urllib.parse.urljoin(row["base"], row["reference"])
        if ours == theirs:
            same += 1
            continue
        lines.append(f"| {row['section']} | `{row['reference']}` | `{ours}` | `{theirs}` |")
    lines.append("")
    lines.append(f"The other {same} of the {len(rows)} examples give the same answer in both.")
    return "\n".join(lines)


def _whatwg(base: str, reference: str) -> str:
    """The URL Standard's answer, or "fails (kind)"."""
    try:
        return relurl.resolve(base, reference, spec="whatwg")
    except relurl.URLError as err:
        return f"fails (`{err.kind}`)"


def semantics_table() -> str:
    """One row per example (RFC 1808 section 5, RFC 3986 section 5.4, and the extra
    references), one column per semantics, each value computed by relurl."""
    rows: list[tuple[str, str, str]] = []
    rows += [(f"1808 §{r['section']}", BASE_1808, r["reference"]) for r in _load("rfc1808_examples.json")["examples"]]
    rows += [(f"3986 §{r['section']}", BASE_3986, r["reference"]) for r in _load("rfc3986_examples.json")["examples"]]
    rows += [("extra", BASE_1808, reference) for reference in EXTRA_REFERENCES]
    lines = [
        '| example | base | reference | `spec="rfc1808"` | `spec="rfc3986"` | `spec="whatwg"` | `relurl.urljoin` |',
        "|---|---|---|---|---|---|---|",
    ]
    for source, base, reference in rows:
        values = (
            relurl.resolve(base, reference),
            relurl.resolve(base, reference, spec="rfc3986"),
            _whatwg(base, reference),
            relurl.urljoin(base, reference),
        )
        cells = " | ".join(v if v.startswith("fails") else _cell(v) for v in values)
        label = "A" if base == BASE_1808 else "B"
        lines.append(f"| {source} | {label} | {_cell(reference)} | {cells} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(
        "<!-- semantics -->\n" + semantics_table() + "\n\n<!-- differences -->\n" + differences_table() + "\n"
    )
