"""tests/scrapy_versions.py, the table of the Scrapy versions relurl.scrapy is checked at, agrees
with what is claimed: pyproject.toml's `scrapy` extra, docs/scrapy.md's "Which Scrapy versions"
section, the test extra's pin; and every tests/test_scrapy_*.py file belongs to a piece (so that
CI's older Scrapy versions run it) or says why not. No Scrapy needed."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import scrapy_versions
from scrapy_versions import FILES, OTHER_FILES, PIECES, SUITES, oldest, oldest_for_all, plan, versions

ROOT = Path(__file__).resolve().parents[1]


def pyproject() -> str:
    return (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def docs_section() -> str:
    text = (ROOT / "docs" / "scrapy.md").read_text(encoding="utf-8")
    found = re.search(r"^## Which Scrapy versions\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found, "docs/scrapy.md has no '## Which Scrapy versions' section"
    return found.group(1)


def test_the_scrapy_extra_s_lower_bound_is_the_oldest_version_every_piece_is_checked_at() -> None:
    extra = re.search(r"^scrapy\s*=\s*\[([^\]]*)\]", pyproject(), re.M)
    assert extra, "pyproject.toml has no `scrapy` extra"
    assert re.findall(r'"([^"]+)"', extra.group(1)) == [f"scrapy>={oldest_for_all()}"]


def test_the_test_extra_s_scrapy_is_checked_for_every_piece() -> None:
    pinned = re.search(r'"scrapy==([0-9.]+)"', pyproject())
    assert pinned, "the test extra should pin Scrapy"
    for suite, rows in SUITES.items():
        assert pinned.group(1) in rows, suite
    assert all(versions(piece)[-1] == pinned.group(1) for piece in PIECES)


def test_the_docs_name_each_piece_s_versions_and_the_extra() -> None:
    section = docs_section()
    assert f"`scrapy>={oldest_for_all()}`" in section
    for piece in PIECES:
        row = next((line for line in section.splitlines() if line.startswith(f"| {piece} ")), None)
        assert row, f"docs/scrapy.md's table has no row for {piece}"
        assert f"**{oldest(piece)}**" in row, (piece, row)
        for version in versions(piece):
            assert version in row, (piece, version, row)


def test_every_scrapy_test_file_belongs_to_a_piece_or_says_why_not() -> None:
    on_disk = {f"tests/{p.name}" for p in (ROOT / "tests").glob("test_scrapy_*.py")}
    listed = {f for files in FILES.values() for f in files}
    assert set(FILES) == set(PIECES)
    assert not listed & set(OTHER_FILES)
    assert on_disk == listed | set(OTHER_FILES)
    assert all(OTHER_FILES.values())


def test_every_not_applicable_test_has_its_reason() -> None:
    for rows in SUITES.values():
        for expected in rows.values():
            assert all(reason.strip() for reason in expected.not_applicable.values())


def test_the_plan_checks_each_piece_s_oldest_version() -> None:
    steps = dict(plan())
    for piece in PIECES:
        assert set(FILES[piece]) <= set(steps[oldest(piece)]), piece


def test_the_older_versions_are_checked_with_the_w3lib_relurl_s_twins_answer_as() -> None:
    # Read, not imported: importing relurl.scrapy imports Scrapy.
    spec = importlib.util.find_spec("relurl")
    assert spec and spec.origin
    source = (Path(spec.origin).parent / "scrapy" / "_install.py").read_text(encoding="utf-8")
    assert f'W3LIB_VERSION = "{scrapy_versions.W3LIB_VERSION}"' in source
