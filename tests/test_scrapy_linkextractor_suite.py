"""Scrapy 2.19.0's own tests of the link extractor (tests/test_linkextractors.py), run against
`relurl.scrapy.LinkExtractor`: the sdist is downloaded from PyPI (tests/peer_suites.py) and
the file run by pytest in a subprocess whose plugin puts relurl's class in place of
`LxmlLinkExtractor` in `scrapy.linkextractors.lxmlhtml` and of `LinkExtractor` in
`scrapy.linkextractors` before the tests import them.

Not applicable (each deselected, with its reason):

- `TestLxmlLinkExtractor::test_canonicalize_once_per_link`: counts the calls of the Python
  function `scrapy.linkextractors.lxmlhtml.canonicalize_url` (monkeypatched); relurl's core
  canonicalizes, so the count is of Scrapy's internals, not of answers. The answer it checks
  (one canonical link for ten fragments) is checked by tests/test_scrapy_linkextractor.py.
- `TestLxmlParserLinkExtractor` (3 tests): Scrapy's internal `LxmlParserLinkExtractor` class,
  which relurl does not replace (its answers are those of `LinkExtractor` with `allow=()`...).
"""

from __future__ import annotations

import pytest
from peer_suites import run_suite, sdist, unpack

scrapy = pytest.importorskip("scrapy")

VERSION = "2.19.0"

PLUGIN = """
import relurl.scrapy
import scrapy.linkextractors
import scrapy.linkextractors.lxmlhtml

scrapy.linkextractors.lxmlhtml.LxmlLinkExtractor = relurl.scrapy.LinkExtractor
scrapy.linkextractors.LinkExtractor = relurl.scrapy.LinkExtractor


def pytest_report_header(config):
    return "link extractor under test: " + scrapy.linkextractors.lxmlhtml.LxmlLinkExtractor.__module__
"""

NOT_APPLICABLE = [
    "tests/test_linkextractors.py::TestLxmlLinkExtractor::test_canonicalize_once_per_link",
    "tests/test_linkextractors.py::TestLxmlParserLinkExtractor",
]


def test_scrapy_s_own_link_extractor_tests() -> None:
    if scrapy.__version__ != VERSION:  # pragma: no cover
        pytest.skip(f"the suite is Scrapy {VERSION}'s; Scrapy {scrapy.__version__} is installed")
    directory = unpack(sdist("scrapy", VERSION))
    args = [arg for test in NOT_APPLICABLE for arg in ("--deselect", test)]
    report = run_suite(directory, ["tests/test_linkextractors.py"], plugin=PLUGIN, args=args)
    text = report.text
    assert "link extractor under test: relurl.scrapy._linkextractor" in text, text[:2000]
    assert not report.outcomes("FAILED"), text[-6000:]
    assert not report.outcomes("ERROR"), text[-6000:]
    assert report.returncode == 0, text[-6000:]
    # Scrapy 2.19.0's file has 38 tests of TestLxmlLinkExtractor; 1 is not applicable.
    assert len(report.passed) == 37, text[-6000:]
    assert "4 deselected" in text, text[-3000:]
    names = " ".join(report.passed) + " "
    for test in ("test_process_value ", "test_restrict_xpaths ", "test_link_restrict_text ", "test_pickle_extractor "):
        assert "TestLxmlLinkExtractor::" + test in names, test
