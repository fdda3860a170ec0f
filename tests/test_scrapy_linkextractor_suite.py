"""Scrapy 2.19.0's own tests of the link extractor (tests/test_linkextractors.py), run against
`relurl.scrapy.LinkExtractor`: the sdist is downloaded from PyPI (tests/peer_suites.py) and
the file run by pytest in a subprocess whose plugin puts relurl's class in place of
`LxmlLinkExtractor` in `scrapy.linkextractors.lxmlhtml` and of `LinkExtractor` in
`scrapy.linkextractors` before the tests import them.

The tests of Scrapy's internals rather than its answers are tests/scrapy_versions.py's
`not_applicable` (each deselected, with its reason).
"""

from __future__ import annotations

import pytest
from peer_suites import run_suite, sdist, unpack
from scrapy_versions import expected_for

scrapy = pytest.importorskip("scrapy")


PLUGIN = """
import relurl.scrapy
import scrapy.linkextractors
import scrapy.linkextractors.lxmlhtml

scrapy.linkextractors.lxmlhtml.LxmlLinkExtractor = relurl.scrapy.LinkExtractor
scrapy.linkextractors.LinkExtractor = relurl.scrapy.LinkExtractor


def pytest_report_header(config):
    return "link extractor under test: " + scrapy.linkextractors.lxmlhtml.LxmlLinkExtractor.__module__
"""


def test_scrapy_s_own_link_extractor_tests() -> None:
    version, expected = expected_for("linkextractor")
    directory = unpack(sdist("scrapy", version))
    module = "tests/test_linkextractors.py"
    args = [arg for name in expected.not_applicable for arg in ("--deselect", f"{module}::{name}")]
    report = run_suite(directory, ["tests/test_linkextractors.py"], plugin=PLUGIN, args=args)
    text = report.text
    assert "link extractor under test: relurl.scrapy._linkextractor" in text, text[:2000]
    assert not report.outcomes("FAILED"), text[-6000:]
    assert not report.outcomes("ERROR"), text[-6000:]
    assert report.returncode == 0, text[-6000:]
    # Scrapy 2.19.0's file has 38 tests of TestLxmlLinkExtractor; 1 is not applicable.
    assert len(report.passed) == expected.passed, text[-6000:]
    assert len(report.outcomes("SKIPPED")) == expected.skipped, text[-6000:]
    assert "4 deselected" in text, text[-3000:]
    names = " ".join(report.passed) + " "
    for test in ("test_process_value ", "test_restrict_xpaths ", "test_link_restrict_text ", "test_pickle_extractor "):
        assert "TestLxmlLinkExtractor::" + test in names, test
