"""The documentation's generated tables, produced by running the code (never typed by hand),
and where the documentation keeps its marked blocks.

    python tests/readme_tables.py     # prints both tables, to paste between the markers of docs/semantics.md

tests/test_readme.py checks that docs/semantics.md holds exactly what these functions return.
The README is the front door; the content lives in the pages of the docs site, docs/*.md.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.parse
from pathlib import Path
from typing import Any

import relurl

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
#: The README (the front door) and the pages of the docs site, whose `>>>` examples are
#: doctested and whose marked blocks (`<!-- name:start -->` ... `<!-- name:end -->`) are checked.
DOCS = ROOT / "docs"
README = ROOT / "README.md"


def doc_files() -> list[Path]:
    """The README and every page of the docs site."""
    pages = sorted(DOCS.glob("*.md"))
    # A copy of the checkout that the tests run from (scripts/wheel_check.sh makes one) must
    # hold docs/ as it holds README.md.
    assert pages, f"{DOCS} should hold the pages of the docs site (docs/*.md), as the checkout does"
    return [README, *pages]


def marked_blocks(name: str) -> dict[Path, str]:
    """Every `<!-- name:start -->` ... `<!-- name:end -->` block, by the file that holds it."""
    found: dict[Path, str] = {}
    for path in doc_files():
        blocks = re.findall(
            rf"<!-- {name}:start -->\n(.*?)\n<!-- {name}:end -->", path.read_text(encoding="utf-8"), re.S
        )
        assert len(blocks) <= 1, f"{path.name} holds the {name} markers twice"
        if blocks:
            found[path] = blocks[0]
    return found


def marked_block(name: str, page: str) -> str:
    """The block `name` of the one file that holds it, which must be `page` (a docs page, or
    "README.md")."""
    found = marked_blocks(name)
    assert [path.name for path in found] == [page], f"the {name} markers should be in {page} alone, not {list(found)}"
    return next(iter(found.values()))


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
