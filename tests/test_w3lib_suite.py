"""w3lib 2.5.0's own tests of `canonicalize_url` (its tests/test_url.py), run against
`relurl.canonicalize_url`: the sdist is downloaded from PyPI (tests/peer_suites.py), its
test_url.py run by pytest in a subprocess whose plugin puts relurl's function in place of
w3lib's before the tests import it (`-k canonicalize`). No test is excluded."""

from __future__ import annotations

import pytest
from peer_suites import run_suite, sdist, unpack

w3lib = pytest.importorskip("w3lib")

VERSION = "2.5.0"

# Swaps w3lib's function for relurl's before test_url.py imports it (`from w3lib.url import
# canonicalize_url`), and says which function the tests ran against.
PLUGIN = """
import relurl
import w3lib.url

w3lib.url.canonicalize_url = relurl.canonicalize_url


def pytest_report_header(config):
    return "canonicalize_url under test: " + w3lib.url.canonicalize_url.__module__
"""


def test_w3lib_s_own_canonicalize_url_tests() -> None:
    if w3lib.__version__ != VERSION:  # pragma: no cover
        pytest.skip(f"the suite is w3lib {VERSION}'s; w3lib {w3lib.__version__} is installed")
    directory = unpack(sdist("w3lib", VERSION))
    report = run_suite(directory, ["tests/test_url.py"], plugin=PLUGIN, args=["-k", "canonicalize"])
    assert report.returncode == 0, report.text[-6000:]
    assert "canonicalize_url under test: relurl" in report.text, report.text[:2000]
    # w3lib 2.5.0 has 57 such tests (TestCanonicalizeUrl, TestCanonicalizeUrlProperties),
    # the two of issue 22 among them.
    assert len(report.passed) == 57, report.text[-6000:]
    names = " ".join(report.passed) + " "
    assert "test_canonicalize_url_unicode_query_string " in names
    assert "test_canonicalize_url_idempotence" in names
    assert not report.outcomes("FAILED")
