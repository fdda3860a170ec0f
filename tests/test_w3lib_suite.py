"""w3lib 2.5.0's own tests of `canonicalize_url` (its tests/test_url.py), run against
`relurl.canonicalize_url`: the sdist is downloaded from PyPI (tests/peer_suites.py), its
test_url.py run by pytest in a subprocess whose plugin puts relurl's function in place of
w3lib's before the tests import it (`-k canonicalize`). No test is excluded.

Likewise its tests of `safe_url_string`, against `relurl.safe_url_string`."""

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


# Swaps w3lib's safe_url_string for relurl's before test_url.py imports it (`from w3lib.url
# import safe_url_string`); w3lib's own callers of it in w3lib.url (safe_download_url,
# parse_data_uri, ...) read the module's global, so they get relurl's too.
SAFE_URL_PLUGIN = """
import relurl
import w3lib.url

w3lib.url.safe_url_string = relurl.safe_url_string


def pytest_report_header(config):
    return "safe_url_string under test: " + w3lib.url.safe_url_string.__module__
"""


def test_w3lib_s_own_safe_url_string_tests() -> None:
    if w3lib.__version__ != VERSION:  # pragma: no cover
        pytest.skip(f"the suite is w3lib {VERSION}'s; w3lib {w3lib.__version__} is installed")
    directory = unpack(sdist("w3lib", VERSION))
    selector = "safe_url or safe_download_url or any_to_uri"
    report = run_suite(directory, ["tests/test_url.py"], plugin=SAFE_URL_PLUGIN, args=["-k", selector])
    assert report.returncode == 0, report.text[-6000:]
    assert "safe_url_string under test: relurl" in report.text, report.text[:2000]
    # w3lib 2.5.0 has 180 safe_url_string tests (TestUrl's 18, 7 + 155 parametrized cases of
    # test_safe_url_string_encoding and test_safe_url_string_url) and 3 of functions that
    # call it (safe_download_url, any_to_uri), as stock w3lib passes them.
    assert len(report.passed) == 183, report.text[-6000:]
    names = " ".join(report.passed) + " "
    assert "TestUrl::test_safe_url_idna_encoding_failure " in names
    assert "TestUrl::test_safe_url_string_bytes_input_nonutf8 " in names
    assert "TestUrl::test_safe_download_url " in names
    # Its 72 strict xfails (KNOWN_SAFE_URL_STRING_ENCODING_ISSUES, 5, and
    # KNOWN_SAFE_URL_STRING_URL_ISSUES, 67: where w3lib's answer is not the URL Standard's)
    # fail with relurl too, as a twin's must (strict: an unexpected pass would fail the run).
    assert len(report.outcomes("XFAIL")) == 72, report.text[-6000:]
    assert not report.outcomes("FAILED")
    assert not report.outcomes("XPASS")
