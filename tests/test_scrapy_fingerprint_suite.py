"""Scrapy's own tests of the request fingerprint, run against `relurl.scrapy`, at the installed Scrapy's
version (each version relurl is checked at has its row in tests/scrapy_versions.py): the sdist
is downloaded from PyPI (tests/peer_suites.py) and its tests run by pytest in a subprocess
whose plugin puts relurl's `fingerprint` and `RequestFingerprinter` in place of Scrapy's
before the tests import them, and makes relurl's class the default
`REQUEST_FINGERPRINTER_CLASS` (as a project's settings.py would).

- tests/test_utils_request.py, its fingerprint classes (`-k Fingerprint`): `TestFingerprint`
  (the `known_hashes` table, caching, headers, fragments, `verbatim_url`, method and body,
  `Request.replace`), `TestRequestFingerprinter`, `TestCustomRequestFingerprinter`;
- tests/test_dupefilters.py, all of it: the duplicate filter, which keys requests by the
  crawler's fingerprinter.

No test is excluded.
"""

from __future__ import annotations

import pytest
from peer_suites import run_suite, sdist, unpack
from scrapy_versions import expected_for

scrapy = pytest.importorskip("scrapy")

PLUGIN = """
import relurl.scrapy
import scrapy.settings.default_settings
import scrapy.utils.request

scrapy.utils.request.fingerprint = relurl.scrapy.fingerprint
scrapy.utils.request.RequestFingerprinter = relurl.scrapy.RequestFingerprinter
scrapy.settings.default_settings.REQUEST_FINGERPRINTER_CLASS = "relurl.scrapy.RequestFingerprinter"


def pytest_report_header(config):
    return "fingerprint under test: " + scrapy.utils.request.fingerprint.__module__
"""


def _suite(suite: str, test_files: list[str], args: list[str]) -> tuple[list[str], str]:
    version, expected = expected_for(suite)
    directory = unpack(sdist("scrapy", version))
    deselect = [arg for name in expected.not_applicable for f in test_files for arg in ("--deselect", f"{f}::{name}")]
    report = run_suite(directory, test_files, plugin=PLUGIN, args=[*args, *deselect])
    assert report.returncode == 0, report.text[-6000:]
    assert "fingerprint under test: relurl.scrapy._fingerprint" in report.text, report.text[:2000]
    assert not report.outcomes("FAILED"), report.text[-6000:]
    assert not report.outcomes("ERROR"), report.text[-6000:]
    assert len(report.passed) == expected.passed, report.text[-6000:]
    assert len(report.outcomes("SKIPPED")) == expected.skipped, report.text[-6000:]
    return report.passed, report.text


def test_scrapy_s_own_fingerprint_tests() -> None:
    passed, _ = _suite("fingerprint", ["tests/test_utils_request.py"], ["-k", "Fingerprint"])
    names = " ".join(passed) + " "
    assert "TestFingerprint::test_hashes " in names
    assert "TestFingerprint::test_verbatim_url " in names
    assert "TestFingerprint::test_caching " in names
    assert "TestRequestFingerprinter::test_fingerprint " in names


def test_scrapy_s_own_dupefilter_tests_with_relurl_s_fingerprinter() -> None:
    passed, text = _suite("dupefilters", ["tests/test_dupefilters.py"], [])
    assert any("test_dupefilter_path" in name for name in passed), text[-6000:]
