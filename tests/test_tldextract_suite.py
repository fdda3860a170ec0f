"""tldextract 5.4.0's own tests of `extract` (its tests/main_test.py), run against
`relurl.tldextract`: the sdist is downloaded from PyPI (tests/peer_suites.py) and its
main_test.py run by pytest in a subprocess whose plugin makes every extraction relurl's
before the tests import anything: `TLDExtract.extract_str` (behind `tldextract.extract` and
every `TLDExtract(...)(url)`), `TLDExtract._extract_netloc` (behind `extract_urllib`) and
`ExtractResult` (the tests build their expected results with it).

The list is relurl's bundled one, where tldextract's tests expect the list tldextract reads
(offline: its own snapshot); their answers agree. The tests of what relurl does not do are
deselected, each with its reason (NOT_APPLICABLE).
"""

from __future__ import annotations

import pytest
from peer_suites import run_suite, sdist, unpack

tldextract = pytest.importorskip("tldextract")
for needed in ("pytest_mock", "responses", "sybil", "syrupy"):  # its test dependencies
    pytest.importorskip(needed)

VERSION = "5.4.0"

PLUGIN = """
import relurl
import tldextract
import tldextract.tldextract as module


def extract_str(self, url, include_psl_private_domains=None, session=None):
    if include_psl_private_domains is None:
        include_psl_private_domains = self.include_psl_private_domains
    return relurl.tldextract(url, include_psl_private_domains)


def extract_netloc(self, netloc, include_psl_private_domains, session=None):
    # `extract_urllib` hands over the host of a parsed URL (`_host_from_authority`), which
    # relurl's host step gives back as it is.
    if include_psl_private_domains is None:
        include_psl_private_domains = self.include_psl_private_domains
    return relurl.tldextract(netloc, include_psl_private_domains)


module.TLDExtract.extract_str = extract_str
module.TLDExtract._extract_netloc = extract_netloc
module.ExtractResult = relurl.ExtractResult
tldextract.ExtractResult = relurl.ExtractResult


def pytest_report_header(config):
    return "ExtractResult under test: " + module.ExtractResult.__module__
"""

#: Tests of tldextract's own machinery, which relurl does not have, with the reason.
NOT_APPLICABLE = {
    "test_cache_permission": "tldextract's disk cache (a warning when it cannot write it); relurl has no cache",
    "test_cache_timeouts": "tldextract's download of the list; relurl never uses the network",
    "test_default_fetch_timeout_environment_variable_reaches_request": "the download's timeout setting",
    "test_find_first_response_without_session": "tldextract's download of the list",
    "test_find_first_response_with_session": "tldextract's download of the list",
    "test_bad_kwargs_no_way_to_fetch": "TLDExtract's check that some source of the list is allowed",
    "test_tlds_property": "TLDExtract.tlds, the rules tldextract loaded",
    "test_lenient_netloc": "tldextract.remote.lenient_netloc, a helper relurl has inside relurl.tldextract only",
    "test_looks_like_ip": "tldextract.remote.looks_like_ip, a helper relurl has inside ExtractResult.ipv4 only",
    "test_looks_like_ipv6": "tldextract.remote.looks_like_ipv6, a helper relurl has inside ExtractResult.ipv6 only",
}


def test_tldextract_s_own_extract_tests() -> None:
    if tldextract.__version__ != VERSION:  # pragma: no cover
        pytest.skip(f"the suite is tldextract {VERSION}'s; tldextract {tldextract.__version__} is installed")
    directory = unpack(sdist("tldextract", VERSION))
    deselect = " and ".join(f"not {name}" for name in NOT_APPLICABLE)
    report = run_suite(directory, ["tests/main_test.py"], plugin=PLUGIN, args=["-k", deselect])
    assert report.returncode == 0, report.text[-6000:]
    assert "ExtractResult under test: relurl" in report.text, report.text[:2000]
    assert not report.outcomes("FAILED")
    # tldextract 5.4.0's main_test.py: 59 tests (16 parametrized cases of
    # test_extract_urllib_hostname among them), of which 12 (10 names, one with 3 cases) are
    # not applicable.
    assert len(report.passed) == 47, report.text[-6000:]
    assert "47 passed, 12 deselected" in report.text
    names = " ".join(report.passed) + " "
    for name in ("test_punycode", "test_idna_2008", "test_private_domains_depth", "test_global_extract"):
        assert f"main_test.py::{name} " in names
    assert "test_extract_urllib_hostname[" in names
    assert not any(name in names for name in NOT_APPLICABLE)
